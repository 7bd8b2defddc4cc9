"""Rule 3 on the PostgreSQL adapters: a hostile value in each column Hindsight and
Honcho are read from, through every read-only command (``reliability/hostile_sweep.py``
sweeps the file stores; a server store is not a folder it can copy, so these are the
targeted cases).

Each test loads the committed dump (written by the real package) into a fresh database,
makes one value hostile the way a compromised or attacker-written database can hold it
(a CHECK constraint dropped first where the column has one), and runs the commands:
no internal error or traceback, a documented exit code, no raw control character or
interpreted markup in the output, every memory still listed, and the database the same
(``pg_dump``) afterwards. PostgreSQL text cannot hold NUL, so that case does not exist.
"""

from __future__ import annotations

import itertools
import json
import re

import pytest

from reliability.hostile_sweep import MARKUP_WORD, raw_controls
from tests.adapters.conftest import PROVIDERS

DOCUMENTED = {*range(12), 130, 143}
HOSTILE_SQL = (
    r"E'\x1b[31mRED\x1b]0;pwned\x07\x1b]52;c;ZXZpbA==\x07 \u202eevil\u2066x\u2069\u200b "
    f"[bold red]{MARKUP_WORD}[/bold red] [link=https://evil.example]x[/link]'"
)
COMMANDS = [
    ["ls", "-n", "0"],
    ["ls", "--json", "-n", "0"],
    ["audit"],
    ["audit", "--json"],
    ["questions"],
    ["conflicts"],
    ["verify", "--content", "ZEBRA-7731-QUOKKA"],
    ["stats"],
]
_names = itertools.count()


@pytest.fixture
def hostile_db(pg_server):
    """``hostile_db(system, *sql)``: a fresh copy of ``system``'s before.sql with ``sql``
    run on it; its URL."""

    def make(system: str, *sql: str) -> str:
        name = f"hostile_{system}_{next(_names)}"
        pg_server.createdb(name)
        pg_server.psql_file(name, PROVIDERS / system / "before.sql")
        for statement in sql:  # foreign keys off (they are triggers): a forged database
            pg_server.psql(name, "SET session_replication_role = replica; " + statement)
        return pg_server.url(name)

    return make


def _dump(pg_server, dbname: str) -> list[str]:
    """The database's contents (pg_dump's per-run \\restrict key left out)."""
    return [
        ln
        for ln in pg_server.dump(dbname).splitlines()
        if not ln.startswith(("\\restrict", "\\unrestrict"))
    ]


def _run_all(cli, pg_server, url: str, adapter: str, clean_rows: int) -> list:
    dbname = url.rsplit("/", 1)[1]
    before = _dump(pg_server, dbname)
    listed = cli("--adapter", adapter, "ls", "--json", "-n", "0", db=url)
    ids = [r["id"] for r in json.loads(listed.stdout)] if listed.exit_code == 0 else []
    out = []
    for argv in [*COMMANDS, ["show", *ids[:3]], ["trace", *ids[:1]]]:
        result = cli("--adapter", adapter, *argv, db=url)
        text = result.stdout + result.stderr
        assert "internal error" not in text and "Traceback" not in text, (argv, text[-600:])
        assert result.exit_code in DOCUMENTED, (argv, result.exit_code)
        assert result.exit_code != 1, (argv, result.stderr)  # the store was not refused
        assert not raw_controls(text), (argv, raw_controls(text))
        for m in re.finditer(MARKUP_WORD, text):  # the tag is still there
            assert text[: m.start()].rstrip(" \n│|").endswith("]"), (argv, "markup read")
        out.append(result)
    assert len(ids) == clean_rows, (len(ids), clean_rows, listed.stderr)
    assert _dump(pg_server, dbname) == before  # read-only: the database is unchanged
    return out


# -- Hindsight -------------------------------------------------------------------------

HINDSIGHT_ROWS = 11
ONE_UNIT = "(SELECT id FROM memory_units ORDER BY id LIMIT 1)"


@pytest.mark.parametrize(
    "sql",
    [
        f"UPDATE memory_units SET text = {HOSTILE_SQL}, context = {HOSTILE_SQL}, "
        f"bank_id = {HOSTILE_SQL}, document_id = {HOSTILE_SQL}, chunk_id = {HOSTILE_SQL} "
        f"WHERE id = {ONE_UNIT}",
        f"UPDATE memory_units SET tags = ARRAY[{HOSTILE_SQL}, '[/]']::varchar[] WHERE id = {ONE_UNIT}",
        "ALTER TABLE memory_units DROP CONSTRAINT memory_units_fact_type_check; "
        f"UPDATE memory_units SET fact_type = {HOSTILE_SQL} WHERE id = {ONE_UNIT}",
        f"UPDATE memory_units SET text = repeat('H', 5000000) WHERE id = {ONE_UNIT}",
        f"UPDATE mental_models SET name = {HOSTILE_SQL}, content = {HOSTILE_SQL}, "
        f"source_query = {HOSTILE_SQL}",
    ],
    ids=["texts", "tags", "fact_type", "huge_text", "mental_model"],
)
def test_hindsight_hostile_text(cli, pg_server, hostile_db, sql):
    url = hostile_db("hindsight", sql)
    _run_all(cli, pg_server, url, "hindsight", HINDSIGHT_ROWS)


