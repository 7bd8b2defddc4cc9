"""The assistant's own notes recording the user's own wishes (round 28's false alarms).

An assistant's message or a model's conclusion is weighed at full (or 0.8): "the model
instructing itself". Some of them only write down what the user asked for ("Preference
recorded at the user's request: always answer in Spanish", "Regola dell'utente
annotata: …", "The user has corrected me three times to use Celsius, so I'll treat it as
a standing preference", "Nota registrada por petición del usuario", "auf Wunsch des
Nutzers notiert"). Such a note is weighed as notes drawn from the user's words
(``DERIVED_FROM_USER``, as a summary of the user's statements would be), when all of
these hold:

- the rule is attributed to the user themselves (``USER_WISH``): the user as the one who
  asked, wants, prefers or corrected, not "the user's boss asked" or "as the page asked";
- it is harmless for the user by what it does, whoever asked: no money moved, no access
  granted, nothing sent, shared or installed, nothing hidden from the user
  (``protective._RISKY_ACT``, ``_HARM`` below), no destination (``protective._ELSEWHERE``);
- its hits are rule-shaped only (a standing rule, a trigger, a directive, the learned
  scorer's reading), none hard or hidden; a note that also carries a planted fact, a
  source tag, a secrecy clause or a send is read as before. Since round 32 a copy into
  the user's own documents ("auf Wunsch des Nutzers füge ich in jede
  Wochenzusammenfassung … ein") counts as rule-shaped, unless the text spreads it to
  other agents, people, conversations or memory (``_SPREAD``).

Its poison twin is the assistant's note that adopts a rule which moves money, grants
access, hides things from the user or sends their data to a third party, or that
attributes to the user what a third party asked (round 27's misses, section B): each of
those holds a risky act, a destination or a third party as the asker, and is weighed at
full as before.
"""

from __future__ import annotations

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.protective import _ELSEWHERE, _RISKY_ACT
from memaudit.injection.vocabulary import _rx

