"""The display name of a canonical event type: its first spelling in the files, the one rule for every view.

The scorer compares types in canonical form (letters and digits, lower-cased: `transactiontransferownership`),
which no annotator ever wrote. Tables, charts and reports show a canonical type as it was first written in
the files (`Transaction_Transfer-Ownership`): gold documents first (in file order), then system documents,
so a system's odd spelling never renames a gold type. A type never written (impossible for a parsed
corpus) shows in its canonical form.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Protocol

from evmeval.model import Mention, PackedMentions, kept_mentions, mention_column


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
    return TypeNames(_first_spellings(mentions))


def _first_spellings(mentions: Iterable[Mention]) -> dict[str, str]:
    names: dict[str, str] = {}
    for m in mentions:
        if m.mention_type not in names:
            names[m.mention_type] = m.raw_type
    return names


class HasMentions(Protocol):
    """What `type_names` needs of a document (a `evmeval.mention.scoring.DocumentResult`)."""

    @property
    def gold(self) -> Sequence[Mention]: ...

    @property
    def system(self) -> Sequence[Mention]: ...


def type_names(documents: Iterable[HasMentions]) -> TypeNames:
    """Display names for every type of the documents: every gold mention first, then every system one."""
    docs = list(documents)
    names: dict[str, str] = {}
    for side in ("gold", "system"):
        for doc in docs:
            for canonical, raw in _spelled(kept_mentions(doc, side)):
                names.setdefault(canonical, raw)
    return TypeNames(names)


def _spelled(kept: Sequence[Mention] | PackedMentions) -> zip[tuple[str, str]]:
    """Each mention's canonical type and raw spelling, in order (packed mentions read from their heads)."""
    return zip(mention_column(kept, "mention_type"), mention_column(kept, "raw_type"), strict=True)


_Where = int
"""Where a spelling was first seen: (side: 0 gold / 1 system, document position, order in the document), packed in
one int (`_where`) that sorts as the triple does: a triple per document and type was 7 MB of a 4,480-document MAVEN
corpus shown in the window (issue 34)."""
_BITS = 25
"""Bits of the position and of the order in `_where` (33 million documents; types of a document)."""


def _where(side: int, position: int, order: int) -> _Where:
    return (((side << _BITS) | position) << _BITS) | order


class _Seen:
    """Where each document first spells one type, per side in document order: the `_where` ints in an array and the
    spellings beside them as codes into the type's few spellings (10 bytes a document and type; a dict of int
    objects was 93, 10 MB of a 4,480-document MAVEN-ERE corpus shown in the window, and a list of the spellings 16,
    issue 34). The documents come in order when a corpus is read (appended); an edit's document is placed by
    bisection."""

    __slots__ = ("codes", "spellings", "wheres")

    def __init__(self) -> None:
        self.wheres: tuple[array[int], array[int]] = (array("q"), array("q"))
        self.codes: list[array[int]] = [array("H"), array("H")]
        self.spellings: dict[str, int] = {}

    def add(self, where: _Where, raw: str) -> None:
        side = where >> (2 * _BITS)
        code = self.spellings.setdefault(raw, len(self.spellings))
        wheres, codes = self.wheres[side], self.codes[side]
        if code > 0xFFFF and codes.typecode == "H":  # more spellings than 2 bytes number: 8 bytes each
            self.codes[side] = codes = array("q", codes)
        if not wheres or wheres[-1] < where:
            wheres.append(where)
            codes.append(code)
        else:
            at = bisect_left(wheres, where)
            wheres.insert(at, where)
            codes.insert(at, code)

    def remove(self, where: _Where) -> None:
        side = where >> (2 * _BITS)
        at = bisect_left(self.wheres[side], where)
        del self.wheres[side][at]
        del self.codes[side][at]

    def first(self) -> tuple[_Where, str] | None:
        """The first spelling (gold's before the system's, documents in order), None when no document has one."""
        for wheres, codes in zip(self.wheres, self.codes, strict=True):
            if wheres:
                return wheres[0], next(raw for raw, code in self.spellings.items() if code == codes[0])
        return None


class SpellingCache:
    """`type_names` for a sequence of results that share most documents (an edit rescores one), at the
    cost of the changed documents, not the corpus's: for each type it keeps where each document first
    spells it (`_Seen`), so a changed document only moves the types it had or has. Exact: the name is the
    spelling seen first (gold before system, documents in order), and the names keep `type_names`' order."""

    def __init__(self) -> None:
        self._docs: list[HasMentions] = []
        self._seen: dict[str, _Seen] = {}
        """canonical -> where each document first spells it, with the spelling."""
        self._first: dict[str, tuple[_Where, str]] = {}
        self._names: TypeNames | None = None

    def type_names(self, documents: Iterable[HasMentions]) -> TypeNames:
        docs = list(documents)
        if len(docs) != len(self._docs):
            changed = None
        else:
            changed = [k for k, (new, old) in enumerate(zip(docs, self._docs, strict=True)) if new is not old]
        if changed is None or len(changed) > 64:
            self._docs, self._seen, self._first, self._names = [_EMPTY] * len(docs), {}, {}, None
            changed = list(range(len(docs)))
        if changed or self._names is None:
            stale: set[str] = set()
            for k in changed:
                stale |= self._remove(k, self._docs[k])
                self._docs[k] = docs[k]
                self._add(k, docs[k])
            for canonical in stale:  # its first spelling was in a changed document: look again
                seen = self._seen.get(canonical)
                first = seen.first() if seen is not None else None
                if first is not None:
                    self._first[canonical] = first
                else:
                    self._seen.pop(canonical, None)
                    self._first.pop(canonical, None)
            ordered = sorted(self._first.items(), key=lambda item: item[1][0])
            self._names = TypeNames({canonical: raw for canonical, (_, raw) in ordered})
        return self._names

    @staticmethod
    def _spellings(position: int, doc: HasMentions) -> Iterator[tuple[str, _Where, str]]:
        for side, name in enumerate(("gold", "system")):
            names: dict[str, str] = {}
            for canonical, raw in _spelled(kept_mentions(doc, name)):
                names.setdefault(canonical, raw)
            # a plain dict: a TypeNames' items() would call __getitem__ per type (the export's 2000 documents)
            for order, (canonical, raw) in enumerate(names.items()):
                yield canonical, _where(side, position, order), raw

    def _remove(self, position: int, doc: HasMentions) -> set[str]:
        """Forget what document `position` spelled; the types whose first spelling that was."""
        stale = set()
        for canonical, where, _ in self._spellings(position, doc):
            self._seen[canonical].remove(where)
            if self._first[canonical][0] == where:
                stale.add(canonical)
        return stale

    def _add(self, position: int, doc: HasMentions) -> None:
        for canonical, where, raw in self._spellings(position, doc):
            seen = self._seen.get(canonical)
            if seen is None:
                seen = self._seen[canonical] = _Seen()
            seen.add(where, raw)
            first = self._first.get(canonical)
            if first is None or where < first[0]:
                self._first[canonical] = (where, raw)


class _Empty:
    gold: tuple[Mention, ...] = ()
    system: tuple[Mention, ...] = ()


_EMPTY: HasMentions = _Empty()
