"""Convention `textee`: TextEE's end-to-end scores (ej0cl6/TextEE `TextEE/scorer.py`, E2E task).

What it counts, as that scorer does: every metric is the size of a *set* of tuples built over all
windows (micro over windows; a duplicate in gold or prediction collapses into one tuple):
  trigger_id            (doc_id, wnd_id, trigger start, trigger end)
  trigger_cls           ... + event type
  argument_id           (doc_id, wnd_id, event type, argument start, argument end)  - not tied to its trigger
  argument_cls          ... + role
  argument_attached_id  (doc_id, wnd_id, trigger start, trigger end, event type, argument start, argument end)
  argument_attached_cls ... + role
match_num = |gold & pred|, pred_num = |pred|, gold_num = |gold|. An argument's span is its entity's
(TextEE's loader looks `entity_id` up in `entity_mentions`). TextEE pairs prediction and gold lines one
to one (same doc_id and wnd_id, asserted); since every tuple carries both ids, the order of lines does
not change a figure, so here they are paired by id and only a missing or extra window is refused.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import cast

from evmeval.conventions.base import ConventionResult, Fingerprint, Input, Metric, UnitCounts
from evmeval.conventions.items import DUPLICATE, GOLD, OTHER_TRIGGER, PRED, ROWS, SAME_ROWS, Item, Outcome, token_text
from evmeval.conventions.one_to_one import Matches, keyed_group
from evmeval.conventions.parsed import textee_file
from evmeval.io.errors import FormatError
from evmeval.io.jsonlines import Stream, in_step
from evmeval.io.textee import TexteeFile, Window, stream_textee

METRICS: dict[str, str] = {
    "trigger_id": "Tri-I",
    "trigger_cls": "Tri-C",
    "argument_id": "Arg-I",
    "argument_cls": "Arg-C",
    "argument_attached_id": "Arg-I (attached)",
    "argument_attached_cls": "Arg-C (attached)",
}
"""TextEE's metric names, in its report's order, and how its `print_scores` labels them."""

Tuples = dict[str, set[tuple[object, ...]]]


def occurrence_keys(w: Window) -> Iterator[tuple[int, int, dict[str, tuple[object, ...]]]]:
    """(event index, argument index or -1, the tuple of each metric it belongs to) for every trigger
    and argument of `w`, in file order: the one place TextEE's tuples are spelled out."""
    ids = (w.doc_id, w.wnd_id)
    for e, event in enumerate(w.event_mentions):
        trigger = (event.start, event.end)
        yield e, -1, {"trigger_id": ids + trigger, "trigger_cls": ids + trigger + (event.event_type,)}
        for a, argument in enumerate(event.arguments):
            span = w.argument_span(argument)
            yield e, a, {"argument_id": (*ids, event.event_type, *span),
                         "argument_cls": (*ids, event.event_type, *span, argument.role),
                         "argument_attached_id": ids + trigger + (event.event_type,) + span,
                         "argument_attached_cls": ids + trigger + (event.event_type,) + span + (argument.role,)}


def window_tuples(windows: Iterable[Window]) -> Tuples:
    """The six sets TextEE's E2E scorer builds, over all `windows`."""
    sets: Tuples = {name: set() for name in METRICS}
    for w in windows:
        for _, _, keys in occurrence_keys(w):
            for name, key in keys.items():
                sets[name].add(key)
    return sets


def _not_in_gold(path: str, line: int, key: tuple[str, str]) -> FormatError:
    return FormatError(path, line, f"window {key[1]!r} of document {key[0]!r} is not in the gold file",
                       "the gold file's windows (TextEE pairs them one to one)")


def _not_predicted(path: str, key: tuple[str, str], gold_line: int) -> FormatError:
    return FormatError(path, 0, f"no window {key[1]!r} of document {key[0]!r} (gold line {gold_line})",
                       "a line for every gold window, empty event_mentions if none predicted")


def check_pairing(gold: TexteeFile, system: TexteeFile) -> None:
    """Every gold window predicted once and nothing else (TextEE asserts the two lists pair up)."""
    gold_lines = {(w.doc_id, w.wnd_id): w.line for w in gold.windows}
    for w in system.windows:
        if (w.doc_id, w.wnd_id) not in gold_lines:
            raise _not_in_gold(system.path, w.line, (w.doc_id, w.wnd_id))
    system_keys = {(w.doc_id, w.wnd_id) for w in system.windows}
    for key, line in gold_lines.items():
        if key not in system_keys:
            raise _not_predicted(system.path, key, line)