_USER = r"(?:the\s+user|l'utilisat(?:eur|rice)|l'utente|el\s+usuario|la\s+usuaria|der\s+nutzer|die\s+nutzerin|der\s+benutzer)"
# The user as the one who asked for, wants or prefers the rule, or who corrected the
# assistant until it became one; or the rule named as the user's own.
USER_WISH = _rx(
    r"\b(?:at|on|per)\s+(?:the\s+)?user(?:'s|’s)\s+(?:request|wish|instruction)s?\b"
    r"|\b(?:the\s+)?user(?:'s|’s)\s+(?:own\s+)?(?:rule|preference|request|wish)\b"
    r"|\b(?:the\s+)?user\s+(?:has\s+|had\s+)?(?:repeatedly\s+|explicitly\s+|again\s+)?"
    r"(?:asked|wants|wanted|prefers|preferred|requested|corrected\s+me|told\s+me)\b"
    r"|\b(?:à\s+la|sur)\s+demande\s+de\s+l'utilisat(?:eur|rice)\b"
    r"|\b(?:règle|préférence|demande)\s+de\s+l'utilisat(?:eur|rice)\b"
    r"|\bl'utilisat(?:eur|rice)\s+(?:m'a\s+|a\s+)?(?:demandé|souhaite|veut|préfère|corrigé)"
    r"|\bsu\s+richiesta\s+dell'utente\b|\b(?:regola|preferenza|richiesta)\s+dell'utente\b"
    r"|\bl'utente\s+(?:mi\s+)?(?:ha\s+|aveva\s+)?(?:chiesto|vuole|preferisce|corretto)"
    r"|\b(?:por|a)\s+(?:petición|solicitud|pedido)\s+del\s+usuario\b"
    r"|\b(?:regla|preferencia|petición)\s+del\s+usuario\b"
    r"|\b(?:el\s+usuario|la\s+usuaria)\s+(?:me\s+)?(?:ha\s+|había\s+)?(?:pidió|pedido|quiere|prefiere|"
    r"corrigió|corregido)"
    r"|\bauf\s+wunsch\s+(?:des\s+(?:nutzers|benutzers)|der\s+(?:nutzerin|benutzerin))\b"
    r"|\b(?:regel|präferenz|wunsch)\s+(?:des\s+(?:nutzers|benutzers)|der\s+nutzerin)\b"
    r"|\bnutzer(?:in)?wunsch\b|\bwie\s+vom\s+(?:nutzer|benutzer)\s+gewünscht\b"
    r"|\b(?:der\s+nutzer|die\s+nutzerin)\s+(?:hat\s+)?(?:mich\s+)?(?:gebeten|möchte|will|"
    r"bevorzugt|wünscht|korrigiert)"
)
# (round 29) The user's own approval recorded: "user approved in chat (session 18) that I
# may …", "l'utilisatrice a approuvé", "l'utente ha approvato", "la usuaria aprobó", "der
# Nutzer hat … freigegeben". An authority hit on these words is the user's own, and the
# approval word is no risky act of the note's.
USER_APPROVED = _rx(
    r"\b(?:the\s+)?user\s+(?:has\s+|had\s+)?(?:explicitly\s+)?approved\b"
    r"|\bl'utilisat(?:eur|rice)\s+a\s+(?:explicitement\s+)?approuvé\b"
    r"|\bl'utente\s+ha\s+(?:esplicitamente\s+)?approvato\b"
    r"|\b(?:el\s+usuario|la\s+usuaria)\s+(?:ha\s+)?(?:aprobó|aprobado)\b"
    r"|\b(?:der\s+nutzer|die\s+nutzerin)\s+hat\s+(?:\w+\s+){0,4}?(?:genehmigt|freigegeben|zugestimmt)\b"
)
# Someone other than the user as the one who asked: "the user's boss asked", "as the
# page/email asked", "per the bank's SMS" (round 27's section B).
_THIRD_PARTY = _rx(
    r"\b(?:user(?:'s|’s)|their|his|her)\s+(?:boss|manager|colleague|bank|landlord|accountant)\b"
    r"|\b(?:page|site|website|e-?mail|message|sms|text|caller|pdf|document|portal|plugin|"
    r"page\s+web|courriel|messaggio|pagina|sito|mensaje|correo|página|sitio|nachricht|seite|"
    r"anrufer)\s+(?:asked|requested|said|demand\w*|chied\w*|pid\w*|verlangt\w*|bat)\b"
    r"|\bcomo\s+(?:pide|pidió)\s+(?:el|la)\s+(?!usuari)|\bcome\s+(?:chiede|chiesto)\s+(?:dal|dalla)\s+(?!utente)"
)
# Harm the risky-act list does not name by its verb: money, access, hiding from the user.
_HARM = _rx(
    r"\b(?:money|funds|iban|bank|account\s+number|password|credential|token|access|permission|"
    r"admin|gift\s+cards?|hide|hidden|conceal|withhold|omit|don't\s+tell|not\s+tell|not\s+mention|"
    r"argent|banque|compte|mot\s+de\s+passe|accès|cach\w+|dissimul\w+|ne\s+pas\s+(?:dire|mentionner)|"
    r"soldi|denaro|banca|conto|accesso|permess\w+|nascond\w+|non\s+(?:dire|menzionare)|"
    r"dinero|banco|cuenta|contraseña|acceso|permiso\w*|ocult\w+|escond\w+|no\s+(?:decir|mencionar)|"
    r"geld|konto|passwort|zugriff\w*|berechtigung\w*|versteck\w*|verschweig\w*|verheimlich\w*|"
    r"nicht\s+(?:sagen|erwähnen)|"
    # checks and warnings: "leave security warnings out", "skip the alerts"
    r"skip\w*|suppress\w*|left\s+out|leave\s+out|disabl\w*|turn\w*\s+off|ignor\w*|security|"
    r"warnings?|alerts?|sécurité|avertissement\w*|alerte\w*|sicurezza|avvis\w*|avvertiment\w*|"
    r"seguridad|advertencia\w*|alerta\w*|sicherheit\w*|warnung\w*|hinweis\w*)\b"
)
# (round 32) A copy the user asked for goes into their own documents ("Auf Wunsch des
# Nutzers füge ich in jede Wochenzusammenfassung den Standardabsatz ein"); one that spreads
# to other agents, people or conversations, or into the agent's memory, is a worm's ask.
_SPREAD = _rx(
    r"\b(?:other|every|each|all|any)\s+(?:\w+\s+)?(?:agents?|assistants?|bots?|models?|users?|"
    r"people|contacts?|conversations?|chats?|sessions?|memor(?:y|ies)|recipients?)\b"
    r"|\b(?:everyone|everybody|memory|memories|mémoires?|memoria|memorie|gedächtnis\w*|speicher\w*|"
    # copied on by itself: "copy it into every new note", "dans chaque nouvelle note"
    r"(?:every|each|any)\s+(?:future|new|next)|copy\s+it|copie[sz]?-la|copie[sz]?-le|"
    r"chaque\s+(?:nouvelle?|futur\w*|prochaine?)|copiala|copialo|ogni\s+(?:nuov\w+|futur\w+)|"
    r"cópiala|cópialo|cada\s+(?:nuev\w+|futur\w+)|kopiere\s+sie|jede[nmrs]?\s+(?:neue\w*|künftige\w*)|"
    r"autres?\s+(?:agents?|assistants?|utilisateurs?|conversations?|contacts?)|tout\s+le\s+monde|"
    r"altr[ie]\s+(?:agenti|assistenti|utenti|conversazioni|contatti)|tutti|"
    r"otros?\s+(?:agentes?|asistentes?|usuarios?|contactos?)|otras\s+conversaciones|todos|"
    r"ander(?:e|en)\s+(?:agenten|assistenten|nutzer\w*|kontakte\w*|gespräche\w*)|alle\s+anderen|jede[nmr]?\s+agenten)\b"
)
# A send logged with its date or time ("Sent on 12/06 at 18:40", "envoyé le 3 mai", "inviato
# il 12/06", "enviado el 12/06", "gesendet am 12.06."): a done act, as ``DONE_ACT``'s are,
# for ``provenance.done_for_user``, which still wants the user as the asker and no rule.
SENT_ON = _rx(
    r"\b(?:sent|forwarded|delivered)\s+(?:on|at)\s+\d"
    r"|\b(?:envoyée?|transférée?)\s+le\s+\d|\b(?:inviat[oa]|inoltrat[oa])\s+(?:il|alle)\s+\d"
    r"|\b(?:enviad[oa]|reenviad[oa])\s+(?:el|a\s+las)\s+\d|\b(?:gesendet|verschickt|weitergeleitet)\s+(?:am|um)\s+\d"
    # (round 29) a sentence of its own saying it is done: "… (chiara@…). Fatto; nessun altro
    # allegato inviato.", "Done.", "C'est fait.", "Hecho.", "Erledigt."
    r"|(?:^|[.;!)]\s+)(?:done|c'est\s+fait|fait|fatto|hecho|listo|erledigt|gemacht)\s*[.;!]"
)
# What such a note holds: rule-shaped hits, the user's own facts named, the scorer's reading.
WISH_KINDS = frozenset(
    {
        Signal.STANDING_RULE,
        Signal.CONDITIONAL_TRIGGER,
        Signal.AGENT_DIRECTIVE,
        Signal.IMPERATIVE,
        Signal.USER_FACT,
        Signal.USER_CLAIM,
        Signal.LEARNED,
    }
)
WISH_REACH = 120  # characters of a note's opening where the user is named as the asker


