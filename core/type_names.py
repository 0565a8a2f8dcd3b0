"""The display name of a canonical event type: its first spelling in the files, the one rule for every view.

The scorer compares types in canonical form (letters and digits, lower-cased: `transactiontransferownership`),
which no annotator ever wrote. Tables, charts and reports show a canonical type as it was first written in
the files (`Transaction_Transfer-Ownership`): gold documents first (in file order), then system documents,
so a system's odd spelling never renames a gold type. A type never written (impossible for a parsed
corpus) shows in its canonical form.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Protocol

from core.model import Mention


class TypeNames(Mapping[str, str]):
    """Canonical type -> display name (first spelling seen); `name(t)` falls back to `t` itself."""

    def __init__(self, spellings: Mapping[str, str] | None = None) -> None:
        self._names: dict[str, str] = dict(spellings or {})

    def __getitem__(self, canonical: str) -> str:
        return self._names[canonical]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def name(self, canonical: str) -> str:
        """How to show `canonical`: its first spelling, or itself when no file wrote it."""
        return self._names.get(canonical, canonical)


def first_spellings(mentions: Iterable[Mention]) -> TypeNames:
    """Each canonical type of `mentions` with the raw spelling of its first mention (iteration order)."""
    names: dict[str, str] = {}
    for m in mentions:
        if m.mention_type not in names:
            names[m.mention_type] = m.raw_type
    return TypeNames(names)


class HasMentions(Protocol):
    """What `type_names` needs of a document (a `core.metrics.mention.DocumentResult`)."""

    @property
    def gold(self) -> Sequence[Mention]: ...

    @property
    def system(self) -> Sequence[Mention]: ...


def type_names(documents: Iterable[HasMentions]) -> TypeNames:
    """Display names for every type of the documents: every gold mention first, then every system one."""
    return SpellingCache().type_names(documents)


class SpellingCache:
    """`type_names` that remembers each document's first spellings, so a result that shares most of its
    documents with the previous one (an edit rescores one document) costs one document's work, not the
    corpus's. Exact: merging per-document first spellings in document order keeps the first one seen."""

    def __init__(self) -> None:
        self._by_doc: dict[int, tuple[HasMentions, TypeNames, TypeNames]] = {}

    def type_names(self, documents: Iterable[HasMentions]) -> TypeNames:
        kept: dict[int, tuple[HasMentions, TypeNames, TypeNames]] = {}
        gold: dict[str, str] = {}
        system: dict[str, str] = {}
        for doc in documents:
            entry = self._by_doc.get(id(doc))
            if entry is None or entry[0] is not doc:
                entry = (doc, first_spellings(doc.gold), first_spellings(doc.system))
            kept[id(doc)] = entry
            for canonical, raw in entry[1].items():
                gold.setdefault(canonical, raw)
            for canonical, raw in entry[2].items():
                system.setdefault(canonical, raw)
        self._by_doc = kept
        for canonical, raw in system.items():
            gold.setdefault(canonical, raw)
        return TypeNames(gold)
