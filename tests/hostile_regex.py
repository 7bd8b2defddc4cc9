"""Every regular expression memaudit compiles, run on inputs built to make it backtrack.

A store's bytes are hostile (rule 3): one memory crafted so that a pattern backtracks
quadratically (or worse) stalls ``audit``, ``review`` and the stage-time gate. Python's
``re`` backtracks, so each pattern must read hostile runs in linear time.

Discovery (a fresh process, so that import-time compiles are seen): ``re``'s compiler is
wrapped, every ``memaudit`` module imported and the detector, the gate and an audit run on
a sample of the training rounds (patterns built at run time, in tables, per language).
Every pattern a ``memaudit`` frame compiled is kept, whatever module it lives in, so a
pattern module added later is covered without listing it here.

Inputs: general hostile families (runs of one class, two classes alternating, dotted runs
around ``@``, ``://``, unclosed ``<!--``, quotes, backticks, base64, mixed scripts) and
families read from each pattern's own structure (``re._parser``): for every unbounded
repeat, ``prefix + pump * n`` and ``(prefix + pump) * n``, where the prefix is a string
leading to the repeat and the pump a string its body matches.

A pattern is super-linear on an input when the time at ``4n`` characters is well beyond
four times the time at ``n`` (quadratic gives 16x), and above a floor a linear reading
does not reach. Run ``python -m tests.hostile_regex`` for the full sweep (every family at
``MAX_TEXT``); the test suite runs the same sweep (``tests/core/test_hostile_regex.py``).
"""

from __future__ import annotations

import functools
import gc
import hashlib
import importlib
import json
import pkgutil
import re
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sre: Any = importlib.import_module("re._constants")
sre_parse: Any = importlib.import_module("re._parser")

_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)
_LONG = 32  # a repeat allowing this many or more is pumped
_SKIP_MODULES = ("memaudit.tui", "memaudit.__main__")  # the screens never read store text


# -- discovery -----------------------------------------------------------------------------


def _caller_module() -> str:
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if not (name == "re" or name.startswith("re.") or name == "functools"):
            return str(name)
        frame = frame.f_back  # type: ignore[assignment]
    return ""


def _exercise() -> None:
    """Run the detector, the gate and an audit on a sample of the training rounds, so
    patterns compiled at first use are compiled too."""
    from benchmarks.bench_injection import NOW
    from benchmarks.injection_cases import SOURCE_SHAPE, training_cases
    from memaudit import audit, review
    from memaudit.adapters import open_store
    from memaudit.clock import fixed_clock, parse_time
    from memaudit.injection import assess
    from memaudit.ledger import Ledger
    from memaudit.model import SourceType
    from memaudit.review import Candidate
    from tests.injection_sources import DOC, TOOL, USER

    chosen = training_cases()[::25]
    for case in chosen:
        for prov in (USER, TOOL, DOC):
            assess(case.content, prov)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ledger.db"
        with Ledger.init(path, clock=fixed_clock(NOW), actor="agent") as ledger:
            for n, case in enumerate(chosen):
                st, ref, _ = SOURCE_SHAPE[case.source]
                review.stage(
                    ledger,
                    Candidate(
                        case.content,
                        SourceType(st),
                        source_ref=ref.format(n=n) if ref else None,
                        id=case.id,
                        promote=st in ("inference", "reflection", "assistant_message"),
                    ),
                )
        with open_store(str(path)) as store:
            audit.run(store, parse_time(NOW), patterns=["injected_instruction"], max_findings=0)


def discover() -> list[Found]:
    """(module, source, flags, is bytes, matched only) of every pattern memaudit compiles."""
    found: dict[tuple[Any, int], str] = {}
    real = re._compile  # type: ignore[attr-defined]

    def recording(pattern: Any, flags: Any) -> Any:
        compiled = real(pattern, flags)
        if isinstance(compiled, re.Pattern):
            module = _caller_module()
            if module.startswith("memaudit"):
                found.setdefault((compiled.pattern, compiled.flags), module)
        return compiled

    re.purge()
    re._compile = recording  # type: ignore[attr-defined]
    try:
        import memaudit

        for info in pkgutil.walk_packages(memaudit.__path__, "memaudit."):
            if info.name.startswith(_SKIP_MODULES):
                continue
            try:
                importlib.import_module(info.name)
            except ImportError:
                continue  # an optional extra not installed
        _exercise()
        # A pattern held for compiling at first use (``injection.lazy``) the sample did
        # not reach is compiled here.
        for obj in gc.get_objects():
            kind = type(obj)
            if kind.__name__ == "Lazy" and str(kind.__module__).startswith("memaudit"):
                obj.compiled()
    finally:
        re._compile = real  # type: ignore[attr-defined]
    anchored = _anchored_only(found)
    return sorted(
        (
            module,
            src.decode("latin-1") if isinstance(src, bytes) else src,
            flags,
            isinstance(src, bytes),
            (src, flags) in anchored,
        )
        for (src, flags), module in found.items()
    )


