"""A TextEE prediction file may list a document's windows in another order than gold's: TextEE pairs windows by
id, so the run scores, and every figure is the one of the file in gold's order. The DyGIE++ pivot puts each
predicted window in the sentence gold has it in (DyGIE++ pairs sentences by position)."""

from __future__ import annotations

import io
import json
import random
import subprocess
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from evmeval.cli.score import score_main
from evmeval.conventions import corpus_stream
from evmeval.conventions.argument_pivot import (
    argument_board,
    as_dygiepp,
    gold_places,
    left_out_dygiepp,
    unfit_prediction,
)
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import EventCorpus, event_inputs
from evmeval.conventions.first_document import index_gold
from evmeval.conventions.parsed import textee_file
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_textee_streamed_load import _window
from tests.programs import installed


def _windows(seed: int, documents: int) -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]:
    """Gold windows and each document's predicted windows in gold's order (every trigger one token: the DyGIE++
    pivot reads the run)."""
    rng = random.Random(seed)
    gold, system = [], []
    for d in range(documents):
        made = [_window(rng, f"doc{d:02d}", f"doc{d:02d}-{w}", 1) for w in range(rng.randint(2, 4))]
        gold += [g for g, _ in made]
        system.append([s for _, s in made])
    return gold, system


def _write(folder: Path, gold: list[dict[str, Any]], system: list[dict[str, Any]]) -> Path:
    folder.mkdir()
    for name, lines in (("gold.jsonl", gold), ("pred.jsonl", system)):
        (folder / name).write_text("".join(json.dumps(v) + "\n" for v in lines), encoding="utf-8")
    return folder


