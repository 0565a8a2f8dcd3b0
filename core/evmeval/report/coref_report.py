"""Coreference outputs: v1.8's report section, `@coref` comparison lines and CoNLL files (byte for
byte), the CoNLL scorer's summary lines, our per-document breakdown and the JSON object."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from evmeval._util.shared_tables import Tables
from evmeval.coref.clusters import DocumentClusters
from evmeval.coref.kernel import KERNEL
from evmeval.coref.metrics import (
    METRICS,
    BlancCounts,
    CorefCounts,
    LinkCounts,
    perl_number,
    truncated_percent,
)
from evmeval.coref.scoring import EXCLUDED_FROM_AVERAGE, CorefDocument, CorefResult
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.model import Mention
from evmeval.report.json_report import LazyArray, encoded

if TYPE_CHECKING:
    from evmeval.coref.explain import ClusterExplanation

_RULE = "-" * 74 + "\n"


def format_coref_section(coref: CorefResult) -> str:
    """v1.8's "Final Mention Coreference Results" (nothing when no document was scored, as v1.8)."""
    if not coref.documents:
        return ""
    out = ["\n=======Final Mention Coreference Results=========\n"]
    for name, score in coref.published_scores().items():
        mark = " *" if name == EXCLUDED_FROM_AVERAGE else ""
        out.append(f"Metric : {name}\tScore\t{score:.2f}{mark}\n")
    out.append(f"Overall Average CoNLL score\t{coref.published_average():.2f}\n")
    out.append("\n* Score not included for final CoNLL score.\n")
    return "".join(out)


def _texts(mentions: tuple) -> dict[str, str]:
    return {m.mention_id: m.text for m in mentions}  # the last line of a repeated id wins, as in v1.8


def coref_lines(side: str, written: list[tuple[str, ...]], texts: Mapping[str, str]) -> list[str]:
    """v1.8's `@coref` comparison lines of one side: one per cluster (its members as written, each with
    its mention's text, commas taken out)."""
    return [f"@coref\t{side}\t{','.join(f'{m}:' + texts[m].replace(',', '') for m in members)}\n"
            for members in written]


def _cluster_lines(side: str, clusters: DocumentClusters, mentions: tuple[Mention, ...]) -> list[str]:
    written = [c.as_written for c in clusters.clusters if c.as_written]
    if not written:
        return []
    return coref_lines(side, written, _texts(mentions))


def comparison_coref_lines(result: ScoreResult, coref: CorefResult) -> dict[str, list[str]]:
    """Per document, the `@coref` lines v1.8 adds to the comparison file (gold clusters, then system)."""
    return {doc.doc_id: document_coref_lines(doc, cd)
            for doc, cd in zip(result.documents, coref.documents, strict=True)}


def document_coref_lines(doc: DocumentResult, cd: CorefDocument) -> list[str]:
    """One document's `@coref` lines of the comparison file (`comparison_coref_lines`)."""
    return (_cluster_lines("gold", cd.side_clusters(0), doc.gold)
            + _cluster_lines("system", cd.side_clusters(1), doc.system))


_TEXT = attrgetter("text")
_MENTION_ID = attrgetter("mention_id")


def _side_texts(mentions: tuple[Mention, ...], texts: list[str], unique_ids: bool) -> list[str]:
    """The CoNLL text of each row, then "None" (what row -1 writes). v1.8 looks texts up by mention
    id: with a repeated id the last mention's text is written for both."""
    if not unique_ids:
        by_id = dict(zip(map(_MENTION_ID, mentions), texts, strict=True))
        texts = [by_id[m.mention_id] for m in mentions]
    return [*texts, "None"]


