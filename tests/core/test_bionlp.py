"""BioNLP shared-task standoff and convention `bionlp`: figures derived by hand on resources/examples/bionlp,
validator messages with file:line, round trips, and the merged standoff output."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from evmeval.cli.score import score_main
from evmeval.conventions import Input, conventions_for
from evmeval.conventions.bionlp import BionlpMetric, merged_files, read_pair, score_bionlp
from evmeval.io.bionlp import (
    BionlpCorpus,
    document_files,
    read_answers,
    read_bionlp,
    validate_bionlp,
    without_lines,
)
from evmeval.io.brat import parse_ann
from evmeval.io.errors import FormatError
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.shipped import EXAMPLES

DATA = EXAMPLES / "bionlp"
GOLD, ANSWER = DATA / "gold", DATA / "answer"

# The text: "IL-2 expression is induced by TNF. p53 does not bind MDM2 in cells. MDM2 blocks
# phosphorylation of p53 at Ser15."  Given: T1 IL-2, T2 TNF, T3 p53, T4 MDM2, T5 MDM2, T6 p53; Equiv T3 T6,
# written as the gold's last line: as in a2-evaluate.pl it maps no gold event (they are all above it).
# Gold (6 items): E1 Gene_expression(expression 5-15, Theme T1); E2 Positive_regulation(induced, Theme E1,
#   Cause T2); E3 Binding(bind, Theme T3, Theme2 T4); M1 Negation E3; E4 Phosphorylation(Theme T6,
#   Site T12 Ser15); E5 Negative_regulation(blocks, Theme E4, Cause T5). The gold has a modification, so M
#   lines join the totals.
# Answer: E1 trigger "expression is" 5-18; E2 as gold; E3 Binding Theme T3 only; E4 = E3 (a strict duplicate,
#   dropped: 7 answers left); E5 Positive_regulation(induced, Theme T1); E6 Phosphorylation(Theme T3, no
#   Site); E7 Negative_regulation(blocks, Theme E6, Cause T5); M1 Negation E3.
# strict: E1's trigger differs; E2 needs E1; E3 lacks Theme2; E6 lacks the Site; E7 needs E6 whole;
#   M1 needs E3                                                    -> 0 of 7 answers, 0 of 6 gold
# -s: gold "expression" extends one word each side: left stops at the space (IL-2 is a gold span),
#   right takes " is" -> 4-18 contains 5-18: E1 matches, so E2 does -> 2, 2
# -p: nested events need their Themes only, but E7's Theme E6 (Theme T3) is not E4 (Theme T6: the Equiv line
#   comes after E4, so E4 keeps T6); E2's nested E1 still needs its trigger  -> 0, 0
# -sp: E1, E2                                                       -> 2, 2
# (the script, -t1, on these files: -p 0 of 6 answers, -sp 2 of 6; with the Equiv line first, 2 and 4)
BY_HAND = {"strict": (0, 7, 6, 0), "soft_boundary": (2, 7, 6, 2), "partial_recursive": (0, 7, 6, 0),
           "approximate": (2, 7, 6, 2)}


def four(metric: BionlpMetric) -> tuple[int, int, int, int]:
    return metric.match_num, metric.pred_num, metric.gold_num, metric.gold_match_num


def test_counts_as_derived_by_hand() -> None:
    result = score_bionlp(Input(str(GOLD)), Input(str(ANSWER)))
    assert {name: four(m) for name, m in result.metrics.items()} == BY_HAND  # type: ignore[arg-type]
    approximate = result.metrics["approximate"]
    assert (round(100 * approximate.precision, 2), round(100 * approximate.recall, 2)) == (28.57, 33.33)
    fp = result.fingerprint
    assert (fp.format, fp.documents, fp.event_mentions, fp.arguments, fp.event_types) == ("bionlp", 1, 5, 9, 5)


def _corpus(tmp_path: Path, gold_a2: str, answer_a2: str) -> tuple[Path, Path]:
    gold, answer = tmp_path / "gold", tmp_path / "answer"
    shutil.copytree(GOLD, gold)
    answer.mkdir()
    (gold / "PMID-1.a2").write_text(gold_a2, encoding="utf-8")
    (answer / "PMID-1.a2").write_text(answer_a2, encoding="utf-8")
    return gold, answer


def test_one_answer_matching_two_gold_events_counts_once_in_precision(tmp_path: Path) -> None:
    # Gold: one Phosphorylation written twice, on two copies of its trigger (T11, T13: two trigger ids, so
    # not duplicates for the script); the answer's one event matches both: TP(answer) 1 of 1, TP(gold)
    # 2 of 2 -> precision 1, recall 1.
    gold, answer = _corpus(tmp_path, "T11\tPhosphorylation 80 95\tphosphorylation\n"
                           "T13\tPhosphorylation 80 95\tphosphorylation\n"
                           "E1\tPhosphorylation:T11 Theme:T3\nE2\tPhosphorylation:T13 Theme:T3\n",
                           "T11\tPhosphorylation 80 95\tphosphorylation\nE1\tPhosphorylation:T11 Theme:T3\n")
    strict = score_bionlp(Input(str(gold)), Input(str(answer))).metrics["strict"]
    assert four(strict) == (1, 1, 2, 2)  # type: ignore[arg-type]
    assert (strict.precision, strict.recall) == (1.0, 1.0)


def test_approximate_duplicates_beyond_the_gold_are_dropped(tmp_path: Path) -> None:
    # Two answer triggers inside one gold trigger's extended span: under -s both match the one gold
    # event; the second is dropped, so precision stays 1/1. Strictly the second does not match at all.
    gold, answer = _corpus(tmp_path, "T7\tGene_expression 5 15\texpression\nE1\tGene_expression:T7 Theme:T1\n",
                           "T7\tGene_expression 5 15\texpression\nT8\tGene_expression 5 18\texpression is\n"
                           "E1\tGene_expression:T7 Theme:T1\nE2\tGene_expression:T8 Theme:T1\n")
    metrics = score_bionlp(Input(str(gold)), Input(str(answer))).metrics
    assert four(metrics["strict"]) == (1, 2, 1, 1)  # type: ignore[arg-type]
    assert four(metrics["soft_boundary"]) == (1, 1, 1, 1)  # type: ignore[arg-type]


def test_no_gold_and_no_answer_is_0_as_a2_evaluate_prints() -> None:
    metric = BionlpMetric(0, 0, 0, 0)
    assert (metric.precision, metric.recall, metric.f1) == (0.0, 0.0, 0.0)


@pytest.mark.parametrize(("a2", "message"), [
    ("E1\tGene_expression:T1 Theme:T1\n", r"answer/PMID-1.a2:1: event E1 is a Gene_expression but its trigger T1 "
     r"is a Protein"),
    ("T7\tGene_expression 5 15\texpression\nE1\tGene_expression:T7 Theme:T99\n",
     r"PMID-1.a2:2: event E1: Theme:T99 names no annotation"),
    ("T7\tPositive_regulation 19 26\tinduced\nE1\tPositive_regulation:T7 Theme:E2\n"
     "E2\tPositive_regulation:T7 Theme:E1\n", r"PMID-1.a2:3: event E2 contains itself through E1"),
    ("T7\tPositive_regulation 19 26\tinduced\nE1\tPositive_regulation:T7 Theme:T1 Cause:T2 Cause:T3\n",
     r"PMID-1.a2:2: event E1 has two Cause arguments"),
    ("T11\tPhosphorylation 80 95\tphosphorylation\nT12\tEntity 106 111\tSer15\n"
     "E1\tPhosphorylation:T11 Site:T12\n", r"PMID-1.a2:3: event E1: Site cannot be paired"),
    ("M1\tNegation T1\n", r"PMID-1.a2:1: modification M1 names 'T1', which is not an event"),
    ("T1\tGene_expression 5 15\texpression\n", r"PMID-1.a2:1: id T1 is already a given entity"),
    ("T7\tGene_expression 5 9;10 15\texpr ssion\n", r"PMID-1.a2:1: text bound T7 has 2 fragments"),
])
def test_validator_names_file_and_line(tmp_path: Path, a2: str, message: str) -> None:
    answer = tmp_path / "answer"
    answer.mkdir()
    (answer / "PMID-1.a2").write_text(a2, encoding="utf-8")
    with pytest.raises(FormatError, match=message):
        read_answers(str(answer), read_bionlp(str(GOLD)))


def test_validate_lists_every_document(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    shutil.copytree(GOLD, folder)
    shutil.copy(folder / "PMID-1.txt", folder / "PMID-2.txt")
    shutil.copy(folder / "PMID-1.a1", folder / "PMID-2.a1")
    (folder / "PMID-2.a2").write_text("E1\tBinding:T1 Theme:T3\n", encoding="utf-8")
    (folder / "PMID-1.a1").write_text("T1\tProtein 0 4\tIL-9\n", encoding="utf-8")
    problems = [str(p) for p in validate_bionlp(str(folder))]
    assert any("PMID-1.a1:1: text 'IL-9' of T1 differs from the document's 'IL-2'" in p for p in problems)
    assert any("PMID-2.a2:1: event E1 is a Binding but its trigger T1 is a Protein" in p for p in problems)


def _write(corpus: BionlpCorpus, folder: Path) -> None:
    folder.mkdir()
    for doc in corpus.documents:
        for extension, text in document_files(doc).items():
            (folder / (doc.doc_id + extension)).write_text(text, encoding="utf-8")


def test_round_trip_of_the_gold(tmp_path: Path) -> None:
    corpus = read_bionlp(str(GOLD))
    _write(corpus, tmp_path / "out")
    again = read_bionlp(str(tmp_path / "out"))
    for a, b in zip(corpus.documents, again.documents, strict=True):
        assert (a.text, without_lines(a.given), without_lines(a.task)) == (
            b.text, without_lines(b.given), without_lines(b.task))
    # the written files score as the gold itself does (not 1.0: see test_equiv_applies_to_the_events_below_it)
    again_metrics = score_bionlp(Input(str(GOLD)), Input(str(tmp_path / "out"))).metrics
    assert again_metrics == score_bionlp(Input(str(GOLD)), Input(str(GOLD))).metrics


WORDS = ["alpha", "beta", "gamma", "delta", "binds", "induces", "blocks"]


@st.composite
def documents(draw: st.DrawFn) -> tuple[str, str, str]:
    """A text of words, proteins among them, events on other words nesting earlier events."""
    words = draw(st.lists(st.sampled_from(WORDS), min_size=3, max_size=12))
    text = " ".join(words) + "\n"
    starts = [sum(len(w) + 1 for w in words[:i]) for i in range(len(words))]
    kinds = draw(st.lists(st.booleans(), min_size=len(words), max_size=len(words)))
    a1, a2, proteins, events = [], [], [], []
    for i, (word, start) in enumerate(zip(words, starts, strict=True)):
        tid = f"T{i + 1}"
        if kinds[i]:
            a1.append(f"{tid}\tProtein {start} {start + len(word)}\t{word}")
            proteins.append(tid)
    n = len(words)
    for i, (word, start) in enumerate(zip(words, starts, strict=True)):
        if kinds[i] or not (proteins or events):
            continue
        etype = draw(st.sampled_from(["Binding", "Regulation"]))
        a2.append(f"T{n + i + 1}\t{etype} {start} {start + len(word)}\t{word}")
        theme = draw(st.sampled_from(proteins + events))
        eid = f"E{len(events) + 1}"
        a2.append(f"{eid}\t{etype}:T{n + i + 1} Theme:{theme}")
        events.append(eid)
    if events and draw(st.booleans()):
        a2.append(f"M1\t{draw(st.sampled_from(['Negation', 'Speculation']))} {events[0]}")
    return text, "".join(x + "\n" for x in a1), "".join(x + "\n" for x in a2)


@settings(max_examples=40, deadline=None)
@given(doc=documents())
def test_hypothesis_round_trip_and_self_score(tmp_path_factory: pytest.TempPathFactory,
                                               doc: tuple[str, str, str]) -> None:
    folder = tmp_path_factory.mktemp("h")
    for extension, text in zip((".txt", ".a1", ".a2"), doc, strict=True):
        (folder / ("D" + extension)).write_text(text, encoding="utf-8")
    corpus = read_bionlp(str(folder))
    written = document_files(corpus.documents[0])
    assert sorted(written[".a2"].splitlines()) == sorted(doc[2].splitlines())  # every line, kinds grouped
    (folder / "D.a2").write_text(written[".a2"], encoding="utf-8")
    assert without_lines(read_bionlp(str(folder)).documents[0].task) == without_lines(corpus.documents[0].task)
    metrics = score_bionlp(Input(str(folder)), Input(str(folder))).metrics
    for metric in metrics.values():  # a gold scored against itself: everything matches (0 % with nothing to
        perfect = 1.0 if metric.gold_num else 0.0  # score, as a2-evaluate.pl prints)
        assert (metric.precision, metric.recall) == (perfect, perfect)


def test_merged_output_notes_each_event_and_reads_as_brat() -> None:
    files = merged_files(*read_pair(Input(str(GOLD)), Input(str(ANSWER))))
    assert sorted(files) == ["PMID-1.a1", "PMID-1.a2", "PMID-1.txt"]
    doc, _ = parse_ann(files["PMID-1.a2"], path="PMID-1.a2")
    outcomes = {(n.type, n.target) for n in doc.notes}
    assert outcomes == {("True_positive", "E1"), ("True_positive", "E2"), ("False_negative", "E3"),
                        ("False_negative", "E4"), ("False_negative", "E5"), ("False_positive", "E3-submission"),
                        ("False_positive", "E5-submission"), ("False_positive", "E6-submission"),
                        ("False_positive", "E7-submission")}
    assert "#2\tTrue_positive E2\tMatches E2-submission\n" in files["PMID-1.a2"]
    assert "E6-submission\tPhosphorylation:T11 Theme:T3\n" in files["PMID-1.a2"]  # trigger mapped to gold T11
    assert "M1-submission\tNegation E3-submission\n" in files["PMID-1.a2"]


def test_cli_scores_folders_and_writes_the_merged_standoff(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "merged"
    assert score_main(["-g", str(GOLD), "-s", str(ANSWER), "--convention", "all", "-d", str(out),
                       "--json", str(tmp_path / "s.json")]) == 0
    printed = capsys.readouterr().out
    assert "Approx. span+recursive (-sp)   28.57   33.33   30.77       2       7       6" in printed
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert data["conventions"]["bionlp"]["soft_boundary"]["gold_match_num"] == 2
    assert sorted(p.name for p in out.iterdir()) == ["PMID-1.a1", "PMID-1.a2", "PMID-1.txt"]
    assert [c.name for c in conventions_for("all", Input(str(GOLD)))] == ["bionlp"]


def test_cli_refuses_the_merged_output_among_the_inputs_before_work(capsys: pytest.CaptureFixture[str]) -> None:
    before = sorted(p.name for p in GOLD.iterdir())
    assert score_main(["-g", str(GOLD), "-s", str(ANSWER), "--convention", "bionlp", "-d", str(GOLD)]) == 1
    assert "output would land among the inputs" in capsys.readouterr().err
    assert sorted(p.name for p in GOLD.iterdir()) == before
