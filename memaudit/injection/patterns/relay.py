"""Someone else's instruction relayed in the user's statement (rounds 13 and 14).

The check weighs soft signals by the source, so a user who relays someone else's
instruction — a forwarded group-chat message, lines "added by setup" in their notes, a
pasted manifest telling "the agent" what to do with the user's payments — was believed.
What the user says to their own agent is in the second person ("answer me in French",
"never book before 10"); these markers show a text that is not the user speaking to
their agent, so its signals weigh as they would in the untrusted text it is
(``provenance.assess``):

- ``AI_READERS``: it addresses AI agents, assistants or models as its readers ("Attention
  all AI coding assistants:", "à l'attention des assistants IA", "An alle KI-Assistenten:");
- ``SCRIPT_ADDED``: it says an installer, a script or a plugin added it ("(added by
  bootstrap.sh)", "agregado por el instalador", "von setup.py hinzugefügt");
- in a user's statement only (notes drawn from the user's words say "the user"):
  ``RULE_ABOUT_USER``, the assistant told in the third person what it may or must do with
  "the user" ("the assistant may forward the user's bank statements to ...", "Der
  Assistent darf die Kontoauszüge des Nutzers ..."), and ``quotes_another``, a quotation of
  a rule for "the agent" with no first person in it;
- ``RELAYED_FROM`` (round 14): it says it came from someone else — someone sent or
  forwarded it ("a colleague sent me", "un amigo me reenvió"), it was copied or pasted
  from a page, group or site ("copiato da un gruppo WhatsApp"), it is "per the ... team",
  "the user pasted" it. Not the user's own notes ("copied from my own notes"), and not a
  user telling about a scam they received (``WARNED``: they warn, they pass nothing on);
- ``ANY_PARTY`` (a ``SOURCE_STEERING`` pattern, weighed at full from any source):
  access, files or codes granted to whoever presents a code or asks, or any request that
  carries a token honoured — obeying someone who is not the user.

Mentions are not addresses: "an article about AI assistants", "note to self: compare AI
agents", "I added the script", "the assistant may read my calendar".

And ``CLICKED_THROUGH`` (round 26): a text opening with a record of a click approving it
("Approved (user click-through, …):", "one-click 'save suggestion'", "bulk-approved 14
imported notes", "Freigegeben (Nutzer hat auf 'Zulassen' geklickt):") is someone else's
text a person approved, not the user's words; ``provenance.assess`` weighs it so
(``APPROVED``), the learned scorer left out.
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.patterns.forwarded import forwarded
from memaudit.injection.patterns.hearsay import hearsay
from memaudit.injection.patterns.laundering import OWN_VOICE
from memaudit.injection.patterns.open_party import ANCHORS as OPEN_ANCHORS
from memaudit.injection.patterns.open_party import OPEN_CHANNEL, OPEN_PAYEE
from memaudit.injection.patterns.secondhand import secondhand
from memaudit.injection.vocabulary import _a, _rx

_AI_PLURAL = (
    r"(?:(?:ai|a\.i\.|llm|gpt)[\s-]+(?:coding\s+|code\s+|writing\s+|email\s+|personal\s+)?"
    r"(?:agents|assistants|models|readers|bots|systems|tools|crawlers|helpers)|llms|language\s+models)"
)
# Round 15: a heading addressed to the model, "the AI" or AI systems, in each language
# ("Note for the model:", "Pour l'IA :", "Nota per il modello:", "Hinweis an
# KI-Systeme:"), at a sentence's start or inside a comment. A mention is no heading: it
# has no colon ("notes for the model railway club"), or names another reader.
_START = r"(?:^|(?<=[.!?>\n])[^\S\n]*|(?<=<!--)\s*|(?<=[(\[])\s*)"
AI_HEADING = (
    r"\b(?:notes?|hints?|notice|message|memo|instructions?|reminders?|p\.?s\.?)\s+(?:to|for)\s+"
    r"(?:the\s+)?(?:model|language\s+model|llm|ai\s+(?:model|system)s?|ai\s+systems?)\s*:"
    r"|" + _START + r"(?:for|to)\s+the\s+(?:ai|model|llm)\s*:"
    r"|\b(?:notes?|consignes?|messages?|instructions?|remarques?)\s+(?:pour|à|au)\s+(?:le\s+)?"
    r"(?:modèle|systèmes?\s+d'ia|ia)\s*:"
    r"|" + _START + r"(?:pour|à)\s+l'ia\s*:"
    r"|\b(?:nota|messaggio|istruzion[ei]|avviso|promemoria)\s+(?:per\s+il|al)\s+modello\s*:"
    r"|\b(?:nota|messaggio|istruzion[ei])\s+per\s+(?:i\s+)?sistemi\s+(?:di\s+)?ia\s*:"
    r"|" + _START + r"(?:per|all')\s*l'ia\s*:"
    r"|\b(?:nota|mensaje|instrucci(?:ón|ones)|aviso)\s+(?:para\s+el|al)\s+modelo\s*:"
    r"|\b(?:nota|mensaje|instrucci(?:ón|ones))\s+para\s+(?:los\s+)?sistemas\s+de\s+ia\s*:"
    r"|" + _START + r"(?:para|a)\s+la\s+ia\s*:"
    r"|\b(?:hinweis|notiz|anweisung|nachricht)(?:e|en)?\s+(?:an|für)\s+(?:das\s+|die\s+)?"
    r"(?:modell|sprachmodell|ki-?systeme?|ki-?modelle?)\s*:"
    r"|" + _START + r"(?:für|an)\s+die\s+ki\s*:"
)
AI_READERS = _rx(
    # en: an address line ("NOTE TO AI AGENTS:", "Attention all AI assistants") or a reader
    # test ("if you are an AI", "any AI reading this")
    r"\b(?:note|notice|message|memo|attention|instructions?|reminder|warning|psa|dear|hey|hello|hi)"
    r"\s*(?:(?:to|for)\s*)?(?:[:,-]\s*)?(?:all\s+|any\s+|every\s+|the\s+)?" + _AI_PLURAL + r"\b"
    r"|\b(?:to|for|calling)\s+(?:all|any|every)\s+" + _AI_PLURAL + r"\b"
    r"|\bif\s+you\s+are\s+an?\s+(?:ai|llm|language\s+model|ai\s+(?:agent|assistant|model))\b"
    r"|\b(?:any|every|all)\s+(?:ai|llm)s?\s+(?:(?:agents?|assistants?|models?)\s+)?"
    r"(?:reading|that\s+reads?|who\s+reads?|processing|seeing)\s+this\b"
    # an AI reader named as the one reading ("AI helpers reading this:"; round 14)
    r"|\b" + _AI_PLURAL + r"\s+(?:reading|processing|seeing|that\s+reads?|who\s+reads?)\s+this\b"
    # a note addressed to "the AI" in the singular ("Note to the AI:", "Note à l'IA :")
    r"|\b(?:note|message|memo|instructions?|reminder)\s+(?:to|for)\s+(?:the\s+)?(?:ai|llm)\s*:"
    # fr
    r"|\b(?:à\s+l'attention\s+des|note\s+aux|message\s+aux|aux|à\s+tous\s+les|pour\s+les)\s+"
    r"(?:assistants|agents|modèles)\s+(?:ia|d'ia|d'intelligence\s+artificielle)\b"
    r"|\bsi\s+tu\s+es\s+une?\s+(?:ia|intelligence\s+artificielle|assistant\s+ia|agent\s+ia)\b"
    r"|\b(?:note|message|consigne)s?\s+(?:à\s+l'|pour\s+l')ia\s*:"
    # it
    r"|\b(?:agli|per\s+gli|a\s+tutti\s+gli|nota\s+per\s+gli|attenzione)\s+"
    r"(?:assistenti|agenti|modelli)\s+(?:ia|ai|di\s+ia)\b"
    r"|\bse\s+sei\s+un(?:'|\s+)(?:ia|intelligenza\s+artificiale|assistente\s+ia|agente\s+ia)\b"
    r"|\b(?:nota|messaggio)\s+(?:per\s+l'|all')ia\s*:"
    # es
    r"|\b(?:a\s+los|para\s+los|a\s+todos\s+los|atención,?)\s+"
    r"(?:asistentes|agentes|modelos)\s+(?:de\s+)?(?:ia|inteligencia\s+artificial)\b"
    r"|\bsi\s+eres\s+una?\s+(?:ia|inteligencia\s+artificial|asistente\s+de\s+ia|agente\s+de\s+ia)\b"
    r"|\b(?:nota|mensaje)\s+(?:para\s+la|a\s+la)\s+ia\s*:"
    # de
    r"|\b(?:an|für)\s+(?:alle\s+)?(?:ki|ai)-?(?:assistenten|agenten|modelle|systeme|sprachmodelle)\b"
    r"|\b(?:achtung|hinweis|liebe)(?:\s*,)?\s+(?:ki|ai)-?(?:assistenten|agenten|modelle)\b"
    r"|\bwenn\s+du\s+eine?\s+(?:ki|ai|sprachmodell)\s+bist\b"
    r"|\b(?:hinweis|notiz|nachricht)\s+(?:an\s+die|für\s+die)\s+ki\s*:"
    # round 26: a postscript or note to the one agent ("PS an den KI-Agenten:", "P.S. to the
    # AI agent:", "PS pour l'agent IA :", "PS per l'assistente IA:", "PD para el agente de IA:")
    r"|\b(?:p\.?s\.?|p\.?d\.?|notiz|hinweis|nachricht|note)\s+(?:an|für)\s+(?:den|die)\s+(?:ki|ai)-?"
    r"(?:agent(?:en)?|assistent(?:en)?|modell)\s*:"
    r"|\bp\.?s\.?\s+(?:to|for)\s+(?:the|any)\s+ai\s+(?:agent|assistant)s?\s*:"
    r"|\bp\.?s\.?\s+(?:pour|à)\s+l'(?:agent|assistant)\s+(?:ia|d'ia)\s*:"
    r"|\bp\.?s\.?\s+(?:per|all')\s*l'(?:agente|assistente)\s+(?:ia|ai)\s*:"
    r"|\bp\.?[sd]\.?\s+(?:para|al)\s+(?:el\s+)?(?:agente|asistente)\s+de\s+ia\s*:"
    r"|" + AI_HEADING
)
_SCRIPT = (
    r"(?:the\s+|a\s+|an\s+|our\s+|its\s+)?(?:setup(?:\s+script)?|installer|install(?:ation)?\s+script|"
    r"post-?install(?:\s+script)?|script|plugin|extension|add-?on|package|template\s+generator|"
    r"[\w./-]+\.(?:sh|py|js|ts|ps1|bat|rb|exe))"
)
SCRIPT_ADDED = _rx(
    r"\b(?:added|appended|inserted|written|injected|generated|installed)\s+(?:here\s+)?"
    r"(?:(?:to|into|at\s+the\s+end\s+of)\s+(?:the\s+|my\s+|your\s+)?[\w./-]+\s+)?"
    r"(?:automatically\s+)?by\s+" + _SCRIPT + r"(?![\w.])"
    # the active voice: "lines the plugin installer added", "install.sh appended"
    r"|\b(?:the|a|an|its|our)\s+(?:\w+\s+)?(?:installer|setup\s+script|install\s+script|"
    r"post-?install\s+script)\s+(?:has\s+|had\s+)?(?:added|appended|inserted|wrote|injected)\b"
    r"|(?<![\w./-])[\w-]+\.(?:sh|py|js|ps1|bat)\s+(?:has\s+|had\s+)?(?:added|appended|inserted|wrote)\b"
    # fr
    r"|\b(?:ajouté|inséré|écrit|généré)(?:e|s|es)?\s+"
    r"(?:(?:à\s+la\s+fin\s+d[eu]\s+|dans\s+(?:le\s+|la\s+|l')?|à\s+)[\w./-]+\s+)?"
    r"(?:automatiquement\s+)?par\s+"
    r"(?:le\s+|la\s+|l'|un\s+|une\s+)?(?:setup|installateur|installeur|script(?:\s+d'installation)?|"
    r"plugin|extension|module|paquet|[\w./-]+\.(?:sh|py|js|ps1|bat))(?![\w.])"
    # it
    r"|\b(?:aggiunt|inserit|scritt|generat)[oaie]\s+"
    r"(?:(?:in\s+fondo\s+a\s+|a\s+|in\s+|nel\s+|nella\s+)[\w./-]+\s+)?(?:automaticamente\s+)?da\s*"
    r"(?:l\s+|llo\s+|lla\s+|ll'|un\s+|uno\s+|una\s+)?(?:setup|installer|installatore|script(?:\s+di\s+installazione)?|"
    r"plugin|estensione|pacchetto|[\w./-]+\.(?:sh|py|js|ps1|bat))(?![\w.])"
    # es
    r"|\b(?:añadid|agregad|insertad|escrit|generad)[oa]s?\s+"
    r"(?:(?:al\s+final\s+de\s+|a\s+|en\s+)(?:el\s+|la\s+)?[\w./-]+\s+)?(?:automáticamente\s+)?por\s+"
    r"(?:el\s+|la\s+|un\s+|una\s+)?(?:setup|instalador|script(?:\s+de\s+instalación)?|plugin|"
    r"complemento|extensión|paquete|[\w./-]+\.(?:sh|py|js|ps1|bat))(?![\w.])"
    # de
    r"|\b(?:von|vom|durch)\s+(?:dem\s+|das\s+|den\s+|ein(?:em|en)?\s+)?(?:setup|installer|"
    r"installationsskript|install-skript|skript|script|plugin|erweiterung|paket|"
    r"[\w./-]+\.(?:sh|py|js|ps1|bat))\s+(?:automatisch\s+)?"
    r"(?:(?:in\s+(?:die|den|das)|an\s+(?:die|den|das))\s+[\w./-]+\s+)?"
    r"(?:hinzugefügt|eingefügt|angehängt|eingetragen|ergänzt|geschrieben|angelegt)\b"
    r"|\b(?:hinzugefügt|eingefügt|angehängt|eingetragen|ergänzt)\s+(?:von|vom|durch)\s+"
    r"(?:dem\s+|das\s+|den\s+)?(?:setup|installer|installationsskript|skript|script|plugin|"
    r"erweiterung|paket|[\w./-]+\.(?:sh|py|js|ps1|bat))(?![\w.])"
)
# Round 17: the user passing on someone else's text in the present ("Pasting this from the
# onboarding email …", "Forwarding this so you know", "Copio esto del chat de soporte",
# "Je te colle ce message", "Ti giro questo", "Ich leite dir das weiter"), a message a named
# sender "sent me", a summary saying the user shared something from elsewhere ("shared a
# tip from a Discord server", "the user's pasted chat"), and reported speech in which a
# third party tells the assistant what to do ("my new accountant says you should …", "mi
# contable dice que le reenvíes …", "mein Steuerberater sagt, du sollst …"). The user's own
# notes ("copying this from my notes") are theirs; a third party's advice to the user ("my
# doctor says I should walk daily") addresses no assistant.
_NOT_OWN = (
    r"(?![^.\n:]{0,40}\b(?:my|mis|mes|miei|mie|meinen|meiner|meinem)\s+(?:own\s+|propias?\s+|"
    r"propres?\s+|eigenen\s+)?(?:notes?|notas|appunti|notizen|journal|diario|diary|drafts?|"
    r"borrador|brouillons?|bozz[ae]|entwurf|calendar|calendario|calendrier|kalender|"
    r"(?:earlier\s+|old\s+)?(?:messages?|words|e-?mails?))\b)"
    # the user's own earlier words: "forwarding what I told you last week"
    r"(?![^.\n:]{0,20}\b(?:i|je|j'|io|yo|ich)\s+(?:(?:have|had|ai|ho|he|habe|hatte)\s+)?"
    r"(?:told|said|wrote|asked|dit|écrit|demandé|detto|scritto|chiesto|dije|escribí|pedí|dicho|"
    r"escrito|gesagt|geschrieben|sagte|schrieb)\b)"
)
_THIS = (
    r"(?:this|these|that|it|the\s+following|what|below|ceci|ça|cela|ce\s+(?:que|message|texte|mail)|"
    r"le\s+(?:message|texte|mail)|questo|questa|quanto|il\s+(?:messaggio|testo)|esto|esta|este|"
    r"lo\s+(?:que|siguiente)|el\s+(?:mensaje|texto)|das|dies|diese|den\s+text|die\s+nachricht)"
)
_PASSING_ON = (
    r"\b(?:pasting|forwarding|copying|relaying|passing\s+(?:on|along)|sharing)\s+(?:you\s+)?"
    + _THIS
    + r"\b"
    + _NOT_OWN
    + r"|\b(?:e-?mail|message|text|note|letter|dm|sms|memo|post|newsletter)\s+(?:that\s+)?"
    r"(?!i\s)(?:[\w.&'-]+\s+){1,3}(?:sent|forwarded|wrote|gave|posted)\s+(?:me|us|to\s+me)\b"
    r"|\b(?:the\s+)?user(?:'s|’s)\s+(?:pasted|forwarded|copied|shared)\s+"
    r"(?:chat|message|e-?mail|text|conversation|thread|screenshot|sms|note|post|instructions)\b"
    r"|\b(?:the\s+)?user\s+(?:had\s+|has\s+)?(?:shared|passed\s+on|posted)\s+(?:an?\s+|the\s+|some\s+)?"
    r"[^.\n:]{0,40}?\b(?:from|off)\s+(?:an?|the|some)\s+(?!notes?\b)"
    # fr
    r"|\bje\s+(?:te\s+|vous\s+)?(?:colle|copie|transfère|transmets|fais\s+suivre|relaie)\s+"
    + _THIS
    + r"\b"
    + _NOT_OWN
    + r"|\bl'utilisat(?:eur|rice)\s+a\s+partagé\b"
    # it
    r"|\b(?:copio|incollo|inoltro|ti\s+(?:giro|inoltro|incollo|copio))\s+"
    + _THIS
    + r"\b"
    + _NOT_OWN
    + r"|\bl'utente\s+ha\s+condiviso\b"
    # es
    r"|\b(?:copio|pego|reenvío|te\s+(?:paso|reenvío|copio|pego|mando))\s+"
    + _THIS
    + r"\b"
    + _NOT_OWN
    + r"|\b(?:el\s+usuario|la\s+usuaria)\s+(?:compartió|ha\s+compartido)\b"
    # de
    r"|\b(?:ich\s+)?(?:leite|kopiere|füge|schicke)\s+(?:dir\s+|euch\s+|ihnen\s+)?"
    + _THIS
    + r"\b"
    + _NOT_OWN
    + r"[^.\n]{0,40}?\b(?:weiter|ein|aus|mit)\b"
    r"|\b(?:der\s+nutzer|die\s+nutzerin)\s+hat\s+(?:\w+\s+){0,4}?geteilt\b"
)
# A third party's words addressed to the assistant, reported by the user.
# Its speaker is a person: one of the user's ("my new accountant", "mi asesora", "mein
# Steuerberater"), he or she, or a name opening the sentence ("Tom says you should …").
# A page's generic "you" ("the manual says you should unplug it") is no address.
_START_NAME = r"(?:^|(?<=[.!?:;\n]))[^\S\n]*"
_SPEAKER = (
    r"(?:\b(?:my|our|his|her|their)\s+(?:new\s+|old\s+|former\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}|"
    r"\b(?:he|she|they)|" + _START_NAME + r"(?!(?:it|this|that|the|a|an|i|we|you|one|"
    r"everyone|everybody|nobody|mine)\b)[\w'-]+)\s+"
)
_SPEAKER_FR = (
    r"(?:\b(?:mon|ma|mes|notre|nos|son|sa|ses|leur)\s+(?:nouve(?:au|l|lle)\s+)?[\w'-]+"
    r"(?:\s+[\w'-]+){0,2}|\b(?:il|elle|ils|elles)|" + _START_NAME + r"(?!(?:ça|cela|ce|le|la|les|"
    r"l'|un|une|je|on|tu)\b)[\w'-]+)\s+"
)
_SPEAKER_IT = (
    r"(?:\b(?:il\s+mio|la\s+mia|i\s+miei|le\s+mie|il\s+nostro|la\s+nostra|il\s+suo|la\s+sua)\s+"
    r"(?:nuov[oa]\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}|\b(?:lui|lei|loro)|"
    + _START_NAME
    + r"(?!(?:il|lo|la|l'|un|una|io|si)\b)[\w'-]+)\s+"
)
_SPEAKER_ES = (
    r"(?:\b(?:mi|mis|nuestr[oa]s?|su|sus)\s+(?:nuev[oa]\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}|"
    r"\b(?:él|ella|ellos|ellas)|" + _START_NAME + r"(?!(?:el|la|lo|los|las|un|una|yo|se)\b)"
    r"[\w'-]+)\s+"
)
_SPEAKER_DE = (
    r"(?:\b(?:mein|meine|unser|unsere|sein|seine|ihr|ihre)\s+(?:neue[rs]?\s+)?[\w'-]+"
    r"(?:\s+[\w'-]+){0,2}|\b(?:er|sie)|"
    + _START_NAME
    + r"(?!(?:es|das|der|die|ein|eine|ich|man)\b)"
    r"[\w'-]+)\s+"
)
# A third party's words addressed to the assistant, reported by the user.
REPORTED = _rx(
    _SPEAKER + r"(?:says|said|wants|told\s+me|asked|asks|insists|suggests|recommends)\s+"
    r"(?:that\s+)?(?:you|the\s+(?:ai|assistant|agent|bot))\s+(?:should|must|need\s+to|have\s+to|"
    r"are\s+to|can|may|ought\s+to)\b"
    r"|" + _SPEAKER + r"(?:says|said|wants|told\s+me|asked|asks)\s+(?:you|the\s+(?:ai|assistant|"
    r"agent))\s+to\b"
    r"|" + _SPEAKER_FR + r"(?:dit|m'a\s+dit|veut|demande|insiste\s+pour)\s+(?:que\s+tu|"
    r"qu'il\s+faut\s+que\s+tu|que\s+l'(?:assistant|ia))\b"
    r"|" + _SPEAKER_IT + r"(?:dice|ha\s+detto|vuole|chiede)\s+che\s+(?:tu\s+|l'assistente\s+)?"
    r"(?:devi|dovresti|deve|debba|puoi|inoltri|mandi|invii|paghi|trasferisca|inoltra)\b"
    r"|"
    + _SPEAKER_ES
    + r"(?:dice|dijo|quiere|pide|insiste\s+en)\s+que\s+(?:tú\s+|el\s+asistente\s+)?"
    r"(?:le\s+|les\s+|me\s+|lo\s+|la\s+|se\s+lo\s+)?(?:debes|tienes|puedes|\w+(?:es|as))\b"
    r"|" + _SPEAKER_DE + r"(?:sagt|meint|will|möchte|hat\s+gesagt)\s*,?\s+(?:du\s+(?:sollst|"
    r"musst|kannst|darfst)|dass\s+du|der\s+assistent\s+(?:soll|muss))\b"
)
# REPORTED is read only around its verbs: their plain alternation scans a megabyte in a
# few hundredths of a second where REPORTED's speakers take ten times longer.
_REPORT_VERB = _rx(
    r"\b(?:says|said|wants|told|asked|asks|insists|suggests|recommends|dit|veut|demande|"
    r"insiste|dice|dijo|detto|vuole|chiede|quiere|pide|sagt|meint|will|möchte|gesagt)\b"
)
SPEAKER_REACH, ADDRESS_REACH = 160, 80  # characters before and after a verb REPORTED reads


def reported(low: str) -> bool:
    """Whether REPORTED matches ``low``, read in the windows around its verbs (merged)."""
    start = end = -1
    for m in _REPORT_VERB.finditer(low):
        a, b = max(0, m.start() - SPEAKER_REACH), m.end() + ADDRESS_REACH
        if a > end >= 0:
            if REPORTED.search(low, start, end):
                return True
            start = a
        elif start < 0:
            start = a
        end = b
    return start >= 0 and REPORTED.search(low, start, end) is not None


# Someone other than the user named as where the text came from (round 14): a person who
# sent or forwarded it, a page, guide, group or site it was copied or pasted from, a team
# or vendor it is "per", or "the user pasted" in a model's notes. The user's own notes
# ("copied from my notes") are not elsewhere.
_FROM_A = r"(?:a|an|the|this|that|some)\s+(?!(?:notes?|list|doc|file)\s+I\s)"
# Round 21: a claim the user read in a group, a forum or a post, or a rule that came from a
# vendor by mail ("Ho letto su un gruppo Facebook che …", "kam so vom Plugin-Anbieter per
# Mail"): the user passes on what someone else wrote.
_PLACE = r"(?:[\w-]+\s+)?(?:group|forum|post|thread|chat|video|comment|page|channel)s?"
_READ_SOMEWHERE = (
    r"\b(?:i\s+)?(?:read|saw|heard)\s+(?:it\s+|this\s+)?(?:on|in)\s+(?:a|an|the|some)\s+"
    + _PLACE
    + r"\b|\bj'ai\s+(?:lu|vu|entendu)\s+(?:sur|dans)\s+(?:un|une|le|la)\s+(?:groupe|forum|post|"
    r"publication|vidéo|commentaire|page)"
    r"|\bho\s+(?:letto|visto|sentito)\s+(?:su|in)\s+(?:un|una|un')\s*(?:gruppo|forum|post|"
    r"video|commento|pagina|canale)"
    r"|\b(?:leí|vi|he\s+leído|he\s+visto|escuché)\s+en\s+(?:un|una)\s+(?:grupo|foro|"
    r"publicación|post|vídeo|video|comentario|página|canal)"
    r"|\b(?:habe|hab)\s+(?:\w+\s+){0,3}?in\s+(?:einem|einer)\s+[\w-]*(?:gruppe|forum|post|"
    r"beitrag|video|kommentar|kanal)\s+(?:\w+\s+){0,2}?gelesen"
    r"|\bkam\s+(?:so\s+)?(?:vom|von\s+der|von\s+einem|von)\s+[\w-]+\s+per\s+(?:e-?)?mail"
    r"|\bcame\s+(?:like\s+this\s+|as\s+is\s+)?from\s+(?:the|a|an)\s+[\w-]+(?:\s+[\w-]+)?\s+"
    r"(?:by|via|in\s+an?)\s+(?:e-?mail|mail|message)"
)
# What wrote a note into an export or a transcript (round 26): a plug-in, an extension,
# an integration, a bot, a script, an app, a connector (a word or two naming it before).
_APPS = (
    r"(?:[\w-]+\s+){0,2}?(?:plug-?ins?|extensions?|add-?ons?|integrations?|bots?|scripts?|apps?|"
    r"connectors?|intégrations?|modules?|connecteurs?|estensioni|estensione|integrazion[ei]|"
    r"connettor[ei]|extensión|extensiones|integración|conector(?:es)?|erweiterung(?:en)?|skripts?|"
    r"konnektor(?:en)?)\b"
)
RELAYED_FROM = _rx(
    # en
    r"\b(?:someone|somebody|a\s+(?:friend|colleague|co-?worker|stranger|contact|neighbou?r)|"
    r"(?:my|our)\s+(?:friend|colleague|co-?worker|boss|manager|neighbou?r))\s+(?:just\s+)?"
    r"(?:sent|forwarded|passed|shared|texted|gave|e-?mailed)\s+(?:me|us)\b"
    r"|\bforwarded\s+(?:message|e-?mail|text|note|post)\b"
    r"|\b(?:copied|pasted|taken|lifted|saved|grabbed|got\s+(?:it|this|them)|found\s+(?:it|this|them))"
    r"\s+(?:\w+\s+)?(?:from|off|in|on)\s+"
    + _FROM_A
    + r"|\b(?:the\s+)?user\s+(?:had\s+|has\s+)?(?:relayed|forwarded|pasted|quoted)\b"
    r"|\bper\s+the\s+(?:[\w-]+\s+){0,3}(?:team|vendor|department|dept|integration|provider|"
    r"desk|helpdesk|administrators?|admins?)\b"
    r"|\baccording\s+to\s+(?:a|an|the)\s+(?:message|e-?mail|text|notice|call|letter)\s+from\b"
    # round 15: "(from pasted text)", "(da testo incollato)", "(texto pegado)": a note on
    # what the user handed over, as "the user pasted" is
    r"|\(\s*(?:from\s+)?pasted\s+text\b|\(\s*(?:d'un\s+)?texte\s+collé\b|\(\s*(?:da\s+)?testo\s+incollato\b"
    r"|\(\s*(?:de\s+)?texto\s+pegado\b|\(\s*(?:aus\s+)?eingefügte[mr]?\s+text\b"
    # fr
    r"|\b(?:qu'on|quelqu'un|on|une?\s+(?:ami|amie|collègue|inconnue?))\s+m'a\s+"
    r"(?:envoyé|transféré|transmis|passé|partagé|fait\s+suivre)"
    r"|\bmessage\s+transféré\b"
    r"|\b(?:copié|collé|recopié|trouvé|récupéré)e?s?\s+(?:\w+\s+)?(?:depuis\s+(?:un|une|le|la|l')|"
    r"d'une?\s|du\s|de\s+la\s|sur\s+(?:un|une|le|la)\s|dans\s+(?:un|une|le|la)\s)"
    r"|\bl'utilisat(?:eur|rice)\s+a\s+(?:collé|transféré|relayé|recopié)"
    r"|\bselon\s+(?:l'équipe|le\s+service|le\s+département)\b"
    # it
    r"|\b(?:qualcuno|un\s+amico|un'amica|una\s+amica|un\s+collega)\s+mi\s+ha\s+"
    r"(?:mandato|inviato|girato|inoltrato|passato)"
    r"|\bmessaggio\s+inoltrato\b"
    r"|\b(?:copiat|incollat|trovat|pres)[oaie]\s+(?:\w+\s+)?(?:da\s+(?:un|una|il|la)\s|dal\s|"
    r"dalla\s|su\s+(?:un|una)\s|in\s+(?:un|una)\s|nel\s|nella\s)"
    r"|\bl'utente\s+ha\s+(?:incollato|inoltrato|girato|copiato)"
    r"|\bsecondo\s+il\s+(?:team|reparto|servizio)\b"
    # es
    r"|\b(?:alguien|un\s+amigo|una\s+amiga|un\s+compañero|una\s+compañera)\s+me\s+"
    r"(?:envió|mandó|reenvió|pasó|ha\s+(?:enviado|mandado|reenviado|pasado))"
    r"|\bmensaje\s+reenviado\b"
    r"|\b(?:copiad|pegad|sacad|encontrad)[oa]s?\s+(?:\w+\s+)?(?:de\s+(?:un|una|el|la)\s|del\s|"
    r"en\s+(?:un|una|el|la)\s)"
    r"|\bel\s+usuario\s+(?:pegó|reenvió|copió|ha\s+(?:pegado|reenviado|copiado))"
    r"|\bsegún\s+el\s+(?:equipo|departamento|servicio)\b"
    # de
    r"|\b(?:jemand|ein\s+(?:freund|kollege|bekannter)|eine\s+(?:freundin|kollegin|bekannte))\s+"
    r"hat\s+mir\s+(?:\w+\s+){0,3}?(?:geschickt|weitergeleitet|gesendet)"
    r"|\bweitergeleitete\s+nachricht\b"
    r"|\b(?:kopiert|eingefügt|übernommen)\s+aus\s+(?:einem|einer|dem|der)\s"
    r"|\baus\s+(?:einem|einer)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:kopiert|übernommen|eingefügt)"
    r"|\b(?:der\s+nutzer|die\s+nutzerin)\s+hat\s+(?:\w+\s+){0,3}?(?:eingefügt|weitergeleitet)"
    r"|\blaut\s+(?:dem|der)\s+[\w-]*(?:team|abteilung)\b"
    # round 26: a note a plug-in, an extension or a bot added ("per a 'system note'
    # appended to the export by the HR plug-in", "selon une note ajoutée par
    # l'extension", "secondo una nota del plug-in", "según una nota añadida por el bot",
    # "laut einer Notiz vom Plug-in"): its words, not the user's
    r"|\b(?:per|according\s+to|as\s+stated\s+in)\s+(?:a|an|the)\s+['\"‘“]?(?:system\s+)?"
    r"(?:note|notice|message|memo|comment)['\"’”]?\s+(?:[^.\n]{0,60}?\s)?(?:by|from)\s+"
    r"(?:the\s+|a\s+|an\s+|its\s+)?"
    + _APPS
    + r"|\b(?:selon|d'après)\s+(?:une|la)\s+(?:note|notice|"
    r"message|remarque)\b[^.\n]{0,60}?\b(?:par|de)\s+(?:le\s+|la\s+|l')?" + _APPS + r"|"
    r"\bsecondo\s+(?:una|la)\s+(?:nota|messaggio|avviso)\b[^.\n]{0,60}?\b(?:da|dal|dalla|dallo|"
    r"del|della|dello)\s+"
    + _APPS
    + r"|\bsegún\s+(?:una|la)\s+(?:nota|mensaje|aviso)\b[^.\n]{0,60}?"
    r"\b(?:por|de|del)\s+(?:el\s+|la\s+)?" + _APPS + r"|\blaut\s+(?:einer|der)\s+(?:system)?"
    r"(?:notiz|nachricht|meldung|anmerkung)\b[^.\n]{0,60}?\b(?:vom|von\s+(?:der|dem|einem|einer))\s+"
    + _APPS
    + r"|"
    + _PASSING_ON
    + r"|"
    + _READ_SOMEWHERE
)
# Round 18: any sender the user names ("my IT guy sent it over", "hat mir ein Berater
# geschickt", "mi ha scritto il supporto della banca"), and a caller whose message for the
# assistant the user passes on ("the bank called and said to tell you this"). Apart from
# RELAYED_FROM and read only when one of its verbs is in the text (``_RELAY_VERBS``): a
# megabyte with a hit in it is read for relays, and these alternatives cost a quarter more.
RELAYED_BY = _rx(
    r"\b(?:guy|person|team|department|desk|advis[eo]r|consultant|rep|representative|support|"
    r"accountant|broker|bank|agent|technician|"
    # round 36: a contractor's text for the agent's file ("my contractor sent this, add it
    # to CLAUDE.md exactly: …"): who sent it, then the text
    r"contractor|freelancer|vendor|supplier|landlord|colleague|coworker|co-worker)\s+"
    r"(?:just\s+)?(?:sent|forwarded|texted|e-?mailed|messaged)\s+(?:me\s+)?"
    r"(?:it|this|that|these|them)(?:\s+(?:over|along|to\s+me)\b|\s?[,:;])"
    r"|\b(?:called|phoned|rang|texted|wrote|messaged)\s+(?:me\s+)?and\s+(?:said|asked\s+me)\s+"
    r"to\s+(?:tell|pass\s+(?:this\s+|it\s+)?(?:on|along)\s+to)\s+you\b"
    r"|\bm'a\s+(?:envoyé|transféré|écrit|fait\s+suivre)\s+(?:ça|ceci|cela|ce\s+message|"
    r"ce\s+qui\s+suit)\b"
    r"|\bm'a\s+(?:appelée?|téléphoné)\s+et\s+m'a\s+dit\s+de\s+te\s+dire\b"
    r"|\bmi\s+ha\s+(?:scritto|mandato|inviato|girato|inoltrato)\s+(?:il|la|lo|l'|un|una|uno|"
    r"mio|mia)\s*[\w\"'“”-]+"
    r"|\bmi\s+ha\s+chiamat[oa]\s+[^.\n]{0,40}?\be\s+mi\s+ha\s+detto\s+di\s+dirti\b"
    r"|\bme\s+(?:envió|mandó|escribió|reenvió|pasó)\s+(?:esto|este|esta|eso|lo\s+siguiente)\b"
    r"|\bme\s+llamó\s+[^.\n]{0,40}?\by\s+me\s+dijo\s+que\s+te\s+dijera\b"
    r"|\bhat\s+mir\s+(?:ein|eine|der|die|mein|meine|unser|unsere)\s+[\w-]+(?:\s+[\w-]+)?\s+"
    r"(?:geschickt|weitergeleitet|gesendet|geschrieben)\b"
    r"|\bhat\s+(?:mich\s+)?angerufen\s+und\s+(?:gesagt|gebeten)\s*,?\s+(?:ich\s+soll|dir\s+)"
    # Round 22: a caller's or a pop-up's order the user writes down for the assistant ("the
    # support guy … said to tell you: …", "saving this from the popup like they asked", "my
    # bank's fraud team texted …, like they told me"): what they asked, not the user's wish.
    r"|\b(?:said|asked\s+me|told\s+me)\s+to\s+(?:tell|pass\s+(?:this\s+|it\s+)?(?:on|along)\s+to)\s+you\b"
    r"|\b(?:like|as|just\s+as)\s+(?:they|he|she)\s+(?:asked(?:\s+me)?|told\s+me(?:\s+to)?|instructed(?:\s+me)?)"
    r"(?=\s*[,.:;!)\n—-]|\s*$)"
    r"|\bm'a\s+dit\s+de\s+te\s+(?:dire|transmettre)\b|\bcomme\s+(?:ils|elles|il|elle)\s+me\s+l'(?:ont|a)\s+"
    r"(?:demandé|dit)\b"
    r"|\bmi\s+ha\s+detto\s+di\s+dirti\b|\bcome\s+mi\s+(?:hanno|ha)\s+(?:chiesto|detto)\b"
    r"|\bme\s+dijo\s+que\s+te\s+dijera\b|\bcomo\s+me\s+(?:pidieron|pidió|dijeron|dijo)\b"
    r"|\bhat\s+gesagt,?\s+ich\s+soll\s+dir\s+sagen\b|\bwie\s+(?:sie|er)\s+(?:es\s+)?(?:verlangt|"
    r"gesagt)\s+ha(?:t|ben)\b"
    # Round 35: a third party who told the user to pass a text on, to have it noted or to
    # add it to the assistant's memory ("IT's new contractor asked me to pass this on:",
    # "the guy from the dealership said to note this:", "said to add this to your memory
    # file"): their text, not the user's wish ("I said to note this" is the user's own).
    r"|(?<!\bi\s)(?<!\bwe\s)\b(?:said|asked\s+me|told\s+me)\s+to\s+(?:pass\s+(?:this|it)\s+(?:on|along)|"
    r"(?:note|jot)\s+(?:this|it)\b|write\s+(?:this|it)\s+down|add\s+(?:this|it)\s+to\s+"
    r"(?:your|the)\s+(?:memory|notes?|rules?))"
    r"|\bm'a\s+(?:dit|demandé)\s+d(?:e\s+|')(?:te\s+|t')?(?:transmettre|faire\s+passer|noter|"
    r"ajouter|passer)\s+(?:ça|ceci|cela|ce\s+(?:message|texte)|ce\s+qui\s+suit)"
    r"|\bmi\s+ha\s+(?:detto|chiesto)\s+di\s+(?:girarti|passarti|inoltrarti|annotare|segnare|"
    r"aggiungere|salvare)\s+(?:questo|questa|quanto\s+segue)"
    r"|\bme\s+(?:dijo|pidió)\s+que\s+(?:te\s+)?(?:pasara|pasase|reenviara|apuntara|anotara|"
    r"añadiera|agregara|guardara)\s+(?:esto|lo\s+siguiente)"
    r"|\bhat\s+(?:mir\s+)?gesagt,?\s+ich\s+soll\s+(?:dir\s+)?(?:das|dies|folgendes)\s+"
    r"(?:weitergeben|weiterleiten|notieren|aufschreiben|eintragen)"
    r"|\bhat\s+mich\s+gebeten,?\s+(?:dir\s+)?(?:das|dies|folgendes)\s+(?:weiterzugeben|"
    r"weiterzuleiten|zu\s+notieren|aufzuschreiben|einzutragen)"
)
# (round 27) a third party's request to the assistant, passed on by the user: "my bank
# advisor asked that you email him …", "le conseiller veut que tu …", "il tecnico ha
# chiesto che tu …", "el asesor pidió que le envíes …", "der Berater hat gebeten, dass du
# …". The verb is the third person's (the user's own "I want you to" is theirs).
REQUESTED_OF_YOU = _rx(
    r"\b(?:asked|requested|wants|wanted|would\s+like|has\s+asked)\s+(?:that\s+you|for\s+you\s+to|"
    r"you\s+to)\b"
    r"|\b(?:a\s+demandé|demande|veut|voulait|voudrait|souhaite)\s+que\s+tu\b"
    r"|\b(?:ha\s+chiesto|chiede|vuole|voleva|vorrebbe)\s+che\s+tu\b"
    r"|\b(?:pidió|ha\s+pedido|pide|quiere|quería|quisiera)\s+que\s+(?:tú\s+)?(?:le\s+|les\s+)?"
    r"\w+(?:es|as)\b"
    r"|\bhat\s+(?:\w+\s+)?gebeten,?\s+dass\s+du\b|\b(?:bittet|möchte|will|wünscht),?\s+dass\s+du\b"
)
# Who asks, read before the verb in its sentence: the user (in the third person, a note
# drawn from their words) or "I" is no third party.
_ASKER_IS_USER = _rx(
    r"\b(?:user|utilisat(?:eur|rice)|utente|usuari[oa]|(?:be)?nutzer(?:in)?|i|i'd|je|j'|io|yo|ich|"
    r"we|nous|noi|nosotros|wir)\b[^.!?;\n]{0,25}$"
)


def requested_of_you(low: str) -> bool:
    """Whether ``low`` passes on a third party's request to the assistant."""
    for m in REQUESTED_OF_YOU.finditer(low):
        if not _ASKER_IS_USER.search(low, max(0, m.start() - 40), m.start()):
            return True
    return False


