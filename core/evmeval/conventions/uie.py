"""Convention `uie`: UIE's event scorer (universal-ie/UIE `scripts/eval_extraction.py` with
`uie/extraction/scorer.py` `EventScorer`), see docs/scoring/uie.md for worked examples.

What it counts, as those scripts do:
  the n-th record line is the gold file's n-th instance (a file of another length is refused: the script
  asserts); per instance, four lists of tuples: triggers (event type, trigger) and roles (event type, role,
  argument), each by offset (token indices) and by string (the text as written). A role is not tied to its
  trigger: two events of one type share their arguments' credit;
  match modes (`-m`): `normal` (the default) pairs each prediction with an unused equal gold tuple (a
  multiset: a duplicate prediction is a false alarm); `multimatch` credits every prediction equal to some gold
  tuple (duplicates all count: true positives may exceed gold); `set` makes sets of both lists first
  (duplicates collapse on both sides);
  P = tp / pred, R = tp / gold, F1 their harmonic mean, printed in percent (0 where a denominator is 0),
  under its names `offset-evt-trigger`, `string-evt-trigger`, `offset-evt-role`, `string-evt-role`;
  a record line without `offset` has its offsets made by UIE's own map (`evmeval.grounding.uie`, `closest` as
  UIE ships it, or `first`), whose drops (a trigger not in the text, the records after a trigger's occurrences
  are used up, an argument not in the text) are counted and said: the string figures keep those records.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from evmeval.conventions.base import ConventionResult, Fingerprint, Input, Metric, UnitCounts
from evmeval.conventions.items import GOLD, PRED, Item
from evmeval.conventions.one_to_one import Matches, keyed_group
from evmeval.grounding.uie import UIE_MAPS, place_uie_records
from evmeval.io.errors import FormatError
from evmeval.io.reading import display_name
from evmeval.io.uie import GoldInstance, OffsetRecord, PredictedInstance, UieFile, UieRecord, read_uie

MATCH_MODES: tuple[str, ...] = ("normal", "set", "multimatch")
"""eval_extraction.py's `-m` choices, its default first."""
METRICS: tuple[str, ...] = ("offset-evt-trigger", "string-evt-trigger", "offset-evt-role", "string-evt-role")
"""The script's result keys without their `-tp`/`-P`/… suffix, in its order."""
MATCH_MODE, MAP = "match-mode", "uie-map"
"""The options of the system `Input` uie reads (`--match-mode`, and `--grounding` for string-only lines)."""



def checked_options(match_mode: str | None, strategy: str | None) -> dict[str, str | None]:
    """The system input's options (`with_options`) for a match mode and a map, each checked: ValueError
    saying what is expected (the command line and the Python API share this)."""
    if match_mode not in (None, *MATCH_MODES):
        raise ValueError(f"match mode {match_mode!r} (expected {', '.join(MATCH_MODES)})")
    if strategy not in (None, *UIE_MAPS):
        raise ValueError(f"--grounding {strategy} with --convention uie: UIE's map is {' or '.join(UIE_MAPS)}")
    return {"match_mode": match_mode, "uie_map": strategy}


def tp_of(gold: Sequence[Hashable], predicted: Sequence[Hashable], mode: str) -> tuple[int, int, int]:
    """(tp, gold, pred) of one instance's list under a match mode (see the module's note)."""
    if mode == "set":
        g, p = set(gold), set(predicted)
        return len(g & p), len(g), len(p)
    if mode == "multimatch":
        wanted = set(gold)
        return sum(1 for item in predicted if item in wanted), len(gold), len(predicted)
    return sum((Counter(gold) & Counter(predicted)).values()), len(gold), len(predicted)


def offset_tuples(records: Sequence[OffsetRecord]) -> tuple[list[Hashable], list[Hashable]]:
    triggers: list[Hashable] = [(r.event_type, r.trigger) for r in records]
    roles: list[Hashable] = [(r.event_type, role, argument) for r in records for role, argument in r.roles]
    return triggers, roles


def string_tuples(records: Sequence[UieRecord]) -> tuple[list[Hashable], list[Hashable]]:
    triggers: list[Hashable] = [(r.event_type, r.trigger) for r in records]
    roles: list[Hashable] = [(r.event_type, role, text) for r in records for role, text in r.roles]
    return triggers, roles


