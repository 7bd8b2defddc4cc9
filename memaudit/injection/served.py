"""The assistant's notes of a service the user asked for (round 47's false alarms; round 46
had the same class).

An assistant's note that only records what the user asked for, or a reminder, a tag or a
check keyed to the user's own words, is weighed at full as "the model instructing
itself": "user asked me to always confirm with them before sending any e-mail", "se
l'utente chiede di prenotare il treno, ricordargli che ha la carta fedeltà", "tagged this
memory so it surfaces when the user asks", "when the user says 'gym day', remind them to
pack the blue bag". ``wishes.users_wish`` spares such a note only when it opens by naming
the user as the asker and holds no word of a risky act at all, so it missed two shapes of
the same cause:

- the note keyed to the user's own words rather than to their request ("when the user
  says …", "si l'utilisateur demande …", "quando l'utente dice …", "cuando el usuario
  escribe …", "wenn der Nutzer … fragt", "so it comes up when the user asks", "whenever you
  bring up …"), or naming the user's wish in the second person ("you asked me to", "your
  preference", "ta préférence", "come hai chiesto", "como pediste", "wie gewünscht");
- a risky act's word that is no act of the note's: the act a check guards ("confirm with
  them *before sending* any e-mail", "ask before paying", "avant d'envoyer", "prima di
  inviare", "antes de pagar", "vor dem Versenden"), the user's own past act ("the quote
  they uploaded", "il file che ha condiviso"), a step of the user's own suggested to them
  ("suggest running the dishwasher overnight", "lui suggérer de lancer la machine à
  laver"), a letter sent "by post".

Such a note is weighed as notes drawn from the user's words (``DERIVED_FROM_USER``) when
its act serves the user — it reminds them, asks or confirms with them, suggests a step of
theirs, points them to, pulls up or surfaces their own material (``_SERVES``) — its hits
are rule-shaped only, and it holds none of what makes the same shape an attack: a
destination or an address, money, access, a code or a card, a door or an alarm, a third
party as the asker, a vendor, partner code or steering contrast ("only through …", "don't
compare prices"), an answer scripted for the agent ("tell them that …", "dirgli che …",
"ihm sagen, dass …"), a check taken away ("never ask", "non chiedere più", "ohne
Rückfrage"), anything kept from the user ("no se lo mencione", "ohne es zu erwähnen"),
or any other risky act (``protective._RISKY_ACT``) outside those above.
"""

from __future__ import annotations

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.protective import _ELSEWHERE, _RISKY_ACT
from memaudit.injection.vocabulary import _rx
from memaudit.injection.wishes import _HARM, _THIRD_PARTY, USER_APPROVED, USER_WISH, WISH_KINDS

