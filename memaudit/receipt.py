"""Signed erasure receipts: what a forget or a verification showed, in a file a person
can attach to a deletion request and anyone can check later.

The fields follow what NIST SP 800-88's certificate of sanitization asks for, adapted
to a memory store: the tool and its version, when, who; the store (adapter, location
with any password masked, each file's size and SHA-256 before and after — or a
PostgreSQL server's system identifier and database); the request (ids, or a salted
fingerprint of the text — never the text); the plan's counts; every layer with its
verdict, what was looked at, and why a layer was not; the overall verdict. The schema
is in docs/receipt.md.

The body is signed with Ed25519 (``cryptography``). The signing key is a 32-byte
secret in ``$MEMAUDIT_HOME/receipt.key`` (0600, kept as the tombstone key is), made on
first use. The file is written in one canonical form, so ``receipt verify`` tells any
changed byte: a body that no longer matches its signature, or a file that is not
exactly as memaudit wrote it.

A receipt travels further than the store did: before it is written, every string in it
is scanned for the content it is about (its sentences, and its rare tokens: numbers,
codes, names), and a receipt that would hold any of them is refused.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memaudit import fileprints, fingerprint, tombkey
from memaudit.errors import ExitCode, InvalidInput, MemauditError, Refused

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import (
        Ed25519PrivateKey,
        Ed25519PublicKey,
    )

    from memaudit.store import Store
    from memaudit.verification import Verification

SCHEMA = 1
KIND = "memaudit erasure receipt"
KEY_FILE = "receipt.key"
# Fields whose values are hashes, keys or signatures: hex and base64 are never content,
# and scanning them for short numbers would refuse every receipt.
_OPAQUE = frozenset({"sha256", "salt", "public_key", "value", "key_id", "system_identifier"})
# Rare tokens shorter than this are not looked for in the receipt: a two-digit number of
# the content would match half the paths and counts a receipt holds.
MIN_TOKEN = 4
SQUASH_MIN = 6


# -- the key ---------------------------------------------------------------------------


def key_path() -> Path:
    return tombkey.memaudit_home() / KEY_FILE


def signing_key(*, create: bool = False) -> Ed25519PrivateKey | None:
    """This machine's receipt key, made on first use when ``create``."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    secret = tombkey.load_secret(key_path(), "receipt key", create=create)
    return None if secret is None else Ed25519PrivateKey.from_private_bytes(secret)


def public_text(key: Ed25519PublicKey) -> str:
    """A public key as one printable word: ``ed25519:<base64 of the 32 raw bytes>``."""
    return "ed25519:" + base64.b64encode(_raw(key)).decode("ascii")


def key_id(key: Ed25519PublicKey) -> str:
    """A short name for a public key (the first 16 hex of its SHA-256)."""
    return hashlib.sha256(_raw(key)).hexdigest()[:16]


