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
- NOT_IN_TEXT: a string prediction the grounding rule placed nowhere (`evmeval.conventions.strings`): no
  span, never mapped; ours counts it as a false alarm. The mapping never makes it; an event corpus of
  string predictions adds these rows (`EventCorpus.unplaced_rows`).
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from evmeval._util.shared_tables import Tables, shared
from evmeval.align.overlap import Units, mention_units, units_disjoint, units_union
from evmeval.mention.scoring import DocumentResult
from evmeval.model import Mention
from evmeval.rules import AttributeRule, mismatched_attributes


class Outcome(str, Enum):
    EXACT = "exact"
    PARTIAL = "partial"
    ATTRIBUTE = "attribute"
    MISSED = "missed"
    SPURIOUS = "spurious"
    SPLIT = "split"
    MERGED = "merged"
    NOT_IN_TEXT = "not_in_text"

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
    Outcome.NOT_IN_TEXT: "not in the text (the grounding rule placed the string nowhere)",
}


class MappingRow(NamedTuple):
    """One row of the mapping table: a gold side, a system side (either may be None), Dice, outcome.

    A NamedTuple, not a frozen dataclass: an export of 2000 documents makes 600k of them (four
    combinations), and a frozen dataclass spends a `object.__setattr__` per field on each."""

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


def mapping_rows(doc: DocumentResult, combination: str, tables: Tables | None = None) -> list[MappingRow]:
    """The mapping table of a document for one combination, in gold order, then unmatched system.

    Every gold and every system mention appears exactly once. With `tables` (`evmeval._util.shared_tables`)
    the table is built once and the same list returned to every caller with them: never change it.
    """
    return shared(tables, "mapping_rows", doc, None, combination, lambda: _mapping_rows(doc, combination, tables))


def _mapping_rows(doc: DocumentResult, combination: str, tables: Tables | None) -> list[MappingRow]:
    mapping = doc.mappings[combination]
    rule = mapping.rule
    gold, system = doc.gold, doc.system
    by_gold = mapping.gold_to_pair()
    plain_by_gold = doc.mappings["plain"].gold_to_pair() if combination != "plain" else {}
    used_system = {p.system for p in mapping.pairs}
    row = _new_row
    rows: list[MappingRow] = []
    missed: list[int] = []
    for g_index, g in enumerate(gold):
        pair = by_gold.get(g_index)
        if pair is not None:
            outcome = EXACT if pair.dice >= 1.0 else PARTIAL
            rows.append(row((g_index, pair.system, g, system[pair.system], pair.dice, outcome, rule)))
            continue
        plain_pair = plain_by_gold.get(g_index)
        if plain_pair is not None and plain_pair.system not in used_system:
            used_system.add(plain_pair.system)
            rows.append(row((g_index, plain_pair.system, g, system[plain_pair.system], plain_pair.dice,
                             ATTRIBUTE, rule)))
            continue
        missed.append(len(rows))
        rows.append(row((g_index, None, g, None, None, MISSED, rule)))
    if missed and used_system:
        _mark_merged(rows, missed, used_system, doc, tables)
    if len(used_system) < len(system):
        gold_units = gold_unit_union(doc, tables)
        system_units = mention_unit_sets(doc, "system", tables)
        for s_index, s in enumerate(system):
            if s_index not in used_system:
                outcome = SPURIOUS if units_disjoint(gold_units, system_units[s_index]) else SPLIT
                rows.append(row((None, s_index, None, s, None, outcome, rule)))
    return rows


def _new_row(fields: tuple) -> MappingRow:
    """A row from its fields in order, without the keyword handling of `MappingRow(...)` (600k rows)."""
    return tuple.__new__(MappingRow, fields)


EXACT, PARTIAL, ATTRIBUTE, MISSED, SPLIT, SPURIOUS, MERGED = (
    Outcome.EXACT, Outcome.PARTIAL, Outcome.ATTRIBUTE, Outcome.MISSED, Outcome.SPLIT, Outcome.SPURIOUS, Outcome.MERGED)


UNIT_TABLES: tuple[str, ...] = ("mention_units",)
"""The shared-table kinds of the overlap units (`Tables.forget(*UNIT_TABLES)` once every mapping
table is made: on a 2000-document corpus they hold ~35 MB)."""


def mention_unit_sets(doc: DocumentResult, side: str, tables: Tables | None = None) -> list[Units]:
    """Each mention's overlap units on one side ("gold" or "system"), in file order; with `tables` made
    once per document for every table that needs them."""
    mentions = doc.gold if side == "gold" else doc.system
    return shared(tables, "mention_units", doc, None, side, lambda: [mention_units(m)[0] for m in mentions])


def gold_unit_union(doc: DocumentResult, tables: Tables | None = None) -> Units:
    """Every overlap unit some gold mention covers (whether a system mention overlaps gold at all)."""
    return shared(tables, "mention_units", doc, None, "gold union",
                  lambda: units_union(mention_unit_sets(doc, "gold", tables)))


def _mark_merged(rows: list[MappingRow], missed: list[int], used_system: set[int], doc: DocumentResult,
                 tables: Tables | None) -> None:
    """Turn the MISSED gold rows at `missed` that overlap a system mention another gold row holds (one
    of `used_system`) into MERGED, in place."""
    system_units, gold_units = mention_unit_sets(doc, "system", tables), mention_unit_sets(doc, "gold", tables)
    taken = units_union([system_units[s] for s in used_system])
    for i in missed:
        row = rows[i]
        assert row.gold is not None and row.gold_index is not None
        if not units_disjoint(taken, gold_units[row.gold_index]):
            rows[i] = _new_row((row.gold_index, None, row.gold, None, None, MERGED, row.rule))