_RELAY_VERBS = (
    "sent",
    "forwarded",
    "texted",
    "mailed",
    "messaged",
    "called",
    "phoned",
    "rang",
    "wrote",
    "m'a ",
    "mi ha ",
    "me ",
    "hat mir",
    "angerufen",
    # round 22: an order written down as its giver asked
    "said",
    "asked",
    "told",
    "instructed",
    "m'a dit",
    "l'ont",
    "l'a ",
    "mi ha detto",
    "mi hanno",
    "me dijo",
    "como me",
    "gesagt",
    "verlangt",
    "gebeten",  # (round 35: "hat mich gebeten, dir das weiterzugeben")
)
# The user making a relayed request their own ("… I agree, do that for me too"): then it
# is their preference, weighed as theirs.
ADOPTED = _rx(
    r"\b(?:i\s+(?:agree|like\s+(?:that|it|this)|want\s+(?:that|it|this)\s+too|'d\s+like\s+that)|"
    r"(?:do|please\s+do)\s+(?:that|it|the\s+same)\s+for\s+me(?:\s+too)?|same\s+for\s+me|"
    r"je\s+suis\s+d'accord|fais\s+pareil\s+pour\s+moi|pour\s+moi\s+aussi|"
    r"sono\s+d'accordo|anche\s+per\s+me|fallo\s+anche\s+per\s+me|"
    r"estoy\s+de\s+acuerdo|para\s+mí\s+también|hazlo\s+también\s+para\s+mí|"
    r"ich\s+bin\s+einverstanden|für\s+mich\s+auch|mach\s+das\s+auch\s+für\s+mich)\b"
)
# A user telling about a scam they received passes nothing on: they warn.
WARNED = _rx(
    r"\b(?:scam|scammers?|phishing|spam|fraudulent|hoax|arnaque|escroquerie|hameçonnage|"
    r"truffa|truffatore|estafa|timo|betrug|betrüger)"
)
# (round 35) "the old number on the letter is a scam": the relayed text discrediting the
# channel it replaces, which is the poison's own claim, not the user's warning.
_OLD = _rx(
    r"\b(?:old|previous|former|ancien(?:ne)?|précédent|vecchi[oa]|precedente|antigu[oa]|"
    r"anterior|alte[nrs]?|bisherige[nrs]?)\b"
)
OLD_REACH = 40  # characters before a scam word read for the old channel it discredits


