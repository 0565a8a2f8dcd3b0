"""Repeated runs collapse into one row with "in k of n runs" (issue 36, section 3): the changes from
system A to system B, each of several runs (`--as`), one row per item and change over the run pairs;
the rows reconcile with the summed Δ tallies (hypothesis), and a hand-made corpus gives the counts."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
from pathlib import Path

from evmeval.align import COMBINATIONS
from evmeval.compare.repeated_changes import reconcile_repeated, repeated_changes
from evmeval.compare.runs import compare_results
from evmeval.compare.seeds import SeedSystem
from evmeval.mention.changes import Tally
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode
from hypothesis import given
from hypothesis import strategies as st

from tests.core.test_invariants import SETTINGS, _mentions, char_span, modes, tbf_file, token_span
from tests.programs import installed


@SETTINGS
@given(st.data())
def test_collapsed_rows_reconcile_with_the_summed_tallies(data):
    mode = data.draw(modes)
    span = token_span if mode is SpanMode.TOKEN else char_span(True)
    doc_ids = data.draw(st.lists(st.sampled_from(("d0", "d1")), min_size=1, max_size=2, unique=True))
    runs = data.draw(st.integers(3, 5))
    sides: list[dict] = [{} for _ in range(runs)]
    for doc_id in doc_ids:
        for i, side in enumerate(sides):
            side[doc_id] = _mentions(data.draw, span, doc_id, "G" if i == 0 else f"R{i}")
    gold = tbf_file(sides[0], mode, "gold.tbf")
    comparison = compare_results([score_files(gold, tbf_file(s, mode, f"r{i}.tbf"))
                                  for i, s in enumerate(sides[1:])])
    split = data.draw(st.integers(1, runs - 2))
    a = SeedSystem("A", tuple(range(split)))
    b = SeedSystem("B", tuple(range(split, runs - 1)))
    for c in COMBINATIONS:
        rc = repeated_changes(comparison, a, b, c)
        expected = Tally()
        for ra in a.runs:
            for rb in b.runs:
                expected = expected + comparison.tally(rb, c) - comparison.tally(ra, c)
        assert rc.delta == expected == reconcile_repeated(rc)
        assert rc.n == len(a.runs) * len(b.runs)
        assert all(1 <= r.runs <= rc.n for r in rc.rows)
        assert sum(r.runs for r in rc.rows) == sum(len(comparison.changes(x, y, c)) for x, y in rc.pairs)


def _run(path: Path, name: str, spans: list[tuple[str, str]]) -> Path:
    lines = ["#BeginOfDocument d"] + [f"{name}\td\t{mid}\t{span}\tw\tConflict_Attack\tActual" for mid, span in spans]
    path.write_text("\n".join([*lines, "#EndOfDocument"]) + "\n")
    return path


def test_in_k_of_n_runs_by_hand(tmp_path: Path):
    # gold G1 at 0,4 and G2 at 10,14. A's runs: a1 finds G1 and raises a false alarm at 20,24; a2 finds G1.
    # B's runs: b1 finds both; b2 finds G2 only. Run pairs (a1,b1) (a1,b2) (a2,b1) (a2,b2):
    # G2 missed -> exact in all 4; the false alarm dropped in the 2 pairs with a1; G1 exact -> missed in
    # the 2 pairs with b2. Summed Δ: TP (+1)+(0)+(+1)+(0) = +2, misses -2, false alarms -1-1 = -2;
    # rows: 4·(+1 TP, -1 miss) + 2·(-1 false alarm) + 2·(-1 TP, +1 miss) = +2, -2, -2.
    gold = _run(tmp_path / "gold.tbf", "gold", [("G1", "0,4"), ("G2", "10,14")])
    runs = [_run(tmp_path / "a1.tbf", "a1", [("A1", "0,4"), ("A2", "20,24")]),
            _run(tmp_path / "a2.tbf", "a2", [("A1", "0,4")]),
            _run(tmp_path / "b1.tbf", "b1", [("B1", "0,4"), ("B2", "10,14")]),
            _run(tmp_path / "b2.tbf", "b2", [("B2", "10,14")])]
    args = [installed("evmeval-compare"), "-g", str(gold), "-s", str(runs[0]), "-s", str(runs[1]), "--as", "A",
            "-s", str(runs[2]), "-s", str(runs[3]), "--as", "B", "--resamples", "50", "--attributes", "span",
            "--json", str(tmp_path / "c.json"), "--csv", str(tmp_path / "csv")]
    done = subprocess.run(args, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert ("A → B, Span only: 3 items, 8 changes over 4 run pairs (Δ TP +2, Δ misses -2, Δ false alarms -2)"
            in done.stdout)
    assert "d G2 'w': missed → exact (span) in 4 of 4 runs" in done.stdout
    assert "d G1 'w': exact → missed (span) in 2 of 4 runs" in done.stdout
    assert "d false alarm A2 'w': spurious → - (span) in 2 of 4 runs" in done.stdout
    changes = json.loads((tmp_path / "c.json").read_text())["seeds"]["changes"]
    assert [(c["a"], c["b"], c["combination"], c["run_pairs"]) for c in changes] == [("A", "B", "plain", 4)]
    assert changes[0]["delta"] == {"true_positives": 2, "misses": -2, "false_alarms": -2}
    assert [(i["item"], i["mention"]["id"], i["before"], i["after"], i["runs"], i["of"])
            for i in changes[0]["items"]] == [("gold", "G2", "missed", "exact", 4, 4),
                                              ("false_alarm", "A2", "spurious", None, 2, 4),
                                              ("gold", "G1", "exact", "missed", 2, 4)]
    rows = list(csv.DictReader(io.StringIO((tmp_path / "csv" / "seed_changes.csv").read_text())))
    assert [(r["item"], r["mention_id"], r["span"], r["before"], r["after"], r["reasons"], r["runs"], r["of"])
            for r in rows] == [("gold", "G2", "10,14", "missed", "exact", "span", "4", "4"),
                               ("false_alarm", "A2", "20,24", "spurious", "", "span", "2", "4"),
                               ("gold", "G1", "0,4", "exact", "missed", "span", "2", "4")]


def test_k_of_n_runs_in_the_html_report(tmp_path: Path):
    """The HTML report's Seeds section lists the same collapsed rows, most repeated first, with "k of n"."""
    gold = _run(tmp_path / "gold.tbf", "gold", [("G1", "0,4"), ("G2", "10,14")])
    runs = [_run(tmp_path / "a1.tbf", "a1", [("A1", "0,4"), ("A2", "20,24")]),
            _run(tmp_path / "a2.tbf", "a2", [("A1", "0,4")]),
            _run(tmp_path / "b1.tbf", "b1", [("B1", "0,4"), ("B2", "10,14")]),
            _run(tmp_path / "b2.tbf", "b2", [("B2", "10,14")])]
    page = tmp_path / "c.html"
    args = [installed("evmeval-compare"), "-g", str(gold), "-s", str(runs[0]), "-s", str(runs[1]), "--as", "A",
            "-s", str(runs[2]), "-s", str(runs[3]), "--as", "B", "--resamples", "50", "--attributes", "span",
            "--html", str(page)]
    done = subprocess.run(args, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    html = page.read_text()
    assert ("<summary>Changes A → B (Span only): 3 items, 8 changes over 4 run pairs (Δ TP +2, Δ misses -2, "
            "Δ false alarms -2)</summary>") in html
    rows = re.findall(r"<tr><td>d</td><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td><td>span</td>"
                      r'<td class="n">(\d) of 4</td></tr>', html)
    assert rows == [("G2 “w”", "missed", "exact", "4"), ("false alarm A2 “w”", "spurious", "-", "2"),
                    ("G1 “w”", "exact", "missed", "2")]
