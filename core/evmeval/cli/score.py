"""Command-line front ends: `evmeval-score` and `evmeval-validate`. Thin: parse options, call core.

Bad input ends with `file:line: what is wrong (expected ...)` on stderr and exit code 1, never a
traceback; what the published scorer scores past is scored as it does, with `evmeval-score: warning:
file:line: ...` on stderr (`--strict`: an error, exit 1, nothing written).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from evmeval._util.lazy_import import lazy_function
from evmeval.cli.alignment import alignment_conflict
from evmeval.cli.console import finish
from evmeval.cli.coref import (
    check_coref_arguments,
    coref_output_paths,
    run_coreference,
    threshold_warnings,
)
from evmeval.cli.fastpath import run_kernel, wants_kernel
from evmeval.cli.help import command_parser
from evmeval.cli.score_options import PROG, score_parser
from evmeval.io.errors import FormatError, Problem
from evmeval.io.reading import STDIN, read_text, refuse_stdin_twice
from evmeval.io.tbf import parse_tbf, py2_int
from evmeval.io.tokens import DEFAULT_EXTENSION, parse_offset_fields
from evmeval.io.writing import check_output_paths, input_folders, write_atomic
from evmeval.model import SpanMode
from evmeval.report.text import assemble_report

if TYPE_CHECKING:  # the Python path's modules are imported only when it runs: a run on the C kernel starts faster
    from evmeval._util.forked import Forked
    from evmeval.cli.sequencing import SequencingRun
    from evmeval.io.loading import LoadedInputs

MAX_WARNINGS = 20


def _warn(messages: Sequence[str], args: argparse.Namespace) -> bool:
    """Print the warnings (the first ones, all with -b); True when they stop the run (`--strict`)."""
    kind = "error" if args.strict else "warning"
    shown = messages if args.debug else messages[:MAX_WARNINGS]
    for message in shown:
        print(f"{PROG}: {kind}: {message}", file=sys.stderr)
    if len(messages) > len(shown):
        print(f"{PROG}: {kind}: ... and {len(messages) - len(shown)} more (use -b to see all)", file=sys.stderr)
    if args.strict and messages:
        print(f"{PROG}: error: {len(messages)} warning(s) are errors with --strict; nothing written", file=sys.stderr)
        return True
    return False


def _fail(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return 1


def _input_warnings(inputs: LoadedInputs) -> list[str]:
    """What the published scorer would not stop for (the window lists the same: `evmeval.io.input_checks`)."""
    from evmeval.io.input_checks import input_warnings

    return input_warnings(inputs)


@dataclass
class _Run:
    """What one `evmeval-score` run writes: the report, the JSON (built only if asked for), the
    comparison file, the sequencing folder, and its own warnings."""

    report: str
    data: Callable[[], dict[str, Any]]
    warnings: list[str]
    comparison: str | bytes | None = None
    sequencing: SequencingRun | None = None
    files: Sequence[tuple[str, str | bytes]] = ()
    """The `-c` files, written before the report."""


def _v18_fallbacks(args: argparse.Namespace) -> list[str]:
    """Options v1.8 only logs and then replaces, as it does (warned): `-of` with a piece that is not a
    whole number (Python 2's `int()` fails: v1.8 keeps columns 2,3) or with more than two (v1.8 uses the
    first two), and `-t` naming no folder (v1.8 stays in token mode and looks in the current folder)."""
    warnings = []
    numbers = [py2_int(piece) for piece in args.offset_field.split(",")]
    if any(n is None for n in numbers):
        warnings.append(f"-of {args.offset_field}: not column numbers; v1.8 logs an error and reads columns 2,3, "
                        "so do we (expected two column numbers like 2,3)")
        args.offset_field = "2,3"
    elif len(numbers) > 2 and all(n is not None and n >= 0 for n in numbers[:2]):
        warnings.append(f"-of {args.offset_field}: {len(numbers)} column numbers; v1.8 reads the first two, "
                        f"{numbers[0]},{numbers[1]}, so do we (expected two column numbers like 2,3)")
        args.offset_field = f"{numbers[0]},{numbers[1]}"
    if args.token_path is not None and not os.path.isdir(args.token_path):
        warnings.append(f"-t {args.token_path}: no such folder; v1.8 stays in token mode and looks for the token "
                        "tables in the current folder, so do we (expected a folder of <doc id>"
                        f"{args.token_table_extension} token tables)")
        args.token_path = os.curdir
    return warnings


def _check_options(args: argparse.Namespace) -> str | None:
    """What is wrong with the options themselves, before any file is touched (None: nothing)."""
    try:
        parse_offset_fields(args.offset_field)
    except ValueError as exc:
        return f"-of: {exc}"
    if (conflict := alignment_conflict(args)) is not None:
        return conflict
    try:
        check_coref_arguments(args)
    except ValueError as exc:
        return str(exc)
    return None


def _casie_inputs(args: argparse.Namespace) -> dict[str, bytes] | None:
    """CASIE inputs (a `.json` file or a folder of them) as tbf bytes, scored as tbf is: nuggets are
    character-span mentions with `type.subtype` and realis, hoppers coreference (None: no CASIE input).
    A tbf run imports none of the JSON readers: only a folder or a `.json` file is looked at."""
    if not any(p != STDIN and (p.endswith(".json") or os.path.isdir(p)) for p in (args.gold, args.system)):
        return None
    from evmeval.io.casie import is_casie, tbf_bytes

    found = [path for path in (args.gold, args.system) if path != STDIN and is_casie(path)]
    if not found:
        return None
    if args.token_path is not None:
        raise FormatError(found[0], 0, "CASIE spans are character offsets: no token tables apply",
                          "CASIE files without -t")
    return {path: tbf_bytes(path) for path in found}


def _refuse_convention_files(args: argparse.Namespace, preread: dict[str, bytes] | None) -> None:
    """A JSONL input given without `--convention` is named with the convention that reads it (it was "too few
    fields" of a tbf line). Only a regular file whose first byte is `{` is looked at (a tbf run reads one block
    more and imports nothing; a pipe is never read twice)."""
    for path in (args.gold, args.system):
        if path == STDIN or (preread and path in preread) or not os.path.isfile(path):
            continue
        try:
            with open(path, "rb") as handle:
                head = handle.read(4096).lstrip().removeprefix(b"\xef\xbb\xbf").lstrip()
        except OSError:
            continue  # the reader's own message names the failure
        if head[:1] == b"{":
            from evmeval.conventions import convention_hint

            if (error := convention_hint(path)) is not None:
                raise error


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse, before any work, outputs that would land on an input (token tables included)."""
    inputs_read = [args.gold, args.system] + ([args.type_white_list] if args.type_white_list else [])
    refuse_stdin_twice(inputs_read)
    folders = input_folders(args.token_path, args.token_table_extension)
    folders += [(path, (".json",)) for path in (args.gold, args.system) if os.path.isdir(path)]  # CASIE folders
    sequencing_files: list[str] = []
    if args.sequencing:
        from evmeval.cli.sequencing import check_folder, folder_outputs

        check_folder(args.sequencing)
        sequencing_files = folder_outputs(args.sequencing)
    check_output_paths([args.output, args.comparison_output, args.json, *coref_output_paths(args.coref),
                        *sequencing_files], inputs_read, input_folders=folders,
                       new_folders=[args.sequencing] if args.sequencing else [])


