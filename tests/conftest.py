"""Test-wide setup: Qt renders offscreen (no display on CI), the path to the vendored reference data."""

from __future__ import annotations

import os
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"

import pytest

REPO = Path(__file__).resolve().parent.parent
EVMEVAL_DATA = REPO / "tests" / "data" / "evmeval"
"""The published EvmEval data the tests need, vendored (see its SOURCE.md): tests never read ../shared."""


@pytest.fixture(scope="session")
def evmeval_data() -> Path:
    """tests/data/evmeval: the published demo data, malformed cases and expected outputs."""
    return EVMEVAL_DATA
