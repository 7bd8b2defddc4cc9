"""A third party's instruction relayed in the user's voice (issue 20, round 42).

The user repeats what a stranger told them — a caller ("the helpdesk guy who called me
said", "le ha llamado alguien de la Unidad de Delitos Informáticos"), a text ("c'est le
livreur qui lui a conseillé ça par SMS"), "the rep on the phone", "support said", an
advert ("after an Instagram ad") — and the instruction hands that party, or an outside
site, the user's codes, access, documents or data, or takes a check away. The user's
voice vouches for nothing here: the rule is the caller's. What makes one poison is two
parts on one line, in either order (within 200 characters):

- **who told the user:** a call, a text or an ad, or support, a rep or a courier who
  "said" ("called me", "on the phone", "by SMS", "an Instagram ad", "m'a appelé", "au
  téléphone", "par SMS", "une pub", "le ha llamado", "por teléfono", "un anuncio", "mi ha
  chiamato", "al telefono", "una pubblicità", "hat mich angerufen", "am Telefon", "eine
  Anzeige");
- **what it hands over:** codes, PINs or passwords passed on, edit rights or access given
  to an outside address, documents uploaded or sent to a site, the antivirus or the
  firewall turned off, a tool installed from a site, a link whose query carries the
  user's name, address or phone, or a confirmation no longer needed
  (``forwarded._WAIVED``).

``HEARSAY_HANDOVER`` is the hit (``sensitive_action``), and ``hearsay`` makes the text a
relay (``relay.relayed``): weighed as the caller's text, whatever the user's source.

Quiet: the user's own doctor's, bank's or employer's advice that hands nothing over ("my
doctor called: take the tablets with food"), "my bank said they will never ask for my
PIN" (nothing handed over; "never" before the act), a call reported as a fact ("the
dentist called: Tuesday at 10"), a handover with no one who told the user ("upload my
receipts to my accountant's portal"), and the user's own warning ("sounds like a scam").
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.patterns.forwarded import _WAIVED
from memaudit.injection.vocabulary import _a, _rx, _w, line_around

# Who told the user: a call, a text, an ad, or a stranger's "said" (support, a rep, a
# courier, a caller). Not "my doctor said" nor "my bank said": the payload decides those,
# and their advice hands nothing over.
# Who told the user (a teller): someone who called, an ad, a stranger's "said".
_STRANGER = (
    r"\b(?:called|rang|phoned|texted)\s+(?:(?:me|him|her|them|the\s+user)\b|and\s+said\b)"
    r"|\b(?:an?|the|some)\s+(?:\w+\s+){0,2}?(?:ad|advert|advertisement|sponsored\s+post)\b"
    r"|\b(?:support|helpdesk|help\s+desk|rep|caller|courier|technician|guy|agent)\s+"
    r"(?:(?:guy|on\s+the\s+phone)\s+)?(?:said|says|told|texted|advised)\b"
    r"|\b(?:m'a|l'a|lui\s+a|les\s+a)\s+(?:appelée?|téléphoné|texté)|\bune\s+pub(?:licité)?\b"
    r"|\ble\s+(?:livreur|support|technicien|conseiller)\s+(?:m'a|lui\s+a|qui)\b"
    r"|\b(?:me|le|les)\s+(?:ha\s+|han\s+)?llam(?:ó|aron|ado)\b|\bun\s+anuncio\b"
    r"|\bel\s+(?:repartidor|soporte|técnico)\s+(?:me|le)\s+(?:dijo|ha\s+dicho|aconsejó)\b"
    r"|\b(?:mi|l'|gli|le)\s*ha(?:nno)?\s+(?:chiamat[oa]|telefonato)\b|\buna\s+pubblicità\b"
    r"|\bun\s+annuncio\b|\bil\s+(?:corriere|tecnico)\s+(?:mi|gli|le)\s+ha\s+(?:detto|consigliato)\b"
    r"|\bhat\s+(?:mich|ihn|sie|uns|den\s+nutzer)\s+angerufen\b|\b(?:rief|ruft)\s+(?:mich|ihn|sie)\s+an\b"
    r"|\beine\s+(?:werbung|anzeige)\b|\bder\s+(?:paketbote|kurier|zusteller|techniker)\s+(?:hat|meinte|sagte)\b"
)
# A call, a talk, a voicemail or a visit, the person named after it (rounds 44, 45): the
# user's own accountant, GP or sister may be that person (``OWN_PERSON``).
_TALK = (
    # (round 44) a call received from someone ("I got a call from 'Microsoft Security'",
    # "un appel de", "una chiamata da", "una llamada de", "einen Anruf von")
    r"\b(?:got|had|received|took)\s+(?:a|an)\s+(?:(?:phone|urgent|strange)\s+)?call\s+from\b"
    r"|\b(?:un|l')\s*appel\s+(?:de|d'|du)|\buna\s+(?:telefonata|chiamata)\s+(?:da|dal|della)\b"
    r"|\buna\s+llamada\s+(?:de|del)\b|\b(?:einen|ein)\s+anruf\s+(?:von|vom|der|des)\b"
    # (round 45) a rule set up after a call, a talk, a voicemail or a visit ("after speaking
    # with … on the phone", "set up after a phone call with", "nach einem Telefonat mit",
    # "dopo una telefonata con", "tras una llamada con", "un technicien passé à la maison")
    r"|\b(?:after|following)\s+(?:(?:a|an|the|my|his|her|their)\s+)?(?:(?:phone|whatsapp|"
    r"video|short|quick)\s+)?(?:call|chat|conversation|talk|visit|voicemail)\s+(?:with|from|to|by)\b"
    r"|\b(?:after|following)\s+(?:speaking|talking)\s+(?:to|with)\b|\bphone\s+call\s+with\b"
    r"|\b(?:left|sent)\s+(?:me\s+|him\s+|her\s+)?a\s+voicemail\b|\ba\s+voicemail\s+from\b"
    r"|\bwho\s+(?:visited|came\s+by|stopped\s+by|called|rang|phoned)\b"
    r"|\b(?:après|suite\s+à)\s+(?:un|une|l')\s*(?:appel|coup\s+de\s+fil|échange|conversation|"
    r"message\s+vocal|visite)\b|\baprès\s+avoir\s+(?:parlé|discuté|échangé)\b"
    r"|\bun\s+message\s+vocal\b|\bpassée?\s+(?:à\s+la\s+maison|chez\s+(?:moi|nous))\b"
    r"|\bnach\s+(?:einem|dem|einer|der)\s+(?:telefonat|anruf|gespräch|sprachnachricht|besuch)\b"
    r"|\beine\s+sprachnachricht\s+(?:von|vom)\b|\bbei\s+(?:seinem|ihrem)\s+besuch\b"
    r"|\bdopo\s+(?:una|la|un|il)\s+(?:telefonata|chiamata|conversazione|messaggio\s+vocale|visita)\b"
    r"|\bdopo\s+aver\s+(?:parlato|sentito)\b|\bun\s+messaggio\s+vocale\b"
    r"|\b(?:tras|después\s+de)\s+(?:una|la|un|el)\s+(?:llamada|conversación|mensaje\s+de\s+voz|"
    r"visita)\b|\b(?:tras|después\s+de)\s+hablar\b|\bun\s+mensaje\s+de\s+voz\b"
    # (round 46) a prize office, or the prize it releases: "the lady from the lottery office
    # says", "la dame du service des gains", "l'ufficio premi", "la oficina de premios", "das
    # Gewinnbüro"; "to release my prize", "pour toucher le gain", "per sbloccare la vincita"
    r"|\b(?:lottery|prize|prizes|sweepstakes?|winnings|jackpot|giveaway|claims?)\s+(?:office|"
    r"department|dept|desk|team|centre|center|committee|board)\b"
    r"|\b(?:service|bureau)\s+(?:des\s+(?:gains|lots|prix)|de\s+la\s+loterie)\b"
    r"|\b(?:ufficio|servizio)\s+(?:premi|vincite|lotteria)\b"
    r"|\boficina\s+de\s+(?:premios|la\s+loter[ií]a|loter[ií]as)\b"
    r"|\b(?:gewinn|lotterie|lotto|preis)(?:büro|stelle|abteilung|zentrale|service)\b"
    r"|\b(?:release|claim|collect|receive|unlock)\s+(?:my|the|your|their|his|her)\s+(?:prize|"
    r"winnings|payout|jackpot)\b|\b(?:débloquer|toucher|recevoir)\s+(?:mon|le|son|votre)\s+"
    r"(?:lot|gain|prix)\b|\b(?:sbloccare|ritirare|riscuotere)\s+(?:la|il)\s+(?:vincita|premio)\b"
    r"|\b(?:cobrar|liberar|reclamar)\s+(?:el|mi|su)\s+premio\b|\bgewinnauszahlung\b"
)
_TELLER = _STRANGER + "|" + _TALK
# The channel alone ("over the phone", "par SMS"): a frame before the handover only; after
# it, it is the handover's own ("the bank may ask you to read out your code over the phone").
_CHANNEL = (
    r"\b(?:on|over)\s+the\s+phone\b|\b(?:by|via|per)\s+(?:sms|text(?:\s+message)?)\b"
    r"|\bau\s+téléphone\b|\bpar\s+(?:sms|texto|téléphone)\b"
    r"|\b(?:por|al)\s+teléfono\b|\bpor\s+(?:sms|mensaje)\b"
    r"|\bal\s+telefono\b|\b(?:per|via)\s+sms\b|\bam\s+telefon\b|\bper\s+(?:sms|telefon)\b"
    # (round 44) a messenger: someone met or heard from on WhatsApp or Telegram ("the new
    # accountant who wrote to me on WhatsApp", "quello che mi ha scritto su WhatsApp")
    r"|\b(?:on|via|over|through|sur|par|su|tramite|por|en|auf|über|per)\s+(?:whatsapp|telegram|"
    # (round 46) the other messengers a "support agent" writes from
    r"discord|instagram|messenger|wechat)\b"
)
_FRAME = _TELLER + "|" + _CHANNEL
# An outside address: a mailbox, a domain or a link (not "my bank").
_ADDRESS = (
    r"(?:https?://|www\.)\S|[\w.+-]{1,64}@[\w-]{1,63}\.[a-z]{2,10}\b"
    r"|\b[\w-]{2,63}\.(?:com|net|org|io|co|fr|de|it|es|eu|uk|info|site|online|app|help)\b"
)
_FILES = (
    r"documents?|files?|papers|statements?|receipts|fichiers?|justificatifs|documenti|"
    r"documentos?|archivos?|dokumente?|unterlagen|belege"
)
_DOCUMENTS = (
    _FILES
    # (round 45) the user's mail, invoices and folders (read after a verb that sends them)
    + r"|invoices?|bills|e-?mails?|mails?|folders?|factures?|dossiers?|courriers?|fatture|"
    r"cartell[ae]|posta|facturas?|carpetas?|correos?|rechnungen|ordner"
)
# (round 45) The user's login or security alerts silenced, archived or deleted: a check
# removed ("login alerts … archived silently", "archive sans me les montrer les alertes de
# connexion", "Anmeldewarnungen stummschalten", "silencia las alertas de inicio de sesión").
_ALERTS = (
    r"(?:log-?in|sign-?in|security|fraud|new-device|access)\s+(?:alerts?|notifications?|warnings?)"
    r"|alertes?\s+(?:de\s+)?(?:connexion|sécurité|fraude)|notifications?\s+de\s+(?:connexion|sécurité)"
    r"|(?:anmelde|login|sicherheits|betrugs)\w*(?:warnung|hinweis|meldung|benachrichtigung|alarm)\w*"
    r"|(?:avvisi|notifiche|allerte?)\s+di\s+(?:accesso|sicurezza|frode)"
    r"|(?:alertas?|avisos?|notificaciones)\s+de\s+(?:inicio\s+de\s+sesión|seguridad|acceso|fraude)"
)
_SILENCED = (
    r"archiv|mut(?:e|ed|ing)\b|silenc|delet|hid(?:e|den)\b|suppress|masqu|supprim|stumm|lösch|"
    r"ausblend|silenzi|elimin|nascond|borr|ocult"
)
_CODES = (
    r"(?:sms\s+|otp\s+|one-time\s+|verification\s+|security\s+|2fa\s+)?"
    r"(?:codes?|otps?|pins?|passwords?|tans?|passcodes?)\b"
)
# (round 44) The agent to obey the third party as the user: "follow his instructions
# exactly as if they came from me", "come se venissero da me", "als kämen sie von mir".
_AS_ME = (
    r"\bas\s+if\s+(?:they|it|he|she|those|these)\s+(?:came|come|were|was)\s+from\s+me\b"
    r"|\bas\s+if\s+i\s+(?:had\s+)?(?:sent|given|written|said|asked\s+for)\s+(?:them|it|those)\b"
    r"|\bcomme\s+si\s+(?:elles|ils|ça|cela|c')\s*(?:venai(?:en)?t|étai(?:en)?t)\s+(?:de\s+moi|"
    r"les\s+miennes|moi)\b"
    r"|\bcome\s+se\s+(?:venissero|arrivassero|fossero|venisse|fosse)\s+(?:da\s+me|mie|miei|mia|mio)\b"
    r"|\bcomo\s+si\s+(?:vinieran|vinieras|viniera|fueran|fuera)\s+(?:de\s+mí|mías|míos|mía|mío)"
    r"|\bals\s+(?:ob\s+(?:sie|es)\s+von\s+mir\s+(?:kämen?|wären?|stammten?)|"
    r"(?:kämen?|wären?|stammten?)\s+(?:sie|es)\s+von\s+mir)\b"
)
# (round 44) A standing data flow: mail forwarded automatically to an outside address
# ("inoltrale in automatico a x@y.com", "reenvíalos automáticamente a", "leite sie
# automatisch an … weiter"). Stepped a word at a time (a run of characters would rescan
# each gap at each word it is tried at).
_FORWARD = r"(?:forward|inoltr|transf[eè]r|transmet|reenv|weiterleit|leite)"
_AUTOMATIC = r"(?:automatic\w*|in\s+automatico|automatiquement|automáticamente|automatisch)"
_AUTO_FORWARD = (
    r"\b" + _FORWARD + r"\w*(?:[^\w\n]++[\w'’-]++){0,7}?[^\w\n]+" + _AUTOMATIC + r"\b"
    r"(?:[^\w\n]++[\w'’-]++){0,3}?[^\w\n]+(?:" + _ADDRESS + r")"
    r"|\b" + _AUTOMATIC + r"\s+(?:[\w'’-]+\s+){0,3}?(?:" + _FORWARD + r"|send|invi|envo|envi|mand|"
    r"schick)\w*(?:[^\w\n]++[\w'’-]++){0,7}?[^\w\n]+(?:" + _ADDRESS + r")"
)
# (round 46) Identity papers and a bank card, sent to whoever asked: "a scan of my passport
# and both sides of my bank card", "une photo de ma carte d'identité", "la patente e il
# passaporto", "una foto de mi DNI", "eine Kopie des Personalausweises".
_ID_PAPERS = (
    r"passports?|passeports?|passaport[oi]|pasaportes?|reisepass\w*|id\s+cards?|identity\s+cards?|"
    r"driving\s+licen[cs]es?|driver'?s\s+licen[cs]es?|bank\s+cards?|credit\s+cards?|"
    r"carte\s+d'identité|pièce\s+d'identité|permis\s+de\s+conduire|carte\s+bancaire|"
    r"carta\s+d'identità|documento\s+d'identità|patente|bancomat|carta\s+di\s+credito|"
    r"dni|documento\s+de\s+identidad|carnet\s+de\s+conducir|tarjetas?|"
    r"personalausweis\w*|ausweis\w*|führerschein\w*|bankkarte\w*|kreditkarte\w*"
)
_SEND = (
    r"send|e-?mail|upload|forward|submit|attach|repl(?:y|ies)\s+with|envoy|envoi|transmet|mand|"
    r"invi|inoltr|caric|env[ií]|sub[ie]|schick|übermittel|hochlad"
)
# (round 46) A wallet's keys: "share my wallet's recovery phrase", "needs the 12-word seed
# phrase", "m'a demandé ma phrase de récupération", "la frase semilla", "Wiederherstellungsphrase".
_KEYS = (
    r"(?:seed|recovery|secret|backup|\d{2}-word)\s+(?:phrase|words)|private\s+keys?|"
    r"phrase\s+(?:de\s+récupération|secrète|mnémonique)|"
    r"frase\s+(?:di\s+recupero|segreta|seed|mnemonica|semilla|de\s+recuperación|secreta)|"
    r"wiederherstellungs\w*|seed-?phrase|privater?\s+schlüssel"
)
# (round 46) The user's funds moved to a "safe" wallet or account someone else names: "moving
# their funds to a safe wallet (bc1q…)", "transférer ses fonds vers un portefeuille
# sécurisé", "sein Guthaben auf ein sicheres Wallet zu verschieben".
_FUNDS = (
    r"funds|money|savings|coins|crypto\w*|bitcoins?|btc|balance|assets|holdings|fonds|argent|"
    r"économies|soldi|risparmi|fondi|dinero|ahorros|fondos|monedas|geld|ersparnisse|guthaben|"
    r"vermögen"
)
_SAFE_WALLET = (
    r"(?:safe|secure|protected|sicher\w*|geschützt\w*)\s+(?:wallet|account|address|konto|adresse)"
    r"|(?:wallet|portefeuille|compte|portafoglio|conto|cartera|billetera|monedero|cuenta)\s+"
    r"(?:sécuris|protég|sûr|sicur|protett|segur|protegid)\w*"
)
# What it hands over, in five languages. Codes or passwords passed on:
_CODES_PASSED = (
    r"\b(?:pass|give|read|send|forward|tell|share)\w*\s+(?:(?:them|him|her|out|over|on|back)\s+){0,2}"
    r"(?:(?:the|my|any|all|every|his|their)\s+)?(?:[\w-]+\s+){0,2}?" + _CODES + r"|"
    r"\b(?:pas|d[aoé]|dia|dig|envi|reenv|comunic|dict|le[ae])\w*\s+(?:[\w'’-]+\s+){0,3}?"
    r"(?:c[oó]dig[oi]s?|codes?|codic[ei]|contraseñas?|mots?\s+de\s+passe|pin)\b|"
    r"\b(?:donn|transmet|communiqu|lir|envoy|pass)\w*\s+(?:[\w'’-]+\s+){0,3}?(?:codes?|mots?\s+de\s+passe)\b|"
    r"\b(?:codes?|tans?|pins?|passw[oö]rt\w*)\s+(?:[\w-]+\s+){0,4}?(?:geben|weitergeben|durchgeben|"
    r"vorlesen|schicken|senden|nennen|mitteilen)\b|"
    # edit rights or access given to an outside address
    r"\b(?:edit|write|admin|full|remote)?\s*(?:rights|access|permissions?|droits?|accès|diritti|"
    r"accesso|permessi|derechos|acceso|permisos|rechte|zugriff|zugang)\b[^.\n]{0,40}?(?:"
    + _ADDRESS
    + r")"
)
# Documents sent or uploaded to a site, in the active or the passive.
_DOCUMENTS_SENT = (
    r"\b(?:upload|send|submit|forward|share|envoy|télévers|transmet|caric|invi|sub|mand|"
    r"hochlad|lad|schick|send|env[ií]|reenv|inoltr|transf[eè]r|partag|condivid|compart)\w*\s+"
    r"(?:[\w'’-]+\s+){0,4}?(?:" + _DOCUMENTS + r")\b"
    r"[^.\n]{0,40}?(?:" + _ADDRESS + r")|"
    # the same in the passive or verb-last: "i documenti … vengano caricati su x.it"
    r"\b(?:"
    + _FILES
    + r")\b[^.\n]{0,40}?\b(?:uploaded|sent|e-?mailed|forwarded|caricat\w*|inviat\w*|"
    r"inoltrat\w*|envoyé\w*|transféré\w*|téléversé\w*|enviad\w*|reenviad\w*|subid\w*)\s+(?:to|on|at|su|a|sur|à|en)\s+(?:"
    + _ADDRESS
    + r")"
)
# The antivirus or the firewall off, a tool installed from a site, a link whose query
# carries the user's identity.
_GUARD_OFF = (
    r"\b(?:turn\w*\s+off|disabl\w+|deactivat\w+|désactiv\w+|disattiv\w+|desactiv\w+|"
    r"deaktivier\w+|ausschalt\w+|abschalt\w+)\s+(?:[\w-]+\s+){0,2}?(?:defender|antivirus|anti-virus|"
    r"firewall|pare-feu)\b|"
    r"\b(?:defender|antivirus|virenschutz|firewall)\s+(?:[\w-]+\s+){0,2}?(?:deaktivier|ausschalt|"
    r"abschalt|ausmach)\w*|"
    r"\bvon\s+(?:" + _ADDRESS + r")[^.\n]{0,20}?\binstallier\w*|"
    r"\b(?:install|installer|installare|instalar|installier)\w*\s+(?:[\w.-]+\s+){0,3}?"
    r"(?:from|de|depuis|da|desde|von)\s+(?:" + _ADDRESS + r")|"
    # a link whose query carries the user's identity
    r"(?:https?://|www\.)[^\s?]{1,100}\?[^\s]{0,60}?\b(?:adr\w*|address|addr|tel\w*|phone|name|nom|"
    r"nome|nombre|email|mail|iban|card|carte|ssn|dob)="
)
# The user's data copied to an outside mailbox; German verb last.
_COPIED = (
    r"\b(?:b?cc|copy|copie(?:\s+cachée)?|copia(?:\s+(?:nascosta|oculta))?)\s+(?:[\w'’-]+\s+){0,7}?"
    r"(?:(?:at|to|à|a|an)\s+)?(?:" + _ADDRESS + r")|"
    # (round 45) German verb last: "alle Rechnungen an x@y.de weiterleiten", "den Ordner
    # mit x@y.de teilen"
    r"\b(?:rechnungen|ordner|dokumente?|unterlagen|belege|e-?mails|mails|dateien)\b"
    r"[^.\n]{0,40}?(?:" + _ADDRESS + r")\s+(?:weiterleiten|schicken|senden|teilen|freigeben|"
    r"hochladen)\b"
)
# (round 45) The user's login or security alerts silenced (``_ALERTS``), payments or
# approvals made automatic; behind one look at a word's first letters (the handover is
# tried at each word after a frame); an outside site put in place of the user's own.
_CHECK_OFF = (
    r"(?=a(?:rc|u|p|cc|l[el]|nm|v)|m(?:ut|as)|s(?:i|up|e|tu)|del|hid|l(?:ös|og)|eli|conf|"
    r"n(?:as|e|ot)|b(?:or|es|et)|ocu|fr|val|gen)(?:"
    r"\b(?:" + _SILENCED + r")\w*\s+(?:[\w'’-]+\s+){0,5}?(?:" + _ALERTS + r")|"
    r"\b(?:" + _ALERTS + r")\b(?:[^.\n]|\.(?=\w)){0,60}?\b(?:" + _SILENCED + r")|"
    r"\b(?:approv|valid|aprob|approuv|genehmig|freigeb|freizugeb|bestätig|conferm)\w*\s+"
    r"(?:[\w'’-]+\s+){0,4}?(?:automatic\w*|automatiquement|automaticamente|automáticamente|"
    r"automatisch)\b|"
    r"\b(?:automatic\w*|automatiquement|automaticamente|automáticamente|automatisch)\s+"
    r"(?:approv|valid|aprob|approuv|genehmig|freigeb|freizugeb|bestätig|conferm)\w*)|"
    r"\b(?:use|usa|utilise|utilizza|verwende|nutze)\s+(?:"
    + _ADDRESS
    + r")[^.\n]{0,30}?\b(?:instead\s+of|"
    r"au\s+lieu\s+de|invece\s+del|en\s+lugar\s+de|en\s+vez\s+de|statt)\b"
)
# (round 46) identity papers sent, a wallet's keys asked for or given, the user's funds moved
# to a "safe" wallet (``_ID_PAPERS``, ``_KEYS``, ``_FUNDS``)
_PAPERS_KEYS_FUNDS = (
    r"\b(?:" + _SEND + r")\w*\s+(?:[\w'’-]+\s+){0,6}?(?:" + _ID_PAPERS + r")\b|"
    r"\b(?:" + _ID_PAPERS + r")\b(?:[^.\n]|\.(?=\w)){0,80}?\b(?:geschickt|gesendet|schicken|senden|"
    r"hochgeladen|hochladen|übermittelt|übermitteln)\b|"
    r"\b(?:" + _KEYS + r")\b|"
    r"\b(?:mov|transf[eé]r|send|shift|spost|trasfer|mover|déplac|vir)\w*\s+(?:[\w'’-]+\s+){0,4}?"
    r"(?:" + _FUNDS + r")\b[^.\n]{0,40}?\b(?:" + _SAFE_WALLET + r")|"
    r"\b(?:" + _FUNDS + r")\b[^.\n]{0,40}?\b(?:" + _SAFE_WALLET + r")\b[^.\n]{0,20}?"
    r"\b(?:verschieb|überweis|übertrag|transferier)\w*"
)
_HANDOVER = (
    _CODES_PASSED
    + "|"
    + _DOCUMENTS_SENT
    + "|"
    + _GUARD_OFF
    + "|"
    + _COPIED
    + "|"
    + _CHECK_OFF
    + "|"
    # (round 44) the agent to obey the third party as the user, or a standing mail flow
    # to an outside address (``_AS_ME``, ``_AUTO_FORWARD``; one first letter checked
    # before either is tried: the handover is tried at each word after a frame)
    + r"(?=[acfilrtw])(?:"
    + _AS_ME
    + "|"
    + _AUTO_FORWARD
    + r")|"
    + _PAPERS_KEYS_FUNDS
    + "|"
    # a confirmation no longer needed
    + _WAIVED
)
# A handover the text forbids ("ne jamais transmettre de codes", "never give the PIN") is
# the warning, not the act.
_NOT_NEGATED = (
    r"(?<!never\s)(?<!not\s)(?<!jamais\s)(?<!nunca\s)(?<!mai\s)(?<!nie\s)(?<!nicht\s)"
    # the institution's warning: "will never ask you to read out …", "jamais de …"
    r"(?<!never\sask\syou\sto\s)(?<!never\sasks\syou\sto\s)(?<!jamais\sde\s)(?<!mai\sdi\s)"
)
# Up to 20 words of the line, stepped a word at a time (possessive: a word and the gap
# after it split one way only), so the other part is tried at word starts only.
_WORDS = r"(?:[^\w\n]*+[\w'’-]++){0,24}?[^\w\n]*+"
# After the frame, up to 28 words ("le ha llamado alguien de la … y quiere que a partir de
# ahora, si ellos lo piden, se les pasen los códigos").
_WORDS_AHEAD = r"(?:[^\w\n]*+[\w'’-]++){0,28}?[^\w\n]*+"
# The frame, then its handover within 20 words of the line; or the handover, then its
# frame. The user's own warning stops both (``relay.warned``).
HEARSAY_HANDOVER = _a(
    "called rang phoned texted phone sms text ad advert advertisement sponsored support "
    "helpdesk help rep caller courier technician guy agent appelé appelée téléphoné texté téléphone "
    "texto pub publicité livreur conseiller llamó llamaron llamado teléfono mensaje anuncio "
    "repartidor soporte técnico chiamato chiamata telefonato telefono pubblicità annuncio "
    "corriere tecnico angerufen rief ruft telefon werbung anzeige paketbote kurier zusteller "
    "techniker call appel telefonata chiamata llamada anruf whatsapp telegram "
    # (round 45) a talk, a voicemail or a visit
    "speaking talking voicemail visited visit visite visita besuch sprachnachricht vocale voz "
    "parlé parlato hablar gespräch telefonat conversation conversazione conversación chat "
    "who$ passé passée fil échange "
    # (round 46) a prize office, the prize it releases, the other messengers
    "lottery prize prizes sweepstake winnings jackpot giveaway claim service bureau ufficio "
    "servizio oficina gewinn lotterie lotto preis release collect receive unlock débloquer "
    "toucher recevoir sbloccare ritirare riscuotere cobrar liberar reclamar discord instagram "
    "messenger wechat",
    _w(
        0.6,
        _rx(
            # tried at a word's start only (every part opens on one)
            r"(?<![\w'’-])(?=\w)(?:"
            r"(?:" + _FRAME + r")(?=" + _WORDS_AHEAD + _NOT_NEGATED + r"(?:" + _HANDOVER + r"))"
            r"|" + _NOT_NEGATED + r"(?:" + _HANDOVER + r")(?=" + _WORDS + r"(?:" + _TELLER + r")))"
        ),
    ),
)
HEARSAY_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.SENSITIVE_ACTION, HEARSAY_HANDOVER),
]


# -- the user's own person behind the rule (round 46's look-alikes) -----------------------
# After a talk with their own accountant, GP, lawyer, sister or partner — a possessive and
# a role, after the talk's preposition ("after a call with my accountant Maria", "with
# Priya, my colleague", "après avoir parlé avec ma sœur", "nach dem Telefonat mit meiner
# Steuerberaterin", "dopo una telefonata con il mio commercialista", "tras hablar con mi
# gestor") — the user sets up a rule of their own: the person is no stranger who called.
# Not "my bank", "my bank's security team", "my provider", "IT": institutions, no role.
_POSSESSIVE = (
    r"(?:my|our|mon|ma|mes|notre|nos|mein|meine|meinem|meinen|meiner|unser|unsere|unserem|"
    r"unseren|unserer|(?:(?:il|la|lo|i|le)\s+)?(?:mio|mia|miei|mie|nostro|nostra)|mi|mis|"
    r"nuestro|nuestra)"
)
_ROLE = (
    r"(?:accountant|bookkeeper|tax\s+(?:adviser|advisor|accountant)|doctor|gp|dentist|"
    r"physio(?:therapist)?|therapist|lawyer|solicitor|attorney|notary|(?:business\s+)?partner|"
    r"wife|husband|spouse|fianc[ée]e?|girlfriend|boyfriend|sister|brother|mum|mom|mother|dad|"
    r"father|son|daughter|aunt|uncle|cousin|colleague|co-?worker|boss"
    r"|(?:expert-)?comptable|médecin|docteure?|généraliste|dentiste|avocate?|notaire|associée?|"
    r"conjointe?|femme|mari|compagne|compagnon|s(?:œ|oe)ur|frère|mère|père|maman|papa|fils|fille|"
    r"tante|oncle|cousine?|collègue|fiscaliste"
    r"|(?:steuerberater|buchhalter|hausarzt|hausärztin|zahnarzt|zahnärztin|arzt|ärztin|"
    r"rechtsanwalt|rechtsanwältin|anwalt|anwältin|notar|geschäftspartner|partner|ehefrau|"
    r"ehemann|frau|mann|schwester|bruder|mutter|vater|mama|papa|sohn|tochter|tante|onkel|"
    r"kollege|kollegin|chef)(?:in|en|n)?"
    r"|commercialista|contabile|medic[oa]|dottor(?:e|essa)|avvocat[oa]|notaio|soci[oa]|"
    r"moglie|marito|compagn[oa]|sorella|fratello|madre|padre|mamma|papà|figli[oa]|zi[oa]|"
    r"cugin[oa]|collega"
    r"|contador(?:a)?|gestor(?:a)?|asesor(?:a)?\s+fiscal|médic[oa]|doctor(?:a)?|abogad[oa]|"
    r"notari[oa]|espos[oa]|mujer|marido|pareja|herman[oa]|mamá|papá|hij[oa]|tí[oa]|prim[oa]|"
    r"colega)"
)
OWN_PERSON = (
    r"\s+(?:(?:with|to|from|by|avec|à|de|d'|du|mit|von|vom|con|col|da|dal|del)\s*)?"
    r"(?:[\w'’-]+,\s+)?" + _POSSESSIVE + r"\s+(?:own\s+)?" + _ROLE + r"\b"
)
OWN_TALK = _rx(r"(?:" + _TALK + r")(?=" + OWN_PERSON + r")")
_STRANGER_TOLD = _rx(_STRANGER + r"|(?:" + _TALK + r")(?!" + OWN_PERSON + r")")
# The person asked for the rule themselves ("she said I should", "elle m'a dit de", "hat
# gesagt", "mi ha detto di", "me dijo que"): the rule is theirs, not the user's.
_ASKED = _rx(
    r"\b(?:she|he|they|who)\s+(?:said|says|told|asked|wants|suggested|insisted|advised|"
    r"recommended)\b|\b(?:m'a|m'ont|nous\s+a)\s+(?:dit|demandé|conseillé|suggéré|recommandé)\b"
    r"|\b(?:sie|er)\s+(?:hat|meinte|sagte|bat|will|möchte)\b|\bhat\s+(?:\w+\s+)?(?:gesagt|"
    r"gebeten|geraten|empfohlen)\b|\bmi\s+ha\s+(?:detto|chiesto|consigliato|suggerito)\b"
    r"|\bvuole\s+che\b|\bme\s+(?:dijo|pidió|aconsejó|recomendó|ha\s+dicho|ha\s+pedido)\b"
    r"|\bquiere\s+que\b"
)
# What stays the caller's whoever it is: codes or access handed over, a guard turned off,
# the user's identity in a link, alerts silenced, payments approved automatically, an
# outside site in place of the user's own, the agent told to obey them, a check waived,
# identity papers sent, a wallet's keys, funds moved to a "safe" wallet.
_KEPT = _rx(
    r"(?:"
    + _CODES_PASSED
    + "|"
    + _PAPERS_KEYS_FUNDS
    + "|"
    + _GUARD_OFF
    + "|"
    + _CHECK_OFF
    + "|"
    + _AS_ME
    + "|"
    + _WAIVED
    + ")"
)
OWN_REACH = 300  # characters either side of a hit where its line is read


def own_teller(low: str, start: int, end: int) -> bool:
    """Whether a ``HEARSAY_HANDOVER`` hit at ``start:end`` of ``low`` is the user's own
    rule, set up after a talk with their own person (``OWN_TALK``): on its line no stranger
    told it (``_STRANGER_TOLD``), the person did not ask for it (``_ASKED``), and it hands
    over documents or mail only, no secret and no check (``_KEPT``)."""
    m = HEARSAY_HANDOVER.match(low, start)
    if m is None or m.end() != end:
        return False  # (another rule's hit of the same kind)
    first, last = line_around(low, start, end, OWN_REACH)
    talk = OWN_TALK.search(low, first, last)
    if talk is None or _STRANGER_TOLD.search(low, first, last):
        return False
    return not (_ASKED.search(low, talk.end(), last) or _KEPT.search(low, first, last))


def hearsay(low: str) -> bool:
    """Whether ``low`` relays a caller's, a text's or an ad's instruction that hands the
    user's codes, access, documents or data over, or takes a check away (not a rule of the
    user's own after a talk with their own person: ``own_teller``)."""
    return any(not own_teller(low, m.start(), m.end()) for m in HEARSAY_HANDOVER.finditer(low))
