"""What the store says about where a memory came from (``Provenance``), the source
weights the assessment gives each kind of source, and how a source reference reads."""

from __future__ import annotations

import re
from dataclasses import dataclass

from memaudit.model import SourceType


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
ASSISTANT_ROLES = ("assistant", "ai", "agent", "model", "bot", "system", "tool")
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


OBSERVED = frozenset({SourceType.USER_STATEMENT, SourceType.TOOL_OBSERVATION})
MODEL_STEPS = frozenset(
    {SourceType.EXTRACTION, SourceType.SUMMARY, SourceType.INFERENCE, SourceType.REFLECTION}
)
