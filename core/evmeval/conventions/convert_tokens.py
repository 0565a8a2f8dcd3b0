"""`evmeval-convert` legs of the sentence-token formats: MAVEN and MAVEN-ERE into tbf, tbf into MAVEN,
MAVEN-ERE and DyGIE++.

Into tbf the mapping is the window's (`corpus_formats`: token ids `<sentence>:t<i>`, the text a line
per sentence, `corpus.document_text`), a MAVEN event's mentions an `@Coreference` cluster, MAVEN-ERE's
`BEFORE` an `@After` and its subevent pairs `@Subevent` (between the events' first mentions). Out of
tbf a document's sentences are the lines of its text (the whole document when there is none), each
`@Coreference` cluster one MAVEN event, and each token span cut to what the target holds; whatever
is cut or left out is counted in the report.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from evmeval.conventions.convert import (
    REALIS_WRITTEN,
    SCORES,
    Output,
    doc_input_path,
    documents_with_tables,
    drop_zero,
    read_tbf_strictly,
    tbf_name,
)
from evmeval.conventions.corpus import document_text
from evmeval.conventions.corpus_formats import _clusters, maven_mention
from evmeval.conventions.ours import Unit
from evmeval.io import dygiepp, maven, maven_ere
from evmeval.io.convert import NOT_ANNOTATED_RAW
from evmeval.io.errors import FormatError
from evmeval.io.tbf import format_tbf
from evmeval.io.tokens import format_token_table
from evmeval.model import Document, Mention, Relation, TokenTable

AFTER, SUBEVENT, COREFERENCE = "After", "Subevent", "Coreference"
DOCUMENT_FIELDS = "document titles and other document fields (tbf has a document id only)"
Placed = tuple[int, tuple[int, int]]
"""(sentence, [start, end) token offsets in it)."""


# --- into tbf ----------------------------------------------------------------------------------------


def _tbf_mention(doc_id: str, m: maven.Mention, event_type: str, line: int) -> Mention:
    return maven_mention("maven", doc_id, m.id, m.sent_id, m.offset, m.trigger_word, event_type, line)


def _document(doc_id: str, events: list[maven.Event], line: int,
              pairs: tuple[tuple[str, str, str], ...] = ()) -> Document:
    """A tbf document: each event's mentions, the events of several mentions as clusters, and the
    (kind, event, event) pairs as links between the events' first mentions."""
    mentions = [_tbf_mention(doc_id, m, e.type, line) for e in events for m in e.mentions]
    known = {m.mention_id: m.mention_id for m in mentions}
    relations = list(_clusters([[m.id for m in e.mentions] for e in events], known))
    first = {e.id: e.mentions[0].id for e in events if e.mentions}
    for n, (kind, a, b) in enumerate(pairs, 1):
        relations.append(Relation(kind, f"{kind[0]}{n}", (first[a], first[b]), 0))
    return Document(doc_id, tuple(mentions), tuple(relations))


def _token_files(out: Output, doc_id: str, sentences: list[list[str]], path: str, line: int) -> None:
    """The document's `txt/` and `tkn/` files (its id, read at `path:line`, refused unless a plain name)."""
    units = [Unit(str(k), tokens, f"{k}:") for k, tokens in enumerate(sentences)]
    text, table = document_text(doc_id, units)
    out.add("txt", doc_id, ".txt", text, path=path, line=line)
    out.add("tkn", doc_id, ".tab", format_token_table(table.tokens), path=path, line=line)


def _no_submission(path: str, what: str) -> FormatError:
    return FormatError(path, 1, f"a {what} submission names the gold document's mentions and has no tokens",
                       f"{what} documents (with their tokens) to convert")


def maven_to_tbf(path: str) -> Output:
    """MAVEN documents -> tbf on token ids (events of several mentions as `@Coreference`), tables and texts."""
    read = maven.read_maven(path)
    if read.is_submission:
        raise _no_submission(path, "MAVEN")
    out = Output()
    docs = []
    for d in read.documents:
        docs.append(_document(d.id, d.events or [], d.line))
        _token_files(out, d.id, [s.tokens for s in d.content], path, d.line)
        out.lost["negative triggers and candidates (tbf holds events only)"] += len(d.negative_triggers or ()) + len(
            d.candidates or ())
        out.lost["MAVEN type ids (tbf keeps the type name)"] += len(d.events or ())
        out.lost[DOCUMENT_FIELDS] += bool(d.title) + len(d.extra)
    out.files[tbf_name(path)] = format_tbf(docs)
    out.lost[REALIS_WRITTEN] = sum(len(d.mentions) for d in docs)
    return drop_zero(out)


