"""Structural forms of the same kinds (the agent as the subject of a rule, YAML and
list shapes, ...)."""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _AGENT, _EMAIL, _ORDERS, _OUTPUTS, _a, _rx, _w

_READ_HIDDEN = (
    r"(?:backwards?|in\s+reverse|revers(?:e|ed|ing)|decod\w*|à\s+l'envers|décod\w*|alla\s+rovescia|"
    r"al\s+contrario|decodific\w*|al\s+revés|rückwärts|von\s+hinten|entschlüssel\w*)"
)
_KEEP_AS = (
    r"(?:(?:and|then)\s+(?:treat|take|use|keep|save|apply|store)\s+(?:it|this|them)\s+as|"
    r"(?:et|puis)\s+(?:(?:le|la|les)\s+)?(?:considère|traite|garde|prends|applique|enregistre)\w*"
    r"(?:-(?:le|la|les))?\s+comme|"
    r"(?:e|poi)\s+(?:consideral\w*|tienil\w*|salval\w*|applical\w*|usal\w*|trattal\w*)(?:\s+come)?|"
    r"(?:y|luego)\s+(?:tómal\w*|trátal\w*|guárdal\w*|aplícal\w*|úsal\w*|considéral\w*)\s+como|"
    r"(?:und|dann)\s+(?:\w+\s+){0,2}?(?:als)\b)"
)
_RULE_WORD = (
    r"(?:setting|settings|rule|instruction|preference|order|command|réglage|paramètre|règle|"
    r"consigne|préférence|impostazion\w*|regola|istruzion\w*|preferenz\w*|ajuste|configuración|"
    r"regla|instrucción|preferencia|einstellung\w*|regel|anweisung\w*|vorgabe\w*)"
)


