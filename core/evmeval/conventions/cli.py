"""`evmeval-score --convention NAME`: score JSONL event-extraction files under a published scorer's
rules. Imported only when the option is given, so the default tbf/v1.8 run stays as fast as it was."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from evmeval._util.schemas import schema_tag
from evmeval.conventions import FORMATS, REGISTRY, detect_format, prepare
from evmeval.conventions.argument_pivot import ArgumentBoard, argument_board, format_argument_board
from evmeval.conventions.base import Convention, ConventionResult, Fingerprint, Input
from evmeval.conventions.genarg import with_companions
from evmeval.conventions.ladder_run import Agree, LadderRun, ladder_inputs, ladder_options, ladder_refusal, run_ladder
from evmeval.conventions.omnievent import regime_refusal
from evmeval.conventions.strings import Grounding, dropped_note, with_dropped
from evmeval.conventions.switchboard import Switchboard, describe, format_switchboard, switchboard
from evmeval.conventions.uie import checked_options
from evmeval.io.errors import FormatError
from evmeval.io.loading import refuse_stdin_twice
from evmeval.io.reading import STDIN, display_name, read_bytes
from evmeval.io.writing import check_output_paths, write_atomic

KEPT = {"help", "gold", "system", "output", "json", "html", "convention", "debug", "strict", "version",
        "comparison_output", "grounding", "ontology", "coref_file", "match_mode", "ladder", "matching",
        "ladder_threshold", "judgements", "agree_with", "regime"}
"""Options that mean the same with --convention; any other given is a tbf option, refused."""


def _v18_only(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """The first tbf-only option given (as the user spelled it), if any."""
    for action in parser._actions:
        if action.dest in KEPT or not action.option_strings:
            continue
        if getattr(args, action.dest, None) != action.default:
            return action.option_strings[0]
    return None


def read_input(path: str, cache: dict[str, bytes], streamed: bool = False) -> Input:
    """A file given by the user, its bytes read once (a folder is read by its convention); `streamed`: a
    regular file is left to the convention, which reads it a line at a time (a pipe is still read here, once)."""
    if os.path.isdir(path) or (streamed and path != STDIN and os.path.isfile(path)):
        return Input(path)  # a standoff folder (BioNLP): its files are read by the convention
    if path not in cache:
        cache[path] = read_bytes(path)
    return Input(path, cache[path])


def percent(value: float) -> str:
    return f"{100 * value:6.2f}"


def count(value: float) -> str:
    """A count as its scorer keeps it: an integer, or a sum of Dice credits (two decimals)."""
    return f"{value:6d}" if isinstance(value, int) else f"{value:6.2f}"


def format_report(results: Sequence[ConventionResult], fingerprint: Fingerprint,
                  grounding: Grounding | None = None) -> str:
    """A small table per convention: each metric's P, R, F1 (percent, as the scorers print them)
    with the counts they are made of, under the data fingerprint; for string predictions (their
    `grounding`), the predictions not in the text, listed."""
    lines = [f"Data: {fingerprint.summary()}", ""]
    dropped = dropped_note(grounding)
    for result in results:
        lines.append(f"Convention {result.name}: {REGISTRY[result.name].description}")
        width = max(len(label) for label in result.labels.values())
        lines.append(f"{'Metric':<{width}}  {'P':>6}  {'R':>6}  {'F1':>6}  {'match':>6}  {'pred':>6}  {'gold':>6}")
        for name, metric in result.metrics.items():
            lines.append(f"{result.labels[name]:<{width}}  {percent(metric.precision)}  {percent(metric.recall)}  "
                         f"{percent(metric.f1)}  {count(metric.match_num)}  {metric.pred_num:6d}  {metric.gold_num:6d}")
        lines += [f"Warning: {warning}" for warning in result.warnings]
        lines += [f"Note: {note}" for note in result.notes]
        lines += [f"Pathology: {found.text()}" for found in result.pathologies]
        if dropped and not REGISTRY[result.name].grounded:
            lines.append(f"Note: {dropped}")
        lines.append("")
    if grounding is not None and grounding.not_in_text:
        lines.append(f"Not in the text (grounding {grounding.rule.spec}):")
        lines += [f"  {describe(item)} ({grounding.why(item)})" for item in grounding.not_in_text]
        lines.append("")
    return "\n".join(lines)


def report_json(results: Sequence[ConventionResult], fingerprint: Fingerprint,
                board: Switchboard | None = None, grounding: Grounding | None = None,
                ladder: LadderRun | None = None, arguments: ArgumentBoard | None = None) -> dict[str, Any]:
    out = {"schema": schema_tag("convention"), "fingerprint": fingerprint.to_json(),
           "conventions": {r.name: r.to_json() for r in results}}
    warnings = {r.name: list(r.warnings) for r in results if r.warnings}
    if warnings:
        out["warnings"] = warnings
    notes = {r.name: list(r.notes) for r in results if r.notes}
    if notes:
        out["notes"] = notes
    pathologies = {r.name: [p.to_json() for p in r.pathologies] for r in results if r.pathologies}
    if pathologies:
        out["pathologies"] = pathologies
    if grounding is not None:
        out["grounding"] = grounding.to_json()
    if board is not None:
        out["switchboard"] = board.to_json()
    if ladder is not None:
        out["ladder"] = ladder.to_json()
    if arguments is not None:
        out["arguments"] = arguments.to_json()
    return out


def arguments_of(conventions: Sequence[Convention], gold: Input, system: Input,
                 board: Switchboard | None = None) -> ArgumentBoard | None:
    """`all` on a TextEE run whose conventions score arguments under one convention only: its arguments under
    every argument convention that reads it (`argument_pivot`); None otherwise (string predictions already
    have ours for strings beside textee)."""
    names = [c.name for c in conventions]
    if "textee" not in names or "strings" in names:
        return None
    return argument_board(gold, system, board)


def merged_output(args: argparse.Namespace, conventions: Sequence[Convention]) -> list[str]:
    """The files `-d FOLDER` will hold: the BioNLP merged standoff (refused for other conventions)."""
    if not args.comparison_output:
        return []
    if [c.name for c in conventions] != ["bionlp"]:
        raise FormatError(args.comparison_output, 0, "-d writes the BioNLP merged standoff",
                          "-d only with --convention bionlp")
    from evmeval.conventions.bionlp import merged_names
    return [os.path.join(args.comparison_output, n) for n in merged_names(args.system)]


def alone(convention: Convention) -> str:
    """What `all` says instead of a switchboard when one convention reads the files and measures none of the
    switchboard's rows (MAVEN, MAVEN-ERE, BioNLP): a table of dashes would say nothing."""
    shared = sorted({FORMATS[f] for f in FORMATS if sum(c.reads(f) for c in REGISTRY.values()) > 1})
    return (f"Switchboard: no other convention reads {FORMATS[convention.format]} input, so {convention.name} has "
            f"nothing to be set beside (conventions are compared side by side on {' and '.join(shared)} input)\n")


