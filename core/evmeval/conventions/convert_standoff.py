"""`evmeval-convert` to and from the standoff formats: brat (`.ann` + `.txt`) and BioNLP (`.txt`, `.a1`, `.a2`).

Both are brat lines, so every conversion goes through `BratDocument`s: BioNLP's `.a1` and `.a2` merge
into one `.ann` (their ids are disjoint, as the shared task requires) and split back by one rule: a
text bound that triggers no event goes to the `.a1` (the given entities), everything else to the
`.a2`; the `.a2`'s own non-trigger entities (e.g. a Site's `Entity`) keep their place through a note
`#n AnnotatorNotes T12<TAB>bionlp=a2`, as `tbf_id=` notes keep tbf ids. tbf goes through
`evmeval.io.convert` (`document_to_brat`, `brat_to_document`: brat2tbf's mapping), so a converted file
scores as its source. What a target cannot hold is counted in the report, never dropped silently.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable

from evmeval.conventions.convert import SCORES, Output, doc_input_path, drop_zero, read_tbf_strictly, tbf_name
from evmeval.io import bionlp
from evmeval.io.brat import (
    ANN_EXTENSION,
    TEXT_EXTENSION,
    Attribute,
    BratDocument,
    Note,
    TextBound,
    format_ann,
    read_ann,
)
from evmeval.io.convert import (
    COREFERENCE,
    DEFAULT_RUN_ID,
    ID_NOTE,
    ID_NOTE_PREFIX,
    REALIS,
    TokenEnd,
    brat_paths,
    brat_to_document,
    document_to_brat,
    token_lookup,
)
from evmeval.io.doc_files import doc_file_name
from evmeval.io.errors import FormatError, Problem
from evmeval.io.reading import read_text
from evmeval.io.tbf import RELATION_KINDS, format_tbf
from evmeval.model import Document

A2_NOTE = "bionlp=a2"
"""The note that keeps a non-trigger entity of the `.a2` in the `.a2` after a trip through brat."""


def _marker(note: Note) -> bool:
    return note.type == ID_NOTE and note.text.strip() == A2_NOTE


def _triggers(doc: BratDocument) -> set[str]:
    return {e.trigger for e in doc.events}


# --- reading -----------------------------------------------------------------------------------------


def read_brat_documents(path: str, warnings: list[Problem]) -> list[BratDocument]:
    """The documents of a brat folder (or one `.ann`), each with its `.txt` when there is one."""
    paths = brat_paths(path)
    if not paths:
        raise FormatError(path, 0, f"no {ANN_EXTENSION} files in the folder", "brat annotation files (NAME.ann)")
    out = []
    for ann_path in paths:
        doc, problems = read_ann(ann_path)
        warnings.extend(problems)
        out.append(doc)
    return out


def bionlp_to_brat_document(doc: bionlp.BionlpDocument) -> BratDocument:
    """One `.ann` holding the `.a1` and `.a2` (a marker note on each non-trigger entity of the `.a2`)."""
    task = doc.task
    used = _triggers(task)
    notes = list(task.notes)
    for t in task.text_bounds:
        if t.id not in used:
            notes.append(Note(f"#{_next_number(notes)}", ID_NOTE, t.id, A2_NOTE))
    return BratDocument(doc.doc_id, task.path, doc.text, (*doc.given.text_bounds, *task.text_bounds), task.events,
                        task.attributes, task.relations, task.equivalences, tuple(notes), task.normalizations)


def _next_number(notes: Iterable[Note]) -> int:
    numbers = [int(n.id[1:]) for n in notes if n.id[1:].isdigit()]
    return max(numbers, default=0) + 1


def read_bionlp_documents(path: str, warnings: list[Problem]) -> list[BratDocument]:
    """A BioNLP folder's documents as merged brat documents."""
    return [bionlp_to_brat_document(d) for d in bionlp.read_bionlp(path, warnings).documents]


