"""Convention `paie`: the argument scores PAIE computes in its training run (mayubo2333/PAIE `metric.py`, the
window of `processors/processor_base.py`), on RAMS and WikiEvents gold (docs/scoring/paie.md works an example).

What it counts, as those functions do:
  events (PAIE's "features"): one per gold event, each read through a window of `W + 1` words when its
    document is longer (`--window-size W`, 250 by default, even): the first `W + 1` words when the trigger
    ends within the first `W/2`; on WikiEvents the last `W + 1` when it starts within the last `W/2`, else
    from `W/2` before the trigger; on RAMS the last `W + 1` otherwise (no middle window). A gold argument not
    wholly inside is dropped and counted: the count is added to the gold of every figure;
  span: per role, the gold spans as a list (a repeat counts twice), the predicted spans as a set; correct =
    gold spans among the predictions. Classification sums over roles; identification takes per event the
    sets of all gold and all predicted spans, whatever their roles;
  text: the same with each span replaced by its words in SQuAD's normalisation (maven_arg's `answer_tokens`);
  head: the same with each span replaced by its head word's text in spaCy's en_core_web_sm parse of the
    document (only when spaCy and that model are importable);
  P = correct / predicted, R = correct / (gold + dropped), F1 = 2PR / (P + R), 0 when P + R <= 1e-4.
Predictions: RAMS prediction lines (or gold-layout ones) by doc_key; gen-arg generations through their
templates and gen-arg's grounding (`genarg.predicted_arguments`: strings found nowhere are dropped and said).
Every role an event's gold or predictions name is scored (PAIE scores its prompt's roles, which are the roles
its model predicts and the dataset's gold uses).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from evmeval.conventions import genarg, rams
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
from evmeval.conventions.heads import INSTALL, Heads, head_word, parse_note, spacy_heads
from evmeval.conventions.maven_arg import answer_tokens
from evmeval.conventions.options import DEFAULT_WINDOW, WINDOW
from evmeval.io.errors import FormatError
from evmeval.io.genarg import GenargFile, read_generations, read_ontology, read_wikievents
from evmeval.io.paie_log import PaieLog, is_paie_log, read_paie_log
from evmeval.io.rams import GOLD_LAYOUT, PREDICTION_LAYOUT, RamsFile
from evmeval.io.reading import display_name, read_bytes

METRICS: dict[str, str] = {
    "span_c": "span-Classification", "span_i": "span-Identification",
    "text_c": "text-Classification", "text_i": "text-Identification",
    "head_c": "head-Classification", "head_i": "head-Identification"}
"""PAIE's logged names (`{metric}-Classification`, `{metric}-Identification`), in its order."""
HEADS_MISSING = f"head F1 not computed: it needs spaCy's en_core_web_sm parse ({INSTALL})"
ENCODER_NOTE = ("no gold lost to the encoder: PAIE's processor stops (ValueError) on a window longer than "
                "--max_enc_seq_length instead of cutting it")
Span = tuple[int, int]
"""Inclusive word indices over the whole document, as PAIE's word spans."""


class PaieMetric(Metric):
    """PAIE's `eval_rpf`: F1 is 0 when P + R <= 1e-4, not only when both are 0."""

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r > 1e-4 else 0.0


@dataclass(frozen=True)
class Feature:
    """One gold event as PAIE scores it: the document's words, its gold arguments inside the window (in file
    order, repeats kept), its predicted arguments, and how many gold arguments the window left out."""

    tokens: tuple[str, ...]
    gold: tuple[tuple[str, Span], ...]
    predicted: tuple[tuple[str, Span], ...]
    dropped: int
    kept_at: tuple[int, ...] = ()
    """Each kept gold argument's place among the event's gold arguments (the others lay outside the window)."""


def window(length: int, trigger: Span, size: int, middle: bool) -> Span:
    """The half-open word range [offset, offset + size + 1) an event is read through (`trigger` half-open;
    `middle`: WikiEvents' middle window, which RAMS lacks). A multi-word trigger across `size/2` gives a
    negative offset on WikiEvents, kept as PAIE computes it (its own run then reads an empty window)."""
    if length <= size + 1 or trigger[1] <= size // 2:
        return 0, size + 1
    if not middle or trigger[0] >= length - size / 2:
        return length - (size + 1), length
    return trigger[0] - size // 2, trigger[0] - size // 2 + size + 1