@pytest.mark.parametrize(
    "value",
    [
        "'[1, 2]'",
        "'\"text\"'",
        "'7'",
        "'null'",
        f"jsonb_build_object('k', {HOSTILE_SQL}, {HOSTILE_SQL}, 1)",
        "repeat('[', 5000)::text || repeat(']', 5000)",
    ],
    ids=["list", "string", "number", "null", "hostile_keys", "deep"],
)
def test_hindsight_json_of_other_shapes(cli, pg_server, hostile_db, value):
    url = hostile_db(
        "hindsight",
        f"UPDATE memory_units SET metadata = ({value})::jsonb, observation_scopes = "
        f"({value})::jsonb WHERE id = {ONE_UNIT}",
        f"UPDATE banks SET config = ({value})::jsonb",
    )
    _run_all(cli, pg_server, url, "hindsight", HINDSIGHT_ROWS)


# -- Honcho ----------------------------------------------------------------------------

HONCHO_ROWS = 11
_DROP_CHECKS = (
    "DO $$ DECLARE c record; BEGIN FOR c IN SELECT conname FROM pg_constraint "
    "WHERE conrelid = '{table}'::regclass AND contype = 'c' LOOP "
    "EXECUTE 'ALTER TABLE {table} DROP CONSTRAINT ' || quote_ident(c.conname); "
    "END LOOP; END $$; "
)
ONE_DOC = "(SELECT id FROM documents ORDER BY id LIMIT 1)"


@pytest.mark.parametrize(
    "sql",
    [
        "ALTER TABLE documents DROP CONSTRAINT ck_documents_content_length; "
        f"UPDATE documents SET content = {HOSTILE_SQL}, observer = {HOSTILE_SQL}, "
        f"observed = {HOSTILE_SQL}, workspace_name = {HOSTILE_SQL}, "
        f"session_name = {HOSTILE_SQL}, level = {HOSTILE_SQL} WHERE id = {ONE_DOC}",
        _DROP_CHECKS.format(table="messages") + f"UPDATE messages SET public_id = {HOSTILE_SQL} "
        "WHERE id = (SELECT min(id) FROM messages)",
    ],
    ids=["document_texts", "message_public_id"],
)
def test_honcho_hostile_text(cli, pg_server, hostile_db, sql):
    url = hostile_db("honcho", sql)
    _run_all(cli, pg_server, url, "honcho", HONCHO_ROWS)


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("internal_metadata", "'[1, 2]'"),
        ("internal_metadata", "'\"text\"'"),
        ("internal_metadata", "'7'"),
        ("internal_metadata", '\'{"message_ids": 7, "premises": 3, "sources": true}\''),
        ("internal_metadata", "'{\"message_ids\": [[0, 9223372036854775807]]}'"),
        ("internal_metadata", '\'{"message_ids": ["x", null, [1], 1e400]}\''),
        ("internal_metadata", "repeat('[', 5000)::text || repeat(']', 5000)"),
        ("source_ids", "'7'"),
        ("source_ids", "'{\"a\": 1}'"),
        ("source_ids", "'\"abc\"'"),
        ("source_ids", f"jsonb_build_array({HOSTILE_SQL}, 1, null, '[/]')"),
        ("source_ids", "repeat('[', 5000)::text || repeat(']', 5000)"),
    ],
)
def test_honcho_json_of_other_shapes(cli, pg_server, hostile_db, column, value):
    url = hostile_db("honcho", f"UPDATE documents SET {column} = ({value})::jsonb")
    _run_all(cli, pg_server, url, "honcho", HONCHO_ROWS)


@pytest.mark.parametrize("value", ["'[1, 2]'", "'\"text\"'"], ids=["list", "string"])
def test_hindsight_bank_config_not_read_is_said(cli, hostile_db, value):
    """A bank's settings (banks.config) that are not a JSON object were skipped in
    silence; now `questions` names the bank's config on stderr as not read, and claims
    nothing from it (an object is read: its observation setting is evidence)."""
    url = hostile_db("hindsight", """UPDATE banks SET config = '{"enable_observations": false}'""")
    read = cli("--adapter", "hindsight", "questions", "--json", db=url)
    assert "bank.demo.enable_observations = False" in read.stdout, read.stdout
    assert "banks.config of bank" not in read.stderr
    url = hostile_db("hindsight", f"UPDATE banks SET config = ({value})::jsonb")
    result = cli("--adapter", "hindsight", "questions", "--json", db=url)
    assert result.exit_code == 0 and "bank.demo." not in result.stdout, result.stderr
    lines = [ln for ln in result.stderr.splitlines() if "banks.config of bank 'demo'" in ln]
    assert len(lines) == 1 and "its settings were not read" in lines[0], result.stderr
