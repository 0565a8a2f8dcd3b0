"""A convention's options applied to every convention of a switchboard that reads them (the window's corpus, issue
35): `options.board_input` and `check_board`, sharing `prepare_with`'s checks and messages."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.options import (
    ConventionOptions,
    check_board,
    given_options,
    options_from,
    options_read,
)
from evmeval.io.errors import FormatError

from tests.core.test_paie import _worked_example
from tests.programs import installed


def seen_victim(tmp_path: Path) -> tuple[Path, Path]:
    """The guide's PAIE example with the victim (words 20-21, outside a window of 251 words) predicted too."""
    gold, pred = _worked_example(tmp_path)
    pred.write_text(json.dumps({"doc_key": "d", "predictions": [
        [[140, 140], [150, 150, "place", 1.0], [20, 21, "victim", 1.0]]]}) + "\n", encoding="utf-8")
    return gold, pred


def paie_span_c(gold: Path, pred: Path, options: ConventionOptions | None) -> tuple[int, int, int]:
    corpus = event_inputs(Input(str(gold), gold.read_bytes()), Input(str(pred), pred.read_bytes()), options=options)
    metric = next(r for r in corpus.switchboard.results if r.name == "paie").metrics["span_c"]
    return int(metric.match_num), metric.pred_num, metric.gold_num


def test_the_window_size_reaches_paie_on_the_switchboard_as_on_the_command_line(tmp_path: Path) -> None:
    gold, pred = seen_victim(tmp_path)
    assert paie_span_c(gold, pred, None) == paie_span_c(gold, pred, ConventionOptions(window_size=250))
    for size in (250, 300):
        out = tmp_path / f"{size}.json"
        run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(pred), "--convention", "paie",
                              "--window-size", str(size), "--json", str(out)], capture_output=True, text=True,
                             check=False)
        assert run.returncode == 0, run.stderr
        span = json.loads(out.read_text(encoding="utf-8"))["conventions"]["paie"]["span_c"]
        assert paie_span_c(gold, pred, ConventionOptions(window_size=size)) == (
            span["match_num"], span["pred_num"], span["gold_num"])
    assert paie_span_c(gold, pred, ConventionOptions(window_size=250)) != paie_span_c(
        gold, pred, ConventionOptions(window_size=300))


def test_only_the_options_the_conventions_read_are_offered() -> None:
    assert options_read(["rams", "paie"]) == ["ontology", "window_size"]
    assert options_read(["gen-arg", "paie"]) == ["coref_file", "ontology", "window_size"]
    assert options_read(["uie"]) == ["match_mode"]
    assert options_read(["omnievent"]) == ["ontology", "regime"]
    assert options_read(["textee", "dygiepp"]) == []


@pytest.mark.parametrize(("options", "message"), [
    (ConventionOptions(match_mode="set"), "--match-mode is read by --convention uie only"),
    (ConventionOptions(regime="tc"), "--regime is read by --convention omnievent only"),
    (ConventionOptions(coref_file="c.jsonl"), "--coref-file is read by --convention gen-arg only"),
    (ConventionOptions(window_size=7), "--window-size 7: PAIE's window is an even number of words"),
])
def test_an_option_no_convention_of_the_board_reads_is_refused_with_the_command_lines_message(
        options: ConventionOptions, message: str) -> None:
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(")):
        check_board(["rams", "paie"], options)


def test_a_missing_ontology_file_is_a_format_error(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="no such file"):
        check_board(["rams", "paie"], ConventionOptions(ontology=str(tmp_path / "nowhere.json")))


def test_the_options_are_stored_as_text_and_read_back() -> None:
    options = ConventionOptions("first", ontology="o.json", window_size=300)
    assert given_options(options) == {"ontology": "o.json", "window_size": "300"}
    assert options_from(given_options(options), "first") == options
    assert options_from({"window_size": " "}) == ConventionOptions()
    with pytest.raises(ValueError, match="--window-size wide: not a whole number"):
        options_from({"window_size": "wide"})
