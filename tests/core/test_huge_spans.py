"""A character span such as `0,2000000000` (issue "Trust, round 3", item 3): every program finishes at once.

The published scorer lists every character of a span, so one typo asks for gigabytes. Each program here
runs on such a file under a 1.5 GB address-space limit (`RLIMIT_AS` in the child only) and must end
quickly with its normal report or message, never a MemoryError traceback or a kill by the kernel.
"""

from __future__ import annotations

import io
import resource
import subprocess
import sys
from contextlib import redirect_stderr
from pathlib import Path

import pytest
from evmeval.cli.console import finish
from evmeval.io.reading import read_bytes

from tests.programs import installed

LIMIT = 1536 * 1024 * 1024
TEXT = "bomb went off. kill\n"
GOLD = ("#BeginOfDocument d1\n"
        "gold\td1\tE1\t0,4\tbomb\tConflict_Attack\tActual\n"
        "gold\td1\tE2\t15,19\tkill\tLife_Die\tActual\n"
        "@Coreference\tR1\tE1,E2\n"
        "#EndOfDocument\n")
SYSTEM = ("#BeginOfDocument d1\n"
          "sys\td1\tE1\t0,2000000000\tbomb\tConflict_Attack\tActual\n"
          "sys\td1\tE2\t15,19\tkill\tLife_Die\tActual\n"
          "sys\td1\tE3\t5,9;1000000000,2000000000\twent\tConflict_Attack\tActual\n"
          "@Coreference\tR1\tE1,E2\n"
          "@After\tR2\tE1,E2\n"
          "#EndOfDocument\n")


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    (tmp_path / "gold.tbf").write_text(GOLD, encoding="utf-8")
    (tmp_path / "system.tbf").write_text(SYSTEM, encoding="utf-8")
    (tmp_path / "txt").mkdir()
    (tmp_path / "txt" / "d1.txt").write_text(TEXT, encoding="utf-8")
    return tmp_path


def _run(corpus: Path, program: str, *args: str) -> subprocess.CompletedProcess:
    done = subprocess.run([installed(program), *args], cwd=corpus, capture_output=True, text=True, timeout=120,
                          check=False, preexec_fn=_limited)
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr, done.stderr
    assert done.returncode >= 0, f"killed by signal {-done.returncode}"
    return done


SCORE_RUNS = {  # options, and words of the report they write
    "report": (["-o", "out.txt"], "Final Mention Detection Results"),
    "comparison": (["-o", "out.txt", "-d", "cmp.txt"], "Final Mention Detection Results"),
    "coreference": (["-o", "out.txt", "-c", "coref"], "Final Mention Detection Results"),
    "json and muc": (["-o", "out.txt", "--json", "out.json", "--scheme", "muc"], "Scheme: MUC"),
    "optimal": (["-o", "out.txt", "--mapping", "optimal"], "Final Mention Detection Results"),
    "ordered": (["-o", "out.txt", "--mapping", "ordered"], "Final Mention Detection Results"),
    "2015": (["-o", "out.txt", "--profile", "2015"], "Final Results"),
}


@pytest.mark.parametrize(("options", "heading"), list(SCORE_RUNS.values()), ids=list(SCORE_RUNS))
def test_score_finishes_with_its_report(corpus: Path, options: list[str], heading: str) -> None:
    done = _run(corpus, "evmeval-score", "-g", "gold.tbf", "-s", "system.tbf", *options)
    assert done.returncode == 0, done.stderr
    assert heading in (corpus / "out.txt").read_text(encoding="utf-8")
    if "-d" in options:
        comparison = (corpus / "cmp.txt").read_text(encoding="utf-8")
        assert "\tE1\t0..1999999999\tconflictattack" in comparison  # not two billion numbers
        assert "\tE3\t5..8,1000000000..1999999999\t" in comparison


