"""`evmeval-iaa --curated-brat` and a type brat cannot hold (issue 31, item 20): refused before any work,
the message first and alone, nothing printed or written (it used to come after the report and `--curated`)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.programs import installed

MINI = Path(__file__).resolve().parent.parent / "data" / "mini"


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _iaa(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-iaa"), *map(str, args)], capture_output=True, text=True, timeout=120,
                          check=False)


def test_a_type_with_a_blank_is_refused_before_the_report_and_the_curated_file(tmp_path: Path) -> None:
    corpus = tmp_path / "mini"
    shutil.copytree(MINI, corpus)
    system = corpus / "system.tbf"
    system.write_text(system.read_text(encoding="utf-8").replace("\tLife_Die\tOther", "\tLife Die\tOther"),
                      encoding="utf-8")
    before = _snapshot(tmp_path)
    done = _iaa(corpus / "gold.tbf", system, "-t", corpus / "tkn", "--curate", "union", "--curated",
                tmp_path / "curated.tbf", "--curated-brat", tmp_path / "brat", "--json", tmp_path / "iaa.json")
    assert done.returncode == 1
    assert done.stdout == ""  # no report
    assert done.stderr == (f"evmeval-iaa: error: {system}:3: mention 'S2' has type 'Life Die', which brat cannot "
                           "hold (--curated-brat) (expected a type without blanks)\n")
    assert _snapshot(tmp_path) == before
    assert not (tmp_path / "brat").exists()


def test_without_curated_brat_the_same_sets_are_compared_and_curated(tmp_path: Path) -> None:
    corpus = tmp_path / "mini"
    shutil.copytree(MINI, corpus)
    system = corpus / "system.tbf"
    system.write_text(system.read_text(encoding="utf-8").replace("\tLife_Die\tOther", "\tLife Die\tOther"),
                      encoding="utf-8")
    done = _iaa(corpus / "gold.tbf", system, "-t", corpus / "tkn", "--curated", tmp_path / "curated.tbf")
    assert done.returncode == 0, done.stderr
    assert done.stdout and (tmp_path / "curated.tbf").is_file()