def _python_conll_files(result: ScoreResult, coref: CorefResult) -> tuple[str, str]:
    from evmeval.io.conll import EvmevalConllWriter, evmeval_mention_texts  # not needed by the C kernel's path

    gold_texts = evmeval_mention_texts(list(map(_TEXT, chain.from_iterable(d.gold for d in result.documents))))
    system_texts = evmeval_mention_texts(list(map(_TEXT, chain.from_iterable(d.system for d in result.documents))))
    writer = EvmevalConllWriter()
    gold: list[str] = []
    system: list[str] = []
    g_at = s_at = 0
    for doc, cd in zip(result.documents, coref.documents, strict=True):
        g_end, s_end = g_at + len(doc.gold), s_at + len(doc.system)
        texts = _side_texts(doc.gold, gold_texts[g_at:g_end], cd.unique_ids)
        gold.append(writer.document(doc.doc_id, list(map(texts.__getitem__, cd.gold_rows)), cd.gold_labels))
        texts = _side_texts(doc.system, system_texts[s_at:s_end], cd.unique_ids)
        system.append(writer.document(doc.doc_id, list(map(texts.__getitem__, cd.system_rows)), cd.system_labels))
        g_at, s_at = g_end, s_end
    return "".join(gold), "".join(system)


def _kernel_conll_files(result: ScoreResult, coref: CorefResult) -> tuple[bytes, bytes] | None:
    """The C kernel's CoNLL files (same bytes), or None: no kernel, or a document repeats a mention id
    (its texts are then looked up by id, as v1.8 does: the Python writer's job)."""
    gold, system = (_kernel_side(result, coref, side, max(1, len(result.documents))) for side in (0, 1))
    return None if gold is None or system is None else (b"".join(gold), b"".join(system))


CONLL_CHUNK = 500
"""Documents of a CoNLL file the kernel writes at a time into a report (a piece of ~1 MB at 40 mentions a
document): the file is never whole in memory."""


def _kernel_side(result: ScoreResult, coref: CorefResult, side: int, chunk: int) -> list[bytes] | None:
    """Side `side`'s CoNLL file from the C kernel, `chunk` documents a piece, or None (`_kernel_conll_files`)."""
    pieces = list(_kernel_side_pieces(result, coref, side, chunk))
    return None if not pieces or any(p is None for p in pieces) else [p for p in pieces if p is not None]


def _kernel_side_pieces(result: ScoreResult, coref: CorefResult, side: int, chunk: int) -> Iterator[bytes | None]:
    """Each `chunk` documents' block of side `side`'s CoNLL file from the C kernel, made when asked for;
    a None piece (and nothing after it) where the kernel declines them, or for every piece without a
    kernel or with a document that repeats a mention id."""
    if KERNEL is None or not all(cd.unique_ids for cd in coref.documents):
        yield None
        return
    mentions, rows, labels = (("gold", "gold_rows", "gold_labels"), ("system", "system_rows", "system_labels"))[side]
    documents, scored = result.documents, coref.documents
    for start in range(0, len(documents), chunk):
        docs, cds = documents[start:start + chunk], scored[start:start + chunk]
        piece: bytes | None = KERNEL.conll_side([d.doc_id for d in docs], [getattr(d, mentions) for d in docs],
                                                [getattr(cd, rows) for cd in cds], [getattr(cd, labels) for cd in cds])
        yield piece
        if piece is None:
            return
    if not documents:
        yield b""


def conll_files_from_texts(doc_ids: list[str], gold: tuple[bytes, list[int]], system: tuple[bytes, list[int]],
                           coref: CorefResult) -> tuple[bytes, bytes] | None:
    """Both CoNLL files (the bytes `conll_file_bytes` gives) from the mention kernel's texts: each side's
    raw mention texts newline-terminated, document after document, and each document's mention count.
    None: no coreference kernel, or something unexpected (the Python path then writes them)."""
    if KERNEL is None or not all(cd.unique_ids for cd in coref.documents):
        return None
    docs = coref.documents
    gold_file = KERNEL.conll_texts(doc_ids, *gold, [cd.gold_rows for cd in docs], [cd.gold_labels for cd in docs])
    system_file = KERNEL.conll_texts(doc_ids, *system, [cd.system_rows for cd in docs],
                                     [cd.system_labels for cd in docs])
    return None if gold_file is None or system_file is None else (gold_file, system_file)


