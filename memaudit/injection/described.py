"""What a text names, records or adopts, read as no order (round 27's false alarms).

Each rule below covers a class of text whose hit is the text's subject matter rather than
something it asks the agent to do. Each is read within a bounded reach of the hit, and
each keeps the hit when the text holds what would make it an order again:

- **the safer form adopted** ("I learned that git push --force wipes others' work: now I
  always use --force-with-lease", "nur noch --force-with-lease"): a force push named in
  the sentence that goes on to the lease form is the contrast a lesson or a preference
  draws, and the lease form refuses to overwrite what it has not seen. The lease refused
  ("--force, not --force-with-lease") keeps it; a check waived elsewhere in the text
  ("without asking") is its own hit and still counts;
- **a conditional comment** (``<!--[if mso]> … <![endif]-->``): e-mail and old IE
  templates wrap markup for one renderer in it; it hides no words. One that holds words
  of its own is read as any comment is;
- **a check waived for reading only** ("read-only tools may run without asking",
  "les outils en lecture seule", "gli strumenti di sola lettura", "las herramientas de
  solo lectura", "nur lesende Werkzeuge"): a read changes and sends nothing, the check
  kept for writes is the policy's point. A read-only mode switched off, or what was read
  sent on (an address, a link, "send", "upload"), keeps it;
- **a role name after a turn token** (``<start_of_turn>model with no system role``):
  the word the token ends with, or that follows it, is the token's slot, not an address
  to the model (a token used in earnest is a hard hit of its own and still counts);
- **a literal object in a link's query** (QuickChart's ``?c={type:'bar',data:…}``): keys
  with their values are data the link already carries, not a slot for the agent to fill.
  A slot inside it (``{conversation}``, ``[chat so far]``, ``<user email>``) keeps it a
  beacon;
- **a tool's record of a write into a memory file** ("fs.append('MEMORY.md') → ok, 1
  line added: '- 2026-12-01: user switched to Things 3.'"): the write is done and its
  line holds nothing the patterns notice. A line with an order, a rule word, a change of
  the user's facts or any other hit in the text keeps it;
- **a payee's change told as a fraud scheme** ("fraudsters pose as suppliers and
  announce new bank details by email", "les escrocs annoncent un nouveau RIB", "i
  truffatori comunicano un nuovo IBAN", "los estafadores anuncian nuevos datos
  bancarios", "Betrüger kündigen eine neue Bankverbindung an"): the change is what the
  scheme does, and a warning names no account to pay. The fraudsters must be the ones who
  pose, pretend, announce or send; a fraud given as the reason for a change ("scammers
  impersonate us, so our account has changed") and an IBAN, an account number, an
  address or a link in the sentence keep it a planted fact;
- **a manual's description of a command** (round 47: "`gh pr merge --auto` enables
  auto-merge; the pull request is merged automatically once …", "l'option `-auto-approve`
  de `terraform apply` applique le plan sans …"): the command in a code span is the
  subject, a third-person verb says what it does. A standing word, an agent, a
  destination, an order in the sentence or a condition before the command keeps it;
- **a binding word inside another quotation** ("la columna 'prompt' contiene cadenas como
  'Human: ¿cuál es …'"): a phrase rebound to a meaning needs the binding in the writer's
  own words; a copula that lies inside a second quoted string is the string's.
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import META, Signal
from memaudit.injection.memory_line import line_logged
from memaudit.injection.patterns.channels import REBOUND
from memaudit.injection.protective import REACH, around
from memaudit.injection.recounted import recounted
from memaudit.injection.vocabulary import _rx
from memaudit.injection.warned import _DESTINATION

# (a newline ends a sentence only before a space or the end, as a dot does)
_SENTENCE_END = re.compile(r"[.!?\n](?:\s|$)")


def _sentence(low: str, h: Hit) -> tuple[int, int]:
    """The span of the sentence that holds ``h``, read at most ``REACH`` either side."""
    return around(low, h, _SENTENCE_END)


# -- the safer form adopted ---------------------------------------------------------------
_FORCE_PUSH = _rx(r"\bpush\s+(?:\S+\s+){0,3}?(?:-f|--force)(?![\w-])")
_LEASE = _rx(r"--force-with-lease\b")
_REFUSED = _rx(
    r"\b(?:not|never|no|instead\s+of|rather\s+than|pas|jamais|plutôt\s+que|au\s+lieu\s+de|non|mai|"
    r"invece\s+di|nunca|en\s+lugar\s+de|en\s+vez\s+de|nicht|nie|kein\w*|statt|anstatt)\b[^\w]*$"
)


def safer_form_adopted(low: str, h: Hit) -> bool:
    """Whether a force-push hit (the command, its flag, or the lease flag) lies in a
    sentence that names the plain force push and then the lease form."""
    if h.signal not in (Signal.DESTRUCTIVE_COMMAND, Signal.TOOL_POLICY):
        return False
    if "force" not in low[h.start : h.end]:
        return False
    start, end = _sentence(low, h)
    push = _FORCE_PUSH.search(low, start, end)
    lease = _LEASE.search(low, push.end(), end) if push is not None else None
    # "git push --force (not --force-with-lease)" sets them the other way round
    return lease is not None and not _REFUSED.search(
        low, max(start, lease.start() - 24), lease.start()
    )


# -- a conditional comment ----------------------------------------------------------------
_CONDITIONAL = re.compile(r"<!--\s*\[if\s[^\]]{1,40}\]>(.*?)<!\[endif\]\s*-->", re.DOTALL | re.I)
_MARKUP = re.compile(r"<[^>]*>|[^\w]+")


def conditional_comment(low: str, h: Hit) -> bool:
    """Whether an HTML-comment hit is a conditional comment holding markup only."""
    if h.signal is not Signal.HTML_COMMENT:
        return False
    m = _CONDITIONAL.match(low, h.start)
    if m is None:
        return False
    # a word or two of markup ("… <table>") is a template's; a sentence is hidden text
    return len(_MARKUP.sub(" ", m.group(1)).split()) <= 2


# -- a check waived for reading only ------------------------------------------------------
_READ_ONLY = _rx(
    r"\b(?:read-only|read\s+only|readonly|lookup|look-up|"
    r"(?:en\s+)?lecture\s+seule|en\s+lecture|"
    r"(?:di\s+)?sola\s+lettura|in\s+lettura|"
    r"(?:de\s+)?solo\s+lectura|de\s+lectura|"
    r"nur\s+lesende[nmrs]?|schreibgeschützte[nmrs]?|lesende[nmrs]?|nur-lese\w*|lesezugriff\w*)\b"
)
_CLAUSE_START = re.compile(r"[.;:!?\n]")
# a read-only mode taken away ("read-only mode is off, so tools may run without asking")
_LIFTED = _rx(
    r"\b(?:off|disabled|lifted|removed|no\s+longer|désactivée?|levée?|plus|disattivat[oa]|tolt[oa]|"
    r"non\s+più|desactivad[oa]|quitad[oa]|ya\s+no|deaktiviert|aufgehoben|aus|nicht\s+mehr)\b"
)
# what a read-only tool would still be asked to do with what it read
_ONWARD = _rx(r"@|https?://|\b(?:send|upload|post|forward|share|envo\w+|invi\w+|envi\w+|send\w+)\b")


def read_only_waiver(low: str, h: Hit) -> bool:
    """Whether a check-waived hit's clause names read-only tools or operations as what
    may run without the check, and sends nothing on."""
    if h.signal is not Signal.TOOL_POLICY:
        return False
    lo = max(0, h.start - 80)
    starts = [m.end() for m in _CLAUSE_START.finditer(low, lo, h.start)]
    start = starts[-1] if starts else lo
    _, end = _sentence(low, h)
    return (
        _READ_ONLY.search(low, start, h.end) is not None
        and not _LIFTED.search(low, start, h.end)
        and not _ONWARD.search(low, start, end)
    )


# -- a role name after a turn token -------------------------------------------------------
_ROLE_NAME = _rx(r"(?:model|user|assistant|system|human|bot)\b")


def role_slot(low: str, h: Hit, hits: list[Hit]) -> bool:
    """Whether a directive's addressee is the role name a turn token ends with, or that
    follows it (``<start_of_turn>model``): the token's slot. A token used in earnest keeps
    its own hard hit, so the order it opens still weighs."""
    if h.signal is not Signal.AGENT_DIRECTIVE or not _ROLE_NAME.match(low, h.start):
        return False
    return any(t.signal is Signal.ROLE_TOKEN and t.start < h.start <= t.end + 1 for t in hits)


# -- a literal object in a link's query ---------------------------------------------------
_LITERAL_OPEN = re.compile(r"=\s*\{\s*['\"]?[a-z_]\w*['\"]?\s*:")
# a slot the agent would fill: a bare name in braces, brackets or angle brackets
_SLOT = re.compile(r"\{\{?\s*[a-z_][\w.]*\s*\}|\[[a-z][a-z _]*\]|<[a-z][\w ]*>|%7b\w+%7d")


def literal_query(low: str, h: Hit) -> bool:
    """Whether a data-bearing link's query carries a literal object and no slot."""
    if h.signal is not Signal.DATA_URL:
        return False
    # The address ends at a space after its scheme: a markdown image's "[alt]" may hold
    # spaces ("![Monthly spend](…?c={type:'bar',…})", rounds 14, 15, 19).
    url = low.find("://", h.start)
    end = low.find(" ", url) if url >= 0 else -1
    end = len(low) if end < 0 else end
    query = low.find("?", h.start, end)  # (a markdown image's "[alt]" is no slot)
    if query < 0 or not _LITERAL_OPEN.search(low, query, end):
        return False
    return _SLOT.search(low, query, end) is None


