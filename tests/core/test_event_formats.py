"""TextEE window JSONL and DyGIE++ document JSONL: writers that their readers read back equal, and
validators that name the file, the line and what was expected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.io import dygiepp as dy
from evmeval.io import textee as tx
from evmeval.io.errors import FormatError
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.event_strategies import documents, window_files
from tests.shipped import EXAMPLES

DATA = EXAMPLES


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@settings(max_examples=60, deadline=None)
@given(gold=window_files(), prediction=window_files(prediction=True))
def test_textee_round_trip(tmp_path_factory: pytest.TempPathFactory, gold: list[tx.Window],
                           prediction: list[tx.Window]) -> None:
    folder = tmp_path_factory.mktemp("rt")
    for windows in (gold, prediction):
        text = tx.dumps_textee(windows)
        again = tx.read_textee(_write(folder, "w.jsonl", text)).windows
        assert again == windows
        assert tx.dumps_textee(again) == text


def test_textee_round_trip_keeps_unmodelled_fields(tmp_path: Path) -> None:
    # relation_mentions (optional in the README) and any field of a project's own ride along unchanged
    window = json.loads((DATA / "textee_gold.jsonl").read_text(encoding="utf-8").splitlines()[0])
    window["relation_mentions"] = [{"id": "R1", "relation_type": "employed_by", "arguments": []}]
    window["event_mentions"][0]["trigger"]["offset_start"] = 4
    window["event_mentions"][0]["arguments"][0]["offset_end"] = 3
    window["entity_mentions"][0]["mention_type"] = "NAM"
    text = json.dumps(window) + "\n"
    windows = tx.read_textee(_write(tmp_path, "g.jsonl", text)).windows
    assert json.loads(tx.dumps_textee(windows)) == window


def test_published_layout_reads(tmp_path: Path) -> None:
    gold = tx.read_textee(str(DATA / "textee_gold.jsonl"))
    first = gold.windows[0]
    assert (first.doc_id, first.wnd_id, first.lang, len(first.tokens)) == ("D1", "D1-0", "en", 6)
    # the argument names entity E1 ([2, 3)); its own start/end (5, 6) are not what TextEE scores
    assert first.argument_span(first.event_mentions[0].arguments[1]) == (2, 3)


@pytest.mark.parametrize(("edit", "message"), [
    (lambda w: w.pop("wnd_id"), "1: no 'wnd_id' field (expected the window id as a string)"),
    (lambda w: w.update(tokens="Bob hired"), "1: window 'W': 'tokens' is the string 'Bob hired' (expected a list"),
    (lambda w: w["event_mentions"][0]["trigger"].update(end=1),
     "1: window 'W', event 0, trigger: span [1, 1) outside the window's 3 tokens or empty"),
    (lambda w: w["event_mentions"][0]["arguments"][0].update(entity_id="E9"),
     "1: window 'W', event 0, argument 0: entity_id 'E9' is not among the window's entity_mentions"),
    (lambda w: w["event_mentions"][0].update(event_type=3),
     "1: window 'W', event 0: 'event_type' is the number 3 (expected the event type as a string)"),
    (lambda w: w["event_mentions"][0]["trigger"].update(start=True),
     "1: window 'W', event 0, trigger: start True, end 2 (expected a token offset"),
    (lambda w: w["event_mentions"][0].pop("arguments"),
     "1: window 'W', event 0: no 'arguments' field (expected a list of arguments (empty if none))"),
])
def test_textee_validator_messages(tmp_path: Path, edit, message: str) -> None:  # type: ignore[no-untyped-def]
    window = {"doc_id": "D", "wnd_id": "W", "tokens": ["Bob", "hired", "Ann"],
              "entity_mentions": [{"id": "E0", "start": 0, "end": 1}],
              "event_mentions": [{"event_type": "Hire", "trigger": {"start": 1, "end": 2},
                                  "arguments": [{"entity_id": "E0", "role": "Employer"}]}]}
    edit(window)
    path = _write(tmp_path, "v.jsonl", json.dumps(window) + "\n")
    with pytest.raises(FormatError) as caught:
        tx.read_textee(path)
    assert str(caught.value).startswith(f"{path}:{message}")
    assert [str(p) for p in tx.validate_textee(path)] == [str(caught.value)]


def test_textee_validator_lists_every_bad_line(tmp_path: Path) -> None:
    good = (DATA / "textee_pred.jsonl").read_text(encoding="utf-8").splitlines()
    text = "\n".join([good[0], "{not json", "", good[0], '["a list"]']) + "\n"
    path = _write(tmp_path, "many.jsonl", text)
    problems = [str(p) for p in tx.validate_textee(path)]
    assert problems[0].startswith(f"{path}:2: not JSON (")
    assert problems[1:] == [f"{path}:3: empty line (expected one JSON object per line)",
                            f"{path}:4: window 'D2-0' of document 'D2' already on line 1 (expected each window "
                            "once (wnd_id is unique))",
                            f"{path}:5: the line is a list of 1 (expected the line as a JSON object)"]


def test_not_utf8_and_empty_files(tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'{"doc_id": "\xe9"}\n')
    with pytest.raises(FormatError, match=r"latin1.jsonl:1: not UTF-8 at byte 12"):
        tx.read_textee(str(path))
    with pytest.raises(FormatError, match=r"empty.jsonl: no lines \(expected one JSON object per line\)"):
        dy.read_dygiepp(_write(tmp_path, "empty.jsonl", ""))


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_dygiepp_round_trip(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("rt")
    docs = [data.draw(documents(f"doc{i}", predicted=data.draw(st.booleans()))) for i in range(data.draw(
        st.integers(1, 3)))]
    text = dy.dumps_dygiepp(docs)
    again = dy.read_dygiepp(_write(folder, "d.jsonl", text)).documents
    assert again == docs
    assert dy.dumps_dygiepp(again) == text


def test_dygiepp_round_trip_keeps_unmodelled_fields(tmp_path: Path) -> None:
    doc = json.loads((DATA / "dygiepp_pred.jsonl").read_text(encoding="utf-8").splitlines()[0])
    doc["ner"] = [[[0, 0, "PER"], [2, 2, "PER"]], [[4, 4, "PER"]]]
    doc["event_clusters"] = [[[5, 5], [9, 9]]]
    doc["weight"] = 0.5
    text = json.dumps(doc) + "\n"
    assert json.loads(dy.dumps_dygiepp(dy.read_dygiepp(_write(tmp_path, "d.jsonl", text)).documents)) == doc


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.pop("sentences"), "document 'D': no 'sentences' field"),
    (lambda d: d["sentences"][0].__setitem__(1, ""),
     "document 'D', sentence 0: is a list of 2 or holds a non-string or empty token (expected a list of "
     "non-empty token strings)"),
    (lambda d: d.update(sentence_start=[0]), "document 'D': unexpected field 'sentence_start'"),
    (lambda d: d.update(events=[]), "document 'D': 'events' is a list of 0 (expected a list with one entry per "
     "sentence (1))"),
    (lambda d: d["events"][0][0][0].__setitem__(0, 5),
     "document 'D', events of sentence 0, event 0: trigger token 5 is outside its sentence (tokens 0..1)"),
    (lambda d: d["events"][0][0][1].__setitem__(1, 7),
     "document 'D', events of sentence 0, event 0, argument 0: span [0, 7] is outside the document's 2 tokens"),
    (lambda d: d["predicted_events"][0][0][0].pop(),
     "document 'D', predicted_events of sentence 0, event 0: trigger is [1, 'Die', 0.5] (expected [trigger "
     "token, event type, logit, probability])"),
    (lambda d: d["predicted_events"][0][0][1].__setitem__(4, "high"),
     "document 'D', predicted_events of sentence 0, event 0, argument 0: probability is the string 'high'"),
])
def test_dygiepp_validator_messages(tmp_path: Path, edit, message: str) -> None:  # type: ignore[no-untyped-def]
    doc = {"doc_key": "D", "sentences": [["Bob", "died"]], "events": [[[[1, "Die"], [0, 0, "Victim"]]]],
           "predicted_events": [[[[1, "Die", 0.5, 0.6], [0, 0, "Victim", 0.1, 0.7]]]]}
    edit(doc)
    path = _write(tmp_path, "v.jsonl", json.dumps(doc) + "\n")
    with pytest.raises(FormatError) as caught:
        dy.read_dygiepp(path)
    assert str(caught.value).startswith(f"{path}:1: {message}")
    assert [str(p) for p in dy.validate_dygiepp(path)] == [str(caught.value)]
