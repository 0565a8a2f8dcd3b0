"""MAVEN JSONL: gold documents (one per line) and the submission format of its test set.

The facts are those of THU-KEG/MAVEN-dataset `DataFormat.md` and its `evaluate.py`. A document has
`id`, `title`, `content` (sentences, each `{sentence, tokens}`), and either its labels — `events`
(`id`, `type`, `type_id`, `mention` list) and `negative_triggers` — or, in the test set, the
unlabelled `candidates`. A mention is `{id, trigger_word, sent_id, offset}`, `offset` being
`[start, end]` token offsets in its sentence, end exclusive. A submission line is
`{id, predictions: [{id, type_id}]}`, `type_id` 0 for a negative. MAVEN has 168 event types, ids
1..168 (its scorer counts exactly those labels). Ids are checked unique within a file (documents)
and a document (mentions, predictions): `evaluate.py` would silently keep the last of a repeat.
Fields not modelled are kept (`extra`) and written back, so a round trip loses nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from evmeval.io.errors import Problem
from evmeval.io.jsonlines import (
    Fields,
    JsonLines,
    Stream,
    documents_or_submissions,
    dump_line,
    is_int,
    kind,
    rest_of,
    validate_json_lines,
)

TYPE_IDS = range(1, 169)
"""MAVEN's event type ids; `evaluate.py` scores over exactly these labels (0 is the negative class)."""

_ID = "an id string"
_OFFSET = "[start, end]: token offsets in the sentence, 0 <= start < end <= its number of tokens"


@dataclass(slots=True)
class Mention:
    id: str
    trigger_word: str
    sent_id: int
    offset: tuple[int, int]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Event:
    id: str
    type: str
    type_id: int
    mentions: list[Mention] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Sentence:
    sentence: str
    tokens: list[str]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Document:
    id: str
    title: str
    content: list[Sentence]
    events: list[Event] | None = None
    negative_triggers: list[Mention] | None = None
    candidates: list[Mention] | None = None
    """Test-set documents: the mentions to classify, labels hidden."""
    extra: dict[str, Any] = field(default_factory=dict)
    line: int = field(default=0, compare=False)


@dataclass(slots=True)
class Prediction:
    id: str
    type_id: int
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Submission:
    id: str
    predictions: list[Prediction]
    extra: dict[str, Any] = field(default_factory=dict)
    line: int = field(default=0, compare=False)


@dataclass
class MavenFile:
    path: str
    documents: list[Document] = field(default_factory=list)
    submissions: list[Submission] = field(default_factory=list)
    """A file holds documents or submission lines, never both."""
    sha256: str = ""

    @property
    def is_submission(self) -> bool:
        return bool(self.submissions)


def _type_id(fields: Fields, obj: dict[str, Any], allowed: range, expected: str) -> int:
    value = fields.get(obj, "type_id", int, expected)
    if value not in allowed:
        raise fields.fail(f"type_id {value} is not a MAVEN type id", expected)
    return value  # type: ignore[no-any-return]


_SENT_ID = "the index of its sentence in the document, from 0"


def place(fields: Fields, obj: dict[str, Any], tokens: Sequence[Sequence[str]]) -> tuple[int, tuple[int, int]]:
    """A record's `sent_id` and `offset`, checked against the document's sentences' tokens (MAVEN's
    mentions, MAVEN-ERE's mentions and TIMEXes: one rule)."""
    sent_id = fields.get(obj, "sent_id", int, _SENT_ID)
    if not 0 <= sent_id < len(tokens):
        raise fields.fail(f"sent_id {sent_id} is not a sentence of the document's {len(tokens)}", _SENT_ID)
    offset, n = obj.get("offset"), len(tokens[sent_id])
    if not isinstance(offset, list) or len(offset) != 2 or not (is_int(offset[0]) and is_int(offset[1])):
        raise fields.fail(f"offset is {kind(offset)}", _OFFSET)
    if not 0 <= offset[0] < offset[1] <= n:
        raise fields.fail(f"offset [{offset[0]}, {offset[1]}] is outside sentence {sent_id}'s {n} tokens or empty",
                          _OFFSET)
    return sent_id, (offset[0], offset[1])


def parse_mention(fields: Fields, value: Any, tokens: Sequence[Sequence[str]]) -> Mention:
    """One mention record `{id, trigger_word, sent_id, offset}` (MAVEN's and MAVEN-ERE's), checked."""
    obj = fields.obj(value, "a mention")
    mention_id = fields.get(obj, "id", str, _ID)
    trigger_word = fields.get(obj, "trigger_word", str, "the trigger word or phrase as a string")
    return Mention(mention_id, trigger_word, *place(fields, obj, tokens), rest_of(obj, _MENTION_FIELDS))


