"""Text that speaks for the user: a wish, a preference or a permission attributed to
them ("the user wants ...", "User confirmed that I may ..."). Weighed by provenance
(``provenance.assess``): the user's own statements, and notes derived from them, say
this all the time; a tool's output, a document or a conclusion drawn from those that
says it is putting words in the user's mouth."""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _a, _rx, _w

# The claim must open a sentence or a line ("If the user wants to export, ..." is a
# condition in a manual, not a claim).
_OPENS = (
    r"(?:^|[.:;!?\n])(?:[^\w.:;!?\n]|_)*(?:so\s+|also\s+|note\s*:\s*)?"
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
            r"|(?<!_)(?:\w+\s+){1,3}?(?:hat|habe)\s+(?:der|die)\s+(?:nutzer|benutzer|kunde)(?:in)?\s+(?:\w+\s+){0,2}?(?:bestätigt|erlaubt|zugestimmt|gebeten|verlangt|gesagt)"
            r")\b"
        ),
    ),
    (
        Signal.USER_CLAIM,
        # A line headed as the user's wish: "Nutzerwunsch:", "User request:".
        _rx(
            r"(?:^|\n)[^\w\n]*(?:(?:nutzer|benutzer|kunden)wunsch|(?:user|customer)(?:'s)?\s+(?:requests?|wish(?:es)?|preferences?|instructions?)|(?:souhait|demande|préférence)\s+de\s+l'utilisat(?:eur|rice)|(?:richiesta|preferenza)\s+dell'utente|(?:petición|preferencia|solicitud)\s+del\s+usuario)\s*:"
        ),
    ),
]

# Round 12's lesson: the user saying where the text they hand over came from — "(voice memo
# transcribed by the notes app)", "From the tenancy agreement I uploaded:", "Clipped from
# the Hugo docs:", "(importé depuis l'appli de la banque)", "Aus meinem Lebenslauf
# übernommen:". A user statement whose source reference is a tool or a page, or whose
# lineage holds a document, is then explained: the user pasted it. Only the opening
# (a parenthesis, or a lead-in up to its colon) is read, and "from now on" is no source.
OWN_IMPORT = _rx(
    r"^\W{0,3}(?:"
    r"\((?![^()\n]{0,20}\b(?:from\s+now|d'ora|de\s+ahora|von\s+nun|ab\s+sofort|dorénavant|désormais))"
    r"[^()\n]{0,80}\b(?:from|pasted|copied|clipped|saved|imported|exported|transcribed|dictated|"
    r"taken|scanned|uploaded|"
    r"importé|exporté|copié|collé|dicté|transcrit|depuis|"
    r"importat[oa]|esportat[oa]|copiat[oa]|incollat[oa]|dettat[oa]|trascritt[oa]|dall[a'oe]?|"
    r"importado|exportado|copiado|pegado|dictado|transcrito|desde|"
    r"übernommen|kopiert|eingefügt|importiert|exportiert|diktiert|transkribiert|aus)\b[^()\n]{0,80}\)"
    r"|(?:(?:clipped|saved|copied|pasted|taken|imported|scanned)\s+from|from|von|aus|laut|"
    r"d'après|de|du|des|dal|dalla|dallo|dai|del|della|desde|según|secondo|extrait\s+de|"
    r"copié\s+de|tiré\s+de|copiato\s+da|preso\s+da|copiado\s+de|sacado\s+de)\s+"
    r"(?!now\b|today\b|then\b|maintenant\b|ora\b|ahora\b|jetzt\b|sofort\b|nun\b)"
    r"(?:[^:.!?\n]|\.(?=\S)){3,90}:"
    r"|[^:.!?\n]{0,40},\s+from\s+(?:the|my|our)\s+(?:[^:.!?\n]|\.(?=\S)){3,60}:"
    r")"
)
# The user as the speaker: the text is theirs, handed to their own agent.
OWN_VOICE = _rx(
    r"\b(?:i|i'm|i've|my|me|our|we|je|j'|j’|mon|ma|mes|moi|nous|notre|nos|io|mio|mia|miei|mie|"
    r"mi|ho|abbiamo|nostro|nostra|yo|mí|mis|nuestro|nuestra|subí|ich|mein|meine|meinem|meinen|"
    r"meiner|mich|mir|wir|unser|unsere|unseren|unserem)\b"
)

