"""Bundles: a ledger's memories carried to another ledger as JSON Lines, forgets included.

``export_records`` yields one JSON object per line: a header, then every memory chosen
(all its columns: content, provenance, lifecycle, validation), the lineage edges of
those memories, their events, and *every* tombstone of the ledger (keyed fingerprints,
never text). ``import_bundle`` reads a whole bundle before writing anything, refuses
one that would bring back a forgotten memory (its text matches a tombstone of the
target ledger or of the bundle: RESURRECTED, exit 8), then writes everything in one
transaction and logs one ``import`` event. Exporting what was imported into a fresh
ledger gives the same bundle, byte for byte.

Not carried: embeddings, profile entries, the policy, conflict decisions and forget
requests (docs/bundles.md says why). A bundle is hostile input like any store: ids,
statuses and types are checked, field names must be exactly those exported.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from memaudit import fingerprint, resurrection, storejson, tombkey
from memaudit.errors import InvalidInput, Refused
from memaudit.ledger import Ledger
from memaudit.ledger.columns import _text as column_text
from memaudit.ledger.columns import read_tags
from memaudit.model import Relation, SourceType, Status
from memaudit.textsafety import reveal

FORMAT = "memaudit-bundle"
VERSION = 1
MEMORY_FIELDS = (
    "id",
    "content",
    "summary",
    "tags",
    "source_type",
    "source_ref",
    "confidence",
    "importance",
    "scope",
    "status",
    "validation",
    "validated_by",
    "validated_at",
    "derived",
    "superseded_by",
    "contradicted_by",
    "created_at",
    "updated_at",
    "created_by",
    "last_accessed",
    "access_count",
    "decay_score",
    "expires_at",
    "content_hash",
    "pinned",
    "version",
)
EDGE_FIELDS = ("child_id", "parent_id", "relation", "created_at")
EVENT_FIELDS = ("at", "actor", "action", "memory_id", "reason", "detail")
TOMBSTONE_FIELDS = ("memory_id", "status", "at", "actor", "reason", "salt", "fingerprints")
KINDS: dict[str, tuple[str, ...]] = {
    "header": ("format", "version"),
    "memory": MEMORY_FIELDS,
    "edge": EDGE_FIELDS,
    "event": EVENT_FIELDS,
    "tombstone": TOMBSTONE_FIELDS,
}
# A bundle's memories are current ones: forgotten and rejected ones exist only as tombstones.
MEMORY_STATUSES = ("pending", "active", "archived", "superseded", "expired")


def export_records(
    ledger: Ledger, statuses: Sequence[Status] | None = None
) -> Iterator[dict[str, Any]]:
    """The bundle's records, in a fixed order (so a round trip is byte-identical).
    A ledger a bundle cannot carry as it is (``_refuse_unexportable``) is refused
    before the first record: no half bundle."""
    conn = ledger.conn
    chosen_status = f"status IN ({','.join('?' * len(statuses))})" if statuses else ""
    where = f" WHERE {chosen_status}" if statuses else ""
    params = [s.value for s in statuses or ()]
    tombs = _refuse_unexportable(conn, chosen_status, tuple(params))
    yield {"kind": "header", "format": FORMAT, "version": VERSION}
    ids: list[str] = []
    cols = ", ".join(MEMORY_FIELDS)
    for row in conn.execute(f"SELECT {cols} FROM memories{where} ORDER BY seq", params):
        record = dict(zip(MEMORY_FIELDS, row, strict=True))
        record["tags"] = read_tags(record["tags"])  # as ls reads them: a hostile value too
        record["derived"] = bool(record["derived"])
        record["pinned"] = bool(record["pinned"])
        ids.append(record["id"])
        yield {"kind": "memory", **record}
    chosen = set(ids)
    for row in conn.execute(
        f"SELECT {', '.join(EDGE_FIELDS)} FROM edges ORDER BY child_id, parent_id"
    ):
        if row[0] in chosen:
            yield {"kind": "edge", **dict(zip(EDGE_FIELDS, row, strict=True))}
    tomb_ids = {t["memory_id"] for t in tombs}
    for row in conn.execute(f"SELECT {', '.join(EVENT_FIELDS)} FROM events ORDER BY id"):
        if row[3] in chosen or row[3] in tomb_ids:
            record = dict(zip(EVENT_FIELDS, row, strict=True))
            try:
                record["detail"] = storejson.loads(record["detail"] or "{}")
            except ValueError:  # not JSON (or too deep): exported as the text it is
                record["detail"] = column_text(record["detail"])
            yield {"kind": "event", **record}
    for record in tombs:
        yield {"kind": "tombstone", **record}


def _refuse_unexportable(conn: Any, where: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
    """Refuse (InvalidInput) what a bundle cannot carry as the ledger holds it:

    - a value not of its column's type (SQLite does not enforce types; a hostile or
      broken writer): the bundle would hold what ``ls`` reads instead (a blob's text),
      not the ledger's value, and an import refuses it (content_hash, types);
    - a tombstone whose fingerprints are not a JSON object: the forget it records
      could not be carried, and the receiving ledger could bring the memory back.

    Returns the tombstones' records, in export order."""
    from memaudit.ledger.typed_view import COLUMNS, mistyped_in

    def kinds(table: str, fields: Sequence[str]) -> list[tuple[str, str]]:
        return [(name, kind) for name, kind, _ in COLUMNS[table] if name in fields]

    # ``tags`` are carried as ``ls`` reads them (``read_tags``: a list whatever the
    # column holds), which an import accepts.
    fields = [f for f in MEMORY_FIELDS if f != "tags"]
    bad = mistyped_in(conn, "memories", kinds("memories", fields), where, params)
    bad |= mistyped_in(conn, "edges", kinds("edges", EDGE_FIELDS))
    # an event's detail that is not JSON is carried as its text (``export_records``)
    bad |= mistyped_in(conn, "events", kinds("events", EVENT_FIELDS[:-1]))
    texts = [(name, "text") for name in TOMBSTONE_FIELDS if name != "fingerprints"]
    bad |= mistyped_in(conn, "tombstones", texts)
    if bad:
        total = sum(bad.values())
        raise InvalidInput(
            f"cannot export this ledger as it is: {total} value{'s' if total != 1 else ''} "
            f"not of {'their' if total != 1 else 'its'} column's type "
            f"({', '.join(f'{column}: {n}' for column, n in bad.items())}); a bundle would "
            "carry them as `ls` reads them, not as the ledger holds them, and an import "
            "would refuse it; nothing written"
        )
    tombs = []
    for row in conn.execute(
        f"SELECT {', '.join(TOMBSTONE_FIELDS)} FROM tombstones ORDER BY at, memory_id"
    ):
        record = dict(zip(TOMBSTONE_FIELDS, row, strict=True))
        try:
            record["fingerprints"] = storejson.loads(record["fingerprints"] or "{}")
        except (TypeError, ValueError):
            record["fingerprints"] = None
        if not isinstance(record["fingerprints"], dict):
            raise InvalidInput(
                "cannot export this ledger: the tombstone of "
                f"{reveal(str(record['memory_id']))!r} holds fingerprints that are not a "
                "JSON object, so the forget it records could not be carried; nothing written"
            )
        tombs.append(record)
    return tombs


@dataclass(slots=True)
class Bundle:
    memories: list[dict[str, Any]] = field(default_factory=list)
    edges: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    tombstones: list[dict[str, Any]] = field(default_factory=list)
    digest: str = ""


def parse(lines: Iterable[str]) -> Bundle:
    """Read and check a whole bundle; every problem names its line (InvalidInput)."""
    from memaudit.review import check_id

    bundle = Bundle()
    digest = hashlib.sha256()
    seen_header = False
    for n, line in enumerate(lines, 1):
        digest.update(line.encode("utf-8", "surrogatepass"))
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError) as exc:
            raise InvalidInput(f"line {n}: invalid JSON ({exc}); nothing imported") from None
        if not isinstance(record, dict) or record.get("kind") not in KINDS:
            raise InvalidInput(
                f"line {n}: not a bundle record (a 'kind' of {', '.join(KINDS)}); nothing imported"
            )
        kind = record.pop("kind")
        expected = KINDS[kind]
        if set(record) != set(expected):
            wrong = sorted(set(record) ^ set(expected))
            raise InvalidInput(
                f"line {n}: a {kind} record has exactly the fields {', '.join(expected)} "
                f"(differs in: {', '.join(map(repr, wrong))}); nothing imported"
            )
        try:
            if kind == "header":
                if record["format"] != FORMAT or record["version"] != VERSION:
                    raise InvalidInput(f"not a {FORMAT} version {VERSION}")
                seen_header = True
                continue
            if not seen_header:
                raise InvalidInput(f"the first line must be the {FORMAT} header")
            _check(kind, record, check_id)
        except InvalidInput as exc:
            raise InvalidInput(f"line {n}: {exc.message}; nothing imported") from None
        getattr(
            bundle,
            {"memory": "memories", "edge": "edges", "event": "events"}.get(kind, "tombstones"),
        ).append(record)
    if not seen_header:
        raise InvalidInput(f"not a {FORMAT}: no header line; nothing imported")
    bundle.digest = digest.hexdigest()
    return bundle


