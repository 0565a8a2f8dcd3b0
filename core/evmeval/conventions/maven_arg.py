"""Convention `maven-arg`: MAVEN-Arg's evaluation (THU-KEG/MAVEN-Argument `evaluate.py`, its CodaLab scorer);
docs/scoring/maven-arg.md has worked examples.

What it counts, as that script does. A *slot* is a gold trigger and a role its gold event type has in
label2role.json (`Type.Role`); per slot, one of:
  neither gold nor predicted: nothing; only one side, or types differing: one entry 0;
  both: gold strings (every mention of every argument) and predicted strings paired one-to-one by SciPy's
    assignment maximising bag-of-words F1 (`evmeval.align.lsap`, its tie-breaking), then per level:
    Mention_Level: an entry per pair, each of exact match, BoW precision, recall and F1 times the penalty
      min(#gold, #predicted) / max(...) (a slot predicted with an empty list adds no entry at all);
    Entity_Coref_Level: an entry per gold argument (entity): its mention paired best by BoW F1 (the first
      best), exact match and BoW of that pair, 0 when none of its mentions has F1 above 0;
    Event_Coref_Level: the entity entries of the triggers of one event merged: per entity the best exact match
      and, separately, the figures of the best BoW F1 over the event's triggers;
  each figure is the mean of its entries (x100 in the script's print), plus one entry 0 per role predicted
  on a negative trigger (a false alarm). Strings are compared after SQuAD's normalisation (lower case, no
  punctuation, no a/an/the, white space collapsed). A predicted role under a type other than the gold
  trigger's is never looked up: it counts nowhere (said as a warning).
"""

from __future__ import annotations

import math
import os
import re
import string
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from evmeval.align.lsap import scipy_assignment
from evmeval.conventions.base import ConventionResult, Fingerprint, Input, Metric, UnitCounts
from evmeval.conventions.maven import Figure
from evmeval.io.errors import FormatError
from evmeval.io.maven_arg import NEGATIVE, MavenArgGold, MavenArgPredictions, read_gold, read_predictions, read_schema
from evmeval.io.reading import display_name

LEVELS = ("Mention_Level", "Entity_Coref_Level", "Event_Coref_Level")
"""The script's names, in its print order (each with _EM, _Precision, _Recall, _F1)."""
_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCTUATION = frozenset(string.punctuation)
Owner = tuple[str, int, int]
"""An entry's slot key (`document-event-trigger-Type.Role`), its gold mention's index among the slot's mentions and
its predicted string's index (-1 where the entry pairs none: a slot scored 0)."""
Scores = tuple[float, float, float]
"""Bag-of-words precision, recall, F1 (int 0s where nothing is shared, as the script returns them)."""


def answer_tokens(text: str) -> list[str]:
    """SQuAD's normalisation, the script's: lower case, punctuation removed, then a/an/the, split on white space."""
    kept = "".join(ch for ch in text.lower() if ch not in _PUNCTUATION)
    return _ARTICLES.sub(" ", kept).split()


def exact_match(gold: str, predicted: str) -> int:
    return int(answer_tokens(gold) == answer_tokens(predicted))


def bag_of_words(gold: str, predicted: str) -> Scores:
    pred_tokens, gold_tokens = answer_tokens(predicted), answer_tokens(gold)
    same = sum((Counter(pred_tokens) & Counter(gold_tokens)).values())
    if same == 0:
        return 0, 0, 0
    p, r = 1.0 * same / len(pred_tokens), 1.0 * same / len(gold_tokens)
    return p, r, 2 * p * r / (p + r)


