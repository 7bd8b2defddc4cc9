"""A literal encoded payload handed straight to an interpreter (round 39, issue 20).

``eval``, ``new Function``, ``exec`` or ``os.system`` applied to ``atob('…')`` or
``base64.b64decode('…')``, ``powershell -enc …`` and ``echo … | base64 -d | sh``
run whatever the literal decodes to: the execution of a decoded literal is the signal,
whatever it decodes to (round 39's ``eval`` of an ``atob`` literal decoded to
``fetch('https://…?c='+document.cookie)``, no words and no spaces, so the decoders' reading
of encoded *text* never saw it). What it decodes to is shown in the hit's note and read
for the signals it carries. Weighed by the source like any encoded payload: an incident
report that quotes ``-enc`` as an example is discounted by the engine; a minifier's output
holds no literal payload (``atob`` of a variable is not read), a ``data:`` image
is not executed.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from memaudit.injection.forms import text_shares

# Over the flag threshold alone from a source that is not the user's (0.5); under it
# halved in a text about attacks or from the user's own statement.
EXECUTED_WEIGHT = 0.6
_B64 = r"[A-Za-z0-9+/_-]{16,8192}={0,2}"
_RUNNER = (
    r"\b(?:eval|Function|exec|execScript|setTimeout|setInterval|system|popen|"
    r"check_output|call|run|Invoke-Expression|iex)"
)
_DECODER = (
    r"(?:atob|b64decode|standard_b64decode|urlsafe_b64decode|decodebytes|decodestring|"
    r"FromBase64String)"
)
_EXECUTED = re.compile(
    # a runner (eval, exec, …) calling a decoder (atob, b64decode) on a literal
    rf"{_RUNNER}\s{{0,2}}\(\s{{0,2}}(?:new\s{{1,2}})?(?:[A-Za-z_][\w]{{0,20}}\.){{0,3}}{_DECODER}"
    rf"\s{{0,2}}\(\s{{0,2}}b?[\"'`](?P<b64>{_B64})[\"'`]"
    # PowerShell's encoded command, UTF-16LE in base64, on a command line (its options
    # before it, no prose: "PowerShell mit -EncodedCommand, z. B. -enc …" is a report)
    r"|\b(?:powershell|pwsh)(?:\.exe)?(?:\s{1,3}-[a-z]{1,20}(?:\s{1,3}[a-z]{1,12}(?=\s{1,3}-))?){0,6}"
    r"\s{1,3}-(?:e|ec|enc|encodedcommand)\s{1,3}"
    rf"[\"']?(?P<ps>{_B64})"
    # a shell decoding a literal into a shell: echo … | base64 -d | sh
    rf"|\becho\s{{1,3}}[\"']?(?P<sh>{_B64})[\"']?\s{{0,3}}\|\s{{0,3}}base64\s{{1,3}}"
    r"(?:-d|--decode|-D)\s{0,3}\|\s{0,3}(?:sudo\s{1,3})?(?:ba|z|da|k)?sh\b",
    re.IGNORECASE,
)
_GATE = (
    "atob",
    "b64decode",
    "decodebytes",
    "decodestring",
    "frombase64",
    "powershell",
    "pwsh",
    "base64",
)


def _decoded(run: str, utf16: bool) -> str:
    """What the literal decodes to, if it reads as characters; else "" (the call still
    runs it: the hit stands, only its note is shorter)."""
    body = run.rstrip("=")
    padded = body + "=" * (-len(body) % 4)
    try:
        raw = base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
        text = raw.decode("utf-16-le" if utf16 else "utf-8")
    except (binascii.Error, ValueError):
        return ""
    if not text or text_shares(text)[0] < 0.9 * len(text):
        return ""
    # (shown in the hit's note: a control character is replaced, never passed on)
    return "".join(c if c.isprintable() or c in "\n\t" else "\ufffd" for c in text)


def executed_runs(view: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, what the literal decodes to or "") for each decoded literal executed."""
    low = view.lower()
    if not any(g in low for g in _GATE):
        return
    for m in _EXECUTED.finditer(view):
        run = m.group("b64") or m.group("ps") or m.group("sh")
        yield m.start(), m.end(), _decoded(run, utf16=m.group("ps") is not None)