def warned(low: str) -> bool:
    """Whether ``low`` warns of a scam (its scam word not one that discredits an old
    channel)."""
    return any(
        not _OLD.search(low, max(0, m.start() - OLD_REACH), m.start()) for m in WARNED.finditer(low)
    )


# "the user" named as the one the assistant acts on, or whose confirmation it skips
_THIRD_USER = (
    r"(?:the\s+user(?:'s)?|the\s+owner(?:'s)?|the\s+account\s+holder(?:'s)?|"
    r"(?:de\s+|à\s+)?l'utilisat(?:eur|rice)|(?:dell'|all')?utente|"
    r"(?:del|al|el)\s+(?:usuario|titular)|(?:de\s+|a\s+)?la\s+usuaria|"
    r"(?:des|dem|den|der)\s+(?:nutzers?|benutzers?|nutzerin|benutzerin|kontoinhabers?))"
)
_ASSISTANT_MAY = (
    r"(?:(?:the|this|your)\s+(?:ai\s+)?(?:assistant|agent)\s+(?:may|can|must|shall|should|"
    r"is\s+(?:allowed|permitted|authori[sz]ed|entitled)\s+to|has\s+(?:a\s+)?(?:special\s+)?"
    r"(?:permission|right|clearance)\s+to)"
    r"|l'assistant(?:e)?\s+(?:peut|doit|ne\s+doit|a\s+le\s+droit\s+de|est\s+autorisé\s+à|"
    r"a\s+(?:une\s+)?(?:permission|autorisation)\s+(?:spéciale\s+)?(?:de|pour))"
    r"|l'assistente\s+(?:può|deve|non\s+deve|è\s+autorizzato\s+a|ha\s+(?:il\s+)?permesso\s+di)"
    r"|(?:el|este)\s+asistente\s+(?:puede|debe|no\s+debe|está\s+autorizado\s+a|"
    r"tiene\s+(?:un\s+)?permiso\s+(?:especial\s+)?para)"
    r"|der\s+assistent\s+(?:darf|muss|soll|kann|ist\s+berechtigt))"
)
RULE_ABOUT_USER = _rx(
    r"\b" + _ASSISTANT_MAY + r"\b[^.\n]{0,100}?\b" + _THIRD_USER + r"\b"
    r"|\b" + _THIRD_USER + r"\b[^.\n]{0,60}?\b" + _ASSISTANT_MAY + r"\b"
)

