"""Data shipped with EvmEval Studio (demo corpus, icons), read with importlib.resources.

Named `evmeval_resources` rather than `resources` so the installed package cannot collide with
another distribution's top-level `resources`.
"""

from __future__ import annotations

from importlib.resources import as_file, files
from pathlib import Path


def demo_dir() -> Path:
    """The bundled demo corpus folder (gold.tbf, system_a.tbf, system_b.tbf, tkn/, txt/)."""
    with as_file(files(__name__) / "demo") as path:
        return Path(path)
