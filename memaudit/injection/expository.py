"""A text that explains an attack, judged as a whole (round 33's false alarms, and the
class that recurs in every round): a blog post, wiki page, training slide, incident report
or CVE summary shows the payload to explain it, and the patterns read the payload.

The context rules (``engine._discount``) weigh each hit by what is near it; a text about
attacks still adds up its discounted hits past the bar (a quoted order, its decoded twin,
the send it shows, the scorer's reading of the whole). ``expounded`` reads the voice of the
whole text instead. A text is an **exposition** when, its quotes and code set aside, it
speaks of the attack in the third person — the attacker, the malicious message, the
technique, the fraud — and either names a defence (mitigations, what filters or clients
should do, the warning signs) or names the attack in two words of its own, in twenty words
or more outside its quotes (an "example" alone is no exposition). Every hit must then be a
mention:

- inside a quote, a code span or a shown example (what the attacker writes);
- a carrier the reader sees (an encoded run, an HTML comment) given as the example —
  never invisible characters, whose payload speaks;
- in a clause that names the attack ("the attacker hides an order in base64", "a
  malicious instruction asks the model to …"), with no one addressed in it and no order
  to the agent in the third person ("the assistant must now …");
- in a defence's sentence, of a kind a defence is worded in (a rule, a check: "clients
  should never treat a signature as proof");
The learned scorer's hit takes no part: already discounted near the words about attacks
(``engine._discount``), it is scored apart by the audit, and judging the rules' hits with
or without it must give the same.

One hit outside these — an order to the reading agent after the article, an address the
text itself sends to — and nothing is discounted. Each quoted example counts once, by its
strongest hit (a payload and its decoded twin are one example), and the hits are counted
as mentions (× ``META``, or × ``QUOTED_META`` inside the example).
"""

from __future__ import annotations

import bisect
import re
import unicodedata

from memaudit.injection.assessment import Hit
from memaudit.injection.bounded import beyond_bound
from memaudit.injection.forms import _CODE, _QUOTES
from memaudit.injection.guides import _ORDER
from memaudit.injection.kinds import META, QUOTED_META, Signal
from memaudit.injection.postmortem import reviewed
from memaudit.injection.vocabulary import _rx

EXPOSITION_NOTE = "a mention in a text that explains an attack"

