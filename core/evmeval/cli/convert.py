"""`evmeval-convert`: thin front end of `evmeval.conventions.convert` (read, check outputs, write, report)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from evmeval.cli.console import finish
from evmeval.cli.help import command_parser
from evmeval.conventions.convert import SOURCES, TARGETS, convert
from evmeval.io.loading import input_folders
from evmeval.io.writing import check_output_paths, make_output_folders, write_atomic

PROG = "evmeval-convert"


def _parser() -> argparse.ArgumentParser:
    p = command_parser(
        PROG,
        "Convert event files between any two of TextEE, DyGIE++, MAVEN, MAVEN-ERE, CASIE, brat, BioNLP and "
        "tbf (token tables and texts made from the files themselves); a pair with no converter of its own goes "
        "through tbf. Writes into an output folder and prints what the target could not carry, naming the leg "
        "(e.g. arguments into tbf, realis into TextEE or BioNLP).",
        ["evmeval-convert --to tbf test.jsonl -o out/   # the input's format recognised",
         "evmeval-convert --from dygiepp --to tbf --predictions pred.jsonl -o out/",
         "evmeval-convert --from casie --to tbf data/annotation -o out/",
         "evmeval-convert --from tbf --to textee -t out/tkn out/test.tbf -o back/",
         "evmeval-convert --from bionlp --to brat dev/ -o ann/",
         "evmeval-convert --to casie maven_ere_valid.jsonl -o casie/   # through tbf",
         "evmeval-convert --from tbf --to brat --text txt/ run.tbf -o ann/"])
    p.add_argument("input", help="the file (or CASIE, brat or BioNLP folder) to convert")
    p.add_argument("--from", dest="source_format", choices=SOURCES,
                   help="the input's format (default: recognised as evmeval-validate recognises it)")
    p.add_argument("--to", dest="target", required=True, choices=TARGETS, help="the output's format")
    p.add_argument("-o", "--output", required=True, metavar="FOLDER",
                   help="output folder (made if missing; its parent must exist)")
    p.add_argument("-t", "--token-path", metavar="FOLDER",
                   help="tbf input: its token tables (<doc>.tab); brat/BioNLP -> tbf: map offsets to their token ids")
    p.add_argument("--text", metavar="FOLDER", help="tbf input: its texts (<doc>.txt)")
    p.add_argument("--predictions", action="store_true",
                   help="DyGIE++ input: convert predicted_events rather than the gold events")
    return p


def convert_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `evmeval-convert`: 1 on bad input, 2 on bad options."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.source_format is None:
            from evmeval.conventions import input_format

            args.source_format = input_format(args.input)
            if args.source_format not in SOURCES:
                raise ValueError(f"{args.input} is {args.source_format}, which evmeval-convert does not read "
                                 f"(expected one of: {', '.join(SOURCES)})")
        output = convert(args.input, args.source_format, args.target, token_dir=args.token_path,
                         text_dir=args.text, predictions=args.predictions)
        paths = [os.path.join(args.output, name) for name in output.files]
        folders = sorted({os.path.dirname(p) for p in paths} | {args.output}, key=len)
        folders = [f for f in folders if not os.path.isdir(f)]
        check_output_paths(paths, [args.input], new_folders=folders,
                           input_folders=[*input_folders(args.token_path, text_dir=args.text),
                                          *([(args.input, ("",))] if os.path.isdir(args.input) else [])])
        make_output_folders(folders)
        for path, (_, text) in zip(paths, output.files.items(), strict=True):
            write_atomic(path, text)
    except ValueError as exc:  # FormatError too: file:line: what (expected ...)
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 1
    for problem in output.warnings:
        print(f"{PROG}: warning: {problem}", file=sys.stderr)
    print(f"{args.input} ({args.source_format}) -> {args.output} ({args.target}): {len(paths)} file(s)")
    for line in output.report():
        print(line)
    return 0


def convert_entry() -> None:
    """Console entry point of `evmeval-convert`."""
    finish(convert_main)
