"""The commands memaudit prints for a person to run next (a finding's ``suggestion``,
an error's way out).

Ids, actor names and paths in them come from the store, and a store is hostile: an id
``x; curl … | sh`` pasted into a shell runs the attacker's command, and an id
``--match=.`` reads as an option of the command it is given to. So every such value is
written as one shell word (``shlex.quote``) that memaudit's command line reads back as
that value: arguments that start with "-" go after ``--``, option values that do are
joined to their option (``--supersedes=-x``).
"""

from __future__ import annotations

import shlex


def arg(value: str) -> str:
    """A store value as one shell word (also where prose names one beside a command)."""
    return shlex.quote(value)


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
