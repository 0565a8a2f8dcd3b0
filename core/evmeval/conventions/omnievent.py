"""Convention `omnievent`: OmniEvent's unified evaluation of event detection (THU-KEG/OmniEvent
`OmniEvent/evaluation/convert_format.py` and `metric.py`); docs/scoring/omnievent.md works an example.

OmniEvent scores every paradigm on one candidate set, the gold file's triggers and negative triggers, each
labelled with a type or NA; each regime's output is first turned into one predicted label per candidate:
  tc  (token classification): the model labels the candidates themselves; scored by `compute_F1`;
  sl  (sequence labelling): a candidate of words [s, e) takes type T when word s is tagged B-T, words s+1..e-1
      start with I, every tag names T, and the word after it (if any) is not tagged as word e-1 is (else NA);
  mrc (reading comprehension, ED): a label per word; a candidate takes its words' label when they all agree;
  s2s (seq2seq): a (trigger, type) pair whose trigger is the candidate's text exactly and whose type is known;
      the gold type when among them, else the first; the pair used is removed, so one pair serves one candidate.
A candidate's words are counted by splitting the text before its offsets on white space (English); in sl and
mrc a candidate ending past the model's output (a truncated input) is NA: gold outside the model's window.
Counts are scikit-learn's micro average over the positive labels: sl, mrc and s2s (`compute_unified_micro_f1`)
take the labels the gold file has (a prediction of another type counts nowhere); tc (`compute_F1`) every type.
s2s compares plain labels (`get_plain_label`: after the last '.', '-' and '_' removed, lower case).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from evmeval.conventions.base import (
    OUTSIDE_WINDOW,
    UNGROUNDABLE,
    ConventionResult,
    Fingerprint,
    Input,
    Metric,
    Pathology,
    UnitCounts,
)
from evmeval.io.errors import FormatError
from evmeval.io.jsonlines import kind
from evmeval.io.omnievent import (
    NA,
    REGIMES,
    Candidate,
    GoldItem,
    OmniGold,
    is_dumped,
    read_dumped,
    read_gold,
    read_predictions,
)
from evmeval.io.reading import display_name, read_bytes

REGIME = "regime"
"""The system input's option naming the regime (`with_options`)."""


def plain_label(label: str) -> str:
    """OmniEvent's `get_plain_label`, the labels its seq2seq models generate: `Justice.Arrest-Jail` -> `arrestjail`."""
    if label == NA:
        return label
    return "".join(label.split(".")[-1].split("-")).replace("_", "").lower()


def word_span(text: str, candidate: Candidate) -> tuple[int, int]:
    """The candidate's words [s, e): the number of white-space separated words before each offset."""
    return len(text[: candidate.start].split()), len(text[: candidate.end].split())


def sl_label(tags: Sequence[str], start: int, end: int) -> str:
    if start == end or end > len(tags) or tags[start] == "O" or tags[start].split("-")[0] != "B":
        return NA
    if end < len(tags) and tags[end - 1] == tags[end]:
        return NA  # the span goes on past the candidate
    if any(tags[pos][0] != "I" for pos in range(start + 1, end)):
        return NA
    types = {tags[pos][2:] for pos in range(start, end)}
    return types.pop() if len(types) == 1 else NA


def mrc_label(labels: Sequence[str], start: int, end: int) -> str:
    if start == end or end > len(labels):
        return NA
    types = set(labels[start:end])
    return types.pop() if len(types) == 1 else NA


def s2s_label(pairs: list[tuple[str, str]], word: str, label: str, known: set[str]) -> str:
    """The pair's type for a candidate of text `word` and gold label `label`; the pair used leaves `pairs`."""
    predicted = [p[1] for p in pairs if p[0] == word and p[1] in known]
    chosen = label if label in predicted else (predicted[0] if predicted else NA)
    if (word, chosen) in pairs:
        pairs.remove((word, chosen))
    return chosen


