"""Judgement files (`judgements/1` JSONL): verdicts an external judge (an LLM elsewhere, or a person) gave on
items of one run, replayed offline. The tool never calls a model: it only reads what was decided.

One line per verdict: `inputs` (the sha256 of the run's inputs, `inputs_sha256`: a file made for other
inputs is refused), `item` (`side`, `doc_id`, `unit`, `event`, `argument`: an item's place, as the JSON
report names it), `verdict` (`accept` or `reject`), optional `row` (one of the convention's rows; default:
both rows of the item's kind), `rationale`, `judge` and `prompt` ids. resources/schemas/judgements.schema.json
is the layout; docs/scoring/judgements.md describes it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from evmeval.io.errors import FormatError
from evmeval.io.jsonlines import Fields, JsonLines, is_int
from evmeval.io.reading import display_name

SCHEMA = "judgements/1"
VERDICTS = {"accept": True, "reject": False}
PRED, GOLD = "pred", "gold"
"""The sides, as `evmeval.conventions.items` names them."""

ItemKey = tuple[str, str, str, int, int]
"""`evmeval.conventions.items.Item.key`: side, doc_id, unit, event, argument."""


@dataclass(frozen=True)
class Judgement:
    item: ItemKey
    row: str
    accepted: bool
    judge: str = ""
    prompt: str = ""
    rationale: str = ""
    line: int = 0


def inputs_sha256(gold: bytes, system: bytes) -> str:
    """The hash a judgement file names: sha256 of the gold bytes, a NUL byte, the prediction bytes."""
    return hashlib.sha256(gold + b"\0" + system).hexdigest()


def _rows(kind_trigger: bool) -> tuple[str, ...]:
    return ("trigger_id", "trigger_cls") if kind_trigger else ("argument_id", "argument_cls")


def _item(fields: Fields, obj: dict[str, Any]) -> ItemKey:
    at = fields.at("item")
    item = at.obj(obj.get("item"), "the item {side, doc_id, unit, event, argument}")
    side = at.get(item, "side", str, f"{PRED!r} or {GOLD!r}")
    if side not in (PRED, GOLD):
        raise at.fail(f"side {side!r}", f"{PRED!r} or {GOLD!r}")
    doc_id = at.get(item, "doc_id", str, "the document id")
    unit = at.get(item, "unit", str, "the window id")
    event: Any = item.get("event")
    argument: Any = item.get("argument")
    if not (is_int(event) and is_int(argument) and event >= 0 and argument >= -1):
        raise at.fail(f"event {event!r}, argument {argument!r}",
                      "event an index >= 0, argument an index >= 0 or -1 for the trigger")
    return side, doc_id, unit, int(event), int(argument)


def parse_line(path: str, line: int, value: Any, inputs: str) -> list[Judgement]:
    """One line's verdict, on each row it names; a line for other inputs is refused."""
    fields = Fields(path, line)
    obj = fields.obj(value, "a judgement")
    schema = obj.get("schema", SCHEMA)
    if schema != SCHEMA:
        raise fields.fail(f"schema {schema!r}", f'"schema": "{SCHEMA}" or no schema field')
    made_for = fields.get(obj, "inputs", str, "the sha256 of the inputs the judge saw")
    if made_for != inputs:
        raise fields.fail(f"judgements for other inputs (inputs {made_for[:12]}…, this run's {inputs[:12]}…)",
                          "a judgement file made on these gold and prediction files")
    item = _item(fields, obj)
    verdict = fields.get(obj, "verdict", str, "accept or reject")
    if verdict not in VERDICTS:
        raise fields.fail(f"verdict {verdict!r}", "accept or reject")
    rows = _rows(item[4] < 0)
    row = fields.get(obj, "row", str, f"one of {', '.join(rows)}", optional=True)
    if row is not None and row not in rows:
        raise fields.fail(f"row {row!r} for a{'' if item[4] < 0 else 'n'} "
                          f"{'trigger' if item[4] < 0 else 'argument'}", f"one of {', '.join(rows)}")
    judge, prompt, rationale = (str(fields.get(obj, k, str, f"the {k} as a string", optional=True) or "")
                                for k in ("judge", "prompt", "rationale"))
    return [Judgement(item, r, VERDICTS[verdict], judge, prompt, rationale, line)
            for r in ((row,) if row else rows)]


def read_judgements(path: str, inputs: str, data: bytes | None = None) -> list[Judgement]:
    """Every verdict in file order; the first problem is a `FormatError` (file:line: ...). An item judged twice
    on one row is refused at its second line (two verdicts cannot both be replayed)."""
    name = display_name(path)
    out: list[Judgement] = []
    seen: dict[tuple[ItemKey, str], int] = {}
    for line, value in JsonLines(path, data):
        for j in parse_line(name, line, value, inputs):
            if (j.item, j.row) in seen:
                raise FormatError(name, line, f"item {list(j.item)} judged again on {j.row} (first on line "
                                  f"{seen[(j.item, j.row)]})", "one verdict per item and row")
            seen[(j.item, j.row)] = line
            out.append(j)
    return out


def verdicts(judgements: list[Judgement]) -> dict[tuple[ItemKey, str], bool]:
    """(item key, row) -> accepted: what the ladder and the agreement read."""
    return {(j.item, j.row): j.accepted for j in judgements}
