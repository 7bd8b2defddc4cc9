"""A verification, layer by layer: what each layer of a store was probed for and what
was found there. ``Verification`` is the one place a verification's outcome lives:
``forget``, ``verify`` (ID, ``--all``, ``--content``), the review screen's forget dialog
and ``--json`` all show this object (forget's result and verify's re-check extend it).
Its shape is that of ``llm``'s ``verify``: rows of residue, and no rows means clean."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from memaudit.store import Layer, LayerNotChecked, Needle, Residue


@dataclass(slots=True)
class LayerReport:
    """One layer's answer: probed or not (``checked`` then says why not), what was
    found there, and the orphans it holds — traces of some deleted item that cannot be
    tied to what was looked for (``Residue.orphan``): neither found nor clean."""

    layer: str
    kind: str
    checked: str  # what was looked at (or, when not probed, why not)
    residue: list[Residue]
    probed: bool = True
    orphans: list[Residue] = field(default_factory=list)

    @property
    def found(self) -> list[Residue]:
        """What was found in the store itself (copies outside it are warnings)."""
        return [r for r in self.residue if not r.warning]

    @property
    def clean(self) -> bool:
        return self.probed and not self.found and not self.orphans

    def warnings(self) -> list[Residue]:
        """Copies outside the store that hold it: reported, not failing."""
        return [r for r in self.residue if r.warning]

    def outcome(self) -> tuple[str, int]:
        """The layer's answer, as every face shows it: ``not checked``, ``residue``,
        ``orphans``, ``warning`` (only copies outside the store) or ``clean``, with the
        number of rows behind it."""
        if not self.probed:
            return "not checked", 0
        if self.found:
            return "residue", len(self.found)
        if self.orphans:
            return "orphans", len(self.orphans)
        if self.warnings():
            return "warning", len(self.warnings())
        return "clean", 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "layer": self.layer,
            "kind": self.kind,
            "checked": self.checked,
            "probed": self.probed,
            "clean": self.clean,
            "residue": [r.to_dict() for r in self.residue],
            "orphans": [r.to_dict() for r in self.orphans],
        }


@dataclass(slots=True)
class Verification:
    """Every layer's report. Clean means every layer was probed and none holds
    residue; a copy outside the store (a backup memaudit made) is a warning only."""

    reports: list[LayerReport]
    # What was looked for by id only: no sentence of its own to look for (too short,
    # too common, or quoted from memories that stay).
    by_id_only: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return all(r.clean for r in self.reports)

    def warnings(self) -> list[Residue]:
        """Residue in copies outside the store: reported, not failing."""
        return [x for r in self.reports for x in r.residue if x.warning]

    def __iter__(self) -> Iterator[LayerReport]:
        return iter(self.reports)

    def to_dict(self) -> dict[str, Any]:
        return {"clean": self.clean, "layers": [r.to_dict() for r in self.reports]}


def verify_layers(layers: Sequence[Layer], needle: Needle) -> Verification:
    """Probe each layer for the needle; a layer that cannot be probed says why. An
    orphan keyed by one of the needle's ids *is* that memory's residue (``verify ID``);
    other orphans are listed apart, never as found."""
    reports = []
    ids = set(needle.ids)
    for layer in layers:
        if not layer.checked:
            reports.append(LayerReport(layer.name, layer.kind, layer.why_unchecked, [], False))
            continue
        try:
            hits = layer.probe(needle)
        except LayerNotChecked as exc:  # e.g. a table name that cannot be quoted safely
            reports.append(LayerReport(layer.name, layer.kind, exc.message, [], False))
            continue
        found: list[Residue] = []
        orphans: list[Residue] = []
        for hit in hits:
            if hit.orphan is None:
                found.append(hit)
            elif hit.orphan in ids:
                detail = f"{hit.match}, keyed by the id" + (f": {hit.detail}" if hit.detail else "")
                found.append(Residue(hit.layer, hit.where, "id", detail, hit.warning))
            else:
                orphans.append(hit)
        reports.append(LayerReport(layer.name, layer.kind, layer.description, found, True, orphans))
    return Verification(reports)