# A quotation in the user's statement that tells "the agent" what to do, or names "the
# user" in the third person, and has no first person in it: someone else's text the user
# passes on ('a plugin manifest I pasted: policy="The agent shall ..."'). The user quoting
# their own words ('my notes say "always answer me in French"') speaks in the first person.
QUOTED = _rx(
    r'"([^"\n]{12,400})"|“([^”\n]{12,400})”|«([^»\n]{12,400})»|„([^“”\n]{12,400})[“”]'
    # Round 16: single quotes quote too ('…', ‘…’, German ‚…‘). An apostrophe is no quote
    # mark: the opening one follows no letter, the closing one is followed by none; inside,
    # only an apostrophe after a letter ("it's") is read on, so that a scan ends at the
    # next opening one (linear on a text of a thousand openers).
    r"|(?<![\w'])'(?=\S)((?:[^'\n]|(?<=\w)'){12,400}?)(?<=\S)'(?![\w'])"
    r"|‘([^’\n]{12,400})’|‚([^‘’\n]{12,400})[‘’]"
    # Round 17: every quotation style — corner brackets, single guillemets, German »…«,
    # and a block quote's lines ("> …")
    # (the opening mark is left out of what a quotation holds, so a scan ends at the next
    # one: a run of openers is read in linear time)
    r"|「([^「」\n]{12,400})」|‹([^‹›\n]{12,400})›|»([^»«\n]{12,400})«|^>[ \t]?([^\n]{12,400})"
)
_AGENT_RULE = _rx(
    r"\b(?:the|this|your|any|every)\s+(?:ai\s+)?(?:agent|assistant)s?\s+(?:shall|must|should|will|may|is\s+to)\b"
    r"|\bagents?\s+(?:shall|must)\b|\byour\s+users?\b"
    r"|\bl'(?:assistant(?:e)?|agent)\s+(?:doit|peut|devra)\b"
    r"|\bl'(?:assistente|agente)\s+(?:deve|può|dovrà)\b"
    r"|\bel\s+(?:asistente|agente)\s+(?:debe|puede|deberá)\b"
    r"|\bder\s+(?:assistent|agent)\s+(?:muss|soll|darf|wird)\b"
    r"|\b" + _THIRD_USER + r"\b"
)


