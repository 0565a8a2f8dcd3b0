"""DyGIE++ document JSONL: one document per line, annotations per sentence on document token indices.

The facts are those of dwadden/dygiepp `doc/data.md` and its `Document` reader: `doc_key`, `sentences`
(lists of non-empty token strings), `events` with one list per sentence, each event
`[[trigger_tok, event_type], [start, end, role], ...]` (document-level indices, `end` inclusive,
single-token triggers); predictions in the same layout as `predicted_events`, each trigger and argument
with its logit and softmax probability appended (kept here for thresholding). Every field other than
`doc_key`, `dataset`, `weight` and the cluster fields holds one entry per sentence, and the reader refuses
names other than `doc_key`, `dataset`, `sentences`, `weight`, `*ner`, `*relations`, `*clusters`,
`*events` and `_*`. Fields not modelled here are kept as read and written back.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from evmeval.io.errors import FormatError, Problem
from evmeval.io.jsonlines import Fields, JsonLines, Stream, dump_line, is_int, is_number, kind, validate_json_lines

_ALLOWED = re.compile("doc_key|dataset|sentences|weight|.*ner$|.*relations$|.*clusters$|.*events$|^_.*")
"""Field names the DyGIE++ reader accepts (matched from the start of the name, as it matches them)."""

_WHOLE_DOCUMENT = {"doc_key", "dataset", "weight", "clusters", "predicted_clusters", "event_clusters",
                   "predicted_event_clusters"}
"""Fields the reader does not split by sentence; every other one has one entry per sentence."""

_EVENT_FIELDS = ("events", "predicted_events")


@dataclass
class Argument:
    start: int
    end: int
    """Inclusive, as DyGIE++ writes spans."""
    role: str
    logit: float | None = None
    prob: float | None = None


@dataclass
class Event:
    trigger: int
    event_type: str
    arguments: list[Argument] = field(default_factory=list)
    logit: float | None = None
    prob: float | None = None


@dataclass
class Document:
    doc_key: str
    sentences: list[list[str]]
    events: list[list[Event]] | None = None
    predicted_events: list[list[Event]] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """Every other field as read (dataset, ner, relations, clusters, event_clusters, _metadata ...)."""
    line: int = field(default=0, compare=False)

    def sentence_starts(self) -> list[int]:
        starts, at = [], 0
        for sentence in self.sentences:
            starts.append(at)
            at += len(sentence)
        return starts


@dataclass
class DygieppFile:
    path: str
    documents: list[Document]
    sha256: str = ""


def _number(fields: Fields, value: Any, what: str) -> float:
    if not is_number(value):
        raise fields.fail(f"{what} is {kind(value)}", f"the {what} as a number")
    return value  # type: ignore[no-any-return]


def _probability(fields: Fields, value: Any) -> float:
    """DyGIE++ writes the softmax maximum, so a finite number in [0, 1]; NaN (which no threshold cuts),
    an infinity or anything outside would distort the threshold curve."""
    number = _number(fields, value, "probability")
    if not 0 <= number <= 1:  # False for NaN too
        shown = "NaN" if math.isnan(number) else json.dumps(number)
        raise fields.fail(f"probability is {shown}", "a probability between 0 and 1")
    return number


def _event(fields: Fields, value: Any, first: int, last: int, n_tokens: int, predicted: bool) -> Event:
    scores = ", logit, probability" if predicted else ""
    layout = f"[[trigger token, event type{scores}], [start, end, role{scores}], ...]"
    if not isinstance(value, list) or not value:
        raise fields.fail(f"event is {kind(value)}", layout)
    trigger = value[0]
    size = 4 if predicted else 2
    if not isinstance(trigger, list) or len(trigger) != size or not is_int(trigger[0]) or not isinstance(
            trigger[1], str):
        raise fields.fail(f"trigger is {trigger!r}", f"[trigger token, event type{scores}]")
    if not first <= trigger[0] <= last:
        raise fields.fail(f"trigger token {trigger[0]} is outside its sentence (tokens {first}..{last})",
                          "a document token index within the sentence")
    event = Event(trigger[0], trigger[1])
    if predicted:
        event.logit, event.prob = _number(fields, trigger[2], "logit"), _probability(fields, trigger[3])
    for i, raw in enumerate(value[1:]):
        where = fields.at(f"argument {i}")
        if not isinstance(raw, list) or len(raw) != size + 1 or not is_int(raw[0]) or not is_int(raw[1]) \
                or not isinstance(raw[2], str):
            raise where.fail(f"argument is {raw!r}", f"[start, end, role{scores}]")
        if not 0 <= raw[0] <= raw[1] < n_tokens:
            raise where.fail(f"span [{raw[0]}, {raw[1]}] is outside the document's {n_tokens} tokens or reversed",
                             "document token indices, start <= end (end inclusive)")
        argument = Argument(raw[0], raw[1], raw[2])
        if predicted:
            argument.logit, argument.prob = _number(where, raw[3], "logit"), _probability(where, raw[4])
        event.arguments.append(argument)
    return event


def _events(fields: Fields, name: str, value: Any, sentences: list[list[str]]) -> list[list[Event]]:
    starts, at = [], 0
    for sentence in sentences:
        starts.append(at)
        at += len(sentence)
    out = []
    for i, (sentence, start, per_sentence) in enumerate(zip(sentences, starts, value, strict=True)):
        where = fields.at(f"{name} of sentence {i}")
        if not isinstance(per_sentence, list):
            raise where.fail(f"is {kind(per_sentence)}", "a list of events (empty if none)")
        out.append([_event(where.at(f"event {j}"), e, start, start + len(sentence) - 1, at, name != "events")
                    for j, e in enumerate(per_sentence)])
    return out


def parse_document(path: str, line: int, value: Any) -> Document:
    """One line's document, every field checked; the first problem is a `FormatError` at that line."""
    fields = Fields(path, line)
    obj = fields.obj(value, "the line")
    doc_key = fields.get(obj, "doc_key", str, "the document key as a string")
    fields = Fields(path, line, f"document {doc_key!r}")
    raw_sentences = fields.get(obj, "sentences", list, "a list of sentences, each a list of tokens")
    for i, sentence in enumerate(raw_sentences):
        if not isinstance(sentence, list) or not all(isinstance(t, str) and t for t in sentence):
            raise fields.at(f"sentence {i}").fail(f"is {kind(sentence)} or holds a non-string or empty token",
                                                   "a list of non-empty token strings")
    for name, item in obj.items():
        if not _ALLOWED.match(name):
            raise fields.fail(f"unexpected field {name!r}", "doc_key, dataset, sentences, weight, *ner, "
                              "*relations, *clusters, *events, or a name starting with _ (DyGIE++ refuses others)")
        if name not in _WHOLE_DOCUMENT and name != "sentences" and (
                not isinstance(item, list) or len(item) != len(raw_sentences)):
            raise fields.fail(f"{name!r} is {kind(item)}",
                              f"a list with one entry per sentence ({len(raw_sentences)})")
    fields.get(obj, "dataset", str, "the dataset name as a string", optional=True)
    events = {name: _events(fields, name, obj[name], raw_sentences) for name in _EVENT_FIELDS if name in obj}
    extra = {k: v for k, v in obj.items() if k not in ("doc_key", "sentences", *_EVENT_FIELDS)}
    return Document(doc_key, raw_sentences, events.get("events"), events.get("predicted_events"), extra, line)


