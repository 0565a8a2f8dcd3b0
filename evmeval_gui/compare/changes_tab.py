"""The Pair page's Changes tab: only the items whose outcome changed from run a to run b, each with its
reason codes, and the change in the counts they add up to. The kind box picks the items: mentions (true
positives, misses, false alarms) or the coreference and sequencing links the comparison has figures for
(gold found and missed, system found and spurious); with runs grouped into systems (seeds), "k of n runs"
collapses the mention changes of every run pair of the two systems into one row per item. A click shows the
item in the three lanes (the text). Every item and count is the core's (`evmeval.mention.changes`,
`evmeval.compare.link_changes`, `evmeval.compare.repeated_changes`, asked in the background by the Compare
mode); this only shows them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from evmeval.compare.link_changes import LinkChange, link_text
from evmeval.compare.relations import KIND_LABELS
from evmeval.compare.repeated_changes import RepeatedChange, RepeatedChanges
from evmeval.conventions.argument_changes import ArgumentChange, argument_text
from evmeval.conventions.trigger_changes import TriggerChange, trigger_text
from evmeval.mention.changes import Change, ItemState, ItemTally, Tally, state_text
from evmeval.mention.outcomes import MappingRow, Outcome
from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui import colours
from evmeval_gui.compare.state import CompareSelection
from evmeval_gui.compare.tables import Column, RowsModel, list_view
from evmeval_gui.model.formatting import DASH, plural

MENTIONS = "mentions"
ARGUMENT_KINDS = {"argument_cls": "Arguments (classification)", "argument_id": "Arguments (identification)"}
"""The argument rows (`evmeval.conventions.argument_changes.ARGUMENT_ROWS`) as the kind box names them."""
TRIGGER_KINDS = {"trigger_cls": "Triggers (classification)", "trigger_id": "Triggers (identification)"}
"""The trigger rows (`evmeval.conventions.trigger_changes.TRIGGER_ROWS`) as the kind box names them."""
KIND_TEXT = {MENTIONS: "Mentions", "coreference": "Coreference links",
             **{k: f"{v} links" for k, v in KIND_LABELS.items() if k != "coreference"},
             **TRIGGER_KINDS, **ARGUMENT_KINDS}
REASON_HINT = ("span: a right span against a partial one or none, or a false alarm added or dropped · type, "
               "realis: wrong in one run only · matching: the same spans and attributes, another outcome")
LINK_REASON_HINT = ("mention-lost / mention-found: an end's gold mention has a partner in a only / b only · "
                    "relation-type: the other run links the two mentions otherwise · link-added / link-removed: "
                    "the system's link came or went · inference: the same links, judged otherwise")
SIDES_HINT = "gold side · system side: found or missed (a gold link), found or spurious (the run's link), — none"
ARGUMENT_SIDES_HINT = "gold side · system side: found or missed (a gold argument), found or spurious (the run's)"
ARGUMENT_REASON_HINT = ("role, span, trigger: the other run predicts it with another role, an overlapping span or "
                        "under another trigger · added / removed: the prediction came or went · matching: the same "
                        "prediction credited otherwise")
TRIGGER_SIDES_HINT = "gold side · system side: found or missed (a gold trigger), found or spurious (the run's)"
TRIGGER_REASON_HINT = ("type, span: the other run predicts the span with another type, or the type on an "
                       "overlapping span · grounding: a string placed nowhere · added / removed: the prediction came "
                       "or went · matching: the same prediction credited otherwise")
FINDING_TEXT = "Finding what changed… (Cancel in the status bar stops it)"
CANCELLED_TEXT = "Cancelled: nothing is listed. Find again to list what changed."
ChangeKey = tuple[int, int, str, str]
"""(a, b, what, name): what is `mentions` (name: the combination), `links` (name: the kind of link) or
`repeated` (name: the combination; a and b's systems, every run pair collapsed), `triggers` or `arguments`
(name: the trigger or argument row, of a TextEE or DyGIE++ corpus)."""


def outcome_text(outcome: Outcome | None, row: MappingRow | None) -> str:
    """`✓ exact match (S3)`, or a dash where the run has no such item."""
    if outcome is None:
        return DASH
    st = colours.style(outcome)
    mention = row.system if row is not None else None
    return f"{st.glyph} {st.label}" + (f" ({mention.mention_id})" if mention is not None else "")


def item_text(change: Change) -> str:
    """The gold mention, or the false alarm's system mention, as `E3 “attacked”`."""
    if change.gold is not None:
        return f"{change.gold.mention_id} “{change.gold.text}”"
    row = change.row_a or change.row_b
    mention = row.system if row is not None else None
    return f"false alarm {mention.mention_id} “{mention.text}”" if mention is not None else "false alarm"


def delta_text(delta: Tally, count: int) -> str:
    return (f"{plural(count, 'changed item')} · Δ true positives {delta.true_positives:+d} · "
            f"Δ misses {delta.misses:+d} · Δ false alarms {delta.false_alarms:+d}")


def link_delta_text(delta: ItemTally, count: int) -> str:
    return (f"{plural(count, 'changed link')} · Δ gold found {delta.gold_found:+d} · Δ gold missed "
            f"{delta.gold_missed:+d} · Δ system found {delta.system_found:+d} · Δ spurious {delta.system_spurious:+d}")


def match_delta_text(delta: ItemTally, count: int, noun: str) -> str:
    """The Δ of a convention's matched items (`noun`: argument, trigger), in the words of its own figures."""
    return (f"{plural(count, 'changed ' + noun)} · Δ match {delta.system_found:+d} · Δ spurious "
            f"{delta.system_spurious:+d} · Δ gold found {delta.gold_found:+d} · Δ gold missed {delta.gold_missed:+d}")


def repeated_text(repeated: RepeatedChanges) -> str:
    d = repeated.delta
    return (f"{len(repeated.rows)} items changed over {repeated.n} run pairs ({repeated.a.name} → {repeated.b.name}) "
            f"· summed Δ true positives {d.true_positives:+d} · Δ misses {d.misses:+d} · Δ false alarms "
            f"{d.false_alarms:+d}")


def sides_text(state: ItemState) -> str:
    """A link's state in a narrow cell: `found · found`, `missed · —`, `— · spurious` (gold side · system side)."""
    return f"{state.gold or DASH} · {state.system or DASH}"


def _reasons(change: Change | LinkChange | ArgumentChange | TriggerChange) -> str:
    return ", ".join(r.value for r in change.reasons)


class ChangesTab(QWidget):
    """The changed items of the pair; `selection_chosen(CompareSelection)` on a click, `change_chosen(Change)`
    too for a mention. `fetch(key)` gives what a `ChangeKey` shows, (items, the Δ tally they add up to) or
    `RepeatedChanges`, or None while it is computed (`on_ready` or `on_cancelled` follows)."""

    change_chosen = Signal(object)
    selection_chosen = Signal(object)

    def __init__(self, fetch: Callable[[ChangeKey], object | None] = lambda _key: None) -> None:
        super().__init__()
        self.fetch = fetch
        self.kind = QComboBox()
        self.kind.setObjectName("changeKind")
        self.kind.setToolTip("Which items: mentions, or the coreference and sequencing links the comparison has "
                             "figures for")
        self.kind.addItem(KIND_TEXT[MENTIONS], MENTIONS)
        self.kind.currentIndexChanged.connect(lambda _i: self._refetch())
        self.collapse = QCheckBox("k of n runs")
        self.collapse.setObjectName("collapseRuns")
        self.collapse.setToolTip("The runs are seeds of two systems: every run of a's system against every run of "
                                 "b's, one row per item and change, in k of n run pairs")
        self.collapse.setVisible(False)
        self.collapse.toggled.connect(lambda _on: self._refetch())
        self.count = QLabel()
        self.count.setObjectName("changeCount")
        self.count.setWordWrap(True)
        self.count.setToolTip("The changed items add up exactly to these differences (b − a)")
        self.again = QPushButton("Find again")
        self.again.setObjectName("findChangesAgain")
        self.again.setToolTip("Find what changed for this pair and kind (it was cancelled)")
        self.again.clicked.connect(lambda _=False: self._refetch())
        self.again.hide()
        self.model: RowsModel[Change] = RowsModel([
            Column("Document", lambda c: c.doc_id, lambda c: c.doc_id),
            Column("Item", item_text, item_text),
            Column("a", lambda c: outcome_text(c.before, c.row_a), lambda c: outcome_text(c.before, c.row_a)),
            Column("b", lambda c: outcome_text(c.after, c.row_b), lambda c: outcome_text(c.after, c.row_b)),
            Column("Reason", _reasons, lambda c: [r.value for r in c.reasons], header_tip=REASON_HINT),
        ])
        self.link_model: RowsModel[LinkChange] = RowsModel([
            Column("Document", lambda c: c.doc_id, lambda c: c.doc_id),
            Column("Link", link_text, link_text),
            Column("a", lambda c: sides_text(c.before), lambda c: sides_text(c.before),
                   tip=lambda c: state_text(c.before), header_tip=SIDES_HINT),
            Column("b", lambda c: sides_text(c.after), lambda c: sides_text(c.after),
                   tip=lambda c: state_text(c.after), header_tip=SIDES_HINT),
            Column("Reason", _reasons, lambda c: [r.value for r in c.reasons], header_tip=LINK_REASON_HINT),
        ])
        self.repeated_model: RowsModel[RepeatedChange] = RowsModel([
            Column("Document", lambda r: r.change.doc_id, lambda r: r.change.doc_id),
            Column("Item", lambda r: item_text(r.change), lambda r: item_text(r.change)),
            Column("a", lambda r: outcome_text(r.change.before, None), lambda r: outcome_text(r.change.before, None)),
            Column("b", lambda r: outcome_text(r.change.after, None), lambda r: outcome_text(r.change.after, None)),
            Column("Runs", lambda r: f"{r.runs} of {self._n}", lambda r: r.runs, right=True,
                   header_tip="In how many of the n run pairs the item changed this way"),
            Column("Reason", lambda r: _reasons(r.change), lambda r: [x.value for x in r.change.reasons],
                   header_tip=REASON_HINT),
        ])
        self.argument_model: RowsModel[ArgumentChange] = RowsModel([
            Column("Document", lambda c: f"{c.key.doc_id} {c.key.unit}", lambda c: (c.key.doc_id, c.key.unit)),
            Column("Argument", argument_text, argument_text),
            Column("a", lambda c: sides_text(c.before), lambda c: sides_text(c.before),
                   tip=lambda c: state_text(c.before), header_tip=ARGUMENT_SIDES_HINT),
            Column("b", lambda c: sides_text(c.after), lambda c: sides_text(c.after),
                   tip=lambda c: state_text(c.after), header_tip=ARGUMENT_SIDES_HINT),
            Column("Reason", _reasons, lambda c: [r.value for r in c.reasons], header_tip=ARGUMENT_REASON_HINT),
        ])
        self.trigger_model: RowsModel[TriggerChange] = RowsModel([
            Column("Document", lambda c: f"{c.key.doc_id} {c.key.unit}", lambda c: (c.key.doc_id, c.key.unit)),
            Column("Trigger", trigger_text, trigger_text),
            Column("a", lambda c: sides_text(c.before), lambda c: sides_text(c.before),
                   tip=lambda c: state_text(c.before), header_tip=TRIGGER_SIDES_HINT),
            Column("b", lambda c: sides_text(c.after), lambda c: sides_text(c.after),
                   tip=lambda c: state_text(c.after), header_tip=TRIGGER_SIDES_HINT),
            Column("Reason", _reasons, lambda c: [r.value for r in c.reasons], header_tip=TRIGGER_REASON_HINT),
        ])
        self._n = 0
        self.view = list_view("changeList", self.model)
        self.view.setObjectName("changeList")
        self.view.clicked.connect(self._on_clicked)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(QLabel("Items:"))
        bar.addWidget(self.kind)
        bar.addWidget(self.collapse)
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        counts = QHBoxLayout()
        counts.setContentsMargins(0, 0, 0, 0)
        counts.addWidget(self.count, 1)
        counts.addWidget(self.again)
        layout.addLayout(counts)
        layout.addWidget(self.view, 1)
        self.key: ChangeKey | None = None
        """What is shown (or asked for)."""
        self._pair: tuple[int, int, str] | None = None

    def set_kinds(self, kinds: Sequence[str], collapsible: bool) -> None:
        """The kinds of links the comparison has figures for and the trigger and argument rows of an event corpus, and
        whether the pair's runs are seeds of two systems (the "k of n runs" box)."""
        current = self.kind.currentData()
        self.kind.blockSignals(True)
        self.kind.clear()
        for kind in (MENTIONS, *kinds):
            self.kind.addItem(KIND_TEXT[kind], kind)
        self.kind.setCurrentIndex(max(0, self.kind.findData(current)))
        self.kind.blockSignals(False)
        self.collapse.setVisible(collapsible)
        if not collapsible:
            self.collapse.setChecked(False)

    def current_key(self) -> ChangeKey | None:
        if self._pair is None:
            return None
        a, b, combination = self._pair
        kind = self.kind.currentData() or MENTIONS
        if kind in TRIGGER_KINDS:
            return (a, b, "triggers", kind)
        if kind in ARGUMENT_KINDS:
            return (a, b, "arguments", kind)
        if kind != MENTIONS:
            return (a, b, "links", kind)
        return (a, b, "repeated" if self.collapse.isChecked() and self.collapse.isVisible() else MENTIONS,
                combination)

    def show_pair(self, pair: tuple[int, int, str] | None) -> None:
        """Show the changes of (a, b, combination) (None: nothing is asked for: the tab is hidden)."""
        self._pair = pair
        if pair is None:
            self.key = None
            return
        if self.current_key() != self.key:
            self._refetch()

    def on_ready(self, key: ChangeKey) -> None:
        if key == self.key:
            self._show(self.fetch(key))

    def on_cancelled(self, key: ChangeKey) -> None:
        """The work for `key` was cancelled: say so and offer to run it again."""
        if key == self.key:
            self.count.setText(CANCELLED_TEXT)
            self.again.show()

    def _refetch(self) -> None:
        self.key = self.current_key()
        if self.key is not None:
            self._show(self.fetch(self.key))

    def _show(self, found: object | None) -> None:
        self.again.hide()
        what = self.key[2] if self.key is not None else MENTIONS
        models: dict[str, RowsModel[Any]] = {
            MENTIONS: self.model, "links": self.link_model, "repeated": self.repeated_model,
            "triggers": self.trigger_model, "arguments": self.argument_model}
        model = models[what]
        if self.view.model() is not model:
            self.view.setModel(model)
        if found is None:
            model.set_rows([])
            self.count.setText(FINDING_TEXT)
            return
        if isinstance(found, RepeatedChanges):
            self._n = found.n
            self.repeated_model.set_rows(sorted(found.rows, key=lambda r: -r.runs))
            self.count.setText(repeated_text(found))
        elif what == "arguments":
            arguments, tally = cast("tuple[Sequence[ArgumentChange], ItemTally]", found)
            self.argument_model.set_rows(arguments)
            self.count.setText(match_delta_text(tally, len(arguments), "argument"))
        elif what == "triggers":
            triggers, tally = cast("tuple[Sequence[TriggerChange], ItemTally]", found)
            self.trigger_model.set_rows(triggers)
            self.count.setText(match_delta_text(tally, len(triggers), "trigger"))
        elif what == "links":
            links, tally = cast("tuple[Sequence[LinkChange], ItemTally]", found)
            self.link_model.set_rows(links)
            self.count.setText(link_delta_text(tally, len(links)))
        else:
            items, delta = cast("tuple[Sequence[Change], Tally]", found)
            self.model.set_rows(items)
            self.count.setText(delta_text(delta, len(items)))
        widths = (90, 165, 95, 95) if what in ("links", "triggers", "arguments") else (110, 150, 130, 130)
        for column, width in enumerate(widths):
            self.view.setColumnWidth(column, width)

    def _on_clicked(self, index: QModelIndex) -> None:
        model = self.view.model()
        if model is self.model:
            change = self.model.rows[index.row()]
            self.change_chosen.emit(change)
            self.selection_chosen.emit(CompareSelection.of_rows(change.doc_id, change.row_a, change.row_b))
        elif model is self.link_model:
            link = self.link_model.rows[index.row()]
            self.selection_chosen.emit(CompareSelection(link.doc_id, frozenset(link.gold_rows),
                                                        frozenset(link.system_a), frozenset(link.system_b)))
        elif model is self.argument_model:  # its document (the text shows the triggers, not the windows' tokens)
            self.selection_chosen.emit(CompareSelection(self.argument_model.rows[index.row()].key.doc_id))
        elif model is self.trigger_model:  # its document, as an argument's
            self.selection_chosen.emit(CompareSelection(self.trigger_model.rows[index.row()].key.doc_id))
        else:  # a collapsed row: its document and gold mention (the runs' own mentions differ from pair to pair)
            change = self.repeated_model.rows[index.row()].change
            row = change.row_a or change.row_b
            gold = frozenset() if row is None or row.gold_index is None else frozenset({row.gold_index})
            self.selection_chosen.emit(CompareSelection(change.doc_id, gold))
