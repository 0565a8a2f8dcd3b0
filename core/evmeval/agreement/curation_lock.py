"""One window at a time curates a set of inputs: a lock file beside the saved decisions
(`curation-<key>.lock`), so two windows never overwrite each other's decisions.

The lock holds who curates (pid, host, time, and an owner id: two windows of one process are two
owners). It is made atomically (a complete file linked into place, which fails when one is there). A
lock whose process is gone (same host, pid not alive) or whose file cannot be read is stale and taken
over; another live owner's lock is not, unless the user asks (`take_over`). The holder checks it still
holds the lock (`holds`) before every save: after a take-over its saves stop instead of overwriting.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import time
import uuid
from dataclasses import dataclass

from evmeval.agreement.curation_save import folder_error, place, save_path
from evmeval.io.writing import write_atomic


@dataclass(frozen=True)
class Holder:
    """Who holds a curation's lock."""

    pid: int
    host: str
    since: float
    owner: str

    def describe(self) -> str:
        """`another window (pid 4242)`, with the host when it is another machine's."""
        here = "" if self.host == socket.gethostname() else f" on {self.host}"
        return f"another window (pid {self.pid}{here})"


def new_owner() -> str:
    """An owner id for one window's curation (unique, even between windows of one process)."""
    return uuid.uuid4().hex


def lock_path(folder: str, key: str) -> str:
    return save_path(folder, key)[: -len(".json")] + ".lock"


def _me(owner: str) -> Holder:
    return Holder(os.getpid(), socket.gethostname(), time.time(), owner)


def _text(holder: Holder) -> str:
    return json.dumps({"pid": holder.pid, "host": holder.host, "time": holder.since, "owner": holder.owner}) + "\n"


def read_holder(folder: str, key: str) -> Holder | None:
    """The lock's holder; None when there is no lock or it cannot be read (a stale lock)."""
    return _read(lock_path(folder, key))


def _read(path: str) -> Holder | None:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.loads(handle.read(4096))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    pid, host, since, owner = (data.get(k) for k in ("pid", "host", "time", "owner"))
    if not (isinstance(pid, int) and isinstance(host, str) and isinstance(since, int | float)
            and isinstance(owner, str)):
        return None
    return Holder(pid, host, float(since), owner)


def _alive(holder: Holder) -> bool:
    """False only for a process known to be gone: one of this host whose pid no longer runs (on Windows,
    where no signal 0 exists, every holder counts as alive: the user takes over)."""
    if holder.host != socket.gethostname() or os.name == "nt":
        return True
    if holder.pid == os.getpid():
        return True
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def _remove_stale(path: str, stale: Holder | None, moved: str) -> None:
    """Move the stale lock away; when what was moved is not the one judged stale (another window took it
    over meanwhile and made a fresh one), it goes back."""
    try:
        os.replace(path, moved)
    except FileNotFoundError:
        return
    if _read(moved) != stale:
        place(moved, path)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(moved)


def acquire(folder: str, key: str, owner: str) -> Holder | None:
    """Lock the curation of these inputs for `owner`: None when it holds the lock now, else the other
    live holder (then open the curation read-only). Raises `FormatError` when the folder cannot be written."""
    path = lock_path(folder, key)
    try:
        os.makedirs(folder, exist_ok=True)
        for _attempt in range(3):
            spare = f"{path}.{owner}.new"
            with open(spare, "w", encoding="utf-8") as handle:
                handle.write(_text(_me(owner)))
            try:
                if place(spare, path):  # a whole file, and only when no lock is there
                    return None
            finally:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(spare)
            holder = read_holder(folder, key)
            if holder is not None and (holder.owner == owner or _alive(holder)):
                return None if holder.owner == owner else holder
            _remove_stale(path, holder, f"{path}.{owner}.stale")
    except OSError as exc:
        raise folder_error(folder, exc) from exc
    holder = read_holder(folder, key)  # taken over three times while we looked: someone else's
    if holder is not None and holder.owner == owner:
        return None
    return holder or Holder(0, socket.gethostname(), time.time(), "")


def take_over(folder: str, key: str, owner: str) -> None:
    """The user's choice: `owner` holds the lock from now on, whoever held it (their next save stops)."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise folder_error(folder, exc) from exc
    write_atomic(lock_path(folder, key), _text(_me(owner)))


def holds(folder: str, key: str, owner: str) -> bool:
    """Whether `owner` still holds the lock (checked before every save)."""
    holder = read_holder(folder, key)
    return holder is not None and holder.owner == owner


def release(folder: str, key: str, owner: str) -> None:
    """Give the lock up (the window closes or curates other inputs); another owner's lock is left."""
    if holds(folder, key, owner):
        with contextlib.suppress(OSError):
            os.unlink(lock_path(folder, key))
