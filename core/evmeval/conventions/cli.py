"""`evmeval-score --convention NAME`: score JSONL event-extraction files under a published scorer's
rules. Imported only when the option is given, so the default tbf/v1.8 run stays as fast as it was."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from evmeval._util.schemas import schema_tag
from evmeval.conventions import FILE_FORMATS, FORMATS, REGISTRY, detect_format, is_paie_log_input, is_strings
from evmeval.conventions.base import Convention, ConventionResult, Fingerprint, Input, side_by_side
from evmeval.conventions.ladder_args import ladder_inputs, ladder_refusal
from evmeval.conventions.options import ConventionOptions, prepare_with
from evmeval.io.errors import FormatError
from evmeval.io.loading import refuse_stdin_twice
from evmeval.io.reading import STDIN, display_name, read_bytes
from evmeval.io.writing import check_output_paths, write_atomic

if TYPE_CHECKING:  # the ladder, the switchboard, the matching switch and strings are imported where a run uses them
    from evmeval.conventions.argument_pivot import ArgumentBoard
    from evmeval.conventions.ladder_run import Agree, CandidateWriter, CurationVerdicts, LadderRun
    from evmeval.conventions.one_to_one import MatchingSwitch
    from evmeval.conventions.strings import Grounding
    from evmeval.conventions.switchboard import Switchboard

KEPT = {"help", "gold", "system", "output", "json", "html", "convention", "debug", "strict", "version",
        "comparison_output", "grounding", "ontology", "coref_file", "match_mode", "ladder", "matching",
        "ladder_threshold", "judgements", "agree_with", "candidates", "window_size", "regime", "head_only"}
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


def _read_inputs(args: argparse.Namespace, cache: dict[str, bytes]) -> tuple[Input, Input, bool]:
    """The two inputs (`read_input`), and whether `all` leaves them unread for `streamed_all`: two regular files,
    no `--matching` or `--ladder` (which share one parse), and a system file neither empty (an empty submission's
    rules read its bytes) nor string predictions or PAIE's log (grounded or read whole by their conventions)."""
    named = REGISTRY.get(args.convention)
    # --html and --matching: their outcomes and matches share one parse
    streamed = named is not None and named.streams and not args.html and args.matching is None
    every = (args.convention == "all" and args.matching is None and not args.ladder and args.gold != args.system
             and all(p != STDIN and os.path.isfile(p) for p in (args.gold, args.system)))
    if every:
        probe = Input(args.system)
        every = os.path.getsize(args.system) > 0 and not is_strings(probe) and not is_paie_log_input(probe)
    gold = read_input(args.gold, cache, streamed or every)
    system = read_input(args.system, cache, every or (streamed and not named.empty_submission))  # type: ignore[union-attr]
    return gold, system, every


Boards = tuple["Switchboard", "ArgumentBoard"]
"""A TextEE pair's switchboard and argument board, made a document at a time."""


def streamed_all(conventions: Sequence[Convention], gold: Input, system: Input, cache: dict[str, bytes],
                 every_flip: bool = True) -> tuple[Input, Input, Boards | None]:
    """`all` on two files left unread (`_read_inputs`): a TextEE pair's switchboard and argument board made a
    document at a time, by the window's path (`corpus_stream.streamed_boards`), the inputs as given; the inputs as
    given where every convention streams them itself and nothing is set side by side (MAVEN, MAVEN-ERE); else
    their bytes, read once, for the whole files' path (which also words any problem the streams met).
    `every_flip=False` (no `--json` or `--html`): the streamed boards keep only the flips the text lists."""
    names = {c.name for c in conventions}
    plain = not system.options and not system.companions and system.grounding is None
    if plain and not side_by_side(conventions) and all(c.streams for c in conventions) \
            and names.isdisjoint({"textee", "omnievent"}):  # `arguments_of` reads nothing either
        return gold, system, None
    boards = None
    if plain and side_by_side(conventions):
        from evmeval.conventions.corpus_stream import streamed_boards
        from evmeval.conventions.switchboard import EXAMPLES

        try:
            check_formats(conventions, gold, system)
            boards = streamed_boards(conventions, gold, system, None if every_flip else EXAMPLES)
        except FormatError:
            boards = None
    if boards is not None:
        return gold, system, boards
    whole = [replace(source, data=read_input(source.path, cache).data) if source.data is None else source
             for source in (gold, system)]
    return whole[0], whole[1], None


