"""The bottlenecks (span F1 minus F1 with an attribute) get intervals in every report, and runs named alike
are grouped into seeds by one rule (issue 36: every figure an interval; seeds as one system)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path

import pytest
from evmeval.align import COMBINATIONS
from evmeval.compare.resampling import mention_family, resample
from evmeval.compare.runs import ATTRIBUTE_GAPS, compare_results
from evmeval.compare.seeds import SeedSystem, seed_groups
from evmeval.compare.significance import Counts, ResampleSettings
from evmeval.io.tbf import read_tbf
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode

from tests.programs import installed

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def test_seed_naming_rule():
    names = ["tagger_seed1", "tagger_seed2", "crf-s1", "crf-s2", "crf-s3", "system_a", "run1", "bert.1", "bert.2"]
    assert seed_groups(names) == [SeedSystem("tagger", (0, 1)), SeedSystem("crf", (2, 3, 4)),
                                  SeedSystem("system_a", (5,)), SeedSystem("run1", (6,)),
                                  SeedSystem("bert", (7, 8))]


def test_gap_interval_is_the_paired_test_of_the_runs_own_figures():
    gold = read_tbf(str(DEMO / "gold.tbf"), mode=SpanMode.TOKEN)[0]
    results = [score_files(gold, read_tbf(str(DEMO / n), mode=SpanMode.TOKEN)[0]) for n in ("system_a.tbf",
                                                                                          "system_b.tbf")]
    settings = ResampleSettings(500, 7)
    comparison = compare_results(results, settings=settings)
    for system, result in zip(comparison.systems, results, strict=True):
        families = [mention_family(Counts.from_result(result, c)) for c in COMBINATIONS]
        for c in ATTRIBUTE_GAPS:
            alone = resample(families, [(0, COMBINATIONS.index(c))], settings=settings).tests[0][2]  # F1(c) − F1(span)
            gap = system.gap_intervals[c]
            assert gap.estimate == pytest.approx(system.bottlenecks()[c], abs=1e-15) == pytest.approx(-alone.delta)
            assert (gap.ci_low, gap.ci_high) == pytest.approx((-alone.ci_high, -alone.ci_low), abs=1e-15)
            assert gap.ci_low < gap.estimate < gap.ci_high


def test_reports_show_the_bottleneck_intervals(tmp_path: Path):
    done = subprocess.run([installed("evmeval-compare"), "-g", "gold.tbf", "-s", "system_a.tbf", "-s", "system_b.tbf",
                           "-t", "tkn", "--resamples", "300", "--json", str(tmp_path / "c.json"),
                           "--csv", str(tmp_path / "csv"), "--html", str(tmp_path / "c.html")],
                          capture_output=True, text=True, check=False, timeout=120, cwd=DEMO)
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "c.json").read_text())
    gaps = data["systems"][0]["bottlenecks"]
    assert list(gaps) == list(ATTRIBUTE_GAPS)
    tr = gaps["mention_type+realis_status"]
    assert tr["ci_low"] < tr["estimate"] < tr["ci_high"]
    cell = f"{100 * tr['estimate']:+.2f} [{100 * tr['ci_low']:+.2f}, {100 * tr['ci_high']:+.2f}]"
    lines = done.stdout.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith("Bottlenecks:"))
    assert "with its 95 % interval" in lines[start]
    assert lines[start + 2].startswith("  1  system_a") and lines[start + 2].rstrip().endswith(cell)
    rows = [r for r in csv.DictReader(io.StringIO((tmp_path / "csv" / "figures.csv").read_text()))
            if r["figure"] == "span_f1_minus_f1"]
    assert len(rows) == 2 * len(ATTRIBUTE_GAPS) and float(rows[2]["estimate"]) == tr["estimate"]
    page = (tmp_path / "c.html").read_text()
    value, interval = cell.split(" ", 1)
    assert f'{value} <span class="meta">{interval}</span>' in page
