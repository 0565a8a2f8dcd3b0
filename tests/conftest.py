"""Test-wide setup: Qt renders offscreen (no display on CI), paths to the shared reference data."""

from __future__ import annotations

import os
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
EVMEVAL_DATA = SHARED / "data" / "evmeval"


@pytest.fixture(scope="session")
def evmeval_data() -> Path:
    """../shared/data/evmeval: the published demo data, malformed cases and expected outputs."""
    if not EVMEVAL_DATA.is_dir():
        pytest.fail(f"reference data not found at {EVMEVAL_DATA} (../shared must sit beside the repo)")
    return EVMEVAL_DATA