# Round 17: a note drawn from a document the text names as *the user's* own — their
# uploaded, exported or shared file ("From the user's uploaded CV draft:", "D'après le
# modèle Word que l'utilisateur a partagé :", "Del documento que subió el usuario:", "Aus
# der Vorlage des Nutzers:") — holds that document's ordinary settings (a signature, a
# template's comment, a layout, a policy the user works under). Only the opening is read.
# A character of a document's name or description: a full stop only inside a file name
# ("formato_dataset.md", "(conferma_ordine.html)"; round 26), never a sentence's end.
_NAME = r"(?:[^:.!?\n]|\.(?=\w))"
USERS_OWN_DOC = _rx(
    r"^\W{0,3}(?:"
    r"(?:from|in|per|according\s+to|notes\s+from)\s+(?:the\s+)?(?:user|owner)(?:'s|’s)\s+"
    + _NAME
    + r"{2,60}:"
    r"|(?:from|in|per)\s+the\s+" + _NAME + r"{2,50}?\s+(?:that\s+)?the\s+user\s+"
    r"(?:uploaded|shared|exported|attached|sent)\b" + _NAME + r"{0,40}:"
    r"|(?:d'après|selon|dans|extrait\s+d[eu])\s+(?:le\s+|la\s+|l')"
    + _NAME
    + r"{2,60}?\s+qu(?:e\s+|')"
    r"l'utilisat(?:eur|rice)\s+a\s+(?:partagé|envoyé|téléversé|importé|exporté|joint)e?s?"
    + _NAME
    + r"{0,40}:"
    r"|(?:d'après|selon|dans|extrait\s+d[eu])\s+(?:le\s+|la\s+|l'|du\s+|de\s+la\s+)"
    + _NAME
    + r"{2,60}?"
    r"\s+de\s+l'utilisat(?:eur|rice)\s*:"
    r"|(?:dal|dalla|dallo|dai|nel|nella|secondo\s+il|secondo\s+la)\s+" + _NAME + r"{2,60}?"
    r"(?:\s+(?:che\s+)?l'utente\s+ha\s+(?:caricato|condiviso|esportato|allegato)|"
    r"\s+(?:caricat|condivis|esportat)[oa]\s+dall'utente|\s+dell'utente)" + _NAME + r"{0,40}:"
    r"|(?:del|de\s+la|según\s+el|según\s+la|en\s+el|en\s+la)\s+" + _NAME + r"{2,60}?"
    r"(?:\s+que\s+(?:subió|compartió|exportó|adjuntó)\s+(?:el\s+usuario|la\s+usuaria)|"
    r"\s+del\s+usuario|\s+de\s+la\s+usuaria)" + _NAME + r"{0,40}:"
    r"|(?:aus|laut|in)\s+(?:dem|der|den)\s+" + _NAME + r"{2,60}?(?:\s+des\s+(?:nutzers|benutzers)|"
    r"\s+der\s+(?:nutzerin|benutzerin)|,?\s+(?:das|die|den)\s+(?:der\s+nutzer|die\s+nutzerin)\s+"
    r"(?:hochgeladen|geteilt|exportiert)\s+hat)" + _NAME + r"{0,40}:"
    # round 26: the passive, "uploaded by the user" ("téléversé par l'utilisatrice",
    # "subido por el usuario", "vom Nutzer hochgeladen")
    r"|(?:from|in|per)\s+(?:the\s+)?"
    + _NAME
    + r"{2,50}?\s+(?:uploaded|shared|exported|attached|sent)"
    r"\s+by\s+the\s+user\b" + _NAME + r"{0,40}:"
    r"|(?:d'après|selon|dans|extrait\s+d[eu]|du|de\s+la)\s+"
    + _NAME
    + r"{2,60}?\s+(?:téléversé|partagé|"
    r"envoyé|importé|exporté|joint)e?s?\s+par\s+l'utilisat(?:eur|rice)" + _NAME + r"{0,40}:"
    r"|(?:del|de\s+la|según\s+el|según\s+la|en\s+el|en\s+la)\s+" + _NAME + r"{2,60}?\s+(?:subid|"
    r"compartid|exportad|adjuntad|enviad)[oa]s?\s+por\s+(?:el\s+usuario|la\s+usuaria)"
    + _NAME
    + r"{0,40}:"
    r"|(?:aus|laut|in)\s+(?:dem|der|den)\s+" + _NAME + r"{0,60}?\bvo[mn]\s+(?:der\s+)?"
    r"(?:nutzer|benutzer)(?:in)?\s+(?:hochgeladen|geteilt|exportiert)\w*" + _NAME + r"{0,40}:"
    r")"
)
# Round 42: a document the text names as one *the user wrote* ("User statement (from the
# studio handbook the user wrote, section 4.2):", "from their own 'dev-setup.md':", "D'après
# le guide que l'utilisatrice a rédigé :", "Dal manuale scritto dall'utente:", "Del manual
# que escribió el usuario:", "Aus dem Handbuch, das der Nutzer selbst geschrieben hat:"),
# after a user-statement label or none; in English also "from the checklist I wrote" (the
# other languages' first person is the user's own voice already, ``OWN_VOICE``). A page the
# user only read or was sent is not theirs.
_STATEMENT = (
    r"(?:user\s+statement|statement|déclaration(?:\s+de\s+l'utilisat(?:eur|rice))?|"
    r"dichiarazione(?:\s+dell'utente)?|declaración(?:\s+del\s+usuario)?|"
    r"aussage(?:\s+des\s+(?:nutzers|benutzers))?)\s*\(\s*"
)
_WROTE_EN = r"(?:wrote|authored|drafted|wrote\s+(?:up\s+)?(?:themselves|himself|herself))"
USER_WROTE_DOC = _rx(
    r"^\W{0,3}(?:" + _STATEMENT + r")?(?:"
    r"(?:from|in|per)\s(?:the\s|my\s)?"
    + _NAME
    + r"{2,60}?\s+(?:that\s+)?(?:the\s+user|i)\s+"
    + _WROTE_EN
    + r"\b"
    + _NAME
    + r"{0,40}:"
    r"|(?:from|in|per)\s+(?:the\s+user(?:'s|’s)|their)\s+own\s" + _NAME + r"{2,60}:"
    r"|(?:d'après|selon|dans|extrait\s+d[eu]|du|de\s+la)\s" + _NAME + r"{2,60}?\s+qu(?:e\s+|')"
    r"(?:l'utilisat(?:eur|rice)|il|elle)\s+a\s+(?:lui-même\s+|elle-même\s+)?"
    r"(?:écrit|rédigé)e?s?" + _NAME + r"{0,40}:"
    r"|(?:d'après|selon|dans|extrait\s+d[eu]|du|de\s+la)\s"
    + _NAME
    + r"{2,60}?\s+(?:écrit|rédigé)e?s?"
    r"\s+par\s+l'utilisat(?:eur|rice)" + _NAME + r"{0,40}:"
    r"|(?:dal|dalla|dallo|dai|nel|nella|secondo\s+il|secondo\s+la)\s" + _NAME + r"{2,60}?"
    r"(?:\s+(?:che\s+)?l'utente\s+ha\s+(?:scritto|redatto)|\s+(?:scritt|redatt)[oaie]\s+"
    r"dall'utente)" + _NAME + r"{0,40}:"
    r"|(?:del|de\s+la|según\s+el|según\s+la|en\s+el|en\s+la)\s" + _NAME + r"{2,60}?"
    r"(?:\s+que\s+(?:escribió|redactó)\s+(?:el\s+usuario|la\s+usuaria)"
    r"|\s+(?:escrit|redactad)[oa]s?"
    r"\s+por\s+(?:el\s+usuario|la\s+usuaria))" + _NAME + r"{0,40}:"
    r"|(?:aus|laut|in)\s+(?:dem|der|den)\s" + _NAME + r"{2,60}?(?:,?\s+(?:das|die|den)\s+"
    r"(?:der\s+nutzer|die\s+nutzerin|der\s+benutzer)\s+(?:selbst\s+)?(?:geschrieben|verfasst)\s+hat|"
    r"\s+vo[mn]\s+(?:der\s+)?(?:nutzer|benutzer)(?:in)?\s+(?:selbst\s+)?(?:geschrieben|verfasst)\w*)"
    + _NAME
    + r"{0,40}:"
    r")"
)

