"""Generative outputs in the window (issues 34/35): MAVEN-Arg's and OmniEvent's system arguments boxed on the text
where their conventions read them, a MAVEN-Arg string found nowhere said "not in the text" in its trigger's
tooltip (never silently gone); the mapping table's ids legible (no empty window `:E0`, none repeated) for UIE,
MAVEN-Arg, OmniEvent, RAMS and WikiEvents; each side's own spelling of a type, the compared form on hover."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.mention.outcomes import Outcome
from PySide6.QtCore import QPointF, QRectF, Qt

from evmeval_gui import colours
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import make_request
from evmeval_gui.model.text_layout import GOLD, SYSTEM
from evmeval_gui.views.mapping_columns import G_ID, G_TYPE, OUTCOME, S_ID, S_TYPE, UNIT
from tests.core.test_compare_more_conventions import _rams
from tests.core.test_left35_lazy_switch import write_wikievents
from tests.core.test_omnievent import _write as omnievent_files
from tests.core.test_omnievent_eae_cli import _worked
from tests.core.test_window_opens_uie_maven_arg_omnievent import (
    maven_arg_files,
    uie_lost_argument_files,
    uie_pair_files,
)
from tests.gui.test_main_window import bar_centre

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")
LOAD_TIMEOUT = 30_000


def _open(qtbot, window: MainWindow, gold: Path, system: Path, *options: tuple[str, str]) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_request(make_request(str(gold), [str(system)], options=tuple(options)))


def _cells(window: MainWindow, column: int) -> list[str]:
    """What the mapping table shows in `column`, row by row."""
    proxy = window.mapping.proxy
    return [str(proxy.index(row, column).data() or "") for row in range(proxy.rowCount())]


def _click_row(qtbot, window: MainWindow, column: int, text: str) -> None:  # type: ignore[no-untyped-def]
    """Click the mapping table row whose `column` shows `text`, as a user does."""
    row = _cells(window, column).index(text)
    table = window.mapping.table
    rect = table.visualRect(window.mapping.proxy.index(row, column))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def _boxed(window: MainWindow, rect: QRectF) -> str:
    """The words of the text view inside a drawn box."""
    view = window.text_view
    layout, doc = view.layout_data, view.doc
    assert layout is not None and doc is not None
    words = [doc.segments[piece.segment].text for piece in layout.pieces
             if rect.contains(QPointF(piece.x + piece.width / 2,
                                      layout.lines[piece.line].text_top + layout.metrics.text_height / 2))]
    return " ".join(words)


def _system_boxes(window: MainWindow) -> list[tuple[str, str]]:
    """(role, words) of every system argument box the Conventions dock's overlay draws for the selection."""
    return [(role, _boxed(window, rect)) for layer, role, rect in window.conventions_dock.arguments.shown(
        window.text_view) if layer == SYSTEM]


def _tooltip_of(window: MainWindow, layer: int, mention_id: str) -> str:
    """The text view's tooltip over a mention's bar (what hovering it shows)."""
    doc = window.text_view.result_doc
    assert doc is not None
    pool = doc.system if layer == SYSTEM else doc.gold
    index = next(k for k, m in enumerate(pool) if m.mention_id == mention_id)
    return window.text_view.hits.tooltip_at(QPointF(bar_centre(window, layer, index)))


def test_maven_arg_strings_are_boxed_nearest_their_trigger_and_one_not_in_the_text_is_said(
        qtbot, window: MainWindow, tmp_path: Path) -> None:
    gold, pred = maven_arg_files(tmp_path)  # t1: Attacker "protesters", Target "police station" and "the mayor"
    _open(qtbot, window, gold, pred)
    _click_row(qtbot, window, S_ID, "t1")
    assert window.session.selection.system_ids == {"t1"}
    # boxes go round whole words of the text ("station." is one: the box takes its full stop)
    assert sorted(_system_boxes(window)) == [("Attacker", "protesters"), ("Target", "police station.")]
    # the string placed nowhere: a badge at the end of the trigger's line, and named in the trigger's tooltip
    badges = window.conventions_dock.arguments.not_in_text(window.text_view)
    assert [(layer, badge) for layer, badge, _ in badges] == [(SYSTEM, "⊘ 1 not in the text")]
    tip = _tooltip_of(window, SYSTEM, "t1")
    assert "System arguments:" in tip
    assert "· Attacker “protesters”: nearest the trigger, closest; maven-arg compares the string as text" in tip
    assert "· Target “the mayor”: not in the text; maven-arg compares the string as text" in tip
    assert "Gold arguments: Attack.Attacker, Attack.Attacker, Attack.Target" in _tooltip_of(window, GOLD, "t1")


def test_a_uie_argument_string_its_map_drops_is_said_not_in_the_text(qtbot, window: MainWindow,
                                                                      tmp_path: Path) -> None:
    gold, pred = uie_lost_argument_files(tmp_path)  # E0: Attacker "the man", Target "the woman" (nowhere)
    _open(qtbot, window, gold, pred)
    _click_row(qtbot, window, S_ID, "E0")
    assert _system_boxes(window) == [("Attacker", "the man")]
    badges = window.conventions_dock.arguments.not_in_text(window.text_view)
    assert [(layer, badge) for layer, badge, _ in badges] == [(SYSTEM, "⊘ 1 not in the text")]
    assert "· Target “the woman”: not in the text; UIE's map drops it from the offset figures" in _tooltip_of(
        window, SYSTEM, "E0")


