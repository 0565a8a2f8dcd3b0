"""The JSON-lines readers' usual case (issue 26): a mention, sentence or event mention of JSON's own types
and in range is made at once; anything else goes through the checking code. Both must give the same
record, or the same message: here each loop against the checking function it stands for, on values
near the valid ones (a wrong type, a bool for an int, null, out of range, a missing or extra field)."""

from __future__ import annotations

from typing import Any

from evmeval.io import maven, maven_ere, textee
from evmeval.io.errors import FormatError
from evmeval.io.jsonlines import Fields
from hypothesis import given, settings
from hypothesis import strategies as st

ODD = st.sampled_from([None, True, False, 0, 1, 2, -1, 7, 1.0, "m1", "", [0, 1], [1, 2], [0, 1, 2], [True, 1],
                       [0, 1.0], [2, 1], {}, ["a", "b"], ["a", 1]])
"""Values that are sometimes right and mostly wrong for a field."""


def _near(draw: st.DrawFn, valid: dict[str, Any]) -> Any:
    """`valid`, or it with one or two fields replaced by an odd value, removed, or an extra one added;
    now and then not an object at all."""
    if draw(st.integers(0, 9)) == 0:
        return draw(ODD)
    value = dict(valid)
    for _ in range(draw(st.integers(0, 2))):
        key = draw(st.sampled_from([*valid, "extra"]))
        action = draw(st.integers(0, 2))
        if action == 0:
            value.pop(key, None)
        else:
            value[key] = draw(ODD)
    return value


def _outcome(make: Any) -> Any:
    try:
        return make()
    except FormatError as exc:
        return str(exc)


TOKENS = [["a", "b", "c"], ["d", "e"], ["e", "f", "g", "h", "i", "j"]]


@st.composite
def mentions(draw: st.DrawFn) -> Any:
    sent = draw(st.integers(0, 2))
    start = draw(st.integers(0, len(TOKENS[sent]) - 1))
    end = draw(st.integers(start + 1, len(TOKENS[sent])))
    return _near(draw, {"id": draw(st.sampled_from(["m1", "m2"])), "trigger_word": "w", "sent_id": sent,
                        "offset": [start, end]})


@settings(max_examples=400, deadline=None)
@given(values=st.lists(mentions(), max_size=3))
def test_maven_mentions_equal_the_checked_ones(values: list[Any]) -> None:
    content = [maven.Sentence(" ".join(t), t) for t in TOKENS]
    fields = Fields("f.jsonl", 3, "document 'D'")
    fast = _outcome(lambda: maven._mentions(fields, "mention", values, [len(t) for t in TOKENS], content))
    plain = _outcome(lambda: [maven._mention(Fields("f.jsonl", 3, f"document 'D', mention {i}"), v, content)
                              for i, v in enumerate(values)])
    assert fast == plain


@settings(max_examples=400, deadline=None)
@given(values=st.lists(mentions(), max_size=3))
def test_maven_ere_mentions_equal_the_checked_ones(values: list[Any]) -> None:
    fields = Fields("f.jsonl", 3, "document 'D'")
    fast = _outcome(lambda: maven_ere._mentions(fields, "event_mentions", values, TOKENS))
    plain = _outcome(lambda: [maven_ere._mention(Fields("f.jsonl", 3, f"document 'D', event_mentions {i}"), v,
                                                 TOKENS) for i, v in enumerate(values)])
    assert fast == plain


@st.composite
def sentences(draw: st.DrawFn) -> Any:
    value = _near(draw, {"sentence": "a b", "tokens": ["a", "b"]})
    if isinstance(value, dict) and draw(st.booleans()):
        value["tokens"] = draw(st.lists(st.one_of(st.text(max_size=2), st.integers(), st.none()), max_size=3))
    return value


@settings(max_examples=300, deadline=None)
@given(values=st.lists(sentences(), max_size=3))
def test_maven_sentences_equal_the_checked_ones(values: list[Any]) -> None:
    fields = Fields("f.jsonl", 2, "document 'D'")
    fast = _outcome(lambda: maven._sentences(fields, values))
    plain = _outcome(lambda: [maven._sentence(Fields("f.jsonl", 2, f"document 'D', sentence {i}"), v)
                              for i, v in enumerate(values)])
    assert fast == plain


@st.composite
def event_mentions(draw: st.DrawFn) -> Any:
    start = draw(st.integers(0, 4))
    trigger = _near(draw, {"start": start, "end": draw(st.integers(start + 1, 5)), "text": "t"})
    arguments = draw(st.lists(st.fixed_dictionaries({"role": st.sampled_from(["A", 3]),
                                                     "entity_id": st.sampled_from(["e1", "e9"])}), max_size=2))
    value = _near(draw, {"event_type": "Attack", "trigger": trigger, "arguments": arguments, "id": "ev"})
    return value


@settings(max_examples=400, deadline=None)
@given(values=st.lists(event_mentions(), max_size=3))
def test_textee_events_equal_the_checked_ones(values: list[Any]) -> None:
    fields = Fields("f.jsonl", 5, "window 'W'")
    fast = _outcome(lambda: textee._events(fields, values, 5, {"e1"}))
    plain = _outcome(lambda: [textee._event(Fields("f.jsonl", 5, f"window 'W', event {i}"), v, 5, {"e1"})
                              for i, v in enumerate(values)])
    assert fast == plain


def test_a_path_is_spelled_with_the_keys_repr() -> None:
    fields = Fields("f.jsonl", 7, "document 'D'").at("event", "E1").at("mention", 2)
    assert str(fields.fail("offset is null", "[start, end]")) == \
        "f.jsonl:7: document 'D', event 'E1', mention 2: offset is null (expected [start, end])"
    assert Fields("f.jsonl", 7).at("sentence", 0).where == "sentence 0"


@st.composite
def events(draw: st.DrawFn) -> Any:
    return _near(draw, {"id": draw(st.sampled_from(["E1", "E2"])), "type": "Attack", "type_id": draw(st.sampled_from(
        [1, 168, 169, 0])), "mention": draw(st.lists(mentions(), max_size=2))})


@settings(max_examples=400, deadline=None)
@given(values=st.lists(events(), max_size=3))
def test_maven_events_equal_the_checked_ones(values: list[Any]) -> None:
    content = [maven.Sentence(" ".join(t), t) for t in TOKENS]
    lengths = [len(t) for t in TOKENS]
    fields = Fields("f.jsonl", 4, "document 'D'")
    fast = _outcome(lambda: maven._events(fields, values, content, lengths))
    plain = _outcome(lambda: [maven._event(fields, v, content, lengths) for v in values])
    assert fast == plain


@settings(max_examples=400, deadline=None)
@given(values=st.lists(events(), max_size=3))
def test_maven_ere_events_equal_the_checked_ones(values: list[Any]) -> None:
    fields = Fields("f.jsonl", 4, "document 'D'")
    fast = _outcome(lambda: maven_ere._events(fields, values, TOKENS))
    plain = _outcome(lambda: [maven_ere._event(fields, v, TOKENS) for v in values])
    assert fast == plain
