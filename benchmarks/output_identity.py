"""Run the read-only commands a speed change must not alter on a set of stores, and
compare two trees' outputs byte for byte (issue 22: ``review --list -n 0`` and
``conflicts`` at 200k and 1M, and every sample store).

    python -m benchmarks.output_identity dump OUT_DIR STORE... [--code CHECKOUT] [--caches]
        [--written]
    python -m benchmarks.output_identity compare A_DIR B_DIR   # exit 1 when any differs

``dump`` runs each command as a child (``--code``: an older checkout's memaudit, as
``bench_scale`` runs its baseline) with a fixed ``--now`` and ``PYTHONHASHSEED`` (0 unless
set) and writes each stdout, exit code and stderr. The commands only read, so the stores are used in place.
``--caches``: each ``review`` command three times, as ``NAME.first`` (a new cache
folder), ``NAME.again`` (the same folder, what the first kept) and ``NAME.off``
(``MEMAUDIT_CACHE_DIR=off``); without it they run with the caller's cache folder.
``--written`` (this tree only): each ``review`` command once more, as ``NAME.written``,
with a copy of what the write path keeps for the store (``benchmarks/written.py``): its
output is to be the older tree's ``NAME.first``, byte for byte (``compare`` pairs them
when A has ``.written`` runs and B has none).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NOW = "2026-01-01T00:00:00Z"  # the generator's ledgers end here; fixes ages and `stale`

# name → (arguments after ``--db STORE --now NOW``, extra environment)
COMMANDS: dict[str, tuple[list[str], dict[str, str]]] = {
    # Piped output is 120 columns wide: the flags column is cut there, so also wide.
    "review-list": (["review", "--list", "-n", "0"], {}),
    "review-list-wide": (["review", "--list", "-n", "0"], {"COLUMNS": "400"}),
    "review-list-json": (["review", "--list", "-n", "0", "--json"], {}),
    "review-list-flags": (
        ["review", "--list", "-n", "0", "--flag", "duplicate", "--flag", "conflict"],
        {"COLUMNS": "400"},
    ),
    **{
        f"review-list-flag-{flag}": (
            ["review", "--list", "-n", "0", "--flag", flag],
            {"COLUMNS": "400"},
        )
        for flag in (
            "injected",
            "stale",
            "derived",
            "hidden",
            "unknown",
            "duplicate",
            "conflict",
            "resurrected",
        )
    },
    "conflicts-json": (["conflicts", "--limit", "0", "--json"], {}),
    "conflicts": (["conflicts"], {}),
}


def _run(
    store: Path, name: str, code: str | None, cache: str | None = None
) -> tuple[bytes, bytes, int, float]:
    args, extra = COMMANDS[name]
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "MEMAUDIT_NOW")}
    env.update(extra)
    if cache is not None:
        env["MEMAUDIT_CACHE_DIR"] = cache
    # One hash seed for both trees unless the caller picks one: an injected item's
    # evidence can depend on set order (the span of "instruction plus outbound
    # destination" among destinations of equal weight), in any tree.
    env.setdefault("PYTHONHASHSEED", "0")
    if code:  # the older checkout first on the path, and as the working directory
        env["PYTHONPATH"] = code
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "memaudit", "--db", str(store.resolve()), "--now", NOW, *args],
        capture_output=True,
        env=env,
        cwd=code or None,
    )
    return done.stdout, done.stderr, done.returncode, time.perf_counter() - started


def _runs(
    store: Path, name: str, code: str | None, caches: bool, written: bool = False
) -> list[tuple[str, tuple[bytes, bytes, int, float]]]:
    """The command's runs, each with the name its output is written under."""
    if not (caches and name.startswith("review")):
        return [(name, _run(store, name, code))]
    with tempfile.TemporaryDirectory(prefix="memaudit-identity-") as folder:
        runs = [
            (f"{name}.first", _run(store, name, code, folder)),
            (f"{name}.again", _run(store, name, code, folder)),
            (f"{name}.off", _run(store, name, code, "off")),
        ]
        if written:
            from benchmarks.written import copy_of, folder_for

            kept = str(copy_of(folder_for(store), Path(folder, "written")))
            runs.append((f"{name}.written", _run(store, name, code, kept)))
        return runs


def dump(
    out: Path,
    stores: list[Path],
    code: str | None,
    only: list[str] | None,
    caches: bool = False,
    written: bool = False,
) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for store in stores:
        for name, (stdout, stderr, rc, seconds) in (
            run
            for command in only or COMMANDS
            for run in _runs(store, command, code, caches, written)
        ):
            base = out / f"{store.stem}.{name}"
            base.with_suffix(base.suffix + ".out").write_bytes(stdout)
            base.with_suffix(base.suffix + ".err").write_bytes(stderr)
            base.with_suffix(base.suffix + ".rc").write_text(f"{rc}\n")
            digest = hashlib.sha256(stdout).hexdigest()[:12]
            print(
                f"{store.name:40} {name:18} rc {rc}  {len(stdout):>10} bytes  {digest}  {seconds:6.1f} s"
            )


def compare(a: Path, b: Path) -> int:
    names = sorted({p.name for p in a.glob("*.out")} | {p.name for p in b.glob("*.out")})
    differ = 0
    for name in names:
        pa, pb = a / name, b / name
        if name.endswith(".written.out") and not pb.exists():  # (against B's first listing)
            pb = b / name.replace(".written.out", ".first.out")
        if not pa.exists() or not pb.exists():
            print(f"{name}: only in {'B' if not pa.exists() else 'A'}")
            differ += 1
            continue
        rc_a = pa.with_suffix(".rc").read_text().strip()
        rc_b = pb.with_suffix(".rc").read_text().strip()
        da, db = pa.read_bytes(), pb.read_bytes()
        same = da == db and rc_a == rc_b
        print(
            f"{name:60} {'same' if same else 'DIFFERENT':9} {len(da):>10} bytes  rc {rc_a}/{rc_b}"
        )
        if not same:
            differ += 1
            la, lb = da.splitlines(), db.splitlines()
            for k, (x, y) in enumerate(zip(la, lb, strict=False)):
                if x != y:
                    print(f"   line {k + 1}\n   A: {x[:300]!r}\n   B: {y[:300]!r}")
                    break
            else:
                print(f"   lines: {len(la)} / {len(lb)}")
    print(f"{len(names) - differ} same, {differ} different")
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    if len(argv) >= 3 and argv[0] == "dump":
        code = only = None
        rest = argv[2:]
        caches = "--caches" in rest
        written = "--written" in rest
        rest = [a for a in rest if a not in ("--caches", "--written")]
        if "--code" in rest:
            k = rest.index("--code")
            code = rest[k + 1]
            rest = rest[:k] + rest[k + 2 :]
        if "--only" in rest:
            k = rest.index("--only")
            only = rest[k + 1].split(",")
            rest = rest[:k] + rest[k + 2 :]
        dump(Path(argv[1]), [Path(s) for s in rest], code, only, caches, written)
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