def parse_public_key(text: str) -> Ed25519PublicKey:
    """``ed25519:BASE64``, bare base64 or 64 hex digits — or a file holding one."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    word = text.strip()
    if not word.startswith("ed25519:") and Path(word).is_file():
        try:
            word = Path(word).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidInput(f"cannot read the public key file {text}: {exc}") from None
    word = word.removeprefix("ed25519:")
    raw = b""
    with contextlib.suppress(ValueError, binascii.Error):
        raw = bytes.fromhex(word) if len(word) == 64 else base64.b64decode(word, validate=True)
    if len(raw) != 32:
        raise InvalidInput(
            "not an Ed25519 public key: give it as `memaudit receipt key` prints it "
            "(ed25519:BASE64), or a file holding that"
        )
    return Ed25519PublicKey.from_public_bytes(raw)


def _raw(key: Ed25519PublicKey) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


# -- what goes in ------------------------------------------------------------------------


def text_fingerprint(text: str, salt: str | None = None) -> dict[str, str]:
    """The text as a receipt may name it: SHA-256 of a random salt and the normalised
    text. Whoever holds the text can check the receipt is about it; the receipt alone
    does not give it away (a short guessable text can still be guessed: see
    docs/receipt.md)."""
    salt = salt or secrets.token_hex(16)
    digest = hashlib.sha256(bytes.fromhex(salt) + fingerprint.normalize(text).encode()).hexdigest()
    return {"algorithm": "sha256(salt || normalized text)", "salt": salt, "sha256": digest}


def store_identity(store: Store) -> dict[str, Any]:
    """What names the store: a server's identity, else its files' sizes and hashes."""
    server = store.server_identity()
    if server is not None:
        return {"server": server}
    prints = fileprints.store_files(store.location)
    return {"files": prints["files"], "files_skipped": prints["skipped"]}


@dataclass(slots=True)
class Request:
    """What the receipt is about: the command and what it was asked (never the text)."""

    command: str  # "forget", "verify"
    ids: list[str] = field(default_factory=list)
    text: str | None = None  # fingerprinted, never written
    all_forgotten: bool = False
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"command": self.command, "ids": self.ids}
        if self.all_forgotten:
            out["all_forgotten"] = True
        if self.text is not None:
            out["text"] = text_fingerprint(self.text)
        if self.reason:
            out["reason"] = self.reason
        return out


def build(
    *,
    request: Request,
    verification: Verification,
    adapter: str,
    location: str,
    before: dict[str, Any],
    after: dict[str, Any],
    actor: str,
    at: str,
    plan_counts: dict[str, int] | None = None,
) -> dict[str, Any]:
    """The receipt's body (unsigned)."""
    from memaudit import __version__

    if "://" not in location:  # a path: absolute, so the receipt can be checked from anywhere
        location = str(Path(location).absolute())
    store: dict[str, Any] = {"adapter": adapter, "location": location}
    if "server" in after:
        store["server"] = after["server"]
        if before.get("server") != after["server"]:
            store["server_before"] = before.get("server")
    else:
        after_files = {f["path"]: f for f in after["files"]}
        before_files = {f["path"]: f for f in before["files"]}
        store["files"] = [
            {
                "path": p,
                "before": _print(before_files.get(p)),
                "after": _print(after_files.get(p)),
            }
            for p in sorted(before_files.keys() | after_files.keys())
        ]
        skipped = sorted(set(before.get("files_skipped", [])) | set(after["files_skipped"]))
        if skipped:
            store["files_not_hashed"] = skipped
    body: dict[str, Any] = {
        "kind": KIND,
        "schema": SCHEMA,
        "tool": {"name": "memaudit", "version": __version__},
        "issued_at": at,
        "actor": actor,
        "store": store,
        "request": request.to_dict(),
    }
    if plan_counts is not None:
        body["plan"] = plan_counts
    body["verification"] = verification.receipt_dict()
    return body


