"""`evmeval-compare --convention NAME --html FILE --csv FOLDER` (issue 36, "every figure with an interval in the
report, JSON, HTML"): the same two tables as the text — each run's figures with their intervals, each pair's
paired tests — as one page and two CSV files, written atomically through the output checks."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

from tests.core.test_compare_more_conventions import _rams, _uie
from tests.programs import installed

PARTS = {"precision": "P", "recall": "R", "f1": "F1"}


def _run(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-compare"), *map(str, args)], capture_output=True, text=True,
                          check=False, timeout=300)


class _Tables(HTMLParser):
    """Every table of a page by its id: its rows, each a list of cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._table: list[list[str]] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self._table = self.tables.setdefault(dict(attrs).get("id") or "", [])
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._table:
            self._table[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _pct(value: float) -> str:
    return f"{100 * value:.2f}"


def _points(value: float) -> str:
    return f"{100 * value:+.2f}"


def test_the_page_holds_every_figure_with_its_interval_and_every_pairs_test(tmp_path: Path) -> None:
    gold, a, b, options = _uie(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    done = _run("-g", gold, "-s", a, "-s", b, "-s", a, "--convention", "uie", *options, "--resamples", "200",
                "--json", out / "c.json", "--html", out / "c.html", "--csv", out / "tables")
    assert done.returncode == 0, done.stderr
    data = json.loads((out / "c.json").read_text())
    page = _Tables()
    page.feed((out / "c.html").read_text(encoding="utf-8"))
    figures = page.tables["figures"]
    assert figures[0] == ["Metric", "Figure", *data["runs"]]
    rows = {(row[0], row[1]): row[2:] for row in figures[1:]}
    checked = 0
    for index, system in enumerate(data["systems"]):
        for metric, label in data["metrics"].items():
            for f in system[metric]:
                cell = rows[(label, PARTS[f["figure"]])][index]
                assert cell == f"{_pct(f['estimate'])} [{_pct(f['ci_low'])}, {_pct(f['ci_high'])}]", (metric, f)
                checked += 1
    assert checked == 3 * 4 * 3  # three runs, UIE's four metrics, P R F1
    tests = page.tables["pairs"][1:]
    assert len(tests) == 3 * 4 * 3  # three pairs
    by_key = {(row[0], row[1], row[2], row[3]): row for row in tests}
    names = {name: name for name in data["runs"]}
    for pair in data["pairs"]:
        for metric, label in data["metrics"].items():
            for t in pair[metric]:
                row = by_key[(names[pair["a"]], names[pair["b"]], label, PARTS[t["figure"]])]
                assert row[6] == _points(t["delta"]) and row[7] == f"[{_points(t['ci_low'])}, {_points(t['ci_high'])}]"
                assert row[10] == f"{t['p_value_adjusted']:.4f}"
    assert "<svg" in (out / "c.html").read_text()  # each pair's interval drawn against zero

    figures_csv = list(csv.DictReader(io.StringIO((out / "tables" / "figures.csv").read_text())))
    assert len(figures_csv) == checked
    first = next(r for r in figures_csv if r["metric"] == "offset-evt-role" and r["figure"] == "f1")
    mine = next(f for f in data["systems"][0]["offset-evt-role"] if f["figure"] == "f1")
    assert (float(first["estimate"]), float(first["ci_low"]), float(first["ci_high"])) == \
        (mine["estimate"], mine["ci_low"], mine["ci_high"])  # unrounded
    tests_csv = list(csv.DictReader(io.StringIO((out / "tables" / "figure_tests.csv").read_text())))
    assert len(tests_csv) == len(tests) and {r["correction"] for r in tests_csv} == {"holm"}


def test_text_cells_cannot_be_formulas_and_figures_stay_numbers(tmp_path: Path) -> None:
    gold, a, b, _ = _rams(tmp_path)
    formula = tmp_path / "=HYPERLINK(1).jsonl"
    shutil.copy(a, formula)
    done = _run("-g", gold, "-s", b, "-s", formula, "--convention", "rams", "--resamples", "50", "--csv",
                tmp_path / "tables")
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "tables" / "figure_tests.csv").read_text()
    assert "\nb,'=HYPERLINK(1),overall," in text and ",-" in text  # the name quoted, a negative delta a plain number


def test_an_output_on_an_input_writes_nothing(tmp_path: Path) -> None:
    gold, a, b, _ = _rams(tmp_path)
    done = _run("-g", gold, "-s", a, "-s", b, "--convention", "rams", "--csv", tmp_path / "tables", "--html", gold)
    assert done.returncode == 1
    assert done.stderr == f"evmeval-compare: error: {gold}: output would overwrite an input file (expected a " \
                          "different output path)\n"
    assert not (tmp_path / "tables").exists()
    not_folder = tmp_path / "file"
    not_folder.write_text("x")
    done = _run("-g", gold, "-s", a, "-s", b, "--convention", "rams", "--csv", not_folder)
    assert done.returncode == 1 and done.stderr.endswith("is not a folder (expected a folder for the CSV files "
                                                         "(--csv))\n")
