"""CASIE JSON (Ebiquity/CASIE `data/annotation/*.json`): one document per file, events on character offsets.

The facts are those of the published corpus: `sourcefile`, `info`, `content` (the text), and
`cyberevent.hopper`: a list of hoppers (coreference clusters: `index`, optional `relation`) whose
`events` each have a `nugget` {startOffset, endOffset (exclusive), text, index}, `type`, `subtype`,
`realis` and optional `argument`s {startOffset, endOffset, text, role{type}, type, index}. It is the
closest analogue of tbf: a nugget becomes a character-span mention typed `type.subtype` with its
realis, a hopper of two or more events an `@Coreference` line, so `evmeval-score` scores CASIE
files by v1.8's rules. Fields not modelled are kept (`extra`) and written back: a round trip loses
nothing. JSON objects are located by line (the published files are one line each, but a
pretty-printed one is located exactly), and messages name the path inside the document.
"""

from __future__ import annotations

import bisect
import json
import os
from dataclasses import dataclass, field, replace
from json.decoder import JSONObject  # type: ignore[attr-defined]
from json.scanner import py_make_scanner  # type: ignore[attr-defined]
from typing import Any

from evmeval.io.errors import FormatError, Problem
from evmeval.io.jsonlines import Fields, is_int, nested_too_deeply, rest_of
from evmeval.io.reading import decode_text, display_name, read_bytes
from evmeval.io.tbf import format_tbf
from evmeval.model import Document, Mention, Relation, SpanMode, TbfFile, canonical

EXTENSION = ".json"
_TEXT = "a string"
ABSENT = "\0absent"
"""`info` of a document that has none (written back without it)."""
_OFFSET = "character offsets into content: integers, 0 <= startOffset < endOffset <= length of content"


@dataclass
class Span:
    """A nugget or an argument's text: `[start, end)` characters of the content."""

    start: int
    end: int
    text: str | None = None
    index: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Argument:
    span: Span
    role: str
    entity_type: str | None = None
    role_extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Event:
    nugget: Span
    type: str
    subtype: str
    realis: str
    arguments: list[Argument] | None = None
    """None: the event has no `argument` field (not the same as an empty list when written back)."""
    index: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    line: int = field(default=0, compare=False)

    @property
    def event_type(self) -> str:
        """The mention type a tbf file gets: `type.subtype`."""
        return f"{self.type}.{self.subtype}"


@dataclass
class Hopper:
    """A coreference cluster of events."""

    events: list[Event]
    index: Any = None
    relation: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    line: int = field(default=0, compare=False)


@dataclass
class CasieDocument:
    doc_id: str
    content: str
    hoppers: list[Hopper]
    sourcefile: str | None = None
    info: Any = None
    extra: dict[str, Any] = field(default_factory=dict)
    cyberevent_extra: dict[str, Any] = field(default_factory=dict)
    path: str = field(default="", compare=False)
    id_line: int = field(default=1, compare=False)
    """The line of `sourcefile` (where the document id was read; 1 when the id is the file's name)."""


