"""The files UIE's event scorer (universal-ie/UIE `scripts/eval_extraction.py`) reads.

- The gold file (`test.json` of UIE's converted data): per line (one instance, usually a sentence) `text`,
  `tokens` and `event`: a list of records, each `type`, `offset` (the trigger's token indices), `text` and
  `args` (each `type` (the role), `offset`, `text`). Other fields (`entity`, `relation`, `spot`, …) are not read.
- The record file (`test_preds_record.txt`, written by `scripts/sel2record.py`): per line `event` with
  `string` (records `{type, trigger, roles: [[role, text], …]}`) and `offset` (the same records placed in the
  tokens: `trigger` and each role's argument as token indices). The n-th line is the gold file's n-th instance.
  A line without `offset` (string records only, e.g. from a generative model) is placed here by UIE's own map
  (`evmeval.grounding.uie`), as `sel2record.py` would place it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evmeval.io.detect import is_uie_gold, is_uie_record
from evmeval.io.errors import FormatError, Problem
from evmeval.io.jsonlines import Fields, JsonLines, is_int, kind
from evmeval.io.reading import display_name

Offset = tuple[int, ...]
"""Token indices, as UIE compares them (not necessarily contiguous)."""


@dataclass(frozen=True)
class UieRecord:
    """An event record in strings: type, trigger, (role, argument text) pairs."""

    event_type: str
    trigger: str
    roles: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class OffsetRecord:
    event_type: str
    trigger: Offset
    roles: tuple[tuple[str, Offset], ...]


@dataclass(frozen=True)
class GoldInstance:
    line: int
    tokens: tuple[str, ...]
    offsets: tuple[OffsetRecord, ...]
    strings: tuple[UieRecord, ...]


@dataclass(frozen=True)
class PredictedInstance:
    line: int
    strings: tuple[UieRecord, ...]
    offsets: tuple[OffsetRecord, ...] | None
    """None: the line has string records only (placed by UIE's map when scored)."""


@dataclass(frozen=True)
class UieFile:
    path: str
    sha256: str
    gold: tuple[GoldInstance, ...] = ()
    predicted: tuple[PredictedInstance, ...] = ()


def _offset(fields: Fields, value: Any, what: str) -> Offset:
    if not isinstance(value, list) or not all(is_int(i) for i in value):
        raise fields.fail(f"{what} is {kind(value)}", f"{what} as a list of token indices")
    return tuple(value)


def _gold(fields: Fields, obj: dict[str, Any]) -> GoldInstance:
    tokens = tuple(fields.strings(obj, "tokens", "the instance's tokens"))
    offsets, strings = [], []
    for i, raw in enumerate(fields.get(obj, "event", list, "a list of event records")):
        where = fields.at(f"event {i}")
        record = where.obj(raw, "the event record")
        event_type = where.get(record, "type", str, "the event type as a string")
        trigger = _offset(where, record.get("offset"), "'offset'")
        text = where.get(record, "text", str, "the trigger's text")
        roles, role_strings = [], []
        for j, arg in enumerate(where.get(record, "args", list, "a list of arguments")):
            at = where.at(f"argument {j}")
            arg = at.obj(arg, "the argument")
            role = at.get(arg, "type", str, "the role as a string")
            roles.append((role, _offset(at, arg.get("offset"), "'offset'")))
            role_strings.append((role, at.get(arg, "text", str, "the argument's text")))
        offsets.append(OffsetRecord(event_type, trigger, tuple(roles)))
        strings.append(UieRecord(event_type, text, tuple(role_strings)))
    return GoldInstance(fields.line, tokens, tuple(offsets), tuple(strings))


def _pairs(fields: Fields, record: dict[str, Any], text: bool, expected: str) -> list[tuple[str, Any]]:
    """A record's `roles`: [role, value] pairs (`text`: the value a string)."""
    found = []
    for j, pair in enumerate(fields.get(record, "roles", list, "a list of [role, argument] pairs")):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)) or (
                text and not isinstance(pair[1], str)):
            raise fields.at(f"role {j}").fail(f"is {kind(pair)}", expected)
        found.append((pair[0], pair[1]))
    return found


def _predicted(fields: Fields, obj: dict[str, Any]) -> PredictedInstance:
    event = fields.obj(fields.get(obj, "event", dict, "the event records {string, offset}"), "'event'")
    strings = []
    for i, raw in enumerate(fields.get(event, "string", list, "the event's string records (a list)")):
        where = fields.at(f"string record {i}")
        record = where.obj(raw, "the record")
        roles = _pairs(where, record, True, "[role, argument text]")
        strings.append(UieRecord(where.get(record, "type", str, "the event type as a string"),
                                 where.get(record, "trigger", str, "the trigger's text"), tuple(roles)))
    if "offset" not in event:
        return PredictedInstance(fields.line, tuple(strings), None)
    offsets = []
    for i, raw in enumerate(fields.get(event, "offset", list, "the event's offset records (a list)")):
        where = fields.at(f"offset record {i}")
        record = where.obj(raw, "the record")
        roles = [(role, _offset(where.at(f"role {role!r}"), value, "the argument"))
                 for role, value in _pairs(where, record, False, "[role, [token indices]]")]
        offsets.append(OffsetRecord(where.get(record, "type", str, "the event type as a string"),
                                    _offset(where, record.get("trigger"), "'trigger'"), tuple(roles)))
    return PredictedInstance(fields.line, tuple(strings), tuple(offsets))


def read_uie(path: str, data: bytes | None = None) -> UieFile:
    """A gold file or a record file (by each line's `event`: a list in gold, an object in records); the first
    problem is a `FormatError` at its line."""
    lines = JsonLines(path, data)
    name = display_name(path)
    gold: list[GoldInstance] = []
    predicted: list[PredictedInstance] = []
    for number, value in lines:
        fields = Fields(name, number)
        obj = fields.obj(value, "the line")
        if is_uie_gold(obj) and not predicted:
            gold.append(_gold(fields, obj))
        elif is_uie_record(obj) and not gold:
            predicted.append(_predicted(fields, obj))
        else:
            expected = ("a gold instance (text, tokens, event: a list)" if gold else
                        "an event record line (event: {string, offset})" if predicted else
                        "a gold instance (text, tokens, event: a list) or an event record line (event: {string, "
                        "offset})")
            raise fields.fail("not the kind of line the file's first line is" if gold or predicted
                              else "not a UIE line", expected)
    return UieFile(name, lines.sha256, tuple(gold), tuple(predicted))


def validate_uie(path: str) -> list[Problem]:
    try:
        read_uie(path)
    except FormatError as exc:
        return [exc.problem]
    return []



