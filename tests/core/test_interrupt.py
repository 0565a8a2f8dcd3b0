"""`evmeval._util.interrupt`: what Ctrl+C removes, in a program that installed the handling.

Each case runs a small program in a subprocess (the handler is process-wide) that stops in the
middle of writing an output, and interrupts it there: its own temporary file, and the one a forked
child (`evmeval._util.forked`, which blocks SIGINT) is writing, are both removed by the parent; the child is
killed and reaped.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from evmeval._util import interrupt

from tests.interrupts import group_gone, needs_proc, temporaries

pytestmark = needs_proc

LIMIT = 60
"""Seconds a program is given to end after the signal: a bound for a loaded machine, never a speed claim
(a Python 3.13 run at load 5 once needed more than 10)."""

PROGRAM = """
import sys, time
from evmeval._util import interrupt
interrupt.install("writer")
from evmeval._util.forked import Forked
from evmeval.io.writing import write_atomic

def stalled(text):
    yield text
    time.sleep(60)  # never finishes: the file stays a temporary one
    yield text

if sys.argv[2] == "child":
    child = Forked(lambda: write_atomic(sys.argv[1], stalled("child ")))
    time.sleep(60)
else:
    write_atomic(sys.argv[1], stalled("parent "))
"""


def _writer(tmp_path: Path, who: str) -> subprocess.Popen:
    out = tmp_path / "out"
    out.mkdir()
    repo = Path(__file__).resolve().parents[2]
    process = subprocess.Popen([sys.executable, "-c", PROGRAM, str(out / "report.txt"), who], cwd=repo,
                               stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 30
    while not temporaries(out) and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.005)
    assert temporaries(out), process.communicate()[1]
    return process


@pytest.mark.parametrize("who", ["parent", "child"])
def test_sigint_removes_the_temporary_file(tmp_path: Path, who: str) -> None:
    """SIGINT to the parent alone (as `kill -INT`): with the child's file, only the parent can clean up."""
    process = _writer(tmp_path, who)
    os.kill(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=LIMIT)
    assert process.returncode == 130
    assert err.decode() == "writer: interrupted\n"
    assert temporaries(tmp_path) == []
    assert not (tmp_path / "out" / "report.txt").exists()
    assert group_gone(process.pid)


def test_sigint_to_the_group_while_the_child_writes(tmp_path: Path) -> None:
    process = _writer(tmp_path, "child")
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=LIMIT)
    assert (process.returncode, err.decode()) == (130, "writer: interrupted\n")
    assert temporaries(tmp_path) == []
    assert group_gone(process.pid)


def test_nothing_is_installed_by_importing() -> None:
    """A library caller keeps Python's own Ctrl+C: only the entry modules install. Checked in a fresh process
    whose Ctrl+C is the default one (a suite started in the background inherits an ignored SIGINT, and Python
    then installs no handler of its own)."""
    assert not interrupt.installed()
    code = ("import signal, evmeval, evmeval.api, evmeval.cli.score, evmeval._util.interrupt as i\n"
            "print(not i.installed(), signal.getsignal(signal.SIGINT) is signal.default_int_handler)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert (done.returncode, done.stdout.split()) == (0, ["True", "True"]), done.stderr
