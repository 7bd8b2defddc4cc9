"""The decoders: the encoded runs in a text's view (base64, hex, binary, percent-encoding,
escapes, spaced or joined letters, base32, ascii85, base85, leetspeak, Morse) that decode to
text, for the analysis (``engine``) to read as hidden carriers."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable
from urllib.parse import unquote

from memaudit.injection.forms import (
    _ADDRESS,
    _BASE64,
    _BINARY,
    _ESCAPES,
    _HEX,
    _MORSE,
    _MORSE_TABLE,
    _PERCENT,
    FIELDS_NAME,
    SPLIT_NAME,
    field_values,
    interleaved,
    joined_letters,
    spaced_runs,
    split_words,
    text_shares,
)
from memaudit.injection.gate import _LEET, _LEET_GATE, _leet, quoted_leet
from memaudit.injection.glued import GLUED, glued_runs
from memaudit.injection.glued import SHORTEST as _GLUED_SHORTEST
from memaudit.regex_needs import shortest


def _texty(raw: bytes | str) -> str | None:
    """The decoded bytes as text, if they read like text (words and spaces)."""
    if isinstance(raw, bytes):
        try:
            s = raw.decode("utf-8")
        except UnicodeDecodeError:
            return None
    else:
        s = raw
    if len(s) < 8:
        return None
    printable, letters = text_shares(s)
    if letters < 0.7 * len(s) and sum(1 for w in s.split() if _WORD.fullmatch(w)) >= 2:
        # (round 45) The numbers of a sentence of words count as its text: the phone number
        # in a hex "forward new 2FA codes to +44 7700 900871" (random bytes are no words).
        letters += sum(len(w) for w in s.split() if _NUMBER.fullmatch(w))
    if printable < 0.95 * len(s) or letters < 0.7 * len(s) or s.count(" ") < 2:
        return None
    return s


def by_numbers(s: str) -> bool:
    """Whether a decoded text reads as text only with its numbers counted (``_texty``):
    such a run says something only if what it says is a signal (an invoice's "Rechnung Nr.
    2025-0418 - Betrag: 120,00 EUR" or a config's "replicas: 3" in base64 is no carrier)."""
    return text_shares(s)[1] < 0.7 * len(s)


_WORD = re.compile(r"[^\W\d_]{3,}[.,;:!?]?")
_NUMBER = re.compile(r"[+(]?\d[\d().,:/-]{0,30}")


def _decode_runs(view: str) -> Iterable[tuple[int, int, str, str]]:
    """(start, end, encoding, decoded text) for each encoded run that decodes to text."""
    # A form whose runs hold no white space is looked for only if a word is as long as
    # its shortest run; a form with a marker only if the marker is there.
    longest = max(map(len, view.split()), default=0)
    for m in _BASE64.finditer(view) if longest >= _BASE64_SHORTEST else ():
        run = m.group(0)
        body = run.rstrip("=")
        for alt in (False, True):
            try:
                padded = body + "=" * (-len(body) % 4)
                raw = (
                    base64.urlsafe_b64decode(padded)
                    if alt
                    else base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
                )
            except (binascii.Error, ValueError):
                continue
            text = _texty(raw)
            if text:
                yield m.start(), m.end(), "base64", text
                break
    for m in _HEX.finditer(view) if longest >= _HEX_SHORTEST else ():
        try:
            text = _texty(bytes.fromhex(m.group(0)))
        except ValueError:
            continue
        if text:
            yield m.start(), m.end(), "hex", text
    for m in _BINARY.finditer(view):
        bits = m.group(0).replace(" ", "")
        raw = bytes(int(bits[k : k + 8], 2) for k in range(0, len(bits) - 7, 8))
        text = _texty(raw)
        if text:
            yield m.start(), m.end(), "binary", text
    for m in _PERCENT.finditer(view) if "%" in view else ():
        text = _texty(unquote(m.group(0)))
        if text and text != m.group(0):
            yield m.start(), m.end(), "percent-encoding", text
    for m in _ESCAPES.finditer(view) if "\\" in view else ():
        try:
            text = _texty(m.group(0).encode("ascii").decode("unicode_escape"))
        except (UnicodeDecodeError, ValueError):
            continue
        if text:
            yield m.start(), m.end(), "escapes", text
    yield from spaced_runs(view)
    if (joined := joined_letters(view)) is not None:
        yield 0, len(view), "letters joined by dots or dashes", joined
    if (split := split_words(view)) is not None:  # (round 44) "mos-trar al usua-rio"
        yield 0, len(view), SPLIT_NAME, split
    yield from ((s, e, FIELDS_NAME, text) for s, e, text in field_values(view))
    for s, e, text in interleaved(view):
        yield s, e, "letters joined by dots or dashes", text
    if longest >= _GLUED_SHORTEST:  # (round 39) words glued without spaces
        yield from ((s, e, GLUED, text) for s, e, text in glued_runs(view))
    for m in _LONG_TOKEN.finditer(view) if longest >= _LONG_WORD or "<~" in view else ():
        run = m.group(0)
        for how, decode in _OTHER_CODECS:
            try:
                text = _texty(decode(run))
            except (ValueError, binascii.Error):
                continue
            if text:
                yield m.start(), m.end(), how, text
                break
    if _LEET_GATE.search(view) and _leet(view):
        plain = _ADDRESS.sub(lambda m: " " * len(m.group(0)), view)  # URLs are not leet
        yield 0, len(view), "leetspeak", plain.translate(_LEET)
    else:  # (round 30) a quoted rule in leetspeak inside prose (``gate.quoted_leet``)
        yield from ((start, end, "leetspeak", text) for start, end, text in quoted_leet(view))
    if ".-" in view or "-." in view:
        for m in _MORSE.finditer(view):
            words = re.split(r" ?/ ?", m.group(0))
            text = " ".join("".join(_MORSE_TABLE.get(c, "?") for c in w.split()) for w in words)
            if text.count("?") * 10 < len(text):
                yield m.start(), m.end(), "Morse code", text


_LONG_WORD = 32
# No "~" in Ascii85: a run stops at the next one (linear on hostile "<~" repeats).
_LONG_TOKEN = re.compile(rf"<~[^~]{{16,}}~>|(?<!\S)\S{{{_LONG_WORD},}}(?!\S)")
_BASE64_SHORTEST, _HEX_SHORTEST = shortest(_BASE64), shortest(_HEX)  # runs without spaces


def _b32(run: str) -> bytes:
    body = run.rstrip("=")
    if not re.fullmatch(r"[A-Z2-7]+", body):
        raise ValueError("not base32")
    return base64.b32decode(body + "=" * (-len(body) % 8))


def _a85(run: str) -> bytes:
    if not (run.startswith("<~") and run.endswith("~>")):
        raise ValueError("not ascii85")
    return base64.a85decode(run, adobe=True)


_OTHER_CODECS = (("base32", _b32), ("ascii85", _a85), ("base85", base64.b85decode))
