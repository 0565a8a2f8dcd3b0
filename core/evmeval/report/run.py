"""The report and JSON document of one scoring run under a scheme: what `evmeval-score` writes with -o and
--json, and what `evmeval.Scores.report()` / `to_json()` return (one rule for the command and the library)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evmeval.align.strategies import DEFAULT_STRATEGY
from evmeval.mention.scoring import ScoreResult
from evmeval.report.scheme_names import DEFAULT_SCHEME, SCHEMES
from evmeval.report.text import format_report

__all__ = ["DEFAULT_SCHEME", "SCHEMES", "scheme_report"]



def scheme_report(result: ScoreResult, scheme: str) -> tuple[str, Callable[[], dict[str, Any]]]:
    """The text report of `scheme` and a function building the JSON (called only if it is wanted)."""
    if scheme == DEFAULT_SCHEME:
        return format_report(result), lambda: _json(result)
    # Imported here: the published report (the common run) needs none of them.
    from evmeval.mention.schemes import scheme_scores
    from evmeval.report.schemes import format_scheme_report

    schemes = scheme_scores(result)
    counted = sum(1 for d in schemes.documents if d.counted)

    def data() -> dict[str, Any]:
        return {**_json(result), "scheme": scheme, **schemes.to_json()}

    return format_scheme_report(schemes, num_documents=counted), data


def _json(result: ScoreResult) -> dict[str, Any]:
    from evmeval.report.json_report import result_to_json  # only runs that write JSON import it

    data = result_to_json(result, lazy=True)  # built while written: a file is all it is for
    if result.mapping != DEFAULT_STRATEGY:
        data["strategy"] = result.mapping
    return data