def feature(tokens: tuple[str, ...], trigger: Span, gold: Iterable[tuple[str, Span]],
            predicted: Iterable[tuple[str, Span]], size: int, middle: bool) -> Feature:
    """An event's feature: the gold arguments (inclusive spans) inside its window kept, the others counted."""
    low, high = window(len(tokens), trigger, size, middle)
    kept, at, dropped = [], [], 0
    for n, (role, (start, end)) in enumerate(gold):
        if start < low or end + 1 > high:
            dropped += 1
        else:
            kept.append((role, (start, end)))
            at.append(n)
    return Feature(tokens, tuple(kept), tuple(predicted), dropped, tuple(at))


Mark = tuple[int, int]
"""What one argument adds to a count: (counted, credited), each 0 or 1."""


@dataclass(frozen=True)
class Marks:
    """Each gold and predicted argument's mark (in the order given) on classification and identification."""

    gold_c: list[Mark]
    pred_c: list[Mark]
    gold_i: list[Mark]
    pred_i: list[Mark]


def marks(gold: Sequence[tuple[str, object]], predicted: Sequence[tuple[str, object]]) -> Marks:
    """PAIE's `eval_score_per_type` and `eval_score_per_role` per argument (keys: spans, texts or heads):
    classification takes per role the gold keys as a list (each counted, credited when among the role's
    predictions: a repeat counts each time) and the predicted keys as a set (a repeat not counted);
    identification the sets of all gold and all predicted keys, whatever their roles."""
    gold_roles: dict[str, set[object]] = {}
    pred_roles: dict[str, set[object]] = {}
    for role, key in gold:
        gold_roles.setdefault(role, set()).add(key)
    for role, key in predicted:
        pred_roles.setdefault(role, set()).add(key)
    all_gold = {key for _, key in gold}
    all_pred = {key for _, key in predicted}
    gold_c = [(1, int(key in pred_roles.get(role, ()))) for role, key in gold]
    pred_c: list[Mark] = []
    pred_i: list[Mark] = []
    gold_i: list[Mark] = []
    seen: set[object] = set()
    for role, key in predicted:
        first = (role, key) not in seen
        seen.add((role, key))
        pred_c.append((int(first), int(first and key in gold_roles.get(role, ()))))
    for listed, found, out in ((gold, all_pred, gold_i), (predicted, all_gold, pred_i)):
        spans: set[object] = set()
        for _, key in listed:
            first = key not in spans
            spans.add(key)
            out.append((int(first), int(first and key in found)))
    return Marks(gold_c, pred_c, gold_i, pred_i)


@dataclass
class _Tally:
    correct_c: int = 0
    pred_c: int = 0
    gold_c: int = 0
    correct_i: int = 0
    pred_i: int = 0
    gold_i: int = 0

    def add(self, gold: Sequence[tuple[str, object]], predicted: Sequence[tuple[str, object]]) -> None:
        """Counts summed from the arguments' `marks` (classification's matches on gold's side: a gold list)."""
        m = marks(gold, predicted)
        self.gold_c += len(m.gold_c)
        self.pred_c += sum(counted for counted, _ in m.pred_c)
        self.correct_c += sum(credited for _, credited in m.gold_c)
        self.gold_i += sum(counted for counted, _ in m.gold_i)
        self.pred_i += sum(counted for counted, _ in m.pred_i)
        self.correct_i += sum(credited for _, credited in m.gold_i)


def _keyed(feature_: Feature, key: Callable[[Span], object]) -> tuple[list[tuple[str, object]],
                                                                      list[tuple[str, object]]]:
    return ([(role, key(span)) for role, span in feature_.gold],
            [(role, key(span)) for role, span in feature_.predicted])


def _span_key(tokens: tuple[str, ...]) -> Callable[[Span], object]:
    return lambda span: span


