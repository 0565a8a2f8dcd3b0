"""The mapping table's order: what each column sorts by, and which rows an edit left as they were.

Sub-rows (a feature's, `views.sub_rows`: the arguments) never sort on their own: they follow their row.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evmeval.mention.outcomes import MappingRow

from evmeval_gui import colours
from evmeval_gui.model.doctext import DocumentText, row_position
from evmeval_gui.views.mapping_columns import DICE, G_ID, OUTCOME, POS, SYSTEM_FIRST, UNIT
from evmeval_gui.views.sub_rows import SubRow, is_sub_row


def natural_key(text: str) -> tuple:
    """`E2` before `E10`: digits compare as numbers."""
    return tuple(int(p) if p.isdigit() else p.lower() for p in re.split(r"(\d+)", text))


def sort_key(row: MappingRow, rank: int, column: int):
    """What a column sorts by: the reading order, Dice (unmapped last), the outcome's order, natural ids."""
    if column == POS:
        return rank
    if column == DICE:
        return -1.0 if row.dice is None else row.dice
    if column == OUTCOME:
        return colours.OUTCOME_ORDER.index(row.outcome)
    if column == UNIT:  # ids begin with their window: by the id, windows in order
        either = row.gold or row.system
        return (0, natural_key(either.mention_id)) if either is not None else (1, ())
    mention = row.gold if column < SYSTEM_FIRST else row.system
    if mention is None:
        return (1, ())
    field = (column - G_ID) % 4
    value = (mention.mention_id, mention.text, mention.mention_type, mention.realis)[field]
    return (0, natural_key(value))


def reading_ranks(rows: Sequence[MappingRow | SubRow], text: DocumentText | None) -> list[int]:
    """Each row's number in reading order, from 1 (a sub-row: its row's). Without the text (a long document's,
    still read in the background) the rows' own order; the table takes the reading order when the text arrives."""
    main = [i for i, row in enumerate(rows) if not is_sub_row(row)]
    if text is not None:
        main.sort(key=lambda i: (row_position(rows[i], text), i))  # type: ignore[arg-type]
    number = {i: k + 1 for k, i in enumerate(main)}
    ranks, last = [], 0
    for i in range(len(rows)):
        last = number.get(i, last)
        ranks.append(last)
    return ranks


def common_ends(old: list[tuple], new: list[tuple]) -> tuple[int, int]:
    """How many leading and trailing items the two lists share (they do not overlap)."""
    shortest = min(len(old), len(new))
    head = 0
    while head < shortest and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < shortest - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return head, tail


def shown(row: MappingRow | SubRow) -> tuple:
    """What a row shows (its mention indices aside, which an edit shifts without changing the row)."""
    if is_sub_row(row):
        return row.shown()
    return (row.gold, row.system, row.dice, row.outcome, row.rule)