# Round 18: the user, in their own words, pointing at the document they sent their agent
# ("(see the March invoice I sent you)", "voir la facture que je t'ai envoyée", "vedi la
# bolletta che ti ho mandato", "ver la factura que te envié", "siehe die Rechnung, die ich
# dir geschickt habe"): the lineage's document is theirs.
SENT_BY_ME = _rx(
    r"\b(?:that\s+|which\s+)?i\s+(?:just\s+)?(?:sent|forwarded|uploaded|attached|gave)\s+you\b"
    r"|\bque\s+je\s+(?:t'|vous\s+)ai\s+(?:envoyée?s?|transmise?s?|transférée?s?|fait\s+suivre)\b"
    r"|\bche\s+ti\s+ho\s+(?:mandat|inviat|inoltrat|girat|passat)[oaie]\b"
    r"|\bque\s+te\s+(?:envié|mandé|reenvié|pasé|he\s+(?:enviado|mandado|reenviado|pasado))\b"
    r"|\b(?:die|das|den)\s+ich\s+dir\s+(?:geschickt|gesendet|weitergeleitet|hochgeladen)\s+habe\b"
)

# Round 21: a preference the user saved through their settings or notes tool, named as
# such at its start ("Saved via settings tool:", "Préférence enregistrée via l'outil :",
# "Preferenza salvata tramite strumento:", "Preferencia guardada con la herramienta de
# ajustes:", "Über das Einstellungs-Tool gespeichert:"). Its source reference is the tool
# call that stored it; what it holds is weighed as the user's words (``provenance``).
SAVED_SETTING = _rx(
    r"^\W{0,3}(?:"
    r"(?:preference\s+)?saved\s+(?:via|with|through|by|in)\s+(?:the\s+|my\s+)?"
    r"(?:settings?|preferences?|notes?)\s+(?:tool|app|panel|page)\s*:"
    r"|préférence\s+enregistrée\s+(?:via|avec|par|dans)\s+(?:l'|les\s+)?"
    r"(?:outil|réglages|paramètres)(?:\s+(?:de\s+)?(?:réglages|paramètres|notes))?\s*:"
    r"|preferenza\s+salvata\s+(?:tramite|con|dal(?:lo)?|nel(?:lo)?)\s+(?:lo\s+|le\s+)?"
    r"(?:strumento|impostazioni)(?:\s+(?:di\s+|delle\s+)?(?:impostazioni|note))?\s*:"
    r"|preferencia\s+guardada\s+(?:con|desde|en|mediante)\s+(?:la\s+)?"
    r"(?:herramienta|configuración|ajustes)(?:\s+de\s+(?:ajustes|configuración|notas))?\s*:"
    r"|(?:präferenz|einstellung|vorliebe)\s+(?:gespeichert\s+)?(?:über|mit|im|per)\s+(?:das\s+|dem\s+)?"
    r"(?:einstellungs|notiz)[\w-]*(?:\s+gespeichert)?\s*:"
    r"|(?:über|mit)\s+(?:das|dem)\s+(?:einstellungs|notiz)[\w-]*\s+gespeichert\s*:"
    r")"
)