def _text_key(tokens: tuple[str, ...]) -> Callable[[Span], object]:
    """The span's words in SQuAD's normalisation, as PAIE's `_normalize_answer` of the joined words."""
    return lambda span: " ".join(answer_tokens(" ".join(tokens[span[0]:span[1] + 1])))


def _head_key(tokens: tuple[str, ...], parse: Sequence[int]) -> Callable[[Span], object]:
    return lambda span: tokens[head_word(parse, span[0], span[1])]


def paie_metrics(features: Sequence[Feature], heads: Heads | None) -> dict[str, Metric]:
    """The six figures (head's only with `heads`), PAIE's counts, the window's dropped gold added to each gold."""
    dropped = sum(f.dropped for f in features)
    tallies = {"span": _Tally(), "text": _Tally()} | ({"head": _Tally()} if heads is not None else {})
    parsed: dict[tuple[str, ...], Sequence[int]] = {}
    for f in features:
        tallies["span"].add(*_keyed(f, _span_key(f.tokens)))
        tallies["text"].add(*_keyed(f, _text_key(f.tokens)))
        if heads is not None:
            if f.tokens not in parsed:
                parsed[f.tokens] = heads(f.tokens)
            tallies["head"].add(*_keyed(f, _head_key(f.tokens, parsed[f.tokens])))
    out: dict[str, Metric] = {}
    for name, t in tallies.items():
        out[f"{name}_c"] = PaieMetric(t.correct_c, t.pred_c, t.gold_c + dropped)
        out[f"{name}_i"] = PaieMetric(t.correct_i, t.pred_i, t.gold_i + dropped)
    return out


@dataclass(frozen=True)
class GoldEvent:
    """A gold event as PAIE reads it: its document's words, trigger (half-open), type and gold arguments
    (inclusive spans, file order, repeats kept); `index`: its place among its document's events."""

    doc_id: str
    index: int
    tokens: tuple[str, ...]
    trigger: Span
    event_type: str
    gold: tuple[tuple[str, Span], ...]


Predicted = list[list[tuple[str, Span]]]
"""Per gold event (in `gold_events` order), its predicted (role, inclusive span)s."""
Unplaced = list[list[tuple[str, str]]]
"""Per gold event, the (role, string)s its predictions named and grounding placed nowhere (dropped)."""


def rams_events(gold: RamsFile) -> list[GoldEvent]:
    """One event per gold line (RAMS has one trigger a line)."""
    if gold.layout != GOLD_LAYOUT:
        first = next(iter(gold.examples.values()))
        raise FormatError(gold.path, first.line, "a prediction line (predictions) in the gold file",
                          "gold lines with doc_key, sentences, evt_triggers and gold_evt_links")
    events = []
    for doc_key, example in gold.examples.items():
        assert example.trigger is not None  # the gold layout always has it
        events.append(GoldEvent(doc_key, 0, tuple(word for sentence in example.sentences for word in sentence),
                                (example.trigger[0], example.trigger[1] + 1),
                                example.event_types[0] if example.event_types else "",
                                tuple((link.role, link.argument) for link in example.links)))
    return events


def wikievents_events(gold: GenargFile) -> list[GoldEvent]:
    """Every event of every document (the last line of a doc_id, as gen-arg reads them)."""
    return [GoldEvent(d.doc_id, n, d.tokens, e.trigger, e.event_type,
                      tuple((role, _inclusive(d.entities[entity_id])) for entity_id, role in e.arguments))
            for d in {d.doc_id: d for d in gold.documents}.values() for n, e in enumerate(d.events)]


def rams_predicted(events: Sequence[GoldEvent], system: RamsFile) -> tuple[Predicted, int]:
    """Each event's arguments from the system line of its doc_key; and how many system lines name a doc_key
    gold lacks."""
    known = {e.doc_id for e in events}
    predicted = [[(link.role, link.argument) for link in (system.examples[e.doc_id].links if e.doc_id in
                                                            system.examples else ())] for e in events]
    return predicted, sum(1 for key in system.examples if key not in known)


