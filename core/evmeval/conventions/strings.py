"""Convention `strings` (ours): string predictions grounded on the gold text, nothing silently dropped.

A string-prediction file (`evmeval.io.strings`) is grounded once per run (`ground_input`) under a named
rule (`evmeval.grounding`) on the gold windows' tokens: the result is a TextEE prediction file in memory
that every TextEE convention scores as its own scorer would (they never see a string that is nowhere
in the text: their scripts drop it), and a list of the predictions that are *not in the text*.

This convention counts those as false alarms (outcome "not in the text"); otherwise it matches exact
tuples one to one (a multiset: a duplicate is a false alarm), arguments attached to their trigger:
  trigger_id   (doc_id, wnd_id, start, end)          trigger_cls   ... + event type
  argument_id  (trigger's tuple, event type, argument start, end)   argument_cls  ... + role
The grounding ceiling is the gold strings grounded by the same rule and scored against gold: the best
any system could reach under that rule. docs/scoring/grounding.md works an example by hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from evmeval.conventions.base import UNGROUNDABLE, ConventionResult, Input, Metric, Pathology, UnitCounts
from evmeval.conventions.items import GOLD, NOT_IN_TEXT, ONE_TO_ONE, PRED, ROWS, SAME_ROWS, Item, Outcome, token_text
from evmeval.conventions.one_to_one import Matches, keyed_group
from evmeval.conventions.parsed import textee_file
from evmeval.conventions.textee import check_pairing, fingerprint
from evmeval.grounding import GroundingRule, Span, ground, parse_rule, similarity
from evmeval.io.errors import FormatError
from evmeval.io.strings import StringArgument, StringEvent, StringLine, read_strings
from evmeval.io.textee import Argument, EventMention, TexteeFile, Window, dumps_textee

DEFAULT_RULE = GroundingRule("first")
"""The rule when none is named (`--grounding first`): what most generative pipelines do."""

METRICS = {"trigger_id": "Tri-I", "trigger_cls": "Tri-C", "argument_id": "Arg-I", "argument_cls": "Arg-C"}
CEILING = {f"ceiling_{name}": f"{label} ceiling" for name, label in METRICS.items()}
COMPARABLE = SAME_ROWS



@dataclass(frozen=True)
class Grounding:
    """What grounding a string file made of it: the rule, and every prediction it could not place."""

    rule: GroundingRule
    not_in_text: tuple[Item, ...]
    """PRED items with start = end = -1, in file order: event indices after the window's grounded events,
    argument indices after its event's grounded arguments (so every other item keeps its TextEE place)."""
    source: str
    """The string file's name, for messages."""

    @cached_property
    def _lost_events(self) -> frozenset[tuple[str, str, int]]:
        return frozenset((i.doc_id, i.unit, i.event) for i in self.not_in_text if i.argument < 0)

    def why(self, item: Item) -> str:
        """Why an item is not in the text: its own string, or (an argument) its trigger's."""
        if item.argument >= 0 and (item.doc_id, item.unit, item.event) in self._lost_events:
            return "its trigger is not in the text"
        return f"no place for the string under {self.rule.spec}"

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule.spec, "predictions": self.source, "not_in_text": len(self.not_in_text),
                "items": [{**i.to_json(), "why": self.why(i)} for i in self.not_in_text]}


def _units(line: StringLine, by_window: dict[tuple[str, str], Window], by_doc: dict[str, list[Window]],
           path: str) -> list[Window]:
    """The gold windows a line is about: the one it names, else its document's (in file order); a line naming
    none of gold's is refused at its line."""
    if line.wnd_id is not None:
        found = by_window.get((line.doc_id, line.wnd_id))
        if found is None:
            raise FormatError(path, line.line, f"window {line.wnd_id!r} of document {line.doc_id!r} is not in "
                              "the gold file", "a doc_id and wnd_id of the gold file")
        return [found]
    windows = by_doc.get(line.doc_id, [])
    if not windows:
        raise FormatError(path, line.line, f"document {line.doc_id!r} is not in the gold file",
                          "a doc_id of the gold file")
    return windows


Placed = tuple[Window, Span]


