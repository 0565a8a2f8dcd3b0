"""The session's small parts announce their own changes (issue 33 item 2): view options, the selection, the
corpus and the first document."""

from __future__ import annotations

import pytest
from evmeval.align.strategies import DEFAULT_STRATEGY
from evmeval.mention.scoring import score_files

from evmeval_gui.model.corpus import demo_request
from evmeval_gui.model.corpus_state import CorpusState
from evmeval_gui.model.filters import ChartFilter
from evmeval_gui.model.first_state import FirstDocumentState
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


def _parts() -> tuple[SelectionState, FirstDocumentState, CorpusState]:
    current = SelectionState()
    first = FirstDocumentState(current)
    return current, first, CorpusState(ImmediateRunner(), current=current, view=ViewOptions(), first=first)


def test_the_corpus_part_opens_scores_and_announces_on_its_own() -> None:
    current, _first, data = _parts()
    heard: list[object] = []
    data.loading_started.connect(heard.append)
    data.corpus_loaded.connect(lambda: heard.append("loaded"))
    data.scoring_finished.connect(lambda: heard.append("scored"))
    data.system_changed.connect(heard.append)
    current.selection_changed.connect(heard.append)
    request = demo_request()
    data.open(request, doc_id="demo_port_strike")
    assert heard == [f"Opening {request.name}", "loaded", "scored", Selection("demo_port_strike")]
    assert data.result is not None and data.scored(0, data.mapping) is data.result
    assert data.corpus is not None
    assert data.result.micro["plain"] == score_files(data.corpus.gold, data.corpus.inputs[0].system).micro["plain"]
    heard.clear()
    data.set_system(1)  # scored the first time, then announced with the selection kept
    assert heard == ["Scoring system_b.tbf", 1, "scored", Selection("demo_port_strike")]
    assert sorted(data.scored_results()) == [0, 1] and data.system_index == 1


def test_the_session_is_made_of_its_parts_and_hands_their_signals_on() -> None:
    session = Session(ImmediateRunner())
    data = session.corpus_state
    assert session.corpus_loaded is data.corpus_loaded and session.scoring_finished is data.scoring_finished
    assert session.first_document_shown is session.first_document.first_document_shown
    assert data.current is session.current and data.view is session.view and data.first is session.first_document
    session.open(demo_request())
    assert session.result is data.result and session.corpus is data.corpus and session.loaded
    session.set_combination("mention_type")  # the corpus part's rows follow the session's view options
    assert data.rows(session.selection.doc_id) == session.rows(session.selection.doc_id, "mention_type")


def test_the_first_document_part_shows_selects_and_withdraws_a_document() -> None:
    current, first, _data = _parts()
    heard: list[object] = []
    first.first_document_shown.connect(lambda shown: heard.append(shown and shown.doc_id))
    current.selection_changed.connect(heard.append)
    request = demo_request()
    assert first.show(request, 0, None, mapping=DEFAULT_STRATEGY) is None  # not enabled: no window paints it
    first.enabled = True
    shown = first.show(request, 0, "demo_port_strike", mapping=DEFAULT_STRATEGY)
    assert shown is not None and first.document is shown and not first.painted.is_set()
    assert heard == ["demo_port_strike", Selection("demo_port_strike")]
    assert first.withdraw() and first.document is None
    assert heard[2:] == [None, Selection()]
    assert not first.withdraw()  # nothing shown: nothing said
    first.show(request, 0, None, mapping=DEFAULT_STRATEGY)
    taken = first.take()  # the corpus result takes its place: the corpus part says so, not this part
    assert taken is not None and first.document is None and heard[-1] == Selection(taken.doc_id)
