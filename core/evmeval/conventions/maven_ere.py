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
from collections.abc import Iterable, Iterator
from dataclasses import replace
from operator import eq

from evmeval._util.release import let_go
from evmeval.conventions.base import ConventionResult, Fingerprint, Input, Metric, UnitCounts
from evmeval.conventions.maven import EMPTY_SUBMISSION, Figure, divide, sklearn_micro, submission_bytes
from evmeval.coref.metrics import LinkCounts, conll_and_blanc
from evmeval.io.errors import FormatError
from evmeval.io.maven_ere import CAUSAL, TEMPORAL, Document, Submission, read_maven_ere, stream_maven_ere
from evmeval.io.reading import display_name

METRICS: dict[str, str] = {"b_cubed": "b_cubed", "ceaf": "ceaf", "muc": "muc", "blanc": "blanc",
                           "coreference": "coreference (mean F1)", "temporal": "temporal", "causal": "causal",
                           "subevent": "subevent", "overall": "overall_f1"}
"""evaluate.py's names (`b_cubed_precision`, ..., `overall_f1`), in the order it prints them."""

REL2ID = {"temporal": {name: i for i, name in enumerate(TEMPORAL, 1)},
          "causal": {name: i for i, name in enumerate(CAUSAL, 1)},
          "subevent": {"subevent": 1}}
"""Nonzero labels as evaluate.py numbers them (only which are nonzero matters to micro scores)."""

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


class Tally:
    """What the scores and the fingerprint are made of, summed document by document in the gold file's order
    (the float sums in the order the whole-file form made them): a document read is scored and let go."""

    __slots__ = ("b3", "blanc", "ceaf", "documents", "links", "mentions", "relation_counts", "relations",
                 "sentences", "types")

    def __init__(self) -> None:
        zero = LinkCounts(0, 0, 0, 0)
        self.b3, self.ceaf, self.links = zero, zero, zero
        self.blanc = [0, 0, 0, 0]
        self.relation_counts = {kind: [0, 0, 0] for kind in REL2ID}
        """kind -> [tp, pred, gold]."""
        self.documents = self.sentences = self.mentions = self.relations = 0
        self.types: set[str] = set()

    def add_coreference(self, doc: Document, submission: Submission | None) -> None:
        gold, predicted = clusters(doc, submission)
        doc_muc, doc_b3, doc_ceaf, c = conll_and_blanc(gold, predicted)
        self.b3, self.ceaf, self.links = self.b3 + doc_b3, self.ceaf + doc_ceaf, self.links + doc_muc
        blanc = self.blanc
        for i, value in enumerate((c.coref.recall_num, c.coref.precision_den - c.coref.recall_num,
                                   c.non_coref.recall_num, c.coref.recall_den - c.coref.recall_num)):
            blanc[i] += int(value)

    def add(self, doc: Document, submission: Submission | None) -> None:
        """One gold document with its submission line: its scores' counts and its fingerprint's."""
        self.add_coreference(doc, submission)
        members = {e.id: [m.id for m in e.mentions] for e in doc.events or ()}
        known = {m for ms in members.values() for m in ms}
        for kind, counts in self.relation_counts.items():
            found = relation_counts(doc, submission, kind, members, known)
            for i in range(3):
                counts[i] += found[i]
        self.documents += 1
        self.sentences += len(doc.tokens)
        for event in doc.events or ():
            self.mentions += len(event.mentions)
            self.types.add(event.type)
        self.relations += sum(len(p) for r in (doc.temporal_relations, doc.causal_relations)
                              for p in (r or {}).values()) + len(doc.subevent_relations or ())

    def coreference(self) -> dict[str, Metric]:
        found = {"b_cubed": _counts_figure(self.b3), "ceaf": _counts_figure(self.ceaf),
                 "muc": Metric(int(self.links.precision_num), int(self.links.precision_den),
                               int(self.links.recall_den)),
                 "blanc": blanc_figure((self.blanc[0], self.blanc[1], self.blanc[2], self.blanc[3]))}
        mean = sum(f.f1 for f in found.values()) / 4.0
        return found | {"coreference": Figure(0, 0, 0, given_f1=mean)}

    def relation(self, kind: str) -> Figure:
        return sklearn_micro(*self.relation_counts[kind])

    def fingerprint(self, sha256: str) -> Fingerprint:
        return Fingerprint("maven-ere", self.documents, self.sentences, self.mentions, self.relations,
                           len(self.types), len(TEMPORAL) + len(CAUSAL) + 1, sha256)

    def result(self, sha256: str) -> ConventionResult:
        metrics = self.coreference()
        for kind in REL2ID:
            metrics[kind] = self.relation(kind)
        overall = (metrics["coreference"].f1 + sum(metrics[k].f1 for k in REL2ID)) / 4.0
        metrics["overall"] = Figure(0, 0, 0, given_f1=overall)
        assert not math.isnan(overall), "every F1 is a number"
        return ConventionResult("maven-ere", metrics, dict(METRICS), self.fingerprint(sha256))