def count_not_in_tbf(docs: Iterable[BratDocument], out: Output) -> None:
    """What tbf cannot hold of brat documents: arguments, entities, modifications and other attributes,
    equivalences and relations of kinds tbf lacks, normalisations, notes other than kept ids."""
    for doc in docs:
        used = _triggers(doc)
        out.lost["event arguments (tbf has no arguments)"] += sum(len(e.arguments) for e in doc.events)
        out.lost["entities (text bounds that trigger no event)"] += sum(t.id not in used for t in doc.text_bounds)
        out.lost["attributes other than Realis (e.g. Negation, Speculation)"] += sum(
            a.name != REALIS for a in doc.attributes)
        kinds = [*(r.type for r in doc.relations), *(q.type for q in doc.equivalences)]
        out.lost["relations and equivalences tbf has no kind for"] += sum(k not in RELATION_KINDS for k in kinds)
        out.lost["normalisations"] += len(doc.normalizations)
        out.lost["notes"] += sum(not n.text.strip().startswith(ID_NOTE_PREFIX) and not _marker(n) for n in doc.notes)


def standoff_to_tbf(path: str, fmt: str, token_dir: str | None) -> Output:
    """brat or BioNLP -> tbf (brat2tbf's mapping: character offsets, or token ids with `-t`), texts in `txt/`."""
    out = Output()
    docs = read_brat_documents(path, out.warnings) if fmt == "brat" else read_bionlp_documents(path, out.warnings)
    tables = token_lookup(token_dir) if token_dir is not None else None
    documents: dict[str, Document] = {}
    for doc in docs:
        table = tables(doc.doc_id) if tables is not None else None
        if tables is not None and table is None:
            raise FormatError(os.path.join(token_dir or "", doc.doc_id + ".tab"), 0,
                              f"no token table for document {doc.doc_id!r}", "a .tab per document")
        document, problems = brat_to_document(doc, table, token_end=TokenEnd.AUTO)
        out.warnings.extend(problems)
        documents[doc.doc_id] = document
        if doc.text is not None:
            out.add("txt", doc.doc_id, TEXT_EXTENSION, doc.text, path=doc.path or path, line=0)
    out.files[tbf_name(path)] = format_tbf([documents[d] for d in sorted(documents)])
    count_not_in_tbf(docs, out)
    return drop_zero(out)


def tbf_to_brat_documents(path: str, token_dir: str | None, text_dir: str | None, out: Output) -> list[BratDocument]:
    """Each tbf document as brat annotations (`document_to_brat`), its text from `text_dir` when given;
    the run id and confidence column, which brat has no place for, counted in `out`."""
    tbf = read_tbf_strictly(path, token_dir)
    tables = token_lookup(token_dir) if token_dir is not None else None
    docs = []
    for doc in tbf.documents.values():
        doc_file_name(doc.doc_id, path=path, line=doc.line)  # its files are named by it
        text = None
        if text_dir is not None:
            text_path = doc_input_path(text_dir, doc.doc_id, TEXT_EXTENSION, path=path, line=doc.line)
            if not os.path.isfile(text_path):
                raise FormatError(text_path, 0, f"no text for document {doc.doc_id!r}", "a <doc id>.txt per document")
            text = read_text(text_path)
        table = tables(doc.doc_id) if tables is not None else None
        if tables is not None and table is None:
            raise FormatError(os.path.join(token_dir or "", doc.doc_id + ".tab"), 0,
                              f"no token table for document {doc.doc_id!r}", "a .tab per document")
        docs.append(document_to_brat(doc, table, text=text, path=path))
        out.lost[SCORES] += sum(m.score is not None for m in doc.mentions)
        out.lost[f"documents' run id (brat has none; read back it is {DEFAULT_RUN_ID})"] += sum(
            m.run_id != DEFAULT_RUN_ID for m in doc.mentions[:1])
        out.lost["coreference clusters of one mention"] += sum(
            r.kind == COREFERENCE and len(set(r.mention_ids)) < 2 for r in doc.relations)
    return docs


# --- writing -----------------------------------------------------------------------------------------


