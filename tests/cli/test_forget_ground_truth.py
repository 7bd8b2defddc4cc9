"""Forget and verify judge by the rows themselves: a copy with a forged content hash,
missing from the FTS index (or differing in case or Unicode form), a quoting summary
the index does not list, a backdated row bringing forgotten text back — each is found.
Controls: a memory sharing words is neither reported nor touched; a source that a
forgotten summary quoted, and that stays, is not reported by ``verify --all``."""

from __future__ import annotations

import json
from pathlib import Path

from memaudit.errors import ExitCode
from memaudit.sqlite_driver import sqlite3

SECRET = "My passport number is X1234567 and I live at 12 Rue Oberkampf"
# Shares "my passport", "i live at", "number is": no sentence of the secret.
NEIGHBOUR = "My passport photo is old and I live at the north end of the street"
UNRELATED = "Weather in Paris is mild in May"
UPPER = SECRET.upper()
# Full-width letters: NFKC makes them the secret's (the plan's notion of a copy).
FULL_WIDTH = SECRET.replace("Oberkampf", "\uff2f\uff42\uff45\uff52\uff4b\uff41\uff4d\uff50\uff46")


def _ledger(cli, path: Path, *at: str) -> dict[str, str]:
    """A ledger with the secret (approved), a neighbour sharing its words and an
    unrelated memory: {name: id}. ``at``: ("--now", TIME) to write them then."""
    assert cli("init", str(path)).exit_code == 0
    ids = {}
    for name, text in (("secret", SECRET), ("neighbour", NEIGHBOUR), ("unrelated", UNRELATED)):
        out = cli(
            *at, "stage", text, "--source-type", "user_statement", "--source-ref", "s:1", db=path
        )
        assert out.exit_code == 0, out.stderr
        ids[name] = out.stdout.split()[0]
    assert cli(*at, "approve", ids["secret"], db=path).exit_code == 0
    return ids


