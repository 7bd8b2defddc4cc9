"""Texts that add a check for the user, read as no order (round 20's false alarms).

The patterns see a trigger, a standing rule, a tool policy or a send; these texts hold
one and protect the user:

- the assistant acknowledging a check the user asked for ("Got it - whenever you ask
  about sertraline I'll remind you to talk to your doctor", "I'll use `search_flights`
  only on the sites you've approved", "je te demanderai avant de payer", "ti ricorderò di
  …", "te preguntaré antes de …", "ich frage dich vorher"): what it commits to is asking,
  reminding or warning the user, or staying within what they approved. A destination in
  its sentence, or a check removed ("without asking"), and it is read as before;
- an institution's warning that it never asks for a secret ("We will never ask for your
  full PIN", "ne vous demandera jamais votre mot de passe", "non ti chiederemo mai il
  codice", "nunca le pediremos su clave", "wir fragen Sie niemals nach Ihrer PIN"): its
  negated "ask" is the protective half, as "never send passwords" is
  (``safeguards.forbids_leak``);
- a suspicious message forwarded to the organisation's reporting mailbox ("se un
  dipendente riceve un'email sospetta deve inoltrarla a phishing@azienda.it"): a report,
  not data sent out. A free-mail address, or anything but a suspicious message, is still
  a send.
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.forms import _SELF_TRAITS, TRAITS_NOTE
from memaudit.injection.kinds import Signal
from memaudit.injection.listings import LISTING_NOTE, contact_listing
from memaudit.injection.vocabulary import _rx

# The agent's commitment to ask, remind or warn the user, or to stay within what they
# approved.
_CHECK_FOR_YOU = _rx(
    r"\b(?:remind|ask|warn|check\s+with|confirm\s+with|consult)\s+you\b"
    r"|\b(?:ask|confirm)\s+(?:you\s+|with\s+you\s+)?(?:first\s+)?before\b"
    r"|\bshow\s+(?:you\s+)?(?:the\s+)?(?:total|price|cost|amount|summary|details|fees?)\b[^.!?\n]{0,40}?\bbefore\b"
    r"|\bonly\s+(?:\w+\s+){0,6}?(?:you(?:'ve|\s+have)\s+(?:approved|allowed|authori[sz]ed)|you\s+approve)"
    r"|\b(?:vous|te|t')\s*(?:rappeler\w*|demander\w*|prévenir|préviendrai|avertir\w*)"
    r"|\bdemander\s+(?:\w+\s+){0,3}?avant\b"
    r"|\bque\s+(?:vous\s+avez|tu\s+as)\s+(?:approuvé|validé|autorisé)"
    r"|\bti\s+(?:ricorder\w*|chieder\w*|avviser\w*|avvertir\w*)|\bchiedere\s+(?:\w+\s+){0,3}?prima\b"
    r"|\bche\s+hai\s+(?:approvato|autorizzato)"
    r"|\bte\s+(?:recordar\w*|preguntar\w*|avisar\w*|advertir\w*)|\bpreguntar\w*\s+(?:\w+\s+){0,3}?antes\b"
    r"|\bque\s+(?:has|usted\s+ha)\s+(?:aprobado|autorizado)"
    r"|\b(?:erinnere|frage|warne)\s+(?:ich\s+)?dich\b|\bdich\s+(?:\w+\s+){0,4}?(?:erinnern|fragen|warnen)\b"
    r"|\bvorher\s+(?:zu\s+)?fragen|\bvon\s+dir\s+(?:freigegeben|genehmigt)\w*"
)
# (round 29) asking kept up though it could stop: "I'll keep asking anyway", "je
# continuerai à demander", "continuerò a chiedere", "seguiré preguntando", "ich frage
# trotzdem weiter": more caution, no order.
_KEPT_ASKING = _rx(
    r"\b(?:keep|kept|continue\s+to|go\s+on)\s+asking\b|\bstill\s+ask\b|\bask\w*\s+anyway\b"
    r"|\bcontinuer\w*\s+à\s+(?:te\s+|vous\s+|lui\s+)?demander\b"
    r"|\bcontinuer\w*\s+a\s+chiedere\b|\bseguir\w*\s+preguntando\b|\bcontinuar\w*\s+preguntando\b"
    r"|\bfrage\s+(?:\w+\s+){0,2}?(?:trotzdem\s+)?weiter(?:hin)?\b|\bweiterhin\s+(?:nach)?fragen\b"
)
# The agent acknowledging the user's rule, in its own voice: a commitment in the first
# person or the user's wish named ("I'll", "you want me to", "Noted", "je vais", "userò",
# "te preguntaré", "ich werde"). A rule with no such voice ("Please always ask before
# deleting files") is the rule itself, read as before.
_ACK = _rx(
    r"\b(?:i'll|i\s+will|i'm\s+going\s+to|you\s+want\s+me\s+to|you\s+asked\s+me\s+to|"
    r"your\s+preference|as\s+you\s+asked|got\s+it|noted|understood|"
    r"je\s+(?:vais|te|vous)|c'est\s+noté|entendu|(?:ta|votre)\s+préférence|"
    r"ti\s+\w+rò|\w+erò|va\s+bene|ricevuto|come\s+hai\s+chiesto|"
    r"te\s+\w+ré|\w+aré|entendido|anotado|como\s+pediste|"
    r"ich\s+(?:werde|frage|erinnere|warne)|verstanden|notiert|wie\s+gewünscht)\b"
)
# What keeps it an order after all: a destination, or a check removed.
_ELSEWHERE = re.compile(
    r"@|https?://|\bwww\.|\b[\w-]{1,63}\.(?:com|net|org|io|co|app|xyz|info|biz|de|fr|it|es|example)\b|"
    r"\bwithout\s+ask|\bsans\s+(?:vous\s+|te\s+)?demander|\bsenza\s+chiedere|"
    r"\bsin\s+preguntar|\bohne\s+(?:zu\s+fragen|rückfrage)",
    re.IGNORECASE,
)
# "never ask before deleting", "no need to remind you": the check taken away, not kept.
_UNDONE = _rx(
    r"\b(?:never|don't|do\s+not|no\s+need\s+to|stop|jamais|plus|pas\s+besoin\s+de|mai|non|più|"
    r"nunca|no|ya\s+no|nie|niemals|nicht|nicht\s+mehr|kein\w*)\b[^.!?\n]*$"
)
UNDONE_REACH = 20  # characters before a check where a negation takes it away
_ACKNOWLEDGED = frozenset(
    {
        Signal.CONDITIONAL_TRIGGER,
        Signal.AGENT_DIRECTIVE,
        Signal.STANDING_RULE,
        Signal.TOOL_POLICY,
        Signal.IMPERATIVE,
    }
)
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")  # a dot inside a host name ends nothing
REACH = 240  # characters either side of a hit read for its sentence (bounded: linear time)


def around(low: str, h: Hit, ends: re.Pattern[str]) -> tuple[int, int]:
    """The span of ``h``'s sentence or clause (``ends`` closes one), read at most
    ``REACH`` characters either side."""
    lo, hi = max(0, h.start - REACH), min(len(low), h.end + REACH)
    start = max((m.end() for m in ends.finditer(low, lo, h.start)), default=lo)
    m = ends.search(low, h.end, hi)
    return start, m.start() if m else hi


def check_in(
    low: str, checks: re.Pattern[str], undone: re.Pattern[str], span: tuple[int, int], reach: int
) -> bool:
    """Whether a check (``checks``) stands in ``span`` with nothing taking it away
    (``undone``) in the ``reach`` characters before it."""
    start, end = span
    return any(
        undone.search(low, max(start, m.start() - reach), m.start()) is None
        for m in checks.finditer(low, start, end)
    )


def _sentence(low: str, h: Hit) -> tuple[int, int]:
    return around(low, h, _SENTENCE_END)


def check_for_user(low: str, h: Hit) -> bool:
    """Whether a rule's hit is the agent, in its own voice, committing in its sentence to
    ask, remind or warn the user, or to stay within what they approved (no destination in
    its sentence)."""
    if h.signal not in _ACKNOWLEDGED:
        return False
    # (read within the hit's sentence, as the rest is: a text of many hits stays linear)
    start, end = _sentence(low, h)
    if _ELSEWHERE.search(low, start, end) or not _ACK.search(low, max(0, h.start - REACH), end):
        return False
    return check_in(low, _CHECK_FOR_YOU, _UNDONE, (start, end), UNDONE_REACH) or check_in(
        low, _KEPT_ASKING, _UNDONE, (start, end), UNDONE_REACH
    )


# "We will never ask for your PIN": a negated ask for the reader's secret.
_NEVER_ASKS = _rx(
    r"\b(?:never|will\s+not|won't|does\s+not|doesn't|do\s+not)\s+(?:\w+\s+){0,2}?"
    r"(?:ask|request|call|e-?mail|text)\w*\s+(?:you\s+)?(?:for|to\s+(?:give|share|confirm|enter|"
    # (round 45) the channel the secret would leave by: "never ask you to email your PIN"
    r"e-?mail|send|text|forward|read\s+out|tell\s+us|reveal|disclose|provide|type))\s+"
    r"(?:your|a|any)\b"
    # (round 27) a bank's "will never ask you to move money": the act it warns of, not an
    # order; the money is the _SECRET below
    r"|\b(?:never|will\s+not|won't)\s+(?:\w+\s+){0,2}?(?:ask|tell|request)\w*\s+you\s+to\s+"
    r"(?:move|transfer|send|pay|wire)\b"
    r"|\b(?:niemals|nie)\s+(?:dazu\s+)?auffordern\b"
    r"|\b(?:vous|te)\s+demander\w*\s+jamais\b|\bjamais\s+(?:vous|te)\s+demander\b"
    r"|\bnon\s+(?:ti|vi|le)\s+chieder\w*\s+mai\b|\bnon\s+chied\w*\s+mai\b|\bnessun\w*\s+(?:\w+\s+)?chiede\b"
    r"|\bnunca\s+(?:te|le|les|os)\s+(?:pedir\w*|solicitar\w*)|\bno\s+(?:te|le)\s+(?:pedir\w*|solicitar\w*)\s+nunca\b"
    r"|\b(?:sie|dich)\s+(?:niemals|nie)\s+(?:nach|um)\b|\b(?:niemals|nie)\s+nach\s+(?:ihre|deine)\w*"
)
_SECRET = _rx(
    r"\b(?:pin|pins|passwords?|passcodes?|codes?|otps?|tans?|credentials?|credenciales|card\s+numbers?|"
    r"mots?\s+de\s+passe|identifiants|codice|codici|password|credenziali|dati\s+bancari|"
    r"contraseñas?|claves?|códigos?|datos\s+bancarios|passw(?:ort|örter)|zugangsdaten|"
    r"\w*codes?|bankdaten|pagamenti|payments?|paiements?|pagos?|zahlungen|"
    # (round 27) money moved at a caller's request: what a bank warns it never asks for
    r"money|funds|argent|fonds|soldi|denaro|fondi|dinero|fondos|geld|ersparnisse)\b"
)
_WARNED = frozenset(
    {
        Signal.AGENT_DIRECTIVE,
        Signal.STANDING_RULE,
        Signal.IMPERATIVE,
        Signal.SYSTEM_PROMPT,
        # (round 27) in the warning's sentence: the act warned of ("move money to a 'safe
        # account'") and its advice ("if someone … asks you to, hang up")
        Signal.SENSITIVE_ACTION,
        Signal.CONDITIONAL_TRIGGER,
    }
)


def never_asks(low: str, h: Hit) -> bool:
    """Whether a directive or rule hit lies in a sentence that says its writer never asks
    for the reader's secret."""
    if h.signal not in _WARNED:
        return False
    start, end = _sentence(low, h)
    m = _NEVER_ASKS.search(low, start, end)
    return m is not None and _SECRET.search(low, m.start(), end) is not None