def brat_files(docs: Iterable[BratDocument], out: Output) -> Output:
    """`NAME.ann` and `NAME.txt` per document (no `.txt` when the text is unknown: counted)."""
    for doc in docs:
        out.add("", doc.doc_id, ANN_EXTENSION, format_ann(doc), path=doc.path or doc.doc_id, line=0)
        if doc.text is not None:
            out.add("", doc.doc_id, TEXT_EXTENSION, doc.text, path=doc.path or doc.doc_id, line=0)
        else:
            out.lost["texts (give --text FOLDER: brat shows a document from its .txt)"] += 1
    return drop_zero(out)


def split_bionlp(doc: BratDocument, out: Output) -> bionlp.BionlpDocument:
    """A brat document as the `.a1` (text bounds that trigger nothing, unless marked for the `.a2`) and
    the `.a2`; what BioNLP cannot hold is adapted and counted (discontinuous spans widened, attributes
    other than Negation/Speculation of an event dropped, binary ones renamed `M<n>`)."""
    if doc.text is None:
        raise FormatError(doc.path or doc.doc_id, 0, f"no text for document {doc.doc_id!r}",
                          "a .txt beside the .ann (BioNLP documents have one)")
    used = _triggers(doc)
    in_task = used | {n.target for n in doc.notes if _marker(n)}
    given: list[TextBound] = []
    task: list[TextBound] = []
    for t in doc.text_bounds:
        if len(t.fragments) > 1:
            out.lost["discontinuous spans (widened to first..last character)"] += 1
            span = (min(b for b, _ in t.fragments), max(e for _, e in t.fragments))
            t = dataclasses.replace(t, fragments=(span,), text=doc.text[span[0]:span[1]])
        (task if t.id in in_task else given).append(t)
    events = {e.id for e in doc.events}
    modifications: list[Attribute] = []
    for a in doc.attributes:
        if a.name in bionlp.MODIFICATIONS and a.value is None and a.target in events:
            modifications.append(a if a.id.startswith("M") else dataclasses.replace(a, id=f"M{len(modifications) + 1}"))
        else:
            out.lost["attributes other than Negation/Speculation of an event (e.g. Realis)"] += 1
    notes = tuple(n for n in doc.notes if not _marker(n))
    a1 = BratDocument(doc.doc_id, "", doc.text, tuple(given))
    a2 = BratDocument(doc.doc_id, doc.path, doc.text, tuple(task), doc.events, tuple(modifications), doc.relations,
                      doc.equivalences, notes, doc.normalizations)
    return bionlp.BionlpDocument(doc.doc_id, doc.text, a1, a2)


def bionlp_files(docs: Iterable[BratDocument], out: Output) -> Output:
    """`NAME.txt`, `NAME.a1`, `NAME.a2` per document, each checked as the BioNLP reader checks it."""
    for doc in docs:
        document = split_bionlp(doc, out)
        bionlp.check_document(document)
        for extension, text in bionlp.document_files(document).items():
            out.add("", doc.doc_id, extension, text, path=doc.path or doc.doc_id, line=0)
    return drop_zero(out)


def standoff_target(source: str, fmt: str, target: str, token_dir: str | None, text_dir: str | None) -> Output:
    """tbf, brat or BioNLP -> brat or BioNLP."""
    out = Output()
    if fmt == "tbf":
        if token_dir is None and text_dir is None:
            raise ValueError(f"tbf -> {target} needs the texts (--text FOLDER) or, for token ids, the token tables "
                             "(-t FOLDER)")
        if target == "bionlp" and text_dir is None:
            raise ValueError("tbf -> bionlp needs the texts (--text FOLDER): BioNLP documents carry their .txt")
        docs = tbf_to_brat_documents(source, token_dir, text_dir, out)
    elif fmt == "brat":
        docs = read_brat_documents(source, out.warnings)
    else:
        docs = read_bionlp_documents(source, out.warnings)
    return brat_files(docs, out) if target == "brat" else bionlp_files(docs, out)


__all__ = ["A2_NOTE", "bionlp_to_brat_document", "split_bionlp", "standoff_target", "standoff_to_tbf"]
