"""`evmeval-compare --convention NAME`: runs compared under that convention's own figures (TextEE's Tri-I …
Arg-C, DyGIE++'s trig_id … arg_class, MAVEN's micro and macro, every figure of MAVEN-ERE's evaluate.py, v1.8's
Dice micro figures on a window file, RAMS's overall, distance and role figures, gen-arg's Role figures, UIE's
four, MAVEN-Arg's three levels, BioNLP's four criteria, ours for strings with its ceiling), each with its
interval, every pair with its paired tests, resampling documents (a window format's windows together; RAMS's
examples, UIE's instances) or, with `--unit window`, windows.

Thin: check the outputs, read the files once, compare them with the library's one function
(`evmeval.compare.convention_runs.compare_convention`, which the window's Compare mode calls too), print,
write `--json`, `--html`, `--csv`.
"""

from __future__ import annotations

import argparse
import os
import sys

from evmeval.compare.convention_runs import (
    READERS,
    ConventionComparison,
    compare_convention,
    has_trigger_changes,
    run_names,
)
from evmeval.compare.significance import ResampleSettings
from evmeval.compare.units import WINDOWED
from evmeval.conventions.argument_changes import ARGUMENT_CONVENTIONS
from evmeval.conventions.cli import options_of, read_input
from evmeval.io.errors import FormatError
from evmeval.io.loading import refuse_stdin_twice
from evmeval.io.reading import display_name
from evmeval.io.writing import check_output_paths, make_output_folders, write_atomic
from evmeval.report.compare_arguments import (
    ARGUMENT_CHANGES_CSV,
    ARGUMENTS,
    TRIGGER_CHANGES_CSV,
    TRIGGERS,
    format_item_changes,
)
from evmeval.report.compare_units import UNITS_CSV, format_units, units_files

TBF_ONLY = {"token_path": "-t", "type_white_list": "-wl", "text": "--texts", "groups": "--as", "topics": "--topics",
            "cross_document": "--cross-document", "threshold": "--threshold"}


def usage_problem(args: argparse.Namespace) -> str | None:
    """Why these options do not go with --convention (None: they do)."""
    if args.convention not in READERS:
        return (f"--convention {args.convention}: intervals are made for {', '.join(READERS)} (their figures "
                "are functions of sums over windows or documents)")
    for dest, option in TBF_ONLY.items():
        if getattr(args, dest, None):
            return (f"{option} is a tbf option; with --convention only -g, -s, --json, --html, --csv, the resampling "
                    "options and the convention's own (--grounding, --ontology, --coref-file, --match-mode, "
                    "--window-size, --regime) apply")
    if args.unit == "topic":
        return "--unit topic is for tbf; with --convention: --unit document (default) or window"
    if args.unit == "window" and args.convention not in WINDOWED:
        return (f"--unit window is for window formats ({', '.join(WINDOWED[:-1])} and {WINDOWED[-1]}); "
                f"{args.convention} scores "
                "documents: --unit document")
    return None


def _outputs(args: argparse.Namespace) -> list[str | None]:
    """Every file the run writes (`--json`, `--html`, the `--csv` folder's files), checked before any work."""
    if args.csv and os.path.exists(args.csv) and not os.path.isdir(args.csv):
        raise FormatError(args.csv, 0, "is not a folder", "a folder for the CSV files (--csv)")
    names = (*UNITS_CSV, *((TRIGGER_CHANGES_CSV,) if has_trigger_changes(args.convention) else ()),
             *((ARGUMENT_CHANGES_CSV,) if args.convention in ARGUMENT_CONVENTIONS else ()))
    return [args.json, args.html, *(os.path.join(args.csv, name) for name in names if args.csv)]


def _write(args: argparse.Namespace, compared: ConventionComparison) -> None:
    """The reports asked for, each written atomically (the run's outputs stand or fall together)."""
    comparison, warnings = compared.comparison, list(compared.warnings)
    if args.csv:
        make_output_folders([args.csv])
    texts = units_files(comparison, gold=display_name(args.gold), paths=[display_name(p) for p in args.system],
                        warnings=warnings, arguments=compared.arguments, triggers=compared.triggers,
                        json_path=args.json,
                        html_path=args.html, csv_folder=args.csv)
    for path, text in texts.items():
        write_atomic(path, text)


def run_convention_compare(args: argparse.Namespace, prog: str) -> int:
    """Compare `args.system` under `args.convention`; 1 on bad input, 2 on an option the convention refuses."""
    try:
        inputs = [args.gold, *args.system, *options_of(args).companions()]
        refuse_stdin_twice(inputs)
        check_output_paths(_outputs(args), inputs,
                           input_folders=[(f, ("",)) for f in (args.gold, *args.system) if os.path.isdir(f)],
                           new_folders=[args.csv] if args.csv else [])
        cache: dict[str, bytes] = {}
        gold = read_input(args.gold, cache)
        systems = [read_input(path, cache) for path in args.system]
        try:
            compared = compare_convention(args.convention, gold, systems, options=options_of(args),
                                          names=run_names(args.system),
                                          unit="window" if args.unit == "window" else "document",
                                          settings=ResampleSettings(args.resamples, args.seed, args.confidence),
                                          correction=args.correction, interval=args.interval)
        except FormatError:
            raise
        except ValueError as exc:  # an option the convention refuses
            print(f"{prog}: error: {exc}", file=sys.stderr)
            return 2
        comparison, warnings = compared.comparison, list(compared.warnings)
        for warning in warnings:
            print(f"{prog}: warning: {warning}", file=sys.stderr)
        sys.stdout.write(format_units(comparison))
        if compared.triggers:
            sys.stdout.write(format_item_changes(TRIGGERS, comparison, compared.triggers))
        if compared.arguments:
            sys.stdout.write(format_item_changes(ARGUMENTS, comparison, compared.arguments))
        _write(args, compared)
    except FormatError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 1
    return 0
