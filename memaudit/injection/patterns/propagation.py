"""Self-propagation (a text that asks to be copied into summaries, profiles and other
users' stores, or to outlive pruning) and source steering (a site, vendor or brand to be
remembered as the trusted source, ranked first, its rivals hidden), in each language."""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _IN_SENTENCE as _IN
from memaudit.injection.vocabulary import _a, _rx, _w

# What a copy lands in: a summary, a memory, a profile, another user's store.
_STORES = (
    r"(?:(?:new|future|other|shared|later|conversation|chat|session)\s+){0,2}"
    r"(?:summar(?:y|ies)|memor(?:y|ies)|profiles?|notes?|entr(?:y|ies)|workspaces?|users?|"
    r"agents?|stores?|records?|contexts?|sessions?|conversations?|chats?)\b"
)
# The text itself: "it", "this", "this entire paragraph", "this line verbatim".
_ITSELF = (
    r"(?:it|itself|this|this\s+(?:\w+\s+){0,2}?(?:line|text|entry|note|instruction|message|"
    r"paragraph|memory|rule|block|section|reminder|hint|item))\b"
)
_PRUNED = r"(?:deleted|removed|archived|pruned|erased|forgotten|cleared|dropped|purged|overwritten)"

PROPAGATION_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    # -- self-propagation ------------------------------------------------------------------
    (
        Signal.SELF_PROPAGATION,
        _rx(
            r"\b(?:copy|duplicate|replicate|propagate|spread|paste|include|insert|add|carry|repeat|append|forward)\s+"
            + _ITSELF
            + r"(?:\s+(?:verbatim|word\s+for\s+word|as\s+is|unchanged))?[^.\n]{0,30}?\b(?:in(?:to)?|to|across)\s+(?:every|each|all|any|other|the\s+other)\s+"
            + _STORES
        ),
    ),
    (
        Signal.SELF_PROPAGATION,
        # Asks to outlive deletion, archiving and consolidation.
        _rx(
            r"\b(?:save|store|write|add|re-?create|restore|re-?add)\s+(?:it|this|them)\s+again\b"
            r"|\b(?:re-?create|restore|re-?add|re-?insert)\s+(?:it|this(?:\s+\w+)?)\b[^.\n]{0,40}?\b(?:if|when|whenever|after|once|the\s+next\s+time|each\s+time|every\s+time)\b[^.\n]{0,30}?\b"
            + _PRUNED
            + r"|\bif\s+this\s+(?:memory|entry|note|text|instruction|message|item)\s+is\s+(?:ever\s+)?"
            + _PRUNED
            + r"|\bsurvives?\s+(?:consolidation|pruning|deletion|cleanup|compaction|summari[sz]ation|merging|resets?)\b"
            r"|\b(?:when(?:ever)?|while|if)\s+(?:merging|pruning|consolidating|compacting|cleaning\s+up|summari[sz]ing|archiving|deduplicating)(?:\s+(?:or|and)\s+\w+ing)?\s+(?:the\s+|your\s+|old(?:er)?\s+)?memor(?:y|ies)\b[^.\n]{0,40}?\b(?:keep|retain|preserve|never\s+(?:delete|remove|drop))\s+(?:this|it)\b"
            r"|\bto\s+(?:all\s+)?other\s+users'?\s*(?:profiles?|memor(?:y|ies)|stores?|accounts?|sessions?)\b"
        ),
    ),
    (
        Signal.SELF_PROPAGATION,
        # fr / it / es / de: "recopie-le dans chaque résumé", "duplicala nei profili degli
        # altri utenti", "vuelve a crearlo si lo borra", "in jede Zusammenfassung übernehmen".
        _rx(
            r"\b(?:recopie|recopiez|copie|copiez|duplique|dupliquez|reproduis|reproduisez|insère|insérez|inclus|incluez)(?:-le|-la|-les)?\b[^.\n]{0,40}?\bdans\s+(?:chaque|tous\s+les|toutes\s+les|les\s+autres)\b"
            r"|\b(?:mémorise|enregistre|garde|conserve)[zr]?\s+(?:ce|cette)\s+(?:texte|message|note|entrée|consigne|instruction)\s+tel(?:le)?\s+quel(?:le)?\b"
            r"|\b(?:duplica|copia|replica|ricopia|inserisci|includi)(?:la|lo|le|li)?\b[^.\n]{0,40}?\b(?:in\s+ogni|in\s+tutt[ie]|nei\s+profili|negli\s+altri|nelle\s+altre|agli\s+altri)\b"
            r"|\bconserva\s+sempre\s+quest[ao]\b|\bquando\s+consolid\w+\s+(?:le\s+)?memorie\b"
            r"|\b(?:copia|duplica|replica|incluye|inserta)(?:lo|la|los|las)?\b[^.\n]{0,40}?\b(?:en\s+cada|en\s+todos\s+los|en\s+todas\s+las|en\s+los\s+perfiles|a\s+otros\s+usuarios)\b"
            r"|\bvuelve\s+a\s+(?:crearlo|crearla|guardarlo|guardarla|añadirlo|añadirla|escribirlo|escribirla)\b"
            r"|\bin\s+(?:jede|jeden|jedes|alle)\s+(?:neuen?\s+)?(?:zusammenfassung|notiz|erinnerung|profil|antwort|speicher)\w*\s+(?:\w+\s+){0,2}?(?:übernehmen|kopieren|einfügen|aufnehmen|übertragen)\b"
            r"|\b(?:kopiere|übernimm|füge)\b[^.\n]{0,40}?\bin\s+(?:jede|jeden|jedes|alle)\b"
            r"|\b(?:diesen|diese|dieses)\s+(?:hinweis|text|eintrag|notiz|nachricht|anweisung)\s+(?:\w+\s+)?(?:dauerhaft|für\s+immer)\s+(?:speichern|behalten)\b"
        ),
    ),
    (
        Signal.SELF_PROPAGATION,
        # Round 15: the text naming itself ("this same paragraph", "diese Notiz", "questo
        # stesso paragrafo") to be put into every message, memory or reply: a worm's shape
        # whatever the verb ("aggiungi ... a ogni messaggio", "bei jeder neuen Erinnerung
        # mitgespeichert"). "This paragraph appears in every edition" names no store.
        _a(
            "this$ ce$ cette$ questo$ questa$ este$ esta$ diese$ dieser$ dieses$ diesen$",
            _rx(
                r"\bthis\s+(?:same\s+|exact\s+|very\s+)?(?:paragraph|note|text|line|sentence|message|"
                r"block|entry|snippet)\b[^.\n]{0,60}?\b(?:every|each|all)\s+(?:\w+\s+){0,2}?"
                r"(?:messages?|memor(?:y|ies)|notes?|repl(?:y|ies)|summar(?:y|ies)|e-?mails?|drafts?|"
                r"chats?|answers?|profiles?)\b"
                r"|\b(?:ce|cette)\s+(?:même\s+)?(?:paragraphe|note|texte|ligne|phrase|message|bloc|"
                r"entrée)\b[^.\n]{0,60}?\b(?:chaque|tous\s+les|toutes\s+les)\s+(?:\w+\s+){0,2}?"
                r"(?:messages?|mémoires?|notes?|réponses?|résumés?|e-?mails?|courriels?|souvenirs?)\b"
                r"|\bquest[oa]\s+(?:stess[oa]\s+)?(?:paragrafo|nota|testo|riga|frase|messaggio|blocco|"
                r"voce)\b[^.\n]{0,60}?\b(?:ogni|tutt[ie]\s+(?:i|le|gli))\s+(?:\w+\s+){0,2}?"
                r"(?:messaggi?o?|memori[ae]|note?a?|rispost[ae]|riassunt[oi]|e-?mail|chat|ricordi?o?)\b"
                r"|\b(?:este|esta)\s+(?:mismo\s+|misma\s+)?(?:párrafo|nota|texto|línea|frase|mensaje|"
                r"bloque|entrada)\b[^.\n]{0,60}?\b(?:cada|todos\s+los|todas\s+las)\s+(?:\w+\s+){0,2}?"
                r"(?:mensajes?|memorias?|notas?|respuestas?|resúmenes|resumen|correos?|recuerdos?)\b"
                r"|\bdiese[rsnm]?\s+(?:gleiche[nr]?\s+)?(?:absatz|notiz|text|zeile|satz|nachricht|block|"
                r"eintrag|hinweis)\b[^.\n]{0,80}?\b(?:jede[rnms]?|alle)\s+(?:\w+\s+){0,2}?"
                r"(?:\w*nachricht(?:en)?|erinnerung(?:en)?|notiz(?:en)?|antwort(?:en)?|"
                r"zusammenfassung(?:en)?|e-?mails?|speicher)\b"
            ),
        ),
    ),
    (
        Signal.SELF_PROPAGATION,
        _rx(
            r"\bricrea(?:la|lo|le|li)?\b[^.\n]{0,40}?\bse\s+(?:viene|vengono|è\s+stat[oa]|sono\s+stat[ie])\s+(?:cancellat|eliminat|rimoss)[oaie]\b"
        ),
    ),
    (
        Signal.SELF_PROPAGATION,
        _rx(
            r"\brecrée[zr]?(?:-la|-le|-les)?\b[^.\n]{0,40}?\bsi\s+(?:elle|il|elles|ils|on\s+l'a)\s+(?:est|sont|a\s+été|ont\s+été)?\s*(?:supprimée?s?|effacée?s?|retirée?s?)\b"
        ),
    ),
    (
        Signal.SELF_PROPAGATION,
        # Round 11's lesson, in English and German too: "to be re-added if it is ever
        # deleted", "wieder anlegen, falls sie gelöscht wird", "vuelve a añadirla si se borra".
        _a(
            "re-add re-added re-create re-created recreate recreated restore restored "
            "re-insert reinsert wieder neu añad",
            _rx(
                r"\b(?:re-?add|re-?create|restore|re-?insert|re-?save|put\s+(?:it\s+)?back)(?:ed|d|s)?\b[^.\n]{0,40}?\b(?:if|whenever|when|should|once)\s+(?:it\s+|this\s+|they\s+)?(?:is\s+|are\s+|gets?\s+|was\s+|were\s+)?(?:ever\s+)?(?:deleted|removed|pruned|erased|cleared|dropped|forgotten)\b"
                r"|\b(?:wieder|neu)\s+(?:anlegen|hinzufügen|eintragen|speichern|einfügen)\b[^.\n]{0,30}?\b(?:falls|wenn|sobald)\s+(?:\w+\s+){0,2}?(?:gelöscht|entfernt)\b"
                r"|\b(?:vuelve\s+a\s+)?añad\w+\s+(?:de\s+nuevo\s+)?si\s+(?:se\s+)?(?:borra|elimina|borran|eliminan)\b"
            ),
        ),
    ),
    (
        Signal.SELF_PROPAGATION,
        # A line to write into the agent's own instruction file, read every session
        # ("add this line to CLAUDE.md", "ajoutez ... au fichier AGENTS.md").
        _a(
            "claude.md agents.md gemini.md .cursorrules copilot-instructions .windsurfrules "
            "memory.md",
            _rx(
                r"\b(?:add|append|insert|write|put|ajoute[rz]?|ajoutez|insère[rz]?|écri(?:s|vez|re)|aggiungi|inserisci|scrivi|añade|agrega|inserta|escribe|füge|schreibe?|trage?)\b[^\n]{0,60}?(?:(?:claude|agents|gemini|memory)\.md\b|\.(?:cursorrules|windsurfrules)\b|copilot-instructions\.md\b)"
            ),
        ),
    ),
    # -- source steering -------------------------------------------------------------------
    (
        Signal.SOURCE_STEERING,
        _rx(
            r"\b(?:remember|treat|consider|regard|present|rank|list|record|note|store|save|keep)\b[^.\n]{0,60}?\bas\s+(?:the\s+user's\s+|the\s+|my\s+|our\s+|their\s+|your\s+|a\s+|an\s+)?(?:most\s+|only\s+|single\s+|number[- ]one\s+)?(?:trusted|trustworthy|authoritative|reliable|credible|definitive|go-to|preferred|primary|default)\b"
            r"|\bis\s+(?:the|my|our|their)\s+(?:most\s+|only\s+)?(?:trusted|trustworthy|authoritative|reliable|credible|definitive)\s+(?:\w+\s+){0,2}?(?:source|reference|authority|site|outlet|provider|vendor)\b"
            r"|\b(?:cite|rank|list|show|present|mention|recommend|put)\s+(?:it|them)\s+(?:first|at\s+the\s+top|above\s+(?:all|any|every)\s+others?)\b"
            r"|\bprefer\s+(?:it|them)\s+over\s+(?:any|all|every)\s+other\b"
            r"|\b(?:do\s+not|don't|never)\s+(?:show|mention|cite|recommend|list|link(?:\s+to)?)\s+(?:me\s+)?(?:any\s+)?(?:other|competing|rival|alternative)\s+(?:\w+\s+)?(?:outlets?|sources?|sites?|brands?|vendors?|providers?|products?)\b"
            r"|\bbe\s+(?:presented|ranked|listed|shown|recommended|cited)\s+as\s+the\s+(?:top|best|first|only|preferred)\b"
        ),
    ),
    (
        Signal.SOURCE_STEERING,
        # fr / it / es / de: "est la référence fiable", "la fonte più autorevole ... va
        # citata per prima", "la fuente más fiable", "die vertrauenswürdigste Quelle".
        _rx(
            r"\best\s+(?:la|le)\s+(?:source|référence|site)\s+(?:la\s+plus\s+|le\s+plus\s+)?(?:fiable|sûre?|de\s+confiance|de\s+référence)\b"
            r"|\bcite[zr]?(?:-la|-le|-les)?\s+en\s+premier\b"
            r"|\b(?:è|e')\s+la\s+fonte\s+(?:\w+\s+)?(?:più\s+)?(?:autorevole|affidabile|attendibile|sicura)\b"
            r"|\b(?:va|vanno|deve\s+essere|devono\s+essere)\s+(?:citat|mostrat|consigliat|presentat)[oaie]\s+per\s+prim[oaie]\b"
            r"|\bes\s+la\s+fuente\s+(?:\w+\s+)?(?:más\s+)?(?:fiable|confiable|autorizada|fidedigna)\b"
            r"|\bcít(?:ala|alo|alas|alos)\s+en\s+(?:todas|todos|cada)\b"
            r"|\b(?:die\s+)?(?:vertrauenswürdigste|zuverlässigste|seriöseste|einzig\s+vertrauenswürdige)\s+quelle\b"
            r"|\b(?:immer\s+)?(?:zuerst|als\s+erstes)\s+(?:nennen|zitieren|empfehlen|anzeigen)\b"
        ),
    ),
]