def _text(record: dict[str, Any], *keys: str, optional: bool = True) -> None:
    for key in keys:
        value = record[key]
        if not (isinstance(value, str) or (optional and value is None)):
            raise InvalidInput(f"'{key}' must be {'text or null' if optional else 'text'}")


def _check(kind: str, record: dict[str, Any], check_id: Any) -> None:
    if kind == "memory":
        _text(
            record,
            "id",
            "content",
            "source_type",
            "status",
            "validation",
            "created_at",
            "updated_at",
            "content_hash",
            optional=False,
        )
        _text(
            record,
            "summary",
            "source_ref",
            "scope",
            "validated_by",
            "validated_at",
            "superseded_by",
            "contradicted_by",
            "created_by",
            "last_accessed",
            "expires_at",
        )
        check_id(record["id"])
        if record["content_hash"] != fingerprint.content_hash(record["content"]):
            raise InvalidInput(f"{record['id']}: content_hash does not match its content")
        SourceType.parse(record["source_type"])
        if record["status"] not in MEMORY_STATUSES:
            raise InvalidInput(f"status {record['status']!r} is not one a memory can have")
        if not isinstance(record["tags"], list) or not all(
            isinstance(t, str) for t in record["tags"]
        ):
            raise InvalidInput("'tags' must be a list of text")
        for key in ("derived", "pinned"):
            if not isinstance(record[key], bool):
                raise InvalidInput(f"'{key}' must be true or false")
        for key in ("confidence", "importance", "decay_score"):
            value = record[key]
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int | float)
            ):
                raise InvalidInput(f"'{key}' must be a number")
        for key in ("access_count", "version"):
            if isinstance(record[key], bool) or not isinstance(record[key], int):
                raise InvalidInput(f"'{key}' must be a whole number")
    elif kind == "edge":
        _text(record, *EDGE_FIELDS, optional=False)
        check_id(record["child_id"], "edge child id")
        check_id(record["parent_id"], "edge parent id")
        Relation.parse(record["relation"])
    elif kind == "event":
        _text(record, "at", "actor", "action", optional=False)
        _text(record, "memory_id", "reason")
        if not isinstance(record["detail"], dict):
            raise InvalidInput("'detail' must be an object")
    else:
        _text(record, "memory_id", "status", "at", "actor", "salt", optional=False)
        _text(record, "reason")
        check_id(record["memory_id"], "tombstone id")
        if not isinstance(record["fingerprints"], dict):
            raise InvalidInput("'fingerprints' must be an object")