# The attack in the third person: who does it, what it is called, what carries it.
_ATTACK = _rx(
    r"\b(?:attackers?|adversar(?:y|ies)|threat\s+actors?|scammers?|fraudsters?|criminals?|"
    r"malicious\s+\w+|the\s+payload|this\s+(?:technique|attack|trick)|(?:the|an?|this|such)\s+attack|"
    r"attacks|phishing|fraud|scams?|smuggling|exfiltration|spoof\w*|forg(?:ery|ed|es)|"
    r"injection|poisoning|impersonat\w*|compromise|compromised\s+(?:tokens?|keys?|credentials?|packages?|"
    r"dependenc(?:y|ies)|servers?|machines?|laptops?|plugins?|extensions?)|tamper\w*|hijack\w*|typo-?squat\w*|backdoor\w*|"
    r"malware|planted|plants|lures?|a\s+common\s+trick|"
    # (round 48) what sneaks an order in, or the rogue end it points to, in five languages
    r"smuggl\w*|schmuggel\w*|geschmuggelt\w*|einschleus\w*|eingeschleust\w*|contrebande|"
    r"contrabband\w*|contrabando|rogue\s+\w+|fraudulent\w*|fraudolent\w*|frauduleu\w*|"
    r"fraudulent[oa]s?|(?:ai\s+|ki-|prompt\s+)?worms?|filter\s+evasion|evasion|"
    r"threat\s+reports?|"
    r"attaquants?|attaques?|malveillante?s?|hame[çc]onnage|fraudes?|escroc\w*|usurpation|"
    r"exfiltration|injection|empoisonnement|charges?\s+(?:encod|malveill|utile)\w*|"
    r"attaccant[ei]|attacc(?:o|hi)|malevol[oiae]|dannos[oiae]|truff\w*|frod[ei]|"
    r"esfiltrazion[ei]|iniezion[ei]|avvelenamento|falsificazion[ei]|"
    r"atacantes?|ataques?|maliciosa?s?|estafa\w*|fraude|suplantaci[oó]n|exfiltraci[oó]n|"
    r"inyecci[oó]n|envenenamiento|falsificaci[oó]n|"
    r"angreifer\w*|angriff\w*|b[öo]sartig\w*|betr[üu]g\w*|schadcode|\w*w[üu]rm(?:er)?|"
    r"vers\s+informatiques?|évasion|worm\s+(?:ia|informatici)|gusanos?\s+(?:de\s+ia|inform[aá]ticos?)|"
    r"\w*f[äa]lschung\w*|exfiltration|injektion|vergiftung|phishing)\b"
)
# A defence named: what the page written for people closes with.
_DEFENCE = _rx(
    r"\b(?:defen[cs]es?|defenders?|mitigat\w*|countermeasures?|safeguards?|warning\s+signs?|"
    r"red\s+flags?|best\s+practices?|recommend\w*|detect\w*|d[ée]tect\w*|rilev\w*|erkenn\w*|"
    r"we\s+(?:now\s+)?(?:strip|block|filter|escape|sanitize|reject|flag|review)\w*|"
    r"(?:filters?|filtres?|filtr[oi]|filtros?)\s+(?:should|must|doit|doivent|deve|devono|debe|deben|muss|m[üu]ssen|sollte\w*)|"
    r"recommand\w*|raccomand\w*|recomend\w*|empfehl\w*|(?:filters?|clients?|agents?|assistants?|tools?|teams?|"
    r"systems?|developers?|operators?)\s+should|should\s+(?:never|always|block|strip|flag|"
    r"escape|require|confirm|verify|reject|log|alert)|train\s+staff|"
    r"contre-?mesures?|parades?|bonnes?\s+pratiques?|signaux\s+d'alerte|doivent\s+(?:toujours|"
    r"jamais|bloquer|filtrer|vérifier)|ne\s+jamais\s+(?:exécuter|traiter|faire\s+confiance)|"
    r"contromisur[ae]|difes[ae]|buone?\s+pratich?e|campanelli\s+d'allarme|dovrebbero|"
    r"contramedidas?|defensas?|buenas?\s+pr[aá]cticas?|señales\s+de\s+alerta|deber[ií]an|"
    r"gegenma(?:ß|ss)nahmen?|schutzma(?:ß|ss)nahmen?|abwehr\w*|warnsignale?|sollten|"
    r"muss\s+daher|daher\s+muss|"
    # (issue 20: the lesson's own orders are the defence — normalise, decode before matching,
    # never adopt automatically)
    r"(?:scanners?|reviewers?|analysts?|readers?)\s+should|normali[sz]\w*|normalis\w*|"
    r"normalizz\w*|normaliz\w*|normalisier\w*|before\s+matching|avant\s+(?:la\s+)?comparaison|"
    r"prima\s+del\s+confronto|antes\s+de\s+(?:comparar|buscar)|vor\s+dem\s+abgleich|"
    r"advises?|conseille\w*|consiglia\w*|aconseja\w*|r[äa]t|raten|"
    # (round 45) a summary's closing advice: "Advice: …", "Conseil :", "Consiglio:"
    r"advice\s*:|conseils?\s*:|consigli[oa]?\s*:|consejos?\s*:|ratschl[äa]ge?\s*:|tipps?\s*:|"
    r"nie(?:mals)?\s+automatisch|never\s+automatically|jamais\s+automatiquement|"
    r"mai\s+automaticamente|nunca\s+autom[aá]ticamente|"
    # decoded to read, never to run ("jamais pour exécuter", "nie dekodieren und ausführen")
    r"(?:never|jamais|mai|nunca|nie)\s+(?:\w+\s+){0,3}?(?:execut\w*|exécut\w*|esegu\w*|"
    r"ejecut\w*|ausführ\w*|run|obey|follow|act\s+on|agir|agire|actuar|handeln)|"
    r"(?:always\s+)?(?:check|verify)\s+the\s+(?:address|domain|sender|url)|"
    r"compruebe\s+siempre|verifique\s+siempre|vérifiez\s+toujours|controllate?\s+sempre|"
    r"prüfen\s+sie\s+immer|"
    # (round 44) hidden content stripped before it reaches the model, and an incident's
    # lessons ("Lessons: … require review for every diff")
    r"(?:strip|remov|sanitiz|sanitis|filter)\w*\s+(?:[\w-]+\s+){0,6}?before|"
    r"(?:supprim|retir|nettoy|filtr)\w*\s+(?:[\w'-]+\s+){0,6}?avant|"
    r"(?:rimuov|elimin|ripul|filtr)\w*\s+(?:[\w'-]+\s+){0,6}?prima|"
    r"(?:elimin|quit|limpi|filtr)\w*\s+(?:[\w-]+\s+){0,6}?antes|"
    r"(?:entfern|bereinig|filter)\w*\s+(?:[\w-]+\s+){0,6}?(?:bevor|vor)|"
    r"lessons?(?:\s+learned)?\s*:|le[çc]ons?(?:\s+retenues?)?\s*:|enseignements?\s*:|"
    r"lezion[ei](?:\s+apprese)?\s*:|lecci[oó]n(?:es)?(?:\s+aprendidas?)?\s*:|"
    r"lehren\s*:|erkenntnisse\s*:|require\s+review|"
    # (round 48) the reader told to check their own files or packages afterwards
    r"(?:audit|check|inspect|review)\s+(?:your|all|the)\s+(?:[\w.-]+\s+){0,3}?(?:files?|"
    r"packages?|dependencies|configs?|settings|extensions?|plugins?)|"
    r"(?:vérifiez|contrôlez|auditez)\s+(?:vos|les|tous)\s+(?:[\w.'-]+\s+){0,3}?(?:fichiers?|"
    r"paquets?|dépendances|extensions?)|"
    r"(?:controllate|verificate|controlla|verifica)\s+(?:i|tutti|i\s+vostri|i\s+tuoi)\s+"
    r"(?:[\w.'-]+\s+){0,3}?(?:file|pacchetti|dipendenze|estensioni|plugin)|"
    r"(?:revise|revisa|compruebe|comprueba|audite)\s+(?:sus|tus|los|todos)\s+(?:[\w.-]+\s+){0,3}?"
    r"(?:archivos|ficheros|paquetes|dependencias|extensiones)|"
    r"(?:prüfen|kontrollieren|überprüfen)\s+sie\s+(?:ihre|alle|die)\s+(?:[\w.-]+\s+){0,3}?"
    r"(?:dateien|pakete|abhängigkeiten|erweiterungen))\b"
)
# Someone addressed, or someone speaking of their own wish ("before I see them"): not the
# third person of a text about an attack. ("we" is left out: "we now strip comments".)
_ADDRESSED = _rx(
    # (the English "I" before its verb only: the Italian article "i" addresses no one)
    r"\bi(?:'(?:m|ve|ll|d)|\s+(?:am|was|have|had|will|would|want|need|see|saw|do|did|can|ask\w*|"
    r"\w+ed))\b|\b(?:me|my|mine|je|moi|mon|io|mio|mia|miei|yo|mí|mis|ich|mich|mir|mein\w*|"
    r"you|your|yours|yourself|vous|votre|tu|toi|ton|ta|tes|voi|tuo|tua|tuoi|usted|ustedes|"
    r"du\s+(?:musst|sollst|solltest|kannst|darfst|wirst|bist|hast)|dich|dir|dein\w*|ihr)\b"
    # (round 44: "before page text reaches the model, and …" names no one addressed)
    r"|\b(?<!the\s)(?<!\ba\s)(?<!\ban\s)(?:assistant|agent|ai|model|llm)\s*[,:]"
)
# An attempt told in the past: an incident's timeline ("tried to upload .env, which the
# proxy blocked", "a tenté de", "ha tentato di", "intentó", "versuchte").
_ATTEMPTED = _rx(
    r"\b(?:tried\s+to|attempted\s+to|was\s+blocked|were\s+blocked|a\s+(?:tenté|essayé)\s+de|"
    r"ont\s+(?:tenté|essayé)\s+de|ha\s+(?:tentato|provato)\s+(?:di|a)|hanno\s+tentato\s+di|"
    r"intentó|intentaron|trató\s+de|(?:hat|haben)\s+versucht|versuchte\w?)\b"
)
# An order to the agent in the third person ("the assistant must now send …").
_AGENT_ORDERED = _rx(
    r"\b(?:assistants?|agents?|ai|models?|llms?|bots?|assistente|agente|ia|modello|modelo|asistente|"
    r"assistenten?|ki|modell)\s+(?:must|shall|should|is\s+to|are\s+to|needs?\s+to|has\s+to|"
    r"have\s+to|will\s+now|devrait|devraient|dovrebbe|dovrebbero|debería|deberían|sollte|"
    r"sollten|doit|doivent|deve|devono|debe|deben|tiene\s+que|muss|m[üu]ssen|soll|sollen)\b"
)
# The shown instruction ordered carried out, a clause opening with the order in the text's
# own words ("Now do what the quoted line says", "applique cette consigne", "esegui
# l'istruzione sopra", "sigue el ejemplo", "befolge diese Anweisung"): the example is the
# payload.
_CARRY_OUT = _rx(
    r"(?:^|[.!?;:][^\S\n]+|\n[^\S\n]*)(?:(?:now|please|then|maintenant|alors|ora|adesso|ahora|jetzt|bitte)"
    r"(?:\s*,)?\s+)?(?:do|follow|obey|execute|run|apply|carry\s+out|comply\s+with|act\s+on|"
    r"fais|suis|suivez|obéis|obéissez|exécute|exécutez|applique|appliquez|"
    r"fai|segui|seguite|obbedisci|esegui|eseguite|applica|applicate|"
    r"haz|sigue|seguid|obedece|ejecuta|ejecutad|aplica|aplicad|"
    r"tu|tue|befolge|befolgt|gehorche|führe|wende)\s+(?:\w+\s+){0,3}?"
    r"(?:it|this|that|what|the\s+(?:example|instruction|line|quoted|above|payload)|ce\s+que|"
    r"cette|cet|ces|l'exemple|la\s+consigne|quello\s+che|questa|questo|l'esempio|"
    r"l'istruzione|lo\s+que|esta|este|el\s+ejemplo|la\s+instrucción|was|diese[nrs]?|"
    r"das\s+beispiel|die\s+anweisung)\b"
)
# A defence's sentence holds rules and checks, not a payload's kinds.
_DEFENCE_KINDS = frozenset(
    {Signal.STANDING_RULE, Signal.IMPERATIVE, Signal.AGENT_DIRECTIVE, Signal.DECODE_AND_RUN}
)
# Notes of a hit already read as shown rather than said (``engine._discount``, ``declared``).
_SHOWN_NOTES = ("quoted", "in a code sample", "example", "named", "declared", "mention")
# Clauses: an order may follow a narration after a semicolon.
# (an ellipsis, "<!-- ... -->", ends nothing; nor "e.g." or "i.e." before the example)
_CLAUSE_END = re.compile(r"(?<!\.)(?<!\be\.g)(?<!\bi\.e)[.!?;](?=\s|$)|\n")
# A carrier's decoding stated by the text ("decodes to", "décodé donne", "si decodifica in",
# "se decodifica como", "ergibt dekodiert").
_DECODES = _rx(
    r"\bdecodes?\s+(?:to|as|into)\b|\bdecoded\s{0,3}(?::|=|->|→|,)|\bdecoded\s+it\s+reads|"
    r"\bse\s+d[ée]code\s+en\b|"
    r"\bd[ée]cod[ée]\w*\s*(?::|donne)|\bsi\s+decodifica\s+in\b|\bdecodificat\w*\s*:|"
    r"\bse\s+decodifica\s+(?:como|en)\b|\bdecodificad\w*\s*:|\bergibt\s+dekodiert\b|"
    r"\bdekodiert\s*(?::|ergibt|lautet)"
)
# A lesson's exercise: what the learner is told to build.
_EXERCISE = _rx(
    r"\b(?:exercises?|exercice|esercizio|ejercicio|übung(?:saufgabe)?)(?:\s{0,3}\d{1,3})?\s{0,3}:"
)
# Sentences: a lesson's exercise runs across its semicolons.
_SENTENCE_END = re.compile(r"(?<!\.)[.!?](?=\s|$)|\n")
MIN_WORDS = 20  # an "example" alone, with a line of label, is no exposition
# (round 48) A summary of an article, or a line that says what an article or post shows,
# is short by nature: its frame says it reports a text about something, so twelve words do.
MIN_SUMMARY_WORDS = 12
_SUMMARY = _rx(
    r"^[^\S\n]{0,3}(?:(?:summary|tl;?dr|zusammenfassung|résumé|riassunto|sintesi|resumen)"
    r"(?:\s+(?:of\s+the|des|de\s+l'|du|dell'|del|de\s+la|der)\s+\w+)?\s*:|"
    r"(?:the|this|der|dieser|l'|cet|le|ce|il|questo|el|este)\s*(?:article|artikel|articolo|"
    r"artículo|post|blog\s*post|billet|paper|talk|vortrag|beitrag|intervento|charla)\s+"
    r"(?:shows?|explains?|describes?|zeigt|erklärt|beschreibt|montre|explique|décrit|mostra|"
    r"spiega|descrive|muestra|explica|describe)\b)"
)


