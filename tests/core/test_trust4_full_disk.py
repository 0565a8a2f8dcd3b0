"""A write that fails (a full disk) is one line and leaves nothing (issue 31, item 9).

Each program writes its outputs on a disk that is full from the first byte, and from just past each
of its smaller outputs (so the run fails after some outputs were complete): it prints one line
`PROG: error: PATH: cannot write (File too large) …`, exits 1, and the folder it ran in is exactly
as before: none of the files it finished earlier, no folder it made, no temporary file. With room
enough it writes everything. The full disk is `tests.full_disk` (RLIMIT_FSIZE, no root needed).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.full_disk import file_sizes, full_disk_run, snapshot
from tests.programs import installed

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"

RUNS = {
    "score": ("evmeval-score", ["-g", "gold.tbf", "-s", "system_a.tbf", "-t", "tkn", "-o", "out/report.txt",
                                "-c", "out/coref", "--json", "out/scores.json", "-a", "out/seq", "-d",
                                "out/comparison.txt"]),
    "convention": ("evmeval-score", ["-g", "switchboard_gold.jsonl", "-s", "switchboard_pred.jsonl",
                                     "--convention", "all", "-o", "out/report.txt", "--json", "out/s.json",
                                     "--html", "out/s.html"]),
    "compare": ("evmeval-compare", ["-g", "gold.tbf", "-s", "system_a.tbf", "-s", "system_b.tbf", "-t", "tkn",
                                    "--json", "out/c.json", "--html", "out/c.html", "--csv", "out/csv"]),
    "iaa": ("evmeval-iaa", ["gold.tbf", "system_a.tbf", "-t", "tkn", "-o", "out/iaa.txt", "--json", "out/iaa.json",
                            "--curated", "out/c.tbf", "--curated-brat", "out/brat"]),
    "convert": ("evmeval-convert", ["--to", "brat", "-t", "tkn", "system_a.tbf", "-o", "out/ann"]),
    "export": ("evmeval-gui", ["--demo", "--export-report", "out/report"]),
    "screenshot": ("evmeval-gui", ["--demo", "--size", "640x400", "--screenshot", "out/s.png"]),
}
"""Case -> (program, arguments run in a copy of the demo corpus; `out/` exists, the rest is made)."""


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    shutil.copytree(DEMO, folder)
    for name in ("switchboard_gold.jsonl", "switchboard_pred.jsonl"):
        shutil.copy(EXAMPLES / name, folder / name)
    (folder / "out").mkdir()
    return folder


def _env() -> dict[str, str]:
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


@pytest.mark.parametrize("case", sorted(RUNS))
def test_a_full_disk_is_one_line_and_leaves_nothing(corpus: Path, case: str) -> None:
    program, args = RUNS[case]
    command = [installed(program), *args]
    before = snapshot(corpus)
    whole = full_disk_run(command, limit=1 << 30, cwd=corpus, env=_env())
    assert whole.returncode == 0, whole.stderr
    sizes = file_sizes(corpus / "out")
    shutil.rmtree(corpus / "out")
    (corpus / "out").mkdir()
    # the first write fails; a few bytes (the window's scratch settings fit); then each smaller output fits,
    # a larger one not
    limits = [0, 64, *sizes[:-1][:6]]
    for limit in limits:
        done = full_disk_run(command, limit=limit, cwd=corpus, env=_env())
        assert done.returncode == 1, (limit, done.stderr)
        lines = [line for line in done.stderr.splitlines() if "error" in line or "Traceback" in line]
        assert len(lines) == 1, (limit, done.stderr)
        assert lines[0].startswith(f"{program}: error: "), (limit, done.stderr)
        assert "cannot write (File too large)" in lines[0] or "No usable temporary directory" in lines[0], \
            (limit, done.stderr)
        assert "Traceback" not in done.stderr
        assert snapshot(corpus) == before, f"limit {limit}: the run left files or folders behind"
