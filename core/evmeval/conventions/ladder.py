"""The soft-match ladder (issue 35, section 3): which looser rule credited which prediction.

Papers report generative systems under looser and looser matches (normalised text, head word, token F1,
coreference, an LLM judge) and the figures move by 5-20 points without saying which item moved. The ladder
starts from convention `strings`' exact one-to-one matches and climbs one rule at a time; each step pairs
predictions still unmatched with gold still unmatched (same window and row key; arguments also under the
same trigger span), and lists the items it promoted. The steps' counts add up to the final true positives
by construction. docs/scoring/ladder.md works an example by hand.

Our head word (no parser): the span's tokens up to its first preposition (after the first token), the last
of them that is not punctuation; "the mayor of Paris" -> "mayor", "in June" -> "June".

Matching (`MATCHINGS`): `greedy` pairs in file order, `optimal` pairs as many as can be paired at each step
(the assignment solver of `evmeval.align.hungarian`), `any` credits a prediction when any gold item passes
the step, taken or not, and counts the credited predictions on both sides (as gen-arg does: two mentions of
one entity count twice toward recall). `flips` lists what two matchings credit differently.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from evmeval.align.hungarian import min_cost_assignment
from evmeval.conventions.items import GOLD, PRED, ROWS, Item, Outcome
from evmeval.grounding import normalise
from evmeval.io.textee import Window

STEPS: dict[str, str] = {
    "exact": "exact span and key (convention strings, one to one)",
    "normalised": "same text once case, punctuation and leading articles are dropped",
    "head_position": "same head word token (our head rule) in the window",
    "head_text": "same head word text (case folded)",
    "token_f1": "bag-of-words F1 of the texts >= threshold",
    "coreference": "a mention of the gold argument's entity (ids ENTITY-N: same ENTITY) has the prediction's span "
                   "or text",
    "judgement": "accepted by the judgement file",
}
"""The ladder's steps in order, and the rule each one applies."""

MATCHINGS = ("greedy", "optimal", "any")
DEFAULT_THRESHOLD = 0.5

_ARTICLES = frozenset({"a", "an", "the"})
_PREPOSITIONS = frozenset({"of", "in", "on", "at", "for", "from", "to", "with", "by", "into", "near", "about",
                           "after", "before", "during", "under", "over", "between", "against", "through"})
_PUNCT = re.compile(r"^\W+$")
_MENTION_NUMBER = re.compile(r"-\d+$")


def words(text: str) -> list[str]:
    """Case-folded tokens, split on white space."""
    return normalise(text).split()


def normalised(text: str) -> str:
    """Case folded, punctuation-only tokens and leading articles dropped."""
    kept = [w for w in words(text) if not _PUNCT.match(w)]
    while kept and kept[0] in _ARTICLES:
        kept = kept[1:]
    return " ".join(kept)


def head_index(tokens: Sequence[str]) -> int:
    """Our head rule: the last non-punctuation token before the first preposition after the first token
    (-1 for a span of punctuation only)."""
    end = len(tokens)
    for i, token in enumerate(tokens[1:], 1):
        if token.casefold() in _PREPOSITIONS:
            end = i
            break
    for i in range(end - 1, -1, -1):
        if not _PUNCT.match(tokens[i]):
            return i
    return -1


def token_f1(a: str, b: str) -> float:
    """Bag-of-words F1 of two texts (case folded, a multiset of tokens)."""
    x, y = words(a), words(b)
    if not x or not y:
        return 0.0
    common = sum(min(x.count(w), y.count(w)) for w in set(x))
    return 2 * common / (len(x) + len(y))


def entity_cluster(entity_id: str) -> str:
    """The entity a mention id belongs to: `E1-2` is mention 2 of entity `E1` (TextEE/ACE ids)."""
    return _MENTION_NUMBER.sub("", entity_id)