@dataclass(frozen=True)
class Dropped:
    """What UIE's map dropped from string-only lines (their offset records), and records missing from the
    offset side of lines that have both."""

    trigger_not_in_text: int = 0
    used_up: int = 0
    argument_not_in_text: int = 0
    fewer_offsets: int = 0


def placed(instance: PredictedInstance, gold: GoldInstance, strategy: str) -> tuple[tuple[OffsetRecord, ...], Dropped]:
    """The instance's offset records: as written, or placed by UIE's map from its strings."""
    if instance.offsets is not None:
        return instance.offsets, Dropped(fewer_offsets=max(0, len(instance.strings) - len(instance.offsets)))
    placement = place_uie_records(gold.tokens, instance.strings, strategy)
    records = tuple(OffsetRecord(r.event_type, tuple(range(*r.trigger)),
                                 tuple((role, tuple(range(*span))) for role, span in r.roles))
                    for r in placement.records)
    return records, Dropped(placement.trigger_not_in_text, placement.used_up, placement.argument_not_in_text)


def map_losses(instance: PredictedInstance, gold: GoldInstance,
               strategy: str) -> tuple[tuple[tuple[tuple[str, str], ...], ...], tuple[tuple[int, UieRecord], ...]]:
    """What UIE's map drops from a string-only line's offset figures (the window lists them as not in the text):
    per offset record `placed` makes, the (role, string) of its arguments found nowhere; and the records it
    dropped whole (trigger nowhere, or the used-up quirk) with their index in the line. Nothing for a line
    written with offsets."""
    if instance.offsets is not None:
        return (), ()
    placement = place_uie_records(gold.tokens, instance.strings, strategy)
    return tuple(r.dropped for r in placement.records), tuple((i, instance.strings[i]) for i in placement.lost_records)


Lists = dict[str, tuple[list[Hashable], list[Hashable]]]
"""metric -> (gold tuples, predicted tuples) of one instance."""


def instance_lists(g: GoldInstance, p: PredictedInstance,
                   strategy: str) -> tuple[Lists, Dropped, tuple[OffsetRecord, ...]]:
    """One instance's four pairs of lists (the script's), what UIE's map dropped, and the offset records scored."""
    offsets, lost = placed(p, g, strategy)
    (gold_triggers, gold_roles), (triggers, roles) = offset_tuples(g.offsets), offset_tuples(offsets)
    (gold_texts, gold_role_texts), (texts, role_texts) = string_tuples(g.strings), string_tuples(p.strings)
    return ({"offset-evt-trigger": (gold_triggers, triggers), "string-evt-trigger": (gold_texts, texts),
             "offset-evt-role": (gold_roles, roles), "string-evt-role": (gold_role_texts, role_texts)}, lost, offsets)


def paired_instances(gold: UieFile, system: UieFile) -> list[tuple[GoldInstance, PredictedInstance]]:
    """The n-th record line with the n-th gold instance (a file of another length refused, as the script asserts)."""
    if len(gold.gold) != len(system.predicted):
        last = system.predicted[-1].line if system.predicted else 0
        raise FormatError(system.path, last, f"{len(system.predicted)} record lines for {len(gold.gold)} gold "
                          "instances", "one record line per gold instance, in its order (the script asserts)")
    return list(zip(gold.gold, system.predicted, strict=True))


def instance_counts(gold: UieFile, system: UieFile, mode: str = "normal",
                    strategy: str = "closest") -> tuple[list[dict[str, tuple[int, int, int]]], Dropped]:
    """Per gold instance, (tp, gold, pred) per metric (METRICS); and what was dropped."""
    out = []
    dropped = Dropped()
    for g, p in paired_instances(gold, system):
        lists, lost, _ = instance_lists(g, p, strategy)
        dropped = Dropped(*(a + b for a, b in zip(dropped.__dict__.values(), lost.__dict__.values(), strict=True)))
        out.append({name: tp_of(gold_list, pred_list, mode) for name, (gold_list, pred_list) in lists.items()})
    return out, dropped


