"""OmniEvent's files as its unified evaluation (THU-KEG/OmniEvent `OmniEvent/evaluation/convert_format.py`)
reads them, for event detection.

Gold: OmniEvent's unified JSONL (the layout MAVEN-Arg's evaluate.py reads too): one item a line with `id`,
`text`, `events` (each `type` and `triggers`, each trigger `position` [start, end) in characters of `text`) and
`negative_triggers` (each `position`). An item's *candidates*, in OmniEvent's order: every event's triggers, then
the negative triggers; a trigger's label is its event's type, a negative trigger's is `NA`.

Predictions: our JSONL, one line per gold item, `id` and `outputs`, the model's output for the item as the
regime's metric code receives it (docs/formats.md): `tc` a label per candidate, `sl` a BIO tag per word, `mrc`
a label per word, `s2s` the (trigger, type) pairs the decoded text gave; optionally `arguments`, an entry
per candidate for argument extraction (`evmeval.conventions.omnievent_args`). Or OmniEvent's own dump
(`test_preds.json`): one JSON list, a converted label per candidate over the whole file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from evmeval.io.detect import REGIMES as REGIMES
from evmeval.io.detect import is_omnievent_prediction as is_omnievent_prediction
from evmeval.io.errors import FormatError, Problem
from evmeval.io.jsonlines import Fields, JsonLines, is_int, kind
from evmeval.io.reading import display_name, read_bytes

NA = "NA"
"""OmniEvent's label of a negative trigger (and of a candidate predicted as no event)."""
OUTPUTS = {"tc": "a list of labels, one per candidate (the events' triggers, then the negative triggers)",
           "sl": "a list of BIO tags, one per word of the text (O, B-Type, I-Type)",
           "mrc": "a list of labels, one per word of the text (a type or NA)",
           "s2s": "a list of [trigger, type] pairs"}


@dataclass(frozen=True)
class Candidate:
    start: int
    end: int
    """Character offsets [start, end) in the item's text."""
    label: str
    """The event type, or `NA` for a negative trigger."""


@dataclass(frozen=True)
class GoldItem:
    id: str
    text: str
    candidates: tuple[Candidate, ...]
    line: int
    arguments: int
    """Gold arguments (not scored: only counted for the data fingerprint), and their roles below."""
    roles: frozenset[str] = frozenset()
    placed: tuple[tuple[tuple[str, int, int], ...], ...] = ()
    """Per event trigger (the first candidates), its arguments' mentions as (role, start, end) in characters of
    the text, where a mention gives a `position` (the window boxes them; event detection reads none)."""


@dataclass(frozen=True)
class OmniGold:
    path: str
    items: tuple[GoldItem, ...]
    sha256: str


@dataclass(frozen=True)
class OmniPredictions:
    path: str
    outputs: dict[str, tuple[int, list[Any]]]
    """Item id -> (line, outputs as read)."""
    arguments: dict[str, tuple[int, list[Any]]] = field(default_factory=dict)
    """Item id -> (line, its `arguments`: an entry per candidate, null or {type, outputs}), where lines have them
    (argument extraction, checked by `evmeval.conventions.omnievent_args`)."""


def _candidate(fields: Fields, raw: Any, text: str, label: str) -> Candidate:
    value = fields.obj(raw, "the trigger").get("position")
    if not (isinstance(value, list) and len(value) == 2 and is_int(value[0]) and is_int(value[1])
            and 0 <= value[0] <= value[1] <= len(text)):
        raise fields.fail(f"position is {kind(value) if not isinstance(value, list) else value}",
                          f"a position [start, end] of character offsets in text (0 to {len(text)})")
    return Candidate(value[0], value[1], label)


def _gold_item(fields: Fields, obj: dict[str, Any]) -> GoldItem:
    item_id = fields.get(obj, "id", str, "the item id as a string")
    text = fields.get(obj, "text", str, "the item's text as a string")
    candidates: list[Candidate] = []
    arguments: list[Any] = []
    placed: list[tuple[tuple[str, int, int], ...]] = []
    for e, raw_event in enumerate(fields.get(obj, "events", list, "a list of events")):
        at = fields.at(f"event {e}")
        event = at.obj(raw_event, "the event")
        event_type = at.get(event, "type", str, "the event type as a string")
        for t, trigger in enumerate(at.get(event, "triggers", list, "a list of triggers")):
            candidates.append(_candidate(at.at(f"trigger {t}"), trigger, text, event_type))
            given = trigger.get("arguments") if isinstance(trigger, dict) else None
            arguments += given if isinstance(given, list) else []
            placed.append(_placed(given if isinstance(given, list) else [], text))
    for n, raw in enumerate(fields.get(obj, "negative_triggers", list,
                                       "a list of negative triggers (OmniEvent's candidates that are no event)")):
        candidates.append(_candidate(fields.at(f"negative trigger {n}"), raw, text, NA))
    roles = frozenset(a["role"] for a in arguments if isinstance(a, dict) and isinstance(a.get("role"), str))
    return GoldItem(item_id, text, tuple(candidates), fields.line, len(arguments), roles, tuple(placed))


def _placed(arguments: list[Any], text: str) -> tuple[tuple[str, int, int], ...]:
    """A trigger's argument mentions with a role and a `position` inside `text`; the others are left out (the
    convention's argument reading, `omnievent_args`, says what is wrong with them)."""
    found = []
    for argument in arguments:
        if not (isinstance(argument, dict) and isinstance(argument.get("role"), str)):
            continue
        for mention in argument.get("mentions") or ():
            value = mention.get("position") if isinstance(mention, dict) else None
            if (isinstance(value, list) and len(value) == 2 and is_int(value[0]) and is_int(value[1])
                    and 0 <= value[0] <= value[1] <= len(text)):
                found.append((argument["role"], value[0], value[1]))
    return tuple(found)


