"""A greedy mapping that does not care which annotator plays the key: for agreement between peers.

The Dice of `evmeval.align.overlap` on token-id sets or character sets (each character once, so a
mention with overlapping parts agrees with itself fully) and the same greedy pass per attribute
combination as the v1.8 mapping, with two rules changed so that swapping the sides gives the mirror
image of the mapping, exactly:

- Ties. v1.8 ranks equal-Dice pairs by system line, then gold line, which depends on the roles. Here a
  pair `(a, b)` is ranked by `(-dice, min(ka, kb), max(ka, kb))`, where a mention's key is
  `(sorted span units, mention id, type, realis, position in its document)`. The key pair is the same
  whichever side `a` comes from. Keys are unique within one side (the position), so the only pairs
  left tied are mirror pairs `(A_i, B_j)` / `(A_j, B_i)` where `A_i`, `B_i` are identical and so are
  `A_j`, `B_j`; the identical pair with the smaller key is ranked before both mirror pairs and shares
  a mention with each, so at most one of them can still be taken when their turn comes.
- Attributes. `NOT_ANNOTATED` matches any value on EITHER side (`AttributeRule.SYMMETRIC`; v1.8: gold side only).

TP sums the chosen Dice values in the order chosen, as the scorer does (that order is side-independent).
"""

from __future__ import annotations

from collections.abc import Sequence

from evmeval.align.charsets import CharSet
from evmeval.align.greedy import Mapping, Pair
from evmeval.align.overlap import candidate_pairs, mention_units
from evmeval.model import Mention
from evmeval.rules import COMBINATIONS, AttributeRule, attributes_agree


def mention_key(mention: Mention, position: int) -> tuple:
    """A side-independent sort key of one mention: its content first, its position last."""
    units, _ = mention_units(mention, distinct=True)
    content = units.sort_key() if isinstance(units, CharSet) else tuple(sorted(units))
    return (content, mention.mention_id, mention.mention_type, mention.realis, position)


def ranked_pairs(a: Sequence[Mention], b: Sequence[Mention]) -> list[tuple[float, int, int]]:
    """All overlapping `(dice, a_index, b_index)`, best first, in a side-independent order."""
    candidates = candidate_pairs(a, b, distinct=True)  # (dice, b_index, a_index); Dice itself is symmetric
    if not candidates:
        return []
    keys_a = [mention_key(m, i) for i, m in enumerate(a)]
    keys_b = [mention_key(m, i) for i, m in enumerate(b)]
    ranked = []
    for score, b_index, a_index in candidates:
        ka, kb = keys_a[a_index], keys_b[b_index]
        low, high = (ka, kb) if ka <= kb else (kb, ka)
        ranked.append(((-score, low, high), score, a_index, b_index))
    ranked.sort(key=lambda item: item[0])
    return [(score, a_index, b_index) for _, score, a_index, b_index in ranked]


def symmetric_mappings(
    a: Sequence[Mention],
    b: Sequence[Mention],
    combinations: Sequence[str] = COMBINATIONS,
) -> dict[str, Mapping]:
    """One greedy mapping per combination. In each `Pair`, `gold` indexes `a` and `system` indexes `b`
    (so the result plugs into the views built for gold/system results, `a` in the gold role)."""
    ranked = ranked_pairs(a, b)
    result: dict[str, Mapping] = {}
    for combination in combinations:
        taken_a: set[int] = set()
        taken_b: set[int] = set()
        chosen: list[Pair] = []
        check = combination != "plain"
        for score, a_index, b_index in ranked:
            if a_index in taken_a or b_index in taken_b:
                continue
            if check and not attributes_agree(AttributeRule.SYMMETRIC, combination, a[a_index], b[b_index]):
                continue
            taken_a.add(a_index)
            taken_b.add(b_index)
            chosen.append(Pair(a_index, b_index, score))
        result[combination] = Mapping(combination, tuple(chosen), sum(p.dice for p in chosen), AttributeRule.SYMMETRIC)
    return result


def swap_mapping(mapping: Mapping) -> Mapping:
    """The same mapping seen from the other side (gold and system indexes exchanged)."""
    return Mapping(mapping.combination, tuple(Pair(p.system, p.gold, p.dice) for p in mapping.pairs), mapping.tp,
                   mapping.rule)