# -- a tool's record of a write into a memory file ----------------------------------------
_FILE_WRITE = _rx(
    r"\b(?:append|write|insert|add)\w*\(\s*['\"]?[\w./-]*(?:claude|agents|gemini|memory)\.md"
)
_WRITTEN = re.compile(r"[^\n]{0,20}?(?:→|->|=>|returned)\s*(?:ok|success|done|true|written)\b")
_RULE_WORDS = _rx(
    r"\b(?:always|never|every|each|all|whenever|from\s+now\s+on|must|toujours|jamais|chaque|"
    r"désormais|sempre|mai|ogni|siempre|nunca|cada|immer|nie|jede[nmrs]?|künftig)\b"
)


def memory_write_logged(low: str, h: Hit, hits: list[Hit]) -> bool:
    """Whether a write-into-memory-file hit is a tool's log of a write done, with no
    other hit in the text and no rule word in what it wrote."""
    if h.signal is not Signal.SELF_PROPAGATION or not _FILE_WRITE.match(low, h.start):
        return False
    if any(t is not h and t.signal is not Signal.SELF_PROPAGATION for t in hits):
        return False
    close = low.find(")", h.end, h.end + 40)
    if close < 0 or not _WRITTEN.match(low, close + 1):
        return False
    return not _RULE_WORDS.search(low, h.end, min(len(low), h.end + 2 * REACH))


