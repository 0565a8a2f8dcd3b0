"""The memory a run's modules take alone (issue 34's "data against data"): the same interpreter importing exactly
the modules the run ended with, and reading nothing. A window and a command import different modules (the window:
Qt, pyqtgraph, numpy's random generators for the intervals, the Conventions dock and every convention's reader; the
command: its readers), so each run's data is its peak above the floor of its own modules.

Used by `window_scale_bench.py`; not a test.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence

FLOOR = ("import sys; sys.path.insert(0, sys.argv[2]); import module_floors; module_floors.import_listed(sys.argv[1]); "
         "print([line for line in open('/proc/self/status') if line.startswith('VmHWM')][0])")
"""Imports the names listed in a file and prints the process's own high-water mark (a spawned child's `ru_maxrss`
starts at its parent's)."""


def import_listed(path: str) -> None:
    """Import every module the file at `path` names; those that cannot be imported by name (`__main__`, the names
    extension modules make for themselves) are skipped."""
    with open(path) as listed:
        names = listed.read().split()
    for name in names:
        with contextlib.suppress(Exception):
            importlib.import_module(name)


def write_names(names: Iterable[str]) -> str:
    """A temporary file listing `names` (the caller removes it)."""
    fd, path = tempfile.mkstemp(prefix="module-floor-", suffix=".txt")
    with os.fdopen(fd, "w") as out:
        out.write("\n".join(sorted(set(names))))
    return path


def imported_by(argv: Sequence[str]) -> list[str]:
    """Every module a Python program imports, by running it once more with `-X importtime` (`argv[0]` its script)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-X", "importtime", *argv], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, env=env, check=False, text=True)
    names = []
    for line in proc.stderr.splitlines():
        if line.startswith("import time:") and "imported package" not in line:
            names.append(line.rsplit("|", 1)[-1].strip())
    return names


def floor_mb(names: Iterable[str]) -> float:
    """The peak of an interpreter importing `names` and nothing else (MB)."""
    path = write_names(names)
    try:
        out = subprocess.run([sys.executable, "-c", FLOOR, path, os.path.dirname(os.path.abspath(__file__))],
                             capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(path)
    return float(out.split()[-2]) / 1024


def command_floor_mb(argv: Sequence[str]) -> float:
    """The peak of the modules the command `argv` imports, alone."""
    return floor_mb(imported_by(argv))