def uie_counts(gold: UieFile, system: UieFile, mode: str = "normal",
               strategy: str = "closest") -> tuple[dict[str, tuple[int, int, int]], Dropped]:
    """(tp, gold, pred) per metric (METRICS), and what was dropped."""
    per_instance, dropped = instance_counts(gold, system, mode, strategy)
    totals = dict.fromkeys(METRICS, (0, 0, 0))
    for counts in per_instance:
        for name, (tp, n_gold, n_pred) in counts.items():
            a, b, c = totals[name]
            totals[name] = (a + tp, b + n_gold, c + n_pred)
    return totals, dropped


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def drop_warnings(dropped: Dropped, strategy: str) -> list[str]:
    """What UIE's map dropped, said (the offset figures lack them; the string figures keep them)."""
    out = []
    rule = f"UIE's sel2record map ({strategy})"
    if dropped.trigger_not_in_text:
        out.append(f"{_plural(dropped.trigger_not_in_text, 'event record')} whose trigger is not in the text: "
                   f"dropped from the offset figures by {rule}, kept in the string figures")
    if dropped.used_up:
        out.append(f"{_plural(dropped.used_up, 'event record')} dropped from the offset figures by {rule} once a "
                   "trigger word's occurrences were used up: that record and every later one of its instance")
    if dropped.argument_not_in_text:
        out.append(f"{_plural(dropped.argument_not_in_text, 'argument')} not in the text: dropped from the offset "
                   f"figures by {rule}, kept in the string figures")
    if dropped.fewer_offsets:
        out.append(f"{_plural(dropped.fewer_offsets, 'event record')} with a string form and no offset form (as "
                   "sel2record.py drops a trigger not in the text, or once its occurrences are used up): in the "
                   "string figures only")
    return out


def ceiling_note(gold: UieFile, mode: str, strategy: str) -> str:
    """The grounding ceiling: gold's own string records placed by UIE's map and scored against gold's offsets
    (what UIE's scripts/check_offset_map_gold_as_pred.bash measures through its SEL), the best any system's
    strings can reach on the offset figures under that map."""
    as_strings = UieFile(gold.path, gold.sha256, predicted=tuple(PredictedInstance(g.line, g.strings, None)
                                                                   for g in gold.gold))
    totals, _ = uie_counts(gold, as_strings, mode, strategy)
    figures = ", ".join(f"{name} F1 {100 * Metric(tp, pred, n_gold).f1:.2f}"
                        for name, (tp, n_gold, pred) in totals.items() if name.startswith("offset"))
    return f"grounding ceiling (gold's own strings placed by UIE's map {strategy}): {figures}"


def fingerprint(gold: UieFile) -> Fingerprint:
    records = [r for i in gold.gold for r in i.offsets]
    return Fingerprint("uie", len(gold.gold), len(gold.gold), len(records), sum(len(r.roles) for r in records),
                       len({r.event_type for r in records}), len({role for r in records for role, _ in r.roles}),
                       gold.sha256)


def score_files(gold: UieFile, system: UieFile, mode: str = "normal", strategy: str = "closest") -> ConventionResult:
    if mode not in MATCH_MODES:
        raise ValueError(f"unknown match mode {mode!r} (expected {', '.join(MATCH_MODES)})")
    if strategy not in UIE_MAPS:
        raise ValueError(f"unknown UIE map {strategy!r} (expected {' or '.join(UIE_MAPS)})")
    if not gold.gold:
        raise FormatError(gold.path, 1, "record lines (event: {string, offset}) in the gold file" if gold.predicted
                          else "no instance", "UIE gold instances (text, tokens, event: a list)")
    totals, dropped = uie_counts(gold, system, mode, strategy)
    metrics = {name: Metric(tp, pred, n_gold) for name, (tp, n_gold, pred) in totals.items()}
    placed_here = any(p.offsets is None for p in system.predicted)
    notes = (f"match mode {mode}",) + ((f"string-only lines placed by UIE's map {strategy}",
                                        ceiling_note(gold, mode, strategy)) if placed_here else ())
    return ConventionResult("uie", metrics, {name: name for name in metrics}, fingerprint(gold),
                            tuple(drop_warnings(dropped, strategy)), notes)


