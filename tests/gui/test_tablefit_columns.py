"""The mapping table fills its width (issue 34): at 1024x640 a MAVEN pair's table hid Type and Dice, as it
should, and left ~100 pixels empty right of Outcome; what a narrow table has left now goes to the columns shown."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.views.mapping_columns import DICE, G_TYPE, S_TYPE
from tests.gui.windows import shown_pair
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _shown_width(table) -> int:  # type: ignore[no-untyped-def]
    header = table.horizontalHeader()
    return sum(header.sectionSize(c) for c in range(header.count()) if not table.isColumnHidden(c))


def _maven_window(qtbot, tmp_path, size):  # type: ignore[no-untyped-def]
    """The MAVEN example shown at `size`, its Conventions dock beside the table (as a user opening it sees it)."""
    window = shown_pair(qtbot, tmp_path, size, EXAMPLES / "maven_gold.jsonl", EXAMPLES / "maven_pred.jsonl")
    qtbot.waitUntil(lambda: window.conventions.built and window.conventions.ensure().isVisible(), timeout=20_000)
    qtbot.waitUntil(lambda: window.mapping.proxy.rowCount() > 0)
    return window


def test_visible_columns_fill_the_viewport_at_every_width(qtbot, tmp_path) -> None:
    window = _maven_window(qtbot, tmp_path, (1024, 640))
    table = window.mapping.table
    qtbot.waitUntil(lambda: table.isColumnHidden(G_TYPE))  # the narrow table: the types give way
    assert table.isColumnHidden(S_TYPE)
    qtbot.waitUntil(lambda: abs(_shown_width(table) - table.viewport().width()) <= 2)
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: not table.isColumnHidden(G_TYPE))
    qtbot.waitUntil(lambda: abs(_shown_width(table) - table.viewport().width()) <= 2)
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: table.isColumnHidden(G_TYPE))
    qtbot.waitUntil(lambda: abs(_shown_width(table) - table.viewport().width()) <= 2)


def test_the_two_sides_types_get_the_same_width_back(qtbot, tmp_path) -> None:
    """At 1366x768 the types had shrunk and the room left went back to the system's first: its types read
    `person…minate` beside gold's `pers…nate`; the two sides now share it."""
    window = _maven_window(qtbot, tmp_path, (1366, 768))
    table = window.mapping.table
    qtbot.waitUntil(lambda: abs(_shown_width(table) - table.viewport().width()) <= 2)
    assert not table.isColumnHidden(G_TYPE) and not table.isColumnHidden(S_TYPE)
    assert abs(table.columnWidth(G_TYPE) - table.columnWidth(S_TYPE)) <= 1


def test_a_column_hidden_before_the_last_step_comes_back_when_that_step_freed_room_for_it() -> None:
    """Texts 300 each, types 150 each, Dice 60, Outcome 100, in 300 pixels: hiding the texts (step 1) leaves 460,
    hiding Dice (step 2) 400, hiding the types (step 3) 100: 200 spare. The types' 300 would not fit in it, Dice's
    60 does: Dice comes back, and the 140 left go to Outcome (the first `grow` group with a column shown)."""
    from evmeval_gui.table_fit import Yield, fit_columns

    g_text, s_text, g_type, s_type, dice, outcome = range(6)
    natural = {g_text: 300, s_text: 300, g_type: 150, s_type: 150, dice: 60, outcome: 100}
    steps = (Yield((g_text, s_text)), Yield((dice,)), Yield((g_type, s_type)))
    plan = fit_columns(300, natural, steps, grow=((g_type, s_type), (outcome,)))
    assert plan.hidden == {g_text, s_text, g_type, s_type}
    assert plan.widths[dice] == 60
    assert plan.widths[outcome] == 100 + 140
    assert plan.total() == 300


def test_dice_is_shown_at_1024_once_the_types_gave_way(qtbot, tmp_path) -> None:
    window = _maven_window(qtbot, tmp_path, (1024, 640))
    table = window.mapping.table
    qtbot.waitUntil(lambda: table.isColumnHidden(G_TYPE))
    qtbot.waitUntil(lambda: abs(_shown_width(table) - table.viewport().width()) <= 2)
    assert not table.isColumnHidden(DICE)
    assert table.model().headerData(DICE, Qt.Orientation.Horizontal) == "Dice"
