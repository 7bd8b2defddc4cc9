"""Provenances the injection tests stage a text under (a user statement with its session,
one whose source or lineage says otherwise, a tool's output, a document, derived notes)."""

from __future__ import annotations

from memaudit.injection import Provenance
from memaudit.model import SourceType as S

USER = Provenance(S.USER_STATEMENT, "session:42#msg-3")
USER_FROM_TOOL = Provenance(S.USER_STATEMENT, "tool:web_fetch#call-2")
USER_FROM_URL = Provenance(S.USER_STATEMENT, "https://pages.example/b")
USER_FROM_DOC = Provenance(
    S.USER_STATEMENT, "session:42#msg-1", True, frozenset({S.EXTERNAL_DOCUMENT})
)
TOOL = Provenance(S.TOOL_OBSERVATION, "tool:crm#call-1")
DOC = Provenance(S.EXTERNAL_DOCUMENT, "https://pages.example/a")
REFLECTION_OF_ASSISTANT = Provenance(S.REFLECTION, None, True, frozenset({S.ASSISTANT_MESSAGE}))
SUMMARY_OF_DOC = Provenance(S.SUMMARY, "summarizer:1", True, frozenset({S.EXTERNAL_DOCUMENT}))
EXTRACTION_OF_DOC = Provenance(S.EXTRACTION, "extractor:1", True, frozenset({S.EXTERNAL_DOCUMENT}))
USER_NOREF = Provenance(S.USER_STATEMENT, None)
SUMMARY_OF_USER = Provenance(S.SUMMARY, "summarizer:1", True, frozenset({S.USER_STATEMENT}))
EXTRACTION_OF_USER = Provenance(S.EXTRACTION, "extractor:1", True, frozenset({S.USER_STATEMENT}))
