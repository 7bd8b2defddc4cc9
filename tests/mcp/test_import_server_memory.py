"""`memaudit import server-memory FILE` on the file the official server wrote.

Every observation (and relation) is staged as pending with `source_ref` = FILE:LINE;
the file is only read; importing twice stages nothing new; once a person approved
everything, the knowledge-graph profile serves exactly the graph the official server
returned for that file (its `read_graph` answer, recorded in the fixture).
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from memaudit.ledger import Ledger
from memaudit.mcp import compat
from memaudit.mcp.tools import handle
from memaudit.model import SourceType, Status

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "server_memory"
ANSWERS = json.loads((FIXTURE / "answers.json").read_text())
OFFICIAL_GRAPH = next(a for a in ANSWERS if a["tool"] == "read_graph")["structuredContent"]
NOW = "2026-11-30T12:00:00Z"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_import_stages_every_observation_pending_and_round_trips(cli, ledger_path, tmp_path):
    src = tmp_path / "memory.jsonl"
    shutil.copyfile(FIXTURE / "before" / "memory.jsonl", src)
    before = digest(src)

    dry = cli("import", "server-memory", str(src), "--dry-run", "--json", db=ledger_path)
    assert dry.exit_code == 0, dry.stderr
    plan = json.loads(dry.stdout)
    # 7 observations, and 9 of the change statements and look-alikes of issue 17
    assert plan["counts"] == {"observations": 16, "relations": 2, "entities": 0, "skipped": 0}
    with Ledger.open(ledger_path) as led:
        assert led.count() == 0  # a dry run writes nothing

    done = cli("--now", NOW, "import", "server-memory", str(src), "--json", db=ledger_path)
    assert done.exit_code == 0, done.stderr
    ids = json.loads(done.stdout)["ids"]
    assert len(ids) == 18
    assert digest(src) == before  # the file is only read

    lines = src.read_text().split("\n")
    with Ledger.open(ledger_path) as led:
        rows = led.query()
        assert {m.status for m in rows} == {Status.PENDING}
        assert {m.source_type for m in rows} == {SourceType.UNKNOWN}
        for m in rows:
            path, _, line = m.source_ref.rpartition(":")
            assert path == str(src)
            raw = json.loads(lines[int(line) - 1])
            if "kg:relation" in m.tags:
                assert m.content == f"{raw['from']} {raw['relationType']} {raw['to']}"
            else:
                assert raw["name"] == m.scope and m.content in raw["observations"]
        hint = next(m for m in rows if "ZEBRA-7731-QUOKKA" in m.content)
        assert hint.source_ref == f"{src}:3" and hint.scope == "staging-deploy"

    again = cli("import", "server-memory", str(src), "--json", db=ledger_path)
    assert json.loads(again.stdout)["ids"] == []
    assert json.loads(again.stdout)["counts"]["skipped"] == 18

    table = cli("review", "--list", "-n", "0", db=ledger_path).stdout
    assert table.startswith("18 pending (T5 18)")
    assert "unknown" in table  # every item flagged: the file says nothing of its source

    assert cli("--now", NOW, "approve", *ids, db=ledger_path).exit_code == 0
    with Ledger.open(ledger_path, readonly=False) as led:
        answer = handle(led, compat.TOOLS, "read_graph", {}, actor="mcp:test")
    assert answer.data == OFFICIAL_GRAPH


def test_import_skips_what_the_server_could_not_read_and_says_so(cli, ledger_path, tmp_path):
    src = tmp_path / "memory.jsonl"
    good = (FIXTURE / "before" / "memory.jsonl").read_text().split("\n")
    hostile = [
        good[0],
        "{not json",
        '{"type":"entity","name":"Empty","entityType":"thing","observations":[]}',
        '{"type":"entity","name":"Odd","entityType":"x","observations":["", 42, "fine"]}',
        '{"type":"mystery"}',
    ]
    src.write_text("\n".join(hostile))
    result = cli("import", "server-memory", str(src), "--json", db=ledger_path)
    assert result.exit_code == 0, result.stderr
    got = json.loads(result.stdout)
    # Alice's 3 observations, and "fine"
    assert got["counts"] == {"observations": 4, "relations": 0, "entities": 1, "skipped": 4}
    whys = {(s["line"], s["why"]) for s in got["skipped"]}
    assert (2, "not valid JSON (the server refuses the whole file)") in whys
    assert (4, "observation 1 is not a string") in whys and (4, "empty text") in whys
    assert (5, "neither an entity nor a relation (ignored)") in whys
    with Ledger.open(ledger_path) as led:
        empty = [m for m in led.query() if m.scope == "Empty"]
        assert [m.content for m in empty] == ["Empty is a thing"]  # the entity is kept

    missing = cli("import", "server-memory", str(tmp_path / "nope.jsonl"), db=ledger_path)
    assert missing.exit_code == 1
    assert missing.stderr.startswith("Error: ") and len(missing.stderr.splitlines()) == 1