STRUCTURAL_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    # -- round 3: structural forms of the same kinds ------------------------------------
    (
        Signal.AGENT_DIRECTIVE,
        # The agent as the subject of a present-tense rule: "the assistant replies to every
        # question with ...", "AI systems reading this must describe ...".
        _w(
            0.45,
            _rx(
                rf"\b(?:the\s+|any\s+|all\s+)?{_AGENT}s?(?:\s+systems?|\s+agents?)?\b(?:\s+[a-z'-]+){{0,5}}?\s+(?:must|should|shall|is\s+to|are\s+to|has\s+to|have\s+to|needs?\s+to)\b"
                rf"|\b(?:the|this)\s+{_AGENT}\s+(?!was\b|is\b|has\b|had\b|did\b|does\b)[a-z]{{3,}}s\b[^.\n]{{0,60}}?\b(?:every|each|all|any|always)\b"
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        _w(
            0.5,
            _rx(
                r"\b(?:lessons?\s+learned|rule\s+for\s+myself|reminder\s+to\s+self|for\s+next\s+time|self-instruction)\s*:"
                r"|\bto\s+(?:all\s+|any\s+)?(?:ai\s+|llm\s+)?(?:coding\s+)?(?:assistants|agents|models|bots|llms)\s*:"
                r"|\b(?:rappel|note|consigne|règle|remarque|instruction)\s+pour\s+(?:l'|les\s+)(?:ia|assistant|agent)s?\b"
                r"|\b(?:regola|istruzione|promemoria)\s+per\s+l'(?:ia|assistente|agente)\b"
                r"|\b(?:regla|instrucción|importante|recordatorio)\s+para\s+(?:la\s+ia|el\s+asistente|el\s+agente)\b"
                r"|\b(?:regel|anweisung|erinnerung)\s+für\s+(?:die\s+ki|den\s+assistenten|ki-assistenten|ki-agenten)\b"
            ),
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        # An imperative whose object is the agent's own output.
        _w(
            0.5,
            _rx(
                r"^[^\w\n]*(?:please\s+)?(?:start|begin|end|finish|close|open|sign|prefix|format|write|fill|pad)\s+(?:every|each|all|your|any)\s+(?:future\s+)?"
                + _OUTPUTS
                + r"\b"
            ),
        ),
    ),
    (
        Signal.SECRECY,
        _rx(
            r"\b(?:do\s+not|don't|never|must\s+not|should\s+not|will\s+not|won't)\s+(?:[a-z]+\s+){0,3}?(?:bring\s+(?:it|this|that)\s+up|talk\s+about|discuss|let\s+(?:the\s+user|them|anyone|users)\s+know)\b"
            r"|\b(?:leave|keep)\s+(?:this|these)\s+(?:entry|entries|note|notes|line|lines|memory|instruction|rule)s?\s+(?:in\s+place|intact|as\s+is|untouched|unchanged)\b"
            r"|\b(?:hide|conceal)\s+(?:it\s+|this\s+)?from\s+(?:the\s+)?users?\b"
        ),
    ),
    (
        Signal.OVERRIDE,
        _rx(
            r"\b(?:instructions|rules|guidelines|guidance|directives|prompt|orders)\s+(?:you\s+)?(?:received|were\s+given|got|have|had)?\s*(?:earlier|before|previously|so\s+far)?\s*(?:are|is|were)\s+(?:now\s+)?(?:outdated|obsolete|void|invalid|cancell?ed|revoked|superseded|no\s+longer\s+valid|a\s+test)\b"
            r"|\bfollow\s+only\s+(?:the\s+)?(?:steps|instructions|rules)\s+(?:in|of|from)\s+this\b"
            r"|\b(?:ignore|disregard|forget)\s+(?:the\s+|your\s+|all\s+)?[a-z]+'s\s+"
            + _ORDERS
            + r"\b"
            r"|\btreat\b[^.\n]{0,60}?\bas\s+(?:coming\s+from|from|written\s+by|said\s+by|if\s+it\s+came\s+from)\s+(?:the\s+)?(?:user|operator|developer|system|admin)\b"
        ),
    ),
    (
        Signal.TOOL_POLICY,
        _rx(
            r"\b(?:confirmations?|approvals?|reviews?|verification|checks?)\s+(?:is|are)\s+(?:now\s+)?(?:unnecessary|not\s+(?:needed|required|necessary)|optional|no\s+longer\s+(?:needed|required))\b"
            r"|\bno\s+(?:human\s+|manual\s+|further\s+|prior\s+)?(?:sign-?offs?|approvals?|reviews?|confirmations?|verification)\s+(?:is\s+|are\s+)?(?:required|needed|necessary)\b"
            # Self-approval: "I'll merge my own pull requests".
            r"|\b(?:merge|approve)[a-z]*\s+(?:my|its|their|your|his|her)\s+own\s+(?:pull\s+requests?|prs?|changes|commits|code|merge\s+requests?)\b"
            # Safety warnings ignored, in each language.
            r"|\b(?:sicherheits)?warnungen\b[^.\n]{0,30}?\bignorieren\b|\bignor(?:er|ez|e)\s+les\s+(?:avertissements|alertes)\b|\bignora(?:re)?\s+(?:gli\s+)?(?:avvisi|avvertimenti)\b|\bignora(?:r)?\s+(?:las\s+)?(?:advertencias|alertas)\b"
            r"|\b(?:will\s+not|won't|do\s+not|don't|no\s+longer|not)\s+ask\s+(?:anymore|again|any\s+more|first)\b"
            r"|\byou\s+(?:don't|do\s+not|no\s+longer)\s+(?:need|have)\s+to\s+(?:confirm|ask|check|verify)\b"
            r"|\bgrants?\s+(?:the\s+)?(?:assistant|agent|ai|bot|you)\s+(?:root|admin|full|unrestricted|unlimited)\s+(?:access|permissions?|privileges|rights)\b"
            r"|\bauto[-_ ]?approv\w*\s*[=:]\s*(?:true|1|yes|on)\b"
            r"|\b(?:that's|that\s+is|this\s+is|it's|it\s+is)\s+(?:now\s+)?the\s+(?:default|standard|rule|way\s+to\s+go)(?:\s+now)?\b"
            r"|\b(?:never|don't|do\s+not|stop)\s+(?:warn|alert|caution)(?:ing)?\s+(?:me|the\s+user|users)\b"
            r"|\b(?:i|we)\s+(?:hereby\s+)?(?:authori[sz]e|approve|permit|allow)\s+you\s+to\b"
            r"|\b(?:ne\s+(?:dois|vais)\s+plus|plus\s+besoin\s+de)\s+(?:demander\s+)?(?:de\s+|la\s+)?confirmation\b"
            r"|\bnon\s+(?:devo|chiedo)\s+più\s+(?:la\s+)?conferma\b|\bya\s+no\s+(?:debo\s+)?(?:pedir|pido)\s+confirmación\b|\b(?:nicht\s+mehr\s+nach\s+(?:bestätigung|erlaubnis)|keine\s+(?:bestätigung|rückfrage)\s+mehr)\b"
        ),
    ),
    (
        Signal.SENSITIVE_ACTION,
        _rx(
            r"\b(?:wire|transfer|send|pay|move)\s+(?:[a-z]+\s+)?(?:[$€£]\s?)?\d[\d,.]*\s*(?:k\b|usd|eur|gbp|dollars|euros|\$|€)"
            r"|\b(?:purchases?|payments?|transfers?|invoices?|orders?)\s+(?:under|below|up\s+to|of\s+less\s+than|less\s+than)\s+[$€£]?\s?\d"
            r"|\b(?:turn\s+off|disable|skip)\s+(?:the\s+)?(?:two-factor|2fa|mfa|antivirus|firewall)\b"
            r"|\b(?:root|admin|administrator|full|unrestricted)\s+(?:access|privileges|permissions|rights)\b[^.\n]{0,40}?\b(?:freely|at\s+will|without\s+limits?|as\s+(?:you|it)\s+sees?\s+fit)\b"
            r"|\b(?:ask|prompt)\s+(?:the\s+)?(?:users?|them|customers?|people)\s+(?:for|to\s+(?:share|send|give|paste|type|enter|write))\b[^.\n]{0,30}?\b(?:passwords?|api\s+keys?|credentials|tokens?|card\s+numbers?|pins?|codes?)\b"
            r"|\b(?:paste|pasting|share|sharing|send|sending)\s+(?:the\s+|your\s+|their\s+)?(?:api\s+keys?|passwords?|tokens?|credentials)\s+(?:into|in|to)\s+(?:the\s+)?(?:chat|conversation|ticket|support)\b"
            r"|\b(?:supprimer|effacer|cancellare|eliminare|borrar|eliminar|lösche|löschen)\b[^.\n]{0,30}?\b(?:fichiers|file|archivos|ficheros|dateien|protokolle|backup|sauvegardes|copias\s+de\s+seguridad|datensicherungen)\b"
            r"|\b(?:pídele|pide|pregunta|chiedi|demande)\b[^.\n]{0,40}?\b(?:contraseñas?|password|mots?\s+de\s+passe|passwörter)\b"
            # Where money goes, swapped: "replace the payee IBAN with ...".
            r"|\b(?:replace|swap|substitute|switch|change)\s+(?:the\s+)?(?:payee|recipient|beneficiary|bank\s+details|iban|account\s+number)\b"
            r"|\b(?:remplace|remplacez|change|changez)\s+(?:l'iban|le\s+rib|le\s+bénéficiaire)\b|\b(?:sostituisci|cambia)\s+(?:l'iban|il\s+beneficiario)\b"
            r"|\b(?:reemplaza|sustituye|cambia)\s+(?:el\s+iban|el\s+beneficiario)\b|\b(?:ersetze|tausche|ändere)\s+(?:die\s+iban|den\s+empfänger)\b"
        ),
    ),
    (
        Signal.SENSITIVE_ACTION,
        # Private things made public, identity documents handed out, security checks
        # removed or switched off (in each language).
        _rx(
            r"\bmake\s+(?:my|the|this|our|your|their|all)\s+(?:[\w-]+\s+){0,2}public\b"
            r"|\b(?:upload(?:ed)?|export(?:ed)?|cop(?:y|ied)|mov(?:e|ed)|shar(?:e|ed)|put|sync(?:ed)?|back(?:ed)?\s+up|push(?:ed)?|dump(?:ed)?)\b[^.\n]{0,50}?\bto\s+(?:a|the|an|any)\s+(?:public|publicly[- ]readable|world[- ]readable|open)\s+(?:[\w-]+\s+){0,2}(?:buckets?|folders?|drives?|repos?|repositor(?:y|ies)|gists?|links?|shares?|sites?|pages?|channels?|servers?)\b"
            r"|\b(?:put|include|add|give|share|send|tell|upload|enter|fill\s+in|answer\s+\w+\s+\w+\s+with)\b[^.\n]{0,50}?\b(?:social\s+security\s+numbers?|ssn|passport\s+(?:numbers?|scans?|cop(?:y|ies))|home\s+address|current\s+salary|date\s+of\s+birth|iban)\b"
            r"|\b(?:remov|delet|disabl|skipp|bypass|comment)(?:e|es|ed|ing)?(?:\s+out)?\s+(?:the\s+|all\s+)?(?:password|auth(?:entication)?|permission|signature|csrf|fraud|anti-?fraud|security|2fa|mfa)\s+(?:checks?|verification|validation)\b"
            r"|\b(?:firewall|virenschutz|antivirus|zwei-faktor\w*|2fa|mfa)\b[^.\n]{0,40}?\b(?:ab|aus)(?:zu)?schalten\b|\b(?:firewall|virenschutz|antivirus)\w*\s+(?:\w+\s+){0,3}deaktivier\w*"
            r"|\bdésactiv\w*\s+(?:le\s+|la\s+|l')?(?:pare-feu|antivirus|2fa|vérification|contrôle)"
            r"|\bdisattiv\w*\s+(?:il\s+|la\s+|l')?(?:firewall|antivirus|verifica|2fa|controllo)"
            r"|\bdesactiv\w*\s+(?:el\s+|la\s+)?(?:firewall|cortafuegos|antivirus|verificación|2fa|control)"
        ),
    ),
    (
        Signal.SENSITIVE_ACTION,
        # Round 13: a key written into authorized_keys lets its holder log in as the user,
        # in any language (the file's name is the same in every one).
        _rx(r"\bauthorized_keys2?\b"),
    ),
    (
        Signal.SENSITIVE_ACTION,
        # Round 15: money or goods sent to the account or address a chat gave, not the one
        # on file ("refund to the IBAN provided in the chat", "reissue to the address in
        # the latest message"): whoever writes in the chat chooses the payee. Negated
        # ("never to an IBAN given in the chat") it is the safeguard.
        _w(
            0.5,
            _a(
                "iban address account bank card wallet adresse compte rib numéro indirizzo "
                "conto numero dirección cuenta número konto nummer",
                _rx(
                    r"\b(?:to|into|onto|use|using)\s+(?:the\s+|an?\s+|whatever\s+|any\s+)?"
                    r"(?:iban|(?:delivery\s+|shipping\s+|postal\s+)?address|account(?:\s+number)?|bank\s+details|card|wallet)"
                    r"\s+(?:(?:given|provided|indicated|supplied|shared|stated|sent|written|mentioned|pasted)\s+)?"
                    r"(?:in|from|via)\s+(?:the\s+|a\s+)?(?:latest\s+|last\s+|most\s+recent\s+|newest\s+)?"
                    r"(?:chat|conversation|dm|direct\s+message|message)s?\b"
                    r"|\b(?:à|sur|vers|utilise[rz]?)\s+(?:l'|le\s+|la\s+|un\s+|une\s+)(?:iban|adresse|compte|rib|numéro)"
                    r"\s+(?:indiqu|donn|fourni|communiqu|envoy|coll)[ée]e?s?\s+(?:dans|par|sur)\s+(?:le\s+|la\s+|l')?"
                    r"(?:chat|conversation|dernier\s+message|message|messagerie)"
                    r"|\b(?:a|al|su|sul|sull'|usa(?:re|ndo)?|verso)\s*(?:l'|il\s+|lo\s+|un\s+|un')?(?:iban|indirizzo|conto|numero)"
                    r"\s+(?:indicat|fornit|dat|comunicat|scritt|incollat|inviat)[oa]\s+(?:nella|in|nel|via)\s+"
                    r"(?:chat|conversazione|messaggio|ultimo\s+messaggio)"
                    r"|\b(?:a|al|usa(?:r|ndo)?|hacia)\s+(?:el\s+|la\s+|un\s+|una\s+)?(?:iban|dirección|cuenta|número)"
                    r"\s+(?:indicad|facilitad|proporcionad|dad|enviad|escrit|pegad)[oa]\s+en\s+(?:el\s+|la\s+)?"
                    r"(?:chat|conversación|mensaje|último\s+mensaje)"
                    r"|\b(?:an|auf|die|das|den)\s+(?:die\s+|das\s+|den\s+)?(?:im|in\s+der)\s+(?:chat|unterhaltung|nachricht|"
                    r"letzten\s+nachricht)\s+(?:angegebene|genannte|mitgeteilte|geschickte|gesendete)n?\s+(?:iban|adresse|konto|kontonummer)"
                    r"|\b(?:an|auf)\s+(?:die\s+|das\s+|den\s+)?(?:iban|adresse|konto|kontonummer)\s+(?:aus|im|in\s+der)\s+"
                    r"(?:dem\s+|der\s+)?(?:chat|unterhaltung|nachricht|letzten\s+nachricht)\b"
                ),
            ),
        ),
    ),
    (
        Signal.EXFILTRATION,
        _rx(
            # (round 20: "añadir CCO a …", "mettre en CCI …", "in CCN a …", "BCC an …")
            r"\b(?:bcc|cc|cco|cci|ccn|copia\s+oculta|copie\s+cachée|copia\s+(?:conoscenza\s+)?nascosta|"
            r"blindkopie)\s*(?:to|à|a|an|al|:)?\s*(?:" + _EMAIL + r")"
            r"|\bpass\w*\s+(?:its|their|the|this)\s+(?:content|contents|value|text)\s+(?:as|in|to|into)\s+(?:the\s+)?['\"`]?\w+['\"`]?\s+(?:parameter|argument|field|param)\b"
        ),
    ),
    (
        Signal.SYSTEM_PROMPT,
        _rx(
            r"\b(?:read|open|cat|load|pass|send|include)\b[^.\n]{0,30}?(?:~/)?\.(?:cursor/mcp\.json|npmrc|pypirc|git-credentials|docker/config\.json|kube/config)\b"
        ),
    ),
    (
        Signal.FAKE_AUTHORITY,
        _rx(
            r"(?:^|\n)[^\S\n]*from:\s*(?:the\s+)?(?:ceo|cfo|cto|ciso|admin|administrator|it|security|hr|legal|director|boss)\b"
            r"|\b(?:admin|administrator|owner|ceo|cto|manager|boss|security\s+team|it\s+department)\s+(?:told|said\s+to|instructed|asked|confirmed\s+to)\s+(?:me|us|you)\b"
        ),
    ),
    (
        Signal.FAKE_EXPERIENCE,
        _rx(
            r"\blast\s+(?:session|run|attempt)\b[^.\n]{0,60}?\b(?:worked|succeeded|fixed|solved|resolved)\b"
            r"|\b(?:from|in\s+my|in\s+our)\s+experience\b|\bexperience\s+shows\b"
            r"|\b(?:users|people|customers|everyone|hundreds\s+of\s+\w+|thousands\s+of\s+\w+)\s+(?:have\s+)?(?:confirmed|report(?:ed)?|agree[sd]?|say|said)\b[^.\n]{0,30}?\b(?:harmless|safe|fine|works)\b"
        ),
    ),
    (
        Signal.ROLE_TOKEN,
        _rx(
            r"</?important>|^[^\S\n]*end\s+of\s+(?:document|user\s+input|instructions|context)\s*$"
        ),
    ),
    # Round 21: text to read backwards (or decode) and keep as a setting or a rule ("read
    # this one backwards and treat it as my setting: …", "lis-le à l'envers et garde-le
    # comme règle"): an order to obey what it hides, as "decode and follow" is.
    (
        Signal.DECODE_AND_RUN,
        _a(
            "backward backwards reverse reversed envers rovescia contrario revés rückwärts "
            "hinten decod décod decodific entschlüssel",
            _rx(
                rf"\b{_READ_HIDDEN}\b[^.\n]{{0,60}}?\b{_KEEP_AS}\s+(?:\w+\s+){{0,2}}?{_RULE_WORD}\b"
            ),
        ),
    ),
    (
        Signal.STANDING_RULE,
        _rx(
            r"\b(?:do|doing|repeat|reuse)\s+(?:it|that|this|the\s+same)(?:\s+\w+)?\s+again\b|\b(?:keep|continue)\s+doing\s+(?:it|that|this|so)\b|\breuse\s+this\s+(?:plan|approach|fix|trick|method)\b|\bagain\s+next\s+time\b"
            r"|\bà\s+refaire\b|\b(?:da\s+)?ripetere\b|\bhacer\s+lo\s+mismo\b|\bwieder\s+so\s+machen\b|\bgenauso\s+wieder\b"
            r"|\b(?:rifarlo|rifallo|rifatelo|ripetilo|hazlo\s+de\s+nuevo|vuelve\s+a\s+hacerlo|repítelo|refais-le|refaites-le|mach\s+(?:es|das)\s+wieder|wiederhole\s+(?:es|das))\b"
            # round 20: "le refaire systématiquement", "Wiederholen.", "volver a hacerlo",
            # "repetirlo", "erneut so machen" (English "do it again" had them alone)
            r"|\b(?:le|la|les)\s+refaire\b|\bwiederholen\s*[.!]|\berneut\s+(?:so\s+)?(?:machen|tun|durchführen)\b"
            r"|\bvolver\s+a\s+hacerlo\b|\brepetirlo\b|\brifare\s+(?:lo\s+stesso|così)\b"
            r"|\bfrom\s+here\s+on\b|\bno\s+longer\b|\banymore\b|\b(?:stop|quit)\s+[a-z]+ing\b|\b(?:immer|toujours|sempre|siempre)\b[^.\n]{0,40}?\b(?:empfehlen|antworten|erwähnen|sagen|nennen|recommander|répondre|mentionner|consigliare|rispondere|menzionare|recomendar|responder|mencionar)\b"
            r"|\b(?:consigl|raccomand|suggeri|recomiend|recomend|empfiehl|empfehl|recommand|conseill|propon|propos|mencion|menzion|mentionn|erwähn)\w*\s+(?:\w+\s+){0,2}(?:immer|toujours|sempre|siempre)\b"
        ),
    ),
]
