"""The report schemes' names (`--scheme`): apart from `evmeval.report.run` so that the options are built
without importing the scoring code (`evmeval-score --help` starts quickly)."""

from __future__ import annotations

SCHEMES: tuple[str, ...] = ("dice", "muc")
DEFAULT_SCHEME = "dice"