def _place(windows: Sequence[Window], event: StringEvent, rule: GroundingRule,
           used: dict[tuple[str, str], set[Span]], path: str, line: int) -> list[Placed]:
    """Where a trigger goes: its given offsets (one window: checked against it), else the rule's grounding in
    the windows in order: the first window that has a place (`all`: every place in every window; `fuzzy`: the
    most similar place, ties to the earlier window)."""
    if event.start is not None and event.end is not None:
        window = windows[0]
        if len(windows) > 1:
            raise FormatError(path, line, f"trigger {event.trigger!r}: offsets, but document {window.doc_id!r} has "
                              f"{len(windows)} windows", "a wnd_id with the offsets (they count in one window)")
        if event.end > len(window.tokens):
            raise FormatError(path, line, f"trigger {event.trigger!r}: span [{event.start}, {event.end}) outside "
                              f"the {len(window.tokens)} tokens of window {window.wnd_id!r}",
                              "token offsets inside the window, end exclusive")
        return [(window, (event.start, event.end))]
    found: list[Placed] = []
    for window in windows:
        spans = ground(window.tokens, event.trigger, rule, used=used.setdefault((window.doc_id, window.wnd_id), set()))
        found += [(window, span) for span in spans]
        if found and rule.name not in ("all", "fuzzy"):
            break
    if rule.name == "fuzzy" and len(found) > 1:
        scores = [similarity(" ".join(w.tokens[a:b]), event.trigger) for w, (a, b) in found]
        found = [found[scores.index(max(scores))]]
    return found


def ground_lines(windows: Sequence[Window], lines: Sequence[StringLine], rule: GroundingRule,
                 path: str) -> tuple[list[Window], list[Item]]:
    """Gold's windows with the predictions grounded into them (every window, empty if none predicted), and
    the predictions not in the text. `first-unused` keeps one used set per window for triggers and one per
    event for arguments; `all` makes an event (an argument) of every occurrence."""
    by_window = {(w.doc_id, w.wnd_id): w for w in windows}
    by_doc: dict[str, list[Window]] = {}
    for w in windows:
        by_doc.setdefault(w.doc_id, []).append(w)
    events: dict[tuple[str, str], list[EventMention]] = {key: [] for key in by_window}
    lost: dict[tuple[str, str], list[tuple[StringEvent, int | None, list[StringArgument]]]] = {}
    used: dict[tuple[str, str], set[Span]] = {}
    for line in lines:
        units = _units(line, by_window, by_doc, path)
        for event in line.events:
            placed = _place(units, event, rule, used, path, line.line)
            if not placed:  # filed under the line's (first) window
                lost.setdefault((units[0].doc_id, units[0].wnd_id), []).append((event, None, list(event.arguments)))
            for window, span in placed:
                key = (window.doc_id, window.wnd_id)
                used.setdefault(key, set()).add(span)
                grounded, missing = _ground_arguments(window, event.arguments, span, rule)
                if missing:
                    lost.setdefault(key, []).append((event, len(events[key]), missing))
                events[key].append(EventMention(event.event_type, span[0], span[1], event.trigger, None, grounded))
    out: list[Window] = []
    not_in_text: list[Item] = []
    for w in windows:
        key = (w.doc_id, w.wnd_id)
        mine = events[key]
        out.append(Window(w.doc_id, w.wnd_id, w.tokens, mine))
        extra_event = len(mine)
        for event, at, missing in lost.get(key, []):
            if at is None:  # the trigger itself is nowhere: it and its arguments are false alarms
                e, first = extra_event, 0
                extra_event += 1
                not_in_text.append(Item(PRED, w.doc_id, w.wnd_id, e, -1, -1, -1, event.event_type, "", event.trigger))
            else:
                e, first = at, len(mine[at].arguments)
            for a, argument in enumerate(missing, first):
                not_in_text.append(Item(PRED, w.doc_id, w.wnd_id, e, a, -1, -1, event.event_type, argument.role,
                                        argument.text))
    return out, not_in_text


def _ground_arguments(window: Window, arguments: Sequence[StringArgument], trigger: Span,
                      rule: GroundingRule) -> tuple[list[Argument], list[StringArgument]]:
    """The arguments grounded near their trigger (the anchor of `closest` and `fuzzy`), and those not in the text."""
    grounded: list[Argument] = []
    missing: list[StringArgument] = []
    used: set[Span] = set()
    for argument in arguments:
        spans = ground(window.tokens, argument.text, rule, anchor=trigger, used=used)
        used.update(spans)
        if not spans:
            missing.append(argument)
        grounded.extend(Argument(argument.role, None, s, e, argument.text) for s, e in spans)
    return grounded, missing


def ground_input(gold: Input, system: Input, rule: GroundingRule = DEFAULT_RULE) -> Input:
    """The string file `system` grounded on `gold`'s windows: a TextEE prediction input (in memory) that
    every TextEE convention reads, carrying the `Grounding` (what could not be placed) for ours."""
    strings = read_strings(system.path, system.data)
    windows, lost = ground_lines(textee_file(gold).windows, strings.lines, rule, strings.path)
    data = dumps_textee(windows).encode("utf-8")
    return Input(system.path, data, grounding=Grounding(rule, tuple(lost), strings.path))


