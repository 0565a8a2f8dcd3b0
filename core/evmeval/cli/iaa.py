"""Command-line front ends `evmeval-iaa` (agreement among annotators) and `evmeval-brat2tbf`.

Thin: parse options, call `evmeval.io.convert` / `evmeval.agreement.scoring`, print. Bad input ends with
`file:line: what is wrong (expected ...)` on stderr and exit code 1, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from evmeval._util.schemas import with_schema
from evmeval.agreement.scoring import compare_annotators
from evmeval.cli.console import finish
from evmeval.cli.curation import add_curation_options, curated_brat_outputs, curation_outputs, write_curation
from evmeval.cli.help import command_parser
from evmeval.compare.agreement import all_pair_intervals
from evmeval.compare.significance import DEFAULT_CONFIDENCE, DEFAULT_SEED, ResampleSettings
from evmeval.io.brat import ANN_EXTENSION, TEXT_EXTENSION, text_path_for
from evmeval.io.convert import (
    DEFAULT_RUN_ID,
    TokenEnd,
    brat_paths,
    convert_brat_files,
    is_brat_input,
    read_annotation_set,
    token_lookup,
)
from evmeval.io.errors import FormatError, Problem
from evmeval.io.tbf import format_tbf
from evmeval.io.tokens import DEFAULT_EXTENSION, parse_offset_fields
from evmeval.io.writing import check_output_paths, write_atomic
from evmeval.report.agreement_text import format_iaa_report
from evmeval.report.json_report import dumps

MAX_WARNINGS = 20


def _warn(prog: str, problems: Sequence[Problem | str], verbose: bool) -> None:
    shown = problems if verbose else problems[:MAX_WARNINGS]
    for problem in shown:
        print(f"{prog}: warning: {problem}", file=sys.stderr)
    if len(problems) > len(shown):
        print(f"{prog}: warning: ... and {len(problems) - len(shown)} more (use -b to see all)", file=sys.stderr)


def _fail(prog: str, message: str) -> int:
    print(f"{prog}: error: {message}", file=sys.stderr)
    return 1


def _add_token_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("-te", "--token_table_extension", default=DEFAULT_EXTENSION,
                   help="extension after the doc id of token tables (default .tab)")
    p.add_argument("-ae", "--annotation_extension", default=ANN_EXTENSION,
                   help="extension after the doc id of brat annotation files (default .ann)")
    p.add_argument("-of", "--offset_field", default="2,3",
                   help="columns (0-based) of the first and last character offsets in token tables (default 2,3)")
    p.add_argument("--token-end", choices=[e.value for e in TokenEnd], default=TokenEnd.AUTO.value,
                   help="whether a token table's second offset is the last character (inclusive) or one past it "
                        "(exclusive); auto decides per table from the token strings' lengths (default)")
    p.add_argument("-b", "--debug", action="store_true", help="print every warning, not only the first ones")


# --- evmeval-brat2tbf ------------------------------------------------------------------------------------


def _brat2tbf_parser() -> argparse.ArgumentParser:
    p = command_parser(
        "evmeval-brat2tbf",
        "Convert brat standoff annotation (.ann) to one token-based tbf file: character offsets "
        "become token ids through the token tables. An annotation that cuts through a token or "
        "touches none is reported with its file and line.",
        ["evmeval-brat2tbf -d ann/ -t tkn/ -o gold.tbf", "evmeval-brat2tbf -f ann/doc1.ann -t tkn/ -o doc1.tbf"])
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("-d", "--dir", help="folder of brat annotation files")
    source.add_argument("-f", "--file", help="one brat annotation file")
    p.add_argument("-t", "--tokens", "--tokenPath", dest="tokenPath", required=True,
                   help="folder of token tables <doc id><ext>")
    p.add_argument("-o", "--out", required=True, help="the tbf file to write")
    p.add_argument("-i", "--eid", default=DEFAULT_RUN_ID,
                   help=f"run id written on every line (default {DEFAULT_RUN_ID})")
    p.add_argument("--strict", action="store_true",
                   help="treat every reported problem as an error: write nothing and exit 1")
    _add_token_options(p)
    return p


def brat2tbf_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `evmeval-brat2tbf`."""
    prog = "evmeval-brat2tbf"
    args = _brat2tbf_parser().parse_args(argv)
    try:
        offset_fields = parse_offset_fields(args.offset_field)
    except ValueError as exc:
        return _fail(prog, f"-of: {exc}")
    try:
        if not os.path.isdir(args.tokenPath):
            raise FormatError(args.tokenPath, 0, "token folder not found", "a folder of <doc id>.tab token tables")
        if args.dir is not None:
            if not os.path.isdir(args.dir):
                raise FormatError(args.dir, 0, "annotation folder not found", "a folder of brat .ann files")
            paths = brat_paths(args.dir, args.annotation_extension)
            if not paths:
                raise FormatError(args.dir, 0, f"no {args.annotation_extension} file in this folder",
                                  "a folder of brat annotation files (see -ae)")
        else:
            if not args.file.endswith(args.annotation_extension):
                raise FormatError(args.file, 0, f"file name does not end with {args.annotation_extension!r}",
                                  "a brat annotation file (or set its extension with -ae)")
            paths = brat_paths(args.file, args.annotation_extension)
        check_output_paths([args.out], paths + [text_path_for(p) for p in paths],
                           input_folders=[(args.tokenPath, (args.token_table_extension,))])
        tables = token_lookup(args.tokenPath, extension=args.token_table_extension, offset_fields=offset_fields)
        tbf, problems = convert_brat_files(paths, tables, path=args.out, ann_extension=args.annotation_extension,
                                           run_id=args.eid, token_end=TokenEnd(args.token_end))
        _warn(prog, problems, args.debug)
        if args.strict and problems:
            return _fail(prog, f"{len(problems)} problem(s) reported; nothing written (--strict)")
        write_atomic(args.out, format_tbf(list(tbf.documents.values())))
    except FormatError as exc:
        return _fail(prog, str(exc))
    mentions = sum(len(d.mentions) for d in tbf.documents.values())
    print(f"{args.out}: {len(tbf.documents)} document(s), {mentions} mention(s) from {len(paths)} file(s)"
          + (f"; {len(problems)} problem(s) reported" if problems else ""), file=sys.stderr)
    return 0


