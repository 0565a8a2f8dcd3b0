"""`evmeval-score --mapping greedy|optimal|ordered --scheme dice|muc`: the options and their outputs.

Kept out of `core.cli` so that the scorer's front end only gains a hook. With the defaults (greedy,
dice) the report and JSON are exactly what they were; another mapping puts a banner on the report's
first line and `"mapping"` in the JSON; `--scheme muc` prints MUC/ANNALIST count tables and GATE
measures instead of the Dice report and adds `"scheme"`, `"muc"` and `"gate"` to the JSON.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from core.align.strategies import DEFAULT_STRATEGY, STRATEGY_DESCRIPTIONS, STRATEGY_NAMES
from core.metrics.mention import ScoreResult
from core.report.text import format_report

SCHEMES: tuple[str, ...] = ("dice", "muc")
DEFAULT_SCHEME = "dice"


def add_alignment_options(parser: argparse.ArgumentParser) -> None:
    """Add `--strategy` (alias `--mapping`) and `--scheme` to the scorer's options."""
    mappings = "; ".join(f"{n}: {STRATEGY_DESCRIPTIONS[n]}" for n in STRATEGY_NAMES)
    parser.add_argument("--strategy", "--mapping", dest="mapping", choices=STRATEGY_NAMES, default=DEFAULT_STRATEGY,
                        help=f"how system mentions are paired with gold mentions (default {DEFAULT_STRATEGY}). "
                             + mappings)
    parser.add_argument("--scheme", choices=SCHEMES, default=DEFAULT_SCHEME,
                        help="dice: the published report, Dice partial credit (default); muc: MUC/ANNALIST "
                             "counts COR/PAR/INC/MIS/SPU with half credit for partial spans, per type, and "
                             "GATE strict/lenient/average")


def alignment_conflict(args: argparse.Namespace) -> str | None:
    """Why the options cannot go together, or None (the 2015 profile has its own mapping and report)."""
    if args.profile != "v1.8" and (args.mapping != DEFAULT_STRATEGY or args.scheme != DEFAULT_SCHEME):
        return "--mapping and --scheme work with --profile v1.8 only"
    return None


def scheme_report(result: ScoreResult, scheme: str) -> tuple[str, Callable[[], dict[str, Any]]]:
    """The text report of `scheme` and a function building the JSON (called only if it is wanted)."""
    if scheme == DEFAULT_SCHEME:
        return format_report(result), lambda: _json(result)
    # Imported here: the published report (the common run) needs none of them.
    from core.metrics.schemes import scheme_scores
    from core.report.schemes import format_scheme_report

    schemes = scheme_scores(result)
    counted = sum(1 for d in schemes.documents if d.counted)

    def data() -> dict[str, Any]:
        return {**_json(result), "scheme": scheme, **schemes.to_json()}

    return format_scheme_report(schemes, num_documents=counted), data


def _json(result: ScoreResult) -> dict[str, Any]:
    from core.report.json_report import result_to_json  # only runs that write JSON import it

    data = result_to_json(result, lazy=True)  # built while written: a file is all it is for
    if result.mapping != DEFAULT_STRATEGY:
        data["mapping"] = result.mapping
    return data
