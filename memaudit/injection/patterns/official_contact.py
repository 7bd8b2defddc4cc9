"""An official body's contact planted by a source with no authority over it (round 36).

Five of round 36's thirteen misses gave an official body a contact that was not its own:
a tax-ID check "only via" a look-alike site (a summary of an article), a health insurer's
number "changed" as seen on an advice site (an inference), a bank's hotline the user got
by SMS, an ID-renewal site passed on by WhatsApp, custody accounts that "must be migrated
to" a portal (a news search). None says "retired" or "official", so ``channels`` read
none. What separates them from the user's own note of their doctor's number, or a
handbook's own address, is **provenance and structure**, both in the text:

- an official body (a tax office, a health insurer, a bank, an ID or licence office, a
  custodian or pension fund), or a professional the user relies on (an accountant, a
  doctor, a lawyer, a notary) when the contact is an address;
- a contact that is not the body's own: a host stitched from words with hyphens (the
  shape of a look-alike; never a public-sector domain), a free-mail address, or a phone
  number (nine digits at least: no date);
- a mark that the contact arrived second-hand or replaces the channel: told by SMS or a
  messenger, read on a site, an article or a forum (``HEARSAY``), "only via", "changed",
  "must be migrated to", "new:" (``_REPLACES``).

The kind is ``REDIRECTED_CHANNEL``: the address lever keeps it at full weight (a planted
channel needs no address to the agent), and the source weighs it as every redirected
channel (``provenance.assess``): the user's own note of a changed number, with its
session, is believed, unless the text says it came by hearsay (``told_second_hand``).
Quiet: a contact with no mark ("my doctor's practice: 030 1234567"), a body's own
public domain, a warning (a negation in the match: ``channels.holds``).
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.patterns.channels import _NOT_PUBLIC
from memaudit.injection.vocabulary import _a, _rx

# Official bodies: tax, health insurance, banks, ID and licence offices, custodians.
_BODY = (
    r"(?:tax\s+(?:office|authority|agency|id)|irs|hmrc|finanzamt|bundeszentralamt\w*|"
    r"steuer-?id\w*|steueridentifikationsnummer|impôts|dgfip|agenzia\s+delle\s+entrate|"
    r"codice\s+fiscale|hacienda|agencia\s+tributaria|"
    r"health\s+insur\w+|assurance\s+maladie|cpam|ameli|mutuelle|krankenkasse|"
    r"krankenversicherung|tessera\s+sanitaria|seguridad\s+social|"
    r"banks?|banque|banca|banco|sparkasse|"
    r"dni|passports?|passeport|pasaporte|passaporto|reisepass|personalausweis|id\s+card|"
    r"carte\s+d'identité|carta\s+d'identità|bürgeramt|anagrafe|"
    r"custodian|custody|vanguard|fidelity|schwab|brokerage|depotbank|dépositaire|"
    r"pension\s+fund|caisse\s+de\s+retraite|rentenversicherung|fondo\s+pensione|"
    # (round 39) benefit and social offices, the doctors' on-call line: "le numéro de la
    # CAF … est désormais le 08 99 …", "der Bereitschaftsdienst … unter 0900 …"
    r"benefits?\s+office|jobcentre|jobcenter|social\s+security|dwp|caf|"
    r"caisse\s+d'allocations|pôle\s+emploi|france\s+travail|urssaf|sécurité\s+sociale|"
    r"inps|inail|sepe|arbeitsagentur|agentur\s+für\s+arbeit|familienkasse|"
    r"(?:ärztlich\w*\s+)?bereitschaftsdienst\w*|"
    # (round 40) the emergency number itself: "112 est remplacé … par le 0 805 …"
    r"emergency\s+(?:number|line|services?)|numéro\s+d'urgence|numero\s+(?:di\s+|d')?emergenza|"
    r"número\s+de\s+emergencias?|notruf(?:nummer)?|"
    # (round 44) the line that blocks a lost card, and the utilities and insurers the user
    # pays: "le numéro d'opposition bancaire … a changé", "City Water Utility — new payment
    # line …", "der Sperr-Notruf ist jetzt …"
    r"card[\s-]?(?:blocking|cancell?ation|stop)|(?:lost|stolen)\s+cards?|fraud\s+(?:line|hotline)|"
    r"unblock(?:ing)?\s+(?:the\s+)?cards?|débloquer\s+(?:la\s+|une\s+)?carte|"
    r"sbloccare\s+(?:la\s+)?carta|desbloquear\s+(?:la\s+|las\s+)?tarjetas?|karte\w*\s+entsperren|"
    r"credit\s+unions?|caisse\s+d'épargne|cassa\s+di\s+risparmio|caja\s+de\s+ahorros|volksbank|"
    r"opposition\s+(?:bancaire|sur\s+(?:la\s+)?carte|cb)|numéro\s+d'opposition|"
    r"blocco\s+(?:della\s+|delle\s+)?cart[ae]|bloqueo\s+de\s+(?:la\s+)?tarjetas?|"
    r"sperr-?notruf|(?:karten)?sperr-?(?:hotline|nummer|dienst)|kartensperre|"
    r"utilit(?:y|ies)|water\s+(?:company|board|utility|supplier)|"
    r"(?:electricity|energy|gas|power)\s+(?:company|supplier|provider)|"
    r"stadtwerke|energieversorger|wasserversorger|stromanbieter|gasversorger|"
    r"fournisseur\s+d'(?:énergie|électricité|eau|gaz)|compagnie\s+des\s+eaux|"
    r"gestore\s+(?:della\s+|dell'|del\s+)?(?:luce|gas|energia|acqua|servizio\s+idrico)|"
    r"(?:compañía|empresa)\s+(?:eléctrica|de\s+(?:agua|gas|luz)|del\s+agua)|comercializadora|"
    r"insurers?|insurance\s+(?:company|provider)|assureur|compagnie\s+d'assurances?|"
    r"assicurazion[ei]|compagnia\s+assicurativa|aseguradora|versicherung|"
    # (round 46) the post and the couriers: "il numero verde ufficiale di Poste Italiane",
    # "Royal Mail's redelivery line", "le numéro de Chronopost", "el teléfono de Correos"
    r"post\s+office|postal\s+service|royal\s+mail|usps|parcelforce|la\s+poste|colissimo|"
    r"chronopost|banque\s+postale|poste\s+italiane|bancoposta|postepay|ufficio\s+postale|"
    r"correos|seur|deutschen?\s+post|postbank|postfiliale|dhl|fedex|ups|dpd|gls|hermes|brt|"
    r"couriers?|corriere|transporteur|paketdienst|mensajería)"
)
_BODY_ANCHORS = (
    "tax irs$ hmrc finanzamt bundeszentralamt steuer-id steuerid steueridentifikationsnummer "
    "impôts dgfip agenzia codice hacienda agencia health assurance cpam ameli mutuelle "
    "krankenkasse krankenversicherung tessera seguridad bank banks banque banca banco "
    "sparkasse dni$ passport passports passeport pasaporte passaporto reisepass "
    "personalausweis id$ carte carta bürgeramt anagrafe custodian custody vanguard fidelity "
    "schwab brokerage depotbank dépositaire pension caisse rentenversicherung fondo "
    "benefit jobcentre jobcenter social dwp$ caf$ pôle france urssaf sécurité inps$ inail$ "
    "sepe$ arbeitsagentur agentur familienkasse ärztlich bereitschaftsdienst emergency numéro "
    "numero número notruf notrufnummer card lost stolen fraud opposition numéro blocco bloqueo "
    "unblock débloquer sbloccare desbloquear karte credit caisse cassa caja volksbank "
    "sperr kartensperr utilit water electricity energy gas$ power stadtwerke energieversorger "
    "wasserversorger stromanbieter gasversorger fournisseur compagnie gestore compañía empresa "
    "comercializadora insurer insurance assureur assicurazion compagnia aseguradora versicherung "
    "post$ postal royal usps$ parcelforce la$ colissimo chronopost banque poste bancoposta "
    "postepay ufficio correos seur$ deutsche postbank postfiliale dhl$ fedex ups$ dpd$ gls$ "
    "hermes brt$ courier corriere transporteur paketdienst mensajería"
)
# A professional the user relies on: counted with an address only (their number in the
# assistant's note of the user's words is what a profile holds).
_PRO = (
    r"(?:accountant|commercialista|comptable|steuerberater\w*|asesor\s+fiscal|gestor[ií]a|"
    r"family\s+doctor|doctor|gp|hausarzt\w*|arzt|praxis|médecin|medico|médico|"
    r"lawyer|solicitor|avvocato|avocat|abogado|anwalt|notary|notaio|notaire|notario|notar)"
)
_PRO_ANCHORS = (
    "accountant commercialista comptable steuerberater asesor gestoría gestoria family "
    "doctor gp$ hausarzt arzt praxis médecin medico médico lawyer solicitor avvocato avocat "
    "abogado anwalt notary notaio notaire notario notar"
)
# Told second-hand: by SMS or a messenger, read on a site, an article or a forum.
_SITE = r"(?:site|website|web|page|pagina|página|seite|webseite|forum|foro|blog|article|artikel|articolo|artículo)"
_MESSENGER = r"(?:an?\s+)?(?:sms|text(?:\s+message)?|texto|whatsapp|telegram|mensaje)"
# (received that way, not a channel that is one: "the support line is on WhatsApp" is the
# claim, "I got it by SMS" says who told it)
_HEARD = (
    r"(?:(?:got|received|sent|forwarded|passed|came)\s+(?:\w+\s+){0,2}?(?:by|via|over|on|in)\s+"
    + _MESSENGER
    + r"|(?:reçu|envoyé|transmis|passé)e?s?\s+(?:\w+\s+){0,2}?(?:par|sur|via)\s+"
    + _MESSENGER
    + r"|(?:mandat|inviat|passat|girat|ricevut|arrivat)[oaie]\s+(?:\w+\s+){0,2}?(?:per|via|su|tramite)\s+"
    + _MESSENGER
    + r"|(?:pasaron|mandaron|enviaron|reenviaron|llegó|recibí|pasó|mandó|envió)\s+(?:\w+\s+){0,2}?"
    r"(?:por|vía|en)\s+"
    + _MESSENGER
    + r"|(?:per|über|via)\s+(?:sms|whatsapp|telegram)\s+(?:\w+\s+){0,2}?(?:bekommen|erhalten|"
    r"geschickt|zugeschickt|weitergeleitet)"
    r"|(?:seen|found|read)\s+on\s+(?:an?\s+|the\s+|some\s+)?(?:\w+\s+){0,2}?" + _SITE + r"|"
    r"according\s+to\s+(?:an?\s+|the\s+)?" + _SITE + r"|"
    r"(?:vu|lu)\s+sur\s+(?:un|une|le|la)\s+"
    + _SITE
    + r"|(?:d'après|selon)\s+(?:un|une|le|la)\s+"
    + _SITE
    + r"|(?:visto|letto)\s+(?:su|in)\s+(?:un|una|il|la)\s+"
    + _SITE
    + r"|secondo\s+(?:il|un|la|una)\s+"
    + _SITE
    + r"|(?:visto|leído)\s+en\s+(?:una?|la|el)\s+"
    + _SITE
    + r"|según\s+(?:una?|la|el)\s+"
    + _SITE
    + r"|laut\s+(?:der|einer|dem|einem)\s+"
    + _SITE
    + r"|auf\s+einer\s+\w{0,20}seite\s+gesehen"
    r"|me\s+l[oa]\s+(?:pasaron|mandaron|enviaron|reenviaron)|me\s+l'hanno\s+(?:mandat|inviat|passat|girat)\w*"
    r"|on\s+me\s+l'a\s+(?:envoyé|transmis|passé)"
    # (round 37) word of mouth in a chat group: "they told me in the neighbourhood WhatsApp
    # group", "im WhatsApp-Chat der Nachbarn", "nel gruppo Telegram del condominio"
    r"|(?:in|on|en|dans|nel|nella|im|in\s+der)\s+(?:the\s+|my\s+|a\s+|our\s+|el\s+|un\s+|le\s+|"
    r"un\s+|mon\s+|il\s+|mio\s+|mi\s+|meinem\s+|unserem\s+|unserer\s+|der\s+)?(?:\w+\s+){0,2}?"
    r"(?:(?:whatsapp|telegram|signal|facebook|messenger)[\s-]?(?:group|gruppe|chat)|"
    r"(?:group|groupe|gruppo|grupo|chat)\s+(?:\w+\s+){0,1}?(?:whatsapp|telegram|signal|facebook)))"
)
# (round 39) a caller who says whom they speak for: "uno al telefono che diceva di essere
# della banca", "a man who said he was from the bank", "qui se disait de la CAF", "que
# decía ser del banco", "der angeblich von der Sparkasse war" (the bank's own number is
# what the caller would give)
_POSED = (
    r"(?:said|claimed)\s+(?:he|she|they)\s+(?:was|were)\s+(?:from|with|calling\s+from)|"
    r"(?:claim|pretend|purport)(?:ing|ed)\s+to\s+be\s+(?:from|with)|"
    r"(?:diceva|dicevano|sosteneva|affermava|dichiarava)\s+di\s+essere|spacciandosi\s+per|"
    r"(?:disait|prétendait|affirmait)\s+être|se\s+dis(?:ait|ant)|se\s+faisant\s+passer\s+pour|"
    r"(?:decía|decían|dijo|afirmaba|aseguraba)\s+ser|haciéndose\s+pasar\s+por|"
    r"(?:sagte|behauptete|meinte),?\s+(?:er|sie)\s+(?:sei|wäre|komme)|angeblich\s+(?:von|vo[mn]|der|die)|"
    r"gab\s+sich\s+als"
)
# Word of mouth from a relative, a friend or a neighbour ("que me pasó mi cuñado", "my
# neighbour told me", "mi ha detto mio cognato"; a doctor, a lawyer or the bank itself is
# no such relay): the verb of telling and the person within a few words.
_KIN = (
    r"(?:friend|neighbou?r|colleague|cousin|brother(?:-in-law)?|sister(?:-in-law)?|uncle|aunt|"
    r"mate|acquaintance|ami|amie|voisin|voisine|collègue|cousine?|frère|sœur|beau-frère|"
    r"belle-sœur|oncle|tante|amic[oa]|vicin[oa]|collega|cugin[oa]|fratello|sorella|cognat[oa]|"
    r"zi[oa]|conoscente|amig[oa]|vecin[oa]|compañer[oa]|prim[oa]|herman[oa]|cuñad[oa]|"
    r"tí[oa]|conocid[oa]|freund(?:in)?|nachbar(?:in)?|kolleg(?:e|in)|schwager|schwägerin|"
    r"bruder|schwester|onkel|bekannte[rn]?)"
)
_TELLS = (
    r"(?:told|tells|sent|passed|forwarded|says|said|"
    # (round 46) the present tense: "ma voisine … dit", "mi vecina … dice", "meint"
    r"dit|dice|sagt|meint|"
    r"me\s+(?:l[oa]\s+)?(?:pasó|dijo|contó|mandó|envió|reenvió)|"
    r"(?:mi|me\s+l')\s*ha\s+(?:detto|passato|girato|mandato|inoltrato)|"
    r"(?:m'a|me\s+l'a)\s+(?:dit|transmis|passé|envoyé)|"
    r"hat\s+mir\s+(?:\w+\s+)?(?:gesagt|geschickt|erzählt|weitergeleitet))"
)
# (round 46) who the person is, between commas or in a clause, before the verb: "my
# neighbour, a retired nurse, says", "ma voisine, ancienne infirmière, dit", "my friend who
# works at a pharmacy says", "mi vecina, que fue enfermera, dice"
_WHO_IS = r"(?:,[^,.;:\n]{1,50},\s*|\s+(?:who|qui|che|que|der|die)\s+[^,.;:\n]{1,50}?(?:,\s*|\s+))"
_KIN_TOLD = (
    rf"\b{_TELLS}\s+(?:\w+\s+){{0,2}}?{_KIN}\b"
    rf"|\b{_KIN}(?:\s+(?:\w+\s+){{0,2}}?|{_WHO_IS}){_TELLS}\b"
)
# A message the user received and relays ("l'utilisateur relaie un message reçu", "a text I
# got", "un mensaje que me llegó", "diese SMS bekommen")
_RECEIVED = (
    r"(?:message|text|e-?mail|voicemail)\s+(?:i|we)\s+(?:got|received)|"
    r"(?:message|sms|courriel|mail)\s+reçu|messaggio\s+(?:ricevuto|che\s+ho\s+ricevuto)|"
    r"mensaje\s+(?:recibido|que\s+(?:me\s+llegó|recibí))|"
    r"(?:nachricht|mail|sms)\s+(?:\w+\s+)?(?:bekommen|erhalten)"
)
# (round 44) a medium anyone may post on, named before the body: a flyer in the lobby, a
# social-network post, a sponsored post ("from a flyer the user photographed", "article partagé sur un réseau
# social", "un volantino nella cassetta", "un folleto", "ein Aushang im Treppenhaus")
_POSTED = (
    r"(?:flyers?|leaflets?|posters?|sponsored\s+(?:post|ad)|social[\s-]media|social\s+network|"
    r"facebook\s+(?:post|comment|group)|tweet|"
    r"prospectus|tracts?|dépliants?|affichettes?|réseaux?\s+sociaux?|réseau\s+social|"
    r"publication\s+sponsorisée|commentaire\s+facebook|"
    r"volantin[oi]|post\s+sponsorizzat[oi]|sui\s+social|"
    r"folletos?|octavillas?|panfletos?|redes?\s+sociales?|publicación\s+patrocinada|"
    r"handzettel|aushang|sozialen?\s+(?:netzwerk\w*|medien)|gesponserte[nrm]?\s+(?:beitrag|post))"
)
HEARSAY = rf"(?:{_HEARD}|{_POSED}|{_KIN_TOLD}|{_RECEIVED})"
# (round 39) a premium-rate number no public body or bank answers on: France 089x, Germany
# 0900/0137, the US 1-900, Italy 892/894/895/899, Spain 806/807/905 (803 is free in Italy).
PREMIUM_RATE = (
    # (a number's first digits, not a group inside a tax ID: "47 036 892 816")
    r"(?<![\d+])(?<!\d[\s.-])(?:08\s?9\d|0900|0137|1[\s-]?900|89[2459]|80[67]|905)[\s.-]?\d"
)
# The channel replaced: only this one, changed, to be migrated, a new one labelled.
_REPLACES = (
    r"(?:(?:only|exclusively)\s+(?:\w+\s+){0,2}?(?:via|through|at|on|by)|"
    r"(?:uniquement|seulement)\s+(?:\w+\s+){0,2}?(?:via|sur|par)|"
    r"(?:solo|soltanto|esclusivamente)\s+(?:\w+\s+){0,2}?(?:tramite|su|via|attraverso)|"
    r"(?:solo|sólo|únicamente|exclusivamente)\s+(?:\w+\s+){0,2}?(?:a\s+través\s+de|en|por|vía|mediante)|"
    r"(?:nur|ausschließlich)\s+(?:\w+\s+){0,2}?(?:über|via|auf|bei|unter)|"
    # (round 37) the old channel dropped: "no longer uses Cl@ve", "ya no usa", "n'utilise plus"
    r"no\s+longer\s+(?:uses?|accepts?|works?\s+with)|ya\s+no\s+(?:usa|acepta|utiliza)n?|"
    r"n'(?:utilise|accepte)(?:nt)?\s+plus|non\s+(?:usa|accetta|utilizza)(?:no)?\s+più|"
    r"(?:nutzt|akzeptiert|verwendet)\s+(?:\w+\s+){0,2}?nicht\s+mehr|"
    r"changed|has\s+moved|a\s+changé|ont\s+changé|è\s+cambiat[oa]|ha(?:nno)?\s+cambiato|cambió|"
    r"ha(?:n)?\s+cambiado|hat\s+sich\s+geändert|geändert|"
    r"(?:must|need\s+to|have\s+to|should)\s+be\s+(?:migrated|moved|transferred)\s+to|"
    r"doivent\s+être\s+(?:migrés|transférés)|devono\s+essere\s+(?:migrat|trasferit)[ie]|"
    r"deben\s+(?:ser\s+)?(?:migrad|transferid)[oa]s|müssen\s+(?:\w+\s+){0,3}?(?:migriert|"
    r"umgezogen|übertragen)|(?:new|neu|nouveau|nouvelle|nuov[oa]|nuev[oa])\s?:)"
)
# (round 40) the official channel put in another's hands: replaced by a number, payments
# routed through an account of its own, the official form said to be needed no more
# ("le 112 est remplacé … par le 0 805 …", "pasen por una 'cuenta puente' suya, ES76 …",
# "l'IBAN dell'Agenzia … è IT02 … e il modello F24 non è più necessario")
_PUT_IN_PLACE = (
    r"(?:replaced|superseded)\s+(?:\w+\s+){0,3}?by|remplacée?s?\s+(?:\w+\s+){0,3}?par|"
    r"ersetzt\s+(?:\w+\s+){0,3}?durch|sostituit[oa]\s+(?:\w+\s+){0,3}?da|"
    r"(?:sustituid|reemplazad)[oa]\s+(?:\w+\s+){0,3}?por|"
    r"(?:pas(?:e|en|ar|an))\s+por\s+(?:una?\s+)?['\"«‘]?(?:cuenta|iban)|"
    r"pass(?:es)?\s+through\s+(?:an?\s+)?['\"‘]?(?:\w+\s+)?account|"
    r"transit\w*\s+par\s+(?:un\s+)?['\"«‘]?compte|passino\s+(?:per|da)\s+(?:un\s+)?['\"«‘]?conto|"
    r"über\s+(?:ein\s+)?['\"„‘]?\w{0,20}konto\s+laufen|"
    r"(?:form|modello|modulo|formulaire|formular|formulario|modelo|f24)\b[^\n]{0,30}?\b(?:"
    r"(?:is\s+)?no\s+longer\s+(?:needed|required|necessary)|non\s+(?:è|sono)\s+più\s+"
    r"(?:necessari|richiest|obbligatori)\w*|n'est\s+plus\s+(?:nécessaire|requis|obligatoire)|"
    r"ya\s+no\s+(?:es|son)\s+necesari\w*|nicht\s+mehr\s+(?:nötig|notwendig|erforderlich))"
)
# (round 39) an official body's number said to be another now, the old one dead, or a
# premium-rate one: read for a body only (the user's accountant "is now reachable at" their
# new address is what a profile records)
_NOW_MOVED = (
    r"(?:is\s+now|now\s+is|est\s+désormais|désormais\s+(?:le|au|à|sur)|ora\s+è|è\s+ora|"
    r"ahora\s+es|es\s+ahora|ist\s+(?:jetzt|nun|ab\s+sofort)|lautet\s+(?:jetzt|nun|ab\s+sofort)|"
    r"nicht\s+mehr\s+(?:unter|über)|"
    r"(?:old|former|ancien|ancienne|vecchi[oa]|antigu[oa]|alte[n]?)\s+(?:\w+\s+){0,3}?(?:"
    r"(?:is|are)\s+no\s+longer|no\s+longer|doesn't\s+work|ne\s+\w+\s+plus|n'est\s+plus|"
    r"non\s+\w+\s+più|ya\s+no|nicht\s+mehr)|" + PREMIUM_RATE + r"|" + _PUT_IN_PLACE + r"|"
    # (round 46) the channel the body prints called out of date: "quello riportato sul sito
    # e nell'app è obsoleto", "the number on the card is outdated", "die Nummer auf der
    # Website ist veraltet", "el de la web está desactualizado"
    r"obsolete|outdated|out\s+of\s+date|no\s+longer\s+valid|obsolète|périmée?|"
    r"n'est\s+plus\s+valable|obsolet[oa]|superat[oa]|non\s+(?:è\s+)?più\s+valid[oa]|"
    r"non\s+va\s+più|desactualizad[oa]|ya\s+no\s+es\s+válid[oa]|veraltet|"
    r"nicht\s+mehr\s+gültig|ungültig)"
)
# A contact that is not the body's own: a hyphenated host (or an address at one), a
# free-mail address; for an official body a phone number too (nine digits: no date).
_HOST = (
    r"(?<![\w.@%+-])(?:https?://)?(?:www\.)?(?:[a-z0-9._%+-]{1,64}@)?(?:[a-z0-9]{1,30}\.)?"
    r"[a-z0-9]{1,30}(?:-[a-z0-9]{1,30}){1,5}\.[a-z]{2,10}(?![\w-])"
    r"|(?<![\w.%+-])[a-z0-9._%+-]{1,64}@(?:gmail|googlemail|outlook|hotmail|yahoo|gmx|web|"
    r"libero|icloud|proton(?:mail)?)\.[a-z]{2,3}(?![\w-])"
)
_PHONE = r"(?<![\w+])\+?(?=(?:[ .\-]?\d){9})\d[\d .\-]{6,16}\d(?![\d\w])"
# (tried only after a blank or an opening mark: a window read position by position costs
# too much on a long run of body words)
_ADDRESS = rf"(?<=[\s:'\"(<=,;«„“‘]){_NOT_PUBLIC}(?:{_HOST})"
# (round 40) an account number too: a body's payments sent to an IBAN the text gives
_IBAN = r"\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,7}\b"
_CONTACT = rf"(?<=[\s:'\"(<=,;«„“‘])(?:{_NOT_PUBLIC}(?:{_HOST})|{_PHONE}|{_IBAN})"
# The words that may stand between: up to 20 (about 120 characters), up to 35 for the mark;
# on the line; an opening quote or bracket before what is looked for.
_WORDS = r"(?:\S{0,60}[ \t]+){0,20}?[:'\"(<«„“‘]?"
_WORDS_FAR = r"(?:\S{0,60}[ \t]+){0,35}?[:'\"(<«„“‘]?"
# A host's dot (before two letters), an at sign or a digit within reach: what every contact
# holds, found in one run.
_NEAR = r"(?=(?:[^\n.@\d]|\.(?![a-z]{2})){0,120}(?:\.[a-z]{2}|[@\d]))"
_MARK = r"(?:" + HEARSAY + r"|" + _REPLACES + r")"
_BODY_MARK = r"(?:" + HEARSAY + r"|" + _REPLACES + r"|" + _NOW_MOVED + r")"
# (round 44) the contact said to stay, just before it: what moved is something else
_KEPT = _rx(
    r"\b(?:stays|remains|is\s+still|is\s+unchanged|unchanged|does\s+not\s+change|"
    r"doesn't\s+change|reste|demeure|ne\s+change\s+pas|inchangée?|resta|rimane|"
    r"non\s+cambia|invariat[oa]|sigue\s+siendo|no\s+cambia|se\s+mantiene|"
    r"bleibt|ändert\s+sich\s+nicht|unverändert)\b"
)
KEPT_REACH = 60  # characters before the contact read for it
CONTACT_PLANTED = _a(
    _BODY_ANCHORS + " " + _PRO_ANCHORS,
    _rx(
        # (the contact looked for first, word by word: a body named with no contact near it
        # costs little, and a long run of body words is not read position by position)
        rf"\b{_BODY}\b{_NEAR}(?={_WORDS}{_CONTACT})(?={_WORDS_FAR}{_BODY_MARK})"
        rf"{_WORDS}{_CONTACT}"
        rf"|\b{_PRO}\b{_NEAR}(?={_WORDS}{_ADDRESS})(?={_WORDS_FAR}{_MARK}){_WORDS}{_ADDRESS}"
        # (round 44) the medium named first: "from a flyer …: 'City Water Utility — new
        # payment line 1-888-…'", "article partagé sur un réseau social : le numéro …"
        rf"|\b{_POSTED}\b{_WORDS}\b{_BODY}\b{_NEAR}{_WORDS}{_CONTACT}"
    ),
)


def contact_kept(low: str, start: int, end: int) -> bool:
    """Whether a ``CONTACT_PLANTED`` match at ``start:end`` says its contact *stays* ("your
    branch has moved; the customer service number stays 0345 …"): what moved is something
    else, the contact is the one already known. (A text's own claim of where it was read,
    "in the bank's app", is no evidence: anyone can write it, so it spares nothing.)"""
    m = CONTACT_PLANTED.match(low, start)  # (this pattern's matches only; its lookaheads
    if m is None or m.end() != end:  # read past the match, so it is matched again here)
        return False
    return _KEPT.search(low, max(start, end - KEPT_REACH), end) is not None


# (a medium named anywhere says who told it; as a mark it counts named first only: "beware
# of numbers posted on social networks" after the bank's own number is the warning)
_HEARSAY_RX = _rx(rf"{HEARSAY}|\b{_POSTED}\b")

OFFICIAL_CONTACT_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.REDIRECTED_CHANNEL, CONTACT_PLANTED),
]


def told_second_hand(text: str) -> bool:
    """The text says what it holds came second-hand: by SMS or a messenger, or from a
    site, an article or a forum (the user relaying what a stranger sent)."""
    return _HEARSAY_RX.search(text.lower()) is not None