@dataclass(frozen=True)
class Promotion:
    """One prediction a step credited, with the gold item it was paired with (None under `judgement`)."""

    step: str
    row: str
    pred: Item
    gold: Item | None

    def to_json(self) -> dict[str, object]:
        return {"step": self.step, "rule": STEPS[self.step], "row": self.row, "pred": self.pred.to_json(),
                "gold": None if self.gold is None else self.gold.to_json()}


@dataclass(frozen=True)
class Ladder:
    """Per row: predictions and gold counted, and every promotion in step order."""

    matching: str
    threshold: float
    pred_num: dict[str, int]
    gold_num: dict[str, int]
    promotions: tuple[Promotion, ...]
    gold_judged: dict[str, int]
    """Per row: gold items no step matched that the judgement file says a prediction covers (recall only)."""

    def count(self, step: str, row: str) -> int:
        return sum(1 for p in self.promotions if p.step == step and p.row == row)

    def tp(self, row: str) -> int:
        """Predictions credited on `row`: the sum of the steps' counts."""
        return sum(1 for p in self.promotions if p.row == row)

    def gold_matched(self, row: str) -> int:
        """Gold credited on `row`: paired by a step (under `any`, each credited prediction), or judged covered."""
        return self.tp(row) - self.count("judgement", row) + self.gold_judged.get(row, 0)

    def precision(self, row: str) -> float:
        return self.tp(row) / self.pred_num[row] if self.pred_num[row] else 0.0

    def recall(self, row: str) -> float:
        return self.gold_matched(row) / self.gold_num[row] if self.gold_num[row] else 0.0

    def to_json(self) -> dict[str, object]:
        table = {row: {"steps": {step: self.count(step, row) for step in STEPS}, "tp": self.tp(row),
                       "gold_matched": self.gold_matched(row), "pred_num": self.pred_num[row],
                       "gold_num": self.gold_num[row], "precision": self.precision(row), "recall": self.recall(row)}
                 for row in ROWS}
        return {"matching": self.matching, "threshold": self.threshold, "rules": dict(STEPS), "rows": table,
                "promotions": [p.to_json() for p in self.promotions if p.step != "exact"]}


Test = Callable[[Item, Item], bool]


def _coref_test(gold: Sequence[Window]) -> Test:
    """Whether a prediction is a mention (span or normalised text) of the gold argument's entity."""
    mentions: dict[tuple[str, str], dict[str, list[tuple[int, int, str]]]] = {}
    spans: dict[tuple[str, str, int, int], str] = {}
    for w in gold:
        clusters = mentions.setdefault((w.doc_id, w.wnd_id), {})
        for e in w.entity_mentions or ():
            text = normalised(" ".join(w.tokens[e.start:e.end]))
            clusters.setdefault(entity_cluster(e.id), []).append((e.start, e.end, text))
        for event in w.event_mentions:
            for a in event.arguments:
                if a.entity_id is not None:
                    start, end = w.argument_span(a)
                    spans[(w.doc_id, w.wnd_id, start, end)] = entity_cluster(a.entity_id)

    def test(p: Item, g: Item) -> bool:
        cluster = spans.get((g.doc_id, g.unit, g.start, g.end))
        if cluster is None or g.argument < 0:
            return False
        text = normalised(p.text)
        return any((s, e) == (p.start, p.end) or t == text
                   for s, e, t in mentions.get((p.doc_id, p.unit), {}).get(cluster, ()))
    return test


def _tests(gold: Sequence[Window], threshold: float) -> dict[str, Test]:
    def head(i: Item) -> tuple[int, str]:
        tokens = i.text.split()
        h = head_index(tokens)
        return (i.start + h if i.start >= 0 and h >= 0 else -1), (tokens[h].casefold() if h >= 0 else "")

    return {
        "normalised": lambda p, g: normalised(p.text) == normalised(g.text) != "",
        "head_position": lambda p, g: head(p)[0] == head(g)[0] >= 0,
        "head_text": lambda p, g: head(p)[1] == head(g)[1] != "",
        "token_f1": lambda p, g: token_f1(p.text, g.text) >= threshold,
        "coreference": _coref_test(gold),
    }