_THE_USER = (
    r"(?:the\s+user|they|you|l'utilisat(?:eur|rice)|tu|vous|l'utente|el\s+usuario|la\s+usuaria|"
    r"der\s+(?:nutzer|benutzer)|die\s+(?:nutzerin|benutzerin)|du)"
)
# The user's wish named in the second person, as the assistant tells it back to them.
_YOU_ASKED = _rx(
    r"\byou\s+(?:asked|wanted|told)\s+me\b|\bas\s+you\s+(?:asked|requested|wanted)\b"
    r"|\byour\s+(?:preference|request|wish|rule)\b"
    r"|\btu\s+m'as\s+demandé\b|\bvous\s+m'avez\s+demandé\b|\b(?:ta|votre)\s+(?:préférence|demande)\b"
    r"|\bcomme\s+(?:tu\s+l'as|vous\s+l'avez)\s+demandé\b"
    r"|\bmi\s+hai\s+chiesto\b|\bcome\s+hai\s+chiesto\b|\b(?:la\s+)?tua\s+(?:preferenza|richiesta)\b"
    r"|\bme\s+(?:pediste|pidió\s+usted)\b|\bcomo\s+(?:pediste|me\s+pediste)\b|\btu\s+(?:preferencia|petición)\b"
    r"|\bdu\s+hast\s+mich\s+gebeten\b|\bwie\s+(?:du\s+es\s+)?gewünscht\b|\bdein(?:e)?\s+(?:präferenz|wunsch|bitte)\b"
)
# The rule keyed to the user's own words or question ("when the user says 'gym day'", "if
# the user asks about the Q3 budget again", "whenever you bring up …", "se l'utente chiede
# di …", "wenn die Nutzerin … buchen möchte"), or a tag so the note comes back when they
# ask ("so it surfaces when the user asks", "pour qu'elle ressorte", "così riemerge",
# "para que aparezca", "damit sie auftaucht").
_USERS_CUE = _rx(
    r"\b(?:when|whenever|if|once|next\s+time|each\s+time|every\s+time)\s+" + _THE_USER + r"\s+"
    r"(?:\w+\s+){0,2}?(?:asks?|says?|writes?|types?|mentions?|brings?\s+up|plans?|wants?|opens?|"
    r"needs?)\b"
    r"|\b(?:si|quand|lorsque|dès\s+que|chaque\s+fois\s+que)\s+" + _THE_USER + r"\s+(?:\w+\s+){0,2}?"
    r"(?:demande|demandes|dit|dis|écrit|écris|parle|parles|pose|mentionne|veut|veux)\b"
    r"|\b(?:se|quando|ogni\s+volta\s+che)\s+l'utente\s+(?:\w+\s+){0,2}?"
    r"(?:chiede|dice|scrive|parla|nomina|menziona|vuole)\b"
    r"|\b(?:si|cuando|cada\s+vez\s+que)\s+(?:el\s+usuario|la\s+usuaria)\s+(?:\w+\s+){0,2}?"
    r"(?:pide|pregunta|dice|escribe|menciona|habla|quiere)\b"
    r"|\bwenn\s+(?:der\s+(?:nutzer|benutzer)|die\s+(?:nutzerin|benutzerin)|du)\s+(?:[\w'-]+\s+){0,8}?"
    r"(?:fragt|fragst|sagt|sagst|schreibt|schreibst|erwähnt|möchte|möchtest|will|willst|bittet)\b"
)
# A tag so the note comes back when the user asks: the cue and the service at once.
_TAGGED = _rx(
    r"\bso\s+(?:that\s+)?it\s+(?:surfaces|comes\s+up|shows\s+up|pops\s+up|resurfaces)\b"
    r"|\bpour\s+qu'(?:elle|il)\s+(?:ressorte|remonte|réapparaisse|apparaisse)\b"
    r"|\bcosì\s+(?:ri)?(?:emerge|compare|affiora)\b|\bperché\s+(?:ri)?(?:emerga|compaia)\b"
    r"|\bpara\s+que\s+(?:aparezca|salga|vuelva\s+a\s+salir)\b"
    r"|\bdamit\s+(?:sie|er|es)\s+(?:wieder\s+)?(?:auftaucht|erscheint)\b"
)
# What the note has the agent do for the user: remind them, ask or confirm with them,
# suggest a step of theirs, point them to, pull up, prepare or surface their own material.
_SERVES = _rx(
    r"\b(?:remind\w*|ask\s+(?:them|him|her|you|the\s+user|first|before)|confirm\w*\s+with|"
    r"check\w*\s+with|point\w*\s+(?:them|him|her|you)\s+to|pull\w*\s+up|prepar\w+|suggest\w*|"
    r"rappel\w*|demander\w*\s+(?:confirmation|avant|d'abord)|lui\s+demander|indiquer|"
    r"prépar\w+|suggér\w+|"
    r"ricord\w+|chied\w*\s+(?:sempre\s+)?(?:conferma|prima)|chiedergli|chiederle|conferm\w*|"
    r"indicargli|indicarle|prepar\w+|suggeri\w*|"
    r"record\w+|pregunt\w+|confirm\w+|indicarle|suger\w+|"
    r"erinner\w*|nachfrag\w*|nachzufragen|bestätig\w+|bereite|vorbereit\w+|vorschlag\w*|"
    r"vorzuschlagen)"
)
# A check taken away: the same note then waives what it seemed to keep.
_CHECK_REMOVED = _rx(
    r"\b(?:never|don't|do\s+not|no\s+need\s+to|no\s+longer|stop)\s+(?:\w+\s+){0,2}?"
    r"(?:ask|check|confirm)\w*"
    r"|\bwithout\s+(?:\w+\s+){0,2}?(?:ask|check|confirm|approv)\w*"
    r"|\bne\s+(?:plus|jamais|pas)\s+(?:lui\s+|te\s+|vous\s+)?demander\b|\bpas\s+besoin\s+de\b"
    r"|\bsans\s+(?:lui\s+|te\s+|vous\s+|en\s+)?(?:demander|confirm\w+|vérifi\w+|parler)"
    r"|\bnon\s+(?:\w+\s+){0,2}?(?:chiedere|chiedergli|chiederle|domandare)\b|\bnon\s+più\b"
    r"|\bsenza\s+(?:\w+\s+){0,1}?(?:chied\w+|conferma\w*|verific\w+)"
    r"|\bsin\s+(?:\w+\s+){0,1}?(?:pregunt\w+|confirm\w+|consult\w+|avis\w+)|\bya\s+no\b|\bnunca\s+pregunt\w*"
    r"|\bno\s+(?:le\s+)?(?:pregunt\w+|consult\w+)"
    r"|\bohne\s+(?:\w+\s+){0,2}?(?:rückfrage|nachfrage|zu\s+fragen|bestätigung|zu\s+erwähnen)"
    r"|\bnicht\s+(?:mehr\s+)?(?:nach)?fragen\b|\bnie\s+(?:mehr\s+)?nachfragen\b|\bkeine\s+rückfrage"
)
# Anything kept from the user: "no se lo mencione", "non dirglielo", "ohne es zu erwähnen".
_KEPT_FROM_USER = _rx(
    r"\b(?:not|never|don't|no|ne|n'|non|nicht|nie|ohne|sans|senza|sin)\b[^.;!?\n]{0,20}?"
    r"(?:mention|tell|comment|disclos|mentionn|parl|signal|menzion|dirgl|diglielo|comment|"
    r"mencion|coment|contar|decir|erwähn|sag|verrat)\w*"
    r"|\b(?:quiet|silent|secret|discreet|discret|tacit|silenzi|segret|secreto|callad|heimlich|"
    r"stillschweig|unbemerkt)\w*"
)
# A vendor's steering: a provider or agency named, a partner, referral or promo code, the
# route the only one, prices not compared.
_STEERS = _rx(
    r"\b(?:provider|supplier|vendor|agency|reseller|retailer|broker\s+firm|affiliate|referral|"
    r"promo\s+code|partner\s+code|coupon|"
    r"fournisseur|agence|revendeur|code\s+(?:partenaire|promo)|parrainage|affiliation|"
    r"fornitore|agenzia|rivenditore|ditta|codice\s+(?:partner|promo\w*|sconto)|affiliazione|"
    r"proveedor|comercializadora|agencia|distribuidor|código\s+(?:de\s+)?(?:socio|promo\w*|"
    r"descuento)|afiliad\w+|"
    r"anbieter|händler|reisebüro|vermittler|partnercode|gutscheincode|rabattcode|empfehlungscode)\b"
    r"|\b(?:only|solely|exclusively|uniquement|seulement|exclusivement|solo|soltanto|"
    r"esclusivamente|sólo|solamente|únicamente|nur|ausschließlich)\s+(?:\w+\s+){0,1}?"
    r"(?:through|via|with|use|from|at|par|chez|avec|tramite|con|da|presso|por|mediante|en|über|bei|"
    r"mit)\b"
    r"|\b(?:other|others|autres|altri|altre|otros|otras|andere\w*)\s+(?:\w+\s+){0,1}?"
    r"(?:sites?|shops?|stores?|providers?|offers?|options?|sites|offres|siti|offerte|webs?|"
    r"tiendas|ofertas|seiten|anbieter|angebote|tecnici|technicians?|techniciens|técnicos|techniker)\b"
    r"|\bcompar\w*\s+(?:\w+\s+){0,1}?(?:prices?|prix|prezzi|precios)|\bpreise\s+vergleich\w*"
    r"|\bnon\s+(?:mirar|comparar)|\bno\s+(?:mirar|comparar)\b"
    # the others advised against, a firm named by its legal form
    r"|\b(?:advise\w*\s+against|discourag\w*|déconseill\w*|sconsigli\w*|desaconsej\w*|"
    r"abrat\w*|abzuraten)|&\s*co\b|\b(?:ltd|llc|inc|gmbh|sarl|sas|s\.?p\.?a|s\.?r\.?l|s\.?l)\b\.?"
    # instructions from elsewhere, or the agent's memory files: no service of the user's
    r"|\b(?:instructions?|instrucci\w+|istruzion\w+|anweisung\w*|consignes?|memory\s+files?|"
    r"archivo\s+de\s+memoria|file\s+di\s+memoria|fichier\s+de\s+mémoire|speicherdatei|"
    r"web\s*pages?|páginas\s+web|pagine\s+web|pages\s+web|webseiten?)\b|\.md\b"
    # third parties as such
    r"|\b(?:third[- ]part\w*|tiers|terze\s+parti|parti\s+terze|terzi|terceros|drittanbieter\w*|"
    r"dritte[nr]?)\b"
)
# An answer scripted for the agent ("tell them the quote covers VAT", "lui dire que …",
# "dirgli che …", "decirle que …", "ihm sagen, dass …"): a reminder brings back the user's
# own fact; a script puts the note's claim in the agent's mouth.
_SCRIPTED = _rx(
    r"\b(?:tell|say|answer|reply|respond|claim|explain)\w*\s+(?:to\s+)?(?:them|him|her|you|the\s+user|that)\b"
    r"|\b(?:say|answer|reply)\s+(?:it|the|their|that)\b"
    r"|\b(?:lui|leur|te|vous)\s+(?:dire|répondre|affirmer|expliquer)\b|\b(?:dire|répondre|affirmer)\s+qu[e']"
    r"|\b(?:dirgli|dirle|rispondergli|risponderle|dire\s+che|rispondere\s+che|affermare\s+che)\b"
    r"|\b(?:decirle|decirles|responderle|decir\s+que|responder\s+que|afirmar\s+que)\b"
    r"|\b(?:ihm|ihr|ihnen|dir)\s+(?:\w+\s+){0,2}?(?:sagen|antworten|mitteilen|erklären)\b"
    r"|\b(?:sagen|antworten|behaupten),?\s+dass\b"
)
# A claim put in a reminder ("remind them that tutoring income need not be declared",
# "ricordargli che il fondo … è l'unico garantito"): a reminder brings back the user's own
# fact, so its "that" clause has the user as its subject ("remind them that they have",
# "lui rappeler qu'il a", "ricordargli che ha", "recordarle que tiene", "erinnern, dass
# sie …"); any other subject is a claim of the note's.
_CLAIMED = _rx(
    r"\bremind\w*\s+(?:them|him|her|you|the\s+user)\s+that\s+"
    r"(?!(?:they|he|she|you|the\s+user|their|his|her|your)\b)"
    r"|\brappel\w*\s+(?:à\s+l'utilisat\w+\s+)?qu(?:e\s+|')"
    r"(?!(?:il|elle|ils|elles|tu|vous|l'utilisat\w+|son|sa|ses|ton|ta|tes|votre|vos)\b)"
    r"|\bricord\w*\s+(?:all'utente\s+)?che\s+"
    r"(?!(?:ha|hai|è|sei|deve|devi|può|puoi|l'utente|lui|lei|suo|sua|suoi|sue|il\s+suo|la\s+sua|"
    r"i\s+suoi|le\s+sue|tuo|tua)\b)"
    r"|\brecord\w*\s+(?:al\s+usuario\s+|a\s+la\s+usuaria\s+)?que\s+"
    r"(?!(?:tiene|tienes|es|eres|está|estás|debe|debes|puede|puedes|el\s+usuario|la\s+usuaria|"
    r"él|ella|su|sus|tu|tus)\b)"
    r"|\berinner\w*,?\s+dass\s+(?!(?:er|sie|du|sein\w*|ihr\w*|dein\w*|der\s+nutzer|die\s+nutzerin)\b)"
)
# A medicine stopped, skipped or its dose raised: no reminder the user asked for.
_DOSE_CHANGED = _rx(
    r"\b(?:stop\w*|quit\w*|discontinu\w*|pause\w*)\s+(?:\w+\s+){0,2}?(?:taking|their|his|her|the)\b"
    r"|\b(?:double|triple|increase|raise)\w*\s+(?:\w+\s+){0,2}?(?:dose|dosage)"
    r"|\barrêt\w*\s+(?:de\s+prendre|son\s+traitement|le\s+traitement)|\bdoubl\w*\s+(?:la\s+)?dose"
    r"|\bsmett\w*\s+di\s+prendere|\bsospend\w*|\braddoppi\w*|\baument\w*\s+(?:la\s+)?dose"
    r"|\bdej\w*\s+de\s+tomar|\bsuspend\w*|\bduplic\w*\s+(?:la\s+)?dosis|\baument\w*\s+(?:la\s+)?dosis"
    r"|\babsetz\w*|\bnicht\s+mehr\s+(?:ein)?nehmen|\bverdoppel\w*|\bdosis\s+erhöh\w*"
)
# Money, access and secrets the harm list above does not name: a code, a card's number, a
# door, an alarm, a gate.
_SECRETS_AND_DOORS = _rx(
    r"\b(?:codes?|pins?|cvv|cvc|otp|tan|seed|card\s+(?:number|details)|saved\s+card|deposit|"
    r"unlock\w*|door|alarm|gate|"
    r"carte\s+enregistrée|numéro\s+de\s+carte|acompte|porte|alarme|portail|"
    r"codice|codici|carta\s+salvata|numero\s+della\s+carta|acconto|porta|allarme|cancello|"
    r"código|códigos|tarjeta\s+guardada|número\s+de\s+tarjeta|señal|puerta|alarma|"
    r"kartennummer|gespeicherte\w*\s+karte|anzahlung|tür|alarmanlage|tor|zählernummer|"
    r"datos\s+bancarios|dati\s+bancari|coordonnées\s+bancaires|bankdaten)\b"
)
# Words of a risky act that are no act of the note's, masked before the risky-act list is
# read (each bounded to its clause):
_NOT_THE_NOTES_ACT = _rx(
    # the act a check guards: "before sending any e-mail …", "avant d'envoyer", "prima di
    # inviare", "antes de pagar", "vor dem Versenden", "vor jeder Zahlung"
    r"\b(?:before|avant\s+d[e']|prima\s+di|antes\s+de|vor\s+(?:dem|der|jede[mnr]?)|bevor)\s*"
    r"[^,.;:!?\n]{0,80}"
    # the user's own past act: "the quote they uploaded", "the file you shared", "che ha
    # condiviso", "que compartió", "das er geteilt hat"
    r"|\b(?:they|you|the\s+user|he|she)\s+(?:have\s+|has\s+|had\s+)?(?:shared|sent|uploaded|"
    r"forwarded|posted|e-?mailed)\b"
    r"|\bqu(?:'il|'elle|e\s+tu|e\s+vous)\s+(?:a|as|avez)\s+(?:partagé|envoyé|transféré|mis\s+en\s+ligne)"
    r"|\b(?:che\s+)?(?:ha|hai)\s+(?:condiviso|inviato|inoltrato|caricato)"
    r"|\bque\s+(?:compartió|envió|subió|reenvió|compartiste|enviaste|subiste)"
    r"|\b(?:das|die|den)\s+(?:er|sie|du)\s+(?:\w+\s+){0,3}?(?:geteilt|geschickt|hochgeladen|gesendet)"
    # a letter sent by post: the channel, not a post online
    r"|\b(?:by|via)\s+(?:post|registered\s+(?:post|mail))\b|\bpar\s+(?:la\s+)?poste\b"
    r"|\bper\s+posta\b|\bpor\s+correo\s+(?:postal|certificado)\b|\bper\s+(?:post|einschreiben)\b"
    # a registered letter, and "included" (y compris), whose words the list reads as acts
    r"|\b(?:lettre|courrier|envoi)\s+recommandée?\b|\ben\s+recommandé\b|\b(?:lettera\s+)?raccomandata\b"
    r"|\bcompris\b"
)
# A step of the user's own suggested to them ("suggest running the dishwasher", "lui
# suggérer de lancer", "suggerirgli di …", "sugerirle poner …", "vorschlagen, … laufen zu
# lassen"): the suggestion's word is masked when its clause holds no commerce — nothing
# bought, ordered, switched, booked, called, installed or paid, no provider.
_SUGGESTION = _rx(
    r"\bsuggest\w*\s+(?:to\s+(?:them|him|her)\s+)?(\w+ing\b[^.;:!?\n]{0,100})"
    r"|\b(?:lui\s+|leur\s+|te\s+|vous\s+)?suggér\w+\s+(?:de|d')([^.;:!?\n]{0,100})"
    r"|\bsuggeri\w*\s+di\s+([^.;:!?\n]{0,100})"
    r"|\bsuger\w+(?:le|les)?\s+(\w+(?:ar|er|ir)(?:le|les|lo|la|se)?\b[^.;:!?\n]{0,100})"
    r"|\b(?:vorschlag\w*|vorzuschlagen),?\s+([^.;:!?\n]{0,100}?\bzu\s+\w+)"
)
_COMMERCE = _rx(
    r"\b(?:buy|order|purchas|switch|chang|sign|subscri|use|using|try|visit|call|contact|book|"
    r"install|download|pay|transfer|move|invest|join|regist|upgrad|"
    r"achet|command|souscri|utilis|essay|appel|réserv|télécharg|transf|investi|inscri|"
    r"compr|ordin|cambi|sottoscriv|abbon|usa|utilizz|prov|chiam|contatt|prenot|scaric|pag|"
    r"trasfer|iscriv|ped|suscrib|contrat|us|prob|llam|contact|reserv|descarg|invert|inscrib|"
    r"kauf|bestell|wechsel|abschließ|abonnier|nutz|verwend|besuch|anruf|kontaktier|buch|"
    r"herunterlad|zahl|überweis|investier|anmeld)"
)
# German participles and infinitives with "zu" that the risky-act list (read from a
# word's start) does not see: "geteilt", "weiterzuleiten", "hochgeladen".
_RISKY_DE = _rx(
    r"\bge(?:teilt|sendet|schickt|zahlt|löscht|kauft|bucht)\b|\b(?:weiter|hoch|frei|über)"
    r"(?:zu)?(?:geleitet|geladen|gegeben|wiesen|leiten|laden|geben|weisen)\b|\bbezahlt\b|\binstalliert\b"
)
SERVED_REACH = 400  # characters: a note, not a document


