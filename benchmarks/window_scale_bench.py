"""The window at today's corpus sizes (issue 34), beside the command on the same files.

    python benchmarks/window_scale_bench.py [--only tbf textee maven maven-ere curation] [--docs N]

Each measure is a whole process (wall time, CPU seconds and peak RSS from wait4), the window offscreen at
1366x768, its application made as `evmeval-gui` makes it (`app._application`: pyqtgraph is loaded by the first
chart, as in the program):

- tbf / textee / maven / maven-ere: the MAVEN-ERE-sized corpus of `maven_ere_bench.py` (4,480 documents;
  `--docs N` a smaller one of the same shape) in each format. The window is opened on gold and system
  (`MainWindow.open_files`, as the command line does) and prints: the first document painted (from the
  parent's clock before it spawns the interpreter, as `gui_bench.py`), the corpus figures shown, the first 5
  document switches after it is scored and the slowest of `SWITCHES` (every pending event processed, as
  `gui_bench.py`), up to 5 switches to documents not scored yet while the corpus is scored, the
  longest stall of the event loop while the corpus loads (a 5 ms timer's longest gap; again from after those
  clicks: the corpus taken in; and while the background jobs finish, after the switches), and peak memory
  twice: once the switches are made, and once every background job the load started (sequencing,
  coreference, the charts' import…) is done;
  beside it `evmeval-score` on the same files and work (`-t -c -a` for tbf: the window scores coreference and
  sequencing too; `--convention X` for the JSONL formats, and `--convention all`'s peak beside the last row: the
  window's Conventions dock sets every convention that reads the files side by side, as it does).
- the empty window, settled (3 s, its jobs done): the floor under every window peak (Qt, the library); then the
  charts' modules it imports once a corpus is scored (pyqtgraph, numpy: `window/warm_up.import_charts`): the floor
  of the window's data. The command's modules alone, the floor under every command's peak. The last peak row also
  says each one's data above its floor ("data against data"), against the command and `--convention all`, and
  above each one's own modules (`module_floors.py`: every module the run ended with, imported alone).
- curation: three annotators derived from `curation_bench.py`'s corpus (2,000 documents, about 9,800
  disagreements): the Agreement mode opened on them, then File › Curate annotators, to the list shown; the
  event loop's longest stall meanwhile; then "Accept [1] all shown" to its figures, with its longest stall;
  beside it `evmeval-iaa A B C -t TKN --curated OUT` (the agreement study and the curated set).

Not a test: figures depend on the machine; the load is printed before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import module_floors

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parent))  # this checkout's window, before any import of it (a child imports it early)
BIN = Path(sys.executable).parent
SWITCHES = 20
FIRST = 5
TICK_MS = 5
TURNS_S = 0.3
"""How long the event loop runs after the corpus is taken in before the switches (the turns it started)."""
PROFILE_MS = float(os.environ.get("WINDOW_SCALE_PROFILE_GAPS_MS", "0"))
"""`--profile-gaps MS` (handed to the children): profile the GUI thread per gap, print the gaps over MS of its CPU."""


class Stalls:
    """The longest gap between the ticks of a `TICK_MS` timer: how long the event loop could not answer
    (wall), and the GUI thread's own CPU in that gap (far below the wall: the machine or a worker thread
    holding the interpreter, not the GUI thread's work); also the most GUI CPU in any one gap."""

    def __init__(self, profile_ms: float = 0.0) -> None:
        from PySide6.QtCore import QTimer

        self.longest_ms = self.longest_cpu_ms = self.most_cpu_ms = 0.0
        self.ticks = 0
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self._last_process = time.process_time()
        self.profile_ms = profile_ms
        """Above 0 (`--profile-gaps`): the GUI thread profiled per gap, the gaps with more GUI CPU kept."""
        self._profile: Any = None
        self.profiles: list[tuple[float, Any]] = []
        self.waits: list[tuple[float, float, float]] = []
        """With `profile_ms`: each gap over `WAIT_MS` of wall as (wall, GUI CPU, the process's CPU) ms: the process's
        CPU near the wall and the GUI's far below it is a worker holding the interpreter; both far below it, the
        machine (other processes) or a wait."""
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        now, cpu, process = time.perf_counter(), time.thread_time(), time.process_time()
        if self._profile is not None:
            self._profile.disable()
        gap, used = (now - self._last) * 1000 - TICK_MS, (cpu - self._last_cpu) * 1000
        if self.profile_ms > 0 and gap > WAIT_MS:
            self.waits.append((gap, used, (process - self._last_process) * 1000))
        if gap > self.longest_ms:
            self.longest_ms, self.longest_cpu_ms = gap, used
        self.most_cpu_ms = max(self.most_cpu_ms, used)
        if self._profile is not None and used > self.profile_ms:
            self.profiles.append((used, self._profile))
        self.ticks += 1
        if self.profile_ms > 0:
            import cProfile

            self._profile = cProfile.Profile(time.thread_time)
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self._last_process = time.process_time()
        if self._profile is not None:
            self._profile.enable()

    def report_profiles(self, label: str) -> None:
        """Label the gaps kept so far (printed by `print_profiles` when the child is done: making the text here
        would be GUI CPU in the next gap)."""
        KEPT.extend((label, used, profile) for used, profile in self.profiles)
        WAITS.extend((label, *wait) for wait in self.waits)
        self.profiles, self.waits = [], []

    def click(self) -> tuple[float, float, float, int]:
        """Before a click the user makes (timed on its own row): what `skip` restores."""
        return self.longest_ms, self.longest_cpu_ms, self.most_cpu_ms, len(self.profiles)

    def skip(self, before: tuple[float, float, float, int]) -> None:
        """Leave the click made since `click()` out: the gaps that ended in it (they held its work) and the gap
        in progress."""
        self.longest_ms, self.longest_cpu_ms, self.most_cpu_ms, kept = before
        del self.profiles[kept:]
        if self._profile is not None:
            import cProfile

            self._profile.disable()
            self._profile = cProfile.Profile(time.thread_time)
            self._profile.enable()
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self._last_process = time.process_time()

    def reset(self) -> str:
        text = (f"{self.longest_ms:.0f} ms (GUI CPU {self.longest_cpu_ms:.0f}; most GUI CPU in a gap "
                f"{self.most_cpu_ms:.0f})")
        self.longest_ms = self.longest_cpu_ms = self.most_cpu_ms = 0.0
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self._last_process = time.process_time()
        return text