class Tally:
    """The figures' counts summed window by window, and the fingerprint's: every tuple names its window, so
    |gold & pred| over the files is the sum over windows of the window's own (the rule, which tuples, is
    `occurrence_keys`'s alone). Windows of the two files are paired as read; a window waits only until its
    partner is read (files in the same order: one window each)."""

    def __init__(self) -> None:
        self.counts = {name: [0, 0, 0] for name in METRICS}
        """metric -> [match, pred, gold]."""
        self.waiting: tuple[dict[tuple[str, str], tuple[int, Tuples]], ...] = ({}, {})
        """Gold's and the system's windows read and not yet paired: key -> (line, tuples)."""
        self.documents: set[str] = set()
        self.windows = self.events = self.arguments = 0
        self.types: set[str] = set()
        self.roles: set[str] = set()

    def add(self, side: int, w: Window) -> None:
        """A window of gold (side 0) or the system (1): counted once its partner is read."""
        key = (w.doc_id, w.wnd_id)
        if side == 0:
            self.note(w)
        sets = window_tuples((w,))
        partner = self.waiting[1 - side].pop(key, None)
        if partner is None:
            self.waiting[side][key] = (w.line, sets)
            return
        gold_sets, pred_sets = (sets, partner[1]) if side == 0 else (partner[1], sets)
        for name, counts in self.counts.items():
            counts[0] += len(gold_sets[name] & pred_sets[name])
            counts[1] += len(pred_sets[name])
            counts[2] += len(gold_sets[name])

    def note(self, w: Window) -> None:
        """A gold window's part of the fingerprint."""
        self.documents.add(w.doc_id)
        self.windows += 1
        for event in w.event_mentions:
            self.events += 1
            self.arguments += len(event.arguments)
            self.types.add(event.event_type)
            self.roles.update(a.role for a in event.arguments)

    def fingerprint(self, sha256: str) -> Fingerprint:
        return Fingerprint("textee", len(self.documents), self.windows, self.events, self.arguments,
                           len(self.types), len(self.roles), sha256)

    def check(self, system_path: str) -> None:
        """`check_pairing`'s problems, in its order: a system window not in gold (the first read), then a gold
        window not predicted."""
        if self.waiting[1]:
            key, (line, _) = min(self.waiting[1].items(), key=lambda kv: kv[1][0])
            raise _not_in_gold(system_path, line, key)
        for key, (line, _) in self.waiting[0].items():
            raise _not_predicted(system_path, key, line)

    def result(self, sha256: str) -> ConventionResult:
        metrics = {name: Metric(*c) for name, c in self.counts.items()}
        return ConventionResult("textee", metrics, dict(METRICS), self.fingerprint(sha256))


def fingerprint(gold: TexteeFile) -> Fingerprint:
    tally = Tally()
    for w in gold.windows:
        tally.note(w)
    return tally.fingerprint(gold.sha256)


def score_streams(gold: Stream[Window], system: Stream[Window]) -> ConventionResult:
    """Both files read a window at a time, in step, each pair counted as soon as both are read. The system
    file's problem is raised once the gold file is read through (its own come first, as when both files
    were read whole)."""
    tally = Tally()
    in_step(gold, system, tally.add)
    tally.check(system.path)
    return tally.result(gold.sha256)


def file_tuples(source: Input) -> Tuples:
    """`window_tuples` of a file's windows, made once per run (the score and the switchboard's outcomes both
    ask; shared: do not change them), kept by the `Input` as its parse is (`Input.parsed`)."""
    return source.parsed("textee tuples", lambda: window_tuples(textee_file(source).windows))


def score_windows(gold: TexteeFile, system: TexteeFile, sets: tuple[Tuples, Tuples] | None = None) -> ConventionResult:
    """TextEE's figures; `sets`: both files' tuples when already made."""
    check_pairing(gold, system)
    gold_sets, pred_sets = sets or (window_tuples(gold.windows), window_tuples(system.windows))
    metrics = {name: Metric(len(gold_sets[name] & pred_sets[name]), len(pred_sets[name]), len(gold_sets[name]))
               for name in METRICS}
    return ConventionResult("textee", metrics, dict(METRICS), fingerprint(gold))


def score_textee(gold: Input, system: Input) -> ConventionResult:
    """Inputs left unread (`--convention textee` on files) are streamed (`score_streams`); inputs read for
    several conventions are parsed once, their tuples shared with the switchboard's outcomes."""
    if gold.data is None and system.data is None:
        return score_streams(stream_textee(gold.path), stream_textee(system.path))
    g, s = textee_file(gold), textee_file(system)
    check_pairing(g, s)  # before the tuples: a file that does not pair up is refused first
    return score_windows(g, s, (file_tuples(gold), file_tuples(system)))


