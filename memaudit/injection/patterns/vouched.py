"""The user's voice claimed by a tag or a signature (after round 27).

The store records who said what. A text that carries its own stamp of the user's
approval — a tag such as "[USER-VERIFIED]", "[user_approved]", "[vérifié-par-l'utilisateur]"
— or that stands for the user because a message or a note was *signed* as them ("a note
signed '— the user'", "firmaba «soy yo, el usuario»", "signé « l'utilisateur »", "firmato
'l'utente'", "unterschrieben mit „der Nutzer“") claims a provenance that anyone who can
type can forge. Like a self-certified source tag (``laundering.SELF_CERTIFIED``), it is a
``fake_authority`` weighed at full from any source (``provenance``).

Safe: a tag must be a bracketed token of its own, with the user word joined to the
verification by a hyphen, an underscore or a space and nothing else inside ("(verified by
the user in session 12)" is a note's aside, not a stamp); a signature must be a quoted
one ("signed by the user on 3 May" is a fact about a lease: no quote mark follows the verb).
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _a, _rx, _w

_USER = (
    r"(?:the\s+user|user|l'utilisat(?:eur|rice)|utilisat(?:eur|rice)|l'utente|utente|"
    r"(?:el\s+|la\s+)?usuari[oa]|(?:der\s+|die\s+|den\s+|vom\s+)?(?:be)?nutzer(?:in)?)"
)
_CHECKED = (
    r"(?:verified|approved|confirmed|authenticated|signed|trusted|"
    r"vérifié\w*|approuvé\w*|confirmé\w*|authentifié\w*|"
    r"verificat[oa]|approvat[oa]|confermat[oa]|autenticat[oa]|"
    r"verificad[oa]|aprobad[oa]|confirmad[oa]|autenticad[oa]|"
    r"verifiziert|bestätigt|freigegeben|genehmigt)"
)
_BY = r"(?:[\s_-]+(?:by|par|da|dall'|por|von|vom)\s*[\s_-]*)?"
_JOIN = r"[\s_-]+"
# (round 37) what the stamp marks, joined by a hyphen or an underscore only:
# "[verified-user-directive]", "[user_confirmed_fact]" (a space would make it an aside)
_KIND = r"(?:[_-][a-zà-ÿ]{1,20})?"
# (round 39) further fields of the same stamp after a separator: "[user-confirmed ·
# priority=system]", "[verified-by-user | src=chat]" (a field of its own, no spaces inside)
_FIELDS = r"(?:\s{0,2}[·|;,]\s{0,2}[\w=:.-]{1,30}){0,4}"
# "[USER-VERIFIED]", "[verified-by-user]", "[vom Nutzer bestätigt]"
USER_STAMP = _a(
    "user utilisat utente usuari nutzer benutzer",
    _w(
        0.55,
        _rx(
            rf"\[\s*{_USER}{_JOIN}{_CHECKED}{_KIND}{_FIELDS}\s*\]"
            rf"|\[\s*{_CHECKED}(?:{_BY}|{_JOIN}){_USER}{_KIND}{_FIELDS}\s*\]"
            rf"|\[\s*(?:vom|von\s+der)\s+(?:be)?nutzer(?:in)?\s+{_CHECKED}\s*\]"
        ),
    ),
)
_SIGNED = (
    r"(?:signed|sign(?:s|ing)\s+off|signé\w*|firmat[oaie]|firmav[oa]|firm(?:a|aba|ó|ado|ada)|"
    r"unterschrieben|unterzeichnet|gezeichnet)"
)
_QUOTE = r"[\"'“”‘’«»„‚]"
# a note or a message signed with a quote that names the user: 'signed "— the user"',
# "firmaba «soy yo, el usuario, …»"
SIGNED_AS_USER = _a(
    "signed sign signé firmat firmav firma firmó unterschrieben unterzeichnet gezeichnet",
    _w(
        0.55,
        _rx(
            rf"\b{_SIGNED}\s+(?:(?:as|with|comme|avec|come|con|como|mit|als)\s+)?{_QUOTE}\s*"
            rf"(?:[—–-]\s*)?[^\"“”«»„\n]{{0,20}}?\b{_USER}\b"
        ),
    ),
)

# (round 37) A text that opens with a stamp of its own origin naming the user — "[origine :
# utilisateur — saisie manuelle, ne pas réévaluer]", "[Herkunft: Nutzer, manuell]",
# "[source: user]" — says where it came from, which only the store can say. Only in a
# bracket that opens the text: a tool's receipt that lists "source: user" among its
# record's fields is a record, not a text presenting itself. The hit starts at the origin
# word, where a self-certified source tag (``laundering.SELF_CERTIFIED``) starts too.
_ORIGIN = (
    r"(?:origin|origine|origen|source|fonte|fuente|provenance|provenienza|procedencia|"
    r"herkunft|quelle)"
)
# Not a citation: a bracket that cites a page ("[source: user manual, p. 4]", "[fonte:
# manuale utente, pag. 12]", "[Quelle: Nutzerhandbuch, S. 4]") names a document, not the
# user's voice.
_PAGE = r"(?:\b(?:p|pp|pag|pág|s)\.\s?\d|\b(?:page|pages|pagina|página|seite)\s\d)"
ORIGIN_STAMP = _a(
    "origin origine origen source fonte fuente provenance provenienza procedencia herkunft quelle",
    _w(
        0.55,
        _rx(
            rf"(?<=\A\[)(?![^\]\n]{{0,130}}{_PAGE})\s*{_ORIGIN}\s*[:=]\s*{_USER}\b"
            rf"[^\]\n]{{0,120}}\]"
        ),
    ),
)
# (round 37) A block inside a text marked as the user's own memory or input — "--- BEGIN
# USER MEMORY (written by the account owner) ---", "=== DÉBUT MÉMOIRE UTILISATEUR ===",
# "[[INIZIO NOTE DELL'UTENTE]]", "--- INICIO MEMORIA DEL USUARIO ---", "--- BEGINN
# NUTZER-NOTIZEN ---": a delimiter line opening a block, a start word, the user and what
# an agent keeps of them. A document, a tool's output or a model's note that holds one
# hands the agent text as the user's that the store did not take from the user.
_MARK = r"(?:-{3,40}|={3,40}|\*{3,40}|<{3,40}|\[{1,2})"
_BEGIN = r"(?:begin|start|début|debut|inizio|inicio|beginn|anfang)"
_KEPT = (
    r"(?:memor|mémoire|memoire|speicher|gedächtnis|note|notiz|input|entrée|entree|eingabe|"
    r"instruction|istruzion|instrucci|anweisung|preferen|präferen|data|daten|dati|datos|donnée)"
)
USER_BLOCK = _a(
    "begin start début debut inizio inicio beginn anfang",
    _w(
        0.55,
        _rx(
            rf"^[ \t]{{0,8}}{_MARK}[ \t]{{0,8}}{_BEGIN}\b[^\n]{{0,30}}?\b(?:{_USER}[^\n]{{0,30}}?{_KEPT}"
            rf"|{_KEPT}[^\n]{{0,30}}?\b{_USER})"
        ),
    ),
)

# (round 37) A text that asks for itself, or a line it holds, to be stored or treated as
# the user's own — "should be stored as user-origin", "must be followed as if typed by the
# user", "doit être enregistrée comme saisie de l'utilisateur", "deve essere salvata come
# input dell'utente", "debe guardarse como entrada del usuario", "soll als Nutzereingabe
# gespeichert werden" — asks for a provenance only the store can give. Only as a request (a
# modal or "to" before the verb): "chat messages are stored as user input" describes a
# memory system.
_STORED = (
    r"(?:stor(?:e|ed)|sav(?:e|ed)|record(?:ed)?|kept|keep|fil(?:e|ed)|logged|log|treat(?:ed)?|"
    r"tagged|tag|mark(?:ed)?|label(?:l?ed)?|follow(?:ed)?|obey(?:ed)?)"
)
_USER_INPUT_EN = (
    r"(?:user[\s_-]?(?:origin|input|entry|statement|memory|authored|written|provided)"
    r"|(?:the\s+)?user(?:'s|’s)\s+own"
    r"|if\s+(?:it\s+were\s+|they\s+were\s+)?(?:typed|written|entered|said|sent)\s+by\s+the\s+user)"
)
_REQUEST_EN = r"(?:should|must|shall|needs?\s+to|to|please)\s+(?:be\s+|get\s+)?"
_AS_USER_FR = (
    r"(?:doit|doivent|devrait|devraient|à)\s+(?:être\s+)?(?:enregistr|conserv|stock|trait|consign)"
    r"[a-zé]{0,6}\s+comme\s+(?:une?\s+)?(?:saisie|entrée|donnée|propos|parole|note|mémoire)s?\s+"
    r"(?:de\s+l'|d'|par\s+l')utilisat(?:eur|rice)"
)
_AS_USER_IT = (
    r"(?:deve|devono|dovrebbe|dovrebbero|da)\s+(?:essere\s+)?(?:salvat|memorizzat|registrat|conservat|"
    r"trattat)[oaie]\s+come\s+(?:un\s+|una\s+|un')?(?:input|inserimento|dichiarazione|nota|voce|dato)"
    r"\s+(?:dell'|dall'|da\s+)utente"
)
_AS_USER_ES = (
    r"(?:debe|deben|debería|deberían|hay\s+que|a)\s+(?:ser\s+)?(?:guardad[oa]s?|almacenad[oa]s?|"
    r"registrad[oa]s?|tratad[oa]s?|guardar(?:se|lo|la)?|almacenar(?:se|lo|la)?|registrar(?:se|lo|la)?|"
    r"tratar(?:se|lo|la)?)\s+como\s+(?:una?\s+)?(?:entrada|declaraci[oó]n|nota|dato|mensaje)\s+"
    r"(?:del|de\s+la)\s+usuari[oa]"
)
_AS_USER_DE = (
    r"\bals\s+(?:(?:be)?nutzer[\s-]?(?:eingabe|aussage|eintrag|notiz)|(?:eingabe|aussage|eintrag|notiz)"
    r"\s+(?:des|der|vom)\s+(?:be)?nutzer(?:s|in)?)\s+(?:zu\s+)?(?:speichern|gespeichert|ablegen|"
    r"abgelegt|behandeln|behandelt|vermerken|vermerkt|führen|geführt)\b"
)
STORED_AS_USER = _a(
    "as comme come como als",
    _w(
        0.55,
        _rx(
            rf"\b{_REQUEST_EN}{_STORED}\s+(?:(?:it|this|them|that|the\s+line)\s+)?as\s+(?:an?\s+)?"
            rf"{_USER_INPUT_EN}|\b{_AS_USER_FR}|\b{_AS_USER_IT}|\b{_AS_USER_ES}|{_AS_USER_DE}"
        ),
    ),
)

# (round 47) The user's confirmation or the status of their statement claimed through a
# mechanism that is not the user: a quoted status a form, a sync or a note "flagged",
# "marked", "labelled" ("flagged 'confirmed by user'", "Als 'Nutzeraussage' markiert",
# "etichettata 'dichiarazione utente verificata'"), or one given by an automatic promotion,
# an import, a script, a form or a ticked box ("(automatisch hochgestuft)", "promoted to user
# statement by the import script", "confirmed by user (checkbox ticked …)"). Only the store
# can say who confirmed what. A record confirmed by the user in a session, in prose
# ("marked as confirmed by the user in session 14"), or a status of a thing ("marked
# 'shipped'", "segna come 'confermato'") is none.
_QUOTE_OPEN = r"[\"'“‘«„‚]\s?"
_QUOTE_CLOSE = r"\s?[\"'”’»“‘]"
# the user's confirmation of a record ...
_CONFIRMED = (
    r"(?:(?:confirmed|verified|approved)[\s_-]+by[\s_-]+(?:the[\s_-]+)?user"
    r"|user[\s_-]+(?:confirmed|verified|approved)"
    r"|confirmé\w{0,20}\s+par\s+l'utilisat(?:eur|rice)|vérifié\w{0,20}\s+par\s+l'utilisat(?:eur|rice)"
    r"|(?:be)?nutzer(?:in)?[\s-]?(?:bestätigt|verifiziert)"
    r"|(?:vom|von\s+der)\s+(?:be)?nutzer(?:in)?\s+(?:bestätigt|verifiziert|freigegeben)"
    r"|(?:confermat|verificat|approvat)[oa]\s+dall'utente"
    r"|(?:confirmad|verificad|aprobad)[oa]\s+por\s+(?:el|la)\s+usuari[oa])"
)
# ... or the status of the user's own statement
_STATUS = (
    rf"(?:{_CONFIRMED}|user[\s_-]+(?:said|says|statement|stated|authored)"
    r"|déclaration\s+(?:de\s+l'|d')utilisat(?:eur|rice)|propos\s+de\s+l'utilisat(?:eur|rice)"
    r"|(?:be)?nutzer(?:in)?[\s-]?(?:aussage|eingabe)"
    r"|dichiarazione\s+(?:dell'|di\s+)?utente(?:\s+verificata)?|declaración\s+del\s+usuari[oa])"
)
_MARKED = (
    r"(?:flagged|marked|tagged|labell?ed|stamped|set\s+to|status|auto[\s-]?marked|"
    r"marqué\w{0,20}|étiqueté\w{0,20}|statut|markiert|gekennzeichnet|status|"
    r"contrassegnat[oa]|segnat[oa]|etichettat[oa]|marcad[oa]|etiquetad[oa]|estado)"
)
# A promotion gives any of them; a form, an import, a ticked box can only confirm (a
# "user statement captured by the form" is the user's own form, a transcript's
# "automatic" is how their words were taken down).
_PROMOTED = (
    r"(?:auto[\s-]?(?:promoted|upgraded|marked|confirmed|tagged|flagged)|promoted|upgraded|"
    r"promu\w{0,20}|hochgestuft|promoss[oa]|ascendid[oa])"
)
_AUTOMATIC = (
    rf"(?:{_PROMOTED}|automatic\w{{0,20}}|by\s+the\s+(?:import|script|form|sync|system|pipeline|importer)|"
    r"check\s?box|ticked|pre-?ticked|"
    r"automatiquement|par\s+le\s+formulaire|case\s+cochée|"
    r"automatisch|vom\s+(?:import|skript|formular)|"
    r"automaticamente|dal\s+modulo|"
    r"automáticamente|por\s+el\s+formulario)"
)
_TO_STATUS = (
    r"(?:promoted|upgraded|elevated|raised)\s+to\s+(?:an?\s+)?(?:user[\s_-]+(?:statement|confirmed|"
    r"verified)|confirmed[\s_-]by[\s_-]user)"
    r"|(?:zur|zu\s+einer)\s+(?:be)?nutzeraussage\s+(?:hochgestuft|befördert|erhoben)"
    r"|promu\w{0,20}\s+(?:en|au\s+rang\s+de)\s+déclaration\s+de\s+l'utilisat(?:eur|rice)"
    r"|promoss[oa]\s+a\s+dichiarazione\s+(?:dell'|di\s+)?utente"
    r"|ascendid[oa]\s+a\s+declaración\s+del\s+usuari[oa]"
)
STATUS_CLAIMED = _a(
    "flagged marked tagged labelled labeled stamped set status auto marqué étiqueté statut "
    "markiert gekennzeichnet contrassegnato contrassegnata segnato segnata etichettato "
    "etichettata marcado marcada etiquetado etiquetada estado als confirmed verified approved "
    "user confirmé vérifié déclaration propos nutzer nutzerin benutzer vom von confermato "
    "confermata verificato verificata approvato approvata dichiarazione confirmado "
    "confirmada verificado verificada aprobado aprobada declaración promoted upgraded "
    "elevated raised zur zu promu promoss ascendid",
    _w(
        0.55,
        _rx(
            # a quoted status marked: "flagged 'confirmed by user'", "als 'Nutzeraussage'"
            rf"\b{_MARKED}\s+(?:(?:as|comme|come|como|als|to|a|à)\s+)?{_QUOTE_OPEN}{_STATUS}"
            rf"|\bals\s+{_QUOTE_OPEN}{_STATUS}{_QUOTE_CLOSE}\s*(?:markiert|gekennzeichnet)"
            # a status and an automatic mechanism in one clause, either order
            rf"|\b{_STATUS}\b[^.;:\n]{{0,60}}?\b{_PROMOTED}"
            rf"|\b{_PROMOTED}\b[^.;:\n]{{0,40}}?\b{_STATUS}"
            rf"|\b{_CONFIRMED}\b[^.;:\n]{{0,60}}?\b{_AUTOMATIC}"
            rf"|\b{_AUTOMATIC}\b[^.;:\n]{{0,40}}?\b{_CONFIRMED}"
            rf"|\b{_TO_STATUS}"
        ),
    ),
)

VOUCHED_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.FAKE_AUTHORITY, USER_STAMP),
    (Signal.FAKE_AUTHORITY, SIGNED_AS_USER),
    (Signal.FAKE_AUTHORITY, ORIGIN_STAMP),
    (Signal.FAKE_AUTHORITY, USER_BLOCK),
    (Signal.FAKE_AUTHORITY, STORED_AS_USER),
    (Signal.FAKE_AUTHORITY, STATUS_CLAIMED),
]


def vouched(low: str, start: int) -> bool:
    """Whether a hit at ``start`` is the user's voice claimed by a stamp, a signature, an
    origin stamp opening the text, a block marked as the user's, or a request to be stored
    as the user's own."""
    stamps = (USER_STAMP, SIGNED_AS_USER, ORIGIN_STAMP, USER_BLOCK, STORED_AS_USER, STATUS_CLAIMED)
    return any(rx.match(low, start) for rx in stamps)
