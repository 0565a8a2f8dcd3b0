"""Command-line front end `evmeval-compare`: did run B beat run A, where, and is it significant?

Thin: parse options, read the files, call `evmeval.compare.runs`, print the summary, write the reports. Bad
input ends with `file:line: what is wrong (expected ...)` on stderr and exit code 1, never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Sequence
from functools import partial
from typing import Any

from evmeval._util.forked import Forked
from evmeval._util.schemas import with_schema
from evmeval.align import COMBINATIONS
from evmeval.cli.console import finish
from evmeval.cli.help import command_parser
from evmeval.cli.score_options import add_convention_inputs
from evmeval.compare.cross_document import topics_of
from evmeval.compare.multiple import CORRECTIONS, DEFAULT_CORRECTION
from evmeval.compare.relations import CROSS_DOCUMENT
from evmeval.compare.resampling import INTERVALS
from evmeval.compare.runs import Comparison, compare_files
from evmeval.compare.seeds import SeedComparison, SeedSystem, compare_seeds
from evmeval.compare.significance import DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED, ResampleSettings
from evmeval.compare.units import CONVENTIONS
from evmeval.io.errors import FormatError, Problem
from evmeval.io.loading import (
    LoadedInputs,
    TextSource,
    TokenSource,
    input_folders,
    read_type_whitelist,
    refuse_stdin_twice,
    sibling_folder,
)
from evmeval.io.tbf import read_tbf
from evmeval.io.tokens import DEFAULT_EXTENSION, parse_offset_fields
from evmeval.io.validate import check_files
from evmeval.io.writing import check_output_paths, make_output_folders, write_atomic
from evmeval.mention.cases import case_counts
from evmeval.model import SpanMode, TbfFile
from evmeval.report.compare_csv import csv_file_names, format_compare_csvs
from evmeval.report.compare_html import format_compare_html
from evmeval.report.compare_json import comparison_to_json, dumps_compact
from evmeval.report.compare_seeds import format_seed_changes, format_seeds, seed_changes_json, seeds_json
from evmeval.report.compare_text import format_summary
from evmeval.rules import attributes_named
from evmeval.sequencing.scoring import published_awareness

PROG = "evmeval-compare"
MAX_WARNINGS = 20


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text}")
    return value


def _seed(text: str) -> int:
    """numpy's seeds are whole numbers from 0 (a negative one ended in its traceback)."""
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 0, not {text}")
    return value


