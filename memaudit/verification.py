"""A verification, layer by layer: what each layer of a store was probed for, what was
found there, and the one answer it adds up to. ``Verification`` is the one place a
verification's outcome lives: ``forget``, ``verify`` (ID, ``--all``, ``--content``), the
review screen's forget dialog, ``--json`` and the signed receipt all show this object
(forget's result and verify's re-check extend it).

Three answers, never more than was checked (``Verdict``):

* ``clean`` — every layer probed, nothing found;
* ``residue`` — found somewhere (the layers are listed);
* ``unverified`` — nothing found, but some layer could not be probed (each with why,
  and what would make it checkable), or holds an *orphan*: a trace of some deleted item
  that cannot be tied to what was looked for and might be it.

Its shape is that of ``llm``'s ``verify``: rows of residue, and no rows means found
nothing — which is *clean* only when every row could be looked at.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from memaudit.errors import ExitCode
from memaudit.store import Layer, LayerNotChecked, Needle, Residue


class Verdict(StrEnum):
    CLEAN = "clean"
    RESIDUE = "residue"
    UNVERIFIED = "unverified"

    @property
    def exit_code(self) -> ExitCode:
        """0 clean, 3 residue, 10 unverified (README, "Exit codes")."""
        return _EXIT[self]


_EXIT = {
    Verdict.CLEAN: ExitCode.OK,
    Verdict.RESIDUE: ExitCode.RESIDUE,
    Verdict.UNVERIFIED: ExitCode.UNVERIFIED,
}


@dataclass(slots=True)
class LayerReport:
    """One layer's answer: probed or not (``checked`` then says why not, ``remedy``
    what would make it checkable), what was found there, and the orphans it holds —
    traces of some deleted item that cannot be tied to what was looked for
    (``Residue.orphan``): neither found nor clean."""

    layer: str
    kind: str
    checked: str  # what was looked at (or, when not probed, why not)
    residue: list[Residue]
    probed: bool = True
    orphans: list[Residue] = field(default_factory=list)
    remedy: str = ""

    @property
    def found(self) -> list[Residue]:
        """What was found in the store itself (copies outside it are warnings)."""
        return [r for r in self.residue if not r.warning]

    @property
    def verdict(self) -> Verdict:
        if self.found:
            return Verdict.RESIDUE
        if not self.probed or self.orphans:
            return Verdict.UNVERIFIED
        return Verdict.CLEAN

    @property
    def clean(self) -> bool:
        return self.verdict is Verdict.CLEAN

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
        out: dict[str, Any] = {
            "layer": self.layer,
            "kind": self.kind,
            "verdict": self.verdict.value,
            "checked": self.checked,
            "probed": self.probed,
            "clean": self.clean,
            "residue": [r.to_dict() for r in self.residue],
            "orphans": [r.to_dict() for r in self.orphans],
        }
        if not self.probed:
            out["remedy"] = self.remedy or None
        return out


@dataclass(slots=True)
class Verification:
    """Every layer's report, and what they add up to (``verdict``). A copy outside the
    store (a backup memaudit made) is a warning only: it never changes the verdict."""

    reports: list[LayerReport]
    # What was looked for by id only: no sentence of its own to look for (too short,
    # too common, or quoted from memories that stay).
    by_id_only: list[str] = field(default_factory=list)

    @property
    def verdict(self) -> Verdict:
        if self.found():
            return Verdict.RESIDUE
        if self.not_checked() or self.orphans():
            return Verdict.UNVERIFIED
        return Verdict.CLEAN

    @property
    def clean(self) -> bool:
        return self.verdict is Verdict.CLEAN

    def found(self) -> dict[str, int]:
        """Layer → how many places in it hold what was looked for."""
        out: dict[str, int] = {}
        for r in self.reports:
            if r.found:
                out[r.layer] = out.get(r.layer, 0) + len(r.found)
        return out

    def not_checked(self) -> dict[str, str]:
        """Layer → why it could not be probed (and what would make it checkable)."""
        return {
            r.layer: r.checked + (f" — to check it: {r.remedy}" if r.remedy else "")
            for r in self.reports
            if not r.probed
        }

    def orphans(self) -> list[Residue]:
        return [x for r in self.reports for x in r.orphans]

    def warnings(self) -> list[Residue]:
        """Residue in copies outside the store: reported, not failing."""
        return [x for r in self.reports for x in r.residue if x.warning]

    def summary(self) -> str:
        """The final line, in words that are true: what was found where, or in how many
        layers nothing was, and which could not be checked (``not_checked`` says why)."""
        n = len(self.reports)
        found = self.found()
        skipped = [r.layer for r in self.reports if not r.probed]
        orphans = self.orphans()
        probed = n - len(skipped)
        if found:
            places = ", ".join(f"{layer} ({k})" for layer, k in found.items())
            line = f"found in {len(found)} of {n} layer{_s(n)}: {places}"
        elif probed:
            line = f"nothing found in {probed} layer{_s(probed)}"
        else:
            line = "nothing could be looked at"
        if not skipped and not orphans and not found:
            return line + (", every one probed" if probed > 1 else ", the only one")
        if skipped:
            line += f"; {len(skipped)} layer{_s(len(skipped))} could not be checked: " + ", ".join(
                skipped
            )
        if orphans:
            held = sorted({r.layer for r in self.reports if r.orphans})
            line += (
                f"; {len(orphans)} orphan{_s(len(orphans))} of deleted items that might be it "
                f"({', '.join(held)})"
            )
        return line

    def __iter__(self) -> Iterator[LayerReport]:
        return iter(self.reports)

    def verdict_dict(self) -> dict[str, Any]:
        """The verdict's fields, as every JSON output and the receipt carry them."""
        return {
            "verdict": self.verdict.value,
            "summary": self.summary(),
            "clean": self.clean,
            "found": self.found(),
            "not_checked": self.not_checked(),
            "orphans": [o.to_dict() for o in self.orphans()],
        }

    def to_dict(self) -> dict[str, Any]:
        return {**self.verdict_dict(), "layers": [r.to_dict() for r in self.reports]}

    def receipt_dict(self) -> dict[str, Any]:
        """What a receipt says of this verification: per layer its verdict and *where*
        (never what a place holds: a residue's detail can quote it)."""
        out = self.verdict_dict()
        out["orphans"] = len(out["orphans"])
        out["layers"] = [
            {
                "layer": r.layer,
                "kind": r.kind,
                "verdict": r.verdict.value,
                "checked": r.checked,
                "found": len(r.found),
                "where": [x.where for x in r.found],
                "orphans": len(r.orphans),
            }
            for r in self.reports
        ]
        return out


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def verify_layers(layers: Sequence[Layer], needle: Needle) -> Verification:
    """Probe each layer. A layer that cannot be probed says why. An orphan keyed by one
    of the needle's ids *is* that memory's residue (``verify ID``); other orphans are
    listed apart, never as found."""
    reports = []
    ids = set(needle.ids)
    for layer in layers:
        if not layer.checked:
            reports.append(
                LayerReport(
                    layer.name, layer.kind, layer.why_unchecked, [], False, remedy=layer.remedy
                )
            )
            continue
        try:
            hits = layer.probe(needle)
        except LayerNotChecked as exc:  # e.g. a table name that cannot be quoted safely
            reports.append(
                LayerReport(layer.name, layer.kind, exc.message, [], False, remedy=exc.remedy)
            )
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
