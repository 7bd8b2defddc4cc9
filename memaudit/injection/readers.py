"""What documents written for people say without ordering anything (round 31's false
alarms, class Q).

Help pages, READMEs, bank alerts and policy digests hold the words the patterns look for,
and order no one:

- **a scam warned against** (``scam_warned``): the act is what fraudulent messages ask
  for, told as a warning ("emails circulate asking you to transfer your money to a 'safe
  account'; no bank asks that", "des SMS vous demandent de virer …", "messaggi che
  chiedono di trasferire …", "circulan correos que piden transferir …", "Nachrichten, die
  dazu auffordern, Geld zu überweisen …"), a warning word beside it ("no bank", "never",
  "scam") and no account, address or link given anywhere in the text;
- **an approval required** (``approval_required``): an authority phrase that names a
  check the document asks for ("conditional deployments should require approval by a
  human", "eine Freigabe durch einen Menschen verlangen", "exiger une validation par un
  responsable"), no approval claimed as given in its sentence;
- **a send that carries nothing of the user's** (``nothing_sent``): a blank message to a
  mailing list's address ("send a blank message to subscribe@…", "un message vide à …"),
  or a tool's alerts posted to the address the reader sets themselves ("POSTed to the
  webhook URL you set in ALERT_WEBHOOK", "à l'URL que vous configurez") with no address
  written in that sentence;
- **an automatic carry-over denied** (``auto_denied``): "managers must approve delegations
  again after the migration; no permissions carry over automatically" — the patterns'
  "approve … automatically" reads across the clause that denies it.

Their poison twins hold what these leave out: an account or a link to pay into, an
approval claimed as given, the user's data in the message or a written destination, an
approval made automatic before the denied clause — each stays flagged (tested in five languages).
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit

# (an account, an address or a link: what a live payment or send order names)
from memaudit.injection.described import _HANDED, _VALUE
from memaudit.injection.kinds import Signal
from memaudit.injection.protective import around
from memaudit.injection.vocabulary import _rx

_SENTENCE_END = re.compile(r"[.!?\n]\s|;\s")


def _sentence(low: str, h: Hit) -> tuple[int, int]:
    return around(low, h, _SENTENCE_END)


# -- a scam warned against -----------------------------------------------------------------
# Messages (or callers) as the ones who ask for the act.
_MESSAGES_ASK = _rx(
    r"\b(?:e-?mails?|messages?|texts?|sms|calls?|callers?|letters?|courriels?|mails?|appels?|"
    r"messaggi|chiamate|telefonate|correos?|mensajes?|llamadas?|nachrichten|anrufe\w*|briefe)\b"
    r"[^.;!?\n]{0,40}?\b(?:ask\w*|request\w*|urg\w*|tell\w*\s+you|demand\w*|exig\w*|invit\w*|"
    r"chied\w*|invita\w*|pid\w*|solicit\w*|exigen|auffor\w*|verlang\w*|bitten|fordern)\b"
)
# The warning given beside it: no bank asks that, never, it is a scam.
_WARNING = _rx(
    r"\b(?:no\s+(?:bank|one|legitimate)|never|scam\w*|fraud\w*|phishing|"
    r"aucune?\s+(?:banque|organisme)|jamais|arnaque\w*|escroquerie\w*|fraude\w*|"
    r"nessun[ao]?\s+(?:banca|istituto)|mai|truff\w*|"
    r"ning[uú]n\s+banco|nunca|estafa\w*|fraude\w*|"
    r"keine\s+bank|niemals|nie|betrug\w*|betrüger\w*)\b"
)


def scam_warned(low: str, h: Hit) -> bool:
    """Whether a payment or send is what fraudulent messages ask, told as a warning with
    no account, address or link given in the text."""
    if h.signal not in _HANDED or _VALUE.search(low):
        return False
    start, _ = _sentence(low, h)
    asks = _MESSAGES_ASK.search(low, start, h.end)
    return asks is not None and _WARNING.search(low) is not None


# -- an approval required ------------------------------------------------------------------
_REQUIRE = _rx(
    r"\b(?:require\w*|must\s+(?:have|get|obtain)|need\w*|mandatory|"
    r"verlang\w*|erforder\w*|benötig\w*|voraussetz\w*|"
    r"exig\w*|nécessit\w*|obligatoire|"
    r"richied\w*|obbligatori\w*|necessari\w*|"
    r"requier\w*|requer\w*|necesit\w*|obligatori\w*)\b"
)
# An approval claimed as given: "approved by", "granted", "erteilt".
_GIVEN = _rx(
    r"\b(?:approved|authori[sz]ed|signed\s+off|granted|given|obtained|freigegeben|genehmigt|"
    r"erteilt|liegt\s+vor|approuvée?|autorisée?|validée?|accordée?|obtenue?|approvat[oa]|"
    r"autorizzat[oa]|concess[oa]|ottenut[oa]|aprobad[oa]|autorizad[oa]|concedid[oa]|obtenid[oa])\b"
)


# The approval named by the authority phrase itself (not "this is required", "confirmed").
_APPROVAL = _rx(
    r"\b(?:approval|sign-?off|consent|review|freigabe|genehmigung|zustimmung|prüfung|"
    r"validation|approbation|accord|autorisation|approvazione|autorizzazione|convalida|"
    r"aprobación|autorización|visto\s+bueno|revisión)\b"
)


# A check still to come: "must be approved by", "doivent être approuvés par", "devono
# essere approvati da", "deben ser aprobados por", "müssen vom … freigegeben werden".
_MUST_BE = _rx(
    r"\b(?:must|should|shall|needs?\s+to|ha(?:ve|s)\s+to)\s+(?:first\s+|always\s+|still\s+)?be\s+$"
    r"|\b(?:doi[tv]ent|doit|devraient|devrait)\s+(?:d'abord\s+|toujours\s+)?être\s+$"
    r"|\b(?:devono|deve|dovrebbero|dovrebbe)\s+(?:prima\s+|sempre\s+)?essere\s+$"
    r"|\b(?:deben|debe|deberían|debería)\s+(?:primero\s+|siempre\s+)?ser\s+$"
    r"|\b(?:müssen|muss|sollten|sollte)\s+(?:[\w-]+\s+){0,4}?$"
)
MUST_REACH = 40  # characters before an authority hit where its modal stands


def approval_required(low: str, h: Hit) -> bool:
    """Whether an authority phrase names an approval the text requires ("should require
    approval by a human", "must be approved by the security team"), none given."""
    if h.signal is not Signal.FAKE_AUTHORITY or _REQUIRE.search(low, h.start, h.end):
        return False  # ("this is required by IT": the phrase is the claim)
    start, end = _sentence(low, h)
    if _GIVEN.search(low, start, h.start) or _GIVEN.search(low, h.end, end):
        return False
    noun = _APPROVAL.search(low, h.start, h.end) is not None
    if noun and _REQUIRE.search(low, start, end) is not None:
        return True
    return _MUST_BE.search(low, max(start, h.start - MUST_REACH), h.start) is not None


# -- a send that carries nothing of the user's ---------------------------------------------
_BLANK = _rx(
    r"\b(?:a\s+)?(?:blank|empty)\s+(?:e-?mail|message|mail)\b"
    r"|\b(?:un\s+)?(?:message|courriel|e-?mail|mail)\s+vide\b"
    r"|\b(?:un\s+)?(?:messaggio|e-?mail|mail)\s+vuot[oa]\b"
    r"|\b(?:un\s+)?(?:mensaje|correo|e-?mail)\s+vac[ií]o\b"
    r"|\b(?:eine\s+)?leere\s+(?:e-?mail|nachricht|mail)\b"
)
# The destination as the one the reader sets: "the webhook URL you set", "l'URL que vous
# configurez", "l'URL che imposti", "la URL que configures", "die URL, die du festlegst".
_READERS_OWN = _rx(
    r"\b(?:url|address|endpoint|webhook)\s+(?:that\s+)?you\s+(?:set|configure|choose|specify|enter|provide)\b"
    r"|\b(?:url|adresse|webhook)\s+que\s+(?:vous\s+|tu\s+)?(?:configure[zs]?|définisse[zs]?|"
    r"indique[zs]?|choisisse[zs]?|saisisse[zs]?)\b"
    r"|\b(?:url|indirizzo|webhook)\s+che\s+(?:imposti|configuri|indichi|scegli|impostate|configurate)\b"
    r"|\b(?:url|dirección|webhook)\s+que\s+(?:configures|definas|indiques|elijas|configure|defina)\b"
    r"|\b(?:url|adresse|webhook),?\s+(?:die|den)\s+(?:du|sie)\s+(?:\w+\s+){0,3}?"
    r"(?:festlegst|festlegen|konfigurierst|konfigurieren|einträgst|eintragen|angibst|angeben|setzt|setzen)\b"
)


def nothing_sent(low: str, h: Hit) -> bool:
    """Whether a send carries nothing of the user's: a blank message, or a tool's output
    posted to the address the reader sets, no address written in its sentence."""
    if h.signal is not Signal.EXFILTRATION:
        return False
    start, end = _sentence(low, h)
    if _BLANK.search(low, start, end) is not None:
        # (the blank message goes to a list's address; any other data named keeps it)
        return _DATA.search(low, start, end) is None
    return (
        _READERS_OWN.search(low, start, end) is not None and _VALUE.search(low, start, end) is None
    )


_DATA = _rx(
    r"\b(?:password|credential|token|file|document|history|conversation|contacts?|data|"
    r"mot\s+de\s+passe|fichier|historique|données|cronologia|dati|contraseña|"
    r"archivo|historial|datos|passwort|datei|verlauf|daten)\w*"
)


# -- an automatic carry-over denied ---------------------------------------------------------
# "no permissions carry over automatically", "aucune autorisation n'est reprise
# automatiquement", "nessun permesso viene trasferito automaticamente", "ningún permiso se
# transfiere automáticamente", "keine Berechtigung wird automatisch übernommen": nothing
# is granted by itself; the approval is asked for again.
_AUTO_DENIED = _rx(
    r"\b(?:no|none\s+of\s+the)\s+(?:[\w-]+\s+){0,2}?(?:carr(?:y|ies)\s+over|(?:is|are)\s+"
    r"(?:granted|carried\s+over|transferred|kept|renewed))\s+automatically\b"
    r"|\baucune?\s+(?:[\w-]+\s+){0,2}?n'(?:est|sont)\s+(?:reprise?s?|transférée?s?|accordée?s?|"
    r"conservée?s?)\s+automatiquement\b"
    r"|\bnessun[oa]?\s+(?:[\w-]+\s+){0,2}?(?:viene|è)\s+(?:trasferit|concess|mantenut|rinnovat)[oa]\s+"
    r"automaticamente\b"
    r"|\bning[uú]n[oa]?\s+(?:[\w-]+\s+){0,2}?se\s+(?:transfiere|concede|mantiene|renueva)\s+"
    r"automáticamente\b"
    r"|\bkein\w*\s+(?:[\w-]+\s+){0,2}?wird\s+automatisch\s+(?:übernommen|erteilt|übertragen|"
    r"verlängert)\b"
)


def auto_denied(low: str, h: Hit) -> bool:
    """Whether a tool-policy hit's automatic act is one its clause denies ("…; no
    permissions carry over automatically"), with no act waived before it."""
    if h.signal is not Signal.TOOL_POLICY:
        return False
    start, end = _sentence(low, h)
    m = next((m for m in _AUTO_DENIED.finditer(low, start, end) if m.end() >= h.end), None)
    if m is None or m.start() > h.end:
        return False
    # (the hit's automatic word is the denied clause's; a waiver before it keeps the hit)
    return _WAIVED.search(low, h.start, max(h.start, m.start())) is None


_WAIVED = _rx(r"\b(?:without|no\s+need|skip\w*|sans|senza|sin|ohne)\b|\bautomatic\w*|\bauto-")


def for_readers(low: str, h: Hit) -> bool:
    """Whether a hit is one of the classes above: warned, required, nothing sent, an
    automatic grant denied."""
    return (
        scam_warned(low, h)
        or approval_required(low, h)
        or nothing_sent(low, h)
        or auto_denied(low, h)
    )
