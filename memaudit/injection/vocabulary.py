"""The regex builders and the shared vocabulary of the pattern tables (orders, the
agent, verbs of behaviour, standing-rule openers) in the five languages."""

from __future__ import annotations

import re

from memaudit.injection.lazy import lazy


def _rx(pattern: str) -> re.Pattern[str]:
    """Patterns are matched against the *lowercased* text (faster than IGNORECASE), so
    they are written in lower case; ``_ci`` gives the case-insensitive twin for the rare
    text whose lowercase form has another length (offsets must stay the same). Compiled
    on first use (``lazy``): the prefilter reads sources, and rules most patterns out."""
    return lazy(pattern, re.MULTILINE)


_CI: dict[re.Pattern[str], re.Pattern[str]] = {}
# Patterns that count more than their kind's base weight.
_PATTERN_WEIGHT: dict[re.Pattern[str], float] = {}


def _w(weight: float, rx: re.Pattern[str]) -> re.Pattern[str]:
    _PATTERN_WEIGHT[rx] = weight
    return rx


# Patterns gated by anchors of their own (not their kind's): costly patterns that only
# a few words can start.
_OWN_ANCHORS: dict[re.Pattern[str], str] = {}


def _a(anchors: str, rx: re.Pattern[str]) -> re.Pattern[str]:
    _OWN_ANCHORS[rx] = anchors
    return rx


def _ci(rx: re.Pattern[str]) -> re.Pattern[str]:
    if rx not in _CI:
        _CI[rx] = re.compile(rx.pattern, rx.flags | re.IGNORECASE)
    return _CI[rx]


def _split(text: str) -> list[str]:
    """Words of a space-separated list (kept as prose: easier to read and extend)."""
    return text.split()


# Any character of one sentence: a dot before a letter or a digit ends none ("an
# x@sicher-bank.de", "unter 2.000 €"). Bounded by the caller ({0,40}?).
_IN_SENTENCE = r"(?:[^.!?;\n]|\.(?=\w))"
# (round 47) The same, with no negation word crossed: an act whose negation sits inside
# the match ("if you miss a dose, take it the same day — never take a double dose")
# is the prohibition, which the engine's negation (read before a hit) cannot see.
_NEGATION_WORD = (
    r"(?:never|not|don't|jamais|ne|pas|mai|non|nunca|nie|niemals|nicht|keinesfalls|kein\w*)"
)
_IN_UNNEGATED = rf"(?:(?!\b{_NEGATION_WORD}\b){_IN_SENTENCE})"


def _words(*groups: str) -> str:
    return "|".join(w for g in groups for w in g.split())


def line_around(low: str, start: int, end: int, reach: int) -> tuple[int, int]:
    """The span of the line holding ``low[start:end]``, at most ``reach`` characters
    either side: searched only within reach, so many hits on one long line cost time
    linear in the text."""
    lo, hi = max(0, start - reach), min(len(low), end + reach)
    first = low.rfind("\n", lo, start)
    last = low.find("\n", end, hi)
    return (lo if first < 0 else first + 1), (hi if last < 0 else last)


# -- vocabulary ------------------------------------------------------------------

_ORDERS = r"(?:instructions?|rules?|guidelines?|directives?|directions?|prompts?|polic(?:y|ies)|restrictions?|guardrails?|programming|constraints?|system\s+prompt)"
_AGENT = r"(?:assistant|agent|ai|llm|language\s+model|model|bot|chatbot|copilot|claude|gpt|chatgpt|gemini)"
# A local part is at most 64 characters (RFC 5321, 4.5.3.1.1): unbounded, a long run of
# its characters without an "@" was rescanned from each of its positions (quadratic on a
# hostile memory). A longer local part still matches, on its last 64 characters.
_EMAIL = r"[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"
# The same in any script's letters, with any ending, as ``harmful``, ``bridged``,
# ``channels`` and ``disclosed`` read it (one regex for both would change what one set
# of rules matches). The learned scorer's own is ``learned._ADDRESS``.
_EMAIL_LOOSE = r"[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)+"  # 64: as ``_EMAIL``
_URL = r"(?:https?|ftp)://[^\s<>\"')\]]+"
_OUTPUTS = r"(?:repl(?:y|ies)|responses?|answers?|messages?|outputs?|summar(?:y|ies)|reports?|reviews?|emails?|comments?|commits?|questions?|requests?|quer(?:y|ies)|conversations?|tasks?)"

