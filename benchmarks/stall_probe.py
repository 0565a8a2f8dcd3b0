"""Who holds the interpreter while the window's event loop stalls (issue 34): the stacks of every thread, taken
while the stall lasts.

    python benchmarks/stall_probe.py [--only textee maven maven-ere tbf] [--late-ms 30] [--docs N]

The window opens each corpus as `window_scale_bench.py` does (its `child_scoring`). A 5 ms timer on the GUI thread
re-arms `faulthandler.dump_traceback_later` at each tick; when the next tick is more than `--late-ms` late, the
faulthandler's own C thread (which needs no interpreter lock) writes every thread's Python stack, again every
`--late-ms` while the stall lasts: a thread stuck in one long C call shows the line that made it. The parent reads
the dumps back and prints, per format, the threads' innermost frames (idle ones, waiting on a lock or a queue, left
out) with how many dumps showed each, most first. A sampler in Python could not do this: it would need the lock the
long call holds.

Each stall's line also says the process's CPU in it: at a load of 2-4 on 2 cores most stalls of 50 ms or more
were periods in which the window's process hardly ran (waiting for a core), not a lock held. The faulthandler
thread reads the other threads' frames without the lock: now and then the child crashes (exit -11) before it is
done; what it wrote until then is reported. `--gaps` has no such risk.

Not a test: what it finds depends on the machine's load; run it at the load the stalls were measured at.
"""

from __future__ import annotations

import argparse
import collections
import faulthandler
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

IDLE = ("threading.py", "queue.py", "selectors.py", "stall_probe.py", "window_scale_bench.py", "gui_bench.py")
"""Files whose frames are a thread waiting, or the probe and the benchmark themselves."""
FRAME = re.compile(r'^\s+File "(?P<file>[^"]+)", line (?P<line>\d+) in (?P<func>\S+)')


def child(gold: str, system: str, late_ms: float, out: str) -> None:
    import window_scale_bench as bench

    sink = open(out, "w")  # noqa: SIM115 - the faulthandler thread writes to it until the process ends
    plain_tick = bench.Stalls._tick
    last_process_box = [time.process_time()]

    def tick(self: bench.Stalls) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        last, last_cpu = self._last, self._last_cpu
        process, (last_process,) = time.process_time(), last_process_box
        last_process_box[0] = process
        plain_tick(self)
        gap = (now - last) * 1000 - bench.TICK_MS
        if gap > late_ms:
            said = (f"=== stall {gap:.0f} ms, GUI CPU {(cpu - last_cpu) * 1000:.0f}, process CPU since the last "
                    f"tick {(process - last_process) * 1000:.0f}\n")
            os.write(sink.fileno(), said.encode())
        faulthandler.dump_traceback_later(late_ms / 1000, repeat=True, file=sink)

    bench.Stalls._tick = tick  # type: ignore[method-assign]
    figures = bench.child_scoring(gold, system, time.time())
    faulthandler.cancel_dump_traceback_later()
    print(f"load stall {figures['load_stall_ms']}", flush=True)


class Gaps:
    """On every worker thread (`threading.setprofile`): the stretches of the thread's own CPU with no Python call
    or return in them, longer than `floor_ms` (a C call holding the interpreter: the JSON scanner, a sort, a
    join...; a Python loop without calls would show too, and does not hold it), each by the frame it ended in and
    the project's frames above; the garbage collector's passes apart (`gc.callbacks`). Independent of the
    machine's load: it counts CPU, not waiting."""

    def __init__(self, floor_ms: float) -> None:
        import threading

        self.floor = floor_ms / 1000
        self.found: list[tuple[float, str]] = []
        self.collections: list[tuple[float, int]] = []
        self._last: dict[int, tuple[float, tuple[str, object, object]]] = {}
        self._gc: dict[int, float] = {}
        self._ident = threading.get_ident

    def profile(self, frame, event, arg):  # type: ignore[no-untyped-def]
        now, me = time.thread_time(), self._ident()
        last, before = self._last.get(me, (None, None))
        self._last[me] = now, (event, arg, _stack(frame))  # not the frame: holding it would delay its locals' end
        if last is not None and now - last > self.floor:
            self.found.append((now - last, f"from {_event(*before)}\n        to {_event(event, arg, frame)}"))
        return None

    def collecting(self, phase: str, info: dict) -> None:  # type: ignore[type-arg]
        now, me = time.thread_time(), self._ident()
        if phase == "start":
            self._gc[me] = now
        elif me in self._gc and now - self._gc[me] > self.floor / 4:
            self.collections.append((now - self._gc.pop(me), info["generation"]))

    def report(self, top: int) -> list[str]:
        by_place: dict[str, list[float]] = collections.defaultdict(list)
        for took, place in self.found:
            by_place[place].append(took * 1000)
        lines = [f"{max(v):7.1f} ms max, {len(v):4d} x, {sum(v):8.0f} ms in all  {place}"
                 for place, v in sorted(by_place.items(), key=lambda kv: -max(kv[1]))[:top]]
        gcs = sorted(self.collections, reverse=True)[:5]
        lines.append("gc passes over a quarter of the floor: " + (", ".join(f"{t * 1000:.0f} ms (gen {g})"
                                                                           for t, g in gcs) or "none"))
        return lines