# --- evmeval-iaa -----------------------------------------------------------------------------------------


def _iaa_parser() -> argparse.ArgumentParser:
    p = command_parser(
        "evmeval-iaa",
        "Inter-annotator agreement among two or more annotation sets (tbf files, brat .ann files "
        "or folders of them): pairwise span agreement with Dice partial credit (plain, type, "
        "realis, type+realis) on a mapping that does not depend on which annotator is the key, "
        "F1 matrices, GATE strict/lenient/average figures, Cohen's kappa and Scott's pi on type "
        "and realis, Fleiss' kappa across all annotators; agreement on After/Subevent links and "
        "coreference clusters when the sets have them (a system run given as one more SET sits in "
        "the same matrices).",
        ["evmeval-iaa anna.tbf ben.tbf carl.tbf -t tkn/",
         "evmeval-iaa ann_anna/ ann_ben/ -t tkn/ --json agreement.json      # brat folders",
         "evmeval-iaa anna.tbf ben.tbf carl.tbf -t tkn/ --curate majority --curated curated.tbf"])
    p.add_argument("inputs", nargs="+", metavar="SET", help="an annotation set: tbf file, .ann file or brat folder")
    p.add_argument("-t", "--tokens", "--token_path", dest="token_path",
                   help="folder of token tables: token mode (brat offsets become token ids)")
    p.add_argument("-o", "--output", help="write the report here (default: standard output)")
    p.add_argument("--json", help="write every figure, per document and pair, as JSON here")
    p.add_argument("--json-mappings", action="store_true",
                   help="also write the mention pairs each combination mapped, per document (large)")
    p.add_argument("--resamples", type=_whole, default=0,
                   help="document-bootstrap resamples for an interval under every pair figure (default 0: none; "
                        "evmeval-compare uses 10000)")
    p.add_argument("--seed", type=_whole, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    p.add_argument("--confidence", type=_coverage, default=DEFAULT_CONFIDENCE,
                   help="coverage of the intervals (default 0.95)")
    add_curation_options(p)
    _add_token_options(p)
    return p


def _whole(text: str) -> int:
    """A whole number from 0 (numpy's seeds; 0 resamples: no intervals)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 0, not {text}")
    return value


def _coverage(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 < value < 1.0:
        raise argparse.ArgumentTypeError(f"expected a fraction between 0 and 1 (0.95 for 95 %), not {text}")
    return value


def iaa_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `evmeval-iaa`."""
    prog = "evmeval-iaa"
    parser = _iaa_parser()
    args = parser.parse_args(argv)
    if len(args.inputs) < 2:
        parser.error("give at least two annotation sets")
    curated_outputs = curation_outputs(args, parser)
    try:
        offset_fields = parse_offset_fields(args.offset_field)
    except ValueError as exc:
        return _fail(prog, f"-of: {exc}")
    try:
        inputs = [p for path in args.inputs for p in
                  (brat_paths(path, args.annotation_extension) if is_brat_input(path, args.annotation_extension)
                   else [path])]
        brat_inputs = [p for p in args.inputs if is_brat_input(p, args.annotation_extension)]
        read = inputs + [text_path_for(p) for p in inputs if p.endswith(args.annotation_extension)]
        folders = [(args.token_path, (args.token_table_extension,)),
                   *((p, (args.annotation_extension, TEXT_EXTENSION)) for p in brat_inputs)]
        files = []
        warnings: list[Problem | str] = []
        for path in args.inputs:
            tbf, problems = read_annotation_set(
                path, token_dir=args.token_path, ann_extension=args.annotation_extension,
                token_extension=args.token_table_extension, offset_fields=offset_fields,
                token_end=TokenEnd(args.token_end))
            files.append(tbf)
            warnings.extend(problems)
        # the brat files' names come from the documents: every output is checked here, once, before any work
        check_output_paths([args.output, args.json, *curated_outputs, *curated_brat_outputs(args, files)], read,
                           input_folders=folders, new_folders=[args.curated_brat] if args.curated_brat else [])
        _warn(prog, warnings, args.debug)
        result = compare_annotators(files, args.inputs)
        intervals = (all_pair_intervals(result.pairs, ResampleSettings(args.resamples, args.seed, args.confidence),
                                        result.relations) if args.resamples else None)
        report = format_iaa_report(result, intervals)
        if args.output:
            write_atomic(args.output, report)
        else:
            sys.stdout.write(report)
        if args.json:
            data = result.to_json(mappings=args.json_mappings)
            data["warnings"] = [str(w) for w in warnings]
            if intervals is not None:
                data["resampling"] = intervals.to_json()
                for pair, key in zip(data["pairs"], sorted(result.pairs), strict=True):
                    pair["intervals"] = intervals.pairs[key].to_json()
                for pair, key in zip(data.get("relations", {}).get("pairs", []), sorted(result.relations), strict=True):
                    pair["intervals"] = intervals.pairs[key].relations_json()
            write_atomic(args.json, dumps(with_schema("iaa", data)))
        tables = (token_lookup(args.token_path, extension=args.token_table_extension, offset_fields=offset_fields)
                  if args.token_path else None)
        write_curation(args, files, args.inputs, tables, result.pairs, inputs=read, input_folders=folders)
    except (FormatError, ValueError) as exc:
        return _fail(prog, str(exc))
    return 0


def iaa_entry() -> None:
    """Console entry point of `evmeval-iaa`."""
    finish(iaa_main)


def brat2tbf_entry() -> None:
    """Console entry point of `evmeval-brat2tbf`."""
    finish(brat2tbf_main)


__all__ = ["brat2tbf_entry", "brat2tbf_main", "format_iaa_report", "iaa_entry", "iaa_main"]
