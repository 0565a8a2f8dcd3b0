"""MAVEN-Arg's files as its evaluation script (THU-KEG/MAVEN-Argument `evaluate.py`) reads them.

The script does not read the layout its README documents (`document`, events with `mention` and an `argument`
dict, `entities`): it reads `ref/test.unified.jsonl`, one document a line with `id`, `text`, `events` (each
`id`, `type` and `triggers`, each trigger `id` and `arguments`, each argument `role`, `id` and `mentions`, each
mention `position` [start, end) in characters of `text`) and `negative_triggers` (each `id`); an argument's
role is written `EventType.Role` (a role written otherwise is never looked up: the script scores it nowhere).
Beside it `ref/label2role.json`, each event type's roles (`{"Attack": ["Attacker", ...]}`). Here the gold file
is read as the script reads it, and a line of the README's layout is refused saying so.

The submission (`res/test_prediction.jsonl`, as the README says): per line `id` and `preds`, a dict from
trigger id to `{"event_type": ..., role: [argument strings]}`. A trigger id is looked up in every document of
the gold file (the script keeps one table); a later line's role of a trigger replaces an earlier one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from evmeval.io.detect import is_maven_arg as is_maven_arg
from evmeval.io.errors import FormatError, Problem
from evmeval.io.jsonlines import Fields, JsonLines, is_int, kind
from evmeval.io.reading import display_name, read_bytes

NEGATIVE = "NA"
"""The event id the script gives a negative trigger (a prediction on one is a false alarm)."""

README_LAYOUT = ("a line of the layout MAVEN-Arg's README documents (document, events with mention and argument): "
                 "its evaluate.py reads another")
UNIFIED = ("the layout evaluate.py reads (test.unified.jsonl): id, text, events (id, type, triggers with id and "
           "arguments: role 'Type.Role', id, mentions with position), negative_triggers")


@dataclass(frozen=True)
class GoldTrigger:
    key: str
    """`document id-event id-trigger id`, the script's key."""
    event_type: str
    line: int
    position: tuple[int, int] | None = None
    """The trigger's characters in the document's text, where the line gives them (the script never reads them)."""
    arguments: tuple[tuple[str, int, int], ...] = ()
    """(role, start, end) of each mention of each of its arguments, in characters of the text (the window's)."""
    document: str = ""
    trigger_id: str = ""


@dataclass
class MavenArgGold:
    path: str
    triggers: list[GoldTrigger]
    """In the file's order (the script's)."""
    slots: dict[str, tuple[str, list[list[str]]]]
    """`trigger key-role` -> (event type, each argument's mention texts): the script's `label_id2spans`."""
    event_of: dict[str, str]
    """Trigger id -> event id (`NA` for a negative trigger), over the whole file."""
    documents: set[str]
    sha256: str
    lines: int
    event_types: set[str]
    texts: dict[str, str] = field(default_factory=dict)
    """Document id -> its text (the window shows it)."""
    negatives: dict[str, list[tuple[str, tuple[int, int] | None]]] = field(default_factory=dict)
    """Document id -> its negative triggers' ids and positions (where given), in the file's order."""


@dataclass
class MavenArgPredictions:
    path: str
    slots: dict[str, tuple[str, list[str]]]
    """`document id-event id-trigger id-type.role` -> (predicted event type, argument strings)."""
    skipped_documents: int
    skipped_triggers: int
    types: dict[tuple[str, str], str] = field(default_factory=dict)
    """(document id, trigger id) -> the predicted event type (the window's system mentions; a later line's wins)."""
    strings: dict[tuple[str, str], dict[str, list[str]]] = field(default_factory=dict)
    """(document id, trigger id) -> each role as written (no type before it) and its strings (the window's)."""


def _position(fields: Fields, value: Any) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) >= 2 and is_int(value[0]) and is_int(value[1])):
        raise fields.fail(f"position is {kind(value)}", "a position [start, end] of character offsets in text")
    return value[0], value[1]


