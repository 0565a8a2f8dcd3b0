"""The C kernels' run of `evmeval-score ... -c PREFIX`: coreference from arrays, the same bytes.

`evmeval.mention._kernel.score(..., coref=N)` hands over, per document, the greedy pairs of the `-m` combination
(system row and Dice per gold row) and each side's `@Coreference` members resolved to mention rows (in
written order), plus every mention's raw text and id. `evmeval.coref._corefkernel.arrays` turns one document's
arrays into v1.8's lines and every metric's counts (what `evmeval.coref._corefkernel.document` gives from Python
objects; the threshold rule is the coreference kernel's). Everything else goes through the functions
the Python path uses: `CorefResult`, `corpus_total`, `format_coref_section`, `format_breakdown`, the
CoNLL line writer (`conll_files_from_texts`) and the `@coref` lines (`coref_lines`).

Anything unusual returns None and the whole run goes to the Python path, which words every message: a
repeated mention id, a member that is not a mention, a mention in two clusters (or twice in one), a row
in two kept pairs, no coreference kernel.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate, pairwise
from typing import Any

from evmeval.coref import scoring as coref_scoring
from evmeval.coref.explain import explain_document
from evmeval.coref.scoring import CorefDocument, CorefResult, corpus_total
from evmeval.report.coref_report import (
    conll_files_from_texts,
    coref_document_json,
    coref_lines,
    coreference_json,
    format_breakdown,
    format_coref_section,
)
from evmeval.report.json_report import LazyArray, RawJSON, encoded
from evmeval.rules import COMBINATIONS

END_OF_DOCUMENT = b"#EndOfDocument \n"
"""The comparison file's document end line; the `@coref` lines go just before it."""

Arrays = tuple[bytes, bytes, bytes, bytes, bytes, bytes]
"""One document's (partner, dice, gold members, gold starts, system members, system starts)."""


def coref_kernel_available() -> bool:
    """Whether the coreference kernel is built and wanted (`EVMEVAL_PURE_PYTHON=1` switches it off; so
    does setting `evmeval.coref.scoring.KERNEL` to None, as tests do)."""
    return coref_scoring.KERNEL is not None


@dataclass(frozen=True)
class _Explained:
    """What `--json` explains each document's clusters from: each side's mention ids and `@Coreference`
    relation ids, document after document, and where each document's start (one more: the end)."""

    coref: CorefResult
    mention_ids: tuple[list[str], list[str]]
    mention_at: tuple[list[int], list[int]]
    cluster_ids: tuple[list[str], list[str]]
    cluster_at: tuple[list[int], list[int]]

    def document(self, number: int) -> RawJSON:
        """One document's `coreference.documents` text, made when the JSON writer reaches it."""
        ids = tuple(side[at[number]:at[number + 1]] for side, at in zip(self.mention_ids, self.mention_at,
                                                                        strict=True))
        names = tuple(dict(enumerate(side[at[number]:at[number + 1]]))
                      for side, at in zip(self.cluster_ids, self.cluster_at, strict=True))
        cd = self.coref.documents[number]
        return encoded(coref_document_json(cd, explain_document(cd, (ids[0], ids[1]), (names[0], names[1]))))


