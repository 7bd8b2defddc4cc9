"""The commands memaudit prints for a person to run next (a finding's ``suggestion``,
an error's way out).

Ids, actor names and paths in them come from the store, and a store is hostile: an id
``x; curl … | sh`` pasted into a shell runs the attacker's command, and an id
``--match=.`` reads as an option of the command it is given to. So every such value is
written as one shell word (``shlex.quote``) that memaudit's command line reads back as
that value: arguments that start with "-" go after ``--``, option values that do are
joined to their option (``--supersedes=-x``). A value with a character that is not
printable (a control, bidi or invisible character, a newline) is written in ANSI-C
quotes, ``$'esc\\x1b…'``: the output boundary would show such a character as a marker
(``⟨ESC⟩``), and a command pasted with the marker would name another id.
"""

from __future__ import annotations

import shlex


def arg(value: str) -> str:
    """A store value as one shell word (also where prose names one beside a command)."""
    if value.isprintable():
        return shlex.quote(value)
    return "$'" + "".join(_ansi_c(ch) for ch in value) + "'"


def _ansi_c(ch: str) -> str:
    """One character inside ``$'…'`` (bash, zsh, ksh, busybox sh; POSIX sh since 2024;
    not dash or fish): printable ones as they are, the others as their UTF-8 bytes
    ``\\xHH`` (``\\u`` would depend on the shell's locale), so the word is what the
    terminal shows. An undecodable byte Python holds as a lone surrogate is that byte
    again, which memaudit's own argument reading turns back into the same character."""
    if ch in "\\'":
        return "\\" + ch
    if ch.isprintable():
        return ch
    try:
        raw = ch.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # another lone surrogate: no byte sequence gives it back
        raw = ch.encode("utf-8", "surrogatepass")
    return "".join(f"\\x{b:02x}" for b in raw)


def command(verb: str, *args: str, flags: str = "", **options: str) -> str:
    """``memaudit VERB ARGS… FLAGS --OPTION VALUE…``. ``verb`` and ``flags`` are memaudit's
    own words (``"resolve --undo"``, ``"--up"``, ``"-r REASON"``); ``args`` and the
    options' values may come from the store (option ``by_actor`` is ``--by-actor``)."""
    opts = []
    for name, value in options.items():
        flag = "--" + name.replace("_", "-")
        opts.append(f"{flag}={arg(value)}" if value.startswith("-") else f"{flag} {arg(value)}")
    tail = [flags, *opts] if flags else opts
    words = [arg(a) for a in args]
    if any(a.startswith("-") for a in args):
        return " ".join(["memaudit", verb, *tail, "--", *words])
    return " ".join(["memaudit", verb, *words, *tail])