KEPT: list[tuple[str, float, Any]] = []
"""The profiled gaps over `PROFILE_MS`: (what the window did, GUI CPU ms, the profile)."""
WAIT_MS = 50.0
WAITS: list[tuple[str, float, float, float]] = []
"""With `--profile-gaps`: the gaps over `WAIT_MS` of wall (what the window did, wall, GUI CPU, process CPU ms)."""


def print_profiles(top: int = 22) -> None:
    """Print the kept gaps' profiles (the GUI thread's CPU; profiling inflates it), their entries by cumulative
    and by own time."""
    import io
    import pstats

    for label, wall, used, process in WAITS:
        print(f"--- wait [{label}] {wall:.0f} ms wall: GUI CPU {used:.0f}, the process's CPU {process:.0f} (profiled)")
    for label, used, profile in KEPT:
        for order in ("cumulative", "tottime"):
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats(order).print_stats(top)
            body = out.getvalue()
            print(f"--- gap [{label}] GUI CPU {used:.0f} ms (profiled), by {order}\n{body[body.find('   ncalls'):]}")


def _window() -> Any:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(HERE.parent))
    from PySide6.QtCore import QSettings

    from evmeval_gui.app import _application
    from evmeval_gui.main_window import MainWindow

    app = _application(offscreen=False)  # as `evmeval-gui` makes it (and whatever it loads with it)
    scratch = tempfile.mkdtemp(prefix="window-scale-")
    window = MainWindow(settings=QSettings(os.path.join(scratch, "s.ini"), QSettings.Format.IniFormat),
                        persist=False)
    window.resize(1366, 768)
    window.show()
    return app, window


def _wait(app: Any, done: Any, limit_s: float = 1800.0) -> None:
    """Run the event loop until `done()` (the clock stops at the event that made it true)."""
    stop = time.perf_counter() + limit_s
    while not done():
        app.processEvents()
        if time.perf_counter() > stop:
            raise SystemExit("window_scale_bench: gave up waiting")
        time.sleep(0.001)