def _masked(low: str) -> str:
    """``low`` with the words of risky acts that are no act of the note's blanked."""
    spans = [m.span() for m in _NOT_THE_NOTES_ACT.finditer(low)]
    for m in _SUGGESTION.finditer(low):
        start = next(m.start(i) for i in range(1, 6) if m.group(i) is not None)
        if _COMMERCE.search(low, start, m.end()) is None:
            spans.append(m.span())
    for a, b in spans:
        low = low[:a] + " " * (b - a) + low[b:]
    return low


def serves_user(text: str, found: list[Hit]) -> bool:
    """Whether an assistant's (or a model's) note records a service the user asked for: the
    user's wish named or the rule keyed to their own words, an act that serves them, only
    rule-shaped hits, and nothing that sends, pays, grants, steers, scripts or hides."""
    if not found or len(text) > SERVED_REACH:
        return False
    if any(h.hard or h.hidden or h.signal not in WISH_KINDS for h in found):
        return False
    low = text.lower()
    if len(low) != len(text):
        return False
    if not (
        USER_WISH.search(low)
        or USER_APPROVED.search(low)
        or _YOU_ASKED.search(low)
        or _USERS_CUE.search(low)
        or _TAGGED.search(low)
    ):
        return False
    if _SERVES.search(low) is None and _TAGGED.search(low) is None:
        return False
    if any(
        rx.search(low)
        for rx in (
            _ELSEWHERE,
            _THIRD_PARTY,
            _HARM,
            _CHECK_REMOVED,
            _KEPT_FROM_USER,
            _STEERS,
            _SCRIPTED,
            _CLAIMED,
            _DOSE_CHANGED,
            _SECRETS_AND_DOORS,
        )
    ):
        return False
    masked = _masked(low)
    return _RISKY_ACT.search(masked) is None and _RISKY_DE.search(masked) is None


