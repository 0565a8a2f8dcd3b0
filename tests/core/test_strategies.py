"""Mapping strategies (greedy / optimal / ordered): hand-made cases as derivations, brute-force
properties with hypothesis, and greedy through the strategy interface against the published reports."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations as subsets
from pathlib import Path

import pytest
from evmeval.align import COMBINATIONS, candidate_pairs, greedy_mappings
from evmeval.align.greedy import Mapping
from evmeval.align.hungarian import min_cost_assignment
from evmeval.align.optimal import optimal_mappings
from evmeval.align.ordered import ordered_mappings, token_order
from evmeval.align.strategies import STRATEGIES, STRATEGY_NAMES, map_mentions, mapping_strategy
from evmeval.cli.score import score_main
from evmeval.mention.scoring import score_document
from evmeval.model import Mention
from evmeval.rules import AttributeRule, attributes_agree
from hypothesis import given, settings
from hypothesis import strategies as st

from .test_parity import RUN_NAMES, _runs


def mention(mention_id: str, tokens: list[int], mention_type: str = "attack", realis: str = "actual") -> Mention:
    span = tuple(f"t{k}" for k in tokens)
    return Mention("run", "doc", mention_id, span, mention_id, mention_type, realis, mention_type, realis, None, 1)


def ids(gold: list[Mention], system: list[Mention], mapping: Mapping) -> set[tuple[str, str]]:
    return {(gold[p.gold].mention_id, system[p.system].mention_id) for p in mapping.pairs}


# --- the case: greedy loses ---------------------------------------------------------------------

GOLD = [mention("G1", [0, 1, 2, 3, 4]), mention("G2", [5, 6])]
SYSTEM = [mention("S1", [0, 1]), mention("S2", [2, 3, 4, 5, 6])]


def test_greedy_takes_the_best_pair_and_strands_the_rest() -> None:
    # Dice(G1, S2) = 2*3/(5+5) = 0.6 beats Dice(G1, S1) = 2*2/(5+2) = 4/7 and Dice(G2, S2) = 2*2/(2+5) = 4/7;
    # once G1-S2 is taken, G2 and S1 do not overlap.
    plain = map_mentions(GOLD, SYSTEM, strategy="greedy")["plain"]
    assert ids(GOLD, SYSTEM, plain) == {("G1", "S2")}
    assert plain.tp == 2 * 3 / (5 + 5)


@pytest.mark.parametrize("strategy", ["optimal", "ordered"])
def test_optimal_and_ordered_take_both_pairs(strategy: str) -> None:
    plain = map_mentions(GOLD, SYSTEM, strategy=strategy)["plain"]
    assert ids(GOLD, SYSTEM, plain) == {("G1", "S1"), ("G2", "S2")}
    assert plain.tp == pytest.approx(2 * 2 / (5 + 2) + 2 * 2 / (2 + 5))
    assert Fraction(2 * 2, 5 + 2) + Fraction(2 * 2, 2 + 5) == Fraction(8, 7)


def test_scores_follow_the_chosen_mapping() -> None:
    greedy = score_document("doc", tuple(GOLD), tuple(SYSTEM))
    optimal = score_document("doc", tuple(GOLD), tuple(SYSTEM), mapping="optimal")
    assert greedy.scores["plain"].precision == 0.6 / 2
    assert optimal.scores["plain"].precision == pytest.approx((8 / 7) / 2)
    assert optimal.scores["plain"].recall == pytest.approx((8 / 7) / 2)


def test_attribute_combinations_are_mapped_separately() -> None:
    # S1 has the wrong type: for mention_type only G1-S2 and G2-S2 are eligible; the optimum is then
    # the better of the two: 0.6 (G1-S2) against 4/7 (G2-S2).
    system = [mention("S1", [0, 1], "die"), SYSTEM[1]]
    mappings = map_mentions(GOLD, system, strategy="optimal")
    assert ids(GOLD, system, mappings["mention_type"]) == {("G1", "S2")}
    assert ids(GOLD, system, mappings["plain"]) == {("G1", "S1"), ("G2", "S2")}


# --- where text order matters ---------------------------------------------------------------------------

NESTED_GOLD = [mention("Ga", [2, 3, 4, 5]), mention("Gb", [3])]
NESTED_SYSTEM = [mention("Sx", [0, 1, 2, 3]), mention("Sy", [2, 3, 4, 5])]


def test_ordered_refuses_crossing_pairs() -> None:
    # Ga (from t2) lies before Gb (t3); Sx (from t0) before Sy (t2). Greedy and optimal take Ga-Sy (Dice 1)
    # and Gb-Sx (2*1/(1+4) = 0.4): Ga's partner lies after Gb's, the pairs cross. Keeping order, the best
    # is Ga-Sy alone (1) rather than Ga-Sx + Gb-Sy (2*2/(4+4) + 2*1/(1+4) = 0.9).
    greedy = map_mentions(NESTED_GOLD, NESTED_SYSTEM, strategy="greedy")["plain"]
    optimal = map_mentions(NESTED_GOLD, NESTED_SYSTEM, strategy="optimal")["plain"]
    ordered = map_mentions(NESTED_GOLD, NESTED_SYSTEM, strategy="ordered")["plain"]
    assert ids(NESTED_GOLD, NESTED_SYSTEM, greedy) == {("Ga", "Sy"), ("Gb", "Sx")}
    assert greedy.tp == optimal.tp == 1 + 2 * 1 / (1 + 4)
    assert ids(NESTED_GOLD, NESTED_SYSTEM, ordered) == {("Ga", "Sy")}
    assert ordered.tp == 1.0
    assert 2 * 2 / (4 + 4) + 2 * 1 / (1 + 4) < 1.0


def test_double_tagged_mentions_at_one_place_do_not_cross() -> None:
    # One span tagged twice on each side, the types in opposite line order: matching them by type pairs
    # the first gold with the second system mention, which is no crossing in the text.
    gold = [mention("G1", [4], "attack"), mention("G2", [4], "die")]
    system = [mention("S1", [4], "die"), mention("S2", [4], "attack")]
    ordered = map_mentions(gold, system, strategy="ordered")["mention_type"]
    assert ids(gold, system, ordered) == {("G1", "S2"), ("G2", "S1")}
    assert ordered.tp == 2.0


def test_ordered_may_use_one_place_against_two() -> None:
    # G1 and G2 share t2-t3; the system splits it (S1 = t2, S2 = t3) with the types in the other line
    # order: G1-S2 and G2-S1 (Dice 2*1/(2+1) = 2/3 each) do not cross, the shared gold place being
    # unordered. The nested group of the previous test (t12-t15) makes the optimum cross, so the DP runs.
    gold = [mention("G1", [2, 3], "die"), mention("G2", [2, 3]), mention("Ga", [12, 13, 14, 15]), mention("Gb", [13])]
    system = [mention("S1", [2]), mention("S2", [3], "die"), mention("Sx", [10, 11, 12, 13]),
              mention("Sy", [12, 13, 14, 15])]
    ordered = map_mentions(gold, system, strategy="ordered")["mention_type"]
    assert ids(gold, system, ordered) == {("G1", "S2"), ("G2", "S1"), ("Ga", "Sy")}
    assert ordered.tp == pytest.approx(2 / 3 + 2 / 3 + 1)


def test_token_ids_compare_naturally() -> None:
    assert token_order("t2") < token_order("t10")
    assert sorted(["t10", "t9", "t1"], key=token_order) == ["t1", "t9", "t10"]


# --- ties ------------------------------------------------------------------------------------------------


def test_greedy_is_kept_when_it_is_already_optimal() -> None:
    # Dice G1-S2 = G2-S2 = 2*2/(2+3) = 4/5 and G1-S1 = G2-S1 = 2*1/(2+1) = 2/3: G1-S2 + G2-S1 and
    # G2-S2 + G1-S1 both total 4/5 + 2/3. The published ranking prefers (S2, G1), greedy's first pick,
    # so optimal returns greedy's very pairs, in the same order, with the same TP bits.
    gold = [mention("G1", [0, 1]), mention("G2", [1, 2])]
    system = [mention("S1", [1]), mention("S2", [0, 1, 2])]
    greedy = map_mentions(gold, system, strategy="greedy")
    assert ids(gold, system, greedy["plain"]) == {("G1", "S2"), ("G2", "S1")}
    assert map_mentions(gold, system, strategy="optimal") == greedy
    assert map_mentions(gold, system, strategy="ordered") == greedy


def test_ties_go_to_the_published_ranking_not_to_the_solver() -> None:
    # Gold double tagging: G2 and G3 both t4-t5. Dice S1-G2 = S1-G3 = 2*2/(2+3) = 4/5, S0-G2 = S0-G3 =
    # 2*1/(2+2) = 1/2, S1-G0 = 2*1/(2+3) = 2/5. Two optima total 4/5 + 1/2: {S1-G2, S0-G3} and
    # {S1-G3, S0-G2}; the ranking starts with (S1, G2), so the first one (greedy's) is chosen.
    gold = [mention("G0", [6, 7]), mention("G1", [2]), mention("G2", [4, 5]), mention("G3", [4, 5])]
    system = [mention("S0", [3, 4]), mention("S1", [4, 5, 6])]
    optimal = map_mentions(gold, system, strategy="optimal")["plain"]
    assert ids(gold, system, optimal) == {("G2", "S1"), ("G3", "S0")}
    assert optimal.tp == 2 * 2 / (2 + 3) + 2 * 1 / (2 + 2)


def test_ties_go_to_the_published_ranking() -> None:
    # A 4-cycle with every Dice 2*1/(2+2) = 1/2: G1-S1 + G2-S2 and G1-S2 + G2-S1 both total 1. The ranking
    # starts with (S1, G1) (earlier system line, then earlier gold line), so the mapping holding it wins.
    gold = [mention("G1", [0, 1]), mention("G2", [2, 3])]
    system = [mention("S1", [1, 2]), mention("S2", [0, 3])]
    for strategy in ("greedy", "optimal"):
        plain = map_mentions(gold, system, strategy=strategy)["plain"]
        assert ids(gold, system, plain) == {("G1", "S1"), ("G2", "S2")}
        assert plain.tp == 2 * 1 / (2 + 2) + 2 * 1 / (2 + 2)
    # In text order S2 (t0-t3) comes before S1 (t1-t2), so G1-S1 + G2-S2 cross; the other optimum does not.
    ordered = map_mentions(gold, system, strategy="ordered")["plain"]
    assert ids(gold, system, ordered) == {("G1", "S2"), ("G2", "S1")}
    assert ordered.tp == 2 * 1 / (2 + 2) + 2 * 1 / (2 + 2)


# --- the interface -----------------------------------------------------------------------------------------


def test_every_strategy_has_the_same_signature_and_result() -> None:
    candidates = candidate_pairs(GOLD, SYSTEM)
    for name in STRATEGY_NAMES:
        result = STRATEGIES[name](candidates, GOLD, SYSTEM, COMBINATIONS)
        assert list(result) == list(COMBINATIONS)
        assert all(isinstance(m, Mapping) and m.combination == c for c, m in result.items())
    assert mapping_strategy("greedy") is greedy_mappings


def test_unknown_strategy_is_named() -> None:
    with pytest.raises(ValueError, match=r"unknown mapping strategy 'best'.*greedy, optimal, ordered"):
        mapping_strategy("best")


def test_hungarian_on_a_small_matrix() -> None:
    # rows 0, 1, 2; the cheapest assignment is 0->1, 1->0, 2->2 with cost 1 + 2 + 2 = 5
    assert min_cost_assignment([[4, 1, 3], [2, 0, 5], [3, 2, 2]]) == [1, 0, 2]


@pytest.mark.parametrize("run", RUN_NAMES)
def test_greedy_through_the_interface_is_the_published_report(run: str, evmeval_data: Path, tmp_path: Path) -> None:
    args, expected = _runs(evmeval_data)[run]
    out, cmp = tmp_path / "scores.txt", tmp_path / "comparison.txt"
    assert score_main([*args, "--mapping", "greedy", "-o", str(out), "-d", str(cmp)]) == 0
    assert out.read_bytes() == (expected / "scores.txt").read_bytes()
    assert cmp.read_bytes() == (expected / "comparison.txt").read_bytes()


def test_another_mapping_says_so_on_the_first_line(evmeval_data: Path, tmp_path: Path) -> None:
    args, expected = _runs(evmeval_data)["token_B"]
    out = tmp_path / "scores.txt"
    assert score_main([*args, "--mapping", "ordered", "-o", str(out)]) == 0
    first, rest = out.read_text(encoding="utf-8").split("\n", 1)
    assert first.startswith("# Mapping: ordered") and "not official" in first
    assert rest == (expected / "scores.txt").read_text(encoding="utf-8")  # no crossing in the demo data


# --- properties against brute force ---------------------------------------------------------------------


def _units(m: Mention) -> frozenset[int]:
    return frozenset(int(t[1:]) for t in m.span)


def _exact(g: Mention, s: Mention) -> Fraction:
    a, b = _units(g), _units(s)
    return Fraction(2 * len(a & b), len(a) + len(b))


def _place(m: Mention) -> tuple[int, int]:
    return min(_units(m)), max(_units(m))


def _crossing(gold: list[Mention], system: list[Mention], chosen: tuple[tuple[float, int, int], ...]) -> bool:
    for (_, s1, g1), (_, s2, g2) in subsets(chosen, 2):
        ga, gb, sa, sb = _place(gold[g1]), _place(gold[g2]), _place(system[s1]), _place(system[s2])
        if (ga < gb and sa > sb) or (ga > gb and sa < sb):
            return True
    return False


def _brute_force(gold: list[Mention], system: list[Mention], combination: str,
                 keep_order: bool) -> set[tuple[int, int]]:
    """The documented choice, by enumeration: the largest exact total, then the ranking's preference."""
    ranked = [c for c in candidate_pairs(gold, system)
              if attributes_agree(AttributeRule.SCORER, combination, gold[c[2]], system[c[1]])]
    best: tuple[Fraction, list[bool]] | None = None
    best_set: tuple[tuple[float, int, int], ...] = ()

    def walk(k: int, chosen: tuple[tuple[float, int, int], ...], used_g: frozenset, used_s: frozenset) -> None:
        nonlocal best, best_set
        if k == len(ranked):
            if keep_order and _crossing(gold, system, chosen):
                return
            key = (sum((_exact(gold[g], system[s]) for _, s, g in chosen), Fraction(0)),
                   [c in chosen for c in ranked])
            if best is None or key > best:
                best, best_set = key, chosen
            return
        _, s, g = ranked[k]
        if g not in used_g and s not in used_s:
            walk(k + 1, (*chosen, ranked[k]), used_g | {g}, used_s | {s})
        walk(k + 1, chosen, used_g, used_s)

    walk(0, (), frozenset(), frozenset())
    return {(g, s) for _, s, g in best_set}


