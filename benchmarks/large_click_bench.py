"""A click on the largest documents of a corpus: the GUI thread's CPU until the document is painted, and after it
(issue 34: what a click does should grow with what is visible, not with the document).

    python benchmarks/large_click_bench.py FORMAT [--largest K] [--scored] [--merged] [--base SRC] [--pairs N]

FORMAT is one of `unscored_click_bench.FILES` (the MAVEN-ERE-shaped corpus of `maven_ere_bench.py` in that
format). `--largest K`: the K gold documents with the longest lines (JSONL) or token tables (tbf), clicked largest
first, each from a short document. `--merged`: instead, a MAVEN corpus (`maven` files) whose documents `LONG10`
and `LONG40` are 10 and 40 of the corpus's documents one after the other (4,550 and 20,298 tokens; written once
into the cache folder). Without `--scored` the clicks are made while the corpus is scored (each document scored on
its own, as `unscored_click_bench.py`); with it, once the corpus is in. Each row: the click's GUI CPU and wall
until the document is painted (the selection, then every posted event: the views' repaints), then the GUI CPU
until nothing is left to do (a long document's text, read in the background, arrived; its rest laid out in steps)
and the most GUI CPU in one turn of the event loop meanwhile (a 1 ms timer's ticks). `--base SRC` runs a source
tree beside this one in alternated pairs
(`PYTHONPATH`: each tree's own library (`core/evmeval`) and window).

Not a test: figures depend on the machine; compare the CPU columns of pairs run at the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
MERGED = {"LONG10": (60, 70), "LONG40": (20, 60)}
"""The merged documents: which of the MAVEN file's documents (a range of lines) each is made of."""


def largest(gold: Path, count: int) -> list[str]:
    """The ids of the `count` largest gold documents (longest JSONL lines; tbf: largest token tables)."""
    if gold.suffix == ".tbf":
        tables = sorted((gold.parent / "tkn").glob("*"), key=lambda p: -p.stat().st_size)
        return [p.name.split(".")[0] for p in tables[:count]]
    sizes = []
    with gold.open("rb") as lines:
        for line in lines:
            sizes.append((len(line), json.loads(line)["id"]))
    return [doc_id for _, doc_id in sorted(sizes, reverse=True)[:count]]


def merged_corpus(converted: Path, folder: Path) -> tuple[Path, Path]:
    """gold.jsonl and system.jsonl in MAVEN's format: 20 of the corpus's documents, then the `MERGED` ones."""
    gold_path, system_path = folder / "gold.jsonl", folder / "system.jsonl"
    if gold_path.is_file() and system_path.is_file():
        return gold_path, system_path
    folder.mkdir(parents=True, exist_ok=True)
    last = max(end for _, end in MERGED.values())
    with (converted / "maven-gold.jsonl").open(encoding="utf-8") as lines:
        gold = [json.loads(line) for _, line in zip(range(last), lines, strict=False)]
    with (converted / "maven-system.jsonl").open(encoding="utf-8") as lines:
        system = {d["id"]: d for d in (json.loads(line) for _, line in zip(range(last), lines, strict=False))}

    def merge(parts: list[dict[str, Any]], name: str) -> tuple[dict[str, Any], dict[str, Any]]:
        doc: dict[str, Any] = {"id": name, "title": name, "content": [], "events": [], "negative_triggers": []}
        predictions = []
        for k, part in enumerate(parts):
            base = len(doc["content"])
            doc["content"] += part["content"]
            doc["events"] += [{**e, "id": f"{e['id']}x{k}", "mention": [
                {**m, "id": f"{m['id']}x{k}", "sent_id": m["sent_id"] + base} for m in e["mention"]]}
                for e in part["events"]]
            doc["negative_triggers"] += [{**n, "id": f"{n['id']}x{k}", "sent_id": n["sent_id"] + base}
                                         for n in part.get("negative_triggers", [])]
            predictions += [{**p, "id": f"{p['id']}x{k}"} for p in system.get(part["id"], {}).get("predictions", [])]
        return doc, {"id": name, "predictions": predictions}

    pairs = [merge([d], d["id"]) for d in gold[:20]]
    for position, (name, (first, end)) in enumerate(MERGED.items()):
        pairs.insert(2 * position + 1, merge(gold[first:end], name))
    with gold_path.open("w", encoding="utf-8") as g, system_path.open("w", encoding="utf-8") as s:
        for doc, predictions in pairs:
            g.write(json.dumps(doc) + "\n")
            s.write(json.dumps(predictions) + "\n")
    return gold_path, system_path


