"""Facts about the user that an attacker wants the agent to believe (fact poisoning): the
user's bank account, phone or contacts, carers, advisers or whom they trust, stated in
one sentence with the user as their owner ("the user's payroll deposits moved to ...",
"l'IBAN dell'utente è ...", "Die Hausverwaltung des Nutzers hat ein neues Mietkonto").

Such a sentence is what a profile holds, so it weighs next to nothing alone
(``USER_FACT``); the provenance decides (``provenance._provenance_hits``): the same fact
*changed* or carrying a new account, number or address, arriving from a document, a
tool's output, the assistant or a model conclusion nothing traces to the user, is
``PLANTED_FACT``. Written in the five languages, subject before or after the attribute."""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _rx

# The user as the owner of the fact.
_SUBJECT = (
    r"(?:\b(?:the\s+|this\s+|our\s+)?(?:user|customer|client|account\s+holder|patient)(?:'s|’s)"
    r"|\b(?:the\s+)?(?:user|customer|client)\s+(?:now\s+|has\s+|had\s+)+"
    r"|\b(?:the\s+)?(?:user|customer|client)\s+(?:moved|switched|changed|updated)\b"
    r"|\bde\s+l'(?:utilisat(?:eur|rice)|usager)\b|\bdu\s+client\b|\bl'utilisat(?:eur|rice)\s+a\b"
    r"|\bdell'utente\b|\bdel(?:la)?\s+cliente\b|\bl'utente\s+ha\b"
    r"|\bde(?:l|\s+la)\s+usuari[oa]\b|\b(?:el|la)\s+usuari[oa]\s+ha\b"
    r"|\bdes\s+(?:nutzers|benutzers|kunden)\b|\bder\s+(?:nutzerin|benutzerin|kundin)\b"
    r"|\b(?:der\s+|die\s+)?(?:nutzer|benutzer|kunde)(?:in)?\s+hat\b"
    # a named record in the user's address book: "contact 'Mum': phone ..."
    r"|\b(?:contact|contatto|contacto|kontakt)\s*['\"‘“«]\s?[^'\"’”»\n]{1,30}['\"’”»]\s*:)"
)
# What an attacker changes: where money goes, who answers for the user, how to reach them.
_ATTRIBUTE = (
    r"\b(?:accounts?|iban|bank(?:ing)?|payroll|deposits?|salary|routing|sort\s+code|wallet|"
    r"payee|beneficiary|phone|(?:phone\s+|mobile\s+|contact\s+)?number|mobile|support\s+line|"
    r"hotline|(?:emergency\s+|trusted\s+)?contacts?|e-?mail|address(?!\s+books?\b)|recovery|password|pin|"
    r"2fa|login|credentials?|pharmacy|doctor|physician|prescriptions?|insurer|insurance|"
    r"accountant|lawyer|attorney|advis[eo]r|landlord|rent|billing|refunds?|dentist|therapist|"
    r"gp|clinic|carer|caregiver|"
    # what the user's devices trust: a network or device that unlocks or skips a check
    r"trusted\s+(?:networks?|devices?|wi-?fi|locations?)|réseaux?\s+de\s+confiance|"
    r"rete\s+(?:attendibile|fidata)|red\s+de\s+confianza|vertrauenswürdige[ns]?\s+(?:netzwerk|gerät)|"
    # what keeps them safe: a planted "no known allergies" is a danger
    r"allerg(?:y|ies)|dietary\s+restrictions?|medications?|blood\s+type|medical\s+conditions?|"
    r"allergies?|groupe\s+sanguin|allergi[ae]|gruppo\s+sanguigno|alergias?|grupo\s+sanguíneo|"
    r"allergien?|medikamente|blutgruppe|"
    # fr
    # (an address book is no address: round 13)
    r"compte|rib|banque|bancaire|conseill(?:er|ère)|téléphone|numéro|(?<!carnet\sd')adresse|courriel|"
    r"mot\s+de\s+passe|pharmacie|médecin|dentiste|comptable|avocat|propriétaire|bailleur|loyer|"
    # it
    r"conto|banca|bancari[oa]|consulente|telefono|numero|contatto|indirizzo|farmacia|medico|dentista|"
    r"commercialista|avvocato|affitto|rimborsi|"
    # es
    r"cuenta|banco|asesor|teléfono|número|contacto|dirección|correo|contraseña|médico|"
    r"contable|gestor|abogado|casero|alquiler|reembolsos|"
    # de (compounds: Mietkonto, Notfallkontakt, Telefonnummer)
    r"\w*konto|(?:haus|direkt|online|spar)bank|erstattung(?:en)?|bankverbindung|berater\w*|telefon\w*|\w*nummer|\w*kontakt|(?<!carnet\sd')adresse|passwort|"
    r"apotheke|\w*arzt|\w*ärztin|steuerberater\w*|anwalt|vermieter\w*|hausverwaltung|miete)s?\b"
)
# The user's trust or checks given away: "the user trusts any message signed ...".
_TRUST = (
    r"\b(?:the\s+)?(?:user|customer)\s+(?:now\s+|also\s+|fully\s+)*(?:trusts|has\s+whitelisted)\b"
    r"|\bl'utilisat(?:eur|rice)\s+fait\s+confiance\b|\bl'utente\s+si\s+fida\b"
    r"|\b(?:el|la)\s+usuari[oa]\s+confía\b|\b(?:der\s+)?(?:nutzer|benutzer)(?:in)?\s+vertraut\b"
    # the user's caution about a secret waived: "user is comfortable sending their SSN
    # over email" (round 11)
    r"|\b(?:the\s+)?user\s+(?:is|seems)\s+(?:\w+\s+)?(?:comfortable|fine|ok(?:ay)?|happy)\s+(?:with\s+)?(?:sending|sharing|emailing|posting|giving\s+out)\b"
    r"|\bl'utilisat(?:eur|rice)\s+(?:est|semble)\s+(?:\w+\s+)?à\s+l'aise\s+pour\s+(?:envoyer|partager|communiquer)\b"
    r"|\bl'utente\s+(?:è|sembra)\s+(?:\w+\s+)?(?:a\s+suo\s+agio|tranquill[oa])\s+(?:a|nel)\s+(?:inviare|condividere|mandare)\b"
    r"|\b(?:el|la)\s+usuari[oa]\s+no\s+tiene\s+problema\s+en\s+(?:enviar|compartir|mandar)\b"
    r"|\b(?:der\s+)?(?:nutzer|benutzer)(?:in)?\s+hat\s+kein\s+problem\s+damit\b"
)
_GAP = r"[^.!?\n]{0,60}?"