def _gold_line(gold: MavenArgGold, fields: Fields, obj: dict[str, Any]) -> None:
    if "document" in obj and "text" not in obj:
        raise fields.fail(README_LAYOUT, UNIFIED)
    doc = fields.get(obj, "id", str, "the document id as a string")
    text = fields.get(obj, "text", str, "the document's text as a string")
    gold.documents.add(doc)
    gold.texts[doc] = text
    for e, raw_event in enumerate(fields.get(obj, "events", list, "a list of events")):
        at = fields.at(f"event {e}")
        event = at.obj(raw_event, "the event")
        if "mention" in event and "triggers" not in event:
            raise at.fail(README_LAYOUT, UNIFIED)
        event_id = at.get(event, "id", str, "the event id as a string")
        event_type = at.get(event, "type", str, "the event type as a string")
        gold.event_types.add(event_type)
        for t, raw_trigger in enumerate(at.get(event, "triggers", list, "a list of triggers")):
            where = at.at(f"trigger {t}")
            trigger = where.obj(raw_trigger, "the trigger")
            tid = where.get(trigger, "id", str, "the trigger id as a string")
            if tid in gold.event_of:
                raise where.fail(f"trigger id {tid!r} is used before in the file",
                                 "trigger ids unique over the file (evaluate.py asserts it)")
            gold.event_of[tid] = event_id
            key = f"{doc}-{event_id}-{tid}"
            placed: list[tuple[str, int, int]] = []
            for a, raw_argument in enumerate(where.get(trigger, "arguments", list, "a list of arguments")):
                here = where.at(f"argument {a}")
                argument = here.obj(raw_argument, "the argument")
                role = here.get(argument, "role", str, "the role as a string ('Type.Role')")
                here.get(argument, "id", str, "the argument id as a string")
                mentions = here.get(argument, "mentions", list, "a list of mentions with position")
                spans = []
                for m, mention in enumerate(mentions):
                    start, end = _position(here.at(f"mention {m}"), here.obj(mention, "the mention").get("position"))
                    spans.append(text[start:end])
                    placed.append((role, start, end))
                gold.slots.setdefault(f"{key}-{role}", (event_type, []))[1].append(spans)
            gold.triggers.append(GoldTrigger(key, event_type, fields.line, _given_position(trigger, text),
                                             tuple(placed), doc, tid))
    for n, raw in enumerate(fields.get(obj, "negative_triggers", list, "a list of negative triggers")):
        at = fields.at(f"negative trigger {n}")
        negative = at.obj(raw, "the negative trigger")
        tid = at.get(negative, "id", str, "the trigger id")
        gold.event_of[tid] = NEGATIVE
        gold.negatives.setdefault(doc, []).append((tid, _given_position(negative, text)))


def _given_position(trigger: dict[str, Any], text: str) -> tuple[int, int] | None:
    """A trigger's `position` [start, end) in `text`, for the window; None where it is missing or not such a pair
    (the script reads none, so the command scores the line either way)."""
    value = trigger.get("position")
    if isinstance(value, list) and len(value) == 2 and all(is_int(v) for v in value) and 0 <= value[0] <= value[1] \
            <= len(text):
        return value[0], value[1]
    return None


def read_gold(path: str, data: bytes | None = None) -> MavenArgGold:
    """The gold file as the script reads it; the first problem is a `FormatError` at its line."""
    stream = JsonLines(path, data)
    name = display_name(path)
    gold = MavenArgGold(name, [], {}, {}, set(), "", 0, set())
    for number, value in stream:
        fields = Fields(name, number)
        _gold_line(gold, fields, fields.obj(value, "the line"))
        gold.lines += 1
    gold.sha256 = stream.sha256
    return gold


def read_predictions(path: str, data: bytes | None, gold: MavenArgGold) -> MavenArgPredictions:
    """The submission against `gold`: a line of a document the gold lacks and a trigger id the gold lacks are
    skipped, as the script skips them (counted here)."""
    name = display_name(path)
    found = MavenArgPredictions(name, {}, 0, 0)
    for number, value in JsonLines(path, data):
        fields = Fields(name, number)
        obj = fields.obj(value, "the line")
        doc = fields.get(obj, "id", str, "the document id as a string")
        preds = fields.get(obj, "preds", dict, "a dict from trigger id to {event_type, role: [strings]}")
        if doc not in gold.documents:
            found.skipped_documents += 1
            continue
        for tid, raw in preds.items():
            if tid not in gold.event_of:
                found.skipped_triggers += 1
                continue
            at = fields.at("trigger", tid)
            pred = at.obj(raw, "the trigger's prediction")
            event_type = at.get(pred, "event_type", str, "the event type as a string")
            found.types[doc, tid] = event_type
            for role, spans in pred.items():
                if role == "event_type":
                    continue
                if not (isinstance(spans, list) and all(isinstance(s, str) for s in spans)):
                    raise at.fail(f"role {role!r} is {kind(spans)}", "a list of argument strings")
                found.slots[f"{doc}-{gold.event_of[tid]}-{tid}-{event_type}.{role}"] = (event_type, spans)
                found.strings.setdefault((doc, tid), {})[role] = spans
    return found


def read_schema(path: str) -> dict[str, list[str]]:
    """label2role.json: each event type's roles."""
    name = display_name(path)
    try:
        value = json.loads(read_bytes(path).decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FormatError(name, getattr(exc, "lineno", 0), f"not JSON ({exc})",
                          'label2role.json: {"EventType": ["Role", ...], ...}') from None
    if not (isinstance(value, dict) and all(isinstance(v, list) and all(isinstance(r, str) for r in v)
                                            for v in value.values())):
        raise FormatError(name, 1, f"is {kind(value)}", 'label2role.json: {"EventType": ["Role", ...], ...}')
    return value




def validate_maven_arg(path: str) -> list[Problem]:
    """The first problem of a gold file or a submission (`evmeval-validate`)."""
    try:
        first = next(iter(JsonLines(path)), (0, None))[1]
        if isinstance(first, dict) and "preds" in first:
            read_predictions(path, None, MavenArgGold(display_name(path), [], {}, {}, set(), "", 0, set()))
        else:
            read_gold(path)
    except FormatError as exc:
        return [exc.problem]
    return []