@dataclass(slots=True)
class ImportPlan:
    memories: int
    edges: int
    events: int
    tombstones: int
    already_held: list[str]  # tombstones the ledger already has (kept as they are)
    unmatchable: list[str]  # tombstones made with a key this machine lacks
    # Memories this ledger holds that a tombstone of the bundle says were forgotten: the
    # import names them (exit 3) and does not delete them (a forget is its own request).
    residue: list[dict[str, str]] = field(default_factory=list)
    dry_run: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "memories": self.memories,
            "edges": self.edges,
            "events": self.events,
            "tombstones": self.tombstones,
            "tombstones_already_held": self.already_held,
            "tombstones_not_checkable": self.unmatchable,
            "residue": self.residue,
            "dry_run": self.dry_run,
        }


def import_bundle(
    ledger: Ledger, bundle: Bundle, *, actor: str | None, dry_run: bool = False
) -> ImportPlan:
    """Check the bundle against the ledger, then write it in one transaction."""
    conn = ledger.conn
    ids = [m["id"] for m in bundle.memories]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise InvalidInput(f"the bundle holds {dupes[0]} twice; nothing imported")
    chosen = set(ids)
    for edge in bundle.edges:
        if edge["child_id"] not in chosen:
            raise InvalidInput(
                f"an edge of {edge['child_id']}, a memory not in the bundle; nothing imported"
            )
    target_tombs = conn.execute(
        "SELECT memory_id, status, at, salt, fingerprints FROM tombstones"
    ).fetchall()
    bundle_tombs = [
        (t["memory_id"], t["status"], t["at"], t["salt"], json.dumps(t["fingerprints"]))
        for t in bundle.tombstones
    ]
    index = resurrection.TombstoneIndex(
        [*target_tombs, *bundle_tombs],
        tombkey.load(create=False) if (target_tombs or bundle_tombs) else None,
    )
    forgotten = {row[0] for row in target_tombs} | {t["memory_id"] for t in bundle.tombstones}
    for memory in bundle.memories:
        if memory["id"] in forgotten:
            raise Refused(
                f"RESURRECTED: {memory['id']} was forgotten (a tombstone holds its id); "
                "nothing imported"
            )
        found = index.match(memory["content"])
        if found:
            raise Refused(
                f"RESURRECTED: {memory['id']} holds the text of forgotten {found[0].memory_id} "
                f"({found[0].how}); nothing imported"
            )
    held = _existing(conn, "memories", "id", ids)
    if held:
        raise InvalidInput(
            f"the ledger already holds {held[0]}"
            + (f" (and {len(held) - 1} more)" if len(held) > 1 else "")
            + "; a bundle goes into a ledger without those ids; nothing imported"
        )
    already = set(
        _existing(conn, "tombstones", "memory_id", [t["memory_id"] for t in bundle.tombstones])
    )
    plan = ImportPlan(
        memories=len(bundle.memories),
        edges=len(bundle.edges),
        events=len(bundle.events),
        tombstones=len(bundle.tombstones) - len(already),
        already_held=sorted(already),
        unmatchable=[t.memory_id for t in index.unmatchable],
        residue=_forgotten_here(
            conn,
            [row for row in bundle_tombs if row[0] not in already and row[1] == "forgotten"],
            index.key,
        ),
        dry_run=dry_run,
    )
    if dry_run:
        return plan
    with ledger.transaction():
        for m in bundle.memories:
            row = dict(m)
            row["tags"] = json.dumps(row["tags"])
            row["derived"] = int(row["derived"])
            row["pinned"] = int(row["pinned"])
            cols = ", ".join(MEMORY_FIELDS)
            conn.execute(
                f"INSERT INTO memories({cols}) VALUES ({', '.join('?' * len(MEMORY_FIELDS))})",
                [row[c] for c in MEMORY_FIELDS],
            )
        conn.executemany(
            f"INSERT INTO edges({', '.join(EDGE_FIELDS)}) VALUES (?, ?, ?, ?)",
            [[e[c] for c in EDGE_FIELDS] for e in bundle.edges],
        )
        conn.executemany(
            f"INSERT INTO events({', '.join(EVENT_FIELDS)}) VALUES (?, ?, ?, ?, ?, ?)",
            [
                [*(e[c] for c in EVENT_FIELDS[:-1]), json.dumps(e["detail"], sort_keys=True)]
                for e in bundle.events
            ],
        )
        conn.executemany(
            f"INSERT INTO tombstones({', '.join(TOMBSTONE_FIELDS)}) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                [*(t[c] for c in TOMBSTONE_FIELDS[:-1]), json.dumps(t["fingerprints"])]
                for t in bundle.tombstones
                if t["memory_id"] not in already
            ],
        )
        ledger.log(
            "import",
            None,
            actor=actor,
            detail={"bundle_sha256": bundle.digest, **plan.to_dict()},
        )
    return plan