class _Locating(json.JSONDecoder):
    """A decoder that remembers the line on which each JSON object starts (`lines[id(obj)]`)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        newlines = [i for i, c in enumerate(text) if c == "\n"]
        self.lines: dict[int, int] = {}

        def parse_object(s_and_end: tuple[str, int], *args: Any) -> tuple[Any, int]:
            value, after = JSONObject(s_and_end, *args)
            self.lines[id(value)] = bisect.bisect_left(newlines, s_and_end[1] - 1) + 1
            return value, after

        self.parse_object = parse_object
        self.scan_once = py_make_scanner(self)


class _Reader:
    def __init__(self, path: str, text: str, warnings: list[Problem]) -> None:
        self.path, self.warnings = path, warnings
        decoder = _Locating(text)
        try:
            self.value, end = decoder.raw_decode(text, len(text) - len(text.lstrip()))
        except ValueError as exc:
            line = getattr(exc, "lineno", 1)
            raise FormatError(path, line, f"not JSON ({exc})", "one CASIE JSON document") from None
        except RecursionError:
            raise nested_too_deeply(text, path) from None
        if text[end:].strip():
            raise FormatError(path, text.count("\n", 0, end) + 1, "text after the JSON document",
                              "one CASIE JSON document per file")
        self.lines = decoder.lines

    def fields(self, obj: Any, where: str) -> Fields:
        return Fields(self.path, self.lines.get(id(obj), 1), where)

    def warn(self, fields: Fields, message: str, expected: str) -> None:
        """What scoring reads past (the offsets are what a scorer compares), told all the same."""
        self.warnings.append(replace(fields.problem(message, expected), fatal=False))

    def span(self, fields: Fields, obj: dict[str, Any], content: str) -> Span:
        start, end = obj.get("startOffset"), obj.get("endOffset")
        if not isinstance(start, int) or not isinstance(end, int) or not is_int(start) or not is_int(end):
            raise fields.fail(f"startOffset {start!r}, endOffset {end!r}", _OFFSET)
        if not 0 <= start < end:
            raise fields.fail(f"span [{start}, {end}) empty or negative", _OFFSET)
        text = fields.get(obj, "text", str, _TEXT, optional=True)
        if end > len(content):
            self.warn(fields, f"span [{start}, {end}) ends after the content's {len(content)} characters", _OFFSET)
        elif text is not None and content[start:end] != text:
            self.warn(fields, f"text {text[:40]!r} is not the content at [{start}, {end}) "
                      f"({content[start:end][:40]!r}); the offsets count", "the text the offsets cover")
        index = fields.get(obj, "index", str, _TEXT, optional=True)
        return Span(start, end, text, index, rest_of(obj, ("startOffset", "endOffset", "text", "index")))

    def argument(self, value: Any, where: str, content: str) -> Argument:
        fields = self.fields(value, where)
        obj = fields.obj(value, "an argument")
        span = self.span(fields, obj, content)
        role_obj = fields.obj(fields.get(obj, "role", dict, "a role object {type}"), "role")
        role = self.fields(role_obj, f"{where}, role").get(role_obj, "type", str, "the role's type as a string")
        entity_type = fields.get(obj, "type", str, _TEXT, optional=True)
        span.extra = rest_of(span.extra, ("role", "type"))
        return Argument(span, role, entity_type, rest_of(role_obj, ("type",)))

    def event(self, value: Any, where: str, content: str) -> Event:
        fields = self.fields(value, where)
        obj = fields.obj(value, "an event")
        nugget_obj = fields.get(obj, "nugget", dict, "a nugget object {startOffset, endOffset, text}")
        nugget = self.span(self.fields(nugget_obj, f"{where}, nugget"), nugget_obj, content)
        kind = fields.get(obj, "type", str, "the event type as a string")
        subtype = fields.get(obj, "subtype", str, "the event subtype as a string")
        realis = fields.get(obj, "realis", str, "the realis as a string (Actual, Generic, Other)")
        raw = fields.get(obj, "argument", list, "a list of arguments", optional=True)
        arguments = None if raw is None else [self.argument(a, f"{where}, argument {i}", content)
                                              for i, a in enumerate(raw)]
        index = fields.get(obj, "index", str, _TEXT, optional=True)
        return Event(nugget, kind, subtype, realis, arguments, index,
                     rest_of(obj, ("nugget", "type", "subtype", "realis", "argument", "index")), fields.line)

    def document(self, doc_id: str) -> CasieDocument:
        value = self.value
        fields = self.fields(value, "")
        obj = fields.obj(value, "the document")
        content = fields.get(obj, "content", str, "the document text as a string")
        cyber = fields.obj(fields.get(obj, "cyberevent", dict, "a cyberevent object {hopper: [...]}"), "cyberevent")
        raw_hoppers = self.fields(cyber, "cyberevent").get(cyber, "hopper", list, "a list of hoppers (empty if none)")
        hoppers: list[Hopper] = []
        for h, raw in enumerate(raw_hoppers):
            hf = self.fields(raw, f"hopper {h}")
            hopper = hf.obj(raw, "a hopper")
            events = hf.get(hopper, "events", list, "a list of events")
            hoppers.append(Hopper([self.event(e, f"hopper {h}, event {i}", content) for i, e in enumerate(events)],
                                  hopper.get("index", ABSENT), hf.get(hopper, "relation", str, _TEXT, optional=True),
                                  rest_of(hopper, ("events", "index", "relation")), hf.line))
        sourcefile = fields.get(obj, "sourcefile", str, _TEXT, optional=True)
        extra = rest_of(obj, ("sourcefile", "info", "content", "cyberevent"))
        return CasieDocument(doc_id, content, hoppers, sourcefile, obj.get("info", ABSENT), extra,
                             rest_of(cyber, ("hopper",)), self.path)


def doc_id_of(path: str, sourcefile: str | None) -> str:
    """The document id: `sourcefile` without `.txt` (as the corpus names its texts), else the file's name."""
    if sourcefile:
        return sourcefile[:-4] if sourcefile.endswith(".txt") else sourcefile
    name = os.path.basename(path)
    return name[:-len(EXTENSION)] if name.endswith(EXTENSION) else name


