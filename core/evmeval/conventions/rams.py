"""Convention `rams`: the RAMS 1.0 scorer (`scorer/scorer.py` of the RAMS data release, with `--do_all`).

What it counts, as that script does (docs/scoring/rams.md has a worked example):
  per gold example (doc_key), the *multisets* of (trigger span, argument span, role) of gold and prediction:
  correct = their intersection, missing = gold minus prediction, overpred = prediction minus gold (a
  duplicate prediction is one more overpred, a duplicate gold link one more to find); event types are
  not compared; a prediction for a doc_key the gold file lacks is ignored (said here as a warning);
  its `Precision` is correct / (correct + missing) and its `Recall` correct / (correct + overpred): the
  script's `compute_metrics` divides by the gold count for precision and by the predicted count for recall,
  the other way round from every other scorer; F1 is the same either way. Figures here are those of the
  script under its names (`Precision` in the P column), the counts beside them honest (pred, gold);
  per role: the role table (CORRECT, MISSING, OVERPRED, F1) over the roles read from the gold file and a
  gold-layout prediction file, most frequent in gold first (ties by name here; the script leaves them in
  set order); its TOTAL is the overall figure;
  by distance: the sentence of the argument minus the sentence of the trigger, -2..+2 (links further apart
  count in the overall figures only), each item placed by the gold example's sentences.
Type-constrained decoding (`-cd` with an ontology) is not modelled: `--do_all` does not turn it on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from evmeval.conventions.base import ConventionResult, Fingerprint, Input, Metric, UnitCounts
from evmeval.conventions.items import GOLD, PRED, Item
from evmeval.conventions.maven import Figure
from evmeval.conventions.one_to_one import Matches, MatchGroup, keyed_edges
from evmeval.io.errors import FormatError
from evmeval.io.rams import GOLD_LAYOUT, Example, Link, RamsFile, Span, read_rams, refuse_outside

DISTANCES = (-2, -1, 0, 1, 2)


@dataclass(frozen=True)
class Counts:
    correct: int = 0
    missing: int = 0
    overpred: int = 0

    def figure(self) -> Figure:
        """The script's `compute_metrics`: P = c/(c+m), R = c/(c+o) (its order), percent in its print."""
        c, m, o = self.correct, self.missing, self.overpred
        p = c / (c + m) if c + m else 0.0
        r = c / (c + o) if c + o else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        return Figure(c, c + o, c + m, p, r, f1, (("correct", c), ("missing", m), ("overpred", o)))

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.correct + other.correct, self.missing + other.missing, self.overpred + other.overpred)


@dataclass(frozen=True)
class RamsScores:
    overall: Counts
    roles: dict[str, Counts]
    """The role table's rows, in the script's order (most frequent in gold first, then by name)."""
    distances: dict[int, Counts]
    ignored: int
    """Prediction lines whose doc_key is not in the gold file."""


def _bucket(path: str, link: Link, source: Example, gold: Example, sent_map: list[int]) -> int:
    trigger = refuse_outside(path, source, link.trigger, sent_map, gold)
    return refuse_outside(path, source, link.argument, sent_map, gold) - trigger


Tallies = tuple[dict[str, Counter[str]], dict[int, Counter[str]]]
"""Correct, missing and overpred counts by role, and by sentence distance."""


Mark = tuple[int, int]
"""What one link adds: (counted, credited), each 0 or 1."""


def link_marks(gold: Sequence[Link], predicted: Sequence[Link]) -> tuple[list[Mark], list[Mark]]:
    """Each gold and predicted link's (counted, credited) under the script's multisets: every link counts; of
    the copies of one (trigger, argument, role), the first min(gold copies, predicted copies) on each side are
    the intersection (`correct`), the others missing or overpredicted. The counts of `example_tallies`."""
    def key(link: Link) -> tuple[Span, Span, str]:
        return link.trigger, link.argument, link.role

    gold_copies = Counter(key(link) for link in gold)
    pred_copies = Counter(key(link) for link in predicted)

    def marks(links: Sequence[Link], other: Counter[tuple[Span, Span, str]]) -> list[Mark]:
        seen: Counter[tuple[Span, Span, str]] = Counter()
        out = []
        for link in links:
            seen[key(link)] += 1
            out.append((1, int(seen[key(link)] <= other[key(link)])))
        return out
    return marks(gold, pred_copies), marks(predicted, gold_copies)


