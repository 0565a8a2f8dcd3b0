"""Issue 36 §1 for agreement: every pair figure `evmeval-iaa` prints gets a document-bootstrap interval,
rebuilt per resample from per-document counts through the one resampling engine."""

from __future__ import annotations

import json
import math
from pathlib import Path

import jsonschema
import numpy as np
import pytest
from evmeval._util.schemas import load_schema
from evmeval.agreement.scoring import pair_from_documents, pairwise
from evmeval.align.greedy import COMBINATIONS
from evmeval.cli.iaa import iaa_main
from evmeval.compare.agreement import _printed, figure_names, pair_family, pair_intervals
from evmeval.compare.significance import ResampleSettings
from evmeval.model import Document, Mention, SpanMode, TbfFile, canonical
from hypothesis import given, settings
from hypothesis import strategies as st

TOKENS = [f"t{i}" for i in range(1, 7)]


def mention(mention_id: str, tokens: str, mention_type: str, realis: str, line: int, doc_id: str) -> Mention:
    return Mention("run", doc_id, mention_id, tuple(tokens.split(",")), "", canonical(mention_type),
                   canonical(realis), mention_type, realis, None, line)


@st.composite
def annotation(draw: st.DrawFn, name: str) -> TbfFile:
    docs = {}
    for doc_id in draw(st.lists(st.sampled_from(["d1", "d2", "d3", "d4"]), unique=True, max_size=4)):
        docs[doc_id] = Document(doc_id, tuple(
            mention(f"E{line}", ",".join(draw(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=3, unique=True))),
                    draw(st.sampled_from(["Attack", "Die", "Meet"])),
                    draw(st.sampled_from(["Actual", "Generic", "NOT_ANNOTATED"])), line, doc_id)
            for line in range(draw(st.integers(0, 5)))))
    return TbfFile(name, SpanMode.TOKEN, docs)


def as_resampled(value: float) -> float:
    """Inside a resample an undefined figure counts 0."""
    return 0.0 if math.isnan(value) else value


@settings(deadline=None, max_examples=150)
@given(annotation("a"), annotation("b"), st.lists(st.integers(0, 3), min_size=4, max_size=4))
def test_a_resample_gives_the_figures_of_the_drawn_corpus(a: TbfFile, b: TbfFile, draws: list[int]) -> None:
    """Weights k per document: the family's figures equal the printed figures of a corpus holding each
    document k times, kappa included (summed confusion tables, not a mean of document kappas)."""
    pair = pairwise(a, b)
    family = pair_family(pair)
    weights = np.array(draws[:family.num_documents], dtype=np.float64)
    drawn = tuple(d for d, k in zip(pair.documents, draws, strict=False) for _ in range(k))
    expected = _printed(pair_from_documents("a", "b", SpanMode.TOKEN, drawn))
    got = family.figures_of((weights @ family.columns)[None, :])[0]
    for name, want, have in zip(figure_names(), expected, got, strict=True):
        assert math.isclose(as_resampled(want), have, rel_tol=1e-12, abs_tol=1e-12), name


@settings(deadline=None, max_examples=100)
@given(annotation("a"), annotation("b"))
def test_estimates_are_the_printed_figures_exactly(a: TbfFile, b: TbfFile) -> None:
    pair = pairwise(a, b)
    found = pair_intervals(pair, ResampleSettings(resamples=20))
    for c in COMBINATIONS:
        for measure in ("precision", "recall", "f1"):
            want = getattr(pair.micro[c], measure)
            got = found[f"{c}_{measure}"].estimate
            assert (math.isnan(want) and math.isnan(got)) or want == got
            macro = found[f"{c}_macro_{measure}"].estimate
            assert (math.isnan(macro) and math.isnan(getattr(pair.macro[c], measure))) or \
                macro == getattr(pair.macro[c], measure)
        strict = found[f"{c}_gate_strict_f1"]
        assert (math.isnan(strict.estimate) and math.isnan(strict.ci_low)) or \
            strict.estimate == pair.gate[c].strict().f1
    for attr in ("mention_type", "realis_status"):
        kappa = found[f"{attr}_cohen_kappa"]
        want = pair.labels[attr].cohen_kappa
        if math.isnan(want):  # undefined: no interval either
            assert math.isnan(kappa.estimate) and math.isnan(kappa.ci_low) and math.isnan(kappa.ci_high)
        else:
            assert kappa.estimate == want and kappa.ci_low <= kappa.ci_high