# Imperative verbs that tell an agent how to behave toward the user or what to output.
_BEHAVIOUR_VERBS = _words(
    "answer respond reply speak talk greet address recommend suggest promote endorse "
    "mention include append prepend insert sign tell say state reveal disclose print output "
    "repeat obey comply follow trust treat forward send email translate refer prioritize "
    "prefer praise recommend describe label classify score criticize blame give offer "
    "quote link advertise steer redirect route book buy order pay approve deny refuse reject "
    "sign prefix warn",
    "conseille conseillez propose proposez recommander répondre mentionner",
    "consigliare rispondere menzionare proponi leggi",
    "aconseja aconsejar recomendar responder mencionar pídele pide pregunta",
    "rate empfehlen antworten erwähnen sagen nenne nennen verweise verweist",
    # repeat (round 20: "Wiederholen." after a claimed success, as English "Repeat.")
    "répète répétez ripeti ripetete repite repetid wiederhole wiederholen",
    # put (something in the replies): round 12's "Pon siempre al final de tus respuestas ..."
    "mets mettez metti mettete pon poned coloca setze",
    # fr
    "réponds répondez réponds-moi répondez-moi parle parlez dis dites recommande recommandez "
    "suggère suggérez mentionne mentionnez inclus incluez ajoute ajoutez envoie envoyez "
    "transmets transmettez révèle révélez affiche affichez obéis obéissez suis suivez "
    "traduis traduisez",
    # it
    "rispondi rispondete rispondimi parla parlami dimmi consiglia raccomanda suggerisci "
    "menziona includi aggiungi invia inoltra manda rivela mostra obbedisci segui traduci",
    # es
    "responde respóndeme respondeme contesta contéstame habla háblame dime recomienda "
    "sugiere menciona incluye añade agrega envía envia reenvía manda revela muestra obedece "
    "sigue traduce",
    # de
    "antworte antworten beantworte sprich sag sage empfiehl empfehle erwähne füge sende "
    "schicke leite verrate zeige gehorche befolge übersetze",
)
_GENERIC_VERBS = _words(
    "ask run rerun re-run execute delete remove use install restart check open click set create make update "
    "copy move save store keep add call do go try avoid ensure stop start disable enable "
    "grant skip approve accept download push commit merge deploy write ignore forget show display hide "
    "disregard drop clear wipe reset format upload post share proceed close begin end finish",
    "utilise utilisez exécute exécutez supprime supprimez enregistre sauvegarde garde "
    "ignore ignorez oublie oubliez écris écrivez",
    "usa utilizza esegui elimina cancella salva ricorda memorizza ignora dimentica scrivi",
    "usa utiliza ejecuta elimina borra guarda recuerda ignora olvida escribe",
    "benutze verwende nutze führe lösche entferne speichere merke ignoriere vergiss schreibe",
    # grant, give, share, make, switch off
    "erlaube gib gewähre teile mach lade deaktiviere autorise autorisez donne donnez partage "
    "partagez rends désactive permetti concedi condividi rendi disattiva permite concede "
    "comparte desactiva",
)
_ALWAYS = r"(?:always|never|toujours|jamais|sempre|mai|siempre|nunca|immer|niemals|nie)"
_OPENERS = r"henceforth|from\s+now\s+on|going\s+forward|from\s+today(?:\s+on)?|in\s+(?:the\s+)?future|next\s+time|désormais|dorénavant|à\s+partir\s+de\s+maintenant|d'ora\s+in\s+(?:poi|avanti)|da\s+ora\s+in\s+poi|a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+adelante|ab\s+sofort|ab\s+jetzt|von\s+nun\s+an|künftig"
_LEAD = (
    r"(?:(?:please|kindly|also|and|then|just|now|so|first|bitte|s'il\s+te\s+plaît|per\s+favore|"
    r"por\s+favor|et|e|y|und|puis|poi|luego|dann|" + _OPENERS + r"),?\s+)*"
)
# Matched at each sentence start (``_sentence_bounds``). The bullets' own space inside
# their group: two runs of \s* side by side backtracked in quadratic time on a hostile run
# of spaces (the same strings match).
_START = r"\s*(?:[-*•>]+\s*)?"

