"""`evmeval-score --strategy greedy|optimal|ordered --scheme dice|muc`: the options.

Their outputs are made by `evmeval.report.run`.

Kept out of `evmeval.cli.score` so that the scorer's front end only gains a hook. With the defaults (greedy,
dice) the report and JSON are exactly what they were; another mapping puts a banner on the report's
first line and `"strategy"` in the JSON; `--scheme muc` prints MUC/ANNALIST count tables and GATE
measures instead of the Dice report and adds `"scheme"`, `"muc"` and `"gate"` to the JSON.
"""

from __future__ import annotations

import argparse

from evmeval.align.strategies import DEFAULT_STRATEGY, STRATEGY_DESCRIPTIONS, STRATEGY_NAMES
from evmeval.report.run import DEFAULT_SCHEME, SCHEMES, scheme_report

__all__ = ["DEFAULT_SCHEME", "SCHEMES", "add_alignment_options", "alignment_conflict", "scheme_report"]


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
