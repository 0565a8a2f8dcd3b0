"""The window's switchboard asks its job's cancel check at every line read (issue 34).

Each convention's scorer reads both files in one call that takes no `cancelled` (`Convention.score(gold, system)`,
a published scorer reproduced): on a MAVEN-ERE-sized pair the window's load ran 2.7 s without a check, so neither
Cancel nor the gate that holds jobs while the GUI thread works could reach it. Inside `checked_while_reading` the
JSON-lines reader asks the check at each line; outside it (every command) nothing changes.
"""

from __future__ import annotations

import inspect
import shutil
from pathlib import Path

import pytest
from evmeval._util.progress import Cancelled, checked_while_reading, reading_check
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.first_document import index_gold
from evmeval.io.jsonlines import JsonLines

from tests.shipped import EXAMPLES


def test_lines_read_inside_the_block_ask_the_check_and_only_there() -> None:
    path = str(EXAMPLES / "maven_ere_gold.jsonl")
    lines = sum(1 for _ in JsonLines(path))
    asked: list[int] = []
    with checked_while_reading(lambda: asked.append(1) is not None):  # never says stop
        assert sum(1 for _ in JsonLines(path)) == lines
        assert len(asked) == lines  # once a line
        with checked_while_reading(None):
            assert reading_check() is None
        assert reading_check() is not None  # the outer block's again
    assert reading_check() is None
    sum(1 for _ in JsonLines(path))
    assert len(asked) == lines  # outside the block nothing is asked
    with checked_while_reading(lambda: True), pytest.raises(Cancelled):
        next(iter(JsonLines(path)))


@pytest.mark.parametrize("name", ["maven_ere", "maven"])
def test_the_switchboard_of_a_window_load_asks_the_check_as_it_reads(name: str, tmp_path: Path) -> None:
    gold, pred = tmp_path / f"{name}_gold.jsonl", tmp_path / f"{name}_pred.jsonl"
    shutil.copy(EXAMPLES / gold.name, gold)
    shutil.copy(EXAMPLES / pred.name, pred)
    from_switchboard: list[bool] = []

    def check() -> bool:
        from_switchboard.append(any(f.function == "run_switchboard" for f in inspect.stack()))
        return False

    index = index_gold(str(gold))
    plain = event_inputs(Input(str(gold)), Input(str(pred)), index=index)
    checked = event_inputs(Input(str(gold)), Input(str(pred)), index=index_gold(str(gold)), cancelled=check)
    assert any(from_switchboard)  # asked while the conventions' scorers read the files
    # as text: MAVEN-ERE's averaged figures carry NaN precision and recall, which never equal themselves
    figures = [repr([r.metrics for r in c.switchboard.results]) for c in (checked, plain)]
    assert figures[0] == figures[1]

    def stop_in_the_switchboard() -> bool:
        return any(f.function == "run_switchboard" for f in inspect.stack())

    with pytest.raises(Cancelled):
        event_inputs(Input(str(gold)), Input(str(pred)), index=index_gold(str(gold)),
                     cancelled=stop_in_the_switchboard)