FACT_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (
        Signal.USER_FACT,
        _rx(rf"{_SUBJECT}{_GAP}{_ATTRIBUTE}|{_ATTRIBUTE}{_GAP}{_SUBJECT}|{_TRUST}"),
    ),
    (
        Signal.USER_FACT,
        # The user's own voice, changing an account or a contact ("remember my new bank
        # account: ..."): counted only where the store says the user did not say it.
        _rx(
            r"\b(?:my|mon|ma|mes|il\s+mio|la\s+mia|i\s+miei|mi|mis|mein(?:e[nmrs]?)?)\s+"
            r"(?:new|nouve(?:au|l|lle)|nuov[oa]|nuev[oa]|neue[nmrs]?)\s+"
            r"(?:\w+\s+){0,2}?" + _ATTRIBUTE
        ),
    ),
]
# Round 18: a payee's bank details changed — a landlord, a vendor, a supplier or the one
# their invoices go to ("Landlord's new bank details: …", "Orion Freight — remittance
# account changed to IBAN …", "le fournisseur a un nouveau RIB", "neue Bankverbindung des
# Vermieters"). Where the user's money goes, as the user's own account is; a change word
# is needed (an invoice states its payee's account: nothing changed).
_PAYEE = (
    r"(?:landlords?|vendors?|suppliers?|payees?|contractors?|creditors?|billers?|invoices?|rent|"
    r"propriétaires?|bailleurs?|fournisseurs?|prestataires?|créanciers?|factures?|loyer|"
    r"padron[ei]\s+di\s+casa|locator[ei]|fornitor[ei]|creditor[ei]|fatture?|affitto|"
    r"caseros?|arrendador(?:es)?|proveedor(?:es)?|acreedor(?:es)?|facturas?|alquiler|"
    r"vermieter\w*|lieferant\w*|dienstleister\w*|gläubiger\w*|rechnung\w*|miete|"
    # round 20: the tradesperson or carer the user pays ("il nuovo IBAN dell'idraulico")
    r"plumbers?|electricians?|builders?|cleaners?|nann(?:y|ies)|gardeners?|mechanics?|"
    r"tradesm[ae]n|plombiers?|électriciens?|artisans?|nounous?|jardiniers?|"
    r"idraulic[oi]|elettricist[ai]|murator[ei]|artigian[oi]|giardinier[ei]|"
    r"fontaneros?|electricistas?|albañil(?:es)?|niñeras?|jardineros?|"
    r"klempner\w*|installateur\w*|elektriker\w*|handwerker\w*|gärtner\w*)"
)
_PAY_ACCOUNT = (
    r"(?:bank\s+details|(?:bank|remittance|payment|receiving)\s+account|account(?:\s+number)?|"
    r"iban|sort\s+code|routing\s+number|coordonnées\s+bancaires|rib|compte(?:\s+bancaire)?|"
    r"coordinate\s+bancarie|dati\s+bancari|conto(?:\s+corrente)?|datos\s+bancarios|"
    r"cuenta(?:\s+bancaria)?|bankverbindung|bankdaten|\w*konto)"
)
_PAY_CHANGE = (
    r"(?:new|changed|updated|switched|moved|replaced|instead\s+of|no\s+longer|old\s+(?:details|"
    r"account)|nouve(?:au|l|lle)|changé|modifié|remplacé|plus\s+valable|anciennes?\s+coordonnées|"
    r"nuov[oa]|cambiat[oa]|aggiornat[oa]|sostituit[oa]|non\s+più|vecchi\s+dati|"
    r"nuev[oa]|cambiad[oa]|actualizad[oa]|ya\s+no|datos\s+antiguos|"
    # round 20: changed banks, in the past tense ("cambió de cuenta", "a changé de banque")
    r"cambió|a\s+changé|ha\s+cambiato|gewechselt|"
    # round 22: an account that becomes another ("la cuenta del casero pasa a ser ES91 …")
    r"becomes|is\s+now|devient|passe\s+à|diventa|passa\s+a|pasa\s+a\s+ser|es\s+ahora|"
    r"wird\s+zu|lautet\s+(?:jetzt|nun|ab\s+sofort)|"
    r"neue[nmrs]?|geändert|aktualisiert|nicht\s+mehr|alten?\s+(?:daten|konto))"
)
# A clause that checks a change ("how do I verify a supplier's new bank details?", "any
# change must be confirmed by phone") protects the user: no planted fact.
_CHECKED = (
    r"(?:verify|verified|confirm|confirmed|check|call\s+back|vérifi\w*|confirm\w*|contrôl\w*|"
    r"verific\w*|conferm\w*|controll\w*|comprob\w*|prüf\w*|bestätig\w*|überprüf\w*|rückruf\w*)"
)
PAYEE_CHANGED = _rx(
    rf"(?:^|(?<=[.!?;\n]))(?![^.!?;\n]*\b{_CHECKED}\b)[^.!?;\n]*?(?:"
    rf"\b{_PAYEE}\b[^.!?\n]{{0,60}}?\b{_PAY_CHANGE}\b[^.!?\n]{{0,40}}?\b{_PAY_ACCOUNT}\b"
    rf"|\b{_PAYEE}\b[^.!?\n]{{0,60}}?\b{_PAY_ACCOUNT}\b[^.!?\n]{{0,60}}?\b{_PAY_CHANGE}\b"
    rf"|\b{_PAY_CHANGE}\b[^.!?\n]{{0,40}}?\b{_PAY_ACCOUNT}\b[^.!?\n]{{0,40}}?\b{_PAYEE}\b"
    # round 22: the account first ("la cuenta del casero … pasa a ser …")
    rf"|\b{_PAY_ACCOUNT}\b[^.!?\n]{{0,40}}?\b{_PAYEE}\b[^.!?\n]{{0,60}}?\b{_PAY_CHANGE}\b)"
)
FACT_PATTERNS.append((Signal.USER_FACT, PAYEE_CHANGED))

