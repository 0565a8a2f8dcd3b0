"""Convention `evmeval`: our own rules (the published EvmEval v1.8 scorer's) on JSONL event files.

Each trigger becomes a tbf mention on token ids (its event type as the mention type, no realis), the
document is the file's document (TextEE `doc_id`, its windows' tokens told apart by window; DyGIE++
`doc_key`), and `evmeval.mention.scoring.score_files` scores them exactly as `evmeval-score` scores
tbf: Dice overlap (a partial span earns part of a match), the greedy mapping (each gold and system
mention used once, so a duplicate prediction is a false alarm), micro sums over the documents that
have gold mentions. Arguments are not scored by these rules: their rows stay empty.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from evmeval.conventions.base import ConventionResult, Fingerprint, Input, Metric, UnitCounts
from evmeval.conventions.items import (
    GOLD,
    ONE_TO_ONE,
    OURS_ROWS,
    PARTIAL_SPAN,
    PRED,
    TYPE_SPELLING,
    UNSCORED_DOCUMENT,
    Item,
    Outcome,
    token_text,
)
from evmeval.conventions.one_to_one import GAINED, GIVEN_UP, REPAIRED, MatchingSwitch, SwitchFlip
from evmeval.conventions.parsed import dygiepp_file, textee_file
from evmeval.io.errors import FormatError
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.model import Document, Mention, SpanMode, TbfFile, unannotated_mention

METRICS = {"plain": "Span only (Dice, micro)", "mention_type": "Span + type (Dice, micro)"}
"""The v1.8 report's attribute combinations that apply (there is no realis), as its JSON names them."""

COMPARABLE = OURS_ROWS


@dataclass(frozen=True)
class Side:
    """One file's triggers as tbf mentions, with the file places they came from (same order)."""

    tbf: TbfFile
    items: dict[str, list[Item]]
    fingerprint: Fingerprint | None = None
    units: dict[str, list[Unit]] = field(default_factory=dict)
    """Per document its windows or sentences in file order: the tokens the window shows."""
    arguments: dict[tuple[str, str], list[Role]] = field(default_factory=dict)
    """(document, mention id) -> the event's arguments, on the document's tokens (units in order); a trigger with
    none has no entry (an empty list each was a tenth of a loaded TextEE corpus)."""


@dataclass(frozen=True)
class Role:
    """An argument of a trigger: its role and tokens `[start, end)` counted over the whole document
    (the windows' or sentences' tokens one after another, as the window lays them out)."""

    role: str
    start: int
    end: int
    how: str = ""
    """A string's placing as the window says it (`“protesters”: nearest the trigger`), or why it has no place
    (then `start` and `end` are `NOT_IN_TEXT`); empty for an argument the file gives on the text."""

    @property
    def on_text(self) -> bool:
        """Whether it has a place on the text (a string not in the text has none: listed, not boxed)."""
        return self.start != NOT_IN_TEXT


NOT_IN_TEXT = -1
"""`Role.start` and `Role.end` of a predicted string placed nowhere (issue 35: shown, never silently dropped)."""


@dataclass(frozen=True)
class Unit:
    """A window or sentence: its name (`Item.unit`), its tokens, and how their ids in the mentions' spans are
    spelt: `{prefix}t{first + i}` for its token i (made when asked: a corpus's ids would take more memory than
    its tokens)."""

    name: str
    tokens: list[str]
    prefix: str = ""
    first: int = 0

    @property
    def ids(self) -> list[str]:
        prefix, first = self.prefix, self.first
        return [f"{prefix}t{first + i}" for i in range(len(self.tokens))]


Reader = Callable[[Input, str], Side]
"""(file, GOLD or PRED) -> its triggers; one per format this convention reads."""


def mention_id(item: Item) -> str:
    """The id of the mention a trigger (or an argument's trigger) becomes: unique in its document (`E3` in a
    document read whole, RAMS's and WikiEvents', whose events are numbered so: `corpus_formats`; a UIE instance,
    its one unit: no empty window before the colon, issue 34)."""
    return f"{item.unit}:E{item.event}" if item.unit else f"E{item.event}"


def mention_unit(mention: str) -> tuple[str, str]:
    """The window or sentence a mention id of `mention_id` names, and the mention's id within it
    (`("D1-0", "E2")` for `D1-0:E2`); `("", mention)` for any other id."""
    unit, separator, event = mention.rpartition(":E")
    return (unit, f"E{event}") if separator and unit and event.isdigit() else ("", mention)


def _mention(side: str, item: Item, span: tuple[str, ...], line: int) -> Mention:
    return unannotated_mention(side, item.doc_id, mention_id(item), span, item.text, item.event_type, line)


def _tbf(path: str, mentions: dict[str, list[Mention]], items: dict[str, list[Item]], fp: Fingerprint | None,
         units: dict[str, list[Unit]], arguments: dict[tuple[str, str], list[Role]]) -> Side:
    documents = {d: Document(d, tuple(ms)) for d, ms in mentions.items()}
    return Side(TbfFile(path, SpanMode.TOKEN, documents), items, fp, units, arguments)


