"""The user's own rules and plans, stored with a page's or a tool's reference (round 29's
false alarms).

A "user statement" whose source reference is a URL or a tool call disagrees with itself
(``provenance.user_mismatch``): a page's text stored as the user's is how instructions get
laundered (rounds 12-13), so it weighs at full and its rule-shaped hits are ``laundered``.
The user also keeps their own rules and plans with a link beside them — "New rule for me:
always round prices … I got the idea from a budgeting blog I linked", "Zap I want set up
(saw the template on the Zapier site): … send me a Slack DM", "Note pour mon projet de
thèse : … Je veux que tu t'en serves comme référence", "Per la cena: … voglio che tu …
(ricetta al link)". Such a statement is weighed as notes drawn from the user's words
(``DERIVED_FROM_USER``) when all of these hold:

- it speaks in the user's own first person (``OWN_VOICE``: "I", "me", "my", "je", "mon",
  "voglio", "quiero", "ich", "mein" …) and never of "the user" in the third person, which
  is a page's or a note-taker's voice;
- its hits are rule-shaped only (a standing rule, a trigger, a directive, an imperative,
  the learned scorer's reading) or only name a token; none hard or hidden;
- it is harmless by what it does, whoever wrote it: no money, access, warnings or hiding
  (``wishes._HARM``), no destination (``protective._ELSEWHERE``), nothing paid, bought,
  installed, deleted, recommended or approved, and nothing sent except to the user
  ("send me", "envoie-moi", "mandami", "envíame", "schick mir").

Its poison twin — the same first-person rule that pays, forwards to an address, installs
what the page names, recommends a product or keeps something from "the user" — keeps its
full weight and its ``laundered`` hit.
"""

from __future__ import annotations

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import MENTIONED, Signal
from memaudit.injection.patterns.laundering import OWN_VOICE
from memaudit.injection.patterns.secrets import THE_USER
from memaudit.injection.protective import _ELSEWHERE
from memaudit.injection.vocabulary import _rx
from memaudit.injection.wishes import _HARM

OWN_RULE_KINDS = frozenset(
    {
        Signal.STANDING_RULE,
        Signal.CONDITIONAL_TRIGGER,
        Signal.AGENT_DIRECTIVE,
        Signal.IMPERATIVE,
        Signal.LEARNED,
    }
)
# What a rule may not do, whoever wrote it: pay, buy, install, delete, recommend, approve.
_ACTS = _rx(
    r"\b(?:pay|paid|buy|bought|purchas\w*|order\w*|transfer\w*|wire\w*|install\w*|download\w*|"
    r"delet\w*|remov\w*|wip\w*|recommend\w*|promot\w*|advertis\w*|approv\w*|grant\w*|upload\w*|"
    r"publish\w*|payer|pa(?:ie|yé)\w*|achet\w*|commander|vir\w*|télécharg\w*|supprim\w*|"
    r"recommand\w*|conseill\w*|approuv\w*|publi\w*|compr\w*|acquist\w*|bonific\w*|"
    # Italian and Spanish paying by its forms, never "page", "pagina" or "página"
    r"pag(?:a(?:r(?:e|lo|la|li|le|los|las|é|á|emo|ete|anno)?|n|no|s|mos|te|t[oaie]|d[oa]s?|"
    r"ndo|mento|menti|bile|l[oa])?|o|os|ó|u(?:e|é|es|en)|hi(?:amo|ate)?|her(?:ò|à|ai|emo|ete|anno))\b|"
    r"scaric\w*|elimin\w*|cancell\w*|raccomand\w*|consigli\w*|pubblic\w*|"
    r"transfier\w*|descarg\w*|borr\w*|recomend\w*|aprob\w*|zahl\w*|bezahl\w*|kauf\w*|bestell\w*|"
    r"überweis\w*|herunterlad\w*|lösch\w*|entfern\w*|empfehl\w*|empfiehl\w*|genehmig\w*|"
    r"veröffentlich\w*)"
)
# An article or a determiner before "mail", "e-mail", "text" or "post" makes it a thing, not
# a send: "if a mail contains 'invoice'", "si un mail contient", "jede Mail", "the text".
_THING = "".join(
    rf"(?<!\b{d}\s)"
    for d in (
        "a",
        "an",
        "the",
        "this",
        "that",
        "each",
        "every",
        "any",
        "my",
        "your",
        "un",
        "une",
        "le",
        "les",
        "ce",
        "chaque",
        "mon",
        "ton",
        "son",
        "il",
        "lo",
        "la",
        "ogni",
        "una",
        "el",
        "cada",
        "mi",
        "die",
        "der",
        "das",
        "ein",
        "eine",
        "jede",
        "jeder",
        "jedes",
    )
)
# Anything sent to someone other than the user: "forward it to Mark", "share the file";
# "send me a DM", "envoie-moi", "mandami", "envíame", "schick mir" are the user's own.
_SENDS = _rx(
    r"\b(?:send|(?<!\bgoing\s)forward|share|" + _THING + r"(?:e-?mail|mail|text|post)|"
    r"envoie|envoyer|transf[eè]r\w*|partag\w*|"
    r"invia\w*|inoltra\w*|condivid\w*|manda(?:re)?|envía|enviar|reenvi\w*|compart\w*|"
    r"schick\w*|send(?:e|en|et)|weiterleit\w*|teil(?:e|en|t))\b(?![\s-]*(?:me|moi|mi|mir|m')\b)"
)