FIRST_PERSON = _rx(r"(?:my|mon|ma|mes|il\s+mio|la\s+mia|i\s+miei|mi|mis|mein)\b")

# What makes a stated fact a change: a word saying it changed.
_CHANGED = _rx(
    r"\b(?:new|now|changed?|switched|moved|updated|replaced|no\s+longer|discontinued|instead|"
    r"effective|henceforth|going\s+forward|from\s+now\s+on|needs?\s+no|without\s+(?:any\s+)?"
    r"(?:verification|checks?|confirmation)|no\s+verification|"
    r"nouve(?:au|l|lle)|désormais|dorénavant|changé|modifié|remplacé|maintenant|"
    r"nuov[oa]|ora|cambiat[oa]|sostituit[oa]|aggiornat[oa]|aggiornamento|non\s+più|"
    r"nuev[oa]|ahora|cambiad[oa]|cambió|sustituid[oa]|actualizad[oa]|ya\s+no|"
    r"neu|neue[nmrs]?|geändert|gewechselt|ersetzt|künftig\w*|ab\s+sofort|jetzt|nicht\s+mehr|"
    r"umgezogen|"
    # a value that becomes another ("the account … becomes GB29 …"; round 26)
    r"becomes?|became|devient|deviendra|diventa|diventerà|pasa\s+a\s+ser|wird\s+zu|"
    # a safeguard waived is a change of what protects the user
    r"comfortable|à\s+l'aise|a\s+suo\s+agio|no\s+tiene\s+problema|kein\s+problem)\b"
)
REACH = 160  # characters around a fact in which its change is looked for