class Converted:
    """Per candidate, the gold label and the predicted one (the regime's labels), and what was lost."""

    def __init__(self) -> None:
        self.gold: list[str] = []
        self.predicted: list[str] = []
        self.outside = 0
        """Gold triggers (not NA) ending past the model's output."""
        self.unused_pairs = 0
        """s2s pairs no candidate took."""
        self.unused: dict[str, list[tuple[int, str, str]]] = {}
        """Item id -> those pairs: (index in its outputs, trigger, type), for the window's "not in the text"."""


def convert(gold: OmniGold, outputs: dict[str, tuple[int, list[Any]]], regime: str, known: set[str],
            path: str, dumped: bool = False) -> Converted:
    """Every candidate's gold and predicted label under `regime` (the prediction file `path` for messages);
    `dumped`: the outputs are OmniEvent's own converted labels, one per candidate, whatever the regime."""
    done = Converted()
    for item in gold.items:
        if item.id not in outputs:
            raise FormatError(path, 0, f"no line for gold item {item.id!r}",
                              "a line (id, outputs) for every gold item: OmniEvent predicts every one")
        line, output = outputs[item.id]
        if (regime == "tc" or dumped) and len(output) != len(item.candidates):
            raise FormatError(path, line, f"{len(output)} outputs for {len(item.candidates)} candidates",
                              "under --regime tc a label per candidate: the events' triggers, then the negative "
                              "triggers, in the gold file's order; lines of another regime need --regime sl, s2s "
                              "or mrc (the window reads tc when no regime is given: evmeval-gui --regime)")
        if regime in ("sl", "mrc") and not dumped and len(output) > len(item.text.split()):
            raise FormatError(path, line, f"{len(output)} outputs for {len(item.text.split())} words",
                              f"under --regime {regime} at most a label per word of the text (fewer: a truncated "
                              "input)")
        pairs = list(output) if regime == "s2s" and not dumped else []
        for k, candidate in enumerate(item.candidates):
            done.gold.append(plain_label(candidate.label) if regime == "s2s" else candidate.label)
            done.predicted.append(_predicted(item, candidate, k, output, pairs, "tc" if dumped else regime, known))
            if (regime in ("sl", "mrc") and not dumped and candidate.label != NA
                    and word_span(item.text, candidate)[1] > len(output)):
                done.outside += 1
        done.unused_pairs += len(pairs)
        if pairs:
            done.unused[item.id] = _unused_pairs(output, pairs)
    return done


def _unused_pairs(output: Sequence[tuple[str, str]], left: Sequence[tuple[str, str]]) -> list[tuple[int, str, str]]:
    """The pairs `left` unused, with their index in `output`: `s2s_label` removes the first copy of a pair it
    takes, so of equal pairs the last ones are the unused."""
    wanted = Counter(left)
    found = []
    for k in range(len(output) - 1, -1, -1):
        if wanted[output[k]] > 0:
            wanted[output[k]] -= 1
            found.append((k, *output[k]))
    return found[::-1]


def _predicted(item: GoldItem, candidate: Candidate, k: int, output: list[Any], pairs: list[tuple[str, str]],
               regime: str, known: set[str]) -> str:
    if regime == "tc":
        return str(output[k])
    if regime == "s2s":
        word = item.text[candidate.start: candidate.end]
        return s2s_label(pairs, word, plain_label(candidate.label), known)
    start, end = word_span(item.text, candidate)
    return sl_label(output, start, end) if regime == "sl" else mrc_label(output, start, end)


def word_labels(item: GoldItem, bio: bool) -> list[str]:
    """The gold label of each word as OmniEvent's sl (BIO tags) and mrc processors make it: a later trigger's
    words overwrite an earlier one's."""
    labels = ["O" if bio else NA] * len(item.text.split())
    for candidate in item.candidates:
        if candidate.label == NA:
            continue
        left, right = word_span(item.text, candidate)
        for pos in range(left, max(right, left + 1)):
            if pos < len(labels):
                labels[pos] = (("B-" if pos == left else "I-") + candidate.label) if bio else candidate.label
    return labels


