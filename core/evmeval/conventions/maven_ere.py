"""Convention `maven-ere`: MAVEN-ERE's scores (THU-KEG/MAVEN-ERE `evaluate.py`).

Coreference is scored over the gold mentions only: a predicted cluster keeps the gold mentions it
names (distractor candidates drop out, a cluster left empty goes), and every gold mention no cluster
names becomes a singleton. Per document, then summed over documents before dividing:
  muc, b_cubed, ceaf (entity-based, phi4)  the same definitions as our CoNLL metrics
      (evmeval.coref.metrics), reused: with the same mentions on both sides they agree; our float
      sums follow the CoNLL scorer's order, so a figure may differ from evaluate.py's in the 15th
      digit;
  blanc  MAVEN-ERE's own: rc, wc, rn, wn count mention pairs (same/different predicted cluster x
      same/different gold chain); P = (rc/(rc+wc+1e-6) + rn/(rn+wn+1e-6)) / 2 and R likewise with
      the 1e-6 smoothing, but F1 = (F(coreference links) + F(non-coreference links)) / 2 from the
      unsmoothed counts, and without the CoNLL scorer's fallback when a side has no links of a kind
      (an F of 0 then enters the mean);
  coreference  the mean of the four F1s (what the script adds into its overall figure).
Relations (temporal with the TIMEXes among the mentions, causal, subevent) are labels of ordered
mention pairs: every ordered pair of distinct gold mentions is a slot labelled 0; a gold relation
between two events labels every pair of their mentions (cluster expansion; a later relation name
overwrites an earlier one on the same pair); a predicted pair of two gold mentions sets its slot's
prediction (later overwrites earlier), other pairs are ignored. Slots are keyed, as in the script, by
the two ids' concatenation across the whole file. Then scikit-learn's micro P/R/F1 over the nonzero
labels. overall_f1 is the mean of the coreference, temporal, causal and subevent F1s.
A submission line of only `id`, or an empty (0-byte) submission file, predicts nothing for its documents
(every gold mention a singleton, no relation), as the script scores it; both come with a warning.
"""

from __future__ import annotations

import math
from dataclasses import replace

from evmeval.conventions.base import ConventionResult, Fingerprint, Input, Metric
from evmeval.conventions.maven import EMPTY_SUBMISSION, Figure, divide, sklearn_micro, submission_bytes
from evmeval.coref.metrics import LinkCounts, conll_and_blanc
from evmeval.io.errors import FormatError
from evmeval.io.maven_ere import CAUSAL, TEMPORAL, Document, MavenEreFile, Submission, read_maven_ere
from evmeval.io.reading import display_name

METRICS: dict[str, str] = {"b_cubed": "b_cubed", "ceaf": "ceaf", "muc": "muc", "blanc": "blanc",
                           "coreference": "coreference (mean F1)", "temporal": "temporal", "causal": "causal",
                           "subevent": "subevent", "overall": "overall_f1"}
"""evaluate.py's names (`b_cubed_precision`, ..., `overall_f1`), in the order it prints them."""

REL2ID = {"temporal": {name: i for i, name in enumerate(TEMPORAL, 1)},
          "causal": {name: i for i, name in enumerate(CAUSAL, 1)},
          "subevent": {"subevent": 1}}
"""Nonzero labels as evaluate.py numbers them (only which are nonzero matters to micro scores)."""

DESCRIPTION = ("MAVEN-ERE evaluate.py: coreference over gold mentions (B3, CEAF-e, MUC, its smoothed BLANC, "
               "their mean); temporal, causal, subevent relations as ordered mention pairs after cluster "
               "expansion, scikit-learn micro P/R/F1; overall_f1 the mean of the four")
MAVEN_ERE_FIELDS = {"tokens", "coreference", "temporal_relations", "causal_relations", "subevent_relations"}
"""A line with `id` and one of these is MAVEN-ERE's (a submission line may hold any one of them)."""

GOLD_FIELDS = ("events", "timex", "temporal_relations", "causal_relations", "subevent_relations")


