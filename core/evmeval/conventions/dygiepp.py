"""Convention `dygiepp`: DyGIE++'s event metrics (dwadden/dygiepp `dygie/training/event_metrics.py`).

What it counts, sentence by sentence, summed over the corpus (micro):
- each side's events become two dictionaries, as its `Events` reader builds them: trigger token ->
  event type, and (trigger token, argument span) -> role; a later event on the same token (or the same
  argument of the same token) overwrites the earlier one, so such duplicates count once;
- trig_id: gold_num = gold trigger tokens, pred_num = predicted trigger tokens, match_num = predicted
  tokens that are gold trigger tokens; trig_class: those whose event type also agrees;
- arguments become (span, event type of its trigger token, role) rows, one per dictionary entry, so
  the same span under two triggers of one type is two rows; rows of a trigger token not in that
  side's trigger dictionary are dropped (for predictions cut by a probability threshold: the
  arguments of the triggers cut);
- arg_id: a predicted row matches if *any* gold row has its span and event type (the trigger's
  position need not be right); arg_class: if any gold row equals it with the role too. Rows are not
  paired off: two predicted rows can both match one gold row.
Datasets: DyGIE++ keeps one such metric per `dataset` (the gold document's field; a document without one
is in dataset "None", as its reader names it) and reports their `MEAN__` figures, each the plain mean of the
datasets' P, R and F1 (`EventExtractor.get_metrics`). So does this convention: for a file of one dataset,
as usual, those are its figures; with several, the figures are the means (with a warning) and the counts
shown beside them the datasets' sums. (The model averages over the datasets it was trained on; a dataset
absent from the file, which would add zeros there, cannot be known from the files.)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from evmeval.conventions.base import NON_EXCLUSIVE, ConventionResult, Fingerprint, Input, Metric, Pathology, UnitCounts
from evmeval.conventions.items import DYGIEPP_ROWS, GOLD, OTHER_TRIGGER, OVERWRITTEN, PRED, Item, Outcome
from evmeval.conventions.maven import Figure
from evmeval.conventions.one_to_one import Matches, keyed_group, keyed_pairs
from evmeval.conventions.parsed import dygiepp_file
from evmeval.io.dygiepp import Document, DygieppFile, Event, stream_dygiepp
from evmeval.io.errors import FormatError
from evmeval.io.jsonlines import Stream, in_step

METRICS: dict[str, str] = {"trig_id": "trig_id", "trig_class": "trig_class", "arg_id": "arg_id",
                           "arg_class": "arg_class"}
"""DyGIE++'s metric names (`trig_id_precision` ... in its output), in its order."""


@dataclass
class Counts:
    """The eight counters DyGIE++'s `EventMetrics` keeps."""

    gold_triggers: int = 0
    predicted_triggers: int = 0
    matched_trigger_ids: int = 0
    matched_trigger_classes: int = 0
    gold_arguments: int = 0
    predicted_arguments: int = 0
    matched_argument_ids: int = 0
    matched_argument_classes: int = 0
    paired_argument_ids: int = 0
    """Matches had each gold row been taken by one prediction only (not DyGIE++'s figure: its pathology)."""
    paired_argument_classes: int = 0

    def add(self, other: Counts) -> None:
        for name, value in vars(other).items():
            setattr(self, name, getattr(self, name) + value)

    def metrics(self) -> dict[str, Metric]:
        return {
            "trig_id": Metric(self.matched_trigger_ids, self.predicted_triggers, self.gold_triggers),
            "trig_class": Metric(self.matched_trigger_classes, self.predicted_triggers, self.gold_triggers),
            "arg_id": Metric(self.matched_argument_ids, self.predicted_arguments, self.gold_arguments),
            "arg_class": Metric(self.matched_argument_classes, self.predicted_arguments, self.gold_arguments),
        }


Span = tuple[int, int]


Writers = tuple[dict[int, int], dict[tuple[int, Span], tuple[int, int]]]


def _writers(events: list[Event], threshold: float | None) -> Writers:
    """Which event wrote each trigger token's entry, and which (event, argument) each (trigger token,
    span) entry: the last one, as later entries overwrite earlier ones; with `threshold`, what is
    less probable than it writes nothing."""
    triggers: dict[int, int] = {}
    arguments: dict[tuple[int, Span], tuple[int, int]] = {}
    for e, event in enumerate(events):
        if threshold is not None and event.prob is not None and event.prob < threshold:
            continue
        triggers[event.trigger] = e
        for a, argument in enumerate(event.arguments):
            if threshold is not None and argument.prob is not None and argument.prob < threshold:
                continue
            arguments[(event.trigger, (argument.start, argument.end))] = (e, a)
    return triggers, arguments


