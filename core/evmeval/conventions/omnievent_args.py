"""OmniEvent's argument-extraction (EAE) figures beside its event-detection ones, when the prediction lines carry
`arguments` (docs/formats.md): each candidate's entry, null or the type the EAE model was given (OmniEvent's
`test_preds.json` label, or the gold type in a golden-trigger run) and the model's output for that instance.
The counting is `omnievent_eae`'s; this module reads the entries, picks the modes they allow and gives each
mode's figure and its per-item counts (for `evmeval-compare`'s resampling).

Modes: a golden-trigger run (every gold trigger given its gold type, no negative trigger given a type) is
OmniEvent's `golden_trigger` evaluation, reported as mode `gold`; any other run is reported under `default`,
`loose` and `strict` (the three read the same predicted types and differ in which instances count).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evmeval.conventions.base import OUTSIDE_WINDOW, UNGROUNDABLE, Metric, Pathology
from evmeval.conventions.omnievent import plain_label, s2s_label, word_span
from evmeval.conventions.omnievent_eae import (
    Instance,
    _is_na,
    argument_candidates,
    instance_roles,
    instances,
    read_items,
    s2s_counts,
    typed_counts,
)
from evmeval.conventions.ours import NOT_IN_TEXT
from evmeval.io.errors import FormatError
from evmeval.io.jsonlines import Fields, is_int, is_number, kind
from evmeval.io.omnievent import ARGUMENTS, NA, Candidate, OmniGold, OmniPredictions
from evmeval.io.reading import STDIN, display_name, read_bytes

EAE_OUTPUTS = {"sl": "a list of BIO role tags, one per word of the text (O, B-Role, I-Role)",
               "tc": "a list of roles, one per argument candidate (the trigger's argument mentions in the file's "
                     "order, then the other entity mentions, or the negative triggers, that overlap none)",
               "s2s": "a list of [argument, role] pairs",
               "mrc": "a list of answer spans [role, [first word, last word], NA score]"}
"""What an entry's `outputs` holds under each regime."""


@dataclass(frozen=True)
class EaeRun:
    """Each mode's figure (`eae_MODE`), its label, what the report says of it, and its per-item counts."""

    metrics: dict[str, Metric]
    labels: dict[str, str]
    notes: tuple[str, ...]
    per_item: dict[str, list[tuple[float, float, float]]]
    pathologies: tuple[Pathology, ...] = ()


def _output(fields: Fields, output: Any, regime: str, candidates: int) -> list[Any]:
    """An entry's outputs checked as `regime` reads them (tc: a role per argument candidate)."""
    if not isinstance(output, list):
        raise fields.fail(f"outputs is {kind(output)}", EAE_OUTPUTS[regime])
    for k, part in enumerate(output):
        if regime == "s2s":
            good = isinstance(part, list) and len(part) == 2 and all(isinstance(p, str) for p in part)
        elif regime == "mrc":
            good = (isinstance(part, list) and len(part) == 3 and isinstance(part[0], str)
                    and isinstance(part[1], list) and len(part[1]) == 2 and all(is_int(p) for p in part[1])
                    and is_number(part[2]))
        else:
            good = isinstance(part, str) and (regime != "sl" or part == "O" or part[:2] in ("B-", "I-"))
        if not good:
            raise fields.fail(f"output {k} is {part!r}" if isinstance(part, str) else f"output {k} is {kind(part)}",
                              EAE_OUTPUTS[regime])
    if regime == "tc" and len(output) != candidates:
        raise fields.fail(f"{len(output)} roles for {candidates} argument candidates", EAE_OUTPUTS[regime])
    if regime == "mrc":
        return [(role, (span[0], span[1]), score) for role, span, score in output]
    return [tuple(part) for part in output] if regime == "s2s" else output


