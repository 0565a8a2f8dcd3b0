"""`evmeval-score` given JSONL files without `--convention` (issue 34): it said a tbf line had too few fields;
now it names the format and the `--convention` that reads it, with the exit status of bad input."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.programs import installed
from tests.shipped import EXAMPLES


@pytest.mark.parametrize(("stem", "fmt", "flag"), [
    ("textee", "TextEE/OneIE window JSONL", "--convention textee"),
    ("dygiepp", "DyGIE++ document JSONL", "--convention dygiepp"),
    ("maven", "MAVEN JSONL (documents or submission)", "--convention maven"),
    ("maven_ere", "MAVEN-ERE JSONL (documents or submission)", "--convention maven-ere"),
])
def test_jsonl_without_convention_names_the_convention(stem: str, fmt: str, flag: str) -> None:
    gold = EXAMPLES / f"{stem}_gold.jsonl"
    run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(EXAMPLES / f"{stem}_pred.jsonl")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith(f"evmeval-score: error: {gold}:1: a {fmt} file")
    assert flag in lines[0]
    assert "tab-separated" not in lines[0] and "Traceback" not in run.stderr


def test_system_jsonl_beside_tbf_gold_is_named_too(tmp_path: Path) -> None:
    gold = Path(__file__).resolve().parents[2] / "resources" / "demo" / "gold.tbf"
    system = EXAMPLES / "textee_pred.jsonl"
    run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(system)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert f"{system}:1: a TextEE/OneIE window JSONL file" in run.stderr
    assert "--convention textee" in run.stderr
