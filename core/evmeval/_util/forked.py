"""Run one function in a forked child process while the caller goes on; collect its result later.

The scorer uses it to check inputs (token ids against 1.4M token-table rows, relations, duplicate ids)
on the second core while the first parses and scores: the checks only produce warnings, so doing them
beside the scoring takes them off the wall-clock time. Where `os.fork` does not exist, the function
simply runs when its result is asked for.

`shared` divides numbered pieces of work (sequencing's documents) between this process and one
child by `Tickets`, each piece to whichever process is free, results in piece order.

A program that handles Ctrl+C (`evmeval._util.interrupt`) kills and reaps the child on an interrupt and removes
the temporary file it was writing; the child itself ignores the signal.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import signal
import struct
import sys
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from evmeval._util import interrupt, run_outputs

T = TypeVar("T")


def single_threaded() -> bool:
    """True when this process has one thread (Linux: `/proc/self/task`); False when unknown. A
    library caller forks only then: a child of a threaded process may inherit a lock held forever."""
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


class Forked(Generic[T]):
    """A call running in a child process; `result()` waits for it (or runs it here as a fallback)."""

    def __init__(self, function: Callable[[], T], *, fork: bool = True) -> None:
        """`fork=False`: no child at all, the function runs when its result is asked for (forking is
        only safe from a single-threaded program: the console entry point, never a library caller)."""
        self._function = function
        self._pid = 0
        self._read_fd = -1
        if fork and hasattr(os, "fork") and sys.platform != "darwin":
            read_fd, write_fd = os.pipe()
            slot = interrupt.new_child_slot()
            held = interrupt.defer()  # no Ctrl+C between the fork and the child's registration
            pid = os.fork()
            if pid == 0:  # child: compute, send, leave without running the parent's cleanup
                interrupt.in_child(slot, held)  # Ctrl+C: the parent kills this child and removes its temporary file
                run_outputs.in_child()
                os.close(read_fd)
                status = 0
                try:  # the run's outputs it wrote are renamed into place by the parent, with its own
                    value = function()
                    payload = _dumps((True, value, run_outputs.take_pending()))
                except BaseException as exc:
                    run_outputs.rollback()
                    payload = _dumps((False, repr(exc), ([], [])))
                    status = 1
                try:
                    with os.fdopen(write_fd, "wb") as pipe:
                        pipe.write(payload)
                finally:
                    os._exit(status)
            interrupt.child_started(pid, slot)
            interrupt.resume(held)
            os.close(write_fd)
            self._pid, self._read_fd = pid, read_fd

    def cancel(self) -> None:
        """Stop the child and collect it (no zombie, no open pipe); `result()` would then run here."""
        if self._pid:
            interrupt.child_ended(self._pid)
            with contextlib.suppress(OSError):
                os.kill(self._pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.waitpid(self._pid, 0)
            with contextlib.suppress(OSError):
                os.close(self._read_fd)
            self._pid = 0

    def result(self) -> T:
        """The function's value; if the child failed for any reason, the function is run here."""
        if self._pid:
            with os.fdopen(self._read_fd, "rb") as pipe:
                data = pipe.read()
            try:
                ok, value, pending = _loads(data)
            except Exception:
                ok, value, pending = False, None, ([], [])
            run_outputs.adopt(pending)  # before the child's slot goes: its files stay known to Ctrl+C
            interrupt.child_ended(self._pid)  # its files are written: from here on Ctrl+C need not kill it
            os.waitpid(self._pid, 0)
            self._pid = 0
            if ok:
                return value
        return self._function()