def trigger_candidates(item: dict[str, Any]) -> list[tuple[dict[str, Any], str, int]]:
    """The item's trigger candidates in OmniEvent's order (every event's triggers, then the negative triggers),
    each with its gold type and its event's index (-1: a negative trigger): the one order an entry, an instance
    and the MAVEN-Arg pivot's trigger keys follow."""
    return ([(trigger, event["type"], k) for k, event in enumerate(item["events"]) for trigger in event["triggers"]]
            + [(trigger, NA, -1) for trigger in item["negative_triggers"]])


def read_entries(gold: OmniGold, items: Sequence[dict[str, Any]], predictions: OmniPredictions,
                 regime: str) -> tuple[list[str], list[list[Any] | None]]:
    """The type given for every candidate over the file (NA where the entry is null: no EAE instance) and its
    checked outputs (None where null)."""
    types: list[str] = []
    outputs: list[list[Any] | None] = []
    for gold_item, item in zip(gold.items, items, strict=True):
        if gold_item.id not in predictions.arguments:
            line = predictions.outputs[gold_item.id][0]
            raise FormatError(predictions.path, line, f"no arguments for item {gold_item.id!r}",
                              "arguments on every line once a line has them (" + ARGUMENTS + ")")
        line, entries = predictions.arguments[gold_item.id]
        fields = Fields(predictions.path, line, "arguments")
        triggers = trigger_candidates(item)
        if len(entries) != len(triggers):
            raise fields.fail(f"{len(entries)} entries for {len(triggers)} candidates", ARGUMENTS)
        for k, (entry, (trigger, _, _)) in enumerate(zip(entries, triggers, strict=True)):
            if entry is None:
                types.append(NA)
                outputs.append(None)
                continue
            at = fields.at(f"entry {k}")
            obj = at.obj(entry, "the entry")
            types.append(at.get(obj, "type", str, "the event type the EAE model was given (NA: none)"))
            outputs.append(_output(at, obj.get("outputs"), regime,
                                   len(argument_candidates(item, trigger, by_role=False))))
    return types, outputs


def eae_inputs(gold: OmniGold, gold_text: str, predictions: OmniPredictions, regime: str
               ) -> tuple[list[dict[str, Any]], list[str], list[list[Any] | None]]:
    """The gold items (their argument fields checked), the type given for every trigger candidate and its checked
    outputs (`read_entries`): what every EAE reading starts from."""
    items = read_items(gold.path, gold_text)
    _check_gold(gold, items)
    return (items, *read_entries(gold, items, predictions, regime))


def _check_gold(gold: OmniGold, items: Sequence[dict[str, Any]]) -> None:
    """The gold fields argument extraction reads (the ED reading checked the rest): each trigger's `arguments`
    (a `role` and `mentions`, each with a `position`) and the item's `entities` (`mentions`, each a `position`)."""
    for gold_item, item in zip(gold.items, items, strict=True):
        fields = Fields(gold.path, gold_item.line)
        for k, (trigger, _, _) in enumerate(trigger_candidates(item)):
            for n, argument in enumerate(trigger.get("arguments", [])):
                at = fields.at(f"trigger {k}, argument {n}")
                _mentions(at, at.obj(argument, "the argument"), "the role")
                at.get(argument, "role", str, "the role as a string")
        for n, entity in enumerate(item.get("entities", [])):
            at = fields.at(f"entity {n}")
            _mentions(at, at.obj(entity, "the entity"), "the entity")


def _mentions(fields: Fields, obj: dict[str, Any], what: str) -> None:
    for m, mention in enumerate(fields.get(obj, "mentions", list, f"a list of mentions of {what}")):
        value = fields.at(f"mention {m}").obj(mention, "the mention").get("position")
        if not (isinstance(value, list) and len(value) == 2 and all(is_int(v) for v in value)):
            raise fields.at(f"mention {m}").fail(f"position is {kind(value)}", "a position [start, end] in characters")


def golden_run(items: Sequence[dict[str, Any]], types: Sequence[str]) -> bool:
    """Whether the types given are the gold ones (a golden-trigger run)."""
    return [label for item in items for _, label, _ in trigger_candidates(item)] == list(types)


