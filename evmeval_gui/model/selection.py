"""What the user is looking at: one document and, inside it, some gold and system mentions.

The window holds exactly one `Selection` (in `Session`); views change it through the session and
redraw from `Session.selection_changed`. No view ever listens to another view, so a click in the
text, a table row or the document list all end up in the same place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from evmeval.mention.outcomes import MappingRow
from evmeval.model import Mention

ArgumentKey = tuple[str, str, int]
"""(side GOLD or PRED, trigger mention id, argument index): one argument of the shown document."""


class Sided(Protocol):
    """A table row with a gold and a system side: a mapping row, or a feature's sub-row (its parent's
    mention on its own side: selecting it selects that)."""

    @property
    def gold(self) -> Mention | None: ...

    @property
    def system(self) -> Mention | None: ...


@dataclass(frozen=True)
class Selection:
    """A document (or none) and the mention ids selected in it, gold and system side separately."""

    doc_id: str | None = None
    gold_ids: frozenset[str] = field(default_factory=frozenset)
    system_ids: frozenset[str] = field(default_factory=frozenset)
    argument: ArgumentKey | None = None
    """One argument singled out (an argument sub-row chosen): (side, its trigger's mention id, index)."""

    def matches(self, row: MappingRow) -> bool:
        """Whether a mapping-table row shows one of the selected mentions."""
        return ((row.gold is not None and row.gold.mention_id in self.gold_ids)
                or (row.system is not None and row.system.mention_id in self.system_ids))

    @classmethod
    def of_rows(cls, doc_id: str, rows: Iterable[Sided]) -> Selection:
        """The selection showing both sides of the given rows (a mention and its partner)."""
        gold: set[str] = set()
        system: set[str] = set()
        for row in rows:
            if row.gold is not None:
                gold.add(row.gold.mention_id)
            if row.system is not None:
                system.add(row.system.mention_id)
        return cls(doc_id, frozenset(gold), frozenset(system))
