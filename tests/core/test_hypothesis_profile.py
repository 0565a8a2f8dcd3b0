"""Hypothesis's CI profile (issue 33 item 7): chosen by `CI=true`, derandomized, no deadline, fewer examples."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import REPO

SHOW = ("import tests.conftest\nfrom hypothesis import settings\n"
        "s = settings.default\nprint(s.derandomize, s.deadline, s.max_examples, s.database is None)\n")


def _profile(ci: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci is not None:
        env["CI"] = ci
    done = subprocess.run([sys.executable, "-c", SHOW], cwd=REPO, env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_ci_runs_the_same_examples_without_a_deadline() -> None:
    assert _profile("true") == "True None 50 True"


def test_locally_hypothesis_defaults_hold_but_the_deadline() -> None:
    """A newcomer's or a loaded machine: hypothesis's own draws and examples, no per-example deadline (a test asserts
    what the code gives, never how fast)."""
    assert _profile(None) == "False None 100 False"
