"""Curation (`evmeval.agreement.curation`, `evmeval-iaa --curate`): policies, disagreements, decisions, agreement
with the curated set, export; hand-made cases and properties over random annotators."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from evmeval.agreement.curation import (
    CurationPolicy,
    Policy,
    accept,
    annotator_agreement,
    apply_edit,
    curate,
    keep,
    mention_key,
    next_disagreement,
    reject,
    write_curated,
    write_curated_brat,
)
from evmeval.cli.iaa import iaa_main
from evmeval.cli.score import validate_main
from evmeval.editing import operations as ops
from evmeval.io.convert import read_annotation_set
from evmeval.io.tbf import read_tbf
from evmeval.model import Document, Relation, SpanMode, TbfFile
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.editing_strategies import context, documents, mention, table
from tests.programs import installed


def annotator(name: str, *mentions: tuple[str, tuple[str, ...], str, str], relations: tuple[Relation, ...] = ()
              ) -> TbfFile:
    doc = Document("d1", tuple(mention("d1", i, span, t, r, run_id=name) for i, span, t, r in mentions), relations)
    return TbfFile(name, SpanMode.TOKEN, {"d1": doc})


# A and B agree on an attack at t1 (Actual); C says Generic. A marks a death at t5, B at t5-t6, C nothing.
# A and B put the attack and the death in one cluster.
A = annotator("A.tbf", ("E1", ("t1",), "Conflict_Attack", "Actual"), ("E2", ("t5",), "Life_Die", "Actual"),
              relations=(Relation("Coreference", "C1", ("E1", "E2"), 0),))
B = annotator("B.tbf", ("E1", ("t1",), "Conflict_Attack", "Actual"), ("E7", ("t5", "t6"), "Life_Die", "Actual"),
              relations=(Relation("Coreference", "C1", ("E1", "E7"), 0),))
C = annotator("C.tbf", ("X1", ("t1",), "Conflict_Attack", "Generic"))


def spans_of(tbf: TbfFile) -> list[tuple[tuple[str, ...], str, str]]:
    return [(m.span, m.raw_type, m.raw_realis) for m in tbf.documents["d1"].mentions]


def test_majority_keeps_what_more_than_half_have() -> None:
    curation = curate([A, B, C], ["A", "B", "C"], "majority")
    assert spans_of(curation.curated) == [(("t1",), "Conflict_Attack", "Actual")]
    assert curation.curated.documents["d1"].mentions[0].run_id == "curated"
    assert curation.curated.documents["d1"].relations == ()  # a cluster needs both mentions kept


def test_union_intersection_and_base() -> None:
    union = curate([A, B, C], policy="union").curated
    assert spans_of(union) == [(("t1",), "Conflict_Attack", "Actual"), (("t5",), "Life_Die", "Actual"),
                               (("t5", "t6"), "Life_Die", "Actual"), (("t1",), "Conflict_Attack", "Generic")]
    assert [m.mention_id for m in union.documents["d1"].mentions] == ["E1", "E2", "E7", "X1"]
    # links count per annotator who has both mentions: A links E1-E2, B links E1-E7; union keeps both
    assert union.documents["d1"].relations == (Relation("Coreference", "C1", ("E1", "E2", "E7"), 0),)
    assert spans_of(curate([A, B, C], policy="intersection").curated) == []
    base = curate([A, B, C], policy="base:2").curated
    assert spans_of(base) == spans_of(B) and base.documents["d1"].relations == B.documents["d1"].relations


def test_disagreements_name_what_differs_with_every_annotators_version() -> None:
    curation = curate([A, B, C], ["A", "B", "C"])
    found = {d.item: d for d in curation.disagreements}
    attack, death = sorted(found.values(), key=lambda d: d.versions[0].mentions[0].span)
    assert attack.kinds == ("realis", "coreference")  # C has no cluster for its attack
    assert [v.mentions[0].raw_realis for v in attack.versions] == ["Actual", "Actual", "Generic"]
    assert death.kinds == ("span",)
    assert [len(v.mentions) for v in death.versions] == [1, 1, 0]


def test_accept_reject_keep_edit_and_move_to_the_next() -> None:
    curation = curate([A, B, C], ["A", "B", "C"])
    first = next_disagreement(curation)
    assert first is not None and first.kinds == ("realis", "coreference")
    chosen = accept(curation, first, 2)  # C's Generic attack
    assert spans_of(chosen.curated) == [(("t1",), "Conflict_Attack", "Generic")]
    assert chosen.decisions == {first.key: "annotator 3"} and curation.decisions == {}  # the old one is kept
    death = next_disagreement(chosen, first)
    assert death is not None and death.kinds == ("span",)
    with_b = accept(chosen, death, 1)
    assert spans_of(with_b.curated)[1] == (("t5", "t6"), "Life_Die", "Actual")
    assert next_disagreement(with_b, death) is None
    assert spans_of(reject(with_b, death).curated) == [(("t1",), "Conflict_Attack", "Generic")]
    assert keep(chosen, death).decisions[death.key] == "kept"
    doc = with_b.document("d1")
    edit = ops.change_realis(doc, doc.mentions[1], "Other")
    edited = apply_edit(with_b, "d1", edit, death)
    assert spans_of(edited.curated)[1] == (("t5", "t6"), "Life_Die", "Other")
    assert edited.decisions[death.key] == "edited"


def test_accepting_a_version_takes_its_coreference_partners() -> None:
    curation = curate([A, B, C], ["A", "B", "C"], "union")
    death = next(d for d in curation.disagreements if d.kinds == ("span",))
    with_a = accept(curation, death, 0)  # A's t5 death, coreferent with A's attack E1
    doc = with_a.document("d1")
    assert [m.span for m in doc.mentions] == [("t1",), ("t5",), ("t1",)]
    cluster = next(r for r in doc.relations if r.kind == "Coreference")
    death_id = doc.mentions[1].mention_id
    assert death_id in cluster.mention_ids and "E1" in cluster.mention_ids


def test_each_annotators_agreement_with_the_curated_set_updates_by_document() -> None:
    curation = curate([A, B, C], ["A", "B", "C"])
    agreement = annotator_agreement(curation)
    # curated: t1 attack Actual. A: t1 (Dice 1) + t5 -> P = 1/2, R = 1/1, F1 = 2/3
    assert agreement[0].micro["plain"].f1 == pytest.approx(2 * (1 / 2) * 1 / (1 / 2 + 1))
    assert agreement[2].micro["plain"].f1 == 1.0 and agreement[2].micro["realis_status"].recall == 0.0
    first = next_disagreement(curation)
    assert first is not None
    decided = accept(curation, first, 2)
    live = annotator_agreement(decided, agreement, "d1")
    full = annotator_agreement(decided)
    assert [repr(p.micro) for p in live] == [repr(p.micro) for p in full]
    assert live[2].micro["realis_status"].f1 == 1.0


def test_curated_set_exports_as_valid_tbf_and_brat(tmp_path: Path) -> None:
    curation = curate([A, B, C], ["A", "B", "C"], "union")
    out = tmp_path / "curated.tbf"
    saved = write_curated(curation, str(out))
    assert saved.problems == ()
    tkn = tmp_path / "tkn"
    tkn.mkdir()
    (tkn / "d1.tab").write_text("".join(f"{t.id}\t{t.text}\t{t.first}\t{t.last}\n" for t in table("d1").tokens))
    assert validate_main(["-t", str(tkn), str(out)]) == 0
    text = " ".join(t.text for t in table("d1").tokens)
    written = write_curated_brat(curation, str(tmp_path / "brat"), tables=table, texts=lambda d: text)
    assert sorted(Path(p).name for p in written) == ["d1.ann", "d1.txt"]
    back, problems = read_annotation_set(str(tmp_path / "brat"), token_dir=str(tkn))
    assert problems == []
    assert [mention_key(m) for m in back.documents["d1"].mentions] == \
        [mention_key(m) for m in curation.curated.documents["d1"].mentions]
    from evmeval.io.errors import FormatError

    with pytest.raises(FormatError, match="overwrite an input"):
        write_curated(curate([read_tbf(str(out), mode=SpanMode.TOKEN)[0], A]), str(out))


def test_policies_parse_from_the_command_line_spelling() -> None:
    assert CurationPolicy.parse("base:3") == CurationPolicy(Policy.BASE, 2)
    assert str(CurationPolicy.parse("intersection")) == "intersection"
    for bad in ("base:0", "base", "most", "union:2"):
        with pytest.raises(ValueError, match="base"):
            CurationPolicy.parse(bad)
    with pytest.raises(ValueError, match="names no annotator"):
        curate([A, B], policy="base:3")


@st.composite
def annotators(draw: st.DrawFn) -> list[TbfFile]:
    n = draw(st.integers(2, 4))
    return [TbfFile(f"a{k}.tbf", SpanMode.TOKEN, {"d1": draw(documents("d1", unique_keys=True))}) for k in range(n)]


def keys(tbf: TbfFile) -> set:
    return {mention_key(m) for m in tbf.documents["d1"].mentions}


@settings(max_examples=60, deadline=None)
@given(annotators())
def test_intersection_is_within_majority_within_union(files: list[TbfFile]) -> None:
    union, majority, intersection = (keys(curate(files, policy=p).curated) for p in ("union", "majority",
                                                                                       "intersection"))
    assert intersection <= majority <= union
    assert union == set().union(*(keys(f) for f in files))
    for tbf in (curate(files, policy=p).curated for p in ("union", "majority", "intersection")):
        ids = [m.mention_id for m in tbf.documents["d1"].mentions]
        assert len(ids) == len(set(ids))


def clusters(doc: Document) -> set[frozenset]:
    key_of = {m.mention_id: mention_key(m) for m in doc.mentions}
    return {frozenset(key_of[i] for i in r.mention_ids) for r in doc.relations if r.kind == "Coreference"}


@settings(max_examples=60, deadline=None)
@given(documents("d1", unique_keys=True), st.integers(2, 4), st.sampled_from(["majority", "union", "intersection",
                                                                               "base:1"]))
def test_identical_annotators_give_their_annotation_back(doc: Document, n: int, policy: str) -> None:
    files = [TbfFile(f"a{k}.tbf", SpanMode.TOKEN, {"d1": doc}) for k in range(n)]
    curation = curate(files, policy=policy)
    curated = curation.curated.documents["d1"]
    assert [m[2:10] for m in curated.mentions] == [m[2:10] for m in doc.mentions]
    assert clusters(curated) == clusters(doc)
    assert curation.disagreements == ()
    assert all(p.micro["mention_type+realis_status"].f1 == 1.0 for p in annotator_agreement(curation)
               if doc.mentions)


def test_an_edit_on_the_curated_set_is_made_with_the_editing_operations() -> None:
    curation = curate([A, B], ["A", "B"])
    doc = curation.document("d1")
    edit = ops.add_mention(doc, ["t9"], mention_type="Life_Die", realis="Actual", context=context("d1"))
    assert spans_of(apply_edit(curation, "d1", edit).curated)[-1] == (("t9",), "Life_Die", "Actual")


# --- evmeval-iaa --curate -----------------------------------------------------------------------------------


def test_iaa_writes_the_automatic_curated_set(evmeval_data: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    sets = [str(demo / f) for f in ("gold.tbf", "sample_system_A.tbf", "sample_system_B.tbf")]
    out = tmp_path / "curated.tbf"
    code = iaa_main([*sets, "-t", str(demo / "tkn"), "--curate", "majority", "--curated", str(out),
                     "-o", str(tmp_path / "report.txt")])
    assert code == 0
    assert "by majority of 3 sets" in capsys.readouterr().err
    curated, _ = read_tbf(str(out), mode=SpanMode.TOKEN)
    files = [read_tbf(s, mode=SpanMode.TOKEN)[0] for s in sets]
    expected = curate(files, sets, "majority").curated
    assert {d: [mention_key(m) for m in doc.mentions] for d, doc in curated.documents.items()} == \
        {d: [mention_key(m) for m in doc.mentions] for d, doc in expected.documents.items()}
    checked = subprocess.run([installed("evmeval-validate"), "-t", str(demo / "tkn"), str(out)], capture_output=True,
                             text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_iaa_curation_options_are_checked_before_any_work(evmeval_data: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    sets = [str(demo / "gold.tbf"), str(demo / "sample_system_A.tbf")]
    with pytest.raises(SystemExit) as stop:
        iaa_main([*sets, "--curate", "majority"])
    assert stop.value.code == 2 and "--curate needs --curated" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        iaa_main([*sets, "--curate", "most", "--curated", str(tmp_path / "c.tbf")])
    assert "majority, union, intersection or base:N" in capsys.readouterr().err
    assert iaa_main([*sets, "-t", str(demo / "tkn"), "--curated", sets[1]]) == 1
    assert "overwrite an input" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        iaa_main([*sets, "--curate", "base:5", "--curated", str(tmp_path / "c.tbf"), "-o", str(tmp_path / "r.txt")])
    assert "base:5 names no annotator" in capsys.readouterr().err
    assert not (tmp_path / "r.txt").exists()