CHILD = r"""
import json, os, sys, time
tree, gold, system, scored, docs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1", sys.argv[5:]
sys.path[:0] = [os.path.join(tree, "core"), tree]  # the tree's library too, not the environment's
sys.path.insert(1, os.path.join(tree, "benchmarks"))
import tempfile
from PySide6.QtCore import QSettings, QTimer
from evmeval_gui.app import _application
from evmeval_gui.main_window import MainWindow
import gui_bench
app = _application(offscreen=False)
window = MainWindow(settings=QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat),
                    persist=False)
window.resize(1366, 768)
window.show()
shown = []
window.session.scoring_finished.connect(lambda: shown.append(1))
window.open_files(gold, [system])
first, view = window.session.first_document, window.text_view

def wait(done):
    while not done():
        app.processEvents()
        time.sleep(0.001)

def painted():
    if view.doc is not None and view.isVisible() and not first.painted.is_set():
        view.viewport().repaint()
    return first.painted.is_set()

wait(painted)
if scored:
    wait(lambda: bool(shown))
    gui_bench.settle(app)
ticks = {"last": time.thread_time(), "most": 0.0}

def tick():
    now = time.thread_time()
    ticks["most"] = max(ticks["most"], now - ticks["last"])
    ticks["last"] = now

timer = QTimer()
timer.setInterval(1)
timer.timeout.connect(tick)
rows = []
for doc_id in docs:
    if not scored and shown:
        break
    window.session.select_document(window.documents.neighbour(doc_id, -1) or doc_id)  # from a short document
    gui_bench.settle(app)
    c0, t0 = time.thread_time(), time.perf_counter()
    window.session.select_document(doc_id)
    for _ in range(2):
        app.sendPostedEvents()
    click_cpu, click_wall = time.thread_time() - c0, time.perf_counter() - t0
    ticks["last"], ticks["most"] = time.thread_time(), 0.0
    timer.start()
    rest = getattr(view, "complete_layout", None) and (lambda: view.layout_data is None or view.layout_data.complete)
    wait(lambda: view.doc is not None and view.doc.doc_id == doc_id)  # a long text may be read in the background
    wait(lambda: rest() if rest else True)
    gui_bench.settle(app)
    timer.stop()
    units = view.doc.num_units if view.doc is not None else 0
    rows.append([doc_id, units, click_cpu * 1000, click_wall * 1000, (time.thread_time() - c0) * 1000,
                 ticks["most"] * 1000, not scored and bool(shown)])
print("ROWS " + json.dumps(rows))
sys.stdout.flush()
os._exit(0)
"""


def run(tree: Path, gold: Path, system: Path, scored: bool, docs: list[str]) -> list[list[Any]]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": os.pathsep.join((str(tree / "core"), str(tree)))}
    done = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(gold), str(system), "1" if scored else "0",
                           *docs], env=env, cwd=tree, capture_output=True, text=True, timeout=900)
    found = [line for line in done.stdout.splitlines() if line.startswith("ROWS ")]
    if not found:
        raise SystemExit(f"large_click_bench: the child failed:\n{done.stderr[-3000:]}")
    return json.loads(found[-1][5:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("format", choices=("tbf", "textee", "maven", "maven-ere"))
    parser.add_argument("--largest", type=int, default=3, help="how many of the largest documents (default 3)")
    parser.add_argument("--merged", action="store_true", help="the merged MAVEN corpus's LONG10 and LONG40")
    parser.add_argument("--scored", action="store_true", help="click once the corpus is scored")
    parser.add_argument("--base", type=Path, help="a source tree to run alternately with this one")
    parser.add_argument("--pairs", type=int, default=1, help="runs of each tree (alternated; default 1)")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    import maven_ere_bench
    import unscored_click_bench

    corpus = maven_ere_bench.ensure_corpus(maven_ere_bench.cache_root() / f"maven-ere-seed{maven_ere_bench.SEED}")
    converted = maven_ere_bench.ensure_converted(corpus)
    if args.merged:
        gold, system = merged_corpus(converted, maven_ere_bench.cache_root() / "large-click-merged")
        docs = list(MERGED)
    else:
        gold, system = (Path(os.path.normpath(converted / p)) for p in unscored_click_bench.FILES[args.format])
        docs = largest(gold, args.largest)
    trees = {"this tree": REPO} | ({"base": args.base.resolve()} if args.base else {})
    print(f"{args.format}{' merged' if args.merged else ''}, {'scored' if args.scored else 'while scoring'}; "
          "click: GUI CPU / wall ms until painted; then GUI CPU until settled, most GUI CPU in one turn")
    for pair in range(args.pairs):
        for name, tree in trees.items():
            rows = run(tree, gold, system, args.scored, docs)
            cells = "; ".join(f"{d} ({u} tokens) {c:.1f}/{w:.1f}, {t:.1f}, {m:.1f}" + (" (corpus in meanwhile)" if s
                              else "") for d, u, c, w, t, m, s in rows)
            print(f"{name} #{pair + 1}: {cells}; load {os.getloadavg()[0]:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
