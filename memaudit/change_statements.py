"""Change statements: a memory that says a value *changed* ("The team moved from poetry
to uv", "no longer uses Jenkins", "X replaced by Y", "now Y instead of X"), in the four
languages of the source articles (English, French, Italian, Spanish).

A change statement is evidence of which of two memories is newer: the one that says
"from X to Y" knows about X, the one that says only X does not. ``conflicts`` pairs it
with the memories that still state the old value (a *candidate* contradiction whose
candidate winner is the change statement; nothing is superseded without a person).

Every per-language pattern lives in ``PATTERNS`` below, one row per phrasing. A row is
a regular expression over normalised text (lower case, one space, straight
apostrophes) with the named groups ``old`` and/or ``new`` (the values, up to three
words) and optionally ``obj`` (what changed: "moved *the sprint meeting* from Monday
to Tuesday"). Rows of kind ``INSTEAD`` name only the old value; the new one is read
from the words just before the match ("now uses *uv* instead of poetry").

Bounded: only the first ``MAX_SCAN`` characters of a memory are read, a cheap
trigger search skips texts with no change word before any pattern runs, and every
repetition in the patterns is bounded.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from memaudit import fingerprint, regex_needs
from memaudit.qualifiers import _trie  # longer continuations tried first


class Kind(StrEnum):
    FROM_TO = "from_to"  # old and new named: "moved from X to Y", "X replaced by Y"
    NO_LONGER = "no_longer"  # only the old value: "no longer uses X"
    INSTEAD = "instead"  # new value just before: "now uses Y instead of X"
    TO = "to"  # only the new value: "switched to Y"
    NOW = "now"  # a verb and its new value: "now prefers Y" (the old value: what another
    # memory says with the same verb about the same subject)


@dataclass(frozen=True, slots=True)
class ChangeStatement:
    """One change a memory states. ``old`` / ``new``: the values (normalised text, up to
    three words), ``None`` when the statement does not name one."""

    old: str | None
    new: str | None
    kind: Kind
    language: str
    span: str  # the words that said it (normalised), for the evidence
    focus: frozenset[str]  # what changed: the object ("the sprint meeting") or subject
    verb: str | None = None  # NOW statements: the verb whose object changed ("prefers")


# A value: one to three words (names such as "node.js", "c++", "github actions"). Old
# values are lazy (stop at the first connector), new ones greedy then cut at a stop word.
_W = r"[^\W_][\w.+#/-]*"
_OLD = rf"(?P<old>{_W}(?: {_W}){{0,2}}?)"
_NEW = rf"(?P<new>{_W}(?: {_W}){{0,2}})"
_OBJ = r"(?: (?P<obj>[\w' -]{1,60}?))?"

# (language, kind, cues, pattern): the pattern is tried only on a text holding one of
# its cues (plain substrings: most texts are skipped without running a regex).
# {old}, {new}, {obj} in a pattern are replaced by the groups above.
PATTERNS: list[tuple[str, Kind, tuple[str, ...], str]] = [
    # -- English --
    ("en", Kind.FROM_TO, ('from',), r"\b(?:moved|migrated|switched|changed|transitioned|converted|ported|went|shifted|upgraded|downgraded|move|migrate|switch|moving|migrating|switching)\b{obj} from (?:the )?{old} (?:over )?(?:to|onto|into) (?:the )?{new}"),
    ("en", Kind.FROM_TO, ('replaced',), r"\breplaced (?:the )?{old} (?:with|by) (?:the )?{new}"),
    ("en", Kind.FROM_TO, ('replaced', 'superseded', 'swapped'), r"\b{old} (?:was|is|has been|have been|were|got|had been) (?:replaced|superseded|swapped out) (?:by|with|for) (?:the )?{new}"),
    ("en", Kind.FROM_TO, ('swapped',), r"\bswapped (?:out )?(?:the )?{old} (?:for|with) (?:the )?{new}"),
    ("en", Kind.FROM_TO, ('dropped', 'abandoned', 'ditched', 'left', 'stopped'), r"\b(?:dropped|abandoned|ditched|left|stopped using) (?:the )?{old} (?:for|in favou?r of|and (?:started|began|now) using) (?:the )?{new}"),
    ("en", Kind.FROM_TO, ('deprecated',), r"\b{old} (?:is|was|has been) deprecated in favou?r of (?:the )?{new}"),
    ("en", Kind.NO_LONGER, ('no longer',), r"\bno longer (?:(?:uses?|using|runs?|relies on|works? (?:with|on|at|in)|prefers?|likes?|wants?|needs?|deploys? (?:to|with|on)|builds? with|writes? in|codes? in|lives? in|is|are|on|in|at) )?(?:the )?{old}"),
    ("en", Kind.NO_LONGER, ('using',), r"\b(?:stopped|quit|stop) using (?:the )?{old}"),
    ("en", Kind.NO_LONGER, ('anymore', 'any more', 'any longer'), r"\b(?:doesn't|does not|don't|do not|isn't|is not|aren't|are not) (?:use |using |run |on |in )?(?:the )?{old} (?:anymore|any more|any longer)"),
    ("en", Kind.NO_LONGER, ('no longer',), r"\b{old} (?:is|are) no longer (?:used|needed|in use|supported)"),
    ("en", Kind.NO_LONGER, ('obsolete', 'deprecated', 'retired', 'gone', 'abandoned'), r"\b{old} (?:is|are) (?:now )?(?:obsolete|deprecated|retired|gone|abandoned)"),
    ("en", Kind.FROM_TO, ('now', 'these days', 'nowadays'), r"\b(?:now|these days|nowadays) (?:prefers?|likes?|wants?|uses?|drinks?|picks?|chooses?) (?:the )?{new} (?:over|to|rather than|instead of) (?:the )?{old}"),
    ("en", Kind.INSTEAD, ('instead', 'rather', 'in place'), r"\b(?:instead of|rather than|in place of) (?:the )?{old}"),
    ("en", Kind.TO, ('switched', 'moved', 'migrated', 'changed', 'converted', 'transitioned'), r"\b(?:switched|moved|migrated|changed|converted|transitioned) (?:over )?(?:to|onto) (?:the )?{new}"),
    # -- French --
    ("fr", Kind.FROM_TO, ('de ', "d'", 'du '), r"\b(?:passée?s?|migrée?s?|basculée?s?|changée?s?|déménagée?s?|passer|migrer|basculer|passons|migrons|passe|migre)\b{obj} (?:de |d'|du )(?:l'|la |le |les )?{old} (?:à |a |au |aux |vers |pour |sur )(?:l'|la |le |les )?{new}"),
    ("fr", Kind.FROM_TO, ('remplac',), r"\b{old} (?:a été|ont été|est|sont|a ete|fut) remplacée?s? par (?:l'|la |le |les )?{new}"),
    ("fr", Kind.FROM_TO, ('remplac',), r"\bremplacée?s? (?:l'|la |le |les )?{old} par (?:l'|la |le |les )?{new}"),
    ("fr", Kind.FROM_TO, ('abandonn', 'lâch', 'quitt'), r"\b(?:abandonnée?s?|lâchée?s?|quittée?s?) (?:l'|la |le |les )?{old} (?:pour|au profit de) (?:l'|la |le |les )?{new}"),
    ("fr", Kind.FROM_TO, ('utiliser',), r"\b(?:arrêté|cessé) d'utiliser (?:l'|la |le |les )?{old} et (?:commencé|commence) à utiliser (?:l'|la |le |les )?{new}"),
    ("fr", Kind.NO_LONGER, ('plus',), r"\bn'(?:utilise|utilisent|utilisons|emploie|emploient|est|sont|a|ont|aime|préfère|travaille)\w* plus (?:de |d'|du |le |la |les |l'|sur |avec |sous )?{old}"),
    ("fr", Kind.NO_LONGER, ('plus',), r"\bne (?:\w+ ){1,2}plus (?:de |d'|du |le |la |les |l'|sur |avec |sous )?{old}"),
    ("fr", Kind.NO_LONGER, ('utiliser',), r"\b(?:arrêté|cessé) d'utiliser (?:l'|la |le |les )?{old}"),
    ("fr", Kind.NO_LONGER, ('obsolète', 'abandonn', 'dépréci'), r"\b{old} (?:est|sont) (?:désormais |maintenant )?(?:obsolète|obsolètes|abandonnée?s?|dépréciée?s?)"),
    ("fr", Kind.FROM_TO, ('désormais', 'maintenant'), r"\b(?P<verb>préfère|préfèrent) (?:désormais|maintenant) (?:le |la |les |l')?{new} (?:au |aux |à la |à l'|plutôt que )(?:le |la |les |l')?{old}"),
    ("fr", Kind.INSTEAD, ('lieu', 'place', 'plutôt'), r"\b(?:au lieu d'|au lieu de |à la place d'|à la place de |plutôt que )(?:l'|la |le |les |du )?{old}"),
    ("fr", Kind.TO, ('pass', 'migr', 'bascul'), r"\b(?:passée?s?|migrée?s?|basculée?s?|migrez|migrons|migre) (?:à |a |au |vers |sur |sous )(?:l'|la |le |les )?{new}"),
    # -- Italian --
    ("it", Kind.FROM_TO, ('da ', 'dal', 'dai ', 'dagli ', "dall'"), r"\b(?:passat[oaie]|migrat[oaie]|cambiat[oaie]|spostat[oaie]|passare|migrare|passa|migra)\b{obj} (?:da |dal |dalla |dallo |dai |dagli |dall')(?:l')?{old} (?:a |ad |al |alla |allo |ai |agli |all'|verso |su )(?:l')?{new}"),
    ("it", Kind.FROM_TO, ('sostituit',), r"\b{old} (?:è stat[oa]|sono stat[ie]|fu|viene|venne) sostituit[oaie] (?:da|con|dal|dalla) (?:l')?{new}"),
    ("it", Kind.FROM_TO, ('sostituit',), r"\bsostituit[oaie] (?:il |lo |la |i |gli |le |l')?{old} (?:con|da) (?:il |lo |la |i |gli |le |l')?{new}"),
    ("it", Kind.FROM_TO, ('abbandonat', 'lasciat'), r"\b(?:abbandonat[oaie]|lasciat[oaie]) (?:il |lo |la |i |gli |le |l')?{old} (?:per|a favore di) (?:il |lo |la |i |gli |le |l')?{new}"),
    ("it", Kind.NO_LONGER, ('più',), r"\bnon (?:\w+ ){1,2}più (?:il |lo |la |i |gli |le |l'|con |su |in )?{old}"),
    ("it", Kind.NO_LONGER, ('smess',), r"\bsmess[oaie] di (?:usare|utilizzare) (?:il |lo |la |i |gli |le |l')?{old}"),
    ("it", Kind.NO_LONGER, ('obsolet', 'abbandonat', 'deprecat'), r"\b{old} (?:è|sono) (?:ormai |ora )?(?:obsolet[oaie]|abbandonat[oaie]|deprecat[oaie])"),
    ("it", Kind.FROM_TO, ('ora', 'adesso'), r"\b(?:ora|adesso) (?:preferisce|preferiscono|usa|usano) (?:il |lo |la |i |gli |le |l')?{new} (?:al |alla |allo |all'|ai |invece di |piuttosto che )(?:il |lo |la |l')?{old}"),
    ("it", Kind.INSTEAD, ('invece', 'posto'), r"\b(?:invece di |invece del |invece della |invece dello |invece dell'|al posto di |al posto del |al posto della |al posto dell')(?:l')?{old}"),
    ("it", Kind.TO, ('passat', 'migrat'), r"\b(?:passat[oaie]|migrat[oaie]) (?:a |ad |al |alla |all'|su |verso )(?:l')?{new}"),
    # -- Spanish --
    ("es", Kind.FROM_TO, ('de ',), r"\b(?:pasad[oa]s?|migrad[oa]s?|cambiad[oa]s?|mudad[oa]s?|pasó|migró|cambió|pasaron|migraron|cambiaron|pasamos|migramos|cambiamos)\b{obj} (?:de la |del |de )(?:los |las )?{old} (?:a la |al |a |hacia )(?:los |las )?{new}"),
    ("es", Kind.FROM_TO, ('reemplazad', 'sustituid'), r"\b{old} (?:fue|ha sido|fueron|han sido|es|se) (?:reemplazad[oa]s?|sustituid[oa]s?) (?:por|con) (?:el |la |los |las )?{new}"),
    ("es", Kind.FROM_TO, ('reemplaz', 'sustitu'), r"\b(?:reemplazó|reemplazamos|reemplazado|sustituyó|sustituimos|sustituido) (?:a )?(?:el |la |los |las )?{old} (?:por|con) (?:el |la |los |las )?{new}"),
    ("es", Kind.FROM_TO, ('abandon', 'dej'), r"\b(?:abandonó|abandonamos|abandonado|dejó|dejamos) (?:el |la |los |las )?{old} (?:por|en favor de) (?:el |la |los |las )?{new}"),
    ("es", Kind.NO_LONGER, ('ya no',), r"\bya no (?:\w+ )?(?:(?:con|en|el|la|los|las|a) )?{old}"),
    ("es", Kind.NO_LONGER, ('dej',), r"\bdej(?:ó|aron|amos|ado|é) de (?:usar|utilizar) (?:el |la |los |las )?{old}"),
    ("es", Kind.NO_LONGER, ('obsolet', 'abandonad'), r"\b{old} (?:es|está|son|están) (?:ya |ahora )?(?:obsolet[oa]s?|abandonad[oa]s?)"),
    ("es", Kind.FROM_TO, ('ahora', 'hoy en día'), r"\b(?:ahora|hoy en día) (?:prefiere|prefieren|usa|usan) (?:el |la |los |las )?{new} (?:al |a la |a los |a las |en lugar de |antes que )(?:el |la )?{old}"),
    ("es", Kind.INSTEAD, ('lugar', 'vez'), r"\b(?:en lugar de |en vez de |en lugar del |en vez del )(?:el |la |los |las )?{old}"),
    ("es", Kind.TO, ('pas', 'migr', 'cambi'), r"\b(?:pasad[oa]s?|migrad[oa]s?|cambiad[oa]s?|pasó|migró|cambió) (?:a la |al |a )(?:los |las )?{new}"),
    # -- a verb's new object, any language (after the rest: a fuller phrasing wins) --
    ("en", Kind.NOW, ('now', 'these days', 'nowadays'), r"\b(?:now|these days|nowadays) (?P<verb>prefers?|likes?|wants?|uses?|drinks?|runs?|lives? in|works? (?:at|for|in)) (?:the )?{new}"),
    ("fr", Kind.NOW, ('désormais', 'maintenant'), r"\b(?P<verb>préfère|préfèrent|utilise|utilisent|aime|aiment|boit|habite|travaille) (?:désormais|maintenant) (?:le |la |les |l'|du |de la |à |chez )?{new}"),
    ("it", Kind.NOW, ('ora', 'adesso'), r"\b(?:ora|adesso) (?P<verb>preferisce|preferiscono|usa|usano|beve|vive a|lavora (?:a|da|per)) (?:il |lo |la |i |gli |le |l')?{new}"),
    ("es", Kind.NOW, ('ahora', 'hoy en día'), r"\b(?:ahora|hoy en día) (?P<verb>prefiere|prefieren|usa|usan|bebe|vive en|trabaja (?:en|para)) (?:el |la |los |las )?{new}"),
]  # fmt: skip

# A text with no word starting with one of these holds no change statement (checked
# before any pattern runs).
TRIGGERS = tuple(
    """
    mov migr switch chang replac supersed instead rather place longer anymore stop quit
    swap drop abandon ditch left deprecat transition convert port went shift upgrad
    downgrad obsol retired gone using now nowadays days
    désormais maintenant ora adesso ahora
    pass bascul démén remplac plus lieu plutôt arrêt cess lâch quitt utiliser dépréc
    sostitu invece posto più smess spostat lasciat
    pasad pasó pasaron pasamos cambi mudad reemplaz sustitu ya lugar vez dej
    """.split()  # noqa: SIM905 (word lists read better as text)
)
_TRIGGER_HEADS = frozenset(t[:2] for t in TRIGGERS)

# Words that end a value ("to uv *for* packaging", "to Tuesday *last* week") and never
# make one; also ignored when judging what two memories are about.
STOP_WORDS = fingerprint.STOP_WORDS | frozenset(
    """
    a an the and or but of to for in on at by with as is are was were be been being it its
    this that these those we our us i my me you your he she they them their his her
    from into onto over under about after before since until while via than then there
    here which who what when where how not no so also just all any some each every
    now instead anymore longer last next week weeks month months year years yesterday
    today recently lately ago because due user users had has have
    comme come como avais avait avions avaient aveva avevo avevamo había habíamos
    use uses used using run runs running prefer prefers like likes
    le la les l un une des du de d au aux et ou mais pour dans en sur sous avec par ce
    cette ces cet son sa ses leur leurs nous vous ils elles il elle je j on qui que qu
    dont est sont été a ont avons ai plus ne n pas désormais maintenant depuis semaine
    mois année hier aujourd utilise utilisent utilisons
    il lo gli i le una uno di da dal dalla dello della al alla e ma per con su tra fra
    che è sono stato stata ha hanno abbiamo non più ora adesso ieri oggi scorsa scorso
    settimana mese anno usa usano utilizza utilizzano
    el los las unos unas del y o pero para con sin en desde hacia es son fue ha han
    hemos que ya no ahora ayer hoy pasada pasado semana mes año utiliza utilizan
    """.split()  # noqa: SIM905 (word lists read better as text)
)

# Words that make what follows an intention, not a change ("we plan to move from X to
# Y", "investigating a switch to Y", "on envisage de passer à Y"): such a text states
# no change. The audit's stale lock-in also reads them: an important investigation
# nobody returned to.
TENTATIVE = frozenset(
    """
    plan plans planning planned considering consider considers thinking think thinks
    might may could should would want wants wanted will going investigating investigate
    evaluating evaluate exploring explore trying try testing proposal proposed propose
    maybe perhaps possibly idea whether if
    envisage envisager envisageons prévoit prévoyons pense pensons pourrait pourrions
    devrait voudrait veut étudie étudions évalue évaluons teste testons peut-être si
    valuta valutando valutiamo pensa pensiamo pensando potrebbe dovrebbe vorrebbe vuole
    prevede studiando provando forse se
    planea planeamos piensa pensamos pensando podría debería quiere queremos evalúa
    evaluando estudia estudiando probando quizás tal vez
    """.split()  # noqa: SIM905 (word lists read better as text)
)
_TENTATIVE_STEMS = ("investigat", "évalu", "valut", "evalu", "étudi", "studi", "consider")

MAX_SCAN = 4000  # characters of a memory read for change statements
MAX_STATEMENTS = 4  # per memory

_COMPILED = [
    (
        lang,
        kind,
        cues,
        re.compile(pattern.replace("{old}", _OLD).replace("{new}", _NEW).replace("{obj}", _OBJ)),
    )
    for lang, kind, cues, pattern in PATTERNS
]
_TERM = re.compile(r"[^\W_][\w.+#/-]*")
_CUES = tuple(sorted({cue for _, _, cues, _ in PATTERNS for cue in cues}))
# Per cue, the places in _COMPILED of the patterns it lets run: a text is tried on the
# few patterns its cues name, not every pattern checked against them.
_PATTERNS_OF: dict[str, tuple[int, ...]] = {
    cue: tuple(k for k, (_, _, cues, _) in enumerate(PATTERNS) if cue in cues) for cue in _CUES
}


def _one_of(term: regex_needs.Term) -> frozenset[str] | None:
    """Strings one of which every match meeting ``term`` holds (None: none can be
    named — an alternative's need names none)."""
    if isinstance(term, frozenset):
        return term
    found = [_best(option) for option in term.options]
    if any(f is None for f in found):
        return None
    return frozenset().union(*(f for f in found if f is not None))


def _best(need: regex_needs.Need) -> frozenset[str] | None:
    """The need's most telling set of strings (``_rank``), if it names one."""
    sets = [s for s in map(_one_of, need) if s]
    return min(sets, key=_rank) if sets else None


def _rank(clause: Iterable[str]) -> tuple[int, int, tuple[str, ...]]:
    """Clauses that rule most texts out first (the least first): long strings, few of
    them; ties in the strings' order (the same gate in every process)."""
    strings = tuple(sorted(clause))
    return -min(map(len, strings)), len(strings), strings


def _gate(rx: re.Pattern[str]) -> tuple[tuple[str, ...], ...]:
    """A pattern's most telling needs (``regex_needs``), each as the strings one of which
    a text must hold for the pattern to match it (none: it may match any text)."""
    clauses = {tuple(sorted(s)) for s in map(_one_of, regex_needs.needs(rx)) if s}
    return tuple(sorted(clauses, key=_rank)[:_GATE_CLAUSES])


_GATE_CLAUSES = 3  # per pattern: its few most telling needs rule out nearly all texts
# Per pattern (its place in _COMPILED): what a text holds if the pattern matches it. The
# cues choose which patterns to try; a pattern whose gate the text fails cannot match
# it and is not run (most texts holding a cue hold no change statement).
_GATES = [_gate(rx) for _, _, _, rx in _COMPILED]
# Cues with white space, and per cue without: the patterns of every cue inside it.
_SPACED_CUES = [(c, _PATTERNS_OF[c]) for c in _CUES if any(ch.isspace() for ch in c)]
_UNSPACED_CUES = tuple(c for c in _CUES if not any(ch.isspace() for ch in c))
_PATTERNS_WITHIN = {
    c: frozenset(k for d in _UNSPACED_CUES if d in c for k in _PATTERNS_OF[d])
    for c in _UNSPACED_CUES
}
_CUE_SCAN = re.compile("(?=(" + _trie(_UNSPACED_CUES) + "))")  # longest cue first
_WORDS_REMEMBERED = 1 << 16  # distinct words whose trigger and cues are remembered
_SENTENCE_END = re.compile(r"[.!?;:](?:\s|$)")
# The words just before "instead of" must show a present choice ("now uses Y instead
# of X"), not prose ("four facts instead of three observations").
_INSTEAD_CUES = frozenset(
    """
    now uses use using prefers prefer runs run relies chose chosen picked
    désormais maintenant utilise utilisent utilisons préfère choisi
    ora adesso usa usano utilizza utilizzano preferisce scelto
    ahora usa usan utiliza utilizan prefiere elegido
    """.split()  # noqa: SIM905 (word lists read better as text)
)


def normalise(text: str) -> str:
    """Lower case, straight apostrophes, one space: the text the patterns read."""
    text = text[:MAX_SCAN].lower().replace("\u2019", "'").replace("\u02bc", "'")
    return " ".join(text.split())


def terms(text: str) -> frozenset[str]:
    """Content words of a (normalised) text: no stop words, no bare numbers, a plural
    ``s`` and a possessive ``'s`` dropped."""
    out = set()
    for w in _TERM.findall(text.replace("'", " ")):
        w = w.rstrip(".-/")
        if not w or w in STOP_WORDS or w.replace(".", "").isdigit() or len(w) < 2:
            continue
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.add(w)
    return frozenset(out)


def _value(raw: str | None) -> str | None:
    """Cut a captured value at its first stop word and trailing punctuation."""
    if not raw:
        return None
    kept = []
    for word in raw.split():
        if word in STOP_WORDS:
            break
        kept.append(word.rstrip(".,-/"))
    value = " ".join(w for w in kept if w)
    return value or None


def _value_before(text: str, end: int) -> str | None:
    """The new value of an INSTEAD statement: up to three words just before ``end``,
    walking back to the first stop word; None unless a cue shows a present choice."""
    words = text[max(0, end - 120) : end].split()
    kept: list[str] = []
    for word in reversed(words):
        w = word.strip(",")
        if not w or w in STOP_WORDS or len(kept) == 3 or not _TERM.fullmatch(w):
            break
        kept.append(w)
    if not kept:
        return None
    before = words[max(0, len(words) - len(kept) - 4) : len(words) - len(kept)]
    if not _INSTEAD_CUES.intersection(w.strip(",") for w in before):
        return None
    return " ".join(reversed(kept))


def is_tentative(words: list[str]) -> bool:
    """Whether these words (lower case) announce an intention or an investigation."""
    return any(w.strip(",'") in TENTATIVE or w.startswith(_TENTATIVE_STEMS) for w in words)


def _sentence_start(text: str, at: int) -> int:
    start = 0
    for m in _SENTENCE_END.finditer(text, 0, at):
        start = m.end()
    return start


@functools.lru_cache(maxsize=_WORDS_REMEMBERED)
def _trigger_word(w: str) -> bool:
    return w[:2] in _TRIGGER_HEADS and w.startswith(TRIGGERS)


def _triggered(low: str) -> bool:
    # Each distinct word judged once (``map`` reads the remembered ones in C).
    return any(map(_trigger_word, low.replace("'", " ").replace("\u2019", " ").split()))


@functools.lru_cache(maxsize=_WORDS_REMEMBERED)
def _word_patterns(word: str) -> frozenset[int]:
    """The patterns (places in _COMPILED) whose cues without white space ``word``
    holds: the longest cue starting at each place, and every cue inside it."""
    return frozenset().union(*map(_PATTERNS_WITHIN.__getitem__, _CUE_SCAN.findall(word)))


def _cued(low: str) -> list[int]:
    """The patterns whose cues ``low`` holds, in their order. A cue without white space
    lies inside one of the text's words: each distinct word is read once (remembered);
    the few cues with a space are looked for in the whole text."""
    found = set().union(*map(_word_patterns, low.split()))
    for cue, places in _SPACED_CUES:
        if cue in low:
            found.update(places)
    return sorted(found)


def triggered(text: str) -> bool:
    """Whether ``text`` holds a trigger word: without one, ``parse`` finds nothing."""
    return _triggered(text[:MAX_SCAN].lower())


def _holds(low: str, gate: tuple[tuple[str, ...], ...]) -> bool:
    """Whether ``low`` holds one string of each of the gate's clauses."""
    for clause in gate:
        for s in clause:
            if s in low:
                break
        else:
            return False
    return True


def parse(text: str) -> list[ChangeStatement]:
    """The change statements in ``text`` (at most ``MAX_STATEMENTS``), first found first."""
    if not triggered(text):
        return []
    low = normalise(text)
    found: list[ChangeStatement] = []
    taken: list[tuple[int, int]] = []
    # The patterns whose cues the text holds, in their order.
    for k in _cued(low):
        if len(found) >= MAX_STATEMENTS:
            break
        if not _holds(low, _GATES[k]):
            continue  # this pattern cannot match the text
        lang, kind, _, rx = _COMPILED[k]
        for m in rx.finditer(low):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue  # a longer phrasing of the same words matched first
            groups = m.groupdict()
            old = _value(groups.get("old"))
            if kind is Kind.INSTEAD:
                new = _value_before(low, m.start())
                if new is None:
                    continue
            else:
                new = _value(groups.get("new"))
            if old is None and kind not in (Kind.TO, Kind.NOW):
                continue
            if new is None and kind in (Kind.TO, Kind.NOW):
                continue
            if old is not None and old == new:
                continue
            start = _sentence_start(low, m.start())
            if is_tentative(low[max(start, m.start() - 60) : m.start()].split()[-5:]):
                continue  # "we plan to move from X to Y": an intention
            obj = groups.get("obj")
            if obj:
                focus = terms(obj)
            else:
                focus = terms(low[start : m.start()])
            if kind is Kind.INSTEAD:
                focus = focus - terms(new or "")
            end = m.end()
            if groups.get("new") and new:
                end = m.start("new") + low[m.start("new") :].find(new) + len(new)
            verb = groups.get("verb") if kind is Kind.NOW else None
            found.append(ChangeStatement(old, new, kind, lang, low[m.start() : end], focus, verb))
            taken.append((m.start(), m.end()))
            if len(found) >= MAX_STATEMENTS:
                break
    # "now uses uv instead of poetry": the fuller statement names the old value too.
    named = {c.new for c in found if c.kind is not Kind.NOW}
    return [c for c in found if c.kind is not Kind.NOW or c.new not in named]


def contains_value(text: str, value: str) -> bool:
    """Whether normalised ``text`` names ``value`` as whole words."""
    return re.search(rf"(?<![\w.+#/-]){re.escape(value)}(?![\w+#/-]|\.\w)", text) is not None


def old_value_for(statement: ChangeStatement, text: str) -> str | None:
    """For a NOW statement ("now prefers coffee"): the value ``text`` (normalised) gives
    after the same verb ("prefers *tea* over coffee"), if it is another value."""
    if statement.verb is None or statement.new is None:
        return None
    stem = statement.verb.split()[0][:5]
    rest = " ".join(statement.verb.split()[1:])
    after = rf" {re.escape(rest)}" if rest else ""
    m = re.search(
        rf"(?<![\w'])(?<!now )(?<!days )(?<!ora )(?<!ahora )({re.escape(stem)}\w*{after}) "
        rf"(?:(?:the|a|an|le|la|les|l'|il|lo|el|los|las|du|de la) )?({_W})",
        text,
    )
    if m is None:
        return None
    old = _value(m.group(2))
    if old is None or old == statement.new or old in statement.new.split():
        return None
    return old


def states_preference_over(text: str, old: str, new: str) -> bool:
    """Whether ``text`` ranks ``old`` above ``new`` ("tea over coffee", "tea rather than
    coffee"): naming both values, it still states the old choice."""
    return (
        re.search(
            rf"(?<![\w]){re.escape(old)} (?:over|rather than|instead of|more than|to|"
            rf"plutôt que|au|à la|invece di|piuttosto che|al|alla|en lugar de|antes que|a la) "
            rf"(?:the |le |la |il |el )?{re.escape(new)}(?![\w])",
            text,
        )
        is not None
    )
