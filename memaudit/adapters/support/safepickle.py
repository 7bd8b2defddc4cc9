"""Reading pickles written by a store without running them.

Qdrant's local mode (mem0's default vector store) keeps each point as a pickled
``PointStruct``. Unpickling untrusted bytes with the standard loader can run any code
the bytes name (``os.system`` and friends), and a memory store is exactly the kind of
file an attacker may have written. So memaudit never uses the standard loader on
store bytes: ``RestrictedUnpickler`` resolves only the few class names a Qdrant point
needs, each to an inert stand-in that just records the state it is given, and refuses
every other global — including the ones a malicious pickle would use to call code.
``plain`` then turns the stand-ins into ordinary dicts.
"""

from __future__ import annotations

import io
import pickle
import uuid
from typing import Any

MAX_PICKLE_BYTES = 64 * 1024 * 1024


class Refused(pickle.UnpicklingError):
    """The pickle names something memaudit does not build."""


class _Record:
    """Inert stand-in for an allowed class: keeps constructor args and state only."""

    kind = "?"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args = args
        self.state: Any = kwargs or None

    def __setstate__(self, state: Any) -> None:
        self.state = state


def _stand_in(kind: str) -> type[_Record]:
    return type(f"Safe{kind}", (_Record,), {"kind": kind})


# (module, name) -> stand-in. Exactly what qdrant-client's local mode pickles.
ALLOWED: dict[tuple[str, str], type[_Record]] = {
    ("qdrant_client.http.models.models", "PointStruct"): _stand_in("PointStruct"),
    ("qdrant_client.http.models.models", "SparseVector"): _stand_in("SparseVector"),
    ("qdrant_client.models", "PointStruct"): _stand_in("PointStruct"),
    ("qdrant_client.models", "SparseVector"): _stand_in("SparseVector"),
    ("uuid", "UUID"): _stand_in("UUID"),
}


class RestrictedUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        cls = ALLOWED.get((module, name))
        if cls is None:
            raise Refused(f"refused to load {module}.{name} from a store's pickle")
        return cls

    def persistent_load(self, pid: Any) -> Any:
        raise Refused("refused a persistent reference in a store's pickle")


MAX_PLAIN_VALUES = 200_000  # values in one decoded point; a real one holds a few hundred
MAX_PLAIN_DEPTH = 64


def restricted_load(data: bytes) -> Any:
    """Unpickle ``data`` with only the allowed stand-ins, returning plain values."""
    if len(data) > MAX_PICKLE_BYTES:
        raise Refused(f"pickle of {len(data)} bytes is larger than memaudit reads")
    return plain(RestrictedUnpickler(io.BytesIO(data)).load())


def plain(value: Any) -> Any:
    """Stand-ins to dicts (``{"__class__": kind, ...fields}``), sets to lists.

    A pickle can reference one list from many places (its memo), so a few hundred
    bytes can describe a tree of billions of values, or a list that contains itself.
    The copy is made iteratively and stops with ``Refused`` past ``MAX_PLAIN_VALUES``
    values or ``MAX_PLAIN_DEPTH`` levels: such a point is skipped (its raw bytes are
    still probed), never expanded.
    """
    budget = [MAX_PLAIN_VALUES]
    root: list[Any] = [None]
    # (value to convert, container to put the result in, key or index, depth)
    work: list[tuple[Any, Any, Any, int]] = [(value, root, 0, 0)]
    while work:
        item, parent, key, depth = work.pop()
        budget[0] -= 1
        if budget[0] < 0:
            raise Refused(
                f"a store's pickle expands to more than {MAX_PLAIN_VALUES:,} values "
                "(shared references): not decoded"
            )
        if depth > MAX_PLAIN_DEPTH:
            raise Refused(f"a store's pickle nests deeper than {MAX_PLAIN_DEPTH} levels")
        out: Any
        if isinstance(item, _Record):
            if item.kind == "UUID":
                state = item.state if isinstance(item.state, dict) else {}
                number = state.get("int")
                out = str(uuid.UUID(int=number)) if isinstance(number, int) else None
            else:
                state = item.state
                if isinstance(state, tuple) and len(state) == 2 and isinstance(state[0], dict):
                    state = state[0]  # (__dict__, slots) form
                if isinstance(state, dict) and isinstance(state.get("__dict__"), dict):
                    state = state["__dict__"]  # pydantic v2: {"__dict__": fields, ...}
                fields = dict(state) if isinstance(state, dict) else {"args": list(item.args)}
                out = {"__class__": item.kind}
                for k, v in fields.items():
                    out[str(k)] = None
                    work.append((v, out, str(k), depth + 1))
        elif isinstance(item, dict):
            out = {}
            for k, v in item.items():
                name = k if isinstance(k, str) else str(k)
                out[name] = None
                work.append((v, out, name, depth + 1))
        elif isinstance(item, (list, tuple, set, frozenset)):
            out = [None] * len(item)
            for n, v in enumerate(item):
                work.append((v, out, n, depth + 1))
        else:
            out = item
        parent[key] = out
    return root[0]