def _pilot_run(args: argparse.Namespace, inputs: LoadedInputs, whitelist: frozenset[str] | None) -> _Run:
    from evmeval.mention.pilot2015 import score_pilot
    from evmeval.report.pilot2015 import format_pilot_report

    pilot = score_pilot(inputs.gold, inputs.system, tokens=inputs.tokens, type_whitelist=whitelist,
                        doc_id=args.doc_id_to_eval)
    run = _Run(format_pilot_report(pilot), pilot.to_json, list(pilot.warnings))
    if args.comparison_output:
        run.warnings.append("-d is a v1.8 output; with --profile 2015 no comparison file is written")
    if args.sequencing:
        run.warnings.append("-a is a v1.8 output; with --profile 2015 sequencing is not scored")
    return run


def _v18_run(args: argparse.Namespace, inputs: LoadedInputs, whitelist: frozenset[str] | None) -> _Run:
    """Mentions, then coreference (-c) and sequencing (-a), in the published report's order."""
    from evmeval.mention.scoring import score_files  # the Python path's: a run on the C kernel needs neither
    from evmeval.report.run import scheme_report

    result = score_files(inputs.gold, inputs.system, type_whitelist=whitelist, doc_id=args.doc_id_to_eval,
                         mapping=args.mapping)
    report, data = scheme_report(result, args.scheme)
    warnings = list(result.warnings)
    coref = run_coreference(args, result, inputs) if args.coref else None
    if coref is not None:
        warnings += list(coref.warnings)
        data = partial(coref.add_json, data)
    sequencing = None
    if args.sequencing:
        from evmeval.cli.sequencing import run_sequencing, with_sequencing

        sequencing = run_sequencing(args, inputs, result, filtered=whitelist is not None, want_json=bool(args.json))
        warnings += sequencing.result.warnings
        data = partial(with_sequencing, data, sequencing)
    report = assemble_report(report, coreference=coref.section if coref is not None else None,
                             sequencing=sequencing.report_section if sequencing is not None else None)
    comparison = None
    if args.comparison_output:
        from evmeval.report.comparison import abbreviated_spans, format_comparison  # imported only when asked for

        comparison = format_comparison(result, coref.comparison_lines if coref is not None else None)
        warnings += abbreviated_spans(result, inputs.gold.path, inputs.system.path)
    if args.ci:  # numpy is imported only when asked for: plain scoring starts faster without it
        from evmeval.report.compare_json import with_micro_ci

        data = partial(with_micro_ci, data, result)
    return _Run(report, data, warnings, comparison, sequencing, coref.files if coref is not None else ())