_MENTION_FIELDS = frozenset(("id", "trigger_word", "sent_id", "offset"))


def parse_mentions(fields: Fields, label: str, raw: list[Any], tokens: Sequence[Sequence[str]]) -> list[Mention]:
    return [parse_mention(fields.at(label, i), value, tokens) for i, value in enumerate(raw)]


def parse_events(fields: Fields, raw: list[Any], tokens: Sequence[Sequence[str]]) -> list[Event]:
    """A document's events (MAVEN's and MAVEN-ERE's, whose events are MAVEN's: the same type ids)."""
    return [_event(fields, value, tokens) for value in raw]


def _event(fields: Fields, value: Any, tokens: Sequence[Sequence[str]]) -> Event:
    obj = fields.obj(value, "an event")
    event_id = fields.get(obj, "id", str, _ID)
    fields = fields.at("event", event_id)
    event_type = fields.get(obj, "type", str, "the event type as a string")
    type_id = _type_id(fields, obj, TYPE_IDS, "the event type's id: an integer 1..168")
    raw = fields.get(obj, "mention", list, "a list of the event's mentions")
    return Event(event_id, event_type, type_id, parse_mentions(fields, "mention", raw, tokens),
                 rest_of(obj, _EVENT_FIELDS))


_EVENT_FIELDS = frozenset(("id", "type", "type_id", "mention"))


def _sentences(fields: Fields, raw: list[Any]) -> list[Sentence]:
    return [_sentence(fields.at("sentence", i), value) for i, value in enumerate(raw)]


_SENTENCE_FIELDS = frozenset(("sentence", "tokens"))


def _sentence(fields: Fields, value: Any) -> Sentence:
    obj = fields.obj(value, "a sentence")
    return Sentence(fields.get(obj, "sentence", str, "the sentence's text"),
                    fields.strings(obj, "tokens", "a list of token strings"), rest_of(obj, _SENTENCE_FIELDS))


_DOCUMENT_FIELDS = ("id", "title", "content", "events", "negative_triggers", "candidates")


def _unique(fields: Fields, ids: Iterable[str], what: str) -> None:
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            raise fields.fail(f"{what} id {item!r} given twice", f"each {what} id once in a document")
        seen.add(item)


def _text_fields(path: str, line: int, value: Any) -> tuple[Fields, dict[str, Any], str, str, list[Sentence]]:
    """A document line's fields, object, id, title and sentences, checked: what its text is made of."""
    fields = Fields(path, line)
    obj = fields.obj(value, "the line")
    doc_id = fields.get(obj, "id", str, "the document id as a string")
    fields = Fields(path, line, f"document {doc_id!r}")
    title = fields.get(obj, "title", str, "the document's title as a string")
    raw_content = fields.get(obj, "content", list, "a list of sentences {sentence, tokens}")
    return fields, obj, doc_id, title, _sentences(fields, raw_content)


def parse_document_text(path: str, line: int, value: Any) -> Document:
    """One line's document as far as its text goes: its id, title and sentences, checked as `parse_document` checks
    them; its events, mentions and candidates not read (the window reads a shown document's text so: they were
    two thirds of a 20,000-token document's parse, issue 34)."""
    _, _, doc_id, title, content = _text_fields(path, line, value)
    return Document(doc_id, title, content, line=line)


def parse_document(path: str, line: int, value: Any) -> Document:
    """One line's document, every field checked; the first problem is a `FormatError` at that line."""
    fields, obj, doc_id, title, content = _text_fields(path, line, value)
    tokens = [s.tokens for s in content]

    def mentions(name: str) -> list[Mention] | None:
        raw = fields.get(obj, name, list, "a list of mentions {id, trigger_word, sent_id, offset}", optional=True)
        return None if raw is None else parse_mentions(fields, name, raw, tokens)

    raw_events = fields.get(obj, "events", list, "a list of events {id, type, type_id, mention}", optional=True)
    events = None if raw_events is None else parse_events(fields, raw_events, tokens)
    negatives, candidates = mentions("negative_triggers"), mentions("candidates")
    if events is None and candidates is None:
        raise fields.fail("neither 'events' nor 'candidates'", "events and negative_triggers (train, valid) or "
                          "candidates (test)")
    if events is not None and negatives is None:
        raise fields.fail("'events' without 'negative_triggers'", "negative_triggers with the events "
                          "(an empty list if none)")
    _unique(fields, (e.id for e in events or ()), "event")
    labelled = [m for e in events or () for m in e.mentions] + (negatives or [])
    _unique(fields, (m.id for m in labelled), "mention")
    _unique(fields, (m.id for m in candidates or ()), "candidate")
    return Document(doc_id, title, content, events, negatives, candidates, rest_of(obj, _DOCUMENT_FIELDS), line)


