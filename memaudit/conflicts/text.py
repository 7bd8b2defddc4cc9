"""What a text says for contradiction checks: the slot lexicon, the subject words, the
change words and statements (``features``, cached per text)."""

from __future__ import annotations

import functools
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from itertools import chain

from memaudit import change_statements
from memaudit.change_statements import ChangeStatement

# slot → {surface form: canonical value}. Multi-word forms are matched as phrases.
LEXICON: dict[str, dict[str, str]] = {
    "package manager": {
        "pip": "pip", "poetry": "poetry", "uv": "uv", "pipenv": "pipenv", "conda": "conda",
        "pdm": "pdm", "hatch": "hatch", "rye": "rye", "npm": "npm", "yarn": "yarn",
        "pnpm": "pnpm",
    },
    "database": {
        "postgresql": "postgresql", "postgres": "postgresql", "mysql": "mysql",
        "mariadb": "mariadb", "sqlite": "sqlite", "sqlite3": "sqlite", "mongodb": "mongodb",
        "mongo": "mongodb", "redis": "redis", "duckdb": "duckdb", "clickhouse": "clickhouse",
        "oracle": "oracle", "dynamodb": "dynamodb", "cassandra": "cassandra",
        "sql server": "sql server", "mssql": "sql server",
    },
    "editor": {
        "vim": "vim", "neovim": "neovim", "nvim": "neovim", "emacs": "emacs",
        "vscode": "vscode", "vs code": "vscode", "helix": "helix", "pycharm": "pycharm",
        "zed": "zed", "sublime": "sublime", "intellij": "intellij",
    },
    "language": {
        "python": "python", "rust": "rust", "golang": "go", "typescript": "typescript",
        "javascript": "javascript", "kotlin": "kotlin", "elixir": "elixir", "java": "java",
        "zig": "zig", "ruby": "ruby", "php": "php", "scala": "scala", "swift": "swift",
    },
    "runtime": {"node.js": "node", "nodejs": "node", "bun.js": "bun", "bun": "bun", "deno": "deno"},
    "ci": {
        "github actions": "github actions", "gitlab ci": "gitlab ci", "jenkins": "jenkins",
        "circleci": "circleci", "buildkite": "buildkite", "drone": "drone",
        "travis": "travis",
    },
    "cloud": {
        "aws": "aws", "gcp": "gcp", "azure": "azure", "hetzner": "hetzner",
        "fly.io": "fly.io", "vercel": "vercel", "heroku": "heroku", "netlify": "netlify",
        "digitalocean": "digitalocean",
    },
    "os": {
        "linux": "linux", "macos": "macos", "windows": "windows", "ubuntu": "ubuntu",
        "debian": "debian", "fedora": "fedora",
    },
    "shell": {"bash": "bash", "zsh": "zsh", "fish": "fish"},
    "theme": {
        "solarized": "solarized", "gruvbox": "gruvbox", "nord": "nord", "dracula": "dracula",
        "dark": "dark", "light": "light",
    },
}  # fmt: skip
TIMEZONE = re.compile(r"^(?:utc|gmt|[a-z]+/[a-z_]+)$")
_UTC = ("utc", "gmt")  # TIMEZONE matches only these and words with a "/": asked first
CHANGE_MARKERS = {
    "moved", "migrated", "switched", "replaced", "replacing", "instead", "dropped",
    "abandoned", "deprecated", "longer", "anymore", "now", "changed", "stopped",
}  # fmt: skip
STOPWORDS = set(
    ["a", "an", "the", "and", "or", "but", "of", "to", "for", "from", "in", "on", "at", "by", "with", "as", "is", "are", "was", "were", "be", "been", "being", "it", "its", "this", "that", "these", "those", "we", "our", "us", "i", "my", "me", "you", "your", "he", "she", "they", "them", "their", "uses", "use", "using", "used", "has", "have", "had", "do", "does", "did", "will", "would", "should", "can", "could", "may", "might", "not", "no", "yes", "so", "very", "also", "just", "all", "any", "some", "each", "every", "than", "then", "there", "here", "which", "who", "what", "when", "where", "how", "into", "onto", "over", "under", "about", "after", "before", "since", "until", "while", "via", "user", "users"]
)  # fmt: skip
WORD = re.compile(r"[^\W_][\w./+#-]*")

# LEXICON values that are also ordinary words: a bare "switched from light to dark mode"
# says nothing about a memory that merely contains "light".
ORDINARY_WORDS = frozenset({"light", "dark", "nord", "drone", "fish", "rust", "go", "zed"})

_PHRASES = {
    slot: sorted((f for f in forms if " " in f), key=len, reverse=True)
    for slot, forms in LEXICON.items()
}
_SURFACE = {w for forms in LEXICON.values() for f in forms for w in f.split()}
# Each phrase with the spaces that make it a whole-word match in a padded text.
_PADDED = {slot: [(p, f" {p} ") for p in phrases] for slot, phrases in _PHRASES.items()}
# One-word form → its (slot, canonical value)s, in LEXICON's order: one lookup a word.
_FORMS: dict[str, list[tuple[str, str]]] = defaultdict(list)
for _slot, _forms in LEXICON.items():
    for _form, _value in _forms.items():
        if " " not in _form:
            _FORMS[_form].append((_slot, _value))


