"""`evmeval-score --convention NAME`: score JSONL event-extraction files under a published scorer's
rules. Imported only when the option is given, so the default tbf/v1.8 run stays as fast as it was."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from evmeval.conventions import FORMATS, REGISTRY, conventions_for, detect_format
from evmeval.conventions.base import Convention, ConventionResult, Fingerprint, Input
from evmeval.io.errors import FormatError
from evmeval.io.loading import refuse_stdin_twice
from evmeval.io.reading import display_name, read_bytes
from evmeval.io.writing import check_output_paths, write_atomic

SCHEMA = 1
KEPT = {"help", "gold", "system", "output", "json", "convention", "debug", "strict", "version", "comparison_output"}
"""Options that mean the same with --convention; any other given is a tbf option, refused."""


def _v18_only(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """The first tbf-only option given (as the user spelled it), if any."""
    for action in parser._actions:
        if action.dest in KEPT or not action.option_strings:
            continue
        if getattr(args, action.dest, None) != action.default:
            return action.option_strings[0]
    return None


def _read(path: str, cache: dict[str, bytes]) -> Input:
    if os.path.isdir(path):  # a standoff folder (BioNLP): its files are read by the convention
        return Input(path)
    if path not in cache:
        cache[path] = read_bytes(path)
    return Input(path, cache[path])


def percent(value: float) -> str:
    return f"{100 * value:6.2f}"


def format_report(results: Sequence[ConventionResult], fingerprint: Fingerprint) -> str:
    """A small table per convention: each metric's P, R, F1 (percent, as the scorers print them)
    with the counts they are made of, under the data fingerprint."""
    lines = [f"Data: {fingerprint.summary()}", ""]
    for result in results:
        lines.append(f"Convention {result.name}: {REGISTRY[result.name].description}")
        width = max(len(label) for label in result.labels.values())
        lines.append(f"{'Metric':<{width}}  {'P':>6}  {'R':>6}  {'F1':>6}  {'match':>6}  {'pred':>6}  {'gold':>6}")
        for name, metric in result.metrics.items():
            lines.append(f"{result.labels[name]:<{width}}  {percent(metric.precision)}  {percent(metric.recall)}  "
                         f"{percent(metric.f1)}  {metric.match_num:6d}  {metric.pred_num:6d}  {metric.gold_num:6d}")
        lines.append("")
    return "\n".join(lines)


def report_json(results: Sequence[ConventionResult], fingerprint: Fingerprint) -> dict[str, Any]:
    return {"schema": SCHEMA, "fingerprint": fingerprint.to_json(),
            "conventions": {r.name: r.to_json() for r in results}}


def merged_output(args: argparse.Namespace, conventions: Sequence[Convention]) -> list[str]:
    """The files `-d FOLDER` will hold: the BioNLP merged standoff (refused for other conventions)."""
    if not args.comparison_output:
        return []
    if [c.name for c in conventions] != ["bionlp"]:
        raise FormatError(args.comparison_output, 0, "-d writes the BioNLP merged standoff",
                          "-d only with --convention bionlp")
    from evmeval.conventions.bionlp import merged_names
    return [os.path.join(args.comparison_output, n) for n in merged_names(args.system)]


def run_conventions(parser: argparse.ArgumentParser, args: argparse.Namespace, prog: str) -> int:
    """Score `args.gold` against `args.system` under `args.convention`; 1 on bad input, 2 on bad options."""
    if (option := _v18_only(parser, args)) is not None:
        print(f"{prog}: error: {option} is a tbf option; with --convention only -g, -s, -o, --json "
              "(and -d for bionlp) apply", file=sys.stderr)
        return 2
    if args.convention != "all" and args.convention not in REGISTRY:
        print(f"{prog}: error: unknown convention {args.convention!r} "
              f"(expected one of: {', '.join(REGISTRY)}, all)", file=sys.stderr)
        return 2
    try:
        refuse_stdin_twice([args.gold, args.system])
        cache: dict[str, bytes] = {}
        gold, system = _read(args.gold, cache), _read(args.system, cache)
        conventions = conventions_for(args.convention, gold)
        merged = merged_output(args, conventions)
        check_output_paths([args.output, args.json, *merged], [args.gold, args.system],
                           input_folders=[(f, ("",)) for f in (args.gold, args.system) if os.path.isdir(f)],
                           new_folders=[args.comparison_output] if merged else [])
        for source in (gold, system):
            found = detect_format(source)
            for convention in conventions:
                if found != convention.format:
                    raise FormatError(display_name(source.path), 1, f"a {FORMATS[found]} file; the convention "
                                      f"{convention.name} reads {FORMATS[convention.format]}",
                                      f"a {FORMATS[convention.format]} file")
        results = [convention.score(gold, system) for convention in conventions]
        if merged:
            from evmeval.conventions.bionlp import write_merged
            write_merged(gold, system, args.comparison_output)
    except FormatError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 1
    report = format_report(results, results[0].fingerprint)
    if args.output:
        write_atomic(args.output, report)
    else:
        sys.stdout.write(report)
    if args.json:
        write_atomic(args.json, json.dumps(report_json(results, results[0].fingerprint), indent=1) + "\n")
    return 0