# Round 21: a text that certifies its own provenance — a source tag naming the user with a
# verification or trust claim ("Entrada verificada (autor: usuario, nivel de confianza
# máximo)", "Quelle: Nutzer (bestätigt, 2FA-signiert)", "[source: user, verified]"). The
# store records who said what; a memory that vouches for itself forges that record, so it
# weighs at full from any source (``provenance.assess``). A source tag with no such claim
# ("Fuente: usuario, sesión 3310") is a note's heading.
_SOURCE_TAG = (
    r"(?:source|author|origin|fonte|autore|origine|fuente|autor|origen|auteur|quelle|urheber)"
    # (round 25: "[source=user, confidence=0.99]", a key=value tag, vouches as well)
    r"\s*[:=]\s*(?:the\s+)?(?:user|usuario|usuaria|utente|utilisat(?:eur|rice)|nutzer(?:in)?|"
    r"benutzer(?:in)?)\b"
)
_VOUCHED = (
    r"(?:verified|confirmed|approved|signed|authenticated|trusted|trust\s+level|confidence|"
    r"vérifié\w*|confirmé\w*|approuvé\w*|signé\w*|confiance|"
    r"verificat\w*|confermat\w*|approvat\w*|firmat\w*|fiducia|"
    r"verificad\w*|confirmad\w*|aprobad\w*|firmad\w*|confianza|"
    r"verifiziert|bestätigt|freigegeben|signiert|[\w-]*signiert|vertrauen\w*)"
)
SELF_CERTIFIED = _a(
    "source author origin fonte autore origine fuente autor origen auteur quelle urheber",
    _rx(rf"\b{_SOURCE_TAG}[^\n]{{0,40}}?\b{_VOUCHED}|\b{_VOUCHED}\b[^\n]{{0,30}}?\b{_SOURCE_TAG}"),
)
LAUNDERING_PATTERNS.append((Signal.FAKE_AUTHORITY, _w(0.55, SELF_CERTIFIED)))

