"""Data shipped with EvmEval Studio (the demo corpus, the TAC KBP 2016 type list), read with importlib.resources.

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


KBP_2016_TYPES = "TAC_KBP_eval_type_2016.txt"


def kbp_2016_types() -> list[str]:
    """The TAC KBP 2016 event types as tbf writes them (`conflict attack` -> `Conflict_Attack`,
    `justice arrestJail` -> `Justice_ArrestJail`): what the type picker offers beside the corpus's types."""
    text = (files(__name__) / "event_types" / KBP_2016_TYPES).read_text(encoding="utf-8")
    out = []
    for line in text.splitlines():
        words = line.split()
        if words:
            out.append("_".join(w[:1].upper() + w[1:] for w in words))
    return out
