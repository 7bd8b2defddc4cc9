"""Reasons that cannot carry the content they are about.

``forget --reason`` and ``reject --reason`` end up in the event log, which is
append-only: a secret typed into a reason ("leaked ZEBRA-7731-QUOKKA") can never be
removed again. So a reason is refused when it shares with the forgotten or rejected
content

* any sentence of substance (``fingerprint.pieces``), or
* a *rare* token — one that carries the secret, not the language: a token with a digit,
  a part of a word mixing letters with symbols (codes, e-mail addresses, host names), a
  proper name (capitalised inside a sentence), or a word that is neither common English
  nor common in the store (fewer than ``STORE_SHARE`` of its memories, and fewer than
  ``STORE_MIN_DOCS``, the memories being forgotten not counted).

Case and punctuation do not hide a token ("zebra 7731 quokka", "Zebra.7731.Quokka"),
and neither does squashing it ("ZEBRA7731QUOKKA" holds "7731" and "quokka"). The
refusal names the words with their first and last characters masked, so the message
does not repeat the secret either.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from memaudit import fingerprint
from memaudit.errors import Refused
from memaudit.rawscan import fts_doc_counts, fts_tokens

STORE_SHARE = 0.01
STORE_MIN_DOCS = 20
# Squashed forms ("zebra7731quokka") are searched for rare tokens at least this long.
SQUASH_MIN = 4

# Common English words, and the words people use to say why they forget or reject:
# shared with the content, they say what kind of thing it was, not what it said.
COMMON_WORDS = fingerprint.STOP_WORDS | frozenset(
    """able accept accepted access account accounts act action actually add added address
    addresses admin advice after age agent ago agree ai allow allowed almost alone along
    already always another answer anyone anything api app apply approve approved area
    around ask asked asking asks assistant assume audit auto automatic available avoid
    away back bad bank based basic become before begin behind believe belongs best better
    big birthday bit body book both bought box break bring brother build built business
    buy call called came car card care case cause certain change changed chat check
    child children city claim clean clear client close code colleague come comment
    company compliance complete confidential confirm consent contact contain contains
    content context copy correct cost could country credential credentials credit
    current customer customers daily data date daughter day days dead deal debug delete
    deleted deletion describe detail details device did different direct do document
    done door double down drop due duplicate duplicated during each early easy else
    email employee empty end enough entry erase erased erasure error even event every
    everything example exposed extra fact facts fail failed false family father feel
    file files find fine first fix fixed follow food forget forgetting forgot forgotten
    form former found free friend friends from full gave gdpr get give given go good got
    group guess had hand happen happened hard has have health help her here high his
    history hold home hour house however idea identity ignore illegal important include
    included incorrect info information inside instead internal irrelevant issue item
    items job just keep key keys kind knew know known last late later law learn least
    leave leaked leaks left legal less life like likely line link list little live lived
    lives living local location login long look lost lot made mail main make manager
    many married may maybe mean medical meeting member memory memories message met might
    mind mine mistake mistaken model money month more morning mother move much must name
    named names need needed never new next nice night no none normal not note noted notes
    nothing number numbers object off office often old once one only open order other
    outdated own owner page paid parent parents part partner pass passed password
    passwords past pay people per person personal phone pin place plan play please
    point policy possible post prefer preference present private privacy probably
    problem process project public put question quite quote quoted rather read real
    really reason received recent record recorded records redact redacted refer related
    remember remove removed removing repeat replace report request requested requests
    require required right risk room rule run safe said same save saw say school secret
    secrets security see seen send sensitive sent service session set share shared
    should show shown side sign since sister small so social some someone something
    sometimes son soon sorry source speak spouse staff stale start state statement stay
    still stop store stored story street stuff such suggest summary support sure system
    take talk task team tell test than that their them then there these thing think this
    those though thought through time today told too took topic true trust try turn
    type under understand unless unrelated until update updated use used user users
    using usual value verify version very via view wait want wanted wants was way week
    well went were what when where which while who whole why wife will wish with within
    without word words work worked works world would write written wrong year years yes
    yet young""".split()  # noqa: SIM905 (a word list reads better as text)
)


def mask(token: str) -> str:
    """The token with its first and last characters hidden ('7731' → '*73*')."""
    if len(token) <= 2:
        return "*" * len(token)
    return "*" + token[1:-1] + "*"


Frequency = Callable[[Sequence[str]], dict[str, int]]

_RAW_WORD = re.compile(r"\S+")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n\s*)$")
_EDGE_PUNCT = "\"'“”‘’()[]{}<>.,;:!?*`"


def _rare_candidates(texts: Sequence[str]) -> tuple[dict[str, str], set[str]]:
    """({token: why it is rare} for tokens rare by their form, {other tokens})."""
    rare: dict[str, str] = {}
    plain: set[str] = set()
    for text in texts:
        for m in _RAW_WORD.finditer(text):
            core = m.group().strip(_EDGE_PUNCT)
            parts = fts_tokens(core)
            if not parts:
                continue
            # Letters mixed with symbols make a code; an apostrophe makes English.
            mixed = any(not ch.isalnum() and ch not in "'’" for ch in core)
            initial = bool(_SENTENCE_START.search(text[: m.start()]))
            for part in parts:
                if len(part) < 2:
                    continue
                if any(ch.isdigit() for ch in part):
                    rare.setdefault(part, "number")
                elif mixed:
                    rare.setdefault(part, "part of a code")
                elif core[:1].isupper() and not initial and part not in fingerprint.STOP_WORDS:
                    rare.setdefault(part, "name")
                else:
                    plain.add(part)
    return rare, plain - set(rare)


def rare_tokens(texts: Sequence[str]) -> set[str]:
    """The tokens of ``texts`` that are rare by their form alone: numbers, parts of
    codes, names (what a receipt is scanned for, ``memaudit.receipt``)."""
    return set(_rare_candidates(texts)[0])


def leaks(
    reason: str | None,
    texts: Sequence[str],
    *,
    frequency: Frequency | None = None,
    total: int = 0,
) -> list[str]:
    """What of ``texts`` the reason repeats, masked: rare tokens and sentences. Empty
    when the reason is fine. ``frequency`` gives how many of the store's ``total``
    memories hold each token (without it, only the English list makes a word common)."""
    if not reason or not reason.strip() or not texts:
        return []
    found: list[str] = []
    norm_reason = fingerprint.normalize(reason)
    for text in texts:
        for piece in fingerprint.pieces(text):
            if fingerprint.contains(norm_reason, piece):
                found.append(f"a whole sentence ({mask(piece.split()[0])} …)")
                break
    rare, plain = _rare_candidates(texts)
    reason_tokens = set(fts_tokens(reason))
    squashed = "".join(fts_tokens(reason)) if reason_tokens else ""
    words = sorted(t for t in plain & reason_tokens if t not in COMMON_WORDS)
    if words:
        counts = frequency(words) if frequency else {}
        floor = max(STORE_MIN_DOCS, STORE_SHARE * total)
        wanted = set(words)
        held = Counter(t for text in texts for t in set(fts_tokens(text)) if t in wanted)
        for word in words:
            if counts.get(word, 0) - held[word] < floor:
                rare.setdefault(word, "uncommon word")
    for token in sorted(rare):
        if token in reason_tokens or (len(token) >= SQUASH_MIN and token in squashed):
            found.append(mask(token))
    return list(dict.fromkeys(found))


def check(
    reason: str | None,
    texts: Sequence[str],
    *,
    what: str = "forgotten",
    frequency: Frequency | None = None,
    total: int = 0,
) -> None:
    """Refuse (exit 8, before anything is written) a reason that repeats the content."""
    problem = leaks(reason, texts, frequency=frequency, total=total)
    if problem:
        raise Refused(
            f"the reason repeats what is being {what} ({', '.join(problem)}); the log is "
            "append-only and would keep it for good — say why without quoting it "
            "(e.g. 'user request #ticket', 'leaked credential')"
        )


def ledger_frequency(conn: Any) -> tuple[Frequency, int]:
    """Document counts per token from a native ledger's FTS index (fts5vocab)."""
    total = int(conn.execute("SELECT count(*) FROM memories").fetchone()[0])
    return (lambda tokens: fts_doc_counts(conn, tokens)), total