def demo_pair() -> tuple[TbfFile, TbfFile]:
    a, b = {}, {}
    for k in range(12):
        doc = f"doc{k:02d}"
        a[doc] = Document(doc, tuple(mention(f"E{i}", f"t{i + 1}", "Attack" if i % 2 else "Die", "Actual", i, doc)
                                     for i in range(4)))
        b[doc] = Document(doc, tuple(mention(f"E{i}", f"t{i + 1}", "Attack" if (i + k) % 3 else "Die",
                                             "Actual" if i != k % 4 else "Generic", i, doc)
                                     for i in range(4 - k % 3)))
    return TbfFile("a.tbf", SpanMode.TOKEN, a), TbfFile("b.tbf", SpanMode.TOKEN, b)


def test_same_seed_same_numbers_and_the_interval_holds_the_estimate() -> None:
    pair = pairwise(*demo_pair())
    first = pair_intervals(pair, ResampleSettings(resamples=500, seed=7))
    again = pair_intervals(pair, ResampleSettings(resamples=500, seed=7))
    other = pair_intervals(pair, ResampleSettings(resamples=500, seed=8))
    assert first.to_json() == again.to_json()
    assert first.to_json() != other.to_json()
    plain = first["plain_f1"]
    assert plain.ci_low < plain.estimate < plain.ci_high  # the annotators miss different numbers of mentions
    kappa = first["mention_type_cohen_kappa"]
    assert kappa.ci_low < kappa.estimate < kappa.ci_high
    # b marks only spans a marked: plain precision is 1 in every resample
    assert first["plain_precision"].ci_low == first["plain_precision"].ci_high == 1.0


# --- evmeval-iaa --resamples ------------------------------------------------------------------------------


def run_iaa(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = iaa_main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_iaa_prints_and_writes_every_pair_figure_with_its_interval(
        evmeval_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    inputs = [str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), str(demo / "sample_system_A.tbf")]
    out = tmp_path / "iaa.json"
    code, report, _ = run_iaa([*inputs, "-t", str(demo / "tkn"), "--resamples", "300", "--seed", "5",
                               "--confidence", "0.9", "--json", str(out)], capsys)
    assert code == 0
    assert report.count("90 % intervals (document bootstrap, percentile; 300 resamples, seed 5; %)") == 3
    data = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.validate(data, load_schema("iaa"))
    assert data["schema"] == "iaa/3"
    assert data["resampling"] == {"resamples": 300, "seed": 5, "confidence": 0.9, "unit": "document",
                                  "interval": "percentile"}
    for pair in data["pairs"]:
        assert set(pair["intervals"]) == set(figure_names())
        for c in COMBINATIONS:
            assert pair["intervals"][f"{c}_f1"]["estimate"] == pair[c]["f1"]  # the printed figure, exactly
        kappa = pair["intervals"]["mention_type_cohen_kappa"]
        assert kappa["estimate"] == pair["labels"]["mention_type"]["cohen_kappa"]
    plain = data["pairs"][0]["intervals"]["plain_f1"]
    line = next(x for x in report.splitlines() if x.startswith("  plain ") and "[" in x)
    assert f"[{100 * plain['ci_low']:.2f}, {100 * plain['ci_high']:.2f}]" in line
    assert "Cohen's kappa [" in report
    # same seed, same bytes
    again = tmp_path / "again.json"
    assert run_iaa([*inputs, "-t", str(demo / "tkn"), "--resamples", "300", "--seed", "5", "--confidence", "0.9",
                    "--json", str(again)], capsys)[1] == report
    assert again.read_bytes() == out.read_bytes()


def test_iaa_without_resamples_prints_no_interval(evmeval_data: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    out = tmp_path / "iaa.json"
    code, report, _ = run_iaa([str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), "-t", str(demo / "tkn"),
                               "--json", str(out)], capsys)
    assert code == 0 and "intervals" not in report
    data = json.loads(out.read_text(encoding="utf-8"))
    assert "resampling" not in data and "intervals" not in data["pairs"][0]


@pytest.mark.parametrize(("option", "value", "expected"), [
    ("--resamples", "-3", "expected a whole number of at least 0, not -3"),
    ("--resamples", "many", "expected a whole number of at least 0, not many"),
    ("--seed", "-1", "expected a whole number of at least 0, not -1"),
    ("--confidence", "1.5", "expected a fraction between 0 and 1 (0.95 for 95 %), not 1.5"),
])
def test_iaa_refuses_bad_resampling_options(evmeval_data: Path, capsys: pytest.CaptureFixture[str], option: str,
                                            value: str, expected: str) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    with pytest.raises(SystemExit) as stop:
        iaa_main([str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), option, value])
    assert stop.value.code == 2
    assert expected in capsys.readouterr().err