def unit_counts(gold: Input, system: Input) -> UnitCounts:
    """Each gold window's counts of every metric: every tuple carries (doc_id, wnd_id), so a window's share
    of |gold & pred|, |pred| and |gold| is its tuples', and the windows' shares add up to `score_textee`'s."""
    g, s = textee_file(gold), textee_file(system)
    check_pairing(g, s)
    gold_sets, pred_sets = file_tuples(gold), file_tuples(system)
    windows = list(dict.fromkeys((w.doc_id, w.wnd_id) for w in g.windows))
    counts = {}
    for name in METRICS:
        per_window = {key: [0, 0, 0] for key in windows}
        for column, tuples in enumerate((gold_sets[name] & pred_sets[name], pred_sets[name], gold_sets[name])):
            for t in tuples:
                per_window[(t[0], t[1])][column] += 1  # type: ignore[index]
        counts[name] = (tuple(float(per_window[k][0]) for k in windows), tuple(per_window[k][1] for k in windows),
                        tuple(per_window[k][2] for k in windows))
    return UnitCounts("window", tuple(str(doc) for doc, _ in windows), counts, dict(METRICS))


COMPARABLE = SAME_ROWS


def _side_outcomes(side: str, windows: list[Window], other: Tuples) -> Iterator[Outcome]:
    """Each occurrence's outcome: the first of a tuple counts (and matches if the other side has
    it); a repeat adds nothing (the set already holds it)."""
    seen: dict[tuple[str, tuple[object, ...]], int] = {}
    for w in windows:
        for e, a, keys in occurrence_keys(w):
            event = w.event_mentions[e]
            start, end = (event.start, event.end) if a < 0 else w.argument_span(event.arguments[a])
            item = Item(side, w.doc_id, w.wnd_id, e, a, start, end, event.event_type,
                        event.arguments[a].role if a >= 0 else "", token_text(w.tokens, start, end))
            for row in ROWS:
                if row not in keys:
                    continue
                key = keys[row]
                if (row, key) in seen:
                    yield Outcome(item, row, 0, 0.0, DUPLICATE, f"same tuple as event {seen[row, key]}")
                    continue
                seen[row, key] = e
                matched = key in other[row]
                note = ""
                if matched and a >= 0:
                    attached = keys["argument_attached_" + row.removeprefix("argument_")]
                    note = "" if attached in other["argument_attached_" + row.removeprefix("argument_")] \
                        else OTHER_TRIGGER
                yield Outcome(item, row, 1, 1.0 if matched else 0.0, note)


def textee_outcomes(gold: Input, system: Input) -> list[Outcome]:
    """Every trigger's and argument's outcome on the four comparable rows, both sides."""
    g, s = textee_file(gold), textee_file(system)
    check_pairing(g, s)
    gold_sets, pred_sets = file_tuples(gold), file_tuples(system)
    return [*_side_outcomes(PRED, s.windows, gold_sets), *_side_outcomes(GOLD, g.windows, pred_sets)]


def _first_keys(side: str, windows: list[Window]) -> dict[str, list[tuple[Hashable, Item]]]:
    """Per metric, each tuple of the set TextEE builds, with the first occurrence that made it."""
    out: dict[str, list[tuple[Hashable, Item]]] = {name: [] for name in METRICS}
    seen: set[tuple[str, Hashable]] = set()
    for w in windows:
        for e, a, keys in occurrence_keys(w):
            event = w.event_mentions[e]
            # the span its key holds (`Window.argument_span` looks an entity up: once per argument is enough)
            start, end = cast(tuple[int, int], keys["trigger_id"][2:] if a < 0 else keys["argument_id"][3:])
            item = Item(side, w.doc_id, w.wnd_id, e, a, start, end, event.event_type,
                        event.arguments[a].role if a >= 0 else "", token_text(w.tokens, start, end))
            for name, key in keys.items():
                if (name, key) not in seen:
                    seen.add((name, key))
                    out[name].append((key, item))
    return out


def textee_matches(gold: Input, system: Input) -> Matches:
    """Per metric, TextEE's sets and their equal tuples: one to one already (a set holds each tuple once)."""
    g, s = textee_file(gold), textee_file(system)
    check_pairing(g, s)
    golds, preds = _first_keys(GOLD, g.windows), _first_keys(PRED, s.windows)
    return tuple(METRICS), [keyed_group(name, preds[name], golds[name], exclusive=True) for name in METRICS]
