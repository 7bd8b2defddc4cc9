"""A tool's log of lines written to the memory file at the user's request (round 32's
false alarms, class V).

"File write log: appended 2 lines to ~/.assistant/memory.md at 14:03 (user request,
session 8812): 'Prefers dark mode screenshots' and 'Time zone: America/Chicago'." The
patterns read a write into the agent's memory file (``described.memory_write_logged``
spares the call form, "append_memory('memory.md', …) -> ok"); this is the prose form of
the same receipt. Its hit is spared (``write_logged``) when all of these hold:

- the text is a write log: a log's label before the hit ("write log", "journal
  d'écriture", "log di scrittura", "registro de escritura", "Schreibprotokoll") and a
  count of lines or entries written ("appended 2 lines", "2 lignes ajoutées");
- the user is named as the one who asked ("user request", "requested by the user",
  "demande de l'utilisatrice", "richiesta dell'utente", "petición del usuario", "Wunsch
  des Nutzers");
- its only other hit is the log's label read as an imperative ("Write log:"), and what
  was written holds no rule word, no destination and nothing harmful (``wishes``).

Its poison twins write a rule, a destination or a waived check, or name a page as the
requester: each stays flagged (tested in five languages,
``tests/core/test_injection_round32_fa.py``).
"""

from __future__ import annotations

from memaudit.injection.assessment import Hit
from memaudit.injection.described import _RULE_WORDS
from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _rx
from memaudit.injection.wishes import _harmless

LOG_REACH = 400  # characters of a log read whole (a receipt is short; bounded)

_LOG_LABEL = _rx(
    r"\b(?:(?:file\s+)?write\s+log|journal\s+d'écriture|log\s+di\s+scrittura|"
    r"registro\s+de\s+escritura|schreibprotokoll)\b"
)
_LINES_WRITTEN = _rx(
    r"\b(?:appended|added|wrote|written)\s+\d+\s+(?:lines?|entries|entry)\b"
    r"|\b\d+\s+(?:lignes?|entrées?)\s+(?:ajoutée?s?|écrite?s?)\b"
    r"|\b(?:aggiunt[eoai]|scritt[eoai])\s+\d+\s+(?:righe|riga|voci|voce)\b"
    r"|\b(?:añadidas?|escritas?|agregadas?)\s+\d+\s+(?:líneas?|entradas?)\b"
    r"|\b\d+\s+(?:zeilen?|einträge?)\b[^.;\n]{0,60}?\b(?:angehängt|hinzugefügt|geschrieben)\b"
)
_USERS_REQUEST = _rx(
    r"\b(?:the\s+)?user(?:'s|’s)?\s+request\b|\brequested\s+by\s+the\s+user\b"
    r"|\bdemande\s+de\s+l'utilisat(?:eur|rice)\b|\brichiesta\s+dell'utente\b"
    r"|\b(?:petición|solicitud)\s+del\s+usuario\b|\bwunsch\s+(?:des\s+nutzers|der\s+nutzerin)\b"
)
_LOG_KINDS = frozenset({Signal.SELF_PROPAGATION, Signal.IMPERATIVE})


def write_logged(low: str, h: Hit, hits: list[Hit]) -> bool:
    """Whether a write-into-memory hit is a tool's log of lines the user asked to be
    written, what was written holding no rule, destination or harm."""
    if h.signal is not Signal.SELF_PROPAGATION or len(low) > LOG_REACH:
        return False
    if any(t.signal not in _LOG_KINDS or t.hidden for t in hits):
        return False
    label = _LOG_LABEL.search(low, 0, h.end)
    if label is None or _LINES_WRITTEN.search(low) is None or _USERS_REQUEST.search(low) is None:
        return False
    return _RULE_WORDS.search(low) is None and _harmless(low)


def label_read(low: str, h: Hit, hits: list[Hit]) -> bool:
    """Whether an imperative hit is the log's own label ("Write log:") in such a log."""
    if h.signal is not Signal.IMPERATIVE or _LOG_LABEL.match(low, h.start) is None:
        return False
    return any(write_logged(low, t, hits) for t in hits if t.signal is Signal.SELF_PROPAGATION)