def _print(f: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if f is None else {"size": f["size"], "sha256": f["sha256"]}


# -- the content never goes in ----------------------------------------------------------


def leaks(body: dict[str, Any], texts: list[str]) -> list[str]:
    """What of ``texts`` the receipt would hold (masked): a whole sentence of
    substance, or a rare token (a number, a code, a name) of at least ``MIN_TOKEN``
    characters, in any string of it but hashes and keys."""
    from memaudit import reasons
    from memaudit.rawscan import fts_tokens

    strings = list(_strings(body))
    found: list[str] = []
    normalized = [fingerprint.normalize(s) for s in strings]
    for text in texts:
        whole = fingerprint.normalize(text)
        pieces = [whole, *fingerprint.pieces(text)] if whole else []
        for piece in pieces:
            if any(fingerprint.contains(s, piece) for s in normalized):
                found.append(f"a whole sentence ({reasons.mask(piece.split()[0])} …)")
                break
    rare = {t for t in reasons.rare_tokens(texts) if len(t) >= MIN_TOKEN}
    tokens = {t for s in strings for t in fts_tokens(s)}
    squashed = ["".join(fts_tokens(s)) for s in strings]
    for token in sorted(rare):
        # Squashed forms ("zebra7731quokka") only for longer tokens: a short number turns
        # up by chance inside the hex of an id.
        if token in tokens or (len(token) >= SQUASH_MIN and any(token in s for s in squashed)):
            found.append(reasons.mask(token))
    return list(dict.fromkeys(found))


def refuse_leaks(body: dict[str, Any], texts: list[str]) -> None:
    """Refuse (exit 8, nothing written) a receipt that would carry the content."""
    problem = leaks(body, texts)
    if problem:
        raise Refused(
            f"the receipt would hold what it is about ({', '.join(problem)}); no receipt "
            "written — a receipt names the text only by a salted fingerprint (if a reason "
            "or a file name of the store quotes it, give a reason that does not)"
        )


def _strings(value: Any, key: str = "") -> Any:
    if key in _OPAQUE:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _strings(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, key)


# -- signing, writing, checking ---------------------------------------------------------


def _canonical(body: dict[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def seal(body: dict[str, Any], key: Ed25519PrivateKey) -> dict[str, Any]:
    """The body with its Ed25519 signature (over its canonical JSON)."""
    public = key.public_key()
    return {
        "receipt": body,
        "signature": {
            "algorithm": "ed25519",
            "signed": "the canonical JSON of 'receipt' (sorted keys, no spaces, ASCII)",
            "public_key": public_text(public),
            "key_id": key_id(public),
            "value": base64.b64encode(key.sign(_canonical(body))).decode("ascii"),
        },
    }


def render(signed: dict[str, Any]) -> bytes:
    """The one form a receipt file has (so any changed byte shows)."""
    return (json.dumps(signed, indent=2, sort_keys=True, ensure_ascii=True) + "\n").encode()


def write(path: Path, signed: dict[str, Any]) -> None:
    """Write a new receipt file; an existing file (or a symlink) is never overwritten."""
    data = render(signed)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    except FileExistsError:
        raise InvalidInput(
            f"{path} exists: a receipt is never overwritten — choose another name"
        ) from None
    except OSError as exc:
        raise InvalidInput(f"cannot write the receipt {path}: {exc.strerror}") from None
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


MAX_RECEIPT = 16 * 1024 * 1024


@dataclass(slots=True)
class ReceiptCheck:
    """What ``receipt verify`` found."""

    body: dict[str, Any]
    signature_ok: bool
    problem: str  # why the signature or the file does not verify ("" when it does)
    signer: str  # the key id in the receipt
    signer_known: str  # "the key you gave", "this machine's receipt key", or ""
    store: str  # "unchanged", "changed", "not reachable", "not compared"
    store_detail: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> ExitCode:
        if not self.signature_ok:
            return ExitCode.INVALID_RECEIPT
        if self.store == "changed":
            return ExitCode.CONFLICT
        if self.store != "unchanged":
            return ExitCode.UNVERIFIED
        return ExitCode.OK

    def to_dict(self) -> dict[str, Any]:
        return {
            "signature_ok": self.signature_ok,
            "problem": self.problem or None,
            "signer": self.signer,
            "signer_known": self.signer_known or None,
            "store": self.store,
            "store_detail": self.store_detail,
            "verdict": (self.body.get("verification") or {}).get("verdict"),
            "issued_at": self.body.get("issued_at"),
        }


def read(path: Path) -> bytes:
    """A receipt file's bytes: a regular file (never a FIFO or device), at most
    ``MAX_RECEIPT`` (``confined.read_bytes``)."""
    from memaudit.confined import read_bytes

    try:
        return read_bytes(path, root=None, limit=MAX_RECEIPT)
    except OSError as exc:
        raise InvalidInput(f"cannot read {path}: {exc.strerror or exc}") from None


def check(
    data: bytes, *, public_key: str | None = None, location: str | None = None
) -> ReceiptCheck:
    """Check a receipt's signature and form, then (when the store can be reached) its
    files against the hashes it recorded after the command."""
    from cryptography.exceptions import InvalidSignature

    try:
        signed = json.loads(data.decode("utf-8"))
        body, sig = signed["receipt"], signed["signature"]
        if not isinstance(body, dict) or body.get("kind") != KIND:
            raise KeyError("kind")
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        return ReceiptCheck(
            {}, False, "not a memaudit receipt, or damaged beyond reading", "", "", "not compared"
        )
    if body.get("schema") != SCHEMA:
        raise MemauditError(
            f"receipt schema {body.get('schema')!r} is not one this memaudit reads ({SCHEMA})"
        )
    problem = ""
    signer = ""
    known = ""
    try:
        embedded = parse_public_key(str(sig.get("public_key", "")))
        signer = key_id(embedded)
        key = parse_public_key(public_key) if public_key else embedded
        if public_key and _raw(key) != _raw(embedded):
            problem = "signed with another key than the one you gave"
        else:
            key.verify(base64.b64decode(str(sig.get("value", "")), validate=True), _canonical(body))
            if public_key:
                known = "the key you gave"
            else:
                mine = signing_key()
                if mine is not None and _raw(mine.public_key()) == _raw(embedded):
                    known = "this machine's receipt key"
    except InvalidInput:
        problem = "the signature's public key is damaged"
    except (InvalidSignature, ValueError, binascii.Error):
        problem = "the signature does not match the receipt: it was changed after signing"
    if not problem and render(signed) != data:
        problem = "the file is not as memaudit wrote it (bytes changed outside the signed body)"
    result = ReceiptCheck(body, not problem, problem, signer, known, "not compared")
    if problem:
        return result
    _compare_store(result, body.get("store") or {}, location)
    return result


def _compare_store(result: ReceiptCheck, store: dict[str, Any], location: str | None) -> None:
    where = location or str(store.get("location") or "")
    if "server" in store:
        result.store = "not compared"
        result.store_detail = [
            "a server store: its files are not hashed; the receipt names server "
            f"{store['server'].get('system_identifier')} database {store['server'].get('database')}"
        ]
        return
    if not where or "://" in where or not Path(where).exists():
        result.store = "not reachable"
        result.store_detail = [f"{where or 'the store'} is not here to compare"]
        return
    now = fileprints.store_files(where)["files"]
    then = [{"path": f["path"], **f["after"]} for f in store.get("files") or [] if f.get("after")]
    diff = fileprints.changes(then, now)
    result.store = "changed" if diff else "unchanged"
    result.store_detail = diff


# -- asking for one, then issuing it ------------------------------------------------------


@dataclass(slots=True)
class Pending:
    """A receipt asked for: checked before anything is done (the file is free, the key
    is there, the request holds nothing of the content), issued after."""

    path: Path
    request: Request
    texts: list[str]  # the content it is about: the receipt must hold none of it
    key: Ed25519PrivateKey
    before: dict[str, Any] = field(default_factory=dict)

    def snapshot(self, store: Store) -> None:
        """The store as it is before the command (files hashed, or server identity)."""
        self.before = store_identity(store)

    def issue(
        self,
        store: Store,
        verification: Verification,
        *,
        actor: str,
        plan_counts: dict[str, int] | None = None,
    ) -> None:
        """Build the receipt from the verification, refuse it if it would carry the
        content, sign it and write it."""
        from datetime import UTC, datetime

        body = build(
            request=self.request,
            verification=verification,
            adapter=store.adapter_name,
            location=store.location,
            before=self.before,
            after=store_identity(store),
            actor=actor,
            at=datetime.now(UTC).isoformat(timespec="seconds"),
            plan_counts=plan_counts,
        )
        refuse_leaks(body, self.texts)
        write(self.path, seal(body, self.key))


def prepare(path: Path, request: Request, texts: list[str]) -> Pending:
    """Check a receipt can be written before the command runs: the file does not exist,
    the signing key is there (made now on first use), and neither the reason nor the
    ids repeat the content (``reasons``: a reason that does is refused, exit 8)."""
    from memaudit import reasons

    if path.exists() or path.is_symlink():
        raise InvalidInput(f"{path} exists: a receipt is never overwritten — choose another name")
    if not path.parent.is_dir():
        raise InvalidInput(f"cannot write the receipt {path}: no such folder {path.parent}")
    if request.reason:
        reasons.check(request.reason, texts, what="looked for" if request.text else "forgotten")
    refuse_leaks({"request": request.to_dict()}, texts)
    key = signing_key(create=True)
    assert key is not None
    return Pending(path, request, texts, key)
