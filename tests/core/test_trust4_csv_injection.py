"""CSV formula injection (issue 31, item 4): no cell a spreadsheet would run as a formula.

Ids, texts and types come from other people's files; every CSV the library writes goes through the
one writer (`evmeval.report.csv_writer`), which puts `'` before a text cell starting with `=`, `+`,
`-`, `@`, a tab or a carriage return. Figures the library computes stay numbers, negative ones too.
"""

from __future__ import annotations

import ast
import csv
import io
import os
import shutil
import subprocess
from pathlib import Path

from evmeval.io.tbf import parse_tbf
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode
from evmeval.report.csv_report import format_documents_csv, format_mappings_csv, format_per_type_csv
from evmeval.report.csv_writer import DANGEROUS, CsvWriter, number, table
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.programs import installed

CORE = Path(__file__).resolve().parents[2] / "core" / "evmeval"
DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8)
RISKY = st.builds(lambda first, rest: first + rest, st.sampled_from(DANGEROUS), TEXT)
"""Text starting with a dangerous character."""
FIELD = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zs", "Zl", "Zp")), min_size=1,
                max_size=6)
"""A tbf field (no tab, line end or space)."""


def _cells(text: str) -> list[list[str]]:
    """The cells as a CSV reader sees them (Python 3.10's reader refuses a NUL: it reads a character the text
    does not hold in its place, put back after)."""
    stand_in = next(chr(c) for c in range(0xE000, 0xF900) if chr(c) not in text)
    rows = csv.reader(io.StringIO(text.replace("\0", stand_in), newline=""))
    return [[cell.replace(stand_in, "\0") for cell in row] for row in rows]


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def _assert_safe(text: str) -> None:
    """Every cell either starts with no dangerous character, or is a number the library wrote."""
    for row in _cells(text):
        for cell in row:
            assert not cell.startswith(DANGEROUS) or _is_number(cell), (cell, row)


@given(st.lists(st.lists(TEXT | RISKY, min_size=1, max_size=5), max_size=5))
def test_no_written_cell_starts_a_formula(rows: list[list[str]]) -> None:
    text = table(["a", "b"], rows)
    back = _cells(text)[1:]
    for cells, written in zip(rows, back, strict=True):
        for cell, out in zip(cells, written, strict=True):
            assert not out.startswith(DANGEROUS)
            assert out == ("'" + cell if cell.startswith(DANGEROUS) else cell)


@given(st.floats(-1e6, 1e6, allow_nan=False) | st.integers(-10**6, 10**6))
def test_our_numbers_stay_numbers(value: float) -> None:
    """A delta of -3.2 is written -3.2 (a spreadsheet can sum it), a text "-3.2" from a file is quoted."""
    assert _cells(table(["delta", "text"], [[number(value), str(value)]]))[1] == [repr(value) if isinstance(
        value, float) else str(value), f"'{value!r}" if str(value).startswith("-") else repr(value)]
    assert _cells(table(["delta"], [[value]]))[1] == [str(value)]


def test_a_row_made_of_pieces_is_neutralised() -> None:
    pieces = CsvWriter()
    assert pieces.line(["=1+2", "-3", number(-3.2), "@x", "\tx", "\rx", "plain"]) == \
        "'=1+2,'-3,-3.2,'@x,'\tx,\"'\rx\",plain"


def _tbf(system: str, mentions: list[tuple[str, str, str]]) -> str:
    lines = ["#BeginOfDocument d1"]
    lines += [f"{system}\td1\t{mid}\tt{i + 1}\t{text}\t{kind}\tActual" for i, (mid, text, kind) in enumerate(mentions)]
    return "\n".join([*lines, "#EndOfDocument", ""])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(RISKY.filter(lambda s: "\t" not in s and "\r" not in s and "\n" not in s
                                       and " " not in s and s.strip() == s and len(s) > 1) | FIELD,
                          FIELD | RISKY.filter(lambda s: s.isprintable() and s.strip() == s and len(s) > 1),
                          FIELD), min_size=1, max_size=4, unique_by=lambda m: m[0]))
