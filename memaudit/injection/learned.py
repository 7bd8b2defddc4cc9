"""The learned text scorer for injected instructions: a complement to the patterns.

The patterns (``memaudit.injection.patterns``) name what they find, but a new phrasing of
an instruction passes them unseen. This is a logistic regression over the words, word
pairs and 4-character pieces of words of the text, fitted offline by
``python -m benchmarks.train_injection_model`` (deterministic: the same cases give the
same weights file; ``--check`` proves the committed file is what training gives). It
answers one question about the *text*: how much it reads like an instruction planted
for an agent. Where the text came from is not its business: ``engine._learned`` turns
the answer into a soft signal and ``provenance.assess`` weighs it by the source, as every
soft signal, so the user's own "always answer me in French" stays a preference and the
same sentence in a web page does not.

It was fitted as ``P(poison) = sigmoid(w·x + b) × source_weight`` — the product the check
uses — so the text score is not pushed down by the user's own preferences (their low
source weight already explains them).

Inference is pure Python over a small committed file of weights (``learned.json``): one
pass over the text's words, a remembered sum per word and a dictionary lookup per word
pair. Nothing is downloaded.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from memaudit.injection.remembered import Remembered

WEIGHTS = Path(__file__).with_name("learned.json")
FORMAT = 2
# How the check uses the probability p (chosen by the training script's cross-validation,
# never on held-out cases): a soft signal of weight ALPHA × p, none below FLOOR. Since the
# refit on rounds 1-8, ALPHA 0.7 and FLOOR 0.75 (were 0.8 and 0.7): the same F1 over the
# folds, and two clean real-store controls the refit read as planted stay quiet (a Claude
# Code index line "the user wants answers in French" at p 0.80, a sample's reflection
# "The assistant is cautious and always double-checks ..." at p 0.74). Kept for the refit
# on rounds 1-9 (cross-validated over rounds 5-9, README "Benchmarks").
ALPHA = 0.7
FLOOR = 0.75
# Fewer words than this (keys and hashes not counted) and the scorer says
# nothing: "Content-MD5: <hash>", "JWT header: <token>" or "Attachment preview (base64):
# <run>" is no sentence to judge (the scorer read such labels as poison), and a short
# instruction is the patterns' business.
MIN_WORDS = 4
_WORD = re.compile(r"[^\W\d_]{2,}")


def enough_words(text: str, runs: str | None = None) -> bool:
    """Whether the text has ``MIN_WORDS`` words once keys and hashes are left out (an
    address's words count: a markdown image beacon is judged). ``runs``: the text as
    ``without_runs`` gives it, if the caller has it."""
    low = without_runs(text) if runs is None else runs
    return any(n >= MIN_WORDS for n, _ in enumerate(_WORD.finditer(low), 1))


def without_runs(text: str) -> str:
    """What the scorer reads of a text (its first ``MAX_CHARS`` characters, lowered),
    keys, hashes and encoded runs left out."""
    return _as_runs(text[:MAX_CHARS].lower())


_TOKEN = re.compile(r"[^\W\d_]+|\d+|[^\w\s]")
# Addresses read as what they are, so "send it to <an address>" is one phrasing however
# the address is spelled.
_ADDRESS = re.compile(r"[a-z][a-z0-9+.-]{0,40}://\S+|(?<![\w.%+-])[\w.%+-]+@[\w-]+(?:\.[\w-]+)+")
_SENTENCE = re.compile(r"[.!?;]+(?=\s|$)|\n")
# Texts are scored on their first MAX_CHARS characters (a planted line in a long page is
# still found: each sentence counts on its own too, see ``score``).
MAX_CHARS = 4_000
MAX_WORD = 24  # longer runs (hashes, base64) give no character n-grams


@dataclass(frozen=True, slots=True)
class Config:
    """What the features are (recorded in the weights file, so training and inference
    always agree)."""

    words: bool = True
    bigrams: bool = True
    chars: tuple[int, ...] = (4,)
    skips: bool = False  # word pairs with one word between
    addresses: bool = False  # URLs and e-mail addresses as one token each
    runs: bool = False  # long runs of letters and digits (keys, hashes, base64) left out
    closed: bool = False  # the text's end closes its last sentence, full stop or not


# Round 15: "The cache layer is unreliable and should be replaced" scored p 0.77, the same
# sentence with its full stop 0.46: the scorer had learned that an unpunctuated ending is
# an instruction's. A text that ends in a word ends its last sentence there: read so, the
# full stop (or its absence) says nothing. A text ending in a colon, a quote or a bracket
# (once keys and hashes are left out: "Session token: <a JWT>") is left as it is.


def open_end(low: str) -> bool:
    """``low`` (as the scorer reads it, runs left out) ends in a word, with no full stop."""
    end = low.rstrip()
    return bool(end) and end[-1].isalnum()


def closed(low: str, cfg: Config) -> str:
    """``low`` as the scorer reads it: with ``cfg.closed``, a full stop after its last word
    when it ends in one."""
    if not cfg.closed or not open_end(_as_runs(low) if cfg.runs else low):
        return low
    return low.rstrip() + "."


def sentences(low: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of ``low``."""
    out, start = [], 0
    for m in _SENTENCE.finditer(low):
        if m.end() > start:
            out.append((start, m.end()))
        start = m.end()
    if start < len(low):
        out.append((start, len(low)))
    return out


def tokens(sentence: str, cfg: Config) -> list[str]:
    """The words of one (lowered) sentence, digits as ``0``."""
    return ["0" if t.isdigit() else t for t in _TOKEN.findall(_prepared(sentence, cfg))]


def _prepared(low: str, cfg: Config) -> str:
    if cfg.runs:
        low = _as_runs(low)
    if cfg.addresses:
        low = _as_addresses(low)
    return low


# A key, a hash or an encoded payload: its pieces ("kfifegbk", "8", "l", "+") are no words
# (round 6's false alarms on an MD5 header and an SSH key), and a placeholder for "a run
# was here" only taught the scorer that encoded text is poison (benign JWTs and base64
# previews flagged). What a payload says is decoded and judged by the patterns.
_RUN = re.compile(r"(?<![\w+/=-])(?=[\w+/=-]*\d)(?=[\w+/=-]*[a-z])[\w+/=-]{16,}")


def _as_runs(text: str) -> str:
    # A run is 16 characters without white space: a text with no word that long has none
    # (one split is cheaper than the regex's look at every position).
    if len(text) < 16 or max(map(len, text.split()), default=0) < 16:
        return text
    return _RUN.sub(" ", text)


def _as_addresses(text: str) -> str:
    if "://" not in text and "@" not in text:  # what every address has
        return text
    return _ADDRESS.sub(lambda m: " \x01url " if "://" in m.group() else " \x01mail ", text)


def word_features(token: str, cfg: Config) -> list[str]:
    """The features one word brings wherever it stands: itself and its character n-grams."""
    out = ["w" + token] if cfg.words else []
    if cfg.chars and 2 <= len(token) <= MAX_WORD and token.isalpha():
        padded = " " + token + " "
        for n in cfg.chars:
            out += ["c" + padded[i : i + n] for i in range(len(padded) - n + 1)]
    return out


def pair_features(toks: list[str], cfg: Config) -> list[str]:
    """Word pairs (with the sentence's start and end), and pairs one word apart."""
    out: list[str] = []
    if cfg.bigrams:
        out += ["b" + a + " " + b for a, b in zip(["^", *toks], [*toks, "$"], strict=True)]
    if cfg.skips:
        out += ["s" + a + " " + b for a, b in zip(toks, toks[2:], strict=False)]
    return out


def text_features(text: str, cfg: Config) -> list[tuple[str, int]]:
    """The features of ``text`` as the model counts them, with the index of the sentence
    each comes from: each distinct word of the text once (its features may repeat another
    word's character n-grams), each distinct pair once."""
    low = closed(text[:MAX_CHARS].lower(), cfg)
    words: set[str] = set()
    pairs: set[str] = set()
    out: list[tuple[str, int]] = []
    for k, (s, e) in enumerate(sentences(low)):
        toks = tokens(low[s:e], cfg)
        for t in toks:
            if t not in words:
                words.add(t)
                out += [(f, k) for f in word_features(t, cfg)]
        for f in pair_features(toks, cfg):
            if f not in pairs:
                pairs.add(f)
                out.append((f, k))
    return out


@dataclass(frozen=True, slots=True)
class Scored:
    """The text model's answer: its probability, the sentence that weighs most (offsets
    into the scored text) and the words and word pairs that weigh most toward poison."""

    probability: float
    start: int
    end: int
    top: tuple[str, ...]


WORD_CACHE = 100_000  # words whose summed weight is remembered (words recur across texts)
# ``may_reach`` skips the full score where its bound proves the score below the floor (off:
# every text is scored in full; the results are the same, the tests compare both).
PREFILTER = True
ROUNDING = 1e-9  # the bound sums in another order than the score: slack for the last bits


class Model:
    def __init__(self, data: dict[str, Any]) -> None:
        if data.get("format") != FORMAT:
            raise ValueError(f"injection model format {data.get('format')!r}, expected {FORMAT}")
        cfg: dict[str, Any] = dict(data["config"])
        cfg["chars"] = tuple(cfg.get("chars", ()))
        self.cfg = Config(**cfg)
        self.bias: float = data["bias"]
        self.weights: dict[str, float] = data["weights"]
        self.meta: dict[str, Any] = data.get("meta", {})
        self._words: Remembered[float] = Remembered(self._word, WORD_CACHE)
        self._units: Remembered[float] | None = None
        self._adjacent: dict[tuple[str, str], float] | None = None
        self._apart: dict[tuple[str, str], float] | None = None

    def may_reach(self, text: str, floor: float, runs: str | None = None) -> bool:
        """False only when ``score(text).probability < floor``, for certain, and mostly
        without the full score. ``runs``: the text as ``without_runs`` gives it, if the
        caller has it.

        The bound (``_stream``) reads the text's tokens once, as one stream, and looks
        up the word pairs it really holds (in C: sets and ``map``, no Python loop)."""
        low = text[:MAX_CHARS].lower()
        if self.cfg.runs:  # as ``_prepared`` does: runs, then addresses
            low = _as_runs(low) if runs is None else runs
            # Closed as ``closed`` closes the text: the same tokens (a run it leaves out
            # leaves white space only).
            if self.cfg.closed and open_end(low):
                low = low.rstrip() + "."
        else:
            low = closed(low, self.cfg)
        if self.cfg.addresses:
            low = _as_addresses(low)
        return _sigmoid(self._stream(_TOKEN.findall(low)) + ROUNDING) >= floor

    def _stream(self, toks: list[str]) -> float:
        """An upper bound of the score's sum from the text's tokens read as one stream.

        Read sentence by sentence (as ``score`` does) the tokens are the same, in the same
        order: a sentence ends after ``.!?;`` before white space, or after a line break,
        and neither the runs and addresses left out (``_prepared``) nor a token crosses
        white space or a line break. So every word pair of a sentence is a pair of the
        stream (adjacent or one apart), and a sentence's first and last words are words
        of the stream. The words count exactly (each distinct word once, as in the
        score); each distinct pair of the stream adds its weight if above 0; each word
        what it weighs above 0 after a sentence's start and before its end."""
        if any(map(str.isdigit, toks)):  # digit runs read "0", as in ``tokens``
            toks = ["0" if t.isdigit() else t for t in toks]
        if self._units is None:
            self._stream_tables()
        units, adjacent, apart = self._units, self._adjacent, self._apart
        assert units is not None and adjacent is not None and apart is not None
        z = self.bias + max(0.0, self.weights.get("b^ $", 0.0))  # a sentence of no words
        z += sum(map(units.__getitem__, set(toks)))
        if adjacent:
            pairs = set(zip(toks, toks[1:], strict=False))
            z += sum(map(adjacent.__getitem__, adjacent.keys() & pairs))
        if apart:
            pairs = set(zip(toks, toks[2:], strict=False))
            z += sum(map(apart.__getitem__, apart.keys() & pairs))
        return z

    def _stream_tables(self) -> None:
        """The word pairs whose weight is above 0, adjacent and one word apart, as (first
        word, second word); and per word, what it adds with the pairs at a sentence's
        edges (remembered as words are met)."""
        pairs: dict[str, dict[tuple[str, str], float]] = {"b": {}, "s": {}}
        # Each word as one string, however many pairs hold it (132k pairs of 14k words:
        # 13 MB less than a string per pair and side).
        same: dict[str, str] = {}
        for f, w in self.weights.items():
            if w > 0 and f[:1] in pairs and " " in f:
                a, b = f[1:].split(" ", 1)
                pairs[f[0]][(same.setdefault(a, a), same.setdefault(b, b))] = w
        self._adjacent = pairs["b"] if self.cfg.bigrams else {}
        self._apart = pairs["s"] if self.cfg.skips else {}
        self._units = Remembered(self._unit, WORD_CACHE)

    def _unit(self, token: str) -> float:
        """A word's weight, and what the pairs with a sentence's start and end add with it
        if above 0."""
        get = self.weights.get
        edges = 0.0
        if self.cfg.bigrams:
            edges = max(0.0, get("b^ " + token, 0.0)) + max(0.0, get("b" + token + " $", 0.0))
        return self.word(token) + edges

    def word(self, token: str) -> float:
        """What one word adds (itself and its character n-grams), remembered."""
        return self._words[token]

    def _word(self, token: str) -> float:
        get = self.weights.get
        return sum(get(f, 0.0) for f in word_features(token, self.cfg))

    def score(self, text: str) -> Scored:
        """``sigmoid(bias + Σ weights)`` over ``text_features`` (computed word by word)."""
        head = text[:MAX_CHARS]
        low = head.lower()
        same_length = len(low) == len(head)
        low = closed(low, self.cfg)
        bounds = sentences(low)
        get = self.weights.get
        z = self.bias
        per: list[float] = []
        contrib: dict[str, float] = {}
        words: set[str] = set()
        pairs: set[str] = set()
        for s, e in bounds:
            toks = tokens(low[s:e], self.cfg)
            part = 0.0
            for t in toks:
                if t not in words:
                    words.add(t)
                    w = self.word(t)
                    if w:
                        part += w
                        contrib[t] = w
            for f in pair_features(toks, self.cfg):
                if f not in pairs:
                    pairs.add(f)
                    w = get(f, 0.0)
                    if w:
                        part += w
                        contrib[f] = w
            per.append(part)
            z += part
        best = max(range(len(per)), key=per.__getitem__) if per else 0
        start, end = bounds[best] if bounds else (0, 0)
        end = min(end, len(head))  # the full stop ``closed`` added is not the text's
        if not same_length:  # lowering changed lengths: offsets would not map back
            start, end = 0, len(head)
        while start < end and low[start].isspace():
            start += 1
        while end > start and low[end - 1] in " \n.;!?":
            end -= 1
        top = tuple(
            _readable(f) for f, w in sorted(contrib.items(), key=lambda fw: -fw[1])[:4] if w > 0
        )
        return Scored(_sigmoid(z), start, end, top)


# The address placeholder (``_as_addresses``) as a person reads it: its control character
# would be shown as "⟨U+0001⟩" (lowercase words: no hidden character's marker).
_SHOWN = (("\x01 mail", "⟨an e-mail address⟩"), ("\x01 url", "⟨a URL⟩"), ("\x01", "⟨an address⟩"))


def _readable(piece: str) -> str:
    """A word as itself, a pair as its two words (the sentence's edges left out), an
    address's placeholder as words."""
    if piece[:1] in ("b", "s") and " " in piece:
        a, b = piece[1:].split(" ", 1)
        words = [w for w in (a, b) if w not in ("^", "$")]
        piece = (" … " if piece[0] == "s" else " ").join(words)
    if "\x01" in piece:
        for token, shown in _SHOWN:
            piece = piece.replace(token, shown)
    return "“" + piece + "”"


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@lru_cache(maxsize=1)
def model() -> Model:
    """The committed model (read once). Its 337k weights hold ~3k distinct values: each
    value is one float object (8 MB less than a float per weight)."""
    same: dict[str, float] = {}

    def number(text: str) -> float:
        value = same.get(text)
        if value is None:
            value = same[text] = float(text)
        return value

    return Model(json.loads(WEIGHTS.read_text(encoding="utf-8"), parse_float=number))
