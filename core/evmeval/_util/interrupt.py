"""Ctrl+C (and SIGTERM) in every program: exit 130 (143), one line on stderr, no traceback, nothing half-written.

Python's own SIGINT handling raises KeyboardInterrupt wherever the main thread happens to be: in the
middle of an import (a traceback, or a "Fatal Python error" when it lands in PySide6's start-up), in
a Python function Qt's C++ code called (a segmentation fault while unwinding), in a forked child (an
ImportError, or an export that completes anyway). The programs instead call `install()` first
thing, in their tiny entry modules (`evmeval.cli.entry`, `evmeval_gui.entry`), before anything else is
imported (before even that, their first statements install a minimal handler that only prints the line
and exits). From then on a SIGINT runs `leave()`: kill and reap the forked children (`evmeval._util.forked`)
and remove the temporary file each was writing, remove this process's own temporary files
(`evmeval.io.writing.write_atomic` registers them here), print `PROG: interrupted` and `os._exit(130)`,
running no other code, so no half-torn-down state can crash. Every output is either the finished
file or absent (or the previous file, untouched). SIGTERM (`kill PID`, a job scheduler's time limit)
takes the same path and says `PROG: terminated`, exit 143 (128 + 15, what a shell reports for it).

A program with an event loop asks for a gentler first reaction with `set_action` (the window closes
as if the user had closed it); a second Ctrl+C then leaves at once. Python runs a handler only
between bytecodes of the main thread: an event loop must wake it up (`evmeval_gui.app`).

Library callers never install anything: without `install()` the registries below cost a set
operation per file written and nothing else.
"""

from __future__ import annotations

import os
import signal
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # `typing` costs milliseconds to import, before the handler is in place
    from collections.abc import Callable
    from typing import NoReturn

