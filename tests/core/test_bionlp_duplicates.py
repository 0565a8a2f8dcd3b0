"""Convention `bionlp` on duplicates and `Equiv`, counts derived by hand from a2-evaluate.pl's rules (no script
needed; tests/core/test_bionlp_differential.py runs the same cases against the script when it is there).

The script's rules, restated: (1) `*<TAB>Equiv A B` maps B onto A in the arguments of the gold events read
after the line, and of every answer event (the whole gold is read first; an answer's arguments are looked
up twice); (2) on each side, events with the
same type, trigger *id* and arguments (in order, Theme2-6 read as Theme) count once; (3) every answer is
compared with every gold; (4) per document and event type, matched answers beyond the matched golds are
taken off both answer counts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.bionlp import score_bionlp

TEXT = "IL-2 expression in IL2 cells.\n"
A1 = "T1\tProtein 0 4\tIL-2\nT3\tProtein 19 22\tIL2\n"
EXPRESSION = "T2\tGene_expression 5 15\texpression\n"
ANSWER_T5 = "T5\tGene_expression 5 15\texpression\n"
TWO_TRIGGERS = ANSWER_T5 + "T6\tGene_expression 5 15\texpression\n"

# (gold .a2, answer .a2, strict counts (gold, matched gold, answers, matched answers)), each with its derivation
CASES = {
    # gold E1 and E2: same type, same trigger id T2, same Theme T1 -> one gold event (rule 2); the answer
    # matches it -> gold 1 (1), answer 1 (1)                      [before: gold 2 (2)]
    "gold-duplicate": (
        EXPRESSION + "E1\tGene_expression:T2 Theme:T1\nE2\tGene_expression:T2 Theme:T1\n",
        ANSWER_T5 + "E1\tGene_expression:T5 Theme:T1\n",
        (1, 1, 1, 1)),
    # the answer's E1 and E2 sit on two trigger ids (T5, T6) -> not duplicates (rule 2); both are
    # Gene_expression, the gold a Transcription -> no match -> gold 1 (0), answers 2 (0)   [before: answers 1]
    "unmatched-answer-duplicate-on-two-trigger-ids": (
        "T2\tTranscription 5 15\texpression\nE1\tTranscription:T2 Theme:T1\n",
        TWO_TRIGGERS + "E1\tGene_expression:T5 Theme:T1\nE2\tGene_expression:T6 Theme:T1\n",
        (1, 0, 2, 0)),
    # Equiv T1 T3 above both gold events: E2's Theme T3 reads T1 (rule 1), so E2 repeats E1 -> one gold event;
    # the answer (Theme T1) matches it -> gold 1 (1), answer 1 (1)      [before: gold 2 (2)]
    "gold-duplicate-through-equiv": (
        "*\tEquiv T1 T3\n" + EXPRESSION + "E1\tGene_expression:T2 Theme:T1\nE2\tGene_expression:T2 Theme:T3\n",
        ANSWER_T5 + "E1\tGene_expression:T5 Theme:T1\n",
        (1, 1, 1, 1)),
    # the same Equiv line written below the gold events maps neither (rule 1): two gold events, T1 and T3;
    # the answer's Theme T3 reads T1 (the answer sees every gold Equiv) -> it matches E1 only ->
    # gold 2 (1), answer 1 (1)
    "equiv-below-the-gold-events": (
        EXPRESSION + "E1\tGene_expression:T2 Theme:T1\nE2\tGene_expression:T2 Theme:T3\n*\tEquiv T1 T3\n",
        ANSWER_T5 + "E1\tGene_expression:T5 Theme:T3\n",
        (2, 1, 1, 1)),
    # a gold event on T3 above `Equiv T1 T3` keeps T3, while every answer's T3 reads T1: nothing can match
    # it -> gold 1 (0), answer 1 (0)
    "gold-event-above-its-equiv-is-unmatchable": (
        EXPRESSION + "E1\tGene_expression:T2 Theme:T3\n*\tEquiv T1 T3\n",
        ANSWER_T5 + "E1\tGene_expression:T5 Theme:T3\n",
        (1, 0, 1, 0)),
    # a matched answer written twice on two trigger ids: two answers, both match the one gold event;
    # matched answers 2 > matched golds 1 for Gene_expression -> one off both (rule 4) -> answer 1 (1)
    "matched-answer-duplicate-on-two-trigger-ids": (
        EXPRESSION + "E1\tGene_expression:T2 Theme:T1\n",
        TWO_TRIGGERS + "E1\tGene_expression:T5 Theme:T1\nE2\tGene_expression:T6 Theme:T1\n",
        (1, 1, 1, 1)),
    # rule 4 counts per type, not per gold event: gold E1 (T2, Theme T1) and E2, E3 (one event on two
    # trigger ids T4, T7: both kept, rule 2); answers E1, E2 (T5, T6) match gold E1, E3 (T8) matches E2 and
    # E3 -> 3 matched answers, 3 matched golds: nothing off -> gold 3 (3), answers 3 (3)
    "answer-duplicates-and-gold-duplicates-balance": (
        EXPRESSION + "T4\tGene_expression 23 28\tcells\nT7\tGene_expression 23 28\tcells\n"
        "E1\tGene_expression:T2 Theme:T1\nE2\tGene_expression:T4 Theme:T3\nE3\tGene_expression:T7 Theme:T3\n",
        TWO_TRIGGERS + "T8\tGene_expression 23 28\tcells\nE1\tGene_expression:T5 Theme:T1\n"
        "E2\tGene_expression:T6 Theme:T1\nE3\tGene_expression:T8 Theme:T3\n",
        (3, 3, 3, 3)),
    # duplicates nest: the gold regulations E3, E4 name E1, E2, which repeat each other -> E4 repeats E3;
    # 2 gold events; the answer's regulation matches E3 -> gold 2 (2), answers 2 (2)
    "nested-gold-duplicates": (
        EXPRESSION + "T4\tPositive_regulation 23 28\tcells\nE1\tGene_expression:T2 Theme:T1\n"
        "E2\tGene_expression:T2 Theme:T1\nE3\tPositive_regulation:T4 Theme:E1\nE4\tPositive_regulation:T4 Theme:E2\n",
        ANSWER_T5 + "T6\tPositive_regulation 23 28\tcells\nE1\tGene_expression:T5 Theme:T1\n"
        "E2\tPositive_regulation:T6 Theme:E1\n",
        (2, 2, 2, 2)),
    # the script looks an answer's arguments up in the Equiv map twice (reading the line, then checking
    # for duplicates), the gold's once: with `Equiv T3 T1` then `Equiv T1 T3` (T1 -> T3, T3 -> T1), the gold
    # E1's T1 reads T3, the answer's T1 reads T3 then T1 -> no match -> gold 1 (0), answer 1 (0)
    "equiv-looked-up-twice-in-answers": (
        "*\tEquiv T3 T1\n*\tEquiv T1 T3\n" + EXPRESSION + "E1\tGene_expression:T2 Theme:T1\n",
        ANSWER_T5 + "E1\tGene_expression:T5 Theme:T1\n",
        (1, 0, 1, 0)),
}


def write_case(tmp_path: Path, gold_a2: str, answer_a2: str) -> tuple[Path, Path]:
    gold, answer = tmp_path / "gold", tmp_path / "answer"
    gold.mkdir()
    answer.mkdir()
    (gold / "d.txt").write_text(TEXT, encoding="utf-8")
    (gold / "d.a1").write_text(A1, encoding="utf-8")
    (gold / "d.a2").write_text(gold_a2, encoding="utf-8")
    (answer / "d.a2").write_text(answer_a2, encoding="utf-8")
    return gold, answer


def strict_counts(gold: Path, answer: Path) -> tuple[int, int, int, int]:
    m = score_bionlp(Input(str(gold)), Input(str(answer))).metrics["strict"]
    return m.gold_num, m.gold_match_num, m.pred_num, m.match_num  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", CASES)
def test_duplicates_count_as_the_script_counts_them(tmp_path: Path, name: str) -> None:
    gold_a2, answer_a2, expected = CASES[name]
    assert strict_counts(*write_case(tmp_path, gold_a2, answer_a2)) == expected
