"""One hostile memory of each family, as long as the detector reads (``MAX_TEXT``), staged
through the gate and audited with ``audit --pattern injected_instruction``: each is judged
in seconds (a pattern that backtracked on one of them took from seconds to minutes)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

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


# The worst memories the end-to-end sweep found (each listed pattern's own hostile run at
# MAX_TEXT, behind words that let the prefilter run the pattern): before the patterns were
# rewritten each stalled ``assess`` for 5 s to over 20 s (a line opener that crossed
# newlines, a keyword list rescanned from each item, a file path rescanned from each
# "memory/"). Staged as the user's words and as a document, then audited.
_WORST = {
    "newlines after an agent's policy": (" assistant policy : ", "\n"),
    "newlines after a claim of the user's": (" so remember that the user's probably wants ", "\n"),
    "newlines after a note to the agent": (" a note to the assistants ", "\n"),
    "newlines after an experience header": (" experience : ", "\n"),
    "newlines after a relayed speaker": ("\tz\tveut\tque\tl'assistant ", "\n"),
    "newlines after the agent's traits": (".\nthe\nagent\nis\nquite\ncareful ", "\n"),
    "newlines after an order": ("you\nshould ", "\n"),
    "paths under memory/": ("memory.md pay without first asking ", "memory/a"),
    "a keyword list": ("a a, a a, a a, a a - always suggest ", "a"),
    "comma items before a colon": ("ee,\tee,\tee,\tee,\tee,\tee\t: ", "aa, "),
    "phrases before a colon": ("zz zz, zz zz, zz zz, zz zz, zz zz, zz zz: ", "aa aa, "),
    "topic words before a colon": ("zz, zz, zz, zz, zz, zz :zbookz solely ", "ignore "),
}


@pytest.mark.parametrize("name", sorted(_WORST))
def test_the_worst_hostile_memories_are_staged_and_audited_in_seconds(
    cli, ledger_path: Path, name: str
) -> None:
    assert (
        cli("policy", "set", "max_content_chars", str(MAX_TEXT + 100), db=ledger_path).exit_code
        == 0
    )
    head, pump = _WORST[name]
    for kind, ref in (
        ("user_statement", "session:42#msg-3"),
        ("external_document", "https://pages.example/a"),
    ):
        started = time.perf_counter()
        done = cli(
            "stage", _memory(head, pump), "-t", kind, "--source-ref", ref, "--json", db=ledger_path
        )
        took = time.perf_counter() - started
        assert done.exit_code == 0, (name, kind, done.output)
        assert took < 5.0, (name, kind, took)
    started = time.perf_counter()
    out = cli("audit", "--pattern", "injected_instruction", "--json", db=ledger_path)
    assert out.exit_code in (0, 4), out.output
    json.loads(out.stdout)
    assert time.perf_counter() - started < 10.0, name