def parse_casie(text: str, path: str, warnings: list[Problem] | None = None) -> CasieDocument:
    """One CASIE document from its text; the first problem is a `FormatError` (file:line: where: what);
    non-fatal ones (a nugget text that is not what its offsets cover) go to `warnings`."""
    reader = _Reader(path, text, warnings if warnings is not None else [])
    sourcefile = reader.value.get("sourcefile") if isinstance(reader.value, dict) else None
    doc = reader.document(doc_id_of(path, sourcefile if isinstance(sourcefile, str) else None))
    if sourcefile and (at := text.find('"sourcefile"')) >= 0:
        doc.id_line = text.count("\n", 0, at) + 1
    return doc


def casie_paths(path: str) -> list[str]:
    """A file, or a folder's `*.json` files in name order."""
    if os.path.isdir(path):
        return [os.path.join(path, n) for n in sorted(os.listdir(path))
                if n.endswith(EXTENSION) and os.path.isfile(os.path.join(path, n))]
    return [path]


def read_casie(path: str, warnings: list[Problem] | None = None) -> list[CasieDocument]:
    """Every document of a CASIE file or folder; raises `FormatError` (also for two files of one id)."""
    documents: list[CasieDocument] = []
    seen: dict[str, str] = {}
    paths = casie_paths(path)
    if not paths:
        raise FormatError(display_name(path), 0, "no .json files in the folder", "CASIE annotation files (*.json)")
    for file in paths:
        doc = parse_casie(decode_text(read_bytes(file), file), display_name(file), warnings)
        if doc.doc_id in seen:
            raise FormatError(doc.path, 1, f"document {doc.doc_id!r} already read from {seen[doc.doc_id]}",
                              "each document once")
        seen[doc.doc_id] = doc.path
        documents.append(doc)
    return documents


def validate_casie(path: str) -> list[Problem]:
    """Each file's first fatal problem and every warning, in file and line order."""
    problems: list[Problem] = []
    paths = casie_paths(path)
    if not paths:
        return [Problem(display_name(path), 0, "no .json files in the folder", "CASIE annotation files (*.json)")]
    for file in paths:
        try:
            parse_casie(decode_text(read_bytes(file), file), display_name(file), problems)
        except FormatError as exc:
            problems.append(exc.problem)
    return sorted(problems, key=lambda p: (p.path, p.line))


def is_casie(path: str) -> bool:
    """Whether a path is CASIE input: a folder with `.json` files, or a `.json` file whose object has
    `content` and `cyberevent` (checked on its first bytes: `evmeval-score` asks before reading tbf)."""
    if os.path.isdir(path):
        return bool(casie_paths(path))
    if not path.endswith(EXTENSION) or not os.path.isfile(path):
        return False
    with open(path, "rb") as handle:
        head = handle.read(1 << 16)
    return b'"cyberevent"' in head or (b'"content"' in head and head.lstrip().startswith(b"{"))


def _span_json(span: Span, first: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"startOffset": span.start}
    if span.index is not None:
        out["index"] = span.index
    out["endOffset"] = span.end
    out |= first or {}
    if span.text is not None:
        out["text"] = span.text
    return out | span.extra


