"""Where the example files that ship with the package live in a clone: `resources/examples` (installed as
`evmeval_resources.examples`). README, the user guide and the tests use the same files, so an example a
newcomer runs is one the tests check."""

from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "resources" / "examples"
