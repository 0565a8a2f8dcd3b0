"""What flips between two conventions: the triggers and arguments whose outcome differs, and why.

A figure differs between conventions because some occurrences are counted or credited differently:
a partial-span trigger earns 0.8 under Dice and nothing under exact match; a duplicate prediction is
counted twice by one convention and once by another. Lining up each convention's per-occurrence
outcomes (`evmeval.conventions.items`) on the same rows shows exactly those occurrences, grouped by
the rule that decided them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations

from evmeval.conventions.items import MAVEN_PENALTY, MAVEN_STRINGS, NOT_IN_TEXT, PARTIAL_SPAN, ROWS, Item, Outcome

OTHER = "other rule difference"
"""A flip neither convention names a reason for."""
PART_CREDIT_RULES = (MAVEN_PENALTY, MAVEN_STRINGS)
"""Notes that say why a credit is a part (MAVEN-Arg's penalty and bag-of-words F1), where Dice's is not the cause."""


@dataclass(frozen=True)
class Flip:
    """One occurrence on one row whose (counted, credit) differs between conventions `a` and `b`."""

    item: Item
    row: str
    a: Outcome
    b: Outcome
    """b's outcome, on the flip's item (a's: the same occurrence; one item kept a flip, not two)."""
    reason: str

    def to_json(self) -> dict[str, object]:
        def side(o: Outcome) -> dict[str, object]:
            return {"counted": o.counted, "credit": o.credit, "note": o.note, "detail": o.detail}
        return {**self.item.to_json(), "row": self.row, "a": side(self.a), "b": side(self.b)}


@dataclass(frozen=True)
class PairFlips:
    """Every flip between two conventions, grouped by reason (largest group first)."""

    a: str
    b: str
    groups: dict[str, list[Flip]]
    left_out: dict[str, int] = field(default_factory=dict)
    """Per reason, the flips counted but not kept in `groups` (`first_flips`: the window keeps the first of each
    group, those its Conventions dock lists); empty in the library's results, which keep every flip."""

    def count(self, reason: str) -> int:
        """The flips of one reason, kept or not."""
        return len(self.groups.get(reason, ())) + self.left_out.get(reason, 0)

    @property
    def total(self) -> int:
        return sum(self.count(reason) for reason in self.groups)

    def to_json(self, lazy: bool = False) -> dict[str, object]:
        """`lazy`: each group's flips a `LazyFlips`, for `json`'s indenting encoder only."""
        return {"a": self.a, "b": self.b, "total": self.total,
                "groups": [{"reason": reason, "count": self.count(reason),
                            "flips": LazyFlips(flips) if lazy else [f.to_json() for f in flips]}
                           for reason, flips in self.groups.items()]}


class LazyFlips(list):  # type: ignore[type-arg]
    """A group's flips as a JSON array whose objects are made one at a time, as `json`'s indenting (pure-Python)
    encoder iterates over it (`conventions.cli.json_pieces`): the objects of a TextEE corpus's 110,744 flips, all
    made at once, were most of `evmeval-score --convention all --json`'s peak (issue 34). Only that encoder reads
    it: it holds no element itself (its length and iteration are the flips')."""

    def __init__(self, flips: Sequence[Flip]) -> None:
        super().__init__()
        self._flips = flips

    def __len__(self) -> int:
        return len(self._flips)

    def __iter__(self) -> Iterator[dict[str, object]]:  # type: ignore[override]
        return (f.to_json() for f in self._flips)


def reason(a: Outcome, b: Outcome) -> str:
    """The rule behind a difference: when one counts the occurrence and the other does not, the
    note of the one that does not (it collapsed, overwrote or left it out); when both count it and
    credit differs, a part credit means a partial span; else whichever note there is."""
    if a.counted != b.counted:
        quiet = a if a.counted < b.counted else b
        return quiet.note or (b if quiet is a else a).note or OTHER
    if any(0.0 < o.credit < 1.0 for o in (a, b)):
        return next((o.note for o in (a, b) if o.note in PART_CREDIT_RULES), PARTIAL_SPAN)
    return a.note or b.note or OTHER


def pair_flips(a_name: str, a: Sequence[Outcome], b_name: str, b: Sequence[Outcome]) -> PairFlips:
    """The flips between two conventions' outcomes, on the rows both have, in file order per group."""
    # `item[:5]` is `Item.key` (its first five fields), sliced here: a property call per outcome cost a third
    # of the flips' time on a 4,000-event document. Keyed by row, then item: no pair made per outcome, and no
    # set of a's every key (they were most of a large TextEE corpus's peak while loading, issue 34): only b's
    # strings not in the text are looked for in a.
    b_by: dict[str, dict[tuple[object, ...], Outcome]] = {}
    for o in b:
        b_by.setdefault(o.row, {})[o.item[:5]] = o
    unseen = {(o.item[:5], o.row) for o in b if o.note == NOT_IN_TEXT}  # those a lacks flip below
    groups: dict[str, list[Flip]] = {}
    none: dict[tuple[object, ...], Outcome] = {}
    for o in a:
        key = o.item[:5]
        if unseen:
            unseen.discard((key, o.row))
        other = b_by.get(o.row, none).get(key)
        if other is None and o.note == NOT_IN_TEXT:
            other = Outcome(o.item, o.row, 0, 0.0, NOT_IN_TEXT, "dropped: its scorer never sees it")
        if other is None or (o.counted, o.credit) == (other.counted, other.credit):
            continue
        r = reason(o, other)
        groups.setdefault(r, []).append(Flip(o.item, o.row, o, other._replace(item=o.item), r))
    a_rows = {o.row for o in a}
    for o in b:  # a string not in the text: only ours has it (a published scorer never sees it)
        if o.note == NOT_IN_TEXT and o.row in a_rows and (o.item[:5], o.row) in unseen:
            dropped = Outcome(o.item, o.row, 0, 0.0, NOT_IN_TEXT, "dropped: its scorer never sees it")
            groups.setdefault(NOT_IN_TEXT, []).append(Flip(o.item, o.row, dropped, o, NOT_IN_TEXT))
    return _ordered(a_name, b_name, groups)


def _ordered(a_name: str, b_name: str, groups: dict[str, list[Flip]],
             left_out: dict[str, int] | None = None) -> PairFlips:
    """The groups in their order (largest first, counting those `left_out`), each in file order: side, document,
    window, event, argument, row (one flip per place and row, so the order does not depend on the order they were
    found in)."""
    order = list(ROWS)
    for flips in groups.values():
        flips.sort(key=lambda f: (f.item.side != "pred", f.item.doc_id, f.item.unit, f.item.event, f.item.argument,
                                  order.index(f.row)))
    out = left_out or {}
    return PairFlips(a_name, b_name, dict(sorted(groups.items(), key=lambda kv: (-len(kv[1]) - out.get(kv[0], 0),
                                                                                  kv[0]))), out)


def merged_flips(parts: Sequence[PairFlips], keep: int | None = None) -> PairFlips:
    """The flips of one pair of conventions made document by document (`parts`, each a document's), as
    `pair_flips` gives them on the documents together: a flip is an occurrence's own (its outcomes under both
    conventions on one row), so the whole's flips are the parts' in the whole's order. `keep`: as
    `first_flips(merged, keep)` (the parts may be so cut already: the first of the whole are among theirs)."""
    groups: dict[str, list[Flip]] = {}
    left_out: dict[str, int] = {}
    for part in parts:
        for why, flips in part.groups.items():
            groups.setdefault(why, []).extend(flips)
        for why, count in part.left_out.items():
            left_out[why] = left_out.get(why, 0) + count
    merged = _ordered(parts[0].a, parts[0].b, groups, left_out)
    return merged if keep is None else first_flips(merged, keep)


def first_flips(pair: PairFlips, keep: int) -> PairFlips:
    """`pair` keeping the first `keep` flips of each group, the others counted (`PairFlips.left_out`): what the
    window's Conventions dock lists of a large corpus's flips (all of them were most of a TextEE corpus's memory,
    issue 34), with the same counts and order."""
    if all(len(flips) <= keep for flips in pair.groups.values()):
        return pair
    left_out = dict(pair.left_out)
    for why, flips in pair.groups.items():
        if len(flips) > keep:
            left_out[why] = left_out.get(why, 0) + len(flips) - keep
    return replace(pair, groups={why: flips[:keep] for why, flips in pair.groups.items()}, left_out=left_out)


def all_flips(outcomes: Mapping[str, Sequence[Outcome]]) -> list[PairFlips]:
    """The flips of every pair of conventions (in the order given) that have outcomes."""
    return [pair_flips(a, outcomes[a], b, outcomes[b]) for a, b in combinations(outcomes, 2)]
