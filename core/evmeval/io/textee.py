"""TextEE / OneIE window JSONL: one text window per line, events on token offsets (end exclusive).

The facts are those of ej0cl6/TextEE `data/README.md` and its loader: `doc_id`, `wnd_id`, `tokens`,
`entity_mentions` (`id`, `start`, `end`), `event_mentions` with `event_type`, `trigger{start,end,text}`
and `arguments` (`entity_id`, `role`). An argument's span is its entity's span when it names one (as
TextEE's loader takes it); TextEE's own prediction files name no entity and carry `start`/`end`
themselves, and have no `entity_mentions`, `text` or `lang`: those are optional here for that reason.
Fields this module does not model are kept (`extra`) and written back, so a round trip loses nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from evmeval.io.errors import FormatError, Problem
from evmeval.io.jsonlines import Fields, JsonLines, Stream, dump_line, is_int, rest_of, validate_json_lines

_TEXT = "a string"
_OFFSET = "a token offset: an integer, 0 <= start < end <= number of tokens (end exclusive)"


@dataclass(slots=True)
class Entity:
    id: str
    start: int
    end: int
    entity_type: str | None = None
    text: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Argument:
    role: str
    entity_id: str | None = None
    start: int | None = None
    end: int | None = None
    text: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class EventMention:
    event_type: str
    start: int
    end: int
    trigger_text: str | None = None
    id: str | None = None
    arguments: list[Argument] = field(default_factory=list)
    trigger_extra: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Window:
    doc_id: str
    wnd_id: str
    tokens: list[str]
    event_mentions: list[EventMention] = field(default_factory=list)
    entity_mentions: list[Entity] | None = None
    text: str | None = None
    lang: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    line: int = field(default=0, compare=False)
    """Where the window was read (0: made in memory); messages name it."""

    def argument_span(self, argument: Argument) -> tuple[int, int]:
        """The span TextEE scores: the named entity's, else the argument's own `start`/`end`."""
        if argument.entity_id is not None:
            for entity in self.entity_mentions or ():
                if entity.id == argument.entity_id:
                    return entity.start, entity.end
        assert argument.start is not None and argument.end is not None, "checked when read"
        return argument.start, argument.end


@dataclass
class TexteeFile:
    path: str
    windows: list[Window]
    sha256: str = ""


def _span(fields: Fields, obj: dict[str, Any], n_tokens: int, part: str = "") -> tuple[int, int]:
    """`[start, end)` of `obj`; `part` (e.g. "trigger") is added to the place only if a message needs it."""
    start, end = obj.get("start"), obj.get("end")
    if type(start) is int and type(end) is int and 0 <= start < end <= n_tokens:  # JSON's ints: never a bool
        return start, end
    fields = fields.at(part) if part else fields
    if not is_int(start) or not is_int(end):
        raise fields.fail(f"start {start!r}, end {end!r}", _OFFSET)
    raise fields.fail(f"span [{start}, {end}) outside the window's {n_tokens} tokens or empty", _OFFSET)


def _entity(fields: Fields, value: Any, n_tokens: int) -> Entity:
    obj = fields.obj(value, "an entity mention")
    start, end = _span(fields, obj, n_tokens)
    return Entity(fields.get(obj, "id", str, _TEXT), start, end,
                  fields.get(obj, "entity_type", str, _TEXT, optional=True),
                  fields.get(obj, "text", str, _TEXT, optional=True),
                  rest_of(obj, ("id", "start", "end", "entity_type", "text")))


def _argument(fields: Fields, value: Any, n_tokens: int, entity_ids: set[str]) -> Argument:
    obj = fields.obj(value, "an argument")
    role = fields.get(obj, "role", str, "the argument's role as a string")
    entity_id = fields.get(obj, "entity_id", str, "the id of one of the window's entity_mentions", optional=True)
    if entity_id is not None and entity_id not in entity_ids:
        raise fields.fail(f"entity_id {entity_id!r} is not among the window's entity_mentions",
                          "the id of one of the window's entity_mentions")
    start = end = None
    if entity_id is None or "start" in obj or "end" in obj:
        start, end = _span(fields, obj, n_tokens)
    return Argument(role, entity_id, start, end, fields.get(obj, "text", str, _TEXT, optional=True),
                    rest_of(obj, ("role", "entity_id", "start", "end", "text")))


def _event(fields: Fields, value: Any, n_tokens: int, entity_ids: set[str]) -> EventMention:
    obj = fields.obj(value, "an event mention")
    event_type = fields.get(obj, "event_type", str, "the event type as a string")
    trigger = fields.get(obj, "trigger", dict, "a trigger object {start, end, text}")
    start, end = _span(fields, trigger, n_tokens, "trigger")
    raw_arguments = fields.get(obj, "arguments", list, "a list of arguments (empty if none)")
    arguments = [_argument(fields.at("argument", i), a, n_tokens, entity_ids) for i, a in enumerate(raw_arguments)]
    text = trigger.get("text")
    if type(text) is not str and "text" in trigger:  # absent: None; anything but a string: what is wrong
        text = fields.at("trigger").get(trigger, "text", str, _TEXT, optional=True)
    return EventMention(event_type, start, end, text,
                        fields.get(obj, "id", str, _TEXT, optional=True), arguments,
                        rest_of(trigger, _TRIGGER_FIELDS),
                        rest_of(obj, _EVENT_FIELDS))


_TRIGGER_FIELDS = frozenset(("start", "end", "text"))
_EVENT_FIELDS = frozenset(("event_type", "trigger", "arguments", "id"))


def _events(fields: Fields, raw: list[Any], n_tokens: int, entity_ids: set[str]) -> list[EventMention]:
    return [_event(fields.at("event", i), value, n_tokens, entity_ids) for i, value in enumerate(raw)]


_WINDOW_FIELDS = ("doc_id", "wnd_id", "tokens", "event_mentions", "entity_mentions", "text", "lang")


def parse_window(path: str, line: int, value: Any, words: dict[str, str] | None = None) -> Window:
    """One line's window, every field checked; the first problem is a `FormatError` at that line. `words`: the
    token strings already read from the file, shared: a word recurs window after window, and a token string
    each was half of a parsed TextEE file (issue 34; the values are unchanged)."""
    fields = Fields(path, line)
    obj = fields.obj(value, "the line")
    doc_id = fields.get(obj, "doc_id", str, "the document id as a string")
    wnd_id = fields.get(obj, "wnd_id", str, "the window id as a string")
    fields = Fields(path, line, f"window {wnd_id!r}")
    tokens = fields.strings(obj, "tokens", "a list of token strings")
    if words is not None:
        share = words.setdefault
        tokens[:] = [share(t, t) for t in tokens]
    raw_entities = fields.get(obj, "entity_mentions", list, "a list of entity mentions", optional=True)
    entities = None
    if raw_entities is not None:
        entities = [_entity(fields.at("entity", i), e, len(tokens)) for i, e in enumerate(raw_entities)]
    entity_ids: set[str] = set()
    for i, entity in enumerate(entities or ()):
        if entity.id in entity_ids:
            raise fields.at(f"entity {i}").fail(f"id {entity.id!r} given twice", "one entity mention per id")
        entity_ids.add(entity.id)
    raw_events = fields.get(obj, "event_mentions", list, "a list of event mentions (empty if none)")
    events = _events(fields, raw_events, len(tokens), entity_ids)
    return Window(doc_id, wnd_id, tokens, events, entities, fields.get(obj, "text", str, _TEXT, optional=True),
                  fields.get(obj, "lang", str, _TEXT, optional=True), rest_of(obj, _WINDOW_FIELDS), line)


def _windows(path: str, lines: Iterable[tuple[int, Any]], problems: list[Problem] | None,
             words: dict[str, str] | None = None) -> Iterator[Window]:
    seen: dict[tuple[str, str], int] = {}
    for line, value in lines:
        try:
            window = parse_window(path, line, value, words)
            key = (window.doc_id, window.wnd_id)
            if key in seen:
                raise FormatError(path, line, f"window {window.wnd_id!r} of document {window.doc_id!r} "
                                  f"already on line {seen[key]}", "each window once (wnd_id is unique)")
            seen[key] = line
        except FormatError as exc:
            if problems is None:
                raise
            problems.append(exc.problem)
            continue
        yield window


def stream_textee(path: str, data: bytes | None = None, problems: list[Problem] | None = None, *,
                  kept: bool = False) -> Stream[Window]:
    """A TextEE window file a window (line) at a time (`data`: its bytes if already read); the first problem is
    a `FormatError` (file:line: ...) unless `problems` is given. `kept`: the windows are all kept (`read_textee`),
    so their token strings are shared (`parse_window`'s `words`); a stream read and let go does not pay for it."""
    return Stream(JsonLines(path, data, problems), partial(_windows, words={}) if kept else _windows)


def read_textee(path: str, data: bytes | None = None) -> TexteeFile:
    """Read a TextEE window file (`data`: its bytes if already read); the first problem is a
    `FormatError` (file:line: ...)."""
    stream = stream_textee(path, data, kept=True)
    windows = list(stream)
    return TexteeFile(stream.path, windows, stream.sha256)


def validate_textee(path: str) -> list[Problem]:
    """Every line's first problem, in line order (a file that cannot be read: that one problem)."""
    return validate_json_lines(path, lambda name, lines, problems: list(_windows(name, lines, problems)))


def _optional(pairs: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    return {k: v for k, v in pairs if v is not None}


def window_json(window: Window) -> dict[str, Any]:
    """A window as TextEE writes it (README's field order), unknown fields after."""
    events = []
    for event in window.event_mentions:
        trigger = {"text": event.trigger_text} if event.trigger_text is not None else {}
        trigger |= {"start": event.start, "end": event.end} | event.trigger_extra
        arguments = [_optional((("entity_id", a.entity_id), ("role", a.role), ("text", a.text), ("start", a.start),
                                ("end", a.end))) | a.extra for a in event.arguments]
        events.append(_optional((("id", event.id), ("event_type", event.event_type))) | {"trigger": trigger}
                      | {"arguments": arguments} | event.extra)
    out: dict[str, Any] = {"doc_id": window.doc_id, "wnd_id": window.wnd_id}
    out |= _optional((("text", window.text), ("lang", window.lang)))
    out["tokens"] = window.tokens
    if window.entity_mentions is not None:
        out["entity_mentions"] = [_optional((("id", e.id), ("entity_type", e.entity_type), ("text", e.text),
                                             ("start", e.start), ("end", e.end))) | e.extra
                                  for e in window.entity_mentions]
    out["event_mentions"] = events
    return out | window.extra


def dumps_textee(windows: Iterable[Window]) -> str:
    """The JSONL text of `windows`: what `read_textee` reads back equal."""
    return "".join(dump_line(window_json(w)) for w in windows)