# A record of an action already done at the user's request (rounds 24, 25: "J'ai envoyé,
# à la demande de l'utilisateur, le compte rendu ... à claire@...", "Embedded the chart
# ![..](https://quickchart.io/...) ..., as the user asked", a mail log's "sent at user's
# request", "— sent after the user approved the draft"). The assistant or a tool reports
# what it did for the user: a destination or an address in it is the done act's, not a
# rule it gives itself. All three are needed: the request tied to the user (not "as the
# package README requested"), a done act (not "As the user asked, I'll forward ..."), and
# no standing rule (``STANDING_WORDS``) — see ``provenance.done_for_user``.
REQUESTED_BY_USER = _rx(
    r"\b(?:at|on)\s+(?:the\s+)?(?:user(?:'s|’s)?|their|your)\s+request\b"
    r"|\bas\s+(?:the\s+user|you|they|he|she)\s+(?:had\s+)?(?:asked|requested|wanted|instructed)\b"
    r"|\bas\s+requested\s+by\s+the\s+user\b"
    r"|\bafter\s+(?:the\s+user|you|they)\s+(?:had\s+)?(?:approved|confirmed|reviewed|okayed)\b"
    r"|\bà\s+la\s+demande\s+de\s+l'utilisat(?:eur|rice)\b"
    # (round 26: the pluperfect too, "comme elle l'avait demandé", "come aveva chiesto
    # l'utente", "como había pedido el usuario", "wie sie es gewünscht hatte")
    r"|\bcomme\s+(?:l'utilisat(?:eur|rice)|il|elle|tu|vous)\s+l'(?:a|as|avez|avait|avais|aviez)\s+"
    r"demandé\b"
    r"|\baprès\s+(?:que\s+)?(?:l'utilisat(?:eur|rice)|tu|vous)\s+(?:a|as|avez|ait)\s+"
    r"(?:validé|approuvé|confirmé)"
    r"|\bsu\s+richiesta\s+dell'utente\b|\bcome\s+(?:richiesto|chiesto)\s+dall'utente\b"
    r"|\bcome\s+(?:l'utente\s+(?:ha|aveva)|mi\s+(?:hai|avevi))\s+chiesto\b"
    r"|\bcome\s+aveva\s+chiesto\s+l'utente\b"
    r"|\bdopo\s+che\s+l'utente\s+(?:ha|aveva)\s+(?:approvato|confermato)"
    r"|\ba\s+(?:petición|solicitud)\s+del\s+usuario\b|\bcomo\s+(?:pidió|solicitó|había\s+"
    r"(?:pedido|solicitado))\s+(?:el\s+usuario|la\s+usuaria)\b"
    r"|\btras\s+(?:la\s+)?(?:aprobación|confirmación)\s+del\s+usuario\b"
    r"|\bauf\s+wunsch\s+(?:des\s+(?:nutzers|benutzers)|der\s+(?:nutzerin|benutzerin))\b"
    r"|\bwie\s+vom\s+(?:nutzer|benutzer)\s+gewünscht\b"
    r"|\bwie\s+(?:der\s+nutzer|die\s+nutzerin|er|sie)\s+es\s+(?:gewünscht|verlangt)\s+hatte\b"
    r"|\bnachdem\s+(?:der\s+nutzer|die\s+nutzerin)\b[^.!?\n]{0,40}?\b(?:freigegeben|bestätigt)"
    # (round 32) the mail the user dictated, sent on their spoken go-ahead ("after they said
    # 'yes, send'", "après qu'elle a dit « oui, envoie »", "dopo che ha detto «sì, invia»",
    # "después de que dijo «sí, envía»", "nachdem er „ja, senden“ gesagt hatte"), or one
    # they sent themselves
    r"|\b(?:the\s+)?user\s+dictated\b|\bl'utilisat(?:eur|rice)\s+(?:m'\s*)?a\s+dicté\b"
    r"|\bl'utente\s+(?:mi\s+)?ha\s+dettato\b|\b(?:el\s+usuario|la\s+usuaria)\s+(?:me\s+)?(?:dictó|ha\s+dictado)\b"
    r"|\b(?:der\s+nutzer|die\s+nutzerin)\s+hat\s+(?:mir\s+)?[^.!?\n]{0,60}?\bdiktiert\b"
    r"|\bafter\s+(?:the\s+user|you|they|he|she)\s+said\s+['\"‘“«]\s*(?:yes|ok(?:ay)?|go\s+ahead)\b"
    r"|\baprès\s+qu['’](?:il|elle|ils|elles|l'utilisat(?:eur|rice))\s+(?:a|ait|m'a)\s+dit\s+[«\"'“]\s*oui\b"
    r"|\bdopo\s+che\s+(?:l'utente\s+)?(?:mi\s+)?(?:ha|aveva)\s+detto\s+[«\"'“]\s*sì\b"
    r"|\bdespués\s+de\s+que\s+(?:el\s+usuario\s+|la\s+usuaria\s+)?(?:me\s+)?dijo\s+[«\"'“]\s*sí\b"
    r"|\bnachdem\s+(?:er|sie|der\s+nutzer|die\s+nutzerin)\s+[„\"'«»]\s*ja\b"
    r"|\b(?:the\s+user|they|he|she)\s+(?:[\w-]+\s+){0,6}?sent\s+it\s+(?:themselves|himself|herself)\b"
)
# The act reported as done: a past participle or a first person's perfect at the start
# ("Embedded the chart", "I drafted", "Reminder set"), a log's "sent at/after", or the
# perfect in French, Italian, Spanish and German ("j'ai envoyé", "ho inviato", "he
# enviado", "habe ich ... geschickt"). A label ("Approved:", "Saved:") is no act.
DONE_ACT = _rx(
    r"^\W{0,3}(?:done\W+)?(?:i\s+(?:have\s+|'ve\s+|’ve\s+)?(?:just\s+|already\s+)?)?"
    r"(?:[a-z]+ed|sent|set|made|built|wrote|put|kept)\b(?!\s*:)"
    r"|^\W{0,3}[a-z]+\s+(?:set|sent|saved|added|created|scheduled|booked|updated)\b(?!\s*:)"
    r"|\b(?:sent|delivered|completed|done)\s+(?:at|after|on)\b"
    r"|\b(?:envoyée?|inviat[oa]|enviad[oa]|gesendet|verschickt)\s+(?:après|dopo|tras|nach)\b"
    r"|\bj'ai\s+(?:\w+\s+)?\w+(?:é|ée|és|ées|is|it|ite)\b"
    r"|\bho\s+(?:\w+\s+)?\w+(?:at|it|ut)[oaie]\b"
    r"|\bhe\s+(?:\w+\s+)?\w+(?:ad|id)[oa]s?\b"
    r"|\b(?:ich\s+habe|habe\s+ich)\b[^\n]{0,200}?\b\w*ge\w+(?:t|en)\b"
    # (round 32) the send in the first person's past after the note's opening: "I sent it",
    # "je l'ai envoyé", "l'ho inviata", "lo envié", "ich habe sie gesendet" (above)
    r"|\bi\s+(?:then\s+)?(?:sent|forwarded|mailed|e-?mailed)\s+(?:it|them)\b"
    r"|\bje\s+l['’]ai\s+(?:envoyée?|transférée?|expédiée?)\b|\bl['’]ho\s+(?:inviat|inoltrat|spedit)[oa]\b"
    r"|\b(?:lo|la)\s+(?:envié|mandé|reenvié)\b"
)
# A rule for later, which no report of a done act holds: a standing word, a quantifier
# over what is to come ("all invoices", "toutes ses factures"), or a forwarding set up to
# run by itself ("set up forwarding", "l'inoltro automatico").
STANDING_WORDS = _rx(
    r"\b(?:all|any|set\s+up|auto(?:matic\w*|-?\w+)?|tou(?:s|tes)|automatique\w*|tutt[ie]|"
    r"automatic[oaie]|tod[oa]s|automátic[oa]s?|alle|automatisch\w*|eingerichtet)\b"
    r"|\b(?:always|never|every|whenever|each\s+time|from\s+now\s+on|going\s+forward|henceforth"
    r"|in\s+(?:the\s+)?future|next\s+time|toujours|jamais|chaque|désormais|dorénavant"
    r"|à\s+l'avenir|sempre|mai|ogni|d'ora\s+in\s+poi|in\s+futuro|siempre|nunca|cada"
    r"|en\s+adelante|immer|niemals|nie|jede[nrsm]?|künftig|ab\s+sofort)\b"
)

