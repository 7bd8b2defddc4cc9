"""The fast paths of forget find and write exactly what the plain ones did.

Holders of a sentence are found in one pass over the rows, SQL keeping only those
that can hold it; the redacted texts are written in one statement per chunk. Neither
may change a plan, a redaction or a verdict."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from memaudit import fingerprint, forget, rawscan, review
from memaudit.clock import fixed_clock
from memaudit.forget import quoting
from memaudit.ledger import Ledger
from memaudit.model import SourceType, Status
from memaudit.store import Needle
from tests.conftest import NOW

SENTENCE = "The vertex suite passed 832 of 847 tests."
# Copies a normalised comparison finds but the FTS index holds under other words: a
# zero-width space splits "vertex" in two; full-width letters are other tokens.
ZERO_WIDTH = "Summary: The ver\u200btex suite passed 832 of 847 tests. Build is green."
FULL_WIDTH = (
    "Summary: The \uff56\uff45\uff52\uff54\uff45\uff58 suite passed 832 of 847 tests. Done."
)
ASCII_COPY = "Summary: THE VERTEX   suite passed 832 of 847 tests. Nothing else broke."


def _open(path: Path) -> Ledger:
    return Ledger.open(path, readonly=False, clock=fixed_clock(NOW), actor="tester")


def _staged(path: Path, texts: dict[str, str]) -> None:
    """A new ledger with "orig" (the statement to forget) first, then ``texts``."""
    Ledger.init(path).close()
    cands = [review.Candidate(id="orig", content=SENTENCE, source_type=SourceType.TOOL_OBSERVATION)]
    cands += [
        review.Candidate(id=mid, content=text, source_type=SourceType.SUMMARY)
        for mid, text in texts.items()
    ]
    with _open(path) as led:
        review.stage_batch(led, cands)


def _store(path: Path) -> None:
    """The original, three quoting copies, and filler that makes every word of the
    sentence but "832" common (so its lookup key is "832" with "vertex" and more)."""
    filler = {
        f"filler-{i}": f"The suite passed {i} of 847 tests; vertex run {i} on the tests host."
        for i in range(12)
    }
    _staged(path, {"zw": ZERO_WIDTH, "fw": FULL_WIDTH, "ascii": ASCII_COPY, **filler})


def _affected(p: forget.ForgetPlan) -> set[str]:
    return {i.id for i in p.redact} | {i.id for i in p.forget if i.category == "affected"}


def test_the_scan_finds_what_a_check_of_every_row_in_python_finds(tmp_path):
    """The SQL pre-filter (anchors, the non-ASCII test) drops only rows that cannot
    hold a sentence: the holders are those a plain Python pass over every row finds."""
    path = tmp_path / "l.db"
    _store(path)
    with _open(path) as led:
        pieces = fingerprint.pieces(SENTENCE)
        found = quoting._holding(led.conn, pieces, {"orig"})
        every = {
            mid
            for mid, content, summary in led.conn.execute(
                "SELECT id, content, summary FROM memories"
            )
            if mid != "orig"
            and any(
                fingerprint.contains(fingerprint.normalize(content + "\n" + (summary or "")), p)
                for p in pieces
            )
        }
        p = forget.plan(led, ["orig"])
    assert set(found) == every == {"zw", "fw", "ascii"}
    assert _affected(p) == every


def test_a_copy_the_index_holds_under_other_words_is_still_found(tmp_path):
    """A copy with invisible or compatibility characters has no anchor LIKE can see:
    the non-ASCII test sends it to Python, which confirms it on its text."""
    path = tmp_path / "h.db"
    _store(path)
    with _open(path) as led:
        found = quoting._holding(led.conn, fingerprint.pieces(SENTENCE), {"orig"})
    assert set(found) == {"zw", "fw", "ascii"}


def test_verification_finds_a_copy_planted_after_the_forget(tmp_path):
    """The memories layer looks the purged sentence up the same way: a copy written
    behind forget's back, with a zero-width space in a key word, is residue."""
    path = tmp_path / "v.db"
    _store(path)
    with _open(path) as led:
        result = forget.apply(led, forget.plan(led, ["orig"]), reason="user request")
        assert result.clean
        with led.transaction():
            led.conn.execute(
                "INSERT INTO memories(id, content, source_type, status, created_at, "
                "updated_at, content_hash) VALUES ('planted', ?, 'summary', 'active', ?, ?, 'x')",
                (ZERO_WIDTH, NOW, NOW),
            )
        needle = Needle(
            ids=[], content=None, more_content=result.plan.purged, as_stored=True, purged=True
        )
        [layer] = [layer for layer in forget.native_layers(led) if layer.name == "memories"]
        found = layer.probe(needle)
    assert [r.where for r in found] == ["memories.content/summary (planted)"]


def test_many_redactions_are_written_at_once_and_the_index_stays_whole(tmp_path):
    """Thirty summaries quoting one statement: each gets its new text and version, the
    log says so in plan order, the FTS index passes its integrity check and finds the
    summaries by the words they keep, not by the sentence cut out of them."""
    path = tmp_path / "r.db"
    _staged(
        path,
        {
            f"s{i:02d}": f"Summary {i}: {SENTENCE} The quokka deploy {i} went fine."
            for i in range(30)
        },
    )
    with _open(path) as led:
        p = forget.plan(led, ["orig"])
        assert sorted(i.id for i in p.redact) == [f"s{i:02d}" for i in range(30)]
        # FTS5 writes a new index segment each time its pending changes are flushed: at
        # every statement that opens a savepoint. Written at once, the thirty summaries
        # make one segment (and the forgotten statement one), not thirty.
        segments: list[str] = []
        led.conn.set_trace_callback(
            lambda sql: segments.append(sql) if "memories_fts_idx'(segid" in sql else None
        )
        try:
            result = forget.apply(led, p, reason="user request")
        finally:
            led.conn.set_trace_callback(None)
        assert result.clean
        print("SEG", len(segments))
        assert len(segments) <= 3
        led.conn.execute(
            "INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)"
        )
        for i in range(30):
            m = led.require(f"s{i:02d}")
            assert m.content == f"Summary {i}: [redacted] The quokka deploy {i} went fine."
            assert m.status is Status.PENDING and m.version == 2
        logged = [
            r[0]
            for r in led.conn.execute(
                "SELECT memory_id FROM events WHERE action = 'redact' ORDER BY id"
            )
        ]
        assert logged == [i.id for i in p.redact]
        hits = led.conn.execute(
            "SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'quokka'"
        ).fetchone()[0]
        gone = led.conn.execute(
            "SELECT count(*) FROM memories_fts WHERE memories_fts MATCH '832'"
        ).fetchone()[0]
    assert (hits, gone) == (30, 0)


@given(st.text(alphabet=st.characters(max_codepoint=127)))
def test_ascii_text_is_tokenized_as_the_unicode_path_would(text):
    assert rawscan._fold(text) == text.lower()
    assert rawscan.fts_tokens(text, unique=False) == rawscan._TOKEN.findall(rawscan._fold(text))


@given(st.text(alphabet=st.characters(max_codepoint=127)))
def test_ascii_text_is_normalised_as_the_unicode_path_would(text):
    slow = fingerprint._INVISIBLE.sub("", unicodedata.normalize("NFKC", text))
    assert fingerprint.normalize(text) == fingerprint._SPACES.sub(" ", slow.casefold()).strip()