def document_json(doc: CasieDocument) -> dict[str, Any]:
    """A document as the published files lay it out (their key order), unknown fields after."""
    hoppers = []
    for hopper in doc.hoppers:
        events = []
        for event in hopper.events:
            obj: dict[str, Any] = {"nugget": _span_json(event.nugget), "subtype": event.subtype}
            if event.arguments is not None:
                obj["argument"] = [_span_json(a.span, {"role": {"type": a.role} | a.role_extra}
                                              | ({"type": a.entity_type} if a.entity_type is not None else {}))
                                   for a in event.arguments]
            if event.index is not None:
                obj["index"] = event.index
            events.append(obj | {"realis": event.realis, "type": event.type} | event.extra)
        head: dict[str, Any] = {"relation": hopper.relation} if hopper.relation is not None else {}
        if hopper.index != ABSENT:
            head["index"] = hopper.index
        hoppers.append(head | {"events": events} | hopper.extra)
    out: dict[str, Any] = {"sourcefile": doc.sourcefile} if doc.sourcefile is not None else {}
    if doc.info != ABSENT:
        out["info"] = doc.info
    return out | {"content": doc.content, "cyberevent": {"hopper": hoppers} | doc.cyberevent_extra} | doc.extra


def dumps_casie(doc: CasieDocument) -> str:
    """The file text of a document (one line, ASCII escapes, as the corpus writes it)."""
    return json.dumps(document_json(doc))


def _ids(doc: CasieDocument) -> list[list[str]]:
    """Each event's mention id: its `index` (E3) when those are unique in the document, else `E<h>-<e>`."""
    given = [e.index for h in doc.hoppers for e in h.events]
    if all(given) and len(set(given)) == len(given):
        return [[str(e.index) for e in h.events] for h in doc.hoppers]
    return [[f"E{h}-{e}" for e in range(len(hopper.events))] for h, hopper in enumerate(doc.hoppers)]


def _tbf_text(text: str) -> str:
    return " ".join(text.split()) or "-"


def to_tbf_document(doc: CasieDocument, run_id: str) -> Document:
    """Nuggets as character-span mentions (`type.subtype`, realis), hoppers of 2+ as `@Coreference`."""
    mentions: list[Mention] = []
    relations: list[Relation] = []
    for hopper, ids in zip(doc.hoppers, _ids(doc), strict=True):
        for event, mention_id in zip(hopper.events, ids, strict=True):
            nugget = event.nugget
            text = nugget.text if nugget.text is not None else doc.content[nugget.start:nugget.end]
            mentions.append(Mention(run_id, doc.doc_id, mention_id, ((event.nugget.start, event.nugget.end),),
                                    _tbf_text(text), canonical(event.event_type), canonical(event.realis),
                                    event.event_type, event.realis, None, event.line))
        if len(ids) > 1:
            relations.append(Relation("Coreference", f"R{len(relations) + 1}", tuple(ids), hopper.line))
    return Document(doc.doc_id, tuple(mentions), tuple(relations))


def to_tbf(documents: list[CasieDocument], path: str, run_id: str = "casie") -> TbfFile:
    """The documents as one character-mode tbf file."""
    return TbfFile(path, SpanMode.CHAR, {d.doc_id: to_tbf_document(d, run_id) for d in documents})


def from_tbf_document(doc: Document, content: str) -> CasieDocument:
    """A tbf document (character spans) and its text as CASIE: each coreference cluster a hopper,
    every other mention a hopper of its own; `type.subtype` split at the first dot. Arguments: none."""
    by_id = {m.mention_id: m for m in doc.mentions}
    clusters = [r.mention_ids for r in doc.relations if r.kind == "Coreference"]
    clustered = {i for c in clusters for i in c}
    groups = [tuple(i for i in c if i in by_id) for c in clusters]
    groups += [(m.mention_id,) for m in doc.mentions if m.mention_id not in clustered]
    hoppers = []
    for h, group in enumerate(g for g in groups if g):
        events = []
        for mention_id in group:
            m = by_id[mention_id]
            start, end = m.span[0][0], m.span[-1][1]
            kind, _, subtype = m.raw_type.partition(".")
            events.append(Event(Span(start, end, content[start:end] or m.text), kind, subtype, m.raw_realis, None,
                                mention_id))
        hoppers.append(Hopper(events, h))
    return CasieDocument(doc.doc_id, content, hoppers, f"{doc.doc_id}.txt")


def tbf_bytes(path: str) -> bytes:
    """A CASIE file or folder as tbf text (run id: its name), to be scored as tbf is; raises `FormatError`."""
    tbf = to_tbf(read_casie(path), path, os.path.basename(os.path.normpath(path)) or "casie")
    return format_tbf(list(tbf.documents.values())).encode("utf-8")