def gold_as_strings(windows: Sequence[Window]) -> list[StringLine]:
    """Gold's own triggers and arguments as strings (their tokens joined by spaces), for the ceiling."""
    lines = []
    for w in windows:
        events = tuple(StringEvent(token_text(w.tokens, e.start, e.end), e.event_type,
                                   tuple(StringArgument(a.role, token_text(w.tokens, *w.argument_span(a)))
                                         for a in e.arguments))
                       for e in w.event_mentions)
        lines.append(StringLine(w.doc_id, w.wnd_id, events))
    return lines


# --- scoring ------------------------------------------------------------------------------------------


def _keys(windows: Sequence[Window], side: str) -> Iterator[tuple[Item, dict[str, tuple[object, ...]]]]:
    """Every trigger and argument with its tuple on each row, in file order."""
    for w in windows:
        ids = (w.doc_id, w.wnd_id)
        for e, event in enumerate(w.event_mentions):
            trigger = (*ids, event.start, event.end)
            text = token_text(w.tokens, event.start, event.end)
            yield (Item(side, w.doc_id, w.wnd_id, e, -1, event.start, event.end, event.event_type, "", text),
                   {"trigger_id": trigger, "trigger_cls": (*trigger, event.event_type)})
            for a, argument in enumerate(event.arguments):
                start, end = w.argument_span(argument)
                key = (*trigger, event.event_type, start, end)
                yield (Item(side, w.doc_id, w.wnd_id, e, a, start, end, event.event_type, argument.role,
                            token_text(w.tokens, start, end)),
                       {"argument_id": key, "argument_cls": (*key, argument.role)})


Counts = dict[str, Counter[tuple[object, ...]]]


def _side_outcomes(side: str, windows: Sequence[Window], other: Counts) -> list[Outcome]:
    """Each occurrence's outcome: a tuple matches while the other side has copies of it left (one to one); one
    the other side has, all taken by earlier twins, is named so."""
    left = {row: Counter(counts) for row, counts in other.items()}
    out = []
    for item, keys in _keys(windows, side):
        for row, key in keys.items():
            matched = left[row][key] > 0
            if matched:
                left[row][key] -= 1
                out.append(Outcome(item, row, 1, 1.0))
            else:
                out.append(Outcome(item, row, 1, 0.0, ONE_TO_ONE if other[row][key] else ""))
    return out


def _counts(windows: Sequence[Window]) -> Counts:
    counts: Counts = {row: Counter() for row in ROWS}
    for _, keys in _keys(windows, GOLD):
        for row, key in keys.items():
            counts[row][key] += 1
    return counts


def lost_outcomes(lost: Sequence[Item]) -> list[Outcome]:
    """A prediction not in the text: counted, never credited, on each row of its kind."""
    rows = ("trigger_id", "trigger_cls")
    return [Outcome(i, row, 1, 0.0, NOT_IN_TEXT) for i in lost
            for row in (rows if i.argument < 0 else ("argument_id", "argument_cls"))]


def outcomes_of(gold: Sequence[Window], system: Sequence[Window], lost: Sequence[Item]) -> list[Outcome]:
    """Both sides' outcomes on the four rows, the predictions not in the text among the predictions."""
    return [*_side_outcomes(PRED, system, _counts(gold)), *lost_outcomes(lost),
            *_side_outcomes(GOLD, gold, _counts(system))]


def metrics_of(outcomes: Sequence[Outcome]) -> dict[str, Metric]:
    """The four figures made from the outcomes (so they add up by construction)."""
    match = {row: 0.0 for row in ROWS}
    pred = {row: 0 for row in ROWS}
    gold = {row: 0 for row in ROWS}
    for o in outcomes:
        if o.item.side == PRED:
            pred[o.row] += o.counted
            match[o.row] += o.credit
        else:
            gold[o.row] += o.counted
    return {row: Metric(int(match[row]), pred[row], gold[row]) for row in ROWS}


def ceiling_outcomes(gold: TexteeFile, rule: GroundingRule) -> list[Outcome]:
    """Gold's strings grounded by `rule`, against gold."""
    windows, lost = ground_lines(gold.windows, gold_as_strings(gold.windows), rule, gold.path)
    return outcomes_of(gold.windows, windows, lost)


def ceiling(gold: TexteeFile, rule: GroundingRule) -> dict[str, Metric]:
    """Gold's strings grounded by `rule`, scored against gold: the best any system reaches under it."""
    return metrics_of(ceiling_outcomes(gold, rule))