# A suspicious message forwarded to a reporting mailbox of the organisation's own domain.
_REPORT_BOX = _rx(
    r"\b(?:phishing|phish|abuse|spam|report\w*|security|securite|sicurezza|seguridad|"
    r"sicherheit|signalement|segnalazion\w*|cert|csirt)@(?!(?:gmail|googlemail|outlook|hotmail|"
    r"live|yahoo|ymail|aol|gmx|web|proton(?:mail)?|icloud|yandex|libero|mail)\.)[\w-]+(?:\.[\w-]+)+"
)
_SUSPICIOUS = _rx(
    r"\b(?:suspicious|phishing|spam|scam|fraudulent|suspect\w*|douteu\w*|arnaque\w*|frauduleu\w*|"
    r"sospett\w*|truffa\w*|fraudolent\w*|sospechos\w*|estafa\w*|fraudulent\w*|verdächtig\w*|"
    r"betrug\w*|betrügerisch\w*)\b"
)


def reported(low: str, h: Hit) -> bool:
    """Whether a send is a suspicious message reported to the reporting mailbox."""
    if h.signal is not Signal.EXFILTRATION:
        return False
    start, end = _sentence(low, h)
    return bool(_REPORT_BOX.search(low, h.start, h.end) and _SUSPICIOUS.search(low, start, end))


