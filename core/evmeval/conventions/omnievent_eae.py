"""OmniEvent's unified evaluation of event *argument* extraction under its four modes (THU-KEG/OmniEvent
`OmniEvent/evaluation/convert_format.py` `get_argument_extraction_sl`, `metric.py` `f1_score_overall_with_type`,
`input_engineering/input_utils.py` `get_eae_candidates`); docs/scoring/omnievent.md works an example per mode.

An EAE *instance* is a trigger candidate (an event's trigger, or a negative trigger) with the event type the ED
model predicted for it (`test_preds.json`, a label per trigger candidate in gold order). Which instances count
is the mode (`eae_eval_mode`, and `golden_trigger` for gold):
  gold    every event's trigger with its gold type; no negative trigger (their gold type is NA);
  default predicted types; skip gold triggers predicted NA; include negative triggers predicted as a type;
  loose   predicted types; skip gold triggers predicted NA; skip every negative trigger;
  strict  predicted types; every gold trigger (predicted NA: its arguments are all missed); negative triggers
          predicted as a type.
Each instance's *argument candidates*: the trigger's arguments' mentions (roles sorted by name), then the
negatives: when the item has `entities`, the mentions of every entity none of whose mentions overlaps an argument,
else the item's negative triggers; a negative overlapping an argument is left out. A candidate's predicted role
comes from the instance's sequence-labelling tags exactly as the ED `sl` regime reads a trigger (`sl_label`).
Counting (`f1_score_overall_with_type`) compares (predicted type, predicted role) with (gold type, gold role); a
pair is "NA" when either part is NA (or the string "None"): equal and not NA -> TP; differing, both not NA ->
FP and FN (a right role under a wrong type counts twice); only the prediction NA -> FN; only the gold NA -> FP.
Quirks kept: precision and recall divide without a guard, so no predicted (or no gold) argument pair stops the
script with ZeroDivisionError (ours reports the figure as undefined, `None`); the role tags of an instance whose
type is wrong are still read (so they can only be FP+FN or FP).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evmeval.conventions.omnievent import micro, plain_label, s2s_label, sl_label, word_span
from evmeval.io.errors import FormatError
from evmeval.io.omnievent import NA, Candidate

EAE_MODES = ("gold", "default", "loose", "strict")
"""OmniEvent's EAE evaluation modes: `golden_trigger`, then `eae_eval_mode` default, loose, strict."""


@dataclass(frozen=True)
class Instance:
    item: int
    """Index of the gold item."""
    trigger: int
    """Index of the trigger candidate over the whole gold file (the ED prediction's index)."""
    gold_type: str
    predicted_type: str
    candidates: tuple[tuple[int, int, str], ...]
    """Argument candidates: character offsets [start, end) and gold role (NA for a negative)."""


@dataclass(frozen=True)
class EaeFigures:
    tp: int
    fp: int
    fn: int
    tn: int
    instances: int
    precision: float | None
    """Percent; None where OmniEvent divides by zero (the script stops there)."""
    recall: float | None
    micro_f1: float | None
    results: tuple[str, ...] = ()
    """The predicted role per argument candidate, in OmniEvent's order (its `results`)."""


def _overlaps(a: Sequence[int], b: Sequence[int]) -> bool:
    """input_utils `check_is_argument`: the character ranges share a position (an empty range shares none)."""
    return max(a[0], b[0]) < min(a[1], b[1])


def argument_candidates(item: dict[str, Any], trigger: dict[str, Any]) -> tuple[tuple[int, int, str], ...]:
    """`get_eae_candidates`: the trigger's argument mentions (roles sorted, stably), then the non-overlapping
    negatives (entity mentions of entities with no mention on an argument, else the negative triggers)."""
    found: list[tuple[int, int, str]] = []
    for argument in sorted(trigger.get("arguments", []), key=lambda a: a["role"]):
        found += [(m["position"][0], m["position"][1], argument["role"]) for m in argument["mentions"]]
    positive = [(s, e) for s, e, _ in found]
    if "entities" in item:
        negatives = [m for entity in item["entities"]
                     if not any(_overlaps(m["position"], p) for m in entity["mentions"] for p in positive)
                     for m in entity["mentions"]]
    else:
        negatives = item["negative_triggers"]
    found += [(m["position"][0], m["position"][1], NA) for m in negatives
              if not any(_overlaps(m["position"], p) for p in positive)]
    return tuple(found)


def instances(items: Sequence[dict[str, Any]], event_preds: Sequence[str] | None, mode: str) -> list[Instance]:
    """The EAE instances OmniEvent evaluates under `mode`, in its order (`event_preds` None: gold types)."""
    if mode not in EAE_MODES:
        raise ValueError(f"unknown EAE mode {mode!r}")
    golden = mode == "gold" or event_preds is None
    done: list[Instance] = []
    index = 0
    for number, item in enumerate(items):
        for event in item["events"]:
            for trigger in event["triggers"]:
                predicted = event["type"] if golden else event_preds[index]  # type: ignore[index]
                index += 1
                if mode in ("default", "loose", "gold") and predicted == NA:
                    continue
                done.append(Instance(number, index - 1, event["type"], predicted,
                                     argument_candidates(item, trigger)))
        for trigger in item["negative_triggers"]:
            predicted = NA if golden else event_preds[index]  # type: ignore[index]
            index += 1
            if mode in ("default", "strict") and predicted != NA:
                done.append(Instance(number, index - 1, NA, predicted, argument_candidates(item, trigger)))
    return done