def maven_ere_to_tbf(path: str) -> Output:
    """MAVEN-ERE documents -> tbf: coreference as MAVEN's, `BEFORE` as `@After`, subevents as `@Subevent`."""
    read = maven_ere.read_maven_ere(path)
    if not read.documents:
        raise _no_submission(path, "MAVEN-ERE")
    out = Output()
    docs = []
    for d in read.documents:
        events = d.events or []
        ids = {e.id for e in events if e.mentions}
        pairs = [(AFTER, a, b) for a, b in (d.temporal_relations or {}).get("BEFORE", []) if a in ids and b in ids]
        pairs += [(SUBEVENT, a, b) for a, b in d.subevent_relations or [] if a in ids and b in ids]
        every = sum(len(v) for v in (d.temporal_relations or {}).values()) + len(d.subevent_relations or ())
        out.lost["temporal relations other than BEFORE, or with a TIMEX"] += every - len(pairs)
        out.lost["causal relations"] += sum(len(v) for v in (d.causal_relations or {}).values())
        out.lost["TIMEX expressions"] += len(d.timex or ())
        out.lost["event mentions to relate (test set)"] += len(d.event_mentions or ())
        out.lost["MAVEN type ids (tbf keeps the type name)"] += len(events)
        out.lost[DOCUMENT_FIELDS] += bool(d.title) + len(d.extra)
        docs.append(_document(d.id, events, d.line, tuple(pairs)))
        _token_files(out, d.id, d.tokens, path, d.line)
    out.files[tbf_name(path)] = format_tbf(docs)
    out.lost[REALIS_WRITTEN] = sum(len(d.mentions) for d in docs)
    return drop_zero(out)


# --- out of tbf --------------------------------------------------------------------------------------


def _sentences(table: TokenTable, text: str | None) -> tuple[list[list[str]], dict[str, tuple[int, int]]]:
    """The document's sentences (a line of its text each; the whole table without a text) and each
    token id's (sentence, index in it)."""
    sentences: list[list[str]] = []
    where: dict[str, tuple[int, int]] = {}
    line = -1
    for token in table.tokens:
        at = text.count("\n", 0, token.first) if text is not None else 0
        if at != line or not sentences:
            sentences.append([])
            line = at
        where.setdefault(token.id, (len(sentences) - 1, len(sentences[-1])))
        sentences[-1].append(token.text)
    return sentences, where


def _place(m: Mention, where: dict[str, tuple[int, int]], path: str, out: Output) -> Placed:
    """A mention's tokens as one run in one sentence: widened across gaps, cut at its first sentence."""
    at = sorted(where[t] for t in m.span if t in where)
    if not at:
        raise FormatError(path, m.line, f"mention {m.mention_id!r}: no token of its span in the token table",
                          "token ids of the document's table")
    sentence = at[0][0]
    inside = [i for s, i in at if s == sentence]
    if len(inside) < len(at):
        out.lost["mentions across sentences (cut to their first sentence)"] += 1
    if inside != list(range(inside[0], inside[-1] + 1)):
        out.lost["discontinuous spans (widened to first..last token)"] += 1
    return sentence, (inside[0], inside[-1] + 1)


Writer = Callable[[str, Document, list[list[str]], dict[str, Placed], Output], object]


def _from_tbf(path: str, token_dir: str, text_dir: str | None, write: Writer) -> tuple[list[object], Output]:
    out = Output()
    items = []
    for doc, table in documents_with_tables(path, token_dir):
        text = None
        if text_dir is not None and os.path.isfile(
                text_path := doc_input_path(text_dir, doc.doc_id, ".txt", path=path, line=doc.line)):
            with open(text_path, encoding="utf-8", newline="") as handle:
                text = handle.read()
        sentences, where = _sentences(table, text)
        placed = {m.mention_id: _place(m, where, path, out) for m in doc.mentions}
        out.lost["realis values"] += sum(1 for m in doc.mentions if m.raw_realis != NOT_ANNOTATED_RAW)
        out.lost[SCORES] += sum(m.score is not None for m in doc.mentions)
        items.append(write(path, doc, sentences, placed, out))
    return items, out


def _events(doc: Document, sentences: list[list[str]], placed: dict[str, Placed],
            type_ids: dict[str, int]) -> tuple[list[maven.Event], dict[str, str]]:
    """A MAVEN event per coreference cluster (a lone mention its own), and each mention's event id."""
    clustered: dict[str, list[str]] = {}
    for r in doc.relations:
        if r.kind == COREFERENCE:
            for mention_id in r.mention_ids:
                clustered.setdefault(mention_id, list(r.mention_ids))
    by_id = {m.mention_id: m for m in doc.mentions}
    events: list[maven.Event] = []
    event_of: dict[str, str] = {}
    for m in doc.mentions:
        if m.mention_id in event_of:
            continue
        members = [by_id[i] for i in dict.fromkeys(clustered.get(m.mention_id, [m.mention_id]))
                   if i in by_id and i not in event_of and by_id[i].raw_type == m.raw_type]
        event_id = f"EVENT_{m.mention_id}"
        mentions = []
        for member in members:
            sent, offset = placed[member.mention_id]
            word = " ".join(sentences[sent][offset[0]:offset[1]])
            mentions.append(maven.Mention(member.mention_id, word, sent, offset))
            event_of[member.mention_id] = event_id
        events.append(maven.Event(event_id, m.raw_type, type_ids[m.raw_type], mentions))
    return events, event_of