@dataclass
class _Entries:
    """One level's entries, in the script's order (the mean's summation order is the script's)."""

    em: list[float]
    bow: list[Scores]
    documents: list[str] = field(default_factory=list)
    """Each entry's document (for resampling documents)."""
    owners: list[Owner] = field(default_factory=list)
    """Each entry's slot key and the gold mention and predicted string it pairs (-1: none; a slot's 0 entry)."""

    def add(self, em: float, scores: Scores, document: str, owner: Owner = ("", -1, -1)) -> None:
        self.em.append(em)
        self.bow.append(scores)
        self.documents.append(document)
        self.owners.append(owner)

    def zero(self, document: str, slot: str = "") -> None:
        self.add(0, (0, 0, 0), document, (slot, -1, -1))

    def columns(self, units: list[str]) -> tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]:
        """Per unit, (entries, Σ exact match) and (entries, Σ precision, Σ recall, Σ F1): the `em` and `mean`
        rules' columns (`evmeval.compare.unit_rules`)."""
        at = {u: k for k, u in enumerate(units)}
        sums = [[0.0] * 5 for _ in units]
        for em, bow, document in zip(self.em, self.bow, self.documents, strict=True):
            row = sums[at[document]]
            row[0] += 1
            row[1] += em
            for k in range(3):
                row[2 + k] += bow[k]
        by_column = tuple(tuple(row[k] for row in sums) for k in range(5))
        return (by_column[0], by_column[1]), (by_column[0], *by_column[2:])

    def figures(self, level: str) -> tuple[Figure, Figure]:
        n = len(self.em)
        import numpy as np  # its mean's summation order is the script's figure; imported when scored

        means = [float(np.mean([s[k] for s in self.bow])) if n else math.nan for k in range(3)]
        em = float(np.mean(self.em)) if n else math.nan
        return (Figure(float(sum(self.em)), n, n, math.nan, math.nan, em, ((f"{level}_EM", em),)),
                Figure(float(sum(s[2] for s in self.bow)), n, n, means[0], means[1], means[2]))


Pair = tuple[int, str, str, int]
"""(gold index, gold string, predicted string, predicted index) of the script's assignment."""


def _pairs(gold: list[str], predicted: list[str]) -> list[Pair]:
    cost = [[-float(bag_of_words(g, p)[2]) for p in predicted] for g in gold]
    return [(i, gold[i], predicted[j], j) for i, j in scipy_assignment(cost)]


def _entities(entities: list[list[str]], pairs: list[Pair]) -> list[tuple[int, Scores]]:
    """Per gold entity, (exact match, BoW) of its mention's pair with the best F1 (the first), 0s if none > 0."""
    owner = [e for e, mentions in enumerate(entities) for _ in mentions]
    best: list[tuple[float, str, str] | None] = [None] * len(entities)
    for i, g, p, _ in pairs:
        f1 = bag_of_words(g, p)[2]
        current = best[owner[i]]
        if f1 > (current[0] if current else 0.0):
            best[owner[i]] = (f1, g, p)
    return [(exact_match(b[1], b[2]), bag_of_words(b[1], b[2])) if b else (0, (0, 0, 0)) for b in best]


def _mention_entries(mention: _Entries, entities: list[list[str]], predicted: list[str],
                     where: Callable[[], FormatError], document: str, slot: str = "") -> list[Pair]:
    """A slot's Mention_Level entries (each pair's figures times the penalty); its pairs."""
    flat = [s for mentions in entities for s in mentions]
    if not flat and not predicted:
        raise where()
    pairs = _pairs(flat, predicted)
    penalty = min(len(flat), len(predicted)) / max(len(flat), len(predicted))
    for i, g, p, j in pairs:
        bow = bag_of_words(g, p)
        mention.add(exact_match(g, p) * penalty, (bow[0] * penalty, bow[1] * penalty, bow[2] * penalty), document,
                    (slot, i, j))
    return pairs


@dataclass
class MavenArgScores:
    levels: dict[str, _Entries]
    unscored_gold: int
    """Gold argument slots whose role is not a `Type.Role` of the trigger's type in label2role.json."""
    unscored_predicted: int
    """Predicted role slots never looked up (another type than the gold trigger's, or a role not in the schema)."""


