"""`evmeval-convert`: event files from one format into another, with a report of what did not fit.

The mapping into tbf is the one the `evmeval` convention scores by (`ours.READERS` for token formats,
`evmeval.io.casie.to_tbf` for CASIE), so a converted file scores as its source does. Tokens and texts
come from the files themselves; each output says what it could not carry (arguments into tbf,
realis and coreference into TextEE) rather than dropping it silently.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from evmeval.conventions.base import Input
from evmeval.conventions.corpus import document_text
from evmeval.conventions.items import GOLD, PRED
from evmeval.conventions.ours import READERS
from evmeval.io import casie
from evmeval.io.convert import NOT_ANNOTATED_RAW
from evmeval.io.doc_files import doc_file_name
from evmeval.io.dygiepp import read_dygiepp
from evmeval.io.errors import FormatError, Problem
from evmeval.io.tbf import format_tbf, read_tbf
from evmeval.io.textee import EventMention, Window, dumps_textee, read_textee
from evmeval.io.tokens import format_token_table, read_token_table, token_table_path
from evmeval.model import Document, Mention, SpanMode, TbfFile, TokenTable

SOURCES = ("textee", "dygiepp", "maven", "maven-ere", "casie", "tbf", "brat", "bionlp")
TARGETS = ("tbf", "textee", "dygiepp", "maven", "maven-ere", "casie", "brat", "bionlp")
TOKEN_TARGETS = ("textee", "dygiepp", "maven", "maven-ere")
"""Targets whose mentions are on tokens: out of tbf on token ids (a pivot on characters is tokenized)."""
REALIS_TARGETS = ("tbf", "brat", "casie")
"""Targets that hold a realis per mention (a pivot into any other target does not report realis made up)."""
REALIS_WRITTEN = "realis (the source has none: NOT_ANNOTATED written)"
"""What a first leg into tbf reports for a source without realis."""
WINDOWS_MERGED = "TextEE windows merged into their document (tbf holds a document, not its windows)"
SCORES = "confidence scores (tbf's 8th column)"
"""What every leg out of tbf drops of a system run (no other format holds a mention's score)."""


@dataclass
class Output:
    """The files to write (path relative to the output folder -> text) and what was not carried."""

    files: dict[str, str] = field(default_factory=dict)
    lost: Counter[str] = field(default_factory=Counter)
    warnings: list[Problem] = field(default_factory=list)
    """What the reading or mapping met and went past (brat2tbf's: a trigger cutting through a token ...)."""

    def report(self) -> list[str]:
        """One line per kind of thing not carried, most first."""
        return [f"not carried: {n} {what}" for what, n in self.lost.most_common()]

    def add(self, folder: str, doc_id: str, suffix: str, text: str, *, path: str, line: int) -> None:
        """A document's file `<folder>/<doc_id><suffix>`; an id that is not a plain file name is refused
        at `path:line`, where it was read (`evmeval.io.doc_files`)."""
        self.files[os.path.join(folder, doc_file_name(doc_id, suffix, path=path, line=line))] = text


def doc_input_path(folder: str, doc_id: str, suffix: str, *, path: str, line: int) -> str:
    """A document's input file `<folder>/<doc_id><suffix>` (refused as `Output.add` refuses)."""
    return os.path.join(folder, doc_file_name(doc_id, suffix, path=path, line=line))


def tbf_name(path: str) -> str:
    stem = os.path.basename(os.path.normpath(path))
    return (stem.rsplit(".", 1)[0] if "." in stem else stem) + ".tbf"


def token_to_tbf(path: str, fmt: str, predictions: bool = False) -> Output:
    """TextEE or DyGIE++ -> tbf on token ids, with a token table and a text per document (`tkn/`, `txt/`)."""
    side = READERS[fmt](Input(path), PRED if predictions else GOLD)
    out = Output()
    lines: dict[str, int] = {}
    if fmt == "textee":
        windows = read_textee(path).windows
        for w in windows:
            lines.setdefault(w.doc_id, w.line)
        out.lost["entity mentions"] = sum(len(w.entity_mentions or ()) for w in windows)
        out.lost[WINDOWS_MERGED] = len(windows) - len(lines)
        out.lost["window texts, languages and other window fields (tbf has a document id only)"] = sum(
            (w.text is not None) + (w.lang is not None) + len(w.extra) for w in windows)
    else:
        docs = read_dygiepp(path).documents
        for d in docs:
            lines.setdefault(d.doc_key, d.line)
        out.lost["DyGIE++ fields other than events (ner, relations, clusters, event_clusters, dataset, ...)"] = \
            sum(len(d.extra) for d in docs)
        events = [e for d in docs for s in ((d.predicted_events if predictions else d.events) or ()) for e in s]
        out.lost["DyGIE++ logits and probabilities (of triggers and arguments)"] = sum(
            (e.prob is not None) + sum(a.prob is not None for a in e.arguments) for e in events)
        out.lost["DyGIE++ events of the other kind (gold or predicted: one is converted)"] = sum(
            len(e) for d in docs for e in ((d.events if predictions else d.predicted_events) or ()))
    for doc_id in side.units:
        doc_file_name(doc_id, path=path, line=lines.get(doc_id, 0))  # before anything is made of it
    documents = list(side.tbf.documents.values())  # realis NOT_ANNOTATED (`model.unannotated_mention`)
    out.files[tbf_name(path)] = format_tbf(documents)
    for doc_id, units in side.units.items():
        text, table = document_text(doc_id, units)
        out.add("txt", doc_id, ".txt", text, path=path, line=lines.get(doc_id, 0))
        out.add("tkn", doc_id, ".tab", format_token_table(table.tokens), path=path, line=lines.get(doc_id, 0))
    out.lost["event arguments (tbf has no arguments)"] = sum(len(a) for a in side.arguments.values())
    out.lost[REALIS_WRITTEN] = sum(len(d.mentions) for d in documents)
    return drop_zero(out)


def casie_to_tbf(path: str) -> Output:
    """CASIE -> tbf on character offsets (hoppers as @Coreference) and each document's text in `txt/`."""
    docs = casie.read_casie(path)
    tbf = casie.to_tbf(docs, path, os.path.basename(os.path.normpath(path)))
    out = Output({tbf_name(path): format_tbf(list(tbf.documents.values()))})
    for doc in docs:
        out.add("txt", doc.doc_id, ".txt", doc.content, path=doc.path, line=doc.id_line)
    out.lost["event arguments (tbf has no arguments)"] = sum(len(e.arguments or ()) for d in docs for h in d.hoppers
                                                             for e in h.events)
    out.lost["document info fields (title, date, link)"] = sum(d.info != casie.ABSENT for d in docs)
    return drop_zero(out)


def drop_zero(out: Output) -> Output:
    out.lost = Counter({k: v for k, v in out.lost.items() if v})
    return out


def read_tbf_strictly(path: str, token_dir: str | None) -> TbfFile:
    tbf, problems = read_tbf(path, mode=SpanMode.TOKEN if token_dir else SpanMode.CHAR)
    if fatal := [p for p in problems if p.fatal]:
        raise FormatError(fatal[0].path, fatal[0].line, fatal[0].message, fatal[0].expected)
    return tbf


def documents_with_tables(path: str, token_dir: str) -> Iterator[tuple[Document, TokenTable]]:
    """Each document of a tbf file on token ids with its token table (a `FormatError` where it has none):
    what every conversion to a token format starts from."""
    for doc in read_tbf_strictly(path, token_dir).documents.values():
        table_path = token_table_path(token_dir, doc.doc_id, where=path, line=doc.line)
        if not os.path.isfile(table_path):
            raise FormatError(table_path, 0, f"no token table for document {doc.doc_id!r}", "a .tab per document")
        yield doc, read_token_table(table_path, doc_id=doc.doc_id)


def tbf_to_textee(path: str, token_dir: str) -> Output:
    """tbf on token ids and its token tables -> TextEE: a window per document, its tokens the table's;
    a trigger spans its first to its last token. Realis and relations are not carried."""
    out = Output()
    windows = []
    for doc, table in documents_with_tables(path, token_dir):
        position = table.index()
        events = []
        for m in doc.mentions:
            at = sorted(position[t] for t in m.span if t in position)
            if not at:
                raise FormatError(path, m.line, f"mention {m.mention_id!r}: no token of its span in "
                                  f"{token_table_path(token_dir, doc.doc_id)}",
                                  "token ids of the document's table")
            if at != list(range(at[0], at[-1] + 1)):
                out.lost["discontinuous spans (widened to first..last token)"] += 1
            events.append(EventMention(m.raw_type, at[0], at[-1] + 1, m.text, m.mention_id))
        out.lost["realis values"] += sum(1 for m in doc.mentions if m.raw_realis != NOT_ANNOTATED_RAW)
        out.lost["relations (coreference, after, subevent)"] += len(doc.relations)
        out.lost[SCORES] += sum(m.score is not None for m in doc.mentions)
        windows.append(Window(doc.doc_id, doc.doc_id, [t.text for t in table.tokens], events, []))
    out.files[tbf_name(path)[:-4] + ".jsonl"] = dumps_textee(windows)
    return drop_zero(out)


def tbf_to_casie(path: str, text_dir: str) -> Output:
    """tbf on character offsets and its texts -> a CASIE file per document (clusters as hoppers)."""
    tbf = read_tbf_strictly(path, None)
    out = Output()
    for doc in tbf.documents.values():
        text_path = doc_input_path(text_dir, doc.doc_id, ".txt", path=path, line=doc.line)
        if not os.path.isfile(text_path):
            raise FormatError(text_path, 0, f"no text for document {doc.doc_id!r}", "a <doc id>.txt per document")
        with open(text_path, encoding="utf-8", newline="") as handle:
            content = handle.read()
        out.lost["discontinuous spans (widened)"] += sum(len(m.span) > 1 for m in doc.mentions)
        out.lost["after/subevent relations"] += sum(r.kind != "Coreference" for r in doc.relations)
        out.lost[SCORES] += sum(m.score is not None for m in doc.mentions)
        out.add("", doc.doc_id, ".json", casie.dumps_casie(casie.from_tbf_document(doc, content)), path=path,
                line=doc.line)
    return drop_zero(out)


def _one_leg(source: str, source_format: str, target: str, token_dir: str | None, text_dir: str | None,
             predictions: bool) -> Output | None:
    """The direct converter of a pair, or None when the pair goes through tbf."""
    from evmeval.conventions import convert_standoff, convert_tokens  # they build on this module

    if source_format in ("textee", "dygiepp") and target == "tbf":
        return token_to_tbf(source, source_format, predictions)
    if source_format == "maven" and target == "tbf":
        return convert_tokens.maven_to_tbf(source)
    if source_format == "maven-ere" and target == "tbf":
        return convert_tokens.maven_ere_to_tbf(source)
    if source_format == "casie" and target == "tbf":
        return casie_to_tbf(source)
    if source_format in ("brat", "bionlp") and target == "tbf":
        return convert_standoff.standoff_to_tbf(source, source_format, token_dir)
    if source_format in ("tbf", "brat", "bionlp") and target in ("brat", "bionlp"):
        return convert_standoff.standoff_target(source, source_format, target, token_dir, text_dir)
    if source_format != "tbf":
        return None
    if target in TOKEN_TARGETS and token_dir is None:
        raise ValueError(f"tbf -> {target} needs the token tables (-t FOLDER)")
    if target == "textee":
        return tbf_to_textee(source, token_dir or "")
    if target in ("maven", "maven-ere"):
        return convert_tokens.tbf_to_maven(source, token_dir or "", text_dir, ere=target == "maven-ere")
    if target == "dygiepp":
        return convert_tokens.tbf_to_dygiepp(source, token_dir or "", text_dir)
    if target == "casie":
        if text_dir is None:
            raise ValueError("tbf -> casie needs the texts (--text FOLDER)")
        return tbf_to_casie(source, text_dir)
    return None


def convert(source: str, source_format: str, target: str, *, token_dir: str | None = None,
            text_dir: str | None = None, predictions: bool = False) -> Output:
    """The files `target` holds for `source`: by the pair's own converter, else through tbf
    (`evmeval.conventions.pivot`); raises `FormatError` (bad input) or `ValueError` (a pair not
    supported, a folder missing)."""
    if source_format not in SOURCES or target not in TARGETS:
        raise ValueError(f"{source_format} -> {target} is not supported (from: {', '.join(SOURCES)}; "
                         f"to: {', '.join(TARGETS)})")
    if source_format == target == "tbf":  # the pivot itself: through tbf would never end
        raise FormatError(source, 0, "is read as tbf, and tbf -> tbf converts nothing",
                          f"an input in another format ({', '.join(f for f in SOURCES if f != 'tbf')}: a JSON or "
                          "JSONL file, a CASIE, brat or BioNLP folder) or another --to")
    from evmeval.conventions.pivot import tbf_files, through_tbf

    first = None
    if source_format == "tbf" and target == "casie" and token_dir is not None and text_dir is not None:
        first = tbf_files(source, token_dir, text_dir)  # CASIE is on characters: the pivot moves the spans
    elif (out := _one_leg(source, source_format, target, token_dir, text_dir, predictions)) is not None:
        return out
    return through_tbf(source, source_format, target, predictions,
                       lambda path, tokens, texts: _one_leg(path, "tbf", target, tokens, texts, False), first)


__all__ = ["SCORES", "SOURCES", "TARGETS", "TOKEN_TARGETS", "Mention", "Output", "convert", "doc_input_path",
           "drop_zero", "read_tbf_strictly", "tbf_name"]
