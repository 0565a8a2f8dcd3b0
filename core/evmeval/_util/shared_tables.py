"""Per-document tables made once and shared by every consumer of one export, through an explicit `Tables`.

A report export reads the same derived tables several times: each document's mapping-table rows
(MUC/GATE counts, `mappings.csv`, the confusion charts, the documents' pages) and its coreference
cluster explanations (`scores.json`, `coreference_clusters.csv`, the pages). A function that builds one
(`evmeval.mention.outcomes.mapping_rows`, `evmeval.coref.explain.explain_clusters`, …) takes a
`tables` argument: given a `Tables`, it remembers what it built there and hands the same, never-mutated
object to the next caller with that `Tables`; without one (None) it builds afresh. Nothing is ambient:
what a function returns depends only on its arguments. A process forked after filling a `Tables`
inherits what was built before the fork.

An export walks the documents in order, file after file; holding every document's tables until the
end grew its memory with the corpus (80 MB of mapping rows and 40 MB of explanations on 2,000
documents). `Tables(window=N)` keeps only the tables of the N owners used last and builds an evicted
one again when asked: the same value (a build depends only on its arguments), so the files stay byte
for byte the same and memory stays flat whatever the corpus's size.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class Tables:
    """The tables of one export (or any one piece of work that reads a result's tables repeatedly)."""

    def __init__(self, window: int | None = None) -> None:
        """`window`: keep the tables of only that many owners (the last used), None: all of them."""
        self._tables: dict[tuple[str, int, int, str], tuple[object, object, Any]] = {}
        self._window = window
        self._owners: OrderedDict[int, list[tuple[str, int, int, str]]] = OrderedDict()

    def get(self, kind: str, owner: object, partner: object, detail: str, build: Callable[[], T]) -> T:
        """`build()` once per (kind, owner, partner, detail); the objects are keyed by identity and kept
        alive with the table, so an id is never reused."""
        key = (kind, id(owner), id(partner), detail)
        hit = self._tables.get(key)
        if hit is not None:
            if self._window is not None:
                self._owners.move_to_end(key[1])
            value: T = hit[2]
            return value
        value = build()
        self._tables[key] = (owner, partner, value)
        if self._window is not None:
            self._owners.setdefault(key[1], []).append(key)
            self._owners.move_to_end(key[1])
            while len(self._owners) > self._window:
                for old in self._owners.popitem(last=False)[1]:
                    self._tables.pop(old, None)
        return value

    def forget(self, *kinds: str) -> None:
        """Drop the tables of these kinds: a consumer that knows no one will ask for them again frees
        their memory before the work ends."""
        for key in [k for k in self._tables if k[0] in kinds]:
            del self._tables[key]
        for owner, keys in list(self._owners.items()):
            self._owners[owner] = [k for k in keys if k[0] not in kinds]


def shared(tables: Tables | None, kind: str, owner: object, partner: object, detail: str,
           build: Callable[[], T]) -> T:
    """`tables.get(...)`, or `build()` without tables."""
    return build() if tables is None else tables.get(kind, owner, partner, detail, build)
