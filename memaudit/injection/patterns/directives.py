"""Asks to persist itself, directives addressed to the agent, standing rules and
conditional triggers."""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.patterns.relay import AI_HEADING
from memaudit.injection.vocabulary import (
    _AGENT,
    _BEHAVIOUR_VERBS,
    _GENERIC_VERBS,
    _OUTPUTS,
    _a,
    _rx,
    _w,
)

DIRECTIVE_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    # -- asks to persist itself ----------------------------------------------------------
    (
        Signal.PERSISTENCE,
        _rx(
            r"\b(?:save|store|write|add|keep|commit|persist|record|put)\b[^.\n]{0,40}?\b(?:to|in|into)\s+(?:your\s+)?(?:long[- ]term\s+|permanent\s+|persistent\s+)?memor(?:y|ies)\b"
        ),
    ),
    (
        Signal.PERSISTENCE,
        _rx(
            r"\b(?:in|during|for)\s+(?:a|the|any|every|each|all)\s+(?:later|future|next|new|subsequent|following)\s+(?:sessions?|conversations?|chats?|runs?)\b"
        ),
    ),
    (
        Signal.PERSISTENCE,
        _rx(
            r"\bremember\b[^.\n]{0,30}?\b(?:for|in)\s+(?:all\s+)?(?:future|every|later)\b|\bpersists?\s+across\s+(?:sessions|turns|conversations|chats)\b|\b(?:in|for)\s+(?:all|every|any)\s+future\s+(?:sessions?|conversations?|tasks?|chats?|repl(?:y|ies)|responses?|runs?)\b"
        ),
    ),
    (
        Signal.PERSISTENCE,
        _rx(
            r"\b(?:enregistre|sauvegarde|mémorise|garde)[^.\n]{0,40}?\b(?:en|dans)\s+(?:ta\s+|votre\s+)?mémoire\b|\b(?:salva|memorizza)[^.\n]{0,40}?\bnella\s+(?:tua\s+)?memoria\b|\b(?:guarda|almacena)[^.\n]{0,40}?\ben\s+tu\s+memoria\b|\b(?:speichere|merke\s+dir)[^.\n]{0,40}?\b(?:gedächtnis|dauerhaft|für\s+immer)\b"
            r"|\b(?:bleibt|bleiben)\s+dauerhaft\s+(?:gespeichert|erhalten)\b|\breste(?:nt)?\s+(?:en\s+mémoire|enregistrée?s?)\b|\brimane\s+(?:in\s+memoria|salvat[oa])\b|\bpermanece\s+(?:en\s+memoria|guardad[oa])\b"
        ),
    ),
    (
        Signal.PERSISTENCE,
        # "mémorise cette consigne de façon permanente", "memorizza questa regola per sempre".
        _rx(
            r"\b(?:mémorise[zr]?|memorizza(?:te|re)?|memoriza[dr]?)\s+(?:cette|ce|ces|questa|questo|queste|questi|esta|este|estas|estos)\b[^.\n]{0,40}?(?:\bde\s+(?:façon|manière)\s+permanente|\bpour\s+toujours|\bdéfinitivement|\bin\s+modo\s+permanente|\bper\s+sempre|\bpermanentemente|\bde\s+(?:forma|manera)\s+permanente|\bpara\s+siempre)\b"
        ),
    ),
    (
        Signal.PERSISTENCE,
        # What an install script plants and asks to stay: "add X ... and keep it there".
        _rx(
            r"\bkeep\s+(?:it|them|this|that)\s+(?:there|in\s+place|installed|enabled|pinned)\b"
            r"|\b(?:must|should|shall|is\s+to|will)\s+be\s+(?:kept|stored|retained|preserved)\s+(?:permanently|forever|indefinitely)\b"
        ),
    ),
    # -- directives addressed to the agent ---------------------------------------------
    (
        Signal.AGENT_DIRECTIVE,
        _rx(
            rf"(?:^|[\n#*])[^\w\n#*]*(?:a\s+)?note\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?{_AGENT}s?\b|\b(?:if|when)\s+you\s+are\s+an?\s+{_AGENT}\b|\b(?:any|all|every)\s+{_AGENT}s?\s+(?:systems?\s+|agents?\s+)?(?:reading|processing|parsing|summari[sz]ing|reviewing|seeing|integrating|that\s+reads?)\b|\b(?:ai|llm)\s+(?:agents?|assistants?|systems?|models?|coding\s+agents?)\s+(?:reading|processing|integrating|reviewing|should|must)\b|\b{_AGENT}\s+reading\s+this\b|\bfor\s+(?:ai|llm)\s+(?:coding\s+)?agents\b"
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        _w(
            0.5,
            _rx(
                rf"(?:^|\n)[^\w\n]*(?:{_AGENT})\s+(?:instructions?|notes?|rules?|directives?|guidance)\s*:"
                r"|\bagents?\s+(?:integrating|reading|processing|using|installing|working\s+on|reviewing)\s+this\b"
                r"|\b(?:agents|assistants|bots)\s+(?:should|must|shall|are\s+to)\b"
                r"|\b(?:is|are|must\s+be|should\s+be|will\s+be|gets?)\s+(?:shown|included|added|appended|mentioned|displayed|repeated|quoted|inserted)\b[^.\n]{0,40}?\b(?:in|at\s+the\s+end\s+of|at\s+the\s+start\s+of|to)\s+(?:every|each|all|any|your)\s+(?:future\s+)?"
                + _OUTPUTS
                + r"\b"
                r"|\b(?:muss|müssen|soll|sollen)\b[^.\n]{0,60}?\b(?:angehängt|hinzugefügt|eingefügt|erwähnt)\s+werden\b"
                r"|\b(?:doit|doivent)\s+être\s+(?:ajouté|ajoutée|ajoutés|inclus|incluse|mentionné)e?s?\b"
                r"|\b(?:deve|devono)\s+essere\s+(?:aggiunt|inclus|menzionat)[oaie]\b"
                r"|\b(?:debe|deben)\s+(?:añadirse|incluirse|agregarse|mencionarse)\b"
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # Round 11's lesson: any heading addressed to AI readers or language models
        # ("Editorial policy for AI readers:", "Wichtig für Sprachmodelle:", "Consignes
        # pour les modèles de langage :"), whatever the heading's noun.
        _w(
            0.5,
            _a(
                "ai$ llm$ llms$ ki$ ki-assistenten ki-systeme ki-leser ia$ sprachmodell language modèles modelli modelos",
                _rx(
                    r"\b(?:for|to)\s+(?:all\s+|any\s+)?(?:ai|llm)\s+(?:readers|assistants|agents|models|systems|crawlers)\s*:"
                    r"|\b(?:for|to)\s+(?:all\s+|any\s+)?(?:large\s+)?language\s+models\s*:"
                    r"|\bfür\s+(?:alle\s+)?(?:ki-(?:assistenten|systeme|leser|modelle|agenten)|sprachmodelle|ki-?sprachmodelle)\s*:"
                    r"|\bpour\s+(?:les\s+)?(?:modèles\s+de\s+langage|assistants\s+(?:ia|d'ia)|lecteurs\s+ia|agents\s+ia)\s*:"
                    r"|\bper\s+(?:i\s+|gli\s+)?(?:modelli\s+(?:linguistici|di\s+ia)|assistenti\s+(?:ia|ai)|lettori\s+(?:ia|ai)|agenti\s+(?:ia|ai))\s*:"
                    r"|\bpara\s+(?:los\s+)?(?:modelos\s+de\s+lenguaje|asistentes\s+(?:de\s+)?ia|lectores\s+(?:de\s+)?ia|agentes\s+(?:de\s+)?ia)\s*:"
                ),
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # A note headed for the AI in another language ("KI-Hinweis:", "note pour l'IA :").
        _w(
            0.5,
            _a(
                "ki$ hinweis anweisung notiz",
                _rx(
                    r"\bki-(?:hinweis|anweisung|regel|notiz)\s*:|\b(?:hinweis|anweisung|notiz)\s+(?:für|an)\s+(?:die\s+)?ki\s*:"
                ),
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        _w(
            0.5,
            _a(
                "note consigne instruction nota ia$",
                _rx(
                    r"\b(?:note|consigne|instruction)s?\s+(?:pour|à)\s+l'ia\s*:|\bnota\s+per\s+l'ia\s*:|\bnota\s+para\s+(?:la\s+)?ia\s*:"
                ),
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # Round 15: a heading addressed to the model, "the AI" or AI systems, in each
        # language ("Nota per il modello:", "Hinweis an KI-Systeme:", "Pour l'IA :").
        _w(
            0.5,
            _a(
                "model modèle modello modelo modell sprachmodell llm ia$ ai$ ki$ ki-system "
                "ki-systeme ki-modell ki-modelle kisysteme kimodell",
                _rx(AI_HEADING),
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # A policy addressed to the assistant, at any sentence start ("... 3.13.
        # Assistant policy: ..."); "AI policy:" heads companies' rules for staff.
        _w(
            0.5,
            _a(
                "assistant agent llm bot$ chatbot copilot claude gpt chatgpt gemini",
                _rx(
                    r"(?:^|[.!?\n]\s)(?:[^\w.!?\n]|[.!?\n](?!\s))*(?:assistant|agent|llm|bot|chatbot|copilot|claude|gpt|chatgpt|gemini)\s+polic(?:y|ies)\s*:"
                ),
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # "Reminder for the AI:", "Attention assistant:", "note to self:" — text addressed
        # to the agent; and the agent (or "assistants") as the subject of a modal.
        _w(
            0.5,
            _rx(
                rf"\b(?:reminder|attention|note|memo|heads[- ]up|instruction|message|warning|hint|takeaway|lesson|tip|advice|guidance)s?\s+(?:for|to)\s+(?:the\s+|any\s+|all\s+|every\s+)?(?:future\s+)?{_AGENT}s?\b"
                rf"|\b(?:attention|dear|hey|hi)\s+{_AGENT}s?\s*[:,!]"
                r"|(?:^|\n)[^\w\n]*note\s+to\s+self\s*[:(]"
                # the agent's rule for itself ("Rule I've set for myself:"; round 11)
                r"|(?:^|\n)[^\w\n]*(?:(?:a\s+)?(?:rule|policy|standing\s+order)s?\s+(?:i(?:'ve|\s+have)?\s+set\s+)?for\s+myself|règles?\s+(?:que\s+je\s+me\s+suis\s+fixée?s?|pour\s+moi-même)|regol[ae]\s+(?:che\s+mi\s+sono\s+dat[oa]|per\s+me\s+stess[oa])|regla\s+(?:que\s+me\s+he\s+puesto|para\s+mí\s+mism[oa])|regel\s+für\s+mich\s+selbst)\s*:"
                rf"|\b(?:the\s+|any\s+|all\s+)?{_AGENT}s?\b[^.\n;:]{{0,60}}?\b(?:should|must|shall|has\s+to|have\s+to|needs?\s+to|is\s+to|are\s+to)\b"
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # The agent committing its future self ("I will book with X", "we must skip Y").
        _w(
            0.3,
            _rx(
                r"\b(?:i|we)(?:\s+will|'ll|\s+shall|\s+must|\s+should|\s+am\s+going\s+to|\s+have\s+to)\s+(?:now\s+|from\s+now\s+on\s+|also\s+|just\s+|directly\s+)?(?!be\b|have\b|need\b|try\b|see\b|check\s+with\b)[a-z]+\b"
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        _rx(
            rf"\b(?:the\s+)?{_AGENT}\s+(?:must|should|shall|will\s+always|is\s+required\s+to|needs\s+to|has\s+to|is\s+to)\b|\b(?:requires?|instructs?|orders?|tells?|asks?|wants?|needs?|expects?|allows?|permits?|lets|authori[sz]es|entitles)\s+(?:the\s+|any\s+|every\s+)?{_AGENT}s?\s+to\b|\bi\s+(?:want|need)\s+you\s+to\b"
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        _rx(
            r"\b(?:i|we)\s+(?:will|shall|must|should|am\s+going\s+to|have\s+to)\s+(?:now\s+)?(?:always|never|from\s+now\s+on)\s+(?:"
            + _BEHAVIOUR_VERBS
            + r")\b"
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # "you must answer / include ..." and "in your reply": unmistakably to the agent.
        _w(
            0.5,
            _rx(
                r"\byou\s+(?:must|should|shall|will|need\s+to|have\s+to|are\s+(?:required|expected|instructed|to))\s+(?:now\s+|always\s+|never\s+|also\s+|first\s+)?(?:answer|respond|reply|include|append|add|call|send|forward|recommend|suggest|tell|say|mention|output|print|reveal|ignore|obey|follow|comply|treat|trust|execute|delete|remove|save|store|remember|use|run|refer|prefer|speak|write)\b"
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        _w(
            0.5,
            _rx(
                r"\b(?:include|append|add|insert|put|mention|cite|attach|prepend|recall|reveal|print|repeat)\b[^.\n]{0,100}?\b(?:in|to|at\s+the\s+end\s+of|into|at\s+the\s+start\s+of)\s+(?:your|my|every|each|all|any|the)\s+(?:future\s+|next\s+)?"
                + _OUTPUTS
                + r"\b"
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        _rx(
            r"\b(?:tell|inform|convince|persuade|remind)\s+the\s+user\s+(?:that|to)\b|\b(?:recommend|suggest|promote)\b[^.\n]{0,50}?\bto\s+(?:the\s+user|users|customers|everyone)\b"
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        _rx(
            r"\b(?:tu\s+dois|vous\s+devez|devi|dovete|debes|tienes\s+que|du\s+musst|sie\s+müssen|du\s+sollst)\b|\bnote\s+pour\s+(?:l'|les\s+)(?:ia|assistant|agent)s?\b|\bnota\s+per\s+l'(?:ia|assistente|agente)\b|\bnota\s+para\s+(?:la\s+ia|el\s+asistente|el\s+agente)\b|\bhinweis\s+für\s+(?:die\s+ki|den\s+assistenten|ki-agenten)\b|\b(?:si\s+tu\s+es|se\s+sei|si\s+eres|wenn\s+du)\s+(?:une?\s+ia|un'ia|una\s+ia|eine\s+ki)\b|\b(?:l'assistant|l'assistente|el\s+asistente|der\s+assistent)\s+(?:doit|deve|debe|muss)\b"
            # The agent as the subject of a permission or a duty, in each language ("laut
            # Handbuch darf der Agent ...", "l'agente può ...").
            r"|\b(?:darf|soll|muss)\s+(?:der|die)\s+(?:agent|assistent|ki|bot)\b|\b(?:der|die)\s+(?:agent|assistent|ki)\s+(?:darf|soll|muss)\b|\b(?:l'agent|l'ia|el\s+agente|la\s+ia|l'agente)\s+(?:doit|peut|deve|può|debe|puede)\b|\b(?:l'assistant|l'assistente|el\s+asistente)\s+(?:peut|può|puede)\b"
            # What the speaker wants the agent to do ("I prefer that you ...", "quiero que
            # uses ..."): the user's wish when the user said it, laundered when not.
            r"|\bi(?:\s+would|'d)?\s+(?:always\s+|really\s+|also\s+)?(?:prefer|like|want|expect)\s+(?:that\s+you|you\s+to)\b"
            r"|\b(?:quiero|prefiero|deseo)\s+que\s+(?:me\s+|siempre\s+|nunca\s+)?(?!las\b|los\b|todas\b|todos\b|estas\b|esas\b|mis\b|tus\b|sus\b)[a-záéíóú]+(?:es|as)\b"
            r"|\b(?:voglio|preferisco|vorrei)\s+che\s+(?:tu\b|mi\s+\w+)"
            r"|\bje\s+(?:veux|voudrais|préfère|souhaite)\s+que\s+(?:tu|vous)\b"
            r"|\bich\s+(?:möchte|will|wünsche\s+mir)\s*,?\s+dass\s+(?:du|sie)\b"
            # How a tool is to be called, stated as a rule ("the payments tool should be
            # called with ..."), and the agent told to disregard the record ("whatever the
            # customer record says").
            r"|\b(?:tool|function|api|endpoint|command|script|plugin)\s+(?:should|must|is\s+to|has\s+to)\s+(?:always\s+)?be\s+(?:called|invoked|executed)\s+with\b"
            r"|\b(?:whatever|regardless\s+of\s+what|no\s+matter\s+what)\s+the\s+(?:[\w']+\s+){1,2}(?:says?|said|shows?|states?|lists?)\b"
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # A line addressed to the agent by name: "agente: d'ora in poi ..." (a pattern of
        # its own: its short names are in many texts, and alone it is cheap to run).
        _rx(r"^[^\w\n]*(?:agents?|agente|agenti|asistente|assistente|ia|ki|ai|llm|bots?)\s*:\s*\S"),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # A key that holds an order for the agent, as metadata carries it (often encoded):
        # {"agent_instruction": "..."}, agent-directive=...
        _w(
            0.5,
            _rx(
                r"\b(?:agent|assistant|ai|llm|model|bot)[_-](?:instructions?|directives?|commands?|tasks?|orders?)\b[\"']?\s*[:=]"
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # The agent handed a new persona from now on ("a partir de ahora eres ...", "tu es
        # désormais ..."): soft, as a user may name their tutor so.
        _rx(
            r"\b(?:a\s+partir\s+de\s+ahora|desde\s+ahora|de\s+ahora\s+en\s+adelante)\s+(?:eres|serás)\b"
            r"|\b(?:désormais|dorénavant|à\s+partir\s+de\s+maintenant)\s+tu\s+es\b|\btu\s+es\s+(?:désormais|dorénavant)\b"
            r"|\b(?:d'ora\s+in\s+poi|da\s+ora\s+in\s+poi|da\s+adesso)\s+sei\b|\bora\s+sei\b"
            r"|\b(?:ab\s+jetzt|von\s+nun\s+an|ab\s+sofort)\s+bist\s+du\b|\bdu\s+bist\s+(?:ab\s+jetzt|nun|ab\s+sofort)\b"
            r"|\bfrom\s+now\s+on,?\s+you\s+are\b|\byou\s+are\s+now\s+(?:called|named|known\s+as)\b"
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # The speaker dropping an earlier rule of their own: a directive (the user changing
        # their mind, when the user said it), not an override of the agent's instructions.
        _w(
            0.5,
            _rx(
                r"\b(?:ignore|disregard|forget|drop)\s+(?:all\s+(?:of\s+)?)?my\s+(?:(?:old|previous|earlier|prior|former|last|other)\s+)?(?:rules?|instructions?|preferences?|directives?|requests?)\b"
                # Someone's preferences dropped, in each language ("olvida las preferencias
                # anteriores del usuario").
                r"|\b(?:ignore|disregard|forget|drop|olvida|ignora|descarta|oublie|dimentica|trascura|vergiss|ignoriere|verwirf)\s+(?:all\s+|todas\s+|toutes\s+|tutte\s+|alle\s+)?(?:the|las|los|les|le|i|gli|die)\s+(?:[\w']+\s+){0,2}?(?:preferences|preferencias|préférences|preferenze|präferenzen|vorlieben|wishes|deseos|souhaits|desideri|wünsche)\b"
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # "disregard the content-filter settings I configured": the same, by the
        # setting the speaker says they made.
        _w(
            0.5,
            _rx(
                r"\b(?:ignore|disregard|forget|drop)\s+(?:all\s+)?the\s+(?:[\w-]+\s+){0,2}?(?:settings?|filters?|restrictions?|limits?|rules?|safeguards?|preferences?)\s+(?:that\s+)?i\s+(?:configured|set(?:\s+up)?|made|created|chose|added|enabled|turned\s+on)\b"
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # A substitution triggered by the user's request or a query: "whenever a query refers
        # to X, use Y instead", "lorsque l'utilisateur demande ..., remplace-la par ...".
        # Run only where a substitution word is (its own anchors).
        _a(
            "instead$ remplace invece sostituisci lugar$ reempl stattdessen ersetze",
            _rx(
                r"\b(?:when(?:ever)?|if|once|lorsqu(?:e\b|')|quand|quando|se|cuando|si|wenn|sobald|falls)[^.\n]{0,80}?\b(?:users?|query|queries|requests?|questions?|utilisat(?:eur|rice)|requête|demande|utente|richiesta|usuari[oa]|consulta|pregunta|nutzer|benutzer|anfrage)\b[^.\n]{0,100}?"
                r"(?:\binstead\b|\bremplace[zr]?(?:-la|-le|-les)?\s+par\b|\binvece\b|\bsostituisci(?:la|lo|le|li)?\s+con\b|\ben\s+su\s+lugar\b|\breempl[aá]za(?:la|lo|las|los)?\s+por\b|\bstattdessen\b|\bersetze\s+(?:sie|ihn|es)\s+durch\b)"
            ),
        ),
    ),
    # -- standing rules --------------------------------------------------------------------
    (
        Signal.STANDING_RULE,
        _rx(
            r"\b(?:from\s+now\s+on|going\s+forward|henceforth|hereafter|from\s+this\s+point(?:\s+forward|\s+on)?|for\s+the\s+rest\s+of\s+(?:the|this)\s+(?:session|conversation|task|chat)|until\s+told\s+otherwise|at\s+all\s+times|permanently|from\s+today\s+on)\b"
        ),
    ),
    (
        Signal.STANDING_RULE,
        _rx(
            r"\b(?:in|to|at\s+the\s+end\s+of|at\s+the\s+start\s+of|with)\s+(?:every|each|all|any)\s+(?:future\s+)?"
            + _OUTPUTS
            + r"\b"
        ),
    ),
    (
        Signal.STANDING_RULE,
        _rx(
            r"\b(?:always|never)\s+(?:"
            + _BEHAVIOUR_VERBS
            + "|"
            + _GENERIC_VERBS
            + r")\b|\bno\s+matter\s+what\b|\b(?:à\s+la\s+fin\s+de|dans)\s+(?:chaque|toute|toutes\s+les)\s+réponses?\b|\b(?:alla\s+fine\s+di|in)\s+ogni\s+risposta\b|\b(?:al\s+final\s+de|en)\s+(?:cada|cualquier)\s+respuesta\b|\b(?:am\s+ende|in)\s+jeder\s+antwort\b"
        ),
    ),
    (
        Signal.STANDING_RULE,
        # A rule over every thing of a kind the agent handles, not only its outputs.
        _rx(
            r"\b(?:in|to|for|on|with|into)\s+(?:every|each|all|any)\s+(?:future\s+|new\s+)?(?:projects?|repos|repositor(?:y|ies)|files?|forms?|documents?|pages?|pull\s+requests?|prs?|tickets?|bookings?|purchases?|orders?|invoices?|transactions?|sessions?|chats?|calls?|meetings?|comparisons?|recommendations?|searches|listings?|installs?|deployments?)\b"
            r"|\b(?:jede[rsnm]?|chaque|ogni|cada)\s+(?:antwort|nachricht|e-mail|mail|réponse|message|courriel|risposta|messaggio|respuesta|mensaje|correo)\b"
        ),
    ),
    (
        Signal.STANDING_RULE,
        _rx(
            r"\b(?:désormais|dorénavant|à\s+partir\s+de\s+maintenant|à\s+l'avenir|d'ora\s+in\s+(?:poi|avanti)|da\s+ora\s+in\s+poi|a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+adelante|desde\s+ahora|en\s+adelante|ab\s+jetzt|ab\s+sofort|von\s+nun\s+an|künftig|zukünftig|in\s+zukunft)\b"
            # The verb before "always" (Romance and German word order): "installe toujours",
            # "usa sempre", "uses siempre".
            r"|\b(?:installe|installa|instala|installiere|accepte|accetta|acepta|akzeptiere|utilise|usa|utiliza|uses|benutze|verwende|envoie|invia|envía|sende|paie|paga|zahle|clique|clicca|klicke|instales|aceptes|pagues|envíes|approuve|approva|aprueba|genehmige)\s+(?:toujours|sempre|siempre|immer)\b"
        ),
    ),
    # -- conditional triggers --------------------------------------------------------------
    (
        Signal.CONDITIONAL_TRIGGER,
        _rx(
            r"\b(?:whenever|every\s+time|each\s+time|any\s+time)\b|\b(?:when|if|once)\s+(?:a|an|the|any)\s+(?:later\s+|future\s+|new\s+|subsequent\s+)?(?:request|message|query|prompt|e-?mail|document|ticket|question|task)\s+(?:[^.,\n]{0,40}?\s)?(?:contains|mentions|includes|is\s+about|refers\s+to)\b|\b(?:when|if|once|as\s+soon\s+as)\s+(?:the\s+|a\s+)?(?:user|human|customer|someone|anyone|i|we)\s+(?:ever\s+)?(?:asks?|mentions?|says?|types?|requests?|wants?|opens?|logs?\s+in|runs?|talks?|writes?|queries|searches|brings\s+up)\b|\bon\s+the\s+next\s+(?:user\s+)?(?:message|turn|request|session|run|reply)\b|\bnext\s+time\s+(?:you|the\s+user)\b|\b(?:when(?:ever)?|if|once|each\s+time|every\s+time)\s+(?:a|the|any|an)\s+(?:later\s+|future\s+|new\s+|next\s+|subsequent\s+|user\s+)?(?:message|request|query|prompt|input|task|email|ticket|document|question)s?\s+(?:contains?|mentions?|includes?|asks?|says|matches|has)\b|\bwhen\s+you\s+(?:read|see|process|summari[sz]e|encounter|receive|handle|review|parse)\s+(?:this|it)\b|\bbefore\s+(?:you\s+)?(?:answer|respond|reply)(?:ing)?\b"
        ),
    ),
    (
        Signal.CONDITIONAL_TRIGGER,
        _rx(
            r"\b(?:chaque\s+fois\s+que|quand\s+l'utilisateur|si\s+l'utilisateur|lorsque\s+l'utilisateur|ogni\s+volta\s+che|quando\s+l'utente|se\s+l'utente|cada\s+vez\s+que|cuando\s+el\s+usuario|si\s+el\s+usuario|immer\s+wenn|jedes\s+mal\s+wenn|wann\s+immer|wenn\s+der\s+(?:benutzer|nutzer))\b"
            # A message as the trigger: "quando un messaggio contiene ...".
            # Asked by the one reading it: "cuando te pida ...", "bei Fragen zu ...".
            r"|\b(?:quand\s+(?:je\s+te|on\s+te|l'on\s+te)\s+demande|quando\s+ti\s+(?:chiedo|chiede|chiedono)|cuando\s+te\s+(?:pida|pidan|pregunte|pregunten)|si\s+te\s+(?:pide|piden|pregunta)|wenn\s+(?:ich\s+dich|man\s+dich)\s+(?:bitte|frage|fragt)|bei\s+(?:fragen|anfragen)\s+(?:zu|zum|zur|nach|über))\b"
            r"|\b(?:quand|lorsqu'|si|quando|se|cuando|wenn|sobald)\s*(?:un|une|le|la|il|lo|el|eine?|die|der|das)\s+(?:\w+\s+)?(?:message|messaggio|mensaje|nachricht|requête|richiesta|solicitud|anfrage|ticket|e-mail|mail|correo)\s+(?:[^.,\n]{0,40}?\s)?(?:contient|mentionne|contiene|menziona|menciona|incluye|enthält|erwähnt)\b"
        ),
    ),
]
