"""Issue 34: an event JSONL corpus's first document, read through the streams and scored alone, is what the
whole corpus gives that document, and is had without reading the rest of the gold file."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.first_document import first_document
from evmeval.mention.scoring import score_files

from tests.shipped import EXAMPLES


def _whole(gold: str, system: str):  # type: ignore[no-untyped-def]
    corpus = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()))
    return corpus.inputs, score_files(corpus.inputs.gold, corpus.inputs.system)


def _two_windows(tmp_path: Path) -> tuple[str, str]:
    """TextEE files whose first document has two windows, the system's windows in another order."""
    gold = [json.loads(line) for line in (EXAMPLES / "textee_gold.jsonl").read_text(encoding="utf-8").splitlines()]
    pred = [json.loads(line) for line in (EXAMPLES / "textee_pred.jsonl").read_text(encoding="utf-8").splitlines()]
    second = {**gold[1], "doc_id": "D1", "wnd_id": "D1-1"}
    second_pred = {**next(p for p in pred if p["wnd_id"] == "D2-0"), "doc_id": "D1", "wnd_id": "D1-1"}
    paths = []
    for name, lines in (("gold.jsonl", [gold[0], second, gold[1]]), ("pred.jsonl", [pred[0], second_pred, pred[1]])):
        (tmp_path / name).write_text("".join(json.dumps(v) + "\n" for v in lines), encoding="utf-8")
        paths.append(str(tmp_path / name))
    return paths[0], paths[1]


@pytest.mark.parametrize("name", ["textee", "maven", "maven_ere", "dygiepp", "two windows"])
def test_the_first_document_is_the_whole_corpus_result_for_it(name: str, tmp_path: Path) -> None:
    if name == "two windows":
        gold, system = _two_windows(tmp_path)
    else:
        gold, system = str(EXAMPLES / f"{name}_gold.jsonl"), str(EXAMPLES / f"{name}_pred.jsonl")
    first = first_document(gold, system)
    assert first is not None
    inputs, result = _whole(gold, system)
    assert first.doc_id == next(iter(inputs.gold.documents))
    assert list(first.inputs.gold.documents) == [first.doc_id]
    assert list(first.result.documents) == [result.document(first.doc_id)]
    assert first.result.document(first.doc_id).gold == result.document(first.doc_id).gold  # lines included
    reader = first.inputs.texts.reader  # the text and table made when first asked for (a click shows them later)
    assert reader is not None and reader is first.inputs.tokens.reader and not reader._kept
    assert first.inputs.texts.text(first.doc_id) == inputs.texts.text(first.doc_id)
    assert first.inputs.tokens.table(first.doc_id) == inputs.tokens.table(first.doc_id)
    if name == "two windows":
        assert first.inputs.texts.text("D1").count("\n") == 1  # both windows, one line each
        assert len(first.result.document("D1").system) > len(_whole(
            str(EXAMPLES / "textee_gold.jsonl"), str(EXAMPLES / "textee_pred.jsonl"))[1].document("D1").system)


def test_the_rest_of_the_gold_file_is_not_read(tmp_path: Path) -> None:
    gold = tmp_path / "gold.jsonl"
    lines = (EXAMPLES / "maven_ere_gold.jsonl").read_text(encoding="utf-8").splitlines()
    gold.write_text("\n".join([*lines, "{broken"]) + "\n", encoding="utf-8")  # the third line: never read
    first = first_document(str(gold), str(EXAMPLES / "maven_ere_pred.jsonl"))
    assert first is not None and first.doc_id == "A"


def test_a_problem_in_the_first_document_or_strings_give_none(tmp_path: Path) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text("{broken\n", encoding="utf-8")
    assert first_document(str(gold), str(EXAMPLES / "maven_ere_pred.jsonl")) is None  # the corpus load words it
    assert first_document(str(EXAMPLES / "textee_gold.jsonl"), str(EXAMPLES / "strings_pred.jsonl")) is None
    assert first_document(str(EXAMPLES / "bionlp" / "gold"), str(EXAMPLES / "bionlp" / "answer")) is None


def test_a_fifo_is_left_to_the_corpus_load(tmp_path: Path) -> None:
    fifo = tmp_path / "gold.jsonl"
    os.mkfifo(fifo)  # no writer: reading it would wait for ever
    found: list[object] = []
    reader = threading.Thread(target=lambda: found.append(first_document(str(fifo), str(
        EXAMPLES / "maven_ere_pred.jsonl"))), daemon=True)
    reader.start()
    reader.join(10)
    assert found == [None]
    assert first_document("-", str(EXAMPLES / "maven_ere_pred.jsonl")) is None


def test_a_maven_type_id_the_first_document_lacks_is_named_from_the_next_gold_documents(tmp_path: Path) -> None:
    lines = (EXAMPLES / "maven_gold.jsonl").read_text(encoding="utf-8").splitlines()
    gold, system = tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"
    gold.write_text("\n".join([lines[1], lines[0], lines[2]]) + "\n", encoding="utf-8")  # D2 (Attack only) first
    system.write_text(json.dumps({"id": "D2", "predictions": [{"id": "M4", "type_id": 9}]}) + "\n", encoding="utf-8")
    first = first_document(str(gold), str(system))
    assert first is not None and first.doc_id == "D2"
    inputs, result = _whole(str(gold), str(system))
    assert [m.raw_type for m in first.inputs.system.documents["D2"].mentions] == ["Escaping"]  # not "type 9"
    assert first.inputs.system.documents["D2"] == inputs.system.documents["D2"]
    assert list(first.result.documents) == [result.document("D2")]


def test_an_id_json_may_write_escaped_is_found_by_decoding_every_line(tmp_path: Path) -> None:
    gold, system = tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"
    gold.write_text((EXAMPLES / "maven_ere_gold.jsonl").read_text(encoding="utf-8").replace('"A"', '"A/1"'),
                    encoding="utf-8")
    pred = (EXAMPLES / "maven_ere_pred.jsonl").read_text(encoding="utf-8").replace('"A"', '"A\\/1"')
    system.write_text(pred, encoding="utf-8")  # the same id, its slash escaped as JSON allows
    first = first_document(str(gold), str(system))
    assert first is not None and first.doc_id == "A/1"
    assert list(first.result.documents) == [_whole(str(gold), str(system))[1].document("A/1")]
    assert first.inputs.system.documents["A/1"].relations
