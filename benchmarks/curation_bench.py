"""Benchmark: one curation decision, from the key press to the repainted figures.

    python benchmarks/curation_bench.py [--decisions 30] [--sizes 1000,10000]

The corpus: benchmarks/gen_corpus.py --seed 5 --docs 2000 --mentions 40 (generated once into the user's
cache folder); three annotators are derived from its gold file by a seeded perturbation (each mention
dropped, retyped or given another realis with a small probability, differently per annotator), so
the 2,000 documents give about 10,000 disagreements and their first documents about 1,000. The
Curate view (`CurationPanel` on a `CurationState`, 1366x768, offscreen) is shown, and each decision
is a key press ("1".."3", Delete, Enter) on the list; the clock stops after every pending Qt event
(the repaint of list, versions, lanes and agreement figures) is processed. Prints median and max per
decision, and exits 1 when a median is over the goal.

Then the largest size's batch: "Accept [1] all shown" (every open item, one step), and `--undos` rounds of
Ctrl+Z and Ctrl+Shift+Z of that batch (a key press each, timed the same way), then one decision after an undo
(which drops the batch's step: freed a slice per timer tick, the longest tick printed too). After the batch, a
forced full garbage collection is timed: what the collector would cost the window at a moment of its own.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

GENERATOR = Path(__file__).resolve().parent / "gen_corpus.py"
GOAL_MS = 50.0
RATES = (0.012, 0.012, 0.012)
"""Per annotator: probability that a gold mention is dropped, retyped, or given another realis."""
TYPES = ("Conflict_Attack", "Life_Die", "Movement_Transport-Person", "Contact_Meet", "Justice_Arrest-Jail")
REALIS = ("Actual", "Generic", "Other")


def corpus(folder: Path) -> Path:
    if not (folder / "gold.tbf").is_file():
        folder.mkdir(parents=True, exist_ok=True)
        print(f"generating the corpus in {folder} ...", flush=True)
        subprocess.run([sys.executable, str(GENERATOR), "--seed", "5", "--docs", "2000", "--mentions", "40",
                        "--out", str(folder)], check=True, stdout=subprocess.DEVNULL)
    return folder


def annotator(gold: Path, k: int, out: Path, docs: set[str] | None) -> Path:
    """Annotator k: the gold file perturbed with seed k, only the documents in `docs` (all: None)."""
    rng = random.Random(k)
    lines = []
    for line in gold.read_text(encoding="utf-8").splitlines(keepends=True):
        fields = line.rstrip("\n").split("\t")
        if line.startswith("#BeginOfDocument") or line.startswith("#EndOfDocument"):
            doc = line.split()[1] if line.startswith("#Begin") else None
            if line.startswith("#Begin"):
                current = doc
            if docs is None or current in docs:
                lines.append(line)
            continue
        if docs is not None and current not in docs:
            continue
        if line.startswith(("#", "@")) or len(fields) < 7:
            lines.append(line)
            continue
        r = rng.random()
        if r < RATES[0]:
            continue
        if r < RATES[0] + RATES[1]:
            fields[5] = rng.choice([t for t in TYPES if t != fields[5]])
        elif r < sum(RATES):
            fields[6] = rng.choice([x for x in REALIS if x != fields[6]])
        lines.append("\t".join(fields) + "\n")
    out.write_text("".join(lines), encoding="utf-8")
    return out


def document_ids(gold: Path) -> list[str]:
    return [line.split()[1] for line in gold.read_text(encoding="utf-8").splitlines()
            if line.startswith("#BeginOfDocument")]


def measure(folder: Path, doc_count: int, decisions: int, undos: int = 0) -> tuple[int, float, float]:
    from evmeval.io.tbf import read_tbf
    from evmeval.model import SpanMode
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from evmeval_gui.curation.panel import CurationPanel
    from evmeval_gui.curation.state import CurationState

    app = QApplication.instance() or QApplication([])
    gold = folder / "gold.tbf"
    ids = document_ids(gold)
    docs = set(ids[:doc_count]) if doc_count < len(ids) else None
    paths = [annotator(gold, k, folder / f"curation_bench_{doc_count}_{k}.tbf", docs) for k in range(1, 4)]
    files = [read_tbf(str(p), mode=SpanMode.TOKEN)[0] for p in paths]
    start = time.perf_counter()
    state = CurationState(files, [f"annotator{k}" for k in range(1, 4)])
    panel = CurationPanel()
    panel.resize(1366, 768)
    panel.show()
    panel.set_state(state)
    app.processEvents()
    total = len(state.curation.disagreements)
    print(f"{len(state.curation.curated.documents)} documents, {total} disagreements: opened in "
          f"{time.perf_counter() - start:.1f} s", flush=True)
    keys = [Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_Delete, Qt.Key.Key_Return]
    times = []
    for n in range(decisions):
        panel.list.setFocus()
        app.processEvents()
        before = state.progress()[0]
        start = time.perf_counter()
        QTest.keyClick(panel.list, keys[n % len(keys)])
        app.processEvents()
        times.append(time.perf_counter() - start)
        if state.progress()[0] != before + 1:
            sys.exit(f"decision {n + 1} was not made ({before} -> {state.progress()[0]})")
    if undos:
        batch_undo_redo(app, panel, state, undos)
    panel.close()
    panel.deleteLater()
    app.processEvents()
    return total, statistics.median(times) * 1000, max(times) * 1000


def batch_undo_redo(app, panel, state, rounds: int) -> None:  # type: ignore[no-untyped-def]
    """Time Ctrl+Z / Ctrl+Shift+Z of a batch of every open item, and the first decision after its undo."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    control, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier

    def press(key, modifiers=Qt.KeyboardModifier.NoModifier) -> float:  # type: ignore[no-untyped-def]
        panel.list.setFocus()
        app.processEvents()
        start = time.perf_counter()
        QTest.keyClick(panel.list, key, modifiers)
        app.processEvents()
        return (time.perf_counter() - start) * 1000

    before = state.progress()[0]
    start = time.perf_counter()
    QTest.mouseClick(panel.bulk.shown_button, Qt.MouseButton.LeftButton)
    app.processEvents()
    after = state.progress()[0]
    print(f"  batch of {after - before} decisions made in {time.perf_counter() - start:.1f} s", flush=True)
    tracked, frozen = len(gc.get_objects()), gc.get_freeze_count()
    start = time.perf_counter()
    gc.collect()  # what a full pass (which the collector starts at a moment of its own) costs now
    print(f"  a full garbage collection after the batch {(time.perf_counter() - start) * 1000:7.1f} ms "
          f"({tracked} objects tracked, {frozen} frozen: not walked)", flush=True)
    undo, redo = [], []
    for _ in range(rounds):
        undo.append(press(Qt.Key.Key_Z, control))
        if state.progress()[0] != before:
            sys.exit(f"Ctrl+Z did not undo the batch ({state.progress()[0]} decided, expected {before})")
        redo.append(press(Qt.Key.Key_Z, control | shift))
        if state.progress()[0] != after:
            sys.exit(f"Ctrl+Shift+Z did not redo the batch ({state.progress()[0]} decided, expected {after})")
    undo.append(press(Qt.Key.Key_Z, control))
    ticks: list[float] = []
    release = panel._release_slice

    def timed_slice() -> None:
        start = time.perf_counter()
        release()
        ticks.append((time.perf_counter() - start) * 1000)

    panel._release.timeout.disconnect()
    panel._release.timeout.connect(timed_slice)
    decision = press(Qt.Key.Key_1)
    while panel._release.isActive():
        app.processEvents()
    print(f"  undo of the batch {statistics.median(undo):7.1f} ms median, {max(undo):7.1f} ms max; "
          f"redo {statistics.median(redo):7.1f} ms median, {max(redo):7.1f} ms max ({rounds} rounds); "
          f"a decision after the undo {decision:.1f} ms, its step freed in {len(ticks)} ticks of at most "
          f"{max(ticks, default=0):.1f} ms", flush=True)
    global BATCH_OK
    BATCH_OK = max(statistics.median(undo), statistics.median(redo), decision, max(ticks, default=0)) <= GOAL_MS


