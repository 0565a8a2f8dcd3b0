"""Issue 36 §1 for relation and cluster agreement: with `--resamples N`, every After/Subevent/All link figure
and every cluster figure of a pair gets a document-bootstrap interval, from the same draws as its mention
figures (one `resample` call), the estimates being the printed figures."""

from __future__ import annotations

import json
import math
from pathlib import Path

import jsonschema
import numpy as np
import pytest
from evmeval._util.schemas import load_schema
from evmeval.agreement.scoring import compare_annotators
from evmeval.cli.iaa import iaa_main
from evmeval.compare.agreement import pair_intervals
from evmeval.compare.relation_intervals import relation_family, relation_figure_names
from evmeval.compare.significance import ResampleSettings
from evmeval.model import Document, Relation, SpanMode, TbfFile
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_agreement import mention

DOCS = ("d1", "d2", "d3")


@st.composite
def annotated(draw: st.DrawFn, name: str) -> TbfFile:
    """Up to three documents, each with mentions on token spans, disjoint clusters and After/Subevent links."""
    docs = {}
    for doc_id in draw(st.lists(st.sampled_from(DOCS), unique=True, max_size=3)):
        count = draw(st.integers(0, 4))
        spans = draw(st.lists(st.integers(1, 6), min_size=count, max_size=count))
        mentions = tuple(mention(f"{name}{k}", f"t{s}", draw(st.sampled_from(["Attack", "Die"])), line=k + 1,
                                 doc_id=doc_id) for k, s in enumerate(spans))
        ids = [m.mention_id for m in mentions]
        relations: list[Relation] = []
        owner = draw(st.lists(st.integers(0, 1), min_size=count, max_size=count))
        for c in range(2):
            members = tuple(i for i, o in zip(ids, owner, strict=True) if o == c)
            if len(members) > 1:
                relations.append(Relation("Coreference", f"C{c}", members, 100 + c))
        if len(ids) >= 2:
            for k, (a, b) in enumerate(draw(st.lists(st.tuples(st.sampled_from(ids), st.sampled_from(ids)),
                                                     max_size=3))):
                if a != b:
                    relations.append(Relation(draw(st.sampled_from(["After", "Subevent"])), f"L{k}", (a, b), 200 + k))
        docs[doc_id] = Document(doc_id, mentions, tuple(relations))
    return TbfFile(name, SpanMode.TOKEN, docs)


def _printed(result: object, figure: str) -> float:
    """The figure as the report prints it: `<figure>_<measure>` of the pair (0, 1)."""
    name, measure = figure.rsplit("_", 1)
    p, r, f = result.relations[(0, 1)].figure("conll" if name == "conll" else name)  # type: ignore[attr-defined]
    return {"precision": p, "recall": r, "f1": f}[measure]


@settings(deadline=None, max_examples=120)
@given(annotated("a"), annotated("b"), st.lists(st.booleans(), min_size=3, max_size=3))
def test_a_resample_gives_the_figures_of_the_drawn_documents(a: TbfFile, b: TbfFile, keep: list[bool]) -> None:
    """Weights 0/1: the family's figures equal the printed figures of the corpus of the kept documents
    (undefined counting 0, as inside a resample); the estimates are the printed figures exactly."""
    whole = compare_annotators([a, b])
    if whole.relations_refused or not whole.relations:
        return
    family = relation_family(whole.relations[(0, 1)])
    for name, estimate in family.corpus().items():
        want = _printed(whole, name)
        assert (math.isnan(want) and math.isnan(estimate)) or want == estimate, name
    pair = whole.pairs[(0, 1)]
    kept_ids = {d.doc_id for d, k in zip(pair.documents, keep, strict=False) if k}
    weights = np.array([float(d.doc_id in kept_ids) for d in pair.documents])
    got = family.figures_of((weights @ family.columns)[None, :])[0]
    sub = [TbfFile(f.path, f.mode, {k: v for k, v in f.documents.items() if k in kept_ids}) for f in (a, b)]
    part = compare_annotators(sub)
    for name, have in zip(relation_figure_names(), got, strict=True):
        want = _printed(part, name) if part.relations else math.nan
        want = 0.0 if math.isnan(want) else want
        assert math.isclose(want, have, rel_tol=1e-12, abs_tol=1e-12), name


def corpus(name: str, links: dict[str, str], clusters: dict[str, str]) -> str:
    """Six documents of four mentions (character spans); `links`/`clusters`: document -> relation lines."""
    out = []
    for k in range(6):
        doc = f"doc{k}"
        out.append(f"#BeginOfDocument {doc}")
        out += [f"{name}\t{doc}\tE{i}\t{10 * i},{10 * i + 4}\tw{i}\t{'Attack' if i < 3 else 'Die'}\tActual"
                for i in range(1, 5)]
        out += [line for line in (clusters.get(doc, ""), links.get(doc, "")) if line]
        out.append("#EndOfDocument")
    return "\n".join(out).replace("\\n", "\n") + "\n"


