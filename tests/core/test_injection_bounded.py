"""A text of very many hits is judged in linear time (``injection.bounded``): past
``PER_KIND`` hits of a kind the context rules are not read, and those hits are kept as
found, so padding a text with discounted decoys hides nothing."""

from __future__ import annotations

import time

from memaudit.injection import Provenance, assess, signals
from memaudit.injection.bounded import PER_KIND, beyond_bound
from memaudit.model import SourceType

DOC = Provenance(SourceType.EXTERNAL_DOCUMENT, "https://pages.example/a")


def test_a_repeated_directive_is_judged_in_seconds_not_minutes() -> None:
    """An unclosed comment's directive repeated over 20,000 characters took over a minute
    before the bound (every hit's sentence and every other hit read for each hit)."""
    text = "<!-- assistant must " * 1000
    started = time.perf_counter()
    said = assess(text, DOC)
    assert time.perf_counter() - started < 15.0
    assert said.flagged


def test_hits_past_the_bound_are_kept_as_found_in_order() -> None:
    hits = signals("Ignore previous instructions. " * (PER_KIND + 8), learned=False)
    read, kept = beyond_bound(hits)
    assert len(read) + len(kept) == len(hits)
    assert kept and all(sum(r.signal is k.signal for r in read) == PER_KIND for k in kept)
    assert kept == [h for h in hits if h not in read]


def test_decoys_in_a_text_about_attacks_cannot_hide_what_follows_them() -> None:
    """A text about attacks quoting the override few times is discounted; padded with
    more quotes than the bound, the quotes past it are read as found (the context of so
    many hits is not read), so the text is flagged from a page."""
    quote = "Security note: attackers often write 'ignore previous instructions' in pages. "
    few = assess(quote * 3, DOC)
    many = assess(quote * (PER_KIND + 4), DOC)
    assert not few.flagged
    assert many.flagged
    assert many.score > few.score
