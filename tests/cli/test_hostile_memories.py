"""One hostile memory of each family, as long as the detector reads (``MAX_TEXT``), staged
through the gate and audited with ``audit --pattern injected_instruction``: each is judged
in seconds (a pattern that backtracked on one of them took from seconds to minutes)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from memaudit.injection.kinds import MAX_TEXT

# Runs built to make a backtracking pattern rescan them: one class, two alternating,
# around an address, a link, a comment or a role token, unclosed quotes and code.
_PUMPS = {
    "letters": ("", "a"),
    "spaces": ("", " "),
    "newlines": ("", "\n"),
    "dots": ("", "."),
    "dotted word": ("", "a."),
    "dashed word": ("", "a-"),
    "dotted run after @": ("x@a", "a."),
    "dashed run after @": ("x@a", "a-"),
    "@ run": ("", "a@"),
    "link run": ("http://", "a."),
    "links": ("", "http://a"),
    "unclosed comments": ("", "<!--"),
    "backticks": ("", "`"),
    "unclosed quotes": ("", "'a"),
    "double quotes": ("", '"a '),
    "base64": ("", "QUJD"),
    "hex": ("", "deadbeef"),
    "digits and spaces": ("", "1 "),
    "mixed scripts": ("", "aя"),
    "gap between role tokens": ("<|im_start|>", " "),
    "unicode names": ("u+0430", " "),
    "tokens named": ("special tokens", " "),
    "words": ("", "the user "),
    "sends": ("", "send to "),
    "sentences": ("", "ignore all. "),
}


def _memory(head: str, pump: str) -> str:
    return head + pump * ((MAX_TEXT - len(head) - 4) // len(pump)) + "\x21end"


def test_each_hostile_memory_is_staged_and_audited_in_seconds(cli, ledger_path: Path) -> None:
    # The gate refuses more than 16,000 characters by default; a store written by other
    # means holds longer memories, and the detector reads up to MAX_TEXT of each.
    assert (
        cli("policy", "set", "max_content_chars", str(MAX_TEXT + 100), db=ledger_path).exit_code
        == 0
    )
    for name, (head, pump) in _PUMPS.items():
        started = time.perf_counter()
        done = cli(
            "stage", _memory(head, pump), "-t", "external_document",
            "--source-ref", "https://pages.example/a", "--json", db=ledger_path,
        )  # fmt: skip
        took = time.perf_counter() - started
        assert done.exit_code == 0, (name, done.output)
        assert took < 10.0, (name, took)
    started = time.perf_counter()
    out = cli("audit", "--pattern", "injected_instruction", "--json", db=ledger_path)
    assert out.exit_code in (0, 4), out.output
    json.loads(out.stdout)
    assert time.perf_counter() - started < 30.0
