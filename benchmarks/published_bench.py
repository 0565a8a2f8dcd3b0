"""Our conventions beside the published scorers, run live on the same files (issue 37): MAVEN's `evaluate.py`
against `--convention maven`, MAVEN-ERE's `evaluate.py` against `--convention maven-ere`, TextEE's
`TextEE/scorer.py` (E2E, through `textee_scorer_driver.py`) against `--convention textee`, each on
`maven_ere_bench.py`'s MAVEN-ERE-sized corpus converted into that format (4,480 documents).

    python benchmarks/run.py --only published [--runs 3] [--markdown docs/benchmarks.md]
    python benchmarks/published_bench.py [--runs 3]

Where the published scorers are: `--published DIR` or `EVMEVAL_PUBLISHED`, a folder holding the checkouts
`MAVEN-dataset/`, `MAVEN-ERE/` and `TextEE/`; their Python, with numpy, scipy, scikit-learn and PyYAML (never
our dependencies: a venv of its own), from `--published-python` or `EVMEVAL_PUBLISHED_PY`. A scorer whose
checkout or modules are missing is skipped and its row says so.

Each scorer is run as its README says (MAVEN, MAVEN-ERE: `evaluate.py INPUT OUTPUT`, the files linked into
`INPUT/ref` and `INPUT/res` under the names it opens). After one untimed run of each side, every round runs
ours and then theirs (pairs under the same load). A row gives the CPU (user + system, children included) and
wall medians, the ratio their CPU / ours pair by pair (how many times faster we are), each side's peak RSS
(`wait4`), and whether the figures agree: every figure the scorer prints, read from its output, against our
`--json` (MAVEN prints full floats, TextEE's scorer returns them: compared within 1e-9 of a percentage point;
MAVEN-ERE prints two decimals: compared as printed).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from maven_ere_bench import cache_root, ensure_converted, ensure_corpus

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
MODULES = ("numpy", "scipy", "sklearn", "yaml")


@dataclass
class Side:
    cpus: list[float] = field(default_factory=list)
    walls: list[float] = field(default_factory=list)
    peaks: list[float] = field(default_factory=list)

    def add(self, wall: float, cpu: float, peak: float) -> None:
        self.walls.append(wall)
        self.cpus.append(cpu)
        self.peaks.append(peak)


@dataclass
class Published:
    name: str
    convention: str
    checkout: str
    gold: Path
    system: Path
    ours: Side = field(default_factory=Side)
    theirs: Side = field(default_factory=Side)
    absent: str = ""
    figures: str = ""

    @property
    def script(self) -> str:
        return {"maven": "evaluate.py", "maven-ere": "evaluate.py", "textee": "TextEE/scorer.py"}[self.convention]


def rows(converted: Path) -> list[Published]:
    return [Published("MAVEN `evaluate.py`", "maven", "MAVEN-dataset", converted / "maven-gold.jsonl",
                      converted / "maven-system.jsonl"),
            Published("MAVEN-ERE `evaluate.py`", "maven-ere", "MAVEN-ERE", converted / "maven-ere-gold.jsonl",
                      converted / "maven-ere-system.jsonl"),
            Published("TextEE `scorer.py` (E2E)", "textee", "TextEE", converted / "textee-gold" / "gold.jsonl",
                      converted / "textee-system" / "system.jsonl")]


def spawn(argv: list[str], stdout: Path) -> tuple[float, float, float, int]:
    """(wall s, CPU s, peak RSS MB, exit status) of one whole process, its output into `stdout`."""
    start = time.perf_counter()
    with open(stdout, "wb") as out, open(os.devnull, "wb") as null:
        pid = os.posix_spawn(argv[0], argv, dict(os.environ),
                             file_actions=[(os.POSIX_SPAWN_DUP2, out.fileno(), 1),
                                           (os.POSIX_SPAWN_DUP2, null.fileno(), 2)])
        _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def missing(python: str | None, root: Path | None, row: Published) -> str:
    """Why the published scorer of `row` cannot run here ("" when it can)."""
    if root is None or not (root / row.checkout / row.script).is_file():
        return f"absent (no {row.checkout}/{row.script}: --published or EVMEVAL_PUBLISHED)"
    if python is None:
        return "absent (no Python for it: --published-python or EVMEVAL_PUBLISHED_PY)"
    probe = Path(tempfile.mkstemp()[1])
    try:
        *_, code = spawn([python, "-c", f"import {', '.join(MODULES)}"], probe)
    except OSError:
        code = 1
    probe.unlink()
    return "" if code == 0 else f"absent (its Python lacks one of {', '.join(MODULES)})"


def their_command(row: Published, root: Path, python: str, work: Path) -> tuple[list[str], Path]:
    """The published scorer's command line on the row's files, and where its figures are written."""
    if row.convention == "textee":
        return [python, str(HERE / "textee_scorer_driver.py"), str(root / "TextEE" / "TextEE"), str(row.gold),
                str(row.system)], work / "theirs.out"
    names = {"maven": ("test_gold.jsonl", "results.jsonl"), "maven-ere": ("test.jsonl", "test_prediction.jsonl")}
    gold_name, system_name = names[row.convention]
    for folder, name, target in (("ref", gold_name, row.gold), ("res", system_name, row.system)):
        (work / "input" / folder).mkdir(parents=True, exist_ok=True)
        link = work / "input" / folder / name
        if not link.exists():
            link.symlink_to(target)
    figures = work / "output" / "scores.txt" if row.convention == "maven-ere" else work / "theirs.out"
    return [python, str(root / row.checkout / "evaluate.py"), str(work / "input"), str(work / "output")], figures


def _printed(path: Path, separator: str) -> dict[str, str]:
    out = {}
    for line in path.read_text().splitlines():
        name, _, value = line.partition(separator)
        if value and not name.startswith("lose"):
            out[name.strip()] = value.strip()
    return out


def compare(row: Published, ours: dict[str, Any], figures: Path) -> str:
    """Whether every figure the published scorer printed is ours (see the module's note)."""
    mine = ours["conventions"][row.convention]
    pairs: list[tuple[str, float, float]] = []
    if row.convention == "maven":
        for name, value in _printed(figures, ":").items():
            average, _, what = name.partition("_")
            key = {"F1": "f1", "Precision": "precision", "Recall": "recall"}[what]
            pairs.append((name, float(value), 100 * mine[average.lower()][key]))
    elif row.convention == "textee":
        for metric, values in json.loads(figures.read_text()).items():
            for key, value in values.items():
                scale = 1 if key.endswith("_num") else 100
                pairs.append((f"{metric} {key}", float(value), scale * mine[metric][key]))
    else:
        names = {"b_cubed": "b_cubed", "ceaf": "ceaf", "muc": "muc", "blanc": "blanc", "temporal": "temporal",
                 "causal": "causal", "subevent": "subevent"}
        for name, value in _printed(figures, ":").items():
            if name == "Duration":
                continue
            metric, _, key = name.rpartition("_")
            mine_value = mine["overall"]["f1"] if name == "overall_f1" else mine[names[metric]][key]
            if f"{100 * mine_value:0.2f}" != value:
                return f"differ: {name} {value} against ours {100 * mine_value:0.2f}"
        return "same (every figure it prints, to its 2 decimals)"
    if not pairs:
        return "its output had no figures"
    worst = max(pairs, key=lambda p: abs(p[1] - p[2]))
    if abs(worst[1] - worst[2]) > 1e-9:
        return f"differ: {worst[0]} {worst[1]!r} against ours {worst[2]!r}"
    exact = sum(a == b for _, a, b in pairs)
    return f"same ({len(pairs)} figures; {exact} bit for bit, the rest within 1e-9)" if exact < len(pairs) \
        else f"same ({len(pairs)} figures, bit for bit)"


def measure(runs: int, root: Path | None, python: str | None, say: Callable[[str], None] = print
            ) -> list[Published]:
    table = rows(ensure_converted(ensure_corpus(cache_root() / "maven-ere-seed26")))
    with tempfile.TemporaryDirectory() as tmp:
        for row in table:
            row.absent = missing(python, root, row)
            work = Path(tmp) / row.convention
            work.mkdir()
            report, data = work / "ours.txt", work / "ours.json"
            ours = [str(BIN / "evmeval-score"), "--convention", row.convention, "-g", str(row.gold), "-s",
                    str(row.system), "-o", str(report), "--json", str(data)]
            theirs, figures = ([], work) if row.absent else their_command(row, root, python, work)  # type: ignore[arg-type]
            for n in range(runs + 1):  # the first round warms both sides and is not counted
                wall, cpu, peak, code = spawn(ours, work / "ours.out")
                if code != 0:
                    raise SystemExit(f"{' '.join(ours)} failed")
                if n:
                    row.ours.add(wall, cpu, peak)
                if theirs:
                    wall, cpu, peak, code = spawn(theirs, work / "theirs.out")
                    if n:
                        row.theirs.add(wall, cpu, peak)
                if n:
                    say(f"  round {n}/{runs} {row.convention}: CPU ours {row.ours.cpus[-1]:.2f} s, theirs "
                        f"{row.theirs.cpus[-1] if theirs else float('nan'):.2f} s")
            if theirs:
                row.figures = compare(row, json.loads(data.read_text()), figures)
                if code != 0 and row.convention == "maven":  # Python 2's `open(..., 'wb')` written with str
                    row.figures += "; it prints them, then fails writing scores.txt under Python 3 (exit 1)"
                elif code != 0:
                    row.figures = f"it failed (exit {code}): {(work / 'theirs.out').read_text()[-200:]}"
    return table


NOTE = ("Their checkouts are the projects' public repositories (THU-KEG/MAVEN-dataset, THU-KEG/MAVEN-ERE, "
        "ej0cl6/TextEE), run under Python 3.11 with numpy, scipy, scikit-learn and PyYAML in a venv of their own "
        "(`EVMEVAL_PUBLISHED`, `EVMEVAL_PUBLISHED_PY`). MAVEN's `evaluate.py` opens `scores.txt` with `'wb'` and "
        "writes text (Python 2): under Python 3 it prints every figure, then stops there (exit 1); its time "
        "includes printing a line per gold mention no prediction names. TextEE has no command for scoring two "
        "files: `textee_scorer_driver.py` does what its loader does with the fields the scorer reads and calls "
        "its `scorer.compute_scores(..., \"E2E\")` (the predictions put in the gold file's order, which its scorer "
        "asserts; ours pairs windows by id). MAVEN-ERE's `evaluate.py` holds both files decoded and a label and a "
        "prediction for every ordered pair of a document's mentions, in lists and then numpy arrays (its 929 MB). "
        "The 5x goal is out of reach against MAVEN's and TextEE's scripts: they do little besides decoding the "
        "same JSON with the same `json` module, which takes us the same time (0.35-0.6 s of CPU for each "
        "convention's files; MAVEN's script also imports numpy and scikit-learn, about 1 s of CPU on this machine "
        "loaded); ours checks every record besides. Faster decoders were measured and not added, since neither buys "
        "the 1.5x on the whole command a second form must: orjson (0.72x of `json`'s decoding time on the MAVEN-ERE "
        "gold file, 0.1 s of the run) and msgspec decoding into typed Structs, which checks the layout while it "
        "decodes (a prototype that skipped our fall-back, whole process 1.08-1.49x for `maven`, 1.30-1.51x for "
        "`maven-ere`; docs/developer.md, \"Streaming readers\"). The figures compared are every figure each scorer "
        "prints.")


HEADER = ["published scorer (live)", "ours", "CPU ours / theirs (median)", "wall ours / theirs (median)",
          "we are faster (their CPU / ours, min / median / max)", "goal", "peak RSS ours / theirs", "figures"]


def table_lines(table: list[Published]) -> list[list[str]]:
    lines = [HEADER]
    for row in table:
        ours = f"`evmeval-score --convention {row.convention}`"
        if row.absent:
            lines.append([row.name, ours, f"{statistics.median(row.ours.cpus):.2f} s / -",
                          f"{statistics.median(row.ours.walls):.2f} s / -", "-", ">= 5x",
                          f"{max(row.ours.peaks):.0f} MB / -", row.absent])
            continue
        ratios = sorted(t / o for o, t in zip(row.ours.cpus, row.theirs.cpus, strict=True))
        median = statistics.median(ratios)
        mine, theirs = max(row.ours.peaks), max(row.theirs.peaks)
        lines.append([row.name, ours,
                      f"{statistics.median(row.ours.cpus):.2f} s / {statistics.median(row.theirs.cpus):.2f} s",
                      f"{statistics.median(row.ours.walls):.2f} s / {statistics.median(row.theirs.walls):.2f} s",
                      f"{ratios[0]:.2f}x / {median:.2f}x / {ratios[-1]:.2f}x",
                      f">= 5x, no more memory: {'met' if median >= 5 and mine <= theirs else 'not met'}",
                      f"{mine:.0f} MB / {theirs:.0f} MB", row.figures])
    return lines


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--published", default=os.environ.get("EVMEVAL_PUBLISHED"),
                        help="folder holding MAVEN-dataset/, MAVEN-ERE/, TextEE/ (default: $EVMEVAL_PUBLISHED)")
    parser.add_argument("--published-python", default=os.environ.get("EVMEVAL_PUBLISHED_PY"),
                        help="their Python, with numpy, scipy, scikit-learn, PyYAML (default: $EVMEVAL_PUBLISHED_PY)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="pairs per scorer (default 3)")
    add_options(parser)
    args = parser.parse_args()
    table = measure(args.runs, Path(args.published) if args.published else None, args.published_python)
    for line in table_lines(table):
        print(" | ".join(line))
    return 0 if all(not r.figures.startswith(("differ", "it failed")) for r in table) else 1


if __name__ == "__main__":
    sys.exit(main())