# -- a payee's change told as a fraud scheme ----------------------------------------------
_FRAUDSTERS = _rx(
    r"\b(?:fraudsters?|scammers?|criminals?|crooks|impostors?|attackers?|con\s+artists?|"
    r"escrocs?|fraudeurs?|arnaqueurs?|criminels?|truffatori|malintenzionati|criminali|"
    r"estafadores|timadores|delincuentes|ciberdelincuentes|betrüger\w*|kriminelle\w*|angreifer\w*)\b"
)
# the fraudsters as the ones who pretend, announce or send ("pose as", "announce", "se font
# passer pour", "si spacciano per", "se hacen pasar por", "geben sich als … aus")
_FRAUDSTERS_ACT = _rx(
    rf"(?:{_FRAUDSTERS.pattern})\s+(?:\w+\s+){{0,3}}?(?:pose|posing|pretend\w*|impersonat\w*|"
    r"claim\w*|announc\w*|send\w*|fake\w*|se\s+font\s+passer|prétend\w*|annonc\w*|envoi\w*|"
    r"si\s+spaccian\w*|fing\w*|comunica\w*|annuncia\w*|inviano|se\s+hacen\s+pasar|anuncia\w*|"
    r"env[ií]an|geben\s+sich|melden|behaupten|kündigen|verschicken|schicken)\b"
)
_THEREFORE = _rx(
    r"\b(?:so|therefore|thus|hence|which\s+is\s+why|donc|c'est\s+pourquoi|quindi|perciò|"
    r"por\s+eso|por\s+lo\s+tanto|daher|deshalb|deswegen|darum)\b"
)
# a value to pay or write to: an IBAN, a long account number, an address, a link
_VALUE = _rx(r"\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){2,}|\d{6,}|@|https?://|\bwww\.")


