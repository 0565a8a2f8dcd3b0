"""Where a click on a document not scored yet spends the GUI thread (issue 34), one format at a time.

    python benchmarks/unscored_click_bench.py textee [--docs N] [--after S] [--profile K] [--sort tottime]

Opens the MAVEN-ERE-shaped corpus of `maven_ere_bench.py` (4,480 documents; `--docs N` a smaller one) in the
window as `window_scale_bench.py`'s `child_scoring` does, waits for the first document's paint (the corpus load
starts then: clicks before it are made beside no worker), then presses Ctrl+Down up to 5 times while the corpus is
still scored (`--after S`: from S seconds into the load; at once, the load's worker is scanning both files) and
prints each click's GUI-thread CPU and wall time (every pending event processed, as `gui_bench.settle`), with the
load. `--profile K` profiles click K (from 0) with the GUI thread's own CPU clock
(`time.thread_time`: the time spent waiting for the load's worker to hand over the interpreter is not counted;
the profiler's own cost inflates the figures about 3x, compare shares, not totals).

Not a test: figures depend on the machine; run before/after pairs alternated.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
CLICKS = 5
FILES = {"tbf": ("../gold.tbf", "../system.tbf"),
         "textee": ("textee-gold/gold.jsonl", "textee-system/system.jsonl"),
         "maven": ("maven-gold.jsonl", "maven-system.jsonl"),
         "maven-ere": ("maven-ere-gold.jsonl", "maven-ere-system.jsonl")}


def clicks(gold: str, system: str, profile: int | None,
           after_s: float = 0.0) -> tuple[list[tuple[float, float]], cProfile.Profile | None]:
    """(GUI CPU ms, wall ms) of each click on a document not scored yet, the first `after_s` after the first
    document's paint; the profile of click `profile`."""
    import gui_bench
    import window_scale_bench as scale

    app, window = scale._window()
    shown: list[bool] = []
    window.session.scoring_finished.connect(lambda: shown.append(True))
    window.open_files(gold, [system])
    first = window.session.first_document

    def painted() -> bool:  # as `window_scale_bench.child_scoring`: the corpus load starts once it is painted
        if window.text_view.doc is not None and window.text_view.isVisible() and not first.painted.is_set():
            window.text_view.viewport().repaint()
        return first.painted.is_set() or window.session.corpus_state.last_problem is not None

    scale._wait(app, painted)
    if after_s:
        began = time.perf_counter()
        scale._wait(app, lambda: time.perf_counter() - began >= after_s or bool(shown))
    found: list[tuple[float, float]] = []
    profiler = cProfile.Profile(time.thread_time) if profile is not None else None
    while len(found) < CLICKS and not shown:
        on = profiler is not None and len(found) == profile
        c0, t0 = time.thread_time(), time.perf_counter()
        if on and profiler is not None:
            profiler.enable()
        window.navigation.step_document(1)
        gui_bench.settle(app)
        if on and profiler is not None:
            profiler.disable()
        if shown:
            break  # the corpus arrived meanwhile: not a document scored on its own
        found.append(((time.thread_time() - c0) * 1000, (time.perf_counter() - t0) * 1000))
    window.close()
    return found, profiler


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("format", choices=sorted(FILES))
    parser.add_argument("--docs", type=int, help="a smaller MAVEN-ERE-shaped corpus (default: 4,480 documents)")
    parser.add_argument("--profile", type=int, help="profile this click (0: the first)")
    parser.add_argument("--after", type=float, default=0.0,
                        help="seconds of the load before the first click (default 0: while both files are scanned)")
    parser.add_argument("--sort", default="cumulative", help="the profile's order (pstats: cumulative, tottime…)")
    args = parser.parse_args()
    import maven_ere_bench

    name = f"maven-ere-seed{maven_ere_bench.SEED}" + (f"-docs{args.docs}" if args.docs else "")
    corpus = maven_ere_bench.ensure_corpus(maven_ere_bench.cache_root() / name, args.docs)
    converted = maven_ere_bench.ensure_converted(corpus)
    gold, system = (os.path.normpath(converted / part) for part in FILES[args.format])
    found, profiler = clicks(gold, system, args.profile, args.after)
    print(f"{args.format}: GUI CPU {' '.join(f'{c:.0f}' for c, _ in found)} ms, wall "
          f"{' '.join(f'{w:.0f}' for _, w in found)} ms; load {os.getloadavg()[0]:.2f}")
    if profiler is not None:
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats(args.sort).print_stats(40)
        print(text.getvalue())
    sys.stdout.flush()
    os._exit(0)  # (the window's worker may still be scoring: nothing to wait for)


if __name__ == "__main__":
    raise SystemExit(main())