# Words never in a subject (the stop words, the slot values, the change words).
_NOT_SUBJECT = frozenset(STOPWORDS | _SURFACE | CHANGE_MARKERS)


@dataclass(slots=True)
class Features:
    values: dict[str, frozenset[str]]  # slot → canonical values named
    subject: frozenset[str]  # the other content words
    markers: list[str]  # change words ("moved", "migrated", ...)
    # Every distinct word, for finding who names a value: a tuple, as a large store holds
    # one per distinct text and a frozenset takes several times the room.
    words: tuple[str, ...] = ()
    changes: tuple[ChangeStatement, ...] = ()  # what the text says changed


_TRAILING = ".,;:!?-"  # cut from a word's end (a word starts with a letter or digit)


def tokens(text: str) -> list[str]:
    return [w.rstrip(_TRAILING) for w in WORD.findall(text.lower())]


def lexicon_value(value: str) -> tuple[str, str] | None:
    """(slot, canonical value) of a value named by a change statement, if LEXICON knows it."""
    for slot, forms in LEXICON.items():
        if value in forms:
            return slot, forms[value]
    return None


def _apply_changes(values: dict[str, set[str]], changes: list[ChangeStatement]) -> None:
    """What a change statement leaves behind: the old value no longer holds, so "moved
    from poetry to uv" names only uv in its slot (and "no longer uses pip" nothing)."""
    for change in changes:
        old = lexicon_value(change.old) if change.old else None
        if old is None:
            continue
        slot, canonical = old
        new = lexicon_value(change.new) if change.new else None
        if new is not None and new[1] == canonical:
            continue
        values.get(slot, set()).discard(canonical)
        if slot in values and not values[slot]:
            del values[slot]


_WORDS_REMEMBERED = 1 << 16  # distinct words whose form and kind are remembered
# Multi-word forms: (slot, the phrase padded with spaces, its canonical value).
_PHRASE_FORMS = [
    (slot, padded, LEXICON[slot][phrase])
    for slot, phrases in _PADDED.items()
    for phrase, padded in phrases
]


@functools.lru_cache(maxsize=_WORDS_REMEMBERED)
def _run_words(run: str) -> tuple[str, ...]:
    """The words (``tokens``, interned) of a run of text without white space. A word
    never holds white space, so a text's words are its runs' words in turn: a large
    store repeats the same few thousand runs, each read once."""
    return tuple([sys.intern(w.rstrip(_TRAILING)) for w in WORD.findall(run)])


@functools.lru_cache(maxsize=_WORDS_REMEMBERED)
def _subject_word(w: str) -> bool:
    """Whether a word may be a subject word: not a stop, slot or change word, nor a
    single character or a number."""
    return w not in _NOT_SUBJECT and len(w) > 1 and not w.replace(".", "").isdigit()


@functools.lru_cache(maxsize=8192)
def features(text: str) -> Features:
    """What a text says for contradiction checks (cached: every stage compares the new
    memory with the same few hundred newest ones; callers never change the result)."""
    # ``tokens``, interned (``map`` reads the remembered runs in C).
    words = list(chain.from_iterable(map(_run_words, text.lower().split())))
    ordered = dict.fromkeys(words)
    distinct = ordered.keys()  # what is looked up below: sets, whatever the order
    lowered = " " + " ".join(words) + " "
    found: dict[str, set[str]] = defaultdict(set)
    for w in distinct & _FORMS.keys():
        for slot, value in _FORMS[w]:
            found[slot].add(value)
    for slot, padded, value in _PHRASE_FORMS:
        if padded in lowered:
            found[slot].add(value)
    # Slots in LEXICON's order, as ``find`` builds its blocks in this order.
    values: dict[str, set[str]] = defaultdict(set)
    if found:
        for slot in LEXICON:
            if slot in found:
                values[slot] = found[slot]
    # Only a text with a "/" or a whole word utc/gmt can name one (most texts: no word
    # is looked at).
    zones = (
        {w for w in distinct if ("/" in w or w in _UTC) and TIMEZONE.match(w)}
        if "/" in lowered or " utc " in lowered or " gmt " in lowered
        else set()
    )
    if zones:
        values["timezone"] = zones
    changes = change_statements.parse(text)
    if changes:
        _apply_changes(values, changes)
    markers = [] if distinct.isdisjoint(CHANGE_MARKERS) else sorted(distinct & CHANGE_MARKERS)
    subject = frozenset(filter(_subject_word, distinct))
    if zones:
        subject -= zones
    return Features(
        {k: frozenset(v) for k, v in values.items()},
        subject,
        markers,
        tuple(ordered),
        tuple(changes),
    )


def stems(words: frozenset[str]) -> frozenset[str]:
    """Words cut to five letters: "tracking" and "tracked", "progetto" and "progetti"
    are one."""
    return frozenset(w[:5] for w in words)