def fraud_scheme(low: str, h: Hit) -> bool:
    """Whether a payee's changed details are told, in their sentence, as what fraudsters
    do, with no account or address given."""
    if h.signal is not Signal.USER_FACT:
        return False
    start, end = _sentence(low, h)
    acts = _FRAUDSTERS_ACT.search(low, start, h.end)
    # "scammers impersonate us, so our account has changed" gives the change as a result
    return (
        acts is not None
        and not _THEREFORE.search(low, acts.end(), h.end)
        and not _VALUE.search(low, start, end)
    )


# -- a binding word inside another quotation ----------------------------------------------
_QUOTE_OPEN = re.compile(r"(?<!\w)['‘\"“«„]")


def binding_quoted(low: str, h: Hit) -> bool:
    """Whether a rebound phrase's binding word lies inside a second quotation."""
    if h.signal is not Signal.REDIRECTED_CHANNEL or not REBOUND.match(low, h.start):
        return False
    # the first quotation closes within the hit; a second one opened after it, still open
    # at the hit's end, holds the binding word (the hit ends right after it)
    first = _QUOTE_OPEN.match(low, h.start)
    if first is None:
        return False
    closer = {"'": "'’", "‘": "’'", '"': '"”', "“": '”"', "«": "»", "„": '“"'}[first.group()]
    closed = next((i for i in range(h.start + 1, h.end) if low[i] in closer), -1)
    return closed >= 0 and _QUOTE_OPEN.search(low, closed + 1, h.end) is not None


# -- an act whose subject is the attack (round 28) ----------------------------------------
_ATTACK = _rx(
    r"\b(?:(?:prompt[\s-]+)?injections?(?:\s+de\s+prompt|\s+di\s+prompt)?|attack(?:er)?s?|adversar(?:y|ies)|"
    r"malware|malicious\s+\w+|poisoned\s+\w+|attaquants?|attaques?|\w+\s+malveillante?s?|"
    r"iniezion[ei]|attaccant[ei]|attacchi|\w+\s+malevol[oaie]|inyecci(?:ón|ones)|atacantes?|ataques?|"
    r"\w+\s+malicios[oa]s?|angreifer\w*|angriff\w*|prompt-injection\w*|bösartige\w*\s+\w+)"
    r"\s+(?:\w+\s+){0,3}?(?:can|could|may|might|will|would|tries|try|trying|attempts?|is\s+able|"
    r"peut|peuvent|pourrait|pourraient|tente\w*|essaie\w*|può|possono|potrebbe\w*|tenta\w*|"
    r"puede\w*|podría\w*|intenta\w*|kann|können|könnte\w*|versuch\w*)\b(?!'t|’t|\s+not\b|\s+never\b)"
)
# what such a sentence describes the attack making the agent do
_ATTACKED_KINDS = frozenset(
    {
        Signal.SELF_PROPAGATION,
        Signal.STANDING_RULE,
        Signal.AGENT_DIRECTIVE,
        Signal.IMPERATIVE,
        Signal.EXFILTRATION,
        Signal.TOOL_POLICY,
        Signal.SENSITIVE_ACTION,
        Signal.SECRECY,
    }
)
_ATTACK_WORD = _rx(
    r"\b(?:attack|attacke?r?s?|attaque|attacco|ataque|angriff|injection|iniezione|inyección)\b"
)
ATTACK_REACH = 100  # characters between the attack named and the act it makes the agent do