def genarg_predicted(events: Sequence[GoldEvent], gold: GenargFile, system: GenargFile,
                     ontology_path: str) -> tuple[Predicted, Unplaced]:
    """Each event's arguments: the strings of its gen-arg generation line grounded as gen-arg grounds them, in
    `genarg.ordered`'s order, repeats kept (PAIE's sets collapse them) (none for an event with no line or of a
    type the ontology lacks); and the strings found nowhere (dropped), in that order too."""
    ontology = read_ontology(ontology_path)
    found: dict[tuple[str, int], list[tuple[str, Span]]] = {}
    nowhere: dict[tuple[str, int], list[tuple[str, str]]] = {}
    for document, event, generated, line in genarg.pair_events(gold, system):
        if event.event_type not in ontology.templates:
            continue
        where = f"{system.path}:{line}: event type {event.event_type!r}"
        filled = genarg.template_arguments(ontology.templates[event.event_type], generated,
                                           ontology.roles[event.event_type], where)
        strings = genarg.ordered(genarg.grounded_strings(document.tokens, event, filled))
        position = next(n for n, e in enumerate(document.events) if e is event)  # equal events may repeat
        found[(document.doc_id, position)] = [(g.role, g.span) for g in strings if g.span is not None]
        nowhere[(document.doc_id, position)] = [(g.role, " ".join(g.words)) for g in strings if g.span is None]
    return ([found.get((e.doc_id, e.index), []) for e in events],
            [nowhere.get((e.doc_id, e.index), []) for e in events])


def _inclusive(span: Span) -> Span:
    return span[0], span[1] - 1


def window_size(system: Input) -> int:
    """`--window-size` (PAIE asserts an even one), 250 when not given."""
    given = system.options.get(WINDOW)
    size = DEFAULT_WINDOW if given is None else int(given)
    if size < 2 or size % 2:
        raise ValueError(f"--window-size {size}: PAIE's window is an even number of words, at least 2 (expected "
                         f"e.g. {DEFAULT_WINDOW}, its default)")
    return size


GENARG_DROP = "dropped as gen-arg's grounding drops them"
"""How the argument strings of gen-arg generations found nowhere are dropped (the pathology's wording)."""


def score_features(fingerprint: Fingerprint, features: Sequence[Feature], heads: Heads | None,
                   warnings: Sequence[str], ungrounded: int, size: int, dropped_how: str = GENARG_DROP
                   ) -> ConventionResult:
    metrics = paie_metrics(features, heads)
    dropped = sum(f.dropped for f in features)
    notes = [f"window: {size + 1} words around each trigger (--window-size {size}); {dropped} gold argument"
             f"{'s' if dropped != 1 else ''} outside it counted as missed", ENCODER_NOTE]
    notes.append(HEADS_MISSING if heads is None else parse_note(heads))
    found = []
    if dropped:
        found.append(Pathology(OUTSIDE_WINDOW, "", dropped, f"{dropped} gold argument(s) outside the model's window "
                               f"of {size + 1} words, never seen and counted as missed: span-Classification recall "
                               f"{100 * metrics['span_c'].recall:.2f} %, "
                               f"{100 * _without(metrics['span_c'], dropped).recall:.2f} % without them"))
    if ungrounded:
        found.append(Pathology(UNGROUNDABLE, "", ungrounded, f"{ungrounded} argument string(s) found nowhere in the "
                               f"text, {dropped_how}: counted neither as predicted nor as wrong"))
    return ConventionResult("paie", metrics, {k: METRICS[k] for k in metrics}, fingerprint, tuple(warnings),
                            notes=tuple(notes), pathologies=tuple(found))


def _without(metric: Metric, dropped: int) -> Metric:
    return PaieMetric(metric.match_num, metric.pred_num, metric.gold_num - dropped)


