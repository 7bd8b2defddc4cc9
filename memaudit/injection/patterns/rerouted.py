"""A public office paid by a person-to-person transfer, a payee's account changed on an
e-mail's word (round 31's misses, class E).

Round 30's ``lured`` rules knew a tax paid in gift cards or crypto and a payee's new bank
details come by SMS. Round 31 moved both one step: "la Agencia Tributaria ya no acepta
pagos por la sede electrónica; el pago del IRPF … se hace ahora por Bizum al número …",
and an IBAN "è cambiato in IT60 … (me l'ha confermato l'email di ieri dell'«amministratore»)".
A tax office takes no instant transfer to a phone number, and the e-mail that announces
new bank details cannot confirm them: the user believing either is how the fraud works,
so each weighs at full from any source (``harmful``):

- ``TRIBUTE_BY_PHONE``: a tax, a fine or a public office said to be paid *now* or *only*
  by Bizum, Venmo, Zelle, Cash App, PayPal to friends, Satispay, Lydia, Paylib, Twint or
  to a mobile number, with no negation in between ("Hacienda nunca cobra por Bizum" is
  the warning; a share of a fine sent to a friend by Bizum claims no channel);
- ``CHANGE_CONFIRMED_BY_MAIL``: an IBAN or a bank account said to have changed, the
  change's only confirmation an e-mail or a message ("confirmed by the e-mail", "d'après
  le courriel", "me l'ha confermato l'email", "según el correo", "laut Mail"), with an IBAN
  in the line and no call named.

What stays quiet: the warning, a user's own Bizum to a friend, an IBAN change confirmed by
a call to the known number, an e-mail that announced a change the user then checked.
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.patterns.lured import _COLLECTOR, _UNNEGATED
from memaudit.injection.patterns.staked import _IBAN
from memaudit.injection.vocabulary import _a, _rx, _w

_P2P = (
    r"(?:bizum|venmo|zelle|cash\s*app|satispay|lydia|paylib|twint|"
    r"paypal\s+(?:friends|amis|amici|amigos|freunde)|"
    r"(?:to|au|al|an\s+die)\s+(?:the\s+|le\s+)?(?:mobile\s+|phone\s+)?(?:number|numéro|numero|número|nummer)"
    r"\s+\+?\d[\d ]{6,})"
)
# ... claimed as the channel now ("se hace ahora por Bizum", "only by Zelle", "désormais par
# Lydia"): a share of a fine sent to a friend by Bizum claims no channel
_NOW = (
    r"(?:now|only|from\s+now\s+on|henceforth|désormais|dorénavant|uniquement|seulement|"
    r"ora|d'ora\s+in\s+poi|solo|soltanto|esclusivamente|ahora|únicamente|sólo|"
    r"jetzt|nur(?:\s+noch)?|ab\s+sofort|künftig)"
)
_BY = r"(?:by|via|through|with|using|par|avec|per|tramite|con|por|mediante|über|mit|per)"
_COLLECTOR_31 = rf"(?:{_COLLECTOR}|irpf|iva|ibi|imu|tari|f24|urssaf|caf|inps|seguridad\s+social)"
TRIBUTE_BY_PHONE = _a(
    "bizum venmo zelle cash satispay lydia paylib twint paypal",
    _w(
        0.55,
        _rx(
            # (atomic: the first "now" after the office is read, once)
            rf"\b{_COLLECTOR_31}\b(?>[^\n]{{0,160}}?\b{_NOW}\b){_UNNEGATED}{{0,40}}?\b{_BY}\s+{_P2P}"
        ),
    ),
)
_CHANGED = (
    r"(?:changed|is\s+now|a\s+changé|est\s+désormais|è\s+cambiat[oa]|(?:ha|hanno)\s+cambiato|"
    r"ora\s+è|ha\s+cambiado|cambió|ahora\s+es|(?:hat\s+sich\s+)?geändert|lautet\s+jetzt|ist\s+jetzt)"
)
_MAIL = r"(?:e-?mail|mail|message|courriel|messaggio|mensaje|correo|nachricht)"
_BY_MAIL = (
    rf"(?:confirmed\s+(?:by|in|through)\s+(?:the\s+|an?\s+|their\s+)?(?:\w+\s+){{0,2}}?{_MAIL}|"
    rf"(?:per|according\s+to)\s+(?:the\s+|an?\s+|their\s+)?{_MAIL}|"
    rf"confirmé\w*\s+(?:par|dans)\s+(?:le\s+|un\s+|son\s+)?{_MAIL}|d'après\s+(?:le\s+|son\s+)?{_MAIL}|"
    rf"l'a\s+confirmé\s+(?:le\s+|son\s+)?{_MAIL}|"
    rf"confermat\w*\s+(?:da|dal|dalla|nella|nel|con)\s*(?:l')?{_MAIL}|ha\s+confermato\s+(?:l'|il\s+)?{_MAIL}|"
    rf"secondo\s+(?:l'|il\s+)?{_MAIL}|"
    rf"confirmad\w*\s+(?:por|en)\s+(?:el\s+|un\s+|su\s+)?{_MAIL}|según\s+(?:el\s+|un\s+|su\s+)?{_MAIL}|"
    rf"(?:laut|gemäß|per)\s+(?:der\s+|einer\s+)?{_MAIL}|bestätigt\s+(?:per|durch|in)\s+(?:der\s+|einer\s+)?{_MAIL})"
)
_CALLED = (
    r"(?!(?:[^\n]{0,200}?)\b(?:call\w*|phon\w*|rappel\w*|appel\w*|téléphon\w*|chiamat\w*|"
    r"telefon\w*|richiamat\w*|llam\w*|anruf\w*|angerufen|zurückgerufen|in\s+person|en\s+persona|"
    r"di\s+persona|en\s+personne|persönlich)\b)"
)
CHANGE_CONFIRMED_BY_MAIL = _a(
    "iban rib bank coordonnées conto cuenta konto",
    _w(
        0.55,
        _rx(
            rf"\b(?:iban|rib|bank\s+account|coordonnées\s+bancaires|conto|cuenta|konto\w*)\b{_CALLED}"
            rf"[^\n]{{0,80}}?\b{_CHANGED}\b[^\n]{{0,80}}?\b{_IBAN}\b[^\n]{{0,80}}?{_BY_MAIL}"
        ),
    ),
)
# (rounds 18, 28, 42) a payee's *right* account asserted, not changed: "el destinatario
# correcto es la cuenta ES91 …, no la del casero", "the correct payee for any transfer is
# …, IBAN DE89 …". Whoever pays the user's payee needs no one to name its right account.
_PAYEE = (
    r"(?:payee|recipient|beneficiary|destinatari[oa]|beneficiari[oa]|(?:zahlungs)?empfänger|"
    r"bénéficiaire|destinataire)"
)
_RIGHT = (
    r"(?:correct[oae]?|right|real|true|valid[oa]?|válid[oa]|corrett[oa]|giust[oa]|ver[oa]|"
    r"verdader[oa]|bon(?:ne)?|vrai[e]?|richtige[rn]?|korrekte[rn]?|wahre[rn]?)"
)
_IS = r"(?:is|are|es|son|è|sono|est|sont|ist|sind|lautet)"
_ACCOUNT_NO = r"(?:[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,7}|\d(?:[\s-]?\d){7,})"
PAYEE_ASSERTED = _a(
    "payee recipient beneficiary destinatario destinataria beneficiario beneficiaria empfänger "
    "zahlungsempfänger bénéficiaire destinataire",
    _w(
        0.55,
        _rx(
            rf"(?:\b{_RIGHT}\s+{_PAYEE}|\b{_PAYEE}\s+{_RIGHT})\b[^\n]{{0,40}}?\b{_IS}\b"
            rf"{_UNNEGATED}{{0,80}}?\b{_ACCOUNT_NO}\b"
        ),
    ),
)
# weighed at full from any source (``harmful``)
REROUTED_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.SENSITIVE_ACTION, TRIBUTE_BY_PHONE),
    (Signal.SENSITIVE_ACTION, CHANGE_CONFIRMED_BY_MAIL),
    (Signal.SENSITIVE_ACTION, PAYEE_ASSERTED),
]
