"""The matching switch in the Conventions dock's Flips tab: per convention that counts matches, its figures
beside their one-to-one values and each prediction that flips, by reason (`evmeval.conventions.one_to_one`).

The library makes it (`evmeval.conventions.corpus.event_switches`) only when asked: a row under the flips
says so, and clicking or expanding it runs the switch on the job runner ("computing…"), then the row gives
way to each convention's switch. Made while loading, it about doubled a large TextEE corpus's load. A click
on a flip goes to the item on the text."""

from __future__ import annotations

from evmeval.conventions.corpus import EventCorpus, event_switches
from evmeval.conventions.one_to_one import MatchingSwitch, SwitchFlip
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from evmeval_gui.model.formatting import percent
from evmeval_gui.model.jobs import ImmediateRunner, JobContext, Runner

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


SWITCH_KEY = "matching-switch"
"""The job key of the switch's computation (a quiet job: a new corpus supersedes it)."""
ASK_TEXT = ("Matching switch: each convention one to one\nClick to compute what flips "
            "(evmeval-score --matching optimal)")
COMPUTING_TEXT = "Matching switch: computing…"


class LazySwitches:
    """The Flips tab's matching-switch row of the shown corpus: computed on `runner` when first clicked or
    expanded, then each convention's switch in its place (kept for the corpus while it stays shown)."""

    def __init__(self, tree: QTreeWidget, runner: Runner | None, shown: int) -> None:
        self.tree = tree
        self.runner: Runner = runner if runner is not None else ImmediateRunner()
        self.shown = shown
        self.entry: QTreeWidgetItem | None = None
        self.corpus: EventCorpus | None = None
        self.made: tuple[EventCorpus, dict[str, MatchingSwitch]] | None = None
        """The last corpus's switches (the same corpus shown again needs no second run)."""
        tree.itemExpanded.connect(self.asked)

    def add(self, corpus: EventCorpus | None) -> None:
        """Put the row under the tree's flips (just filled), or the switches themselves when made already."""
        self.runner.cancel(SWITCH_KEY)
        self.corpus, self.entry = corpus, None
        if corpus is None or not any(c.matches is not None or c.switch is not None
                                     for c in corpus.switchboard.conventions):
            return
        self.entry = QTreeWidgetItem([ASK_TEXT])
        self.entry.setToolTip(0, "Each convention that counts matches re-scored with a one-to-one maximum matching "
                                 "of its items, and every prediction that flips (computed when asked)")
        self.entry.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
        self.tree.addTopLevelItem(self.entry)
        if self.made is not None and self.made[0] is corpus:
            self._show(corpus, self.made[1])

    def asked(self, item: QTreeWidgetItem) -> bool:
        """`item` clicked or expanded: when it is the row, compute the switches (once). True when it was."""
        entry, corpus = self.entry, self.corpus
        if item is not entry or entry is None or corpus is None:
            return False
        if entry.text(0) != COMPUTING_TEXT:
            entry.setText(0, COMPUTING_TEXT)

            def work(_context: JobContext) -> dict[str, MatchingSwitch]:
                return event_switches(corpus)

            self.runner.submit("Matching switch", work, lambda made: self._show(corpus, made),
                               on_error=lambda exc: self._failed(corpus, exc), key=SWITCH_KEY)
        return True

    def _failed(self, corpus: EventCorpus, exc: BaseException) -> None:
        if corpus is self.corpus and self.entry is not None:
            self.entry.setText(0, f"Matching switch: could not be computed ({exc})")

    def _show(self, corpus: EventCorpus, made: dict[str, MatchingSwitch]) -> None:
        """The row gives way to each convention's switch (a newer corpus drops what an older one made)."""
        if corpus is not self.corpus or self.entry is None:
            return
        self.made = (corpus, made)
        at = self.tree.indexOfTopLevelItem(self.entry)
        self.tree.takeTopLevelItem(at)
        self.entry = None
        for k, switch in enumerate(made.values()):  # each convention against its own one-to-one matching
            top = switch_item(switch, self.shown)
            self.tree.insertTopLevelItem(at + k, top)
            top.setExpanded(bool(switch.flips))
            for c in range(top.childCount()):
                if (child := top.child(c)) is not None:
                    child.setExpanded(True)
