"""`evmeval_gui.turns`, the one way the window puts GUI-thread work off to later turns of the event loop (issue 34):
`Steps` runs a sequence one step a turn, with the window's other work (paints, clicks, timers) in between, runs
the rest at once when asked, and drops what a new start, a cancel or its owner's deletion leaves."""

from __future__ import annotations

from PySide6.QtCore import QObject

from evmeval_gui.turns import Steps, next_turn

TIMEOUT = 5_000


def _record(ran: list[str], name: str):  # type: ignore[no-untyped-def]
    return lambda: ran.append(name)


def _settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Let every turn still pending pass (a marker put off now runs after them)."""
    done: list[str] = []
    next_turn(_record(done, "done"))
    qtbot.waitUntil(lambda: done == ["done"], timeout=TIMEOUT)
    qtbot.wait(20)


def test_each_step_runs_in_a_later_turn_with_other_work_between(qtbot) -> None:
    ran: list[str] = []
    steps = Steps(QObject())

    def first() -> None:
        ran.append("a")
        next_turn(_record(ran, "between"))  # what the window does after the step (a paint, a click)

    steps.start([first, _record(ran, "b"), _record(ran, "c")])
    assert ran == [] and steps.running  # not in the caller's turn
    qtbot.waitUntil(lambda: "c" in ran, timeout=TIMEOUT)
    assert ran == ["a", "between", "b", "c"]
    assert not steps.running


def test_finish_runs_the_rest_now_and_nothing_twice(qtbot) -> None:
    ran: list[str] = []
    steps = Steps(QObject())
    finished: list[list[str]] = []

    def finish() -> None:  # a click on a page not built yet, between two steps
        steps.finish()
        finished.append(list(ran))

    steps.start([lambda: (ran.append("a"), next_turn(finish)), _record(ran, "b"), _record(ran, "c")])
    qtbot.waitUntil(lambda: bool(finished), timeout=TIMEOUT)
    assert finished == [["a", "b", "c"]] and not steps.running
    _settle(qtbot)
    assert ran == ["a", "b", "c"]


def test_a_new_start_drops_the_steps_before_and_cancel_drops_the_rest(qtbot) -> None:
    ran: list[str] = []
    steps = Steps(QObject())
    steps.start([_record(ran, "old 1"), _record(ran, "old 2")])
    steps.start([lambda: (ran.append("new 1"), next_turn(steps.cancel)), _record(ran, "new 2"),
                 _record(ran, "new 3")])
    qtbot.waitUntil(lambda: not steps.running, timeout=TIMEOUT)
    _settle(qtbot)
    assert ran == ["new 1"]


def test_no_step_runs_once_its_owner_is_deleted(qtbot) -> None:
    ran: list[str] = []
    owner = QObject()
    steps = Steps(owner)
    steps.start([_record(ran, "a"), _record(ran, "b")])
    owner.deleteLater()  # the widgets the steps touch go with it (a window closed during the opening)
    _settle(qtbot)
    assert ran == []


def test_then_runs_after_the_steps_left_or_in_the_next_turn(qtbot) -> None:
    ran: list[str] = []
    steps = Steps(QObject())
    steps.start([_record(ran, "a"), _record(ran, "b")])
    steps.then(_record(ran, "after"))  # e.g. the curation page shown once its item is drawn
    assert ran == [] and steps.running
    qtbot.waitUntil(lambda: not steps.running, timeout=TIMEOUT)
    assert ran == ["a", "b", "after"]
    steps.then(_record(ran, "alone"))
    assert ran == ["a", "b", "after"]  # not in the caller's turn
    qtbot.waitUntil(lambda: not steps.running, timeout=TIMEOUT)
    _settle(qtbot)
    assert ran == ["a", "b", "after", "alone"]
