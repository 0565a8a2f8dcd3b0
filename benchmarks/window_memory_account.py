"""What the window keeps of a corpus, by the line that made it (issue 34): `tracemalloc` with one frame, started
once the empty window is idle and has imported the charts' modules every scored window imports (so
Qt's widgets and the imports are not in it), the corpus opened as the
command line opens it, 20 document switches made, every background job done, a collection, then a snapshot.

    python benchmarks/window_memory_account.py [--only tbf textee maven maven-ere] [--top 30] [--docs N]

Prints, per format, the Python memory made after the warm-up and still alive, its largest lines, and the sum of
the lines of each part the account names (`PARTS`). Not a test: tracemalloc's figures are the machine's own
(the load does not move them), but the code's.
"""

from __future__ import annotations

import argparse
import gc
import json
import linecache
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent))
SWITCHES = 20
PARTS = {"the v1.8 result (mappings, candidates, scores)": ("evmeval/align/", "evmeval/mention/prf.py",
                                                            "evmeval/mention/scoring.py"),
         "the mentions packed (model.py)": ("evmeval/model.py",)}


def child(gold: str, system: str, top: int) -> dict[str, Any]:
    import gui_bench
    import window_scale_bench as bench

    app, window = bench._window()
    bench._wait(app, lambda: window.runner.idle, limit_s=120)
    from types import SimpleNamespace

    from evmeval_gui.window.warm_up import import_charts
    import_charts(SimpleNamespace(check=lambda: None))  # what every scored window imports (since `lazyagree`)
    gc.collect()
    tracemalloc.start(1)
    shown: list[float] = []
    window.session.scoring_finished.connect(lambda: shown.append(time.time()))
    window.open_files(gold, [system])
    bench._wait(app, lambda: bool(shown) or window.session.corpus_state.last_problem is not None)
    if window.session.corpus_state.last_problem is not None:
        raise SystemExit(str(window.session.corpus_state.last_problem))
    gui_bench.settle(app)
    for _ in range(SWITCHES):
        window.navigation.step_document(1)
        gui_bench.settle(app)
    bench._wait(app, lambda: window.runner.idle, limit_s=900)
    gui_bench.settle(app)
    gc.collect()
    snapshot = tracemalloc.take_snapshot()
    lines = snapshot.statistics("lineno")
    parts = {name: 0 for name in PARTS}
    for stat in lines:
        where = stat.traceback[0].filename
        for name, files in PARTS.items():
            if any(f in where for f in files):
                parts[name] += stat.size
    listed = []
    for stat in lines[:top]:
        frame = stat.traceback[0]
        short = frame.filename.split("/core/")[-1].split("/site-packages/")[-1].split("/lib/python3.11/")[-1]
        listed.append(f"{stat.size / 1e6:7.2f} MB {stat.count:8d}  {short}:{frame.lineno}  "
                      f"{linecache.getline(frame.filename, frame.lineno).strip()[:70]}")
    window.close()
    return {"total_mb": sum(s.size for s in lines) / 1e6, "parts_mb": {k: v / 1e6 for k, v in parts.items()},
            "lines": listed}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=["maven-ere"])
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--docs", type=int)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(*args.child, args.top)))
        return 0
    import maven_ere_bench

    name = f"maven-ere-seed{maven_ere_bench.SEED}" + (f"-docs{args.docs}" if args.docs else "")
    corpus = maven_ere_bench.ensure_corpus(maven_ere_bench.cache_root() / name, args.docs)
    conv = maven_ere_bench.ensure_converted(corpus)
    inputs = {"tbf": (corpus / "gold.tbf", corpus / "system.tbf"),
              "textee": (conv / "textee-gold" / "gold.jsonl", conv / "textee-system" / "system.jsonl"),
              "maven": (conv / "maven-gold.jsonl", conv / "maven-system.jsonl"),
              "maven-ere": (conv / "maven-ere-gold.jsonl", conv / "maven-ere-system.jsonl")}
    for fmt in args.only:
        print(f"load before: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
        gold, system = inputs[fmt]
        out = subprocess.run([sys.executable, __file__, "--top", str(args.top), "--child", str(gold), str(system)],
                             capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1]
        found = json.loads(out)
        print(f"{fmt}: {found['total_mb']:.1f} MB made after the warm-up, alive once every job is done")
        for part, mb in found["parts_mb"].items():
            print(f"  {part}: {mb:.1f} MB")
        print("\n".join(found["lines"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
