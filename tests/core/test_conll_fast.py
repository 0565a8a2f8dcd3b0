"""`evmeval-conll` on long documents (issue 37): a metric computes only itself, and CEAF's assignment
runs in the coreference C kernel, giving the pure-Python solver's columns (so v8.01's figures)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from evmeval.align.hungarian import max_weight_assignment
from evmeval.cli.coref import conll_main
from evmeval.coref import kernel as coref_kernel
from evmeval.coref import metrics
from evmeval.coref.conll_scoring import score_conll
from evmeval.coref.metrics import METRICS
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_coref_conll import _cases, _documents

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from gen_conll import generate

KERNEL = coref_kernel.load_kernel()
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the C kernel is not built (optional)")


def _no_assignment(weights: list[list[float]]) -> list[int]:
    raise AssertionError("CEAF's assignment ran for a metric that does not need it")


@pytest.fixture(scope="module")
def long_document(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """400 mentions in tangled chains: CEAF meets components that need the assignment."""
    return generate(tmp_path_factory.mktemp("long"), mentions=400, seed=11)


@pytest.mark.parametrize("metric", ["muc", "bcub", "blanc", "lea"])
def test_a_metric_without_ceaf_never_runs_the_assignment(
        metric: str, long_document: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    key, response = long_document
    assert conll_main([str(key), str(response), "--metric", metric]) == 0
    expected = capsys.readouterr().out
    monkeypatch.setattr(metrics, "_assignment_solver", lambda: _no_assignment)
    assert conll_main([str(key), str(response), "--metric", metric]) == 0
    assert capsys.readouterr().out == expected
    with pytest.raises(AssertionError, match="CEAF's assignment ran"):  # the long document needs it for CEAF
        conll_main([str(key), str(response), "--metric", "ceafe"])


def test_json_still_lists_every_metric_of_every_document(long_document: tuple[Path, Path], tmp_path: Path) -> None:
    key, response = long_document
    out = tmp_path / "muc.json"
    assert conll_main([str(key), str(response), "--metric", "muc", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert list(data["metrics"]) == ["muc"]
    assert set(METRICS) <= set(data["documents"][0]["metrics"])
    assert data["documents"][0]["metrics"]["ceafe"]["recall_den"] > 0


def test_each_metric_alone_gives_its_figure_of_all_91_reference_cases(evmeval_data: Path) -> None:
    for case, _ in _cases(evmeval_data):
        key, response = _documents(case["key"]), _documents(case["response"])
        every = score_conll(key, response).total
        for name in METRICS:
            alone = score_conll(key, response, (name,)).total
            assert alone.metric(name) == every.metric(name), (case["id"], name)
            assert alone.identification == every.identification


@needs_kernel
@pytest.mark.parametrize("metric", ["ceafm", "ceafe"])
def test_ceaf_on_the_kernel_and_in_python_print_the_same_bytes(
        metric: str, long_document: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    key, response = long_document
    assert conll_main([str(key), str(response), "--metric", metric]) == 0
    kernel = capsys.readouterr().out
    monkeypatch.setattr(coref_kernel, "KERNEL", None)
    assert conll_main([str(key), str(response), "--metric", metric]) == 0
    assert capsys.readouterr().out == kernel
    assert "Coreference: Recall: (" in kernel


_WEIGHT = st.one_of(st.integers(0, 3), st.sampled_from([0.0, 0.5, 2 / 3, 0.4, 1.0, 2 / 7]))


@needs_kernel
@given(st.integers(0, 7).flatmap(lambda columns: st.lists(
    st.lists(_WEIGHT, min_size=columns, max_size=columns), min_size=1, max_size=7)))
@settings(max_examples=400, deadline=None)
def test_kernel_assignment_picks_the_python_solvers_columns(weights: list[list[float]]) -> None:
    assert KERNEL is not None
    assert KERNEL.max_weight_assignment(weights) == max_weight_assignment(weights)  # ties broken alike


@needs_kernel
@pytest.mark.parametrize("weights", [[[1, "x"]], [[1.0, float("nan")]], [[1, 2], [3]], [[2**60]], [(1, 2)]])
def test_kernel_assignment_declines_what_it_cannot_read(weights: list) -> None:
    assert KERNEL is not None
    assert KERNEL.max_weight_assignment(weights) is None