def _dictionaries(events: list[Event], threshold: float | None) -> tuple[dict[int, str], dict[tuple[int, Span], str]]:
    """Trigger token -> type and (trigger token, span) -> role, as DyGIE++'s reader builds them."""
    triggers, arguments = _writers(events, threshold)
    return ({token: events[e].event_type for token, e in triggers.items()},
            {key: events[e].arguments[a].role for key, (e, a) in arguments.items()})


def _rows(triggers: dict[int, str], arguments: dict[tuple[int, Span], str]) -> list[tuple[Span, str, str]]:
    return [(span, triggers[token], role) for (token, span), role in arguments.items() if token in triggers]


def score_sentence(counts: Counts, gold: list[Event], predicted: list[Event], threshold: float | None = None) -> None:
    gold_triggers, gold_arguments = _dictionaries(gold, None)
    pred_triggers, pred_arguments = _dictionaries(predicted, threshold)
    counts.gold_triggers += len(gold_triggers)
    counts.predicted_triggers += len(pred_triggers)
    for token, label in pred_triggers.items():
        if token in gold_triggers:
            counts.matched_trigger_ids += 1
            counts.matched_trigger_classes += gold_triggers[token] == label
    gold_rows, pred_rows = _rows(gold_triggers, gold_arguments), _rows(pred_triggers, pred_arguments)
    counts.gold_arguments += len(gold_rows)
    counts.predicted_arguments += len(pred_rows)
    gold_ids = {row[:2] for row in gold_rows}
    gold_classes = set(gold_rows)
    for row in pred_rows:
        counts.matched_argument_ids += row[:2] in gold_ids
        counts.matched_argument_classes += row in gold_classes
    counts.paired_argument_ids += keyed_pairs((row[:2] for row in pred_rows), (row[:2] for row in gold_rows))
    counts.paired_argument_classes += keyed_pairs(pred_rows, gold_rows)


def non_exclusive(counts: Counts) -> tuple[Pathology, ...]:
    """arg_id and arg_class counted as DyGIE++ counts them (a prediction matches any gold row) beside their
    one-to-one value (each gold row matched once)."""
    out = []
    metrics = counts.metrics()
    for name, paired in (("arg_id", counts.paired_argument_ids), ("arg_class", counts.paired_argument_classes)):
        metric = metrics[name]
        excess = int(metric.match_num) - paired
        if excess > 0:
            one = Metric(paired, metric.pred_num, metric.gold_num)
            out.append(Pathology(NON_EXCLUSIVE, name, excess,
                                 f"{excess} predicted argument(s) matched a gold argument another prediction had "
                                 f"matched: recall {100 * metric.recall:.2f} %, one to one {100 * one.recall:.2f} % "
                                 f"(precision {100 * metric.precision:.2f} %, one to one {100 * one.precision:.2f} %)"))
    return tuple(out)


def _not_in_gold(path: str, d: Document) -> FormatError:
    return FormatError(path, d.line, f"document {d.doc_key!r} is not in the gold file", "the gold file's documents")


def _no_prediction(path: str, g: Document) -> FormatError:
    return FormatError(path, 0, f"no document {g.doc_key!r} (gold line {g.line})",
                       "a prediction for every gold document")


def _unpaired(gold_path: str, system_path: str, g: Document, s: Document | None) -> FormatError | None:
    """What is wrong with a gold document (`g`) and its prediction (`s`, None: none), if anything."""
    if g.events is None:
        return FormatError(gold_path, g.line, f"document {g.doc_key!r} has no 'events' field",
                           "gold events: one list per sentence (empty lists if none)")
    if s is None:
        return _no_prediction(system_path, g)
    if s.sentences != g.sentences:
        return FormatError(system_path, s.line, f"document {g.doc_key!r}: sentences differ from the gold's "
                           f"(gold line {g.line})", "the gold document's sentences and tokens")
    if s.predicted_events is None:
        return FormatError(system_path, s.line, f"document {g.doc_key!r} has no 'predicted_events' field",
                           "DyGIE++ predictions: predicted_events, one list per sentence")
    return None