class Tickets:
    """Numbers 0..count-1 handed out one at a time to whichever process asks next, across a fork:
    two processes sharing pieces of work this way each take the next piece when done with the last,
    so the work divides itself by what each piece costs there (no share set by hand).

    Made before the fork: the numbers wait in a pipe, each a 4-byte read (one `read` of a pipe is
    atomic). A pipe holds 64 KB; numbers beyond it (past 16,384 pieces) go to the process that made
    the tickets once the pipe is empty.
    """

    _SIZE = 4

    def __init__(self, count: int) -> None:
        self._rest: list[int] = []
        self._read_fd = -1
        if count <= 0:
            return
        read_fd, write_fd = os.pipe()
        os.set_blocking(write_fd, False)
        numbers = list(range(count))
        sent = 0
        try:
            while sent < count:
                chunk = b"".join(n.to_bytes(self._SIZE, "little") for n in numbers[sent:sent + 1024])
                try:
                    written = os.write(write_fd, chunk)
                except BlockingIOError:
                    break
                sent += written // self._SIZE  # whole numbers only: the pipe takes multiples of its page size
                if written < len(chunk):
                    break
        finally:
            os.close(write_fd)
        self._read_fd = read_fd
        self._rest = numbers[sent:]

    def take(self, *, mine: bool = True) -> int | None:
        """The next number, None when none is left (`mine`: whether this is the process that made
        the tickets, which takes any that did not fit in the pipe)."""
        if self._read_fd >= 0:
            data = os.read(self._read_fd, self._SIZE)
            if len(data) == self._SIZE:
                return int.from_bytes(data, "little")
            os.close(self._read_fd)
            self._read_fd = -1
        if mine and self._rest:
            return self._rest.pop(0)
        return None


def _dumps(value: Any) -> bytes:
    """Plain data (lists of strings: the checker's warnings) goes through `marshal`, which is built
    in; anything else through `pickle`, imported only then. The first byte says which."""
    try:
        return b"m" + marshal.dumps(value)
    except ValueError:
        import pickle

        return b"p" + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def _loads(data: bytes) -> Any:
    if data[:1] == b"m":
        return marshal.loads(data[1:])
    import pickle

    return pickle.loads(data[1:])


def shared(count: int, work: Callable[[int], T], *, send: Callable[[T], bytes], receive: Callable[[bytes], T],
           fork: bool = True) -> list[T]:
    """`[work(0), …, work(count - 1)]`, the pieces shared between this process and one forked child by
    `Tickets` (each takes the next piece when done with its last).

    The child sends each result as soon as it has it, `send(result)` (bytes: `marshal` of plain data is
    many times faster than pickling objects), through a pipe this process empties between its own pieces
    and turns back with `receive`: no copy of the child's share piles up here, and the turning back is
    part of this process's share, which the tickets balance too. Pieces a failed child took are worked
    here. `fork=False` (a library caller): all of them here."""
    if not fork or count < 2 or not hasattr(os, "fork") or sys.platform == "darwin":
        return [work(n) for n in range(count)]
    tickets = Tickets(count)
    read_fd, write_fd = os.pipe()

    def child() -> None:
        os.close(read_fd)
        with os.fdopen(write_fd, "wb") as pipe:
            while (n := tickets.take(mine=False)) is not None:
                data = send(work(n))
                pipe.write(_RECORD.pack(n, len(data)) + data)
                pipe.flush()

    forked = Forked(child)
    os.close(write_fd)
    results: dict[int, T] = {}
    inbox = _Inbox(read_fd, receive, results)
    try:
        while (n := tickets.take(mine=True)) is not None:
            results[n] = work(n)
            inbox.collect(block=False)
        inbox.collect(block=True)
    finally:
        os.close(read_fd)
        forked.cancel()  # ended by now (its pipe is closed): only reaped, never run again here
    return [results[n] if n in results else work(n) for n in range(count)]


_RECORD = struct.Struct("<II")
"""A piece's number and the length of its bytes, before them in `shared`'s pipe."""


class _Inbox:
    """This process's end of `shared`'s pipe: whole records turned back as they arrive."""

    def __init__(self, fd: int, receive: Callable[[bytes], Any], results: dict[int, Any]) -> None:
        self._fd, self._receive, self._results = fd, receive, results
        self._buffer = bytearray()
        os.set_blocking(fd, False)

    def collect(self, *, block: bool) -> None:
        """Turn back what the pipe holds now (`block`: all until the child closes it)."""
        if block:
            os.set_blocking(self._fd, True)
        while True:
            try:
                chunk = os.read(self._fd, 1 << 16)
            except BlockingIOError:
                return
            if not chunk:
                return
            self._buffer += chunk
            self._turn_back()

    def _turn_back(self) -> None:
        buffer, start = self._buffer, 0
        while len(buffer) - start >= _RECORD.size:
            n, size = _RECORD.unpack_from(buffer, start)
            end = start + _RECORD.size + size
            if end > len(buffer):
                break
            self._results[n] = self._receive(bytes(buffer[start + _RECORD.size:end]))
            start = end
        del buffer[:start]
