"""The matching switch in the Conventions dock's Flips tab: per convention that counts matches, its figures
beside their one-to-one values and each prediction that flips, by reason (`evmeval.conventions.one_to_one`:
the library made it while the corpus loaded; this only lays it out). A click goes to the item on the text."""

from __future__ import annotations

from evmeval.conventions.one_to_one import MatchingSwitch, SwitchFlip
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem

from evmeval_gui.model.formatting import percent

SWITCH_ROLE = Qt.ItemDataRole.UserRole + 2
"""A leaf's `SwitchFlip` (the pairs' flips use their own role)."""


def figures_text(switch: MatchingSwitch) -> str:
    """Each metric that moves: its F1 as the convention counts it, then one to one."""
    moved = [f"{switch.labels[name]} F1 {percent(own.f1)} → {percent(one.f1)}"
             for name, (own, one) in switch.figures.items() if own.match_num != one.match_num]
    return "; ".join(moved) if moved else "already a one-to-one maximum here: nothing flips"


def flip_text(switch: str, flip: SwitchFlip) -> str:
    """What the detail line says of a clicked flip."""
    it = flip.item
    credit = "credited by" if flip.convention else "not credited by"
    return (f"“{it.text}” {it.label} ({it.doc_id}{'' if not it.unit or it.unit == it.doc_id else ' / ' + it.unit} "
            f"{it.span_text}), {flip.metric}: {credit} {switch}, {'paired' if flip.one_to_one else 'unpaired'} one "
            f"to one. Why: {flip.reason} ({flip.detail}).")


def switch_item(switch: MatchingSwitch, shown: int) -> QTreeWidgetItem:
    """The switch's top row (its flips, and the figures that move), its reasons below, at most `shown` flips each."""
    top = QTreeWidgetItem([f"{switch.convention} ↔ one to one: {len(switch.flips)} flip(s)\n{figures_text(switch)}"])
    top.setToolTip(0, f"{switch.convention}'s own figures re-scored with a one-to-one maximum matching of its items "
                      "(evmeval-score --convention NAME --matching optimal)")
    groups: dict[str, list[SwitchFlip]] = {}
    for flip in switch.flips:
        groups.setdefault(flip.reason, []).append(flip)
    for reason, flips in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        group = QTreeWidgetItem([f"{len(flips)} × {reason}"])
        group.setToolTip(0, reason)
        top.addChild(group)
        for flip in flips[:shown]:
            it = flip.item
            where = f"{it.doc_id}{'' if not it.unit or it.unit == it.doc_id else ' / ' + it.unit} {it.span_text}"
            leaf = QTreeWidgetItem([f"“{it.text}” {it.label} · {switch.labels[flip.metric]}\n{where}"])
            leaf.setToolTip(0, flip_text(switch.convention, flip))
            leaf.setData(0, SWITCH_ROLE, (switch.convention, flip))
            group.addChild(leaf)
        if len(flips) > shown:
            group.addChild(QTreeWidgetItem([f"… and {len(flips) - shown} more (every one in evmeval-score "
                                            "--convention NAME --matching optimal --json)"]))
    return top