def _write(args: argparse.Namespace, run: _Run) -> None:
    for path, content in run.files:
        write_atomic(path, content)
    if args.output:
        write_atomic(args.output, run.report)
    else:
        sys.stdout.write(run.report)
    if run.comparison is not None:
        write_atomic(args.comparison_output, run.comparison)
    if run.sequencing is not None:
        run.sequencing.write_folder()
    if args.json:
        from evmeval._util.schemas import with_schema
        from evmeval.report.json_report import iter_dumps  # imported only when asked for

        # written as made: the text never whole in memory
        write_atomic(args.json, iter_dumps(with_schema("score", run.data())))


def _convention_option(args: argparse.Namespace) -> str | None:
    """Why an option of --convention given without it cannot run, or None."""
    if args.grounding is not None:
        return "--grounding grounds string predictions for --convention: give --convention strings (or all)"
    if args.matching == "optimal" and not args.ladder:
        return "--matching optimal re-scores a convention's figures one to one: give --convention NAME"
    if (args.ladder or args.judgements or args.agree_with or args.matching or args.candidates
            or args.ladder_threshold is not None):
        return "--ladder and its options climb from the exact matches of string predictions: give --convention strings"
    if args.match_mode is not None:
        return "--match-mode is UIE's match mode: give --convention uie"
    if args.regime is not None:
        return "--regime is OmniEvent's paradigm: give --convention omnievent"
    if args.head_only:
        return "--head-only is gen-arg's head F1: give --convention gen-arg"
    return None


