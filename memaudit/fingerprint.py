"""Normalising text and fingerprinting it without keeping it.

Tombstones and verification need to recognise forgotten content later — the same
text staged again, or one sentence of it quoted inside a longer memory — without
storing the content. So a tombstone keeps *keyed* hashes of the normalised text and
of each of its sentences (``k1:``): the key is a secret kept outside the ledger
(``memaudit.tombkey``), so someone holding only the ledger cannot try every PIN in
"The garage door code is NNNN" against a print. Older tombstones kept *salted*
hashes with the salt beside them (``b2:``); they stay readable.

Only sentences of some substance count (``substantive``): "Yes." or "It is what it
is" are in every store, and quoting them proves nothing.

Hashes carry an algorithm tag (``b2:``, ``k1:``) so the scheme can change later.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from collections.abc import Callable

ALGO = "b2"
KEYED_ALGO = "k1"
# Sentences shorter than this many words are too common to be evidence of a quote...
MIN_SENTENCE_WORDS = 4
# ...and so are those with fewer words than this that are not function words.
MIN_CONTENT_WORDS = 2

# Function words: they make a sentence, not its substance.
STOP_WORDS = frozenset(
    """a about above after again against all am an and any are as at be because been
    before being below between both but by can could did do does doing down during each
    few for from further had has have having he her here hers herself him himself his how
    i if in into is it its itself just me more most my myself no nor not now of off on
    once only or other our ours ourselves out over own same she should so some such than
    that the their theirs them themselves then there these they this those through to too
    under until up very was we were what when where which while who whom why will with
    would you your yours yourself yourselves yes ok okay sure thanks thank please also
    well really just still too much many lot lots thing things it's i'm don't that's""".split()  # noqa: SIM905 (a word list reads better as text)
)
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
# Words that say nothing about what a memory is about: function words, and the words
# any memory about a user or an agent uses ("user", "prefers", "always", "known").
TOPIC_STOP_WORDS = STOP_WORDS | frozenset(
    """
    agent always assistant done every known like likes may might must never new often
    old one prefer prefers s said says seem seems shall think thinks two use used user
    user's users uses using usually want wants without yet
    """.split()  # noqa: SIM905
)
# A term: letters and digits, with inner dots, dashes and underscores ("build-01", "v1.2").
_TERM = re.compile(r"[^\W_](?:[\w.-]*[^\W_])?")

_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]")
_SPACES = re.compile(r"\s+")
_SHINGLE_WORD = re.compile(r"\w+")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\n+")


def normalize(text: str) -> str:
    """NFKC, invisible characters dropped, case folded, whitespace collapsed."""
    if text.isascii():  # NFKC keeps ASCII, which has no invisible characters
        return _SPACES.sub(" ", text.lower()).strip()
    text = unicodedata.normalize("NFKC", text)
    text = _INVISIBLE.sub("", text)
    return _SPACES.sub(" ", text.casefold()).strip()


def content_words(normalized: str) -> list[str]:
    """The words of a normalised text that are not function words."""
    return [w for w in _WORD.findall(normalized) if w not in STOP_WORDS]


def key_terms(text: str) -> set[str]:
    """What a text is about: its words (names like "X" in "server X" included), lower
    case, without stop words (``TOPIC_STOP_WORDS``) or bare numbers, a plural ``s`` dropped
    ("deploys" and "deploy" are one term). Two texts sharing several key terms are
    about the same thing (the audit's topics, trace's look-alike memories)."""
    out = set()
    for w in _TERM.findall(normalize(text)):
        if w in TOPIC_STOP_WORDS or w.isdigit():
            continue
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.add(w)
    return out


def substantive(normalized: str) -> bool:
    """Is this normalised sentence evidence of a quote? At least MIN_SENTENCE_WORDS
    words of which MIN_CONTENT_WORDS are not function words ("I live in Turin"), or a
    shorter phrase of content words carrying a number ("PIN 4711"). Never "Yes." or a
    stop-word fragment."""
    content = content_words(normalized)
    if len(content) < MIN_CONTENT_WORDS:
        return False
    if len(normalized.split()) >= MIN_SENTENCE_WORDS:
        return True
    return any(ch.isdigit() for w in content for ch in w)


def sentences(text: str) -> list[str]:
    """Normalised sentences of substance: the units a quote is recognised by."""
    return [s for part in sentence_parts(text) if (s := sentence(part))]


def sentence_parts(text: str) -> list[str]:
    """The stretches of ``text`` that ``sentences`` normalises, as written (split at
    sentence ends and line breaks): a caller matching many texts caches by them."""
    return _SENTENCE_END.split(text)


def sentence(part: str) -> str | None:
    """One of ``sentence_parts`` normalised, if it is a sentence of substance."""
    norm = normalize(part).rstrip(".!?;:").strip()
    return norm if norm and substantive(norm) else None


def pieces(text: str) -> list[str]:
    """What identifies a text inside another: its sentences of substance, or the whole
    normalised text when it is one phrase of substance split no further ("PIN: 4711");
    nothing for text with no substance at all."""
    found = sentences(text)
    if found:
        return list(dict.fromkeys(found))
    whole = normalize(text).rstrip(".!?;:").strip()
    return [whole] if whole and substantive(whole) else []


def contains(normalized: str, piece: str) -> bool:
    """Does the normalised text hold ``piece`` as whole words (not "wifi live in turin"
    for "i live in turin")?"""
    start = normalized.find(piece)
    while start != -1:
        end = start + len(piece)
        before = normalized[start - 1] if start else " "
        after = normalized[end] if end < len(normalized) else " "
        if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
            return True
        start = normalized.find(piece, start + 1)
    return False


def content_hash(text: str) -> str:
    """Unsalted hash of the normalised text, for finding exact duplicates in a store
    that already holds the text (never stored anywhere the text is not)."""
    return f"{ALGO}:" + hashlib.blake2b(normalize(text).encode(), digest_size=16).hexdigest()


def new_salt() -> str:
    return secrets.token_hex(16)


def salted(salt: str, normalized_text: str) -> str:
    digest = hashlib.blake2b(
        normalized_text.encode(), digest_size=20, key=bytes.fromhex(salt)
    ).hexdigest()
    return f"{ALGO}:{digest}"


def keyed(key: bytes, normalized_text: str) -> str:
    """A print that only the holder of ``key`` can compute (``memaudit.tombkey``)."""
    digest = hashlib.blake2b(normalized_text.encode(), digest_size=20, key=key).hexdigest()
    return f"{KEYED_ALGO}:{digest}"


Hasher = Callable[[str], str]


def salt_hasher(salt: str) -> Hasher:
    """The hash of a ``b2:`` tombstone, whose salt is stored beside its prints."""
    return lambda normalized: salted(salt, normalized)


def key_hasher(key: bytes) -> Hasher:
    return lambda normalized: keyed(key, normalized)


def fingerprints_with(hasher: Hasher, text: str) -> dict[str, list[str]]:
    """What a tombstone keeps: the whole text's and each sentence's print."""
    return {
        "full": [hasher(normalize(text))],
        "sentences": sorted({hasher(s) for s in sentences(text)}),
    }


def matches_with(hasher: Hasher, prints: dict[str, list[str]], candidate: str) -> str | None:
    """Does ``candidate`` contain the fingerprinted text? Returns how it matched."""
    if hasher(normalize(candidate)) in set(prints.get("full", [])):
        return "full text"
    wanted = set(prints.get("sentences", []))
    if wanted:
        for sentence in sentences(candidate):
            if hasher(sentence) in wanted:
                return "quoted sentence"
    return None


def fingerprints(salt: str, text: str) -> dict[str, list[str]]:
    """Salted prints (the ``b2:`` scheme of older tombstones)."""
    return fingerprints_with(salt_hasher(salt), text)


def matches(salt: str, prints: dict[str, list[str]], candidate: str) -> str | None:
    return matches_with(salt_hasher(salt), prints, candidate)


def shingles(text: str, size: int = 3) -> set[str]:
    """Word n-grams of the normalised text, for near-duplicate similarity."""
    # ASCII: normalize() only lowers it and collapses white space, which no \w run spans.
    words = _SHINGLE_WORD.findall(text.lower() if text.isascii() else normalize(text))
    if len(words) < size:
        return {" ".join(words)} if words else set()
    # Each run of `size` consecutive words, joined in C.
    return set(map(" ".join, zip(*(words[i:] for i in range(size)), strict=False)))


def jaccard(a: set[str], b: set[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)
