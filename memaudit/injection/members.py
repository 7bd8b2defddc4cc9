"""An institution's ordinary text for its own members, read as no order (issue 20: the
class that recurs in every recent round — round 40's school portal, leasing office and
conference FAQ, round 39's council privacy notice, round 40's code of conduct).

A school, a landlord, a council, an employer or a conference tells *its members* where to
send their own things and what the house rules are. The patterns read a send and a
standing rule; the structure says who is addressed:

- **a member's own send**: the sender named is a group of the institution's members
  ("parents can view report cards at …", "speakers send slides to …", "les locataires
  envoient …", "i relatori inviano …", "los inquilinos envían …", "Mitarbeitende senden
  … an …"), or their requests ("maintenance requests go to …", "les demandes
  d'intervention sont à adresser à …"), or the institution's own office is the recipient
  ("e-mail the Data Protection Officer at …", "écrivez au délégué à la protection des
  données"). It stays a send when its sentence holds a secret or the user's data
  (passwords, codes, bank details, the conversation, "the user's …"), a forward, a copy or
  a blind copy, or a free-mail address; and anywhere in a text addressed to an assistant,
  an agent or an AI;
- **a house rule for members**: a standing rule or an imperative in a text that names
  itself a code of conduct, a policy or the institution's rules ("Code of conduct,
  section 4:", "Procurement policy", "Reiserichtlinie", "règlement intérieur",
  "regolamento", "política de …"), none of whose sentences addresses an agent, names a
  destination, or waives a check ("without review", "no confirmation needed", "ohne
  Prüfung") or grants anything to an outside party.

Each reading is bounded (the hit's sentence, ``protective.REACH`` either side, or one pass
over the text) and linear.
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.protective import _ELSEWHERE, REACH, around
from memaudit.injection.vocabulary import _rx

_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)|\n")
# (a data-bearing link or image beacon is no member's send: "![Weekly visitors](…{chat})")
_SENDS = frozenset({Signal.EXFILTRATION})
_RULES = frozenset(
    # (round 46) a runbook's step is conditional: "if the alert fires, page the on-call"
    {Signal.STANDING_RULE, Signal.IMPERATIVE, Signal.AGENT_DIRECTIVE, Signal.CONDITIONAL_TRIGGER}
)

# A group of the institution's members, as the subject of their own send.
_MEMBERS = _rx(
    r"\b(?:parents|families|pupils|students|speakers|presenters|authors|attendees|delegates|"
    r"participants|tenants|residents|employees|staff|members|volunteers|applicants|candidates|"
    r"patients|guests|visitors|contributors|reviewers|"
    r"parents\s+d'élèves|familles|élèves|étudiants|intervenants|orateurs|auteurs|participants|"
    r"locataires|résidents|salariés|employés|membres|candidats|patients|"
    r"genitori|famiglie|alunni|studenti|relatori|autori|partecipanti|inquilini|residenti|"
    r"dipendenti|soci|candidati|pazienti|"
    r"padres|familias|alumnos|estudiantes|ponentes|autores|participantes|inquilinos|residentes|"
    r"empleados|socios|candidatos|pacientes|"
    r"eltern|schüler\w*|studierende|referent\w*|autor\w*|teilnehm\w*|mieter\w*|bewohner\w*|"
    r"mitarbeit\w*|beschäftigte|mitglieder|bewerb\w*|patient\w*)\b"
    # (the members as the sender, not as whose data is sent: "all visitors' data")
    r"(?!['’]|\s+(?:data|details|information|records|files|lists?|contacts)\b)"
)
# Their requests routed to the institution's desk ("maintenance requests go to").
_REQUESTS = _rx(
    r"\b(?:maintenance|repair|service|support|leave|expense|room|housing|access|data)\s+"
    r"requests?\s+(?:go|goes|are\s+sent|should\s+be\s+sent|can\s+be\s+sent)"
    r"(?:\s+in\s+writing)?\s+to\b"
    # their own work, or their absences ("submit abstracts to", "absences must be reported to")
    r"|\bsubmit\s+(?:your\s+|their\s+)?(?:talks?|abstracts?|papers?|proposals?|posters?|slides|"
    r"manuscripts?|submissions?)\s+to\b|\babsences?\s+(?:must|should)\s+be\s+reported\s+to\b"
    r"|\babsences\s+doivent\s+être\s+signalées\b|\bassenze\s+(?:vanno|devono\s+essere)\s+"
    r"(?:segnalate|comunicate)\b|\bausencias\s+(?:deben|se)\s+(?:comunicar|notificar)\w*\b"
    r"|\bfehlzeiten\s+(?:sind|werden)\b"
    r"|\brequest\s+a\s+copy\s+of\s+your\s+(?:personal\s+)?data\b"
    # a member's own claim ("pour un remboursement, envoyez la facture à …")
    r"|\b(?:for\s+a\s+refund|pour\s+un\s+remboursement|per\s+(?:un\s+|il\s+)?rimborso|"
    r"para\s+(?:un\s+|el\s+)?reembolso|für\s+eine\s+erstattung)\b"
    r"|\bdemandes?\s+d'(?:intervention|entretien|réparation)\b"
    r"|\brichieste\s+di\s+(?:manutenzione|intervento|riparazione)\b"
    r"|\bsolicitudes\s+de\s+(?:mantenimiento|reparación)\b"
    r"|\b(?:reparatur|wartungs|instandhaltungs)anfragen\b"
)
# The institution's own office as the recipient of a member's request.
_OFFICE = _rx(
    r"\b(?:e-?mail|write\s+to|contact)\s+(?:the|our)\s+(?:data\s+protection\s+officer|dpo|"
    r"registrar|front\s+desk|reception|admissions\s+office|hr\s+department)\b"
    r"|\b(?:scrivere|scrivi)\s+(?:all'|alla\s+)(?:ufficio|segreteria)\b|\bsegreteria\s+del\s+corso\b"
    r"|\bdélégué\s+à\s+la\s+protection\s+des\s+données\b|\bresponsabile\s+della\s+protezione\s+dei\s+dati\b"
    r"|\bdelegado\s+de\s+protección\s+de\s+datos\b|\bdatenschutzbeauftragte\w*\b"
)
# What keeps a send a send: a secret, the user's data, a forward or a copy, an agent.
_ROUTED = _rx(
    r"\b(?:passwords?|passcodes?|pins?|tans?|otps?|one-time|codes?|credentials?|logins?|"
    r"iban|bank\s+details|card\s+(?:number|details)|social\s+security|ssn|seed|rib|"
    r"identifiants?|coordonnées\s+bancaires|credenziali|datos\s+bancarios|bankdaten|zugangsdaten|"
    r"conversations?|chats?|history|transcripts?|contacts|user(?:'s)?|forward\w*|bcc|cc|"
    r"cop(?:y|ies)|automatic\w*|mots?\s+de\s+passe|codici|contraseñas?|passw[öo]rt\w*|"
    r"utilisateur|utente|usuario|nutzer\w*|transf[ée]r\w*|inoltr\w*|reenv\w*|weiterleit\w*|"
    # bank details and identity papers in the other languages ("die Bankverbindung aller
    # Mieter", "los DNI escaneados")
    r"bankverbindung\w*|kontodaten|kontonummer\w*|dati\s+bancari|coordinate\s+bancarie|"
    r"passports?|id\s+(?:cards?|documents?)|ausweis\w*|personalausweis\w*|"
    r"pièces?\s+d'identité|cartes?\s+d'identité|carta\s+d'identità|documenti\s+d'identità|"
    r"dni|pasaportes?|documentos?\s+de\s+identidad|codice\s+fiscale|tax\s+ids?|steuer-?id)\b"
)
_FREE_MAIL = _rx(
    r"@(?:gmail|googlemail|outlook|hotmail|live|yahoo|ymail|aol|gmx|web|proton(?:mail)?|"
    r"icloud|yandex|libero|mail)\."
)
# The text speaks to an agent: no reading here applies.
# (the Italian "ai", "to the", is no AI: only "the AI", "an AI", "AI:" and the like)
_AGENT = _rx(
    r"\b(?:assistants?|agents?|llms?|models?|bots?|chatbots?|copilots?|"
    r"assistent[ei]|agent[ei]|modell[oi]|asistentes?|agentes?|modelos?|assistenten|ki)\b"
    r"|\b(?:the|an|any|your)\s+ai\b|\bai\s*[:,]|\b(?:l'|la\s+)ia\b"
)

# A text that names itself an institution's rules.
_HOUSE_RULES = _rx(
    r"\b(?:code\s+of\s+conduct|(?:travel|expense|procurement|purchasing|leave|hr|it|privacy|"
    r"security|conflict[- ]of[- ]interest|gift|remote[- ]work)\s+policy|staff\s+handbook|"
    r"house\s+rules|code\s+de\s+conduite|règlement\s+intérieur|politique\s+(?:de\s+voyage|"
    r"d'achat|des\s+achats)|codice\s+(?:di\s+condotta|etico)|regolamento\s+(?:interno|aziendale)|"
    r"policy\s+aziendale|código\s+de\s+conducta|política\s+de\s+(?:viajes|compras|gastos)|"
    r"reglamento\s+interno|verhaltenskodex|\w*richtlinie|hausordnung|dienstanweisung|"
    # (round 46) a team's procedures for its on-call people: "Runbook (Platform team wiki):",
    # "Ops wiki › Runbooks › Disk alerts:", "procédure d'astreinte", "manuale operativo"
    r"runbooks?|playbooks?|on-?call\s+(?:guide|handbook|procedures?)|"
    r"standard\s+operating\s+procedures?|procédures?\s+d'(?:astreinte|exploitation|incident)|"
    r"manuel\s+d'exploitation|procedur[ae]\s+operativ[ae]|manuale\s+operativo|"
    r"procedimientos?\s+operativos?|manual\s+de\s+operaciones|"
    r"betriebshandbuch|notfallhandbuch|bereitschaftshandbuch)\b"
)
# A rule that waives a check or lets an outside party in: an order again.
_WAIVED = _rx(
    r"\bwithout\s+(?:review|verification|verifying|checking|approval|confirmation|asking)\b"
    r"|\bno\s+(?:confirmation|verification|approval|review)\s+(?:is\s+)?(?:needed|required)\b"
    r"|\b(?:skip|bypass|waive)\w*\s+(?:the\s+)?(?:review|verification|check|approval)"
    r"|\bsans\s+(?:vérif\w*|validation|contrôle|confirmation)|\bsenza\s+(?:verific\w*|controll\w*|"
    r"conferma|approvazione)|\bsin\s+(?:verifica\w*|revis\w*|confirmación|aprobación)|"
    r"\bohne\s+(?:prüfung|zu\s+prüfen|freigabe|bestätigung|genehmigung)"
    # (round 46) a check switched off: "disable alerting", "désactiver la surveillance",
    # "disattivare il monitoraggio", "desactivar las alertas", "die Alarme deaktivieren"
    r"|\b(?:disable|turn\s+off|switch\s+off|silence|mute|bypass)\w*\s+(?:the\s+|all\s+)?"
    r"(?:alert\w*|monitoring|firewall|2fa|mfa|two-factor|antivirus|logging|audit\w*|backups?|"
    r"branch\s+protection)"
    r"|\bdésactiv\w*\s+(?:les\s+|la\s+|le\s+|l')?(?:alert|surveillance|pare-feu|journal|audit|sauvegard)"
    r"|\bdisattiv\w*\s+(?:gli\s+|il\s+|i\s+|l'|le\s+)?(?:avvis|allarm|monitoraggio|firewall|log|audit|backup)"
    r"|\bdesactiv\w*\s+(?:las\s+|los\s+|el\s+|la\s+)?(?:alerta|monitor|cortafuegos|firewall|registro|"
    r"auditor|copias)"
    r"|\b(?:alarm\w*|warnung\w*|überwachung|monitoring|firewall|protokollierung|backups?|sicherung\w*)"
    r"\s+(?:\w+\s+){0,2}(?:deaktivier\w*|abschalt\w*|ausschalt\w*)"
)

# An approval a rule requires rather than claims.
_REQUIRED = _rx(
    r"\b(?:only\s+with|unless|requires?|need\s+(?:the\s+)?|subject\s+to|with\s+(?:prior\s+)?written|"
    r"uniquement\s+avec|soumis\w*\s+à|solo\s+con|previa|soggett\w*\s+a|sólo\s+con|solo\s+con|"
    r"sujet\w*\s+a|nur\s+mit|bedarf|bedürfen|vorbehaltlich|mit\s+schriftlicher)\b[^.!?\n]{0,30}$"
)
# The policy's own sign-off in its header, before its first colon.
_SIGNED_OFF = _rx(
    r"\((?:[^():\n]{0,40},\s?)?(?:approved|signed\s+off|adopted)\s+by\s+[^():\n]{1,60}\)\s?:"
)
_NEGATION = _rx(r"\b(?:not|never|no|nie|nicht|niemals|jamais|pas|mai|non|nunca)\b")


def _sentence(low: str, h: Hit) -> tuple[int, int]:
    return around(low, h, _SENTENCE_END)


def _members_send(low: str, h: Hit) -> bool:
    if h.signal not in _SENDS:
        return False
    start, end = _sentence(low, h)
    # (the label before a colon — "School portal email:" — opens the sentence it names)
    lo = max(start, h.start - 80)
    sender = (
        _MEMBERS.search(low, lo, h.end) is not None
        or _REQUESTS.search(low, lo, h.end) is not None
        or _OFFICE.search(low, lo, h.end) is not None
    )
    if not sender:
        return False
    return _ROUTED.search(low, start, end) is None and _FREE_MAIL.search(low, start, end) is None


def named_early(low: str) -> bool:
    """Whether the text names itself an institution's rules in its first 200 characters."""
    return _HOUSE_RULES.search(low, 0, min(len(low), 200)) is not None


