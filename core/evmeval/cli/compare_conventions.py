"""`evmeval-compare --convention NAME`: runs compared under that convention's own figures (TextEE's Tri-I …
Arg-C, DyGIE++'s trig_id … arg_class, MAVEN's micro and macro, every figure of MAVEN-ERE's evaluate.py, v1.8's
Dice micro figures on a window file, RAMS's overall, distance and role figures, gen-arg's Role figures, UIE's
four, MAVEN-Arg's three levels, BioNLP's four criteria, ours for strings with its ceiling), each with its
interval, every pair with its paired tests, resampling documents (a window format's windows together; RAMS's
examples, UIE's instances) or, with `--unit window`, windows.

Thin: read the files once, prepare each run as `evmeval-score --convention` does (`--grounding`, `--ontology`,
`--coref-file`, `--match-mode`), check their format, take each run's per-unit counts from the convention
(`unit_counts`), compare them (`evmeval.compare.units`), print, write `--json`.
"""

from __future__ import annotations

import argparse
import os
import sys

from evmeval._util.schemas import with_schema
from evmeval.compare.significance import ResampleSettings
from evmeval.compare.units import CONVENTIONS, WINDOWED, UnitComparison, compare_units
from evmeval.conventions import (
    REGISTRY,
    bionlp,
    dygiepp,
    genarg,
    maven,
    maven_arg,
    maven_ere,
    ours,
    rams,
    strings,
    textee,
    uie,
)
from evmeval.conventions.argument_changes import ARGUMENT_CONVENTIONS, PairArguments, pair_arguments, run_arguments
from evmeval.conventions.base import Input, UnitCounts
from evmeval.conventions.cli import check_formats, prepared_inputs, read_input
from evmeval.io.errors import FormatError
from evmeval.io.loading import refuse_stdin_twice
from evmeval.io.reading import display_name
from evmeval.io.writing import check_output_paths, make_output_folders, write_atomic
from evmeval.report.compare_arguments import (
    ARGUMENT_CHANGES_CSV,
    argument_changes_csv,
    argument_changes_html,
    argument_changes_json,
    format_argument_changes,
)
from evmeval.report.compare_json import dumps_compact
from evmeval.report.compare_units import UNITS_CSV, format_units, units_csvs, units_html, units_json

READERS = {"textee": textee.unit_counts, "dygiepp": dygiepp.unit_counts, "maven": maven.unit_counts,
           "maven-ere": maven_ere.unit_counts, "evmeval": ours.unit_counts, "rams": rams.unit_counts,
           "gen-arg": genarg.unit_counts, "uie": uie.unit_counts, "maven-arg": maven_arg.unit_counts,
           "bionlp": bionlp.unit_counts, "strings": strings.unit_counts}
