"""The C kernel's run of `evmeval-score ... -a DIR`: sequencing from the mention kernel's arrays, the same bytes.

What sequencing reads of a document (`evmeval.sequencing.scoring.DocumentInput`: both sides' mention ids,
the `-m` mapping's pairs, both sides' relations) comes here from the mention kernel instead of the Python
parse and scoring: `evmeval.mention._kernel.score(..., coref=N)` gives every mention's id and, per
document, the greedy partner of each gold row for combination N (the pairs `Mapping.pairs` holds);
`places(handle)` where each document lies in its file. A document's relations are read from its own bytes
by the kernel's parse (`_kernel.relations`: the rule the kernel read the file by; `evmeval.io.tbf`'s
`document_relations` is its plain form, tested against it), in whichever process scores the document; a
document the kernel flagged keeps the relations of its Python parse. The rest is
`evmeval.sequencing.scoring.score_documents`, which the Python path reaches through `score_sequencing`.

Anything unusual is the Python path's: a document whose coreference members the kernel could not resolve
(a repeated mention id, a member that is not a mention), or a document read differently here than by the
kernel (`Disagreement`, raised while scoring: the run then starts again on the Python path).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from itertools import accumulate

from evmeval.cli.fastpath import _kernel
from evmeval.cli.sequencing import SequencingRun, sequencing_options
from evmeval.model import Relation
from evmeval.sequencing.scoring import DocumentInput, score_documents

Place = tuple[int, int, int, int]
"""A document in its file, as the kernel gives it: (index, start byte, end byte, first line)."""


class Disagreement(Exception):
    """A document's relation lines read here do not make one document: the Python path decides."""


@dataclass(frozen=True)
class _Side:
    path: str
    data: bytes
    ids: list[str]
    """every scored document's mention ids, document after document"""
    first: list[int]
    """the row of each scored document's first mention in `ids` (one more: the end)"""
    places: list[Place | None]
    """each scored document's place (None: the file lacks it)"""
    parsed: dict[str, tuple[Relation, ...]]
    """the relations of the documents the kernel flagged (and Python parsed), by document id"""

    def relations(self, number: int, doc_id: str) -> tuple[Relation, ...]:
        if doc_id in self.parsed:
            return self.parsed[doc_id]
        place = self.places[number]
        if place is None:
            return ()
        _, start, end, line = place
        assert _kernel is not None  # this path is the kernel's
        rows = _kernel.relations(self.data, start, end, line)
        if rows is None:
            raise Disagreement(f"{self.path}:{line}")
        return tuple(map(Relation._make, rows))


@dataclass(frozen=True)
class KernelDocuments:
    """Each scored document's `DocumentInput`, built when asked for (in the process that scores it)."""

    doc_ids: list[str]
    partners: list[bytes]
    gold: _Side
    system: _Side

    def __call__(self, number: int) -> DocumentInput:
        doc_id = self.doc_ids[number]
        g, s = self.gold, self.system
        rows = memoryview(self.partners[number]).cast("i").tolist()
        return DocumentInput(doc_id, g.ids[g.first[number]:g.first[number + 1]],
                             s.ids[s.first[number]:s.first[number + 1]],
                             {row: partner for row, partner in enumerate(rows) if partner >= 0},
                             g.relations(number, doc_id), s.relations(number, doc_id))


def kernel_documents(paths: tuple[str, str], data: tuple[bytes, bytes], doc_ids: list[str],
                     counts: list[tuple[int, int]], places: tuple[list[Place | None], list[Place | None]],
                     found: tuple[list[tuple[bytes, ...] | None], bytes, bytes, bytes, bytes, bytes, bytes],
                     parsed: tuple[dict[str, tuple[Relation, ...]], dict[str, tuple[Relation, ...]]],
                     ) -> KernelDocuments | None:
    """The inputs of the scored documents `doc_ids` (`counts`: gold and system mentions of each; `places`:
    each one's place per side; `found`: the kernel's coreference arrays), or None: the Python path's case."""
    per_doc, _, _, gold_ids, system_ids, _, _ = found
    if any(item is None for item in per_doc):
        return None
    partners = [item[0] for item in per_doc if item is not None]
    sides = []
    for side, ids in enumerate((gold_ids, system_ids)):
        first = [0, *accumulate(c[side] for c in counts)]
        sides.append(_Side(paths[side], data[side], ids.decode("utf-8").split("\n"), first, places[side],
                           parsed[side]))
    return KernelDocuments(doc_ids, partners, sides[0], sides[1])


def kernel_sequencing(args: argparse.Namespace, documents: KernelDocuments, *, want_json: bool) -> SequencingRun:
    """`-a` over the kernel's documents: what `evmeval.cli.sequencing.run_sequencing` gives on the Python
    path. Raises `FormatError` where v1.8 refuses or crashes, `Disagreement` for the Python path."""
    scored = score_documents(len(documents.doc_ids), documents, (documents.gold.path, documents.system.path),
                             **sequencing_options(args, want_json))
    return SequencingRun(scored, args.sequencing_closure, args.sequencing)
