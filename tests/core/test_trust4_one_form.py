"""Rules that existed in two forms and disagreed, now one (issue 33 item 6): the window's and
`evmeval-convert`'s MAVEN/MAVEN-ERE -> tbf, MAVEN's and MAVEN-ERE's record checks; no Qt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.convert import tbf_name
from evmeval.conventions.convert_tokens import maven_ere_to_tbf, maven_to_tbf
from evmeval.conventions.corpus import event_inputs
from evmeval.io.errors import FormatError
from evmeval.io.maven import read_maven
from evmeval.io.maven_ere import read_maven_ere
from evmeval.io.tbf import format_tbf, read_tbf
from evmeval.model import SpanMode

from tests.shipped import EXAMPLES


def _mention_fields(tbf_text: str) -> list[list[str]]:
    """Each mention line's fields after the run id (doc, id, span, text, type, realis)."""
    return [line.split("\t")[1:] for line in tbf_text.splitlines() if line and not line.startswith(("#", "@"))]


@pytest.mark.parametrize(("gold", "pred", "convert"), [("maven_gold.jsonl", "maven_pred.jsonl", maven_to_tbf),
                                                       ("maven_ere_gold.jsonl", "maven_ere_pred.jsonl",
                                                        maven_ere_to_tbf)])
def test_the_window_and_the_converter_write_one_tbf_of_a_maven_file(gold, pred, convert, tmp_path: Path) -> None:
    window = event_inputs(Input(str(EXAMPLES / gold)), Input(str(EXAMPLES / pred))).inputs.gold
    written = format_tbf(list(window.documents.values()))
    converted = convert(str(EXAMPLES / gold)).files[tbf_name(str(EXAMPLES / gold))]
    assert _mention_fields(written) == _mention_fields(converted)
    assert {f[5] for f in _mention_fields(written)} == {"NOT_ANNOTATED"}  # was "" in the window
    (tmp_path / "w.tbf").write_text(written, encoding="utf-8")
    back, problems = read_tbf(str(tmp_path / "w.tbf"), mode=SpanMode.TOKEN)
    assert not problems
    assert [m.realis for d in back.documents.values() for m in d.mentions] == \
        [m.realis for d in window.documents.values() for m in d.mentions]


def test_the_textee_window_mentions_carry_the_realis_the_converter_writes() -> None:
    window = event_inputs(Input(str(EXAMPLES / "textee_gold.jsonl")), Input(str(EXAMPLES / "textee_pred.jsonl")))
    raw = {m.raw_realis for d in window.inputs.gold.documents.values() for m in d.mentions}
    assert raw == {"NOT_ANNOTATED"}


def _maven_ere_line(type_id: int) -> str:
    event = {"id": "E", "type": "Attack", "type_id": type_id,
             "mention": [{"id": "m1", "trigger_word": "attack", "sent_id": 0, "offset": [0, 1]}]}
    return json.dumps({"id": "D", "title": "t", "tokens": [["attack", "."]], "sentences": ["attack ."],
                       "events": [event]}) + "\n"


def _maven_line(type_id: int) -> str:
    event = {"id": "E", "type": "Attack", "type_id": type_id,
             "mention": [{"id": "m1", "trigger_word": "attack", "sent_id": 0, "offset": [0, 1]}]}
    return json.dumps({"id": "D", "title": "t", "content": [{"sentence": "attack .", "tokens": ["attack", "."]}],
                       "events": [event], "negative_triggers": []}) + "\n"


@pytest.mark.parametrize(("line", "read"), [(_maven_line, read_maven), (_maven_ere_line, read_maven_ere)])
def test_maven_and_maven_ere_check_an_event_record_alike(line, read, tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_text(line(169), encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        read(str(path))
    assert str(caught.value) == (f"{path}:1: document 'D', event 'E': type_id 169 is not a MAVEN type id "
                                 "(expected the event type's id: an integer 1..168)")
    path.write_text(line(5).replace('"sent_id": 0', '"sent_id": 3'), encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        read(str(path))
    assert "sent_id 3 is not a sentence of the document's 1 (expected the index of its sentence in the document" \
        in str(caught.value)