def uie_file(source: Input) -> UieFile:
    """The parsed UIE file (shared: do not change it); raises `FormatError`."""
    return source.parsed("uie", lambda: read_uie(source.path, source.data))


def _read(gold: Input, system: Input) -> tuple[UieFile, UieFile]:
    g, s = uie_file(gold), uie_file(system)
    if not s.predicted and s.gold:
        raise FormatError(display_name(system.path), 1, "a gold instance (event: a list) in the system file",
                          "UIE record lines (event: {string, offset}), as sel2record.py writes them")
    return g, s


def _options(system: Input) -> tuple[str, str]:
    """The match mode and the map the system input carries (`checked_options`)."""
    return system.options.get(MATCH_MODE, "normal"), system.options.get(MAP, "closest")


def score_uie(gold: Input, system: Input) -> ConventionResult:
    return score_files(*_read(gold, system), *_options(system))


def unit_counts(gold: Input, system: Input) -> UnitCounts:
    """Each gold instance's (tp, pred, gold) of the four figures: their sums are the script's counts."""
    result = score_uie(gold, system)  # checks the pair and the options
    per_instance, _ = instance_counts(*_read(gold, system), *_options(system))
    columns = {name: tuple(tuple(float(counts[name][k]) for counts in per_instance) for k in (0, 2, 1))
               for name in METRICS}
    names = tuple(f"line {g.line}" for g in uie_file(gold).gold)
    return UnitCounts("instance", names, columns, {name: name for name in METRICS}, warnings=result.warnings)


def _span(offset: tuple[int, ...]) -> tuple[int, int]:
    return (min(offset), max(offset) + 1) if offset else (0, 0)


def _items(side: str, k: int, tokens: tuple[str, ...], offsets: Sequence[OffsetRecord],
           strings: Sequence[UieRecord]) -> dict[str, list[Item]]:
    """An `Item` per tuple of the four lists, in their order (instance k, record index, role index)."""
    def text(offset: tuple[int, ...]) -> str:
        return " ".join(tokens[i] for i in offset if 0 <= i < len(tokens))
    doc = f"instance {k}"
    return {
        "offset-evt-trigger": [Item(side, doc, "", e, -1, *_span(r.trigger), r.event_type, "", text(r.trigger))
                               for e, r in enumerate(offsets)],
        "string-evt-trigger": [Item(side, doc, "", e, -1, 0, 0, r.event_type, "", r.trigger)
                               for e, r in enumerate(strings)],
        "offset-evt-role": [Item(side, doc, "", e, a, *_span(arg), r.event_type, role, text(arg))
                            for e, r in enumerate(offsets) for a, (role, arg) in enumerate(r.roles)],
        "string-evt-role": [Item(side, doc, "", e, a, 0, 0, r.event_type, role, text)
                            for e, r in enumerate(strings) for a, (role, text) in enumerate(r.roles)]}


def _first_of_each(keyed: list[tuple[Hashable, Item]]) -> list[tuple[Hashable, Item]]:
    seen: set[Hashable] = set()
    return [(key, item) for key, item in keyed if not (key in seen or seen.add(key))]  # type: ignore[func-returns-value]


def uie_matches(gold: Input, system: Input) -> Matches:
    """Per instance and metric, the script's tuples and which pairs its match mode matches: `normal` a multiset
    (each gold copy once), `multimatch` any equal gold tuple, `set` the first copy of each tuple on each side."""
    mode, strategy = _options(system)
    g_file, s_file = _read(gold, system)
    groups = []
    for k, (g, p) in enumerate(paired_instances(g_file, s_file), 1):
        lists, _, offsets = instance_lists(g, p, strategy)
        gold_items = _items(GOLD, k, g.tokens, g.offsets, g.strings)
        pred_items = _items(PRED, k, g.tokens, offsets, p.strings)
        for name, (gold_list, pred_list) in lists.items():
            golds = list(zip(gold_list, gold_items[name], strict=True))
            preds = list(zip(pred_list, pred_items[name], strict=True))
            if mode == "set":
                golds, preds = _first_of_each(golds), _first_of_each(preds)
            groups.append(keyed_group(name, preds, golds, exclusive=mode != "multimatch"))
    return METRICS, groups
