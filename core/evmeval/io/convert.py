"""brat <-> tbf: character offsets to token ids through a token table, and back.

brat -> tbf (what the published `brat2tbf.py` does, plus reporting): every event becomes a mention
(id = event id, type = event type, realis = its `Realis` attribute or `NOT_ANNOTATED`, text = the
trigger's text); its span is the tokens its trigger's fragments touch, in token-table order. Where the
published converter silently dropped or guessed, we report `Problem`s naming the `.ann` file and line:
- a fragment that cuts through a token (covers part of it) keeps the token and is reported;
- a trigger that touches no token is reported and left out (with the relations that name it).
Coreference relations (`R` or `*` lines typed `Coreference`) become clusters (transitive closure),
numbered `C0, C1, ...` in order of first appearance; other relations (`After`, `Subevent`) are copied.
Text bounds that trigger no event (entities, arguments) are not mentions and are not converted.

Token tables: the format says a token's `last` offset is inclusive, but some published tables (the
conversion demo's, the CoNLL tests') store the exclusive end. `detect_token_end` tells them apart by
the token strings' lengths, so a span is never read one character too long.
"""

from __future__ import annotations

import bisect
import itertools
import os
import re
from collections.abc import Callable, Iterable, Sequence
from enum import Enum

from evmeval.io.brat import (
    ANN_EXTENSION,
    Attribute,
    BinaryRelation,
    BratDocument,
    Event,
    Note,
    TextBound,
    list_ann_files,
    read_ann,
)
from evmeval.io.doc_files import doc_file_path
from evmeval.io.errors import FormatError, Problem
from evmeval.io.tbf import RELATION_KINDS, read_tbf
from evmeval.io.tokens import DEFAULT_EXTENSION, DEFAULT_OFFSET_FIELDS, read_token_table
from evmeval.model import NOT_ANNOTATED_RAW, Document, Mention, Relation, SpanMode, TbfFile, TokenTable, canonical

DEFAULT_RUN_ID = "brat_conversion"
REALIS = "Realis"
COREFERENCE = "Coreference"
ID_NOTE = "AnnotatorNotes"
ID_NOTE_PREFIX = "tbf_id="
"""A note `#n AnnotatorNotes E3<TAB>tbf_id=em-17` keeps a tbf mention id brat cannot hold as an event id."""
_BRAT_EVENT_ID = re.compile(r"E[0-9]+")


class TokenEnd(str, Enum):
    """How a token table's second offset is meant: the last character (inclusive) or one past it."""

    AUTO = "auto"
    INCLUSIVE = "inclusive"
    EXCLUSIVE = "exclusive"


def detect_token_end(table: TokenTable) -> TokenEnd:
    """INCLUSIVE or EXCLUSIVE, by majority of tokens whose string length fits one reading exactly.

    A table where neither reading wins (e.g. normalised token strings) is read as the format says:
    inclusive.
    """
    inclusive = exclusive = 0
    for t in table.tokens:
        width = t.last - t.first
        if len(t.text) == width + 1:
            inclusive += 1
        elif len(t.text) == width:
            exclusive += 1
    return TokenEnd.EXCLUSIVE if exclusive > inclusive else TokenEnd.INCLUSIVE


def token_extents(table: TokenTable, token_end: TokenEnd = TokenEnd.AUTO) -> list[tuple[int, int]]:
    """`(begin, end)` of every token, end exclusive, in table order."""
    if token_end is TokenEnd.AUTO:
        token_end = detect_token_end(table)
    extra = 1 if token_end is TokenEnd.INCLUSIVE else 0
    return [(t.first, max(t.first, t.last + extra)) for t in table.tokens]


def _covered(begin: int, end: int, fragments: Sequence[tuple[int, int]]) -> bool:
    """Whether the fragments together cover every character of [begin, end)."""
    position = begin
    for b, e in sorted(fragments):
        if b > position:
            break
        position = max(position, e)
        if position >= end:
            return True
    return position >= end


