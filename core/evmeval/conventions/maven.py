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
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from evmeval._util.release import let_go
from evmeval.conventions.base import ConventionResult, Fingerprint, Input, Metric, UnitCounts
from evmeval.io.errors import FormatError
from evmeval.io.maven import TYPE_IDS, Document, MavenFile, Submission, read_maven, stream_maven
from evmeval.io.reading import display_name, read_bytes

METRICS: dict[str, str] = {"micro": "Micro", "macro": "Macro"}
"""`Micro_F1`, `Micro_Precision`, `Micro_Recall`, then the same `Macro_`: evaluate.py's names."""



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
    predicted = predictions(system)
    pairs: list[tuple[int, int]] = []
    for doc in gold.documents:
        pairs += document_labels(doc, predicted.get(doc.id, {}))
    return pairs


def predictions(system: MavenFile) -> dict[str, dict[str, int]]:
    """Document id -> candidate id -> predicted type id."""
    return {s.id: {p.id: p.type_id for p in s.predictions} for s in system.submissions}


def document_labels(doc: Document, mine: dict[str, int]) -> list[tuple[int, int]]:
    """(gold label, predicted label) of each labelled mention of one gold document."""
    pairs = [(e.type_id, mine.get(m.id, 0)) for e in doc.events or () for m in e.mentions]
    pairs += [(0, mine.get(m.id, 0)) for m in doc.negative_triggers or ()]
    return pairs


class Counts:
    """Per label: true positives, predictions and gold mentions, summed as documents are read; and the
    fingerprint's counts (a gold document is scored and let go)."""

    __slots__ = ("documents", "mentions", "pred", "sentences", "tp", "true", "types")

    def __init__(self) -> None:
        self.tp = {label: 0 for label in TYPE_IDS}
        self.pred = dict(self.tp)
        self.true = dict(self.tp)
        self.documents = self.sentences = self.mentions = 0
        self.types: set[int] = set()

    def add(self, pairs: list[tuple[int, int]]) -> None:
        tp, pred, true = self.tp, self.pred, self.true
        for label, guess in pairs:
            if label in true:
                true[label] += 1
            if guess in pred:
                pred[guess] += 1
                tp[guess] += label == guess

    def add_document(self, doc: Document, mine: dict[str, int]) -> None:
        self.add(document_labels(doc, mine))
        self.documents += 1
        self.sentences += len(doc.content)
        for event in doc.events or ():
            self.mentions += len(event.mentions)
            self.types.add(event.type_id)

    def metrics(self) -> dict[str, Metric]:
        tp, pred, true = self.tp, self.pred, self.true
        micro = sklearn_micro(sum(tp.values()), sum(pred.values()), sum(true.values()))
        n = len(TYPE_IDS)
        macro = Figure(micro.match_num, micro.pred_num, micro.gold_num,
                       sum(divide(tp[t], pred[t]) for t in TYPE_IDS) / n,
                       sum(divide(tp[t], true[t]) for t in TYPE_IDS) / n,
                       sum(divide(2 * tp[t], pred[t] + true[t]) for t in TYPE_IDS) / n, (("labels", n),))
        return {"micro": micro, "macro": macro}

    def fingerprint(self, sha256: str) -> Fingerprint:
        return Fingerprint("maven", self.documents, self.sentences, self.mentions, 0, len(self.types), 0, sha256)


def score_pairs(pairs: list[tuple[int, int]]) -> dict[str, Metric]:
    counts = Counts()
    counts.add(pairs)
    return counts.metrics()


def fingerprint(gold: MavenFile) -> Fingerprint:
    counts = Counts()
    for doc in gold.documents:
        counts.add_document(doc, {})
    return counts.fingerprint(gold.sha256)


_GOLD_EXPECTED = "gold documents with events and negative_triggers"


def _unlabelled(path: str, doc: Document) -> FormatError | None:
    if doc.events is not None:
        return None
    return FormatError(path, doc.line, f"document {doc.id!r} has no 'events' (test-set candidates carry no "
                       "labels)", _GOLD_EXPECTED)


def _documents_given(system: MavenFile) -> FormatError | None:
    if not system.documents:
        return None
    return FormatError(system.path, system.documents[0].line, "documents given as the submission",
                       "submission lines {id, predictions: [{id, type_id}]}")


