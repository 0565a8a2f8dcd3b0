"""Convention `maven`: MAVEN's event detection scores (THU-KEG/MAVEN-dataset `evaluate.py`).

What it counts, as that script does: every labelled mention of the gold documents — each event
mention with its event's `type_id`, each negative trigger with 0 — gets the `type_id` the
submission predicts for its id; a mention the submission does not name (or a document it lacks) is
predicted 0, the negative class; predictions for ids that are not gold mentions are ignored. Then
scikit-learn's precision/recall/F1 over the labels 1..168 (MAVEN's types; 0 is never a label):
  Micro  tp = mentions predicted their gold type, pred = mentions predicted a type, gold = event
         mentions; P = tp/pred, R = tp/gold, F1 = 2 tp / (pred + gold) (scikit-learn's formula; 0
         where a denominator is 0);
  Macro  the same per label, then the plain mean over all 168 labels — a type in neither gold nor
         submission counts 0, so the macro figures of a small file are small.
Its counts (match, pred, gold) are the micro ones; the script prints percentages as `Micro_F1`,
`Micro_Precision`, ... . An empty (0-byte) submission is scored as the script scores it, every mention
predicted 0, with a warning.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from evmeval.conventions.base import ConventionResult, Fingerprint, Input, Metric
from evmeval.io.errors import FormatError
from evmeval.io.maven import TYPE_IDS, MavenFile, read_maven
from evmeval.io.reading import display_name, read_bytes

METRICS: dict[str, str] = {"micro": "Micro", "macro": "Macro"}
"""`Micro_F1`, `Micro_Precision`, `Micro_Recall`, then the same `Macro_`: evaluate.py's names."""

DESCRIPTION = ("MAVEN evaluate.py: every gold event mention and negative trigger classified; a mention not "
               "predicted is 0 (negative); scikit-learn micro and macro P/R/F1 over type ids 1..168")


@dataclass(frozen=True)
class Figure(Metric):
    """A scorer's figures that are not P = match/pred, R = match/gold, F1 = harmonic mean: given as
    the scorer makes them (a mean over labels, a smoothed BLANC, scikit-learn's F1). The counts are
    what the table shows beside them; `numbers` are the scorer's own sums, for the JSON."""

    given_precision: float = math.nan
    given_recall: float = math.nan
    given_f1: float = math.nan
    numbers: tuple[tuple[str, float], ...] = ()

    @property
    def precision(self) -> float:
        return self.given_precision

    @property
    def recall(self) -> float:
        return self.given_recall

    @property
    def f1(self) -> float:
        return self.given_f1

    def to_json(self) -> dict[str, Any]:
        """NaN (a figure the scorer does not make, as the precision of a mean of F1s) is null."""
        out = {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in super().to_json().items()}
        return out | dict(self.numbers)


EMPTY_SUBMISSION = ("empty submission: every gold event counts as missed (predicted as nothing), as evaluate.py "
                    "scores it")


def submission_bytes(system: Input) -> bytes | None:
    """The system file's bytes, or None when it is empty (0 bytes): MAVEN's and MAVEN-ERE's evaluate.py read
    no line of it and score every gold mention as not predicted, so that is scored too (with a warning)."""
    data = read_bytes(system.path) if system.data is None else system.data
    return data or None


def divide(numerator: float, denominator: float) -> float:
    """scikit-learn's and the scorers' rule: 0 where the denominator is 0."""
    return numerator / denominator if denominator else 0.0


def sklearn_micro(tp: int, pred: int, gold: int) -> Figure:
    """precision/recall/f1_score(average='micro'): F1 = 2 tp / (pred + gold), not from rounded P and R."""
    return Figure(tp, pred, gold, divide(tp, pred), divide(tp, gold), divide(2 * tp, pred + gold))


def label_pairs(gold: MavenFile, system: MavenFile) -> list[tuple[int, int]]:
    """(gold label, predicted label) of every labelled gold mention, in evaluate.py's order."""
    predicted = {s.id: {p.id: p.type_id for p in s.predictions} for s in system.submissions}
    pairs: list[tuple[int, int]] = []
    for doc in gold.documents:
        mine = predicted.get(doc.id, {})
        pairs += [(e.type_id, mine.get(m.id, 0)) for e in doc.events or () for m in e.mentions]
        pairs += [(0, mine.get(m.id, 0)) for m in doc.negative_triggers or ()]
    return pairs


def score_pairs(pairs: list[tuple[int, int]]) -> dict[str, Metric]:
    tp = {label: 0 for label in TYPE_IDS}
    pred = dict(tp)
    true = dict(tp)
    for label, guess in pairs:
        if label in true:
            true[label] += 1
        if guess in pred:
            pred[guess] += 1
            tp[guess] += label == guess
    micro = sklearn_micro(sum(tp.values()), sum(pred.values()), sum(true.values()))
    n = len(TYPE_IDS)
    macro = Figure(micro.match_num, micro.pred_num, micro.gold_num,
                   sum(divide(tp[t], pred[t]) for t in TYPE_IDS) / n,
                   sum(divide(tp[t], true[t]) for t in TYPE_IDS) / n,
                   sum(divide(2 * tp[t], pred[t] + true[t]) for t in TYPE_IDS) / n, (("labels", n),))
    return {"micro": micro, "macro": macro}


def fingerprint(gold: MavenFile) -> Fingerprint:
    events = [e for d in gold.documents for e in d.events or ()]
    return Fingerprint("maven", len(gold.documents), sum(len(d.content) for d in gold.documents),
                       sum(len(e.mentions) for e in events), 0, len({e.type_id for e in events}), 0, gold.sha256)


def check(gold: MavenFile, system: MavenFile) -> None:
    """Gold documents with their labels, and a submission (evaluate.py reads nothing else)."""
    if gold.is_submission:
        raise FormatError(gold.path, gold.submissions[0].line, "a submission given as the gold file",
                          "gold documents with events and negative_triggers")
    for doc in gold.documents:
        if doc.events is None:
            raise FormatError(gold.path, doc.line, f"document {doc.id!r} has no 'events' (test-set candidates "
                              "carry no labels)", "gold documents with events and negative_triggers")
    if system.documents:
        raise FormatError(system.path, system.documents[0].line, "documents given as the submission",
                          "submission lines {id, predictions: [{id, type_id}]}")


def score_files(gold: MavenFile, system: MavenFile) -> ConventionResult:
    check(gold, system)
    return ConventionResult("maven", score_pairs(label_pairs(gold, system)), dict(METRICS), fingerprint(gold))


def score_maven(gold: Input, system: Input) -> ConventionResult:
    data = submission_bytes(system)
    if data is None:
        result = score_files(read_maven(gold.path, gold.data), MavenFile(display_name(system.path)))
        return replace(result, warnings=(EMPTY_SUBMISSION,))
    return score_files(read_maven(gold.path, gold.data), read_maven(system.path, data))