class _TokenLocator:
    """Tokens overlapping a character range, by binary search over tokens sorted by begin offset."""

    def __init__(self, table: TokenTable, token_end: TokenEnd) -> None:
        self.extents = token_extents(table, token_end)
        self.ids = [t.id for t in table.tokens]
        self.order = sorted(range(len(self.extents)), key=lambda i: self.extents[i])
        self.begins = [self.extents[i][0] for i in self.order]
        self.longest = max((e - b for b, e in self.extents), default=0)

    def overlapping(self, begin: int, end: int) -> list[int]:
        """Table positions of tokens sharing at least one character with [begin, end)."""
        hits = []
        start = bisect.bisect_left(self.begins, begin - self.longest)
        for k in range(start, len(self.order)):
            index = self.order[k]
            b, e = self.extents[index]
            if b >= end:
                break
            if e > begin and b < end and e > b:
                hits.append(index)
        return hits


def _event_sort_key(event: Event) -> tuple[int, int, str]:
    """Events in numeric id order (E2 before E10), as the published converter writes them."""
    digits = event.id[1:]
    return (0, int(digits), event.id) if digits.isdigit() else (1, 0, event.id)


def _id_notes(doc: BratDocument) -> dict[str, str]:
    out = {}
    for note in doc.notes:
        if note.type == ID_NOTE and note.text.strip().startswith(ID_NOTE_PREFIX):
            out[note.target] = note.text.strip()[len(ID_NOTE_PREFIX):]
    return out


def _realis(doc: BratDocument, event: Event) -> str:
    attrs: dict[str, Attribute] = doc.attributes_of(event.trigger)
    attrs.update(doc.attributes_of(event.id))
    attribute = attrs.get(REALIS)
    if attribute is None or attribute.value is None:
        return NOT_ANNOTATED_RAW
    return attribute.value