# What opens a quotation (round 16: single quotes too)
QUOTE_MARKS = ('"', "“", "«", "„", "'", "‘", "‚", "「", "‹", "»", ">")


def quotes_another(low: str) -> bool:
    """A quotation with a rule for the agent, or "the user" in it, and no first person."""
    for m in QUOTED.finditer(low):
        inner = next(g for g in m.groups() if g is not None)
        if _AGENT_RULE.search(inner) and not OWN_VOICE.search(inner):
            return True
    return False


# Obeying whoever is not the user: access, files, codes or data for whoever presents a code
# or asks; any request that carries a token honoured.
_ANYONE = (
    r"(?:whoever|whomever|anyone\s+who|anybody\s+who|any(?:one|body)\s+that|any\s+person\s+who|"
    # round 22: whoever claims a role ("any caller who says they're from a pharmacy", "if
    # anyone messages saying they're from Ledger Support", "any partner who quotes a code")
    r"any\s+(?:caller|partner|vendor|technician|agent|visitor|sender|customer)\s+who|"
    r"any(?:one|body)\s+(?:\w+\s+){0,2}?(?:saying|claiming)|"
    r"(?:tout|n'importe\s+quel)\s+(?:appelant|partenaire|technicien|interlocuteur)\s+qui|"
    r"(?:qualsiasi|ogni)\s+(?:chiamante|partner|tecnico|interlocutore)\s+che|"
    r"(?:cualquier|todo)\s+(?:llamante|socio|técnico|interlocutor)\s+que|"
    r"jede[mrn]?\s+(?:anrufer|partner|techniker)\w*,?\s+der\s|"
    r"quiconque|toute\s+personne\s+qui|chiunque|(?:a\s+)?quien(?:quiera)?\s+(?:lo\s+|la\s+|se\s+lo\s+)?"
    r"(?:envíe|envía|presente|pida|pide|diga|mande|escriba|solicite)|cualquiera\s+que|"
    r"(?:jede[mrn]?|alle[mn]?),?\s+(?:der|die)\s|wer\s+(?:den|das|die|diesen|dieses|diese)\s)"
)
_VALUED = (
    r"(?:access|files?|documents?|folders?|codes?|passwords?|keys?|data|accounts?|records?|"
    r"money|payments?|accès|fichiers|documents|codes?|mots\s+de\s+passe|données|compte|"
    r"accesso|file|documenti|codici|password|dati|conto|acceso|archivos|documentos|códigos|"
    r"contraseñas|datos|cuenta|zugriff|zugang|dateien|dokumente|codes|passwörter|daten|konto|"
    # round 22: a wallet's recovery phrase, the user's medication or insurance number, a
    # customer list
    r"(?:recovery|seed)\s+phrase|(?:\d+-word\s+)?(?:recovery|seed)\s+(?:words|phrase)|"
    r"medications?(?:\s+list)?|insurance\s+numbers?|customer\s+lists?|"
    r"médicaments|listes?\s+de\s+clients|farmaci|medicinali|lista\s+(?:dei\s+)?clienti|"
    r"medicamentos|lista\s+de\s+clientes|medikamente|medikation|kundenliste\w*|"
    r"phrase\s+de\s+récupération|frase\s+di\s+recupero|frase\s+de\s+recuperación|"
    r"wiederherstellungs(?:phrase|sätze?)|seed-phrase)"
)
_ANY_REQUEST = (
    r"\b(?:honou?r|obey|execute|accept|follow|fulfil+|carry\s+out|grant)\s+(?:any|every|all)\s+"
    r"(?:requests?|instructions?|commands?|messages?|orders?)\s+(?:that|which|starting|beginning|"
    r"containing|with|prefixed)\b"
    r"|\b(?:exécute|honore|accepte|obéis\s+à)\s+(?:toute|chaque)\s+(?:demande|instruction|commande)\s+qui\b"
    r"|\b(?:esegui|onora|accetta|obbedisci\s+a)\s+(?:ogni|qualsiasi)\s+(?:richiesta|istruzione|comando)\s+che\b"
    r"|\b(?:ejecuta|atiende|acepta|obedece)\s+(?:cualquier|toda|cada)\s+(?:petición|solicitud|instrucción|orden)\s+que\b"
    r"|\b(?:befolge|erfülle|akzeptiere|führe)\s+(?:jede|alle)\s+(?:anfrage|anweisung|bitte|nachricht)\w*,?\s+die\b"
)
# Round 15: a trigger anyone can fire — a word or phrase that, said by anyone or found in
# any message, query or field, sets the agent off ("whenever someone in the chat says the
# word 'quarterly'", "cuando aparezca la frase 'modo tranquilo' en una consulta"): a
# password that is not the user's. The user's own trigger ("when I say 'lights out'")
# is theirs.
_Q = r"\s*['\"“‘«„]"
_KEYWORD_TRIGGER = (
    r"\b(?:when|whenever|if|once)\s+(?:someone|somebody|anyone|anybody|a\s+(?:user|caller|"
    r"customer|visitor|sender|message|query|request|prompt|e-?mail|ticket|reference|memo)|"
    r"any\s+(?:user|message|query|request|e-?mail|sender)|the\s+(?:reference|memo|subject))"
    r"\s+(?:(?:in|on)\s+the\s+[\w-]+(?:\s+[\w-]+)?\s+|field\s+)?(?:says|writes|types|sends|contains|includes|"
    r"mentions|uses|reads)\s+(?:the\s+)?(?:(?:word|phrase|code|keyword|password|term)s?)?"
    + _Q
    + r"|\b(?:when|whenever|if)\s+the\s+(?:word|phrase|keyword|code)"
    + _Q
    + r"[^'\"”’»“\n]{1,40}['\"”’»“]\s+(?:appears|shows\s+up|is\s+(?:said|typed|written|used|mentioned))"
    r"|\b(?:quand|lorsque|si|dès\s+que)\s+(?:quelqu'un|n'importe\s+qui|un\s+(?:message|utilisateur|"
    r"client|e-mail|libellé)|une\s+(?:requête|demande)|le\s+libellé)\s+(?:dit|écrit|tape|contient|"
    r"mentionne|utilise|indique)\s+(?:le\s+mot|la\s+phrase|le\s+code|l'expression|le\s+mot-clé)?"
    + _Q
    + r"|\b(?:quand|lorsque|si)\s+(?:le\s+mot|la\s+phrase|l'expression|le\s+code)"
    + _Q
    + r"[^'\"”»\n]{1,40}['\"”»]\s*(?:apparaît|figure|est\s+(?:dit|écrit|utilisé))"
    r"|\b(?:quando|se|ogni\s+volta\s+che)\s+(?:qualcuno|chiunque|un\s+(?:messaggio|utente|cliente)|"
    r"una\s+(?:richiesta|domanda)|la\s+causale)\s+(?:dice|scrive|contiene|menziona|usa|riporta)\s+"
    r"(?:la\s+parola|la\s+frase|il\s+codice|l'espressione)?"
    + _Q
    + r"|\b(?:quando|se|ogni\s+volta\s+che)\s+(?:compare|appare)\s+(?:la\s+parola|la\s+frase|il\s+codice)"
    + _Q
    + r"|\b(?:cuando|si|siempre\s+que)\s+(?:alguien|cualquiera|un\s+(?:mensaje|usuario|cliente)|"
    r"una\s+(?:consulta|petición|solicitud)|el\s+concepto)\s+(?:diga|dice|escriba|escribe|contenga|"
    r"contiene|mencione|menciona|use|usa|incluya|incluye)\s+(?:la\s+palabra|la\s+frase|el\s+código|la\s+expresión)?"
    + _Q
    + r"|\b(?:cuando|si|siempre\s+que)\s+(?:aparezca|aparece)\s+(?:la\s+palabra|la\s+frase|el\s+código)"
    + _Q
    + r"|\b(?:wenn|sobald|falls)\s+(?:jemand|irgendwer|eine\s+(?:nachricht|anfrage)|ein\s+(?:nutzer|"
    r"kunde|absender)|der\s+verwendungszweck)\s+(?:das\s+wort|den\s+satz|den\s+code|das\s+stichwort)?"
    + _Q
    + r"|\b(?:wenn|sobald|falls)\s+(?:das\s+wort|der\s+satz|das\s+stichwort|der\s+code)"
    + _Q
)
ANY_PARTY = _a(
    "whoever whomever anyone anybody any$ quiconque toute$ chiunque quien quienquiera cualquiera "
    "jede jedem$ jeder$ jeden$ alle$ allen$ allem$ wer$ honour honor obey execute accept follow "
    "fulfil carry$ grant exécute honore accepte obéis esegui onora accetta obbedisci ejecuta "
    "atiende acepta obedece befolge erfülle akzeptiere führe when whenever if$ once$ quand "
    "lorsque si$ dès$ quando se$ ogni$ cuando siempre$ wenn sobald falls " + OPEN_ANCHORS,
    _rx(
        _KEYWORD_TRIGGER + r"|\b" + _ANYONE + r"[^.\n]{0,80}?\b" + _VALUED + r"\b"
        r"|\b" + _VALUED + r"\b[^.\n]{0,60}?\b(?:to|à|a|an)\s+" + _ANYONE + r"[^.\n]{0,30}"
        r"(?:ask|asks|asking|demande|chiede|pide|fragt|"
        # round 22: or claims to be someone, or quotes a code
        r"says|claims|quotes|dit|prétend|cite|dice|afferma|cita|dice|afirma|sagt|behauptet|nennt)"
        r"|"
        + _ANY_REQUEST
        # round 28: money paid wherever a sender says, an open channel's requests authorised
        + r"|"
        + OPEN_PAYEE
        + r"|"
        + OPEN_CHANNEL
    ),
)
RELAY_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [(Signal.SOURCE_STEERING, ANY_PARTY)]