def _triggers(outcomes: Iterable[Outcome]) -> dict[tuple[str, str, str, int], tuple[int, int]]:
    return {(o.item.side, o.item.doc_id, o.item.unit, o.item.event): (o.item.start, o.item.end)
            for o in outcomes if o.item.argument < 0}


def _group(item: Item, row: str, triggers: Mapping[tuple[str, str, str, int], tuple[int, int]]) -> tuple:
    """What must be equal for two items to be paired on `row`: window, type (role), trigger span."""
    key: tuple = (item.doc_id, item.unit)
    if row != "trigger_id":
        key += (item.event_type,)
    if item.argument >= 0:
        key += (triggers.get((item.side, item.doc_id, item.unit, item.event)),)
    if row == "argument_cls":
        key += (item.role,)
    return key


def _pair(preds: list[Item], golds: list[Item], test: Test, matching: str) -> list[tuple[Item, Item]]:
    """The pairs one step makes among the still unmatched items of one group."""
    if matching == "any":
        found = [(p, next((g for g in golds if test(p, g)), None)) for p in preds]
        return [(p, g) for p, g in found if g is not None]
    if matching == "greedy":
        out, taken = [], set()
        for p in preds:
            for j, g in enumerate(golds):
                if j not in taken and test(p, g):
                    taken.add(j)
                    out.append((p, g))
                    break
        return out
    edges = [[0.0 if test(p, g) else 1.0 for g in golds] for p in preds]
    if not preds or not golds or all(c for row in edges for c in row):
        return []
    if len(preds) <= len(golds):
        cols = min_cost_assignment(edges)
        return [(preds[i], golds[j]) for i, j in enumerate(cols) if edges[i][j] == 0.0]
    rows = min_cost_assignment([list(c) for c in zip(*edges, strict=True)])
    return [(preds[i], golds[j]) for j, i in enumerate(rows) if edges[i][j] == 0.0]


def climb(outcomes: Sequence[Outcome], gold: Sequence[Window], *, matching: str = "greedy",
          threshold: float = DEFAULT_THRESHOLD, judgements: Mapping[tuple[tuple, str], bool] | None = None) -> Ladder:
    """The ladder over convention `strings`' outcomes (`strings_outcomes`) on the gold windows `gold`.
    `judgements`: (item key, row) -> accepted, for the last step (predictions and gold judged apart)."""
    if matching not in MATCHINGS:
        raise ValueError(f"unknown matching {matching!r} (expected one of: {', '.join(MATCHINGS)})")
    triggers = _triggers(outcomes)
    tests = _tests(gold, threshold)
    judged = judgements or {}
    promotions: list[Promotion] = []
    pred_num = {row: 0 for row in ROWS}
    gold_num = {row: 0 for row in ROWS}
    gold_judged = {row: 0 for row in ROWS}
    for row in ROWS:
        here = [o for o in outcomes if o.row == row]
        pred_num[row] = sum(o.counted for o in here if o.item.side == PRED)
        gold_num[row] = sum(o.counted for o in here if o.item.side == GOLD)
        promotions += [Promotion("exact", row, o.item, None) for o in here if o.item.side == PRED and o.credit >= 1]
        preds: dict[tuple, list[Item]] = {}
        golds: dict[tuple, list[Item]] = {}
        unmatched: set[tuple] = set()
        for o in here:
            if o.item.side == GOLD and o.counted and o.credit < 1:
                unmatched.add(o.item.key)
            if o.counted and (o.credit < 1 or (matching == "any" and o.item.side == GOLD)):
                side = preds if o.item.side == PRED else golds
                side.setdefault(_group(o.item, row, triggers), []).append(o.item)
        for step, test in tests.items():
            for key, left in preds.items():
                pairs = _pair(left, golds.get(key, []), test, matching)
                promotions += [Promotion(step, row, p, g) for p, g in pairs]
                paired = {id(p) for p, _ in pairs}
                preds[key] = [p for p in left if id(p) not in paired]
                unmatched -= {g.key for _, g in pairs}
                if matching != "any":
                    taken = {id(g) for _, g in pairs}
                    golds[key] = [g for g in golds.get(key, []) if id(g) not in taken]
        for left in preds.values():
            promotions += [Promotion("judgement", row, p, None) for p in left if judged.get((p.key, row))]
        gold_judged[row] = sum(1 for key in unmatched if judged.get((key, row)))
    return Ladder(matching, threshold, pred_num, gold_num, tuple(promotions), gold_judged)