def s2s_roles(gold_path: str, items: Sequence[dict[str, Any]]) -> tuple[list[str], str]:
    """The roles a seq2seq pair may name, plain (OmniEvent's role2id): role2id.json beside the gold file (an
    object from role to id), else the gold file's roles; and where they came from."""
    beside = os.path.join(os.path.dirname(os.path.abspath(gold_path)), "role2id.json")
    if gold_path != STDIN and os.path.isfile(beside):
        name = display_name(beside)
        try:
            value = json.loads(read_bytes(beside).decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise FormatError(name, getattr(exc, "lineno", 0), f"not JSON ({exc})", ROLE2ID) from None
        if not isinstance(value, dict):
            raise FormatError(name, 1, f"is {kind(value)}", ROLE2ID)
        return sorted({plain_label(str(role)) for role in value} - {NA}), f"the roles of {name}"
    return sorted({plain_label(a["role"]) for item in items for trigger, _, _ in trigger_candidates(item)
                   for a in trigger.get("arguments", [])}), "the gold file's roles (no role2id.json beside it)"


ROLE2ID = 'OmniEvent\'s role2id.json: {"NA": 0, "Role": 1, ...}'


def eae_run(gold: OmniGold, gold_text: str, predictions: OmniPredictions, regime: str) -> EaeRun | None:
    """Each mode's EAE figure, None when no prediction line has `arguments`."""
    if not predictions.arguments:
        return None
    items, types, outputs = eae_inputs(gold, gold_text, predictions, regime)
    golden = golden_run(items, types)
    modes = ("gold",) if golden else ("default", "loose", "strict")
    roles, source = s2s_roles(gold.path, items) if regime == "s2s" else ([], "")
    run = EaeRun({}, {}, (), {})
    found: list[Pathology] = []
    notes = [f"EAE ({regime}): " + ("every gold trigger was given its gold type, so this is OmniEvent's "
                                    "golden-trigger evaluation (mode gold)" if golden else
                                    "the types given are the ED predictions (OmniEvent's test_preds.json): "
                                    "modes default, loose and strict")
             + (f"; a pair's role is one of {source}" if source else "")]
    for mode in modes:
        chosen = instances(items, types, mode, by_role=regime != "tc")
        given: list[list[Any]] = [blank_output(i.candidates, regime) if (o := outputs[i.trigger]) is None else o
                                  for i in chosen]
        if regime == "s2s":
            counts, _, unused = s2s_counts(items, types, given, mode, roles, predictions.path)
            if unused:
                found.append(Pathology(UNGROUNDABLE, f"eae_{mode}", unused, f"{unused} (argument, role) pair(s) of "
                                       "rightly typed instances taken by no candidate (not a candidate's text, an "
                                       "unknown role, or a second pair for a candidate): dropped, never false alarms"))
            per_item = counts or [Metric(0, 0, 0)] * len(items)
            stop = "ValueError (no argument candidate at all)" if counts is None else ""
        else:
            tallies, _ = typed_counts(items, types, given, mode, regime, predictions.path)
            if regime == "sl" and (outside := _outside(items, chosen, outputs)):
                found.append(Pathology(OUTSIDE_WINDOW, f"eae_{mode}", outside, f"{outside} gold argument(s) end "
                                       "past their instance's tag row (the input was cut): predicted NA, missed"))
            per_item = [Metric(tp, tp + fp, tp + fn) for tp, fp, fn, _ in tallies]
            stop = "ZeroDivisionError (no predicted or no gold argument)" \
                if not all(sum(getattr(m, k) for m in per_item) for k in ("pred_num", "gold_num")) else ""
        name = f"eae_{mode}"
        run.per_item[name] = [(float(m.match_num), float(m.pred_num), float(m.gold_num)) for m in per_item]
        run.metrics[name] = Metric(*(int(sum(column)) for column in zip(*run.per_item[name], strict=True)))
        run.labels[name] = f"micro_f1 (EAE {mode}, {regime})"
        notes.append(f"EAE mode {mode}: {len(chosen)} instance(s)" + (f"; OmniEvent's script stops here with {stop}, "
                                                                      "shown as 0" if stop else ""))
    return EaeRun(run.metrics, run.labels, tuple(notes), run.per_item, tuple(found))


def _outside(items: Sequence[dict[str, Any]], chosen: Sequence[Instance], outputs: Sequence[list[Any] | None]) -> int:
    """Gold arguments of the instances given a tag row that end past it (sl: a truncated input)."""
    return sum(1 for i in chosen if (row := outputs[i.trigger]) is not None for start, end, role in i.candidates
               if role != NA and word_span(items[i.item]["text"], Candidate(start, end, role))[1] > len(row))


def blank_output(candidates: Sequence[Any], regime: str) -> list[Any]:
    """The output of an instance given no type (null entry; only strict mode keeps one, a gold trigger the ED
    model missed): its pairs are NA whatever the roles, so none predicted."""
    return [NA] * len(candidates) if regime == "tc" else []


Given = tuple[tuple[str, int, int, str], ...]
"""A trigger candidate's predicted arguments: (role, start, end, how) each, in characters of the text; a pair no
candidate took has start and end `NOT_IN_TEXT` and says why."""


def given_arguments(gold: OmniGold, gold_text: str, predictions: OmniPredictions, regime: str) -> list[Given] | None:
    """Per trigger candidate over the file (in OmniEvent's order), the arguments its EAE entry predicts, placed as
    the convention reads them: each argument candidate the output gives a role (sl: the tags on its words, tc: its
    role, mrc: the answer span on its words, s2s: a pair of its text, `instance_roles`, `s2s_label`); s2s pairs
    taken by no candidate listed as not in the text. None when the lines carry no `arguments`."""
    if not predictions.arguments:
        return None
    items, types, outputs = eae_inputs(gold, gold_text, predictions, regime)
    roles = set(s2s_roles(gold.path, items)[0]) | {NA} if regime == "s2s" else set()
    found: list[Given] = []
    for number, item in enumerate(items):
        text = item["text"]
        for trigger, gold_type, _ in trigger_candidates(item):
            output, given_type = outputs[len(found)], types[len(found)]
            candidates = argument_candidates(item, trigger, by_role=regime != "tc")
            if output is None:
                found.append(())
            elif regime != "s2s":
                instance = Instance(number, len(found), gold_type, given_type, candidates)
                guessed = instance_roles(instance, output, text, regime)
                found.append(tuple((str(role), start, end, f"“{text[start:end]}”: its {regime} output")
                                   for (start, end, _), role in zip(candidates, guessed, strict=True)
                                   if not _is_na((given_type, str(role)), regime)))
            else:
                found.append(_s2s_given(output, text, candidates, roles, gold_type != NA and given_type != gold_type))
    return found


def _s2s_given(output: list[Any], text: str, candidates: Sequence[tuple[int, int, str]], roles: set[str],
               wrong_type: bool) -> Given:
    """One s2s entry's pairs: on the candidates whose text they name (`s2s_label`, as `s2s_counts` reads them),
    the rest not in the text (a wrongly typed gold trigger's pairs are all read as NA)."""
    left = [(str(a), str(r)) for a, r in output]
    placed: list[tuple[str, int, int, str]] = []
    for start, end, gold_role in () if wrong_type else candidates:
        role = s2s_label(left, text[start:end], plain_label(gold_role), roles)
        if role != NA:
            placed.append((role, start, end, f"“{text[start:end]}”: an s2s pair of its text"))
    why = ("the type given is not gold's: s2s reads none of its pairs" if wrong_type
           else "no candidate's text, an unknown role or a second pair for a candidate: dropped")
    return tuple(placed) + tuple((role, NOT_IN_TEXT, NOT_IN_TEXT, f"“{argument}”: not in the text ({why})")
                                 for argument, role in left)
