"""Each argument's outcome under one convention, by its trigger: what the mapping table's sub-rows show.

A convention's per-occurrence outcomes (`Outcome`, one per comparable row) say what an argument
added to Arg-I and Arg-C; a person asks a plainer question: was it matched, missed, spurious, or
found with the wrong role? The verdict is read off the convention's own two outcomes, never
decided again here: credit on the classification row is a match; credit on identification only is
a wrong role; nothing counted (a duplicate, a dropped trigger's argument) says why. The why is a rule's
(the outcome's note) and only that: an outcome's particulars (where gen-arg grounded a string, the entity's
own span of a stripped gold span) are said apart, as `detail`, since they do not decide the verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from evmeval.conventions.items import GOLD, NOT_IN_TEXT, Item, Outcome
from evmeval.conventions.ours import mention_id

MATCHED, WRONG_ROLE, MISSED, SPURIOUS, NOT_COUNTED = "matched", "wrong role", "missed", "spurious", "not counted"
NOT_IN_TEXT_VERDICT = "not in the text"
VERDICTS = (MATCHED, WRONG_ROLE, MISSED, SPURIOUS, NOT_IN_TEXT_VERDICT, NOT_COUNTED)
ERRORS = frozenset({WRONG_ROLE, MISSED, SPURIOUS, NOT_IN_TEXT_VERDICT})

Key = tuple[str, str, str]
"""(side GOLD or PRED, document, the trigger's mention id in the window)."""


@dataclass(frozen=True)
class ArgumentOutcome:
    """One argument: where it is (its `Item`), the verdict, and the convention's reason when a rule of
    its own decided it (empty otherwise)."""

    item: Item
    verdict: str
    why: str = ""
    detail: str = ""
    """The outcome's particulars (`split at 'and'`, `the entity is [0,2)`), not a reason."""


def verdict(side: str, identified: Outcome | None, classified: Outcome | None) -> tuple[str, str]:
    """The verdict of one argument from its Arg-I and Arg-C outcomes, and the rule the scorer gave for it."""
    why = next((o.note for o in (classified, identified) if o is not None and o.note), "")
    if any(o is not None and o.note == NOT_IN_TEXT for o in (identified, classified)):
        return NOT_IN_TEXT_VERDICT, why
    if classified is not None and classified.counted and classified.credit > 0:
        return MATCHED, why
    if identified is not None and identified.counted and identified.credit > 0:
        return WRONG_ROLE, why
    if not any(o is not None and o.counted for o in (identified, classified)):
        return NOT_COUNTED, why
    return (MISSED if side == GOLD else SPURIOUS), why


def argument_outcomes(outcomes: Sequence[Outcome]) -> dict[Key, list[ArgumentOutcome]]:
    """Per trigger, its arguments' verdicts in argument order; empty when the convention scores none."""
    rows: dict[tuple[object, ...], dict[str, Outcome]] = {}
    items: dict[tuple[object, ...], Item] = {}
    for o in outcomes:
        if o.item.argument < 0 or o.row not in ("argument_id", "argument_cls"):
            continue
        rows.setdefault(o.item.key, {})[o.row] = o
        items.setdefault(o.item.key, o.item)
    out: dict[Key, list[ArgumentOutcome]] = {}
    for key, item in items.items():  # file order
        found = rows[key]
        identified, classified = found.get("argument_id"), found.get("argument_cls")
        what, why = verdict(item.side, identified, classified)
        detail = next((o.detail for o in (classified, identified) if o is not None and o.detail), "")
        out.setdefault((item.side, item.doc_id, mention_id(item)), []).append(
            ArgumentOutcome(item, what, why, detail))
    for found_list in out.values():
        found_list.sort(key=lambda a: a.item.argument)
    return out