def attack_as_subject(low: str, h: Hit) -> bool:
    """Whether an act lies in a sentence that gives it as what an attack, an attacker or a
    malicious text can make an agent do ("a prompt injection can try to make an agent
    append …", "les attaquants peuvent pousser l'agent à …"), with no "so"/"therefore"
    between them (an order drawn from it); or whether persistence is the attack's own
    ("so the attack persists")."""
    if h.signal is Signal.PERSISTENCE:
        return _ATTACK_WORD.search(low, max(0, h.start - 30), h.end) is not None
    if h.signal not in _ATTACKED_KINDS:
        return False
    start, _ = _sentence(low, h)
    # the last attack named before the act: "so" after it draws an order from it
    m = max(
        _ATTACK.finditer(low, max(start, h.start - ATTACK_REACH), h.start),
        key=lambda x: x.start(),
        default=None,
    )
    return m is not None and not _THEREFORE.search(low, m.end(), h.start)


# -- a user's stamp the text disowns (round 28) -------------------------------------------
_DISOWNED = _rx(
    r"\b(?:(?:made|formatted|designed|crafted|dressed\s+up)\s+to\s+look\s+like|claim(?:s|ed|ing)|"
    r"pretend\w*|forged|spoofed|counterfeit|not\s+(?:from|by|written\s+by|something|what)\s+"
    r"(?:the\s+)?user|untrusted|not\s+trust(?:ed|worthy)|"
    r"forgée?s?|falsifiée?s?|usurp\w*|(?:vient|venait|provient)\s+pas\s+de\s+l'utilisat\w+|"
    r"pas\s+(?:fiable|digne\s+de\s+confiance)|contraffatt\w*|falsificat\w*|"
    r"non\s+(?:proviene|proveniva|veniva|viene)\s+dall'utente|non\s+(?:affidabil\w*|attendibil\w*)|"
    r"falsificad\w*|no\s+(?:proviene|provenía|venía|viene)\s+del\s+usuario|no\s+(?:es\s+)?fiable|"
    r"gefälscht\w*|nicht\s+vom\s+nutzer|nicht\s+vertrauenswürdig|vorgetäuscht\w*"
    # (round 31) the tag said to prove nothing: "proves nothing", "ne prouve rien", "non
    # prova nulla", "no prueba nada", "beweist nichts"
    r"|proves?\s+nothing|(?:doesn't|does\s+not|don't|do\s+not)\s+prove\s+anything"
    r"|ne\s+prouve(?:nt)?\s+rien|non\s+(?:provano|prova|dimostrano|dimostra)\s+nulla"
    r"|no\s+(?:prueban?|demuestran?)\s+nada|beweis(?:t|en)\s+nichts)"
)
_STAMP_KINDS = frozenset({Signal.FAKE_AUTHORITY, Signal.LAUNDERED})
# what a note that only checks a stamp may hold besides it
_CHECK_KINDS = _STAMP_KINDS | {Signal.AGENT_DIRECTIVE, Signal.IMPERATIVE, Signal.USER_CLAIM}


def stamp_disowned(low: str, h: Hit, hits: list[Hit]) -> bool:
    """Whether a user's stamp or source tag is one the text says is forged, not the
    user's or proving nothing ("formatted to look like a memory entry (source=user, …),
    but it came from a web fetch", "the note claiming '[approved by user]' … was not from
    the user", round 31: "a tag like [source: user] proves nothing"), and the text does
    nothing else the patterns see: no act, no rule, no destination."""
    if h.signal not in _STAMP_KINDS or any(t.signal not in _CHECK_KINDS for t in hits):
        return False
    if _VALUE.search(low):
        return False
    start, _ = _sentence(low, h)
    return _DISOWNED.search(low, start, min(len(low), h.end + REACH)) is not None