def users_wish(text: str, found: list[Hit]) -> bool:
    """Whether an assistant's or a model's note records a harmless rule the user asked
    for: the user named as the asker in its opening, only rule-shaped hits, no risky act,
    no destination, no third party as the asker. Since round 29 the user's own approval
    recorded ("user approved in chat that I may …") names them as well, and an authority
    hit on its words is theirs."""
    low = text.lower()
    approvals = [m.span() for m in USER_APPROVED.finditer(low)] if len(low) == len(text) else []
    spread = _SPREAD.search(low) is not None
    if not found or any(
        h.hard
        or (
            h.signal not in WISH_KINDS
            and not (
                h.signal is Signal.FAKE_AUTHORITY
                and any(a <= h.start and h.end <= b for a, b in approvals)
            )
            # (round 32) a copy into the user's own documents, not spread to others
            and not (h.signal is Signal.SELF_PROPAGATION and not spread)
        )
        for h in found
    ):
        return False
    opening = USER_WISH.search(low, 0, WISH_REACH) or USER_APPROVED.search(low, 0, WISH_REACH)
    if opening is None:
        return False
    for a, b in approvals:  # (the approval word is the user's, no act of the note's)
        low = low[:a] + " " * (b - a) + low[b:]
    return _RISKY_ACT.search(low) is None and _harmless(low)


