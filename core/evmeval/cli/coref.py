"""Command-line parts of event coreference: `evmeval-score -c/-m/-ct` and `evmeval-conll`.

`evmeval-score ... -c PREFIX` writes v1.8's `PREFIX_gold.conll` and `PREFIX_sys.conll` (byte for
byte), adds v1.8's coreference section to the report and `@coref` lines to the comparison file,
and writes our per-document metric breakdown to `PREFIX` (v1.8 wrote the Perl scorer's output there).
`evmeval-conll KEY RESPONSE` scores two CoNLL files like the reference scorer v8.01's `scorer.pl`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evmeval.cli.console import finish
from evmeval.cli.help import command_parser
from evmeval.io.errors import FormatError, Problem
from evmeval.rules import COMBINATIONS

if TYPE_CHECKING:  # the scoring modules are imported only by a run that scores coreference
    from evmeval.coref.conll_scoring import ConllScores
    from evmeval.coref.scoring import CorefResult
    from evmeval.io.loading import LoadedInputs
    from evmeval.mention.scoring import ScoreResult
from evmeval.io.writing import check_output_paths, write_atomic


def coref_output_paths(prefix: str | None) -> list[str]:
    """The files `-c PREFIX` writes (checked against the inputs before any work)."""
    return [prefix, prefix + "_gold.conll", prefix + "_sys.conll"] if prefix else []


def check_coref_arguments(args: argparse.Namespace) -> None:
    """Refuse, before any work, a threshold we cannot honour. Raises `ValueError`."""
    if args.coref is not None:
        from evmeval.coref.scoring import check_threshold

        check_threshold(args.coreference_threshold)
        if getattr(args, "profile", "v1.8") != "v1.8":
            raise ValueError("-c (coreference) follows the v1.8 rules; it cannot be used with --profile 2015")


def threshold_warnings(args: argparse.Namespace) -> list[str]:
    """What `-c -ct 0` does differently from v1.8 (checked by running it): v1.8 keeps a pair when its
    Dice >= the threshold, and an unmapped gold mention holds the pair (-1, 0), so at 0 it pairs that
    gold mention with the document's last system mention (index -1), or crashes (IndexError) on a
    document without system mentions."""
    if args.coref is None or args.coreference_threshold != 0:
        return []
    return ["-ct 0: v1.8 scores coreference differently here, or crashes: it pairs every gold mention it left "
            "unmapped with the document's last system mention (IndexError on a document without system "
            "mentions); we pair mapped mentions only (every mapped pair has Dice > 0), as any -ct up to the "
            "lowest mapped Dice would"]


@dataclass(frozen=True)
class CorefOutputs:
    """What `-c` adds to a scoring run."""

    section: str
    comparison_lines: dict[str, list[str]]
    result: ScoreResult
    coref: CorefResult
    warnings: tuple[str, ...]
    files: tuple[tuple[str, str | bytes], ...]
    """The `-c` files and their content, written by the caller once the run is sure (`--strict`)."""

    def add_json(self, base: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """`base()` (the `--json` object) with our `coreference` object added."""
        from evmeval.report.coref_report import coref_to_json

        data = base()
        data["coreference"] = coref_to_json(self.result, self.coref, lazy=True)  # built while written
        return data


def run_coreference(args: argparse.Namespace, result: ScoreResult, inputs: LoadedInputs) -> CorefOutputs:
    """Score coreference for a finished mention scoring; the `-c` files are returned, not written.
    Raises `FormatError` (overlapping clusters)."""
    from evmeval.coref.scoring import score_coreference
    from evmeval.report.coref_report import (
        comparison_coref_lines,
        conll_file_bytes,
        format_breakdown,
        format_coref_section,
    )

    coref = score_coreference(result, inputs.gold, inputs.system,
                              combination=COMBINATIONS[args.coref_mapping],
                              threshold=args.coreference_threshold,
                              whitelisted=bool(args.type_white_list))
    prefix = args.coref
    files: list[tuple[str, str | bytes]] = []
    if coref.documents:  # v1.8 writes no CoNLL file when there is no document
        gold, system = conll_file_bytes(result, coref)
        files += [(prefix + "_gold.conll", gold), (prefix + "_sys.conll", system)]
    files.append((prefix, format_breakdown(coref)))
    lines = comparison_coref_lines(result, coref) if args.comparison_output else {}
    return CorefOutputs(format_coref_section(coref), lines, result, coref, coref.warnings, tuple(files))


def _print_summaries(scores: ConllScores, metrics: Sequence[str], *, headers: bool) -> bool:
    """Print v8.01's lines metric by metric; False where v8.01 gives up: it counts repeated response
    mentions over every metric it runs and stops once more than 10 were seen."""
    from evmeval.coref.conll_scoring import MAX_REPEATED, REPEATED_IN_RESPONSE
    from evmeval.report.coref_report import format_scorer_summary

    repeats = 0
    for name in metrics:
        if headers:
            print(f"\nMETRIC {name}:")
        for message in scores.messages:
            print(message)
            if message.startswith(REPEATED_IN_RESPONSE):
                repeats += 1
                if repeats > MAX_REPEATED:
                    sys.stdout.flush()
                    return False
        sys.stdout.write(format_scorer_summary(scores.total, (name,), headers=False))
    return True


def _conll_parser() -> argparse.ArgumentParser:
    from evmeval.coref.metrics import METRICS

    p = command_parser(
        "evmeval-conll",
        "Score a CoNLL coreference response against a key like the CoNLL reference scorer v8.01 "
        "(scorer.pl METRIC KEY RESPONSE none): the same summary lines, no Perl.",
        ["evmeval-conll key.conll response.conll", "evmeval-conll key.conll response.conll --metric muc",
         "evmeval-conll key.conll response.conll --json coref.json",
         "evmeval-conll key.conll response.conll --cross-document                 # ECB+: the corpus as one document",
         "evmeval-conll key.conll response.conll --cross-document --topics topics.txt  # one document per topic"])
    p.add_argument("key", help="key (gold) CoNLL file")
    p.add_argument("response", help="response (system) CoNLL file")
    p.add_argument("--metric", choices=(*METRICS, "all"), default="all",
                   help="one metric, or all of v8.01's (muc bcub ceafm ceafe blanc); lea is ours")
    p.add_argument("--json", help="also write every metric as JSON here (fractions, raw counts, per document)")
    p.add_argument("--cross-document", action="store_true",
                   help="cross-document coreference (ECB+, GVC, FCC): score the key's documents as ONE document, "
                        "cluster numbers shared across documents, as scorer.pl scores the concatenated files")
    p.add_argument("--topics", metavar="FILE",
                   help="with --cross-document: one merged document per topic; FILE has one "
                        "'<document id> <topic>' per line (the id, or the name in '(…)' of '#begin document')")
    return p


def conll_entry() -> None:
    """Console entry point of `evmeval-conll`."""
    finish(conll_main)


def conll_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `evmeval-conll`."""
    from evmeval._util.schemas import with_schema
    from evmeval.coref.conll_scoring import score_conll
    from evmeval.coref.metrics import METRICS
    from evmeval.io.conll import read_conll
    from evmeval.report.coref_report import counts_to_json
    from evmeval.report.json_report import dumps

    parser = _conll_parser()
    args = parser.parse_args(argv)
    if args.topics is not None and not args.cross_document:
        parser.error("--topics FILE goes with --cross-document")
    metrics = METRICS[:5] if args.metric == "all" else (args.metric,)
    warnings: list[Problem] = []
    try:
        check_output_paths([args.json], [args.key, args.response, *([args.topics] if args.topics else [])])
        key = read_conll(args.key, warnings)
        response = read_conll(args.response, warnings, needed=key.keys())  # as v8.01: the key's documents only
        merged = _cross_document(args, key, response)
    except FormatError as exc:
        print(f"evmeval-conll: error: {exc}", file=sys.stderr)
        return 1
    for warning in warnings:
        print(f"evmeval-conll: warning: {warning}", file=sys.stderr)
    scored_key, scored_response = (key, response) if merged is None else (merged.key, merged.response)
    scores = score_conll(scored_key, scored_response, METRICS if args.json else metrics)  # JSON: every metric
    if not _print_summaries(scores, metrics, headers=args.metric == "all"):
        print("Found too many repeated mentions (> 10) in the response, so refusing to score. "
              "Please fix the output.", file=sys.stderr)
        return 1
    if args.json:
        data = {"key": args.key, "response": args.response,
                "metrics": {name: counts_to_json(scores.total)[name] for name in metrics},
                "mentions": scores.total.identification.to_json(),
                "documents": [{"name": name, "metrics": counts_to_json(c)} for name, c in scores.documents]}
        if merged is not None:
            within = score_conll(key, response, METRICS)
            data["cross_document"] = {"unit": merged.unit, "groups": [{"name": name, "documents": list(members)}
                                                                      for name, members in merged.groups]}
            data["within_document"] = {"metrics": {name: counts_to_json(within.total)[name] for name in metrics},
                                       "mentions": within.total.identification.to_json()}
        try:
            write_atomic(args.json, dumps(with_schema("conll", data)))
        except FormatError as exc:
            print(f"evmeval-conll: error: {exc}", file=sys.stderr)
            return 1
    return 0


def _cross_document(args: argparse.Namespace, key: dict[str, Any], response: dict[str, Any]) -> Any:
    """`--cross-document [--topics FILE]`: key and response merged (`evmeval.coref.cross_document`), or None."""
    if not args.cross_document:
        return None
    from evmeval.coref.cross_document import merge_corpus
    from evmeval.io.loading import read_topics

    topics = read_topics(args.topics) if args.topics else None
    return merge_corpus(key, response, topics, args.topics or "")


__all__ = ["CorefOutputs", "check_coref_arguments", "conll_main", "coref_output_paths",
           "run_coreference", "threshold_warnings"]
