"""Option types shared by commands, and opening the store a command names."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from memaudit.adapters import open_store
from memaudit.cli.app import state
from memaudit.clock import parse_since, parse_time, to_iso
from memaudit.errors import ExitCode, MemauditError
from memaudit.store import Store

DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Store to open (file, folder or URL); default: MEMAUDIT_DB.",
        show_default=False,
    ),
]
AdapterOpt = Annotated[
    str | None, typer.Option("--adapter", help="Force an adapter (see `memaudit adapters`).")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]
JsonlOpt = Annotated[bool, typer.Option("--jsonl", help="Print one JSON object per line.")]
CsvOpt = Annotated[bool, typer.Option("--csv", help="Print CSV.")]
LimitOpt = Annotated[
    int, typer.Option("--limit", "-n", min=0, help="At most this many rows (0: all).")
]


class Fmt(StrEnum):
    TABLE = "table"
    JSON = "json"
    JSONL = "jsonl"
    CSV = "csv"


def pick_format(json_: bool = False, jsonl: bool = False, csv: bool = False) -> Fmt:
    chosen = [f for f, on in ((Fmt.JSON, json_), (Fmt.JSONL, jsonl), (Fmt.CSV, csv)) if on]
    if len(chosen) > 1:
        raise typer.BadParameter("choose one of --json, --jsonl, --csv")
    return chosen[0] if chosen else Fmt.TABLE


def resolve_db(ctx: typer.Context, db: str | None) -> str:
    location = db or state(ctx).db
    if not location:
        raise MemauditError(
            "no store given: pass --db PATH or set MEMAUDIT_DB (see `memaudit init --help`)",
            ExitCode.USAGE,
        )
    return location


def open_from(
    ctx: typer.Context, db: str | None, adapter: str | None, *, writable: bool = False
) -> Store:
    st = state(ctx)
    return open_store(
        resolve_db(ctx, db),
        adapter=adapter or st.adapter,
        writable=writable,
        clock=st.clock,
        **({"actor": st.actor} if st.actor else {}),
    )


def since_iso(ctx: typer.Context, since: str | None) -> str | None:
    if not since:
        return None
    return to_iso(parse_since(since, state(ctx).clock()))


def time_iso(value: str | None) -> str | None:
    return to_iso(parse_time(value)) if value else None