def unit_counts(gold: Input, system: Input) -> UnitCounts:
    """Each gold window's (match, pred, gold) of the four rows (and, for grounded strings, of the ceiling's):
    `metrics_of` adds the same outcomes, so their sums are `score_strings`'s counts."""
    g = textee_file(gold)
    _, rule = _grounded(system)
    windows = list(dict.fromkeys((w.doc_id, w.wnd_id) for w in g.windows))
    at = {key: k for k, key in enumerate(windows)}
    parts = [("", strings_outcomes(gold, system))]
    if rule is not None:
        parts.append(("ceiling_", ceiling_outcomes(g, rule)))
    counts: dict[str, tuple[tuple[float, ...], ...]] = {}
    labels: dict[str, str] = {}
    for prefix, outcomes in parts:
        columns = {row: [[0.0] * len(windows) for _ in range(3)] for row in ROWS}
        for o in outcomes:
            k = at[(o.item.doc_id, o.item.unit)]
            match, pred, gold_num = columns[o.row]
            if o.item.side == PRED:
                match[k] += o.credit
                pred[k] += o.counted
            else:
                gold_num[k] += o.counted
        counts |= {prefix + row: tuple(map(tuple, c)) for row, c in columns.items()}
        labels |= CEILING if prefix else METRICS
    return UnitCounts("window", tuple(doc for doc, _ in windows), counts, labels)


def _grounded(system: Input) -> tuple[list[Item], GroundingRule | None]:
    grounding = system.grounding
    return (list(grounding.not_in_text), grounding.rule) if isinstance(grounding, Grounding) else ([], None)


def strings_outcomes(gold: Input, system: Input) -> list[Outcome]:
    g, s = textee_file(gold), textee_file(system)
    check_pairing(g, s)
    return outcomes_of(g.windows, s.windows, _grounded(system)[0])


def strings_matches(gold: Input, system: Input) -> Matches:
    """Per row, the tuples this convention compares (a prediction not in the text has a key no gold item has)
    and the equal ones: a multiset, one to one already (the matching switch's groups)."""
    g, s = textee_file(gold), textee_file(system)
    check_pairing(g, s)
    keyed: dict[str, tuple[list[tuple[Hashable, Item]], list[tuple[Hashable, Item]]]] = {r: ([], []) for r in ROWS}
    for side, windows in ((PRED, s.windows), (GOLD, g.windows)):
        for item, keys in _keys(windows, side):
            for row, key in keys.items():
                keyed[row][side == GOLD].append((key, item))
    for o in lost_outcomes(_grounded(system)[0]):
        keyed[o.row][0].append(((NOT_IN_TEXT, o.item.key), o.item))
    return tuple(ROWS), [keyed_group(row, preds, golds, exclusive=True) for row, (preds, golds) in keyed.items()]


def score_strings(gold: Input, system: Input, outcomes: Sequence[Outcome] | None = None) -> ConventionResult:
    """Our figures on a grounded input (`ground_input`), with the ceiling and what was not in the text; on a
    TextEE prediction file as given, the same figures (nothing to ground, no ceiling). `outcomes`: this pair's
    `strings_outcomes` when already made (the figures are made from them)."""
    g = textee_file(gold)
    lost, rule = _grounded(system)
    metrics = metrics_of(strings_outcomes(gold, system) if outcomes is None else outcomes)
    labels = dict(METRICS)
    notes: list[str] = []
    if rule is not None:
        for name, metric in ceiling(g, rule).items():
            metrics[f"ceiling_{name}"] = metric
        labels |= CEILING
        triggers = sum(1 for i in lost if i.argument < 0)
        notes.append(f"grounding {rule.spec}: {len(lost)} prediction(s) not in the text ({triggers} trigger(s), "
                     f"{len(lost) - triggers} argument(s)), counted as false alarms; the ceiling rows are gold's own "
                     "strings grounded by the same rule")
    return ConventionResult("strings", metrics, labels, fingerprint(g), notes=tuple(notes))


def with_dropped(result: ConventionResult, grounded: bool, system: Input) -> ConventionResult:
    """`result` with the pathology of the strings its convention never saw: a published convention scoring a
    grounded input drops what the rule placed nowhere (ours for strings, `grounded`, counts them instead)."""
    grounding = system.grounding
    if grounded or not isinstance(grounding, Grounding) or not grounding.not_in_text:
        return result
    n = len(grounding.not_in_text)
    found = Pathology(UNGROUNDABLE, "", n, f"{n} prediction(s) placed nowhere under grounding {grounding.rule.spec}, "
                      "dropped before scoring: its precision never counts them (strings counts them as false alarms)")
    return replace(result, pathologies=(*result.pathologies, found))


def dropped_note(grounding: Grounding | None) -> str:
    """What a published convention says of a grounded input: how many predictions it never saw."""
    if grounding is None or not grounding.not_in_text:
        return ""
    return (f"{len(grounding.not_in_text)} prediction(s) not in the text under grounding {grounding.rule.spec} "
            "were dropped before it scored "
            "(its script drops a string it cannot place; strings counts them as false alarms)")


__all__ = ["CEILING", "COMPARABLE", "DEFAULT_RULE", "METRICS", "Grounding", "ceiling", "dropped_note",
           "ground_input", "ground_lines", "parse_rule", "score_strings", "strings_matches", "strings_outcomes",
           "with_dropped"]
