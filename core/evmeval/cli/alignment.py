"""`evmeval-score --strategy greedy|optimal|ordered --scheme dice|muc`: what they may be combined with.

Their outputs are made by `evmeval.report.run`.

Kept out of `evmeval.cli.score` so that the scorer's front end only gains a hook. With the defaults (greedy,
dice) the report and JSON are exactly what they were; another mapping puts a banner on the report's
first line and `"strategy"` in the JSON; `--scheme muc` prints MUC/ANNALIST count tables and GATE
measures instead of the Dice report and adds `"scheme"`, `"muc"` and `"gate"` to the JSON.
"""

from __future__ import annotations

import argparse

from evmeval.align.names import DEFAULT_STRATEGY
from evmeval.report.scheme_names import DEFAULT_SCHEME, SCHEMES

__all__ = ["DEFAULT_SCHEME", "SCHEMES", "alignment_conflict"]


def alignment_conflict(args: argparse.Namespace) -> str | None:
    """Why the options cannot go together, or None (the 2015 profile has its own mapping and report)."""
    if args.profile != "v1.8" and (args.mapping != DEFAULT_STRATEGY or args.scheme != DEFAULT_SCHEME):
        return "--mapping and --scheme work with --profile v1.8 only"
    return None