def _pair(gold: DygieppFile, system: DygieppFile) -> list[tuple[Document, Document]]:
    """Each gold document with the system's of the same doc_key, the same sentences, and predictions."""
    by_key = {d.doc_key: d for d in system.documents}
    gold_keys = {d.doc_key for d in gold.documents}
    for d in system.documents:
        if d.doc_key not in gold_keys:
            raise _not_in_gold(system.path, d)
    pairs = []
    for g in gold.documents:
        s = by_key.get(g.doc_key)
        if (problem := _unpaired(gold.path, system.path, g, s)) is not None:
            raise problem
        assert s is not None, "checked by _unpaired"
        pairs.append((g, s))
    return pairs


def _score_pair(by_dataset: dict[str, Counts], g: Document, s: Document, threshold: float | None) -> None:
    assert g.events is not None and s.predicted_events is not None, "checked by _unpaired"
    counts = by_dataset.setdefault(dataset_of(g), Counts())
    for gold_events, predicted_events in zip(g.events, s.predicted_events, strict=True):
        score_sentence(counts, gold_events, predicted_events, threshold)


def score_streams(gold: Stream[Document], system: Stream[Document]) -> ConventionResult:
    """Both files read a document at a time, in step, each pair scored as soon as both are read (a document
    waits only for its partner). Problems come in the whole-file order: the gold file's, then the system
    file's, then a predicted document not in gold, then the first gold document (in its order) left unpaired."""
    by_dataset: dict[str, Counts] = {}
    tally = _Fingerprint()
    waiting: tuple[dict[str, Document], dict[str, Document]] = ({}, {})
    unpaired: list[tuple[int, FormatError]] = []  # (gold line, problem)

    def pair(g: Document, s: Document) -> None:
        if (problem := _unpaired(gold.path, system.path, g, s)) is not None:
            unpaired.append((g.line, problem))
        elif not unpaired:
            _score_pair(by_dataset, g, s, None)

    def add(side: int, d: Document) -> None:
        if side == 0:
            by_dataset.setdefault(dataset_of(d), Counts())  # the datasets in the gold file's order
            tally.add(d)
        partner = waiting[1 - side].pop(d.doc_key, None)
        if partner is None:
            waiting[side][d.doc_key] = d
        else:
            pair(*((d, partner) if side == 0 else (partner, d)))

    in_step(gold, system, add)
    if waiting[1]:
        raise _not_in_gold(system.path, min(waiting[1].values(), key=lambda d: d.line))
    for g in waiting[0].values():
        unpaired.append((g.line, _unpaired(gold.path, system.path, g, None) or _no_prediction(system.path, g)))
    if unpaired:
        raise min(unpaired, key=lambda found: found[0])[1]
    return _result(by_dataset, tally.fingerprint(gold.sha256))


class _Fingerprint:
    """The gold file's counts, a document at a time."""

    def __init__(self) -> None:
        self.documents = self.sentences = self.events = self.arguments = 0
        self.types: set[str] = set()
        self.roles: set[str] = set()

    def add(self, d: Document) -> None:
        self.documents += 1
        self.sentences += len(d.sentences)
        for sentence in d.events or ():
            for e in sentence:
                self.events += 1
                self.arguments += len(e.arguments)
                self.types.add(e.event_type)
                self.roles.update(a.role for a in e.arguments)

    def fingerprint(self, sha256: str) -> Fingerprint:
        return Fingerprint("dygiepp", self.documents, self.sentences, self.events, self.arguments, len(self.types),
                           len(self.roles), sha256)


def fingerprint(gold: DygieppFile) -> Fingerprint:
    tally = _Fingerprint()
    for d in gold.documents:
        tally.add(d)
    return tally.fingerprint(gold.sha256)


def dataset_of(document: Document) -> str:
    """The dataset DyGIE++ files a document under: its `dataset` field, "None" without one."""
    return str(document.extra.get("dataset"))


def mean_metrics(by_dataset: dict[str, Counts]) -> dict[str, Metric]:
    """DyGIE++'s `MEAN__` figures: each dataset's P, R and F1, averaged; the counts are the sums."""
    pooled = Counts()
    for counts in by_dataset.values():
        pooled.add(counts)
    each = [counts.metrics() for counts in by_dataset.values()]
    n = len(each)
    return {name: Figure(total.match_num, total.pred_num, total.gold_num,
                         sum(m[name].precision for m in each) / n, sum(m[name].recall for m in each) / n,
                         sum(m[name].f1 for m in each) / n, (("datasets", n),))
            for name, total in pooled.metrics().items()}


def score_documents(gold: DygieppFile, system: DygieppFile, threshold: float | None = None) -> ConventionResult:
    """`threshold`: predictions less probable than this are left out (None: all, as DyGIE++ scores)."""
    by_dataset: dict[str, Counts] = {}
    for g, s in _pair(gold, system):
        _score_pair(by_dataset, g, s, threshold)
    return _result(by_dataset, fingerprint(gold))