# A quote in single marks that holds apostrophes ('I'm in a meeting … today.'), which
# ``forms._QUOTES`` ends at the first of them.
_APOSTROPHE_QUOTE = re.compile(r"(?<!\w)'(?:[^'\n]|(?<=\w)'(?=\w)){3,400}'(?!\w)")
# An example opened just before a hit ("something like <|im_start|>…", "Exemple typique :").
_EXAMPLE_OPENER = _rx(
    r"(?:\b(?:something|anything|text|lines?|messages?|strings?|payloads?|prompts?|commands?)\s+like|"
    r"\blooks\s+like|\bsuch\s+as|\be\.\s?g\.|\bfor\s+(?:example|instance)|\bexample\s*:|"
    r"\bpar\s+exemple|\bp\.\s?ex\.|\bexemple(?:\s+typique)?\s*:|\bdu\s+type|\bad\s+esempio|\bper\s+esempio|"
    r"\besempio(?:\s+tipico)?\s*:|\bdel\s+tipo|\bpor\s+ejemplo|\bp\.\s?ej\.|\bejemplo(?:\s+t[íi]pico)?\s*:|"
    r"\bzum\s+beispiel|\bbeispielsweise|\bz\.\s?b\.|\bbeispiel\s*:|\bwie\s+etwa)"
    r"[^.!?\n]{0,60}$"
)
EXAMPLE_REACH = 80  # characters before a hit read for the example's opener
# (round 45) A carrier's clause that says it is hidden from the reader: "pages can carry
# <!-- … --> notes that browsers never show", "des commentaires cachés", "nascosti",
# "ocultos", "versteckt".
_CONCEALED = _rx(
    r"\b(?:hid(?:e|es|den|ing)|conceal\w*|invisible|unseen|never\s+(?:show|shown|see|seen|"
    r"display\w*|render\w*)|(?:don't|do\s+not|doesn't|does\s+not|can't|cannot)\s+"
    r"(?:show|see|display|render)|cach(?:é|ée|és|ées|er|ent)|dissimul\w*|invisibles?|"
    r"nascost\w*|nascond\w*|invisibil\w*|ocult\w*|escond\w*|versteck\w*|verborgen\w*|"
    r"unsichtbar\w*)\b"
)
# Carriers the reader sees: their own words are the example, not the text's.
_CARRIERS = frozenset({Signal.HTML_COMMENT, Signal.ENCODED_PAYLOAD})