# -- a marker comment ----------------------------------------------------------------------
# the cuts and slots of site generators and editors: Jekyll's and Hugo's excerpt cut,
# WordPress's page break and block delimiters, a table of contents' slot, a layout's
# named region. Only these: a one-word comment of any other word ("<!-- keep -->") may
# still be a carrier for what stands beside it.
_MARKER = re.compile(
    r"<!--\s*/?(?:more|excerpt|excerpt[_-]?separator|read-?more|break|page-?break|nextpage|"
    r"noteaser|toc|/toc|table-of-contents|footer|header|sidebar|nav|main|content|truncate|"
    r"wp:[a-z0-9/-]+(?:\s+\{[^}]*\})?|prettier-ignore(?:-start|-end)?)\s*-->"
)


def marker_comment(low: str, h: Hit) -> bool:
    """Whether an HTML-comment hit is a site generator's marker (``<!-- more -->``,
    ``<!-- toc -->``, ``<!--nextpage-->``, ``<!-- wp:paragraph -->``): a template's cut
    or slot, no hidden words."""
    if h.signal is not Signal.HTML_COMMENT:
        return False
    m = _MARKER.match(low, h.start)
    return m is not None and m.end() >= h.end


# -- a secret handed to a party the text calls fake (round 28) ----------------------------
_FAKE_PARTY = _rx(
    r"\b(?:(?:a|an|the)\s+)?(?:fake|bogus|phony|sham|so-called|fraudulent|impostor|"
    r"faux|fausse|prétendue?|falso|falsa|finto|finta|presunto|presunta|falsche[rnms]?|"
    r"angebliche[rnms]?|gefälschte[rnms]?)\s+(?:\w+\s+)?(?:advis[eo]r|agent|support|bank\w*|"
    r"technician|caller|employee|conseill\w+|banqui\w+|agent|technicien|consulent\w*|operator\w*|"
    r"impiegat\w*|tecnic\w*|asesor\w*|agente|empleado|técnico|berater\w*|mitarbeiter\w*|"
    r"techniker\w*|bankangestellte\w*)"
    r"|\b(?:impostors?|scammers?|fraudsters?|escrocs?|arnaqueurs?|truffatori|estafadores|betrüger\w*)\b"
)
_HANDED = frozenset({Signal.SENSITIVE_ACTION, Signal.EXFILTRATION})


def fake_recipient(low: str, h: Hit) -> bool:
    """Whether a secret or data handed over goes, in the hit or right after it, to a party
    the text itself calls fake or a fraudster ("an agent nearly gave an SMS code to a fake
    bank advisor"): the fraud told, not an order. An address, a number or a link in the
    sentence keeps it."""
    if h.signal not in _HANDED:
        return False
    start, end = _sentence(low, h)
    if _VALUE.search(low, start, end):
        return False
    return _FAKE_PARTY.search(low, h.start, min(end, h.end + 40)) is not None


# -- an approval still to come (round 28) --------------------------------------------------
_PENDING_APPROVAL = _rx(
    r"\b(?:after|once|pending|awaiting|until|before|upon|nach|vor|bis\s+zur|après|avant|"
    r"en\s+attente\s+de|sous\s+réserve\s+de|dopo|prima\s+di|in\s+attesa\s+di|previa|tras|"
    r"antes\s+de|hasta|pendiente\s+de|"
    # (round 29) an approval every such act needs: "only with the consent of the works
    # council", "nur mit Zustimmung des Betriebsrats", "seulement avec l'accord de",
    # "solo con l'approvazione di", "solo con la autorización de", "subject to"
    r"only\s+with|subject\s+to|nur\s+mit|seulement\s+avec|uniquement\s+avec|solo\s+con|"
    r"soltanto\s+con|sólo\s+con|únicamente\s+con)\s+(?:the\s+|la\s+|l'|der\s+|dell'|una?\s+)?"
    r"(?:approval|sign-?off|clearance|freigabe|genehmigung|zustimmung|validation|approbation|"
    r"approvazione|autorizzazione|aprobación|autorización|consent|accord|consenso)\s+"
    r"(?:by|from|of|durch|von|vom|des|der|par|de|du|di|del|della|por)\b"
)
# an approval claimed as given, which a pending one beside it does not undo
_GIVEN = _rx(
    r"\b(?:approved|authori[sz]ed|signed\s+off|freigegeben|genehmigt|approuvée?|autorisée?|"
    r"validée?|approvat[oa]|autorizzat[oa]|aprobad[oa]|autorizad[oa])\b"
)
PENDING_REACH = 30  # characters before an authority hit where "after", "nach" make it pending


