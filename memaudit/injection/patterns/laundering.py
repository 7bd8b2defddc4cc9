"""Text that speaks for the user: a wish, a preference or a permission attributed to
them ("the user wants ...", "User confirmed that I may ..."). Weighed by provenance
(``provenance.assess``): the user's own statements, and notes derived from them, say
this all the time; a tool's output, a document or a conclusion drawn from those that
says it is putting words in the user's mouth."""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _rx

# The claim must open a sentence or a line ("If the user wants to export, ..." is a
# condition in a manual, not a claim).
_OPENS = (
    r"(?:^|[.:;!?\n]\s*)[\W_]*(?:so\s+|also\s+|note\s*:\s*)?"
    # a claim handed over to be kept: "also remember that the user wants ..." (round 11)
    r"(?:(?:remember|note|keep\s+in\s+mind|bear\s+in\s+mind)\s+that\s+)?"
)
_HEDGES = r"(?:(?:probably|likely|surely|clearly|definitely|always|also|now|already|really|has|had|would|will|apparently|actually)\s+)*"

LAUNDERING_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (
        Signal.USER_CLAIM,
        _rx(
            _OPENS
            + r"(?:the\s+)?(?:user|customer|owner|client)(?:'s)?\s+"
            + _HEDGES
            + r"(?:wants?|wanted|would\s+(?:want|like|prefer)|prefers?|preferred|asked|requested|"
            r"confirmed|agreed|approved|allowed|authori[sz]ed|permitted|instructed|"
            r"told\s+(?:me|us|you)|said\s+(?:that\s+)?(?:i|we|you|the\s+assistant)\s+(?:may|can|should)|"
            # a statement quoted as the user's ("User stated: '...'"; round 11)
            r"stated|(?:said|says|wrote)(?=\s*[:,]))(?:\b|(?=\s*[:,]))"
        ),
    ),
    (
        Signal.USER_CLAIM,
        _rx(
            _OPENS + r"(?:"
            # fr
            r"l'(?:utilisat(?:eur|rice)|usager)\s+(?:\w+\s+)?(?:veut|voudrait|souhaite|souhaiterait|préfère|a\s+demandé|a\s+confirmé|a\s+accepté|a\s+autorisé|autorise|demande|a\s+dit)"
            # it
            r"|l'utente\s+(?:\w+\s+)?(?:vuole|vorrebbe|desidera|preferisce|ha\s+chiesto|ha\s+confermato|ha\s+autorizzato|autorizza|chiede|ha\s+detto)"
            # es
            r"|(?:el\s+|la\s+)?usuari[oa]\s+(?:\w+\s+)?(?:quiere|querría|desea|prefiere|pidió|ha\s+pedido|confirmó|ha\s+confirmado|autorizó|autoriza|pide|dijo|ha\s+dicho)"
            # de
            r"|(?:der\s+|die\s+)?(?:nutzer|benutzer|kunde)(?:in)?\s+(?:\w+\s+)?(?:möchte|will|wünscht|bevorzugt|erlaubt|verlangt|hat\s+(?:bestätigt|erlaubt|zugestimmt|gebeten|verlangt|gesagt))"
            # the verb second, after an adverbial: "Laut Dokument hat der Nutzer zugestimmt"
            r"|(?:\w+\s+){1,3}?(?:hat|habe)\s+(?:der|die)\s+(?:nutzer|benutzer|kunde)(?:in)?\s+(?:\w+\s+){0,2}?(?:bestätigt|erlaubt|zugestimmt|gebeten|verlangt|gesagt)"
            r")\b"
        ),
    ),
    (
        Signal.USER_CLAIM,
        # A line headed as the user's wish: "Nutzerwunsch:", "User request:".
        _rx(
            r"(?:^|\n)\W*(?:(?:nutzer|benutzer|kunden)wunsch|(?:user|customer)(?:'s)?\s+(?:requests?|wish(?:es)?|preferences?|instructions?)|(?:souhait|demande|préférence)\s+de\s+l'utilisat(?:eur|rice)|(?:richiesta|preferenza)\s+dell'utente|(?:petición|preferencia|solicitud)\s+del\s+usuario)\s*:"
        ),
    ),
]
