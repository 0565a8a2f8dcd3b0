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
tc (`EAETCProcessor`, `compute_F1` with task EAE) and mrc (`get_argument_extraction_mrc`) count the same way;
tc's candidates take the arguments in the file's order and its roles are ids (a role "None" is not NA);
mrc reads answer spans (`mrc_role`). seq2seq counts otherwise (`score_s2s`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evmeval.conventions.base import Metric
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


def argument_candidates(item: dict[str, Any], trigger: dict[str, Any],
                        by_role: bool = True) -> tuple[tuple[int, int, str], ...]:
    """`get_eae_candidates`: the trigger's argument mentions (roles sorted, stably; `by_role` False: in the
    file's order, as tc's `EAETCProcessor` makes them), then the non-overlapping negatives (entity mentions of
    entities with no mention on an argument, else the negative triggers)."""
    found: list[tuple[int, int, str]] = []
    arguments = trigger.get("arguments", [])
    for argument in sorted(arguments, key=lambda a: a["role"]) if by_role else arguments:
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


def instances(items: Sequence[dict[str, Any]], event_preds: Sequence[str] | None, mode: str,
              by_role: bool = True) -> list[Instance]:
    """The EAE instances OmniEvent evaluates under `mode`, in its order (`event_preds` None: gold types;
    `by_role`: the candidates' order, `argument_candidates`)."""
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
                                     argument_candidates(item, trigger, by_role)))
        for trigger in item["negative_triggers"]:
            predicted = NA if golden else event_preds[index]  # type: ignore[index]
            index += 1
            if mode in ("default", "strict") and predicted != NA:
                done.append(Instance(number, index - 1, NA, predicted, argument_candidates(item, trigger, by_role)))
    return done


def _is_na(pair: tuple[str, str], regime: str = "sl") -> bool:
    """`is_NA`: a part NA or "None"; under tc the role is an id, so only the role NA (id 0) is NA there."""
    return NA in pair or pair[0] == "None" or (pair[1] == "None" and regime != "tc")


def mrc_role(spans: Sequence[Sequence[Any]], start: int, end: int) -> str:
    """`get_pred_per_mention` (mrc, EAE): the instance's answer spans (role, [first word, last word], NA
    score) sorted by score, lowest first (stably); the first on the candidate's words gives its role, the part
    after its last '_' (OmniEvent names a query `Type_Role` and splits it there); none: NA."""
    for role, (left, right), _ in sorted(spans, key=lambda span: span[2]):
        if (left, right) == (start, end - 1):
            return str(role).split("_")[-1]
    return NA


def instance_roles(instance: Instance, output: Sequence[Any], text: str, regime: str) -> list[str]:
    """The role predicted for each of the instance's candidates from its `output` under `regime` (sl: a BIO
    tag per word; tc: a role per candidate; mrc: answer spans, `mrc_role`)."""
    if regime == "tc":
        return [str(role) for role in output]
    words = [word_span(text, Candidate(start, end, role)) for start, end, role in instance.candidates]
    if regime == "sl":
        return [sl_label(output, *span) for span in words]
    return [mrc_role(output, *span) for span in words]


Tally = tuple[int, int, int, int]
"""`f1_score_overall_with_type`'s (TP, FP, FN, TN)."""


def pair_tally(predicted: tuple[str, str], gold: tuple[str, str], regime: str) -> Tally:
    """What one argument candidate adds to (TP, FP, FN, TN), (type, role) predicted against gold: equal and not
    NA a TP; both not NA and differing an FP and an FN; only the prediction NA an FN; only gold NA an FP."""
    wrong, missed = _is_na(predicted, regime), _is_na(gold, regime)
    if predicted == gold:
        return (0, 0, 0, 1) if wrong else (1, 0, 0, 0)
    if wrong and not missed:
        return 0, 0, 1, 0
    if missed and not wrong:
        return 0, 1, 0, 0
    return (0, 1, 1, 0) if not missed else (0, 0, 0, 1)


def typed_counts(items: Sequence[dict[str, Any]], event_preds: Sequence[str] | None, outputs: Sequence[Any],
                 mode: str, regime: str, path: str = "predictions") -> tuple[list[Tally], list[str]]:
    """Each gold item's (TP, FP, FN, TN) under `mode` (sl, tc, mrc: `f1_score_overall_with_type`) and the
    predicted role per argument candidate in OmniEvent's order; `outputs`, one per instance the mode keeps."""
    chosen = instances(items, event_preds, mode, by_role=regime != "tc")
    if len(outputs) != len(chosen):
        raise FormatError(path, 0, f"{len(outputs)} outputs for {len(chosen)} EAE instances under mode {mode}",
                          "an output per EAE instance the mode keeps, in OmniEvent's order")
    tallies = [[0, 0, 0, 0] for _ in items]
    results: list[str] = []
    for instance, output in zip(chosen, outputs, strict=True):
        if regime == "tc" and len(output) != len(instance.candidates):
            raise FormatError(path, 0, f"{len(output)} roles for the {len(instance.candidates)} argument candidates "
                              f"of trigger {instance.trigger}", "under tc a role per argument candidate")
        tally = tallies[instance.item]
        roles = instance_roles(instance, output, items[instance.item]["text"], regime)
        for (_, _, role), guess in zip(instance.candidates, roles, strict=True):
            results.append(guess)
            added = pair_tally((instance.predicted_type, guess), (instance.gold_type, role), regime)
            for k in range(4):
                tally[k] += added[k]
    return [(t[0], t[1], t[2], t[3]) for t in tallies], results


