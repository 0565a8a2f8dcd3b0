"""Ctrl+C while `evmeval._util.forked.shared` has a child working: the program exits 130 at once and
leaves no process behind (the child is a `Forked` one, killed and reaped by the interrupt handler)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCRIPT = """
import os, sys, time
from evmeval._util import interrupt
interrupt.install("shared-test")
from evmeval._util.forked import shared

def work(n):
    time.sleep(0.2)
    return n

print(os.getpid(), flush=True)
shared(200, work, send=lambda n: n.to_bytes(4, "little"), receive=lambda b: int.from_bytes(b, "little"))
print("finished", flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "fork") or not os.path.isdir("/proc"), reason="needs fork and /proc")
def test_ctrl_c_while_pieces_are_shared() -> None:
    run = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, start_new_session=True)
    pid = int(run.stdout.readline())
    children = Path(f"/proc/{pid}/task/{pid}/children")
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not children.read_text().split():
        time.sleep(0.01)
    child = int(children.read_text().split()[0])
    time.sleep(0.3)                                                      # both at work on pieces
    os.killpg(pid, signal.SIGINT)
    out, err = run.communicate(timeout=10)
    assert run.returncode == 130 and "finished" not in out
    assert err.strip() == "shared-test: interrupted"
    time.sleep(0.1)
    assert not Path(f"/proc/{child}").exists()                           # killed and reaped
