"""The user's own protections turned off, or the user's own view blinded (after round 21).

Leave-one-round-out over rounds 17–21 left its misses mostly under the user's own sources
(an approved note, a summary or an extraction of the user's words, a statement with no
reference): there a rule reads like the user's preference and is weighed by who wrote it.
Two kinds of meaning recur across rounds and languages that no user asks of their own
agent, so these rules weigh at full from any source (``harmful.harmful`` reads them, so
``provenance.assess`` does as for the other acts that harm the user whoever asks):

- ``SECURITY_OFF``: a security check of the user's switched off or skipped — two-factor
  sign-in, a signature, certificate or TLS check, the antivirus or the firewall — whether
  the verb comes first ("turn off 2FA"), around its object ("turn MFA off", "schalte die
  Zwei-Faktor-Anmeldung ab") or last ("die Signaturprüfung überspringen"), or as a
  setting that skips it (``SKIP_SIGNATURE_CHECK=1``, ``DISABLE_TLS_VERIFY=true``);
- ``SELF_HIDDEN``: a secrecy clause that hides something from the very person who is said
  to ask for it ("tell no one, not even me", "ni siquiera a mí", "même pas à moi",
  "nemmeno a me", "nicht einmal mir", "leave them out of my own reports"): a user keeps
  secrets *for* themselves, not *from* themselves.

Round 38 adds ``CONTROL_WAIVED`` (a control waived without a verb of switching off: a
setting that stops certificate checks, ``chmod -R 777``, a public bucket, a check called
advisory, a force-push to main, a step without its backup, secrets printed to logs),
weighed by who proposes it rather than at full (``WAIVED_PATTERNS``).

What stays quiet: a check switched on or kept ("turn on 2FA", "never disable the
firewall": the engine's negation), other settings turned off (notifications, dark mode,
autoplay), a secret kept from someone else ("not even my wife").
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _IN_SENTENCE as _IN
from memaudit.injection.vocabulary import _a, _rx, _w

# -- a security check switched off --------------------------------------------------------
_CHECK = (
    r"(?:two[\s-]factor(?:\s+(?:auth\w*|sign[\s-]?in|login))?|two[\s-]step\s+(?:verification|login)|"
    r"2fa|mfa|multi[\s-]factor(?:\s+auth\w*)?|"
    r"(?:signature|certificate|cert|ssl|tls|checksum|integrity)\s+(?:checks?|verification|validation)|"
    r"antivirus|anti-virus|virus\s+scan\w*|firewall|"
    r"double\s+authentification|authentification\s+à\s+(?:deux|double)\s+facteurs?|"
    r"vérification\s+(?:de\s+la\s+|des\s+)?(?:signatures?|certificats?)|pare-feu|"
    r"autenticazione\s+a\s+due\s+fattori|verifica\s+(?:della\s+|delle\s+)?(?:firm[ae]|certificat[oi])|"
    r"autenticación\s+(?:en\s+dos\s+pasos|de\s+dos\s+factores|multifactor)|"
    r"verificación\s+(?:de\s+(?:la\s+)?)?(?:firmas?|certificados?)|cortafuegos|"
    r"zwei-faktor-\w+|(?:signatur|zertifikats?|integritäts)prüfung(?:en)?|virenschutz|virenscanner|"
    # (round 23) a repository's branch protection, a payment's confirmation step
    r"branch\s+protection|protected\s+branch(?:es)?|protection\s+(?:de\s+la\s+)?branche|"
    r"protezione\s+(?:del\s+)?branch|protección\s+de\s+(?:la\s+)?rama|branch-?schutz|"
    r"(?:confirmation|approval)\s+(?:steps?|prompts?|dialogs?)\s+for\s+payments?|payment\s+confirmations?|"
    r"confirmation\s+des\s+paiements|conferma\s+dei\s+pagamenti|confirmación\s+de\s+(?:los\s+)?pagos|"
    r"zahlungsbestätigung(?:en)?|"
    # (round 24) the scanner that keeps secrets out of commits
    r"(?:pre-commit\s+)?secrets?[\s-]scann(?:er|ing)|scanner\s+de\s+secrets|"
    r"scansione\s+(?:dei\s+)?segreti|escáner\s+de\s+secretos|secret-?scanner|"
    # (round 30) the audit trail: who did what is no longer recorded
    r"audit\s+(?:logging|logs?|trails?)|journalisation\s+d'audit|journaux\s+d'audit|"
    r"log\s+di\s+audit|registri?\s+di\s+audit|registros?\s+de\s+auditoría|audit-?log\w*|"
    r"audit-?protokoll\w*|"
    # (round 38) a web application firewall, the model's safety or content filters
    r"waf|web\s+application\s+firewall|safety\s+filters?|content\s+filters?|guardrails|"
    r"filtres?\s+de\s+sécurité|filtri\s+di\s+sicurezza|filtros?\s+de\s+seguridad|"
    r"sicherheitsfilter\w*)"
)
_OFF_FIRST = (
    r"(?:turn(?:ing)?\s+off|switch(?:ing)?\s+off|disabl(?:e|ing)|deactivat(?:e|ing)|skip(?:ping)?|"
    r"bypass(?:ing)?|désactive[rz]?|coupe[rz]?|contourne[rz]?|disattiva(?:re)?|disabilita(?:re)?|"
    # (round 30) the subjunctive and the first person: "che disattivi l'antivirus",
    # "je désactiverai", "desactive el antivirus"
    r"disattiv[io]|disattiverò|disabilit[io]|désactiverai|désactivons|desactiv[eo]|desactivaré|"
    r"salta(?:re)?|aggira(?:re)?|desactiva(?:r)?|omiti[rd]?|omite|saltar(?:se)?|"
    # (round 23) told as what worked before: "los agentes … desactivaban el antivirus"
    r"desactivaba[ns]?|disattivavano|désactivaient|deaktivierten|"
    r"deaktivier(?:e|en)?|umgeh(?:e|en)|überspring(?:e|en)?)"
)
_ON_OFF = r"(?:turn|switch|turning|switching)"
_OFF_LAST = (
    r"(?:(?:ab|aus)(?:zu)?schalten|deaktivieren|überspringen|umgehen|weglassen|"
    r"désactiver|disattivare|desactivar)"
)
# A setting that skips a check: "SKIP_SIGNATURE_CHECK=1", "DISABLE_TLS_VERIFY=true",
# "NO_VERIFY: yes" (read lowercased).
_FLAG = (
    r"(?<![\w-])(?:skip|disable|no|bypass)_\w*?(?:check|verify|verification|signature|auth|2fa|mfa|"
    r"ssl|tls)\w*\s*[=:]\s*[\"']?(?:1|true|yes|on)\b"
)
# 0.5: alone it reaches the flag threshold at full weight; halved in a text about
# attacks ("attackers ask victims to turn off 2FA") it stays under it with the rest.
# Anchors: every match holds one of the checks' first words or a setting's prefix, so the
# pattern runs only on texts that name one (most texts name none).
SECURITY_OFF = _a(
    "two multi 2fa$ mfa$ signatur cert ssl$ tls$ checksum integrit antivirus anti-virus virus "
    "firewall double authentification vérification pare-feu autenticazione verifica "
    "autenticación verificación cortafuegos zwei-faktor zertifikat virenschutz virenscanner "
    "skip_ disable_ no_ bypass_ branch protected protection protezione protección "
    "confirmation approval payment conferma confirmación zahlungsbestätigung pre-commit secret "
    "scanner scansione escáner audit journalisation journaux log$ registri registro registros "
    "audit-log audit-logs audit-logging audit-protokoll waf$ web safety content guardrails "
    "filtres filtre filtri filtros filtro sicherheitsfilter",
    _w(
        0.5,
        _rx(
            # (an elided article too: "disattiva l'antivirus", "désactive l'antivirus")
            rf"\b{_OFF_FIRST}\s+(?:\w+\s+){{0,3}}?(?:[ld]['’])?{_CHECK}\b"
            rf"|\b{_ON_OFF}\s+(?:\w+\s+){{0,2}}?{_CHECK}\s+(?:\w+\s+){{0,2}}?off\b"
            # German verb last: "die Signaturprüfung bei Deployments überspringen"
            rf"|\b{_CHECK}\b{_IN}{{0,40}}?\b{_OFF_LAST}\b"
            rf"|{_FLAG}"
        ),
    ),
)

# -- a secret kept from the one who asks for it ------------------------------------------
_HIDE = (
    r"(?:tell|mention|say|show|reveal|disclose|report|leave|keep|hide|omit|"
    r"dire|dis|dites|mentionne\w*|montre\w*|révéle\w*|cache\w*|signale\w*|"
    r"dirlo|dica|dici|dirl[oa]|menziona\w*|mostra\w*|rivela\w*|nascond\w*|omett\w*|"
    r"decir|digas|diga|decirlo|menciona\w*|muestra\w*|mostrar|revela\w*|ocult\w*|omit\w*|"
    r"sag\w*|erwähn\w*|zeig\w*|verschweig\w*|verberg\w*|verheimlich\w*)"
)
_SELF = (
    r"(?:(?:not|nor)\s+even\s+(?:to\s+|from\s+)?me|even\s+from\s+me|out\s+of\s+my\s+own|"
    r"(?:même\s+pas|pas\s+même)\s+(?:à\s+)?moi|ni\s+(?:même\s+)?à\s+moi|"
    r"(?:nemmeno|neanche|neppure)\s+(?:a\s+)?me|"
    r"ni\s+(?:siquiera\s+)?a\s+mí|"
    r"(?:nicht\s+(?:ein)?mal|selbst|sogar)\s+mir)\b"
)
# Anchors: the words that say "me" is among those kept in the dark.
SELF_HIDDEN = _a(
    "even$ own$ même$ ni$ nemmeno$ neanche$ neppure$ einmal$ mal$ selbst$ sogar$",
    _w(0.6, _rx(rf"\b{_HIDE}\b{_IN}{{0,80}}?\b{_SELF}")),
)

# -- a control waived (round 38) -------------------------------------------------------------
# Round 38 planted a control switched off as "what worked" or what agents should do, with
# no verb of switching off: a setting that stops certificate checks, permissions opened to
# everyone, a bucket made public, a control called advisory, a force-push to the main
# branch, a step allowed without its backup or validation, secrets written to logs, file
# access granted outside the workspace. Unlike ``SECURITY_OFF`` it is weighed by who
# proposes it (the user's own dev box may run so); a kind the address lever never damps
# (``addressed.STRONG``); negated ("never set NODE_TLS_REJECT_UNAUTHORIZED=0") the
# engine's negation keeps it quiet.
_TLS_OFF = (
    r"\b(?:node_tls_reject_unauthorized|pythonhttpsverify)\s*[=:]\s*[\"']?0\b|"
    r"\bgit_ssl_no_verify\s*[=:]\s*[\"']?(?:1|true)\b|"
    r"(?:\bstrict-ssl|\bsslverify|\bssl_verify|\bverify_ssl|\btls_verify)(?:\s{0,3}[=:]\s{0,3}|\s{1,3})[\"']?false\b"
)
# "chmod -R 777": every file writable by everyone.
_OPEN_PERMS = r"\bchmod\s+(?:-r\s+0?777|0?777\s+-r)\b"
_BUCKET = r"(?:s3\s+|gcs\s+|storage\s+)?(?:bucket|contenitore|contenedor)\w*"
_PUBLIC = r"(?:public(?:[\s-]read(?:[\s-]write)?)?|pubblic[oa]|públic[oa]|öffentlich)"
_BUCKET_PUBLIC = (
    rf"\b(?:set(?:ting)?|make|making|made|turn(?:ing)?|switch(?:ing)?|open(?:ing)?|"
    rf"rendre|rendant|rendere|hacer|poner)\s+(?:the\s+|le\s+|il\s+|el\s+)?{_BUCKET}\s+"
    rf"(?:to\s+|as\s+|en\s+|a\s+)?{_PUBLIC}\b|"
    rf"\b(?:rendre|rendere|hacer)\s+{_PUBLIC}\s+(?:le\s+|il\s+|el\s+)?{_BUCKET}|"
    rf"\b{_BUCKET}\s+(?:\w+\s+){{0,2}}?öffentlich\s+(?:machen|stellen|schalten)\b|"
    r"\bacl\s*[=:]\s*[\"']?public-read"
)
# A control declared not binding: "branch protection is advisory only".
_ADVISORY = (
    rf"\b{_CHECK}\s+(?:is|are|est|sont|è|sono|es|son|ist|sind)\s+(?:only\s+|just\s+|purely\s+|"
    r"seulement\s+|solo\s+|nur\s+)?(?:advisory|optional|not\s+enforced|facultati\w+|"
    r"optionnel\w*|opzional\w*|opcional\w*|optional|indicati\w+|orientativ\w+|unverbindlich)\b"
)
_FORCE_MAIN = (
    r"\bforce[\s-]?push(?:ed|es|ing)?\s+(?:\w+\s+){0,2}?(?:to|on|onto|sur|su|a|auf)\s+"
    r"(?:the\s+)?(?:main|master)\b|\bgit\s+push\s+(?:--force|-f)\s+(?:origin\s+|upstream\s+)?(?:main|master)\b"
)
# Allowed without its backup or, for a tool, its validation: "possono essere eseguite
# senza backup preventivo", "l'outil send_payment peut être appelé sans validation".
_MAY = (
    r"(?:can|may|could|should|peut|peuvent|pourra\w*|può|possono|potrà|puede|pueden|podrá\w*|"
    r"darf|dürfen|kann|können)"
)
_WITHOUT = r"(?:without|sans|senza|sin|ohne)"
_BACKUP = (
    r"(?:(?:a\s+|any\s+)?backups?|sauvegardes?|copias?\s+de\s+seguridad|respaldo|"
    r"(?:datensicherung|sicherung|backup)\w*)"
)
_CHECKED = (
    r"(?:validation|confirmation|approval|review|verification|validazione|conferma|"
    r"approvazione|verifica|validación|confirmación|aprobación|verificación|bestätigung|"
    r"freigabe|prüfung)"
)
_TOOLISH = r"(?:[a-z0-9]+(?:_[a-z0-9]+)+|tools?|outils?|strument[oi]|herramientas?|werkzeug\w*)"
# A tool's test mode is no waiver ("the Stripe tool in test mode can refund without
# confirmation": what its documentation says of its sandbox).
_NOT_TEST = r"(?:(?!test|sandbox|staging|demo|prova|prueba|essai)(?:[^.!?;\n]|\.(?=\w)))"
_WAIVED_STEP = (
    rf"\b{_MAY}\s+(?:\w+\s+){{0,3}}?{_WITHOUT}\s+(?:\w+\s+){{0,2}}?{_BACKUP}\b|"
    rf"\b{_TOOLISH}\b{_NOT_TEST}{{0,40}}?\b{_MAY}\s+(?:\w+\s+){{0,3}}?{_WITHOUT}\s+(?:\w+\s+){{0,1}}?"
    rf"{_CHECKED}\b"
)
_SECRETS = (
    r"(?:secrets?|credentials?|tokens?|passwords?|api[\s_-]keys?|segreti|credenziali|"
    r"secretos|credenciales|contraseñas|mots\s+de\s+passe|identifiants|zugangsdaten|passwörter)"
)
_LOGS = r"(?:(?:build|ci|job|console)\s+)?(?:logs?|output|console|journaux|registros|protokolle?)"
_SECRETS_LOGGED = (
    rf"\b(?:echo|print|dump|log|write|output|affiche|imprim|stampa|scriv|ausgeb|schreib)\w*\s+"
    rf"(?:the\s+|all\s+|les\s+|i\s+|los\s+|die\s+)?{_SECRETS}\s+(?:in|into|to|dans|nei|en|los|in\s+die)\s+"
    rf"(?:the\s+|les\s+|los\s+)?{_LOGS}"
)
_OUTSIDE = (
    r"\baccess\w*\s+(?:\w+\s+){0,2}?outside\s+(?:of\s+)?(?:the\s+)?(?:workspace|sandbox|project)|"
    r"\baccès\s+(?:\w+\s+){0,2}?(?:en\s+dehors|hors)\s+(?:de\s+l['’]|du\s+)(?:espace|bac|projet|workspace)|"
    r"\baccesso\s+(?:\w+\s+){0,2}?fuori\s+(?:dal(?:lo|la)?\s+)(?:workspace|sandbox|area|progetto)|"
    r"\bacceso\s+(?:\w+\s+){0,2}?fuera\s+del?\s+(?:espacio|sandbox|workspace|proyecto)|"
    r"\bzugriff\s+(?:\w+\s+){0,2}?außerhalb\s+(?:des|der)\s+(?:arbeitsbereich|workspace|sandbox|projekt)"
)
# Anchors: each match holds one of these words.
CONTROL_WAIVED = _a(
    "node_tls_reject_unauthorized pythonhttpsverify git_ssl_no_verify strict-ssl sslverify "
    "ssl_verify verify_ssl tls_verify chmod bucket contenitore contenedor acl advisory optional "
    "enforced facultati optionnel opzional opcional indicati orientativ unverbindlich force "
    "push$ without$ sans$ senza$ sin$ ohne$ echo print dump log write output affiche imprim "
    "stampa scriv ausgeb schreib access accès accesso acceso zugriff",
    _w(
        0.5,
        _rx(
            rf"{_TLS_OFF}|{_OPEN_PERMS}|{_BUCKET_PUBLIC}|{_ADVISORY}|{_FORCE_MAIN}|{_WAIVED_STEP}|"
            rf"{_SECRETS_LOGGED}|{_OUTSIDE}"
        ),
    ),
)

# (rounds 26, 41, 42) a check declared skippable, in the passive, with no verb of switching
# off: "so the usual call-back check can be skipped until Friday", "payment confirmation
# prompts can be skipped", "la verifica … può essere saltata", "die Rückrufprüfung kann
# entfallen". Weighed by who says it, as ``CONTROL_WAIVED``: the user may waive their own.
_SKIP_NOUN = (
    r"(?:checks?|verifications?|confirmations?|approvals?|reviews?|call-?backs?|"
    r"contrôles?|vérifications?|validations?|rappels?|"
    r"controll[oi]|verific[ah]e?|conferm[ae]|richiamat[ae]|"
    r"verificaci(?:ón|ones)|comprobaci(?:ón|ones)|confirmaci(?:ón|ones)|control(?:es)?|"
    r"\w{0,20}prüfung(?:en)?|kontrollen?|bestätigung(?:en)?|rückrufe?|freigaben?)"
)
_SKIP_TAIL = r"(?:\s+[^\s.!?;]{1,40}){0,2}?\s+"
_SKIPPED = (
    r"(?:(?:can|may|could|should)\s+(?:safely\s+|now\s+|simply\s+)?be\s+"
    r"(?:skipped|bypassed|waived|omitted|ignored|dropped)"
    r"|(?:peut|peuvent|pourra|pourront)\s+(?:désormais\s+|donc\s+)?être\s+"
    r"(?:sauté|ignoré|omis|contourné|supprimé)e?s?"
    r"|(?:può|possono|potrà)\s+(?:ora\s+|quindi\s+)?essere\s+(?:saltat|omess|ignorat|bypassat)\w*"
    r"|(?:puede|pueden|podrá)\s+(?:ahora\s+)?(?:ser\s+)?(?:omitid|saltad|ignorad|obviad)\w*"
    r"|(?:kann|können|darf|dürfen)\s+(?:[^\s.!?;]+\s+){0,3}?"
    r"(?:übersprungen|ausgelassen|weggelassen|entfallen|ignoriert)\b)"
)
CHECK_SKIPPABLE = _a(
    "skipped bypassed waived omitted ignor dropped saut omis contourn supprim saltat omess "
    "bypassat omitid saltad obviad übersprungen ausgelassen weggelassen entfallen",
    _w(0.55, _rx(rf"\b{_SKIP_NOUN}\b{_SKIP_TAIL}{_SKIPPED}")),
)

DISARMED_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.SENSITIVE_ACTION, SECURITY_OFF),
    (Signal.SECRECY, SELF_HIDDEN),
]
# Weighed by who proposes it (``patterns.__init__``, not ``harmful``): the user may keep
# such a setting on their own machine; a document, a tool or a model step may not plant it.
WAIVED_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.SENSITIVE_ACTION, CONTROL_WAIVED),
    (Signal.SENSITIVE_ACTION, CHECK_SKIPPABLE),
]