@dataclass(frozen=True)
class PaieRun:
    """A system input read as PAIE reads it: its features (one per gold event, aligned with `events`) and what
    `score_features` says of them; shared by `score_paie` and `unit_counts`."""

    fingerprint: Fingerprint
    events: tuple[GoldEvent, ...]
    features: tuple[Feature, ...]
    warnings: tuple[str, ...]
    ungrounded: int
    size: int
    dropped_how: str = GENARG_DROP
    unplaced: tuple[tuple[tuple[str, str], ...], ...] = ()
    """Per event, the (role, string)s placed nowhere (generations, string predictions; empty otherwise)."""

    def scored(self, heads: Heads | None, features: Sequence[Feature] | None = None) -> ConventionResult:
        """PAIE's figures over `features` (default: all of them)."""
        return score_features(self.fingerprint, self.features if features is None else features, heads,
                              self.warnings, self.ungrounded, self.size, self.dropped_how)


def score_paie(gold: Input, system: Input, heads: Heads | None = None) -> ConventionResult:
    """PAIE's figures on RAMS gold with RAMS predictions, or WikiEvents gold with gen-arg generations
    (`--ontology`); `heads` defaults to spaCy's parse when it is importable."""
    return paie_run(gold, system).scored(heads if heads is not None else spacy_heads())


def paie_run(gold: Input, system: Input) -> PaieRun:
    """The pair read as PAIE reads it (RAMS, gen-arg generations, PAIE's log or string predictions)."""
    size = window_size(system)
    if _is_strings(system):
        return run_strings(gold, system, size)
    if is_paie_log(system.data if system.data is not None else read_bytes(system.path)):
        return run_log(gold, system, size)
    gold_format = detect_format(gold)
    wanted = {"rams": "rams", "wikievents": "gen-arg"}.get(gold_format)
    empty = system.data == b"" or (system.data is None and os.path.isfile(system.path)
                                   and os.path.getsize(system.path) == 0)
    system_format = (wanted or "") if empty else detect_format(system)  # an empty file predicts nothing
    if wanted is None or wanted != system_format:
        raise FormatError(display_name(system.path), 1, f"a {_formats()[system_format]} file beside a "
                          f"{_formats()[gold_format]} gold file", "RAMS predictions with RAMS gold, or gen-arg "
                          "generations (with --ontology) with WikiEvents gold")
    if gold_format == "rams":
        g = rams.rams_file(gold)
        s = RamsFile(display_name(system.path), PREDICTION_LAYOUT, {}, "", 0) if empty else rams.rams_file(system)
        events = rams_events(g)
        predicted, ignored = rams_predicted(events, s)
        warnings = (f"{ignored} prediction line{'s' if ignored != 1 else ''} of a doc_key not in the gold file, "
                    "ignored",) if ignored else ()
        return PaieRun(rams.fingerprint(g), tuple(events), _features(events, predicted, size, False), warnings, 0,
                       size)
    ontology = system.companions.get(genarg.ONTOLOGY)
    if ontology is None:
        raise FormatError(display_name(system.path), 0, "paie reads gen-arg generations through each event type's "
                          "template", "--ontology FILE (event_role_KAIROS.json of gen-arg's repository)")
    w = read_wikievents(gold.path, gold.data)
    events = wikievents_events(w)
    predicted, unplaced = genarg_predicted(events, w, read_generations(system.path, system.data), ontology)
    return PaieRun(genarg.fingerprint(w), tuple(events), _features(events, predicted, size, True), (),
                   sum(map(len, unplaced)), size, unplaced=tuple(map(tuple, unplaced)))


def unit_counts(gold: Input, system: Input, heads: Heads | None = None) -> UnitCounts:
    """Each gold document's (correct, predicted, gold + dropped) of every figure (RAMS: each example, a line),
    PAIE's counts over that document's events: summed, the counts `score_paie` divides (rule `paie`: F1 0 when
    P + R <= 1e-4)."""
    run = paie_run(gold, system)
    heads = heads if heads is not None else spacy_heads()
    result = run.scored(heads)
    by_document: dict[str, list[Feature]] = {}
    for event, f in zip(run.events, run.features, strict=True):
        by_document.setdefault(event.doc_id, []).append(f)
    columns: dict[str, list[list[float]]] = {name: [[], [], []] for name in result.metrics}
    for features in by_document.values():
        for name, metric in paie_metrics(features, heads).items():
            for column, value in zip(columns[name], (metric.match_num, metric.pred_num, metric.gold_num),
                                     strict=True):
                column.append(float(value))
    return UnitCounts("example" if run.fingerprint.format == "rams" else "document", tuple(by_document),
                      {n: tuple(map(tuple, c)) for n, c in columns.items()}, dict(result.labels),
                      rules=dict.fromkeys(result.metrics, "paie"), warnings=result.warnings)