# (round 27) The text asks to be copied into an agent's instruction file ("copy this
# section into CLAUDE.md", "copia questa sezione nel README, nel CLAUDE.md …", "recopie
# ce bloc dans AGENTS.md", "copia esta sección en .cursorrules", "kopiere diesen Abschnitt
# in die CLAUDE.md"): every agent that reads the file then carries it on. 0.5.
_COPY_ME = (
    r"(?:copy|paste|add|append|insert|include|recopie\w*|copie[rz]?|colle[rz]?|ajoute[rz]?|"
    r"insère[rz]?|copia(?:re)?|incolla(?:re)?|aggiungi|aggiungere|inserisci|copiar|pega(?:r)?|"
    r"añad(?:e|ir)|incluye|kopier\w*|füge|einfügen|übernimm|übernehmen)"
)
_THIS_TEXT = (
    r"(?:this|these)\s+(?:section|paragraph|block|text|note|rule|lines?|instructions?)|"
    r"(?:cette|ces|ce)\s+(?:section|paragraphe|bloc|texte|note|règle|lignes?|consignes?)|"
    r"(?:questa|questo|queste|questi)\s+(?:sezione|paragrafo|blocco|testo|nota|regola|righe?|istruzion[ei])|"
    r"(?:esta|este|estas|estos)\s+(?:sección|párrafo|bloque|texto|nota|regla|líneas?|instrucciones)|"
    r"(?:diesen|diese|dieses)\s+(?:abschnitt|absatz|block|text|notiz|regel|zeilen?|anweisungen?)"
)
_INSTRUCTION_FILE = (
    r"(?:(?:claude|agents|memory|gemini|copilot-instructions)\.md|\.cursorrules|\.windsurfrules)"
)
INTO_INSTRUCTION_FILE = _a(
    "copy paste add append insert include recopie copie colle ajoute insère copia incolla "
    "aggiungi inserisci copiar pega añad incluye kopier füge einfügen übernimm übernehmen",
    _w(
        0.5,
        _rx(rf"\b{_COPY_ME}\b{_IN}{{0,20}}?\b(?:{_THIS_TEXT})\b{_IN}{{0,60}}?{_INSTRUCTION_FILE}"),
    ),
)
PROPAGATION_PATTERNS += [
    (Signal.SELF_PROPAGATION, INTO_INSTRUCTION_FILE),
]