_USE = re.compile(r"\.(\w+)\(")


def _anchored_only(found: dict[tuple[Any, int], str]) -> set[tuple[Any, int]]:
    """Patterns held in a module's name that every use of the name matches at a position
    (``match``, ``fullmatch``): they are read from one start, not searched for."""
    names: dict[str, set[tuple[Any, int]]] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("memaudit") or module is None:
            continue
        for attr, value in vars(module).items():
            key = (getattr(value, "pattern", None), getattr(value, "flags", None))
            if key in found and type(value).__name__ in ("Pattern", "Lazy"):
                names.setdefault(attr, set()).add(key)  # type: ignore[arg-type]
    import memaudit

    root = Path(memaudit.__file__).parent
    uses: dict[str, set[str]] = {}
    word = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b(.{0,12})")
    for path in root.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith(("from ", "import ", "#")):
                continue
            for m in word.finditer(line):
                after = m.group(2)
                if re.match(r"\s*(?::[^=]*)?=(?!=)", after):
                    continue  # the name's own definition
                use = _USE.match(after)
                uses.setdefault(m.group(1), set()).add(use.group(1) if use else "passed")
    return {
        key
        for name, keys in names.items()
        if uses.get(name) and uses[name] <= {"match", "fullmatch"}
        for key in keys
    }


# -- hostile inputs ------------------------------------------------------------------------

_CANDIDATES = (
    "a", "e", "z", "A", "0", "7", " ", "\n", "\t", ".", "-", "_", "@", ":", "/", "'", '"',
    "`", "<", ">", "!", "(", ")", "[", "]", "{", "}", "#", "*", "=", ",", ";", "+", "%",
    "&", "|", "\\", "?", "$", "~", "é", "я", "α", "中", "\u00a0", "\u200b", "\u2019", "ı",
)  # fmt: skip


def _category(cat: Any, ch: str) -> bool:
    name = str(cat)
    if "DIGIT" in name:
        hit = ch.isdigit()
    elif "SPACE" in name:
        hit = ch.isspace()
    elif "WORD" in name:
        hit = ch.isalnum() or ch == "_"
    elif "LINEBREAK" in name:
        hit = ch == "\n"
    else:
        return False
    return hit != ("NOT" in name)


def _in_class(items: Any, ch: str, ignore: bool) -> bool:
    chars = {ch, ch.lower(), ch.upper()} if ignore else {ch}
    negate = False
    hit = False
    for op, av in items:
        if op is sre.NEGATE:
            negate = True
        elif op is sre.LITERAL:
            hit = hit or any(ord(c) == av for c in chars if len(c) == 1)
        elif op is sre.RANGE:
            hit = hit or any(av[0] <= ord(c) <= av[1] for c in chars if len(c) == 1)
        elif op is sre.CATEGORY:
            hit = hit or _category(av, ch)
    return hit != negate


