"""Compare two `review --list -n 0 --json` outputs of one native ledger, where the newer
may only add `duplicate` flags: each added one must be a true exact copy, and every
listed item with an exact copy must carry the flag. The copies are found by reading
every active row and normalising its text (not through the `content_hash` column).

    python -m benchmarks.review_dups NEW.json OLD.json LEDGER.db   # exit 1 on a difference
"""

from __future__ import annotations

import json
import sys
from typing import Any

from memaudit.fingerprint import normalize
from memaudit.sqlite_driver import sqlite3


def compare(new: dict[str, Any], old: dict[str, Any], ledger: str) -> list[str]:
    problems = []
    if new["summary"] != old["summary"] or new["forget_requests"] != old["forget_requests"]:
        problems.append("summary or forget requests differ")
    if [i["id"] for i in new["items"]] != [i["id"] for i in old["items"]]:
        return [*problems, "the items or their order differ"]
    conn = sqlite3.connect(f"file:{ledger}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT content FROM memories WHERE status = 'active'")
        copied = {normalize(str(content)) for (content,) in rows}
    finally:
        conn.close()
    added = 0
    for a, b in zip(new["items"], old["items"], strict=True):
        rest = {k: v for k, v in a.items() if k != "flags"}
        if rest != {k: v for k, v in b.items() if k != "flags"}:
            problems.append(f"{a['id']}: differs besides its flags")
        gained, lost = set(a["flags"]) - set(b["flags"]), set(b["flags"]) - set(a["flags"])
        if lost or gained - {"duplicate"}:
            problems.append(f"{a['id']}: flags {sorted(b['flags'])} -> {sorted(a['flags'])}")
        has_copy = normalize(a["content"]) in copied
        if gained and not has_copy:
            problems.append(f"{a['id']}: flagged duplicate with no exact copy")
        if has_copy and "duplicate" not in a["flags"]:
            problems.append(f"{a['id']}: has an exact copy, not flagged duplicate")
        added += bool(gained)
    exact = sum(normalize(i["content"]) in copied for i in new["items"])
    print(f"{len(new['items'])} items; {exact} with an exact active copy; {added} DUP added")
    return problems


def main(argv: list[str]) -> int:
    new, old, ledger = argv
    with open(new) as f, open(old) as g:
        problems = compare(json.load(f), json.load(g), ledger)
    for p in problems[:20]:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
