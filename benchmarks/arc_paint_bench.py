"""What the sequencing arcs cost a paint of the text view (issue 34, branch `arcs`), on a dense document.

    python benchmarks/arc_paint_bench.py [--doc ID] [--width W] [--rounds N]

Opens the 200-document tbf corpus with links (`maven-ere-seed26-docs200`: gold, system, token tables) in the
window at 1366x768 (`--width`: the text view's width, narrower cuts more links across lines), shows the document
(default APW_ENG_20110708.0097, the corpus's most links) and repaints the text view at every scroll position a
line apart, `--rounds` times: prints the GUI thread's CPU per paint (`time.thread_time`, which the machine's load
does not move), the labels drawn and the load average.

Not a test: figures depend on the machine; run before/after pairs alternated (the script reads only what both trees
have: `window.sequencing.arcs.drawn`).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
CORPUS = Path.home() / ".cache" / "evmeval-studio" / "maven-ere-seed26-docs200"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--doc", default="APW_ENG_20110708.0097")
    parser.add_argument("--width", type=int, default=0, help="the text view's width (default: as laid out)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    import window_scale_bench as scale

    app, window = scale._window()
    window.open_files(str(CORPUS / "gold.tbf"), [str(CORPUS / "system.tbf")], doc_id=args.doc)
    view = window.text_view
    scale._wait(app, lambda: window.sequencing.model.result is not None and view.result_doc is not None
                and view.result_doc.doc_id == args.doc and view.layout_data is not None)
    if args.width:
        view.setFixedWidth(args.width)
    view.complete_layout()
    scale._wait(app, lambda: view.layout_data is not None and view.layout_data.complete
                and abs(view.layout_data.width - view.viewport().width()) < 1)
    bar = view.verticalScrollBar()
    spots = list(range(bar.minimum(), bar.maximum() + 1, 20)) or [0]
    per_paint: list[float] = []
    labels = 0
    kinds = {"whole": 0, "elided": 0, "hidden": 0}  # the branch's placed labels (base has none: stays 0)
    for _ in range(args.rounds):
        for value in spots:
            bar.setValue(value)
            app.processEvents()
            c0 = time.thread_time()
            view.viewport().repaint()
            per_paint.append((time.thread_time() - c0) * 1000)
            labels += sum(1 for box in window.sequencing.arcs.drawn if not hasattr(box, "elementCount"))
            for placed in getattr(window.sequencing.arcs, "labels", ()):
                kinds["whole" if placed.whole else "elided" if placed.shown else "hidden"] += 1
    load = os.getloadavg()
    print(f"doc {args.doc}: width {view.viewport().width()} px, {len(spots)} scroll positions x {args.rounds}; "
          f"GUI CPU per paint median {statistics.median(per_paint):.2f} ms, mean {statistics.fmean(per_paint):.2f} "
          f"ms, max {max(per_paint):.2f} ms; labels drawn per paint {labels / len(per_paint):.1f} "
          f"({', '.join(f'{k} {v / len(per_paint):.1f}' for k, v in kinds.items())}); "
          f"load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
