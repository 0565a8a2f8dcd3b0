"""benchmarks/run.py, the one benchmark command: without the published scorer it still runs every goal and
says "absent" (never a silent skip), and its table and page have one row per goal. No timing assertions."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GOALS = ["-t -o", "-t -o -d", "-t -o -c", "-t -o --json", "-t -a -o", "--help (start-up)"]
HEADER = ["measure", "ours (median)", "reference (median)", "ratio min / median / max", "pairs",
          "identical output", "peak RSS ours / reference"]


def test_quick_run_without_the_reference_says_absent(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("EVMEVAL_REF", "EVMEVAL_PY2")}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")  # the small corpus is generated here, not in the user's cache
    page = tmp_path / "benchmarks.md"
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "run.py"), "--quick", "--runs", "1",
                           "--markdown", str(page)], capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "published scorer: absent (set EVMEVAL_REF" in out
    assert re.search(r"load average during the run: \d+\.\d\d-\d+\.\d\d", out)
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("measure"))
    rows = [re.split(r"\s{2,}", line.strip()) for line in lines[start:start + 1 + len(GOALS)]]
    assert rows[0] == HEADER
    assert [row[0] for row in rows[1:]] == [f"evmeval-score {goal}" for goal in GOALS]
    for row in rows[1:]:
        assert len(row) == len(HEADER)
        assert re.fullmatch(r"\d+\.\d{3} s", row[1])
        assert row[2] == "absent" and row[3:6] == ["-", "-", "-"]
        assert re.fullmatch(r"\d+ MB / absent", row[6])
    text = page.read_text()
    assert "python benchmarks/run.py --quick --runs 1 --markdown" in text
    assert "cores" in text and "load average during the run" in text
    table = [line for line in text.splitlines() if line.startswith("| `evmeval-score")]
    assert len(table) == len(GOALS) and all(line.count(" | ") == len(HEADER) - 1 for line in table)


def test_sequencing_bench_without_the_reference_says_absent(tmp_path: Path) -> None:
    """benchmarks/sequencing_bench.py runs the published scorer live or says "absent" (no stored figure
    posing as a measurement), pairs the full closure with the plain run and checks the report."""
    env = {k: v for k, v in os.environ.items() if k not in ("EVMEVAL_REF", "EVMEVAL_PY2")}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "sequencing_bench.py"), "--docs", "30",
                           "--runs", "1"], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120,
                          check=False)
    out = done.stdout
    assert "published scorer: absent (set EVMEVAL_REF" in out, done.stderr
    assert re.search(r"load average during the run: \d+\.\d\d-\d+\.\d\d", out)
    assert re.search(r"ours -t -a -o\s+median\s+\d+\.\d{3} s\s+peak RSS\s+\d+ MB", out)
    assert re.search(r"full / plain\s+\d+\.\d\dx / \d+\.\d\dx / \d+\.\d\dx \(1 pair\)", out)
    assert re.search(r"published v1.8\s+absent", out)
    assert "recorded SHA-256 (the published scorer is absent)" in out  # a 30-document corpus: not that report
    assert "-a folder" in out and "the same in every round" in out
    assert "stored figure" not in out and not re.search(r"(?<![\d.])170 s", out)  # the old stored figure


def test_export_row_replaces_only_its_section(tmp_path: Path) -> None:
    """`--only export` (issue 37's export row): one row per size with the output folder's hash, written into
    its own section of the page; a second run replaces that section and keeps the rest of the page."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    page = tmp_path / "benchmarks.md"
    page.write_text("# Benchmarks\n\nkept line\n\n`--json` is paired with the reference.\n")
    command = [sys.executable, str(REPO / "benchmarks" / "run.py"), "--only", "export", "--export-docs", "12",
               "--runs", "1", "--markdown", str(page)]
    hashes = []
    for _ in range(2):
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300,
                              check=False)
        assert done.returncode == 0, done.stderr
        hashes += re.findall(r"output hash: ([0-9a-f]{12})", done.stdout)
        text = page.read_text()
        assert text.count("<!-- export -->") == 1 and text.count("<!-- end export -->") == 1
        assert "kept line" in text and text.index("<!-- end export -->") < text.index("`--json` is paired")
        rows = [line for line in text.splitlines() if line.startswith("| 12 |")]
        assert len(rows) == 1 and rows[0].count(" | ") == 5
        assert re.search(r"`[0-9a-f]{12}` \(load \d+\.\d\d\)", rows[0])
    assert len(hashes) == 2 and hashes[0] == hashes[1]  # the export's bytes do not depend on the run