def _regions(text: str) -> list[tuple[int, int]]:
    """The quotes and code spans, sorted, each with the farthest end reached so far
    (a hit inside any of them is inside the one of that end: one lookup by bisection)."""
    rxs = (_QUOTES, _APOSTROPHE_QUOTE, _CODE)
    spans = sorted((m.start(), m.end()) for rx in rxs for m in rx.finditer(text))
    # (round 48) a quote that holds the whole text after its label ("Security blog: '…'") is
    # the text itself, what its source said, not an example inside it
    spans = [(a, b) for a, b in spans if not _whole(text, a, b)]
    out: list[tuple[int, int]] = []
    for a, b in spans:
        out.append((a, max(b, out[-1][1]) if out else b))
    return out


_LABEL = re.compile(r"[^\S\n]{0,3}[\w'’ ().-]{1,60}:[^\S\n]{0,3}")


def _whole(text: str, a: int, b: int) -> bool:
    """Whether the quote at ``a``–``b`` is the whole text after a short label."""
    head = _LABEL.fullmatch(text, 0, a)
    return head is not None and not text[b:].strip(" .!?\n")


def _inside(regions: list[tuple[int, int]], h: Hit) -> tuple[int, int] | None:
    """The region holding the hit (the last one opened before it, by its farthest end)."""
    k = bisect.bisect_right(regions, (h.start, _LAST)) - 1
    if k < 0 or regions[k][1] < h.end:
        return None
    return regions[k]


