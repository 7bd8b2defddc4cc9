"""YAML read from a store: the one parser for it.

A store's YAML (a markdown file's front matter, a ``config.yaml`` beside a store) is
attacker-controlled. PyYAML's safe loader builds no Python objects, but it has weapons
of its own: flow nesting 100,000 deep raises ``RecursionError`` (not a ``YAMLError``, so
a caller's "not YAML" branch misses it) after a scan quadratic in the depth; aliases
share nodes, so a few hundred bytes (nine anchors of nine references each) are a
billion leaves to the first walk, ``str()`` or JSON dump of the value, and an alias
inside its own anchor makes a value that contains itself; and it gives back types no
store means (``datetime.date`` from an unquoted date, ``bytes`` from ``!!binary``).

``loads`` refuses, with a ``ValueError`` (as ``storejson.loads`` does): text that is not
YAML, a document nested deeper than ``MAX_DEPTH`` or larger than ``MAX_NODES`` once
its aliases are expanded, and an alias inside its own anchor. Timestamps and binaries
are read as the text they were written as: what comes back is made of str, int, float,
bool, None, list and dict only.
"""

from __future__ import annotations

from typing import Any

import yaml

from memaudit import storejson

MAX_DEPTH = storejson.MAX_DEPTH  # far more than any store writes, far less than recursion
MAX_NODES = 100_000  # values, aliases expanded: a config or front matter holds dozens


class _Loader(yaml.SafeLoader):  # type: ignore[misc]  # PyYAML ships no types
    def construct_as_text(self, node: Any) -> str:
        return str(self.construct_scalar(node))


# A date or a binary is kept as the characters the store wrote.
_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_as_text)
_Loader.add_constructor("tag:yaml.org,2002:binary", _Loader.construct_as_text)


def _check(root: yaml.Node) -> None:
    """Depth and size of the node graph with every alias expanded, without expanding
    it (each node's figures once, iteratively); a cycle is refused."""
    done: dict[int, tuple[int, int]] = {}  # id(node) -> (depth, nodes)
    open_: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if key in done:
            continue
        kids: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            kids = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            kids = [n for pair in node.value for n in pair]
        if not children_done:
            if key in open_:
                raise ValueError("YAML with an alias inside its own anchor")
            open_.add(key)
            stack.append((node, True))
            for kid in kids:
                if id(kid) in open_ and id(kid) not in done:
                    raise ValueError("YAML with an alias inside its own anchor")
                stack.append((kid, False))
            continue
        depth = 1 + max((done[id(k)][0] for k in kids), default=0)
        size = 1 + sum(done[id(k)][1] for k in kids)
        if depth > MAX_DEPTH:
            raise ValueError(f"YAML nested deeper than {MAX_DEPTH} levels")
        if size > MAX_NODES:
            raise ValueError(f"YAML of more than {MAX_NODES:,} values (aliases expanded)")
        done[key] = (depth, size)
        open_.discard(key)


def loads(text: str) -> Any:
    """``yaml.safe_load`` for text from a store; text that is not YAML, too deep or too
    large a document (aliases expanded) is a ``ValueError``."""
    if storejson.too_deep(text):  # before PyYAML: its scanner is quadratic in flow depth
        raise ValueError(f"YAML nested deeper than {MAX_DEPTH} levels")
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check(node)
        return loader.construct_document(node)
    except yaml.YAMLError as exc:  # its message quotes the store's text: only the line
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise ValueError(f"not valid YAML{where}") from None
    except RecursionError as exc:  # block nesting the bound above did not see
        raise ValueError(f"YAML nested deeper than {MAX_DEPTH} levels") from exc
    finally:
        loader.dispose()


def mapping(raw: bytes) -> dict[str, Any]:
    """A store's YAML file that holds a mapping (a provider's configuration), from its
    bytes: ``{}`` when it is empty. A file that is not YAML, too deep, too large or not a
    mapping is a ``ValueError`` (bytes that are not UTF-8 are read as U+FFFD)."""
    data = loads(raw.decode("utf-8-sig", errors="replace"))
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError("not a YAML mapping")
    return data
