"""Several runs (seeds) per system (`evmeval.compare.seeds`, `evmeval-compare --as`): spread, almost
stochastic order worked by hand, gold mentions right in k of n runs."""

from __future__ import annotations

import csv
import io
import json
import math
import subprocess
from pathlib import Path

import numpy as np
import pytest
from evmeval.compare.seeds import Spread, almost_stochastic_order, aso_matrix, violation_ratio

from tests.core.test_compare_corrections import corpus, write_run  # noqa: F401  (the fixture)
from tests.programs import installed


def ratio(a: list[float], b: list[float]) -> float:
    return float(violation_ratio(np.array([a]), np.array([b]))[0])


def test_violation_ratio_by_hand():
    # quantiles: t < 1/2 -> a 1, b 0 (gap +1); t >= 1/2 -> a 2, b 4 (gap -2). Squares 1 and 4, each over
    # half of [0, 1]: total 5/2, where a is below 4/2: ε = 2 / 2.5 = 0.8
    assert ratio([1, 2], [0, 4]) == pytest.approx(0.8)
    assert ratio([2, 1], [4, 0]) == pytest.approx(0.8)  # order of the scores does not matter
    assert ratio([1, 4], [0, 3]) == 0.0  # a above b everywhere
    assert ratio([0, 3], [1, 4]) == 1.0
    assert ratio([1, 2], [0, 3]) == pytest.approx(0.5)  # as much below as above
    assert ratio([1, 2], [2, 1]) == 0.5  # equal distributions: 0 / 0 read as "neither"


def test_epsilon_min_is_an_upper_bound_on_the_violation():
    better, worse = [0.80, 0.81, 0.82, 0.83], [0.70, 0.71, 0.72, 0.73]
    assert almost_stochastic_order(better, worse) == 0.0  # every resample has a above b everywhere
    assert almost_stochastic_order(worse, better) == 1.0
    mixed = almost_stochastic_order([0.70, 0.75, 0.80, 0.72], [0.71, 0.76, 0.79, 0.73], resamples=500, seed=3)
    assert ratio([0.70, 0.75, 0.80, 0.72], [0.71, 0.76, 0.79, 0.73]) <= mixed <= 1.0
    assert mixed == almost_stochastic_order([0.70, 0.75, 0.80, 0.72], [0.71, 0.76, 0.79, 0.73], resamples=500,
                                            seed=3)  # same seed, same figure
    matrix = aso_matrix([better, worse])
    assert matrix == [[None, 0.0], [1.0, None]]
    with pytest.raises(ValueError, match="at least one score"):
        almost_stochastic_order([], [0.5])


def test_spread():
    assert (Spread((0.5, 0.7)).mean, Spread((0.5, 0.7)).sd) == pytest.approx((0.6, math.sqrt(0.02)))
    assert math.isnan(Spread((0.5,)).sd) and Spread((0.5,)).to_json()["sd"] is None


def test_runs_named_with_as(corpus: Path, tmp_path: Path):  # noqa: F811
    write_run(tmp_path / "weak3.tbf", "weak3", 2)
    args = [installed("evmeval-compare"), "-g", str(corpus / "gold.tbf"), "-s", str(corpus / "good.tbf"),
            "-s", str(corpus / "good.tbf"), "--as", "G", "-s", str(corpus / "weak.tbf"),
            "-s", str(corpus / "weak2.tbf"), "-s", str(tmp_path / "weak3.tbf"), "--as", "W", "--resamples", "100",
            "--json", str(tmp_path / "s.json"), "--csv", str(tmp_path / "csv"), "--html", str(tmp_path / "s.html")]
    done = subprocess.run(args, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "G (2 runs: good, good (2)): 100.00 ± 0.00; right in 0/2: 0 1/2: 0 2/2: 36" in done.stdout
    assert "W (3 runs: weak, weak2, weak3): 80.00 ± 0.00; right in 0/3: 12 1/3: 0 2/3: 0 3/3: 24" in done.stdout
    seeds = json.loads((tmp_path / "s.json").read_text())["seeds"]
    assert [s["runs"] for s in seeds["systems"]] == [["good", "good (2)"], ["weak", "weak2", "weak3"]]
    assert seeds["aso_epsilon_min"]["plain"] == [[None, 0.0], [1.0, None]]
    # recall 2/3, precision 1: F1 = 2 (2/3) / (5/3) = 0.8
    assert seeds["systems"][1]["f1"]["plain"]["mean"] == pytest.approx(0.8)
    rows = list(csv.DictReader(io.StringIO((tmp_path / "csv" / "seeds.csv").read_text())))
    plain = [r for r in rows if r["combination"] == "plain"]
    assert [(r["system"], r["right_in_k_runs"], r["epsilon_min_vs_G"], r["epsilon_min_vs_W"]) for r in plain] == [
        ("G", "0:0 1:0 2:36", "", "0.0"), ("W", "0:12 1:0 2:0 3:24", "1.0", "")]
    page = (tmp_path / "s.html").read_text()
    assert "<h2>Seeds</h2>" in page and "<th>ε_min vs W</th>" in page


def test_as_before_any_run_is_refused(corpus: Path):  # noqa: F811
    args = [installed("evmeval-compare"), "-g", str(corpus / "gold.tbf"), "--as", "A",
            "-s", str(corpus / "good.tbf"), "-s", str(corpus / "weak.tbf")]
    done = subprocess.run(args, capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--as A: name the runs after giving them" in done.stderr