def typed_figures(tallies: Sequence[Tally], instances_kept: int, results: Sequence[str] = ()) -> EaeFigures:
    """The summed tallies' precision, recall and F1 in percent, as `f1_score_overall_with_type` makes them
    (None where it divides by zero)."""
    tp, fp, fn, tn = (sum(t[k] for t in tallies) for k in range(4))
    precision = tp / (tp + fp) if tp + fp else None
    recall = tp / (tp + fn) if tp + fn else None
    f1: float | None = None
    if precision is not None and recall is not None:
        f1 = 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
    p, r, f = (None if x is None else x * 100 for x in (precision, recall, f1))
    return EaeFigures(tp, fp, fn, tn, instances_kept, p, r, f, tuple(results))


def score_typed(items: Sequence[dict[str, Any]], event_preds: Sequence[str] | None, outputs: Sequence[Any],
                mode: str, regime: str, path: str = "predictions") -> EaeFigures:
    """OmniEvent's EAE figures for sl (`get_argument_extraction_sl`), tc (`compute_F1` with task EAE) or mrc
    (`get_argument_extraction_mrc`) output."""
    tallies, results = typed_counts(items, event_preds, outputs, mode, regime, path)
    return typed_figures(tallies, len(outputs), results)


def score_sl(items: Sequence[dict[str, Any]], event_preds: Sequence[str] | None, tags: Sequence[Sequence[str]],
             mode: str, path: str = "predictions") -> EaeFigures:
    """OmniEvent's EAE figures for sequence-labelling output: `tags`, a BIO tag list per instance in order."""
    chosen = instances(items, event_preds, mode)
    if len(tags) != len(chosen):
        raise FormatError(path, 0, f"{len(tags)} tag lists for {len(chosen)} EAE instances under mode {mode}",
                          "a list of BIO tags per EAE instance the mode keeps, in OmniEvent's order")
    return score_typed(items, event_preds, tags, mode, "sl", path)


def score_s2s(items: Sequence[dict[str, Any]], event_preds: Sequence[str] | None,
              pairs: Sequence[Sequence[Sequence[str]]], mode: str, roles: Sequence[str],
              path: str = "predictions") -> tuple[float | None, tuple[str, ...]]:
    """OmniEvent's EAE micro_f1 (percent) for seq2seq output (`get_argument_extraction_s2s`) and the predicted role
    per candidate: `pairs`, the (argument text, role) pairs per instance; `roles`, the role2id names (plain).
    An instance of a gold trigger whose predicted type differs from the gold one predicts NA for every candidate;
    roles are plain labels, matched as the ED s2s regime matches a trigger (`s2s_label`: the candidate's text
    exactly, the gold role first, a pair used once); scikit-learn's micro F1 over role2id's roles (0 when nothing
    is counted; None when no instance has a candidate: scikit-learn stops there with ValueError)."""
    per_item, predicted, _ = s2s_counts(items, event_preds, pairs, mode, roles, path)
    if per_item is None:
        return None, ()
    counts = Metric(*(sum(getattr(m, k) for m in per_item) for k in ("match_num", "pred_num", "gold_num")))
    precision = counts.match_num / counts.pred_num if counts.pred_num else 0.0
    recall = counts.match_num / counts.gold_num if counts.gold_num else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return f1 * 100, tuple(predicted)


def s2s_counts(items: Sequence[dict[str, Any]], event_preds: Sequence[str] | None,
               pairs: Sequence[Sequence[Sequence[str]]], mode: str, roles: Sequence[str],
               path: str = "predictions") -> tuple[list[Metric] | None, list[str], int]:
    """`score_s2s`'s micro (match, pred, gold) counts per gold item (None: no candidate at all), the
    predicted role per candidate, and the pairs of rightly typed instances no candidate took (dropped)."""
    chosen = instances(items, event_preds, mode)
    if len(pairs) != len(chosen):
        raise FormatError(path, 0, f"{len(pairs)} pair lists for {len(chosen)} EAE instances under mode {mode}",
                          "a list of [argument, role] pairs per EAE instance the mode keeps, in OmniEvent's order")
    known = set(roles) | {NA}
    gold: list[list[str]] = [[] for _ in items]
    predicted: list[list[str]] = [[] for _ in items]
    order: list[str] = []
    unused = 0
    for instance, given in zip(chosen, pairs, strict=True):
        left = [(str(a), str(r)) for a, r in given]
        text = items[instance.item]["text"]
        wrong_type = instance.gold_type != NA and instance.predicted_type != instance.gold_type
        for start, end, role in instance.candidates:
            gold[instance.item].append(plain_label(role))
            order.append(NA if wrong_type else s2s_label(left, text[start:end], gold[instance.item][-1], known))
            predicted[instance.item].append(order[-1])
        unused += 0 if wrong_type else len(left)
    if not order:
        return None, [], unused
    positive = set(roles) - {NA}
    return [micro(g, p, positive) for g, p in zip(gold, predicted, strict=True)], order, unused


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
