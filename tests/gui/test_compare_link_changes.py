"""The Compare mode's Changes tab offers the kind of items (mentions, coreference links, sequencing links) and,
for runs that are seeds of two systems, the mention changes collapsed over the run pairs ("k of n runs")
(issue 36, section 3). Driven with keys and clicks; every count is checked against the core's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from evmeval.compare.link_changes import link_text, reconcile_links
from evmeval.compare.repeated_changes import repeated_changes
from PySide6.QtCore import Qt

from evmeval_gui.compare.changes_tab import KIND_TEXT, link_delta_text, repeated_text
from evmeval_gui.compare.state import seed_pair
from evmeval_gui.main_window import MainWindow
from tests.gui.test_compare_intervals import DEMO, SEEDS, TIMEOUT, _open_compare, demo_compare  # noqa: F401
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def open_textee_compare(qtbot, tmp_path: Path) -> MainWindow:
    """The TextEE example's gold with two runs (its prediction and the gold itself) in the Compare mode."""
    shutil.copy(EXAMPLES / "textee_gold.jsonl", tmp_path / "gold.jsonl")
    shutil.copy(EXAMPLES / "textee_pred.jsonl", tmp_path / "pred.jsonl")
    shutil.copy(EXAMPLES / "textee_gold.jsonl", tmp_path / "perfect.jsonl")
    window = shown_window(qtbot, tmp_path)
    window.activateWindow()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(tmp_path / "gold.jsonl"), [str(tmp_path / n) for n in ("pred.jsonl", "perfect.jsonl")])
    _open_compare(window, qtbot)
    return window


def _changes_tab(window: MainWindow, qtbot):
    tabs = window.compare.tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(1).center())
    panel = window.compare.pair_panel
    bar = panel.tabs.tabBar()
    with qtbot.waitSignal(window.compare.state.changes_ready, timeout=TIMEOUT):
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(2).center())
    return panel, panel.changes


def test_changes_tab_lists_the_changed_coreference_links_and_shows_them(demo_compare, qtbot):  # noqa: F811
    window = demo_compare
    panel, tab = _changes_tab(window, qtbot)
    comparison = window.compare.state.comparison
    assert [tab.kind.itemText(k) for k in range(tab.kind.count())] == [
        "Mentions", "Coreference links", "Sequencing Subevent links", "Sequencing After links",
        "Sequencing All links"]
    assert not tab.collapse.isVisible()  # two runs of two systems: nothing to collapse
    tab.kind.setFocus()  # as by Tab; a click would open the popup, which the offscreen platform warns about
    with qtbot.waitSignal(window.compare.state.changes_ready, timeout=TIMEOUT):
        qtbot.keyClick(tab.kind, Qt.Key.Key_Down)
    assert tab.kind.currentText() == KIND_TEXT["coreference"]
    changes = comparison.link_changes(0, 1, "coreference")
    delta = reconcile_links(changes)
    assert delta == comparison.link_tally(1, "coreference") - comparison.link_tally(0, "coreference")
    assert tab.count.text() == link_delta_text(delta, len(changes)) == (
        "22 changed links · Δ gold found -17 · Δ gold missed +17 · Δ system found -17 · Δ spurious -5")
    assert tab.view.model() is tab.link_model and tab.link_model.rowCount() == len(changes)
    assert tab.link_model.row_texts(0)[1] == link_text(changes[0])
    assert tab.link_model.headerData(4, Qt.Orientation.Horizontal) == "Reason"
    # a click shows the link in the three lanes: its document, both gold ends and run a's two mentions
    row = next(k for k, c in enumerate(tab.link_model.rows) if len(c.gold_rows) == 2 and len(c.system_a) == 2)
    link = tab.link_model.rows[row]
    rect = tab.view.visualRect(tab.link_model.index(row, 1))
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    selection = window.compare.state.selection
    assert selection.doc_id == link.doc_id and selection.gold == set(link.gold_rows)
    assert selection.a == set(link.system_a) and selection.b == set(link.system_b)
    assert panel.lanes_title.text().startswith(f"<b>{link.doc_id}</b>")
    # back to the mentions: the mention list again
    with qtbot.waitSignal(window.compare.state.changes_ready, timeout=TIMEOUT, raising=False):
        qtbot.keyClick(tab.kind, Qt.Key.Key_Up)
    assert tab.view.model() is tab.model and tab.model.rowCount() == len(
        comparison.changes(0, 1, window.session.combination))


def test_seed_runs_collapse_into_k_of_n_rows(qtbot, tmp_path: Path):
    corpus = tmp_path / "seeds"
    corpus.mkdir()
    shutil.copy(DEMO / "gold.tbf", corpus / "gold.tbf")
    shutil.copytree(DEMO / "tkn", corpus / "tkn")
    for name, source in SEEDS.items():
        shutil.copy(DEMO / source, corpus / name)
    window = shown_window(qtbot, tmp_path)
    window.activateWindow()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / n) for n in SEEDS])
    _open_compare(window, qtbot)
    panel, tab = _changes_tab(window, qtbot)
    assert not tab.collapse.isVisible()  # tagger_seed1 against tagger_seed2: one system
    picker = panel.picker
    picker.b.setFocus()
    for _ in range(2):  # tagger_seed2 → tagger_seed3 → crf-s1
        qtbot.keyClick(picker.b, Qt.Key.Key_Down)
    assert window.compare.state.pair == (0, 3)
    assert tab.collapse.isVisible() and not tab.collapse.isChecked()
    with qtbot.waitSignal(window.compare.state.changes_ready, timeout=TIMEOUT):
        qtbot.mouseClick(tab.collapse, Qt.MouseButton.LeftButton, pos=tab.collapse.rect().center())
    state = window.compare.state
    systems = seed_pair(state.seeds, 0, 3)
    assert systems is not None and [s.name for s in systems] == ["tagger", "crf"]
    collapsed = repeated_changes(state.comparison, *systems, window.session.combination)
    assert collapsed.n == 6 and tab.count.text() == repeated_text(collapsed)
    assert tab.view.model() is tab.repeated_model and tab.repeated_model.rowCount() == len(collapsed.rows)
    top = tab.repeated_model.row_texts(0)
    assert top[4] == f"{max(r.runs for r in collapsed.rows)} of 6"
    # a row is one item: its runs add up to the summed Δ of the six run pairs
    assert sum(r.runs for r in collapsed.rows) == sum(len(state.comparison.changes(a, b, window.session.combination))
                                                       for a, b in collapsed.pairs)
    rect = tab.view.visualRect(tab.repeated_model.index(0, 1))
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert state.selection.doc_id == tab.repeated_model.rows[0].change.doc_id


EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def test_changes_tab_lists_the_changed_arguments_of_a_textee_corpus(qtbot, tmp_path: Path):
    """A TextEE corpus: the kind box offers its argument rows; the list and its Δ are evmeval-compare
    --convention textee's (the convention's own outcomes)."""
    from evmeval.conventions import textee
    from evmeval.conventions.argument_changes import argument_changes, reconcile_arguments, run_arguments
    from evmeval.conventions.base import Input

    window = open_textee_compare(qtbot, tmp_path)
    _panel, tab = _changes_tab(window, qtbot)
    kinds = [tab.kind.itemText(k) for k in range(tab.kind.count())]
    assert kinds[0] == "Mentions" and kinds[-2:] == ["Arguments (identification)", "Arguments (classification)"]
    tab.kind.setFocus()
    with qtbot.waitSignal(window.compare.state.changes_ready, timeout=TIMEOUT):
        for _ in range(len(kinds) - 1):
            qtbot.keyClick(tab.kind, Qt.Key.Key_Down)
    assert tab.kind.currentText() == "Arguments (classification)"
    gold = Input("gold.jsonl", (tmp_path / "gold.jsonl").read_bytes())
    runs = [run_arguments(textee.textee_outcomes(gold, Input(n, (tmp_path / n).read_bytes())))
            for n in ("pred.jsonl", "perfect.jsonl")]
    changes = argument_changes(runs[0], runs[1], "argument_cls")
    assert changes and tab.view.model() is tab.argument_model and tab.argument_model.rowCount() == len(changes)
    delta = reconcile_arguments(changes)
    assert tab.count.text() == (f"{len(changes)} changed arguments · Δ match {delta.system_found:+d} · Δ spurious "
                                f"{delta.system_spurious:+d} · Δ gold found {delta.gold_found:+d} · Δ gold missed "
                                f"{delta.gold_missed:+d}")
    assert delta == runs[1].tally("argument_cls") - runs[0].tally("argument_cls")
    assert delta.system_spurious <= 0 and delta.gold_missed <= 0  # the perfect run misses nothing
    rect = tab.view.visualRect(tab.argument_model.index(0, 1))
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.compare.state.selection.doc_id == tab.argument_model.rows[0].key.doc_id


def test_changes_tab_lists_the_changed_triggers_of_a_textee_corpus(qtbot, tmp_path: Path):
    """A TextEE corpus: the kind box offers its trigger rows before the argument rows; the list and its Δ are
    evmeval-compare --convention textee's trigger changes; a click on a trigger selects its document."""
    from evmeval.conventions import textee
    from evmeval.conventions.base import Input
    from evmeval.conventions.trigger_changes import reconcile_triggers, run_triggers, trigger_changes

    window = open_textee_compare(qtbot, tmp_path)
    _panel, tab = _changes_tab(window, qtbot)
    kinds = [tab.kind.itemText(k) for k in range(tab.kind.count())]
    assert kinds[-4:] == ["Triggers (identification)", "Triggers (classification)", "Arguments (identification)",
                          "Arguments (classification)"]
    tab.kind.setFocus()
    with qtbot.waitSignal(window.compare.state.changes_ready, timeout=TIMEOUT):
        for _ in range(len(kinds) - 3):
            qtbot.keyClick(tab.kind, Qt.Key.Key_Down)
    assert tab.kind.currentText() == "Triggers (classification)"
    gold = Input("gold.jsonl", (tmp_path / "gold.jsonl").read_bytes())
    runs = [run_triggers(textee.textee_outcomes(gold, Input(n, (tmp_path / n).read_bytes())))
            for n in ("pred.jsonl", "perfect.jsonl")]
    changes = trigger_changes(runs[0], runs[1], "trigger_cls")
    assert changes and tab.view.model() is tab.trigger_model and tab.trigger_model.rowCount() == len(changes)
    delta = reconcile_triggers(changes)
    assert tab.count.text() == (f"{len(changes)} changed triggers · Δ match {delta.system_found:+d} · Δ spurious "
                                f"{delta.system_spurious:+d} · Δ gold found {delta.gold_found:+d} · Δ gold missed "
                                f"{delta.gold_missed:+d}")
    assert delta == runs[1].tally("trigger_cls") - runs[0].tally("trigger_cls")
    assert delta.system_spurious <= 0 and delta.gold_missed <= 0  # the perfect run misses nothing
    last = tab.trigger_model.rowCount() - 1
    rect = tab.view.visualRect(tab.trigger_model.index(last, 1))
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.compare.state.selection.doc_id == tab.trigger_model.rows[last].key.doc_id
