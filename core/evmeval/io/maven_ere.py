"""MAVEN-ERE JSONL: documents with event coreference, temporal, causal and subevent relations, and
the submission format of its test set.

The facts are those of THU-KEG/MAVEN-ERE `README.md` and its `evaluate.py`. A document has `id`,
`title`, `tokens` (one token list per sentence), `sentences` (their texts), `TIMEX` (`{id, mention,
type, sent_id, offset}`) and either gold `events` — coreference chains `{id, type, type_id, mention:
[{id, trigger_word, sent_id, offset}]}` — with `temporal_relations` and `causal_relations` (relation
name -> list of `[id, id]`) and `subevent_relations` (a list of `[id, id]`), relations naming events
(and TIMEXes, for temporal ones); or, in the test set, the `event_mentions` to relate. A submission
line is `{id, coreference: [[mention id, ...]], temporal_relations, causal_relations,
subevent_relations}`, relations naming mentions and TIMEXes; only `id` is mandatory.

Checked beyond the layout, because `evaluate.py` fails on them (a KeyError or an assertion) rather
than scoring: unknown relation names, a relation of an id with itself, a gold relation naming an id
that is not an event (or TIMEX) of its document, a mention in two predicted clusters; ids are unique
within a document (events, mentions, TIMEXes share one namespace there).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from operator import eq, itemgetter
from typing import Any

from evmeval.io.errors import Problem
from evmeval.io.jsonlines import (
    Fields,
    JsonLines,
    Stream,
    documents_or_submissions,
    dump_line,
    kind,
    rest_of,
    validate_json_lines,
)
from evmeval.io.maven import Event, Mention, parse_events, parse_mentions, place  # MAVEN's records, one rule

TEMPORAL = ("BEFORE", "OVERLAP", "CONTAINS", "SIMULTANEOUS", "ENDS-ON", "BEGINS-ON")
CAUSAL = ("PRECONDITION", "CAUSE")
RELATION_NAMES = {"temporal_relations": TEMPORAL, "causal_relations": CAUSAL}
_PAIR = "a pair [id, id] of two different ids"

Pair = tuple[str, str]
Relations = dict[str, list[Pair]]
"""Relation name -> pairs, in the file's order (a later name wins a pair both name, as in evaluate.py)."""


@dataclass(slots=True)
class Timex:
    id: str
    mention: str
    type: str
    sent_id: int
    offset: tuple[int, int]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Document:
    id: str
    title: str
    tokens: list[list[str]]
    sentences: list[str]
    events: list[Event] | None = None
    event_mentions: list[Mention] | None = None
    """Test-set documents: the mentions (and distractors) to relate."""
    timex: list[Timex] | None = None
    temporal_relations: Relations | None = None
    causal_relations: Relations | None = None
    subevent_relations: list[Pair] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    line: int = field(default=0, compare=False)


@dataclass(slots=True)
class Submission:
    id: str
    coreference: list[list[str]] | None = None
    temporal_relations: Relations | None = None
    causal_relations: Relations | None = None
    subevent_relations: list[Pair] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    line: int = field(default=0, compare=False)


@dataclass
class MavenEreFile:
    path: str
    documents: list[Document] = field(default_factory=list)
    submissions: list[Submission] = field(default_factory=list)
    sha256: str = ""


def _timex(fields: Fields, value: Any, tokens: list[list[str]]) -> Timex:
    obj = fields.obj(value, "a TIMEX")
    timex_id = fields.get(obj, "id", str, "an id string")
    fields = fields.at(f"TIMEX {timex_id!r}")
    return Timex(timex_id, fields.get(obj, "mention", str, "the TIMEX's text"),
                 fields.get(obj, "type", str, "the TIMEX type as a string"), *place(fields, obj, tokens),
                 rest_of(obj, ("id", "mention", "type", "sent_id", "offset")))


def _pairs(fields: Fields, value: Any) -> list[Pair]:
    if not isinstance(value, list):
        raise fields.fail(f"is {kind(value)}", f"a list of pairs ({_PAIR})")
    if set(map(type, value)) <= {list}:  # a million pairs in a MAVEN-ERE-sized file: checked at C speed
        pairs = list(map(tuple, value))
        if set(map(len, pairs)) <= {2}:
            firsts, seconds = list(map(itemgetter(0), pairs)), list(map(itemgetter(1), pairs))
            if set(map(type, firsts)) | set(map(type, seconds)) <= {str} and not any(map(eq, firsts, seconds)):
                return pairs
    out = []
    for pair in value:  # else the first wrong pair, in the file's order
        if isinstance(pair, list) and len(pair) == 2:
            a, b = pair
            if isinstance(a, str) and isinstance(b, str) and a != b:
                out.append((a, b))
                continue
        raise fields.at(f"pair {len(out)}").fail(f"is {pair!r}", _PAIR + " (evaluate.py fails on a self-relation)")
    return out


