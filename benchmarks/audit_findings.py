"""Dump or compare every audit finding of a store, per detector, to check that a change
to the detectors' speed did not change what they report.

    python -m benchmarks.audit_findings dump STORE OUT.json   # every finding, uncapped
    python -m benchmarks.audit_findings compare A.json B.json  # exit 1 when they differ

A finding is compared by detector, severity, memory ids, evidence and detail (the
order of findings within a detector is ignored; counts are compared too).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

NOW = "2026-01-01T00:00:00Z"  # the generator's ledgers end here


def dump(store: str, out: str) -> None:
    from memaudit import audit
    from memaudit.adapters import open_store
    from memaudit.clock import parse_time

    started = time.perf_counter()
    report = audit.run(open_store(store), parse_time(NOW), max_findings=0)
    seconds = time.perf_counter() - started
    data: dict[str, Any] = {"module": audit.__file__, "seconds": seconds, "detectors": {}}
    for r in report.results:
        data["detectors"][r.detector.name] = {
            "counts": {s.value: n for s, n in r.counts.items()},
            "checked": r.checked,
            "seconds": r.seconds,
            "findings": sorted(
                json.dumps(
                    {k: v for k, v in f.to_dict().items() if k != "rule"},
                    sort_keys=True,
                    default=str,
                )
                for f in r.findings
            ),
        }
    Path(out).write_text(json.dumps(data, indent=0))
    print(f"{audit.__file__}: {seconds:.1f} s, {sum(report.counts().values())} findings")


def compare(a_path: str, b_path: str) -> int:
    a = json.loads(Path(a_path).read_text())["detectors"]
    b = json.loads(Path(b_path).read_text())["detectors"]
    differ = 0
    for name in sorted(set(a) | set(b)):
        da, db = a.get(name), b.get(name)
        if da is None or db is None:
            print(f"{name}: only in {'B' if da is None else 'A'}")
            differ += 1
            continue
        same = (
            da["counts"] == db["counts"]
            and da["checked"] == db["checked"]
            and da["findings"] == db["findings"]
        )
        n = len(da["findings"])
        ids = sum(len(json.loads(f)["memory_ids"]) for f in da["findings"])
        print(
            f"{name:26} {'same' if same else 'DIFFERENT':9} {n:7} findings {ids:8} ids  "
            f"{da['seconds']:8.2f} s -> {db['seconds']:8.2f} s"
        )
        if not same:
            differ += 1
            fa, fb = set(da["findings"]), set(db["findings"])
            for f in sorted(fa - fb)[:3]:
                print("   only A:", f[:300])
            for f in sorted(fb - fa)[:3]:
                print("   only B:", f[:300])
    return 1 if differ else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == "dump":
        dump(args[1], args[2])
    elif len(args) == 3 and args[0] == "compare":
        sys.exit(compare(args[1], args[2]))
    else:
        sys.exit(__doc__)
