"""The readers' shape checks (issue 37): a MAVEN/MAVEN-ERE mention or event, or a TextEE event mention, of the
usual shape is built at once (`plain_mentions`, `plain_event`), anything else is read field by field. The quick
check must build exactly what the field-by-field read builds, and leave every other record to it, so each problem
is named as before: every mutation of a record below is read both ways and must give the same record or the
same message."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from evmeval.io import maven as mv
from evmeval.io import maven_ere as ere
from evmeval.io import textee as tx
from evmeval.io.errors import FormatError

ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1, 2, 3, 7, 168, 169, 1.0, 2.5, "", "x", "1", [], [1], [0, 1],
                         [1, 1], [2, 1], [0, 99], [0, 1, 2], ["0", "1"], [True, 1], [0.0, 1], {}, {"a": 1}]
"""What a field may hold instead of the usual value: the quick check must refuse each or build the same."""


def _mutations(record: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """`record` with each field (nested dicts and list items too) set to each odd value, dropped, and with one
    field more."""
    yield copy.deepcopy(record)
    yield {**copy.deepcopy(record), "note": 1}
    for path in _paths(record):
        for value in [*ODD_VALUES, _DROP]:
            mutated = copy.deepcopy(record)
            holder = mutated
            for step in path[:-1]:
                holder = holder[step]
            if value is _DROP:
                if isinstance(holder, dict):
                    del holder[path[-1]]
                else:
                    holder.pop(path[-1])
            else:
                holder[path[-1]] = value
            yield mutated


_DROP = object()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield (*prefix, key)
        yield from _paths(item, (*prefix, key))


def _outcome(read: Callable[[], Any]) -> Any:
    try:
        return read()
    except FormatError as exc:
        return str(exc)


def _both_ways(monkeypatch: pytest.MonkeyPatch, read: Callable[[], Any], module: Any, name: str) -> tuple[Any, Any]:
    quick = _outcome(read)
    with monkeypatch.context() as patched:
        patched.setattr(module, name, lambda *_args: None)
        slow = _outcome(read)
    return quick, slow


MAVEN_EVENT = {"id": "EV1", "type": "Attack", "type_id": 7,
               "mention": [{"id": "M1", "trigger_word": "hit", "sent_id": 1, "offset": [0, 1]},
                           {"id": "M2", "trigger_word": "struck it", "sent_id": 0, "offset": [1, 3]}]}


def _maven_document(event: Any) -> dict[str, Any]:
    return {"id": "D1", "title": "t", "content": [{"sentence": "a b c", "tokens": ["a", "b", "c"]},
                                                  {"sentence": "d e", "tokens": ["d", "e"]}],
            "events": [event], "negative_triggers": [{"id": "N1", "trigger_word": "e", "sent_id": 1,
                                                       "offset": [1, 2]}]}


def _ere_document(event: Any) -> dict[str, Any]:
    return {"id": "D1", "title": "t", "tokens": [["a", "b", "c"], ["d", "e"]], "sentences": ["a b c", "d e"],
            "events": [event, {"id": "EV2", "type": "Die", "type_id": 9, "mention": [{
                "id": "M3", "trigger_word": "e", "sent_id": 1, "offset": [1, 2]}]}],
            "TIMEX": [], "temporal_relations": {"BEFORE": [["EV1", "EV2"]]}, "causal_relations": {},
            "subevent_relations": []}


def test_maven_events_read_quickly_are_the_events_read_field_by_field(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = 0
    for event in _mutations(MAVEN_EVENT):
        for parse, document in ((mv.parse_document, _maven_document(event)),
                                (ere.parse_document, _ere_document(event))):
            data = json.loads(json.dumps(document))  # what a file gives: JSON's own types
            quick, slow = _both_ways(monkeypatch, lambda parse=parse, data=data: parse("f.jsonl", 3, data), mv,
                                     "plain_mentions")
            assert quick == slow, (event, quick, slow)
            seen += 1
    assert seen > 500


def test_the_usual_maven_event_is_taken_by_the_quick_check() -> None:
    tokens = [["a", "b", "c"], ["d", "e"]]
    built = mv.plain_mentions(MAVEN_EVENT["mention"], tokens)
    assert built == [mv.Mention("M1", "hit", 1, (0, 1)), mv.Mention("M2", "struck it", 0, (1, 3))]
    assert mv.plain_mentions([{**MAVEN_EVENT["mention"][0], "offset": [0, 3]}], tokens) is None  # past sentence 1
    assert mv.plain_mentions([{**MAVEN_EVENT["mention"][0], "sent_id": True}], tokens) is None


def test_a_mention_outside_its_sentence_is_still_named() -> None:
    event = copy.deepcopy(MAVEN_EVENT)
    event["mention"][1]["offset"] = [1, 4]
    with pytest.raises(FormatError) as caught:
        mv.parse_document("f.jsonl", 3, _maven_document(event))
    assert str(caught.value).startswith("f.jsonl:3: document 'D1', event 'EV1', mention 1: offset [1, 4] is "
                                        "outside sentence 0's 3 tokens or empty")


TEXTEE_EVENT = {"id": "E1", "event_type": "Attack", "trigger": {"text": "hit", "start": 1, "end": 2},
                "arguments": [{"entity_id": "T1", "role": "Target"}]}


def _window(event: Any) -> dict[str, Any]:
    return {"doc_id": "D1", "wnd_id": "D1-0", "tokens": ["a", "hit", "c", "d"],
            "entity_mentions": [{"id": "T1", "start": 2, "end": 3, "entity_type": "PER", "text": "c"}],
            "event_mentions": [event]}


def test_textee_events_read_quickly_are_the_events_read_field_by_field(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = 0
    for event in [*_mutations(TEXTEE_EVENT), *_mutations({k: v for k, v in TEXTEE_EVENT.items() if k != "id"})]:
        data = json.loads(json.dumps(_window(event)))
        quick, slow = _both_ways(monkeypatch, lambda data=data: tx.parse_window("w.jsonl", 5, data), tx, "plain_event")
        assert quick == slow, (event, quick, slow)
        seen += 1
    assert seen > 300
    assert tx.plain_event(TEXTEE_EVENT, 4, {"T1"}) == tx.EventMention(
        "Attack", 1, 2, "hit", "E1", [tx.Argument("Target", "T1")])
    assert tx.plain_event(TEXTEE_EVENT, 4, {"T2"}) is None  # an entity the window lacks: the full read names it