def changed(low: str, start: int, end: int) -> bool:
    """Whether the fact at ``start:end`` of the lowered text comes with a change ("new",
    "now", "has moved", "becomes"), in its sentence or the next one. Since round 26 a value
    alone (an address, an IBAN) is no change: a provider's engagement letter giving its own
    address states a fact, it changes none (round 20's "looked up in the address book"
    exception went with it)."""
    a, b = max(0, start - REACH), min(len(low), end + REACH)
    return bool(_CHANGED.search(low, a, b))


# (round 48) A change announced with no new value, the user sent to read it where they
# already sign in ("le nouveau RIB est disponible dans l'espace client", "the new account
# number is shown in your online banking", "il nuovo IBAN è nell'area riservata", "im
# Online-Banking einsehbar"): the notice plants nothing to believe or pay to. A number, an
# address, a link or a host in the text is a value given, and keeps the change.
_OWN_SPACE = _rx(
    r"\b(?:espace\s+(?:client|personnel|abonné)|banque\s+en\s+ligne|application\s+(?:de\s+la\s+banque|"
    r"mobile)|customer\s+(?:area|portal)|online\s+banking|(?:banking|bank's)\s+app|your\s+account\s+page|"
    r"area\s+(?:riservata|clienti|personale)|home\s*banking|app\s+della\s+banca|"
    r"[áa]rea\s+(?:de\s+clientes|privada|personal)|banca\s+(?:online|en\s+l[íi]nea)|"
    r"app\s+del\s+banco|kundenbereich|online-?banking|banking-?app|kundenportal|postfach)\b"
)
_VALUE_GIVEN = re.compile(r"\d{5}|\d[\d \-]{6,30}\d|@|https?://|www\.|\b[\w-]{1,63}\.[a-z]{2,6}\b")


def only_pointed_to_own_space(low: str) -> bool:
    """Whether a changed fact gives no new value and sends the user to their own space."""
    return _OWN_SPACE.search(low) is not None and _VALUE_GIVEN.search(low) is None