def _type_ids(path: str, token_dir: str, out: Output) -> dict[str, int]:
    tbf = read_tbf_strictly(path, token_dir)
    names = sorted({m.raw_type for d in tbf.documents.values() for m in d.mentions})
    if len(names) > len(maven.TYPE_IDS):
        raise ValueError(f"{path} has {len(names)} event types; MAVEN's type ids hold {len(maven.TYPE_IDS)}")
    out.lost["MAVEN type ids (numbered 1.. in type-name order, not MAVEN's own)"] += len(names)
    return {name: n for n, name in enumerate(names, 1)}


def _type_split(doc: Document, out: Output) -> None:
    """A cluster of mentions of different types: MAVEN's events have one type (split, counted)."""
    types = {m.mention_id: m.raw_type for m in doc.mentions}
    out.lost["coreference clusters mixing types (split by type)"] += sum(
        r.kind == COREFERENCE and len({types.get(i) for i in r.mention_ids}) > 1 for r in doc.relations)


def tbf_to_maven(path: str, token_dir: str, text_dir: str | None, ere: bool = False) -> Output:
    """tbf on token ids -> MAVEN (or, `ere`, MAVEN-ERE) documents."""
    holder = Output()
    type_ids = _type_ids(path, token_dir, holder)

    def write(_: str, doc: Document, sentences: list[list[str]], placed: dict[str, Placed], out: Output) -> object:
        _type_split(doc, out)
        events, event_of = _events(doc, sentences, placed, type_ids)
        if not ere:
            out.lost["relations (after, subevent)"] += sum(r.kind != COREFERENCE for r in doc.relations)
            return maven.Document(doc.doc_id, doc.doc_id, [maven.Sentence(" ".join(s), s) for s in sentences],
                                  events, negative_triggers=[])
        before: list[tuple[str, str]] = []
        subevents: list[tuple[str, str]] = []
        for r in doc.relations:
            if r.kind in (AFTER, SUBEVENT):
                a, b = (event_of.get(i) for i in r.mention_ids[:2])
                if a is None or b is None or a == b or len(r.mention_ids) != 2:
                    out.lost["after/subevent links inside one event or naming unknown mentions"] += 1
                    continue
                pairs = before if r.kind == AFTER else subevents
                if (a, b) not in pairs:
                    pairs.append((a, b))
        return maven_ere.Document(doc.doc_id, doc.doc_id, sentences, [" ".join(s) for s in sentences], events,
                                  timex=[], temporal_relations={"BEFORE": before} if before else {},
                                  causal_relations={}, subevent_relations=subevents)

    items, out = _from_tbf(path, token_dir, text_dir, write)
    out.lost.update(holder.lost)
    name = tbf_name(path)[:-4] + ".jsonl"
    out.files[name] = (maven_ere.dumps_maven_ere if ere else maven.dumps_maven)(items)  # type: ignore[arg-type]
    return drop_zero(out)


def tbf_to_dygiepp(path: str, token_dir: str, text_dir: str | None) -> Output:
    """tbf on token ids -> DyGIE++ documents: sentences and per-sentence events (a trigger is one token:
    the mention's first)."""

    def write(_: str, doc: Document, sentences: list[list[str]], placed: dict[str, Placed], out: Output) -> object:
        starts = [sum(len(s) for s in sentences[:k]) for k in range(len(sentences))]
        events: list[list[dygiepp.Event]] = [[] for _ in sentences]
        for m in doc.mentions:
            sent, (start, end) = placed[m.mention_id]
            out.lost["triggers of several tokens (DyGIE++ keeps the first)"] += end - start > 1
            events[sent].append(dygiepp.Event(starts[sent] + start, m.raw_type))
        out.lost["mention ids (DyGIE++ has none)"] += len(doc.mentions)
        out.lost["relations (coreference, after, subevent)"] += len(doc.relations)
        return dygiepp.Document(doc.doc_id, sentences, events)

    items, out = _from_tbf(path, token_dir, text_dir, write)
    out.files[tbf_name(path)[:-4] + ".jsonl"] = dygiepp.dumps_dygiepp(items)  # type: ignore[arg-type]
    return drop_zero(out)


__all__ = ["maven_ere_to_tbf", "maven_to_tbf", "tbf_to_dygiepp", "tbf_to_maven"]
