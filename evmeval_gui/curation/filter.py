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
    """Each disagreement's words, document and types, read once; `select` keeps those a filter names."""

    def __init__(self, disagreements: Sequence[Disagreement]) -> None:
        self.disagreements = tuple(disagreements)
        self.differs = tuple(differs_in(d) for d in self.disagreements)
        self._words = tuple(frozenset(text.split(", ")) for text in self.differs)
        self._types = tuple(frozenset(m.raw_type for v in d.versions for m in v.mentions) for d in self.disagreements)
        self.words = tuple(sorted(set().union(*self._words), key=_kind_order))
        self.doc_ids = tuple(dict.fromkeys(d.doc_id for d in self.disagreements))
        self.types = tuple(sorted(set().union(*self._types), key=str.lower))
        self._position = {d.key: n for n, d in enumerate(self.disagreements)}

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
        n = self._position.get(disagreement.key)
        if n is None:
            return ()
        kind = self.differs[n]
        position = self._position
        return tuple(d for d in among if self.differs[position[d.key]] == kind)

    def kind_of(self, disagreement: Disagreement) -> str:
        n = self._position.get(disagreement.key)
        return self.differs[n] if n is not None else differs_in(disagreement)