def _merge(event: list[list[tuple[int, Scores]]], where: Callable[[], FormatError]) -> list[tuple[int, Scores]]:
    """An event's entity entries over its triggers: best exact match, and the BoW of the best F1 (first kept)."""
    merged = list(event[0])
    for per_trigger in event:
        for k, (em, bow) in enumerate(per_trigger):
            if k >= len(merged):
                raise where()
            if em > merged[k][0]:
                merged[k] = (em, merged[k][1])
            if bow[2] > merged[k][1][2]:
                merged[k] = (merged[k][0], bow)
    return merged


def maven_arg_scores(gold: MavenArgGold, predicted: MavenArgPredictions, schema: dict[str, list[str]]
                     ) -> MavenArgScores:
    """Every entry of the script's three levels (see the module's note)."""
    mention, entity, event = _Entries([], []), _Entries([], []), _Entries([], [])
    per_event: dict[str, list[list[tuple[int, Scores]]]] = {}
    event_lines: dict[str, int] = {}
    seen_gold: set[str] = set()
    seen_predicted: set[str] = set()
    for trigger in gold.triggers:
        document = trigger.key.split("-")[0]
        if trigger.event_type not in schema:
            raise FormatError(gold.path, trigger.line, f"event type {trigger.event_type!r} is not in label2role.json",
                              "every gold event type with its roles in label2role.json (evaluate.py stops there)")
        event_key = "-".join(trigger.key.split("-")[:-1])
        for role in schema[trigger.event_type]:
            role = f"{trigger.event_type}.{role}"
            key = f"{trigger.key}-{role}"
            label, pred = gold.slots.get(key), predicted.slots.get(key)
            seen_gold.add(key)
            seen_predicted.add(key)
            if label is None and pred is None:
                continue
            if label is None or pred is None or label[0] != pred[0]:
                for level in (mention, entity, event):
                    level.zero(document, key)
                continue
            pairs = _mention_entries(mention, label[1], pred[1], partial(
                FormatError, gold.path, trigger.line, f"role {role!r} of trigger {trigger.key!r}: no gold mention and "
                "no predicted string", "a mention for every gold argument (evaluate.py divides by zero there)"),
                document, key)
            entities = _entities(label[1], pairs)
            for em, bow in entities:
                entity.add(em, bow, document)
            per_event.setdefault(f"{event_key}-{role}", []).append(entities)
            event_lines.setdefault(f"{event_key}-{role}", trigger.line)
    for event_role, triggers in per_event.items():
        def where(event_role: str = event_role) -> FormatError:
            return FormatError(gold.path, event_lines[event_role], f"{event_role!r}: a later trigger of the event has "
                               "more arguments of the role than its first", "the same arguments on every trigger of "
                               "an event (evaluate.py fails on an index there)")
        for em, bow in _merge(triggers, where):
            event.add(em, bow, event_role.split("-")[0])
    for key in predicted.slots:
        if key.split("-")[1] == NEGATIVE:
            for level in (mention, entity, event):
                level.zero(key.split("-")[0], key)
    negative = {k for k in predicted.slots if k.split("-")[1] == NEGATIVE}
    return MavenArgScores(dict(zip(LEVELS, (mention, entity, event), strict=True)),
                          len(set(gold.slots) - seen_gold), len(set(predicted.slots) - seen_predicted - negative))


def schema_path(gold: Input, system: Input) -> str:
    """label2role.json: `--ontology`, else the one beside the gold file (the script's `ref/` folder)."""
    given = system.companions.get("ontology")
    if given:
        return given
    beside = os.path.join(os.path.dirname(os.path.abspath(gold.path)), "label2role.json")
    if os.path.isfile(beside):
        return beside
    raise FormatError(display_name(gold.path), 0, "no label2role.json beside the gold file and no --ontology",
                      "--ontology label2role.json (each event type's roles), which evaluate.py reads from ref/")


