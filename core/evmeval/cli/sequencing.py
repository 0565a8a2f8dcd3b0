"""`evmeval-score -a DIR [-nv] [--sequencing-closure full]`: the command-line side of event sequencing.

Kept out of core/evmeval/cli/score.py so that file only gains a few calls. The report gains v1.8's sequencing blocks;
DIR receives our link table (`sequencing_links.tsv`: every link, its evaluation and outcome) instead of
v1.8's TimeML files; `--json` gains a `sequencing` object with every figure and link.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evmeval.io.errors import FormatError
from evmeval.io.writing import make_output_folders, write_atomic

if TYPE_CHECKING:  # the scoring modules are imported only by a run with -a (plain runs start faster)
    from evmeval.io.loading import LoadedInputs
    from evmeval.mention.scoring import ScoreResult
    from evmeval.sequencing.scoring import SequencingResult


@dataclass(frozen=True)
class SequencingRun:
    """What the command line does with the sequencing scores."""

    result: SequencingResult
    closure: str
    folder: str

    @property
    def report_section(self) -> str:
        from evmeval.report.sequencing_report import sequencing_section

        return sequencing_section(self.result, self.closure)

    def json(self) -> dict[str, Any]:
        from evmeval.report.sequencing_report import sequencing_json

        return sequencing_json(self.result, lazy=True)  # built while written: a file is all it is for

    def write_folder(self) -> None:
        """Our inspectable output in the -a folder (v1.8's TimeML files are not written; the same links
        with every figure are in `--json`, which a 2000-document corpus makes ~100 MB)."""
        from evmeval.report.sequencing_report import SEQUENCING_FILE, iter_link_table

        make_output_folders([self.folder])
        write_atomic(os.path.join(self.folder, SEQUENCING_FILE), iter_link_table(self.result, self.closure))


def folder_outputs(folder: str | None) -> list[str]:
    """The files -a writes (none without -a); the folder itself is made by the run."""
    if not folder:
        return []
    from evmeval.report.sequencing_report import SEQUENCING_FILE  # an -a run: its scoring imports it anyway

    return [os.path.join(folder, SEQUENCING_FILE)]


def check_folder(folder: str) -> None:
    """Refuse a -a folder that is a file, in -a's own words (the rest is `check_output_paths`'s)."""
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise FormatError(folder, 0, "-a needs a folder, this is a file", "a folder for the sequencing link table")


def sequencing_options(args: argparse.Namespace, want_json: bool) -> dict[str, Any]:
    """The keyword arguments of `evmeval.sequencing.scoring.score_sequencing` (and `score_documents`) the
    options ask for. Raises `FormatError` for an unknown -m."""
    from evmeval.sequencing.scoring import MAPPING_BY_NUMBER

    closures = ("published", "full") if want_json or args.sequencing_closure == "full" else ("published",)
    number = 1 if getattr(args, "coref_mapping", None) is None else args.coref_mapping
    if number not in MAPPING_BY_NUMBER:
        raise FormatError("-m", 0, f"unknown mapping {number}", "0 span, 1 type, 2 realis or 3 type and realis")
    return {"mapping": MAPPING_BY_NUMBER[number], "validate": not args.no_script_validation, "closures": closures,
            "strict": args.sequencing_closure == "published", "parallel": True, "keep_links": False,
            "keep_nodes": want_json}  # --json prints each document's nodes, never its links (only their outcomes)


def run_sequencing(args: argparse.Namespace, inputs: LoadedInputs, result: ScoreResult, *,
                   filtered: bool, want_json: bool) -> SequencingRun:
    """Score sequencing as the options say. Raises `FormatError` where v1.8 refuses or crashes."""
    from evmeval.sequencing.scoring import score_sequencing

    scored = score_sequencing(result, inputs.gold, inputs.system, filtered=filtered,
                              **sequencing_options(args, want_json))
    return SequencingRun(scored, args.sequencing_closure, args.sequencing)


def with_sequencing(base: Callable[[], dict[str, Any]], run: SequencingRun) -> dict[str, Any]:
    """The `--json` document `base()` with its `sequencing` object."""
    return {**base(), "sequencing": run.json()}