def _forgotten_here(
    conn: Any, forgotten: list[tuple[Any, ...]], key: tombkey.TombKey | None
) -> list[dict[str, str]]:
    """Memories of this ledger that the bundle's new ``forgotten`` tombstones (rows as
    ``TombstoneIndex`` reads them) name: by id, or holding their text as ``verify``
    matches it (``memories_holding``). Tombstones made with a key this machine lacks
    match nothing here (the plan names them)."""
    from memaudit.forget.tombstones import memories_holding

    if not forgotten:
        return []
    out = {(mid, mid): "id" for mid in _existing(conn, "memories", "id", [t[0] for t in forgotten])}
    index = resurrection.TombstoneIndex(forgotten, key)
    held = memories_holding(conn, index, skip={t.memory_id for t in index.unmatchable})
    for cid, match, _ in held.found:
        out.setdefault((str(cid), match.memory_id), match.how)
    return [
        {"memory_id": held_id, "forgotten": forgotten_id, "how": how}
        for (held_id, forgotten_id), how in sorted(out.items())
    ]


def _existing(conn: Any, table: str, column: str, values: Sequence[str]) -> list[str]:
    found: list[str] = []
    for i in range(0, len(values), 500):
        part = list(values[i : i + 500])
        found += [
            r[0]
            for r in conn.execute(
                f"SELECT {column} FROM {table} WHERE {column} IN ({','.join('?' * len(part))})",
                part,
            )
        ]
    return sorted(found)