def check_formats(conventions: Sequence[Convention], gold: Input, system: Input) -> None:
    """Each input of a format every convention reads; an empty (0-byte) system file passes where each
    convention scores it as a submission predicting nothing (with a warning)."""
    for source in (gold, system):
        if source is system and source.data == b"" and all(c.empty_submission for c in conventions):
            continue
        found = detect_format(source)
        for convention in conventions:
            if not (convention.reads_gold(found) if source is gold else convention.reads(found)):
                raise FormatError(display_name(source.path), 1, f"a {FORMATS[found]} file; the convention "
                                  f"{convention.name} reads {FORMATS[convention.format]}",
                                  f"a {FORMATS[convention.format]} file")


HtmlRenderer = Callable[[Switchboard, Fingerprint, str, str], str]
"""(switchboard, fingerprint, gold path, system path) -> the page; the report layer gives it."""


def score_under(conventions: Sequence[Convention], gold: Input, system: Input) -> list[ConventionResult]:
    """Each convention's result, after checking that it reads both files' format (`check_formats`):
    `evmeval-score --convention` and `evmeval.score_convention`."""
    check_formats(conventions, gold, system)
    return [with_dropped(convention.score(gold, system), convention.grounded, system) for convention in conventions]


def _prepared(args: argparse.Namespace, gold: Input, system: Input,
              prog: str) -> tuple[list[Convention], Input] | None:
    """`prepare`'s conventions and system input; None (said on stderr) for a bad rule or option; bad input raises."""
    uie = args.convention == "uie"
    try:
        options = checked_options(args.match_mode, args.grounding if uie else None)
    except ValueError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return None
    try:
        conventions, system = prepare(args.convention, gold, system, None if uie else args.grounding)
    except FormatError:
        raise
    except ValueError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return None
    names = [c.name for c in conventions]
    if (args.coref_file and names != ["gen-arg"]) or (args.ontology and names not in (["gen-arg"], ["maven-arg"],
                                                                                       ["omnievent"])):
        readers = "" if args.coref_file else ", --convention maven-arg and --convention omnievent"
        print(f"{prog}: error: {'--coref-file' if args.coref_file else '--ontology'} is read by --convention "
              f"gen-arg{readers} only", file=sys.stderr)
        return None
    if args.match_mode and not uie:
        print(f"{prog}: error: --match-mode is read by --convention uie only", file=sys.stderr)
        return None
    if (refusal := regime_refusal(args.regime, names)) is not None:
        print(f"{prog}: error: {refusal}", file=sys.stderr)
        return None
    return conventions, with_companions(system, ontology=args.ontology, coref_file=args.coref_file,
                                        regime=args.regime, **options)


