"""The C kernel's run of `evmeval-score -o [-d] [-c]`: the common case, the same bytes, a fraction of the time.

`evmeval.mention._kernel` (optional, plain C) parses both tbf files, probes token ids, maps mentions greedily and
writes the comparison text. Everything with a rule or a message stays here in Python, through the
functions the Python path uses: canonical values (`evmeval.model.canonical`), attribute agreement
(`evmeval.rules.values_agree`), the checked attributes of each combination, document order and the
coverage warnings (`evmeval.mention.scoring.coverage`), per-document warnings, per-type rows, input checks
of documents the kernel flags (`evmeval.io.validate.check_document`) and the report (`evmeval.report.text`).

The kernel declines (returns None) anything unusual: CRLF, odd whitespace, control characters, text
that is not UTF-8, repeated documents, a malformed or misplaced line, a missing token table or token
id. The run then goes on along the Python path with the bytes already read, exactly as without the
kernel. `EVMEVAL_PURE_PYTHON=1` forces the Python path. `-c` goes on in `evmeval.cli.coref_fastpath`,
`-a` in `evmeval.cli.sequencing_fastpath`, `--json` in `evmeval.cli.fastpath_json`.
"""

from __future__ import annotations

import argparse
import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING, Any

from evmeval._util.kernels import pure_python
from evmeval.align.names import DEFAULT_STRATEGY
from evmeval.io.errors import FormatError, Problem
from evmeval.io.reading import STDIN, read_bytes
from evmeval.io.tbf import parse_tbf
from evmeval.io.validate import check_document, in_file_order
from evmeval.mention.type_rows import counts_in_averages, coverage, document_warnings, type_rows
from evmeval.model import Document, SpanMode, TbfFile, canonical
from evmeval.report.text import DocumentCounts, assemble_report, format_counts
from evmeval.rules import ATTRIBUTES, COMBINATIONS, AttributeRule, Combination, values_agree

if TYPE_CHECKING:
    from evmeval.cli.coref_fastpath import KernelCoref
    from evmeval.cli.sequencing import SequencingRun
    from evmeval.cli.sequencing_fastpath import KernelDocuments


def _load_kernel() -> ModuleType | None:
    try:
        return importlib.import_module("evmeval.mention._kernel")
    except ImportError:  # installed without a compiler: the Python path does everything
        return None


_kernel = _load_kernel()

MAX_VALUES = 512
"""Distinct canonical types and realis values the kernel takes (their agreement matrix is built here)."""

COMPARISON_MAPPING = Combination.PLAIN
"""The mapping the comparison file (-d) shows, as `evmeval.report.comparison.format_comparison`."""
TYPE_TABLE_MAPPING = Combination.TYPE_REALIS
"""The mapping of the published per-type table, as `evmeval.mention.scoring.per_type_tables`."""
BY_TYPE_MAPPING = Combination.TYPE
"""The mapping of the JSON's second per-type table, as `evmeval.mention.scoring.per_type_tables`."""


def kernel_available() -> bool:
    """Whether the C kernel is built and not switched off by `EVMEVAL_PURE_PYTHON=1`."""
    return _kernel is not None and not pure_python()


def wants_kernel(args: argparse.Namespace) -> bool:
    """Whether this run is the kernel's case: v1.8, token mode, `-o`, `-d`, `-a`, `--json` and `-c` (when the
    coreference kernel is built too) only, default options, files (not standard input)."""
    from evmeval.report.scheme_names import DEFAULT_SCHEME

    plain_run = not (args.ci or args.type_white_list or args.doc_id_to_eval is not None)
    if args.coref is not None:
        from evmeval.cli.coref_fastpath import coref_kernel_available

        plain_run = plain_run and coref_kernel_available()
    defaults = (args.profile == "v1.8" and args.mapping == DEFAULT_STRATEGY and args.scheme == DEFAULT_SCHEME
                and args.offset_field == "2,3")
    return (kernel_available() and plain_run and defaults and args.token_path is not None
            and STDIN not in (args.gold, args.system) and os.path.isdir(args.token_path))


@dataclass
class KernelRun:
    """What the kernel's run writes: the report, the comparison bytes (with -d), every warning, the
    `-c` files (`coref.files`, written by the caller before the report, as the Python path does) and the
    `--json` document (`data`, built while written; an empty dict without `--json`), and with -a the
    documents' sequencing inputs (`documents`), then the scores (`sequencing`, by `run_kernel`)."""

    report: str
    comparison: bytes | None
    warnings: list[str]
    coref: KernelCoref | None = None
    data: Callable[[], dict[str, Any]] = dict
    documents: KernelDocuments | None = None
    sequencing: SequencingRun | None = None


def run_kernel(args: argparse.Namespace) -> KernelRun | dict[str, bytes]:
    """The run, or (declined) the bytes read so far by path, for the Python path to go on with. The
    kernel's parse (and its probing thread) is freed when `_kernel_run` returns, before the Python path
    could fork its checker."""
    try:
        gold = read_bytes(args.gold)
        system = read_bytes(args.system)
    except FormatError:  # the Python path reads again and stops with the same message
        return {}
    preread = {args.gold: gold, args.system: system}
    run = _kernel_run(args, gold, system)
    if run is None:
        return preread
    if run.documents is not None:  # scored once the kernel's parse is freed: sequencing forks a child
        from evmeval.cli.sequencing import with_sequencing
        from evmeval.cli.sequencing_fastpath import Disagreement, kernel_sequencing

        try:
            run.sequencing = kernel_sequencing(args, run.documents, want_json=bool(args.json))
        except Disagreement:
            return preread
        run.documents = None
        run.report = assemble_report(run.report, sequencing=run.sequencing.report_section)  # the last section
        run.warnings += run.sequencing.result.warnings
        if args.json:
            run.data = partial(with_sequencing, run.data, run.sequencing)
    return run