def textee_side(source: Input, side: str) -> Side:
    """TextEE windows: gold and predictions both in `event_mentions`; a token is `wnd_id:t<i>`."""
    from evmeval.conventions.textee import fingerprint

    data = textee_file(source)
    mentions: dict[str, list[Mention]] = {}
    items: dict[str, list[Item]] = {}
    units: dict[str, list[Unit]] = {}
    arguments: dict[tuple[str, str], list[Role]] = {}
    before: dict[str, int] = {}
    for w in data.windows:
        mentions.setdefault(w.doc_id, [])
        offset = before.get(w.doc_id, 0)
        before[w.doc_id] = offset + len(w.tokens)
        units.setdefault(w.doc_id, []).append(Unit(w.wnd_id, w.tokens, f"{w.wnd_id}:"))
        for e, event in enumerate(w.event_mentions):
            item = Item(side, w.doc_id, w.wnd_id, e, -1, event.start, event.end, event.event_type, "",
                        token_text(w.tokens, event.start, event.end))
            span = tuple(f"{w.wnd_id}:t{i}" for i in range(event.start, event.end))
            mentions[w.doc_id].append(_mention(side, item, span, w.line))
            items.setdefault(w.doc_id, []).append(item)
            if event.arguments:
                arguments[w.doc_id, mention_id(item)] = [
                    Role(a.role, offset + start, offset + end) for a in event.arguments
                    for start, end in (w.argument_span(a),)]
    return _tbf(data.path, mentions, items, fingerprint(data) if side == GOLD else None, units, arguments)


def dygiepp_side(source: Input, side: str) -> Side:
    """DyGIE++ documents: gold in `events`, predictions in `predicted_events`; a token is `t<index>`."""
    from evmeval.conventions.dygiepp import fingerprint

    data = dygiepp_file(source)
    for doc in data.documents:
        if (doc.events if side == GOLD else doc.predicted_events) is None:
            name = "events" if side == GOLD else "predicted_events"
            raise FormatError(data.path, doc.line, f"document {doc.doc_key!r} has no {name!r} field",
                              f"DyGIE++ {side} events: {name}, one list per sentence")
    mentions: dict[str, list[Mention]] = {}
    items: dict[str, list[Item]] = {}
    units: dict[str, list[Unit]] = {}
    arguments: dict[tuple[str, str], list[Role]] = {}
    for doc in data.documents:
        mentions.setdefault(doc.doc_key, [])
        starts = doc.sentence_starts()
        units[doc.doc_key] = [Unit(str(k), sentence, "", starts[k])
                              for k, sentence in enumerate(doc.sentences)]
        for index, events in enumerate((doc.events if side == GOLD else doc.predicted_events) or ()):
            for e, event in enumerate(events):
                at = event.trigger - starts[index]
                item = Item(side, doc.doc_key, str(index), e, -1, at, at + 1, event.event_type, "",
                            doc.sentences[index][at])
                mentions[doc.doc_key].append(_mention(side, item, (f"t{event.trigger}",), doc.line))
                items.setdefault(doc.doc_key, []).append(item)
                if event.arguments:
                    arguments[doc.doc_key, mention_id(item)] = [Role(a.role, a.start, a.end + 1)
                                                                 for a in event.arguments]
    return _tbf(data.path, mentions, items, fingerprint(data) if side == GOLD else None, units, arguments)


READERS: dict[str, Reader] = {"textee": textee_side, "dygiepp": dygiepp_side}
"""Format -> how its triggers become mentions; a format whose triggers are token spans plugs in here
(and names itself in the convention's `also_reads`)."""


def sides(gold: Input, system: Input) -> tuple[Side, Side, ScoreResult]:
    """Both files' triggers as mentions and their v1.8 result (made once per pair: scoring and the
    outcomes both ask)."""
    if system.data is None:
        return _sides(gold, system)
    return gold.parsed(("ours", system), lambda: _sides(gold, system))


def _sides(gold: Input, system: Input) -> tuple[Side, Side, ScoreResult]:
    from evmeval.conventions import detect_format  # the registry imports this module

    found = next((f for f in READERS if gold.has_parsed(f)), None) or detect_format(gold)
    g, s = READERS[found](gold, GOLD), READERS[found](system, PRED)
    return g, s, score_files(g.tbf, s.tbf)


def score_ours(gold: Input, system: Input) -> ConventionResult:
    g, _, result = sides(gold, system)
    metrics = {name: Metric(result.micro[name].tp, result.micro[name].num_system, result.micro[name].num_gold)
               for name in METRICS}
    assert g.fingerprint is not None, "made for the gold side"
    return ConventionResult("evmeval", metrics, dict(METRICS), g.fingerprint)


