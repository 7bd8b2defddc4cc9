"""An incident review judged as a whole (round 33's false alarms; rounds 13 and 32 too): a
postmortem or a "retour d'expérience" tells what went wrong — the backups a job deleted,
the TLS check someone offered to turn off — and the check the team adds so it does not
happen again. The patterns read the narrated act as an order and the lesson's opening
("Lesson learned:", "à l'avenir") as a rule for the agent.

The fake-experience attack has the same shape and the opposite lesson: the risky act
"worked", so the agent should do it again without asking. ``reviewed`` tells them apart
by the whole text:

- it names itself an incident review (postmortem, root cause, timeline, retour
  d'expérience, lezioni apprese, causa raíz, Nachbetrachtung …);
- a lesson or follow-up in it **adds** a check (a confirmation required, a review, a
  check-list validated by two people, monitoring);
- nowhere does it take one away ("without asking", "skip", "disable", "by default",
  "sans demander", "senza chiedere", "sin preguntar", "ohne zu fragen") or praise the
  risky act ("fixed it", "worked", "nobody objected", "a résolu", "ha risolto",
  "funcionó", "hat funktioniert");
- no one is addressed, and every hit is its label, a narrated clause or the lesson's.

Then every hit counts as a mention told (× ``QUOTED_META``, as a quote in a text about
attacks). Quotes are read, not set aside: an
attacker's "lesson" quoted in a retro's notes still speaks.
"""

from __future__ import annotations

import bisect
import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import QUOTED_META, Signal
from memaudit.injection.vocabulary import _rx

REVIEW_NOTE = "told in an incident review that adds a check"

_REVIEW = _rx(
    r"\b(?:post-?mortems?|incident\s+(?:report|review|write-?up)s?|outages?|root\s+cause|"
    r"timeline|retour\s+d'expérience|rex|cause\s+racine|rapport\s+d'incident|"
    r"incident[ei]|causa\s+(?:radice|principale)|lezion[ei]\s+apprese|"
    r"informe\s+de\s+incidente|causa\s+ra[ií]z|lecciones\s+aprendidas|"
    r"vorfall\w*|störung\w*|ursache\w*|nachbetrachtung\w*|lessons?\s+learned)\b"
)
# Where the lesson is drawn.
_LESSON = _rx(
    r"\b(?:lessons?\s+learned|action\s+items?|follow-?ups?|next\s+steps|à\s+l'avenir|"
    r"désormais|actions?\s+correctives?|lezion[ei]\s+apprese|in\s+futuro|azioni\s+correttive|"
    r"lecciones\s+aprendidas|en\s+adelante|acciones\s+correctivas|künftig|in\s+zukunft|"
    r"ma(?:ß|ss)nahmen)\b"
)
# A check the lesson adds.
_ADDS_CHECK = _rx(
    r"\b(?:requir\w*|confirm\w*|approv\w*|review\w*|check-?lists?|monitor\w*|alert\w*|"
    r"verif\w*|v[ée]rif\w*|valid[ée]e?s?|two\s+(?:people|persons|engineers)|four[- ]eyes|"
    r"deux\s+personnes|quatre\s+yeux|conferm\w*|controll\w*|due\s+persone|"
    r"confirmaci\w*|aprobaci\w*|revisi\w*|dos\s+personas|"
    r"bestätig\w*|freigabe\w*|prüf\w*|überwach\w*|vier-?augen\w*|zwei\s+personen)\b"
)
# A check taken away, or the risky act praised: the fake experience's lesson.
_LOOSENED = _rx(
    r"\b(?:without\s+(?:asking|confirm\w*|check\w*|approv\w*)|skip\w*|disabl\w*|no\s+longer|"
    r"by\s+default|just\s+\w+|directly|automatically|fixed|worked|resolved|saved\s+(?:time|\w+\s+minutes)|"
    r"nobody\s+(?:objected|complained)|annoy\w*|slow\w*\s+(?:us|down)|"
    r"sans\s+(?:demander|confirm\w*|v[ée]rif\w*)|désactiv\w*|systématiquement|a\s+résolu|"
    r"a\s+fonctionné|bien\s+passé|senza\s+(?:chiedere|conferm\w*)|disattiv\w*|ha\s+risolto|"
    r"funzionat\w*|sempre|sin\s+(?:preguntar|confirm\w*)|desactiv\w*|resolvió|funcionó|siempre|"
    r"ohne\s+(?:nachfrage|zu\s+fragen|bestätigung|rückfrage)|deaktivier\w*|hat\s+funktioniert|"
    r"gelöst|immer|always)\b"
)
_ADDRESSED = _rx(
    r"\b(?:you|your|vous|votre|tu|toi|voi|tuo|tua|usted|dich|dir|dein\w*|"
    r"du\s+(?:musst|sollst|solltest|kannst|darfst|wirst|bist|hast))\b"
    r"|\b(?:assistant|agent|ai|ia|ki)\s*[,:]"
)
_CLAUSE_END = re.compile(r"(?<!\.)[.!?;](?=\s|$)|\n")
MIN_WORDS = 15  # a label and a line are no review
# What a review's hits are: the act narrated, the harm named, the lesson's rule (the
# learned scorer's hit is left out by the caller). A send, a beacon, an override or a
# secret kept has no place in one.
_TOLD_KINDS = frozenset(
    {
        Signal.DESTRUCTIVE_COMMAND,
        Signal.TOOL_POLICY,
        Signal.SENSITIVE_ACTION,
        Signal.SYSTEM_PROMPT,
        Signal.AGENT_DIRECTIVE,
        Signal.STANDING_RULE,
        Signal.FAKE_EXPERIENCE,
        Signal.IMPERATIVE,
    }
)


def reviewed(text: str, hits: list[Hit]) -> list[Hit]:
    """``hits`` counted as mentions when the text is an incident review adding a check."""
    if not hits or any(h.hidden or h.signal not in _TOLD_KINDS for h in hits):
        return hits
    low = text.lower()
    if len(low.split()) < MIN_WORDS or _REVIEW.search(low) is None:
        return hits
    if _LOOSENED.search(low) is not None or _ADDRESSED.search(low) is not None:
        return hits
    ends = [m.end() for m in _CLAUSE_END.finditer(low)] + [len(low)]
    lessons = []  # the clauses that draw a lesson, each of which must add a check
    for m in _LESSON.finditer(low):
        k = bisect.bisect_right(ends, m.start())
        end = ends[min(k, len(ends) - 1)]
        lessons.append((m.start(), end))
        if _ADDS_CHECK.search(low, m.start(), end) is None:
            return hits
    if not lessons:
        return hits
    return [
        Hit(h.signal, h.start, h.end, h.weight * QUOTED_META, _noted(h), h.hidden) for h in hits
    ]


def _noted(h: Hit) -> str:
    return "; ".join(filter(None, (h.note, REVIEW_NOTE)))
