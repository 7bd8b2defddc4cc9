"""Forget as a user meets it: the exact plan and --max, reasons that cannot carry the
content, resurrection at the gate, verify --all as thorough as forget, keyed tombstones."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from memaudit import fingerprint, forget, tombkey
from memaudit.errors import ExitCode
from memaudit.ledger import Ledger
from tests.conftest import ROOT, file_bytes
from tests.core.test_forget_exact import GIULIA, TURIN, abcs

SECRET = "ZEBRA-7731-QUOKKA"
SECRET_TEXT = "The staging vault passphrase hint is ZEBRA-7731-QUOKKA."


def memories(cli, path: Path) -> dict[str, dict]:
    out = cli("ls", "--json", "-n", "0", db=path)
    assert out.exit_code == 0, out.stderr
    # decay_score_now moves with the clock; everything stored is compared
    return {
        m["id"]: {k: v for k, v in m.items() if k != "decay_score_now"}
        for m in json.loads(out.stdout)
    }


# -- the exact plan ---------------------------------------------------------------------


def test_abcs_plan_counts_and_the_max_guard(cli, tmp_path):
    path = tmp_path / "abcs.db"
    abcs(path)
    before = memories(cli, path)
    dry = cli("forget", "a", "--dry-run", db=path)
    assert dry.exit_code == 0, dry.stderr
    assert "2 memories change: 1 requested, 0 derived only from them, 1 redacted" in dry.stdout
    assert "Profile: [redacted] I live in Turin." in dry.stdout
    assert "would stop" in dry.stderr and "--max 2" in dry.stderr
    plan = json.loads(cli("forget", "a", "--dry-run", "--json", db=path).stdout)
    assert plan["plan"]["counts"]["changed"] == 2 and plan["over_max"]
    assert [i["id"] for i in plan["plan"]["redact"]] == ["s"]
    bytes_before = file_bytes(path)
    refused = cli("forget", "a", "--yes", db=path)
    assert refused.exit_code == ExitCode.REFUSED
    assert "would change 2 memories" in refused.stderr and "--max 2" in refused.stderr
    assert file_bytes(path) == bytes_before
    done = cli("forget", "a", "--yes", "--max", "2", db=path)
    assert done.exit_code == 0, done.stderr
    after = memories(cli, path)
    assert "a" not in after
    assert after["s"]["status"] == "pending" and after["s"]["version"] == before["s"]["version"] + 1
    assert after["s"]["content"] == f"Profile: [redacted] {TURIN} {GIULIA}"
    for mid in "bc":
        assert after[mid] == before[mid]


def test_abcs_whole(cli, tmp_path):
    path = tmp_path / "abcs.db"
    abcs(path)
    before = memories(cli, path)
    done = cli("forget", "a", "--whole", "--max", "2", "--yes", "--json", db=path)
    assert done.exit_code == 0, done.stderr
    assert [i["id"] for i in json.loads(done.stdout)["plan"]["forget"]] == ["a", "s"]
    after = memories(cli, path)
    assert set(after) == {"b", "c"} and all(after[m] == before[m] for m in "bc")


# -- reasons that cannot carry the content ------------------------------------------------

LEAKY = [
    f"leaked {SECRET}",
    "leaked zebra 7731 quokka",
    "Leaked zEbRa.7731.QuOkKa",
    "leaked ZEBRA7731QUOKKA",
    "the Quokka thing",
    f"remove '{SECRET_TEXT}'",
]


@pytest.mark.parametrize("reason", LEAKY)
def test_forget_refuses_a_reason_that_repeats_the_secret(cli, sample, reason):
    path = sample("zebra")
    before = file_bytes(path)
    result = cli("forget", "zebra-secret", "--yes", "--reason", reason, db=path)
    assert result.exit_code == ExitCode.REFUSED, result.stdout
    assert "repeats what is being forgotten" in result.stderr
    for whole in (SECRET, "7731", "quokka", "QUOKKA", "zebra", "ZEBRA"):
        assert whole not in result.stderr  # masked: '*73*', '*uokk*'
    assert file_bytes(path) == before  # nothing written


@pytest.mark.parametrize(
    "reason", ["user request", "GDPR erasure request #ticket", "leaked credential"]
)
def test_forget_accepts_a_reason_about_the_request(cli, sample, reason):
    path = sample("zebra")
    result = cli("forget", "zebra-secret", "--yes", "--reason", reason, db=path)
    assert result.exit_code == 0, result.stderr
    with Ledger.open(path) as led:
        assert led.events(memory_id="zebra-secret", actions=["forget"])[0].reason == reason


@pytest.mark.parametrize("reason", ["mentions Quokka", "has the 7731 code", "zebra_7731"])
def test_reject_refuses_a_reason_that_repeats_the_content(cli, sample, reason):
    path = sample("zebra")
    staged = cli(
        "stage",
        "Backup code for the vault: QUOKKA 7731 ZEBRA.",
        "-t",
        "user_statement",
        "--json",
        db=path,
    )
    mid = json.loads(staged.stdout)[0]["id"]
    before = file_bytes(path)
    result = cli("reject", mid, "--reason", reason, db=path)
    assert result.exit_code == ExitCode.REFUSED, result.stdout
    assert "repeats what is being rejected" in result.stderr
    assert "7731" not in result.stderr and "uokka" not in result.stderr.lower()
    assert file_bytes(path) == before
    ok = cli("reject", mid, "--reason", "holds a credential", db=path)
    assert ok.exit_code == 0, ok.stderr


# -- resurrection at the gate -------------------------------------------------------------


def test_staging_forgotten_text_is_flagged_at_once(cli, sample):
    path = sample("zebra")
    assert (
        cli("forget", "zebra-secret", "--yes", "--reason", "user request", db=path).exit_code == 0
    )
    plain = cli(
        "stage", "The user likes green tea in the morning.", "-t", "user_statement", db=path
    )
    assert "RESURRECTED" not in plain.stdout
    text = cli("stage", SECRET_TEXT, "-t", "user_statement", db=path)
    assert text.exit_code == 0 and "RESURRECTED" in text.stdout and "zebra-secret" in text.stdout
    quoted = cli(
        "stage", f"Notes: {SECRET_TEXT} Ask ops.", "-t", "external_document", "--json", db=path
    )
    data = json.loads(quoted.stdout)[0]
    assert data["flags"] == ["resurrected"]
    assert data["resurrects"][0] == {
        "memory_id": "zebra-secret",
        "forgotten_at": data["resurrects"][0]["forgotten_at"],
        "match": "quoted sentence",
    }
    batch = "\n".join(
        json.dumps({"content": c, "source_type": "user_statement"})
        for c in ("Nothing to see here today, friend.", SECRET_TEXT.lower())
    )
    staged = cli("stage", "--json", input=batch, db=path)
    assert [s["flags"] for s in json.loads(staged.stdout)] == [[], ["resurrected"]]
    listed = json.loads(cli("review", "--list", "--json", db=path).stdout)["items"]
    flagged = [i["id"] for i in listed if "resurrected" in i["flags"]]
    assert len(flagged) == 3 and [i["id"] for i in listed[:3]] == flagged  # first
    only = json.loads(cli("review", "--list", "--flag", "RESURRECTED", "--json", db=path).stdout)
    assert [i["id"] for i in only["items"]] == flagged
    with Ledger.open(path) as led:
        assert len(led.events(actions=["resurrected"])) == 3


def test_policy_can_refuse_resurrected_candidates(cli, sample):
    path = sample("zebra")
    assert cli("forget", "zebra-secret", "--yes", db=path).exit_code == 0
    assert cli("policy", "set", "route.resurrected", "refuse", db=path).exit_code == 0
    before = file_bytes(path)
    refused = cli("stage", SECRET_TEXT, "-t", "user_statement", db=path)
    assert refused.exit_code == ExitCode.REFUSED and "route.resurrected=refuse" in refused.stderr
    assert file_bytes(path) == before
    bad = cli("policy", "set", "route.resurrected", "active", db=path)
    assert bad.exit_code != 0


def test_resurrected_text_never_goes_straight_to_active(cli, sample):
    path = sample("zebra")
    assert cli("forget", "zebra-secret", "--yes", db=path).exit_code == 0
    assert cli("policy", "set", "route.user_statement", "active", db=path).exit_code == 0
    staged = json.loads(cli("stage", SECRET_TEXT, "-t", "user_statement", "--json", db=path).stdout)
    assert staged[0]["status"] == "pending" and staged[0]["flags"] == ["resurrected"]


# -- verify --all as thorough as forget ---------------------------------------------------


def _memaudit(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    full = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "memaudit", *args],
        capture_output=True,
        text=True,
        env=full,
        cwd=ROOT,
    )


def test_killed_between_commit_and_checkpoint_is_residue_then_clean(cli, sample):
    path = sample("zebra")
    killed = _memaudit(
        "--db", str(path), "forget", "zebra-secret", "--yes", env={"MEMAUDIT_FAULT": "committed"}
    )
    assert killed.returncode == -9
    assert SECRET.encode() in path.read_bytes()  # the main file's superseded page
    first = cli("verify", "--all", "--json", db=path)
    assert first.exit_code == ExitCode.RESIDUE, first.stdout
    data = json.loads(first.stdout)
    layers = {r["layer"]: r for r in data["layers"]}
    assert layers["superseded pages"]["residue"], layers["superseded pages"]
    assert "superseded by the WAL" in layers["superseded pages"]["residue"][0]["where"]
    assert data["checkpoint"].startswith("done")
    again = cli("verify", "--all", db=path)
    assert again.exit_code == 0, again.stdout
    assert "CLEAN: no forgotten memory is back or left on disk" in again.stdout
    assert SECRET.encode() not in path.read_bytes()


def test_a_reader_that_blocks_the_checkpoint_does_not_hide_the_residue(cli, sample, tmp_path):
    path = sample("zebra")
    killed = _memaudit(
        "--db", str(path), "forget", "zebra-secret", "--yes", env={"MEMAUDIT_FAULT": "committed"}
    )
    assert killed.returncode == -9
    # Another process holds a read transaction on the old snapshot: no checkpoint can
    # fold the WAL back, so the old page stays where it is.
    reader = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys, time\n"
            f"c = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
            "c.execute('BEGIN'); c.execute('SELECT count(*) FROM memories').fetchone()\n"
            "print('ready', flush=True); sys.stdin.read()\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert reader.stdout is not None and reader.stdout.readline().strip() == "ready"
        result = cli("verify", "--all", "--json", db=path, env={"MEMAUDIT_BUSY_TIMEOUT": "0.3"})
        data = json.loads(result.stdout)
        assert result.exit_code == ExitCode.RESIDUE
        assert data["checkpoint"].startswith("not complete")
        layers = {r["layer"]: r for r in data["layers"]}
        assert layers["superseded pages"]["residue"]
    finally:
        reader.communicate("", timeout=10)
    # The reader's close (the last connection) folded the WAL back.
    assert cli("verify", "--all", db=path).exit_code == 0


def test_a_normal_forget_verifies_clean_and_a_bak_copy_is_reported(cli, sample):
    path = sample("zebra")
    backup = path.with_name(path.name + ".bak")
    backup.write_bytes(path.read_bytes())
    assert cli("forget", "zebra-secret", "--yes", db=path).exit_code == 0
    result = cli("verify", "--all", db=path)
    assert result.exit_code == 0, result.stdout
    assert (
        "copies outside the store still hold it" in result.stderr and str(backup) in result.stderr
    )
    data = json.loads(cli("verify", "--all", "--json", db=path).stdout)
    copies = next(r for r in data["layers"] if r["layer"] == "copies")
    assert copies["checked"] == f"known copies: {backup}"  # says which copies it scanned
    assert copies["residue"] and all(r["warning"] for r in copies["residue"])
    backup.unlink()
    none = json.loads(cli("verify", "--all", "--json", db=path).stdout)
    copies = next(r for r in none["layers"] if r["layer"] == "copies")
    assert "none found" in copies["checked"] and not copies["residue"]


# -- keyed tombstones ---------------------------------------------------------------------


def test_the_tombstone_key_lives_outside_the_ledger(cli, sample):
    path = sample("zebra")
    assert not tombkey.key_path().exists()
    assert cli("forget", "zebra-secret", "--yes", db=path).exit_code == 0
    key = tombkey.key_path()
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE(key.parent.stat().st_mode) == 0o700
    secret = bytes.fromhex(key.read_text().strip())
    assert secret.hex() not in path.read_bytes().decode("latin-1")
    with Ledger.open(path) as led:
        salt = led.conn.execute(
            "SELECT salt FROM tombstones WHERE memory_id = 'zebra-secret'"
        ).fetchone()[0]
    assert salt == f"k1:{tombkey.load().id}"  # type: ignore[union-attr]


def test_a_short_secret_cannot_be_brute_forced_from_the_ledger(ledger_path):
    """'The garage door code is NNNN': with only the ledger's bytes, every one of the
    10,000 candidates is tried against the tombstone, under every scheme the ledger
    names — none matches. The same search with the key finds it (the search is right)."""
    from memaudit import review
    from memaudit.model import SourceType

    with Ledger.open(ledger_path, readonly=False) as led:
        staged = review.stage(
            led,
            review.Candidate("The garage door code is 4821.", SourceType.USER_STATEMENT),
        )
        forget.apply(led, forget.plan(led, [staged.id]))
        salt, prints = led.conn.execute(
            "SELECT salt, fingerprints FROM tombstones WHERE memory_id = ?", (staged.id,)
        ).fetchone()
    full = set(json.loads(prints)["full"])

    def search(hasher) -> list[str]:
        return [
            code
            for code in (f"{n:04d}" for n in range(10_000))
            if hasher(fingerprint.normalize(f"The garage door code is {code}.")) in full
        ]

    from_ledger = [fingerprint.salt_hasher(salt.split(":", 1)[-1])]
    from_ledger.append(fingerprint.salt_hasher(salt.encode().hex()[:32]))
    from_ledger.append(lambda t: fingerprint.content_hash(t))
    for hasher in from_ledger:
        with contextlib.suppress(ValueError):  # the stored value is not even a usable salt
            assert search(hasher) == []
    key = tombkey.load()
    assert key is not None
    assert search(fingerprint.key_hasher(key.secret)) == ["4821"]


def test_a_lost_key_makes_verify_say_not_checked(cli, sample):
    path = sample("zebra")
    assert cli("forget", "zebra-secret", "--yes", db=path).exit_code == 0
    assert cli("verify", "--all", db=path).exit_code == 0
    tombkey.key_path().unlink()
    lost = cli("verify", "--all", db=path)
    assert lost.exit_code == ExitCode.UNVERIFIED  # not clean, and nothing found
    last = lost.stdout.strip().split("\n")[-1]
    assert last.startswith("UNVERIFIED: 2 of 2 tombstones could not be matched; nothing found")
    words = " ".join(lost.stdout.split())
    assert "not checked" in words and "restore the tombstone key that made them" in words
    data = json.loads(cli("verify", "--all", "--json", db=path).stdout)
    assert data["clean"] is False and data["verdict"] == "unverified"
    assert data["found"] == {} and list(data["not_checked"]) == ["tombstones"]
    assert all(
        not t["checked"] and "tombstone key" in t["why_not_checked"] for t in data["tombstones"]
    )


def test_old_salted_tombstones_stay_readable(cli, sample):
    """A ledger forgotten with the b2 scheme (salt beside the prints) still matches."""
    path = sample("zebra")
    assert cli("forget", "zebra-secret", "--yes", db=path).exit_code == 0
    salt = fingerprint.new_salt()
    with Ledger.open(path, readonly=False) as led, led.transaction():
        led.conn.execute(
            "UPDATE tombstones SET salt = ?, fingerprints = ? WHERE memory_id = 'zebra-secret'",
            (salt, json.dumps(fingerprint.fingerprints(salt, SECRET_TEXT))),
        )
    staged = json.loads(cli("stage", SECRET_TEXT, "-t", "user_statement", "--json", db=path).stdout)
    assert staged[0]["flags"] == ["resurrected"]
    result = cli("verify", "zebra-secret", db=path)
    assert result.exit_code == ExitCode.RESIDUE and "RESURRECTED" in result.stdout


def test_a_key_readable_by_others_is_refused(cli, sample):
    path = sample("zebra")
    assert cli("forget", "zebra-secret", "--yes", db=path).exit_code == 0
    tombkey.key_path().chmod(0o644)
    result = cli("verify", "--all", db=path)
    assert result.exit_code == ExitCode.ERROR and "chmod 600" in result.stderr
