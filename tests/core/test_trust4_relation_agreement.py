"""Agreement on relations and clusters (issue 36, section 3): `evmeval-iaa` compares After/Subevent links and
coreference clusters pair by pair with the sequencing and coreference scorers' own rules, in N x N matrices
where a system run sits beside the annotators; the worked example of docs/scoring/agreement.md is run here."""

from __future__ import annotations

import json
import math
import re
import subprocess
from pathlib import Path

import pytest
from evmeval.agreement.relations import RELATION_FIGURES
from evmeval.agreement.scoring import compare_annotators
from evmeval.io.tbf import read_tbf
from evmeval.model import Document, Relation, SpanMode, TbfFile
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_agreement import mention, same
from tests.programs import installed

GUIDE = Path(__file__).resolve().parent.parent.parent / "docs" / "scoring" / "agreement.md"


def _guide_files(folder: Path) -> tuple[Path, Path, Path]:
    """anna.tbf and ben.tbf as the guide prints them; system.tbf copies Anna's with another run id."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text[text.index("**Worked example.**"):]
    anna, ben = re.findall(r"```text\n(.*?)```", section, re.S)[:2]
    paths = folder / "anna.tbf", folder / "ben.tbf", folder / "system.tbf"
    paths[0].write_text(anna)
    paths[1].write_text(ben)
    paths[2].write_text(re.sub(r"^anna\t", "sys\t", anna, flags=re.M))
    return paths


def _iaa(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-iaa"), *map(str, args)], capture_output=True, text=True)


def test_the_guides_worked_example_prints_the_numbers_derived_by_hand(tmp_path: Path) -> None:
    paths = _guide_files(tmp_path)
    run = _iaa(*paths, "--json", tmp_path / "iaa.json")
    assert run.returncode == 0, run.stderr
    shown = GUIDE.read_text(encoding="utf-8").split("$ evmeval-iaa anna.tbf ben.tbf system.tbf\n", 1)[1]
    shown = shown.split("```", 1)[0]
    for block in shown.split("...\n"):
        assert block.strip() in run.stdout, block
    rel = json.loads((tmp_path / "iaa.json").read_text())["relations"]
    anna_ben = rel["pairs"][0]
    assert anna_ben["links"]["After"] == {"precision": 1 / 2, "recall": 1 / 3,
                                          "f1": pytest.approx(2 * (1 / 2) * (1 / 3) / (1 / 2 + 1 / 3)),
                                          "agreed": 1, "num_a": 3, "num_b": 2}
    assert anna_ben["links"]["Subevent"]["f1"] is None  # neither has a Subevent link
    assert anna_ben["coreference"]["muc"]["f1"] == 0
    assert anna_ben["coreference"]["bcub"]["recall"] == 3 / 4
    assert anna_ben["coreference"]["bcub"]["f1"] == pytest.approx(6 / 7)
    assert rel["matrices"]["After"]["f1"]["values"] == [[1.0, 0.4, 1.0], [0.4, 1.0, 0.4], [1.0, 0.4, 1.0]]
    assert rel["matrices"]["After"]["f1"]["mean"] == pytest.approx(0.6)
    assert rel["matrices"]["bcub"]["f1"]["values"][1][1] is None  # Ben has no cluster to compare
    assert "blanc" not in anna_ben["coreference"]


def test_swapping_the_annotators_exchanges_precision_and_recall(tmp_path: Path) -> None:
    anna, ben, _ = _guide_files(tmp_path)
    files = [read_tbf(str(p), mode=SpanMode.CHAR)[0] for p in (anna, ben)]
    forward = compare_annotators(files, ["anna", "ben"])
    backward = compare_annotators(files[::-1], ["ben", "anna"])
    for figure in ("After", "All", "muc", "bcub", "ceafm", "ceafe", "lea", "conll"):
        if figure != "conll":  # F1 only
            f, b = forward.relation_matrix(figure, "precision"), backward.relation_matrix(figure, "recall")
            assert f.values[0][1] == b.values[0][1], figure  # anna as key: P; ben as key: R
        assert forward.relation_matrix(figure).values[0][1] == backward.relation_matrix(figure).values[0][1]
        assert forward.relation_matrix(figure).values[0][1] == forward.relation_matrix(figure).values[1][0]


def test_refused_relations_leave_the_mention_figures_and_say_why(tmp_path: Path) -> None:
    anna, ben, _ = _guide_files(tmp_path)
    anna.write_text(anna.read_text().replace("@After\tL1\tE2,E3\n", "@Coreference\tC2\tE2,E3\n"))
    run = _iaa(anna, ben)
    assert run.returncode == 0, run.stderr
    assert "=== F1 matrices" in run.stdout
    assert (f"not compared: {anna}:7: mention E2 of document 'd' is in coreference clusters C1 (line 6) and C2 "
            in run.stdout)


def test_sets_without_relations_print_no_relation_section(tmp_path: Path) -> None:
    anna, ben, _ = _guide_files(tmp_path)
    for path in (anna, ben):
        path.write_text("".join(line for line in path.read_text().splitlines(True) if not line.startswith("@")))
    out = tmp_path / "iaa.json"
    run = _iaa(anna, ben, "--json", out)
    assert run.returncode == 0 and "Relations and clusters" not in run.stdout
    assert "relations" not in json.loads(out.read_text())


# --- invariants over random annotations with clusters and links -----------------------------------------

@st.composite
def annotated(draw: st.DrawFn, name: str) -> TbfFile:
    """One document, mentions with distinct ids on token spans, disjoint clusters and After/Subevent links."""
    count = draw(st.integers(0, 5))
    spans = draw(st.lists(st.integers(1, 7), min_size=count, max_size=count))
    mentions = tuple(mention(f"{name}{k}", f"t{s}", draw(st.sampled_from(["Attack", "Die"])), line=k + 1)
                     for k, s in enumerate(spans))
    ids = [m.mention_id for m in mentions]
    relations: list[Relation] = []
    owner = draw(st.lists(st.integers(0, 2), min_size=count, max_size=count))
    for c in range(3):
        members = tuple(i for i, o in zip(ids, owner, strict=True) if o == c)
        if len(members) > 1:
            relations.append(Relation("Coreference", f"C{c}", members, 100 + c))
    if len(ids) >= 2:
        for k, (a, b) in enumerate(draw(st.lists(st.tuples(st.sampled_from(ids), st.sampled_from(ids)), max_size=4))):
            if a != b:
                relations.append(Relation(draw(st.sampled_from(["After", "Subevent"])), f"L{k}", (a, b), 200 + k))
    return TbfFile(name, SpanMode.TOKEN, {"d": Document("d", mentions, tuple(relations))})


def _close(x: float, y: float) -> bool:
    return (math.isnan(x) and math.isnan(y)) or x == pytest.approx(y, rel=1e-12, abs=1e-15)


@settings(deadline=None, max_examples=150)
@given(annotated("a"), annotated("b"))
def test_relation_agreement_is_symmetric_and_an_annotator_agrees_with_itself(a: TbfFile, b: TbfFile) -> None:
    forward, backward = compare_annotators([a, b]), compare_annotators([b, a])
    if forward.relations_refused:  # a link inside one cluster both ways etc.: refused alike either way round
        assert backward.relations_refused
        return
    for figure in RELATION_FIGURES:
        # one result's matrix is exactly symmetric (both cells come from the same counts); files given in the
        # other order sum a cluster metric's fractions in another order, so the last bit may differ
        f1, back = forward.relation_matrix(figure).values[0][1], backward.relation_matrix(figure).values[0][1]
        assert same(f1, forward.relation_matrix(figure).values[1][0]), figure
        assert _close(f1, back), figure
        if figure != "conll":
            assert _close(forward.relation_matrix(figure, "precision").values[0][1],
                          backward.relation_matrix(figure, "recall").values[0][1]), figure
    itself = compare_annotators([a, a])
    for figure in RELATION_FIGURES:
        value = itself.relation_matrix(figure).values[0][1]
        assert math.isnan(value) or value == pytest.approx(1.0), figure