def two_annotators(folder: Path) -> list[str]:
    anna = corpus("anna", {f"doc{k}": "@After\tL1\tE2,E3\\n@After\tL2\tE3,E4" for k in range(6)},
                  {f"doc{k}": "@Coreference\tC1\tE1,E2" for k in range(0, 6, 2)})
    ben = corpus("ben", {"doc0": "@After\tL1\tE2,E3", "doc1": "@After\tL1\tE1,E4\\n@After\tL2\tE3,E4",
                         "doc2": "@After\tL1\tE2,E3\\n@After\tL2\tE3,E4", "doc4": "@After\tL1\tE1,E3"},
                 {f"doc{k}": "@Coreference\tC1\tE1,E2" for k in (0, 1, 4)})
    paths = [folder / "anna.tbf", folder / "ben.tbf"]
    for path, text in zip(paths, (anna, ben), strict=True):
        path.write_text(text, encoding="utf-8")
    return [str(p) for p in paths]


def test_iaa_prints_and_writes_each_relation_figure_with_its_interval(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    inputs = two_annotators(tmp_path)
    out = tmp_path / "iaa.json"
    args = [*inputs, "--resamples", "400", "--seed", "9", "--json", str(out)]
    assert iaa_main(args) == 0
    report = capsys.readouterr().out
    data = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.validate(data, load_schema("iaa"))
    rel = data["relations"]["pairs"][0]
    assert set(rel["intervals"]) == set(relation_figure_names())
    after = rel["intervals"]["After_f1"]
    assert after["estimate"] == rel["links"]["After"]["f1"]  # the printed figure, exactly
    assert after["ci_low"] < after["estimate"] < after["ci_high"]  # documents agree to different degrees
    assert rel["intervals"]["bcub_recall"]["estimate"] == rel["coreference"]["bcub"]["recall"]
    assert rel["intervals"]["conll_f1"]["estimate"] == rel["coreference"]["conll_f1"]
    assert rel["intervals"]["Subevent_f1"] == {"estimate": None, "ci_low": None, "ci_high": None}  # no link
    section = report.split("=== Relations and clusters", 1)[1]
    assert "  95 % intervals (document bootstrap, percentile; 400 resamples, seed 9; %)" in section
    row = next(line for line in section.splitlines() if line.startswith("  After links"))
    assert row.endswith(f"   [{100 * after['ci_low']:.2f}, {100 * after['ci_high']:.2f}]")
    muc = rel["intervals"]["muc_f1"]
    row = next(line for line in section.splitlines() if line.startswith("  coreference MUC"))
    assert row.endswith(f"   [{100 * muc['ci_low']:.2f}, {100 * muc['ci_high']:.2f}]")
    # same seed, same bytes
    again = tmp_path / "again.json"
    assert iaa_main([*args[:-1], str(again)]) == 0
    assert capsys.readouterr().out == report
    assert again.read_bytes() == out.read_bytes()


def test_without_resamples_relations_have_no_interval(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "iaa.json"
    assert iaa_main([*two_annotators(tmp_path), "--json", str(out)]) == 0
    assert "F1 interval" not in capsys.readouterr().out
    assert "intervals" not in json.loads(out.read_text(encoding="utf-8"))["relations"]["pairs"][0]


def test_relations_share_the_mention_figures_draws(tmp_path: Path) -> None:
    """One `resample` call: adding the relation family leaves the mention intervals as they were; swapping the
    annotators exchanges the relation intervals' precision and recall."""
    from evmeval.io.tbf import read_tbf

    files = [read_tbf(p, mode=SpanMode.CHAR)[0] for p in two_annotators(tmp_path)]
    result = compare_annotators(files)
    settings_ = ResampleSettings(resamples=300, seed=4)
    alone = pair_intervals(result.pairs[(0, 1)], settings_)
    both = pair_intervals(result.pairs[(0, 1)], settings_, relations=result.relations[(0, 1)])
    assert both.to_json() == alone.to_json() and both.relations
    backward = compare_annotators(files[::-1])
    swapped = pair_intervals(backward.pairs[(0, 1)], settings_, relations=backward.relations[(0, 1)])
    forward = both.swapped()
    for name in ("After_precision", "After_recall", "bcub_precision", "muc_f1"):
        for end in ("estimate", "ci_low", "ci_high"):
            assert math.isclose(getattr(forward.relations[name], end), getattr(swapped.relations[name], end),
                                abs_tol=1e-12), name


def test_the_library_gives_the_same_relation_intervals_as_the_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import evmeval

    inputs = two_annotators(tmp_path)
    out = tmp_path / "iaa.json"
    assert iaa_main([*inputs, "--resamples", "200", "--seed", "3", "--json", str(out)]) == 0
    capsys.readouterr()
    written = json.loads(out.read_text(encoding="utf-8"))["relations"]["pairs"][0]["intervals"]
    run = evmeval.annotator_agreement(inputs).intervals(200, seed=3)
    assert run.pairs[(0, 1)].relations_json() == written