def _outcome(item: Item, row: str, credit: float, mention: Mention, covered: frozenset[str],
             partner: Mention | None = None) -> Outcome:
    """Dice credit, a partial one named; no credit though a mention of the other side overlaps (one of
    its tokens is in `covered`, every token the other side's mentions hold): the mapping paired that one
    elsewhere (one-to-one: a duplicate's gold mention is taken by its twin); full credit on the type row
    with a `partner` whose type is written otherwise: only folding the names (`canonical`) made them equal."""
    if 0.0 < credit < 1.0:
        return Outcome(item, row, 1, credit, PARTIAL_SPAN, f"Dice {credit:.2f}")
    if credit == 0.0 and not covered.isdisjoint(mention.span):
        return Outcome(item, row, 1, credit, ONE_TO_ONE)
    if credit > 0.0 and partner is not None and partner.raw_type != mention.raw_type:
        return Outcome(item, row, 1, credit, TYPE_SPELLING, f"{mention.raw_type!r} ~ {partner.raw_type!r}")
    return Outcome(item, row, 1, credit)


def _covered(mentions: tuple[Mention, ...]) -> frozenset[str]:
    """The tokens held by any of `mentions`: a mention overlaps one of them exactly when it holds one of
    these (one set per document and side, so explaining a document stays linear in its size)."""
    return frozenset(token for m in mentions for token in m.span)


def ours_outcomes(gold: Input, system: Input) -> list[Outcome]:
    """Each trigger's Dice credit on the two trigger rows; a system mention of a document without gold
    mentions is not counted (v1.8 leaves such documents out)."""
    g, s, result = sides(gold, system)
    out: list[Outcome] = []
    for doc in result.documents:
        gold_items, pred_items = g.items.get(doc.doc_id, []), s.items.get(doc.doc_id, [])
        by_gold_tokens, by_system_tokens = _covered(doc.gold), _covered(doc.system)
        for row, combination in COMPARABLE.items():
            pairs = doc.mappings[combination].pairs
            by_system = {p.system: p for p in pairs}
            by_gold = {p.gold: p for p in pairs}
            typed = row == "trigger_cls"  # where a pair's type names were compared (folded)
            for k, item in enumerate(pred_items):
                if not doc.counted:
                    out.append(Outcome(item, row, 0, 0.0, UNSCORED_DOCUMENT))
                    continue
                pair = by_system.get(k)
                out.append(_outcome(item, row, pair.dice if pair else 0.0, doc.system[k], by_gold_tokens,
                                    doc.gold[pair.gold] if pair and typed else None))
            for k, item in enumerate(gold_items):
                pair = by_gold.get(k)
                out.append(_outcome(item, row, pair.dice if pair else 0.0, doc.gold[k], by_system_tokens,
                                    doc.system[pair.system] if pair and typed else None))
    return out


def ours_switch(result: ConventionResult, gold: Input, system: Input) -> MatchingSwitch:
    """v1.8's greedy mapping beside the one with the largest total Dice (`evmeval.align.optimal`, what
    `evmeval-score --strategy optimal` maps by): each system mention whose credit differs, and why."""
    g, s, greedy = sides(gold, system)
    best = {d.doc_id: d for d in score_files(g.tbf, s.tbf, mapping="optimal").documents}
    flips: list[SwitchFlip] = []
    figures: dict[str, tuple[Metric, Metric]] = {}
    for name in METRICS:
        own = result.metrics[name]
        one = sum((best[d.doc_id].scores[name].tp for d in greedy.documents if d.counted), 0.0)
        figures[name] = (own, own if one == own.match_num else Metric(one, own.pred_num, own.gold_num))
        for doc in greedy.documents:
            if not doc.counted:
                continue
            mine = {p.system: p for p in doc.mappings[name].pairs}
            theirs = {p.system: p for p in best[doc.doc_id].mappings[name].pairs}
            for k, item in enumerate(s.items.get(doc.doc_id, [])):
                a, b = mine.get(k), theirs.get(k)
                credits = (a.dice if a else 0.0, b.dice if b else 0.0)
                if credits[0] == credits[1] and (a is None or b is None or a.gold == b.gold):
                    continue
                reason = GAINED if a is None else GIVEN_UP if b is None else REPAIRED
                where = ", ".join(f"{how} gold {doc.gold[p.gold].text!r} (Dice {p.dice:.2f})"
                                  for how, p in (("greedy", a), ("optimal", b)) if p is not None)
                flips.append(SwitchFlip(name, item, a is not None, b is not None, reason, where, credits))
    return MatchingSwitch("evmeval", dict(METRICS), figures, tuple(flips))


def unit_counts(gold: Input, system: Input) -> UnitCounts:
    """Each counted document's (Dice credit, system, gold) mentions, the sums v1.8's micro figures divide:
    summed in the scored order they are `score_ours`'s counts (a document without gold mentions is left
    out, as v1.8 leaves it out)."""
    _, _, result = sides(gold, system)
    documents = [d for d in result.documents if d.counted]
    counts = {name: (tuple(d.scores[name].tp for d in documents), tuple(d.scores[name].num_system for d in documents),
                     tuple(d.scores[name].num_gold for d in documents)) for name in METRICS}
    return UnitCounts("document", tuple(d.doc_id for d in documents), counts, dict(METRICS))
