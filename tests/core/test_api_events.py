"""`evmeval.load` of an event-extraction pair (issue 32, item 5): a TextEE file scores from Python with no token
folder, and the corpus carries every convention's result and the switchboard, as `--convention all` gives them."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import evmeval

from tests.programs import installed
from tests.shipped import EXAMPLES

DATA = EXAMPLES


def test_a_textee_pair_loads_scores_and_has_the_commands_switchboard(tmp_path: Path) -> None:
    gold, pred = str(DATA / "textee_gold.jsonl"), str(DATA / "textee_pred.jsonl")
    corpus = evmeval.load(gold, pred)
    scores = evmeval.score(corpus)
    # the window's figures: the mentions under evmeval's own convention (ours), as tbf
    span = scores.micro("span")
    assert (span.tp, span.num_gold, span.num_system) == (2.0, 4, 5) and round(span.f1, 4) == 0.4444
    board = corpus.switchboard
    assert board is not None and [r.name for r in board.results] == ["textee", "evmeval"]
    ours = next(r for r in board.results if r.name == "evmeval")
    assert ours.metrics["plain"].f1 == span.f1
    out = tmp_path / "conventions.json"
    done = subprocess.run([installed("evmeval-score"), "--convention", "all", "-g", gold, "-s", pred,
                           "-o", str(tmp_path / "report.txt"), "--json", str(out)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["conventions"] == {r.name: r.to_json() for r in board.results}
    assert data["switchboard"] == json.loads(json.dumps(board.to_json()))


def test_a_tbf_pair_has_no_switchboard() -> None:
    demo = Path(__file__).resolve().parent.parent.parent / "resources" / "demo"
    corpus = evmeval.load(str(demo / "gold.tbf"), str(demo / "system_a.tbf"), tokens=str(demo / "tkn"))
    assert corpus.switchboard is None


def test_gold_from_standard_input_is_still_tbf() -> None:
    """Telling an event file from tbf must not read standard input (it can be read only once)."""
    import sys

    demo = Path(__file__).resolve().parent.parent.parent / "resources" / "demo"
    code = ("import evmeval; corpus = evmeval.load('-', 'system_a.tbf', tokens='tkn'); "
            "print(round(evmeval.score(corpus).micro('span').f1, 4))")
    done = subprocess.run([sys.executable, "-c", code], input=(demo / "gold.tbf").read_text(encoding="utf-8"),
                          capture_output=True, text=True, cwd=demo, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "0.914\n", "")
