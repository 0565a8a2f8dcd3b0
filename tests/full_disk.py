"""Running a program on a "disk that is always full", without root: RLIMIT_FSIZE.

`full_disk_run` starts the program with a file-size limit (`resource.setrlimit(RLIMIT_FSIZE)`, with
SIGXFSZ ignored, so a write past the limit fails with EFBIG, "File too large", as a write to a full
disk fails with ENOSPC): a real failure the program meets in its own writes, at the byte count chosen.
A limit of 0 fails the first write; a limit between the sizes of two outputs fails the larger one,
after the smaller ones were written.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
from collections.abc import Sequence
from pathlib import Path


def _limited(size: int) -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # ignored dispositions survive exec: EFBIG instead of a kill
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def full_disk_run(command: Sequence[str | Path], *, limit: int, cwd: Path | None = None,
                  env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run `command` where no file may grow past `limit` bytes; stdout and stderr as text."""
    return subprocess.run([str(c) for c in command], capture_output=True, text=True, timeout=300, check=False,
                          cwd=cwd, env=env, preexec_fn=lambda: _limited(limit))


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every file's bytes, every link's target and every folder under `folder`."""
    return {str(p.relative_to(folder)): (os.readlink(p) if p.is_symlink() else p.read_bytes() if p.is_file()
                                         else "folder") for p in sorted(folder.rglob("*"))}


def file_sizes(folder: Path) -> list[int]:
    """The sizes of the files under `folder`, distinct, smallest first."""
    return sorted({p.stat().st_size for p in folder.rglob("*") if p.is_file()})