EXIT_CODE = 130
"""128 + SIGINT: what a shell reports for a program that Ctrl+C ended."""
SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""The signals handled: both end a program the same clean way."""
WORDS = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}
"""What the one line says for each."""
OUT_OF_MEMORY_HINT = ("an absurd offset or span, e.g. 0,2000000000? evmeval-validate --text DIR checks character "
                      "spans against the texts")
"""The advice of the one line a program that ran out of memory prints (`say_out_of_memory`)."""

_temporaries: set[str] = set()
"""Temporary files (or folders) of this process that a finished run would have renamed or removed."""
_folders: list[str] = []
"""Folders this run made for its outputs (`evmeval._util.run_outputs`): removed, when empty, after the files."""
_children: dict[int, Slot] = {}
"""Forked children still running: pid -> their `Slot` (the temporary file each one is writing)."""


class _State:
    program = "python"
    pid = 0
    """The process that installed the handler (a forked child is another)."""
    action: Callable[[], None] | None = None
    interrupted = False
    signum = int(signal.SIGINT)
    """The signal that ended (or is ending) the program."""
    parent = 0
    """In a forked child: the process that forked it (`defer` notes it)."""
    slot: Slot | None = None
    """In a forked child: where it tells its parent which temporary file it is writing."""


SLOT_SIZE = 1 << 20
"""Bytes shared with a forked child: 4 for a length, then the paths of the temporary files it holds,
one a line (an anonymous mapping: only the pages written take memory)."""


def install(program: str | None = None) -> None:
    """Handle SIGINT and SIGTERM from now on (main thread only); `program` names the line printed
    (default: the command's file name). Called again, it only renames the program."""
    if program:
        _State.program = program
    elif not installed():
        _State.program = os.path.basename(sys.argv[0] if sys.argv else "") or "python"
    if installed():
        return
    _State.pid = os.getpid()  # before the handler: a signal landing between the two is this process's, said
    try:
        for signum in SIGNALS:
            signal.signal(signum, _on_signal)
    except ValueError:  # not the main thread: a library caller keeps Python's behaviour
        _State.pid = 0


def installed() -> bool:
    """Whether this process ends itself on SIGINT (`install()` ran in it)."""
    return _State.pid == os.getpid()


def set_action(action: Callable[[], None] | None) -> None:
    """What the first SIGINT does instead of leaving (None: leave at once). The action runs inside the
    signal handler, so it should only post work to an event loop. `interrupted()` then says so."""
    _State.action = action
    _State.interrupted = False


def interrupted() -> bool:
    """Whether a SIGINT ran the action given to `set_action`."""
    return _State.interrupted


def forgive() -> None:
    """The action did not end the program (the user kept the window): the next SIGINT acts again."""
    _State.interrupted = False


def exit_code() -> int:
    """The status of a program a signal ended: 130 for Ctrl+C, 143 for SIGTERM."""
    return 128 + _State.signum


def _say(line: str) -> None:
    try:  # noqa: SIM105 (contextlib is not imported before the handler is in place)
        os.write(2, f"{_State.program}: {line}\n".encode())
    except OSError:
        pass


def say_interrupted() -> None:
    """The one line an interrupted (or terminated) program prints."""
    _say(WORDS.get(_State.signum, "interrupted"))  # type: ignore[call-overload]


def say_out_of_memory(where: str = "") -> None:
    """The one line of a program that ran out of memory (`where`: ` on FILE, …`); it allocates next to
    nothing, so it can still be printed."""
    _say(f"error: out of memory{where} ({OUT_OF_MEMORY_HINT})")


def _on_signal(signum: int, _frame: object) -> None:
    if not installed():  # a forked child that kept the handler: its own files, quietly
        _remove_temporaries()
        os._exit(128 + signum)
    _State.signum = signum
    action = _State.action
    if action is not None and not _State.interrupted:
        _State.interrupted = True
        action()
        return
    leave()


def leave() -> NoReturn:
    """Stop the children, remove every temporary file, say so, exit 130 (143) at once."""
    try:  # noqa: SIM105 (a second signal does not cut the cleaning short)
        signal.pthread_sigmask(signal.SIG_BLOCK, set(SIGNALS))
    except (OSError, ValueError):
        pass
    _stop_children()
    _remove_temporaries()
    say_interrupted()
    os._exit(exit_code())


def begin_temporary(path: str) -> None:
    """`path` is about to be created and exists only until its run finishes (registered before it
    exists, so no moment is left where it exists unknown to `leave`)."""
    _temporaries.add(path)
    if _State.slot is not None:
        _State.slot.hold(path)


def end_temporary(path: str) -> None:
    """`path` was renamed into place or removed."""
    if _State.slot is not None:
        _State.slot.release()
    _temporaries.discard(path)


def begin_folder(path: str) -> None:
    """The run made `path` for its outputs: an interrupted run removes it again once it is empty."""
    _folders.append(path)
    if _State.slot is not None:
        _State.slot.hold(path, folder=True)


def end_folder(path: str) -> None:
    """`path` stays (the run committed its outputs) or is gone."""
    if path in _folders:
        _folders.remove(path)


def _remove_temporaries() -> None:
    for path in list(_temporaries):
        _remove(path)
    _temporaries.clear()
    for folder in reversed(_folders):
        try:  # noqa: SIM105
            os.rmdir(folder)
        except OSError:
            pass
    _folders.clear()


def _remove(path: str) -> None:
    if os.path.isdir(path) and not os.path.islink(path):
        import shutil

        shutil.rmtree(path, ignore_errors=True)
    else:
        try:  # noqa: SIM105
            os.unlink(path)
        except OSError:
            pass


class Slot:
    """Memory shared with one forked child: the temporary files it holds (writing, or written and
    waiting for the run's commit: `evmeval._util.run_outputs`).

    The child is killed without warning (it blocks SIGINT), so the parent must know what to remove.
    Paths are only added: each one is written after the others and the length set last, so the
    parent never reads a length that belongs to other bytes; it removes only names of `write_atomic`'s
    form (a name already renamed into place is no longer there to remove)."""

    def __init__(self) -> None:
        import mmap

        self._memory = mmap.mmap(-1, SLOT_SIZE)  # anonymous and shared: the child's writes are seen here
        self._size = 0

    def hold(self, path: str, *, folder: bool = False) -> None:
        """Note a temporary file, or (`folder`) a folder the child made for its outputs."""
        data = (b"\x01" if folder else b"") + os.fsencode(path) + b"\n"
        end = 4 + self._size + len(data)
        if end <= SLOT_SIZE:
            self._memory[4 + self._size:end] = data
            self._size += len(data)
            self._memory[0:4] = self._size.to_bytes(4, "little")

    def release(self) -> None:
        """(Paths stay listed: removing a file that was renamed away finds nothing.)"""

    def _lines(self) -> list[bytes]:
        size = int.from_bytes(self._memory[0:4], "little")
        if not 0 < size <= SLOT_SIZE - 4:
            return []
        return [line for line in self._memory[4:4 + size].split(b"\n") if line]

    def held(self) -> list[str]:
        paths = [os.fsdecode(line) for line in self._lines() if not line.startswith(b"\x01")]
        return [p for p in paths if os.path.basename(p).startswith(".") and p.endswith(".tmp")]

    def held_folders(self) -> list[str]:
        """The folders the child made, in the order made."""
        return [os.fsdecode(line[1:]) for line in self._lines() if line.startswith(b"\x01")]

    def close(self) -> None:
        self._memory.close()


def defer() -> set[int | signal.Signals] | None:
    """Hold SIGINT and SIGTERM back (in a program that handles them) until `resume`: around a fork, so
    that no interrupt comes between the child's start and its registration (`child_started`)."""
    _State.parent = os.getpid()  # for the child's `die_with_parent`
    if not installed():
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, set(SIGNALS))


