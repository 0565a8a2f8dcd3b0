"""The Qt-free side of the mapping choice: Session.set_mapping and AlignmentFigures, with ImmediateRunner."""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.mention.schemes import scheme_scores

from evmeval_gui.align.state import AlignmentFigures
from evmeval_gui.model.corpus import make_request
from evmeval_gui.model.jobs import MAIN, ImmediateRunner
from evmeval_gui.model.session import Session

DATA = Path(__file__).resolve().parents[1] / "data" / "aligngui"


class CancellingRunner(ImmediateRunner):
    """Runs jobs at once, except that a MAIN job is cancelled while `cancel` is set."""

    cancelling = False

    def submit(self, label, work, on_done, **options):  # the runner's own keywords, passed on as they are
        if self.cancelling and options.get("key", MAIN) == MAIN:
            on_cancelled = options.get("on_cancelled")
            if on_cancelled is not None:
                on_cancelled()
            return 0
        return super().submit(label, work, on_done, **options)


@pytest.fixture
def session() -> Session:
    s = Session(CancellingRunner())
    s.open(make_request(str(DATA / "gold.tbf"), [str(DATA / "system.tbf")]))
    return s


def test_set_mapping_rescores_and_reuses_what_was_scored(session):
    figures = AlignmentFigures(session)
    seen: list[str] = []
    session.mapping_changed.connect(seen.append)
    greedy = session.result
    session.set_mapping("optimal")
    assert session.result.mapping == "optimal" and seen == ["optimal"]
    assert figures.schemes is not None and figures.schemes.mapping == "optimal"
    assert figures.schemes.muc == scheme_scores(session.result).muc
    session.set_mapping("greedy")
    assert session.result is greedy  # scored before: shown again, not rescored
    with pytest.raises(ValueError, match="greedy, optimal, ordered"):
        session.set_mapping("best")


def test_a_cancelled_rescoring_puts_the_choice_back(session):
    seen: list[str] = []
    session.mapping_changed.connect(seen.append)
    session.runner.cancelling = True
    session.set_mapping("ordered")
    assert session.mapping == "greedy" and session.result.mapping == "greedy"
    assert seen == ["ordered", "greedy"]


def test_differences_follow_the_combination_and_the_focus_follows_the_selection(session):
    figures = AlignmentFigures(session)
    figures.request_differences()
    diff = figures.differences
    assert diff is not None and diff.combination == "plain"
    assert {(c.doc_id, c.strategy, c.gold_id) for c in diff.changes} == {
        ("market", "optimal", "G1"), ("market", "optimal", "G2"), ("market", "ordered", "G1"),
        ("market", "ordered", "G2"), ("arrests", "ordered", "Gb")}
    session.set_combination("mention_type")  # G1-S2 differ in type: greedy already takes G1-S1, G2-S2
    assert figures.differences.combination == "mention_type"
    assert {c.doc_id for c in figures.differences.changes} == {"arrests"}
    change = figures.differences.changes[0]
    figures.show_change(change)
    assert figures.focus == change and session.selection.gold_ids == frozenset({"Gb"})
    session.select_document("market")
    assert figures.focus is None