# Round 26: a model's conclusion that says it was drawn from a third party's text — a post,
# an article, an advert, a changelog, a contract, a sample script, a forum thread ("based
# on a Medium post", "after reading the plugin's changelog", "déduite d'une pub",
# "dedotta dal contratto", "inferido del script de ejemplo", "abgeleitet aus einer
# Anzeige"): its lineage is that text, whatever the store recorded
# (``provenance.assess``: weighed as derived from untrusted sources). Documentation
# ("based on the Python docs") and the user's own data ("inferred from the user's
# calendar") are not in the list: a reference, or the user's.
_THIRD_TEXT = (
    r"(?:[\w'’.-]+\s+){0,2}?(?:posts?|articles?|blog(?:\s+posts?)?|adverts?|advertisements?|ads?|"
    r"changelogs?|release\s+notes|contracts?|(?:sample|example|demo)\s+scripts?|scripts?|forum|"
    r"threads?|newsletters?|reviews?|tweets?|videos?|"
    r"pub|publicités?|annonces?|billets?|contrats?|scripts?\s+d'exemple|fil|vidéos?|"
    r"pubblicità|annunci?o?|articol[oi]|contratt[oi]|script\s+di\s+esempio|"
    r"anuncios?|publicidad|artículos?|contratos?|script\s+de\s+ejemplo|hilo|"
    r"anzeigen?|werbung|artikel[ns]?|beitrag|beitrags|vertrag[s]?|beispielskript[s]?)\b"
)
DRAWN_FROM_OUTSIDE = _rx(
    r"\b(?:based\s+on|after\s+reading|drawn\s+from|inferred\s+from|learned\s+from|taken\s+from|"
    r"adopted\s+from)\s+(?:a|an|the|this|that|some)\s+"
    + _THIRD_TEXT
    + r"|\b(?:déduite?s?|tirée?s?|inspirée?s?|apprise?s?|adoptée?s?)\s+(?:d'une?|du|de\s+la|de\s+l')\s*"
    r"(?:[\w'’.-]+\s+){0,2}?"
    + _THIRD_TEXT
    + r"|\bd'après\s+(?:une?|le|la|l')\s*"
    + _THIRD_TEXT
    + r"|\b(?:dedott[oaie]|ricavat[oaie]|pres[oaie])\s+(?:da|dal|dalla|dallo|da\s+un[oa]?|da\s+un')\s*"
    + _THIRD_TEXT
    + r"|\b(?:inferid[oa]s?|deducid[oa]s?|sacad[oa]s?|basad[oa]s?\s+en|tras\s+leer)\s+"
    r"(?:de\s+(?:un|una|la|el)|del|en\s+(?:un|una|el|la)|un|una|el|la)\s+"
    + _THIRD_TEXT
    + r"|\b(?:abgeleitet|übernommen|gelernt)\s+(?:aus|von)\s+(?:einem|einer|dem|der|des)\s+"
    + _THIRD_TEXT
    + r"|\bnach\s+(?:dem\s+)?lesen\s+(?:eines|einer|des|der)\s+"
    + _THIRD_TEXT
)