def conll_file_bytes(result: ScoreResult, coref: CorefResult) -> tuple[bytes, bytes]:
    """`PREFIX_gold.conll` and `PREFIX_sys.conll` as v1.8 writes them, UTF-8 encoded (what is written)."""
    found = _kernel_conll_files(result, coref)
    if found is not None:
        return found
    gold, system = _python_conll_files(result, coref)
    return gold.encode("utf-8"), system.encode("utf-8")


def conll_side_pieces(result: ScoreResult, coref: CorefResult, side: int) -> Iterator[bytes]:
    """Side `side`'s file of `conll_file_bytes` (0 gold, 1 system) in pieces of `CONLL_CHUNK` documents,
    each made when asked for: a report writes a 16 MB file (8,000 documents) without ever holding it.
    Where the kernel declines a piece, the rest of the file is the Python writer's (the same bytes)."""
    done = 0
    for piece in _kernel_side_pieces(result, coref, side, CONLL_CHUNK):
        if piece is None:
            yield _python_conll_files(result, coref)[side].encode("utf-8")[done:]
            return
        done += len(piece)
        yield piece


def _rpf(counts: LinkCounts) -> str:
    def pct(x: float) -> str:
        return perl_number(truncated_percent(x))

    return (f"Recall: ({perl_number(counts.recall_num)} / {perl_number(counts.recall_den)}) {pct(counts.recall)}%"
            f"\tPrecision: ({perl_number(counts.precision_num)} / {perl_number(counts.precision_den)}) "
            f"{pct(counts.precision)}%\tF1: {pct(counts.f1)}%\n" + _RULE)


def format_scorer_summary(total: CorefCounts, metrics: tuple[str, ...], *, headers: bool) -> str:
    """What `scorer.pl METRIC KEY RESPONSE none` prints after its version line: the totals."""
    out: list[str] = []
    for name in metrics:
        if headers:
            out.append(f"\nMETRIC {name}:\n")
        out.append("\n====== TOTALS =======\nIdentification of Mentions: " + _rpf(total.identification))
        counts = total.metric(name)
        if isinstance(counts, BlancCounts):
            out.append("\nCoreference:\nCoreference links: " + _rpf(counts.coref))
            out.append("Non-coreference links: " + _rpf(counts.non_coref))
            blanc = LinkCounts(counts.recall, 1, counts.precision, 1)
            line = _rpf(blanc)
            f1 = perl_number(truncated_percent(counts.f1))
            out.append("BLANC: " + line[: line.rindex("F1: ") + 4] + f1 + "%\n" + _RULE)
        else:
            out.append(("Coreference (not in v8.01): " if name == "lea" else "Coreference: ") + _rpf(counts))
    return "".join(out)


_COLUMNS = ("doc_id", "metric", "recall_num", "recall_den", "precision_num", "precision_den",
            "recall", "precision", "f1")


_ROW = "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n"
"""doc_id, metric, the four counts, recall, precision, F1: ints as ints, floats as repr (str(float) is repr)."""


def _breakdown_rows(doc_id: str, counts: CorefCounts) -> str:
    blanc = counts.blanc
    out = []
    f1 = []
    for name, c in (("muc", counts.muc), ("bcub", counts.bcub), ("ceafm", counts.ceafm), ("ceafe", counts.ceafe),
                    ("blanc_coref_links", blanc.coref), ("blanc_non_coref_links", blanc.non_coref)):
        r, p, f = c.figures()
        out.append(_ROW % (doc_id, name, *c, r, p, f))
        f1.append(f)
    r, p, f = blanc.figures()
    out.append(f"{doc_id}\tblanc\t-\t-\t-\t-\t{r!r}\t{p!r}\t{f!r}\n")
    for name, c in (("lea", counts.lea), ("identification", counts.identification)):
        out.append(_ROW % (doc_id, name, *c, *c.figures()))
    conll = (f1[0] + f1[1] + f1[3]) / 3  # CorefCounts.conll_f1, from the F1s just computed
    out.append(f"{doc_id}\tconll_muc_bcub_ceafe\t-\t-\t-\t-\t-\t-\t{conll!r}\n")
    return "".join(out)


