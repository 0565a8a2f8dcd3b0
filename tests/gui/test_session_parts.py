"""The session's small parts announce their own changes (issue 33 item 2): view options, the selection."""

from __future__ import annotations

import pytest

from evmeval_gui.model.filters import ChartFilter
from evmeval_gui.model.jobs import ImmediateRunner
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.selection_state import SelectionState
from evmeval_gui.model.session import Session
from evmeval_gui.model.view_options import ViewOptions


def test_view_options_announce_their_changes_once() -> None:
    view = ViewOptions()
    heard: list[object] = []
    view.combination_changed.connect(heard.append)
    view.filter_changed.connect(heard.append)
    view.set_combination("mention_type")
    view.set_combination("mention_type")  # no change, no announcement
    chosen = ChartFilter("missed gold", None, None)
    view.set_filter(chosen)
    view.set_filter(None)
    view.set_filter(None)
    assert heard == ["mention_type", chosen, None]
    assert (view.combination, view.filter) == ("mention_type", None)
    with pytest.raises(ValueError, match="unknown attribute combination 'colour'; expected one of plain"):
        view.set_combination("colour")


def test_the_session_holds_its_view_options_and_hands_their_signals_on() -> None:
    session = Session(ImmediateRunner())
    heard: list[str] = []
    session.combination_changed.connect(heard.append)
    session.view.set_combination("realis_status")  # through the part: the session's listeners hear it
    session.set_combination("mention_type")  # through the session: the part holds it
    assert heard == ["realis_status", "mention_type"]
    assert session.combination == session.view.combination == "mention_type"


def test_the_selection_announces_itself_before_and_after_a_change() -> None:
    current = SelectionState()
    heard: list[object] = []
    current.selecting.connect(lambda: heard.append("selecting"))
    current.selection_changed.connect(heard.append)
    chosen = Selection("D1", frozenset({"E1"}))
    current.select(chosen)
    current.select(chosen)  # no change, no announcement
    current.put(Selection("D2"))  # held, said later
    assert heard == ["selecting", chosen] and current.selection == Selection("D2")
    current.announce()
    assert heard[-1] == Selection("D2")


def test_the_session_selects_through_its_selection_part() -> None:
    session = Session(ImmediateRunner())
    heard: list[Selection] = []
    session.selection_changed.connect(heard.append)
    session.current.select(Selection("D1"))
    session.select_document("D2")
    assert heard == [Selection("D1"), Selection("D2")] and session.selection is session.current.selection