def test_swapped_intervals_are_the_swapped_pairs() -> None:
    a, b = demo_pair()
    settings_ = ResampleSettings(resamples=200, seed=3)
    forward = pair_intervals(pairwise(a, b), settings_).swapped()
    backward = pair_intervals(pairwise(b, a), settings_)
    for name in figure_names():
        want, got = backward[name], forward[name]
        assert math.isclose(want.estimate, got.estimate, abs_tol=1e-12), name
        assert math.isclose(want.ci_low, got.ci_low, abs_tol=1e-12), name
        assert math.isclose(want.ci_high, got.ci_high, abs_tol=1e-12), name


def test_the_guide_s_worked_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/scoring/agreement.md, Intervals: derived by hand from the three kinds of resample."""
    anna = ("#BeginOfDocument d1\nA\td1\tE1\t0,4\tx\tAttack\tActual\nA\td1\tE2\t5,9\ty\tDie\tActual\n#EndOfDocument\n"
            "#BeginOfDocument d2\nA\td2\tE1\t0,4\tx\tDie\tActual\nA\td2\tE2\t5,9\ty\tDie\tActual\n#EndOfDocument\n")
    ben = ("#BeginOfDocument d1\nB\td1\tE1\t0,4\tx\tAttack\tActual\nB\td1\tE2\t5,9\ty\tAttack\tActual\n"
           "#EndOfDocument\n#BeginOfDocument d2\nB\td2\tE1\t0,4\tx\tDie\tActual\nB\td2\tE2\t5,9\ty\tDie\tActual\n"
           "B\td2\tE3\t20,24\tz\tDie\tActual\n#EndOfDocument\n")
    (tmp_path / "anna.tbf").write_text(anna, encoding="utf-8")
    (tmp_path / "ben.tbf").write_text(ben, encoding="utf-8")
    code, report, _ = run_iaa([str(tmp_path / "anna.tbf"), str(tmp_path / "ben.tbf"), "--resamples", "10000"], capsys)
    assert code == 0
    lines = report.splitlines()
    at = lines.index("  95 % intervals (document bootstrap, percentile; 10000 resamples, seed 2016; %)")
    assert lines[at + 2] == ("  plain                         [66.67, 100.00] [100.00, 100.00]  [80.00, 100.00]"
                             "  [80.00, 100.00]")
    assert "  type: observed [0.500, 1.000], Cohen's kappa [0.000, 0.500], Scott's pi [-0.333, 0.467]" in lines
    assert "  realis: observed [1.000, 1.000], Cohen's kappa nan, Scott's pi nan" in lines


def test_the_library_gives_the_command_s_intervals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import evmeval

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    sets = [str(demo / "gold.tbf"), str(demo / "system_a.tbf")]
    run = evmeval.annotator_agreement(sets, tokens=str(demo / "tkn")).intervals(resamples=400, seed=9)
    out = tmp_path / "iaa.json"
    assert run_iaa([*sets, "-t", str(demo / "tkn"), "--resamples", "400", "--seed", "9", "--json", str(out)],
                   capsys)[0] == 0
    written = json.loads(out.read_text(encoding="utf-8"))["pairs"][0]["intervals"]
    assert written == json.loads(json.dumps(run.pairs[(0, 1)].to_json()))
    assert run.pairs[(0, 1)]["plain_f1"].ci_low < run.pairs[(0, 1)]["plain_f1"].estimate


@settings(deadline=None, max_examples=60)
@given(annotation("a"), annotation("b"), st.integers(1, 5))
def test_the_columns_made_a_few_rows_at_a_time_are_the_columns_made_at_once(a: TbfFile, b: TbfFile,
                                                                            at_once: int) -> None:
    """The documents' rows are converted a block at a time (one conversion of 2,000 rows held the interpreter
    against the window): the same numbers, in the same places, as one conversion of every row."""
    import evmeval.compare.agreement as module

    pair = pairwise(a, b)
    whole = pair_family(pair).columns
    old = module.ROWS_AT_ONCE
    module.ROWS_AT_ONCE = at_once
    try:
        blocks = pair_family(pair).columns
    finally:
        module.ROWS_AT_ONCE = old
    assert blocks.shape == whole.shape and blocks.dtype == whole.dtype
    assert np.array_equal(blocks, whole, equal_nan=True)