def format_breakdown(coref: CorefResult) -> str:
    """The file `PREFIX`: raw numerators and denominators of every metric, per document and summed
    (`#corpus`), as fractions; then the CoNLL scorer's summary lines for the corpus."""
    out = ["# EvmEval Studio coreference breakdown (v1.8 wrote the CoNLL scorer's output here).\n",
           f"# mapping: {coref.combination}, threshold: {coref.threshold!r}; recall = recall_num / recall_den, "
           "precision = precision_num / precision_den; sums over documents as the CoNLL scorer v8.01 sums them.\n",
           "\t".join(_COLUMNS) + "\n"]
    rows = [(doc.doc_id, doc.counts) for doc in coref.documents]
    rows.append(("#corpus", coref.total))
    body = KERNEL.breakdown(rows) if KERNEL is not None else None
    out.append(body.decode("utf-8") if body is not None else "".join(_breakdown_rows(*row) for row in rows))
    out.append("\n# The CoNLL scorer's summary of the corpus (scorer.pl all):\n")
    out.append(format_scorer_summary(coref.total, METRICS[:5], headers=True))
    return "".join(out)


def counts_to_json(counts: CorefCounts) -> dict[str, Any]:
    """Every metric of one document or of the corpus, as fractions with their raw counts."""
    data: dict[str, Any] = {name: counts.metric(name).to_json() for name in METRICS}
    data["mentions"] = counts.identification.to_json()
    data["conll_f1"] = counts.conll_f1
    return data


def _document_json(cd: CorefDocument, doc: DocumentResult, tables: Tables | None = None) -> dict[str, Any]:
    from evmeval.coref.explain import explain_clusters  # only --json asks for explanations

    return coref_document_json(cd, explain_clusters(cd, doc, tables))


def coref_document_json(cd: CorefDocument, clusters: Sequence[ClusterExplanation]) -> dict[str, Any]:
    """One document's object of `coreference.documents`, from its explained clusters (`explain_clusters`'s, or
    the C kernel's run's, `evmeval.cli.coref_fastpath`): every `@Coreference` cluster, and the one-mention
    clusters that are not exact."""
    return {"doc_id": cd.doc_id, "metrics": counts_to_json(cd.counts),
            "clusters": [e.to_json() for e in clusters if e.relation_id or e.outcome != "exact"]}


def coref_to_json(result: ScoreResult, coref: CorefResult, *, lazy: bool = False,
                  tables: Tables | None = None) -> dict[str, Any]:
    """The `coreference` object of `evmeval-score --json`. `lazy`: the documents are a `LazyArray` of
    their texts, written while `evmeval.report.json_report.dumps` writes them. `tables`: the cluster
    explanations, shared (`evmeval._util.shared_tables`)."""
    pairs = list(zip(coref.documents, result.documents, strict=True))
    documents: Sequence[Any] = (LazyArray(pairs, lambda pair: encoded(_document_json(pair[0], pair[1], tables))) if lazy
                                else [_document_json(cd, doc, tables) for cd, doc in pairs])
    return coreference_json(coref, documents)


def coreference_json(coref: CorefResult, documents: Sequence[Any]) -> dict[str, Any]:
    """The `coreference` object from its documents (`coref_document_json` objects, or their texts): one
    layout for the Python path and the C kernel's run."""
    return {
        "combination": coref.combination,
        "threshold": coref.threshold,
        "published": {"scores_percent": coref.published_scores(),
                      "average_percent": coref.published_average() if coref.documents else None,
                      "excluded_from_average": [EXCLUDED_FROM_AVERAGE]},
        "corpus": counts_to_json(coref.total),
        "documents": documents,
        "warnings": list(coref.warnings),
    }
