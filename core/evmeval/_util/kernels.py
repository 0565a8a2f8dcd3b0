"""The one switch for every C kernel: `EVMEVAL_PURE_PYTHON=1` in the environment forces the Python paths (the
mention, coreference and time-graph kernels alike, and what `--version` reports)."""

from __future__ import annotations

import os

PURE_PYTHON_VARIABLE = "EVMEVAL_PURE_PYTHON"


def pure_python() -> bool:
    """Whether the pure-Python paths are asked for (the variable set to 1; any other value keeps the kernels)."""
    return os.environ.get(PURE_PYTHON_VARIABLE) == "1"
