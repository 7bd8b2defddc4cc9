"""The prefilter's tables of the engine's patterns shipped with the package
(``injection.prefilter_kept.SHIPPED``): the committed file is what
``make prefilter-tables`` writes now, the engine reads it instead of parsing the
sources (no cache folder opened), its prefilter answers as the computed one on every
training case, a file not of these patterns, this analysis or this Python (or damaged)
is not used, ``MEMAUDIT_SHIPPED_TABLES=off`` turns it off, and the wheel carries it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import zlib
from pathlib import Path
from typing import Any

import pytest

from memaudit.injection import engine, judgements, prefilter, prefilter_kept
from memaudit.injection.engine import visible

ROOT = Path(prefilter_kept.__file__).resolve().parent.parent.parent
SHIPPED = Path(prefilter_kept.__file__).with_name("prefilter_tables.zlib")


@pytest.fixture(autouse=True)
def _shipped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The package's file read, whatever a test elsewhere set."""
    monkeypatch.setattr(prefilter_kept, "SHIPPED", SHIPPED)


def _patterns() -> list[Any]:
    return list(engine._prefiltered()[0].patterns)


def _parts(path: Path = SHIPPED) -> tuple[dict[str, Any], bytes]:
    head, _, body = zlib.decompress(path.read_bytes()).partition(b"\n")
    return json.loads(head), body


def test_the_shipped_tables_are_what_the_command_makes_now() -> None:
    """A pattern added or edited (or the analysis changed) without ``make
    prefilter-tables`` fails here, not silently in a slower first listing."""
    stale = "stale: run `make prefilter-tables` and commit memaudit/injection/prefilter_tables.zlib"
    head, body = _parts()
    now = prefilter_kept.header(_patterns())
    assert now is not None
    assert (head["sources"], head["analysis"]) == (now["sources"], now["analysis"]), stale
    if head["python"] != now["python"]:
        pytest.skip(f"made on Python {head['python']}: its tables are compared there")
    code = (
        "import sys; from memaudit.injection import prefilter_shipped as k; "
        "sys.stdout.buffer.write(k.generated())"
    )
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    made = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, check=True, env=env
    ).stdout
    assert zlib.decompress(SHIPPED.read_bytes()) == made, stale


def test_the_engine_reads_the_shipped_tables(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """No source parsed and no cache file opened: the tables come from the package,
    with the cache folder on or off (``--no-cache`` reads the package all the same)."""
    patterns = _patterns()

    def parsed(_: object) -> None:
        raise AssertionError("the sources were parsed")

    monkeypatch.setattr(prefilter, "analyse", parsed)
    folder = Path(os.environ[judgements.ENV])
    for enabled in (True, False):
        monkeypatch.setattr(prefilter_kept, "ENABLED", enabled)
        pf = prefilter_kept.prefilter(patterns)
        assert len(pf._rules) == len(patterns)
    assert not list(folder.glob(f"{prefilter_kept.PREFIX}*")) if folder.exists() else True


def test_the_environment_turns_the_shipped_tables_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """``MEMAUDIT_SHIPPED_TABLES=off``: the package's file is not read (the tables are
    computed, then kept in the cache folder), as a spawned process's test needs."""
    patterns = _patterns()
    assert prefilter_kept.shipped(patterns) is not None
    monkeypatch.setenv(prefilter_kept.SHIPPED_ENV, "off")
    assert prefilter_kept.shipped(patterns) is None
    folder = Path(os.environ[judgements.ENV])
    monkeypatch.setattr(prefilter_kept, "ENABLED", True)
    pf = prefilter_kept.prefilter(patterns)
    assert len(pf._rules) == len(patterns)
    assert list(folder.glob(f"{prefilter_kept.PREFIX}*.sqlite"))  # computed, then kept


def test_a_prefilter_from_the_shipped_tables_answers_as_the_computed_one() -> None:
    """The same strings, and for every pattern on every training case the same answer
    as tables computed now (their alternatives may come in another order: the analysis
    orders some by string hashes)."""
    from benchmarks.injection_cases import training_cases

    patterns = _patterns()
    tables = prefilter_kept.shipped(patterns)
    assert tables is not None
    computed = prefilter.analyse(patterns)
    assert (tables.strings, tables.within) == (computed.strings, computed.within)
    ours, theirs = prefilter.Prefilter(patterns, tables), prefilter.Prefilter(patterns, computed)
    for case in training_cases():
        text = visible(case.content).lower()
        a, b = ours.present(text), theirs.present(text)
        assert a == b
        assert [ours.possible(rx, a) for rx in patterns] == [
            theirs.possible(rx, b) for rx in patterns
        ]


def _write(path: Path, head: dict[str, Any], body: bytes) -> Path:
    path.write_bytes(zlib.compress(json.dumps(head).encode() + b"\n" + body))
    return path


@pytest.mark.parametrize(
    "change",
    [
        {"sources": "00" * 32},  # another pattern's source or flags
        {"analysis": "00" * 32},  # regex_needs / prefilter / this format changed
        {"python": "2.7"},  # another ``re`` parser
        {"format": 0},
    ],
)
def test_a_shipped_file_of_other_patterns_or_code_is_not_used(
    change: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The header must name these patterns, this analysis and this Python: the same
    body under another header is not read (its tables are computed instead)."""
    patterns = _patterns()
    head, body = _parts()
    assert prefilter_kept.shipped(patterns, _write(tmp_path / "same", head, body)) is not None
    path = _write(tmp_path / "other", {**head, **change}, body)
    assert prefilter_kept.shipped(patterns, path) is None
    monkeypatch.setattr(prefilter_kept, "SHIPPED", path)
    monkeypatch.setattr(prefilter_kept, "ENABLED", False)
    calls: list[int] = []
    analyse = prefilter.analyse

    def counted(rx: Any) -> Any:
        calls.append(1)
        return analyse(rx)

    monkeypatch.setattr(prefilter, "analyse", counted)
    prefilter_kept.prefilter(patterns)
    assert calls == [1]


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"not compressed",
        zlib.compress(b"no header line"),
        zlib.compress(b'{"format": 1}\n{}'),
        zlib.compress(b"[" * 5000 + b"\n{}"),
    ],
)
def test_a_damaged_shipped_file_is_not_used(raw: bytes, tmp_path: Path) -> None:
    path = tmp_path / "t.zlib"
    path.write_bytes(raw)
    assert prefilter_kept.shipped(_patterns(), path) is None
    assert prefilter_kept.shipped(_patterns(), tmp_path / "missing") is None


def test_a_body_that_does_not_decode_is_not_used(tmp_path: Path) -> None:
    head, body = _parts()
    data = json.loads(body)
    data["rules"] = data["rules"][1:]  # one pattern short
    path = _write(tmp_path / "t.zlib", head, json.dumps(data).encode())
    assert prefilter_kept.shipped(_patterns(), path) is None
    path = _write(tmp_path / "u.zlib", head, b"\xff\xfe")
    assert prefilter_kept.shipped(_patterns(), path) is None


def test_the_wheel_carries_the_shipped_tables() -> None:
    """Package data names the file (setuptools leaves out what it does not name)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data = config["tool"]["setuptools"]["package-data"]["memaudit"]
    assert "injection/prefilter_tables.zlib" in data
    assert SHIPPED.is_file()
