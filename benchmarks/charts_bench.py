"""How fast the charts draw on a large corpus. One command: `python benchmarks/charts_bench.py`.

Measured offscreen on the corpus `gen_corpus.py --seed 3 --docs 2000 --mentions 40` (generated once
into a cache folder, shared with gui_bench.py):

- all charts drawn after a new result   target < 1 s   (ChartsPanel.set_result, then every tab painted)
- switching the attribute combination   (heatmaps and scatter recomputed and redrawn)
- exporting every chart as PNG and SVG  (for information; File > Export and --export-report)

Not a test: figures depend on the machine. Prints one line per figure, the median of 3 runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gui_bench import cache_dir, ensure_corpus  # the corpus cache shared with gui_bench.py

TARGET_S = 1.0
RUNS = 3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, help="a folder with gold.tbf, system.tbf and tkn/ (default: generated)")
    args = parser.parse_args(argv)
    corpus = ensure_corpus(args.corpus or cache_dir() / "seed3-docs2000-mentions40")

    from evmeval.io.loading import load_inputs
    from evmeval.mention.scoring import score_files
    from PySide6.QtWidgets import QApplication

    from evmeval_gui.export import charts_panel

    app = QApplication.instance() or QApplication([])
    inputs = load_inputs(str(corpus / "gold.tbf"), str(corpus / "system.tbf"), token_dir=str(corpus / "tkn"))
    result = score_files(inputs.gold, inputs.system)
    print(f"corpus: {len(result.documents)} documents, {result.micro['plain'].num_gold} gold and "
          f"{result.micro['plain'].num_system} system mentions")

    draw, switch, export = [], [], []
    for _ in range(RUNS):
        panel = charts_panel()
        panel.resize(1100, 650)
        panel.show()
        app.processEvents()
        start = time.perf_counter()
        panel.set_result(result)
        for index in range(panel.tabs.count()):
            panel.tabs.setCurrentIndex(index)
            panel.repaint()
        app.processEvents()
        draw.append(time.perf_counter() - start)
        start = time.perf_counter()
        panel.set_combination("mention_type+realis_status")
        panel.repaint()
        switch.append(time.perf_counter() - start)
        start = time.perf_counter()
        panel.export_images()
        export.append(time.perf_counter() - start)
        panel.close()
        panel.deleteLater()
        app.processEvents()

    figure = statistics.median(draw)
    verdict = "ok" if figure < TARGET_S else "TOO SLOW"
    print(f"all charts drawn:        {figure * 1000:7.0f} ms   target < {TARGET_S * 1000:.0f} ms   {verdict}")
    print(f"combination switch:      {statistics.median(switch) * 1000:7.0f} ms")
    print(f"export all charts:       {statistics.median(export) * 1000:7.0f} ms   (PNG + SVG, 6 charts)")
    return 0 if figure < TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