def iob2_spans(tags: Sequence[str]) -> set[tuple[int, int, str]]:
    """seqeval's strict IOB2 entities: a B-T and the I-T right after it."""
    spans = set()
    pos = 0
    while pos < len(tags):
        if tags[pos].startswith("B-"):
            tag, end = tags[pos][2:].strip("-"), pos + 1
            while end < len(tags) and tags[end].startswith("I-") and tags[end][2:].strip("-") == tag:
                end += 1
            spans.add((pos, end, tag))
            pos = end
        else:
            pos += 1
    return spans


def paradigm_metric(gold: OmniGold, outputs: dict[str, tuple[int, list[Any]]], regime: str) -> Metric | None:
    """The figure OmniEvent's trainer reports for the paradigm itself, on the words the model saw: seqeval's
    strict IOB2 spans (`compute_span_F1`) under sl, word labels' micro average over every type
    (`compute_mrc_trigger_F1`) under mrc; None under tc (its figure is the unified one), s2s (scored on the
    generated text, which these lines do not hold), and when no word was kept."""
    per_item = paradigm_counts(gold, outputs, regime)
    if per_item is None:
        return None
    return Metric(*(sum(item[k] for item in per_item) for k in range(3)))


def paradigm_counts(gold: OmniGold, outputs: dict[str, tuple[int, list[Any]]], regime: str
                    ) -> list[tuple[int, int, int]] | None:
    """`paradigm_metric`'s (match, pred, gold) counts item by item (None where it is None)."""
    if regime not in ("sl", "mrc") or not any(outputs[item.id][1] for item in gold.items):
        return None  # no word kept: scikit-learn and seqeval fail on no sample, so OmniEvent's trainer does
    counts = []
    for n, item in enumerate(gold.items):
        predicted = outputs[item.id][1]
        labels = word_labels(item, regime == "sl")[: len(predicted)]
        if regime == "sl":
            g, p = {(n, *s) for s in iob2_spans(labels)}, {(n, *s) for s in iob2_spans(predicted)}
            counts.append((len(g & p), len(p), len(g)))
        else:
            counts.append((sum(1 for a, b in zip(labels, predicted, strict=True) if a == b and a != NA),
                           sum(1 for b in predicted if b != NA), sum(1 for a in labels if a != NA)))
    return counts


def micro(gold: Sequence[str], predicted: Sequence[str], positive: set[str]) -> Metric:
    """scikit-learn's micro average restricted to the labels `positive`: (match, pred, gold) counts."""
    tp = sum(1 for g, p in zip(gold, predicted, strict=True) if g == p and g in positive)
    return Metric(tp, sum(1 for p in predicted if p in positive), sum(1 for g in gold if g in positive))


def positive_labels(done: Converted, regime: str, gold: OmniGold) -> set[str]:
    """The labels counted: every one but NA under tc; the gold's own under the others (the script's
    `pos_labels.remove("NA")` fails when the gold has no negative trigger: refused here saying so)."""
    if regime == "tc":
        return (set(done.gold) | set(done.predicted)) - {NA}
    if NA not in done.gold:
        raise FormatError(gold.path, gold.items[0].line, "no negative trigger in the gold file",
                          "negative_triggers on some item (OmniEvent's compute_unified_micro_f1 stops without one)")
    return set(done.gold) - {NA}


