"""Data shipped with EvmEval Studio (the demo corpus), read with importlib.resources.

The folder is `resources/` in the source tree and installs as the package `evmeval_resources`
(setuptools `package-dir` in pyproject.toml), so it cannot collide with another distribution's
top-level `resources`.
"""

from __future__ import annotations

from importlib.resources import as_file, files
from pathlib import Path


def demo_dir() -> Path:
    """The bundled demo corpus folder (gold.tbf, system_a.tbf, system_b.tbf, tkn/, txt/)."""
    with as_file(files(__name__) / "demo") as path:
        return Path(path)