def _score(folder: Path) -> tuple[str, dict[str, Any]]:
    """`evmeval-score --convention all` run in `folder` on its pair: what it prints and its --json."""
    done = subprocess.run([installed("evmeval-score"), "-g", "gold.jsonl", "-s", "pred.jsonl", "--convention", "all",
                           "--json", "out.json"], cwd=folder, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout, json.loads((folder / "out.json").read_text(encoding="utf-8"))


def _boards(corpus: EventCorpus) -> tuple[object, ...]:
    assert corpus.argument_board is not None
    return (corpus.switchboard.results, corpus.switchboard.to_json(), corpus.verdicts,
            corpus.argument_board.board.results, corpus.argument_board.to_json())


def test_a_documents_windows_swapped_in_the_prediction_score_as_in_golds_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold, system = _windows(3, 4)
    in_order = _write(tmp_path / "in_order", gold, [w for windows in system for w in windows])
    system[1][0], system[1][1] = system[1][1], system[1][0]  # one document's first two windows swapped
    swapped = _write(tmp_path / "swapped", gold, [w for windows in system for w in windows])

    printed, made = _score(swapped)
    assert (printed, made) == _score(in_order)  # every convention's rows, the argument board, the flips
    assert [c["name"] for c in made["arguments"]["columns"]] == ["textee", "strings", "dygiepp"]
    assert made["arguments"]["left_out"] == {}
    assert made["arguments"]["flips"]

    streamed: list[bool] = []
    made_pair = corpus_stream.streamed_pair
    monkeypatch.setattr(corpus_stream, "streamed_pair", lambda *args: streamed.append(
        (found := made_pair(*args)) is not None) or found)
    loads = []
    for folder in (in_order, swapped):
        gold_path, system_path = str(folder / "gold.jsonl"), str(folder / "pred.jsonl")
        window = event_inputs(Input(gold_path), Input(system_path), index=index_gold(gold_path), keep_outcomes=False)
        whole = event_inputs(Input(gold_path, Path(gold_path).read_bytes()),
                             Input(system_path, Path(system_path).read_bytes()), keep_outcomes=False)
        assert _boards(window) == _boards(whole)
        loads.append(_boards(window))
    assert loads[0] == loads[1]
    assert streamed == [True, True]  # the window's load read both a document at a time


def test_the_pivot_puts_each_predicted_window_in_golds_sentence(tmp_path: Path) -> None:
    gold, system = _windows(5, 1)
    system[0].reverse()
    folder = _write(tmp_path / "pair", gold, system[0])
    g, s = (textee_file(Input(str(folder / name))) for name in ("gold.jsonl", "pred.jsonl"))
    gold_bytes, units = as_dygiepp(g, "gold")
    system_bytes, system_units = as_dygiepp(s, "pred", gold_places(g.windows))
    assert system_units == units == {"doc00": [w["wnd_id"] for w in gold]}
    sentences = [json.loads(line)["sentences"] for line in (gold_bytes, system_bytes)]
    assert sentences[0] == sentences[1] == [w["tokens"] for w in gold]


def test_a_predicted_window_gold_lacks_leaves_dygiepp_out_saying_which(tmp_path: Path) -> None:
    gold, system = _windows(6, 1)
    folder = _write(tmp_path / "pair", gold, system[0])
    g, s = (textee_file(Input(str(folder / name))) for name in ("gold.jsonl", "pred.jsonl"))
    s.windows[1] = replace(s.windows[1], wnd_id="doc00-9")  # TextEE refuses the pair first; the pivot says it too
    places = gold_places(g.windows)
    assert [why for w in s.windows if (why := unfit_prediction(w, places))] == [
        "window 'doc00-9' of document 'doc00' (line 2) is not in the gold file (DyGIE++ pairs a document's "
        "sentences by position)"]
    assert left_out_dygiepp("", unfit_prediction(s.windows[1], places)) == {"dygiepp": (
        "not exact through the DyGIE++ pivot: predictions: window 'doc00-9' of document 'doc00' (line 2) is not in "
        "the gold file (DyGIE++ pairs a document's sentences by position)")}


def test_a_predicted_window_with_other_tokens_leaves_dygiepp_out_and_the_run_scores(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """TextEE reads no prediction's tokens; DyGIE++ predictions hold the gold's sentences."""
    gold, system = _windows(7, 2)
    system[1][1] = {**system[1][1], "tokens": [*system[1][1]["tokens"][:-1], "elsewhere"]}
    folder = _write(tmp_path / "pair", gold, [w for windows in system for w in windows])
    line = len(system[0]) + 2
    printed, made = _score(folder)
    why = (f"not exact through the DyGIE++ pivot: predictions: window 'doc01-1' (line {line}) has other tokens "
           "than the gold's window (DyGIE++ predictions hold the gold's sentences)")
    assert made["arguments"]["left_out"] == {"dygiepp": why}
    assert f"Left out: dygiepp: {why}\n" in printed
    assert [c["name"] for c in made["arguments"]["columns"]] == ["textee", "strings"]
    streamed: list[bool] = []
    made_pair = corpus_stream.streamed_pair
    monkeypatch.setattr(corpus_stream, "streamed_pair", lambda *args: streamed.append(
        (found := made_pair(*args)) is not None) or found)
    gold_path, system_path = str(folder / "gold.jsonl"), str(folder / "pred.jsonl")
    window = event_inputs(Input(gold_path), Input(system_path), index=index_gold(gold_path), keep_outcomes=False)
    assert streamed == [True]
    assert window.argument_board is not None and window.argument_board.left_out == {"dygiepp": why}
    whole = event_inputs(Input(gold_path, Path(gold_path).read_bytes()),
                         Input(system_path, Path(system_path).read_bytes()), keep_outcomes=False)
    assert _boards(window) == _boards(whole)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), shuffles=st.integers(0, 10_000))
def test_shuffling_a_documents_windows_changes_no_figure(tmp_path_factory: Any, seed: int, shuffles: int) -> None:
    gold, system = _windows(seed, 3)
    rng = random.Random(shuffles)
    shuffled = [rng.sample(windows, len(windows)) for windows in system]
    inputs, reports = [], []
    for lines in ([w for windows in system for w in windows], [w for windows in shuffled for w in windows]):
        folder = _write(tmp_path_factory.mktemp("pair") / "pair", gold, lines)
        inputs.append((Input(str(folder / "gold.jsonl")), Input(str(folder / "pred.jsonl"))))
        with redirect_stdout(io.StringIO()):
            assert score_main(["-g", str(folder / "gold.jsonl"), "-s", str(folder / "pred.jsonl"), "--convention",
                               "all", "--json", str(folder / "out.json")]) == 0
        made = json.loads((folder / "out.json").read_text(encoding="utf-8"))
        reports.append({key: made[key] for key in ("conventions", "switchboard", "arguments")})
    assert reports[0] == reports[1]  # every convention's figures, the switchboard, the argument board, the flips
    boards = [event_inputs(*pair, keep_outcomes=False) for pair in inputs]
    assert _boards(boards[0]) == _boards(boards[1])
    found = [argument_board(*pair) for pair in inputs]
    assert found[0].left_out == found[1].left_out == {}
    assert found[0].to_json() == found[1].to_json()
