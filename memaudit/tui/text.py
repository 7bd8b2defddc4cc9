"""Store text as Rich ``Text``: the one way both faces (CLI and review UI) show it.

Everything a store holds is attacker-controlled: content, ids, actor names, JSON keys,
table names, reasons, error messages quoting any of those. Handed to Rich or Textual as
a plain string, such text is parsed as markup (``[link=…]`` becomes a clickable link,
``x[/]`` raises MarkupError) and its control characters reach the terminal. Here it
becomes a ``Text`` object, which neither parses markup nor keeps a hidden or control
character: each is replaced by a ``⟨NAME⟩`` marker (``textsafety.reveal``).

Face code, not core: it imports rich, so the core never imports it (the core's own
half of the boundary is ``memaudit.textsafety``). It lives in ``tui`` but imports rich
alone, so the CLI uses it without loading textual.
"""

from __future__ import annotations

import os

from rich.text import Text

from memaudit.model import TrustTier
from memaudit.textsafety import hidden_characters, preview, reveal
from memaudit.verification import Verdict, Verification

MARKER_STYLE = "bold white on red"
# One colour per trust tier, the same in both faces.
TIER_STYLE = {
    TrustTier.T1: "bold white on green",
    TrustTier.T2: "bold white on blue",
    TrustTier.T3: "bold black on cyan",
    TrustTier.T4: "bold black on yellow",
    TrustTier.T5: "bold white on red",
}

# The style of each layer's outcome in a verification (``LayerReport.outcome``).
OUTCOME_STYLE = {
    "not checked": "yellow",
    "residue": "bold red",
    "orphans": "yellow",
    "warning": "yellow",
    "clean": "green",
}


# One colour per verdict, the same in both faces.
VERDICT_STYLE = {
    Verdict.CLEAN: "bold green",
    Verdict.RESIDUE: "bold red",
    Verdict.UNVERIFIED: "bold yellow",
}


def verdict_line(verification: Verification) -> Text:
    """A verification's last line: CLEAN, RESIDUE or UNVERIFIED, then its summary."""
    verdict = verification.verdict
    style = VERDICT_STYLE[verdict]
    return Text(f"{verdict.value.upper()}: ", style=style) + safe(
        verification.summary(), style=style
    )


def not_checked_lines(verification: Verification) -> list[Text]:
    """One line per layer that could not be probed: why, and what would make it checkable."""
    return [
        safe(f"  {layer}: {why}", style="yellow")
        for layer, why in verification.not_checked().items()
    ]


def tier_badge(tier: TrustTier) -> Text:
    """A trust tier as a coloured badge (`` T1 ``); with ``NO_COLOR`` set, where the
    colour would be dropped, a bracketed one (``[T1]``) that still stands out."""
    if os.environ.get("NO_COLOR"):
        return Text(f"[{tier.value}]", style="bold")
    return Text(f" {tier.value} ", style=TIER_STYLE[tier])


def safe(text: str | None, width: int | None = None, style: str = "") -> Text:
    """Store text to show: markers for hidden characters, never markup.

    With ``width``: one line (newlines shown as ⏎), cut to that many characters.
    ``None`` (the store recorded nothing) is a dim ``-``.
    """
    if text is None:
        return Text("-", style="dim")
    # The style on a span, not the whole Text: what is appended later keeps its own.
    out = Text()
    out.append(preview(text, width) if width else reveal(text), style=style or None)
    return out


def revealed(text: str) -> Text:
    """The whole text with hidden characters as highlighted markers and tabs shown."""
    out = Text()
    marks = dict(hidden_characters(text))
    start = 0
    for i, ch in enumerate(text):
        if i in marks:
            out.append(text[start:i])
            out.append(f"⟨{marks[i]}⟩", style=MARKER_STYLE)
            start = i + 1
        elif ch == "\t":
            out.append(text[start:i])
            out.append("→   ", style="dim")
            start = i + 1
    out.append(text[start:])
    return out