class _Shape:
    """Strings read from a parsed pattern: what its parts match, what leads to a repeat."""

    def __init__(self, rx: re.Pattern[Any], literals: str) -> None:
        self.ignore = bool(rx.flags & re.IGNORECASE)
        self.pool = tuple(dict.fromkeys(_CANDIDATES + tuple(literals)))

    def chars(self, op: Any, av: Any) -> list[str]:
        """Characters one element matches (a few of them)."""
        if op is sre.LITERAL:
            return [chr(av)]
        if op is sre.NOT_LITERAL:
            return [c for c in self.pool if ord(c) != av][:6]
        if op is sre.ANY:
            return ["a", " ", "."]
        if op is sre.IN:
            return [c for c in self.pool if _in_class(av, c, self.ignore)][:8]
        return []

    def sample(self, seq: Any, pick: int = 0) -> str:
        """A short string ``seq`` matches (``pick`` varies the characters chosen)."""
        out = []
        for op, av in seq:
            if op in (sre.LITERAL, sre.NOT_LITERAL, sre.ANY, sre.IN):
                options = self.chars(op, av)
                out.append(options[pick % len(options)] if options else "")
            elif op in _REPEATS:
                out.append(self.sample(av[2], pick) * max(av[0], 1 if av[1] else 0))
            elif op is sre.SUBPATTERN:
                out.append(self.sample(av[3], pick))
            elif op is sre.ATOMIC_GROUP:
                out.append(self.sample(av, pick))
            elif op is sre.BRANCH:
                alts = av[1]
                out.append(self.sample(alts[pick % len(alts)], pick))
        return "".join(out)

    def pumps(self, body: Any) -> list[str]:
        return [s for s in dict.fromkeys(self.sample(body, k) for k in range(8)) if s]

    def repeats(self, seq: Any, prefix: str = "") -> Iterator[tuple[str, list[str]]]:
        """(string leading to it, pumps) for every long repeat inside ``seq``."""
        done = ""
        for op, av in seq:
            here = prefix + done
            if op in _REPEATS:
                if av[1] >= _LONG:
                    yield here, self.pumps(av[2])
                yield from self.repeats(av[2], here)
            elif op is sre.SUBPATTERN:
                yield from self.repeats(av[3], here)
            elif op is sre.ATOMIC_GROUP:
                yield from self.repeats(av, here)
            elif op in (sre.ASSERT, sre.ASSERT_NOT):
                yield from self.repeats(av[1], here)
            elif op is sre.BRANCH:
                for alt in av[1]:
                    yield from self.repeats(alt, here)
            done += self.sample([(op, av)])


_GENERAL = (
    "a", " ", "\n", ".", "-", "_", "@", "'", '"', "`", "0", "é", "я", "中", "\u200b",
    "a ", "a.", "a-", "a@", "a_", "a:", "a/", "a\n", "a'", "a,", "a;", ". ", "- ", ", ",
    " \n", "1 ", "1.", "a1", "aя", "α ", "-.", "._", "@.",
    "://", "http://a", "<!--", "-->", "```", "``", "<|", "|>", "[[", "]]", "{{", "((",
    "QUJD", "deadbeef", "the user ", "send to ", "ignore ", "a.a@", "a@a.",
)  # fmt: skip
# Heads that open a construct (an address, a link, a comment, a quote), each followed by
# a run the construct's body reads.
_HEADS = ("a@", "x@a", "http://", "<!--", "`", "'", '"', "a.", "(", "[")
_HEADED = ("a", "a.", "a-", " ", ".", "a ", "-")
_PER_PATTERN = 160  # read from the pattern's structure, at most (the first repeats first)
# The quick sweep's (the test suite's): the pumps that found most of the slow patterns.
_QUICK = ("a", " ", "\n", ".", "a.", "a-", "\n ", "'a", "<!--", "`", "http://a", "a@", "a ")
_QUICK_HEADS = ("x@a", "http://")
_QUICK_PER_PATTERN = 40