def score_main(argv: Sequence[str] | None = None, *, fork_checks: bool = False) -> int:
    """`evmeval-score`; `fork_checks`: check the inputs in a forked child (only `score_entry` forks)."""
    parser = score_parser()  # evmeval.cli.score_options: the console entry parsed with it already
    args = parser.parse_args(argv)
    if args.convention is None and (problem := _convention_option(args)) is not None:
        parser.error(problem)
    if args.convention is not None:  # imported only then: the default tbf run loads none of it
        from evmeval.conventions.cli import run_conventions

        # the switchboard's page, the judges' agreement and the curation only when their options ask for them
        curation = "evmeval.report.candidate_curation"
        return run_conventions(parser, args, PROG,
                               lazy_function("evmeval.report.switchboard_html", "format_switchboard_html"),
                               lazy_function("evmeval.agreement.judges", "judge_agreement"),
                               (lazy_function(curation, "write_candidate_curation"),
                                lazy_function(curation, "curation_verdicts")))
    if args.html:
        parser.error("--html writes the switchboard of --convention: give --convention NAME or all")
    if args.ci and (not args.json or args.profile != "v1.8"):
        parser.error("--ci adds intervals to the --json output of the v1.8 profile: give --json FILE")
    fallbacks = _v18_fallbacks(args)
    if (problem := _check_options(args)) is not None:
        return _fail(problem)
    checks: Forked[list[str]] | None = None
    option_warnings = fallbacks + threshold_warnings(args)
    try:
        _check_outputs(args)
        preread = _casie_inputs(args)
        _refuse_convention_files(args, preread)
        if preread is None and wants_kernel(args):  # the C kernel's common case; it hands anything unusual back
            outcome = run_kernel(args)
            if isinstance(outcome, dict):
                preread = outcome
            else:
                if _warn(outcome.warnings + option_warnings, args):
                    return 1
                _write(args, _Run(outcome.report, outcome.data, outcome.warnings, outcome.comparison,
                                  outcome.sequencing, outcome.coref.files if outcome.coref is not None else ()))
                return 0
        from evmeval._util.forked import Forked
        from evmeval.io.loading import load_inputs, read_type_whitelist

        inputs = load_inputs(args.gold, args.system, token_dir=args.token_path,
                             extension=args.token_table_extension,
                             offset_fields=parse_offset_fields(args.offset_field), preread=preread)
        # Forked after loading: every input is read exactly once (pipes and `-` can only be read once),
        # and the child checks token ids on the second core while this process scores.
        checks = Forked(lambda: _input_warnings(inputs), fork=fork_checks)
        whitelist_problems: list[Problem] = []
        whitelist = read_type_whitelist(args.type_white_list, whitelist_problems) if args.type_white_list else None
        if args.doc_id_to_eval is not None and args.doc_id_to_eval not in inputs.gold.documents:
            raise FormatError(args.gold, 0, f"document {args.doc_id_to_eval!r} (-dn) is not in the gold file",
                              "a document id of the gold file")
        run = (_pilot_run if args.profile == "2015" else _v18_run)(args, inputs, whitelist)
        warnings, checks = checks.result(), None
        if _warn(warnings + [str(p) for p in whitelist_problems] + run.warnings + option_warnings, args):
            return 1
        _write(args, run)
    except FormatError as exc:
        if checks is not None:  # stop the checking child: no zombie process, no open pipe
            checks.cancel()
        return _fail(str(exc))
    return 0


def score_entry() -> None:
    """Console entry point of `evmeval-score`: a short batch run allocating ~1M small tuples, so the
    cyclic collector only costs time, and the heap is left to the OS at exit."""
    gc.disable()
    finish(partial(score_main, fork_checks=True), fast_exit=True)


def validate_entry() -> None:
    """Console entry point of `evmeval-validate`."""
    finish(validate_main)


def _validate_parser() -> argparse.ArgumentParser:
    p = command_parser(
        "evmeval-validate",
        "Check an event file: tbf (layout, spans, ids, relations and, with -t, token ids), or a TextEE, "
        "DyGIE++, MAVEN, MAVEN-ERE, CASIE, BioNLP or brat input, its format recognised as evmeval-convert "
        "and evmeval-score --convention recognise it. Prints every problem as file:line: what is wrong "
        "(expected ...); exits 1 if there is any, else prints FILE: OK (FORMAT).",
        ["evmeval-validate run.tbf -t tkn/", "evmeval-validate run.tbf --texts txt/   # character spans",
         "evmeval-validate test.jsonl   # TextEE, DyGIE++, MAVEN, MAVEN-ERE", "evmeval-validate bionlp/dev/"])
    p.add_argument("file", help="the file (or BioNLP, brat or CASIE folder) to check")
    p.add_argument("-t", "--tokens", "--token_path", dest="token_path",
                   help="folder of token tables; gives token mode and checks token ids")
    p.add_argument("-te", "--token_table_extension", default=DEFAULT_EXTENSION)
    p.add_argument("-of", "--offset_field", default="2,3")
    p.add_argument("--texts", "--text", dest="text", metavar="DIR",
                   help="folder of document texts (<doc>.txt): character spans ending "
                   "beyond their text are reported (default: txt/ beside the file)")
    return p