def resume(previous: set[int | signal.Signals] | None) -> None:
    """Let SIGINT through again (one that came meanwhile is handled now)."""
    if previous is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def new_child_slot() -> Slot | None:
    """Before a fork: the slot the child will report its temporary file in (None: nobody would read it)."""
    return Slot() if installed() else None


def child_started(pid: int, slot: Slot | None) -> None:
    """In the parent after a fork: `leave` kills and reaps `pid` and removes its temporary file."""
    if slot is not None:
        _children[pid] = slot


def child_ended(pid: int) -> None:
    """In the parent, before reaping `pid` (so `leave` never signals a reused pid)."""
    slot = _children.pop(pid, None)
    if slot is not None:
        slot.close()


def in_child(slot: Slot | None, previous: set[int | signal.Signals] | None) -> None:
    """In a child right after the fork (`previous`: what `defer` returned): none of the parent's files
    or children are its own; with a slot, SIGINT and SIGTERM stay blocked (the parent kills this process
    and removes its temporary file), else the mask is restored. Either way the child dies with its
    parent (`die_with_parent`): a parent killed outright cannot kill it."""
    _temporaries.clear()
    _folders.clear()
    _children.clear()
    _State.slot = slot
    die_with_parent()
    if slot is None:
        resume(previous)
    else:
        signal.pthread_sigmask(signal.SIG_BLOCK, set(SIGNALS))


def die_with_parent() -> None:
    """In a forked child: the kernel sends it SIGKILL when its parent ends, however that ends (Linux's
    `prctl(PR_SET_PDEATHSIG)`; elsewhere nothing). If the parent is already gone, leave now."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != _State.parent:  # the parent died before the request was made
        os._exit(1)


def child_killed(pid: int) -> None:
    """In the parent, once `pid` is killed and reaped: remove what it left, its temporary files and (deepest
    first, when empty) the folders it made, then forget it. A child stopped mid-run hands nothing over."""
    slot = _children.pop(pid, None)
    if slot is None:
        return
    for path in slot.held():
        _remove(path)
    for folder in reversed(slot.held_folders()):
        try:  # noqa: SIM105
            os.rmdir(folder)
        except OSError:
            pass
    slot.close()


def stop_children() -> None:
    """Kill and reap every forked child still running and remove what each left (a failed run's end)."""
    _stop_children()


def _stop_children() -> None:
    for pid in list(_children):
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except OSError:
            pass
        child_killed(pid)
    _children.clear()


__all__ = ["EXIT_CODE", "OUT_OF_MEMORY_HINT", "SIGNALS", "WORDS", "Slot", "begin_folder", "begin_temporary",
           "child_ended", "child_killed", "child_started", "defer", "die_with_parent", "end_folder", "end_temporary",
           "exit_code", "forgive", "in_child", "install", "installed", "interrupted", "leave", "new_child_slot",
           "resume", "say_interrupted", "say_out_of_memory", "set_action", "stop_children"]