def clusters(doc: Document, submission: Submission | None) -> tuple[list[list[int]], list[list[int]]]:
    """Gold chains and predicted clusters as mention numbers, evaluate.py's way (gold mentions only,
    the ones no cluster names as singletons after the clusters)."""
    number: dict[str, int] = {}
    gold = []
    for event in doc.events or ():
        gold.append([number.setdefault(m.id, len(number)) for m in event.mentions])
    predicted, named = [], set()
    for cluster in (submission.coreference if submission else None) or ():
        kept = [number[m] for m in cluster if m in number]
        named.update(kept)
        if kept:
            predicted.append(kept)
    predicted += [[n] for n in number.values() if n not in named]
    return gold, predicted


def blanc_figure(counts: tuple[int, int, int, int]) -> Figure:
    rc, wc, rn, wn = counts

    def f1(p_num: int, p_den: int, r_num: int, r_den: int) -> float:
        p, r = divide(p_num, p_den), divide(r_num, r_den)
        return 0 if p + r == 0 else 2 * p * r / (p + r)

    return Figure(rc, rc + wc, rc + wn,
                  (rc / (rc + wc + 1e-6) + rn / (rn + wn + 1e-6)) / 2,
                  (rc / (rc + wn + 1e-6) + rn / (rn + wc + 1e-6)) / 2,
                  (f1(rc, rc + wc, rc, rc + wn) + f1(rn, rn + wn, rn, rn + wc)) / 2,
                  (("rc", rc), ("wc", wc), ("rn", rn), ("wn", wn)))


def _counts_figure(c: LinkCounts) -> Figure:
    """B3 or CEAF-e from our counts: the numerators are fractions, so the table's `match` is rounded
    (the JSON has them exactly as p_num and r_num)."""
    p, r = divide(c.precision_num, c.precision_den), divide(c.recall_num, c.recall_den)
    return Figure(round(c.precision_num), int(c.precision_den), int(c.recall_den), p, r,
                  0 if p + r == 0 else 2 * p * r / (p + r),
                  (("p_num", c.precision_num), ("p_den", c.precision_den), ("r_num", c.recall_num),
                   ("r_den", c.recall_den)))


def coreference(pairs: list[tuple[Document, Submission | None]]) -> dict[str, Metric]:
    zero = LinkCounts(0, 0, 0, 0)
    b3, ceaf, links = zero, zero, zero
    blanc_counts = [0, 0, 0, 0]
    for doc, submission in pairs:
        gold, predicted = clusters(doc, submission)
        doc_muc, doc_b3, doc_ceaf, c = conll_and_blanc(gold, predicted)
        b3, ceaf, links = b3 + doc_b3, ceaf + doc_ceaf, links + doc_muc
        for i, value in enumerate((c.coref.recall_num, c.coref.precision_den - c.coref.recall_num,
                                   c.non_coref.recall_num, c.coref.recall_den - c.coref.recall_num)):
            blanc_counts[i] += int(value)
    found = {"b_cubed": _counts_figure(b3), "ceaf": _counts_figure(ceaf),
             "muc": Metric(int(links.precision_num), int(links.precision_den), int(links.recall_den)),
             "blanc": blanc_figure((blanc_counts[0], blanc_counts[1], blanc_counts[2], blanc_counts[3]))}
    mean = sum(f.f1 for f in found.values()) / 4.0
    return found | {"coreference": Figure(0, 0, 0, given_f1=mean)}


def relation(pairs: list[tuple[Document, Submission | None]], kind: str) -> Figure:
    """One relation kind's micro scores over ordered gold mention pairs (see the module's note).

    Only the labelled slots are held, per document: a slot of zeros counts nowhere, and as a document's
    relations only reach its own slots (the key of a later document's pair takes its slot over), the
    file-wide slot list of evaluate.py has the same nonzero labels and predictions as these dicts."""
    ids = REL2ID[kind]
    tp = pred = gold = 0
    for doc, submission in pairs:
        members = {e.id: [m.id for m in e.mentions] for e in doc.events or ()}
        known = {m for ms in members.values() for m in ms}
        if kind == "temporal":
            for t in doc.timex or ():
                known.add(t.id)
                members[t.id] = [t.id]
        labels: dict[str, int] = {}
        for rel, relation_pairs in _relations(doc, kind).items():
            label = ids[rel]
            for e1, e2 in relation_pairs:
                seconds = members[e2]
                for m1 in members[e1]:
                    for m2 in seconds:
                        labels[m1 + m2] = label
        guesses: dict[str, int] = {}
        for rel, relation_pairs in (_relations(submission, kind) if submission else {}).items():
            label = ids[rel]
            for p1, p2 in relation_pairs:
                if p1 in known and p2 in known:
                    guesses[p1 + p2] = label
        gold += len(labels)
        pred += len(guesses)
        tp += sum(1 for key, guess in guesses.items() if labels.get(key) == guess)
    return sklearn_micro(tp, pred, gold)