def _event(event: str, arg: object, frame: object) -> str:
    """An event of the profile, with its C function's name and where it happened."""
    name = getattr(arg, "__qualname__", "") if event.startswith("c_") else ""
    stack = frame if isinstance(frame, tuple) else _stack(frame)
    return f"{event} {name} " + " < ".join(_where(stack))


def _stack(frame) -> tuple[tuple[object, int], ...]:  # type: ignore[no-untyped-def]
    """(code, line) of the frame and the eight above it."""
    found, f = [], frame
    while f is not None and len(found) < 9:
        found.append((f.f_code, f.f_lineno))
        f = f.f_back
    return tuple(found)


def _where(stack: tuple[tuple[object, int], ...]) -> list[str]:
    """The innermost place and up to three of the project's places above it."""
    places = [f"{Path(code.co_filename).name}:{line} {code.co_name}" for k, (code, line) in enumerate(stack)  # type: ignore[attr-defined]
              if k == 0 or "/evmeval" in code.co_filename][:4]  # type: ignore[attr-defined]
    return places


def gaps_child(gold: str, system: str, floor_ms: float, top: int) -> None:
    import gc
    import threading

    import window_scale_bench as bench

    gaps = Gaps(floor_ms)
    threading.setprofile(gaps.profile)
    gc.callbacks.append(gaps.collecting)
    figures = bench.child_scoring(gold, system, time.time())
    threading.setprofile(None)  # type: ignore[arg-type]
    print(f"load stall {figures['load_stall_ms']} (the workers slowed by the profile)")
    print("\n".join(gaps.report(top)), flush=True)


def _busy(block: str) -> list[str]:
    """One dump's busy threads, each by its innermost frame and the project's frames above it (three)."""
    busy = []
    for thread in re.split(r"\n(?=Thread 0x|Current thread 0x)", block)[1:]:
        frames = [m for line in thread.splitlines() if (m := FRAME.match(line))]
        if not frames or any(frames[0]["file"].endswith(name) for name in IDLE):
            continue
        ours = [f for f in frames[1:] if "/evmeval" in f["file"]][:3]
        where = "gui" if frames[-1]["file"].endswith("stall_probe.py") else "worker"
        busy.append(f"[{where}] " + " < ".join(f"{Path(f['file']).name}:{f['line']} {f['func']}"
                                               for f in [frames[0], *ours]))
    return busy


def _figures(marker: str) -> tuple[int, int, int]:
    """(gap, GUI CPU, process CPU) ms of a stall's marker; the second timer of a pair reads (0, 0, 0) (the process
    CPU of its gap was counted by the first)."""
    found = re.match(r"stall (\d+) ms, GUI CPU (\d+), process CPU since the last tick (\d+)", marker)
    if found is None or found[3] == "0":
        return 0, 0, 0
    return int(found[1]), int(found[2]), int(found[3])


