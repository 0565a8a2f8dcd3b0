"""`evmeval-compare --convention textee|dygiepp|maven|maven-ere|evmeval`: runs compared under that
convention's own figures (TextEE's Tri-I … Arg-C, DyGIE++'s trig_id … arg_class, MAVEN's micro and macro,
every figure of MAVEN-ERE's evaluate.py, v1.8's Dice micro figures on a window file), each with its interval,
every pair with its paired tests, resampling documents (a window format's windows together) or, with
`--unit window`, windows.

Thin: read the files once, check their format, take each run's per-window counts from the convention
(`unit_counts`), compare them (`evmeval.compare.units`), print, write `--json`.
"""

from __future__ import annotations

import argparse
import sys

from evmeval._util.schemas import with_schema
from evmeval.compare.significance import ResampleSettings
from evmeval.compare.units import CONVENTIONS, WINDOWED, compare_units
from evmeval.conventions import REGISTRY, dygiepp, maven, maven_ere, ours, textee
from evmeval.conventions.argument_changes import PairArguments, pair_arguments, run_arguments
from evmeval.conventions.base import Input, UnitCounts
from evmeval.conventions.cli import check_formats, read_input
from evmeval.io.errors import FormatError
from evmeval.io.loading import refuse_stdin_twice
from evmeval.io.reading import display_name
from evmeval.io.writing import check_output_paths, write_atomic
from evmeval.report.compare_json import dumps_compact
from evmeval.report.compare_units import argument_changes_json, format_argument_changes, format_units, units_json

READERS = {"textee": textee.unit_counts, "dygiepp": dygiepp.unit_counts, "maven": maven.unit_counts,
           "maven-ere": maven_ere.unit_counts, "evmeval": ours.unit_counts}
"""Each convention compared (`CONVENTIONS`) and its per-unit counts."""
assert tuple(READERS) == CONVENTIONS, "a convention compared has its per-unit counts"
TBF_ONLY = {"token_path": "-t", "type_white_list": "-wl", "text": "--texts", "html": "--html", "csv": "--csv",
            "groups": "--as", "topics": "--topics", "threshold": "--threshold"}


def usage_problem(args: argparse.Namespace) -> str | None:
    """Why these options do not go with --convention (None: they do)."""
    if args.convention not in READERS:
        return (f"--convention {args.convention}: intervals are made for {', '.join(READERS)} (their figures "
                "are functions of sums over windows or documents)")
    for dest, option in TBF_ONLY.items():
        if getattr(args, dest, None):
            return f"{option} is a tbf option; with --convention only -g, -s, --json and the resampling options apply"
    if args.unit == "topic":
        return "--unit topic is for tbf; with --convention: --unit document (default) or window"
    if args.unit == "window" and args.convention not in WINDOWED:
        return (f"--unit window is for window formats ({' and '.join(WINDOWED)}); {args.convention} scores "
                "documents: --unit document")
    return None


def _names(paths: list[str]) -> list[str]:
    names: list[str] = []
    for path in paths:
        base = display_name(path).rsplit("/", 1)[-1]
        base = base[:-6] if base.endswith(".jsonl") else base
        names.append(base if base not in names else f"{base} ({names.count(base) + 1})")
    return names


def _argument_changes(convention: str, gold: Input, systems: list[Input],
                      pairs: tuple[tuple[int, int], ...]) -> list[PairArguments]:
    """Every pair's changed arguments, for the window conventions (whose outcomes name arguments by role,
    span and trigger); none for the others."""
    outcomes = REGISTRY[convention].outcomes
    if convention not in WINDOWED or outcomes is None:
        return []
    return pair_arguments([run_arguments(outcomes(gold, s)) for s in systems], pairs)


def run_convention_compare(args: argparse.Namespace, prog: str) -> int:
    """Compare `args.system` under `args.convention`; 1 on bad input."""
    try:
        refuse_stdin_twice([args.gold, *args.system])
        check_output_paths([args.json], [args.gold, *args.system])
        cache: dict[str, bytes] = {}
        gold = read_input(args.gold, cache)
        convention = REGISTRY[args.convention]
        counts: list[UnitCounts] = []
        systems: list[Input] = []
        for path in args.system:
            system: Input = read_input(path, cache)
            check_formats([convention], gold, system)
            counts.append(READERS[args.convention](gold, system))
            systems.append(system)
        first = counts[0]
        if not first.documents:
            raise FormatError(display_name(args.gold), 1, "no documents to resample", "at least one gold document")
        comparison = compare_units(args.convention, _names(args.system), [c.counts for c in counts], first.documents,
                                   first.labels, unit="window" if args.unit == "window" else "document",
                                   settings=ResampleSettings(args.resamples, args.seed, args.confidence),
                                   correction=args.correction, interval=args.interval, rules=first.rules)
        arguments = _argument_changes(args.convention, gold, systems, comparison.pairs)
        sys.stdout.write(format_units(comparison))
        if arguments:
            sys.stdout.write(format_argument_changes(comparison, arguments))
        if args.json:
            data = units_json(comparison)
            for pair, changes in zip(data["pairs"], arguments, strict=False):
                pair["argument_changes"] = argument_changes_json(changes)
            write_atomic(args.json, dumps_compact(with_schema("compare_convention", {**data, "warnings": []})))
    except FormatError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 1
    return 0