@dataclass
class KernelCoref:
    """What `-c` adds to the kernel's run: the report section, the comparison with its `@coref` lines
    (with -d), and the files to write (CoNLL files, breakdown) in the Python path's order; with `--json`
    what its `coreference` object is made from (`explained`)."""

    section: str
    comparison: bytes | None
    files: list[tuple[str, str | bytes]]
    explained: _Explained | None = None

    def add_json(self, base: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """`base()` (the `--json` object) with the `coreference` object the Python path adds
        (`evmeval.cli.coref.CorefOutputs.add_json`), its documents built while written."""
        assert self.explained is not None
        data = base()
        explained = self.explained
        data["coreference"] = coreference_json(explained.coref, LazyArray(range(len(explained.coref.documents)),
                                                                          explained.document))
        return data


def _ints(data: bytes) -> memoryview:
    return memoryview(data).cast("i")


def _side_lines(side: str, members: bytes, starts: bytes, fields: tuple[list[str], list[str]], first: int) -> list[str]:
    """One side's `@coref` lines of the document whose first mention is `first` in `fields` (ids, texts):
    each cluster's member ids as written (the rows the kernel resolved), through `coref_lines`."""
    rows = memoryview(members).cast("i").tolist()
    if not rows:
        return []
    at = memoryview(starts).cast("i").tolist()
    ids, texts = fields
    member_ids = [ids[first + r] for r in rows]
    written = [tuple(member_ids[a:b]) for a, b in pairwise(at) if b > a]
    return coref_lines(side, written, dict(zip(member_ids, [texts[first + r] for r in rows], strict=True)))


def _fields(texts: bytes, ids: bytes) -> tuple[list[str], list[str]]:
    return ids.decode("utf-8").split("\n"), texts.decode("utf-8").split("\n")


def _with_coref_lines(comparison: bytes, arrays: list[Arrays], counts: list[tuple[int, int]],
                      blobs: tuple[bytes, bytes, bytes, bytes]) -> bytes | None:
    """The comparison text with each document's `@coref` lines (gold clusters, then system) before its end."""
    blocks = comparison.split(END_OF_DOCUMENT)
    if len(blocks) != len(arrays) + 1 or blocks[-1]:
        return None
    gold, system = _fields(blobs[0], blobs[2]), _fields(blobs[1], blobs[3])
    out: list[bytes] = []
    g_at = s_at = 0
    for block, (_, _, gm, gs, sm, ss), (num_gold, num_system) in zip(blocks, arrays, counts, strict=False):
        lines = _side_lines("gold", gm, gs, gold, g_at) + _side_lines("system", sm, ss, system, s_at)
        out.append(block)
        out.append("".join(lines).encode("utf-8"))
        out.append(END_OF_DOCUMENT)
        g_at, s_at = g_at + num_gold, s_at + num_system
    return b"".join(out)


def kernel_coreference(args: argparse.Namespace, doc_ids: list[str], counts: list[tuple[int, int]],
                       found: tuple[list[Arrays | None], bytes, bytes, bytes, bytes, bytes, bytes],
                       comparison: bytes | None, *, want_json: bool = False) -> KernelCoref | None:
    """`-c` from the mention kernel's arrays (`counts`: gold and system mentions per document), or None:
    a case for the Python path. Writes nothing (`KernelCoref.write` does, once the run is sure)."""
    kernel = coref_scoring.KERNEL
    if kernel is None:
        return None
    per_doc, gold_texts, system_texts, gold_ids, system_ids, gold_clusters, system_clusters = found
    threshold = args.coreference_threshold
    documents: list[CorefDocument] = []
    arrays: list[Arrays] = []
    for doc_id, item, (_, num_system) in zip(doc_ids, per_doc, counts, strict=True):
        lines = kernel.arrays(*item, num_system, threshold) if item is not None else None
        if item is None or lines is None:
            return None
        gold_rows, system_rows, gold_labels, system_labels, doc_counts = lines
        arrays.append(item)
        documents.append(CorefDocument(doc_id, gold_rows, system_rows, gold_labels, system_labels, doc_counts,
                                       unique_ids=True))
    coref = CorefResult(COMBINATIONS[args.coref_mapping], threshold, tuple(documents), corpus_total(documents))
    files: list[tuple[str, str | bytes]] = []
    if documents:  # v1.8 writes no CoNLL file when there is no document
        conll = conll_files_from_texts(doc_ids, (gold_texts, [g for g, _ in counts]),
                                       (system_texts, [s for _, s in counts]), coref)
        if conll is None:
            return None
        files += [(args.coref + "_gold.conll", conll[0]), (args.coref + "_sys.conll", conll[1])]
    files.append((args.coref, format_breakdown(coref)))
    if comparison is not None:
        comparison = _with_coref_lines(comparison, arrays, counts, (gold_texts, system_texts, gold_ids, system_ids))
        if comparison is None:
            return None
    explained = None
    if want_json:
        names = (_lines(gold_clusters), _lines(system_clusters))
        explained = _Explained(coref, (_lines(gold_ids), _lines(system_ids)),
                               ([0, *accumulate(g for g, _ in counts)], [0, *accumulate(s for _, s in counts)]),
                               names, ([0, *accumulate(_clusters_of(a[3]) for a in arrays)],
                                       [0, *accumulate(_clusters_of(a[5]) for a in arrays)]))
        if len(names[0]) != explained.cluster_at[0][-1] or len(names[1]) != explained.cluster_at[1][-1]:
            return None
    return KernelCoref(format_coref_section(coref), comparison, files, explained)


def _lines(blob: bytes) -> list[str]:
    """A kernel's blob of newline-terminated fields, as a list."""
    return blob.decode("utf-8").split("\n")[:-1]


def _clusters_of(starts: bytes) -> int:
    """The clusters of one side of one document: its starts (int32) hold one more, the end."""
    return len(starts) // 4 - 1