def _canonical_values(values: list[str]) -> tuple[list[int], list[str]]:
    """Canonical id of each raw value, and the canonical values in id order."""
    index: dict[str, int] = {}
    ids = [index.setdefault(canonical(v), len(index)) for v in values]
    return ids, list(index)


def _flagged(path: str, data: bytes, flagged: list[tuple[int, int, int, int]],
             doc_ids: list[str]) -> tuple[list[Problem], dict[str, Document]] | None:
    """The problems of the documents the kernel flagged, found by `check_document` on each document's
    text (parsed at its own line numbers), and the documents by id; None: decline."""
    problems: list[Problem] = []
    mentions: dict[str, Document] = {}
    for index, start, end, line in flagged:
        tbf, reading = parse_tbf(data[start:end].decode("utf-8"), path=path, mode=SpanMode.TOKEN, first_line=line)
        doc = tbf.documents.get(doc_ids[index])
        if reading or doc is None or len(tbf.documents) != 1:
            return None
        problems.extend(check_document(doc, path))
        mentions[doc.doc_id] = doc
    return problems, mentions


def _kernel_run(args: argparse.Namespace, gold: bytes, system: bytes) -> KernelRun | None:
    assert _kernel is not None
    parsed = _kernel.parse(gold, system, args.token_path, args.token_table_extension)
    if parsed is None:
        return None
    handle, (gold_ids, system_ids, values, gold_flagged, system_flagged) = parsed
    canon_ids, canon_values = _canonical_values(values)
    if len(canon_values) > MAX_VALUES:
        return None
    rule = AttributeRule.SCORER
    agree = bytes(values_agree(rule, g, s) for g in canon_values for s in canon_values)
    checks = [tuple(a in Combination(c).checks for a in ATTRIBUTES) for c in COMBINATIONS]  # (type, realis)
    gold_index = {d: n for n, d in enumerate(gold_ids)}
    doc_ids, warnings = coverage(gold_index, dict.fromkeys(system_ids))
    run_name = TbfFile(path=args.system, mode=SpanMode.TOKEN).run_name.encode("utf-8") \
        if args.comparison_output else None
    docs, type_tp, type_gold, type_system, comparison, coref_arrays, listing = _kernel.score(
        handle, [gold_index[d] for d in doc_ids], canon_ids, [c.encode("utf-8") for c in canon_values], agree,
        checks, COMBINATIONS.index(COMPARISON_MAPPING), COMBINATIONS.index(TYPE_TABLE_MAPPING), run_name,
        -1 if args.coref is None and not args.sequencing else args.coref_mapping,
        COMBINATIONS.index(BY_TYPE_MAPPING) if args.json else -1)
    gold_checks = _flagged(args.gold, gold, gold_flagged, gold_ids)
    system_checks = _flagged(args.system, system, system_flagged, system_ids)
    if gold_checks is None or system_checks is None:
        return None
    problems = [str(p) for p in in_file_order(gold_checks[0] + system_checks[0], [args.gold, args.system])]
    counts = []
    for doc_id, (num_gold, num_system, _, tps) in zip(doc_ids, docs, strict=True):
        flagged_doc = system_checks[1].get(doc_id)
        warnings.extend(document_warnings(doc_id, num_gold, flagged_doc.mentions if flagged_doc else ()))
        counts.append(DocumentCounts(doc_id, num_gold, num_system, tps, counts_in_averages(num_gold)))
    rows = type_rows(dict(zip(canon_values, type_tp, strict=True)), dict(zip(canon_values, type_gold, strict=True)),
                     dict(zip(canon_values, type_system, strict=True)), gold_types_only=True)
    report = format_counts(counts, rows)
    data: Callable[[], dict[str, Any]] = dict
    if args.json:
        from evmeval.cli.fastpath_json import kernel_json  # only runs that write JSON import it

        data = partial(kernel_json, args.gold, args.system, doc_ids, docs, listing, canon_values, type_gold,
                       type_system, rows, list(warnings))
    coref = None
    if args.coref is not None:
        from evmeval.cli.coref_fastpath import kernel_coreference

        coref = kernel_coreference(args, doc_ids, [(g, s) for g, s, _, _ in docs], coref_arrays, comparison,
                                   want_json=bool(args.json))
        if coref is None:
            return None
        report, comparison = assemble_report(report, coreference=coref.section), coref.comparison
        if args.json:
            data = partial(coref.add_json, data)
    documents = None
    if args.sequencing:
        from evmeval.cli.sequencing_fastpath import kernel_documents

        places = _kernel.places(handle)
        at = (gold_index, {d: n for n, d in enumerate(system_ids)})
        documents = kernel_documents(
            (args.gold, args.system), (gold, system), doc_ids, [(g, s) for g, s, _, _ in docs],
            ([places[0][gold_index[d]] for d in doc_ids],
             [places[1][at[1][d]] if d in at[1] else None for d in doc_ids]),
            coref_arrays, ({d: doc.relations for d, doc in gold_checks[1].items()},
                           {d: doc.relations for d, doc in system_checks[1].items()}))
        if documents is None:
            return None
    # The token-id probe ran beside all of the above; a missing id or table is the Python path's to word.
    if not _kernel.tokens_ok(handle):
        return None
    return KernelRun(report, comparison, problems + warnings, coref, data, documents)

