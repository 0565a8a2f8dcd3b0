"""Make the user guide's screenshots afresh: the real window, offscreen, on the bundled demo corpus.

    .venv/bin/python tools/docs_screenshots.py [OUT_DIR] [--size 1366x768]

Writes into OUT_DIR (default docs/screenshots/) every picture a command line can reach — the main window,
the charts, compare (leaderboard, pair, relations and conventions), agreement, curation, mapping differences,
attributes — through `evmeval-gui --screenshot`, then the editing and new-document pictures through
tools/edit_screenshots.py. Pictures of states only clicks reach (coreference, sequencing, welcome, launch,
mapping schemes) are left as they are.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "resources" / "demo"
AGREEMENT = [str(DEMO / "gold.tbf"), str(DEMO / "system_a.tbf"), str(DEMO / "system_b.tbf")]
EXAMPLES = REPO / "resources" / "examples"
TEXTEE_RUNS = ["-g", str(EXAMPLES / "compare_gold.jsonl"), "-s", str(EXAMPLES / "compare_run_a.jsonl"),
               "-s", str(EXAMPLES / "compare_run_b.jsonl")]

SHOTS: dict[str, list[str]] = {
    "main-window": ["--demo"],
    "charts": ["--demo", "--charts"],
    "compare-leaderboard": ["--demo", "--compare", "leaderboard"],
    "compare": ["--demo", "--compare", "pair"],
    "compare-relations": ["--demo", "--compare", "relations"],
    "compare-conventions": [*TEXTEE_RUNS, "--compare", "conventions"],
    "agreement": ["--agreement", *AGREEMENT],
    "mapping-differences": ["--demo", "--differences"],
    "attributes": ["--demo", "--attributes", "type+realis"],
    "curation": ["--agreement", *AGREEMENT, "--curate"],
}
"""Picture name → the window's command-line arguments that show it."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=str(REPO / "docs" / "screenshots"))
    parser.add_argument("--size", default="1366x768")
    args = parser.parse_args()
    gui = Path(sys.executable).parent / "evmeval-gui"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    for name, extra in SHOTS.items():
        target = Path(args.out) / f"{name}.png"
        subprocess.run([str(gui), *extra, "--size", args.size, "--screenshot", str(target)], env=env, check=True)
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run([sys.executable, str(REPO / "tools" / "edit_screenshots.py"), scratch, "--sizes", args.size],
                       env=env, check=True)
        for name in ("editing", "scratch"):
            made = Path(scratch) / f"{name}-{args.size}.png"
            if made.is_file():
                shutil.copyfile(made, Path(args.out) / f"{name}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
