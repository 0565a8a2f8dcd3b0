"""Ctrl+C as a terminal sends it: SIGINT to a program's whole process group, at a chosen moment.

The moment is found by watching the running program from outside through /proc (Linux), so the
programs need no test hook: `mapped("QtCore")` fires while PySide6 is being imported, `writing()`
while the program or its forked child holds a temporary output file open, `sleeping()`
once the main thread sleeps waiting (for worker threads, or in a Qt event loop for events).
"""

from __future__ import annotations

import ctypes
import os
import signal
import struct
import subprocess
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

Trigger = Callable[[int], bool]
"""Given the program's pid: whether this is the moment to interrupt it."""

needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="watches the program through /proc")


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return ""


def _family(pid: int) -> list[int]:
    """The program and its children (the forked writers)."""
    children = _read(f"/proc/{pid}/task/{pid}/children").split()
    return [pid, *(int(child) for child in children)]


def mapped(fragment: str) -> Trigger:
    """Once a shared library whose path contains `fragment` is loaded (its import has begun)."""
    return lambda pid: fragment in _read(f"/proc/{pid}/maps")


def mapped_in_family(fragment: str) -> Trigger:
    """Once the program or one of its children has loaded a shared library whose path contains `fragment`."""
    return lambda pid: any(fragment in _read(f"/proc/{member}/maps") for member in _family(pid))


