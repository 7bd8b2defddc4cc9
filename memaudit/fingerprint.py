"""Normalising text and fingerprinting it without keeping it.

Tombstones and verification need to recognise forgotten content later — the same
text staged again, or one sentence of it quoted inside a longer memory — without
storing the content. So a tombstone keeps *salted* hashes of the normalised text and
of each of its sentences; the salt is per tombstone, so the hashes cannot be compared
across stores or looked up in a table of common phrases.

Hashes carry an algorithm tag (``b2:``) so the scheme can change later.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata

ALGO = "b2"
# Sentences shorter than this many words are too common to be evidence of a quote.
MIN_SENTENCE_WORDS = 4

_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]")
_SPACES = re.compile(r"\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\n+")


def normalize(text: str) -> str:
    """NFKC, invisible characters dropped, case folded, whitespace collapsed."""
    text = unicodedata.normalize("NFKC", text)
    text = _INVISIBLE.sub("", text)
    return _SPACES.sub(" ", text.casefold()).strip()


def sentences(text: str) -> list[str]:
    """Normalised sentences long enough to identify a quote."""
    out = []
    for part in _SENTENCE_END.split(text):
        norm = normalize(part).rstrip(".!?;:")
        if len(norm.split()) >= MIN_SENTENCE_WORDS:
            out.append(norm)
    return out


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


def fingerprints(salt: str, text: str) -> dict[str, list[str]]:
    """What a tombstone keeps: the whole text's and each sentence's salted hash."""
    return {
        "full": [salted(salt, normalize(text))],
        "sentences": sorted({salted(salt, s) for s in sentences(text)}),
    }


def matches(salt: str, prints: dict[str, list[str]], candidate: str) -> str | None:
    """Does ``candidate`` contain the fingerprinted text? Returns how it matched."""
    if salted(salt, normalize(candidate)) in set(prints.get("full", [])):
        return "full text"
    wanted = set(prints.get("sentences", []))
    if wanted:
        for sentence in sentences(candidate):
            if salted(salt, sentence) in wanted:
                return "quoted sentence"
    return None


def shingles(text: str, size: int = 3) -> set[str]:
    """Word n-grams of the normalised text, for near-duplicate similarity."""
    words = re.findall(r"\w+", normalize(text))
    if len(words) < size:
        return {" ".join(words)} if words else set()
    return {" ".join(words[i : i + size]) for i in range(len(words) - size + 1)}


def jaccard(a: set[str], b: set[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)