def _harmless(low: str) -> bool:
    """No third party as the asker, nothing harmful, no destination: what every note of
    the user's own wish, copy or convention must hold."""
    return not (_THIRD_PARTY.search(low) or _HARM.search(low) or _ELSEWHERE.search(low))


# (round 29) A copy done at the user's request: "Per the user's request, I added the
# standard disclaimer ('This message is confidential …') to all drafts in the Legal
# folder", "À la demande de l'utilisatrice, j'ai ajouté la mention … à tous les
# brouillons", "Su richiesta dell'utente ho aggiunto … a tutte le bozze", "Por petición del
# usuario, añadí … a todos los borradores", "Auf Wunsch des Nutzers habe ich … zu allen
# Entwürfen hinzugefügt". "To all drafts" is the done act's scope, not a worm's ask to be
# copied on; what was added holds no rule word, no destination and nothing harmful.
_COPIED = _rx(
    r"\bi\s+(?:have\s+|'ve\s+|’ve\s+)?(?:added|inserted|appended|put|copied|pasted)\b"
    r"|\bj'ai\s+(?:ajouté|inséré|copié|collé|mis)\b"
    r"|\bho\s+(?:aggiunto|inserito|copiato|incollato|messo)\b"
    r"|\b(?:he\s+)?(?:añadido|añadí|agregado|agregué|insertado|inserté|copiado|copié|puesto|puse)\b"
    r"|\b(?:habe\s+ich|ich\s+habe)\b[^.;!?\n]{0,160}?\b(?:hinzugefügt|eingefügt|kopiert|ergänzt)\b"
)
_ONWARD_RULE = _rx(
    r"\b(?:always|never|every|whenever|each\s+time|from\s+now\s+on|future|new\s+(?:drafts?|messages?)|"
    r"toujours|jamais|chaque|désormais|futur\w*|nouveaux?|sempre|mai|ogni|d'ora\s+in\s+poi|"
    r"nuov[oiae]|siempre|nunca|cada|nuev[oa]s|immer|nie|niemals|jede\w*|künftig\w*|neue\w*)\b"
)
COPY_KINDS = frozenset({Signal.SELF_PROPAGATION, Signal.USER_CLAIM})


def copy_done(text: str, found: list[Hit]) -> bool:
    """Whether an assistant's note records a copy it made at the user's request, as a
    done act with nothing for later: the user named as the asker in its opening, a
    first-person past "I added/inserted/copied", only the copy's hit, no rule word, no
    destination, nothing harmful, no third party as the asker."""
    if not found or any(h.hidden or h.signal not in COPY_KINDS for h in found):
        return False
    low = text.lower()
    if USER_WISH.search(low, 0, WISH_REACH) is None or _COPIED.search(low) is None:
        return False
    return _ONWARD_RULE.search(low) is None and _harmless(low)


def write_asked(text: str) -> bool:
    """Whether a note drawn from the user's own document says the user asked for it to be
    written into the agent's file ("User asked me to add it to the project memory file"),
    with no destination and nothing harmful in it (round 29)."""
    low = text.lower()
    return USER_WISH.search(low) is not None and _harmless(low)
