"""Issue 16: signed erasure receipts — written by `forget --receipt` and `verify
--receipt`, checked by `receipt verify`, never holding the content they are about."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from memaudit import receipt
from memaudit.errors import ExitCode
from tests.conftest import receipt_words

SECRET = "ZEBRA-7731-QUOKKA"
SECRET_TEXT = "The vault code is ZEBRA-7731-QUOKKA."


@pytest.fixture
def ledger_with_secret(cli, tmp_path) -> tuple[Path, str]:
    """A ledger holding the secret in an approved memory (a generated id), plus one
    other memory."""
    path = tmp_path / "ledger.db"
    assert cli("init", path).exit_code == 0
    staged = cli("stage", SECRET_TEXT, "-t", "user_statement", "--promote", "--json", db=path)
    assert staged.exit_code == 0, staged.stderr
    cli("stage", "The user prefers tea to coffee.", "-t", "user_statement", "--promote", db=path)
    rows = json.loads(cli("ls", "--json", db=path).stdout)
    [mid] = [r["id"] for r in rows if SECRET in r["content"]]
    return path, mid


def _forget(cli, store: tuple[Path, str], out: Path, *extra: str):
    path, mid = store
    return cli(
        "forget", mid, "--yes", "--reason", "user request", "--receipt", out, *extra, db=path
    )


def _assert_no_secret(raw: bytes) -> None:
    text = raw.decode()
    for piece in (SECRET, "QUOKKA", "quokka", "zebra 7731"):  # no digest holds these
        assert piece not in text, piece
    assert "7731" not in receipt_words(raw)  # digits: outside the digests and signature


def test_forget_receipt_round_trip(cli, ledger_with_secret, tmp_path):
    path, mid = ledger_with_secret
    out = tmp_path / "erasure.json"
    result = _forget(cli, ledger_with_secret, out)
    assert result.exit_code == 0, result.stderr
    assert "receipt written" in result.stderr
    raw = out.read_bytes()
    _assert_no_secret(raw)
    body = json.loads(raw)["receipt"]
    assert body["kind"] == receipt.KIND and body["schema"] == receipt.SCHEMA
    assert body["tool"]["name"] == "memaudit" and body["actor"] == "tester"
    assert body["request"] == {
        "command": "forget",
        "ids": [mid],
        "reason": "user request",
    }
    assert body["plan"]["requested"] == 1
    assert body["verification"]["verdict"] == "clean"
    assert body["verification"]["found"] == {} and body["verification"]["not_checked"] == {}
    assert {la["verdict"] for la in body["verification"]["layers"]} == {"clean"}
    [ledger] = [f for f in body["store"]["files"] if f["path"] == path.name]
    assert ledger["before"]["sha256"] != ledger["after"]["sha256"]  # the forget changed it
    assert body["store"]["adapter"] == "native"

    checked = cli("receipt", "verify", out)
    assert checked.exit_code == 0, checked.stdout
    assert "signature: good" in checked.stdout and "this machine's receipt key" in checked.stdout
    assert "store now: unchanged" in checked.stdout
    # with the public key `receipt key` prints
    key = cli("receipt", "key").stdout.strip()
    assert key.startswith("ed25519:")
    data = json.loads(cli("receipt", "verify", out, "--public-key", key, "--json").stdout)
    assert data["signature_ok"] is True and data["signer_known"] == "the key you gave"
    assert data["store"] == "unchanged" and data["verdict"] == "clean"


def test_the_key_is_private_and_made_once(cli, tmp_path):
    first = json.loads(cli("receipt", "key", "--json").stdout)
    again = json.loads(cli("receipt", "key", "--json").stdout)
    assert first == again
    mode = stat.S_IMODE(os.stat(first["path"]).st_mode)
    assert mode == 0o600
    os.chmod(first["path"], 0o644)
    refused = cli("receipt", "key")
    assert refused.exit_code == 1 and "can be read by others" in refused.stderr


def test_a_flipped_byte_anywhere_is_reported(cli, ledger_with_secret, tmp_path):
    path, _ = ledger_with_secret
    out = tmp_path / "erasure.json"
    assert _forget(cli, ledger_with_secret, out).exit_code == 0
    raw = out.read_bytes()
    # a byte inside a signed value, one in the signature, one in the layout
    targets = {
        "a signed value": raw.index(b'"clean"') + 2,
        "the signature": raw.index(b'"value": "') + 12,
        "whitespace": raw.index(b"\n  ") + 1,
    }
    for what, at in targets.items():
        flipped = bytearray(raw)
        # a space of the layout becomes a tab: still valid JSON, the same signed body
        flipped[at] = 0x09 if what == "whitespace" else flipped[at] ^ 0x01
        bad = tmp_path / f"flipped-{what.replace(' ', '-')}.json"
        bad.write_bytes(bytes(flipped))
        result = cli("receipt", "verify", bad)
        assert result.exit_code == ExitCode.INVALID_RECEIPT, (what, result.stdout)
        assert "INVALID" in result.stdout, what
    # another key than the one given
    other = receipt.public_text(Ed25519PrivateKey.generate().public_key())
    result = cli("receipt", "verify", out, "--public-key", other)
    assert result.exit_code == ExitCode.INVALID_RECEIPT
    assert "another key" in result.stdout


def test_a_store_changed_since_is_reported(cli, ledger_with_secret, tmp_path):
    path, _ = ledger_with_secret
    out = tmp_path / "erasure.json"
    assert _forget(cli, ledger_with_secret, out).exit_code == 0
    # anything written afterwards: a new memory staged
    assert (
        cli("stage", "A later fact about oolong.", "-t", "user_statement", db=path).exit_code == 0
    )
    result = cli("receipt", "verify", out)
    assert result.exit_code == ExitCode.CONFLICT, result.stdout
    assert "store now: changed" in result.stdout and f"changed: {path.name}" in result.stdout
    # a receipt whose store is not here: the signature is checked, the store is not
    path.unlink()
    gone = json.loads(cli("receipt", "verify", out, "--json").stdout)
    assert gone["signature_ok"] is True and gone["store"] in ("changed", "not reachable")
    Path(str(path) + "-wal").unlink(missing_ok=True)
    moved = tmp_path / "elsewhere"
    result = cli("receipt", "verify", out, "--db", moved)
    assert result.exit_code == ExitCode.UNVERIFIED and "not reachable" in result.stdout


def test_a_reason_that_would_put_the_content_in_the_receipt_is_refused(
    cli, ledger_with_secret, tmp_path
):
    path, mid = ledger_with_secret
    before = path.read_bytes()
    out = tmp_path / "erasure.json"
    result = cli("forget", mid, "--yes", "--reason", "leaked zebra 7731", "--receipt", out, db=path)
    assert result.exit_code == ExitCode.REFUSED
    assert not out.exists() and path.read_bytes() == before
    # verify --content: the reason goes only into the receipt, and is checked the same way
    looked = cli(
        "verify", "--content", SECRET_TEXT, "--receipt", out, "--reason", "code 7731 leaked",
        db=path,
    )  # fmt: skip
    assert looked.exit_code == ExitCode.REFUSED and not out.exists()
    assert "7731" not in looked.stderr  # the refusal masks what it refuses


def test_an_id_that_quotes_the_content_is_refused_before_the_forget(cli, sample, tmp_path):
    """The receipt names the ids: an id that spells part of the secret (the sample's
    `zebra-secret` holds ZEBRA-7731-QUOKKA) would carry it — refused before anything is
    forgotten."""
    path = sample("zebra")
    before = path.read_bytes()
    out = tmp_path / "r.json"
    result = cli(
        "forget", "zebra-secret", "--yes", "--reason", "user request", "--receipt", out, db=path
    )
    assert result.exit_code == ExitCode.REFUSED and not out.exists()
    assert "the receipt would hold what it is about (*ebr*)" in result.stderr
    assert path.read_bytes() == before
    looked = cli("verify", "zebra-7731", "--content", SECRET_TEXT, "--receipt", out, db=path)
    assert looked.exit_code == ExitCode.REFUSED and not out.exists()


def test_receipt_never_overwrites_and_needs_a_forget(cli, ledger_with_secret, tmp_path):
    path, mid = ledger_with_secret
    out = tmp_path / "taken.json"
    out.write_text("mine")
    result = _forget(cli, ledger_with_secret, out)
    assert result.exit_code == 1 and "never overwritten" in result.stderr
    assert out.read_text() == "mine"
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "target.json")
    assert _forget(cli, ledger_with_secret, link).exit_code == 1
    assert not (tmp_path / "target.json").exists()
    dry = cli("forget", mid, "--dry-run", "--receipt", tmp_path / "d.json", db=path)
    assert dry.exit_code == ExitCode.USAGE
    alone = cli("verify", "--content", "x", "--reason", "why", db=path)
    assert alone.exit_code == ExitCode.USAGE


def test_verify_all_and_unverified_receipts(cli, ledger_with_secret, tmp_path):
    """A receipt says what was not checked: a lost tombstone key is in it as such."""
    path, mid = ledger_with_secret
    assert cli("forget", mid, "--yes", db=path).exit_code == 0
    (Path(os.environ["MEMAUDIT_HOME"]) / "tombstone.key").unlink()
    out = tmp_path / "all.json"
    result = cli("verify", "--all", "--receipt", out, db=path)
    assert result.exit_code == ExitCode.UNVERIFIED
    body = json.loads(out.read_bytes())["receipt"]
    assert body["request"]["all_forgotten"] is True
    assert body["verification"]["verdict"] == "unverified"
    assert "tombstone key" in body["verification"]["not_checked"]["tombstones"]


@pytest.mark.parametrize("schema", [2, "1"])
def test_an_unknown_schema_is_one_line(cli, tmp_path, schema):
    bad = tmp_path / "r.json"
    bad.write_text(
        json.dumps({"receipt": {"kind": receipt.KIND, "schema": schema}, "signature": {}})
    )
    result = cli("receipt", "verify", bad)
    assert result.exit_code == 1 and "schema" in result.stderr and "Traceback" not in result.stderr


def test_not_a_receipt(cli, tmp_path):
    bad = tmp_path / "r.json"
    bad.write_bytes(b"\xff\x00 not json")
    result = cli("receipt", "verify", bad)
    assert (
        result.exit_code == ExitCode.INVALID_RECEIPT and "not a memaudit receipt" in result.stdout
    )
    missing = cli("receipt", "verify", tmp_path / "nope.json")
    assert missing.exit_code == 1


def test_a_fifo_is_never_read_as_a_receipt(cli, tmp_path):
    fifo = tmp_path / "r.json"
    os.mkfifo(fifo)
    result = cli("receipt", "verify", fifo)  # would hang if opened for a blocking read
    assert result.exit_code == ExitCode.REFUSED and "FIFO" in result.stderr


def test_forget_json_carries_the_verdict_fields(cli, ledger_with_secret):
    path, mid = ledger_with_secret
    result = cli("forget", mid, "--yes", "--json", db=path)
    data = json.loads(result.stdout)
    assert result.exit_code == 0
    assert (data["verdict"], data["found"], data["not_checked"], data["orphans"]) == (
        "clean",
        {},
        {},
        [],
    )
    assert data["summary"].startswith("nothing found in") and data["plan"]["requested"] == [mid]
    assert {la["verdict"] for la in data["layers"]} == {"clean"}