"""Each convention compared (`CONVENTIONS`) and its per-unit counts."""
assert tuple(READERS) == CONVENTIONS, "a convention compared has its per-unit counts"
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
                    "options and the convention's own (--grounding, --ontology, --coref-file, --match-mode) apply")
    if args.unit == "topic":
        return "--unit topic is for tbf; with --convention: --unit document (default) or window"
    if args.unit == "window" and args.convention not in WINDOWED:
        return (f"--unit window is for window formats ({', '.join(WINDOWED[:-1])} and {WINDOWED[-1]}); "
                f"{args.convention} scores "
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
    """Every pair's changed arguments, for TextEE and DyGIE++ (whose outcomes name arguments by role, span and
    trigger); none for the others."""
    outcomes = REGISTRY[convention].outcomes
    if convention not in ARGUMENT_CONVENTIONS or outcomes is None:
        return []
    return pair_arguments([run_arguments(outcomes(gold, s)) for s in systems], pairs)


def _companions(args: argparse.Namespace) -> list[str]:
    """The further files the convention reads (`--ontology`, `--coref-file`)."""
    return [path for path in (args.ontology, args.coref_file) if path]


def _outputs(args: argparse.Namespace) -> list[str | None]:
    """Every file the run writes (`--json`, `--html`, the `--csv` folder's files), checked before any work."""
    if args.csv and os.path.exists(args.csv) and not os.path.isdir(args.csv):
        raise FormatError(args.csv, 0, "is not a folder", "a folder for the CSV files (--csv)")
    names = (*UNITS_CSV, ARGUMENT_CHANGES_CSV) if args.convention in ARGUMENT_CONVENTIONS else UNITS_CSV
    return [args.json, args.html, *(os.path.join(args.csv, name) for name in names if args.csv)]


def _write(args: argparse.Namespace, comparison: UnitComparison, warnings: list[str],
           arguments: list[PairArguments]) -> None:
    """The reports asked for, each written atomically (the run's outputs stand or fall together); `arguments`:
    each pair's changed arguments (TextEE, DyGIE++), in every report."""
    if args.json:
        data = units_json(comparison)
        for pair, changes in zip(data["pairs"], arguments, strict=False):
            pair["argument_changes"] = argument_changes_json(changes)
        write_atomic(args.json, dumps_compact(with_schema("compare_convention", {**data, "warnings": warnings})))
    if args.html:
        more = argument_changes_html(comparison, arguments) if arguments else ""
        write_atomic(args.html, units_html(comparison, display_name(args.gold), [display_name(p) for p in args.system],
                                           warnings, more))
    if args.csv:
        make_output_folders([args.csv])
        csvs = units_csvs(comparison)
        if args.convention in ARGUMENT_CONVENTIONS:
            csvs[ARGUMENT_CHANGES_CSV] = argument_changes_csv(comparison, arguments)
        for name, text in csvs.items():
            write_atomic(os.path.join(args.csv, name), text)


def run_convention_compare(args: argparse.Namespace, prog: str) -> int:
    """Compare `args.system` under `args.convention`; 1 on bad input, 2 on an option the convention refuses."""
    try:
        inputs = [args.gold, *args.system, *_companions(args)]
        refuse_stdin_twice(inputs)
        check_output_paths(_outputs(args), inputs,
                           input_folders=[(f, ("",)) for f in (args.gold, *args.system) if os.path.isdir(f)],
                           new_folders=[args.csv] if args.csv else [])
        cache: dict[str, bytes] = {}
        gold = read_input(args.gold, cache)
        convention = REGISTRY[args.convention]
        counts: list[UnitCounts] = []
        systems: list[Input] = []
        for path in args.system:
            prepared = prepared_inputs(args, gold, read_input(path, cache), prog)
            if prepared is None:
                return 2
            system: Input = prepared[1]
            check_formats([convention], gold, system)
            counts.append(READERS[args.convention](gold, system))
            systems.append(system)
        first = counts[0]
        for path, c in zip(args.system, counts, strict=True):
            if c.documents != first.documents:
                raise FormatError(display_name(path), 0, f"scored over other {c.unit}s than "
                                  f"{display_name(args.system[0])}", "runs scored over the gold file's units, each "
                                  "the same")
        if not first.documents:
            raise FormatError(display_name(args.gold), 1, "no documents to resample", "at least one gold document")
        comparison = compare_units(args.convention, _names(args.system), [c.counts for c in counts], first.documents,
                                   first.labels, unit="window" if args.unit == "window" else "document",
                                   settings=ResampleSettings(args.resamples, args.seed, args.confidence),
                                   correction=args.correction, interval=args.interval, rules=first.rules,
                                   given=[c.given for c in counts])
        warnings = [f"{name}: {w}" for name, c in zip(comparison.names, counts, strict=True) for w in c.warnings]
        for warning in warnings:
            print(f"{prog}: warning: {warning}", file=sys.stderr)
        arguments = _argument_changes(args.convention, gold, systems, comparison.pairs)
        sys.stdout.write(format_units(comparison))
        if arguments:
            sys.stdout.write(format_argument_changes(comparison, arguments))
        _write(args, comparison, warnings, arguments)
    except FormatError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 1
    return 0