def approval_pending(low: str, h: Hit) -> bool:
    """Whether an authority hit is an approval still to come ("update the prices after
    approval by marketing", "nach Freigabe durch …", "après validation par …"): a check
    required, not an authority claimed. An approval claimed as given beside it keeps it."""
    if h.signal is not Signal.FAKE_AUTHORITY:
        return False
    lo = max(0, h.start - PENDING_REACH)
    m = _PENDING_APPROVAL.search(low, lo, h.end)
    return m is not None and m.end() > h.start and _GIVEN.search(low, lo, h.end) is None


# -- a manual's description of a command or a flag (round 47) ------------------------------
# The command or the flag in a code span is the subject, a verb in the third person says
# what it does: "`gh pr merge --auto` enables auto-merge", "`-auto-approve` skips the
# approval", "l'option `-auto-approve` de `terraform apply` applique le plan sans …",
# "il comando `rm -rf cartella/` cancella …", "`-auto-approve` von `terraform apply`
# wendet … an". (English: any verb in -s; the others by their common verbs.)
_CODE_SPAN = r"`[^`\n]{1,80}`"
_MANUAL_VERB = (
    r"(?:[a-z]{2,20}s|"
    r"applique|active|désactive|fusionne|supprime|efface|ignore|contourne|saute|permet|lance|"
    r"exécute|force|crée|envoie|publie|écrase|refuse|"
    r"applica|abilita|attiva|disattiva|unisce|cancella|elimina|ignora|salta|aggira|consente|"
    r"permette|esegue|forza|crea|invia|pubblica|sovrascrive|rifiuta|"
    r"aplica|habilita|desactiva|fusiona|borra|omite|permite|ejecuta|fuerza|envía|"
    r"sobrescribe|rechaza|"
    r"wendet|aktiviert|deaktiviert|führt|überspringt|umgeht|löscht|entfernt|erlaubt|"
    r"ermöglicht|erzwingt|setzt|startet|erstellt|sendet|veröffentlicht|überschreibt|"
    r"ignoriert|verweigert)"
)
_CODE_SUBJECT = re.compile(
    _CODE_SPAN
    + r"(?:[ \t]{1,3}(?:of|de|di|del|von|des|der)[ \t]{1,3}"
    + _CODE_SPAN
    + r")?[ \t]{1,3}"
    + _MANUAL_VERB
    + r"\b"
)
# What makes the command the agent's rule: a standing word, an agent, a destination.
_STANDING = _rx(
    r"\b(?:always|every|each|whenever|from\s+now\s+on|going\s+forward|toujours|chaque|"
    r"désormais|dorénavant|sempre|ogni|d'ora\s+in\s+poi|siempre|cada|a\s+partir\s+de\s+ahora|"
    r"en\s+adelante|immer|jede[nmrs]?|ab\s+sofort|künftig|stets)\b"
)
_AGENT_NAMED = _rx(
    r"\b(?:assistants?|agents?|ai|a\.i\.|llms?|bots?|assistente|asistente|assistenten|agenten|"
    r"ki|ia|claude|copilot|chatgpt|model)\b"
)
_MANUAL_KINDS = frozenset({Signal.TOOL_POLICY, Signal.DESTRUCTIVE_COMMAND})
_ORDER_KINDS = frozenset(
    {
        Signal.AGENT_DIRECTIVE,
        Signal.IMPERATIVE,
        Signal.STANDING_RULE,
        Signal.CONDITIONAL_TRIGGER,
        Signal.SECRECY,
        Signal.EXFILTRATION,
    }
)


