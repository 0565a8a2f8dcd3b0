"""The programs run numpy's BLAS on one thread (`evmeval._util.blas_threads`): its threads, one a core, spun
more than they computed on the resampling's small products and took the core the window's GUI thread needed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from evmeval._util.blas_threads import VARIABLES

COUNT = """
import os, sys
before = len(os.listdir("/proc/self/task"))
{setup}
import numpy
print(len(os.listdir("/proc/self/task")) - before, os.environ.get("OPENBLAS_NUM_THREADS"))
"""
WINDOW = "from evmeval_gui.app import _application\n_application(offscreen=True)"
COMMAND = "from evmeval.cli import entry\nentry._load('evmeval-score', 'evmeval.cli.score_options', 'score_parser')"
NONE = "pass"


def _threads_numpy_starts(setup: str, **extra: str) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    env.update(QT_QPA_PLATFORM="offscreen", **extra)
    done = subprocess.run([sys.executable, "-c", COUNT.format(setup=setup)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    started, setting = done.stdout.split()
    return int(started), setting


pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir() or (os.cpu_count() or 1) < 2,
                                reason="threads listed by Linux's /proc; one core starts no BLAS thread anyway")


@pytest.fixture(scope="module", autouse=True)
def _numpy_starts_blas_threads() -> None:
    """The premise: numpy's BLAS here starts threads of its own unless told (OpenBLAS; else these tests could not
    fail, and are skipped)."""
    if _threads_numpy_starts(NONE)[0] < 1:
        pytest.skip("this numpy's BLAS starts no thread of its own")


@pytest.mark.parametrize("setup", [WINDOW, COMMAND], ids=["window", "command"])
def test_the_window_and_the_commands_start_none(setup: str) -> None:
    assert _threads_numpy_starts(setup) == (0, "1")


def test_the_users_own_setting_is_kept() -> None:
    started, setting = _threads_numpy_starts(COMMAND, OPENBLAS_NUM_THREADS="2")
    assert setting == "2" and started >= 1