def coreference_clusters(pairs: Iterable[Sequence[str]]) -> list[tuple[str, ...]]:
    """Transitive closure of coreference links; clusters and members in order of first appearance."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    order: list[str] = []
    for group in pairs:
        for member in group:
            if member not in parent:
                parent[member] = member
                order.append(member)
        for member in group[1:]:
            ra, rb = find(group[0]), find(member)
            if ra != rb:
                parent[rb] = ra
    clusters: dict[str, list[str]] = {}
    for member in order:
        clusters.setdefault(find(member), []).append(member)
    return [tuple(c) for c in clusters.values()]


def brat_to_document(
    doc: BratDocument,
    table: TokenTable | None,
    *,
    run_id: str = DEFAULT_RUN_ID,
    token_end: TokenEnd = TokenEnd.AUTO,
) -> tuple[Document, list[Problem]]:
    """The tbf document of one brat file: token spans with a table, character spans without one.

    Returns the problems met (each names the `.ann` file and line); none is fatal, nothing is left
    out without one.
    """
    path = doc.path or doc.doc_id + ANN_EXTENSION
    problems: list[Problem] = []
    locator = _TokenLocator(table, token_end) if table is not None else None
    renamed = _id_notes(doc)
    mentions: list[Mention] = []
    mention_id_of: dict[str, str] = {}
    for event in sorted(doc.events, key=_event_sort_key):
        trigger = doc.get(event.trigger)
        if not isinstance(trigger, TextBound):
            problems.append(Problem(path, event.line, f"event {event.id} left out: its trigger {event.trigger!r} "
                                    "is not a text bound of this file", "a T id defined in the file", fatal=False))
            continue
        span: tuple
        if locator is None:
            span = tuple(trigger.fragments)
        else:
            touched: set[int] = set()
            for begin, end in trigger.fragments:
                touched.update(locator.overlapping(begin, end))
            if not touched:
                where = table.path if table else doc.doc_id
                problems.append(Problem(path, trigger.line, f"{trigger.id} ({trigger.text!r}, offsets "
                                        f"{_fragments(trigger)}) touches no token of {where}; "
                                        f"event {event.id} left out", "offsets covering at least one token",
                                        fatal=False))
                continue
            cut = [i for i in sorted(touched) if not _covered(*locator.extents[i], trigger.fragments)]
            if cut:
                described = ", ".join(f"{locator.ids[i]} {_token_text(table, i)!r} "
                                      f"[{locator.extents[i][0]},{locator.extents[i][1]})" for i in cut)
                problems.append(Problem(path, trigger.line, f"{trigger.id} ({trigger.text!r}, offsets "
                                        f"{_fragments(trigger)}) cuts through token(s) {described}; the whole "
                                        f"token(s) are kept in event {event.id}",
                                        "offsets on token boundaries", fatal=False))
            span = tuple(locator.ids[i] for i in sorted(touched))
        if event.type != trigger.type:
            problems.append(Problem(path, event.line, f"event {event.id} has type {event.type!r} but its trigger "
                                    f"{trigger.id} has type {trigger.type!r}; the event's type is used",
                                    "the same type on both", fatal=False))
        mention_id = renamed.get(event.id, event.id)
        mention_id_of[event.id] = mention_id
        realis = _realis(doc, event)
        mentions.append(Mention(run_id, doc.doc_id, mention_id, span, trigger.text, canonical(event.type),
                                canonical(realis), event.type, realis, None, event.line))
    relations = _relations(doc, mention_id_of, path, problems)
    return Document(doc.doc_id, tuple(mentions), tuple(relations)), problems


def _fragments(t: TextBound) -> str:
    return ";".join(f"{b} {e}" for b, e in t.fragments)


def _token_text(table: TokenTable | None, index: int) -> str:
    return table.tokens[index].text if table is not None else ""


def _relations(doc: BratDocument, mention_id_of: dict[str, str], path: str,
               problems: list[Problem]) -> list[Relation]:
    """tbf relations: coreference clusters first (as the published converter), then the others."""
    links: list[tuple[str, ...]] = []
    others: list[Relation] = []
    records: list[tuple[int, str, str, tuple[str, ...]]] = [
        (r.line, r.type, r.id, (r.arg1[1], r.arg2[1])) for r in doc.relations]
    records += [(q.line, q.type, "*", q.members) for q in doc.equivalences]
    for line, kind, relation_id, members in sorted(records):
        missing = [m for m in members if m not in mention_id_of]
        if missing:
            problems.append(Problem(path, line, f"relation {relation_id} ({kind}) left out: it names "
                                    f"{', '.join(missing)}, which is not a converted event",
                                    "relations between events", fatal=False))
            continue
        if kind not in RELATION_KINDS:
            problems.append(Problem(path, line, f"relation {relation_id} ({kind}) left out: tbf has no such "
                                    "relation", "@" + ", @".join(RELATION_KINDS), fatal=False))
            continue
        ids = tuple(mention_id_of[m] for m in members)
        if kind == COREFERENCE:
            links.append(ids)
        else:
            others.append(Relation(kind, relation_id, ids, line))
    clusters = [Relation(COREFERENCE, f"C{n}", members, 0)
                for n, members in enumerate(coreference_clusters(links))]
    return clusters + others


def brat_cannot_hold(m: Mention) -> tuple[str, str] | None:
    """Why brat cannot hold this mention's type or realis (an empty one, or one with a blank: brat's
    fields are blank-separated), and what it needs; None when it can."""
    for value, what in ((m.raw_type, "type"), (m.raw_realis, "realis")):
        if not value or any(c.isspace() for c in value):
            return f"mention {m.mention_id!r} has {what} {value!r}, which brat cannot hold", f"a {what} without blanks"
    return None


def document_to_brat(
    doc: Document,
    table: TokenTable | None,
    *,
    text: str | None = None,
    token_end: TokenEnd = TokenEnd.AUTO,
    path: str = "",
) -> BratDocument:
    """The brat annotation of one tbf document (token spans need the document's token table).

    Each run of consecutive tokens becomes one fragment. Event ids are the mention ids when brat can
    hold them (`E<digits>`, unique); otherwise a fresh `E<n>` is used and a note keeps the tbf id, which
    `brat_to_document` restores. Realis `NOT_ANNOTATED` is written as no attribute. Raises
    `FormatError` for what brat cannot express (a type or realis with blanks, an unknown token id).
    """
    extents = token_extents(table, token_end) if table is not None else []
    position = table.index() if table is not None else {}
    taken = {m.mention_id for m in doc.mentions if _BRAT_EVENT_ID.fullmatch(m.mention_id)}
    next_number = 1 + max((int(i[1:]) for i in taken), default=0)
    used: set[str] = set()
    text_bounds: list[TextBound] = []
    events: list[Event] = []
    attributes: list[Attribute] = []
    notes: list[Note] = []
    event_of: dict[str, str] = {}
    where = path or doc.doc_id
    for n, m in enumerate(doc.mentions, start=1):
        if (problem := brat_cannot_hold(m)) is not None:
            raise FormatError(where, m.line, *problem)
        fragments = _fragments_of(m, extents, position, where)
        event_id = m.mention_id
        if not _BRAT_EVENT_ID.fullmatch(event_id) or event_id in used:
            event_id = f"E{next_number}"
            next_number += 1
            notes.append(Note(f"#{len(notes) + 1}", ID_NOTE, event_id, ID_NOTE_PREFIX + m.mention_id))
        used.add(event_id)
        event_of.setdefault(m.mention_id, event_id)
        text_bounds.append(TextBound(f"T{n}", m.raw_type, fragments, m.text))
        events.append(Event(event_id, m.raw_type, f"T{n}"))
        if m.raw_realis != NOT_ANNOTATED_RAW:
            attributes.append(Attribute(f"A{len(attributes) + 1}", REALIS, event_id, m.raw_realis))
    relations: list[BinaryRelation] = []
    for r in doc.relations:
        members = [event_of[i] for i in r.mention_ids if i in event_of]
        chain = itertools.pairwise(members) if r.kind == COREFERENCE else [tuple(members)]
        for pair in chain:
            if len(pair) == 2:
                relations.append(BinaryRelation(f"R{len(relations) + 1}", r.kind, ("Arg1", pair[0]),
                                                ("Arg2", pair[1])))
    return BratDocument(doc.doc_id, path, text, tuple(text_bounds), tuple(events), tuple(attributes),
                        tuple(relations), (), tuple(notes))


def _fragments_of(m: Mention, extents: list[tuple[int, int]], position: dict[str, int],
                  where: str) -> tuple[tuple[int, int], ...]:
    if not m.is_token_span:
        return tuple(m.span)
    indexes = []
    for token_id in m.span:
        if token_id not in position:
            raise FormatError(where, m.line, f"token {token_id!r} of mention {m.mention_id!r} is not in the token "
                              "table", "token ids of the document's table")
        indexes.append(position[token_id])
    fragments: list[tuple[int, int]] = []
    run: list[int] = []
    for index in sorted(set(indexes)):
        if run and index != run[-1] + 1:
            fragments.append((extents[run[0]][0], extents[run[-1]][1]))
            run = []
        run.append(index)
    fragments.append((extents[run[0]][0], extents[run[-1]][1]))
    return tuple(fragments)


# --- files and folders -------------------------------------------------------------------------------


TableLookup = Callable[[str], "TokenTable | None"]


def token_lookup(token_dir: str, *, extension: str = DEFAULT_EXTENSION,
                 offset_fields: tuple[int, int] = DEFAULT_OFFSET_FIELDS) -> TableLookup:
    """A function giving the table of a document from a folder (None when missing), read once each."""
    cache: dict[str, TokenTable | None] = {}

    def lookup(doc_id: str) -> TokenTable | None:
        if doc_id not in cache:
            path = doc_file_path(token_dir, doc_id, extension)
            cache[doc_id] = (read_token_table(path, doc_id=doc_id, offset_fields=offset_fields)
                             if path is not None and os.path.isfile(path) else None)
        return cache[doc_id]

    return lookup


def convert_brat_files(
    ann_paths: Sequence[str],
    tables: TableLookup | None,
    *,
    path: str,
    ann_extension: str = ANN_EXTENSION,
    run_id: str = DEFAULT_RUN_ID,
    token_end: TokenEnd = TokenEnd.AUTO,
) -> tuple[TbfFile, list[Problem]]:
    """Convert `.ann` files into one tbf file named `path` (token mode when `tables` is given).

    A document without a token table is reported and left out. Raises `FormatError` for a malformed
    `.ann` file or token table.
    """
    documents: dict[str, Document] = {}
    problems: list[Problem] = []
    for ann_path in ann_paths:
        brat, brat_problems = read_ann(ann_path, extension=ann_extension)
        problems.extend(brat_problems)
        table = None
        if tables is not None:
            table = tables(brat.doc_id)
            if table is None:
                problems.append(Problem(ann_path, 0, f"no token table for document {brat.doc_id!r}; the document "
                                        "is left out", f"{brat.doc_id}{DEFAULT_EXTENSION} (or -te) in the token "
                                        "folder", fatal=False))
                continue
        if brat.doc_id in documents:
            problems.append(Problem(ann_path, 0, f"document {brat.doc_id!r} appears twice; this copy replaces "
                                    "the first", "one annotation file per document", fatal=False))
        document, doc_problems = brat_to_document(brat, table, run_id=run_id, token_end=token_end)
        documents[brat.doc_id] = document
        problems.extend(doc_problems)
    mode = SpanMode.TOKEN if tables is not None else SpanMode.CHAR
    ordered = {d: documents[d] for d in sorted(documents)}
    return TbfFile(path=path, mode=mode, documents=ordered), problems


def brat_paths(path: str, ann_extension: str = ANN_EXTENSION) -> list[str]:
    """The `.ann` files of a folder (sorted), or the one file given."""
    if os.path.isdir(path):
        return list_ann_files(path, ann_extension)
    if not os.path.isfile(path):
        raise FormatError(path, 0, "not found", "a brat folder, a .ann file or a tbf file")
    return [path]


def is_brat_input(path: str, ann_extension: str = ANN_EXTENSION) -> bool:
    """A folder (of `.ann` files) or a file ending in the annotation extension."""
    return os.path.isdir(path) or path.endswith(ann_extension)


def read_annotation_set(
    path: str,
    *,
    token_dir: str | None = None,
    ann_extension: str = ANN_EXTENSION,
    token_extension: str = DEFAULT_EXTENSION,
    offset_fields: tuple[int, int] = DEFAULT_OFFSET_FIELDS,
    token_end: TokenEnd = TokenEnd.AUTO,
    run_id: str = DEFAULT_RUN_ID,
) -> tuple[TbfFile, list[Problem]]:
    """One annotator's work as a `TbfFile`: a tbf file, a `.ann` file or a folder of them.

    Token mode when `token_dir` is given (brat offsets are mapped to token ids), character mode
    otherwise. Raises `FormatError` for input that cannot be read without guessing.
    """
    mode = SpanMode.TOKEN if token_dir is not None else SpanMode.CHAR
    if token_dir is not None and not os.path.isdir(token_dir):
        raise FormatError(token_dir, 0, "token folder not found", "a folder of <doc id>.tab token tables")
    if not is_brat_input(path, ann_extension):
        return read_tbf(path, mode=mode)
    paths = brat_paths(path, ann_extension)
    if not paths:
        raise FormatError(path, 0, f"no {ann_extension} file in this folder", "a folder of brat .ann files")
    tables = (token_lookup(token_dir, extension=token_extension, offset_fields=offset_fields)
              if token_dir is not None else None)
    return convert_brat_files(paths, tables, path=path, ann_extension=ann_extension, run_id=run_id,
                              token_end=token_end)


__all__ = [
    "DEFAULT_RUN_ID", "TokenEnd", "brat_cannot_hold", "brat_paths", "brat_to_document", "convert_brat_files",
    "coreference_clusters", "detect_token_end", "document_to_brat", "is_brat_input", "read_annotation_set",
    "token_extents", "token_lookup",
]