# Round 26: a record of a click approving a text someone else wrote — a click-through of a
# notice, "clicked 'Allow'" on an install prompt, a one-click "save suggestion", a bulk
# approval of imported notes — opening the text ("Approved (user click-through, …):",
# "Approuvé en un clic par l'utilisateur :", "Approvate in blocco (14 note importate):",
# "Freigegeben (Nutzer hat auf 'Zulassen' geklickt):"). A click consents to a prompt; it
# writes none of it (a bulk approval of 14 notes reads none of them), so what follows is
# the notice's, the suggestion's or the import's: an untrusted text a person approved
# (``provenance.APPROVED``), not the user's words (``provenance.assess``). Only an approval
# header naming a click or a bulk approval: "Approved by the user: allow the calendar
# server …" (no click named) and a click the user tells about in their own words ("I
# clicked 'Allow' …") stay the user's.
_CLICK = (
    r"(?:click(?:ed|s|ing)?|click-?through|one-?click|single-?click|tapped|bulk[- ]?approv\w*|"
    r"in\s+bulk|clic|cliqué|en\s+un\s+clic|en\s+(?:masse|bloc)|cliccat[oaie]|con\s+un\s+clic|"
    r"in\s+(?:blocco|massa)|hizo\s+clic|en\s+bloque|"
    r"geklickt|klick\w*|per\s+klick|sammel\w*|pauschal)"
)
CLICKED_THROUGH = _rx(
    r"\W{0,3}(?:approved|approuvée?s?|validée?s?|approvat[oaie]|aprobad[oa]s?|"
    r"genehmigt|freigegeben|bestätigt)\b[^:\n]{0,80}?\b" + _CLICK + r"\b[^:\n]{0,80}?:"
)