def _fraction(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a fraction between 0 and 1 (0.5 for 50 %), not {text}")
    return value


def _attributes(text: str) -> str:
    if text == "all":
        return text
    try:
        return attributes_named(text).value
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


class _NameRuns(argparse.Action):
    """`--as NAME`: the -s runs given since the previous --as are the runs (seeds) of system NAME."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        groups = list(getattr(namespace, "groups", None) or [])
        start = groups[-1][2] if groups else 0
        end = len(namespace.system or [])
        if end == start:
            parser.error(f"--as {values}: name the runs after giving them (-s a1.tbf -s a2.tbf --as {values})")
        groups.append((str(values), start, end))
        namespace.groups = groups


def _parser() -> argparse.ArgumentParser:
    p = command_parser(
        PROG,
        "Compare two or more system runs (tbf) on one gold standard: every run scored as "
        "evmeval-score scores it, and for every pair the F1 difference with a paired bootstrap "
        "interval, bootstrap and approximate-randomization p-values, per-document deltas and "
        "the mentions one run fixed or broke.",
        ["evmeval-compare -g gold.tbf -s run1.tbf -s run2.tbf -t tkn/",
         "evmeval-compare -g gold.tbf -s run1.tbf -s run2.tbf -t tkn/ --html compare.html --json compare.json",
         "evmeval-compare -g gold.tbf -s run1.tbf -s run2.tbf --attributes span --threshold 0.5"])
    p.add_argument("-g", "--gold", required=True, help="gold standard tbf file")
    p.add_argument("-s", "--system", action="append", required=True,
                   help="a system run (tbf); give -s two or more times. Pairs are (earlier, later)")
    p.add_argument("-t", "--tokens", "--token_path", dest="token_path",
                   help="folder of token tables; gives token mode (spans are token ids)")
    p.add_argument("-te", "--token_table_extension", default=DEFAULT_EXTENSION,
                   help="extension after the doc id of token tables (default .tab)")
    p.add_argument("-of", "--offset_field", default="2,3",
                   help="columns (0-based) of the first and last character offsets in token tables (default 2,3)")
    p.add_argument("-wl", "--type_white_list", help="file with one event type per line; other types are dropped")
    p.add_argument("--texts", "--text", dest="text", metavar="DIR",
                   help="folder of document texts for the HTML snippets (default: txt/ beside the gold)")
    p.add_argument("--resamples", type=_positive_int, default=DEFAULT_RESAMPLES,
                   help=f"bootstrap resamples and randomization rounds (default {DEFAULT_RESAMPLES})")
    p.add_argument("--seed", type=_seed, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    p.add_argument("--confidence", type=_fraction, default=DEFAULT_CONFIDENCE,
                   help="coverage of the confidence intervals (default 0.95)")
    p.add_argument("--as", dest="groups", action=_NameRuns, metavar="NAME",
                   help="the -s runs given since the previous --as are several runs (seeds) of one system NAME: "
                        "adds each system's mean ± standard deviation, almost stochastic order and the gold "
                        "mentions right in k of n runs")
    p.add_argument("--unit", choices=("document", "topic", "window"), default="document",
                   help="what is resampled: document (default), topic (documents of one topic drawn together; "
                        "needs --topics) or, with --convention, window (each window or sentence on its own; by "
                        "default a document's windows are drawn together)")
    p.add_argument("--convention", choices=CONVENTIONS,
                   help="compare runs under that convention's own figures (-g, -s: its files, as evmeval-score "
                        "--convention reads them; evmeval: v1.8's rules on TextEE or DyGIE++ files; strings: ours "
                        "on string predictions; paie: see --window-size; omnievent: needs --regime), each with its "
                        "interval, and every pair's paired tests")
    add_convention_inputs(p)
    p.add_argument("--topics", metavar="FILE",
                   help="with --unit topic or --cross-document: one '<document id> <topic>' per line, for every "
                        "gold document")
    p.add_argument("--cross-document", action="store_true",
                   help="with --topics: cross-document coreference beside the per-document figures, each topic's "
                        "documents scored as one document (a @Coreference id shared by documents is one event), as "
                        "evmeval-conll --cross-document --topics scores CoNLL files; topics are resampled")
    p.add_argument("--correction", choices=CORRECTIONS, default=DEFAULT_CORRECTION,
                   help="adjust each figure's p-values over all pairs: holm (default; family-wise error), "
                        "bh (Benjamini-Hochberg; false discovery rate) or none")
    p.add_argument("--interval", choices=INTERVALS, default="percentile",
                   help="interval of every figure: percentile (default) or bca (bias-corrected and accelerated)")
    p.add_argument("--threshold", type=_fraction,
                   help="list the documents whose precision or recall is below this fraction (e.g. 0.5)")
    p.add_argument("--attributes", "--combination", dest="combination", type=_attributes,
                   default="mention_type+realis_status", metavar="WHICH",
                   help="attributes a mapped pair must agree on for the case lists (summary, JSON, CSV, HTML) and "
                        "the HTML report's document lists: span, type, realis, type+realis (default), or all")
    p.add_argument("--json", help="write systems, pairs, documents and cases as JSON here")
    p.add_argument("--html", help="write a self-contained HTML report here")
    p.add_argument("--csv", help="write CSV tables into this folder")
    p.add_argument("-b", "--debug", action="store_true", help="print every warning, not only the first ones")
    return p


def _warn(messages: Sequence[str], verbose: bool) -> None:
    shown = messages if verbose else messages[:MAX_WARNINGS]
    for message in shown:
        print(f"{PROG}: warning: {message}", file=sys.stderr)
    if len(messages) > len(shown):
        print(f"{PROG}: warning: ... and {len(messages) - len(shown)} more (use -b to see all)", file=sys.stderr)


def _output_paths(args: argparse.Namespace) -> list[str | None]:
    """Every file this run will write, so all of them are checked before any work."""
    outputs: list[str | None] = [args.json, args.html]
    if args.csv:
        if os.path.exists(args.csv) and not os.path.isdir(args.csv):
            raise FormatError(args.csv, 0, "is not a folder", "a folder for the CSV files (--csv)")
        outputs += [os.path.join(args.csv, name) for name in csv_file_names(args.threshold, bool(args.groups))]
    return outputs


def _read(args: argparse.Namespace, offset_fields: tuple[int, int]) -> tuple[TbfFile, list[TbfFile], list[str]]:
    if args.token_path is not None and not os.path.isdir(args.token_path):
        raise FormatError(args.token_path, 0, "token folder not found", "a folder of <doc id>.tab token tables")
    mode = SpanMode.TOKEN if args.token_path else SpanMode.CHAR
    gold, problems = read_tbf(args.gold, mode=mode)
    systems = []
    for path in args.system:
        system, more = read_tbf(path, mode=mode)
        systems.append(system)
        problems += more
    return gold, systems, [str(p) for p in problems]


def _checks(files: list[TbfFile], tokens: TokenSource) -> list[str]:
    """What the published scorer would not stop for (evmeval-score's warnings), for every file."""
    return [str(p) for p in check_files(files, tokens.unknown_ids if tokens.folder else None)]


def _seeds(args: argparse.Namespace, comparison: Comparison) -> SeedComparison | None:
    """The seed view when runs were named with --as (runs after the last --as stay out of it)."""
    if not args.groups:
        return None
    return compare_seeds(comparison, [SeedSystem(name, tuple(range(start, end))) for name, start, end in args.groups])


def _write_reports(args: argparse.Namespace, comparison: Comparison, inputs: LoadedInputs,
                   combinations: Sequence[str], seeds: SeedComparison | None) -> None:
    if args.json:
        data = comparison_to_json(comparison, threshold=args.threshold, case_combinations=combinations)
        if seeds is not None:
            data["seeds"] = seeds_json(comparison, seeds)
            data["seeds"]["changes"] = seed_changes_json(comparison, seeds, combinations)
        write_atomic(args.json, dumps_compact(with_schema("compare", data)))
    if args.html:
        write_atomic(args.html, format_compare_html(comparison, inputs=inputs, combinations=combinations,
                                                    threshold=args.threshold, seeds=seeds))
    if args.csv:
        csvs = format_compare_csvs(comparison, threshold=args.threshold, case_combinations=combinations,
                                   seeds=seeds)
        make_output_folders([args.csv])
        for name, text in csvs.items():
            write_atomic(os.path.join(args.csv, name), text)


def _tbf_usage_problem(args: argparse.Namespace) -> str | None:
    """Why these options do not go together on tbf runs (None: they do)."""
    for option in ("grounding", "ontology", "coref_file", "match_mode", "window_size", "regime"):
        if getattr(args, option) is not None:
            return f"--{option.replace('_', '-')} is read with --convention only (a convention's own input)"
    if args.head_only:
        return "--head-only is read with --convention gen-arg only (its head F1)"
    if args.unit == "window":
        return "--unit window is for window formats: give --convention textee, dygiepp or strings"
    if args.cross_document and args.topics is None:
        return ("--cross-document needs --topics FILE: a topic's documents are scored as one document and topics "
                "are what is resampled")
    if args.unit == "topic" and args.topics is None:
        return "--unit topic and --topics FILE go together"
    if args.topics is not None and args.unit != "topic" and not args.cross_document:
        return "--topics FILE goes with --unit topic or --cross-document"
    return None


def compare_main(argv: Sequence[str] | None = None, *, fork_checks: bool = False) -> int:
    """`evmeval-compare`; `fork_checks`: check the inputs in a forked child (only `compare_entry` forks)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if len(args.system) < 2:
        parser.error("give at least two system runs (-s A.tbf -s B.tbf)")
    if args.convention is not None:
        from evmeval.cli.compare_conventions import run_convention_compare, usage_problem

        if (problem := usage_problem(args)) is not None:
            parser.error(problem)
        return run_convention_compare(args, PROG)
    if (problem := _tbf_usage_problem(args)) is not None:
        parser.error(problem)
    try:
        offset_fields = parse_offset_fields(args.offset_field)
    except ValueError as exc:
        print(f"{PROG}: error: -of: {exc}", file=sys.stderr)
        return 1
    checks: Forked[list[str]] | None = None
    try:
        if args.text is not None and not os.path.isdir(args.text):
            raise FormatError(args.text, 0, "text folder not found", "a folder of <doc id>.txt texts")
        inputs_read = ([args.gold, *args.system] + ([args.type_white_list] if args.type_white_list else [])
                       + ([args.topics] if args.topics else []))
        refuse_stdin_twice(inputs_read)
        check_output_paths(_output_paths(args), inputs_read,
                           input_folders=input_folders(args.token_path, args.token_table_extension, args.text),
                           new_folders=[args.csv] if args.csv else [])
        gold, systems, warnings = _read(args, offset_fields)
        tokens = TokenSource(args.token_path, args.token_table_extension, offset_fields)
        checks = Forked(lambda: _checks([gold, *systems], tokens), fork=fork_checks)
        whitelist_problems: list[Problem] = []
        whitelist = read_type_whitelist(args.type_white_list, whitelist_problems) if args.type_white_list else None
        warnings += [str(p) for p in whitelist_problems]
        settings = ResampleSettings(args.resamples, args.seed, args.confidence)
        topics = topics_of(args.topics, gold) if args.topics else None
        comparison = compare_files(gold, systems, type_whitelist=whitelist, settings=settings,
                                   correction=args.correction, interval=args.interval,
                                   topics=topics if args.unit == "topic" else None, sequencing_of=published_awareness,
                                   cross_topics=topics if args.cross_document else None)
        combinations = COMBINATIONS if args.combination == "all" else (args.combination,)
        counts = {(p.a, p.b, c): case_counts(comparison.cases(p.a, p.b, c))
                  for p in comparison.pairs for c in combinations}
        warnings += checks.result() + list(comparison.warnings)
        if args.cross_document and CROSS_DOCUMENT not in comparison.relation_units:
            warnings.append(f"--cross-document: {args.gold} has no @Coreference link, so there is no coreference "
                            "to score across documents")
        checks = None
        _warn(warnings, args.debug)
        sys.stdout.write(format_summary(comparison, case_counts=counts, threshold=args.threshold))
        seeds = _seeds(args, comparison)
        if seeds is not None:
            sys.stdout.write(format_seeds(comparison, seeds, combinations))
            sys.stdout.write(format_seed_changes(comparison, seeds, combinations))
        text_dir = args.text or sibling_folder(args.gold, "txt")
        inputs = LoadedInputs(gold, systems[0], tokens, TextSource(text_dir))
        _write_reports(args, comparison, inputs, combinations, seeds)
    except FormatError as exc:
        if checks is not None:  # stop the checking child: no zombie process, no open pipe
            checks.cancel()
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 1
    return 0


def compare_entry() -> None:
    """Console entry point: like `compare_main`, without the cyclic collector and the heap teardown."""
    gc.disable()  # a batch run allocating many small tuples: the cyclic collector only costs time here
    finish(partial(compare_main, fork_checks=True), fast_exit=True)


__all__ = ["compare_entry", "compare_main"]