def _peak_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def open_to_first_paint(app: Any, window: Any, gold: str, system: str) -> Any:
    """Open the pair as the command line does and wait for its first document's paint (or a problem): the probes'
    common start (`gate_probe.py`, `arrival_click_bench.py`). Returns the session's first-document state."""
    window.open_files(gold, [system])
    first = window.session.first_document

    def painted() -> bool:
        if window.text_view.doc is not None and window.text_view.isVisible() and not first.painted.is_set():
            window.text_view.viewport().repaint()
        return bool(first.painted.is_set()) or window.session.corpus_state.last_problem is not None

    _wait(app, painted)
    return first


def child_scoring(gold: str, system: str, started: float) -> dict[str, Any]:
    import gui_bench

    app, window = _window()
    stalls = Stalls(PROFILE_MS)
    painted: list[float] = []
    shown: list[float] = []
    view = window.text_view

    def first_paint() -> bool:
        if not painted and view.doc is not None and view.isVisible():
            view.viewport().repaint()
            painted.append(time.time())
        return bool(painted) or window.session.corpus_state.last_problem is not None

    window.session.scoring_finished.connect(lambda: shown.append(time.time()))
    window.open_files(gold, [system])
    _wait(app, first_paint)
    unscored = []  # documents not scored yet, shown while the corpus is scored (each scored on its own)
    while len(unscored) < FIRST and not shown and window.documents.model.rowCount() > 1:
        t0, c0 = time.perf_counter(), time.thread_time()
        before = stalls.click()
        window.navigation.step_document(1)
        gui_bench.settle(app)
        stalls.skip(before)  # the click is its own row: the load's stall row is what the load makes the user wait
        if shown:
            break  # the corpus arrived meanwhile: not a document scored on its own
        unscored.append(((time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000))
    stalls.report_profiles("while loading")
    arrival = Stalls()  # from here the GUI thread only waits for the corpus (and takes it in)
    _wait(app, lambda: bool(shown) or window.session.corpus_state.last_problem is not None)
    if window.session.corpus_state.last_problem is not None:
        raise SystemExit(f"window_scale_bench: {window.session.corpus_state.last_problem}")
    ticked = arrival.ticks, stalls.ticks  # the gap that took the corpus in ends at the next ticks: wait for them
    _wait(app, lambda: arrival.ticks > ticked[0] and stalls.ticks > ticked[1])
    load_stall, arrival_stall = stalls.reset(), arrival.reset()
    stalls.report_profiles("the corpus taken in")
    arrival.timer.stop()
    gui_bench.settle(app)
    # the turns the arrival started (`evmeval_gui.turns`: the Conventions dock imported, built, filled, a turn
    # each) run before the switches: `settle` leaves a chain of 1 ms timers, whose rest the first switch took
    stop = time.perf_counter() + TURNS_S
    _wait(app, lambda: time.perf_counter() > stop)
    switches, switches_cpu = [], []
    for _ in range(SWITCHES):
        t0, c0 = time.perf_counter(), time.thread_time()
        window.navigation.step_document(1)
        gui_bench.settle(app)
        switches.append((time.perf_counter() - t0) * 1000)
        switches_cpu.append((time.thread_time() - c0) * 1000)
    shown_peak = _peak_mb()
    stalls.profiles = []  # the switches are clicks: their own row
    stalls.reset()
    _wait(app, lambda: window.runner.idle, limit_s=900)  # the background jobs after a load (sequencing, charts…)
    jobs_stall = stalls.reset()
    stalls.report_profiles("the background jobs after the switches")
    idle_s = time.time() - shown[0]
    window.close()
    return {"first_s": painted[0] - started, "corpus_s": shown[0] - started, "switches_ms": switches,
            "switches_cpu_ms": switches_cpu, "unscored_ms": unscored, "idle_s": idle_s, "shown_peak_mb": shown_peak,
            "load_stall_ms": load_stall, "arrival_stall_ms": arrival_stall, "jobs_stall_ms": jobs_stall,
            "peak_mb": _peak_mb(), "modules": sorted(sys.modules)}


def child_empty(names_path: str | None = None) -> dict[str, Any]:
    """The window with nothing open, 3 s after it is shown and once every job it started is done (before issue
    34's `lazyagree` a warm-up imported pyqtgraph and the charts' modules after the welcome page's paint): the
    floor under every peak below. `names_path`: then every module a scored window ended with (`module_floors`)."""
    app, window = _window()
    settled = time.perf_counter() + 3.0
    _wait(app, lambda: time.perf_counter() > settled and window.runner.idle, limit_s=120)
    empty = _peak_mb()
    charts_imported = "pyqtgraph" in sys.modules
    from evmeval_gui.window.warm_up import import_charts
    import_charts(SimpleNamespace(check=lambda: None))  # type: ignore[arg-type]  # what a scored window imports
    if names_path is not None:  # `__main__` and the names extension modules make (`cython_runtime`) fail: skipped
        module_floors.import_listed(names_path)
    window.close()
    return {"peak_mb": empty, "charts_imported": charts_imported, "modules_mb": _peak_mb()}


def child_curation(paths: list[str], token_dir: str, started: float) -> dict[str, Any]:
    import gui_bench
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from evmeval_gui.agreement.state import AgreementRequest

    app, window = _window()
    stalls = Stalls(PROFILE_MS)
    opened = time.perf_counter()
    window.open_agreement(AgreementRequest(tuple(paths), token_dir, None))
    _wait(app, lambda: window.agreement.active or window.session.corpus_state.last_problem is not None)
    compared = time.perf_counter()  # then the mode's own drawing, in turns: to the pair in the document views
    _wait(app, lambda: window.session.roles is not None or window.session.corpus_state.last_problem is not None)
    gui_bench.settle(app)
    agreement_stall = stalls.reset()
    stalls.report_profiles("the agreement study")
    curating, curating_cpu = time.perf_counter(), time.thread_time()
    folder = tempfile.mkdtemp(prefix="window-scale-curation-")  # saved, as a user's curation is
    if hasattr(window, "curation"):  # the Curate mode imported and built when a curation starts: not built here
        window.curation.when_ready(lambda mode: setattr(mode, "save_folder", folder))
    else:
        window.curate.save_folder = folder
    window.dialogs.start_curation()
    _wait(app, lambda: window.mode.name == "curate" or window.session.corpus_state.last_problem is not None)
    if window.session.corpus_state.last_problem is not None:
        raise SystemExit(f"window_scale_bench: {window.session.corpus_state.last_problem}")
    _wait(app, lambda: window.curate.panel.updatesEnabled())  # its first paint is the opening's too (a turn after)
    app.processEvents()
    shown, opening_cpu = time.perf_counter(), (time.thread_time() - curating_cpu) * 1000
    open_stall = stalls.reset()
    stalls.report_profiles("the curation opened")
    import curation_bench

    interactions = curation_bench.curator_interactions(app, window, stalls, lambda done: _wait(app, done), "before")
    state = window.curate.state
    before, total = state.progress()
    panel = window.curate.panel
    t0 = time.perf_counter()
    QTest.mouseClick(panel.bulk.shown_button, Qt.MouseButton.LeftButton)
    _wait(app, lambda: window.curate.state.progress()[0] > before and not window.runner.busy)
    app.processEvents()
    batch_s = time.perf_counter() - t0
    batch_stall = stalls.reset()
    stalls.report_profiles("accept all shown")
    decided = window.curate.state.progress()[0] - before
    for what, done in curation_bench.curator_interactions(app, window, stalls, lambda d: _wait(app, d),
                                                          "after").items():
        interactions[f"{what} after the batch"] = done
    panel.policy.setFocus()  # another policy chosen with the keyboard on the combo (Down: the next one)
    t0 = time.perf_counter()
    QTest.keyClick(panel.policy, Qt.Key.Key_Down)
    _wait(app, lambda: window.curate.state.policy != "majority" and not window.runner.busy)
    app.processEvents()
    policy_s = time.perf_counter() - t0
    policy_stall = stalls.reset()
    stalls.report_profiles("another policy")
    window.close()
    return {"policy_s": policy_s, "policy_stall_ms": policy_stall,
            "agreement_s": compared - opened, "agreement_stall_ms": agreement_stall,
            "curation_s": shown - curating, "shown_s": curating - compared,
            "open_s": shown - opened - (curating - compared),
            "since_launch_s": time.time() - started - batch_s, "open_stall_ms": open_stall, "batch_s": batch_s,
            "batch_stall_ms": batch_stall, "batch_items": decided, "disagreements": total, "peak_mb": _peak_mb(),
            "interactions": interactions, "opening_cpu_ms": opening_cpu}


# -- the parent: prepare, spawn, report ----------------------------------------------------------------------


BARE = ("import evmeval.cli.score; print([line for line in open('/proc/self/status') if line.startswith('VmHWM')]"
        "[0])")
"""The command's modules alone, their peak read by the process itself (a child's `ru_maxrss` starts at its parent's)."""


def spawn(argv: list[str]) -> tuple[float, float, float, int, str]:
    """(wall s, CPU s, peak MB, exit status, stdout) of one whole process."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryFile() as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), text


def window_child(kind: str, *args: str) -> tuple[dict[str, Any] | None, float, float]:
    _, cpu, peak, status, text = spawn([sys.executable, __file__, "--child", kind, *args, repr(time.time())])
    lines = [line for line in text.splitlines() if line.startswith("{")]
    if PROFILE_MS > 0:
        print("\n".join(line for line in text.splitlines() if not line.startswith("{")), flush=True)
    if status != 0 or not lines:
        print(f"  the window failed (exit {status}): {text[-500:]}", file=sys.stderr)
        return None, cpu, peak
    return json.loads(lines[-1]), cpu, peak


Row = list[str]
"""measure, the window, the command on the same files, the goal"""
HEADER = ["measure", "the window", "the command", "goal"]


def _command_text(wall: float, cpu: float, peak: float, status: int) -> str:
    return f"{wall:.2f} s (CPU {cpu:.2f}), {peak:.0f} MB" + ("" if status == 0 else f", exit {status}")


def scoring_rows(name: str, gold: Path, system: Path, command: list[str], every: list[str] | None = None,
                 floors: tuple[float, float] | None = None) -> list[Row]:
    """`every`: the command doing what the window's Conventions dock does too (`--convention all`), whose peak is
    printed beside the window's last one. `floors`: the empty window's peak and the command's modules' alone
    (`python -c "import evmeval.cli.score"`): the last row says the data's memory in each, above its floor."""
    wall, cpu, peak, status, _ = spawn(command)
    beside = ""
    all_peak = None
    if every is not None:
        _, _, all_peak, all_status, _ = spawn(every)
        beside = f"; `--convention all` {all_peak:.0f} MB" + ("" if all_status == 0 else f" (exit {all_status})")
    figures, window_cpu, window_peak = window_child("scoring", str(gold), str(system))
    said = _command_text(wall, cpu, peak, status)
    if figures is None:
        return [[f"{name}: the window", "failed", said, ""]]
    own = None
    if floors is not None:  # each run's own modules alone: the floor of its data
        names = module_floors.write_names(figures["modules"])
        try:
            alone = window_child("empty", names)[0]
        finally:
            os.unlink(names)
        own = (alone["modules_mb"] if alone else window_peak, module_floors.command_floor_mb(command),
               module_floors.command_floor_mb(every) if every is not None else 0.0)
    switches = figures["switches_ms"]
    first5 = " ".join(f"{v:.0f}" for v in switches[:FIRST]) + " ms (GUI CPU " + " ".join(
        f"{v:.0f}" for v in figures["switches_cpu_ms"][:FIRST]) + ")"
    return [[f"{name}: first document painted", f"{figures['first_s']:.2f} s", said, "<= 1 s"],
            [f"{name}: corpus figures shown", f"{figures['corpus_s']:.2f} s (window CPU {window_cpu:.2f} s)", "",
             ""],
            [f"{name}: longest event-loop stall while loading (the clicks below left out: their own row)",
             figures["load_stall_ms"], "", ""],
            [f"{name}: the same, after the clicks below: the corpus taken in", figures["arrival_stall_ms"], "", ""],
            [f"{name}: the same, after the switches below: the background jobs finishing (coreference, "
             "sequencing, charts…)", figures["jobs_stall_ms"], "", ""],
            [f"{name}: a document not scored yet, shown while the corpus is scored (first {FIRST})",
             " ".join(f"{v:.0f}" for v, _ in figures["unscored_ms"]) + " ms (GUI CPU "
             + " ".join(f"{c:.0f}" for _, c in figures["unscored_ms"]) + ")" if figures["unscored_ms"] else
             "— (no document before the corpus)", "", "<= 50 ms"],
            [f"{name}: first {FIRST} switches; slowest of {SWITCHES}", f"{first5}; {max(switches):.0f} ms", "",
             "<= 50 ms"],
            [f"{name}: peak memory, the corpus shown and {SWITCHES} switches made",
             f"{figures['shown_peak_mb']:.0f} MB ({figures['shown_peak_mb'] / peak:.2f}x the command)", "", ""],
            [f"{name}: peak memory, every background job done ({figures['idle_s']:.1f} s after the corpus figures)",
             f"{window_peak:.0f} MB ({window_peak / peak:.2f}x the command)"
             + _data_against_data(window_peak, peak, all_peak, floors)
             + _data_against_data(window_peak, peak, all_peak, own, "above each one's own modules"),
             f"{peak:.0f} MB{beside}", "<= 1.5x"]]


def _data_against_data(window_peak: float, peak: float, all_peak: float | None,
                       floors: tuple[float, ...] | None, said_as: str = "data against data") -> str:
    """What each holds above what it holds with no data: the window's Qt and modules alone are above 1.5x a
    command of 41 MB, so the plain ratio cannot say what the data costs. `floors`: the window's and the
    command's (and `--convention all`'s, when it has its own)."""
    if floors is None:
        return ""
    empty, bare = floors[:2]
    every = floors[2] if len(floors) > 2 else bare
    data = window_peak - empty
    said = f"; {said_as}: {data:.0f} MB against {peak - bare:.0f} ({data / max(peak - bare, 1):.2f}x)"
    if all_peak is not None:
        said += f", against `--convention all`'s {all_peak - every:.0f} ({data / max(all_peak - every, 1):.2f}x)"
    return said


def curation_rows(docs: int) -> list[Row]:
    import curation_bench

    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "evmeval-studio"
    folder = curation_bench.corpus(cache / "curation-seed5-docs2000-mentions40")
    gold = folder / "gold.tbf"
    ids = curation_bench.document_ids(gold)
    chosen = set(ids[:docs]) if docs < len(ids) else None
    paths = []
    for k in range(1, 4):
        path = folder / f"curation_bench_{docs}_{k}.tbf"
        if not path.is_file():
            curation_bench.annotator(gold, k, path, chosen)
        paths.append(str(path))
    out = Path(tempfile.mkdtemp(prefix="window-scale-iaa-"))
    wall, cpu, peak, status, _ = spawn([str(BIN / "evmeval-iaa"), *paths, "-t", str(folder / "tkn"),
                                        "--curated", str(out / "curated.tbf"), "-o", str(out / "report.txt")])
    shutil.rmtree(out, ignore_errors=True)
    figures, window_cpu, window_peak = window_child("curation", str(folder / "tkn"), *paths)
    said = "`evmeval-iaa --curated` " + _command_text(wall, cpu, peak, status)
    if figures is None:
        return [["curation: the window", "failed", said, ""]]
    f = figures
    return [[f"curation ({f['disagreements']:,} disagreements): opened (agreement study + curation)",
             f"{f['agreement_s']:.2f} + {f['curation_s']:.2f} = {f['open_s']:.2f} s", said,
             f"<= the command + 1 s ({'met' if f['open_s'] <= wall + 1 else 'not met'})"],
            ["curation: longest stall while comparing; while curating (the GUI thread's CPU while curating, in all)",
             f"{f['agreement_stall_ms']}; {f['open_stall_ms']} ({f['opening_cpu_ms']:.0f} ms)", "", "<= 50 ms"],
            [f"curation: accept all shown ({f['batch_items']:,} items)",
             f"{f['batch_s']:.2f} s, longest stall {f['batch_stall_ms']}", "", "stall <= 50 ms"],
            ["curation: another policy chosen on the combo (after the batch)",
             f"{f['policy_s']:.2f} s, longest stall {f['policy_stall_ms']}", "", "stall <= 50 ms"],
            *([f"curation: {what} ({len(done)}x; the slowest)",
               "{:.0f} ms, longest stall {}".format(*max(done, key=lambda d: float(d[1].split()[0]))), "",
               "stall <= 50 ms"] for what, done in f["interactions"].items()),
            ["curation: peak memory", f"{window_peak:.0f} MB (window CPU {window_cpu:.2f} s)", f"{peak:.0f} MB",
             ""]]


FORMATS = ("tbf", "textee", "maven", "maven-ere")


def measure(only: Sequence[str], docs: int | None = None, curation_docs: int = 2000) -> list[Row]:
    """Every row `only` names (formats of the MAVEN-ERE-sized corpus, and "curation")."""
    import maven_ere_bench

    rows: list[Row] = []
    if set(only) & set(FORMATS):
        name = f"maven-ere-seed{maven_ere_bench.SEED}" + (f"-docs{docs}" if docs else "")
        corpus = maven_ere_bench.ensure_corpus(maven_ere_bench.cache_root() / name, docs)
        conv = maven_ere_bench.ensure_converted(corpus)
        score = str(BIN / "evmeval-score")
        scratch = tempfile.mkdtemp(prefix="window-scale-command-")  # the window scores coreference and sequencing too
        inputs = {"tbf": (corpus / "gold.tbf", corpus / "system.tbf",
                          ["-t", str(corpus / "tkn"), "-c", os.path.join(scratch, "coref"),
                           "-a", os.path.join(scratch, "sequencing")]),
                  "textee": (conv / "textee-gold" / "gold.jsonl", conv / "textee-system" / "system.jsonl",
                             ["--convention", "textee"]),
                  "maven": (conv / "maven-gold.jsonl", conv / "maven-system.jsonl", ["--convention", "maven"]),
                  "maven-ere": (conv / "maven-ere-gold.jsonl", conv / "maven-ere-system.jsonl",
                                ["--convention", "maven-ere"])}
        empty, _, empty_peak = window_child("empty")
        floor = [["the empty window (Qt, the library; settled): peak memory",
                  f"{empty['peak_mb'] if empty else empty_peak:.0f} MB", "", ""]]
        bare = float(spawn([sys.executable, "-c", BARE])[4].split()[-2]) / 1024
        floor.append(["the command's modules alone (`python -c \"import evmeval.cli.score\"`): peak memory",
                      "", f"{bare:.0f} MB", ""])
        if empty:
            floor.insert(1, ["the same with the charts' modules every scored window imports (pyqtgraph, numpy): "
                             "peak memory", f"{empty['modules_mb']:.0f} MB", "", ""])
        rows.extend(floor)
        print(plain(floor), flush=True)
        floors = (empty["modules_mb"] if empty else empty_peak, bare)
        for name in [n for n in FORMATS if n in only]:
            gold, system, options = inputs[name]
            command = [score, "-g", str(gold), "-s", str(system)]
            found = scoring_rows(name, gold, system, [*command, *options],
                                 None if name == "tbf" else [*command, "--convention", "all"], floors)
            rows.extend(found)
            print(plain(found), flush=True)
    if "curation" in only:
        found = curation_rows(curation_docs)
        rows.extend(found)
        print(plain(found), flush=True)
    return rows


def plain(rows: list[Row]) -> str:
    return "\n".join(" | ".join(cell for cell in row if cell) for row in rows)


def markdown(rows: list[Row]) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "| --- | --- | --- | --- |"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=[*FORMATS, "curation"])
    parser.add_argument("--docs", type=int, help="a smaller MAVEN-ERE-shaped corpus (default: 4,480 documents)")
    parser.add_argument("--curation-docs", type=int, default=2000, help="documents of the curation (default 2000)")
    parser.add_argument("--profile-gaps", type=float, metavar="MS",
                        help="profile the GUI thread per timer gap (its CPU as the clock) and print the gaps with "
                             "more than MS of GUI CPU (profiling inflates it)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.profile_gaps:
        global PROFILE_MS
        PROFILE_MS = args.profile_gaps
        os.environ["WINDOW_SCALE_PROFILE_GAPS_MS"] = str(args.profile_gaps)
    if args.child:
        kind, *rest = args.child
        started = float(rest.pop())
        figures = child_scoring(rest[0], rest[1], started) if kind == "scoring" else \
            child_empty(*rest) if kind == "empty" else child_curation(rest[1:], rest[0], started)
        print_profiles()
        print(json.dumps(figures))
        return 0
    print(f"load before: {os.popen('uptime').read().strip()}", flush=True)
    rows = measure(args.only, args.docs, args.curation_docs)
    print(f"load after: {os.popen('uptime').read().strip()}")
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