def _open_files(pid: int) -> list[str]:
    """The files the program and its children have open."""
    found = []
    for member in _family(pid):
        try:
            fds = os.listdir(f"/proc/{member}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                found.append(os.readlink(f"/proc/{member}/fd/{fd}"))
            except OSError:
                continue
    return found


def writing() -> Trigger:
    """While the program or a child has a temporary output file (`.NAME.xxx.tmp`) open."""
    return lambda pid: any(os.path.basename(path).startswith(".") and path.endswith(".tmp")
                           for path in _open_files(pid))


def reading(folder: Path) -> Trigger:
    """Once the program or a child has opened a file of `folder` (an input), or has one open: the kernel
    reports each open through inotify, since a small file is open for a few microseconds, which a poll of
    /proc every millisecond met in none of 80 runs once the tables were read whole (CI failed on it)."""
    prefix = str(folder.resolve()) + os.sep
    opened = _Opened(folder)
    return lambda pid: opened() or any(path.startswith(prefix) for path in _open_files(pid))


class _Opened:
    """Whether a file in a folder has been opened since this was made (Linux inotify through ctypes; where
    it is unavailable, never: the /proc poll beside it still runs)."""

    _IN_OPEN, _IN_ISDIR, _IN_NONBLOCK, _IN_CLOEXEC = 0x20, 0x40000000, 0o4000, 0o2000000
    _HEADER = struct.Struct("iIII")

    def __init__(self, folder: Path) -> None:
        self.seen = False
        self.fd = -1
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            fd = libc.inotify_init1(self._IN_NONBLOCK | self._IN_CLOEXEC)
        except (OSError, AttributeError):
            return
        if fd < 0:
            return
        if libc.inotify_add_watch(fd, os.fsencode(folder), self._IN_OPEN) < 0:
            os.close(fd)
            return
        self.fd = fd
        weakref.finalize(self, os.close, fd)

    def __call__(self) -> bool:
        while not self.seen and self.fd >= 0:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                break
            at = 0
            while at < len(data):  # the folder's own opens (a listing) are not a file's
                _, mask, _, size = self._HEADER.unpack_from(data, at)
                self.seen = self.seen or not mask & self._IN_ISDIR
                at += self._HEADER.size + size
        return self.seen


def after(trigger: Trigger, seconds: float) -> Trigger:
    """`seconds` after `trigger` fired."""
    fired: list[float] = []

    def fires(pid: int) -> bool:
        if not fired and trigger(pid):
            fired.append(time.monotonic())
        return bool(fired) and time.monotonic() - fired[0] >= seconds

    return fires


def sleeping(samples: int, *, in_poll: bool = False) -> Trigger:
    """Once the main thread has slept for `samples` checks in a row (waiting for worker threads);
    `in_poll`: sleeping in poll(), as an event loop waits for events."""
    seen = [0]

    def fires(pid: int) -> bool:
        state = _read(f"/proc/{pid}/stat").rpartition(")")[2].split()[:1]
        asleep = state == ["S"] and (not in_poll or "poll" in _read(f"/proc/{pid}/wchan"))
        seen[0] = seen[0] + 1 if asleep else 0
        return seen[0] >= samples

    return fires


@dataclass
class Interrupted:
    """What an interrupted run left: exit status, stderr lines, seconds from the signal to the exit."""

    code: int
    lines: list[str]
    stderr: str
    seconds: float
    fired: bool
    pid: int
    """Also the process group's id."""


def interrupt(command: Sequence[str], trigger: Callable[[], Trigger], *, env: Mapping[str, str] | None = None,
              cwd: Path | None = None, prepare: Callable[[], None] | None = None, tries: int = 20,
              limit: float = 60.0, signum: int = signal.SIGINT) -> Interrupted:
    """Run `command` in its own process group; when the trigger fires, SIGINT the group (a terminal's
    Ctrl+C; `signum`: another signal, e.g. SIGTERM as `kill` sends it); wait for the exit. A moment can
    be brief: when the program ended before it came, run it again (`prepare()` first each time, a fresh
    `trigger()`), up to `tries` times; `fired` says whether the last run was interrupted."""
    for _ in range(tries):
        if prepare is not None:
            prepare()
        run = _interrupt_once(command, trigger(), env=env, cwd=cwd, limit=limit, signum=signum)
        if run.fired:
            break
    return run


def _interrupt_once(command: Sequence[str], trigger: Trigger, *, env: Mapping[str, str] | None,
                    cwd: Path | None, limit: float, signum: int) -> Interrupted:
    process = subprocess.Popen(list(command), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=dict(env) if env is not None else None, cwd=cwd,
                               start_new_session=True)
    deadline = time.monotonic() + limit
    fired = False
    try:
        while process.poll() is None and time.monotonic() < deadline:
            if trigger(process.pid):
                os.killpg(process.pid, signum)
                fired = True
                break
            time.sleep(0.001)
        sent = time.monotonic()
        _, err = process.communicate(timeout=limit)
        seconds = time.monotonic() - sent
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    text = err.decode("utf-8", errors="replace")
    return Interrupted(process.returncode, text.splitlines(), text, seconds, fired, process.pid)


def group_gone(pgid: int) -> bool:
    """No process of the group is left (a forked child included)."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def temporaries(folder: Path) -> list[Path]:
    """Temporary files of `write_atomic` (`.NAME.xxx.tmp`) anywhere under `folder`."""
    return sorted(folder.rglob(".*.tmp"))


def assert_clean_interrupt(run: Interrupted, program: str, folder: Path, out: Path,
                           normal: Mapping[str, bytes], *, signum: int = signal.SIGINT) -> None:
    """Exit 130 (143 for SIGTERM), the one line, no traceback, no process of the program left (a forked child
    included), no temporary file under `folder`, and every file in `out` identical to the normal run's
    (`normal`: path relative to its output folder -> bytes): outputs absent or complete. How fast it ends is
    a benchmark's question, never asserted on a loaded machine (the wait is bounded by `limit`)."""
    assert run.fired, "the program ended before the moment to interrupt it"
    assert run.code == 128 + signum, run.stderr
    word = "terminated" if signum == signal.SIGTERM else "interrupted"
    assert run.lines == [f"{program}: {word}"], run.stderr
    assert group_gone(run.pid), "a process of the program (a forked child) is still running"
    assert temporaries(folder) == []
    for name, content in outputs(out).items():
        assert name in normal, f"{name}: not an output of a normal run"
        assert content == normal[name], f"{name} differs from a normal run's"


def outputs(folder: Path) -> dict[str, bytes]:
    """Every file under `folder`, by path relative to it."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}
