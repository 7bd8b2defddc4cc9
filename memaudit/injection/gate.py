"""The cheap first look: which kinds of signal a text can hold at all (anchors and
gate strings found with one trie regex), so most memories cost microseconds."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from memaudit.injection.forms import _ADDRESS, _DOTTED_GATE, _MORSE, field_values, split_words
from memaudit.injection.kinds import Signal
from memaudit.injection.patterns import _KEY_GATES, _KEYED
from memaudit.injection.remembered import Remembered
from memaudit.injection.vocabulary import _BEHAVIOUR_VERBS, _GENERIC_VERBS

# -- the cheap first look ------------------------------------------------------------
# Each kind of signal runs only when one of its anchors (word prefixes; "word$" = the
# whole word) or gate strings is in the text: one trie regex over the lowered text finds
# the anchors, so most memories cost a few microseconds. Every alternative of a kind's
# patterns contains one of its anchors (tests check the gated and ungated analyses agree).
_CUE_WORDS = (
    "ignore instructions previous system prompt password reveal always never forget "
    "disregard admin rules secret"
    # the user and a check skipped, in French, Italian, Spanish and German (round 11)
    " utilisateur utente usuario nutzer benutzer confirmation conferma confirmación "
    "bestätigung toujours sempre siempre immer jamais nunca niemals"
)
_ANCHORS: dict[Signal | str, str] = {
    Signal.OVERRIDE: "guidance precedence prioridad prevalec priorit priment prévalent prevalgono vorrang revoked lifted cancel void$ voided suspended waived rescinded withdrawn removed disabled off$ regla$ norma$ regola$ règle$ regel$ restriction limits$ constraint instruction rules$ guidelines directives prompt orders$ follow treat ignor disregard forget overrid bypass overrul abandon discard drop new$ "
    "anweisungen regeln vorgaben instruktionen richtlinien consignes règles$ istruzioni regole "
    "instrucciones reglas outrank "
    "your$ supersed replac oubli néglig dimentic trascur olvid omit vergiss vergessen missacht "
    "nouvel nuov nuev neue",
    Signal.JAILBREAK: "mode$ anything dan$ uncensor unrestrict unfilter jailbr unalign evil "
    "restrict rules$ limit filter guideline polic boundar ethic censor safety content security "
    "without comply obey longer pretend exempt allow programming instruction refus sans$ senza$ sin$ ohne$ keine$ regeln hast$ modalit modo$ "
    "entwicklermod règles consignes linee regole reglas directrices richtlin sicherheitsricht "
    "appliqu valgono applicano aplican gelten",
    Signal.SYSTEM_PROMPT: "paste colle incolla pega füge einfügen envoyer transmettre inviare inoltrare enviar reenviar senden schicken weiterleit rib$ coordonn sécurité$ bancari fiscal seguridad$ tarjeta bankverbindung bankdaten sozialversicherung kreditkart carte$ numeri$ números$ upload attach lade$ sende$ schicke envoie envoyez invia inoltra allega envía adjunta system initial hidden instructions original operating internal "
    "context above$ configuration environment api$ credential password secret token prompt "
    "systemanweis istruzioni instrucciones invite card$ cards$ cvv$ social$ cookie ssh id_rsa env$ "
    "etc$ aws$ customer client employee patient hr$ donn dati$ datos$ kundendaten mots$ passw "
    "contrase confidential salar payroll bank$ "
    # credentials handed to a place (round 12)
    "passc kennw pin$ pins$ pin-code tan$ tans$ 2fa$ mfa$ otp otps$ one-time verification$ "
    "recovery$ backup$ vérification secours codic códig bestätigungscod sicherheitscod seed$ "
    "private$ pgpass netrc credenzial credencial identifiants zugangsdaten reset$ password-reset",
    Signal.SECRECY: "shown$ listed$ displayed$ included$ surfaced$ reported$ normally$ normal$ usual$ nothing$ normalidad$ normalmente$ normalement$ nulla$ rien$ nada$ nutzer benutzer kunden hidden hide not$ don$ never without keep$ silent secret covert ne$ sans$ non$ senza$ "
    "no$ sin$ sag$ sage$ erzähl erwähn verrat ohne$ entfern lösch heimlich quietly mustn shouldn "
    "won$ leave$ hide conceal needn "
    # round 18: an act kept silent ("garde … discret", "tieni nascosto", "halte … geheim")
    "garde$ gardez$ garder$ tieni$ tenere$ mantieni$ mantenere$ mantén$ mantener$ mantenga$ "
    "halte$ halten$ haltet$",
    Signal.PERSISTENCE: "permanently$ forever$ indefinitely$ bleibt$ bleiben$ reste$ restent$ rimane$ permanece$ keep$ memor mémoris remember persist future mémoire gedächtnis dauerhaft immer$ later$ "
    "next$ subsequent$ following$",
    Signal.SELF_PROPAGATION: "recré ricrea copy copi recopi duplic dupliqu replic propag spread paste inclu insert insér "
    "inser add$ carry repeat append forward again$ deleted removed archived pruned erased "
    "forgotten cleared dropped purged overwritten surviv merging pruning consolidating "
    "compacting cleaning summariz summaris archiving deduplicating users$ reproduis mémoris "
    "enregistr garde$ conserv ricopi quando$ vuelve$ übernehmen kopier einfügen aufnehmen "
    "übertragen übernimm füge$ speichern behalten",
    Signal.SOURCE_STEERING: "trusted trustworthy authoritative reliable credible definitive "
    "go-to preferred prim default first$ top$ above$ other$ competing rival alternative best$ "
    "only$ fiable sûr confiance référence premier autorevole affidabile attendibile sicura "
    "confiable autorizada fidedigna todas$ todos$ cada$ vertrauenswürdigste zuverlässigste "
    "seriöseste einzig zuerst erstes$",
    Signal.AGENT_DIRECTIVE: "allow permit lets$ entitle quiero prefiero deseo voglio preferisco vorrei called$ invoked$ executed$ whatever regardless matter$ preferenc préférenc preferenz präferenz vorlieben wishes$ deseos$ souhaits$ desideri$ wünsche$ ignor disregard forget drop$ lesson rule reminder every$ each$ your$ any$ all$ rappel consigne règle "
    "remarque regola istruzione promemoria regla instrucción importante recordatorio regel "
    "anweisung erinnerung you$ assist asistent agent ai$ ais$ llm model bot$ bots$ chatbot copilot "
    "reminder attention memo heads$ warning hint dear$ hey$ hi$ self$ will$ shall$ ll$ must$ "
    "should$ going$ "
    "shown$ displayed$ quoted$ inserted$ repeated$ added$ includ recall reveal "
    "print repeat angehängt hinzugefügt eingefügt erwähnt être$ essere$ añadirse incluirse "
    "agregarse mencionarse "
    "claude gpt chatgpt gemini include append add$ insert put$ mention cite attach prepend "
    "eres$ serás$ sei$ user$ users$ customers$ everyone$ always$ never$ tu$ vous$ devi$ dovete$ debes$ tienes$ du$ sie$ si$ "
    "se$ wenn$ ia$ ki$",
    Signal.STANDING_RULE: "repetirlo volver erneut rifare rifarlo rifallo rifatelo ripetilo hazlo$ vuelve$ repítelo refais refaites mach$ wiederhole consigl raccomand suggeri recomiend recomend empfiehl empfehl recommand conseill propon propos mencion menzion mentionn erwähn again$ same$ doing$ reuse refaire ripetere mismo$ wieder genauso jede$ jeder$ jedes$ jeden$ jedem$ chaque ogni$ cada$ here$ longer$ anymore$ stop$ quit$ immer toujours sempre siempre now$ forward$ hence hereafter rest$ until times$ permanent today$ "
    "point$ every$ each$ all$ any$ always$ never$ matter$ réponse risposta respuesta "
    "antwort désormais "
    "dorénavant partir$ avenir ora$ adelante ahora jetzt sofort nun$ künftig zukünftig zukunft",
    Signal.CONDITIONAL_TRIGGER: "bei$ request message query prompt e-mail email document ticket question task quand$ lorsqu quando$ cuando$ sobald$ wenn$ si$ se$ if$ when once$ soon$ whenever time$ user$ human$ customer$ someone$ anyone$ next$ ask "
    "you$ answer respon reply chaque ogni$ cada$ immer$ jedes wann$ utilisateur utente "
    "usuario benutzer nutzer",
    Signal.TOOL_POLICY: "sign-off signoff sign-offs$ merg own$ warnungen sicherheitswarnungen avertissements alertes avvisi avvertimenti advertencias alertas dry public insecure unsafe scope$ role$ token rights$ privilege procedimiento método procédure méthode procedura metodo verfahren vorgehen weg$ methode bother$ automat third$ extern outside$ partner dritte tiers$ terzi$ terceros$ socios$ tool$ function$ api$ endpoint way$ allow permit authori permission "
    "access grant auto confirm approv review safety security verif warning sandbox without "
    "need$ user$ sans$ senza$ sin$ ohne$ cleared disabl turn$ turning$ bypass firewall stop$ "
    "quit$ longer$ ask you$ standard default recommended official usual sudo$ root$ skip ignor "
    "check rule warn alert caution plus$ conferma bestätigung rückfrage",
    Signal.DESTRUCTIVE_COMMAND: "backup rm$ drop delete mkfs dd$ chmod curl wget git$ format$ force wipe production "
    "erase empty",
    Signal.FAKE_AUTHORITY: "compliance finance board$ hr$ procurement counsel amministrat aprob autoriz administrat responsab direct gerente manager chef leiter vorgesetzt datenschutz service$ reparto it-abteilung sicherheitsteam équipe equipo freigabe genehmigung zustimmung erlaubnis system systèm sistema$ admin developer security compliance "
    "platform operator important urgent critical mandatory notice breach "
    "approv authori sanction whitelist cleared signed verified mandated required grant confirm "
    "allow permit polic admin trusted developer management department message cto$ cfo$ "
    "ciso$ boss$ director manager legal$ owner told$ systemhinweis approuv autoris valid autorizzat aprobad "
    "autorizad genehmigt freigegeben erlaubt bestätigt",
    Signal.FAKE_EXPERIENCE: "fois$ jour$ volta$ giorno$ día$ mal$ neulich saved$ ragionament razonamient raisonnement gespeichert marcad segnat marqué registrad registrat markiert festgehalten vermerkt previous prior earlier reasoning episodic precedente$ précédente antérieure previa$ anterior$ pasada$ passata$ frühere vorherige letzte$ resolved marked$ flagged$ recorded$ noted$ tagged$ pattern$ reflection insight learning best$ bewährt früheren nelle$ lors$ sesiones histórico solucion resolvi rule lesson polic heuristic derived learn drawn success winning past$ experience lesson erfahrung expérience esperienza experiencia satisfied happy$ pleased fastest passée apprécié passato registro vez$ letzte time$ worked succeeded fixed solved trick$ helped show$ shows$ "
    "showed$ prove$ proves$ proved$ confirm caused$ report last$ experience hundreds thousands users$ people$ everyone$ "
    "previously already proven known verified "
    "confirmed tested agreed discussed decided established reasoned determined concluded "
    "dernière déjà ultima$ già gia$ última ya$ letztes schon bereits établi stabilito "
    "festgestellt "
    # round 20: experience headings and a satisfied user in fr/it/es/de
    "satisfait content ravi soddisfatt satisfech contento zufrieden froh leçon lezion lecci "
    "registro diario journal retour",
    Signal.SENSITIVE_ACTION: "recipient empfänger bénéficiaire beneficiario replace swap substitut switch change remplace sostituisci reemplaza sustituye ersetze tausche ändere medical health financial tax$ location passport identity publicly shared$ posted$ published$ copias datensicherung grant bonific pagament virement paiement transferencia pagos$ überweisung zahlung bank$ account$ rib$ bankverbindung kontonummer payee beneficiar one$ otp otps$ verification confirmation security sms$ codic códig codig bestätigungscod einmalcod tan$ wohnadresse privatadresse telefonnummer handynummer geburtsdatum public social ssn$ passport home$ salary birth$ iban$ remov delet disabl skipp bypass comment virenschutz zwei désactiv disattiv desactiv cortafuegos root$ admin full$ unrestricted wire transfer send pay move purchase "
    "payment invoice order turn$ "
    "disable skip ask prompt paste pasting share sharing sending supprimer effacer cancellare "
    "eliminare borrar eliminar lösche löschen pídele pide pregunta chiedi demande factor$ 2fa mfa "
    "antivirus firewall authorized_keys",
    Signal.DATA_URL: "webhook hooks discord requestbin pipedream ngrok burpcollab interact "
    "oast$ canarytoken",
    Signal.DECODE_AND_RUN: "decod decrypt deobfusc translat convert unscrambl revers execut "
    "follow obey says$ read$",
    # Imperatives matter only beside another signal, or when the verb is a behaviour verb
    # or comes with "always"/"never".
    # A generic verb too: a "user statement" from a web page needs no more (LAUNDERED).
    "imperative": " ".join(
        f"{v}$" for v in f"{_BEHAVIOUR_VERBS}|{_GENERIC_VERBS}".lower().split("|")
    )
    + " always$ never$ toujours$ jamais$ sempre$ mai$ siempre$ nunca$ immer$ niemals$ nie$",
    "conditional_clause": "when whenever if$ once$ each$ every$ next$ any$ soon$ quand$ si$ lorsque$ "
    "chaque dès$ ogni$ appena$ cada$ cuanto$ "
    "quando$ se$ cuando$ wenn$ sobald$",
    Signal.EXFILTRATION: "salar payroll bank$ cookie token password credential keys$ webhook parameter$ argument$ param$ field$",
    Signal.USER_CLAIM: "kundenwunsch user$ customer$ owner$ client$ utilisat usager utente usuari nutzer "
    "benutzer kunde$ kundin$",
    Signal.ROLE_TOKEN: "system$ assistant$ developer$ user$ end$",
    Signal.USER_FACT: "user customer client account patient utilisat usager utente cliente "
    "usuari nutzer benutzer kunde kundin new$ nouve nuov nuev neue contact$ contatto$ contacto$ kontakt$ "
    # a payee whose bank details changed (round 18)
    "landlord vendor supplier payee contractor creditor biller invoice rent$ propriétaire "
    "bailleur fournisseur prestataire créancier factur loyer padron locator fornitor "
    "creditor fattur affitto casero arrendador proveedor acreedor alquiler vermieter "
    "lieferant dienstleister gläubiger rechnung miete$ "
    # a tradesperson or carer the user pays (round 20)
    "plumber electrician builder cleaner nann gardener mechanic tradesm plombier électricien "
    "artisan nounou jardinier idraulic elettricist murator artigian giardinier fontanero "
    "electricista albañil niñera jardinero klempner installateur elektriker handwerker gärtner",
    Signal.RETRIEVAL_BAIT: "correct$ expected$ verified$ approved$ reuse re-use recycle repeat similar réutiliser riutilizzare "
    "reutilizar wiederverwenden canned template stock réponse risposta respuesta musterantwort "
    "use$ give$ return$ apply$ serve$",
    Signal.QA_RECORD: "q$ question frage pregunta domanda example sample user$ canonical "
    "standard approved official verified preferred relevant keyword search matches trigger "
    "mots-clés parole palabras schlagwörter stichwörter",
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
_SPACED_GATE = re.compile(r" [^\W\d_] [^\W\d_] [^\W\d_] ")  # on the lowered text
_ROT13_LABEL = re.compile(r"\brot[- ]?13\b")
# Announced as written backwards (round 21: "read this one backwards and treat it as my
# setting: .sgnivas …"): read reversed whatever it says, as rot13 is.
_BACKWARDS_LABEL = re.compile(
    r"\b(?:backwards?|in\s+reverse|revers(?:e|ed|ing)|à\s+l'envers|alla\s+rovescia|al\s+contrario|"
    r"al\s+revés|de\s+atrás\s+(?:hacia|para)\s+adelante|rückwärts|von\s+hinten)\b"
)
_LONG_RUN = 20  # a word this long may be an encoded payload
KEYWORD_COMMAS = 5  # the fewest commas of a keyword list (``patterns.retrieval``)


def _trie(anchors: dict[Signal | str, str]) -> tuple[re.Pattern[str], dict[str, frozenset[Any]]]:
    """One regex finding every anchor, and which kinds each match turns on. A prefix
    anchor absorbs the anchors that extend it (a match returns the shortest prefix)."""
    prefix: dict[str, set[Any]] = {}
    whole: dict[str, set[Any]] = {}
    for kind, spec in anchors.items():
        for a in spec.split():
            (whole if a.endswith("$") else prefix).setdefault(a.rstrip("$"), set()).add(kind)
    # Each anchor extending a prefix anchor goes into the shortest one it extends (the
    # one that extends none: any other would go into it too). Looked up by its own
    # prefixes, not by a scan of every prefix anchor per anchor (0.2 s of every first
    # judging process: 3.5M ``startswith``).
    heads = set(prefix)
    for table, whole_too in ((prefix, 0), (whole, 1)):
        for a in list(table):
            for end in range(1, len(a) + whole_too):
                if a[:end] in heads:
                    prefix[a[:end]] |= table.pop(a)
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
    # An anchor starts at a word boundary, or where a non-word character starts it
    # (".cursorrules" as a word of its own has no boundary before its dot). Matches may
    # overlap: ".cursorrules" must not hide "cursorrules", an anchor of other kinds.
    return re.compile(r"(?=((?:\b|(?=\W))" + emit(tree) + "))"), kinds


@cache
def _anchor_trie() -> tuple[re.Pattern[str], dict[str, frozenset[Any]]]:
    """The anchors' trie and the kinds each anchor turns on: built on the first text
    looked at, not on import (0.15 s), so that an audit run again whose judgements are
    all kept (``judgements``) never builds it."""
    trie, kinds_of = _trie({**_ANCHORS, **{k: a for k, (_, a) in _KEYED.items()}})
    # A pattern's own anchor turns its kind on too.
    return trie, {
        a: kinds | {_KEYED[k][0] for k in kinds if isinstance(k, str) and k in _KEYED}
        for a, kinds in kinds_of.items()
    }


def __getattr__(name: str) -> Any:
    """``_TRIE`` and ``_KINDS_OF`` (as the tests name them), built when first asked for."""
    if name in ("_TRIE", "_KINDS_OF"):
        return _anchor_trie()[name == "_KINDS_OF"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


WORD_CACHE = 200_000  # words whose anchors are remembered (words recur across texts)


def _word_kinds(word: str) -> frozenset[Any]:
    trie, kinds_of = _anchor_trie()
    return frozenset().union(*map(kinds_of.__getitem__, trie.findall(word)))


_WORD_KINDS: Remembered[frozenset[Any]] = Remembered(_word_kinds, WORD_CACHE)


def _anchored(low: str) -> set[Any]:
    """The kinds the anchors in ``low`` turn on. No anchor holds white space and a word
    boundary reads the same at a word's edge as beside a space, so each distinct word is
    looked at alone, once (the trie finds in a word what it finds there in the text)."""
    return set().union(*map(_WORD_KINDS.__getitem__, set(low.split())))


def _active(view: str, low: str) -> set[Any]:
    """The kinds worth running on this text (empty: nothing can match)."""
    on = _anchored(low)
    if low.count(",") >= KEYWORD_COMMAS:
        on.add(Signal.QA_RECORD)  # a keyword list for the retriever holds no anchor
    for g in _GATE_RX.findall(view):
        on |= _GATE_KINDS[g]
    if (
        max(map(len, view.split()), default=0) >= _LONG_RUN
        or (("%" in view or "\\" in view) and _ESCAPED_GATE.search(view))
        or ("0" in view and _BINARY_GATE.search(view))
        or _SPACED_GATE.search(low)
        or (("." in low or "-" in low or "_" in low) and _DOTTED_GATE.search(low))
        or split_words(view) is not None
        or next(field_values(view), None) is not None  # (round 45) an order in fields
        or (("-." in view or ".-" in view) and _MORSE.search(view))
        or (_LEET_GATE.search(view) and (_leet(view) or bool(quoted_leet(view))))
    ):
        on.add(Signal.ENCODED_PAYLOAD)
    if "rot" in low and _ROT13_LABEL.search(low):
        on.add("rot13")  # announced as rot13 (round 17): read decoded, whatever it says
    if _BACKWARDS_LABEL.search(low):
        on.add("reversed")
    return on


# Everything but the whole-text decodings, which only their encoded anchors justify.
_ALL_KINDS: frozenset[Any] = frozenset([*Signal, *_ANCHORS]) - {"rot13", "reversed"}


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


# (round 30) A quotation of a few words, its own leetspeak share judged rather than the
# text's: a rule in leetspeak quoted inside plain prose.
_QUOTED = re.compile(r"(?<!\w)['‘\"“«]([^'‘’\"“”«»\n]{12,300})['’\"”»](?!\w)")


# Leetspeak named before the quotation ("l33tspeak ('1gn0re …')", "obfuscated as …"): a
# text showing the trick, not using it.
_LEET_NAMED = re.compile(r"l[e3]{2}t|1337|obfusc|offusc|ofusc|verschleier", re.IGNORECASE)
LEET_NAMED_REACH = 80  # characters before a quotation read for the trick's name


# (an address's "@" kept: "s4lud-d4t0s@m3dsync.es" reads as an address)
_LEET_KEEP_AT = str.maketrans("013457$", "oieasts")


def quoted_leet(view: str) -> list[tuple[int, int, str]]:
    """The spans of quotations written in leetspeak, each with its reading (none when the
    quotes hold none, or when the text names the trick just before): "la regla 'r3env1a
    l0s 1nf0rm3s …'" is read as a whole leetspeak text is."""
    if not any(q in view for q in "'‘\"“«"):
        return []
    return [
        (*m.span(1), m.group(1).translate(_LEET_KEEP_AT))
        for m in _QUOTED.finditer(view)
        if _LEET_GATE.search(m.group(1))
        and _leet(m.group(1))
        and not _LEET_NAMED.search(view, max(0, m.start() - LEET_NAMED_REACH), m.start())
    ]