def json_pieces(made: dict[str, Any]) -> Iterator[str]:
    """`json.dumps(made, indent=1)` and a newline, in the pieces its encoder makes (`write_atomic` writes them as
    they come): with `report_json(lazy=True)`, a large corpus's flips are never in memory as objects or text."""
    yield from json.JSONEncoder(indent=1).iterencode(made)
    yield "\n"


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
    dropped = ""
    if grounding is not None:
        from evmeval.conventions.strings import dropped_note
        from evmeval.conventions.switchboard import describe

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
                ladder: LadderRun | None = None, arguments: ArgumentBoard | None = None,
                switches: dict[str, MatchingSwitch] | None = None, lazy: bool = False) -> dict[str, Any]:
    """`evmeval-score --convention --json`'s object (`lazy`: the flips' objects made as `json_pieces` writes them,
    `PairFlips.to_json`)."""
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
        out["switchboard"] = board.to_json(lazy)
    if ladder is not None:
        out["ladder"] = ladder.to_json()
    if switches:
        out["matching_switch"] = {name: switch.to_json() for name, switch in switches.items()}
    if arguments is not None:
        out["arguments"] = arguments.to_json(lazy)
    return out


def arguments_of(conventions: Sequence[Convention], gold: Input, system: Input, board: Switchboard | None = None,
                 results: Sequence[ConventionResult] = ()) -> ArgumentBoard | None:
    """`all` on a run whose conventions score arguments under one convention only: its arguments under every
    argument convention that reads it (TextEE: `argument_pivot`; OmniEvent lines with `arguments`:
    `omnievent_pivot`, `results` holding omnievent's when scored); None otherwise (string predictions already have
    ours for strings beside textee)."""
    names = [c.name for c in conventions]
    if "omnievent" in names:
        from evmeval.conventions.omnievent_pivot import omnievent_board

        return omnievent_board(gold, system, next((r for r in results if r.name == "omnievent"), None))
    if "textee" not in names or "strings" in names:
        return None
    from evmeval.conventions.argument_pivot import argument_board

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


def alone(results: Sequence[ConventionResult]) -> str:
    """What `all` says instead of a switchboard when the conventions that read the files measure none of the
    switchboard's rows (MAVEN, MAVEN-ERE, BioNLP alone): a table of dashes
    would say nothing."""
    compared = sorted({FORMATS[f] for f in FORMATS
                       if sum(c.reads_gold(f) and bool(c.comparable) for c in REGISTRY.values()) > 1})
    listed = ", ".join(compared[:-1]) + f" and {compared[-1]}" if len(compared) > 1 else "".join(compared)
    where = f"(conventions are compared side by side on {listed} input)\n"
    if len(results) > 1:
        names = [r.name for r in results]
        return (f"Switchboard: {', '.join(names[:-1])} and {names[-1]} measure none of its rows, their tables are "
                f"above " + where)
    convention = REGISTRY[results[0].name]
    if any(c.reads(convention.format) for c in REGISTRY.values() if c is not convention):  # paie on strings
        return (f"Switchboard: only {convention.name} reads these predictions beside {FORMATS[convention.format]} "
                "gold, so it has nothing to be set beside " + where)
    return (f"Switchboard: no other convention reads {FORMATS[convention.format]} input, so {convention.name} has "
            "nothing to be set beside " + where)


def check_formats(conventions: Sequence[Convention], gold: Input, system: Input) -> None:
    """Each input of a format every convention reads; an empty (0-byte) system file passes where each
    convention scores it as a submission predicting nothing (with a warning)."""
    for source in (gold, system):
        if source is system and source.data == b"" and all(c.empty_submission for c in conventions):
            continue
        found = ("strings" if is_strings(source) else "paie-log" if is_paie_log_input(source) else "") \
            if source is system else ""
        found = found or detect_format(source)
        for convention in conventions:
            if not (convention.reads_gold(found) if source is gold else convention.reads(found)):
                raise FormatError(display_name(source.path), 1, f"a {FILE_FORMATS[found]} file; the convention "
                                  f"{convention.name} reads {FORMATS[convention.format]}",
                                  f"a {FORMATS[convention.format]} file")


HtmlRenderer = Callable[["Switchboard", Fingerprint, str, str, "dict[str, MatchingSwitch] | None"], str]
"""(switchboard, fingerprint, gold path, system path, the matching switch of `--matching optimal` or None) ->
the page; the report layer gives it."""


