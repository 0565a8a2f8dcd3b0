"""Per-document tables made once and shared by every consumer of one export.

A report export reads the same derived tables several times: each document's mapping-table rows
(MUC/GATE counts, `mappings.csv`, the confusion charts, the documents' pages) and its coreference
cluster explanations (`scores.json`, `coreference_clusters.csv`, the pages). Inside `sharing()`,
`evmeval.mention.outcomes.mapping_rows` and `evmeval.coref.explain.explain_clusters` remember what
they built (per thread, so a window's GUI thread never sees a worker's tables) and hand the same,
never-mutated object to the next caller; outside it they build afresh, as before. A process forked
inside `sharing()` inherits what was built before the fork.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")

_local = threading.local()


@contextmanager
def sharing() -> Iterator[None]:
    """Remember the shared tables until the block ends (nested blocks use the outer block's)."""
    outer = getattr(_local, "tables", None)
    if outer is None:
        _local.tables = {}
    try:
        yield
    finally:
        if outer is None:
            _local.tables = None


def shared(kind: str, owner: object, partner: object, detail: str, build: Callable[[], T]) -> T:
    """`build()` once per (kind, owner, partner, detail) inside `sharing()`; every call outside it.

    The objects are keyed by identity and kept alive with the table, so an id is never reused.
    """
    tables: dict[tuple[str, int, int, str], tuple[object, object, Any]] | None = getattr(_local, "tables", None)
    if tables is None:
        return build()
    key = (kind, id(owner), id(partner), detail)
    hit = tables.get(key)
    if hit is not None:
        return hit[2]
    value = build()
    tables[key] = (owner, partner, value)
    return value


def forget(*kinds: str) -> None:
    """Drop the remembered tables of these kinds (inside `sharing()`): a consumer that knows no one
    will ask for them again frees their memory before the block ends."""
    tables = getattr(_local, "tables", None)
    if tables:
        for key in [k for k in tables if k[0] in kinds]:
            del tables[key]
