"""String predictions (our own JSONL, `strings/1`): what a generative system emits, before grounding.

One line per document or window: `doc_id`, optional `wnd_id`, and `events`, each with its `trigger`
text, `event_type`, optional token offsets `start`/`end` in the window (then the trigger is not
grounded), and `arguments` as `role` + `text`. The layout is resources/schemas/strings.schema.json;
docs/formats.md describes it. Offsets are checked against the gold window when scoring.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from evmeval.io.detect import is_strings_line as is_strings_line
from evmeval.io.errors import FormatError, Problem
from evmeval.io.jsonlines import Fields, JsonLines, is_int, validate_json_lines
from evmeval.io.reading import display_name

SCHEMA = "strings/1"
"""The optional `"schema"` value of a line: the layout it follows."""

_TEXT = "a non-empty string"
_OFFSET = "token offsets in the window: integers, 0 <= start < end (end exclusive), both or neither"


@dataclass(frozen=True)
class StringArgument:
    role: str
    text: str


@dataclass(frozen=True)
class StringEvent:
    trigger: str
    event_type: str
    arguments: tuple[StringArgument, ...] = ()
    start: int | None = None
    end: int | None = None
    """Token offsets of the trigger in its window when the system gave them (None: ground the string)."""


@dataclass(frozen=True)
class StringLine:
    doc_id: str
    wnd_id: str | None
    """None: the whole document (its windows in file order)."""
    events: tuple[StringEvent, ...]
    line: int = 0


@dataclass
class StringsFile:
    path: str
    lines: list[StringLine] = field(default_factory=list)
    sha256: str = ""


def _text(fields: Fields, obj: dict[str, Any], key: str, what: str) -> str:
    value: str = fields.get(obj, key, str, f"{what} as {_TEXT}")
    if not value.strip():
        raise fields.fail(f"{key!r} is empty", f"{what} as {_TEXT}")
    return value


def _event(fields: Fields, value: Any) -> StringEvent:
    obj = fields.obj(value, "an event")
    trigger = _text(fields, obj, "trigger", "the trigger's text")
    event_type = _text(fields, obj, "event_type", "the event type")
    start: Any = obj.get("start")
    end: Any = obj.get("end")
    given = start is not None or end is not None
    if given and not (is_int(start) and is_int(end) and 0 <= start < end):
        raise fields.fail(f"start {start!r}, end {end!r}", _OFFSET)
    raw = fields.get(obj, "arguments", list, "a list of arguments {role, text} (empty if none)", optional=True)
    arguments = []
    for i, item in enumerate(raw or ()):
        at = fields.at("argument", i)
        argument = at.obj(item, "an argument")
        arguments.append(StringArgument(_text(at, argument, "role", "the role"),
                                        _text(at, argument, "text", "the argument's text")))
    return StringEvent(trigger, event_type, tuple(arguments), start, end)


def parse_line(path: str, line: int, value: Any) -> StringLine:
    """One line, every field checked; the first problem is a `FormatError` at that line."""
    fields = Fields(path, line)
    obj = fields.obj(value, "the line")
    schema = obj.get("schema", SCHEMA)
    if schema != SCHEMA:
        raise fields.fail(f"schema {schema!r}", f'"schema": "{SCHEMA}" or no schema field')
    doc_id = _text(fields, obj, "doc_id", "the document id")
    wnd_id = fields.get(obj, "wnd_id", str, "the window id as a string", optional=True)
    raw = fields.get(obj, "events", list, "a list of events {trigger, event_type, arguments} (empty if none)")
    events = tuple(_event(fields.at("event", i), v) for i, v in enumerate(raw))
    return StringLine(doc_id, wnd_id, events, line)


def _lines(path: str, lines: Iterable[tuple[int, Any]], problems: list[Problem] | None) -> list[StringLine]:
    """Each line parsed; with `problems` (a validator) each line's first problem is listed and the line skipped."""
    out: list[StringLine] = []
    for line, value in lines:
        try:
            out.append(parse_line(path, line, value))
        except FormatError as exc:
            if problems is None:
                raise
            problems.append(exc.problem)
    return out


def validate_strings(path: str) -> list[Problem]:
    """Every line's first problem, in line order (`evmeval-validate`); offsets are checked when scoring."""
    return validate_json_lines(path, _lines)



def read_strings(path: str, data: bytes | None = None) -> StringsFile:
    """Read a string-prediction file; the first problem is a `FormatError` (file:line: ...)."""
    lines = JsonLines(path, data)
    name = display_name(path)
    parsed = _lines(name, lines, None)
    return StringsFile(name, parsed, lines.sha256)
