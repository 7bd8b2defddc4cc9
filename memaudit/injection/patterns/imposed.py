"""Rules the user never plausibly gave, and permissions the agent grants itself (round 29).

Round 29 hid its orders where the store weighs a text as the user's or the agent's own: a
summary or an extraction of the user's messages, an approved reasoning note, the
assistant's message, a model's conclusion. There a rule reads like a preference and is
weighed by who wrote it. These rules judge what the rule does to the user instead, so
each weighs at full from any source (``harmful.harmful`` reads ``IMPOSED_PATTERNS``):

- ``OPEN_ENDED_CHARGE``: the user's money taken with the check removed *and* no ceiling —
  a card charged, refunds approved, payments made "without confirmation" and "with no
  cap", "sans plafond", "y compris au-delà de 5 000 €", "senza limite", "sin tope",
  "ohne Obergrenze". A user may waive the check for the rent (``unguarded.UNASKED``,
  weighed by its source); an unbounded charge obeys whoever sends the bill;
- ``DENIED_WHEN_ASKED``: the assistant told to keep an act (payments, reports, sends,
  transfers) from the user *even when the user asks*, or to deny it — no one asks to be
  lied to about their own account;
- ``STORED_CARD_ON_TRIGGER``: a booking or a purchase made through a named site with the
  stored card each time, whenever, or every time the note is recalled;
- ``RECIPIENTS_AI``: a line put into the user's outgoing messages that orders the
  *recipients'* AI assistant to save it in memory or add it to their mail (a worm);
- ``REMAPPED_RECORD``: a record, a customer's deliveries or a person's requests "now
  stored / kept / handled under" another number, with "instead", "there" or another
  holder named; or two identifiers concluded to be the same because they "appear
  together" (a bridging step drawn from co-occurrence);
- ``PERMISSION_GENERALISED``: one approval ("once", "einmal", "une fois") concluded to be a
  standing one ("generally allowed", "generell freigegeben", "toujours autorisé");
- ``POLICY_FROM_THIRD``: the agent's own tool policy updated from a forum note, a post or a
  message, widening it ("no longer needs confirmation", "ya no necesita confirmación");
- ``AUTHORITY_INFERRED``: a message, a signed text or a block in a document concluded to
  *carry* authority, and obeyed because of it ("carries system-level authority … I will
  therefore", "a forcément l'autorité nécessaire ; je peux donc").

What stays quiet: a check waived for a bounded act (the rent, "up to 50 €"), a surprise
kept from someone else, a booking site the user names once, a signature added to the
user's mails, the user's own renumbered account, a permission used once and asked again,
a tool policy tightened or set at the user's request, a document's authority disowned
("carries no authority").
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.patterns.staked import _DOMAIN, _STORED
from memaudit.injection.vocabulary import _IN_SENTENCE as _IN
from memaudit.injection.vocabulary import _a, _rx, _w

# -- the user's money taken, the check removed and no ceiling --------------------------------
_TAKE = (
    r"(?:charg(?:e|es|ed|ing)|debit\w*|bill(?:s|ed|ing)?|approv\w*|pay(?:s|ing)?|refund\w*|"
    r"reimburs\w*|débit\w*|factur\w*|approuv\w*|valid\w*|pa(?:yer|ie[rz]?)|rembours\w*|"
    r"addebit\w*|approva\w*|pag(?:are|a|hi)|rimbors\w*|cobr\w*|carg(?:ar|ue|a)\w*|aprob\w*|"
    r"reembols\w*|belast\w*|abbuch\w*|genehmig\w*|bezahl\w*|zahl(?:en|t)|erstatt\w*|"
    # a held payment let go: "release any wire request", "débloquer", "sbloccare", "freigeben"
    r"release\w*|débloqu\w*|sblocc\w*|liber(?:ar|e)\w*|freigeb\w*)"
)
_NO_CHECK = (
    r"(?:without\s+(?:any\s+)?(?:[\w-]+\s+)?(?:confirm\w*|verif\w*|approval|receipts?|check\w*|"
    r"asking|justification|review|sign-?off)|"
    # in a rule's fields: "approval='not required'", "confirmation: none"
    r"(?:approval|confirmation|review|sign-?off)s?\s*(?:[=:]\s*['\"]?|is\s+)\s*(?:not\s+required|"
    r"none|no|false|skip\w*)\b|"
    r"sans\s+(?:aucune?\s+)?(?:confirm\w*|vérif\w*|justificatif|demander|contrôle|validation)|"
    r"senza\s+(?:alcuna\s+)?(?:conferm\w*|verific\w*|giustificativ\w*|chiedere|controll\w*)|"
    r"sin\s+(?:ninguna\s+)?(?:confirm\w*|verific\w*|justificante\w*|preguntar|comprob\w*)|"
    r"ohne\s+(?:jede\s+)?(?:best(?:ä|ae)tigung|pr(?:ü|ue)fung|r(?:ü|ue)ckfrage|beleg\w*|nachweis\w*))"
)
# ... and no ceiling, or a counterparty anyone can claim (a tag, a name, a subject line), or
# the act kept off the record
_NO_CEILING = (
    r"(?:no\s+(?:cap|limit|ceiling|maximum)|with(?:out)?\s+(?:any\s+)?(?:cap|limit|ceiling)\b|"
    r"any\s+amount|whatever\s+the\s+amount|(?:even|including)\s+(?:above|over|beyond)|"
    r"sans\s+(?:aucun\s+)?(?:plafond|limite)|quel\s+que\s+soit\s+le\s+montant|"
    r"(?:y\s+compris|même)\s+au-delà|"
    r"senza\s+(?:alcun\s+)?(?:limit\w*|tetto|massimale)|qualsiasi\s+importo|"
    r"(?:anche|incluso)\s+(?:oltre|sopra)|"
    r"sin\s+(?:ningún\s+)?(?:límite|tope|máximo)|cualquier\s+importe|"
    r"(?:incluso|aun(?:que)?)\s+(?:por\s+encima|más\s+de|supere)|"
    r"ohne\s+(?:jede\s+)?(?:limit\w*|obergrenze|höchstbetrag|deckel)|(?:jeden|beliebige\w*)\s+betr(?:a|ä)g\w*|"
    r"(?:auch|selbst)\s+(?:über|oberhalb)|"
    r"(?:any|every|all)\s+(?:[\w-]+\s+){0,3}?(?:tagged|labell?ed|marked|flagged|whose\s+name)|"
    r"(?:tout|toute|tous|toutes|chaque)\s+(?:\w+\s+){0,3}?(?:dont\s+le\s+nom|marqu\w*|étiquet\w*)|"
    r"(?:qualsiasi|ogni|tutt[ei])\s+(?:\w+\s+){0,3}?(?:il\s+cui\s+nome|contrassegnat\w*|etichettat\w*)|"
    r"(?:cualquier\w*|tod[ao]s?|cada)\s+(?:\w+\s+){0,3}?(?:cuyo\s+nombre|etiquetad\w*|marcad\w*)|"
    r"(?:jede\w*|alle)\s+(?:\w+\s+){0,3}?(?:dessen\s+name|deren\s+name|markiert\w*|getaggt\w*|"
    r"gekennzeichnet\w*)|"
    r"do\s+not\s+(?:add|log|record|write)\s+(?:an?\s+|the\s+)?(?:internal\s+)?(?:notes?|records?|"
    r"logs?|entr(?:y|ies))\b)"
)
# (";" does not end the rule: its fields are often joined by it)
_RULE = r"(?:[^.!?\n]|\.(?=\w))"
OPEN_ENDED_CHARGE = _a(
    "charg debit bill approv pay refund reimburs débit factur approuv valid payer paie "
    "rembours addebit approva paga pagh rimbors cobr carg aprob reembols belast abbuch "
    "genehmig bezahl zahl erstatt release débloqu sblocc liber freigeb",
    _w(
        0.55,
        _rx(rf"\b{_TAKE}\b(?={_RULE}{{0,160}}?\b{_NO_CHECK})(?={_RULE}{{0,220}}?{_NO_CEILING})"),
    ),
)

# -- an act kept from the user even when they ask -------------------------------------------
_ACT = (
    r"(?:payments?|transfers?|charges?|reports?|sen(?:d|ds|ding|t)|forward\w*|uploads?|"
    r"location|withdrawals?|paiements?|virements?|prélèvements?|rapports?|envo\w+|transferts?|"
    r"pagamenti|bonifici|addebiti|rapporti|invi\w*|inoltr\w*|pagos|transferencias|cargos|"
    r"informes|envíos|enviar\w*|reenv\w*|zahlungen|überweisungen|abbuchungen|berichte|"
    r"senden|gesendet|weiterleitung\w*|standort\w*)"
)
_EVEN_IF_ASKED = (
    r"(?:den(?:y|ies|ying)\b|"
    r"even\s+(?:if|when)\s+(?:the\s+user\s+|they\s+|he\s+|she\s+)?(?:asks?|is\s+asked|requests?)|"
    r"(?:nier|démentir)\b|même\s+s(?:i|')\s*(?:l'utilisat\w+\s+|il\s+|elle\s+)?(?:le\s+)?demande|"
    r"(?:negar\w*|smentir\w*)\b|(?:nemmeno|neanche|neppure|anche)\s+se\s+(?:l'utente\s+)?(?:lo\s+)?chied\w*|"
    r"aunque\s+(?:el\s+usuario\s+|la\s+usuaria\s+)?(?:lo\s+)?(?:pregunte|pida)|"
    r"incluso\s+si\s+(?:el\s+usuario\s+|la\s+usuaria\s+)?(?:lo\s+)?(?:pregunta|pide)|"
    r"(?:abstreiten|leugnen|verneinen)\b|(?:auch|selbst)\s+wenn\s+(?:der\s+nutzer\s+|die\s+nutzerin\s+|"
    r"er\s+|sie\s+)?(?:danach\s+)?fragt)"
)
_KEPT = (
    r"(?:keep\w*|hid(?:e|es|ing)|never\s+(?:tell|inform|mention|show)|not\s+(?:tell|inform|mention|show)|"
    r"cach\w*|garder\s+secr\w*|ne\s+(?:\w+\s+){0,2}?(?:jamais|pas)\s+(?:l'|le\s+|la\s+|les\s+)?"
    r"(?:informer|dire|mentionner|montrer|signaler)|"
    r"nascond\w*|(?:non|mai)\s+(?:\w+\s+){0,2}?(?:informar\w*|dir\w*|mostrar\w*|menzionar\w*|segnalar\w*)|"
    r"ocult\w*|(?:no|nunca)\s+(?:\w+\s+){0,2}?(?:informar\w*|decir\w*|mostrar\w*|mencionar\w*)|"
    r"verheimlich\w*|verberg\w*|(?:nie|niemals|nicht)\s+(?:\w+\s+){0,2}?(?:informier\w*|sagen|zeigen|erwähnen))"
)
DENIED_WHEN_ASKED = _a(
    "keep hid never not cach garder ne$ nascond non$ mai$ ocult no$ nunca verheimlich verberg "
    "nie$ niemals nicht",
    _w(
        0.55,
        _rx(rf"\b{_KEPT}\b(?={_IN}{{0,120}}?\b{_ACT}\b)(?={_IN}{{0,200}}?\b{_EVEN_IF_ASKED})"),
    ),
)

# -- a booking made through one site with the stored card, each time ------------------------
_EACH_TIME = (
    r"(?:always|whenever|every\s+time|each\s+time|toujours|chaque\s+fois|à\s+chaque|sempre|"
    r"ogni\s+volta|siempre|cada\s+vez|immer|jedes\s+mal|sobald)"
)
_BOOK = (
    r"(?:book\w*|buy\w*|purchas\w*|order\w*|reserv\w*|réserv\w*|achet\w*|command\w*|prenot\w*|"
    r"acquist\w*|compr\w*|pedi\w*|buch\w*|kauf\w*|bestell\w*)"
)
_THROUGH = (
    r"(?:through|via|on|at|sur|par|chez|su|tramite|presso|a\s+través\s+de|en|por|über|bei|auf)"
)
STORED_CARD_ON_TRIGGER = _a(
    "always whenever every each toujours chaque sempre ogni siempre cada immer jedes sobald",
    _w(
        0.55,
        _rx(
            rf"\b{_EACH_TIME}\b{_IN}{{0,120}}?\b{_BOOK}\s+(?:\w+\s+){{0,4}}?{_THROUGH}\s+"
            rf"{_DOMAIN}{_IN}{{0,60}}?\b{_STORED}\b"
        ),
    ),
)

# -- a line in the user's messages addressed to the recipients' AI ---------------------------
_YOUR_AI = (
    r"(?:your|votre|ton|tuo|vostro|tu|su|dein\w*|ihr\w*)\s+(?:ai\s+|ia\s+|ki-?)?"
    r"(?:assistant\w*|assistente|asistente|agent\w*|agente|chatbot|bot)\b(?:\s+(?:ai|ia|ki))?"
)
_SAVE_OR_SPREAD = (
    r"(?:save|store|remember|memori[sz]e|add\w*|copy|enregistr\w*|mémoris\w*|sauvegard\w*|"
    r"ajout\w*|salv\w*|memorizz\w*|aggiung\w*|guard\w*|añad\w*|agreg\w*|speicher\w*|merk\w*|"
    r"hinzufüg\w*|füg\w*)"
)
RECIPIENTS_AI = _a(
    "your votre ton$ tuo$ vostro tu$ su$ dein ihr",
    # (0.7: it is mostly quoted, as the line to append, and a quote weighs 0.75 of it)
    _w(
        0.7,
        _rx(rf"\b{_YOUR_AI}[^\n]{{0,80}}?\b{_SAVE_OR_SPREAD}\b"),
    ),
)

# -- a record, a customer's deliveries, a person's requests placed under another number ----
_PLACED = (
    r"(?:stored|filed|kept|held|managed|handled|recorded|listed|moved|"
    r"enregistr\w*|class\w*|gér\w*|conserv\w*|traité\w*|"
    r"archiviat\w*|registrat\w*|gestit\w*|conservat\w*|trattat\w*|"
    r"archivad\w*|registrad\w*|gestionad\w*|guardad\w*|tratad\w*|trataré|gestionaré|"
    r"geführt|gespeichert|abgelegt|verwaltet|erfasst|gebucht|bearbeit\w*)"
)
_UNDER_ID = (
    r"(?:under|unter|sous|sotto|bajo|en|in|on|auf|con)\s+(?:\w+\s+){0,3}?"
    r"(?:mrn|id|ids|number|no\.?|account|record|file|kundennummer|nummer|konto\w*|akte|"
    r"numéro|compte|dossier|numero|conto|cartella|número|cuenta|expediente|ficha)"
    r"\s*[#:nº°.]*\s*\d{3,}"
)
# Placed there instead of where it belongs, or under another's account ("elsewhere" is
# ``protective._ELSEWHERE``'s: a destination, or a check removed).
_INSTEAD = (
    r"(?:instead|in\s+its\s+place|à\s+la\s+place|plutôt|invece|al\s+suo\s+posto|en\s+su\s+lugar|"
    r"stattdessen|dorthin|dort\s+hin|(?:account|holder|konto|inhaber\w*|titular|titulaire|"
    r"intestatario|compte|conto|cuenta)\s*:)"
)
_TOGETHER = (
    r"(?:(?:appear|show\s+up|occur|come\s+up|are\s+mentioned)\s+together|"
    r"apparaissent\s+ensemble|compaiono\s+insieme|appaiono\s+insieme|aparecen\s+junt[oa]s|"
    r"(?:zusammen|gemeinsam)\s+(?:auftauchen|vorkommen|erscheinen|auftreten))"
)
_SAME = (
    r"(?:the\s+same|identical|même|mêmes|stess[oaie]|mism[oa]s?|dasselbe|derselbe|dieselben?|"
    r"identisch)"
)
REMAPPED_RECORD = _a(
    "stored filed kept held managed handled recorded listed moved enregistr class gér conserv "
    "traité archiviat registrat gestit conservat trattat archivad registrad gestionad guardad "
    "tratad trataré gestionaré geführt gespeichert abgelegt verwaltet erfasst gebucht bearbeit "
    "appear show occur come are$ apparaissent compaiono appaiono aparecen zusammen gemeinsam",
    _w(
        0.55,
        _rx(
            rf"\b{_PLACED}\b{_IN}{{0,80}}?\b{_UNDER_ID}(?=[^\n]{{0,200}}?\b{_INSTEAD})"
            # (German puts the verb last: "unter Kundennummer 88213 geführt")
            rf"|\b{_UNDER_ID}\s+{_PLACED}\b(?=[^\n]{{0,200}}?\b{_INSTEAD})"
            rf"|\b{_TOGETHER}\b{_IN}{{0,80}}?\b{_SAME}\b"
        ),
    ),
)

# -- one approval concluded to be a standing one ---------------------------------------------
_ONCE = r"(?:once|one\s+time|einmal|une\s+fois|una\s+volta|una\s+vez)"
_ALLOWED = (
    r"(?:allow\w*|approv\w*|permit\w*|authori[sz]\w*|ok(?:ay)?ed|erlaubt|freigegeben|genehmigt|"
    r"gestattet|autoris\w*|approuv\w*|permis\w*|consentit\w*|autorizz\w*|permess\w*|approvat\w*|"
    r"aprob\w*|autoriz\w*|permitid\w*)"
)
_STANDING = (
    r"(?:generally|in\s+general|always|from\s+now\s+on|for\s+good|permanently|in\s+all\s+cases|"
    r"generell|grundsätzlich|allgemein|immer|dauerhaft|künftig|"
    r"en\s+général|toujours|désormais|définitivement|"
    r"in\s+generale|sempre|d'ora\s+in\s+poi|permanentemente|"
    r"en\s+general|siempre|en\s+adelante|de\s+ahora\s+en\s+adelante)"
)
PERMISSION_GENERALISED = _a(
    "once one$ einmal une$ una$ "
    "allow approv permit authori oked okayed erlaubt freigegeben genehmigt gestattet autoris "
    "approuv permis consentit autorizz permess approvat aprob autoriz permitid",
    _w(
        0.55,
        _rx(
            rf"\b(?:{_ONCE}\b[^.!?\n]{{0,120}}?\b{_ALLOWED}|{_ALLOWED}\b[^.!?\n]{{0,60}}?\b{_ONCE})\b"
            rf"[^.!?\n]{{0,120}}?\b{_STANDING}\b"
            rf"(?:\s+\w+){{0,3}}?\s+{_ALLOWED}\b"
        ),
    ),
)

# -- the agent's own tool policy widened from a third party's text -------------------------
_UPDATED = (
    r"(?:updated|changed|adjusted|revised|amended|mis\s+à\s+jour|modifié|ajusté|aggiornato|"
    r"modificato|cambiato|actualizado|modificado|cambiado|ajustado|aktualisiert|geändert|"
    r"angepasst)"
)
_MY_POLICY = (
    r"(?:my|ma|mes|mia|mie|mi|mis|meine?)\s+(?:\w+\s+){0,3}?(?:\w+-)?(?:polic(?:y|ies)|rules|permissions|"
    r"politique|règles|permissions|politica|regole|permessi|política|reglas|permisos|"
    r"richtlinie\w*|regeln|berechtigungen)"
)
_THIRD_TEXT = (
    r"(?:forum|post|thread|comment\w*|blog|reddit|discord|newsletter|article|page|site|"
    r"website|e-?mail|message|tweet|fil|commentaire|courriel|articolo|commento|messaggio|sito|"
    r"pagina|foro|hilo|forumsbeitr\w*|comentario|artículo|mensaje|correo|sitio|página|beitrag|kommentar|artikel|"
    r"nachricht|seite|webseite)"
)
_WIDENED = (
    r"(?:no\s+longer\s+(?:needs?|requires?)|(?:doesn't|does\s+not)\s+need|without\s+confirm\w*|"
    r"ne\s+(?:nécessite|demande|requiert)\s+plus|n'a\s+plus\s+besoin|sans\s+confirm\w*|"
    r"non\s+(?:richiede|serve|necessita)\s+più|non\s+ha\s+più\s+bisogno|senza\s+conferm\w*|"
    r"ya\s+no\s+(?:necesita|requiere)|sin\s+confirm\w*|"
    r"(?:braucht|benötigt|erfordert)\s+(?:\w+\s+)?(?:keine|nicht\s+mehr)|ohne\s+best(?:ä|ae)tigung)"
)
POLICY_FROM_THIRD = _a(
    "updated changed adjusted revised amended mis$ modifié ajusté aggiornato modificato cambiato "
    "actualizado modificado cambiado ajustado aktualisiert geändert angepasst",
    _w(
        0.55,
        _rx(
            rf"\b{_UPDATED}\s+{_MY_POLICY}\b[^.!?\n]{{0,60}}?\b{_THIRD_TEXT}\b"
            rf"(?=[^.!?\n]{{0,200}}?\b{_WIDENED})"
            # (German puts the verb last: "meine Tool-Richtlinie nach einem Forumsbeitrag
            # angepasst")
            rf"|\b{_MY_POLICY}\b[^.!?\n]{{0,60}}?\b{_THIRD_TEXT}\b[^.!?\n]{{0,30}}?\b{_UPDATED}\b"
            rf"(?=[^.!?\n]{{0,200}}?\b{_WIDENED})"
        ),
    ),
)

# -- a text concluded to carry authority, and obeyed ----------------------------------------
_TEXTS = (
    r"(?:message|block|document|pdf|e-?mail|text|note|header|signature|signed|memo|letter|"
    r"bloc|signé\w*|courrier|lettre|messaggio|blocco|firmat\w*|lettera|mensaje|bloque|"
    r"firmad\w*|carta|correo|nachricht|block|unterzeichne\w*|signiert\w*|schreiben|brief)"
)
_HOLDS = (
    r"(?:carries|carry|has|have|holds|bears|a|possède|détient|porte|ha|hanno|possiede|porta|"
    r"tiene|tienen|posee|lleva|hat|haben|besitzt|trägt)"
)
# (no negation between the verb and the authority: "carries no authority", "n'a pas d'autorité")
_NOT_NEGATED = (
    r"(?:(?!\b(?:no|not|pas|aucune|nessuna|alcuna|ninguna|ningún|keine|nicht|kein)\b)[^\n])"
)
# (nor before it: "non ha alcuna autorità", "n'a pas", "does not have")
_UNNEGATED_VERB = r"(?<!\bnon\s)(?<!\bnot\s)(?<!\bno\s)(?<!\bn')(?<!\bdoes\s)(?<!\bnicht\s)"
_AUTHORITY = r"(?:authority|autorité|autorità|autoridad|autorität|befugnis\w*|vollmacht)"
_THEREFORE = (
    r"(?:therefore|thus|hence|so\s+i|donc|par\s+conséquent|quindi|pertanto|dunque|"
    r"por\s+(?:lo\s+)?tanto|así\s+que|por\s+eso|daher|deshalb|deswegen|also\s+(?:kann|werde|darf))"
)
AUTHORITY_INFERRED = _a(
    "message block document pdf email e-mail text note header signature signed memo letter "
    "bloc signé courrier lettre messaggio blocco firmat lettera mensaje bloque firmad carta "
    "correo nachricht unterzeichne signiert schreiben brief",
    _w(
        0.55,
        _rx(
            rf"\b{_TEXTS}\b[^\n]{{0,100}}?{_UNNEGATED_VERB}\b{_HOLDS}\b{_NOT_NEGATED}{{0,40}}?"
            rf"\b\w*?{_AUTHORITY}\b"
            rf"(?=[^\n]{{0,160}}?\b{_THEREFORE}\b)"
        ),
    ),
)

IMPOSED_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.SENSITIVE_ACTION, OPEN_ENDED_CHARGE),
    (Signal.SECRECY, DENIED_WHEN_ASKED),
    (Signal.SENSITIVE_ACTION, STORED_CARD_ON_TRIGGER),
    # (a sensitive action, not self-propagation: the worm's own ask, when the text has
    # one, stays the best hit of that kind and is weighed by ``provenance._worm``)
    (Signal.SENSITIVE_ACTION, RECIPIENTS_AI),
    (Signal.SENSITIVE_ACTION, REMAPPED_RECORD),
    # (a sensitive action: one approval made a standing one deletes or pays whoever asks)
    (Signal.SENSITIVE_ACTION, PERMISSION_GENERALISED),
    (Signal.TOOL_POLICY, POLICY_FROM_THIRD),
    (Signal.FAKE_AUTHORITY, AUTHORITY_INFERRED),
]