def _result(by_dataset: dict[str, Counts], found: Fingerprint) -> ConventionResult:
    if len(by_dataset) == 1:
        [counts] = by_dataset.values()
        return ConventionResult("dygiepp", counts.metrics(), dict(METRICS), found, pathologies=non_exclusive(counts))
    pooled = Counts()
    for each in by_dataset.values():
        pooled.add(each)
    warning = (f"{len(by_dataset)} datasets ({', '.join(by_dataset)}): averaged per dataset as DyGIE++ does "
               "(its MEAN__ figures: the mean of each dataset's P, R and F1); match, pred and gold are the "
               "datasets' sums")
    return ConventionResult("dygiepp", mean_metrics(by_dataset), dict(METRICS), found, (warning,),
                            pathologies=non_exclusive(pooled))  # on the datasets' sums


def counts_of(result: ConventionResult) -> Counts:
    """The counters behind a one-dataset result of `_result`: its metrics' counts, and the one-to-one matches
    (what its non-exclusive pathology's excess takes from the matches; none: as many as matched)."""
    m = result.metrics
    excess = {p.metric: p.count for p in result.pathologies if p.kind == NON_EXCLUSIVE}
    arg_id, arg_class = int(m["arg_id"].match_num), int(m["arg_class"].match_num)
    return Counts(m["trig_id"].gold_num, m["trig_id"].pred_num, int(m["trig_id"].match_num),
                  int(m["trig_class"].match_num), m["arg_id"].gold_num, m["arg_id"].pred_num, arg_id, arg_class,
                  arg_id - excess.get("arg_id", 0), arg_class - excess.get("arg_class", 0))


def pooled_result(parts: Sequence[ConventionResult], found: Fingerprint) -> ConventionResult:
    """The result of files scored in parts (each one dataset, as DyGIE++ counts a file with no `dataset`
    field), as `score_documents` gives it on the files whole: the parts' counters added, figures made of them."""
    pooled = Counts()
    for part in parts:
        pooled.add(counts_of(part))
    return _result({"None": pooled}, found)


def unit_counts(gold: Input, system: Input) -> UnitCounts:
    """Each sentence's counts of every metric (`score_sentence` on its own): summed, DyGIE++'s pooled
    counts (with several datasets DyGIE++ prints their mean; these are the pooled figures)."""
    documents: list[str] = []
    rows: list[dict[str, Metric]] = []
    for g, s in _pair(dygiepp_file(gold), dygiepp_file(system)):
        assert g.events is not None and s.predicted_events is not None, "checked by _pair"
        for gold_events, predicted_events in zip(g.events, s.predicted_events, strict=True):
            counts = Counts()
            score_sentence(counts, gold_events, predicted_events)
            rows.append(counts.metrics())
            documents.append(str(g.doc_key))
    return UnitCounts("sentence", tuple(documents),
                      {name: (tuple(float(r[name].match_num) for r in rows), tuple(r[name].pred_num for r in rows),
                              tuple(r[name].gold_num for r in rows)) for name in METRICS}, dict(METRICS))


def score_dygiepp(gold: Input, system: Input) -> ConventionResult:
    """Inputs left unread (`--convention dygiepp` on files) are streamed (`score_streams`); inputs read for
    several conventions are parsed once, shared with the switchboard's outcomes."""
    if gold.data is None and system.data is None:
        return score_streams(stream_dygiepp(gold.path), stream_dygiepp(system.path))
    return score_documents(dygiepp_file(gold), dygiepp_file(system))


COMPARABLE = DYGIEPP_ROWS