def gold_events(gold: Input, beside: str) -> tuple[list[GoldEvent], Fingerprint, bool]:
    """The gold events of a RAMS or WikiEvents file, its fingerprint, and whether its windows have a middle."""
    gold_format = detect_format(gold)
    if gold_format == "rams":
        g = rams.rams_file(gold)
        return rams_events(g), rams.fingerprint(g), False
    if gold_format == "wikievents":
        w = read_wikievents(gold.path, gold.data)
        return wikievents_events(w), genarg.fingerprint(w), True
    raise FormatError(display_name(gold.path), 1, f"a {_formats()[gold_format]} gold file beside {beside}",
                      "RAMS or WikiEvents gold for --convention paie")


def run_log(gold: Input, system: Input, size: int) -> PaieRun:
    """PAIE's own result log (`evmeval.io.paie_log`) scored against the gold file it was run on."""
    events, fingerprint, middle = gold_events(gold, "PAIE's result log")
    predicted = log_predicted(events, read_paie_log(system.path, system.data))
    return PaieRun(fingerprint, tuple(events), _features(events, predicted, size, middle), (), 0, size)


def run_strings(gold: Input, system: Input, size: int) -> PaieRun:
    """String predictions (`strings/1`) placed on the gold events and grounded (`paie_strings`)."""
    from evmeval.conventions.paie_strings import place_strings

    events, fingerprint, middle = gold_events(gold, "string predictions")
    placed = place_strings([(e.doc_id, e.tokens, e.trigger) for e in events], system)
    warnings = []
    if placed.orphans:
        warnings.append(f"{placed.orphans} argument(s) of predicted events whose trigger is no gold trigger of "
                        "their document: dropped (PAIE extracts arguments of gold triggers only)")
    if placed.unknown:
        warnings.append(f"{placed.unknown} line(s) of a document the gold file lacks, ignored")
    return PaieRun(fingerprint, tuple(events), _features(events, placed.predicted, size, middle), tuple(warnings),
                   placed.ungrounded, size, f"placed nowhere under grounding {placed.rule.spec} and dropped",
                   tuple(map(tuple, placed.unplaced)))


def log_predicted(events: Sequence[GoldEvent], log: PaieLog) -> Predicted:
    """Each event's predictions from PAIE's result log, whose n-th event is the gold file's n-th (PAIE reads
    the split in file order); a log of another file is a `FormatError` at the first event that differs."""
    for n, (event, logged) in enumerate(zip(events, log.features, strict=False)):  # lengths: below
        if (logged.example_id, logged.event_type) != (event.doc_id, event.event_type):
            raise FormatError(log.path, logged.line, f"event {n + 1} is {logged.event_type!r} of "
                              f"{logged.example_id!r}; the gold file's event {n + 1} is {event.event_type!r} of "
                              f"{event.doc_id!r}", "the log of a PAIE run on this gold file (its events in order)")
    if len(log.features) != len(events):
        raise FormatError(log.path, 0, f"{len(log.features)} events; the gold file has {len(events)}",
                          "the log of a PAIE run on this gold file (one event per gold event)")
    return [list(logged.predicted) for logged in log.features]


def _is_strings(system: Input) -> bool:
    from evmeval.conventions import is_strings

    return is_strings(system)


def _features(events: Sequence[GoldEvent], predicted: Predicted, size: int, middle: bool) -> tuple[Feature, ...]:
    return tuple(feature(e.tokens, e.trigger, e.gold, guessed, size, middle)
            for e, guessed in zip(events, predicted, strict=True))


def detect_format(source: Input) -> str:
    """The package's format detection (imported when scoring: the package registers this module)."""
    from evmeval.conventions import detect_format as detect

    return detect(source)


def _formats() -> dict[str, str]:
    from evmeval.conventions import FORMATS

    return FORMATS
