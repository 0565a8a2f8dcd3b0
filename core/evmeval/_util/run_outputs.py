"""A run's outputs as one transaction: all of them, or none (and no folder the run made).

A program opens a transaction (`transaction()`) around its work; `evmeval.io.writing` then writes
each output it checked (`check_output_paths` names them here) into a temporary file beside it and
only notes the rename, and notes every folder it makes. `Transaction.commit()` renames them all at
the end; a run that fails (an exception, or no commit: a full disk at its last file, a refused input)
removes its temporary files and the folders it made, so it leaves nothing behind, not even the files
it finished earlier. Files the run writes for itself (a conversion's scratch folder) are not outputs
and are written at once. A forked child (`evmeval._util.forked`) hands its noted renames to its parent
with its result (`take_pending`, `adopt`).

Without a transaction (library callers) nothing changes: each file is renamed into place when written.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator

from evmeval._util import interrupt


class _State:
    pid = 0
    """The process whose transaction is open (a forked child keeps noting, for its parent)."""


_outputs: set[str] = set()
"""Resolved paths of the outputs (`check_output_paths`)."""
_pending: list[tuple[str, str]] = []
"""(temporary file, target), in the order written."""
_folders: list[str] = []
"""Folders made by the run, in the order made."""


def active() -> bool:
    """Whether outputs are being gathered (in this process or, for its parent, a forked child)."""
    return _State.pid != 0


def note_outputs(paths: Iterable[str]) -> None:
    """`paths` (resolved) are outputs of the open transaction."""
    if active():
        _outputs.update(paths)


def defers(target: str) -> bool:
    """Whether the (resolved) `target` is renamed into place only when the run commits."""
    return active() and target in _outputs


def note_rename(temporary: str, target: str) -> None:
    """`temporary` is complete: renamed over `target` at the commit (it stays registered with
    `evmeval._util.interrupt`, so Ctrl+C still removes it)."""
    _pending.append((temporary, target))


def note_folder(folder: str) -> None:
    """The run made `folder`: removed again (when empty) if the run fails."""
    if active():
        _folders.append(folder)
        interrupt.begin_folder(folder)


Pending = tuple[list[tuple[str, str]], list[str]]
"""What a forked child hands its parent: its renames and the folders it made."""


def in_child() -> None:
    """In a forked child: the parent's renames and folders are the parent's."""
    _pending.clear()
    _folders.clear()


def take_pending() -> Pending:
    """In a forked child: the renames its parent is to make and the folders it made (emptied here)."""
    taken = (list(_pending), list(_folders))
    _pending.clear()
    _folders.clear()
    return taken


def adopt(taken: Pending) -> None:
    """In the parent: a child's renames and folders, committed (or removed) with this process's own."""
    pending, folders = taken
    for temporary, target in pending:
        interrupt.begin_temporary(temporary)
        _pending.append((temporary, target))
    for folder in folders:
        note_folder(folder)


class Transaction:
    """The open transaction of a run (`transaction()`)."""

    committed = False

    def commit(self) -> None:
        """Rename every output into place, in the order written. Raises OSError naming the output
        that cannot be (what is left is removed by the end of the `with` block)."""
        while _pending:
            temporary, target = _pending[0]
            try:
                os.replace(temporary, target)
            except OSError as exc:
                raise OSError(exc.errno, exc.strerror, target) from None
            _pending.pop(0)
            interrupt.end_temporary(temporary)
        for folder in _folders:
            interrupt.end_folder(folder)
        _folders.clear()
        self.committed = True


def rollback() -> None:
    """Remove every temporary file of the run and, deepest first, the folders it made (if empty)."""
    for temporary, _ in _pending:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        interrupt.end_temporary(temporary)
    _pending.clear()
    for folder in reversed(_folders):
        with contextlib.suppress(OSError):
            os.rmdir(folder)
        interrupt.end_folder(folder)
    _folders.clear()


@contextlib.contextmanager
def transaction() -> Iterator[Transaction]:
    """Gather the run's outputs; whatever was not committed when the block ends is removed."""
    _State.pid = os.getpid()
    for gathered in (_outputs, _pending, _folders):
        gathered.clear()
    run = Transaction()
    try:
        yield run
    finally:
        if _State.pid == os.getpid():
            if not run.committed:  # a forked child still writing would keep its folder from being removed
                interrupt.stop_children()
            rollback()
            _State.pid = 0
            _outputs.clear()


__all__ = ["Pending", "Transaction", "active", "adopt", "defers", "in_child", "note_folder", "note_outputs",
           "note_rename", "rollback", "take_pending", "transaction"]