def score_under(conventions: Sequence[Convention], gold: Input, system: Input) -> list[ConventionResult]:
    """Each convention's result, after checking that it reads both files' format (`check_formats`):
    `evmeval-score --convention` and `evmeval.score_convention`."""
    check_formats(conventions, gold, system)
    if system.grounding is None:  # nothing was dropped: strings' module is imported only for string predictions
        return [convention.score(gold, system) for convention in conventions]
    from evmeval.conventions.strings import with_dropped

    return [with_dropped(convention.score(gold, system), convention.grounded, system) for convention in conventions]


def prepared_inputs(args: argparse.Namespace, gold: Input, system: Input,
              prog: str) -> tuple[list[Convention], Input] | None:
    """`prepare_with`'s conventions and system input; None (said on stderr) for a bad rule or option; bad input
    raises."""
    try:
        return prepare_with(args.convention, gold, system, options_of(args))
    except FormatError:
        raise
    except ValueError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return None


def options_of(args: argparse.Namespace) -> ConventionOptions:
    """The convention's own options the command line gave (`add_convention_inputs`: evmeval-score's and
    evmeval-compare's)."""
    return ConventionOptions(args.grounding, args.ontology, args.coref_file, args.match_mode, args.window_size,
                             args.regime, args.head_only)


def _refusal(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """Why the options cannot run together (exit 2), or None."""
    if (option := _v18_only(parser, args)) is not None:
        return f"{option} is a tbf option; with --convention only -g, -s, -o, --json, --html (and -d for bionlp) apply"
    if args.convention != "all" and args.convention not in REGISTRY:
        return f"unknown convention {args.convention!r} (expected one of: {', '.join(REGISTRY)}, all)"
    return ladder_refusal(args)


Curations = tuple["CandidateWriter", "CurationVerdicts"]
"""Candidate gold additions into a curation, and a person's curation read back (`evmeval.report.candidate_curation`)."""


def _ladder(args: argparse.Namespace, gold: Input, system: Input, cache: dict[str, bytes],
            agree: Agree | None, curations: Curations | None) -> tuple[LadderRun | None, str]:
    """`--ladder`: the ladder of the grounded run (the judgement files' hash is over the files as given), and
    with `--candidates` its candidate gold additions written as a curation (what was written, said)."""
    if not args.ladder:
        return None, ""
    from evmeval.conventions.ladder import candidate_gold_additions
    from evmeval.conventions.ladder_run import ladder_options, run_ladder

    run = run_ladder(gold, system, cache.get(args.system, b""), **ladder_options(args, cache), agree=agree,
                     curated=curations[1] if curations else None)
    if not args.candidates or curations is None:
        return run, ""
    inputs = [args.gold, args.system, *ladder_inputs(args)]
    sets = curations[0](args.candidates, gold, candidate_gold_additions(run.ladder), inputs)
    written = f"{sets.triggers} trigger(s)" + (f", {sets.arguments} argument(s)" if sets.arguments else "")
    left = f"; {sets.unplaced} not in the text left out: they have no span" if sets.unplaced else ""
    return run, (f"Candidate gold additions written for curation: {os.path.join(args.candidates, 'curation.json')} "
                 f"({written}{left}); open gold.tbf and judge.tbf in the Agreement mode, "
                 "curate, and import it\n")


def full_report(results: Sequence[ConventionResult], grounding: Grounding | None, board: Switchboard | None,
                every: bool, ladder: LadderRun | None = None, arguments: ArgumentBoard | None = None,
                switches: dict[str, MatchingSwitch] | None = None) -> str:
    """The text report, one source for `evmeval-score --convention` and `ConventionScores.report()`: the tables
    (with what grounding left out), the ladder, the switchboard (or, under `all` (`every`), why there is none),
    then the arguments under every argument convention."""
    report = format_report(results, results[0].fingerprint, grounding)
    if board is not None or arguments is not None:
        from evmeval.conventions.argument_pivot import format_argument_board
        from evmeval.conventions.switchboard import format_switchboard
    if ladder is not None:
        report += ladder.text() + "\n"
    report += "".join(switch.text() + "\n" for switch in (switches or {}).values())
    if board is not None:
        report += "\n" + format_switchboard(board)
    elif every and arguments is None:  # otherwise the arguments' board below sets it beside another
        report += "\n" + alone(results)
    return report + ("\n" + format_argument_board(arguments) if arguments is not None else "")


def _html_refusal(name: str, conventions: Sequence[Convention]) -> str | None:
    """Why `--html` cannot go with the conventions (None: it can; OmniEvent's lines under `all` are drawn as their
    arguments' board, `_drawn`)."""
    if any(c.comparable for c in conventions) or (name == "all" and any(c.name == "omnievent" for c in conventions)):
        return None
    return (f"--html draws the switchboard, and {', '.join(c.name for c in conventions)} measures none of its rows "
            "(expected --json, or --html with TextEE, DyGIE++, RAMS or WikiEvents files, or OmniEvent lines with "
            "arguments under --convention all)")


def _drawn(args: argparse.Namespace, board: Switchboard | None, arguments: ArgumentBoard | None) -> Switchboard | None:
    """What `--html` draws: the switchboard, else (OmniEvent's lines) the arguments' board; a `FormatError` when
    OmniEvent's lines carry no `arguments` to draw."""
    if not args.html or board is not None:
        return board if args.html else None
    if arguments is None:
        raise FormatError(display_name(args.system), 1, "no arguments on the lines: --html draws OmniEvent's "
                          "argument extraction beside MAVEN-Arg's scorer", "an `arguments` list on each prediction "
                          "line (docs/formats.md), or --json")
    return arguments.board


def _compared(args: argparse.Namespace, conventions: Sequence[Convention], results: Sequence[ConventionResult],
              gold: Input, system: Input) -> tuple[Switchboard | None, ArgumentBoard | None]:
    """The switchboard (under `all` of conventions side by side, or for `--html`) and, under `all`, the arguments
    under every argument convention (`arguments_of`), from the whole files."""
    wanted = (args.convention == "all" and side_by_side(conventions)) or (
        args.html and any(c.comparable for c in conventions))
    if wanted:
        from evmeval.conventions.switchboard import switchboard
    board = switchboard(conventions, results, gold, system) if wanted else None
    return board, arguments_of(conventions, gold, system, board, results) if args.convention == "all" else None


def run_conventions(parser: argparse.ArgumentParser, args: argparse.Namespace, prog: str,
                    render_html: HtmlRenderer | None = None, agree: Agree | None = None,
                    curations: Curations | None = None) -> int:
    """Score `args.gold` against `args.system` under `args.convention`; 1 on bad input, 2 on bad options.
    With `all` (or `--html`) the switchboard follows: the conventions side by side, and what flips."""
    if (refusal := _refusal(parser, args)) is not None:
        print(f"{prog}: error: {refusal}", file=sys.stderr)
        return 2
    try:
        refuse_stdin_twice([args.gold, args.system, *ladder_inputs(args)])
        cache: dict[str, bytes] = {}
        gold, system, every = _read_inputs(args, cache)
        prepared = prepared_inputs(args, gold, system, prog)
        if prepared is None:
            return 2
        conventions, system = prepared
        switched = args.matching == "optimal" and not args.ladder
        if switched:
            from evmeval.conventions.one_to_one import matching_switches, switch_refusal
        if switched and (refusal := switch_refusal(conventions, list(REGISTRY.values()))) is not None:
            print(f"{prog}: error: {refusal}", file=sys.stderr)
            return 2
        if args.html and (refusal := _html_refusal(args.convention, conventions)) is not None:
            print(f"{prog}: error: {refusal}", file=sys.stderr)
            return 2
        merged = merged_output(args, conventions)
        check_output_paths([args.output, args.json, args.html, *merged], [args.gold, args.system, *ladder_inputs(args)],
                           input_folders=[(f, ("",)) for f in (args.gold, args.system) if os.path.isdir(f)],
                           new_folders=[args.comparison_output] if merged else [])
        boards = None
        if every:  # after the options and output paths are checked: this reads the files
            gold, system, boards = streamed_all(conventions, gold, system, cache, bool(args.json or args.html))
        results = list(boards[0].results) if boards is not None else score_under(conventions, gold, system)
        ladder, written = _ladder(args, gold, system, cache, agree, curations)
        switches = matching_switches(conventions, results, gold, system) if switched else None
        board, arguments = boards or _compared(args, conventions, results, gold, system)
        drawn = _drawn(args, board, arguments)
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
    report = full_report(results, system.grounding, board, args.convention == "all", ladder, arguments, switches)
    report += written
    try:
        if args.output:
            write_atomic(args.output, report)
        else:
            sys.stdout.write(report)
        if args.json:
            made = report_json(results, fingerprint, board, system.grounding, ladder, arguments, switches, lazy=True)
            write_atomic(args.json, json_pieces(made))
        if drawn is not None and render_html is not None:
            write_atomic(args.html, render_html(drawn, fingerprint, display_name(args.gold), display_name(args.system),
                                                switches))
    except FormatError as exc:  # a full disk: one line, and the run's other outputs are not kept
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 1
    return 0