def known_types(gold: OmniGold, ontology: str | None) -> set[str]:
    """The s2s types a pair may name (OmniEvent's type2id, plain): the ontology's (a type2id.json, an object
    from type to id), else the gold file's types; NA always."""
    names = {c.label for item in gold.items for c in item.candidates}
    if ontology:
        name = display_name(ontology)
        try:
            value = json.loads(read_bytes(ontology).decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise FormatError(name, getattr(exc, "lineno", 0), f"not JSON ({exc})",
                              'OmniEvent\'s type2id.json: {"NA": 0, "EventType": 1, ...}') from None
        if not isinstance(value, dict):
            raise FormatError(name, 1, f"is {kind(value)}", 'OmniEvent\'s type2id.json: {"NA": 0, "EventType": 1}')
        names = set(value)
    return {plain_label(n) for n in names} | {NA}


def fingerprint(gold: OmniGold) -> Fingerprint:
    positives = [c for item in gold.items for c in item.candidates if c.label != NA]
    return Fingerprint("omnievent", len(gold.items), len(gold.items), len(positives),
                       sum(item.arguments for item in gold.items), len({c.label for c in positives}),
                       len(set().union(*(item.roles for item in gold.items))), gold.sha256)


def _pathologies(done: Converted, regime: str) -> tuple[Pathology, ...]:
    found = []
    if done.outside:
        found.append(Pathology(OUTSIDE_WINDOW, "micro_f1", done.outside,
                               f"{done.outside} gold trigger(s) end past the model's output ({regime}: the input was "
                               "cut), predicted NA and counted as missed"))
    if done.unused_pairs:
        found.append(Pathology(UNGROUNDABLE, "micro_f1", done.unused_pairs,
                               f"{done.unused_pairs} (trigger, type) pair(s) taken by no candidate (the trigger is no "
                               "candidate's text, its type is unknown, or another pair already served the "
                               "candidate): dropped, never false alarms"))
    return tuple(found)


def score_files(gold: OmniGold, outputs: dict[str, tuple[int, list[Any]]], regime: str, path: str,
                ontology: str | None = None, dumped: bool = False) -> ConventionResult:
    if regime not in REGIMES:
        raise ValueError(f"unknown regime {regime!r} (expected {', '.join(REGIMES)})")
    done = convert(gold, outputs, regime, known_types(gold, ontology), path, dumped)
    positive = positive_labels(done, regime, gold)
    metric = micro(done.gold, done.predicted, positive)
    elsewhere = sum(1 for p in done.predicted if p != NA and p not in positive)
    notes = [f"regime {regime}: {len(done.gold)} candidates (gold triggers and negative triggers), "
             f"{len(positive)} positive labels counted"]
    if elsewhere:
        notes.append(f"{elsewhere} candidate(s) predicted with a type the gold file lacks: counted nowhere "
                     "(compute_unified_micro_f1 counts only the gold's types)")
    extra = sorted(set(outputs) - {item.id for item in gold.items})
    warnings = (f"{len(extra)} prediction line(s) of items the gold file lacks ({', '.join(extra[:3])}"
                f"{', …' if len(extra) > 3 else ''}): left out",) if extra else ()
    metrics, labels = {"micro_f1": metric}, {"micro_f1": f"micro_f1 (unified ED, {regime})"}
    if dumped:
        notes.append(f"OmniEvent's own dumped labels, a label per candidate, counted as {regime} counts them")
    paradigm = None if dumped else paradigm_metric(gold, outputs, regime)
    if paradigm is not None:
        metrics["paradigm_micro_f1"] = paradigm
        labels["paradigm_micro_f1"] = f"paradigm micro_f1 ({'seqeval spans' if regime == 'sl' else 'words'})"
        notes.append(f"paradigm micro_f1: what OmniEvent's trainer reports for {regime} itself, on "
                     f"{'spans' if regime == 'sl' else 'words'}, before the unified conversion")
    return ConventionResult("omnievent", metrics, labels, fingerprint(gold), warnings, tuple(notes),
                            _pathologies(done, regime))


def regime_refusal(regime: str | None, names: Sequence[str]) -> str | None:
    """Why `--regime` cannot go with the conventions `names` (the command line and the Python API share it)."""
    if regime is not None and "omnievent" not in names:
        return "--regime is read by --convention omnievent only"
    if regime is None and "omnievent" in names:
        return f"--convention omnievent needs --regime ({', '.join(REGIMES)}): how the prediction lines are read"
    if regime is not None and regime not in REGIMES:
        return f"unknown regime {regime!r} (expected {', '.join(REGIMES)})"
    return None


def _read(gold: Input, system: Input) -> tuple[OmniGold, Any, str, bool]:
    """The gold file, the prediction file read under the system's `--regime`, the regime, and whether the
    lines are OmniEvent's own dumped labels."""
    regime = system.options.get(REGIME)
    if (refusal := regime_refusal(regime, ["omnievent"])) is not None:
        raise ValueError(refusal)
    assert regime is not None
    gold_file = gold.parsed("omnievent", lambda: read_gold(gold.path, gold.data))
    dumped = is_dumped(system.path, system.data)
    predictions = (read_dumped(system.path, system.data, gold_file) if dumped
                   else read_predictions(system.path, system.data, regime))
    return gold_file, predictions, regime, dumped


def read_files(gold: Input, system: Input) -> tuple[OmniGold, Any, str, bool]:
    """The gold file, the predictions read under the system's `--regime`, the regime, and whether the lines are
    OmniEvent's own dumped labels (for the MAVEN-Arg pivot, `omnievent_pivot`)."""
    return _read(gold, system)


def candidate_labels(gold: Input, system: Input) -> tuple[OmniGold, Converted, list[Any] | None]:
    """The gold items, every candidate's gold and predicted label, as `score_omnievent` converts them under the
    system's `--regime`, and each candidate's predicted arguments where the lines carry them
    (`omnievent_args.given_arguments`; None otherwise): the window's mentions, one reading path."""
    gold_file, predictions, regime, dumped = _read(gold, system)
    converted = convert(gold_file, predictions.outputs, regime,
                        known_types(gold_file, system.companions.get("ontology")), predictions.path, dumped)
    if dumped or not predictions.arguments:
        return gold_file, converted, None
    from evmeval.conventions.omnievent_args import given_arguments

    data = gold.data if gold.data is not None else read_bytes(gold.path)
    return gold_file, converted, given_arguments(gold_file, data.decode("utf-8-sig"), predictions, regime)


def score_omnievent(gold: Input, system: Input) -> ConventionResult:
    gold_file, predictions, regime, dumped = _read(gold, system)
    result = score_files(gold_file, predictions.outputs, regime, predictions.path, system.companions.get("ontology"),
                         dumped)
    run = None if dumped else _arguments(gold, gold_file, predictions, regime)
    if run is None:
        return result
    return replace(result, metrics={**result.metrics, **run.metrics}, labels={**result.labels, **run.labels},
                   notes=result.notes + run.notes, pathologies=result.pathologies + run.pathologies)


def _arguments(gold: Input, gold_file: OmniGold, predictions: Any, regime: str) -> Any:
    """The EAE figures where the prediction lines carry `arguments` (`omnievent_args`, imported only then)."""
    if not predictions.arguments:
        return None
    from evmeval.conventions.omnievent_args import eae_run

    data = gold.data if gold.data is not None else read_bytes(gold.path)
    return eae_run(gold_file, data.decode("utf-8-sig"), predictions, regime)


def unit_counts(gold: Input, system: Input) -> UnitCounts:
    """Each gold item's (match, pred, gold) of the unified figure and, under sl and mrc, of the paradigm figure:
    summed, the counts `score_omnievent` divides. The positive labels are the whole gold file's (the dataset's
    types), the same in every resample."""
    result = score_omnievent(gold, system)  # checks the pair, and names the figures
    gold_file, predictions, regime, dumped = _read(gold, system)
    done = convert(gold_file, predictions.outputs, regime, known_types(gold_file, system.companions.get("ontology")),
                   predictions.path, dumped)
    positive = positive_labels(done, regime, gold_file)
    columns: dict[str, list[tuple[float, ...]]] = {name: [] for name in result.metrics}
    start = 0
    for item in gold_file.items:
        end = start + len(item.candidates)
        here = micro(done.gold[start:end], done.predicted[start:end], positive)
        columns["micro_f1"].append((float(here.match_num), float(here.pred_num), float(here.gold_num)))
        start = end
    if "paradigm_micro_f1" in result.metrics:
        per_item = paradigm_counts(gold_file, predictions.outputs, regime) or []
        columns["paradigm_micro_f1"] = [tuple(map(float, counts)) for counts in per_item]
    if (run := None if dumped else _arguments(gold, gold_file, predictions, regime)) is not None:
        columns.update(run.per_item)
    return UnitCounts("item", tuple(item.id for item in gold_file.items),
                      {name: tuple(zip(*rows, strict=True)) for name, rows in columns.items()}, dict(result.labels),
                      warnings=result.warnings)