def read_gold(path: str, data: bytes | None = None) -> OmniGold:
    """The gold items; the first problem is a `FormatError` at its line."""
    stream = JsonLines(path, data)
    name = display_name(path)
    items: list[GoldItem] = []
    seen: set[str] = set()
    for number, value in stream:
        fields = Fields(name, number)
        item = _gold_item(fields, fields.obj(value, "the line"))
        if item.id in seen:
            raise fields.fail(f"item id {item.id!r} is used before in the file", "item ids unique over the file")
        seen.add(item.id)
        items.append(item)
    if not items:
        raise FormatError(name, 1, "no item", "OmniEvent's unified JSONL (id, text, events, negative_triggers)")
    return OmniGold(name, tuple(items), stream.sha256)


def _checked(fields: Fields, outputs: list[Any], regime: str) -> list[Any]:
    if regime == "s2s":
        for k, pair in enumerate(outputs):
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
                raise fields.fail(f"output {k} is {kind(pair)}", OUTPUTS[regime])
        return [tuple(pair) for pair in outputs]  # OmniEvent's decoder gives tuples; its removal compares tuples
    for k, label in enumerate(outputs):
        if not isinstance(label, str):
            raise fields.fail(f"output {k} is {kind(label)}", OUTPUTS[regime])
        if regime == "sl" and not (label == "O" or label[:2] in ("B-", "I-")):
            raise fields.fail(f"output {k} is {label!r}", "a BIO tag: O, B-Type or I-Type")
    return outputs


def read_predictions(path: str, data: bytes | None, regime: str) -> OmniPredictions:
    """The prediction lines, by item id; each line's `outputs` checked as `regime` reads them."""
    name = display_name(path)
    found: dict[str, tuple[int, list[Any]]] = {}
    arguments: dict[str, tuple[int, list[Any]]] = {}
    for number, value in JsonLines(path, data):
        fields = Fields(name, number)
        obj = fields.obj(value, "the line")
        item_id = fields.get(obj, "id", str, "the item id as a string")
        outputs = fields.get(obj, "outputs", list, f"under --regime {regime}: {OUTPUTS[regime]}")
        if item_id in found:
            raise fields.fail(f"item id {item_id!r} has a line before", "one line per gold item")
        found[item_id] = (number, _checked(fields, outputs, regime))
        if "arguments" in obj:
            arguments[item_id] = (number, fields.get(obj, "arguments", list, ARGUMENTS))
    return OmniPredictions(name, found, arguments)


ARGUMENTS = ("argument extraction: a list of an entry per candidate of the item (its events' triggers, then its "
             "negative triggers), each null or {\"type\": the type the EAE model was given, \"outputs\": its output}")




def validate_omnievent(path: str) -> list[Problem]:
    """The first problem of a prediction file (`evmeval-validate`): each line's `id` and `outputs` list (how the
    outputs are read is the regime's, given when scoring)."""
    name = display_name(path)
    try:
        for number, value in JsonLines(path):
            fields = Fields(name, number)
            obj = fields.obj(value, "the line")
            fields.get(obj, "id", str, "the item id as a string")
            fields.get(obj, "outputs", list, "the model's outputs for the item as a list (docs/formats.md)")
    except FormatError as exc:
        return [exc.problem]
    return []


def read_dumped(path: str, data: bytes | None, gold: OmniGold) -> OmniPredictions:
    """OmniEvent's dumped ED predictions (`dump_preds`: `{mode}_preds.json`, one JSON list of a label per
    candidate over the whole gold file, as its argument extraction reads them), split per item by its
    candidates as OmniEvent's `get_sub_files` splits them."""
    name = display_name(path)
    raw = read_bytes(path) if data is None else data
    try:
        value = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FormatError(name, getattr(exc, "lineno", 0), f"not JSON ({exc})", DUMPED) from None
    if not isinstance(value, list) or not all(isinstance(label, str) for label in value):
        what = f"is {kind(value)}" if not isinstance(value, list) else "a list holding a non-string"
        raise FormatError(name, 1, what, DUMPED)
    wanted = sum(len(item.candidates) for item in gold.items)
    if len(value) != wanted:
        raise FormatError(name, 1, f"{len(value)} labels for {wanted} candidates of the gold file", DUMPED)
    found: dict[str, tuple[int, list[Any]]] = {}
    start = 0
    for item in gold.items:
        found[item.id] = (1, value[start: start + len(item.candidates)])
        start += len(item.candidates)
    return OmniPredictions(name, found)


DUMPED = ("OmniEvent's test_preds.json: a JSON list of a label per gold candidate (each item's events' triggers, "
          "then its negative triggers, item after item)")


def validate_dumped(path: str) -> list[Problem]:
    """A dumped prediction file's first problem (`evmeval-validate`: its labels; their number is checked against
    the gold file when scored)."""
    try:
        read_dumped(path, None, OmniGold(display_name(path), (), ""))
    except FormatError as exc:
        if "candidates of the gold file" not in exc.problem.message:
            return [exc.problem]
    return []


def is_dumped(path: str, data: bytes | None) -> bool:
    """Whether a prediction file is OmniEvent's dumped JSON list (its first character `[`), not our JSONL."""
    head = data[:4096] if data is not None else read_bytes(path)[:4096]
    return head.lstrip().removeprefix(b"\xef\xbb\xbf").lstrip()[:1] == b"["