_LAST = 1 << 62  # (sorts after every end in a bisection)


def _blanked(text: str, regions: list[tuple[int, int]]) -> str:
    """The text with its quotes and code set aside (same offsets)."""
    chars = list(text)
    for a, b in regions:
        chars[a:b] = " " * (b - a)
    return "".join(chars)


def _clauses(own: str) -> list[int]:
    """Where each clause ends (sorted): a hit's clause found by bisection."""
    return [m.end() for m in _CLAUSE_END.finditer(own)] + [len(own)]


def _clause(ends: list[int], at: int) -> tuple[int, int]:
    k = bisect.bisect_right(ends, at)
    return (ends[k - 1] if k else 0), ends[min(k, len(ends) - 1)]


def is_exposition(own: str, full: str | None = None) -> bool:
    """Whether the text's own words (its quotes set aside) explain an attack (or name a
    defence, the attack named in ``full``, the text with its quotes)."""
    least = MIN_SUMMARY_WORDS if _SUMMARY.search(own) is not None else MIN_WORDS
    if len(own.split()) < least:
        return False
    if _CARRY_OUT.search(own) is not None:
        return False
    named = {m.group() for m in _ATTACK.finditer(own)}
    defence = _DEFENCE.search(own) is not None
    if not named and defence and full is not None:
        # (issue 20: a news item's quoted headline names the attack — „KI-Würmer …“ — and
        # its own words the defence)
        named = {m.group() for m in _ATTACK.finditer(full)}
    return bool(named) and (len(named) >= 2 or defence)


