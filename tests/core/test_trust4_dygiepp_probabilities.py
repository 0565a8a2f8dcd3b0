"""Issue 31 item 16: a DyGIE++ probability is its decoder's softmax maximum, a finite number in [0, 1].
NaN, Infinity or a number outside [0, 1] would distort the threshold curve (a NaN trigger survives every
threshold), so the reader and the validator both refuse them at their line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.io import dygiepp as dy
from evmeval.io.errors import FormatError

from tests.programs import installed


def _doc(trigger_prob: object = 0.6, argument_prob: object = 0.7) -> dict[str, object]:
    return {"doc_key": "D", "sentences": [["Bob", "died"]], "events": [[[[1, "Die"], [0, 0, "Victim"]]]],
            "predicted_events": [[[[1, "Die", 0.5, trigger_prob], [0, 0, "Victim", 0.1, argument_prob]]]]}


CASES = [
    ("trigger", "NaN", "document 'D', predicted_events of sentence 0, event 0: probability is NaN"),
    ("trigger", "Infinity", "document 'D', predicted_events of sentence 0, event 0: probability is Infinity"),
    ("trigger", "5.0", "document 'D', predicted_events of sentence 0, event 0: probability is 5.0"),
    ("argument", "-3.0", "document 'D', predicted_events of sentence 0, event 0, argument 0: probability is -3.0"),
    ("argument", "-Infinity",
     "document 'D', predicted_events of sentence 0, event 0, argument 0: probability is -Infinity"),
]


def _write(tmp_path: Path, where: str, raw: str) -> str:
    """A file with a valid first line and, on line 2, the probability written as `raw` (JSON allows the
    words NaN and Infinity only as Python's json writes them)."""
    marker = 0.123456
    doc = _doc(marker, 0.7) if where == "trigger" else _doc(0.6, marker)
    line = json.dumps(doc).replace(str(marker), raw)
    path = tmp_path / "pred.jsonl"
    path.write_text(json.dumps(_doc() | {"doc_key": "C"}) + "\n" + line + "\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("where", "raw", "message"), CASES)
def test_reader_and_validator_refuse_a_probability_outside_0_1(tmp_path: Path, where: str, raw: str,
                                                               message: str) -> None:
    path = _write(tmp_path, where, raw)
    expected = f"{path}:2: {message} (expected a probability between 0 and 1)"
    with pytest.raises(FormatError) as caught:
        dy.read_dygiepp(path)
    assert str(caught.value) == expected
    assert [str(p) for p in dy.validate_dygiepp(path)] == [expected]


@pytest.mark.parametrize("raw", ["0", "1", "0.0", "1.0", "1e-300"])
def test_the_ends_and_tiny_probabilities_are_read(tmp_path: Path, raw: str) -> None:
    path = _write(tmp_path, "trigger", raw)
    assert dy.validate_dygiepp(path) == []
    [_, doc] = dy.read_dygiepp(path).documents
    assert doc.predicted_events is not None and doc.predicted_events[0][0].prob == float(raw)


def test_validate_command_reports_the_nan_probability(tmp_path: Path) -> None:
    import subprocess

    path = _write(tmp_path, "trigger", "NaN")
    done = subprocess.run([installed("evmeval-validate"), path], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert (f"{path}:2: document 'D', predicted_events of sentence 0, event 0: probability is NaN "
            "(expected a probability between 0 and 1)") in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_score_command_refuses_an_infinite_probability(tmp_path: Path) -> None:
    import subprocess

    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({k: v for k, v in _doc().items() if k != "predicted_events"} | {"doc_key": "C"})
                    + "\n" + json.dumps({k: v for k, v in _doc().items() if k != "predicted_events"}) + "\n",
                    encoding="utf-8")
    pred = _write(tmp_path, "argument", "Infinity")
    done = subprocess.run([installed("evmeval-score"), "--convention", "dygiepp", "-g", str(gold), "-s", pred],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert done.stderr == (f"evmeval-score: error: {pred}:2: document 'D', predicted_events of sentence 0, "
                           "event 0, argument 0: probability is Infinity (expected a probability between 0 and 1)\n")