def check(gold: MavenFile, system: MavenFile) -> None:
    """Gold documents with their labels, and a submission (evaluate.py reads nothing else)."""
    if gold.is_submission:
        raise FormatError(gold.path, gold.submissions[0].line, "a submission given as the gold file", _GOLD_EXPECTED)
    for doc in gold.documents:
        if (problem := _unlabelled(gold.path, doc)) is not None:
            raise problem
    if (problem := _documents_given(system)) is not None:
        raise problem


def score_files(gold: MavenFile, system: MavenFile) -> ConventionResult:
    check(gold, system)
    return ConventionResult("maven", score_pairs(label_pairs(gold, system)), dict(METRICS), fingerprint(gold))


def score_stream(gold: Iterable[Document | Submission], path: str, system: MavenFile | FormatError) -> Counts:
    """Score the gold documents as they are read against the submission (`system`, or the problem that stopped
    its reading: raised once the gold file is read through, whose own problems come first, as when both files
    were read whole); the pair's problems in `check`'s order."""
    counts = Counts()
    predicted = predictions(system) if isinstance(system, MavenFile) else {}
    given_submission: FormatError | None = None
    unlabelled: FormatError | None = None
    for item in gold:
        if isinstance(item, Submission):
            given_submission = given_submission or FormatError(path, item.line, "a submission given as the gold "
                                                               "file", _GOLD_EXPECTED)
            continue
        unlabelled = unlabelled or _unlabelled(path, item)
        counts.add_document(item, predicted.get(item.id, {}))
    if isinstance(system, FormatError):
        raise system
    for problem in (given_submission, unlabelled, _documents_given(system)):
        if problem is not None:
            raise problem
    return counts


def score_maven(gold: Input, system: Input) -> ConventionResult:
    """The gold file streamed, a document at a time, against the submission read whole: memory holds the
    submission's predictions and the counts, not the gold corpus."""
    submission: MavenFile | FormatError
    warnings: tuple[str, ...] = ()
    data = submission_bytes(system)  # a file that cannot be read is said first, as it always was
    try:
        if data is None:
            submission, warnings = MavenFile(display_name(system.path)), (EMPTY_SUBMISSION,)
        else:
            submission = read_maven(system.path, data)
    except FormatError as exc:
        submission = exc
    stream = stream_maven(gold.path, gold.data)
    counts = score_stream(stream, stream.path, submission)
    if isinstance(submission, MavenFile):  # freed in pieces, not at once on return (`let_go`)
        let_go(submission.submissions, submission.documents)
    result = ConventionResult("maven", counts.metrics(), dict(METRICS), counts.fingerprint(stream.sha256))
    return replace(result, warnings=warnings)


def read_pair(gold: Input, system: Input) -> tuple[MavenFile, MavenFile]:
    """Both files read whole and checked as `score_maven` checks them (an empty submission predicts nothing)."""
    data = submission_bytes(system)
    submission = MavenFile(display_name(system.path)) if data is None else read_maven(system.path, data)
    documents = read_maven(gold.path, gold.data)
    check(documents, submission)
    return documents, submission


def unit_counts(gold: Input, system: Input) -> UnitCounts:
    """Each gold document's per-label counts: micro is scikit-learn's ratio of their sums, macro the mean over
    the labels of each label's ratio of its sums, so both are made again from any resample of documents."""
    documents, submission = read_pair(gold, system)
    predicted = predictions(submission)
    per_document = []
    for doc in documents.documents:
        counts = Counts()
        counts.add(document_labels(doc, predicted.get(doc.id, {})))
        per_document.append(counts)
    labels = list(TYPE_IDS)
    micro = tuple(tuple(float(sum(getattr(c, part).values())) for c in per_document) for part in ("tp", "pred", "true"))
    macro = tuple(tuple(float(getattr(c, part)[t]) for c in per_document)
                  for part in ("tp", "pred", "true") for t in labels)
    return UnitCounts("document", tuple(doc.id for doc in documents.documents), {"micro": micro, "macro": macro},
                      dict(METRICS), {"micro": "sklearn", "macro": "macro"})
