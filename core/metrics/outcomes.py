"""What happened to each mention under one attribute combination: the rows of the mapping table.

Outcomes (one scheme for text, table and charts):
- EXACT: mapped, Dice 1.
- PARTIAL: mapped, 0 < Dice < 1.
- ATTRIBUTE: right span, wrong attribute: unmapped in this combination, but the plain mapping pairs it
  with a mention that is also unmapped here (the row shows both, with the plain Dice).
- MISSED: a gold mention with no partner.
- MERGED: a gold mention with no partner that overlaps a system mention already mapped (or paired) with
  another gold mention: the system merged two or more gold mentions into one ("arrested and charged").
- SPLIT: a system mention overlapping a gold mention that another system mention already took.
- SPURIOUS: a system mention overlapping no gold mention at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from core.align.overlap import mention_units
from core.metrics.mention import DocumentResult
from core.metrics.shared_tables import shared
from core.model import Mention
from core.rules import AttributeRule, mismatched_attributes


class Outcome(str, Enum):
    EXACT = "exact"
    PARTIAL = "partial"
    ATTRIBUTE = "attribute"
    MISSED = "missed"
    SPURIOUS = "spurious"
    SPLIT = "split"
    MERGED = "merged"

    @property
    def label(self) -> str:
        return OUTCOME_LABELS[self]

    @property
    def is_error(self) -> bool:
        return self is not Outcome.EXACT


OUTCOME_LABELS = {
    Outcome.EXACT: "exact match",
    Outcome.PARTIAL: "partial span",
    Outcome.ATTRIBUTE: "right span, wrong attribute",
    Outcome.MISSED: "missed gold",
    Outcome.SPURIOUS: "spurious system",
    Outcome.SPLIT: "extra split part",
    Outcome.MERGED: "merged into another gold mention's system mention",
}


@dataclass(frozen=True, slots=True)
class MappingRow:
    """One row of the mapping table: a gold side, a system side (either may be None), Dice, outcome."""

    gold_index: int | None
    system_index: int | None
    gold: Mention | None
    system: Mention | None
    dice: float | None
    outcome: Outcome
    rule: AttributeRule = AttributeRule.SCORER

    @property
    def mismatched_attributes(self) -> tuple[str, ...]:
        """Which attributes disagree under the mapping's rule ("mention_type", "realis_status")."""
        if self.gold is None or self.system is None:
            return ()
        return mismatched_attributes(self.rule, self.gold, self.system)


def mapping_rows(doc: DocumentResult, combination: str) -> list[MappingRow]:
    """The mapping table of a document for one combination, in gold order, then unmatched system.

    Every gold and every system mention appears exactly once. Inside `core.metrics.shared_tables.sharing()`
    the table is built once and the same list returned to every caller: never change it.
    """
    return shared("mapping_rows", doc, None, combination, lambda: _mapping_rows(doc, combination))


def _mapping_rows(doc: DocumentResult, combination: str) -> list[MappingRow]:
    mapping = doc.mappings[combination]
    rule = mapping.rule
    plain = doc.mappings["plain"]
    by_gold = mapping.gold_to_pair()
    mapped_system = {p.system for p in mapping.pairs}
    plain_by_gold = plain.gold_to_pair()
    rows: list[MappingRow] = []
    used_system: set[int] = set(mapped_system)
    for g_index, g in enumerate(doc.gold):
        pair = by_gold.get(g_index)
        if pair is not None:
            outcome = Outcome.EXACT if pair.dice >= 1.0 else Outcome.PARTIAL
            rows.append(MappingRow(g_index, pair.system, g, doc.system[pair.system], pair.dice, outcome, rule))
            continue
        plain_pair = plain_by_gold.get(g_index)
        if plain_pair is not None and plain_pair.system not in used_system:
            used_system.add(plain_pair.system)
            rows.append(MappingRow(g_index, plain_pair.system, g, doc.system[plain_pair.system],
                                   plain_pair.dice, Outcome.ATTRIBUTE, rule))
            continue
        rows.append(MappingRow(g_index, None, g, None, None, Outcome.MISSED, rule))
    _mark_merged(rows, doc)
    gold_units = frozenset().union(*mention_unit_sets(doc, "gold"))  # in C: cheap beside the sets themselves
    system_units = mention_unit_sets(doc, "system")
    for s_index, s in enumerate(doc.system):
        if s_index in used_system:
            continue
        overlaps = not gold_units.isdisjoint(system_units[s_index])
        outcome = Outcome.SPLIT if overlaps else Outcome.SPURIOUS
        rows.append(MappingRow(None, s_index, None, s, None, outcome, rule))
    return rows



UNIT_TABLES: tuple[str, ...] = ("mention_units",)
"""The shared-table kinds of the overlap units (`shared_tables.forget(*UNIT_TABLES)` once every mapping
table is made: on a 2000-document corpus they hold ~35 MB)."""


def mention_unit_sets(doc: DocumentResult, side: str) -> list[frozenset]:
    """Each mention's overlap units on one side ("gold" or "system"), in file order; inside
    `core.metrics.shared_tables.sharing()` made once per document for every table that needs them."""
    mentions = doc.gold if side == "gold" else doc.system
    return shared("mention_units", doc, None, side, lambda: [mention_units(m)[0] for m in mentions])


def _mark_merged(rows: list[MappingRow], doc: DocumentResult) -> None:
    """Turn MISSED gold rows that overlap a system mention another gold row holds into MERGED (in place)."""
    missed = [i for i, r in enumerate(rows) if r.outcome is Outcome.MISSED]
    if not missed:
        return
    system_units, gold_units = mention_unit_sets(doc, "system"), mention_unit_sets(doc, "gold")
    taken: set = set()
    for r in rows:
        if r.system_index is not None:
            taken.update(system_units[r.system_index])
    if not taken:
        return
    for i in missed:
        row = rows[i]
        assert row.gold is not None and row.gold_index is not None
        if not taken.isdisjoint(gold_units[row.gold_index]):
            rows[i] = MappingRow(row.gold_index, None, row.gold, None, None, Outcome.MERGED, row.rule)