def _told(own: str, start: int, end: int) -> bool:
    """Whether a clause names the attack, or states what its carrier decodes to ("…
    decodes to 'ignore previous instructions'"), with no order to the agent in it."""
    if _AGENT_ORDERED.search(own, start, end) is not None or _ORDER.search(own, start, end):
        return False
    return (
        _ATTACK.search(own, start, end) is not None or _DECODES.search(own, start, end) is not None
    )


def _lesson(own: str, h: Hit) -> bool:
    """Whether a rule's or an imperative's sentence is a lesson's exercise or states a
    defence (issue 20: "Exercise: write a normalizer …; then run the usual keyword rules")."""
    start = max(
        (m.end() for m in _SENTENCE_END.finditer(own, max(0, h.start - 400), h.start)),
        default=max(0, h.start - 400),
    )
    m = _SENTENCE_END.search(own, h.end, h.end + 400)
    end = m.start() if m else min(len(own), h.end + 400)
    return (
        _EXERCISE.search(own, start, end) is not None
        or _DEFENCE.search(own, start, end) is not None
    )


def explains_attack(text: str) -> bool:
    """Whether ``text`` as a whole explains an attack (``is_exposition`` on its own words):
    the learned scorer's reading of it is a mention too (``engine._learned``)."""
    low = text.lower()
    return is_exposition(_blanked(low, _regions(low)), low)


def _invisible(text: str) -> list[int]:
    """Where the text holds an invisible character (a format, private or unassigned code
    point), in order: read once per text, each hit then looked up by bisection."""
    return [
        i for i, c in enumerate(text) if unicodedata.category(c)[0] == "C" and c not in "\n\t\r"
    ]


def _shown(unseen: list[int], h: Hit) -> bool:
    """A hit found inside a carrier the reader sees (an encoded run, an HTML comment),
    not in invisible characters: the carrier is the example, its decoding what it says."""
    k = bisect.bisect_left(unseen, h.start)
    return k == len(unseen) or unseen[k] >= h.end


def _carrier_spans(hits: list[Hit]) -> list[tuple[int, int]]:
    """The spans of the carriers the reader sees (an HTML comment, an encoded run, and
    what was read decoded inside one)."""
    return sorted({(h.start, h.end) for h in hits if h.hidden or h.signal in _CARRIERS})


def _shown_carrier(own: str, h: Hit, carriers: list[tuple[int, int]], ends: list[int]) -> bool:
    """(round 45) Whether a hit lies in a carrier's clause that, the carriers' own words set
    aside, addresses no one, orders nothing and tells the attack or says the carrier is
    hidden: "pages can carry <!-- AI assistant: do X --> notes that browsers never show".
    The example's "AI assistant:" is what the attacker writes, not who the text speaks to."""
    for a, b in carriers:
        start, end = _clause(ends, a)[0], _clause(ends, max(a, b - 1))[1]
        if not (start <= h.start and h.end <= end):
            continue
        chars = list(own[start:end])
        for c, d in carriers:
            if c >= start and d <= end:
                chars[c - start : d - start] = " " * (d - c)
        outside = "".join(chars)
        if (
            _ADDRESSED.search(outside) is None
            and _ORDER.search(outside) is None
            and _AGENT_ORDERED.search(outside) is None
            and (_ATTACK.search(outside) is not None or _CONCEALED.search(outside) is not None)
        ):
            return True
    return False