def test_scorer_csvs_never_start_a_formula(mentions: list[tuple[str, str, str]]) -> None:
    gold, _ = parse_tbf(_tbf("gold", mentions), path="gold.tbf", mode=SpanMode.TOKEN)
    system, _ = parse_tbf(_tbf("run", mentions[::-1]), path="run.tbf", mode=SpanMode.TOKEN)
    result = score_files(gold, system)
    for text in (format_mappings_csv(result), format_documents_csv(result), format_per_type_csv(result)):
        _assert_safe(text)


def test_only_the_one_writer_imports_csv() -> None:
    """Every CSV goes through `evmeval.report.csv_writer`: no other module of the library writes one."""
    writers = []
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import) and any(alias.name == "csv" for alias in node.names):
                writers.append(path.relative_to(CORE).as_posix())
    assert writers == ["report/csv_writer.py"]


EVIL = {"E1": ("=HYPERLINK(\"http://x\")", "killed"), "E2": ("+cmd", "@SUM(A1)"), "E3": ("-2+3", "=1")}


def _evil_corpus(folder: Path) -> Path:
    """The demo corpus with ids and texts a spreadsheet would run."""
    shutil.copytree(DEMO, folder)
    for name in ("gold.tbf", "system_a.tbf", "system_b.tbf"):
        path = folder / name
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        out = []
        for line in lines:
            fields = line.split("\t")
            if len(fields) > 4 and fields[2][1:] in ("1", "2", "3"):
                mid, text = EVIL[f"E{fields[2][1:]}"]
                fields[2], fields[4] = f"{mid}{fields[2]}", text
            out.append("\t".join(fields))
        path.write_text("".join(out), encoding="utf-8")
    return folder


def test_compare_csv_cells_never_start_a_formula(tmp_path: Path) -> None:
    corpus = _evil_corpus(tmp_path / "demo")
    done = subprocess.run([installed("evmeval-compare"), "-g", "gold.tbf", "-s", "system_a.tbf", "-s",
                           "system_b.tbf", "-t", "tkn", "--csv", "out"], cwd=corpus, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    seen = 0
    for path in sorted((corpus / "out").glob("*.csv")):
        text = path.read_text(encoding="utf-8")
        _assert_safe(text)
        seen += text.count(",'=") + text.count(",'+") + text.count(",'-") + text.count(",'@")
    assert seen > 0  # the evil cells are there, neutralised
    cases = _cells((corpus / "out" / "cases.csv").read_text(encoding="utf-8"))
    assert any("'=HYPERLINK(\"http://x\")E1" in row for row in cases)
    deltas = [row[7] for row in _cells((corpus / "out" / "document_deltas.csv").read_text(encoding="utf-8"))[1:]]
    assert any(d.startswith("-") and float(d) < 0 for d in deltas)  # our negative figures stay numbers


def test_report_export_csv_cells_never_start_a_formula(tmp_path: Path) -> None:
    """Every CSV of `evmeval-gui --export-report` (mappings, documents, per type, MUC, coreference)."""
    corpus = _evil_corpus(tmp_path / "demo")
    done = subprocess.run([installed("evmeval-gui"), "-g", "gold.tbf", "-s", "system_a.tbf", "-t", "tkn",
                           "--export-report", "report"], cwd=corpus, capture_output=True, text=True, timeout=300,
                          check=False, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    written = sorted((corpus / "report").glob("*.csv"))
    assert {p.name for p in written} >= {"mappings.csv", "documents.csv", "per_type.csv", "muc_documents.csv"}
    for path in written:
        _assert_safe(path.read_text(encoding="utf-8"))
    mappings = (corpus / "report" / "mappings.csv").read_text(encoding="utf-8")
    assert "'+cmdE2" in mappings and "'@SUM(A1)" in mappings


def test_a_nul_in_a_cell_is_written_alike_on_every_python() -> None:
    """Python 3.10's writer refused a NUL ("need to escape"), 3.11 and later write it as it is: one file."""
    from evmeval.report.csv_writer import CsvWriter

    writer = CsvWriter()
    assert writer.line(["a\x00b", "c"]) == "a\x00b,c"
    assert writer.line(["a\x00,b", "\ue000\x00"]) == '"a\x00,b",\ue000\x00'
    assert writer.line(["=\x00"]) == "'=\x00"