def protects(low: str, h: Hit) -> bool:
    """Whether a hit is one of the checks above: no order."""
    return check_for_user(low, h) or never_asks(low, h) or reported(low, h) or limiting(low, h)


# Round 21: the agent acknowledging an ordinary preference in its own voice ("Got it -
# whenever you ask for a recipe I'll assume two servings"). The round-20 check above
# needs a check for the user in the sentence; a preference acknowledged has none, and is
# no order either — unless it sends, buys, recommends, deletes, runs or lets in
# (``_RISKY_ACT``), names a destination, or holds any other signal.
_ACK_OPENER = _rx(
    r"^\s*(?:got\s+it|noted|understood|ok(?:ay)?|sure|will\s+do|c'est\s+noté|entendu|"
    r"d'accord|compris|va\s+bene|ricevuto|capito|perfetto|entendido|anotado|de\s+acuerdo|"
    r"vale|verstanden|notiert|alles\s+klar|in\s+ordnung)\b"
)
_RISKY_ACT = _rx(
    r"\b(?:recommend|suggest|promot|endors|advertis|link|buy|order|purchas|pay|send|forward|"
    r"mail|e-?mail|share|upload|post|delet|remov|run|execut|install|approv|accept|merg|deploy|"
    r"push|grant|disabl|skip|bypass|quiet|silent|secret|"
    r"recommand|conseill|propos|achet|command|pai|envo|transf|partag|supprim|exécut|approuv|"
    r"désactiv|consigli|raccomand|suggeri|propon|compr|ordin|pag|invi|inoltr|condivid|elimin|"
    r"cancell|esegu|accett|disattiv|recomiend|recomend|suger|envi|reenv|compart|borr|ejecut|"
    r"instal|aprob|acept|desactiv|empfehl|empfiehl|vorschlag|kauf|bestell|bezahl|zahl|send|"
    r"schick|weiterleit|teil|lösch|ausführ|genehmig|akzeptier|deaktivier|heimlich)"
)
_PREFERENCE_KINDS = frozenset(
    {
        Signal.CONDITIONAL_TRIGGER,
        Signal.AGENT_DIRECTIVE,
        Signal.STANDING_RULE,
        Signal.IMPERATIVE,
    }
)