def stalls(dump: str) -> list[tuple[str, collections.Counter[str]]]:
    """Each stall the GUI's timer saw ("=== stall ..."), with the busy frames of the dumps taken during it."""
    found = []
    for part in dump.split("=== ")[1:]:
        head, _, _ = part.partition("\n")
        found.append((head, collections.Counter()))
    blocks = dump.split("=== ")
    for (_, counter), before in zip(found, blocks[:-1], strict=False):
        for block in before.split("Timeout (")[1:]:
            counter.update(_busy(block))
    return found


def corpus_inputs(docs: int | None) -> dict[str, tuple[Path, Path]]:
    """Format -> (gold, system) of `maven_ere_bench.py`'s corpus (`docs`: a smaller one), made once."""
    import maven_ere_bench

    name = f"maven-ere-seed{maven_ere_bench.SEED}" + (f"-docs{docs}" if docs else "")
    corpus = maven_ere_bench.ensure_corpus(maven_ere_bench.cache_root() / name, docs)
    conv = maven_ere_bench.ensure_converted(corpus)
    return {"tbf": (corpus / "gold.tbf", corpus / "system.tbf"),
            "textee": (conv / "textee-gold" / "gold.jsonl", conv / "textee-system" / "system.jsonl"),
            "maven": (conv / "maven-gold.jsonl", conv / "maven-system.jsonl"),
            "maven-ere": (conv / "maven-ere-gold.jsonl", conv / "maven-ere-system.jsonl")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=["maven-ere", "maven", "textee", "tbf"])
    parser.add_argument("--late-ms", type=float, default=30.0)
    parser.add_argument("--docs", type=int)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--gaps", type=float, metavar="MS", help="instead: the workers' stretches of CPU over MS "
                        "without a Python call or return (a profile on every worker; slow)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    parser.add_argument("--gaps-child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.gaps_child:
        gold, system, floor, top = args.gaps_child
        gaps_child(gold, system, float(floor), int(top))
        return 0
    if args.child:
        gold, system, late, out = args.child
        child(gold, system, float(late), out)
        return 0
    inputs = corpus_inputs(args.docs)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    for kind in args.only:
        gold, system = inputs[kind]
        if args.gaps is not None:
            print(f"{kind}: load {os.getloadavg()[0]:.2f}", flush=True)
            done = subprocess.run([sys.executable, __file__, "--gaps-child", str(gold), str(system), str(args.gaps),
                                   str(args.top)], env=env, capture_output=True, text=True)
            print("  " + (done.stdout.strip().replace("\n", "\n  ") or f"exit {done.returncode}: "
                                                                       f"{done.stderr[-400:]}"), flush=True)
            continue
        with tempfile.NamedTemporaryFile("r", suffix=".txt") as out:
            print(f"{kind}: load {os.getloadavg()[0]:.2f}", flush=True)
            done = subprocess.run([sys.executable, __file__, "--child", str(gold), str(system), str(args.late_ms),
                                   out.name], env=env, capture_output=True, text=True)
            print("  " + (done.stdout.strip() or f"exit {done.returncode}: {done.stderr[-400:]}"))
            dump = Path(out.name).read_text()
        ran = [(gap, gui, cpu) for gap, gui, cpu in map(_figures, dump.split("\n=== ")[1:]) if gap]
        ran_most = max(((g, gui) for g, gui, cpu in ran if cpu >= g / 2), default=(0, 0))
        short = sum(1 for g, _, cpu in ran if g >= 50 and cpu < g / 2)
        print(f"  stalls of 50 ms or more: {sum(1 for g, _, _ in ran if g >= 50)}, of which {short} with the process "
              f"using less than half of it in CPU (waiting for a core); the longest in which it used half or more: "
              f"{ran_most[0]} ms (GUI CPU {ran_most[1]})")
        seen = stalls(dump)
        total: collections.Counter[str] = collections.Counter()
        for _, counter in seen:
            total.update(counter)
        print(f"  {len(seen)} stalls over {args.late_ms:.0f} ms; the longest, with what each dump "
              f"({args.late_ms:.0f} ms apart) found busy:")
        for head, counter in sorted(seen, key=lambda s: -int(s[0].split()[1]))[:args.top]:
            print(f"  {head}")
            for frames, count in counter.most_common(4):
                print(f"    {count:3d}  {frames}")
        print("  every dump, most seen first:")
        for frames, count in total.most_common(args.top):
            print(f"  {count:4d}  {frames}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