# (round 37) A write into an agent's instruction file with the verb after the file (German
# word order: "zu AGENTS.md hinzufügen", "in CLAUDE.md eintragen", "an MEMORY.md anhängen")
# or with a verb of keeping the list above lacks ("persist into AGENTS.md", "save it to
# CLAUDE.md"). The infinitive only, as above: "in MEMORY.md ergänzt" reports a done write
# (round 13's assistant, at the user's request). Weighed at full where a model step with
# nothing behind it proposes it (``proposed``).
_LATE_VERB = (
    r"(?:hinzu(?:zu)?fügen|ein(?:zu)?tragen|an(?:zu)?hängen|auf(?:zu)?nehmen|ein(?:zu)?fügen|"
    r"ergänzen)"
)
INTO_FILE_LATE = _a(
    "claude.md agents.md gemini.md .cursorrules copilot-instructions .windsurfrules memory.md",
    _rx(
        rf"\b(?:persist|save|commit|record|store)\s+(?:it\s+|this\s+|that\s+)?(?:in|into|to)\s+"
        rf"(?:the\s+)?{_INSTRUCTION_FILE}|{_INSTRUCTION_FILE}[^\n.]{{0,40}}?\b{_LATE_VERB}\b"
    ),
)
PROPAGATION_PATTERNS += [
    (Signal.SELF_PROPAGATION, INTO_FILE_LATE),
]