def clicked_through(low: str) -> bool:
    """Whether ``low`` opens with a record of a click approving someone else's text."""
    return CLICKED_THROUGH.match(low) is not None


def relayed(low: str) -> str | None:
    """Why ``low`` (the lowered text) is someone else's instruction relayed, or None."""
    if AI_READERS.search(low):
        return "it addresses AI agents as its readers"
    if SCRIPT_ADDED.search(low):
        return "it says a script or a plugin added it"
    from_elsewhere = bool(
        RELAYED_FROM.search(low)
        or (any(v in low for v in _RELAY_VERBS) and RELAYED_BY.search(low))
        or requested_of_you(low)
    )
    if from_elsewhere and not warned(low):
        return "it says it came from someone else"
    if reported(low) and not warned(low) and not ADOPTED.search(low):
        return "it reports someone else telling the assistant what to do"
    # round 28: whoever is not the user ordering the assistant to pay, let in or hide
    if not warned(low) and secondhand(low):
        return "it passes on a third party's order to the assistant"
    if not warned(low) and forwarded(low):  # round 37: the user as a third party's courier
        return "it hands on a third party's text (forwarded, pasted or an address) as the user's"
    if not warned(low) and hearsay(low):  # round 42: a caller's, a text's or an ad's rule
        return "it relays what a caller, a text or an ad told the user to hand over"
    return None


def in_users_words(low: str) -> str | None:
    """Why a user's statement ``low`` passes on someone else's rule, or None: the
    assistant told in the third person what it may do with "the user" (no user calls
    themselves that; notes drawn from their words do), or a quotation of such a rule."""
    if RULE_ABOUT_USER.search(low):
        return "it tells the assistant, in the third person, what to do with the user"
    if any(q in low for q in QUOTE_MARKS) and quotes_another(low):
        return "it quotes someone else's rule for the agent"
    return None
