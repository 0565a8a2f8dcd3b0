"""The type picker's highlight: the current type when it is offered, none when it is new (Enter then takes
what was typed), the first match while typing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from evmeval_gui.pickers import TypePicker


def _picker(qtbot, current: str) -> TypePicker:  # type: ignore[no-untyped-def]
    picker = TypePicker(["Conflict_Attack", "Life_Die"], current=current)
    qtbot.addWidget(picker)
    picker.open()
    qtbot.waitUntil(picker.isVisible)
    return picker


def _highlighted(picker: TypePicker) -> str | None:
    item = picker.list.currentItem()
    return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))


def test_the_current_type_is_highlighted_and_enter_keeps_it(qtbot):
    picker = _picker(qtbot, "Life_Die")
    assert _highlighted(picker) == "Life_Die"
    qtbot.keyClick(picker.filter, Qt.Key.Key_Return)
    assert picker.result() == QDialog.DialogCode.Accepted and picker.chosen_type() == "Life_Die"


def test_a_new_current_type_highlights_nothing_and_enter_takes_the_typed_text(qtbot):
    picker = _picker(qtbot, "Brand_New")
    assert _highlighted(picker) is None
    assert not picker.list.selectedItems()
    qtbot.keyClick(picker.filter, Qt.Key.Key_Return)
    assert picker.result() == QDialog.DialogCode.Accepted and picker.chosen_type() == "Brand_New"


def test_typing_highlights_the_first_match_and_nothing_when_none_matches(qtbot):
    picker = _picker(qtbot, "")
    qtbot.keyClicks(picker.filter, "attack")
    assert _highlighted(picker) == "Conflict_Attack"
    qtbot.keyClicks(picker.filter, "zzz")
    assert _highlighted(picker) is None and not picker.list.selectedItems()
    assert picker.chosen_type() == "attackzzz"
