"""`evmeval-iaa ... --curate POLICY --curated OUT.tbf [--curated-brat FOLDER]`: the automatic curated
set from the command line. Kept apart from `evmeval.cli.iaa`, which only calls the two functions here."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Collection, Sequence

from evmeval.agreement.curation import (
    Curation,
    CurationPolicy,
    Policy,
    curate,
    curated_brat_paths,
    id_places,
    write_curated,
    write_curated_brat,
)
from evmeval.agreement.scoring import PairAgreement
from evmeval.io.convert import brat_cannot_hold
from evmeval.io.errors import FormatError
from evmeval.io.writing import InputFolders
from evmeval.model import TbfFile, TokenTable


def add_curation_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--curate", metavar="POLICY",
                   help="make a curated set: majority (kept when more than half of the sets have the mention with "
                        "the same span, type and realis), union, intersection, or base:N (set N as it is); "
                        "default majority when --curated is given")
    p.add_argument("--curated", metavar="OUT.tbf", help="write the curated set here as tbf")
    p.add_argument("--curated-brat", metavar="FOLDER",
                   help="also write the curated set as brat files (.ann, and .txt where the text is known) here")


def curation_outputs(args: argparse.Namespace, parser: argparse.ArgumentParser) -> list[str]:
    """Check the options before any work; the tbf file they write (the brat files' names need the
    documents: `curated_brat_outputs`)."""
    if args.curate is not None and not (args.curated or args.curated_brat):
        parser.error("--curate needs --curated OUT.tbf (or --curated-brat FOLDER)")
    if args.curated or args.curated_brat:
        try:
            policy = CurationPolicy.parse(args.curate or "majority")
        except ValueError as exc:
            parser.error(f"--curate: {exc}")
        if policy.kind is Policy.BASE and (policy.base or 0) >= len(args.inputs):
            parser.error(f"--curate: {policy} names no annotator (there are {len(args.inputs)} sets)")
    return [args.curated] if args.curated else []


def curated_brat_outputs(args: argparse.Namespace, files: Sequence[TbfFile]) -> list[str]:
    """The files `--curated-brat FOLDER` will write for these annotation sets (one `.ann` per document
    of any set: the curated set's documents), for the one output check before any work; refuses an
    input folder as FOLDER. None without the option."""
    if not args.curated_brat:
        return []
    _refuse_input_folder(args.curated_brat, args.inputs, args.token_path)
    _refuse_what_brat_cannot_hold(files)
    places = id_places(files)
    return curated_brat_paths(args.curated_brat, {d: places[d] for d in sorted(places)})


def _refuse_what_brat_cannot_hold(files: Sequence[TbfFile]) -> None:
    """A type or realis brat cannot hold, in any set, stops the run before the report and `--curated` are
    written (any set's mention may end up in the curated set; the brat files are written last)."""
    for tbf in files:
        for doc in tbf.documents.values():
            for m in doc.mentions:
                if (problem := brat_cannot_hold(m)) is not None:
                    message, expected = problem
                    raise FormatError(tbf.path, m.line, f"{message} (--curated-brat)", expected)


def _refuse_input_folder(folder: str, inputs: Sequence[str], token_dir: str | None) -> None:
    for path in (*inputs, token_dir):
        if path and os.path.isdir(path) and os.path.isdir(folder) and os.path.samefile(path, folder):
            raise FormatError(folder, 0, "is an input folder; curated brat files would land among the inputs",
                              "a new folder for --curated-brat")


def write_curation(args: argparse.Namespace, files: Sequence[TbfFile], names: Sequence[str],
                   tables: Callable[[str], TokenTable | None] | None,
                   pairs: dict[tuple[int, int], PairAgreement] | None = None, *,
                   inputs: Collection[str] = (), input_folders: InputFolders = ()) -> Curation | None:
    """Make and write the curated set the options ask for (None when they ask for none); `inputs` and
    `input_folders` as given to `check_output_paths` before the work."""
    if not (args.curated or args.curated_brat):
        return None
    curation = curate(files, names, args.curate or "majority", path=args.curated or "curated.tbf", pairs=pairs)
    mentions = sum(len(d.mentions) for d in curation.curated.documents.values())
    summary = (f"{len(curation.curated.documents)} document(s), {mentions} mention(s) by {curation.policy} of "
               f"{len(files)} sets; {len(curation.disagreements)} disagreement(s) to review")
    if args.curated:
        saved = write_curated(curation, args.curated, input_folders=input_folders)
        print(f"{args.curated}: {summary}", file=sys.stderr)
        for problem in saved.problems:
            print(f"evmeval-iaa: warning: {problem}", file=sys.stderr)
    if args.curated_brat:
        written = write_curated_brat(curation, args.curated_brat, tables=tables, inputs=inputs,
                                     input_folders=input_folders)
        print(f"{args.curated_brat}: {len(written)} brat file(s)", file=sys.stderr)
    return curation