def coreference(pairs: list[tuple[Document, Submission | None]]) -> dict[str, Metric]:
    tally = Tally()
    for doc, submission in pairs:
        tally.add_coreference(doc, submission)
    return tally.coreference()


def relation_counts(doc: Document, submission: Submission | None, kind: str,
                    members: dict[str, list[str]] | None = None, known: set[str] | None = None
                    ) -> tuple[int, int, int]:
    """One document's (tp, pred, gold) of one relation kind (see the module's note); `members` (event id ->
    its mention ids) and `known` (every gold mention id), when the caller made them for the other kinds.

    Only the labelled slots are held, per document: a slot of zeros counts nowhere, and as a document's
    relations only reach its own slots (the key of a later document's pair takes its slot over), the
    file-wide slot list of evaluate.py has the same nonzero labels and predictions as these dicts."""
    ids = REL2ID[kind]
    if members is None or known is None:
        members = {e.id: [m.id for m in e.mentions] for e in doc.events or ()}
        known = {m for ms in members.values() for m in ms}
    if kind == "temporal" and doc.timex:
        members, known = dict(members), set(known)
        for t in doc.timex:
            known.add(t.id)
            members[t.id] = [t.id]
    labels: dict[str, int] = {}
    for rel, relation_pairs in _relations(doc, kind).items():  # a later name overwrites a pair's label
        labels.update(dict.fromkeys([m1 + m2 for e1, e2 in relation_pairs for m1 in members[e1]
                                     for m2 in members[e2]], ids[rel]))
    guesses: dict[str, int] = {}
    for rel, relation_pairs in (_relations(submission, kind) if submission else {}).items():
        guesses.update(dict.fromkeys([p1 + p2 for p1, p2 in relation_pairs if p1 in known and p2 in known],
                                     ids[rel]))
    return sum(map(eq, map(labels.get, guesses), guesses.values())), len(guesses), len(labels)


def relation(pairs: list[tuple[Document, Submission | None]], kind: str) -> Figure:
    """One relation kind's micro scores over ordered gold mention pairs, summed over the documents."""
    tp = pred = gold = 0
    for doc, submission in pairs:
        found = relation_counts(doc, submission, kind)
        tp, pred, gold = tp + found[0], pred + found[1], gold + found[2]
    return sklearn_micro(tp, pred, gold)


def _relations(item: Document | Submission, kind: str) -> dict[str, list[tuple[str, str]]]:
    if kind == "subevent":
        return {} if item.subevent_relations is None else {"subevent": item.subevent_relations}
    return getattr(item, f"{kind}_relations") or {}


_GOLD_EXPECTED = "gold documents with events, TIMEX and the three relation fields"


def _no_gold_field(path: str, doc: Document) -> FormatError | None:
    """A gold document without one of the fields evaluate.py reads: the error, else None."""
    for name in GOLD_FIELDS:
        if getattr(doc, name) is None:
            return FormatError(path, doc.line, f"document {doc.id!r} has no "
                               f"{'TIMEX' if name == 'timex' else name!r} field", _GOLD_EXPECTED)
    return None


class Submitted:
    """The submission read only as far as the gold document being scored needs: the lines read ahead are kept by
    id until their document comes (none when the submission follows the gold file's order, as evaluate.py's
    inputs do), so memory holds a line, not the file (MAVEN-ERE's relation pairs were 100 MB, issue 37). What
    the whole-file checks need is kept as read: the first problem, the first document given as a line, and the
    lines of only `id`."""

    def __init__(self, path: str, lines: Iterable[Document | Submission] | FormatError) -> None:
        self.path = path
        self.problem = lines if isinstance(lines, FormatError) else None
        self._lines: Iterator[Document | Submission] = iter(()) if isinstance(lines, FormatError) else iter(lines)
        self._ahead: dict[str, Submission] = {}
        self.first_document: Document | None = None
        self.id_only: list[str] = []
        self._done = self.problem is not None

    def line_of(self, doc_id: str) -> Submission | None:
        """The submission line of `doc_id` (None: there is none), reading on as far as needed."""
        while doc_id not in self._ahead and not self._done:
            self._read()
        return self._ahead.pop(doc_id, None)

    def finish(self) -> None:
        """Read the rest (its problems and warnings are the whole file's), keeping nothing of it."""
        while not self._done:
            self._read()
        let_go(self._ahead)

    def _read(self) -> None:
        try:
            item = next(self._lines)
        except StopIteration:
            self._done = True
            return
        except FormatError as exc:
            self.problem, self._done = exc, True
            return
        if isinstance(item, Submission):
            if (item.coreference is None and item.temporal_relations is None and item.causal_relations is None
                    and item.subevent_relations is None and not item.extra):
                self.id_only.append(item.id)
            self._ahead[item.id] = item
        elif self.first_document is None:
            self.first_document = item