def example_tallies(gold: RamsFile, system: RamsFile, g: Example) -> Tallies:
    """One gold example's correct, missing and overpred links by role and by sentence distance (`link_marks`:
    a correct link is tallied on gold's side, where the prediction equal to it has the same place)."""
    by_role: dict[str, Counter[str]] = {k: Counter() for k in ("correct", "missing", "overpred")}
    by_distance: dict[int, Counter[str]] = {d: Counter() for d in DISTANCES}
    p = system.examples.get(g.doc_key)
    predicted = p.links if p else ()
    gold_marks, pred_marks = link_marks(g.links, predicted)
    sent_map = g.sentence_of()
    for path, source, links, marks, kinds in ((gold.path, g, g.links, gold_marks, ("missing", "correct")),
                                              (system.path, p or g, predicted, pred_marks, ("overpred", ""))):
        for link, (_, credited) in zip(links, marks, strict=True):
            kind = kinds[credited]
            if not kind:
                continue
            by_role[kind][link.role] += 1
            distance = _bucket(path, link, source, g, sent_map)
            if distance in by_distance:
                by_distance[distance][kind] += 1
    return by_role, by_distance


def _roles(gold: RamsFile, system: RamsFile) -> set[str]:
    roles = {link.role for e in gold.examples.values() for link in e.links}
    if system.layout == GOLD_LAYOUT:
        roles |= {link.role for e in system.examples.values() for link in e.links}
    return roles


def _counts(by_role: dict[str, Counter[str]], role: str) -> Counts:
    return Counts(by_role["correct"][role], by_role["missing"][role], by_role["overpred"][role])


def rams_scores(gold: RamsFile, system: RamsFile) -> RamsScores:
    """Every count of the script's report (see the module's note)."""
    by_role: dict[str, Counter[str]] = {k: Counter() for k in ("correct", "missing", "overpred")}
    by_distance: dict[int, Counter[str]] = {d: Counter() for d in DISTANCES}
    for g in gold.examples.values():
        roles_here, distances_here = example_tallies(gold, system, g)
        for kind, counter in roles_here.items():
            by_role[kind] += counter
        for d, counter in distances_here.items():
            by_distance[d] += counter
    table = {r: _counts(by_role, r) for r in _roles(gold, system)}
    order = sorted(table, key=lambda r: (-(table[r].correct + table[r].missing), r))
    overall = Counts(*(sum(by_role[k].values()) for k in ("correct", "missing", "overpred")))
    distances = {d: Counts(c["correct"], c["missing"], c["overpred"]) for d, c in by_distance.items()}
    ignored = sum(1 for key in system.examples if key not in gold.examples)
    return RamsScores(overall, {r: table[r] for r in order}, distances, ignored)


def fingerprint(gold: RamsFile) -> Fingerprint:
    examples = list(gold.examples.values())
    return Fingerprint("rams", len(examples), sum(len(e.sentences) for e in examples), len(examples),
                       sum(len(e.links) for e in examples), len({t for e in examples for t in e.event_types}),
                       len({link.role for e in examples for link in e.links}), gold.sha256)


def _check_gold(gold: RamsFile) -> None:
    if gold.layout != GOLD_LAYOUT:
        first = next(iter(gold.examples.values()))
        raise FormatError(gold.path, first.line, "a prediction line (predictions) in the gold file",
                          "gold lines with doc_key, sentences, evt_triggers and gold_evt_links")


def score_files(gold: RamsFile, system: RamsFile) -> ConventionResult:
    _check_gold(gold)
    scores = rams_scores(gold, system)
    metrics: dict[str, Metric] = {"overall": scores.overall.figure()}
    labels = {"overall": "Precision / Recall / F1"}
    for d in DISTANCES:
        metrics[f"distance {d}"] = scores.distances[d].figure()
        labels[f"distance {d}"] = f"distance {d:+d}" if d else "distance 0"
    for role, counts in scores.roles.items():
        metrics[f"role {role}"] = counts.figure()
        labels[f"role {role}"] = f"role {role}"
    warnings = []
    if scores.ignored:
        warnings.append(f"{scores.ignored} prediction line{'s' if scores.ignored != 1 else ''} of a doc_key not in "
                        "the gold file, ignored (as scorer.py ignores them)")
    return ConventionResult("rams", metrics, labels, fingerprint(gold), tuple(warnings))