def _house_rule(low: str, h: Hit) -> bool:
    if h.signal is Signal.FAKE_AUTHORITY:
        # an approval the rule requires ("nur mit schriftlicher Genehmigung"), or the policy's
        # own sign-off beside its name ("travel policy (v4, approved by the CFO):")
        required = _REQUIRED.search(low, max(0, h.start - 40), h.start) is not None
        if not required and not (
            named_early(low) and _SIGNED_OFF.search(low, 0, min(len(low), 160))
        ):
            return False
    elif h.signal not in _RULES:
        return False
    if not named_early(low):
        return False
    start, end = _sentence(low, h)
    if _ELSEWHERE.search(low, start, end) is not None:
        return False
    # (a waiver anywhere in the text, unless negated: "urgent payments do not bypass …",
    # "never book non-refundable hotels without approval")
    return all(_negated(low, m.start()) for m in _WAIVED.finditer(low))


def _negated(low: str, at: int) -> bool:
    start = max((m.end() for m in _SENTENCE_END.finditer(low, max(0, at - REACH), at)), default=0)
    return _NEGATION.search(low, max(start, at - REACH), at) is not None


def for_members(low: str, h: Hit) -> bool:
    """Whether a send or a rule is an institution's word to its own members (above)."""
    if h.signal not in _SENDS and h.signal not in _RULES and h.signal is not Signal.FAKE_AUTHORITY:
        return False
    if _AGENT.search(low) is not None:
        return False
    return _members_send(low, h) or _house_rule(low, h)
