"""Parents as stores and applications name them: JSON keys (``derived_from``,
``summary_of``, ...) and the relation a derived memory has to them.

A reference is kept as the store wrote it; the caller resolves it against the store's
memories, and one that resolves to nothing is a *missing source* (``graph``), never
dropped: a derived memory whose source is gone is not its own evidence.
"""

from __future__ import annotations

from typing import Any

from memaudit.model import Relation, SourceType

# JSON keys that name a memory's parents, and how the memory relates to them.
PARENT_KEYS: dict[str, Relation] = {
    "derived_from": Relation.DERIVED,
    "summary_of": Relation.SUMMARIZES,
    "inferred_from": Relation.INFERS,
    "extracted_from": Relation.EXTRACTS,
    "source_ids": Relation.DERIVED,  # Honcho's premises, applications' own lists
    "source_wm_ids": Relation.DERIVED,  # Mnemosyne's model-refresh proposals
}
# How a memory relates to parents named without saying how, by its own source type.
_BY_TYPE = {
    SourceType.SUMMARY: Relation.SUMMARIZES,
    SourceType.INFERENCE: Relation.INFERS,
    SourceType.EXTRACTION: Relation.EXTRACTS,
    SourceType.REFLECTION: Relation.REFLECTS_ON,
}


def relation_for(own: SourceType, relation: Relation) -> Relation:
    """``derived`` made precise by the child's own source type (a summary summarizes)."""
    return _BY_TYPE.get(own, relation) if relation is Relation.DERIVED else relation


def named_parents(data: dict[str, Any]) -> list[tuple[str, Relation]]:
    """``(reference, relation)`` for each parent the dict names under ``PARENT_KEYS``: a
    list of ids, or one id / a comma list. Other shapes (objects) name nothing."""
    out: dict[str, Relation] = {}
    for key, relation in PARENT_KEYS.items():
        value = data.get(key)
        if isinstance(value, list):
            items = value
        elif isinstance(value, str | int) and not isinstance(value, bool):
            items = str(value).split(",")
        else:
            items = []
        for item in items:
            if isinstance(item, str | int) and not isinstance(item, bool) and str(item).strip():
                out.setdefault(str(item).strip(), relation)
    return list(out.items())


# An application's ``kind``/``type`` word that says how an item was produced.
DERIVED_KINDS = {
    "summary": SourceType.SUMMARY,
    "inference": SourceType.INFERENCE,
    "reflection": SourceType.REFLECTION,
    "extraction": SourceType.EXTRACTION,
}


def kind_of(value: Any) -> tuple[SourceType, str] | None:
    """The source type an item's value states with ``kind`` or ``type``, and where."""
    if not isinstance(value, dict):
        return None
    for key in ("kind", "type"):
        word = value.get(key)
        if isinstance(word, str) and word.strip().lower() in DERIVED_KINDS:
            return DERIVED_KINDS[word.strip().lower()], f"value.{key} (an application field)"
    return None