def _sentence_outcomes(side: str, doc: Document, index: int, events: list[Event], other: list[Event]) -> list[Outcome]:
    """Each occurrence's outcome in one sentence: the entry's last writer counts, earlier writers are
    overwritten; an argument row matches any row of the other side with its span, type (and role)."""
    start = doc.sentence_starts()[index]
    tokens = doc.sentences[index]
    trigger_writer, argument_writer = _writers(events, None)
    triggers, arguments = _dictionaries(events, None)
    other_triggers, other_arguments = _dictionaries(other, None)
    rows = set(_rows(other_triggers, other_arguments))
    ids = {row[:2] for row in rows}
    out = []
    for e, event in enumerate(events):
        at = event.trigger - start
        item = Item(side, doc.doc_key, str(index), e, -1, at, at + 1, event.event_type, "", tokens[at])
        if trigger_writer.get(event.trigger) != e:
            out += [Outcome(item, r, 0, 0.0, OVERWRITTEN, f"by event {trigger_writer[event.trigger]}")
                    for r in ("trigger_id", "trigger_cls")]
        else:
            found = other_triggers.get(event.trigger)
            shared = sum(o.trigger == event.trigger for o in other) > 1 or sum(
                o.trigger == event.trigger for o in events) > 1
            note = OVERWRITTEN if shared else ""
            out += [Outcome(item, "trigger_id", 1, float(found is not None), note),
                    Outcome(item, "trigger_cls", 1, float(found == event.event_type), note)]
        for a, argument in enumerate(event.arguments):
            span = (argument.start, argument.end)
            arg_item = Item(side, doc.doc_key, str(index), e, a, argument.start - start, argument.end + 1 - start,
                            event.event_type, argument.role, " ".join(tokens[span[0] - start:span[1] + 1 - start]))
            writer = argument_writer.get((event.trigger, span))
            if writer != (e, a):
                out += [Outcome(arg_item, r, 0, 0.0, OVERWRITTEN, f"by event {writer[0]}" if writer else "")
                        for r in ("argument_id", "argument_cls")]
                continue
            row = (span, triggers[event.trigger], arguments[(event.trigger, span)])
            for name, hit in (("argument_id", row[:2] in ids), ("argument_cls", row in rows)):
                attached = hit and (event.trigger, span) in other_arguments \
                    and other_triggers.get(event.trigger) == row[1]
                out.append(Outcome(arg_item, name, 1, float(hit), "" if attached or not hit else OTHER_TRIGGER))
    return out


def dygiepp_outcomes(gold: Input, system: Input) -> list[Outcome]:
    """Every trigger's and argument's outcome on the four comparable rows, both sides."""
    out: list[Outcome] = []
    for g, s in _pair(dygiepp_file(gold), dygiepp_file(system)):
        assert g.events is not None and s.predicted_events is not None, "checked by _pair"
        for index, (gold_events, predicted) in enumerate(zip(g.events, s.predicted_events, strict=True)):
            out += _sentence_outcomes(PRED, s, index, predicted, gold_events)
            out += _sentence_outcomes(GOLD, g, index, gold_events, predicted)
    return out


Keyed = list[tuple[Hashable, Item]]


def _side_keys(side: str, doc: Document, index: int, events: list[Event]) -> tuple[Keyed, Keyed, Keyed, Keyed]:
    """(trig_id, trig_class, arg_id, arg_class) keys of one side of a sentence, each with its item: the entries
    DyGIE++'s dictionaries keep (the last writer of each), as `score_sentence` counts them."""
    start = doc.sentence_starts()[index]
    tokens = doc.sentences[index]
    trigger_writer, argument_writer = _writers(events, None)
    triggers, arguments = _dictionaries(events, None)
    trig_id: Keyed = []
    trig_class: Keyed = []
    for token, e in trigger_writer.items():
        item = Item(side, doc.doc_key, str(index), e, -1, token - start, token + 1 - start, triggers[token], "",
                    tokens[token - start])
        trig_id.append((token, item))
        trig_class.append(((token, triggers[token]), item))
    arg_id: Keyed = []
    arg_class: Keyed = []
    for (token, span), (e, a) in argument_writer.items():
        if token not in triggers:
            continue
        row = (span, triggers[token], arguments[(token, span)])
        item = Item(side, doc.doc_key, str(index), e, a, span[0] - start, span[1] + 1 - start, row[1], row[2],
                    " ".join(tokens[span[0] - start:span[1] + 1 - start]))
        arg_id.append((row[:2], item))
        arg_class.append((row, item))
    return trig_id, trig_class, arg_id, arg_class


def dygiepp_matches(gold: Input, system: Input) -> Matches:
    """Per sentence and metric, the entries DyGIE++ compares and which pairs it matches (any gold entry with the
    key: non-exclusive for arguments), for the matching switch."""
    groups = []
    for g, s in _pair(dygiepp_file(gold), dygiepp_file(system)):
        assert g.events is not None and s.predicted_events is not None, "checked by _pair"
        for index, (gold_events, predicted) in enumerate(zip(g.events, s.predicted_events, strict=True)):
            golds, preds = _side_keys(GOLD, g, index, gold_events), _side_keys(PRED, s, index, predicted)
            groups += [keyed_group(name, p, q, exclusive=False)
                       for name, p, q in zip(METRICS, preds, golds, strict=True)]
    return tuple(METRICS), groups