def parse_submission(path: str, line: int, value: Any) -> Submission:
    """One submission line `{id, predictions: [{id, type_id}]}`, checked."""
    fields = Fields(path, line)
    obj = fields.obj(value, "the line")
    doc_id = fields.get(obj, "id", str, "the document id as a string")
    fields = Fields(path, line, f"document {doc_id!r}")
    raw = fields.get(obj, "predictions", list, "a list of predictions {id, type_id}")
    predictions = []
    for i, item in enumerate(raw):
        where = fields.at(f"prediction {i}")
        obj_p = where.obj(item, "a prediction")
        predictions.append(Prediction(where.get(obj_p, "id", str, "the candidate's id"),
                                      _type_id(where, obj_p, range(0, 169), "an integer 0..168 (0: not an event)"),
                                      rest_of(obj_p, ("id", "type_id"))))
    seen: set[str] = set()
    for i, p in enumerate(predictions):
        if p.id in seen:
            raise fields.at(f"prediction {i}").fail(f"candidate {p.id!r} predicted twice", "each candidate once "
                                                    "(MAVEN's evaluate.py would keep the last)")
        seen.add(p.id)
    return Submission(doc_id, predictions, rest_of(obj, ("id", "predictions")), line)


def _is_submission(value: Any) -> bool:
    return isinstance(value, dict) and "predictions" in value and "content" not in value


def _items(path: str, lines: Iterable[tuple[int, Any]], problems: list[Problem] | None,
           parse: Callable[[str, int, Any], Document] = parse_document) -> Iterator[Document | Submission]:
    return documents_or_submissions(path, lines, problems, lambda v: not _is_submission(v), parse, parse_submission)


def stream_maven_texts(path: str) -> Stream[Document | Submission]:
    """`stream_maven` with each document read as far as its text goes (`parse_document_text`)."""
    return Stream(JsonLines(path), partial(_items, parse=parse_document_text))


def stream_maven(path: str, data: bytes | None = None, problems: list[Problem] | None = None
                 ) -> Stream[Document | Submission]:
    """A MAVEN documents or submission file a line at a time (`data`: its bytes if already read); each line's
    record as soon as it is read, the first problem a `FormatError` (file:line) unless `problems` is given."""
    return Stream(JsonLines(path, data, problems), _items)


def read_maven(path: str, data: bytes | None = None) -> MavenFile:
    """Read a MAVEN documents or submission file; the first problem is a `FormatError` (file:line)."""
    stream = stream_maven(path, data)
    documents: list[Document] = []
    submissions: list[Submission] = []
    for item in stream:
        (submissions if isinstance(item, Submission) else documents).append(item)  # type: ignore[arg-type]
    return MavenFile(stream.path, documents, submissions, stream.sha256)


def validate_maven(path: str) -> list[Problem]:
    """Every line's first problem, in line order."""
    return validate_json_lines(path, lambda name, lines, problems: list(_items(name, lines, problems)))


def mention_json(m: Mention) -> dict[str, Any]:
    return {"id": m.id, "trigger_word": m.trigger_word, "sent_id": m.sent_id, "offset": list(m.offset)} | m.extra


def document_json(d: Document) -> dict[str, Any]:
    """A document in DataFormat.md's field order, unknown fields after."""
    out: dict[str, Any] = {"id": d.id, "title": d.title,
                           "content": [{"sentence": s.sentence, "tokens": s.tokens} | s.extra for s in d.content]}
    if d.events is not None:
        out["events"] = [{"id": e.id, "type": e.type, "type_id": e.type_id,
                          "mention": [mention_json(m) for m in e.mentions]} | e.extra for e in d.events]
    for name, mentions in (("negative_triggers", d.negative_triggers), ("candidates", d.candidates)):
        if mentions is not None:
            out[name] = [mention_json(m) for m in mentions]
    return out | d.extra


def submission_json(s: Submission) -> dict[str, Any]:
    return {"id": s.id, "predictions": [{"id": p.id, "type_id": p.type_id} | p.extra for p in s.predictions]} | s.extra


def dumps_maven(items: Iterable[Document | Submission]) -> str:
    """The JSONL text of documents or submission lines: what `read_maven` reads back equal."""
    return "".join(dump_line(submission_json(i) if isinstance(i, Submission) else document_json(i)) for i in items)