def inputs(rx: re.Pattern[Any], n: int, quick: bool = False) -> dict[str, str]:
    """Hostile texts of about ``n`` characters for ``rx``, by a name that rebuilds them
    (``quick``: fewer of them)."""
    built: dict[str, str] = {}
    general, heads, per_pattern = (
        (_QUICK, _QUICK_HEADS, _QUICK_PER_PATTERN) if quick else (_GENERAL, _HEADS, _PER_PATTERN)
    )

    def add(head: str, pump: str, tail: str = "\x01") -> None:
        if pump:
            name = f"{head!r} + {pump!r} * n + {tail!r}"
            built.setdefault(name, head + pump * (n // len(pump)) + tail)

    for pump in general:
        add("", pump)
    for head in heads:
        for pump in _HEADED:
            add(head, pump)
    opened = len(built)
    src = rx.pattern if isinstance(rx.pattern, str) else rx.pattern.decode("latin-1")
    try:
        parsed = sre_parse.parse(src, rx.flags & ~re.DEBUG)
    except (re.error, TypeError):
        return built
    shape = _Shape(rx, "".join(c for c in src if not c.isalnum() and c.isprintable()))
    for lead, pumps in shape.repeats(list(parsed)):
        if len(built) - opened >= per_pattern:
            break
        pumps = pumps[:4]
        for pump in pumps:
            add("", pump)
            add(lead, pump)
            add("", lead + pump)
        for one in pumps[:3]:
            for other in pumps[:3]:
                if one != other:
                    add(lead, one + other)
    return built


# -- timing --------------------------------------------------------------------------------


LIMIT = 2.0  # seconds one reading may take: past it, the reading is cut short (``inf``)


class _TooLong(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _TooLong


def _seconds(run: Callable[[], object], repeat: int = 1) -> float:
    """The best of ``repeat`` timings; ``inf`` when one passes ``LIMIT`` (``re`` checks
    for signals while it backtracks, so an exponential reading is interrupted too)."""
    best = float("inf")
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for _ in range(repeat):
            started = time.perf_counter()
            signal.setitimer(signal.ITIMER_REAL, LIMIT)
            try:
                run()
            except _TooLong:
                return float("inf")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            best = min(best, time.perf_counter() - started)
    finally:
        signal.signal(signal.SIGALRM, previous)
    return best


def _reader(rx: re.Pattern[Any], text: str, anchored: bool = False) -> Callable[[], object]:
    """A reading of ``text`` as the pattern's users read: searched for (every start), or
    matched from its start only (a pattern only ever ``match``-ed or ``fullmatch``-ed)."""
    data: Any = text.encode("utf-8", "surrogatepass") if isinstance(rx.pattern, bytes) else text

    def run() -> object:
        if not anchored:
            for _ in rx.finditer(data):
                pass
        return rx.match(data), rx.fullmatch(data)

    return run


FLOOR = 0.02  # seconds at the full length no linear reading of MAX_TEXT characters reaches
GROWTH = 8.0  # times from n to 4n beyond which the reading is super-linear (linear: ~4)


def _grows(
    rx: re.Pattern[Any], texts: list[str], floor: float, anchored: bool
) -> tuple[float, float] | None:
    """(seconds at n, at 4n) where each text of ``texts`` (each four times as long as the
    one before) took super-linearly longer than the one before, the last past the floor."""
    times = [_seconds(_reader(rx, texts[0], anchored), 2)]
    for text in texts[1:]:
        times.append(_seconds(_reader(rx, text, anchored), 2))
        if times[-1] == float("inf"):
            return times[-2], times[-1]
        if times[-1] <= GROWTH * max(times[-2], 1e-4):
            return None  # linear at this step
    return (times[-2], times[-1]) if times[-1] >= floor else None


def slow(
    rx: re.Pattern[Any],
    full: int,
    floor: float = FLOOR,
    every: bool = False,
    anchored: bool = False,
    quick: bool = False,
) -> list[tuple[str, float, float]]:
    """(input, seconds at n, seconds at 4n) for the first input ``rx`` reads
    super-linearly (``every``: for each); n is a sixteenth or a quarter of ``full``."""
    built = [inputs(rx, full // 16, quick)]
    out = []
    for name, text in built[0].items():
        first = _seconds(_reader(rx, text, anchored))
        if first == float("inf"):
            out.append((name, first, first))
        elif first * 256 >= floor:  # else even a quadratic reading stays short of the floor
            if len(built) == 1:  # the longer texts, built only for a pattern that needs them
                built += [inputs(rx, full // 4, quick), inputs(rx, full, quick)]
            grown = _grows(rx, [step[name] for step in built], floor, anchored)
            if grown is not None:
                out.append((name, *grown))
        if out and not every:
            break
    return out


Found = tuple[str, str, int, bool, bool]  # module, source, flags, bytes, matched only


def key(row: Found) -> str:
    """A short name for a pattern that holds while its source and flags do."""
    return hashlib.sha1(f"{row[2]}:{row[1]}".encode("utf-8", "surrogatepass")).hexdigest()[:12]


def compile_found(row: Found) -> re.Pattern[Any]:
    _, src, flags, is_bytes, _ = row
    return re.compile(src.encode("latin-1") if is_bytes else src, flags)


@functools.cache
def discovered() -> list[Found]:
    """The discovery, run in a fresh interpreter (import-time compiles included)."""
    import subprocess

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-m", "tests.hostile_regex", "--discover"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return [tuple(row) for row in json.loads(done.stdout)]  # type: ignore[misc]


def main() -> None:
    if "--discover" in sys.argv:
        print(json.dumps(discover()))
        return
    from memaudit.injection.kinds import MAX_TEXT

    only = [a for a in sys.argv[1:] if not a.startswith("-")]
    rows = [r for r in discover() if not only or r[0].startswith(tuple(only))]
    print(f"{len(rows)} patterns", file=sys.stderr, flush=True)
    bad = 0
    started = time.perf_counter()
    for k, row in enumerate(rows):
        print(f"{k} {row[0]}", file=sys.stderr, flush=True)
        rx = compile_found(row)
        for name, small, large in slow(rx, MAX_TEXT, anchored=row[4]):
            bad += 1
            print(
                f"{key(row)} {row[0]} {row[1][:70]!r}\n    {name}: {small:.3f}s -> {large:.3f}s",
                flush=True,
            )
    print(f"{bad} slow readings, {time.perf_counter() - started:.0f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