def candidate_gold_additions(ladder: Ladder) -> list[Item]:
    """Predictions no rule matched that the judge accepted: gold the annotators may have missed (one per item)."""
    seen: dict[tuple, Item] = {}
    for p in ladder.promotions:
        if p.step == "judgement":
            seen.setdefault(p.pred.key, p.pred)
    return list(seen.values())


def flips(a: Ladder, b: Ladder) -> list[tuple[str, Item, str, str]]:
    """(row, prediction, step under a, step under b) for every prediction credited differently ("-": not credited)."""
    def steps(ladder: Ladder) -> dict[tuple[str, tuple], str]:
        return {(p.row, p.pred.key): p.step for p in ladder.promotions}
    sa, sb = steps(a), steps(b)
    items = {(p.row, p.pred.key): p.pred for p in (*a.promotions, *b.promotions)}
    return [(row, items[(row, key)], sa.get((row, key), "-"), sb.get((row, key), "-"))
            for row, key in sorted(set(sa) ^ set(sb) | {k for k in sa.keys() & sb.keys() if sa[k] != sb[k]},
                                   key=lambda k: (list(ROWS).index(k[0]), k[1]))]


def format_ladder(ladder: Ladder) -> str:
    """The ladder as a text table: steps down, rows across (predictions credited), then P and R."""
    width = max(len(s) for s in STEPS)
    head = "  ".join(f"{label:>7}" for label in ("Tri-I", "Tri-C", "Arg-I", "Arg-C"))
    lines = [f"Soft-match ladder (matching {ladder.matching}, token F1 >= {ladder.threshold:g}):",
             f"{'Step':<{width}}  {head}"]
    for step in STEPS:
        lines.append(f"{step:<{width}}  " + "  ".join(f"{ladder.count(step, row):7d}" for row in ROWS))
    lines.append(f"{'= TP':<{width}}  " + "  ".join(f"{ladder.tp(row):7d}" for row in ROWS))
    lines.append(f"{'pred':<{width}}  " + "  ".join(f"{ladder.pred_num[row]:7d}" for row in ROWS))
    lines.append(f"{'gold matched':<{width}}  " + "  ".join(f"{ladder.gold_matched(row):7d}" for row in ROWS))
    lines.append(f"{'gold':<{width}}  " + "  ".join(f"{ladder.gold_num[row]:7d}" for row in ROWS))
    lines.append(f"{'P %':<{width}}  " + "  ".join(f"{100 * ladder.precision(row):7.2f}" for row in ROWS))
    lines.append(f"{'R %':<{width}}  " + "  ".join(f"{100 * ladder.recall(row):7.2f}" for row in ROWS))
    promoted = [p for p in ladder.promotions if p.step != "exact"]
    if promoted:
        lines.append("Promoted (step, row: prediction -> gold):")
        for p in promoted:
            gold = f"{p.gold.text!r} {p.gold.span_text}" if p.gold is not None else "judged"
            lines.append(f"  {p.step}, {p.row}: {p.pred.doc_id}/{p.pred.unit} {p.pred.label} {p.pred.text!r} "
                         f"{p.pred.span_text} -> {gold}")
    return "\n".join(lines) + "\n"