def _relations(fields: Fields, obj: dict[str, Any], name: str) -> Relations | None:
    value = fields.get(obj, name, dict, f"an object: relation name -> list of pairs ({_PAIR})", optional=True)
    if value is None:
        return None
    names = RELATION_NAMES[name]
    for rel in value:
        if rel not in names:
            raise fields.at(name).fail(f"unknown relation {rel!r}", f"one of {', '.join(names)}")
    return {rel: _pairs(fields.at(f"{name} {rel}"), pairs) for rel, pairs in value.items()}


def _subevents(fields: Fields, obj: dict[str, Any]) -> list[Pair] | None:
    if "subevent_relations" not in obj:
        return None
    return _pairs(fields.at("subevent_relations"), obj["subevent_relations"])


_DOCUMENT_FIELDS = ("id", "title", "tokens", "sentences", "events", "event_mentions", "TIMEX", "temporal_relations",
                    "causal_relations", "subevent_relations")


def _check_ids(fields: Fields, doc: Document) -> None:
    """Ids unique in the document; gold relations between its events (and TIMEXes, temporal ones)."""
    seen: set[str] = set()
    events = {e.id for e in doc.events or ()}
    timexes = {t.id for t in doc.timex or ()}
    mentions = [m.id for e in doc.events or () for m in e.mentions] + [m.id for m in doc.event_mentions or ()]
    items = [*events, *timexes, *mentions]
    if len(set(items)) == len(items):
        items = []  # the usual case, at C speed; else the first repeat in that order
    for item in items:
        if item in seen:
            raise fields.fail(f"id {item!r} given twice", "each event, mention and TIMEX id once in a document")
        seen.add(item)
    if doc.events is None:
        return
    for name, relations, allowed in (("temporal_relations", doc.temporal_relations, events | timexes),
                                     ("causal_relations", doc.causal_relations, events),
                                     ("subevent_relations", {"": doc.subevent_relations or []}, events)):
        for rel, pairs in (relations or {}).items():
            if allowed.issuperset(chain.from_iterable(pairs)):
                continue  # the usual case, at C speed; else the first stranger in the file's order
            for pair in pairs:
                for item in pair:
                    if item not in allowed:
                        what = "an event or TIMEX" if name == "temporal_relations" else "an event"
                        raise fields.at(f"{name} {rel}".strip()).fail(
                            f"{item!r} is not {what} of the document", f"ids of {what}s of the document")


def parse_document(path: str, line: int, value: Any) -> Document:
    """One line's document, every field checked; the first problem is a `FormatError` at that line."""
    fields = Fields(path, line)
    obj = fields.obj(value, "the line")
    doc_id = fields.get(obj, "id", str, "the document id as a string")
    fields = Fields(path, line, f"document {doc_id!r}")
    title = fields.get(obj, "title", str, "the document's title as a string")
    raw_tokens = fields.get(obj, "tokens", list, "a list of sentences, each a list of tokens")
    plain = set(map(type, raw_tokens)) <= {list} and set(map(type, chain.from_iterable(raw_tokens))) <= {str}
    for i, sentence in enumerate(() if plain else raw_tokens):  # else the first sentence that is not
        if not isinstance(sentence, list) or (not set(map(type, sentence)) <= {str} \
                and not all(isinstance(t, str) for t in sentence)):
            raise fields.at(f"sentence {i}").fail(f"is {kind(sentence)} or holds a non-string",
                                                   "a list of token strings")
    sentences = fields.strings(obj, "sentences", "a list of sentence strings")
    raw_events = fields.get(obj, "events", list, "a list of events {id, type, type_id, mention}", optional=True)
    raw_mentions = fields.get(obj, "event_mentions", list, "a list of mentions", optional=True)
    if raw_events is None and raw_mentions is None:
        raise fields.fail("neither 'events' nor 'event_mentions'", "events (train, valid) or event_mentions (test)")
    raw_timex = fields.get(obj, "TIMEX", list, "a list of TIMEXes {id, mention, type, sent_id, offset}",
                           optional=True)
    doc = Document(
        doc_id, title, raw_tokens, sentences,
        None if raw_events is None else parse_events(fields, raw_events, raw_tokens),
        None if raw_mentions is None else parse_mentions(fields, "event_mentions", raw_mentions, raw_tokens),
        None if raw_timex is None else [_timex(fields, t, raw_tokens) for t in raw_timex],
        _relations(fields, obj, "temporal_relations"), _relations(fields, obj, "causal_relations"),
        _subevents(fields, obj), rest_of(obj, _DOCUMENT_FIELDS), line)
    _check_ids(fields, doc)
    return doc