def _relations(item: Document | Submission, kind: str) -> dict[str, list[tuple[str, str]]]:
    if kind == "subevent":
        return {} if item.subevent_relations is None else {"subevent": item.subevent_relations}
    return getattr(item, f"{kind}_relations") or {}


def fingerprint(gold: MavenEreFile) -> Fingerprint:
    events = [e for d in gold.documents for e in d.events or ()]
    relations = sum(len(p) for d in gold.documents for r in (d.temporal_relations, d.causal_relations)
                    for p in (r or {}).values()) + sum(len(d.subevent_relations or ()) for d in gold.documents)
    return Fingerprint("maven-ere", len(gold.documents), sum(len(d.tokens) for d in gold.documents),
                       sum(len(e.mentions) for e in events), relations, len({e.type for e in events}),
                       len(TEMPORAL) + len(CAUSAL) + 1, gold.sha256)


def pair_documents(gold: MavenEreFile, system: MavenEreFile) -> list[tuple[Document, Submission | None]]:
    """Each gold document with its submission line (None: all singletons, no relations)."""
    if gold.submissions:
        raise FormatError(gold.path, gold.submissions[0].line, "a submission given as the gold file",
                          "gold documents with events, TIMEX and the three relation fields")
    if system.documents:
        raise FormatError(system.path, system.documents[0].line, "documents given as the submission",
                          "submission lines {id, coreference, temporal_relations, causal_relations, "
                          "subevent_relations}")
    for doc in gold.documents:
        for name in GOLD_FIELDS:
            if getattr(doc, name) is None:
                raise FormatError(gold.path, doc.line, f"document {doc.id!r} has no "
                                  f"{'TIMEX' if name == 'timex' else name!r} field",
                                  "gold documents with events, TIMEX and the three relation fields")
    by_id = {s.id: s for s in system.submissions}
    return [(doc, by_id.get(doc.id)) for doc in gold.documents]


def score_files(gold: MavenEreFile, system: MavenEreFile) -> ConventionResult:
    pairs = pair_documents(gold, system)
    metrics = coreference(pairs)
    for kind in ("temporal", "causal", "subevent"):
        metrics[kind] = relation(pairs, kind)
    overall = (metrics["coreference"].f1 + sum(metrics[k].f1 for k in ("temporal", "causal", "subevent"))) / 4.0
    metrics["overall"] = Figure(0, 0, 0, given_f1=overall)
    assert not math.isnan(overall), "every F1 is a number"
    return ConventionResult("maven-ere", metrics, dict(METRICS), fingerprint(gold))


def id_only_warning(system: MavenEreFile) -> tuple[str, ...]:
    """Lines holding only `id` (its README: only `id` is required) predict nothing; said, since it is odd."""
    ids = [s.id for s in system.submissions if s.coreference is None and s.temporal_relations is None
           and s.causal_relations is None and s.subevent_relations is None and not s.extra]
    if not ids:
        return ()
    shown = ", ".join(ids[:5]) + (", ..." if len(ids) > 5 else "")
    lines = "1 submission line holds" if len(ids) == 1 else f"{len(ids)} submission lines hold"
    return (f"{lines} only 'id' ({shown}): their documents count as predicting nothing (every gold mention its "
            "own cluster, no relation), as evaluate.py scores them",)


def score_maven_ere(gold: Input, system: Input) -> ConventionResult:
    golden = read_maven_ere(gold.path, gold.data)
    data = submission_bytes(system)
    if data is None:
        return replace(score_files(golden, MavenEreFile(display_name(system.path))), warnings=(EMPTY_SUBMISSION,))
    submission = read_maven_ere(system.path, data)
    return replace(score_files(golden, submission), warnings=id_only_warning(submission))