def _documents(path: str, lines: Iterable[tuple[int, Any]], problems: list[Problem] | None) -> Iterator[Document]:
    seen: dict[str, int] = {}
    for line, value in lines:
        try:
            document = parse_document(path, line, value)
            if document.doc_key in seen:
                raise FormatError(path, line, f"document {document.doc_key!r} already on line "
                                  f"{seen[document.doc_key]}", "each doc_key once")
            seen[document.doc_key] = line
        except FormatError as exc:
            if problems is None:
                raise
            problems.append(exc.problem)
            continue
        yield document


def stream_dygiepp(path: str, data: bytes | None = None, problems: list[Problem] | None = None
                   ) -> Stream[Document]:
    """A DyGIE++ file a document (line) at a time (`data`: its bytes if already read); the first problem is a
    `FormatError` unless `problems` is given."""
    return Stream(JsonLines(path, data, problems), _documents)


def read_dygiepp(path: str, data: bytes | None = None) -> DygieppFile:
    """Read a DyGIE++ file (`data`: its bytes if already read); the first problem is a `FormatError`."""
    stream = stream_dygiepp(path, data)
    documents = list(stream)
    return DygieppFile(stream.path, documents, stream.sha256)


def validate_dygiepp(path: str) -> list[Problem]:
    """Every line's first problem, in line order."""
    return validate_json_lines(path, lambda name, lines, problems: list(_documents(name, lines, problems)))


def _event_json(event: Event, predicted: bool) -> list[list[Any]]:
    def scored(row: list[Any], logit: float | None, prob: float | None) -> list[Any]:
        return [*row, logit, prob] if predicted else row
    return [scored([event.trigger, event.event_type], event.logit, event.prob)] + [
        scored([a.start, a.end, a.role], a.logit, a.prob) for a in event.arguments]


def document_json(document: Document) -> dict[str, Any]:
    out: dict[str, Any] = {"doc_key": document.doc_key}
    if "dataset" in document.extra:
        out["dataset"] = document.extra["dataset"]
    out["sentences"] = document.sentences
    out |= {k: v for k, v in document.extra.items() if k != "dataset"}
    for name, events in (("events", document.events), ("predicted_events", document.predicted_events)):
        if events is not None:
            out[name] = [[_event_json(e, name != "events") for e in sentence] for sentence in events]
    return out


def dumps_dygiepp(documents: Iterable[Document]) -> str:
    """The JSONL text of `documents`: what `read_dygiepp` reads back equal."""
    return "".join(dump_line(document_json(d)) for d in documents)