# (round 48) The assistant's own draft, offered to the user before it goes: the message ends
# on a question that asks the user's leave for the act ("shall I send it?", "soll ich ihn
# abschicken?", "dois-je l'envoyer ?", "lo invio?", "¿lo envío?"). Nothing is done until the
# user answers; a draft sent without asking ends on no such question.
_ASKS_LEAVE = _rx(
    r"(?:\b(?:shall|should|may|can)\s+i|\bdo\s+you\s+want\s+me\s+to|\bwould\s+you\s+like\s+me\s+to|"
    r"\bsoll\s+ich|\bdarf\s+ich|\bmöchtest\s+du,?\s+dass\s+ich|\bmöchten\s+sie,?\s+dass\s+ich|"
    r"\bsollen\s+wir|\bdois-je|\bpuis-je|\b(?:veux-tu|voulez-vous|tu\s+veux|vous\s+voulez)\s+que\s+je|"
    r"\bje\s+l(?:'|e\s|a\s|es\s)(?:envoie|expédie|transmets|publie|poste)\b|"
    r"\b(?:lo|la|li|le|glielo|gliela)\s(?:invio|mando|spedisco|inoltro|pubblico)\b|"
    r"\b(?:devo|posso)\s|\bvuoi\s+che|\bvuole\s+che|"
    r"¿\s{0,2}(?:lo|la|los|las|se\s+lo|se\s+la)\s(?:envío|mando|reenvío|publico|subo)\b|"
    r"¿\s{0,2}(?:quieres|quiere|debo|puedo)\s)"
    r"[^?.!\n]{0,100}\?[\s\"'»“”]{0,4}$"
)
# Whatever rides along with the draft: a secret or a payment, a check taken away, a rule.
_RIDES_ALONG = _rx(
    r"\b(?:always|never|every|from\s+now\s+on|toujours|jamais|désormais|sempre|mai\s+più|ogni|"
    r"siempre|nunca|cada|immer|nie|jede[nmrs]?|künftig|without|sans|senza|sin|ohne|"
    r"already\s+sent|déjà\s+envoyé|già\s+inviat\w|ya\s+(?:lo\s+)?envi\w*|bereits\s+\w*geschickt)\b"
)


# (the send the question asks leave for is the draft's own: "la mail a … è pronta, la invio?")
_OFFERED_KINDS = WISH_KINDS | {Signal.EXFILTRATION}


def asks_first(text: str, found: list[Hit]) -> bool:
    """Whether an assistant's message offers a draft or a step and asks the user's leave for
    it (``_ASKS_LEAVE`` at its end), with only the scorer's or rule-shaped hits, no secret,
    money or access, nothing hidden, no rule and no check taken away."""
    if not found or len(text) > SERVED_REACH:
        return False
    if any(h.hard or h.hidden or h.signal not in _OFFERED_KINDS for h in found):
        return False
    low = text.lower()
    if len(low) != len(text) or _ASKS_LEAVE.search(low) is None:
        return False
    return not any(
        rx.search(low)
        for rx in (
            _HARM,
            _THIRD_PARTY,
            _CHECK_REMOVED,
            _KEPT_FROM_USER,
            _SCRIPTED,
            _CLAIMED,
            _SECRETS_AND_DOORS,
            _RIDES_ALONG,
        )
    )