@pytest.mark.parametrize("regime", ["sl", "tc"])
def test_omnievent_argument_outputs_are_boxed_on_their_candidates(qtbot, window: MainWindow, tmp_path: Path,
                                                                  regime: str) -> None:
    """docs/scoring/omnievent.md's worked example: "arrested" (C0) given Police as Agent, him as Person and camp
    as Destination, by its tags (sl) or a role per argument candidate (tc)."""
    gold, pred = _worked(tmp_path, regime)
    _open(qtbot, window, gold, pred, ("regime", regime))
    _click_row(qtbot, window, S_ID, "C0")
    assert sorted(_system_boxes(window)) == [("Agent", "Police"), ("Destination", "camp"), ("Person", "him")]
    assert f"· Agent “Police”: its {regime} output" in _tooltip_of(window, SYSTEM, "C0")


def _pairs(tmp_path: Path) -> dict[str, tuple[Path, Path, tuple[tuple[str, str], ...]]]:
    made = {}
    for name in ("uie", "maven-arg", "omnievent", "rams", "wikievents"):
        (tmp_path / name).mkdir()
    made["uie"] = (*uie_pair_files(tmp_path / "uie"), ())
    made["maven-arg"] = (*maven_arg_files(tmp_path / "maven-arg"), ())
    made["omnievent"] = (*omnievent_files(tmp_path / "omnievent", "tc"), ())
    made["rams"] = (*_rams(tmp_path / "rams")[:2], ())
    made["wikievents"] = (*write_wikievents(tmp_path / "wikievents" / "files"), ())
    return made


IDS = {"uie": (["E0", "E1", ""], ["E0", "E1", "R2"]), "maven-arg": (["t1", ""], ["t1", "n1"]),
       "omnievent": (["C0", "", "C1"], ["C0", "C2", "C1"])}
"""The id columns each format's first document shows (gold, system), in reading order (UIE's third record of
"fired", dropped by its map, last: `R2`, not in the text)."""


@pytest.mark.parametrize("fmt", ["uie", "maven-arg", "omnievent", "rams", "wikievents"])
def test_mention_ids_are_legible_in_the_mapping_table(qtbot, window: MainWindow, tmp_path: Path, fmt: str) -> None:
    """Issue 34: no id elides to an empty window (`:E0`) or repeats another of its column; these formats' ids name
    no window, so the window column stays hidden and the id column shows the id whole."""
    gold, pred, options = _pairs(tmp_path)[fmt]
    _open(qtbot, window, gold, pred, *options)
    gold_ids, system_ids = _cells(window, G_ID), _cells(window, S_ID)
    assert any(gold_ids + system_ids)
    for shown in (gold_ids, system_ids):
        ids = [i for i in shown if i]
        assert len(set(ids)) == len(ids), shown
        assert not any(i.startswith(":") for i in ids), shown
    assert window.mapping.table.isColumnHidden(UNIT)
    if fmt in IDS:
        assert (gold_ids, system_ids) == IDS[fmt]
    if fmt == "uie":
        assert _cells(window, OUTCOME)[-1] == colours.style(Outcome.NOT_IN_TEXT).short


def test_each_side_spells_its_type_and_the_compared_form_is_on_hover(qtbot, window: MainWindow,
                                                                     tmp_path: Path) -> None:
    """OmniEvent's s2s pairs name plain types: gold's `Conflict.Attack` and the system's `attack` are each shown as
    written, and hovering says both are compared as `attack` (so the exact match has a visible reason)."""
    gold, pred = omnievent_files(tmp_path, "s2s")
    _open(qtbot, window, gold, pred, ("regime", "s2s"))
    row = _cells(window, S_ID).index("C0")
    assert (_cells(window, G_TYPE)[row], _cells(window, S_TYPE)[row]) == ("Conflict.Attack", "attack")
    proxy = window.mapping.proxy
    tips = [proxy.index(row, column).data(Qt.ItemDataRole.ToolTipRole) for column in (G_TYPE, S_TYPE)]
    assert tips == ["Conflict.Attack (compared as “attack”)", "attack (compared as “attack”)"]


def test_maven_arg_types_as_each_side_writes_them(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """A submission writing `attack` where gold writes `Attack`: each side's spelling, the compared form on hover."""
    gold, pred = maven_arg_files(tmp_path)
    line = json.loads(pred.read_text(encoding="utf-8"))
    line["preds"]["t1"]["event_type"] = "attack"
    pred.write_text(json.dumps(line) + "\n", encoding="utf-8")
    _open(qtbot, window, gold, pred)
    row = _cells(window, S_ID).index("t1")
    assert (_cells(window, G_TYPE)[row], _cells(window, S_TYPE)[row]) == ("Attack", "attack")
    tip = window.mapping.proxy.index(row, S_TYPE).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("attack (compared as “attack”)")