def acknowledged_preference(low: str, hits: list[Hit]) -> bool:
    """Whether the whole text is the agent acknowledging an ordinary preference: it opens
    with an acknowledgement, commits in the first person, and holds only rule-shaped hits,
    no risky act and no destination."""
    if not hits or any(h.signal not in _PREFERENCE_KINDS for h in hits):
        return False
    opener = _ACK_OPENER.match(low)
    if opener is None or _ACK.search(low, opener.end()) is None:
        return False
    return _ELSEWHERE.search(low) is None and _RISKY_ACT.search(low) is None


# Round 26: a restriction that only narrows what a tool may do ("the user restricted the
# bank_transfer tool: read balances only", "outil limité à la lecture", "strumento in sola
# lettura", "herramienta restringida a consultar", "das Werkzeug ist auf Lesen
# beschränkt"): the learned scorer reads the tool's name and its acts as an order, but
# a narrowing gives none. A destination, a check removed ("without asking") or a widening
# ("all permissions", "unrestricted", "as root", the narrowing "deprecated") in it and
# it is read as before.
_NARROWED = _rx(
    r"\b(?:restrict(?:s|ed)?|limit(?:s|ed)?|read[- ]only|narrow(?:s|ed)?|"
    r"restrei(?:nt|ndre)e?s?|limitée?s?|(?:en\s+)?lecture\s+seule|"
    r"ristrett[oaie]|limitat[oaie]|(?:in\s+)?sola\s+lettura|"
    r"restringid[oa]s?|restringió|limitad[oa]s?|(?:de\s+)?solo\s+lectura|"
    r"eingeschränkt|beschränkt|schreibgeschützt|nur\s+lesend)\b"
)
_TOOL = _rx(
    r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b(?:tool|outil|strumento|herramienta|werkzeug|plugin|"
    r"plug-in|integration|intégration|integrazione|integración|integration)\b"
)
_WIDENED = _rx(
    r"\b(?:all\s+permissions|full\s+access|unrestricted|auto-?approv\w*|tous\s+les\s+droits|"
    r"accès\s+(?:complet|total)|sans\s+(?:restriction|limite)s?|pieno\s+accesso|tutti\s+i\s+"
    r"permessi|senza\s+limiti|acceso\s+total|todos\s+los\s+permisos|sin\s+(?:límites?|"
    r"restricciones)|vollzugriff|alle\s+rechte|uneingeschränkt\w*|ohne\s+(?:limit|beschränkung)|"
    # the narrowing itself taken away, or the highest rights asked for ("read-only
    # connections are deprecated", "run it as root")
    r"deprecat\w*|obsolète\w*|obsolet\w*|veraltet\w*|no\s+longer|plus\s+jamais|non\s+più|"
    r"ya\s+no|nicht\s+mehr|root|sudo|superuser|admin(?:istrator)?\s+(?:rights|privileges))"
)
NARROWED_NOTE = "a tool's use narrowed"


def narrows_tool(low: str) -> bool:
    """Whether the text narrows a tool it names and does nothing else the learned scorer
    should read: no destination, no check removed, no widening."""
    m = _NARROWED.search(low)
    if m is None or _TOOL.search(low) is None:
        return False
    return _ELSEWHERE.search(low) is None and _WIDENED.search(low) is None


# Round 28: a policy that limits the agent ("agents should have least-privilege tools and
# human approval for high-impact actions", "KI-Assistenten dürfen Dateien nur im
# Projektordner lesen; Löschvorgänge erfordern eine Bestätigung", "les agents ne peuvent
# lire que …", "gli assistenti possono leggere solo …", "requieren la confirmación del
# usuario"): a restriction or a check required is the safeguard, no order to obey. A check
# taken away ("no approval needed", "ohne Bestätigung"), a check kept for a few cases only
# ("approval only for transfers over …"), a widening, a destination or "without asking"
# anywhere in the text keeps every hit.
_LIMITS = _rx(
    r"\bleast[\s-]privilege\b|\bhuman[\s-]in[\s-]the[\s-]loop\b"
    r"|\b(?:require[sd]?|requiring|needs?|with|after|get)\s+(?:the\s+user's\s+|explicit\s+|"
    r"human\s+|a\s+|prior\s+|user\s+)?(?:confirmation|approval|consent|sign-?off)\b"
    r"|\bhuman\s+approval\b"
    # a restriction to reading, or to a folder: not "should only ever suggest NordPeak"
    r"|\bonly\s+(?:\w+\s+){0,2}?(?:read|reads|reading)\b|\bread\s+(?:\w+\s+){0,3}?only\s+(?:in|within|inside|from)\b"
    r"|\bonly\s+(?:within|inside|in)\s+(?:the\s+|their\s+|its\s+)?(?:\w+\s+)?(?:folder|directory|workspace|sandbox|project|repo\w*)\b"
    r"|\b(?:nécessit\w*|exig\w*|requi[eè]r\w*|soumis\w*\s+à|après)\s+(?:une\s+|la\s+|l')?"
    r"(?:confirmation|validation|approbation)\b|\bmoindre\s+privilège\b"
    r"|\bne\s+(?:peu\w+|doi\w+)\s+(?:\w+\s+){0,1}?(?:lire|consulter|accéder)\s+(?:\w+\s+){0,3}?qu(?:e\b|')"
    r"|\bqu(?:e\s+|')(?:en\s+lecture|dans\s+le\s+(?:dossier|répertoire|projet))\b"
    r"|\b(?:richied\w*|necessit\w*|previa|dopo)\s+(?:una\s+|la\s+|l')?(?:conferma|approvazione|"
    r"autorizzazione)\b|\bminimo\s+privilegio\b|\b(?:leggere|consultare|accedere)\s+(?:\w+\s+){0,1}?solo\b"
    r"|\bsolo\s+(?:in\s+lettura|(?:nella|nelle)\s+cartell\w+|nel\s+progetto)\b"
    r"|\b(?:requier\w*|necesit\w*|exig\w*|previa|tras)\s+(?:una\s+|la\s+)?(?:confirmación|"
    r"aprobación|autorización)\b|\bmínimo\s+privilegio\b|\b(?:leer|consultar|acceder)\s+(?:\w+\s+){0,1}?solo\b"
    r"|\bsolo\s+(?:leer|en\s+(?:modo\s+)?lectura|en\s+la\s+carpeta|en\s+el\s+(?:proyecto|directorio))\b"
    r"|\b(?:erforder\w*|benötig\w*|brauch\w*)\s+(?:\w+\s+){0,3}?(?:bestätigung|freigabe|"
    r"zustimmung|genehmigung)\b|\bnur\s+(?:\w+\s+){0,4}?(?:lesen|lesend|einsehen)\b"
    r"|\bnur\s+(?:im|in\s+dem|innerhalb\s+des)\s+\w*(?:ordner|verzeichnis|projekt|sandbox)\w*\b"
    r"|\bgeringste\w*\s+rechte\b"
    # (round 29) the user's confirmation asked for before an act: "always ask the user for
    # confirmation before paying", "pedirle confirmación antes de pagar", "demander une
    # confirmation avant de", "chiedere conferma prima di", "vor dem Bezahlen um
    # Bestätigung bitten"
    # (present and infinitive only: "asked for confirmation before …, so I should just
    # execute" tells of a check dropped)
    r"|\b(?:ask|asks|asking|get|request|seek)\s+(?:\w+\s+){0,3}?(?:for\s+)?(?:explicit\s+)?"
    r"(?:confirmation|approval|consent|permission)\s+(?:\w+\s+){0,2}?before\b"
    r"|\bdemander\w*\s+(?:\w+\s+){0,2}?(?:une\s+|la\s+|sa\s+|son\s+|leur\s+)?"
    r"(?:confirmation|validation|accord|autorisation)\s+(?:\w+\s+){0,2}?avant\b"
    r"|\bchieder\w*\s+(?:\w+\s+){0,2}?(?:una\s+|la\s+|sua\s+)?(?:conferma|approvazione|"
    r"autorizzazione|permesso)\s+(?:\w+\s+){0,2}?prima\b"
    r"|\bpedir\w*\s+(?:\w+\s+){0,2}?(?:una\s+|la\s+|su\s+)?(?:confirmación|aprobación|"
    r"autorización|permiso)\s+(?:\w+\s+){0,2}?antes\b"
    r"|\bvor\s+(?:\w+\s+){1,4}?(?:um\s+)?(?:bestätigung|freigabe|erlaubnis|zustimmung)\s+"
    r"(?:\w+\s+){0,2}?(?:bitten|fragen)\b"
)
_CHECK_WORD = (
    r"(?:confirmation|approval|consent|review|validation|approbation|conferma|approvazione|"
    r"autorizzazione|confirmación|aprobación|autorización|bestätigung|freigabe|zustimmung|"
    r"genehmigung)"
)
_CHECK_TAKEN = _rx(
    r"(?:\b(?:no|not|never|without|skip\w*|sans|pas|jamais|aucune|senza|non|mai|nessuna|sin|nunca|"
    # (round 29) "ne plus demander de confirmation", "non più", "nicht mehr"
    r"ningun\w*|ohne|nicht|nie|kein\w*|plus|più|mehr)|n't)\s+"
    r"(?:\S+\s+){0,3}?"
    + _CHECK_WORD
    + r"\b|\b"
    + _CHECK_WORD
    + r"\s+(?:is\s+|est\s+|è\s+|es\s+|ist\s+)?"
    r"(?:only|seulement|uniquement|solo|soltanto|solamente|nur)\b"
)
_LIMITED_KINDS = frozenset({Signal.AGENT_DIRECTIVE, Signal.STANDING_RULE, Signal.IMPERATIVE})
LIMITS_NOTE = "a policy that limits the agent"


def limits_agent(low: str) -> bool:
    """Whether the text limits the agent (a restriction or a check required) and holds
    nothing that widens it, takes a check away or sends anything anywhere."""
    return (
        _LIMITS.search(low) is not None
        and _CHECK_TAKEN.search(low) is None
        and _ELSEWHERE.search(low) is None
        and _WIDENED.search(low) is None
    )


def limiting(low: str, h: Hit) -> bool:
    """Whether a rule-shaped hit lies in a sentence of a text that limits the agent."""
    if h.signal not in _LIMITED_KINDS:
        return False
    start, end = _sentence(low, h)
    return _LIMITS.search(low, start, end) is not None and limits_agent(low)


# Round 29: a risk told to people — what an attack can make an assistant do ("the Morris
# II worm showed that a self-replicating prompt can make an AI assistant copy it", "un
# prompt malveillant peut pousser un assistant à …", "un prompt malevolo può indurre un
# assistente a …", "puede hacer que un asistente …", "kann einen Assistenten dazu bringen"),
# or what untrusted content becomes ("content pasted from untrusted sources will be treated
# as instructions", "le contenu non fiable sera traité comme des instructions"). The
# learned scorer reads the agent's acts named in it as an order; the sentence gives them
# as the attack's. "So"/"therefore" after it draws an order and keeps the reading.
_ATTACKER = (
    r"(?:(?:prompt[\s-]+)?injections?|attack(?:er)?s?|worms?|malware|malicious\s+\w+|poisoned\s+\w+|"
    r"self-?replicating\s+\w+|\w+\s+autorreplicantes?|\w+\s+auto-?réplica\w+|\w+\s+autoreplicant\w*|"
    r"selbstreplizierende\w*\s+\w+|attaquants?|attaques?|vers|\w+\s+malveillante?s?|iniezion[ei]|"
    r"attaccant[ei]|attacchi|vermi|\w+\s+malevol[oaie]|inyecci(?:ón|ones)|atacantes?|ataques?|"
    r"gusanos?|\w+\s+malicios[oa]s?|angreifer\w*|angriff\w*|würmer|wurm|bösartige\w*\s+\w+)"
)
_AGENT = r"(?:(?:an?|the|un|une|l'|uno?|una|el|la|einen|den|die|der)\s+)?(?:ai\s+|ia\s+|ki-?)?(?:assistant\w*|agent\w*|model\w*|llm|chatbot|assistente|asistente|modelo|modello|modèle|assistenten|agenten|modell)"
_ATTACK_TOLD = _rx(
    rf"\b{_ATTACKER}\s+(?:[^\s.;!?]+\s+){{0,6}}?(?:can|could|may|might|will|is\s+able\s+to|"
    r"peut|peuvent|pourrait|può|possono|potrebbe|puede|pueden|podría|kann|können|könnte)\s+"
    r"(?:make|get|trick|cause|lead|force|push|faire\s+en\s+sorte\s+qu'|pousser|amener|forcer|"
    r"far\s+sì\s+che|indurre|spingere|costringere|hacer\s+que|llevar\s+a|inducir|obligar\s+a|"
    rf"dazu\s+bringen|bringen|verleiten|zwingen)?\s*{_AGENT}\b"
    # untrusted content becomes instructions
    r"|\buntrusted\s+(?:\w+\s+){0,6}?(?:will\s+be|is|are|gets?)\s+(?:treated|read|followed|obeyed|"
    r"executed|taken)\s+as\s+(?:instructions|commands|orders)\b"
    r"|\bnon\s+(?:fiables?|fidat[oi]|attendibil[ei])\s+(?:\w+\s+){0,4}?(?:sera|seront|est|sont|"
    r"verr\w+|viene|vengono|sarà|saranno)\s+(?:traité\w*|lu\w*|suivi\w*|trattat\w*|lett\w*|"
    r"eseguit\w*)\s+come?\s+(?:des\s+)?(?:instructions|commandes|istruzioni|comandi)\b"
    r"|\bno\s+confiables?\s+(?:\w+\s+){0,4}?(?:se\s+)?(?:tratar\w*|leer\w*|seguir\w*|"
    r"ejecutar\w*|ser[áa]n?\s+tratad\w*)\s+como\s+(?:instrucciones|órdenes|comandos)\b"
    r"|\bnicht\s+vertrauenswürdige\w*\s+(?:\w+\s+){0,4}?(?:wird|werden)\s+(?:\w+\s+){0,4}?"
    r"als\s+(?:anweisungen|befehle)\s+(?:behandelt|gelesen|befolgt|ausgeführt)\b"
)
_DRAWN = _rx(
    r"\b(?:so|therefore|thus|hence|donc|quindi|perciò|por\s+eso|por\s+lo\s+tanto|daher|deshalb)\b"
)
RISK_NOTE = "a risk told: what an attack can make an agent do"


def risk_told(low: str, start: int, end: int) -> bool:
    """Whether the span ``start``–``end`` (a sentence) tells what an attack or untrusted
    content can make an agent do, with no order drawn from it after."""
    m = _ATTACK_TOLD.search(low, start, end)
    return m is not None and _DRAWN.search(low, m.end(), end) is None


def quiet_learned(low: str, end: int) -> str:
    """Why the learned hit (its sentence ending at ``end``) is no order, or "": a
    self-model's traits ("The assistant is cautious and ..."), a tool's use narrowed, a
    risk told (round 29)."""
    if _SELF_TRAITS.search(low, 0, end + 1):
        return TRAITS_NOTE
    if narrows_tool(low):
        return NARROWED_NOTE
    lo = max(0, end - 2 * REACH)
    start = max((m.end() for m in _SENTENCE_END.finditer(low, lo, max(lo, end - 1))), default=lo)
    if risk_told(low, start, min(len(low), end + 1)):
        return RISK_NOTE
    if contact_listing(low):  # (round 30)
        return LISTING_NOTE
    return LIMITS_NOTE if limits_agent(low) else ""
