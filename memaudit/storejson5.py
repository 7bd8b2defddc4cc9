"""JSON5 read from a store (OpenClaw's ``openclaw.json``): the one reader for it.

OpenClaw parses its config with the npm ``json5`` package (2.2.3; plain ``JSON.parse``
first): comments, trailing commas, unquoted keys, single-quoted and multi-line strings,
hex numbers, ``+Infinity``/``NaN``, leading or trailing decimal points. The PyPI
``json5`` package reads the same but is pure-Python recursive descent: about 40 s a
megabyte, so a 4 MB hostile config is minutes, and nesting raises ``RecursionError``.

This reader is one regular-expression token pass and an explicit stack (no recursion),
and it is *stricter* than OpenClaw wherever OpenClaw's reading is lossy or a guess, so
that what it returns is what OpenClaw sees, and anything else is a ``ValueError`` (the
file is then "not read", never half-read):

- a key given twice in one object (JSON5.parse silently keeps the last);
- a number JavaScript cannot hold (``1e400``, a 400-digit integer: JSON5.parse makes
  them ``Infinity``; ``Infinity`` written as such is read); integers past 2**53 are read
  as JavaScript does, as the nearest float;
- a NUL character (raw or escaped) and an unpaired surrogate escape (neither can be in a
  path or a setting OpenClaw means);
- nesting deeper than ``MAX_DEPTH``, or more than ``MAX_VALUES`` values (this bounds the
  Python pass: a 4 MB file of a million values would take half a minute);
- unquoted keys outside ASCII ``[A-Za-z_$][A-Za-z0-9_$]*`` (JSON5 allows any Unicode
  identifier and ``\\u`` escapes in keys; OpenClaw's keys are ASCII, and refusing is the
  safe side).

Messages give a line number, never the store's text.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from memaudit import storejson
from memaudit.storejson import MAX_DEPTH

_LINE_END = "\n\r\u2028\u2029"
# JSON5 white space: ECMAScript's, with every Unicode space separator (Zs).
_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_SKIP = rf"(?:[{_SPACE}]++|//[^{_LINE_END}]*+|/\*(?:[^*]|\*(?!/))*+\*/)*+"
_TRAILING = re.compile(_SKIP)
_TOKEN = re.compile(  # one token, after the white space and comments before it
    rf"""{_SKIP}(?:
    (?P<punct>[{{}}\[\]:,])
    |(?P<string>"(?:[^"\\\n\r]|\\(?:\r\n|.))*+"|'(?:[^'\\\n\r]|\\(?:\r\n|.))*+')
    |(?P<number>[+-]?(?:0[xX][0-9a-fA-F]++|(?:0|[1-9][0-9]*+)(?:\.[0-9]*+)?|\.[0-9]++)
        (?:[eE][+-]?[0-9]++)?)
    |(?P<word>[+-]?[A-Za-z_$][A-Za-z0-9_$]*+))
    """,
    re.X | re.S,
)
_ESCAPE = re.compile(r"\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|(\r\n|.))", re.S)
_SIMPLE = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
_WORDS: dict[str, Any] = {"true": True, "false": False, "null": None}
_SURROGATE = re.compile("[\ud800-\udfff]")
_RISKY_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F])")  # \u0000, \uD800-\uDFFF
MAX_VALUES = 100_000  # as storeyaml.MAX_NODES: a config holds hundreds; bounds the Python pass
_LONG_NUMBER = re.compile(r"[0-9]{16}|[eE][+-]?[0-9]{3}")
_SAFE_INT = 2**53  # JavaScript's Number holds integers exactly up to here

# what may come next
_VALUE, _FIRST_ITEM, _ITEM, _FIRST_KEY, _KEY, _COLON, _AFTER, _END = range(8)
_VALUES = (_VALUE, _FIRST_ITEM, _ITEM)  # a value may start here
_CLOSES = {"}": (_AFTER, _FIRST_KEY, _KEY), "]": (_AFTER, _FIRST_ITEM, _ITEM)}  # trailing ,


class _Bad(Exception):
    def __init__(self, what: str, pos: int) -> None:
        self.what, self.pos = what, pos


def _escape(m: re.Match[str]) -> str:
    hex2, hex4, other = m.groups()
    if hex2 is not None or hex4 is not None:
        return chr(int(hex2 or hex4, 16))
    if other in _SIMPLE:
        return _SIMPLE[other]
    if other == "0":
        if m.end() < len(m.string) and m.string[m.end()].isdigit():
            raise _Bad("not valid JSON5", m.start())  # \0 then a digit (an octal escape)
        return "\0"  # refused below, with every other NUL
    if other in "123456789xu":  # \1 to \9, a short \x or \u: not JSON5
        raise _Bad("not valid JSON5", m.start())
    return "" if other in _LINE_END or other == "\r\n" else other  # continuation, or itself


def _string(token: str, pos: int) -> str:
    body = token[1:-1]
    if "\\" in body:
        try:
            body = _ESCAPE.sub(_escape, body)
        except _Bad as bad:
            raise _Bad(bad.what, pos) from None
        if "\0" in body:
            raise _Bad("JSON5 with a NUL character", pos)
        if _SURROGATE.search(body):  # a pair is one character, as in JavaScript
            try:
                body = body.encode("utf-16", "surrogatepass").decode("utf-16")
            except UnicodeDecodeError:
                raise _Bad("JSON5 with an unpaired surrogate escape", pos) from None
    return body


def _number(token: str, pos: int) -> int | float:
    sign, digits = (token[0], token[1:]) if token[0] in "+-" else ("", token)
    value: int | float
    if digits[:2] in ("0x", "0X"):
        value = int(digits, 16)
    elif len(digits) <= 16 and not any(c in digits for c in ".eE"):
        value = int(digits)
    else:
        value = float(digits)  # a long integer too: no 4,300-digit limit, JavaScript's double
    if isinstance(value, int) and value > _SAFE_INT:
        try:
            value = float(value)
        except OverflowError:
            value = math.inf
    if math.isinf(value):
        raise _Bad("JSON5 with a number too large for JavaScript", pos)
    return -value if sign == "-" else value


def _word(token: str, pos: int) -> Any:
    sign, name = (token[0], token[1:]) if token[0] in "+-" else ("", token)
    if name == "Infinity":
        return -math.inf if sign == "-" else math.inf
    if name == "NaN":
        return math.nan
    if name in _WORDS and not sign:
        return _WORDS[name]
    raise _Bad("not valid JSON5", pos)


def _parse(text: str) -> Any:
    if "\0" in text:
        raise _Bad("JSON5 with a NUL character", text.index("\0"))
    root: Any = None
    stack: list[tuple[dict[str, Any] | list[Any], str]] = []  # open containers, pending key
    want, pos, end, values = _VALUE, 0, len(text), 0
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:
            if _TRAILING.match(text, pos).end() == end:  # type: ignore[union-attr]
                break
            raise _Bad("not valid JSON5", pos)  # an unterminated comment or string too
        kind, pos = m.lastgroup, m.end()
        start = m.start(kind)  # type: ignore[arg-type]
        token = m.group(kind)  # type: ignore[arg-type]
        if want == _END:
            raise _Bad("not valid JSON5", start)
        if want in (_FIRST_KEY, _KEY) and kind in ("word", "string"):
            if kind == "word" and token[0] in "+-":
                raise _Bad("not valid JSON5", start)
            key = _string(token, start) if kind == "string" else token
            container = stack[-1][0]
            if key in container:
                raise _Bad("JSON5 with a key given twice", start)
            stack[-1] = (container, key)
            want = _COLON
            continue
        if token == ":" and want == _COLON:
            want = _VALUE
            continue
        if token == "," and want == _AFTER and stack:
            want = _KEY if isinstance(stack[-1][0], dict) else _ITEM  # or a trailing ,
            continue
        if kind == "punct" and token in _CLOSES and stack:
            closes = "}" if isinstance(stack[-1][0], dict) else "]"
            if token != closes or want not in _CLOSES[token]:
                raise _Bad("not valid JSON5", start)
            stack.pop()
            want = _AFTER if stack else _END
            continue
        if want not in _VALUES:
            raise _Bad("not valid JSON5", start)
        value: Any
        if token == "{" or token == "[":
            value = {} if token == "{" else []
        elif kind == "string":
            value = _string(token, start)
        elif kind == "number":
            value = _number(token, start)
        elif kind == "word":
            value = _word(token, start)
        else:
            raise _Bad("not valid JSON5", start)
        values += 1
        if values > MAX_VALUES:
            raise _Bad(f"JSON5 of more than {MAX_VALUES:,} values", start)
        if not stack:
            root = value
        else:
            container, key = stack[-1]
            if isinstance(container, dict):
                container[key] = value
            else:
                container.append(value)
        if isinstance(value, dict | list):
            if len(stack) >= MAX_DEPTH:
                raise _Bad(f"JSON5 nested deeper than {MAX_DEPTH} levels", start)
            stack.append((value, ""))
            want = _FIRST_KEY if isinstance(value, dict) else _FIRST_ITEM
        else:
            want = _AFTER if stack else _END
    if want != _END:
        raise _Bad("not valid JSON5", end)  # nothing, or an unclosed object or array
    return root


class _NotPlain(Exception):
    pass


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _NotPlain  # a key twice: the JSON5 pass says where
    return out


def _plain(text: str) -> Any:
    """The same reading of a document that is plain JSON (what OpenClaw writes itself),
    by the C parser, as OpenClaw tries ``JSON.parse`` first; ``_NotPlain`` for anything
    the JSON5 pass must look at (not JSON, a key twice, a number too large, too deep, an
    escape that may be a NUL or a surrogate, a number that may be past 2**53)."""
    if _RISKY_ESCAPE.search(text) or _LONG_NUMBER.search(text) or storejson.too_deep(text):
        raise _NotPlain
    try:  # its numbers are then JSON5's: integers of 15 digits at most, floats below 1e115
        data = json.loads(text, object_pairs_hook=_pairs)
    except (ValueError, RecursionError):
        raise _NotPlain from None
    values, stack = 0, [data]
    while stack:
        node = stack.pop()
        values += 1
        if values > MAX_VALUES:
            raise _NotPlain
        if isinstance(node, dict | list):
            stack.extend(node.values() if isinstance(node, dict) else node)
    return data


def loads(text: str) -> Any:
    """A JSON5 document as OpenClaw reads it, or a ``ValueError`` saying on which line it
    is not valid JSON5, or where it is ambiguous (a key twice, a number too large, a NUL,
    an unpaired surrogate) or nested deeper than ``MAX_DEPTH``."""
    try:
        return _plain(text)
    except _NotPlain:
        pass
    try:
        return _parse(text)
    except _Bad as bad:
        line = 1 + sum(text.count(c, 0, bad.pos) for c in "\n\u2028\u2029")
        line += text.count("\r", 0, bad.pos) - text.count("\r\n", 0, bad.pos)
        raise ValueError(f"{bad.what} (line {line})") from None


def mapping(raw: bytes) -> dict[str, Any]:
    """A JSON5 file that holds an object (OpenClaw's config), from its bytes; the JSON5
    counterpart of ``storejson.mapping``. Not JSON5, ambiguous, too deep or not an object
    is a ``ValueError`` (bytes that are not UTF-8 are read as U+FFFD, as Node does)."""
    data = loads(raw.decode("utf-8-sig", errors="replace"))
    if not isinstance(data, dict):
        raise ValueError("not a JSON5 object")
    return data