def validate_problems(path: str, token_dir: str | None, extension: str = DEFAULT_EXTENSION,
                      offset_fields: tuple[int, int] = (2, 3), text_dir: str | None = None) -> list[Problem]:
    """Every problem of one input, in line order: a tbf file (syntax and content; `text_dir`: the texts
    that character offsets are checked against) or any other format `input_format` recognises, checked
    by its reader's validator (every line's or file's first problem, so one bad line hides no other)."""
    fmt = validated_format(path)
    if fmt != "tbf":
        return _format_validator(fmt)(path)
    from evmeval.io.loading import TextSource, TokenSource
    from evmeval.io.validate import check_file, check_text_offsets

    mode = SpanMode.TOKEN if token_dir else SpanMode.CHAR
    tbf, problems = parse_tbf(read_text(path), path=path, mode=mode)

    tokens = TokenSource(token_dir, extension, offset_fields) if token_dir else None
    problems = problems + check_file(tbf, tokens.unknown_ids if tokens else None)
    if text_dir is not None and mode is SpanMode.CHAR:
        problems += check_text_offsets(tbf, TextSource(text_dir).text)
    return sorted(problems, key=lambda p: p.line)


def validated_format(path: str) -> str:
    """The input's format by the one rule (`evmeval.conventions.input_format`); standard input is tbf."""
    if path == STDIN:
        return "tbf"
    from evmeval.conventions import input_format

    return input_format(path)


def _format_validator(fmt: str) -> Callable[[str], list[Problem]]:
    """The reader's validator of a format other than tbf (imported here: a tbf check needs none)."""
    from evmeval.io import (
        bionlp,
        brat,
        casie,
        dygiepp,
        genarg,
        maven,
        maven_arg,
        maven_ere,
        omnievent,
        rams,
        strings,
        textee,
        uie,
    )

    return {"casie": casie.validate_casie, "brat": brat.validate_brat, "bionlp": bionlp.validate_bionlp,
            "textee": textee.validate_textee, "dygiepp": dygiepp.validate_dygiepp, "maven": maven.validate_maven,
            "maven-ere": maven_ere.validate_maven_ere, "strings": strings.validate_strings, "rams": rams.validate_rams,
            "wikievents": genarg.validate_wikievents, "gen-arg": genarg.validate_generations,
            "uie": uie.validate_uie, "uie-record": uie.validate_uie, "maven-arg": maven_arg.validate_maven_arg,
            "omnievent": omnievent.validate_omnievent, "omnievent-dump": omnievent.validate_dumped}[fmt]


def _validate_line(problem: Problem | str) -> str:
    """One printed problem; what the scorer only warns of says `warning:` after its place, as there."""
    if isinstance(problem, str) or problem.fatal:
        return str(problem)
    where = f"{problem.path}:{problem.line}" if problem.line else problem.path
    return f"{where}: warning: {str(problem)[len(where) + 2:]}"


def validate_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `evmeval-validate`."""
    args = _validate_parser().parse_args(argv)
    try:
        offset_fields = parse_offset_fields(args.offset_field)
        if args.token_path and not os.path.isdir(args.token_path):
            raise FormatError(args.token_path, 0, "token folder not found", "a folder of token tables")
        if args.text and not os.path.isdir(args.text):
            raise FormatError(args.text, 0, "text folder not found", "a folder of <doc id>.txt texts")
        from evmeval.io.loading import sibling_folder

        text_dir = args.text or (sibling_folder(args.file, "txt") if args.file != STDIN else None)
        problems = validate_problems(args.file, args.token_path, args.token_table_extension, offset_fields,
                                     text_dir)
    except (FormatError, ValueError) as exc:
        print(f"evmeval-validate: error: {exc}", file=sys.stderr)
        return 1
    from evmeval.io.validate import fold_problems

    for problem in fold_problems(problems):
        print(_validate_line(problem))
    if problems:
        warnings = sum(not p.fatal for p in problems)
        scored = f" ({warnings} warning(s): evmeval-score and v1.8 score past those)" if warnings else ""
        sys.stdout.flush()  # the problems, then their count, in that order where both streams meet
        print(f"{args.file}: {len(problems)} problem(s){scored}", file=sys.stderr)
        return 1
    fmt = validated_format(args.file)
    print(f"{args.file}: OK ({fmt if fmt != 'tbf' else ('token' if args.token_path else 'character') + ' mode'})")
    return 0


__all__ = ["score_entry", "score_main", "validate_entry", "validate_main", "validate_problems"]