def _refusal(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """Why the options cannot run together (exit 2), or None."""
    if (option := _v18_only(parser, args)) is not None:
        return f"{option} is a tbf option; with --convention only -g, -s, -o, --json, --html (and -d for bionlp) apply"
    if args.convention != "all" and args.convention not in REGISTRY:
        return f"unknown convention {args.convention!r} (expected one of: {', '.join(REGISTRY)}, all)"
    return ladder_refusal(args)


def _ladder(args: argparse.Namespace, gold: Input, system: Input, cache: dict[str, bytes],
            agree: Agree | None) -> LadderRun | None:
    """`--ladder`: the ladder of the grounded run (the judgement files' hash is over the files as given)."""
    if not args.ladder:
        return None
    return run_ladder(gold, system, cache.get(args.system, b""), **ladder_options(args, cache), agree=agree)


def full_report(results: Sequence[ConventionResult], grounding: Grounding | None, board: Switchboard | None,
                every: bool, ladder: LadderRun | None = None, arguments: ArgumentBoard | None = None) -> str:
    """The text report, one source for `evmeval-score --convention` and `ConventionScores.report()`: the tables
    (with what grounding left out), the ladder, the switchboard (or, under `all` (`every`), why there is none),
    then the arguments under every argument convention."""
    report = format_report(results, results[0].fingerprint, grounding)
    if ladder is not None:
        report += ladder.text() + "\n"
    if board is not None:
        report += "\n" + format_switchboard(board)
    elif every:
        report += "\n" + alone(REGISTRY[results[0].name])
    return report + ("\n" + format_argument_board(arguments) if arguments is not None else "")


def run_conventions(parser: argparse.ArgumentParser, args: argparse.Namespace, prog: str,
                    render_html: HtmlRenderer | None = None, agree: Agree | None = None) -> int:
    """Score `args.gold` against `args.system` under `args.convention`; 1 on bad input, 2 on bad options.
    With `all` (or `--html`) the switchboard follows: the conventions side by side, and what flips."""
    if (refusal := _refusal(parser, args)) is not None:
        print(f"{prog}: error: {refusal}", file=sys.stderr)
        return 2
    try:
        refuse_stdin_twice([args.gold, args.system, *ladder_inputs(args)])
        cache: dict[str, bytes] = {}
        named = REGISTRY.get(args.convention)
        streamed = named is not None and named.streams and not args.html  # --html: its outcomes share one parse
        gold = read_input(args.gold, cache, streamed)
        system = read_input(args.system, cache, streamed and not named.empty_submission)  # type: ignore[union-attr]
        prepared = _prepared(args, gold, system, prog)
        if prepared is None:
            return 2
        conventions, system = prepared
        if args.html and not any(c.comparable for c in conventions):
            print(f"{prog}: error: --html draws the switchboard, and {', '.join(c.name for c in conventions)} "
                  "measures none of its rows (expected --json, or --html with TextEE or DyGIE++ files)",
                  file=sys.stderr)
            return 2
        merged = merged_output(args, conventions)
        check_output_paths([args.output, args.json, args.html, *merged], [args.gold, args.system, *ladder_inputs(args)],
                           input_folders=[(f, ("",)) for f in (args.gold, args.system) if os.path.isdir(f)],
                           new_folders=[args.comparison_output] if merged else [])
        results = score_under(conventions, gold, system)
        ladder = _ladder(args, gold, system, cache, agree)
        wanted = (args.convention == "all" or args.html) and any(c.comparable for c in conventions)
        board = switchboard(conventions, results, gold, system) if wanted else None
        arguments = arguments_of(conventions, gold, system, board) if args.convention == "all" else None
        if merged:
            from evmeval.conventions.bionlp import write_merged
            write_merged(gold, system, args.comparison_output)
    except FormatError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 1
    for result in results:
        for warning in result.warnings:
            print(f"{prog}: warning: {result.name}: {warning}", file=sys.stderr)
    fingerprint = results[0].fingerprint
    report = full_report(results, system.grounding, board, args.convention == "all", ladder, arguments)
    try:
        if args.output:
            write_atomic(args.output, report)
        else:
            sys.stdout.write(report)
        if args.json:
            made = report_json(results, fingerprint, board, system.grounding, ladder, arguments)
            write_atomic(args.json, json.dumps(made, indent=1) + "\n")
        if args.html and board is not None and render_html is not None:
            write_atomic(args.html, render_html(board, fingerprint, display_name(args.gold), display_name(args.system)))
    except FormatError as exc:  # a full disk: one line, and the run's other outputs are not kept
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 1
    return 0
