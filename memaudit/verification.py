"""A verification, layer by layer: what each layer of a store was probed for and
what was found there (no residue rows means clean)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memaudit.store import Layer, LayerNotChecked, Needle, Residue


@dataclass(slots=True)
class LayerReport:
    layer: str
    kind: str
    checked: str  # what was looked at
    residue: list[Residue]
    probed: bool = True

    @property
    def clean(self) -> bool:
        return self.probed and not [r for r in self.residue if not r.warning]

    def to_dict(self) -> dict[str, Any]:
        return {
            "layer": self.layer,
            "kind": self.kind,
            "checked": self.checked,
            "probed": self.probed,
            "clean": self.clean,
            "residue": [r.to_dict() for r in self.residue],
        }


def verify_layers(layers: Sequence[Layer], needle: Needle) -> list[LayerReport]:
    reports = []
    for layer in layers:
        if not layer.checked:
            reports.append(LayerReport(layer.name, layer.kind, layer.why_unchecked, [], False))
            continue
        try:
            found = layer.probe(needle)
        except LayerNotChecked as exc:  # e.g. a table name that cannot be quoted safely
            reports.append(LayerReport(layer.name, layer.kind, exc.message, [], False))
            continue
        reports.append(LayerReport(layer.name, layer.kind, layer.description, found))
    return reports