def parse_submission(path: str, line: int, value: Any) -> Submission:
    """One submission line, checked; only `id` is mandatory (evaluate.py skips what is absent)."""
    fields = Fields(path, line)
    obj = fields.obj(value, "the line")
    doc_id = fields.get(obj, "id", str, "the document id as a string")
    fields = Fields(path, line, f"document {doc_id!r}")
    raw = fields.get(obj, "coreference", list, "a list of clusters, each a list of mention ids", optional=True)
    clusters = None
    if raw is not None:
        clusters, seen = [], set()
        for i, cluster in enumerate(raw):
            where = fields.at(f"coreference cluster {i}")
            if not isinstance(cluster, list) or not all(isinstance(m, str) for m in cluster):
                raise where.fail(f"is {kind(cluster)} or holds a non-string", "a list of mention ids")
            for m in cluster:
                if m in seen:
                    raise where.fail(f"mention {m!r} is in a cluster already", "each mention in one cluster, once "
                                     "(evaluate.py fails on a gold mention given twice)")
                seen.add(m)
            clusters.append(cluster)
    return Submission(doc_id, clusters, _relations(fields, obj, "temporal_relations"),
                      _relations(fields, obj, "causal_relations"), _subevents(fields, obj),
                      rest_of(obj, ("id", "coreference", "temporal_relations", "causal_relations",
                                  "subevent_relations")), line)


def is_document(value: Any) -> bool:
    return isinstance(value, dict) and "tokens" in value and "sentences" in value


def _items(path: str, lines: Iterable[tuple[int, Any]], problems: list[Problem] | None
           ) -> Iterator[Document | Submission]:
    return documents_or_submissions(path, lines, problems, is_document, parse_document, parse_submission)


def stream_maven_ere(path: str, data: bytes | None = None, problems: list[Problem] | None = None
                     ) -> Stream[Document | Submission]:
    """A MAVEN-ERE documents or submission file a line at a time (`data`: its bytes if already read); each
    line's record as soon as it is read, the first problem a `FormatError` unless `problems` is given."""
    return Stream(JsonLines(path, data, problems), _items)


def read_maven_ere(path: str, data: bytes | None = None) -> MavenEreFile:
    """Read a MAVEN-ERE documents or submission file; the first problem is a `FormatError`."""
    stream = stream_maven_ere(path, data)
    result = MavenEreFile(stream.path)
    for item in stream:
        if isinstance(item, Submission):
            result.submissions.append(item)
        else:
            result.documents.append(item)
    result.sha256 = stream.sha256
    return result


def validate_maven_ere(path: str) -> list[Problem]:
    """Every line's first problem, in line order."""
    return validate_json_lines(path, lambda name, lines, problems: list(_items(name, lines, problems)))


def _placed(sent_id: int, offset: tuple[int, int]) -> dict[str, Any]:
    return {"sent_id": sent_id, "offset": list(offset)}


def _mention_json(m: Mention) -> dict[str, Any]:
    return {"id": m.id, "trigger_word": m.trigger_word} | _placed(m.sent_id, m.offset) | m.extra


def _relations_json(relations: Relations) -> dict[str, list[list[str]]]:
    return {rel: [list(p) for p in pairs] for rel, pairs in relations.items()}


def _tail(out: dict[str, Any], item: Document | Submission) -> dict[str, Any]:
    for name in ("temporal_relations", "causal_relations"):
        value = getattr(item, name)
        if value is not None:
            out[name] = _relations_json(value)
    if item.subevent_relations is not None:
        out["subevent_relations"] = [list(p) for p in item.subevent_relations]
    return out | item.extra


def document_json(d: Document) -> dict[str, Any]:
    """A document in the README's field order, unknown fields after."""
    out: dict[str, Any] = {"id": d.id, "title": d.title, "tokens": d.tokens, "sentences": d.sentences}
    if d.events is not None:
        out["events"] = [{"id": e.id, "type": e.type, "type_id": e.type_id,
                          "mention": [_mention_json(m) for m in e.mentions]} | e.extra for e in d.events]
    if d.event_mentions is not None:
        out["event_mentions"] = [_mention_json(m) for m in d.event_mentions]
    if d.timex is not None:
        out["TIMEX"] = [{"id": t.id, "mention": t.mention, "type": t.type} | _placed(t.sent_id, t.offset) | t.extra
                        for t in d.timex]
    return _tail(out, d)


def submission_json(s: Submission) -> dict[str, Any]:
    out: dict[str, Any] = {"id": s.id}
    if s.coreference is not None:
        out["coreference"] = s.coreference
    return _tail(out, s)


def dumps_maven_ere(items: Iterable[Document | Submission]) -> str:
    """The JSONL text of documents or submission lines: what `read_maven_ere` reads back equal."""
    return "".join(dump_line(document_json(i) if isinstance(i, Document) else submission_json(i)) for i in items)