def rams_file(source: Input) -> RamsFile:
    """The parsed RAMS file (shared: do not change it); raises `FormatError`."""
    return source.parsed("rams", lambda: read_rams(source.path, source.data))


def score_rams(gold: Input, system: Input) -> ConventionResult:
    return score_files(rams_file(gold), rams_file(system))


def _metric_names(distance: int, role: str) -> list[str]:
    """The metrics a link counts in: overall, its distance (-2..+2 only), its role."""
    return ["overall", *([f"distance {distance}"] if distance in DISTANCES else []), f"role {role}"]


def rams_matches(gold: Input, system: Input) -> Matches:
    """Per example and metric (overall, each distance, each role), its links, the equal ones, and the
    predictions `link_marks` credits (the script's multiset intersection, one to one already: each gold link
    found once). All copies of a link fall in the same metrics, so the example's marks are each group's."""
    g_file, s_file = rams_file(gold), rams_file(system)
    groups = []
    roles: dict[str, None] = {}
    for doc_key, g in g_file.examples.items():
        words = [w for sentence in g.sentences for w in sentence]
        sent_map = g.sentence_of()
        by_metric: dict[str, tuple[list[tuple[Link, Item]], list[tuple[Link, Item]]]] = {}
        credited: dict[str, set[int]] = {}
        p = s_file.examples.get(doc_key)
        marks = link_marks(g.links, p.links if p else ())
        for side, path, source, side_marks in ((GOLD, g_file.path, g, marks[0]), (PRED, s_file.path, p, marks[1])):
            for a, (link, (_, credit)) in enumerate(zip(source.links if source else (), side_marks, strict=True)):
                assert source is not None
                start, end = link.argument
                item = Item(side, doc_key, "", 0, a, start, end + 1, "", link.role, " ".join(words[start:end + 1]))
                for name in _metric_names(_bucket(path, link, source, g, sent_map), link.role):
                    here = by_metric.setdefault(name, ([], []))[side == PRED]
                    if side == PRED and credit:
                        credited.setdefault(name, set()).add(len(here))
                    here.append((link, item))
                roles[f"role {link.role}"] = None
        groups += [MatchGroup(name, [i for _, i in preds], [i for _, i in golds], keyed_edges(preds, golds),
                              frozenset(credited.get(name, ()))) for name, (golds, preds) in by_metric.items()]
    return ("overall", *(f"distance {d}" for d in DISTANCES), *roles), groups


def unit_counts(gold: Input, system: Input) -> UnitCounts:
    """Each gold example's (correct, correct + missing, correct + overpred) of every figure of the report, the
    columns whose sums the script divides (its Precision over the gold count, its Recall over the predicted)."""
    result = score_rams(gold, system)  # checks the pair, and gives the figures' names in the report's order
    g, s = rams_file(gold), rams_file(system)
    columns: dict[str, list[list[float]]] = {name: [[], [], []] for name in result.metrics}
    for example in g.examples.values():
        by_role, by_distance = example_tallies(g, s, example)
        here = {"overall": Counts(*(sum(by_role[k].values()) for k in ("correct", "missing", "overpred")))}
        here |= {f"distance {d}": Counts(c["correct"], c["missing"], c["overpred"]) for d, c in by_distance.items()}
        for name in result.metrics:
            counts = here.get(name) or _counts(by_role, name.removeprefix("role "))
            for column, value in zip(columns[name], (counts.correct, counts.correct + counts.missing,
                                                     counts.correct + counts.overpred), strict=True):
                column.append(float(value))
    return UnitCounts("example", tuple(g.examples), {n: tuple(map(tuple, c)) for n, c in columns.items()},
                      dict(result.labels), warnings=result.warnings)
