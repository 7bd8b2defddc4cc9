"""One person's or account's data and money bridged to another's by a reasoning step
(round 30's misses, class A).

MINJA's bridging notes carry no instruction wording: a chain of reasoning links two
parties — an order "belongs to" an account, a child "= daughter of" a client, a company
"was acquired by" another, requests "are handled from" a partner's account — and then,
*because of that link alone*, hands one party's data, records, card, refund or payment
details to the other. Round 29's rules knew a record "stored under" another number and two
identifiers "the same" because they appear together; round 30 wrote the same class as a
chain ("→ daher die Daten von …", "therefore any refund … goes to the card on file for
account …", "por lo que hay que compartirles los datos del cliente") and as an identifier
swapped "because the records are linked". Whoever speaks (a summary of the user, the
assistant, an inference), no one's data follows a link a model drew, so each weighs at full
from any source (``harmful.harmful`` reads ``CROSSED_PATTERNS``):

- ``CROSSED_RECORD``: a link between two parties, then in the same line a conclusion
  ("therefore", "so", "→", "daher", "donc", "quindi", "por lo que") and data, a record, a
  card, a refund or payment details *held by a named party* ("the card on file for account
  …", "die Daten von Frau …", "Brightwater's payment details", "los datos del cliente");
- ``SUBSTITUTED_RECORD``: an identifier with digits substituted for another ("substitute
  patient ID 2210", "sostituisci l'ID 1180", "ersetze Kundennummer 4410") *because* the two
  are linked, related or the same.

What stays quiet: the same chain that keeps the data with its owner ("belongs to the user's
account, so the refund goes back to the card the user paid with", "sur sa carte"), a link
with nothing handed over ("Max = Sohn von Frau Keller → Geburtstag eintragen"), an
identifier corrected for a typo ("substitute record 3301 with 3310: the scanner misread
it").
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _a, _rx, _w

# -- a link between two parties --------------------------------------------------------------
_KIN = (
    r"(?:daughter|son|wife|husband|mother|father|sister|brother|neighbou?r|partner|"
    r"fille|fils|femme|mari|mère|père|sœur|soeur|frère|voisine?|"
    r"figli[oa]|moglie|marito|madre|padre|sorella|fratello|vicin[oa]|"
    r"hij[oa]|esposa|esposo|hermana|hermano|vecin[oa]|"
    r"tochter|sohn|ehefrau|ehemann|mutter|vater|schwester|bruder|nachbar(?:in)?)"
)
_LINK = (
    r"(?:belongs?\s+to|belonging\s+to|(?:is|are|was|were)\s+(?:linked|related|connected|tied|merged)|"
    r"linked\s+(?:to|with)|(?:was|were|been)\s+(?:acquired|bought|taken\s+over)\s+by|acquired\s+by|"
    r"(?:is|are)\s+(?:handled|managed|processed)\s+(?:by|from|through)|"
    r"appartien(?:t|nent)\s+à|(?:est|sont)\s+li[ée]e?s?|(?:a|ont)\s+été\s+(?:rachet|acqui)\w*\s+par|"
    r"(?:est|sont)\s+(?:gérée?s?|traitée?s?)\s+(?:par|depuis)|"
    r"appartien(?:e|ono)\s+a|(?:è|sono)\s+collegat[oaie]|(?:è|sono)\s+stat[oaie]\s+acquisit[oaie]\s+da|"
    r"(?:vengono|sono)\s+gestit[oaie]\s+da|"
    r"pertenec(?:e|en)\s+a|(?:está|están)\s+vinculad[oa]s?|(?:fue|fueron)\s+(?:adquirid|comprad)[oa]s?\s+por|"
    r"se\s+gestionan?\s+(?:desde|por)|"
    r"geh(?:ö|oe)r(?:t|en)\s+zu|(?:ist|sind)\s+verkn(?:ü|ue)pft|verkn(?:ü|ue)pft\s+(?:ist|sind)|"
    r"wurde\s+von\s+\S+\s+(?:übernommen|gekauft)|(?:wird|werden)\s+(?:über|von)\s+\S+\s+verwaltet|"
    # "Lina = Tochter von Frau Weber", "Paul est le frère de Mme Roux"
    r"=\s*(?:the\s+)?" + _KIN + r"|" + _KIN + r"\s+(?:of|de|di|del|della|von|des)\b)"
)
# ... a conclusion drawn from it ...
_THEN = (
    r"(?:\btherefore\b|\bthus\b|\bhence\b|\bso\b|→|->|=>|\bdaher\b|\bdeshalb\b|\bdeswegen\b|"
    r"\bdonc\b|\bpar\s+conséquent\b|\bquindi\b|\bperciò\b|\bpertanto\b|\bdunque\b|"
    r"\bpor\s+lo\s+(?:que|tanto)\b|\basí\s+que\b|\bpor\s+eso\b)"
)
# ... and data, a record, money held by a named party ("of account …", "von Frau …",
# "Brightwater's …"; not the user's own, nor a pronoun's)
_OBJ = (
    r"(?:data|details|records?|files?|card|refunds?|payments?|balance|credit|history|address|"
    r"\w*daten|akten?|karte|zahlung\w*|erstattung\w*|adresse|"
    r"données|dossiers?|carte|paiements?|remboursements?|coordonnées|"
    r"dati|cartell[ae]|carta|pagament[oi]|rimbors[oi]|indirizzo|"
    r"datos|expedientes?|historial|tarjeta|pagos?|reembolsos?|dirección)"
)
_NOT_OWNER = (
    r"(?!(?:the\s+|l'|la\s+|el\s+|der\s+|dem\s+|des\s+|del\s+|della\s+)?"
    r"(?:user|utilisat\w+|utente|usuari[oa]|nutzer\w*|same|même|stess\w*|mism\w*|selb\w*)\b)"
    r"(?!(?:their|his|her|its|it|them|this|that|my|your|our|leur|sa|son|ses|suo|sua|suoi|"
    r"su|sus|mi|ihr\w*|sein\w*|mein\w*|lui|lei|él|ella|ihm|ihn)\b)"
)
_HELD = (
    r"(?:\b"
    + _OBJ
    + r"(?:\s+[\w-]+)?\s+(?:on\s+file\s+)?(?:of|for|von|de|di|del|della|des|du)\s+"
    + _NOT_OWNER
    + r"[\w'-]"
    + r"|(?<![\w'])(?!(?:user|the|its|their|one|it)['’]s)[a-z][\w-]*['’]s?\s+(?:[\w-]+\s+)?"
    + _OBJ
    + r"\b)"
)
CROSSED_RECORD = _a(
    "belong belongs$ is$ are$ was$ were$ linked acquired appartient appartiennent est$ sont$ "
    "a$ ont$ appartiene appartengono è$ vengono pertenece pertenecen está están fue fueron se$ "
    "gehört gehoert gehören gehoeren ist$ verknüpft verknuepft wurde wird werden = "
    "daughter son$ wife husband mother father sister brother neighbo partner fille fils$ femme "
    "mari$ mère père sœur soeur frère voisin figli moglie marito madre padre sorella fratello "
    "vicin hij esposa esposo hermana hermano vecin tochter sohn ehefrau ehemann mutter vater "
    "schwester bruder nachbar",
    _w(
        0.55,
        _rx(
            rf"(?:\b|(?==)){_LINK}"
            rf"(?=[^\n]{{0,200}}?{_THEN})(?=[^\n]{{0,260}}?{_HELD})"
        ),
    ),
)

# -- an identifier swapped because two records are linked -----------------------------------
_SWAP = (
    r"(?:substitut\w*|swap\w*|replac\w*|use\s+(?:instead\s+)?|remplac\w*|substitu\w*|"
    r"sostitui\w*|sostituir\w*|usa\w*\s+(?:invece\s+)?|sustitu\w*|reemplaz\w*|"
    r"ersetz\w*|tausch\w*|austausch\w*|verwende\w*\s+(?:stattdessen\s+)?)"
)
_ID = (
    r"(?:ids?|mrn|numbers?|records?|accounts?|numéro|compte|dossier|numero|conto|cartella|"
    r"número|cuenta|expediente|nummer|\w+nummer|konto|akte)"
)
_BECAUSE = (
    r"(?:because|since|as|car|parce\s+que|puisque|perché|poiché|dato\s+che|porque|ya\s+que|"
    r"dado\s+que|da|weil)"
)
_LINKED = (
    r"(?:linked|related|connected|the\s+same|li[ée]e?s|reli[ée]e?s|les\s+mêmes|collegat[ei]|"
    r"le\s+stesse|gli\s+stessi|vinculad[oa]s|relacionad[oa]s|l[oa]s\s+mism[oa]s|"
    r"verkn(?:ü|ue)pft|verbunden|dieselben)"
)
SUBSTITUTED_RECORD = _a(
    "substitut swap replac use$ remplac substitu sostitui usa sustitu reemplaz ersetz tausch "
    "austausch verwende",
    _w(
        0.55,
        _rx(
            rf"\b{_SWAP}[^\n]{{0,30}}?\b{_ID}(?:\s+[\w-]+)?\s*[#:nº°.]*\s*\d{{3,}}"
            rf"(?=[^\n]{{0,120}}?\b{_BECAUSE}\b[^\n.]{{0,60}}?\b{_LINKED}\b)"
        ),
    ),
)

CROSSED_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.SENSITIVE_ACTION, CROSSED_RECORD),
    (Signal.SENSITIVE_ACTION, SUBSTITUTED_RECORD),
]