# A condition before the command: "when `send_payment` returns a prompt, re-call it …" is
# a rule whose trigger is the command's result, no description of it.
_CONDITION = _rx(
    r"\b(?:when|whenever|if|once|after|before|unless|quand|lorsque|lorsqu|si|dès|se|quando|"
    r"appena|cuando|wenn|sobald|falls|nachdem|bevor)\b"
)
CONDITION_REACH = 60  # characters before the command read for a condition


def _subject(low: str, start: int, end: int) -> re.Match[str] | None:
    """The first command described in ``start:end`` (``_CODE_SUBJECT``), with no
    condition before it in its sentence."""
    m = _CODE_SUBJECT.search(low, start, end)
    if m is None or _CONDITION.search(low, max(start, m.start() - CONDITION_REACH), m.start()):
        return None
    return m


def manual_describes(low: str, h: Hit, hits: list[Hit]) -> bool:
    """(round 47) Whether a tool-policy or command hit lies in a sentence whose subject is
    a command or a flag in a code span, a third-person verb after it (``_CODE_SUBJECT``):
    a manual saying what the command does, not a rule to run it. A standing word, an
    agent or a destination anywhere in the text, or an order in the sentence ("…; use it
    for every PR") keeps it."""
    if h.signal not in _MANUAL_KINDS:
        return False
    start, end = _sentence(low, h)
    m = _subject(low, start, end)
    if m is None or m.start() > h.end:
        return False
    if any(o.signal in _ORDER_KINDS and start <= o.start < end for o in hits):
        return False
    return _reference(low)


def _reference(low: str) -> bool:
    """No standing word, no agent and no destination in the text: what a manual holds."""
    return not (_STANDING.search(low) or _AGENT_NAMED.search(low) or _DESTINATION.search(low))


MANUAL_NOTE = "a manual saying what a command does"


def manual_learned(text: str, hits: list[Hit]) -> list[Hit]:
    """(round 47) The learned scorer's hit as a mention (× ``META``) when the sentence it
    weighs most is a manual's description of a command (``_CODE_SUBJECT``), the text a
    reference (``_reference``) and no rule hit is left beside it (an order after the
    description, "Use it now on prod", keeps the scorer's reading whole)."""
    # (a hit ``engine._learned`` already discounted ends its note with the reason in
    # parentheses: it is left as it is)
    if not any(h.signal is Signal.LEARNED and not h.note.endswith(")") for h in hits):
        return hits
    if any(h.signal is not Signal.LEARNED for h in hits):
        return hits
    low = text.lower()
    if len(low) != len(text) or not _reference(low):
        return hits
    out = []
    for h in hits:
        start, end = _sentence(low, h)
        if not h.note.endswith(")") and _subject(low, start, max(end, h.end)):
            h = Hit(h.signal, h.start, h.end, h.weight * META, f"{h.note} ({MANUAL_NOTE})")
        out.append(h)
    return out


def described(low: str, h: Hit, hits: list[Hit]) -> bool:
    """Whether a hit is one of the classes above: named, recorded or adopted, no order."""
    return (
        safer_form_adopted(low, h)
        or conditional_comment(low, h)
        or read_only_waiver(low, h)
        or role_slot(low, h, hits)
        or literal_query(low, h)
        or memory_write_logged(low, h, hits)
        or line_logged(low, h, hits)  # (the nineteenth session: "memory.write MEMORY.md (3 lines)")
        or binding_quoted(low, h)
        or fraud_scheme(low, h)
        or attack_as_subject(low, h)
        or stamp_disowned(low, h, hits)
        or marker_comment(low, h)
        or fake_recipient(low, h)
        or approval_pending(low, h)
        or recounted(low, h, hits)
        or manual_describes(low, h, hits)
    )