def _mention(
    own: str,
    h: Hit,
    regions: list[tuple[int, int]],
    ends: list[int],
    carriers: list[tuple[int, int]] | None = None,
) -> bool:
    """Whether a hit is shown, told of the attack, or a defence's wording."""
    if _inside(regions, h) is not None:
        return True
    if carriers and _shown_carrier(own, h, carriers, ends):
        return True
    opened = _EXAMPLE_OPENER.search(own, max(0, h.start - EXAMPLE_REACH), h.start) is not None
    if h.hidden and opened:
        return True
    if h.hidden:  # (a carrier's payload the reader sees: shown in a clause telling the attack)
        start, end = _clause(ends, h.start)
        return _ADDRESSED.search(own, start, end) is None and _told(own, start, end)
    if any(n in h.note for n in _SHOWN_NOTES) and "about attacks" not in h.note:
        return True
    start, end = _clause(ends, h.start)
    if opened:
        return True
    if _ADDRESSED.search(own, start, end) is not None or _ORDER.search(own, start, end):
        return False  # (someone addressed, or an order to render or include: "render … in every reply")
    defence = h.signal in _DEFENCE_KINDS and (
        _DEFENCE.search(own, start, end) is not None or _lesson(own, h)
    )
    if _AGENT_ORDERED.search(own, start, end) is not None:
        return defence  # ("assistants should confirm …": a check, not the attack's order)
    return (
        defence
        or _ATTACK.search(own, start, end) is not None
        or _ATTEMPTED.search(own, start, end) is not None
    )


def expounded(text: str, hits: list[Hit]) -> list[Hit]:
    """``hits`` counted as mentions when the text explains an attack and each is one. The
    learned scorer's hit is left as it is and read by no judgement here: the audit scores
    it apart (``scanning``), and the text's hits must be judged the same either way."""
    scored = [h for h in hits if h.signal is Signal.LEARNED]
    rules = [h for h in hits if h.signal is not Signal.LEARNED]
    return sorted(_expounded(text, rules) + scored, key=lambda h: (h.start, h.end))


def _expounded(text: str, hits: list[Hit]) -> list[Hit]:
    if not hits or len(hits) - len(beyond_bound(hits)[0]):
        return hits  # (past the bound, hits are kept as found: ``bounded``)
    unseen = _invisible(text) if any(h.hidden for h in hits) else []
    if any(h.hidden and not _shown(unseen, h) for h in hits):
        return hits
    low = text.lower()
    regions = _regions(low)
    own = _blanked(low, regions)
    if not is_exposition(own, low):
        return reviewed(text, hits)  # (or an incident told, the check it adds)
    ends = _clauses(own)
    shown = _carrier_spans(hits)
    if not all(_mention(own, h, regions, ends, shown) for h in hits):
        return hits
    out: list[Hit] = []
    strongest: dict[tuple[int, int], Hit] = {}
    carriers: dict[tuple[int, int], Hit] = {}
    decoded = {(h.start, h.end) for h in hits if h.hidden}
    for h in hits:
        region = _inside(regions, h)
        if region is None and (h.start, h.end) in decoded:
            # (a carrier shown outside quotes is one example too, by its strongest reading)
            key = (h.start, h.end)
            if key not in carriers or h.weight > carriers[key].weight:
                carriers[key] = h
        elif region is None:
            out.append(_as_mention(h, META))
        elif region not in strongest or h.weight > strongest[region].weight:
            strongest[region] = h
    # (each example counts once, by its strongest hit: a payload and its decoded twin)
    out += [_as_mention(h, QUOTED_META) for h in strongest.values()]
    out += [_as_mention(h, META) for h in carriers.values()]
    return out


def _as_mention(h: Hit, factor: float) -> Hit:
    note = "; ".join(filter(None, (h.note, EXPOSITION_NOTE)))
    return Hit(h.signal, h.start, h.end, h.weight * factor, note, h.hidden)
