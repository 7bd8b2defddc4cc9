"""The tombstone key: the secret that tombstone fingerprints are keyed with.

A tombstone must recognise forgotten text later without keeping it. With a salt stored
beside the hash, anyone holding the ledger can hash every candidate of a short secret
("The garage door code is 0000" … "9999") and find the one that matches in
milliseconds. So prints are keyed with a secret that is *not* in the ledger: a random
32-byte key in ``$MEMAUDIT_HOME/tombstone.key`` (mode 0600, in a 0700 folder), made
the first time a tombstone is written.

Each keyed tombstone records the key's id (a hash of the key, not the key), so
``verify`` can tell "no match" from "made with a key this machine does not have". Lose
the key and old tombstones can no longer be matched: ``verify`` says so, never
"clean". Copy the key along with the ledger to keep checking it elsewhere.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from memaudit.errors import MemauditError

KEY_FILE = "tombstone.key"
KEY_BYTES = 32


def memaudit_home() -> Path:
    """``$MEMAUDIT_HOME``, else ``$XDG_DATA_HOME/memaudit`` (``~/.local/share/memaudit``)."""
    env = os.environ.get("MEMAUDIT_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "memaudit"


@dataclass(frozen=True, slots=True)
class TombKey:
    secret: bytes
    id: str  # names the key in tombstones; reveals nothing of it

    @classmethod
    def from_secret(cls, secret: bytes) -> TombKey:
        kid = hashlib.blake2b(secret, digest_size=8, person=b"memaudit-keyid").hexdigest()
        return cls(secret, kid)


def key_path() -> Path:
    return memaudit_home() / KEY_FILE


def load(*, create: bool = False) -> TombKey | None:
    """The key, or None when there is none (and ``create`` is off: read-only commands
    never make one)."""
    secret = load_secret(key_path(), "tombstone key", create=create)
    return None if secret is None else TombKey.from_secret(secret)


def load_secret(path: Path, what: str, *, create: bool = False) -> bytes | None:
    """A 32-byte secret kept in a file of its own under ``$MEMAUDIT_HOME`` (the tombstone
    key, the receipt signing key): None when there is none and ``create`` is off. A file
    that others can read, or that is not a plain file, is refused: the secret is the
    only thing between the ledger and a brute force (or a forged receipt)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        return _create(path, what) if create else None
    except OSError as exc:
        raise MemauditError(f"cannot read the {what} {path}: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise MemauditError(f"the {what} {path} is not a regular file")
        if info.st_mode & 0o077:
            raise MemauditError(
                f"the {what} {path} can be read by others (mode "
                f"{stat.S_IMODE(info.st_mode):o}); run: chmod 600 {path}"
            )
        raw = os.read(fd, 4 * KEY_BYTES)
    finally:
        os.close(fd)
    try:
        secret = bytes.fromhex(raw.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        secret = b""
    if len(secret) != KEY_BYTES:
        raise MemauditError(f"the {what} {path} is damaged (expected {KEY_BYTES} bytes)")
    return secret


def _create(path: Path, what: str) -> bytes:
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        secret = secrets.token_bytes(KEY_BYTES)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        made = load_secret(path, what)  # another process made it first: use theirs
        assert made is not None
        return made
    except OSError as exc:
        raise MemauditError(
            f"cannot create the {what} {path}: {exc.strerror} "
            "(set MEMAUDIT_HOME to a folder you can write)"
        ) from None
    try:
        os.write(fd, secret.hex().encode("ascii") + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)
    return secret