def _total(gold: list[Mention], system: list[Mention], mapping: Mapping) -> Fraction:
    return sum((_exact(gold[p.gold], system[p.system]) for p in mapping.pairs), Fraction(0))


@st.composite
def documents(draw: st.DrawFn, max_mentions: int = 5) -> tuple[list[Mention], list[Mention]]:
    def side(prefix: str, realis: list[str]) -> list[Mention]:
        out = []
        for n in range(draw(st.integers(0, max_mentions))):
            first = draw(st.integers(0, 8))
            tokens = list(range(first, first + draw(st.integers(1, 4))))
            if draw(st.booleans()) and len(tokens) > 2:
                tokens.pop(1)  # a discontinuous mention now and then
            out.append(mention(f"{prefix}{n}", tokens, draw(st.sampled_from(["attack", "die"])),
                               draw(st.sampled_from(realis))))
        return out

    return side("G", ["actual", "other", "notannotated"]), side("S", ["actual", "other"])


@settings(max_examples=150, deadline=None)
@given(documents())
def test_optimal_and_ordered_are_the_documented_choices(doc: tuple[list[Mention], list[Mention]]) -> None:
    gold, system = doc
    candidates = candidate_pairs(gold, system)
    greedy = greedy_mappings(candidates, gold, system)
    optimal = optimal_mappings(candidates, gold, system)
    ordered = ordered_mappings(candidates, gold, system)
    for c in COMBINATIONS:
        assert {(p.gold, p.system) for p in optimal[c].pairs} == _brute_force(gold, system, c, keep_order=False)
        assert {(p.gold, p.system) for p in ordered[c].pairs} == _brute_force(gold, system, c, keep_order=True)
        assert _total(gold, system, optimal[c]) >= _total(gold, system, greedy[c])
        assert _total(gold, system, optimal[c]) >= _total(gold, system, ordered[c])
        assert optimal[c].tp >= greedy[c].tp  # the reported float too, not only the exact value
        if _total(gold, system, optimal[c]) == _total(gold, system, greedy[c]):
            assert optimal[c] == greedy[c]


@st.composite
def clean_documents(draw: st.DrawFn) -> tuple[list[Mention], list[Mention]]:
    """Disjoint spans; a system mention either copies a gold span exactly or overlaps nothing."""
    slots = draw(st.lists(st.sampled_from(["both", "gold", "system"]), max_size=8))
    draw_type = st.sampled_from(["attack", "die"])
    gold, system = [], []
    for n, slot in enumerate(slots):
        tokens = [3 * n, 3 * n + 1][: draw(st.integers(1, 2))]
        if slot in ("both", "gold"):
            gold.append(mention(f"G{n}", tokens, draw(draw_type)))
        if slot in ("both", "system"):
            system.append(mention(f"S{n}", tokens, draw(draw_type)))
    system = draw(st.permutations(system))
    return gold, list(system)


@settings(max_examples=80, deadline=None)
@given(clean_documents())
def test_all_strategies_agree_when_every_dice_is_zero_or_one(doc: tuple[list[Mention], list[Mention]]) -> None:
    gold, system = doc
    results = [map_mentions(gold, system, strategy=name) for name in STRATEGY_NAMES]
    assert all(all(p.dice == 1.0 for p in m.pairs) for m in results[0].values())
    assert results[0] == results[1] == results[2]
