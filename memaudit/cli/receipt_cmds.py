"""receipt key / receipt verify: the signing key of erasure receipts, and checking one."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from memaudit import receipt
from memaudit.cli.app import app
from memaudit.cli.options import JsonOpt
from memaudit.cli.render import console, emit_json, err_console
from memaudit.errors import ExitCode
from memaudit.tui.text import safe

receipt_app = typer.Typer(
    help="Erasure receipts: this machine's signing key, and checking a receipt.",
    no_args_is_help=True,
)
app.add_typer(receipt_app, name="receipt")


@receipt_app.command("key")
def key(json_: JsonOpt = False) -> None:
    """Print this machine's public receipt key (made on first use), to publish.

    Receipts written by `forget --receipt` and `verify --receipt` are signed with the
    private half, $MEMAUDIT_HOME/receipt.key (mode 0600). Give the public key to whoever
    will check your receipts: `memaudit receipt verify FILE --public-key KEY`.

    Examples:

    - `memaudit receipt key`
    - `memaudit receipt key --json`
    """
    private = receipt.signing_key(create=True)
    assert private is not None
    public = private.public_key()
    if json_:
        emit_json(
            {
                "public_key": receipt.public_text(public),
                "key_id": receipt.key_id(public),
                "path": str(receipt.key_path()),
            }
        )
        return
    console.print(Text(receipt.public_text(public)))
    err_console.print(
        safe(f"key id {receipt.key_id(public)}; private key in {receipt.key_path()}", style="dim")
    )


@receipt_app.command("verify")
def verify_receipt(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="The receipt to check.")],
    public_key: Annotated[
        str | None,
        typer.Option(
            "--public-key",
            "-k",
            help="The signer's public key (as `receipt key` prints it, or a file holding it).",
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db", help="Where the store is now, if not where the receipt says (a moved copy)."
        ),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Check a receipt's signature, then whether the store still hashes the same.

    The signature must verify over the receipt's body, and the file must be exactly as
    memaudit wrote it: any changed byte is reported. With --public-key the signer must
    be that key; without it, the answer says whether it is this machine's key or only
    the key the receipt carries. Then, when the store's files are reachable (where the
    receipt says, or --db), they are hashed again and compared with the hashes recorded
    after the command: every changed, new or missing file is listed.

    Examples:

    - `memaudit receipt verify erasure-4411.json`
    - `memaudit receipt verify erasure-4411.json --public-key ed25519:Yx4k...`
    - `memaudit receipt verify mem0.json --db /backup/mem0-copy`

    Exit codes: 0 signature good and the store unchanged; 7 signature good, the store
    changed since; 10 signature good, the store could not be compared (not here, or a
    server); 11 the receipt does not verify (a changed byte, another key, not a receipt);
    1 unreadable file or unknown schema.
    """
    result = receipt.check(receipt.read(file), public_key=public_key, location=db)
    if json_:
        emit_json(result.to_dict())
    else:
        _show(result)
    code = result.exit_code
    if code is not ExitCode.OK:
        raise typer.Exit(int(code))


def _show(result: receipt.ReceiptCheck) -> None:
    body = result.body
    if not result.signature_ok:
        console.print(Text("INVALID: " + result.problem, style="bold red"))
        return
    request = body.get("request") or {}
    verification = body.get("verification") or {}
    who = result.signer_known or (
        "the key the receipt carries only (pass --public-key to check who signed it)"
    )
    console.print(Text("signature: good", style="green") + safe(f" — key {result.signer}, {who}"))
    console.print(
        safe(
            f"{request.get('command')} on {body.get('store', {}).get('location')} "
            f"({body.get('store', {}).get('adapter')}) at {body.get('issued_at')} "
            f"by {body.get('actor')}: {verification.get('verdict')} — "
            f"{verification.get('summary')}"
        )
    )
    style = {"unchanged": "green", "changed": "bold red"}.get(result.store, "yellow")
    console.print(Text(f"store now: {result.store}", style=style))
    for line in result.store_detail[:50]:
        console.print(safe("  " + line))
    if len(result.store_detail) > 50:
        console.print(Text(f"  … {len(result.store_detail) - 50} more (--json lists them)"))