BATCH_OK = True

Wait = Callable[[Callable[[], bool]], None]
"""Runs the event loop until the condition holds (`window_scale_bench._wait`)."""


def curator_interactions(app, window, stalls, wait: Wait, label: str) -> dict[str, list[tuple[float, str]]]:  # type: ignore[no-untyped-def]
    """What a curator does besides opening and batches, in the real window (`window_scale_bench`'s curation,
    decisions saved in a folder of its own): each as (wall ms, `stalls`' longest stall) by what it is. Before a
    batch (`label` "before"): a decision by key (1, Delete, Enter), a type filter chosen and left, a document
    marked curated (Ctrl+D), a decision reverted (Backspace), each followed by the autosave of the decisions made
    so far (timed on its own: it writes on the GUI thread); after it: the autosave and the export of every
    decision."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    panel, found = window.curate.panel, {}

    def timed(what: str, act: Callable[[], None], done: Callable[[], bool] = lambda: True) -> None:
        wait(lambda: not window.runner.busy)
        stalls.reset()
        start = time.perf_counter()
        act()
        wait(lambda: done() and not window.runner.busy)
        app.processEvents()
        found.setdefault(what, []).append(((time.perf_counter() - start) * 1000, stalls.reset()))
        stalls.report_profiles(what)
        if what not in ("autosave", "export"):
            timed("autosave", window.curate.save_now)

    def key(what: str, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:  # type: ignore[no-untyped-def]
        window.activateWindow()
        panel.list.setFocus()
        state = window.curate.state
        before = state.log, state.done
        timed(what, lambda: QTest.keyClick(panel.list, key, modifiers))
        if (state.log, state.done) == before:
            print(f"  curator_interactions: {what} changed nothing", flush=True)

    def click(what: str, row: int) -> None:
        where = panel.list.visualRect(panel.list_model.index(row, 1)).center()
        timed(what, lambda: QTest.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=where))

    def combo(what: str, box, key: Qt.Key) -> None:  # type: ignore[no-untyped-def]
        box.setFocus()
        timed(what, lambda: QTest.keyClick(box, key))

    if label == "before":
        for pressed in (Qt.Key.Key_1, Qt.Key.Key_Delete, Qt.Key.Key_Return):
            key("a decision by key", pressed)
        combo("a type filter chosen", panel.filters.mention_type, Qt.Key.Key_Down)
        combo("the type filter left", panel.filters.mention_type, Qt.Key.Key_Up)
        key("a document marked curated", Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
        click("an item clicked in the list (the first, decided)", 0)
        key("a decision reverted", Qt.Key.Key_Backspace)
    else:
        timed("autosave", window.curate.save_now)
        out = os.path.join(window.curate.save_folder or ".", "exported.json")
        timed("export", lambda: window.curate.export_curation(out))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--sizes", default="200,2000", help="documents per measurement (default 200,2000: "
                                                           "about 1,000 and 10,000 disagreements)")
    parser.add_argument("--undos", type=int, default=5, help="rounds of undo and redo of the largest size's "
                                                                 "batch (0: none)")
    parser.add_argument("--corpus", help="use (or create) the corpus in this folder")
    args = parser.parse_args()
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "evmeval-studio"
    folder = corpus(Path(args.corpus) if args.corpus else cache / "curation-seed5-docs2000-mentions40")
    ok = True
    sizes = [int(s) for s in args.sizes.split(",")]
    for size in sizes:
        total, median, worst = measure(folder, size, args.decisions, args.undos if size == max(sizes) else 0)
        verdict = "ok" if median <= GOAL_MS else "OVER THE GOAL"
        print(f"{total:6d} disagreements: one decision {median:7.1f} ms median, {worst:7.1f} ms max "
              f"({args.decisions} decisions; goal median <= {GOAL_MS:.0f} ms: {verdict})", flush=True)
        ok = ok and median <= GOAL_MS
    return 0 if ok and BATCH_OK else 1


if __name__ == "__main__":
    sys.exit(main())
