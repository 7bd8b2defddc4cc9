"""Injected instructions in memory: text signals, weighted by where the text came from.

A memory that tells the agent what to do is not a fact about the world or the user: it
is an instruction that every future session will obey. Some of those are legitimate —
"Always answer me in French" is a preference when the *user* said it — and the same
sentence is an injection when it arrived in a web page, a tool's output or the
assistant's own message, or when it claims to be the user's but its lineage or source
says otherwise. So the verdict has two factors:

- **text signals**, each a named kind with the span of text that triggered it (override
  of earlier instructions, standing rules, conditional triggers, secrecy clauses, tool
  and policy directives, exfiltration destinations, fake authority or experience,
  chat-template role tokens, HTML comments, encoded payloads that decode to text,
  hidden, bidi and Unicode tag characters — in English, French, Italian, Spanish and
  German). A signal quoted in a text that discusses attacks ("attackers write 'ignore
  previous instructions'") counts for less; so does a command inside a code sample.
- **a source weight** from the memory's provenance: source type, source reference,
  lineage (derived from an untrusted source) and approval.

``score = 1 - Π(1 - weight_i × factor_i)`` over the strongest hit of each kind, where
``factor`` is the source weight for *soft* signals (what a user may legitimately say to
their own agent: standing rules, triggers, directives, destinations) and at least
``HARD_FLOOR`` for *hard* ones (override of instructions, jailbreak personas, requests
for the system prompt, role tokens, hidden, encoded and tag-character payloads), which no
source makes benign. Thresholds come from the policy (``injection.*``).

Pure text analysis: no store, no UI. ``assess`` is what the audit detector, the write
gate and the review queue call; spans are offsets into the original text.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any
from urllib.parse import unquote

from memaudit.model import SourceType
from memaudit.textsafety import marker_name, reveal


class Signal(StrEnum):
    OVERRIDE = "override"
    JAILBREAK = "jailbreak"
    SYSTEM_PROMPT = "system_prompt"
    SECRECY = "secrecy"
    PERSISTENCE = "persistence"
    AGENT_DIRECTIVE = "agent_directive"
    STANDING_RULE = "standing_rule"
    CONDITIONAL_TRIGGER = "conditional_trigger"
    IMPERATIVE = "imperative"
    TOOL_POLICY = "tool_policy"
    DESTRUCTIVE_COMMAND = "destructive_command"
    SENSITIVE_ACTION = "sensitive_action"
    EXFILTRATION = "exfiltration"
    DATA_URL = "data_url"
    FAKE_AUTHORITY = "fake_authority"
    FAKE_EXPERIENCE = "fake_experience"
    ROLE_TOKEN = "role_token"
    HTML_COMMENT = "html_comment"
    ENCODED_PAYLOAD = "encoded_payload"
    DECODE_AND_RUN = "decode_and_run"
    HIDDEN_CHARACTERS = "hidden_characters"
    TAG_CHARACTERS = "tag_characters"
    INSTRUCTION_AND_DESTINATION = "instruction_and_destination"
    LEARNED = "learned"


LABEL = {
    Signal.OVERRIDE: "override of earlier instructions",
    Signal.JAILBREAK: "jailbreak persona / rules switched off",
    Signal.SYSTEM_PROMPT: "asks for the system prompt or secrets",
    Signal.SECRECY: "secrecy clause",
    Signal.PERSISTENCE: "asks to be kept in memory",
    Signal.AGENT_DIRECTIVE: "directive to the agent",
    Signal.STANDING_RULE: "standing rule",
    Signal.CONDITIONAL_TRIGGER: "conditional trigger",
    Signal.IMPERATIVE: "imperative",
    Signal.TOOL_POLICY: "tool or permission policy",
    Signal.DESTRUCTIVE_COMMAND: "destructive command",
    Signal.SENSITIVE_ACTION: "money, credentials or safety named as routine",
    Signal.EXFILTRATION: "sends data to a destination",
    Signal.DATA_URL: "data-bearing URL or image beacon",
    Signal.FAKE_AUTHORITY: "claimed authority or approval",
    Signal.FAKE_EXPERIENCE: "claimed past success",
    Signal.ROLE_TOKEN: "chat-template / role token",
    Signal.HTML_COMMENT: "HTML comment",
    Signal.ENCODED_PAYLOAD: "encoded text",
    Signal.DECODE_AND_RUN: "asks to decode and obey",
    Signal.HIDDEN_CHARACTERS: "hidden or bidi characters",
    Signal.TAG_CHARACTERS: "Unicode tag characters carrying text",
    Signal.INSTRUCTION_AND_DESTINATION: "instruction plus outbound destination",
    Signal.LEARNED: "reads like an instruction to the agent (learned scorer)",
}

# Base weight of each kind, and whether a trusted source discounts it.
WEIGHT: dict[Signal, float] = {
    Signal.OVERRIDE: 0.75,
    Signal.JAILBREAK: 0.7,
    Signal.SYSTEM_PROMPT: 0.7,
    Signal.SECRECY: 0.55,
    Signal.PERSISTENCE: 0.45,
    Signal.AGENT_DIRECTIVE: 0.4,
    Signal.STANDING_RULE: 0.25,
    Signal.CONDITIONAL_TRIGGER: 0.3,
    Signal.IMPERATIVE: 0.12,
    Signal.TOOL_POLICY: 0.45,
    Signal.DESTRUCTIVE_COMMAND: 0.3,
    Signal.SENSITIVE_ACTION: 0.3,
    Signal.EXFILTRATION: 0.55,
    Signal.DATA_URL: 0.45,
    Signal.FAKE_AUTHORITY: 0.4,
    Signal.FAKE_EXPERIENCE: 0.3,
    Signal.ROLE_TOKEN: 0.6,
    Signal.HTML_COMMENT: 0.25,
    Signal.ENCODED_PAYLOAD: 0.45,
    Signal.DECODE_AND_RUN: 0.65,
    Signal.HIDDEN_CHARACTERS: 0.35,
    Signal.TAG_CHARACTERS: 0.9,
    Signal.INSTRUCTION_AND_DESTINATION: 0.3,
    # The learned scorer's hit weighs ALPHA × its probability (memaudit.injection_model).
    Signal.LEARNED: 0.0,
}
HARD = frozenset(
    {
        Signal.OVERRIDE,
        Signal.JAILBREAK,
        Signal.SYSTEM_PROMPT,
        Signal.ROLE_TOKEN,
        Signal.DECODE_AND_RUN,
        Signal.HIDDEN_CHARACTERS,
        Signal.TAG_CHARACTERS,
    }
)
# A hard signal counts at least this much whatever the source.
HARD_FLOOR = 0.9
# Signals whose claim needs a trace in the store; with none they weigh this much more.
UNTRACED_BOOST = 1.4
# Instruction-like kinds (for the instruction + destination combination).
INSTRUCTION_KINDS = frozenset(
    {
        Signal.OVERRIDE,
        Signal.JAILBREAK,
        Signal.SYSTEM_PROMPT,
        Signal.SECRECY,
        Signal.PERSISTENCE,
        Signal.AGENT_DIRECTIVE,
        Signal.STANDING_RULE,
        Signal.CONDITIONAL_TRIGGER,
        Signal.TOOL_POLICY,
        Signal.FAKE_AUTHORITY,
    }
)
DESTINATION_KINDS = frozenset({Signal.EXFILTRATION, Signal.DATA_URL})
# Context discounts: a signal quoted (or in code) in a text about attacks or examples,
# quoted elsewhere, or unquoted in a sentence about attacks.
QUOTED_META = 0.3
QUOTED = 0.75
META = 0.5
CODE = 0.6
# Invisible carriers are never "quoted": these kinds get no context discount.
NO_CONTEXT = frozenset(
    {Signal.HIDDEN_CHARACTERS, Signal.TAG_CHARACTERS, Signal.ENCODED_PAYLOAD, Signal.HTML_COMMENT}
)
# Text inside a hidden carrier (comment, encoding, tag characters) is hidden instruction.
HIDDEN_BOOST = 1.2
MAX_TEXT = 20_000  # longer texts are analysed on their first MAX_TEXT characters
MAX_DECODE_DEPTH = 2


def _rx(pattern: str) -> re.Pattern[str]:
    """Patterns are matched against the *lowercased* text (faster than IGNORECASE), so
    they are written in lower case; ``_ci`` gives the case-insensitive twin for the rare
    text whose lowercase form has another length (offsets must stay the same)."""
    return re.compile(pattern, re.MULTILINE)


_CI: dict[re.Pattern[str], re.Pattern[str]] = {}
# Patterns that count more than their kind's base weight.
_PATTERN_WEIGHT: dict[re.Pattern[str], float] = {}


def _w(weight: float, rx: re.Pattern[str]) -> re.Pattern[str]:
    _PATTERN_WEIGHT[rx] = weight
    return rx


# Patterns gated by anchors of their own (not their kind's): costly patterns that only
# a few words can start.
_OWN_ANCHORS: dict[re.Pattern[str], str] = {}


def _a(anchors: str, rx: re.Pattern[str]) -> re.Pattern[str]:
    _OWN_ANCHORS[rx] = anchors
    return rx


def _ci(rx: re.Pattern[str]) -> re.Pattern[str]:
    if rx not in _CI:
        _CI[rx] = re.compile(rx.pattern, rx.flags | re.IGNORECASE)
    return _CI[rx]


def _split(text: str) -> list[str]:
    """Words of a space-separated list (kept as prose: easier to read and extend)."""
    return text.split()


def _words(*groups: str) -> str:
    return "|".join(w for g in groups for w in g.split())


# -- vocabulary ------------------------------------------------------------------

_ORDERS = r"(?:instructions?|rules?|guidelines?|directives?|directions?|prompts?|polic(?:y|ies)|restrictions?|guardrails?|programming|constraints?|system\s+prompt)"
_AGENT = r"(?:assistant|agent|ai|llm|language\s+model|model|bot|chatbot|copilot|claude|gpt|chatgpt|gemini)"
_EMAIL = r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"
_URL = r"(?:https?|ftp)://[^\s<>\"')\]]+"
_OUTPUTS = r"(?:repl(?:y|ies)|responses?|answers?|messages?|outputs?|summar(?:y|ies)|reports?|reviews?|emails?|comments?|commits?|questions?|requests?|quer(?:y|ies)|conversations?|tasks?)"

# Imperative verbs that tell an agent how to behave toward the user or what to output.
_BEHAVIOUR_VERBS = _words(
    "answer respond reply speak talk greet address recommend suggest promote endorse "
    "mention include append prepend insert sign tell say state reveal disclose print output "
    "repeat obey comply follow trust treat forward send email translate refer prioritize "
    "prefer praise recommend describe label classify score criticize blame give offer "
    "quote link advertise steer redirect route book buy order pay approve deny refuse reject "
    "close open start begin end sign prefix finish warn",
    "conseille conseillez propose proposez recommander répondre mentionner",
    "consigliare rispondere menzionare proponi",
    "aconseja aconsejar recomendar responder mencionar pídele pide pregunta",
    "rate empfehlen antworten erwähnen sagen nenne nennen",
    # fr
    "réponds répondez réponds-moi répondez-moi parle parlez dis dites recommande recommandez "
    "suggère suggérez mentionne mentionnez inclus incluez ajoute ajoutez envoie envoyez "
    "transmets transmettez révèle révélez affiche affichez obéis obéissez suis suivez "
    "traduis traduisez",
    # it
    "rispondi rispondete rispondimi parla parlami dimmi consiglia raccomanda suggerisci "
    "menziona includi aggiungi invia inoltra manda rivela mostra obbedisci segui traduci",
    # es
    "responde respóndeme respondeme contesta contéstame habla háblame dime recomienda "
    "sugiere menciona incluye añade agrega envía envia reenvía manda revela muestra obedece "
    "sigue traduce",
    # de
    "antworte antworten beantworte sprich sag sage empfiehl empfehle erwähne füge sende "
    "schicke leite verrate zeige gehorche befolge übersetze",
)
_GENERIC_VERBS = _words(
    "ask run rerun re-run execute delete remove use install restart check open click set create make update "
    "copy move save store keep add call do go try avoid ensure stop start disable enable "
    "grant skip approve accept download push commit merge deploy write ignore forget "
    "disregard drop clear wipe reset format upload post share",
    "utilise utilisez exécute exécutez supprime supprimez enregistre sauvegarde garde "
    "ignore ignorez oublie oubliez écris écrivez",
    "usa utilizza esegui elimina cancella salva ricorda memorizza ignora dimentica scrivi",
    "usa utiliza ejecuta elimina borra guarda recuerda ignora olvida escribe",
    "benutze verwende nutze führe lösche entferne speichere merke ignoriere vergiss schreibe",
)
_ALWAYS = r"(?:always|never|toujours|jamais|sempre|mai|siempre|nunca|immer|niemals|nie)"
_OPENERS = r"henceforth|from\s+now\s+on|going\s+forward|from\s+today(?:\s+on)?|in\s+(?:the\s+)?future|next\s+time|désormais|dorénavant|à\s+partir\s+de\s+maintenant|d'ora\s+in\s+(?:poi|avanti)|da\s+ora\s+in\s+poi|a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+adelante|ab\s+sofort|ab\s+jetzt|von\s+nun\s+an|künftig"
_LEAD = (
    r"(?:(?:please|kindly|also|and|then|just|now|so|first|bitte|s'il\s+te\s+plaît|per\s+favore|"
    r"por\s+favor|et|e|y|und|puis|poi|luego|dann|" + _OPENERS + r"),?\s+)*"
)
_START = r"\s*[-*•>]*\s*"  # matched at each sentence start (``_sentence_bounds``)

_CLAUSE = _rx(
    r"\b(?:when(?:ever)?|if|once|each\s+time|every\s+time|next\s+time|on\s+the\s+next|quand|si|lorsque|quando|se|cuando|wenn|sobald)\b[^.\n]{3,100}?,\s*(?:then\s+|alors\s+|allora\s+|entonces\s+|dann\s+|also\s+)?(?:(?P<alw>"
    + _ALWAYS
    + r")\s+)?(?P<verb>"
    + _BEHAVIOUR_VERBS
    + r"|"
    + _GENERIC_VERBS
    + r")\b"
)
_TRIGGER = _rx(
    r"\b(?:when(?:ever)?|if|once|each\s+time|every\s+time|(?:the\s+)?next\s+time|any\s+time|as\s+soon\s+as)\b"
    r"[^,.\n]{0,20}?\b(?:the\s+|a\s+|any\s+)?(?:user|users|someone|anyone|somebody|customer|customers|people|visitor|human|client|i|he|she|they)\b"
    r"[^,.\n]{0,60}?\b(?:asks?|asked|mentions?|says?|requests?|wants?|brings?\s+up|talks?|types?|searches|needs?|looks?\s+for|inquires?|writes?|opens?|visits?|uses?|calls?)\b"
    r"[^.\n]{0,100}?,\s*(?:then\s+|just\s+|also\s+|always\s+)?"
    rf"(?:(?P<agent>(?:the\s+)?{_AGENT}s?|i|we|you)\s+)?(?P<main>[a-z']+)"
)
# Words that start a statement, not an instruction, after a trigger clause.
_NOT_A_DIRECTIVE = frozenset(
    _split(
        "the a an it its this that these those there they he she we you i my our your their his her "
        "is are was were be been has have had will would can could may might should must do does did "
        "not no yes so but and or then which who what when where how it's that's there's "
        "here's he's she's they're we're i'm you're i'd we'd"
    )
)
_IMPERATIVE = _rx(
    _START
    + _LEAD
    + rf"(?:(?P<alw>{_ALWAYS}|don't|do\s+not|ne\s+jamais)\s+)?"
    + rf"(?P<verb>{_BEHAVIOUR_VERBS}|{_GENERIC_VERBS})\b"
)
_BEHAVIOUR = frozenset(_BEHAVIOUR_VERBS.lower().split("|"))
_ALWAYS_RX = _rx(r"\b" + _ALWAYS + r"\b")
# After an imperative, only "always" makes it a standing rule: "... and never paste it"
# is the protective half of a rule.
_ALWAYS_POSITIVE = _rx(r"\b(?:always|toujours|sempre|siempre|immer)\b")

_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    # -- override of earlier instructions ----------------------------------------
    (
        Signal.OVERRIDE,
        _rx(
            r"\b(?:ignore|disregard|forget|override|bypass|overrule|abandon|discard|drop)\b[^.\n]{0,30}?"
            r"\b(?:(?:all|any|the|your|my|every|these|those)\s+)*(?:(?:previous|prior|above|earlier|"
            r"preceding|former|original|existing|initial|old|other|system|developer|safety|"
            r"operator'?s?|current|content|usual)\s+)+(?:and\s+\w+\s+)?" + _ORDERS + r"\b"
        ),
    ),
    (
        Signal.OVERRIDE,
        _rx(
            r"\b(?:ignore|disregard|forget)\s+(?:all|everything)\s+(?:above|before|previous|prior|you\s+(?:were|have\s+been)\s+told)"
        ),
    ),
    (
        Signal.OVERRIDE,
        _rx(r"\b(?:ignore|disregard|forget)\s+(?:your|all|the)\s+" + _ORDERS + r"\b"),
    ),
    (Signal.OVERRIDE, _rx(r"\bnew\s+(?:instructions?|directives?|rules|orders)\s*:")),
    (
        Signal.OVERRIDE,
        _rx(
            r"\b(?:previous|prior|earlier|above|original|old|system|existing)\s+"
            + _ORDERS
            + r"\b[^\n]{0,80}?\b(?:ignore|disregard|forget|override|bypass|discard|drop)\s+(?:them|those|these|it|all\s+of\s+them)\b"
        ),
    ),
    (
        Signal.OVERRIDE,
        _rx(
            r"\byour\s+(?:new|real|actual|true|updated)\s+(?:task|instructions?|directive|goal|purpose|objective|orders?)\b"
        ),
    ),
    (
        Signal.OVERRIDE,
        _rx(
            r"\b(?:supersedes?|overrides?|replaces?)\s+(?:all\s+|any\s+)?(?:the\s+)?(?:prior|previous|earlier|other|existing)\s+(?:ones|instructions?|rules|directives?)"
        ),
    ),
    (Signal.OVERRIDE, _rx(r"\b(?:ignore|disregard)\s+the\s+user\b")),
    # fr / it / es / de
    (
        Signal.OVERRIDE,
        _rx(
            r"\b(?:ignore[rz]?|oublie[rz]?|néglige[rz]?|ignora(?:te)?|dimentica(?:te)?|trascura|ignoren|olvida[dn]?|olvide|omite|ignorier(?:e|en|t)?|vergiss|vergessen\s+sie|missachte)\b[^.\n]{0,30}?\b(?:instructions?|consignes?|règles|directives|istruzioni|regole|direttive|indicazioni|instrucciones|reglas|directrices|indicaciones|anweisungen|regeln|richtlinien|vorgaben|instruktionen)\b"
        ),
    ),
    (
        Signal.OVERRIDE,
        _rx(
            r"\b(?:vergiss|vergessen\s+sie)\s+alles\b|\b(?:oublie[zr]?|dimentica|olvida)\s+tout(?:\s+ce)?\b"
        ),
    ),
    (
        Signal.OVERRIDE,
        _rx(
            r"\b(?:nouvelles?\s+(?:instructions|consignes)|nuove\s+istruzioni|nuevas\s+instrucciones|neue\s+anweisungen)\s*:"
        ),
    ),
    # -- jailbreak personas: rules switched off ---------------------------------------
    (
        Signal.JAILBREAK,
        _rx(r"\b(?:developer|dev|god|jailbreak|unrestricted|dan|debug|sudo)\s+mode\b"),
    ),
    (Signal.JAILBREAK, _rx(r"\bdo\s+anything\s+now\b|\byou\s+are\s+(?:now\s+)?dan\b")),
    (
        Signal.JAILBREAK,
        _rx(
            r"\bwithout\s+(?:ever\s+)?refus(?:ing|al)\b|\b(?:never|do\s+not|don't)\s+refuse\b|\bno\s+refusals?\b"
        ),
    ),
    (
        Signal.JAILBREAK,
        _rx(
            r"\byour\s+(?:rules|guidelines|instructions|restrictions|polic(?:y|ies)|programming)\s+(?:have|has)\s+(?:changed|been\s+(?:updated|lifted|removed|disabled|changed))\b|\byou\s+(?:now\s+)?allow\s+(?:all|any)\s+(?:content|requests?|topics)\b"
        ),
    ),
    (
        Signal.JAILBREAK,
        _rx(
            r"\bexempt\s+from\s+(?:the\s+|all\s+)?(?:usual\s+|normal\s+|standard\s+)?(?:restrictions|rules|polic(?:y|ies)|guidelines|safety\s+\w+|content\s+polic(?:y|ies))\b"
        ),
    ),
    (
        Signal.JAILBREAK,
        _rx(
            r"\b(?:uncensored|unrestricted|unfiltered|jailbroken|unaligned)\s+(?:ai|model|assistant|mode|llm|bot|version)\b|\byou\s+are\s+(?:now\s+)?(?:an?\s+)?(?:unrestricted|uncensored|unfiltered|jailbroken|evil)\b"
        ),
    ),
    (
        Signal.JAILBREAK,
        _rx(
            r"\byou\s+(?:now\s+)?(?:have|has)\s+no\s+(?:restrictions|rules|limits|limitations|filters?|guidelines|content\s+polic(?:y|ies)|boundaries|ethics)\b"
        ),
    ),
    (
        Signal.JAILBREAK,
        _rx(
            r"\b(?:respond|answer|act|behave|reply|comply|proceed|output)\b[^.\n]{0,40}?\b(?:without|with\s+no)\s+(?:any\s+)?(?:restrictions|filters?|limits|rules|censorship|limitations|safety)\b"
        ),
    ),
    (
        Signal.JAILBREAK,
        _rx(
            r"\b(?:safety|content|security)\s+(?:protocols?|rules|guidelines|checks|filters?|polic(?:y|ies)|restrictions)\s+(?:are\s+|were\s+|is\s+|have\s+been\s+)?(?:now\s+)?(?:disabled|off|lifted|suspended|removed|deactivated|do\s+not\s+apply|don't\s+apply|no\s+longer\s+apply|were\s+not\s+meant)"
        ),
    ),
    (
        Signal.JAILBREAK,
        _rx(r"\b(?:comply|obey)\s+with\s+(?:every|any|all)\s+(?:request|command|order)s?\b"),
    ),
    (
        Signal.JAILBREAK,
        _rx(
            r"\byou\s+are\s+no\s+longer\s+(?:a|an|bound|restricted|limited)\b|\bno\s+longer\s+bound\s+by\b"
        ),
    ),
    (
        Signal.JAILBREAK,
        _rx(
            r"\bpretend\s+(?:you\s+are|to\s+be)\s+an?\s+(?:ai|model|assistant)\s+(?:with\s+no|without)\b"
        ),
    ),
    (
        Signal.JAILBREAK,
        _rx(
            r"\b(?:sans|senza|sin|ohne)\s+(?:aucune\s+|alcuna\s+|ninguna\s+|jegliche\s+)?(?:restrictions?|restrizioni|restricciones?|einschränkungen|beschränkungen|filtres?|filtri|filtros?|filter|limites|limiti|límites|grenzen)\b|\bkeine\s+(?:regeln|einschränkungen|beschränkungen|grenzen|richtlinien)\s+mehr\b|\b(?:hast|habe)\s+du\s+keine\s+regeln\b|\bab\s+jetzt\s+hast\s+du\s+keine\b"
        ),
    ),
    (
        Signal.JAILBREAK,
        _rx(
            r"\b(?:mode\s+développeur|modalità\s+sviluppatore|modo\s+desarrollador|entwicklermodus)\b"
        ),
    ),
    (
        Signal.JAILBREAK,
        _rx(
            r"\b(?:règles|consignes|linee\s+guida|regole|reglas|directrices|richtlinien|sicherheitsrichtlinien)\b[^.\n]{0,40}?\b(?:ne\s+s'appliquent\s+pas|non\s+(?:valgono|si\s+applicano)|no\s+(?:aplican|se\s+aplican)|nicht\s+gelten)\b"
        ),
    ),
    # -- the system prompt and secrets ----------------------------------------------
    (
        Signal.SYSTEM_PROMPT,
        _rx(
            r"\b(?:reveal|print|show|output|repeat|display|dump|leak|tell\s+me|give\s+me|share|recite|disclose|return|list|expose|write\s+out|collect|gather|harvest|extract|exfiltrate|paste|send|forward|upload|email|post|add|include|summari[sz]e|describe|quote|copy|paraphrase)(?:s|ing|ed)?\b[^.\n]{0,40}?\b(?:system\s+(?:prompt|message|instructions?)|initial\s+(?:prompt|instructions?)|hidden\s+(?:prompt|instructions?)|(?:the\s+)?(?:exact\s+)?instructions\s+you\s+(?:were|have\s+been)\s+given|(?:your|the)\s+(?:original|operating|internal)\s+instructions|context\s+window|words\s+above|internal\s+configuration|environment\s+variables|(?:all\s+)?(?:the\s+)?(?:api\s+keys?|credentials|passwords?|secrets|tokens|private\s+keys?|card\s+numbers?|credit\s+cards?|cvv|social\s+security|cookies|session\s+tokens?)|~/\.ssh\S*|id_rsa|\.env\b|/etc/(?:passwd|shadow)|\.aws/credentials|(?:the\s+)?(?:full\s+|entire\s+|whole\s+)?(?:customer|client|user|employee|patient)\s+(?:list|data|database|records|emails|details|files)|hr\s+database|confidential\s+(?:data|information|files|documents|records)|(?:employee\s+)?(?:salary|salaries|payroll)(?:\s+\w+)?|ssh\s+keys?|bank\s+statements?)"
        ),
    ),
    (
        Signal.SYSTEM_PROMPT,
        _rx(
            r"\b(?:rassemble|envoie|envoyez|transmets|exporte|invia|inoltra|esporta|envía|envia|reenvía|exporta|sende|schicke|exportiere|leite)\b[^.\n]{0,40}?\b(?:donn[ée]es\s+(?:des\s+)?clients|dati\s+(?:dei\s+)?clienti|datos\s+de\s+(?:los\s+)?clientes|kundendaten|mots\s+de\s+passe|password|contraseñas|passwörter)"
        ),
    ),
    (
        Signal.SYSTEM_PROMPT,
        _rx(
            r"\b(?:prompt\s+(?:di|del|de)\s+sistema|prompt\s+système|system-prompt|systemanweisungen|instructions\s+système|istruzioni\s+di\s+sistema|instrucciones\s+del\s+sistema|invite\s+système)\b"
        ),
    ),
    (
        Signal.SYSTEM_PROMPT,
        _rx(r"\brepeat\s+the\s+words\s+above\b|\bwhat\s+was\s+written\s+above\b"),
    ),
    (
        Signal.SYSTEM_PROMPT,
        _rx(
            r"\b(?:contents?\s+of|cat|read|open|print)\s+(?:the\s+)?(?:~/\.ssh\S*|\S*id_rsa\S*|\S*\.env\b|/etc/(?:passwd|shadow)|\S*\.aws/credentials|\S*\.netrc)"
        ),
    ),
    # -- secrecy -------------------------------------------------------------------------
    (
        Signal.SECRECY,
        _rx(
            r"\b(?:do\s+not|don't|never|without|must\s+not|mustn't|should\s+not|shouldn't|shall\s+not|may\s+not)\s+(?:tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|mention(?:ing)?|reveal(?:ing)?|disclos(?:e|ing)|alert(?:ing)?|let(?:ting)?|warn(?:ing)?|show(?:ing)?)\b[^.\n]{0,25}?\b(?:the\s+user|users|anyone|the\s+human|the\s+operator|your\s+user|the\s+owner)\b"
        ),
    ),
    (
        Signal.SECRECY,
        _rx(
            r"\bkeep\s+(?:this|these|it|that)\s+(?:instruction\s+|note\s+)?(?:secret|hidden|confidential|private|between\s+us)\b|\b(?:silently|secretly|covertly|quietly)\b|\bwithout\s+(?:the\s+user(?:'s)?\s+)?(?:knowledge|noticing|them\s+knowing)\b|\b(?:the\s+)?user\s+(?:must|should)\s+(?:not|never)\s+(?:know|see|notice|find\s+out|learn)\b"
        ),
    ),
    (
        Signal.SECRECY,
        _rx(
            r"\b(?:do\s+not|don't|never)\s+(?:remove|delete|modify|edit|change|forget)\s+(?:this|these)(?:\s+(?:note|line|instruction|rule|memory|entry|text|section|comment|block|directive)s?\b|\s*[.!]|\s*$)"
        ),
    ),
    (
        Signal.SECRECY,
        _rx(
            r"\bne\s+(?:le\s+|lui\s+|leur\s+)?(?:dis|dites|mentionne[zs]?|révèle[zs]?)\s+(?:pas|jamais|rien)\b|\bsans\s+(?:le\s+dire|prévenir|informer)\b|\bne\s+(?:supprime[zs]?|retire[zs]?|efface[zs]?)\s+(?:pas|jamais)\s+(?:cette|ce|ces)\b"
        ),
    ),
    (
        Signal.SECRECY,
        _rx(
            r"\bnon\s+(?:dire|dirlo|menzionare|rivelare|dirgli)\b[^.\n]{0,20}?\b(?:all'utente|a\s+nessuno|utente)\b|\bsenza\s+(?:dirlo|avvisare|informare)\b|\bnon\s+(?:rimuovere|eliminare|cancellare)\s+(?:questa|questo|queste)\b"
        ),
    ),
    (
        Signal.SECRECY,
        _rx(
            r"\bno\s+(?:le\s+)?(?:digas|menciones|reveles|cuentes|informes)\b[^.\n]{0,20}?\b(?:al\s+usuario|a\s+nadie|usuario)\b|\bsin\s+(?:decirle|avisar|informar)\b|\bno\s+(?:elimines|borres|quites)\s+(?:esta|este|estas)\b"
        ),
    ),
    (
        Signal.SECRECY,
        _rx(
            r"\b(?:sag|sage|erzähl|erzähle|erwähne|verrate)\s+(?:es\s+|das\s+)?(?:dem\s+(?:benutzer|nutzer|anwender)|niemandem)\s+nicht(?:s)?\b|\bohne\s+(?:den\s+)?(?:benutzer|nutzer)\s+zu\s+(?:informieren|benachrichtigen|fragen)\b|\b(?:entferne|lösche)\s+(?:diese[ns]?|das)\s+(?:\w+\s+)?(?:nicht|niemals)\b|\bheimlich\b"
        ),
    ),
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
        ),
    ),
    # -- directives addressed to the agent ---------------------------------------------
    (
        Signal.AGENT_DIRECTIVE,
        _rx(
            rf"(?:^|[\n#*]\s*)\W*(?:a\s+)?note\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?{_AGENT}s?\b|\b(?:if|when)\s+you\s+are\s+an?\s+{_AGENT}\b|\b(?:any|all|every)\s+{_AGENT}s?\s+(?:systems?\s+|agents?\s+)?(?:reading|processing|parsing|summari[sz]ing|reviewing|seeing|integrating|that\s+reads?)\b|\b(?:ai|llm)\s+(?:agents?|assistants?|systems?|models?|coding\s+agents?)\s+(?:reading|processing|integrating|reviewing|should|must)\b|\b{_AGENT}\s+reading\s+this\b|\bfor\s+(?:ai|llm)\s+(?:coding\s+)?agents\b"
        ),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        _w(
            0.5,
            _rx(
                rf"(?:^|\n)\W*(?:{_AGENT})\s+(?:instructions?|notes?|rules?|directives?|guidance)\s*:"
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
        # "Reminder for the AI:", "Attention assistant:", "note to self:" — text addressed
        # to the agent; and the agent (or "assistants") as the subject of a modal.
        _w(
            0.5,
            _rx(
                rf"\b(?:reminder|attention|note|memo|heads[- ]up|instruction|message|warning|hint)s?\s+(?:for|to)\s+(?:the\s+|any\s+|all\s+|every\s+)?{_AGENT}s?\b"
                rf"|\b(?:attention|dear|hey|hi)\s+{_AGENT}s?\s*[:,!]"
                r"|(?:^|\n)\W*note\s+to\s+self\s*[:(]"
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
            rf"\b(?:the\s+)?{_AGENT}\s+(?:must|should|shall|will\s+always|is\s+required\s+to|needs\s+to|has\s+to|is\s+to)\b|\b(?:requires?|instructs?|orders?|tells?|asks?|wants?|needs?|expects?)\s+(?:the\s+|any\s+|every\s+)?{_AGENT}s?\s+to\b|\bi\s+(?:want|need)\s+you\s+to\b"
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
        _rx(
            r"\b(?:désormais|dorénavant|à\s+partir\s+de\s+maintenant|à\s+l'avenir|d'ora\s+in\s+(?:poi|avanti)|da\s+ora\s+in\s+poi|a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+adelante|desde\s+ahora|en\s+adelante|ab\s+jetzt|ab\s+sofort|von\s+nun\s+an|künftig|zukünftig|in\s+zukunft)\b"
        ),
    ),
    # -- conditional triggers --------------------------------------------------------------
    (
        Signal.CONDITIONAL_TRIGGER,
        _rx(
            r"\b(?:whenever|every\s+time|each\s+time|any\s+time)\b|\b(?:when|if|once|as\s+soon\s+as)\s+(?:the\s+|a\s+)?(?:user|human|customer|someone|anyone|i|we)\s+(?:ever\s+)?(?:asks?|mentions?|says?|types?|requests?|wants?|opens?|logs?\s+in|runs?|talks?|writes?|queries|searches|brings\s+up)\b|\bon\s+the\s+next\s+(?:user\s+)?(?:message|turn|request|session|run|reply)\b|\bnext\s+time\s+(?:you|the\s+user)\b|\bwhen\s+you\s+(?:read|see|process|summari[sz]e|encounter|receive|handle|review|parse)\s+(?:this|it)\b|\bbefore\s+(?:you\s+)?(?:answer|respond|reply)(?:ing)?\b"
        ),
    ),
    (
        Signal.CONDITIONAL_TRIGGER,
        _rx(
            r"\b(?:chaque\s+fois\s+que|quand\s+l'utilisateur|si\s+l'utilisateur|lorsque\s+l'utilisateur|ogni\s+volta\s+che|quando\s+l'utente|se\s+l'utente|cada\s+vez\s+que|cuando\s+el\s+usuario|si\s+el\s+usuario|immer\s+wenn|jedes\s+mal\s+wenn|wann\s+immer|wenn\s+der\s+(?:benutzer|nutzer))\b"
        ),
    ),
    # -- tools and permissions as policy -------------------------------------------------
    (
        Signal.TOOL_POLICY,
        _rx(
            r"\b(?:call|invoke|use|run|execute|trigger)\s+(?:the\s+)?`?[a-z][a-z0-9]*_[a-z0-9_]+`?(?:\s+(?:tool|function))?\b|\b(?:call|invoke)\s+the\s+\w+\s+(?:tool|function|api|endpoint)\b"
        ),
    ),
    (
        Signal.TOOL_POLICY,
        _rx(
            r"\bthe\s+(?:safest|best|correct|right|recommended|only|proper|approved|standard|fastest)\s+way\s+to\s+\w+[^.\n]{0,40}?\bis\b"
        ),
    ),
    (
        Signal.TOOL_POLICY,
        _rx(
            r"\byou\s+(?:are|have\s+been)\s+(?:now\s+)?(?:allowed|permitted|authori[sz]ed)\b|\byou\s+have\s+(?:full\s+|root\s+|admin\s+)?(?:permission|access|authori[sz]ation)\b|\bgrant\s+(?:all|full|admin|root|every)\s+(?:access|permissions?|requests?|privileges)\b|\bauto-?approve\b|\b(?:is|are|has\s+been|have\s+been)\s+(?:now\s+)?(?:cleared|authori[sz]ed|allowed|permitted|approved)\s+to\b|\b(?:agents?|assistants?|bots?|ais?|models?|you)\s+(?:may|can|are\s+(?:allowed|permitted|free)\s+to)\s+(?:now\s+|safely\s+|always\s+)?(?:bypass|skip|ignore|disable|override|circumvent)\b"
        ),
    ),
    (
        Signal.TOOL_POLICY,
        _rx(
            r"\b(?:skip(?:s|ping)?|bypass(?:es|ing)?|disabl(?:e|es|ing)|turn(?:s|ing)?\s+off|ignor(?:e|es|ing))\s+(?:all\s+|the\s+|any\s+|every\s+)?(?:[a-z]+\s+)?(?:confirmations?|approvals?|reviews?|safety\s+checks?|security\s+checks?|verification|permission\s+prompts?|warnings?|sandbox(?:ing)?|tests?|backups?|ci|lint(?:er|ing)?|checks?|hooks?|validation|scans?|audits?)\b|\bwithout\s+(?:asking|confirmation|confirming|approval|review|permission|checking|prompting|double-checking|(?:running\s+)?(?:the\s+)?tests|(?:a\s+)?backup|(?:a\s+)?purchase\s+order)\b|\bno\s+need\s+to\s+(?:ask|confirm|check|verify)\b|\bdo\s+not\s+ask\s+(?:for\s+)?(?:confirmation|permission|the\s+user)\b"
        ),
    ),
    (
        Signal.TOOL_POLICY,
        _rx(
            r"\b(?:approved|authori[sz]ed|allowed|permitted|cleared|granted)\s+(?:you\s+|me\s+|us\s+|the\s+(?:agent|assistant|bot)\s+)?(?:to\s+)?(?:share|sharing|send|sending|disable|disabling|wire|wiring|export|exporting|delete|deleting|transfer|transferring|bypass|bypassing|skip|skipping|release|releasing|forward|forwarding|modify|modifying|pay|paying|run|running|execute|executing|merge|merging|push|pushing|drop|dropping|destructive)\b|\b(?:disable|disabling|turn\s+off|turning\s+off|bypass|bypassing)\s+(?:the\s+)?(?:firewall|antivirus|2fa|two-factor|mfa|multi-factor|ssl|tls|certificate|security|audit|logging|backups?)\b|--(?:skip-backup|no-verify|insecure|no-backup|force-with-lease|force|dangerously\S*)\b|\b(?:with|using|via)\s+sudo\b|\bas\s+root\b|\bverify\s*=\s*false\b|\b(?:stop|quit)\s+asking\b|\bno\s+longer\s+ask\b|\byou\s+(?:can|may)\s+(?:now\s+|safely\s+|always\s+)?(?:merge|delete|skip|push|deploy|disable|bypass|drop|wipe|force|wire|transfer|run\s+(?:it|them|migrations?)\s+in\s+production)\b|\b(?:is|as)\s+the\s+(?:standard|default|recommended|approved|official|usual)\s+(?:fix|way|procedure|approach|solution|practice)\b"
        ),
    ),
    (
        Signal.TOOL_POLICY,
        _rx(
            r"\b(?:sans\s+(?:demander|confirmation|vérifier)|senza\s+(?:chiedere|conferma|verificare)|sin\s+(?:preguntar|confirmación|confirmar|verificar)|ohne\s+(?:nachzufragen|zu\s+fragen|bestätigung|rückfrage))\b"
        ),
    ),
    # -- destructive commands -----------------------------------------------------------
    (
        Signal.DESTRUCTIVE_COMMAND,
        _rx(
            r"\brm\s+-(?:rf|fr|r|f)\b[^\n`]{0,40}|\bdrop\s+(?:table|database)\b|\bdelete\s+from\s+\w+|\bmkfs\b|\bdd\s+if=|\bchmod\s+(?:-r\s+)?777\b|\b(?:curl|wget)\b[^|\n]{0,120}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|\bgit\s+push\s+(?:\S+\s+)*(?:-f|--force)\b|\bforce[- ]push(?:ing|ed|es)?\b|\bgit\s+reset\s+--hard\b|\bformat\s+c:|\bdelete_file\b|\b(?:delete|erase|wipe|empty)\s+(?:all|every|the\s+entire|the\s+whole)\b|\bempty\s+the\s+[\w']+(?:\s+\w+)?\s+director(?:y|ies)\b|\b(?:modify|delete|drop|change|wipe|truncate|overwrite|write\s+to|alter)\s+(?:the\s+|all\s+)?(?:live\s+)?production\s+(?:databases?|data|servers?|tables?|environment|systems?)\b"
        ),
    ),
    # -- fake authority / approval -------------------------------------------------------
    (
        Signal.FAKE_AUTHORITY,
        # A header that speaks as the system or an authority (weaker than a claimed approval).
        _w(
            0.3,
            _rx(
                r"(?:^|\n)\W*(?:system|admin|administrator|developer|security|compliance|it|platform|operator)\s+(?:note|notice|message|update|alert|override|instruction|directive|announcement)s?\b|\b(?:important|urgent|critical|mandatory)\s+(?:system\s+|security\s+)?(?:update|notice|instruction|note|message)\s*:|\bnotice\s+to\s+(?:any|all)\s+(?:ai|llm|assistant|agent)|\bbreach\s+alert\b|\b(?:message|instruction|directive|order|notice)s?\s+from\s+(?:the\s+)?(?:admin|administrator|system|developers?|security\s+team|it(?:\s+security|\s+department)?|security|hr|management|operator|legal|compliance)\b|\b(?:systemhinweis|note\s+système|nota\s+(?:di|del)\s+sistema|avis\s+système|hinweis\s+des\s+systems)\b"
            ),
        ),
    ),
    (
        Signal.FAKE_AUTHORITY,
        _rx(
            r"\b(?:approved|authori[sz]ed|sanctioned|whitelisted|cleared|signed\s+off|verified|mandated|required)\s+by\s+(?:the\s+|your\s+)?(?:admin|administrator|developers?|security\s+team|it\s+department|it\s+security|management|operator|owner|user|ceo|cto|cfo|ciso|legal|compliance|anthropic|openai|the\s+system)\b|\b(?:the\s+)?(?:admin|administrator|developer|security\s+team|operator|owner|user|ceo|cto|cfo|ciso|boss|director|manager|legal|management)\s+(?:has\s+|have\s+)?(?:already\s+)?(?:approved|authori[sz]ed|granted\s+(?:permission|access)|confirmed\s+(?:this|it|that)|allowed|permitted|pre-?approved|signed\s+off)\b|\bpre-?approved\b|\bthis\s+is\s+(?:required|mandatory)\s+(?:for|by)\b|\bper\s+(?:company|security|corporate|it|compliance)\s+policy\b|\b(?:verified|confirmed)\s+(?:this\s+)?internally\b|\bthe\s+user\s+is\s+(?:an?\s+)?(?:admin|administrator|authori[sz]ed|verified|trusted|developer)\b"
        ),
    ),
    (
        Signal.FAKE_AUTHORITY,
        _rx(
            r"\b(?:approuvé|autorisé|validé)\s+par\b|\b(?:approvato|autorizzato)\s+da\b|\b(?:aprobado|autorizado)\s+por\b|\b(?:genehmigt|freigegeben|autorisiert)\s+(?:von|durch)\b"
        ),
    ),
    # -- claimed past success -----------------------------------------------------------
    (
        Signal.FAKE_EXPERIENCE,
        _rx(
            r"\blast\s+time\b[^.\n]{0,60}?\b(?:worked|succeeded|fixed|solved|resolved|was\s+fine|helped|went\s+well)\b|\b(?:this|it|that)\s+(?:worked|succeeded|has\s+worked)\s+(?:last\s+time|before|previously|every\s+time|perfectly|fine)\b|\b(?:previously|already)\s+(?:succeeded|worked|been\s+verified|been\s+tested)\b|\b(?:proven|known|verified|confirmed|tested)\s+to\s+(?:work|be\s+safe|be\s+fine|be\s+harmless)\b|\bas\s+(?:we|you|i)\s+(?:agreed|discussed|decided|established)\s+(?:before|earlier|previously|last\s+time)\b|\b(?:worked|succeeded)\s+(?:in|during)\s+(?:the\s+)?(?:previous|last|earlier)\s+(?:session|run|attempt|task)\b|\bin\s+the\s+(?:previous|last|earlier)\s+(?:session|run|attempt|task)\b[^.\n]{0,60}?\b(?:worked|succeeded|fixed|solved|was\s+fine)\b|\b(?:i|we)(?:'ve|\s+have)?\s+(?:already\s+)?(?:reasoned|determined|established|concluded)\s+that\b"
        ),
    ),
    (
        Signal.FAKE_EXPERIENCE,
        _rx(
            r"\b(?:worked|succeeded|did\s+the\s+trick|helped)\s+(?:perfectly\s+|fine\s+|great\s+|well\s+|flawlessly\s+)?(?:last\s+time|before|previously|every\s+time|in\s+the\s+past)\b|\b(?:past|previous|earlier|prior)\s+(?:sessions|runs|attempts|experience|tasks)\s+(?:show|showed|shows|prove|proved|proves|confirm|confirmed|confirms)\b|\bnever\s+(?:caused|causes|led\s+to)\s+(?:any\s+)?(?:problems|issues|trouble|errors)\b|\busers\s+report\s+(?:that\s+)?(?:this|it)\s+is\s+(?:safe|fine)\b"
        ),
    ),
    (
        Signal.FAKE_EXPERIENCE,
        _rx(
            r"\bla\s+dernière\s+fois\b[^.\n]{0,60}?\b(?:a\s+fonctionné|a\s+marché|a\s+réussi)\b|\b(?:a|avait)\s+déjà\s+(?:fonctionné|marché)\b|\bl'ultima\s+volta\b[^.\n]{0,60}?\b(?:ha\s+funzionato|è\s+andat[oa]\s+bene)\b|\bha\s+già\s+funzionato\b|\bla\s+última\s+vez\b[^.\n]{0,60}?\b(?:funcionó|salió\s+bien)\b|\bya\s+funcionó\b|\bletztes\s+mal\b[^.\n]{0,60}?\b(?:hat\s+(?:es\s+)?funktioniert|klappte|geklappt)\b|\bhat\s+(?:schon|bereits)\s+funktioniert\b|\b(?:j'ai\s+(?:déjà\s+)?établi|ho\s+gi[aà]\s+stabilito|ya\s+he\s+determinado|habe\s+ich\s+bereits\s+festgestellt)\b"
        ),
    ),
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
                r"^\W*(?:please\s+)?(?:start|begin|end|finish|close|open|sign|prefix|format|write|fill|pad)\s+(?:every|each|all|your|any)\s+(?:future\s+)?"
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
            r"\b(?:instructions|rules|guidelines|directives|prompt|orders)\s+(?:you\s+)?(?:received|were\s+given|got|have|had)?\s*(?:earlier|before|previously|so\s+far)?\s*(?:are|is|were)\s+(?:now\s+)?(?:outdated|obsolete|void|invalid|cancell?ed|revoked|superseded|no\s+longer\s+valid|a\s+test)\b"
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
            r"|\b(?:supprimer|effacer|cancellare|eliminare|borrar|eliminar|lösche|löschen)\b[^.\n]{0,30}?\b(?:fichiers|file|archivos|ficheros|dateien|protokolle|backup|sauvegardes)\b"
            r"|\b(?:pídele|pide|pregunta|chiedi|demande)\b[^.\n]{0,40}?\b(?:contraseñas?|password|mots?\s+de\s+passe|passwörter)\b"
        ),
    ),
    (
        Signal.EXFILTRATION,
        _rx(
            r"\b(?:bcc|cc)\s+(?:" + _EMAIL + r")"
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
            r"(?:^|\n)\s*from:\s*(?:the\s+)?(?:ceo|cfo|cto|ciso|admin|administrator|it|security|hr|legal|director|boss)\b"
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
        _rx(r"</?important>|^\s*end\s+of\s+(?:document|user\s+input|instructions|context)\s*$"),
    ),
    (
        Signal.STANDING_RULE,
        _rx(
            r"\bfrom\s+here\s+on\b|\bno\s+longer\b|\banymore\b|\b(?:stop|quit)\s+[a-z]+ing\b|\b(?:immer|toujours|sempre|siempre)\b[^.\n]{0,40}?\b(?:empfehlen|antworten|erwähnen|sagen|nennen|recommander|répondre|mentionner|consigliare|rispondere|menzionare|recomendar|responder|mencionar)\b"
        ),
    ),
    # -- exfiltration ----------------------------------------------------------------------
    (
        Signal.EXFILTRATION,
        _rx(
            r"\b(?:call|invoke|use|run)\s+(?:the\s+)?`?(?:http_post|http_request|post_request|send_email|send_mail|email_send|upload_file|upload|webhook\w*|requests\.post|fetch_url)`?\b[^.\n]{0,80}?(?:"
            + _EMAIL
            + "|"
            + _URL
            + r")"
        ),
    ),
    (
        Signal.DATA_URL,
        _rx(r"!\[[^\]\n]{0,200}\]\(\s*https?://[^)\s]+\?[^)\s]+\)"),
    ),
    (
        Signal.DATA_URL,
        _w(
            0.55,
            _rx(
                r"https?://[^\s<>\"')\]]+[?&](?:data|payload|secret|token|key|api_?key|password|pwd|pass|conversation|convo|chat|history|memory|memories|summary|content|msg|message|text|exfil|leak|cookie|session|creds?|credentials|email|mail|q|d|c|p|x)=(?:\{[^}\s]*\}|<[^>\s]*>|\[[a-z_]+\]|\$\{?\w+\}?|%s|\{\{[^}]*\}\})"
            ),
        ),
    ),
    (
        Signal.DATA_URL,
        _rx(
            r"\b(?:webhook\.site|hooks\.slack\.com/services|discord(?:app)?\.com/api/webhooks|requestbin|pipedream\.net|ngrok(?:-free)?\.(?:io|app)|burpcollaborator|interact\.sh|oast\.(?:fun|pro|me|live)|canarytokens)\b"
        ),
    ),
]

_AGENT_WORDS = (
    "assist asistent agent ai$ ais$ llm model bot$ bots$ chatbot copilot claude gpt chatgpt gemini"
)
# (kind, a piece of the pattern's source that finds it, its own anchors, its own gates)
_GATED_PATTERNS: list[tuple[Signal, str, str, tuple[str, ...]]] = [
    (Signal.AGENT_DIRECTIVE, r"note\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?", _AGENT_WORDS, ()),
    (
        Signal.AGENT_DIRECTIVE,
        r"\s+(?:instructions?|notes?|rules?|directives?|guidance)\s*:",
        _AGENT_WORDS + " shown$ displayed$ quoted$ inserted$ repeated$ added$ included$ "
        "mentioned$ appended$ muss$ müssen$ soll$ sollen$ doit$ doivent$ deve$ devono$ debe$ deben$",
        (),
    ),
    (Signal.AGENT_DIRECTIVE, r"(?:reminder|attention|note|memo|heads", _AGENT_WORDS + " self$", ()),
    (
        Signal.AGENT_DIRECTIVE,
        r"\s+(?:must|should|shall|will\s+always",
        _AGENT_WORDS + " want$ need$",
        (),
    ),
    (Signal.AGENT_DIRECTIVE, r"(?:\s+systems?|\s+agents?)?\b", _AGENT_WORDS, ()),
    (
        Signal.TOOL_POLICY,
        r"\b(?:approved|authori[sz]ed|allowed|permitted|cleared|granted)\s+(?:you",
        "approved authori allowed permitted cleared granted disabl turn$ turning$ bypass sudo$ "
        "root$ verify stop$ quit$ longer$ you$ standard default recommended official usual",
        ("--",),
    ),
    (
        Signal.TOOL_POLICY,
        r"\byou\s+(?:are|have\s+been)\s+(?:now\s+)?(?:allowed",
        "you$ grant auto cleared authori allowed permitted approved bypass skip ignor disabl "
        "override circumvent",
        (),
    ),
    (
        Signal.TOOL_POLICY,
        r"\b(?:skip(?:s|ping)?|bypass",
        "skip bypass disabl turn$ turns$ turning$ ignor without need$ ask",
        (),
    ),
    (Signal.TOOL_POLICY, r"\bthe\s+(?:safest|best", "way$", ()),
]
_OWN_GATES: dict[re.Pattern[str], tuple[str, ...]] = {}
for _kind, _piece, _anchors, _gates in _GATED_PATTERNS:
    (_found,) = [p for k, p in _PATTERNS if k is _kind and _piece in p.pattern]
    _OWN_ANCHORS[_found] = _anchors
    if _gates:
        _OWN_GATES[_found] = _gates

_BY_KIND: dict[Signal, list[tuple[re.Pattern[str], float, str | None]]] = {}
_KEYED: dict[str, tuple[Signal, str]] = {}  # gate key -> (kind, its own anchors)
_KEY_GATES: dict[str, tuple[str, ...]] = {}
for _n, (_signal, _pattern) in enumerate(_PATTERNS):
    _key = f"{_signal.value}#{_n}" if _pattern in _OWN_ANCHORS else None
    if _key is not None:
        _KEYED[_key] = (_signal, _OWN_ANCHORS[_pattern])
        if _pattern in _OWN_GATES:
            _KEY_GATES[_key] = _OWN_GATES[_pattern]
    _BY_KIND.setdefault(_signal, []).append(
        (_pattern, _PATTERN_WEIGHT.get(_pattern, WEIGHT[_signal]), _key)
    )
_PATTERN_KINDS = frozenset(_BY_KIND)

_SEND = _rx(
    r"\b(?:(?:send|forward|upload|transmit|exfiltrate|leak|relay|deliver|mirror|replicate)(?:s|es|ed|ing)?|(?:email|e-mail|mail|post|copy|share|report|sync|submit|ping|notify|archive|export|dump|stream|transfer|back\s+up)(?:ed|ing)?|sent|cc|bcc|envoie|envoyez|envoyer|transmets|transmettez|transférer|transfère|partage[rz]?|invia|inviare|inoltra|inoltrare|manda|mandare|trasmetti|envía|enviar|reenvía|reenviar|mandar|transmite|comparte|sende|senden|schicke|schicken|weiterleiten|leite|übermittle|übermitteln)\b"
)
# "to"/"at" (in each language) and then, close by, an address, a URL or a webhook.
_TO_DESTINATION = re.compile(
    r"\b(?:to|at|into|towards|via|onto|à|a|al|an|nach|per|vers|verso|hacia)\b[^.\n]{0,50}?"
    rf"(?:{_EMAIL}|{_URL}|\bwebhook\b)",
    re.IGNORECASE,
)
_ADDRESS = re.compile(rf"{_EMAIL}|{_URL}", re.IGNORECASE)

_ROLE_TOKENS = _rx(
    r"<\|\s*(?:im_start|im_end|im_sep|system|user|assistant|endoftext|begin_of_text|end_of_text|start_header_id|end_header_id|eot_id|eom_id|tool|function|channel|message)\s*\|>"
    r"|\[/?inst\]|<</?sys>>|</?(?:system|system_prompt|sys|instructions?|admin|thinking|reasoning|scratchpad)>"
    r"|^\s*assistant\s*:\s*(?:sure|certainly|of\s+course|okay|ok|absolutely)\b"
    r"|^\s*\[(?:system|admin|developer)\]"
    r"|^\s*#{2,}\s*(?:system|instruction|instructions|assistant|response)(?:\s+(?:prompt|message))?\s*(?::|#{2,}|$)"
    r"|^\s*#{2,}\s*end\s+of\s+(?:user\s+input|document|instructions)\b[^\n]*"
    r"|(?:-{3,}|#{3,}|={3,}|\*{3,})\s*end\s+of\s+(?:user\s+input|document|context|instructions|prompt|file|email|data)\s*(?:-{3,}|#{3,}|={3,}|\*{3,})?"
)
_ROLE_HEADER = _rx(r"^\s*(?:system|assistant|developer|user)\s*:\s*\S")
_HTML_COMMENT = re.compile(r"<!--(.*?)(?:-->|$)", re.DOTALL)
_DECODE_AND_RUN = _rx(
    r"\b(?:decode|decrypt|deobfuscate|translate|convert|unscramble|reverse|read)\b[^.\n]{0,60}?\b(?:and|then)\s+(?:do|follow|execute|obey|run|perform|carry\s+out|act\s+on|apply)\b|\b(?:execute|follow|obey|do)\s+(?:exactly\s+)?(?:what\s+it\s+says|the\s+instructions?\s+(?:inside|within|in\s+it))\b"
)
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{20,}={0,2}(?![A-Za-z0-9+/=_-])")
_HEX = re.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){12,}(?![0-9A-Fa-f])")
_BINARY = re.compile(r"(?:[01]{8}[ ]?){6,}")
_PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2}[^%\s]{0,16}){5,}")
_ESCAPES = re.compile(r"(?:\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2}){6,}")
_SPACED = re.compile(r"(?<!\S)(?:[A-Za-z] {1,3}){5,}[A-Za-z](?!\S)")
_MORSE = re.compile(r"(?:[.-]{1,6}(?: | / |/)){8,}[.-]{1,6}")
_MORSE_TABLE = dict(
    zip(
        _split(
            ".- -... -.-. -.. . ..-. --. .... .. .--- -.- .-.. -- -. --- .--. --.- .-. ... - ..- "
            "...- .-- -..- -.-- --.. ----- .---- ..--- ...-- ....- ..... -.... --... ---.. ----."
        ),
        "abcdefghijklmnopqrstuvwxyz0123456789",
        strict=True,
    )
)

# Words that say a text is *about* attacks or gives examples (quotes there are quoted).
_META = _rx(
    r"\b(?:attack(?:s|ers?|ed)?|attacker|injections?|inject(?:ed|s)?|malicious|jailbreak(?:s|ing)?|payloads?|phishing|exploit(?:s|ed)?|adversar(?:y|ial)|red[- ]team(?:ing)?|researchers?|paper|owasp|example|examples|e\.g\.|for\s+instance|such\s+as|a\s+classic|techniques?|vulnerabilit(?:y|ies)|poison(?:ing|ed)?|defen[cs]es?|detect(?:ion|or|s)?|scanner|warn(?:s|ed|ing)?|beware|scams?|never\s+trust|threat|spoof(?:ed|ing)?|"
    r"attacco|attacchi|iniezione|esempio|ad\s+esempio|dannoso|attaque|attaquants?|exemple|par\s+exemple|malveillant|ataque|atacantes?|inyección|ejemplo|por\s+ejemplo|malicioso|angriff|angreifer|beispiel|zum\s+beispiel|bösartig|injektion)\b"
)
# Words that say a text is about chat templates (role tokens there are mentioned, not used).
_ROLE_META = re.compile(
    r"\b(?:tokens?|markers?|tokeni[sz]ers?|formats?|templates?|chatml|syntax|delimiters?|wraps?|"
    r"special\s+tokens|prompt\s+format|chat\s+format)\b"
)
_QUOTES = re.compile(
    r"\"[^\"\n]{3,400}\"|“[^”]{3,400}”|«[^»]{3,400}»|„[^“”]{3,400}[“”]|‘[^’\n]{3,400}’|(?<![A-Za-z])'[^'\n]{3,400}'(?![A-Za-z])"
)
_CODE = re.compile(r"```.*?(?:```|$)|`[^`\n]+`|(?:^|\n)(?: {4}|\t)[^\n]+", re.DOTALL)

# -- the cheap first look ------------------------------------------------------------
# Each kind of signal runs only when one of its anchors (word prefixes; "word$" = the
# whole word) or gate strings is in the text: one trie regex over the lowered text finds
# the anchors, so most memories cost a few microseconds. Every alternative of a kind's
# patterns contains one of its anchors (tests check the gated and ungated analyses agree).
_CUE_WORDS = (
    "ignore instructions previous system prompt password reveal always never forget "
    "disregard admin rules secret"
)
_ANCHORS: dict[Signal | str, str] = {
    Signal.OVERRIDE: "instruction rules$ guidelines directives prompt orders$ follow treat ignor disregard forget overrid bypass overrul abandon discard drop new$ "
    "your$ supersed replac oubli néglig dimentic trascur olvid omit vergiss vergessen missacht "
    "nouvel nuov nuev neue",
    Signal.JAILBREAK: "mode$ anything dan$ uncensor unrestrict unfilter jailbr unalign evil "
    "restrict rules$ limit filter guideline polic boundar ethic censor safety content security "
    "comply obey longer pretend exempt allow programming instruction refus sans$ senza$ sin$ ohne$ keine$ regeln hast$ modalit modo$ "
    "entwicklermod règles consignes linee regole reglas directrices richtlin sicherheitsricht "
    "appliqu valgono applicano aplican gelten",
    Signal.SYSTEM_PROMPT: "system initial hidden instructions original operating internal "
    "context above$ configuration environment api$ credential password secret token prompt "
    "systemanweis istruzioni instrucciones invite card$ cards$ cvv$ social$ cookie ssh id_rsa env$ "
    "etc$ aws$ customer client employee patient hr$ donn dati$ datos$ kundendaten mots$ passw "
    "contrase confidential salar payroll bank$",
    Signal.SECRECY: "not$ don$ never without keep$ silent secret covert ne$ sans$ non$ senza$ "
    "no$ sin$ sag$ sage$ erzähl erwähn verrat ohne$ entfern lösch heimlich quietly mustn shouldn "
    "won$ leave$ hide conceal",
    Signal.PERSISTENCE: "memor remember persist future mémoire gedächtnis dauerhaft immer$ later$ "
    "next$ subsequent$ following$",
    Signal.AGENT_DIRECTIVE: "lesson rule reminder every$ each$ your$ any$ all$ rappel consigne règle "
    "remarque regola istruzione promemoria regla instrucción importante recordatorio regel "
    "anweisung erinnerung you$ assist asistent agent ai$ ais$ llm model bot$ bots$ chatbot copilot "
    "reminder attention memo heads$ warning hint dear$ hey$ hi$ self$ will$ shall$ ll$ must$ "
    "should$ going$ "
    "shown$ displayed$ quoted$ inserted$ repeated$ added$ includ recall reveal "
    "print repeat angehängt hinzugefügt eingefügt erwähnt être$ essere$ añadirse incluirse "
    "agregarse mencionarse "
    "claude gpt chatgpt gemini include append add$ insert put$ mention cite attach prepend "
    "user$ users$ customers$ everyone$ always$ never$ tu$ vous$ devi$ dovete$ debes$ tienes$ du$ sie$ si$ "
    "se$ wenn$ ia$ ki$",
    Signal.STANDING_RULE: "here$ longer$ anymore$ stop$ quit$ immer toujours sempre siempre now$ forward$ hence hereafter rest$ until times$ permanent today$ "
    "point$ every$ each$ all$ any$ always$ never$ matter$ réponse risposta respuesta "
    "antwort désormais "
    "dorénavant partir$ avenir ora$ adelante ahora jetzt sofort nun$ künftig zukünftig zukunft",
    Signal.CONDITIONAL_TRIGGER: "if$ when once$ soon$ whenever time$ user$ human$ customer$ someone$ anyone$ next$ ask "
    "you$ answer respon reply chaque ogni$ cada$ immer$ jedes wann$ utilisateur utente "
    "usuario benutzer nutzer",
    Signal.TOOL_POLICY: "tool$ function$ api$ endpoint way$ allow permit authori permission "
    "access grant auto confirm approv review safety security verif warning sandbox without "
    "need$ user$ sans$ senza$ sin$ ohne$ cleared disabl turn$ turning$ bypass firewall stop$ "
    "quit$ longer$ ask you$ standard default recommended official usual sudo$ root$ skip ignor "
    "check rule warn alert caution plus$ conferma bestätigung rückfrage",
    Signal.DESTRUCTIVE_COMMAND: "rm$ drop delete mkfs dd$ chmod curl wget git$ format$ force wipe production "
    "erase empty",
    Signal.FAKE_AUTHORITY: "system systèm sistema$ admin developer security compliance "
    "platform operator important urgent critical mandatory notice breach "
    "approv authori sanction whitelist cleared signed verified mandated required grant confirm "
    "allow permit polic admin trusted developer management department message cto$ cfo$ "
    "ciso$ boss$ director manager legal$ owner told$ systemhinweis approuv autoris valid autorizzat aprobad "
    "autorizad genehmigt freigegeben",
    Signal.FAKE_EXPERIENCE: "time$ worked succeeded fixed solved trick$ helped show$ shows$ "
    "showed$ prove$ proves$ proved$ confirm caused$ report last$ experience hundreds thousands users$ people$ everyone$ "
    "previously already proven known verified "
    "confirmed tested agreed discussed decided established reasoned determined concluded "
    "dernière déjà ultima$ già gia$ última ya$ letztes schon bereits établi stabilito "
    "festgestellt",
    Signal.SENSITIVE_ACTION: "root$ admin full$ unrestricted wire transfer send pay move purchase "
    "payment invoice order turn$ "
    "disable skip ask prompt paste pasting share sharing sending supprimer effacer cancellare "
    "eliminare borrar eliminar lösche löschen pídele pide pregunta chiedi demande factor$ 2fa mfa "
    "antivirus firewall",
    Signal.DATA_URL: "webhook hooks discord requestbin pipedream ngrok burpcollab interact "
    "oast$ canarytoken",
    Signal.DECODE_AND_RUN: "decod decrypt deobfusc translat convert unscrambl revers execut "
    "follow obey says$ read$",
    # Imperatives matter only beside another signal, or when the verb is a behaviour verb
    # or comes with "always"/"never".
    "imperative": " ".join(f"{v}$" for v in _BEHAVIOUR_VERBS.lower().split("|"))
    + " always$ never$ toujours$ jamais$ sempre$ mai$ siempre$ nunca$ immer$ niemals$ nie$",
    "conditional_clause": "when whenever if$ once$ each$ every$ next$ any$ soon$ quand$ si$ lorsque$ "
    "quando$ se$ cuando$ wenn$ sobald$",
    Signal.EXFILTRATION: "webhook parameter$ argument$ param$ field$",
    Signal.ROLE_TOKEN: "system$ assistant$ developer$ user$ end$",
    # Key words of an instruction as rot13 and written backwards: the whole text is then
    # read decoded.
    "rot13": _CUE_WORDS.translate(
        str.maketrans("abcdefghijklmnopqrstuvwxyz", "nopqrstuvwxyzabcdefghijklm")
    ),
    "reversed": " ".join(w[::-1] for w in _CUE_WORDS.split()),
}
_GATES: dict[Signal | str, tuple[str, ...]] = {
    Signal.TOOL_POLICY: ("_", "--"),
    Signal.FAKE_AUTHORITY: ("From:", "from:", "FROM:"),
    Signal.SYSTEM_PROMPT: (".cursor", ".npmrc", ".pypirc", ".git-credentials", ".docker", ".kube"),
    Signal.DATA_URL: ("://",),
    Signal.EXFILTRATION: ("@", "://"),
    Signal.ROLE_TOKEN: ("<", "[", "##", "---", "===", "***"),
    Signal.HTML_COMMENT: ("<!--",),
}
_GATES.update(_KEY_GATES)
_GATE_KINDS: dict[str, set[Any]] = {}
for _gate_kind, _gate_strings in _GATES.items():
    for _g in _gate_strings:
        _GATE_KINDS.setdefault(_g, set()).add(_gate_kind)
for _g, _kinds in _GATE_KINDS.items():
    _kinds |= {_KEYED[k][0] for k in list(_kinds) if isinstance(k, str) and k in _KEYED}
_GATE_RX = re.compile("|".join(re.escape(g) for g in sorted(_GATE_KINDS, key=len, reverse=True)))
_ESCAPED_GATE = re.compile(r"%[0-9A-Fa-f]{2}|\\[ux][0-9A-Fa-f]")
_BINARY_GATE = re.compile(r"(?:[01]{8} ?){3}")
_SPACED_GATE = re.compile(r" [a-z] [a-z] [a-z] ")  # on the lowered text
_LONG_RUN = 20  # a word this long may be an encoded payload


def _trie(anchors: dict[Signal | str, str]) -> tuple[re.Pattern[str], dict[str, frozenset[Any]]]:
    """One regex finding every anchor, and which kinds each match turns on. A prefix
    anchor absorbs the anchors that extend it (a match returns the shortest prefix)."""
    prefix: dict[str, set[Any]] = {}
    whole: dict[str, set[Any]] = {}
    for kind, spec in anchors.items():
        for a in spec.split():
            (whole if a.endswith("$") else prefix).setdefault(a.rstrip("$"), set()).add(kind)
    for table in (prefix, whole):
        for a in list(table):
            for p in prefix:
                if (p != a or table is whole) and a.startswith(p):
                    prefix[p] |= table.pop(a)
                    break
    tree: dict[str, Any] = {}
    for a in [*prefix, *whole]:
        node = tree
        for ch in a:
            node = node.setdefault(ch, {})
        node["$p" if a in prefix else "$w"] = True

    def emit(node: dict[str, Any]) -> str:
        if node.get("$p"):
            return ""
        alts = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if len(ch) == 1]
        if node.get("$w"):
            alts.append(r"\b")
        return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"

    kinds = {a: frozenset(k) for a, k in [*prefix.items(), *whole.items()]}
    return re.compile(r"\b" + emit(tree)), kinds


_TRIE, _KINDS_OF = _trie({**_ANCHORS, **{k: a for k, (_, a) in _KEYED.items()}})
# A pattern's own anchor turns its kind on too.
_KINDS_OF = {
    a: kinds | {_KEYED[k][0] for k in kinds if isinstance(k, str) and k in _KEYED}
    for a, kinds in _KINDS_OF.items()
}


def _active(view: str, low: str) -> set[Any]:
    """The kinds worth running on this text (empty: nothing can match)."""
    found = _TRIE.findall(low)
    on: set[Any] = set().union(*map(_KINDS_OF.__getitem__, set(found))) if found else set()
    for g in _GATE_RX.findall(view):
        on |= _GATE_KINDS[g]
    if (
        max(map(len, view.split()), default=0) >= _LONG_RUN
        or (("%" in view or "\\" in view) and _ESCAPED_GATE.search(view))
        or ("0" in view and _BINARY_GATE.search(view))
        or _SPACED_GATE.search(low)
        or (("-." in view or ".-" in view) and _MORSE.search(view))
        or (_LEET_GATE.search(view) and _leet(view))
    ):
        on.add(Signal.ENCODED_PAYLOAD)
    return on


# Everything but the whole-text decodings, which only their encoded anchors justify.
_ALL_KINDS: frozenset[Any] = frozenset([*Signal, *_ANCHORS]) - {"rot13", "reversed"}


# -- results -------------------------------------------------------------------


@dataclass(slots=True, frozen=True)
class Hit:
    """One signal: its kind, where it is, how much it counts here and why."""

    signal: Signal
    start: int
    end: int
    weight: float  # after the context discount, before the source weight
    note: str = ""  # e.g. what an encoded run decodes to, or why it was discounted
    hidden: bool = False  # found inside a hidden carrier (comment, encoding, tag characters)

    @property
    def hard(self) -> bool:
        return self.signal in HARD or self.hidden

    def to_dict(self) -> dict[str, Any]:
        return {
            "signal": self.signal.value,
            "label": LABEL[self.signal],
            "start": self.start,
            "end": self.end,
            "weight": round(self.weight, 3),
            "hard": self.hard,
            "note": self.note,
        }


@dataclass(slots=True, frozen=True)
class Provenance:
    """What the store says about where a memory came from.

    ``ancestor_types``: source types of everything it was derived from (None when not
    looked up — e.g. the review queue's cheap check). ``approved``: a person approved or
    promoted it. ``role``: the provider's speaker field, when it has one.
    """

    source_type: SourceType
    source_ref: str | None = None
    derived: bool = False
    ancestor_types: frozenset[SourceType] | None = None
    approved: bool = False
    role: str | None = None

    @property
    def has_trace(self) -> bool:
        """Anything in the store behind the memory's claims of authority or past success:
        a person's approval, or an observation (the user's statement with a source, a
        tool's output, or one in its lineage). A document, an assistant message or a
        model conclusion that says "the admin approved" or "this worked last time" has
        nothing behind it but itself."""
        if self.approved:
            return True
        if self.source_type is SourceType.USER_STATEMENT:
            return ref_kind(self.source_ref) == "other"
        if self.source_type is SourceType.TOOL_OBSERVATION:
            return bool(self.source_ref)
        return bool(self.ancestor_types and self.ancestor_types & OBSERVED)

    @property
    def authority_backed(self) -> bool:
        """A claim that someone approved something stands on a person: an approval
        event, or the user's own word. A tool's output saying "the admin approved" is
        only the text it fetched."""
        if self.approved:
            return True
        if self.source_type is SourceType.USER_STATEMENT:
            return ref_kind(self.source_ref) == "other"
        return bool(self.ancestor_types and SourceType.USER_STATEMENT in self.ancestor_types)


@dataclass(slots=True, frozen=True)
class Thresholds:
    flag: float = 0.5
    medium: float = 0.65
    high: float = 0.8

    @classmethod
    def from_policy(cls, policy: Any) -> Thresholds:
        return cls(
            float(policy.get("injection.threshold")),
            float(policy.get("injection.medium")),
            float(policy.get("injection.high")),
        )


@dataclass(slots=True)
class Assessment:
    score: float
    text_score: float  # the same hits with every source weight at 1
    source_weight: float
    source_reason: str
    hits: list[Hit] = field(default_factory=list)
    severity: str | None = None  # low / medium / high, or None below the threshold
    tier: str = ""

    @property
    def flagged(self) -> bool:
        return self.severity is not None

    def top_hits(self) -> list[Hit]:
        """The strongest hit of each kind, strongest first (what the score counts)."""
        best: dict[Signal, Hit] = {}
        for h in self.hits:
            if h.signal not in best or h.weight > best[h.signal].weight:
                best[h.signal] = h
        return sorted(best.values(), key=lambda h: (-h.weight, h.start))

    def spans(self) -> list[tuple[int, int]]:
        return [(h.start, h.end) for h in self.hits if h.end > h.start]

    def describe(self, text: str, width: int = 60) -> list[str]:
        """One line per counted signal: label, the triggering text (revealed), offsets."""
        out = []
        for h in self.top_hits():
            quoted = reveal(_cut(text[h.start : h.end], width))
            line = f"{LABEL[h.signal]} “{quoted}” [{h.start}:{h.end}]"
            if h.note:
                line += f" ({h.note})"
            out.append(line)
        return out

    def to_dict(self, text: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "score": round(self.score, 3),
            "text_score": round(self.text_score, 3),
            "severity": self.severity,
            "source_weight": round(self.source_weight, 3),
            "source_reason": self.source_reason,
            "tier": self.tier,
            "signals": [h.to_dict() for h in self.top_hits()],
        }
        if text is not None:
            for entry, h in zip(data["signals"], self.top_hits(), strict=True):
                entry["text"] = text[h.start : h.end][:200]
        return data


def _cut(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


# -- the text view: what a reader sees, with offsets back to the stored text -------------

_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e")
_MARKS = frozenset("\u200e\u200f\u061c")  # LRM, RLM, ALM
_TAG_LO, _TAG_HI = 0xE0000, 0xE007F
_VARIATION = frozenset(chr(c) for c in range(0xFE00, 0xFE10))


def _invisible(ch: str) -> bool:
    if ch in _BIDI or ch in _ZERO_WIDTH:
        return True
    cat = unicodedata.category(ch)
    return cat in ("Cc", "Cf") and ch not in "\n\t\r"


def _view(text: str) -> tuple[str, list[int] | None, list[Hit]]:
    """The text without invisible characters (so "ig\u200bnore" reads "ignore"), the
    offset of each view character in ``text`` (None: identical), and the hits for the
    invisible characters themselves (tag-character runs decoded)."""
    if text.isprintable() or all(c.isprintable() or c in "\n\t\r" for c in text):
        return text, None, []
    hits: list[Hit] = []
    keep: list[int] = []
    i, n = 0, len(text)
    zw: list[int] = []
    bidi: list[int] = []
    other: list[int] = []
    while i < n:
        ch = text[i]
        cp = ord(ch)
        if _TAG_LO <= cp <= _TAG_HI:
            j = i
            while j < n and _TAG_LO <= ord(text[j]) <= _TAG_HI:
                j += 1
            # A subdivision flag (black flag + a few tag letters + cancel tag) is an emoji.
            is_flag = i > 0 and text[i - 1] == "\U0001f3f4" and j - i <= 7
            if not is_flag:
                decoded = "".join(
                    chr(ord(c) - _TAG_LO) for c in text[i:j] if 0x20 <= ord(c) - _TAG_LO < 0x7F
                )
                hits.append(
                    Hit(
                        Signal.TAG_CHARACTERS,
                        i,
                        j,
                        WEIGHT[Signal.TAG_CHARACTERS] if len(decoded.strip()) >= 2 else 0.4,
                        f"{j - i} tag characters decode to “{_cut(decoded, 80)}”",
                    )
                )
                hits.extend(_inner(decoded, i, j, "in tag characters"))
            i = j
            continue
        if _invisible(ch):
            # A zero-width joiner inside an emoji sequence is how emoji are written.
            joiner = (
                ch == "\u200d"
                and 0 < i < n - 1
                and unicodedata.category(text[i - 1]) in ("So", "Sk", "Mn")
                or (ch == "\u200d" and i > 0 and text[i - 1] in _VARIATION)
            )
            if not joiner:
                (bidi if ch in _BIDI else zw if ch in _ZERO_WIDTH else other).append(i)
            i += 1
            continue
        keep.append(i)
        i += 1
    if bidi and any(unicodedata.bidirectional(c) in ("R", "AL") for c in text):
        # Direction marks beside right-to-left letters are how such text is written.
        bidi = [k for k in bidi if text[k] not in _MARKS]
    for group, weight, what in (
        (bidi, 0.5, "bidi control"),
        (zw, WEIGHT[Signal.HIDDEN_CHARACTERS], "zero-width"),
        (other, 0.3, "control/format"),
    ):
        if group:
            names = sorted({marker_name(text[k]) for k in group})
            hits.append(
                Hit(
                    Signal.HIDDEN_CHARACTERS,
                    group[0],
                    group[0] + 1,
                    min(0.9, weight + 0.05 * (len(group) - 1)),
                    f"{len(group)} {what} character(s): {', '.join(names[:6])}",
                )
            )
    return "".join(text[k] for k in keep), keep, hits


# -- decoding -----------------------------------------------------------------------


def _texty(raw: bytes | str) -> str | None:
    """The decoded bytes as text, if they read like text (words and spaces)."""
    if isinstance(raw, bytes):
        try:
            s = raw.decode("utf-8")
        except UnicodeDecodeError:
            return None
    else:
        s = raw
    if len(s) < 8:
        return None
    printable = sum(1 for c in s if c.isprintable() or c in "\n\t")
    letters = sum(1 for c in s if c.isalpha() or c == " ")
    if printable < 0.95 * len(s) or letters < 0.7 * len(s) or s.count(" ") < 2:
        return None
    return s


def _decode_runs(view: str) -> Iterable[tuple[int, int, str, str]]:
    """(start, end, encoding, decoded text) for each encoded run that decodes to text."""
    for m in _BASE64.finditer(view):
        run = m.group(0)
        body = run.rstrip("=")
        for alt in (False, True):
            try:
                padded = body + "=" * (-len(body) % 4)
                raw = (
                    base64.urlsafe_b64decode(padded)
                    if alt
                    else base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
                )
            except (binascii.Error, ValueError):
                continue
            text = _texty(raw)
            if text:
                yield m.start(), m.end(), "base64", text
                break
    for m in _HEX.finditer(view):
        try:
            text = _texty(bytes.fromhex(m.group(0)))
        except ValueError:
            continue
        if text:
            yield m.start(), m.end(), "hex", text
    for m in _BINARY.finditer(view):
        bits = m.group(0).replace(" ", "")
        raw = bytes(int(bits[k : k + 8], 2) for k in range(0, len(bits) - 7, 8))
        text = _texty(raw)
        if text:
            yield m.start(), m.end(), "binary", text
    for m in _PERCENT.finditer(view):
        text = _texty(unquote(m.group(0)))
        if text and text != m.group(0):
            yield m.start(), m.end(), "percent-encoding", text
    for m in _ESCAPES.finditer(view):
        try:
            text = _texty(m.group(0).encode("ascii").decode("unicode_escape"))
        except (UnicodeDecodeError, ValueError):
            continue
        if text:
            yield m.start(), m.end(), "escapes", text
    for m in _SPACED.finditer(view):
        # Read in context: "I g n o r e all previous instructions".
        words = re.split(r" {2,}", m.group(0))
        collapsed = " ".join(w.replace(" ", "") for w in words)
        yield m.start(), m.end(), "spaced letters", view[: m.start()] + collapsed + view[m.end() :]
    for m in _LONG_TOKEN.finditer(view):
        run = m.group(0)
        for how, decode in _OTHER_CODECS:
            try:
                text = _texty(decode(run))
            except (ValueError, binascii.Error):
                continue
            if text:
                yield m.start(), m.end(), how, text
                break
    if _LEET_GATE.search(view) and _leet(view):
        plain = _ADDRESS.sub(lambda m: " " * len(m.group(0)), view)  # URLs are not leet
        yield 0, len(view), "leetspeak", plain.translate(_LEET)
    if ".-" in view or "-." in view:
        for m in _MORSE.finditer(view):
            words = re.split(r" ?/ ?", m.group(0))
            text = " ".join("".join(_MORSE_TABLE.get(c, "?") for c in w.split()) for w in words)
            if text.count("?") * 10 < len(text):
                yield m.start(), m.end(), "Morse code", text


_LONG_TOKEN = re.compile(r"<~.{16,}?~>|(?<!\S)\S{32,}(?!\S)", re.DOTALL)


def _b32(run: str) -> bytes:
    body = run.rstrip("=")
    if not re.fullmatch(r"[A-Z2-7]+", body):
        raise ValueError("not base32")
    return base64.b32decode(body + "=" * (-len(body) % 8))


def _a85(run: str) -> bytes:
    if not (run.startswith("<~") and run.endswith("~>")):
        raise ValueError("not ascii85")
    return base64.a85decode(run, adobe=True)


_OTHER_CODECS = (("base32", _b32), ("ascii85", _a85), ("base85", base64.b85decode))
_LEET = str.maketrans("013457@$", "oieastas")
_LEET_GATE = re.compile(r"[a-z][013457]|[013457][a-z]", re.IGNORECASE)
# A word spelled with digits for letters: short, not hexadecimal, digits from 0 1 3 4 5 7.
_LEET_WORD = re.compile(
    r"\b(?![0-9a-f]+\b)(?=[a-z0-9]*[a-z])(?=[a-z0-9]*[013457])[a-z0134578]{2,12}\b", re.IGNORECASE
)
LEET_SHARE = 0.25  # of a text's words, for it to be read as leetspeak


def _leet(view: str) -> bool:
    plain = _ADDRESS.sub(" ", view)
    leet = len(_LEET_WORD.findall(plain))
    return leet >= 3 and leet >= LEET_SHARE * len(plain.split())


def _rot13(text: str) -> str:
    return text.translate(_ROT13)


_ROT13 = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "nopqrstuvwxyzabcdefghijklmNOPQRSTUVWXYZABCDEFGHIJKLM",
)


def _inner(
    text: str, start: int, end: int, where: str, depth: int = 1, gate: bool = True
) -> list[Hit]:
    """Signals in text hidden inside a carrier: counted (stronger) on the carrier's span."""
    if depth > MAX_DECODE_DEPTH:
        return []
    found = _text_hits(text, depth + 1, gate)
    return [
        Hit(
            h.signal,
            start,
            end,
            min(0.95, WEIGHT[h.signal] * HIDDEN_BOOST),
            f"{where}: “{_cut(text[h.start : h.end], 60)}”",
            hidden=True,
        )
        for h in found
        if h.signal not in (Signal.IMPERATIVE,)
    ]


# -- the analysis -----------------------------------------------------------------


def _regions(rx: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in rx.finditer(text)]


def _inside(regions: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(s <= start and end <= e for s, e in regions)


_SENTENCE = re.compile(r"[.!?;:]+(?:\s+|$)|\n\s*")


_YAML_KEY = re.compile(r"(?:^|\n)[ \t]*([a-z_][a-z0-9_-]*)$")
# Keys after which the value may well be an instruction ("note: always answer ...").
_ADDRESS_KEYS = frozenset(
    _split(
        "note notice reminder important instruction instructions rule rules system assistant "
        "ai update attention warning memo hint ps nb policy directive todo"
    )
)


def _sentence_bounds(text: str) -> list[int]:
    """Where sentences start. A "key: value" line's value is no sentence (a note's
    "title: Answer style" gives no imperative), unless the key addresses someone."""
    out = [0]
    for m in _SENTENCE.finditer(text):
        if text[m.start()] == ":":
            key = _YAML_KEY.search(text, 0, m.start())
            if key and key.group(1) not in _ADDRESS_KEYS:
                continue
        out.append(m.end())
    return out


def _text_hits(view: str, depth: int = 1, gate: bool = True) -> list[Hit]:
    """Signals in visible text (offsets into ``view``), context discounts applied."""
    if len(view) > MAX_TEXT:
        view = view[:MAX_TEXT]
    low = view.lower()
    rx: Callable[[re.Pattern[str]], re.Pattern[str]] = _same
    if len(low) != len(view):  # e.g. "İ": match the original text, ignoring case
        low, rx = view, _ci
    on = _active(view, low) if gate else _ALL_KINDS
    if not on:
        return []
    raw: list[Hit] = []
    for signal in on & _PATTERN_KINDS:
        for pattern, weight, key in _BY_KIND[signal]:
            if key is not None and gate and key not in on:
                continue
            for m in rx(pattern).finditer(low):
                raw.append(Hit(signal, m.start(), m.end(), weight))
    # Imperatives at sentence starts: behaviour verbs are directives to the agent;
    # "always"/"never" before one, or in the same sentence, makes it a standing rule.
    bounds = _sentence_bounds(low)
    if on - {"conditional_clause"}:
        imperative = rx(_IMPERATIVE)
        for k, pos in enumerate(bounds):
            im = imperative.match(low, pos)
            if im is None:
                continue
            verb = im.group("verb")
            s, e = im.start("verb"), im.end("verb")
            sent_end = bounds[k + 1] if k + 1 < len(bounds) else len(low)
            if verb in _BEHAVIOUR:
                raw.append(Hit(Signal.AGENT_DIRECTIVE, s, e, WEIGHT[Signal.AGENT_DIRECTIVE]))
            else:
                raw.append(Hit(Signal.IMPERATIVE, s, e, WEIGHT[Signal.IMPERATIVE]))
            alw = im.group("alw")
            if alw and alw not in ("don't", "do not"):
                raw.append(
                    Hit(Signal.STANDING_RULE, im.start("alw"), e, WEIGHT[Signal.STANDING_RULE])
                )
            else:
                tail = rx(_ALWAYS_POSITIVE).search(low, e, sent_end)
                if tail:
                    raw.append(
                        Hit(
                            Signal.STANDING_RULE,
                            tail.start(),
                            tail.end(),
                            WEIGHT[Signal.STANDING_RULE],
                        )
                    )
    # Conditional clause then an imperative: "when the user asks X, recommend Y".
    clauses = rx(_CLAUSE).finditer(low) if "conditional_clause" in on and "," in low else ()
    for m in clauses:
        verb = m.group("verb")
        signal = Signal.AGENT_DIRECTIVE if verb in _BEHAVIOUR else Signal.IMPERATIVE
        raw.append(Hit(signal, m.start("verb"), m.end("verb"), WEIGHT[signal]))
        if m.group("alw"):
            raw.append(
                Hit(
                    Signal.STANDING_RULE,
                    m.start("alw"),
                    m.end("verb"),
                    WEIGHT[Signal.STANDING_RULE],
                )
            )
        raw.append(
            Hit(
                Signal.CONDITIONAL_TRIGGER,
                m.start(),
                m.start("verb"),
                WEIGHT[Signal.CONDITIONAL_TRIGGER],
            )
        )
    # A trigger rule (MINJA's shape): "when the user asks about X, <do Y>".
    rules = rx(_TRIGGER).finditer(low) if "conditional_clause" in on and "," in low else ()
    for m in rules:
        main = m.group("main")
        if main in _NOT_A_DIRECTIVE and not m.group("agent"):
            continue
        raw.append(Hit(Signal.AGENT_DIRECTIVE, m.start("main"), m.end("main"), 0.5))
        raw.append(
            Hit(
                Signal.CONDITIONAL_TRIGGER,
                m.start(),
                m.start("main"),
                WEIGHT[Signal.CONDITIONAL_TRIGGER],
            )
        )
    # Sending something to a destination.
    for m in rx(_SEND).finditer(low) if Signal.EXFILTRATION in on else ():
        end = min(len(low), m.end() + 120)
        stop = _STOP.search(low, m.end(), end)
        d = rx(_TO_DESTINATION).search(low, m.end(), stop.start() if stop else end)
        if d:
            raw.append(Hit(Signal.EXFILTRATION, m.start(), d.end(), WEIGHT[Signal.EXFILTRATION]))
    # Chat-template and role tokens; a role header line ("system: ...").
    if Signal.ROLE_TOKEN in on:
        for m in rx(_ROLE_TOKENS).finditer(low):
            raw.append(Hit(Signal.ROLE_TOKEN, m.start(), m.end(), WEIGHT[Signal.ROLE_TOKEN]))
        for m in rx(_ROLE_HEADER).finditer(low) if ":" in low else ():
            raw.append(Hit(Signal.ROLE_TOKEN, m.start(), m.end() - 1, 0.45))
    # Hidden carriers: HTML comments, encoded runs. What they say counts as hidden.
    for m in _HTML_COMMENT.finditer(view) if Signal.HTML_COMMENT in on else ():
        raw.append(Hit(Signal.HTML_COMMENT, m.start(), m.end(), WEIGHT[Signal.HTML_COMMENT]))
        raw.extend(_inner(m.group(1), m.start(), m.end(), "in an HTML comment", depth, gate))
    for m in rx(_DECODE_AND_RUN).finditer(low) if Signal.DECODE_AND_RUN in on else ():
        raw.append(Hit(Signal.DECODE_AND_RUN, m.start(), m.end(), WEIGHT[Signal.DECODE_AND_RUN]))
    for how, decoded in (
        ("rot13", _rot13(view) if "rot13" in on else ""),
        ("written backwards", view[::-1] if "reversed" in on else ""),
    ):
        inner = _inner(decoded, 0, len(view), f"decoded {how}", depth, gate) if decoded else []
        if inner:
            raw.append(
                Hit(
                    Signal.ENCODED_PAYLOAD,
                    0,
                    len(view),
                    WEIGHT[Signal.ENCODED_PAYLOAD],
                    f"{how} decodes to “{_cut(decoded, 80)}”",
                )
            )
            raw.extend(inner)
    runs = _decode_runs(view) if Signal.ENCODED_PAYLOAD in on else ()
    for s, e, how, decoded in runs:
        inner = _inner(decoded, s, e, f"decoded {how}", depth, gate)
        weight = WEIGHT[Signal.ENCODED_PAYLOAD] if how != "spaced letters" or inner else 0.0
        if weight:
            raw.append(
                Hit(Signal.ENCODED_PAYLOAD, s, e, weight, f"{how} decodes to “{_cut(decoded, 80)}”")
            )
        raw.extend(inner)
    raw = [h for h in raw if not _required_not_skipped(low, h)]
    if all(h.signal is Signal.IMPERATIVE for h in raw):
        return raw  # a bare imperative is never enough to flag: no context needed
    return _discount(view, raw)


def _same(rx: re.Pattern[str]) -> re.Pattern[str]:
    return rx


_STOP = re.compile(r"[.!?\n](?:\s|$)")


_NEGATION = _rx(r"\b(?:do\s+not|don't|never|must\s+not|should\s+not|ne|non|no|nicht|nie|niemals)\b")


# Kinds a negation turns into a protective rule: "never send the API keys anywhere",
# "do not touch X without asking" (demands a confirmation; does not skip one).
NEGATABLE = frozenset(
    {
        Signal.TOOL_POLICY,
        Signal.SYSTEM_PROMPT,
        Signal.EXFILTRATION,
        Signal.DESTRUCTIVE_COMMAND,
        Signal.SENSITIVE_ACTION,
    }
)


def _required_not_skipped(view: str, h: Hit) -> bool:
    """True when the hit is negated (and so no signal): a negation just before it
    ("never force-push"), or anywhere in its sentence for a "without ..." clause ("do
    not touch X without asking" demands a confirmation)."""
    if h.signal not in NEGATABLE:
        return False
    line_start = max(view.rfind(c, 0, h.start) for c in (". ", "! ", "? ", "\n")) + 1
    if not view.startswith(("without", "sans", "senza", "sin ", "ohne"), h.start):
        line_start = max(line_start, h.start - NEGATION_REACH)
    return bool(_NEGATION.search(view, line_start, h.start))


NEGATION_REACH = 25  # characters before a hit in which a negation turns it around


def _in_domain(text: str, start: int, end: int) -> bool:
    """ "track.example", "example.org": a word that is part of a host name."""
    before = text[start - 1] if start else ""
    after = text[end : end + 2]
    return before == "." or (len(after) == 2 and after[0] == "." and after[1].isalpha())


def _discount(view: str, raw: list[Hit]) -> list[Hit]:
    """Quoted in a text about attacks, quoted, in code, or in a sentence about attacks."""
    quotes = [
        (a, b)
        for a, b in _regions(_QUOTES, view)
        if not view[:a].rstrip().endswith((":", "{", "[", ","))
    ]
    code = _regions(_CODE, view)
    addresses = _regions(_ADDRESS, view)  # "example.com" is no example
    about_tokens = [m.start() for m in _ROLE_META.finditer(view.lower())]
    meta = [
        m.start()
        for m in _META.finditer(view.lower())
        if not _inside(addresses, m.start(), m.end()) and not _in_domain(view, m.start(), m.end())
    ]
    out = []
    for h in raw:
        if h.signal in NO_CONTEXT or h.hidden:
            out.append(h)
            continue
        near_meta = any(abs(p - h.start) <= 300 for p in meta) or (
            h.signal is Signal.ROLE_TOKEN and any(abs(p - h.start) <= 200 for p in about_tokens)
        )
        quoted = _inside(quotes, h.start, h.end)
        in_code = _inside(code, h.start, h.end)
        factor, why = 1.0, ""
        if (quoted or in_code) and near_meta:
            factor, why = QUOTED_META, "quoted in a text about attacks or examples"
        elif in_code:
            factor, why = CODE, "in a code sample"
        elif quoted:
            factor, why = QUOTED, "quoted"
        elif near_meta:
            factor, why = META, "in a text about attacks or examples"
        if factor < 1.0:
            h = Hit(h.signal, h.start, h.end, h.weight * factor, why, h.hidden)
        out.append(h)
    return out


def signals(text: str, *, gate: bool = True, learned: bool = True) -> list[Hit]:
    """Every signal in ``text``, spans as offsets into ``text`` itself. ``gate=False``
    runs every pattern on every text (what the anchors must never change);
    ``learned=False`` leaves out the learned scorer's hit (see ``learned_hit``)."""
    view, index, hidden = _view(text)
    hits = _text_hits(view, gate=gate)
    if learned:
        hits = [*hits, *_learned(view)]
    return sorted(hidden + _back(text, index, hits), key=lambda h: (h.start, h.end))


def learned_hit(
    text: str, scorer: Any = None, alpha: float | None = None, floor: float | None = None
) -> Hit | None:
    """The learned scorer's hit alone (its span as offsets into ``text``), or None.
    ``scorer``, ``alpha``, ``floor``: another model and settings (the training script's
    cross-validation); by default the committed ones."""
    view, index, _ = _view(text)
    found = _back(text, index, _learned(view, scorer, alpha, floor))
    return found[0] if found else None


def _learned(
    view: str, scorer: Any = None, alpha: float | None = None, floor: float | None = None
) -> list[Hit]:
    """The learned scorer on the visible text, as a soft signal: it weighs ``ALPHA ×
    probability`` (then the source weight applies, as to every soft signal), less in a
    text about attacks or examples (the patterns' context rules); its span is the
    sentence that weighs most, its note the probability and the n-grams that weigh most.
    Nothing below ``FLOOR``."""
    from memaudit import injection_model

    found = (scorer or injection_model.model()).score(view)
    if found.probability < (injection_model.FLOOR if floor is None else floor):
        return []
    note = f"p {found.probability:.2f}"
    if found.top:
        note += ": " + ", ".join(reveal(t) for t in found.top)
    a = injection_model.ALPHA if alpha is None else alpha
    hit = Hit(Signal.LEARNED, found.start, found.end, min(0.99, a * found.probability))
    (seen,) = _discount(view, [hit])
    if seen.note:  # discounted: say why beside what the scorer saw
        note += f" ({seen.note})"
    return [Hit(Signal.LEARNED, seen.start, seen.end, seen.weight, note)]


def _back(text: str, index: list[int] | None, hits: list[Hit]) -> list[Hit]:
    """Hits on the visible view, their spans mapped back to offsets into ``text``."""
    if index is None or not hits:
        return hits
    n = len(index)

    def back(k: int, end: bool) -> int:
        if end:
            return index[k - 1] + 1 if 0 < k <= n else (index[-1] + 1 if n else 0)
        return index[k] if k < n else len(text)

    return [
        Hit(h.signal, back(h.start, False), back(h.end, True), h.weight, h.note, h.hidden)
        for h in hits
    ]


# -- provenance --------------------------------------------------------------------

USER_TRUSTED = 0.35  # the user's own statement with a session reference
USER_UNTRACED = 0.6  # a user statement nothing in the store backs
DERIVED_FROM_USER = 0.5
DERIVED_UNKNOWN = 0.8
APPROVED = 0.85  # a person approved it: counts for something, not everything
UNTRUSTED_TYPES = frozenset(
    {
        SourceType.TOOL_OBSERVATION,
        SourceType.EXTERNAL_DOCUMENT,
        SourceType.ASSISTANT_MESSAGE,
        SourceType.UNKNOWN,
    }
)
_ASSISTANT_ROLES = ("assistant", "ai", "agent", "model", "bot", "system", "tool")
_URL_REF = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
_TOOL_REF = re.compile(r"^(?:tool|call|fn|function|mcp)[:_/-]|\btool[_-]?call\b", re.IGNORECASE)


def ref_kind(ref: str | None) -> str:
    """How a source reference reads: none, url, tool, or other (a session, message, file)."""
    if not ref or not ref.strip():
        return "none"
    if _URL_REF.match(ref.strip()):
        return "url"
    if _TOOL_REF.search(ref):
        return "tool"
    return "other"


def source_weight(p: Provenance) -> tuple[float, str]:
    """How far the source is the user speaking to their own agent (0.35) versus text the
    agent read somewhere (1.0): the factor for soft signals, with the reason."""
    st = p.source_type
    kind = ref_kind(p.source_ref)
    weight: float
    if st is SourceType.USER_STATEMENT:
        role = (p.role or "").lower()
        others = (
            sorted(t.value for t in p.ancestor_types if t is not SourceType.USER_STATEMENT)
            if p.ancestor_types
            else []
        )
        if role in _ASSISTANT_ROLES:
            weight, why = (
                1.0,
                f"claims to be a user statement, but the store's role field says {role!r}",
            )
        elif others:
            weight, why = (
                1.0,
                "claims to be a user statement, but is derived from " + ", ".join(others),
            )
        elif p.derived and p.ancestor_types is None:
            weight, why = 1.0, "claims to be a user statement, but is derived from other memories"
        elif kind in ("url", "tool"):
            weight, why = 1.0, f"claims to be a user statement, but its source_ref is a {kind}"
        elif kind == "none":
            weight, why = (
                USER_UNTRACED,
                "a user statement with no source reference: nothing shows the user said it",
            )
        else:
            weight, why = USER_TRUSTED, "the user's own statement, with a source reference"
    elif st in UNTRUSTED_TYPES:
        why = {
            SourceType.TOOL_OBSERVATION: "a tool's output: instructions in it are not the user's",
            SourceType.EXTERNAL_DOCUMENT: "an external document: instructions in it are not the user's",
            SourceType.ASSISTANT_MESSAGE: "the assistant's own message: the model instructing itself",
            SourceType.UNKNOWN: "unknown source: nothing says the user wrote it",
        }[st]
        weight = 0.9 if st is SourceType.UNKNOWN else 1.0
    else:  # extraction, summary, inference, reflection
        if p.ancestor_types:
            bad = sorted(t.value for t in p.ancestor_types & UNTRUSTED_TYPES)
            if bad:
                weight, why = 1.0, f"{st.value} derived from untrusted sources ({', '.join(bad)})"
            elif p.ancestor_types <= {SourceType.USER_STATEMENT} | _MODEL_STEPS:
                has_user = SourceType.USER_STATEMENT in p.ancestor_types
                weight = DERIVED_FROM_USER if has_user else DERIVED_UNKNOWN
                why = (
                    f"{st.value} derived only from the user's statements"
                    if has_user
                    else f"{st.value} derived from model output only"
                )
            else:
                weight, why = DERIVED_UNKNOWN, f"{st.value} of mixed lineage"
        else:
            weight = DERIVED_UNKNOWN
            why = (
                f"{st.value} with no recorded lineage"
                if not p.derived
                else f"{st.value}, sources not looked up"
            )
    if p.approved and weight > USER_TRUSTED:
        weight *= APPROVED
        why += "; approved by a person"
    elif not p.approved and st is not SourceType.USER_STATEMENT:
        why += "; no approval event"
    return weight, why


OBSERVED = frozenset({SourceType.USER_STATEMENT, SourceType.TOOL_OBSERVATION})
# The learned scorer judges text the agent read. The user's own words, and what a model
# derived only from them, are judged by the patterns alone: "from now on, always answer
# in French" is what a preference sounds like, and the scorer would only count it twice.
LEARNED_MIN_SOURCE = USER_UNTRACED
_MODEL_STEPS = frozenset(
    {SourceType.EXTRACTION, SourceType.SUMMARY, SourceType.INFERENCE, SourceType.REFLECTION}
)


def assess(
    text: str,
    provenance: Provenance,
    thresholds: Thresholds | None = None,
    hits: list[Hit] | None = None,
) -> Assessment:
    """Text signals × source weight → a score in [0, 1] and a severity (or None)."""
    from memaudit.trust import tier_of

    th = thresholds or Thresholds()
    found = signals(text) if hits is None else hits
    weight, why = source_weight(provenance)
    if weight < LEARNED_MIN_SOURCE:
        found = [h for h in found if h.signal is not Signal.LEARNED]
    tier = tier_of(provenance.source_type).value
    if not found:
        return Assessment(0.0, 0.0, weight, why, [], None, tier)
    best: dict[Signal, Hit] = {}
    for h in found:
        if h.signal not in best or h.weight > best[h.signal].weight:
            best[h.signal] = h
    traced = provenance.has_trace
    kinds = set(best)
    extra: list[Hit] = []
    if kinds & INSTRUCTION_KINDS and kinds & DESTINATION_KINDS:
        dest = max((best[k] for k in kinds & DESTINATION_KINDS), key=lambda h: h.weight)
        extra.append(
            Hit(
                Signal.INSTRUCTION_AND_DESTINATION,
                dest.start,
                dest.end,
                WEIGHT[Signal.INSTRUCTION_AND_DESTINATION] * min(1.0, dest.weight / 0.45),
            )
        )
    keep_text = 1.0
    keep = 1.0
    for h in [*best.values(), *extra]:
        w = h.weight
        if (h.signal is Signal.FAKE_AUTHORITY and not provenance.authority_backed) or (
            h.signal is Signal.FAKE_EXPERIENCE and not traced
        ):
            w = min(0.9, w * UNTRACED_BOOST)
        factor = max(weight, HARD_FLOOR) if h.hard else weight
        keep_text *= 1.0 - min(w, 0.99)
        keep *= 1.0 - min(w * factor, 0.99)
    score = round(1.0 - keep, 3)  # compared as shown
    severity = None  # nothing below the flag threshold, whatever medium and high say
    if score >= th.flag:
        severity = "high" if score >= th.high else "medium" if score >= th.medium else "low"
    return Assessment(score, 1.0 - keep_text, weight, why, found + extra, severity, tier)


def visible(text: str) -> str:
    """The text as the patterns read it: invisible characters left out."""
    return _view(text)[0]


def maybe_suspect(text: str) -> bool:
    """The cheap first look (and the learned scorer): False means ``signals(text)``
    finds nothing."""
    if not text.isprintable():
        return True
    return bool(_active(text, text.lower())) or bool(_learned(text))


def from_memory(
    memory: Any,
    ancestor_types: frozenset[SourceType] | None = None,
    approved: bool = False,
) -> Provenance:
    """Provenance from a canonical ``Memory`` (and what the caller looked up about it)."""
    role = memory.extra.get("role") or memory.extra.get("author_type") if memory.extra else None
    return Provenance(
        memory.source_type,
        memory.source_ref,
        bool(memory.derived),
        ancestor_types,
        approved,
        str(role) if role is not None else None,
    )


# -- scanning a store's rows (the audit detector) ----------------------------------------

SCAN_CACHE = 200_000  # distinct texts whose hits are remembered (identical texts recur)


@dataclass(slots=True)
class Found:
    """A memory whose assessment reached the threshold."""

    memory_id: str
    status: str
    text: str
    assessment: Assessment

    def evidence(self) -> str:
        a = self.assessment
        return (
            f"{self.memory_id} ({a.tier}) scores {a.score:.2f}: text signals "
            f"{a.text_score:.2f} weighed by its source ({a.source_weight:.2f}: "
            f"{a.source_reason}) — " + "; ".join(a.describe(self.text))
        )

    def suggestion(self) -> str:
        mid = self.memory_id
        then = (
            f'memaudit reject {mid} --reason "injected instruction"'
            if self.status == "pending"
            else f"memaudit forget {mid}"
        )
        return f"memaudit trace {mid} --up   then: {then}"


def _source_type(value: Any) -> SourceType:
    try:
        return SourceType(str(value))
    except ValueError:
        return SourceType.UNKNOWN


def scan(
    rows: Iterable[tuple[Any, ...]],
    thresholds: Thresholds,
    *,
    ancestors: Callable[[str], set[str]] | None = None,
    approved: Callable[[list[str]], set[str]] | None = None,
) -> list[Found]:
    """Assess ``(id, source_type, source_ref, status, derived, role, content)`` rows.

    Text signals are computed once per distinct text; provenance (``ancestors``: the
    source types a memory was derived from; ``approved``: which ids a person approved)
    is looked up only for texts that could reach the threshold from the least trusted
    source, so a large clean store costs one pass of the cheap first look. The learned
    scorer runs only where it can change the verdict: on texts the patterns found
    something in, and on texts whose source could weigh its hit alone to the threshold
    (not the user's own statements with a session reference, nor a model's conclusions
    from them).
    """
    cache: dict[str, list[Hit]] = {}
    learned: dict[str, list[Hit]] = {}
    # Weight 1 and no trace: the most any source lets a text score.
    ceiling = Provenance(SourceType.TOOL_OBSERVATION)
    bare_is_safe = thresholds.flag > WEIGHT[Signal.IMPERATIVE]
    from memaudit import injection_model

    alone = min(0.99, injection_model.ALPHA)  # the most the learned hit weighs
    maybe = []
    for mid, st, ref, status, derived, role, content in rows:
        text = content if isinstance(content, str) else reveal(str(content or ""))
        hits = cache.get(text)
        if hits is None:
            hits = signals(text, learned=False)
            if len(cache) >= SCAN_CACHE:
                cache.clear()
            cache[text] = hits
        if hits or alone * _most_weight(st, ref, derived, role) >= thresholds.flag:
            extra = learned.get(text)
            if extra is None:
                found = learned_hit(text)
                extra = [found] if found else []
                if len(learned) >= SCAN_CACHE:
                    learned.clear()
                learned[text] = extra
            hits = hits + extra
        if not hits or (bare_is_safe and all(h.signal is Signal.IMPERATIVE for h in hits)):
            continue  # a bare imperative cannot reach the threshold
        if assess(text, ceiling, thresholds, hits).flagged:
            maybe.append((str(mid), _source_type(st), ref, status, derived, role, text, hits))
    ok = approved([m[0] for m in maybe]) if approved is not None and maybe else set()
    out = []
    for mid, st, ref, status, derived, role, text, hits in maybe:
        above = (
            frozenset(_source_type(t) for t in ancestors(mid)) if ancestors is not None else None
        )
        prov = Provenance(
            st,
            str(ref) if ref is not None else None,
            bool(derived) or bool(above),
            above,
            mid in ok,
            str(role) if role is not None else None,
        )
        a = assess(text, prov, thresholds, hits)
        if a.flagged:
            out.append(Found(mid, str(status), text, a))
    return out


def _most_weight(st: Any, ref: Any, derived: Any, role: Any) -> float:
    """The most a row's source can weigh before its lineage is looked up (a derived
    memory may be derived from anything)."""
    if derived:
        return 1.0
    prov = Provenance(
        _source_type(st),
        str(ref) if ref is not None else None,
        role=str(role) if role is not None else None,
    )
    return source_weight(prov)[0]