_CLAUSE = _rx(
    r"\b(?:when(?:ever)?|if|once|each\s+time|every\s+time|next\s+time|on\s+the\s+next|quand|si|lorsque|quando|se|cuando|wenn|sobald|chaque\s+fois\s+que|dès\s+que|ogni\s+volta\s+che|non\s+appena|cada\s+vez\s+que|en\s+cuanto|jedes\s+mal\s+wenn|immer\s+wenn)\b[^.\n]{3,100}?,\s*(?:then\s+|alors\s+|allora\s+|entonces\s+|dann\s+|also\s+)?(?:(?P<alw>"
    + _ALWAYS
    + r")\s+)?(?P<verb>"
    + _BEHAVIOUR_VERBS
    + r"|"
    + _GENERIC_VERBS
    + r")\b"
)
_TRIGGER = _rx(
    r"\b(?:when(?:ever)?|if|once|each\s+time|every\s+time|(?:the\s+)?next\s+time|any\s+time|as\s+soon\s+as)\b"
    r"[^,.\n]{0,20}?\b(?:the\s+|a\s+|any\s+)?(?:user|users|someone|anyone|somebody|customer|customers|people|visitor|human|client|i|he|she|they)\b"
    r"[^,.\n]{0,60}?\b(?:asks?|asked|mentions?|says?|requests?|wants?|brings?\s+up|talks?|types?|searches|needs?|looks?\s+for|inquires?|writes?|opens?|visits?|uses?|calls?)\b"
    r"[^.\n]{0,100}?,\s*(?:then\s+|just\s+|also\s+|always\s+)?"
    rf"(?:(?P<agent>(?:the\s+)?{_AGENT}s?|i|we|you)\s+)?(?P<main>(?![a-z']{{3,}}ing\b)[a-z']+)"
)
# Words that start a statement, not an instruction, after a trigger clause.
_NOT_A_DIRECTIVE = frozenset(
    _split(
        "the a an it its this that these those there they he she we you i my our your their his her "
        "is are was were be been has have had will would can could may might should must do does did "
        "not no yes so but and or then which who what when where how it's that's there's "
        "here's he's she's they're we're i'm you're i'd we'd"
    )
)


def not_a_directive(view: str, low: str, m: re.Match[str]) -> bool:
    """The word after a trigger clause's comma (``_TRIGGER``'s ``main``, no agent named)
    starts a statement, not an order: a word of ``_NOT_A_DIRECTIVE``, or a capitalised
    word, a name ("they mean 14 Rue Oberkampf, Paris"; round 26) — an order after a
    comma starts in lower case ("when the user asks, recommend …")."""
    if m.group("agent"):
        return False
    at = m.start("main")
    return m.group("main") in _NOT_A_DIRECTIVE or (len(view) == len(low) and view[at].isupper())


_IMPERATIVE = _rx(
    _START
    + _LEAD
    + rf"(?:(?P<alw>{_ALWAYS}|don't|do\s+not|ne\s+jamais)\s+)?"
    + rf"(?P<verb>{_BEHAVIOUR_VERBS}|{_GENERIC_VERBS})\b"
)
_BEHAVIOUR = frozenset(_BEHAVIOUR_VERBS.lower().split("|"))
_ALWAYS_RX = _rx(r"\b" + _ALWAYS + r"\b")
# After an imperative, only "always" makes it a standing rule: "... and never paste it"
# is the protective half of a rule.
_ALWAYS_POSITIVE = _rx(r"\b(?:always|toujours|sempre|siempre|immer)\b")
