"""Forgotten text coming back: matching texts against the ledger's tombstones.

One index over every tombstone serves the write gate (``review.stage_batch`` flags a
candidate whose text a tombstone recognises: ``RESURRECTED``, an event, first in the
queue, or refused by policy) and ``verify`` (current memories, and text left in free
pages, superseded pages, the WAL and known copies).

Keyed tombstones (``k1:``, ``memaudit.tombkey``) share one key, so a text's sentences
are hashed once and looked up in a dict. Older salted ones (``b2:``) are hashed per
tombstone. A keyed tombstone made with a key this machine does not have cannot be
matched at all: it is listed as such, so nothing reports it as checked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from memaudit import fingerprint, storejson, tombkey

# What a match is called in events and flags.
FLAG = "resurrected"
EVENT = "resurrected"


@dataclass(frozen=True, slots=True)
class Match:
    memory_id: str  # the tombstone's (forgotten or rejected) memory
    status: str  # forgotten | rejected
    at: str
    how: str  # "full text" | "quoted sentence"
    # A print the forget purged (see ``removal.write_tombstone``): no memory may hold it
    # after the forget, so ``verify`` reports it whatever the row's dates say.
    purged: bool = False


@dataclass(slots=True)
class _Tomb:
    memory_id: str
    status: str
    at: str
    prints: dict[str, list[str]]
    purged: set[str]  # prints the forget purged (empty for older tombstones, rejects)
    marks_purged: bool  # the tombstone lists them (written by a forget since they were)


class TombstoneIndex:
    """The tombstones of one ledger, ready to match texts against."""

    def __init__(self, rows: Iterable[Sequence[Any]], key: tombkey.TombKey | None) -> None:
        self.key = key
        self._hash = fingerprint.key_hasher(key.secret) if key else None
        self.keyed_full: dict[str, list[_Tomb]] = {}
        self.keyed_sentences: dict[str, list[_Tomb]] = {}
        self.legacy: list[tuple[_Tomb, fingerprint.Hasher]] = []
        self.unmatchable: list[_Tomb] = []  # keyed with a key we do not have
        self.tombs: list[_Tomb] = []
        for memory_id, status, at, salt, prints_json in rows:
            try:
                prints = storejson.loads(prints_json)
            except (TypeError, ValueError):
                prints = {}
            if not isinstance(prints, dict):
                prints = {}
            listed = prints.get("purged")
            purged = {str(p) for p in listed} if isinstance(listed, list) else set()
            tomb = _Tomb(str(memory_id), str(status), str(at), prints, purged, listed is not None)
            self.tombs.append(tomb)
            salt = str(salt or "")
            if salt.startswith(fingerprint.KEYED_ALGO + ":"):
                if key is None or salt.split(":", 1)[1] != key.id:
                    self.unmatchable.append(tomb)
                    continue
                for p in prints.get("full", []):
                    self.keyed_full.setdefault(p, []).append(tomb)
                # A purged sentence's print is looked for among a text's sentences
                # too (a quote held as whole words need not be a sentence of its own).
                full = set(prints.get("full", []))
                for p in dict.fromkeys([*prints.get("sentences", []), *sorted(purged - full)]):
                    self.keyed_sentences.setdefault(p, []).append(tomb)
            else:
                self.legacy.append((tomb, fingerprint.salt_hasher(salt)))

    @classmethod
    def of(
        cls, conn: Any, *, statuses: Sequence[str] | None = None, ids: Sequence[str] | None = None
    ) -> TombstoneIndex:
        sql = "SELECT memory_id, status, at, salt, fingerprints FROM tombstones"
        params: list[Any] = []
        where = []
        if statuses is not None:
            where.append(f"status IN ({','.join('?' * len(statuses))})")
            params += list(statuses)
        if ids is not None:
            where.append(f"memory_id IN ({','.join('?' * len(ids))})")
            params += list(ids)
        if where:
            sql += " WHERE " + " AND ".join(where)
        rows = conn.execute(sql + " ORDER BY at, memory_id", params).fetchall()
        return cls(rows, tombkey.load(create=False) if rows else None)

    def __bool__(self) -> bool:
        return bool(self.tombs)

    def match(self, text: str, parts: dict[str, str | None] | None = None) -> list[Match]:
        """Tombstones whose text this text holds (whole, or one of its sentences).

        ``parts``: a cache of each sentence part's print (``fingerprint.sentence_parts``)
        shared across calls — a store's templated and quoted sentences are normalised
        and hashed once."""
        found: dict[str, Match] = {}
        if self._hash is not None and (self.keyed_full or self.keyed_sentences):
            full = self._hash(fingerprint.normalize(text))
            for t in self.keyed_full.get(full, []):
                found[t.memory_id] = Match(
                    t.memory_id, t.status, t.at, "full text", full in t.purged
                )
            for h in self._sentence_prints(text, parts):
                for t in self.keyed_sentences.get(h, []):
                    m = found.get(t.memory_id)
                    if m is None:
                        found[t.memory_id] = Match(
                            t.memory_id, t.status, t.at, "quoted sentence", h in t.purged
                        )
                    elif not m.purged and h in t.purged:
                        found[t.memory_id] = Match(m.memory_id, m.status, m.at, m.how, True)
        for t, hasher in self.legacy:
            if t.memory_id not in found:
                how = fingerprint.matches_with(hasher, t.prints, text)
                if how:
                    found[t.memory_id] = Match(t.memory_id, t.status, t.at, how)
        return list(found.values())

    def _sentence_prints(self, text: str, parts: dict[str, str | None] | None) -> list[str]:
        hasher = self._hash
        assert hasher is not None
        if parts is None:
            return [hasher(s) for s in fingerprint.sentences(text)]
        out = []
        for part in fingerprint.sentence_parts(text):
            if part not in parts:
                sentence = fingerprint.sentence(part)
                parts[part] = hasher(sentence) if sentence else None
            h = parts[part]
            if h is not None:
                out.append(h)
        return out


def unmatchable_reason(key: tombkey.TombKey | None) -> str:
    where = tombkey.key_path()
    if key is None:
        return f"made with a tombstone key that is not on this machine (no {where})"
    return f"made with another tombstone key than {where} (id {key.id}): it cannot be matched"


def pending_resurrected(conn: Any, memory_ids: Sequence[str] | None) -> dict[str, list[str]]:
    """{pending memory id: forgotten memories it holds}, from the gate's events."""
    sql = (
        "SELECT e.memory_id, e.detail FROM events e JOIN memories m ON m.id = e.memory_id "
        "WHERE e.action = ? AND m.status = 'pending'"
    )
    out: dict[str, list[str]] = {}
    ids = None if memory_ids is None else list(dict.fromkeys(memory_ids))
    chunks = [None] if ids is None else [ids[i : i + 500] for i in range(0, len(ids), 500)]
    for part in chunks:
        q, params = sql, [EVENT]
        if part is not None:
            q += f" AND e.memory_id IN ({','.join('?' * len(part))})"
            params += part
        for mid, detail in conn.execute(q, params):
            try:
                tombs = storejson.loads(detail).get("tombstones") or []
            except (ValueError, AttributeError):
                tombs = []
            out.setdefault(str(mid), []).extend(str(t) for t in tombs)
    return out