def _warnings(scores: MavenArgScores, predicted: MavenArgPredictions) -> tuple[str, ...]:
    said = []
    for n, what in ((predicted.skipped_documents, "submission lines of a document the gold file lacks"),
                    (predicted.skipped_triggers, "predicted trigger ids the gold file lacks"),
                    (scores.unscored_predicted, "predicted roles under another event type than the gold trigger's "
                     "(or a role label2role.json lacks)"),
                    (scores.unscored_gold, "gold roles not written 'Type.Role' of their type in label2role.json")):
        if n:
            said.append(f"{what}: {n}, left out, counted neither right nor wrong (as evaluate.py leaves "
                        "them out)")
    return tuple(said)


def maven_arg_gold(gold: Input) -> MavenArgGold:
    """The parsed gold file (shared: do not change it); raises `FormatError`."""
    return gold.parsed("maven-arg", lambda: read_gold(gold.path, gold.data))


def _scored(gold: Input, system: Input) -> tuple[MavenArgGold, MavenArgPredictions, MavenArgScores]:
    gold_file = maven_arg_gold(gold)
    schema = read_schema(schema_path(gold, system))
    predicted = read_predictions(system.path, system.data, gold_file)
    return gold_file, predicted, maven_arg_scores(gold_file, predicted, schema)


def score_maven_arg(gold: Input, system: Input) -> ConventionResult:
    return _result(*_scored(gold, system))


def scored(gold: Input, system: Input, schema: dict[str, list[str]]) -> tuple[ConventionResult, MavenArgScores]:
    """The result and every entry of the script's levels on a gold file and a submission given as bytes, with
    label2role.json's `schema` given (the OmniEvent pivot's files, made in memory); raises `FormatError`."""
    gold_file = maven_arg_gold(gold)
    predicted = read_predictions(system.path, system.data, gold_file)
    scores = maven_arg_scores(gold_file, predicted, schema)
    return _result(gold_file, predicted, scores), scores


def _result(gold_file: MavenArgGold, predicted: MavenArgPredictions, scores: MavenArgScores) -> ConventionResult:
    metrics: dict[str, Metric] = {}
    labels: dict[str, str] = {}
    for level, entries in scores.levels.items():
        em, bow = entries.figures(level)
        metrics[f"{level}_EM"], labels[f"{level}_EM"] = em, f"{level}_EM (as F1)"
        metrics[level], labels[level] = bow, f"{level}_Precision/Recall/F1"
    arguments = sum(len(entities) for _, entities in gold_file.slots.values())
    roles = {key.rsplit("-", 1)[-1] for key in gold_file.slots}
    print_ = Fingerprint("maven-arg", len(gold_file.documents), len(gold_file.documents), len(gold_file.triggers),
                         arguments, len(gold_file.event_types), len(roles), gold_file.sha256)
    return ConventionResult("maven-arg", metrics, labels, print_, _warnings(scores, predicted),
                            ("match: the sum of the entries averaged; pred and gold: their number (mentions, "
                             "entities or event arguments, and slots scored 0)",))


def unit_counts(gold: Input, system: Input) -> UnitCounts:
    """Each document's entries of every level, counted and summed (the figures are means over the entries, made
    again for any resample of documents); the script's own means as the point estimates."""
    gold_file, predicted, scores = _scored(gold, system)
    result = _result(gold_file, predicted, scores)
    first = dict.fromkeys(t.key.split("-")[0] for t in gold_file.triggers)  # the file's order, then the rest
    entered = dict.fromkeys(d for entries in scores.levels.values() for d in entries.documents)
    units = list(dict.fromkeys([*first, *sorted(gold_file.documents - set(first)), *entered]))
    counts: dict[str, tuple[tuple[float, ...], ...]] = {}
    rules: dict[str, str] = {}
    given: dict[str, tuple[float, ...]] = {}
    for level, entries in scores.levels.items():
        counts[f"{level}_EM"], counts[level] = entries.columns(units)
        rules[f"{level}_EM"], rules[level] = "em", "mean"
        em, bow = result.metrics[f"{level}_EM"], result.metrics[level]
        given[f"{level}_EM"], given[level] = (em.f1,), (bow.precision, bow.recall, bow.f1)
    return UnitCounts("document", tuple(units), counts, dict(result.labels), rules, given, result.warnings)
