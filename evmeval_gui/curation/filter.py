"""Filters over the Curate view's disagreements, without Qt: what differs, the document, the type.

What an item differs in, its document and its annotators' types are read once per list (`FilterIndex`);
a filter is then one pass over 10,000 small tuples, and the list shows the rows it keeps (a filtered
index list: the list model is given the kept rows, never rebuilt from the corpus per key press).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from evmeval.agreement.curation import KINDS, Disagreement, differs_in

__all__ = ["FilterIndex", "ItemFilter"]


@dataclass(frozen=True)
class ItemFilter:
    """What the list shows: "" is any. `differs` is a word of `differs_in` ("type", "marked by 2 of 3")."""

    differs: str = ""
    doc_id: str = ""
    mention_type: str = ""

    @property
    def active(self) -> bool:
        return bool(self.differs or self.doc_id or self.mention_type)


def _kind_order(word: str) -> tuple[int, str]:
    return (KINDS.index(word), "") if word in KINDS else (len(KINDS), word)


class FilterIndex:
    """Each disagreement's words, document and types, read once; `select` keeps those a filter names. Made off
    the GUI thread with the curation, it also holds what the list's opening would otherwise work out on it at
    10,000 items (issue 34): each item's row, the documents, the items of each kind."""

    def __init__(self, disagreements: Sequence[Disagreement]) -> None:
        self.disagreements = tuple(disagreements)
        self.differs = tuple(differs_in(d) for d in self.disagreements)
        self._words = tuple(frozenset(text.split(", ")) for text in self.differs)
        self._types = tuple(frozenset(m.raw_type for v in d.versions for m in v.mentions) for d in self.disagreements)
        self.words = tuple(sorted(set().union(*self._words), key=_kind_order))
        self.doc_ids = tuple(dict.fromkeys(d.doc_id for d in self.disagreements))
        self.types = tuple(sorted(set().union(*self._types), key=str.lower))
        self.position = {d.key: n for n, d in enumerate(self.disagreements)}
        """Each item's row in the whole list (the list model's, when no filter is on)."""
        self.doc_set = frozenset(self.doc_ids)
        kinds: dict[str, list[Disagreement]] = {}
        for d, kind in zip(self.disagreements, self.differs, strict=True):
            kinds.setdefault(kind, []).append(d)
        self._kinds = {kind: (tuple(items), frozenset(d.key for d in items)) for kind, items in kinds.items()}
        self.kinds = tuple(self._kinds)
        """What the items differ in, each text once ("type", "marked by 2 of 3, type"…)."""
        self.id_widths: dict[str, tuple[int, int]] = {}
        """The longest document id's width by font, and a sample's as the thread that measured it saw it (the
        caller's key and measures: `curation.tables.measure_ids`), measured with the curation off the GUI thread."""

    def select(self, wanted: ItemFilter) -> tuple[Disagreement, ...]:
        """The disagreements the filter keeps, in list order (all of them, the same tuple, for no filter)."""
        if not wanted.active:
            return self.disagreements
        differs, doc_id, mention_type = wanted.differs, wanted.doc_id, wanted.mention_type
        return tuple(d for d, words, types in zip(self.disagreements, self._words, self._types, strict=True)
                     if (not differs or differs in words) and (not doc_id or d.doc_id == doc_id)
                     and (not mention_type or mention_type in types))

    def alike(self, disagreement: Disagreement, among: Sequence[Disagreement]) -> tuple[Disagreement, ...]:
        """The ones of `among` that differ in exactly what this one differs in (its kind)."""
        return self.alike_keyed(disagreement, among)[0]

    def alike_keyed(self, disagreement: Disagreement,
                    among: Sequence[Disagreement]) -> tuple[tuple[Disagreement, ...], frozenset[tuple[str, int]]]:
        """`alike` and the items' keys: read from the index when `among` is the whole list (no filter), not
        worked out over its 10,000 items."""
        n = self.position.get(disagreement.key)
        if n is None:
            return (), frozenset()
        kind = self.differs[n]
        if among is self.disagreements:
            return self._kinds[kind]
        position = self.position
        items = tuple(d for d in among if self.differs[position[d.key]] == kind)
        return items, frozenset(d.key for d in items)

    def kind_of(self, disagreement: Disagreement) -> str:
        n = self.position.get(disagreement.key)
        return self.differs[n] if n is not None else differs_in(disagreement)