def test_validate_names_the_span_beyond_the_text(corpus: Path) -> None:
    done = _run(corpus, "evmeval-validate", "system.tbf")
    assert done.returncode == 1
    assert done.stdout.startswith("system.tbf:2: warning: span 0,2000000000 ends beyond the text of d1 (20 characters)")
    beyond = "system.tbf:4: warning: span 5,9;1000000000,2000000000 ends beyond the text of d1 (20 characters)"
    assert beyond in done.stdout
    assert _run(corpus, "evmeval-validate", "gold.tbf", "--text", "txt").returncode == 0
    (corpus / "elsewhere").mkdir()
    (corpus / "elsewhere" / "d1.txt").write_text("", encoding="utf-8")
    short = _run(corpus, "evmeval-validate", "gold.tbf", "--text", "elsewhere")
    assert short.returncode == 1
    assert "gold.tbf:2: warning: span 0,4 ends beyond the text of d1 (0 characters)" in short.stdout


def test_iaa_finishes(corpus: Path) -> None:
    done = _run(corpus, "evmeval-iaa", "gold.tbf", "system.tbf", "--json", "iaa.json", "--curated", "cur.tbf",
                "--curate", "union")
    assert done.returncode == 0, done.stderr
    assert "Fleiss" in done.stdout and "0,2000000000" in (corpus / "cur.tbf").read_text(encoding="utf-8")


def test_compare_finishes(corpus: Path) -> None:
    done = _run(corpus, "evmeval-compare", "-g", "gold.tbf", "-s", "system.tbf", "-s", "gold.tbf", "--html",
                "cmp.html", "--csv", "cmp.csv", "--json", "cmp.json")
    assert done.returncode == 0, done.stderr
    assert "Leaderboard" in done.stdout and (corpus / "cmp.html").stat().st_size > 0


def test_gui_export_finishes(corpus: Path) -> None:
    done = _run(corpus, "evmeval-gui", "-g", "gold.tbf", "-s", "system.tbf", "--export-report", "report")
    assert done.returncode == 0, done.stderr
    assert (corpus / "report" / "report.html").is_file()
    assert "0..1999999999" in (corpus / "report" / "comparison.txt").read_text(encoding="utf-8")


def test_running_out_of_memory_is_one_line_naming_the_inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What is left of the risk (an input no check foresaw): `finish` says so and names the files read."""
    tbf = tmp_path / "big.tbf"
    tbf.write_text(GOLD, encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["evmeval-score", "-g", str(tbf), "-s", str(tmp_path / "unread.tbf")])

    def main() -> int:
        read_bytes(str(tbf))
        raise MemoryError

    err = io.StringIO()
    with redirect_stderr(err), pytest.raises(SystemExit) as stop:
        finish(main)
    assert stop.value.code == 1
    assert err.getvalue().startswith(f"evmeval-score: error: out of memory on {tbf} (")
    assert err.getvalue().count("\n") == 1 and "unread" not in err.getvalue()


def test_gui_export_with_a_token_at_an_absurd_offset_finishes(tmp_path: Path) -> None:
    """Token mode, no text file: the text rebuilt from the token table leaves that token out."""
    (tmp_path / "tkn").mkdir()
    (tmp_path / "tkn" / "d1.tab").write_text("t1\tThe\t0\t2\nt2\tattack\t4\t9\nt3\tdied\t11\t2000000000\n",
                                             encoding="utf-8")
    gold = "#BeginOfDocument d1\ng\td1\tE1\tt2\tattack\tConflict_Attack\tActual\n#EndOfDocument\n"
    (tmp_path / "gold.tbf").write_text(gold, encoding="utf-8")
    (tmp_path / "system.tbf").write_text(gold.replace("t2\tattack", "t3\tdied"), encoding="utf-8")
    done = _run(tmp_path, "evmeval-gui", "-g", "gold.tbf", "-s", "system.tbf", "-t", "tkn", "--export-report", "out")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "report.html").is_file()
