"""The report and JSON document of one scoring run under a scheme: what `evmeval-score` writes with -o and
--json, and what `evmeval.Scores.report()` / `to_json()` return (one rule for the command and the library)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evmeval.align.strategies import DEFAULT_STRATEGY
from evmeval.mention.scoring import ScoreResult
from evmeval.report.scheme_names import DEFAULT_SCHEME, SCHEMES
from evmeval.report.text import format_report

__all__ = ["DEFAULT_SCHEME", "SCHEMES", "scheme_report", "scores_document"]



def scheme_report(result: ScoreResult, scheme: str) -> tuple[str, Callable[[], dict[str, Any]]]:
    """The text report of `scheme` and a function building the JSON (called only if it is wanted)."""
    if scheme == DEFAULT_SCHEME:
        return format_report(result), lambda: scores_document(result, scheme)
    from evmeval.mention.schemes import scheme_scores
    from evmeval.report.schemes import format_scheme_report

    schemes = scheme_scores(result)
    counted = sum(1 for d in schemes.documents if d.counted)
    return (format_scheme_report(schemes, num_documents=counted),
            lambda: scores_document(result, scheme, schemes=schemes))


def scores_document(result: ScoreResult, scheme: str = DEFAULT_SCHEME, *, lazy: bool = True,
                    schemes: Any = None) -> dict[str, Any]:
    """The `--json` document of a scoring run under `scheme`, without its `"schema"` (the one builder of
    it: `evmeval-score --json` and `evmeval.Scores.to_json()`). `lazy`: the documents are written while
    `evmeval.report.json_report.dumps` writes them (a file is all it is for); `lazy=False` gives plain
    dicts. `schemes`: the scheme's counts when already made."""
    from evmeval.report.json_report import result_to_json  # only runs that write JSON import it

    data = result_to_json(result, lazy=lazy)
    if result.mapping != DEFAULT_STRATEGY:
        data["strategy"] = result.mapping
    if scheme == DEFAULT_SCHEME:
        return data
    if schemes is None:
        from evmeval.mention.schemes import scheme_scores

        schemes = scheme_scores(result)
    return {**data, "scheme": scheme, **schemes.to_json()}