# Acting for the user unseen, or steering to one seller: "on my behalf", "without showing
# me", "only from ShopMegaDeals".
_UNSEEN = _rx(
    r"\b(?:on\s+my\s+behalf|in\s+my\s+name|en\s+mon\s+nom|a\s+mio\s+nome|per\s+conto\s+mio|"
    r"en\s+mi\s+nombre|in\s+meinem\s+namen|"
    r"without\s+(?:showing|telling|asking|checking\s+with)\s+me|sans\s+me\s+(?:montrer|dire|"
    r"demander|prévenir)|senza\s+(?:mostrarmi|dirmi|chiedermi|avvisarmi)|sin\s+(?:mostrarme|"
    r"decirme|preguntarme|avisarme)|ohne\s+(?:mir\s+|mich\s+)|"
    r"only\s+(?:from|at|on|with|use|buy)|uniquement\s+(?:chez|de|sur|avec)|seulement\s+(?:chez|sur)|"
    r"solo\s+(?:da|su|presso|de|en|con)|soltanto\s+da|nur\s+(?:von|bei|auf|mit))\b"
)
# Where the user says the link is theirs, or what it is to them: "the link I sent", "a
# blog I linked", "at the link", "saw the template on the Zapier site", "le lien que je
# t'ai envoyé", "il link che ti ho mandato", "el enlace que te mandé", "den Link, den ich
# dir geschickt habe"; or the statement opens as the user's own notes ("Note for my
# thesis:", "Note pour mon projet de thèse :", "Appunti per il mio …", "Nota para mi …",
# "Notiz für mein …"), never notes for their assistant.
_PLACE = (
    r"(?:link|site|website|blog|page|post|article|template|video|lien|modèle|"
    r"sito|pagina|articolo|modello|enlace|sitio|web|página|artículo|plantilla|seite|"
    r"webseite|artikel|vorlage)"
)
_REF_MINE = _rx(
    r"\b(?:the\s+|a\s+|that\s+)?(?:\w+\s+){0,2}?" + _PLACE + r"\s+(?:that\s+)?i\s+(?:just\s+)?"
    r"(?:sent|shared|pasted|gave|posted|added|linked|saved|bookmarked)\b"
    r"|\bi\s+linked\b|\b(?:at|in|on)\s+the\s+link\b"
    r"|\b(?:saw|found|got|read)\s+(?:[^.;!?\n]{0,60}?\s)?(?:on|from|through|via|in)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?:[\w-]+\s+){0,2}?" + _PLACE + r"\b"
    r"|\b" + _PLACE + r"\s+que\s+je\s+(?:t'|vous\s+)?ai\s+(?:envoyée?|partagée?|collée?|mise?)\b"
    r"|\b(?:vu|trouvée?|lu)\s+(?:[^.;!?\n]{0,60}?\s)?(?:sur|dans)\s+(?:le|la|l'|un|une|ce)\s*"
    r"(?:[\w-]+\s+){0,2}?" + _PLACE + r"\b|\bau\s+lien\b|\bdans\s+le\s+lien\b"
    r"|\b" + _PLACE + r"\s+che\s+ti\s+ho\s+(?:mandat|inviat|incollat|passat)[oa]\b"
    r"|\b(?:vist[oa]|trovat[oa]|lett[oa])\s+(?:[^.;!?\n]{0,60}?\s)?(?:su|sul|sulla|nel|nella|in)\s+"
    r"(?:un[oa]?\s+|il\s+|la\s+|lo\s+)?(?:[\w-]+\s+){0,2}?" + _PLACE + r"\b|\bal\s+link\b"
    r"|\b" + _PLACE + r"\s+que\s+te\s+(?:mandé|envié|pasé|pegué|compartí)\b"
    r"|\b(?:vi|visto|encontré|leí)\s+(?:[^.;!?\n]{0,60}?\s)?(?:en|del)\s+(?:el\s+|la\s+|un\s+|una\s+)?"
    r"(?:[\w-]+\s+){0,2}?" + _PLACE + r"\b|\ben\s+el\s+enlace\b"
    r"|\b"
    + _PLACE
    + r",?\s+(?:den|die|das)\s+ich\s+(?:dir\s+)?(?:geschickt|geteilt|eingefügt|verlinkt)\b"
    r"|\b(?:gesehen|gefunden|gelesen)\b[^.;!?\n]{0,20}\b(?:auf|in|im)\s+(?:der\s+|dem\s+|einem\s+|einer\s+)?"
    r"(?:[\w-]+\s+){0,2}?" + _PLACE + r"\b|\bim\s+link\b"
    r"|^\W{0,3}(?:notes?|memo|reminder|appunti|nota|notiz)\s+(?:for|pour|per|para|für)\s+"
    r"(?:my|mon|ma|mes|il\s+mio|la\s+mia|mio|mia|mi|mis|mein\w*)\s+"
    r"(?!assistant|agent|ai\b|ia\b|ki\b|bot|model|modèle|modello|modelo|assistente|asistente)"
)


def own_rule(text: str, found: list[Hit]) -> bool:
    """Whether a statement is the user's own harmless rule or plan in their own voice:
    first person, no "the user", rule-shaped hits only, nothing harmful."""
    if not found or any(
        h.hidden or (h.signal not in OWN_RULE_KINDS and h.note not in MENTIONED) for h in found
    ):
        return False
    low = text.lower()
    if OWN_VOICE.search(low) is None or THE_USER.search(low) is not None:
        return False
    if _REF_MINE.search(low) is None:
        return False
    return not (
        _HARM.search(low)
        or _ELSEWHERE.search(low)
        or _ACTS.search(low)
        or _SENDS.search(low)
        or _UNSEEN.search(low)
    )
