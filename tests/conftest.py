"""Test-wide setup: Qt renders offscreen (no display on CI), hypothesis's CI profile, the path to the vendored
reference data."""

from __future__ import annotations

import os
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"

import pytest
from hypothesis import settings

CI_PROFILE = "ci"
settings.register_profile(CI_PROFILE, derandomize=True, database=None, deadline=None, max_examples=50,
                          print_blob=True)
"""On CI (`CI=true`): the same examples on every run (a red build is the code's, never the draw's), no
per-example deadline (a loaded runner is not a slow test), and 50 examples where a test does not ask for its
own number. Tests that set `max_examples` keep it."""
UNTIMED_PROFILE = "untimed"
settings.register_profile(UNTIMED_PROFILE, deadline=None)
"""Elsewhere (a newcomer's clone, a developer's loaded machine): hypothesis's own settings but no per-example
deadline either, the same reason: a test here asserts what the code gives, never how fast (a coreference kernel
test failed its 200 ms deadline once at load 15)."""
if os.environ.get("CI", "").lower() in ("true", "1"):
    settings.load_profile(CI_PROFILE)  # in place of hypothesis's own "ci" (100 examples)
else:
    settings.load_profile(UNTIMED_PROFILE)

REPO = Path(__file__).resolve().parent.parent
EVMEVAL_DATA = REPO / "tests" / "data" / "evmeval"
"""The published EvmEval data the tests need, vendored (see its SOURCE.md): tests never read ../shared."""


@pytest.fixture(scope="session")
def evmeval_data() -> Path:
    """tests/data/evmeval: the published demo data, malformed cases and expected outputs."""
    return EVMEVAL_DATA