def _documents_given(system: Submitted) -> FormatError | None:
    if system.first_document is None:
        return None
    return FormatError(system.path, system.first_document.line, "documents given as the submission",
                       "submission lines {id, coreference, temporal_relations, causal_relations, "
                       "subevent_relations}")


def score_stream(gold: Iterable[Document | Submission], path: str, system: Submitted) -> Tally:
    """Score the gold documents as they are read against the submission (`system`, whose first problem is
    raised once the gold file is read through, whose own problems come first, as when both files were read
    whole; the submission is read to its end before, as then). The problems of the pair come in the whole-file
    order too: a submission as the gold file, documents as the submission, a gold document missing a field."""
    tally = Tally()
    given_submission: FormatError | None = None
    missing: FormatError | None = None
    for item in gold:
        if isinstance(item, Submission):
            given_submission = given_submission or FormatError(path, item.line, "a submission given as the gold "
                                                               "file", _GOLD_EXPECTED)
            continue
        missing = missing or _no_gold_field(path, item)
        if system.problem is None and given_submission is None and missing is None:
            line = system.line_of(item.id)
            if system.problem is None:
                tally.add(item, line)
    system.finish()
    if system.problem is not None:
        raise system.problem
    for problem in (given_submission, _documents_given(system), missing):
        if problem is not None:
            raise problem
    return tally


def id_only_warning(ids: list[str]) -> tuple[str, ...]:
    """Lines holding only `id` (its README: only `id` is required) predict nothing; said, since it is odd."""
    if not ids:
        return ()
    shown = ", ".join(ids[:5]) + (", ..." if len(ids) > 5 else "")
    lines = "1 submission line holds" if len(ids) == 1 else f"{len(ids)} submission lines hold"
    return (f"{lines} only 'id' ({shown}): their documents count as predicting nothing (every gold mention its "
            "own cluster, no relation), as evaluate.py scores them",)


def score_maven_ere(gold: Input, system: Input) -> ConventionResult:
    """The gold file streamed, a document at a time, against the submission read as far as each gold document
    needs (`Submitted`): memory holds per-document counts, not either file."""
    warnings: tuple[str, ...] = ()
    name = display_name(system.path)
    submitted: Submitted
    try:
        data = submission_bytes(system)
        if data is None:
            submitted, warnings = Submitted(name, ()), (EMPTY_SUBMISSION,)
        else:
            submitted = Submitted(name, stream_maven_ere(system.path, data))
    except FormatError as exc:
        submitted = Submitted(name, exc)
    stream = stream_maven_ere(gold.path, gold.data)
    tally = score_stream(stream, stream.path, submitted)
    return replace(tally.result(stream.sha256), warnings=warnings + id_only_warning(submitted.id_only))


def _document_columns(tally: Tally) -> dict[str, tuple[float, ...]]:
    """One document's columns of every metric, as `unit_rules.RULES` reads them."""
    b3, ceaf, muc = tally.b3, tally.ceaf, tally.links
    columns = {"b_cubed": (b3.precision_num, b3.precision_den, b3.recall_num, b3.recall_den),
               "ceaf": (ceaf.precision_num, ceaf.precision_den, ceaf.recall_num, ceaf.recall_den),
               "muc": (muc.precision_num, muc.precision_den, muc.recall_den),
               "blanc": tuple(tally.blanc)}
    columns["coreference"] = tuple(v for k in ("b_cubed", "ceaf", "muc", "blanc") for v in columns[k])
    for kind, counts in tally.relation_counts.items():
        columns[kind] = tuple(counts)
    columns["overall"] = (*columns["coreference"], *(v for kind in REL2ID for v in columns[kind]))
    return {name: tuple(float(v) for v in values) for name, values in columns.items()}


UNIT_RULES = {"b_cubed": "split", "ceaf": "split", "muc": "ratio", "blanc": "blanc", "coreference": "coref_mean",
              "temporal": "sklearn", "causal": "sklearn", "subevent": "sklearn", "overall": "overall"}
"""Every figure is a function of sums over documents (evaluate.py sums each document's counts before it
divides), so each is made again from a resample of documents."""


def unit_counts(gold: Input, system: Input) -> UnitCounts:
    """Each gold document's counts of every metric (a `Tally` of that document alone): summed in the gold
    file's order they are `score_maven_ere`'s, which checks the pair first."""
    score_maven_ere(gold, system)
    data = submission_bytes(system)
    by_id = {} if data is None else {s.id: s for s in read_maven_ere(system.path, data).submissions}
    documents = read_maven_ere(gold.path, gold.data).documents
    per_document = []
    for doc in documents:
        tally = Tally()
        tally.add(doc, by_id.get(doc.id))
        per_document.append(_document_columns(tally))
    counts = {m: tuple(tuple(d[m][k] for d in per_document) for k in range(len(per_document[0][m])))
              for m in METRICS} if per_document else {}
    return UnitCounts("document", tuple(doc.id for doc in documents), counts, dict(METRICS), dict(UNIT_RULES))