def _plant(path: Path, mid: str, content: str, *, summary: str | None = None) -> None:
    """A row written behind the ledger's back, after the secret (an earlier holder of a
    sentence is its original, see ``forget.plan``): a forged hash, and the FTS index
    told to drop it (as a writer bypassing the triggers leaves it)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(
            "INSERT INTO memories(id, content, summary, tags, source_type, status, "
            "created_at, updated_at, content_hash) VALUES (?, ?, ?, '[]', 'summary', "
            "'active', '2099-01-01T00:00:00Z', '2099-01-01T00:00:00Z', 'b2:forged')",
            (mid, content, summary),
        )
        conn.execute(
            "INSERT INTO memories_fts(memories_fts, rowid, content, summary, tags) "
            "SELECT 'delete', seq, content, summary, tags FROM memories WHERE id = ?",
            (mid,),
        )
    finally:
        conn.close()


def _rows(path: Path) -> dict[str, tuple]:
    conn = sqlite3.connect(path)
    try:
        return {
            r[0]: tuple(r[1:])
            for r in conn.execute("SELECT id, content, summary, status, version FROM memories")
        }
    finally:
        conn.close()


def _plan(cli, path: Path, mid: str) -> dict:
    out = cli("forget", mid, "--dry-run", "--json", db=path)
    assert out.exit_code == 0, out.stderr
    return json.loads(out.stdout)["plan"]


def test_a_bare_copy_with_a_forged_hash_out_of_the_index_is_forgotten(cli, tmp_path):
    path = tmp_path / "l.db"
    ids = _ledger(cli, path)
    _plant(path, "m_evil", SECRET)
    before = _rows(path)
    plan = _plan(cli, path, ids["secret"])
    assert [i["id"] for i in plan["forget"]] == [ids["secret"], "m_evil"]
    assert plan["redact"] == [] and plan["counts"]["changed"] == 2
    done = cli("forget", ids["secret"], "--yes", "--max", "2", "--json", db=path)
    assert done.exit_code == 0, done.stdout
    result = json.loads(done.stdout)
    assert result["verdict"] == "clean"
    after = _rows(path)
    assert set(after) == {ids["neighbour"], ids["unrelated"]}
    # The control: sharing words is not holding a sentence — untouched.
    assert after[ids["neighbour"]] == before[ids["neighbour"]]
    assert after[ids["unrelated"]] == before[ids["unrelated"]]
    again = cli("verify", "--all", db=path)
    assert again.exit_code == 0, again.stdout
    assert "every memory (2 rows" in again.stdout


def test_the_leads_report_a_copy_dated_as_the_original(cli, tmp_path):
    """The report on main 91d3c50, as written: the copy takes the original's dates.
    Deleting it makes the FTS5 index (secure-delete) report corruption, as its terms
    are not where the row says: the index is rebuilt from the rows, then the forget
    goes through."""
    path = tmp_path / "r.db"
    assert cli("init", str(path)).exit_code == 0
    out = cli("stage", SECRET, "--source-type", "user_statement", "--source-ref", "s:1", db=path)
    ids = {"secret": out.stdout.split()[0]}
    assert cli("approve", ids["secret"], db=path).exit_code == 0
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(
            "INSERT INTO memories(id, content, tags, source_type, status, created_at, "
            "updated_at, content_hash) SELECT 'm_evil', content, tags, 'summary', 'active', "
            "created_at, updated_at, 'b2:forged' FROM memories WHERE id = ?",
            (ids["secret"],),
        )
        conn.execute(
            "INSERT INTO memories_fts(memories_fts, rowid, content, summary, tags) "
            "SELECT 'delete', seq, content, summary, tags FROM memories WHERE id = 'm_evil'"
        )
    finally:
        conn.close()
    assert [i["id"] for i in _plan(cli, path, ids["secret"])["forget"]][1:] == ["m_evil"]
    done = cli("forget", ids["secret"], "--yes", "--max", "2", "--json", db=path)
    assert done.exit_code == 0, done.stdout
    result = json.loads(done.stdout)
    assert result["verdict"] == "clean"
    assert result["fts_purge"].startswith("index rebuilt from the rows")
    assert _rows(path) == {}
    assert cli("verify", "--all", db=path).exit_code == 0


def test_copies_differing_in_case_or_unicode_form_are_forgotten(cli, tmp_path):
    path = tmp_path / "c.db"
    ids = _ledger(cli, path)
    _plant(path, "m_upper", UPPER)
    _plant(path, "m_wide", FULL_WIDTH)
    plan = _plan(cli, path, ids["secret"])
    assert sorted(i["id"] for i in plan["forget"]) == sorted([ids["secret"], "m_upper", "m_wide"])
    done = cli("forget", ids["secret"], "--yes", "--max", "3", db=path)
    assert done.exit_code == 0, done.stdout
    assert set(_rows(path)) == {ids["neighbour"], ids["unrelated"]}


def test_a_quoting_summary_out_of_the_index_has_the_sentence_cut_out(cli, tmp_path):
    path = tmp_path / "q.db"
    ids = _ledger(cli, path)
    _plant(path, "m_digest", "Weekly digest.", summary=f"{SECRET}. The quokka build was green.")
    plan = _plan(cli, path, ids["secret"])
    assert [i["id"] for i in plan["redact"]] == ["m_digest"]
    done = cli("forget", ids["secret"], "--yes", "--max", "2", db=path)
    assert done.exit_code == 0, done.stdout
    content, summary, status, version = _rows(path)["m_digest"]
    assert (content, status, version) == ("Weekly digest.", "pending", 2)
    assert "Oberkampf" not in summary and "quokka build was green" in summary


def test_verify_content_finds_a_copy_the_index_and_the_hash_do_not_name(cli, tmp_path):
    path = tmp_path / "v.db"
    ids = _ledger(cli, path)
    _plant(path, "m_upper", UPPER)
    out = cli("verify", "--content", SECRET, "--json", db=path)
    data = json.loads(out.stdout)
    [memories] = [layer for layer in data["layers"] if layer["layer"] == "memories"]
    where = [r["where"] for r in memories["residue"]]
    assert "memories.content (m_upper)" in where
    assert f"memories.content ({ids['secret']})" in where
    assert not any(ids["neighbour"] in w for w in where)


def test_verify_all_sees_a_backdated_row_bringing_the_text_back(cli, tmp_path):
    path = tmp_path / "b.db"
    ids = _ledger(cli, path)
    assert cli("forget", ids["secret"], "--yes", db=path).exit_code == 0
    assert cli("verify", "--all", db=path).exit_code == 0
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(
            "INSERT INTO memories(id, content, tags, source_type, status, created_at, "
            "updated_at, content_hash) VALUES ('m_back', ?, '[]', 'summary', 'active', "
            "'2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z', 'b2:forged')",
            ("Note. " + UPPER + ".",),
        )
    finally:
        conn.close()
    out = cli("verify", "--all", "--json", db=path)
    assert out.exit_code == ExitCode.RESIDUE, out.stdout
    data = json.loads(out.stdout)
    [check] = data["tombstones"]
    assert [r["where"] for r in check["residue"]] == ["memories.content (m_back)"]
    [memories] = [layer for layer in data["layers"] if layer["layer"] == "memories"]
    assert [r["where"] for r in memories["residue"]] == ["memories.content (m_back)"]


def test_verify_all_does_not_report_a_source_a_forgotten_summary_quoted(cli, tmp_path):
    """The summary's sentences were its sources' (they stay): its tombstone lists no
    purged print, so the older source holding them is no residue."""
    path = tmp_path / "s.db"
    ids = _ledger(cli, path, "--now", "2026-11-01T00:00:00Z")
    out = cli(
        "--now",
        "2026-12-01T00:00:00Z",
        "stage",
        f"Digest: {UNRELATED}.",
        "--source-type",
        "summary",
        "--derived-from",
        ids["unrelated"],
        db=path,
    )
    assert out.exit_code == 0, out.stderr
    digest = out.stdout.split()[0]
    done = cli("--now", "2026-12-31T00:00:00Z", "forget", digest, "--yes", db=path)
    assert done.exit_code == 0, done.stdout
    again = cli("--now", "2026-12-31T00:00:00Z", "verify", "--all", db=path)
    assert again.exit_code == 0, again.stdout
    assert ids["unrelated"] in _rows(path)


def test_a_copy_of_a_sentence_without_an_ascii_word_is_forgotten(cli, tmp_path):
    """No run of ASCII letters for SQL to look for: the copy is found because it is
    not ASCII text, and confirmed on its normalised (case-folded) text."""
    path = tmp_path / "g.db"
    assert cli("init", str(path)).exit_code == 0
    greek = "Ο κωδικός της πόρτας είναι τέσσερα επτά"
    out = cli("stage", greek, "--source-type", "user_statement", "--source-ref", "s:1", db=path)
    mid = out.stdout.split()[0]
    assert cli("approve", mid, db=path).exit_code == 0
    _plant(path, "m_greek", greek.upper())
    assert [i["id"] for i in _plan(cli, path, mid)["forget"]] == [mid, "m_greek"]