def _is_na(pair: tuple[str, str]) -> bool:
    return NA in pair or "None" in pair


def score_sl(items: Sequence[dict[str, Any]], event_preds: Sequence[str] | None, tags: Sequence[Sequence[str]],
             mode: str, path: str = "predictions") -> EaeFigures:
    """OmniEvent's EAE figures for sequence-labelling output: `tags`, a BIO tag list per instance in order."""
    chosen = instances(items, event_preds, mode)
    if len(tags) != len(chosen):
        raise FormatError(path, 0, f"{len(tags)} tag lists for {len(chosen)} EAE instances under mode {mode}",
                          "a list of BIO tags per EAE instance the mode keeps, in OmniEvent's order")
    tp = fp = fn = tn = 0
    results: list[str] = []
    for instance, row in zip(chosen, tags, strict=True):
        text = items[instance.item]["text"]
        for start, end, role in instance.candidates:
            words = word_span(text, Candidate(start, end, role))
            predicted = (instance.predicted_type, sl_label(row, *words))
            results.append(predicted[1])
            gold = (instance.gold_type, role)
            if predicted == gold:
                tp, tn = (tp + 1, tn) if not _is_na(predicted) else (tp, tn + 1)
            elif _is_na(predicted) and not _is_na(gold):
                fn += 1
            elif _is_na(gold) and not _is_na(predicted):
                fp += 1
            elif not _is_na(gold):
                fp, fn = fp + 1, fn + 1
            else:
                tn += 1
    precision = tp / (tp + fp) if tp + fp else None
    recall = tp / (tp + fn) if tp + fn else None
    f1: float | None = None
    if precision is not None and recall is not None:
        f1 = 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
    p, r, f = (None if x is None else x * 100 for x in (precision, recall, f1))
    return EaeFigures(tp, fp, fn, tn, len(chosen), p, r, f, tuple(results))


def score_s2s(items: Sequence[dict[str, Any]], event_preds: Sequence[str] | None,
              pairs: Sequence[Sequence[Sequence[str]]], mode: str, roles: Sequence[str],
              path: str = "predictions") -> tuple[float | None, tuple[str, ...]]:
    """OmniEvent's EAE micro_f1 (percent) for seq2seq output (`get_argument_extraction_s2s`) and the predicted role
    per candidate: `pairs`, the (argument text, role) pairs per instance; `roles`, the role2id names (plain).
    An instance of a gold trigger whose predicted type differs from the gold one predicts NA for every candidate;
    roles are plain labels, matched as the ED s2s regime matches a trigger (`s2s_label`: the candidate's text
    exactly, the gold role first, a pair used once); scikit-learn's micro F1 over role2id's roles (0 when nothing
    is counted; None when no instance has a candidate: scikit-learn stops there with ValueError)."""
    chosen = instances(items, event_preds, mode)
    if len(pairs) != len(chosen):
        raise FormatError(path, 0, f"{len(pairs)} pair lists for {len(chosen)} EAE instances under mode {mode}",
                          "a list of [argument, role] pairs per EAE instance the mode keeps, in OmniEvent's order")
    known = set(roles) | {NA}
    gold: list[str] = []
    predicted: list[str] = []
    for instance, given in zip(chosen, pairs, strict=True):
        left = [(str(a), str(r)) for a, r in given]
        text = items[instance.item]["text"]
        for start, end, role in instance.candidates:
            gold.append(plain_label(role))
            wrong_type = instance.gold_type != NA and instance.predicted_type != instance.gold_type
            predicted.append(NA if wrong_type else s2s_label(left, text[start:end], gold[-1], known))
    if not gold:
        return None, ()
    counts = micro(gold, predicted, set(roles) - {NA})
    precision = counts.match_num / counts.pred_num if counts.pred_num else 0.0
    recall = counts.match_num / counts.gold_num if counts.gold_num else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return f1 * 100, tuple(predicted)


def read_items(path: str, text: str) -> list[dict[str, Any]]:
    """The gold JSONL's items as parsed (the fields OmniEvent's EAE conversion reads)."""
    items = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise FormatError(path, number, f"not JSON ({exc.msg})", "one OmniEvent item as JSON a line") from None
        if not (isinstance(item, dict) and isinstance(item.get("text"), str) and isinstance(item.get("events"), list)
                and isinstance(item.get("negative_triggers"), list)):
            raise FormatError(path, number, "an item without text, events and negative_triggers",
                              "an object with text, events and negative_triggers")
        items.append(item)
    return items
