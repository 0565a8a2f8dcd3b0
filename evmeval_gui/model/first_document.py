"""One document of a corpus, read and scored on its own before the whole corpus is (no Qt).

Opening a large corpus reads and scores every document before anything can be shown (seconds for
4,000 documents). A document's scores depend on its own mentions only, so its block can be cut out of
both tbf files, parsed with the core's `parse_tbf` (keeping its line numbers) and scored with
`score_files` — the same functions, the same figures — and shown at once while the corpus loads.

The first document reads both files once and indexes them (`block_index`: where each document begins,
its line number; one C-speed pass a file), then lets the bytes go: the corpus load reads the files
itself, and any other document shown meanwhile is read from the files at its place (`read_at`: open,
seek, read its block), so the window does not hold the files' bytes while the corpus loads. A file that
changed on disk since it was indexed (another inode, size or modification time) gives no document.

Anything unusual (text before the first document or between documents, a document that appears
twice, a block that does not close, a reading problem, a white list) gives no first document: the
corpus load alone decides, and words any error or warning as always.
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from evmeval.io.errors import FormatError
from evmeval.io.loading import LoadedInputs, TextSource, TokenSource
from evmeval.io.reading import check_bom, decode_text, read_bytes
from evmeval.io.tbf import parse_tbf
from evmeval.io.tokens import DEFAULT_EXTENSION
from evmeval.mention.scoring import DocumentResult, ScoreResult, score_files
from evmeval.mention.type_names import TypeNames, type_names
from evmeval.model import SpanMode, TbfFile, canonical

from evmeval_gui.model import collector
from evmeval_gui.model.corpus import LoadedCorpus, OpenRequest, is_event_corpus

if TYPE_CHECKING:
    from evmeval.conventions.document_index import DocumentIndex

BEGIN = b"#BeginOfDocument"
END = b"#EndOfDocument"
_SPELLING_CHUNK = 1 << 16
"""Bytes a type-spelling scan reads at a time (the first document's lines usually name every type)."""

Stamp = tuple[int, int, int]
"""A file's inode, size and modification time (ns): another stamp, another file than the one indexed."""


@dataclass(frozen=True)
class FirstDocument:
    """A document shown before its corpus is scored: a one-document corpus and its core result."""

    doc_id: str
    system_index: int
    corpus: LoadedCorpus
    """The request's inputs holding only this document (token and text folders as the corpus's)."""
    result: ScoreResult
    """`score_files` of that document: its figures are the corpus result's for it; corpus figures are not."""
    type_names: TypeNames
    """The document's types as first written in the whole files (what the corpus result will show),
    not in this document alone: a spelling does not change when the corpus is scored."""
    doc_ids: tuple[str, ...] = ()
    """Every document of the gold file, in file order (a bytes scan): the list shown while the corpus is
    scored, each one scored on its own when it is shown (`first_document` with its id)."""
    index: DocumentIndex | None = None
    """An event JSONL corpus: where each document's lines are in both files (the library's index), for
    reading any one of them when it is shown (`event_document`); None for tbf."""
    files: TbfFiles | None = None
    """A tbf corpus: both files indexed, for reading any other document at its place; None otherwise."""

    @property
    def document(self) -> DocumentResult:
        """The document's result (the same figures as the corpus result's for it)."""
        return self.result.documents[0]


def _line_bounds(data: bytes, at: int) -> tuple[int, int]:
    """Start and end (the newline, or the end of the data) of the line holding byte `at`."""
    end = data.find(b"\n", at)
    return data.rfind(b"\n", 0, at) + 1, len(data) if end < 0 else end


def _block(data: bytes, start: int) -> tuple[int, int] | None:
    """The document block starting at line `start`: up to its `#EndOfDocument` line, with no other
    `#BeginOfDocument` before it; None when it does not close that plainly."""
    begin_end = _line_bounds(data, start)[1]
    end_at = data.find(END, begin_end)
    if end_at < 0 or data.find(BEGIN, begin_end, end_at) >= 0:
        return None
    line_start, line_end = _line_bounds(data, end_at)
    if data[line_start:end_at].strip():
        return None  # `#EndOfDocument` inside a mention line
    return start, min(line_end + 1, len(data))


def _first_doc_id(data: bytes) -> bytes | None:
    """The id of the file's first document, when nothing but blank lines comes before it."""
    at = data.find(BEGIN)
    if at < 0 or data[:at].strip():
        return None
    start, end = _line_bounds(data, at)
    doc_id = data[start:end].strip()[len(BEGIN):].strip()
    return doc_id or None


def _framed_before(data: bytes, start: int) -> bool:
    """Whether the lines before line `start` leave nothing for its document: back to the file's start
    or an `#EndOfDocument`, only blank and comment lines (v1.8 files mention lines outside a document,
    and an open document's lines, in the next document: the whole file decides those)."""
    end = start
    while end > 0:
        line_start = data.rfind(b"\n", 0, end - 1) + 1
        line = data[line_start:end].strip()
        if line.startswith(END):
            return True
        if line and (not line.startswith(b"#") or line.startswith(BEGIN)):
            return False
        end = line_start
    return True


def _no_second_end(data: bytes, at: int) -> bool:
    """Whether no `#EndOfDocument` follows the block ending at byte `at` before the next
    `#BeginOfDocument` (v1.8 would file the lines between under this document's id again)."""
    end_at, begin_at = data.find(END, at), data.find(BEGIN, at)
    return end_at < 0 or 0 <= begin_at < end_at


@dataclass(frozen=True)
class BlockIndex:
    """Where each document of one tbf file begins, found in one scan (a line whose stripped text starts
    with `#BeginOfDocument`): (byte, line number) by id, None for an id that begins twice; every such
    line's byte in file order (a block is read with its neighbours' bounds); the file's stamp."""

    path: str
    starts: dict[bytes, tuple[int, int] | None]
    begins: list[int]
    size: int
    stamp: Stamp = (-1, -1, -1)

    @cached_property
    def doc_ids(self) -> tuple[str, ...]:
        """The ids of the file's documents, once each, in file order (made once: every document shown while the
        corpus is scored lists them, 4,480 ids decoded again on each click)."""
        return tuple(doc_id.decode("utf-8", "replace") for doc_id in self.starts if doc_id)

    def region(self, start: int) -> tuple[int, int]:
        """The bytes from the `#BeginOfDocument` line before the one at `start` (or the file's start) to
        the one after it (or the file's end): all that decides whether its block stands alone."""
        k = bisect_left(self.begins, start)
        return (self.begins[k - 1] if k else 0), (self.begins[k + 1] if k + 1 < len(self.begins) else self.size)


def block_index(data: bytes, path: str = "", stamp: Stamp = (-1, -1, -1)) -> BlockIndex:
    """Index a tbf file's bytes: `bytes.find` for the begin lines, newlines counted between them (one pass)."""
    starts: dict[bytes, tuple[int, int] | None] = {}
    begins: list[int] = []
    find, rfind, count, size = data.find, data.rfind, data.count, len(data)
    at, line, counted = find(BEGIN), 1, 0
    while at >= 0:
        start = rfind(b"\n", 0, at) + 1
        end = find(b"\n", at)
        end = size if end < 0 else end
        if start == at or not data[start:at].strip():
            line += count(b"\n", counted, start)
            counted = start
            doc_id = data[at + len(BEGIN):end].strip()
            starts[doc_id] = None if doc_id in starts else (start, line)
            begins.append(start)
        at = find(BEGIN, end)
    return BlockIndex(path, starts, begins, size, stamp)


def _stamp(info: os.stat_result) -> Stamp:
    return info.st_ino, info.st_size, info.st_mtime_ns


def unchanged(index: BlockIndex) -> bool:
    """Whether the file on disk is still the one indexed (a missing file is not)."""
    try:
        return _stamp(os.stat(index.path)) == index.stamp
    except OSError:
        return False


def read_at(index: BlockIndex, begin: int, end: int) -> bytes | None:
    """Bytes `begin:end` of the indexed file, read at their place; None when the file changed since."""
    try:
        with open(index.path, "rb", buffering=0) as handle:
            if _stamp(os.fstat(handle.fileno())) != index.stamp:
                return None
            handle.seek(begin)
            parts, left = [], end - begin
            while left > 0:
                part = handle.read(left)
                if not part:
                    return None
                parts.append(part)
                left -= len(part)
            return b"".join(parts)
    except OSError:
        return None


class Spellings:
    """The first spelling of each canonical type in one indexed tbf file, as far as it was read: the file
    is read from its start a chunk at a time only until the types asked for are found (usually within its
    first document), and what was read is not read again."""

    def __init__(self, index: BlockIndex) -> None:
        self.index = index
        self.names: dict[str, str] = {}
        self.offset = 0
        """How far the file was read (its lines before this byte gave `names`)."""

    def find(self, wanted: Collection[str]) -> bool:
        """Read on until every type of `wanted` has a spelling or the file ends; False when the file changed.
        Raises `FormatError` (a byte order mark) or `UnicodeDecodeError`, as reading it whole would."""
        size, chunk = self.index.size, _SPELLING_CHUNK
        while self.offset < size and any(w not in self.names for w in wanted):
            data = read_at(self.index, self.offset, min(self.offset + chunk, size))
            if data is None:
                return False
            if self.offset == 0:
                check_bom(data, self.index.path)
            cut = len(data) if self.offset + len(data) >= size else data.rfind(b"\n") + 1
            if cut == 0:
                chunk *= 2  # a line longer than the chunk
                continue
            for raw in data[:cut].decode("utf-8").split("\n"):
                line = raw.strip()
                if not line or line[0] in "#@":
                    continue
                fields = line.split("\t")
                if len(fields) >= 7:
                    self.names.setdefault(canonical(fields[5]), fields[5])
            self.offset += cut
        return True


@dataclass
class TbfFiles:
    """The gold and the system file of a corpus being scored, indexed, with their types' spellings so far."""

    gold: BlockIndex
    system: BlockIndex
    gold_names: Spellings = field(init=False)
    system_names: Spellings = field(init=False)

    def __post_init__(self) -> None:
        self.gold_names, self.system_names = Spellings(self.gold), Spellings(self.system)

    def changed(self) -> str | None:
        """The path of a file that changed on disk since it was indexed (the gold's first), else None."""
        return next((index.path for index in (self.gold, self.system) if not unchanged(index)), None)


def _parse_block(index: BlockIndex, mode: SpanMode, doc_id: bytes, data: bytes | None = None) -> TbfFile | None:
    """The file reduced to document `doc_id` (an empty file when it has none), from `data` (the file's
    bytes) or read from the file at its place; None when unusual or the file changed."""
    found = index.starts.get(doc_id, ())
    if found is None:
        return None  # a repeated document: the later copy wins, the whole file decides
    if not found:  # not in the file (as it was indexed)
        return TbfFile(path=index.path, mode=mode, documents={}) if data is not None or unchanged(index) else None
    start, first_line = found
    begin, end = index.region(start)
    region = data[begin:end] if data is not None else read_at(index, begin, end)
    if region is None:
        return None
    start -= begin
    bounds = _block(region, start)
    if bounds is None or not _framed_before(region, start) or not _no_second_end(region, bounds[1]):
        return None
    tbf, problems = parse_tbf(decode_text(region[bounds[0]:bounds[1]], index.path), path=index.path, mode=mode,
                              first_line=first_line)
    if any(p.fatal for p in problems) or list(tbf.documents) != [doc_id.decode("utf-8")]:
        return None
    return tbf


def corpus_spellings(result: ScoreResult, files: TbfFiles) -> TypeNames | None:
    """The result's types spelt as first written in the whole files: gold first, then system (the rule
    of `evmeval.mention.type_names`), falling back to the document's own spelling; None when a file
    changed on disk."""
    own = type_names(result.documents)
    gold, system = files.gold_names, files.system_names
    if not gold.find(set(own)) or not system.find({key for key in own if key not in gold.names}):
        return None
    return TypeNames({key: gold.names[key] if key in gold.names else system.names[key] if key in system.names
                      else own.name(key) for key in own})


def _stamped_read(path: str) -> tuple[bytes, Stamp]:
    """The file's bytes, and its stamp taken before they were read (a change while reading shows later)."""
    try:
        stamp = _stamp(os.stat(path))
    except OSError:
        stamp = (-1, -1, -1)
    return read_bytes(path), stamp


def first_document(request: OpenRequest, system_index: int = 0, *, doc_id: str | None = None,
                   mapping: str, files: TbfFiles | None = None) -> FirstDocument | None:
    """Score one document of `request`: `doc_id`, or the gold file's first. Without `files`, both tbf
    files are read and indexed (`FirstDocument.files`, their bytes not kept); with them, the document is
    read from the files at its place.

    None when that is not plainly possible (see the module docstring) or a file changed since it was
    indexed; raises `FormatError` only for a file that cannot be read at all, which the corpus load
    would report the same way.
    """
    if request.white_list or not 0 <= system_index < len(request.systems):
        return None
    if is_event_corpus(request.gold):
        return _first_event_document(request, system_index, mapping, doc_id)
    gold_path, system_path = request.gold, request.systems[system_index]
    if gold_path == system_path or "-" in (gold_path, system_path):
        return None
    gold_data = system_data = None
    if files is None:  # (with them: each system call lets the corpus load's thread in, and waits to come back)
        if any(folder is not None and not os.path.isdir(folder) for folder in (request.token_dir, request.text_dir)):
            return None
        gold_data, gold_stamp = _stamped_read(gold_path)
        system_data, system_stamp = _stamped_read(system_path)
        wanted = doc_id.encode("utf-8") if doc_id else _first_doc_id(gold_data)
        files = TbfFiles(block_index(gold_data, gold_path, gold_stamp),
                         block_index(system_data, system_path, system_stamp))
    else:  # each file read is checked to be the one indexed (`read_at`)
        wanted = doc_id.encode("utf-8") if doc_id else None
    if not wanted or b"\n" in wanted:
        return None
    mode = SpanMode.TOKEN if request.token_dir is not None else SpanMode.CHAR
    try:
        gold = _parse_block(files.gold, mode, wanted, gold_data)
        system = _parse_block(files.system, mode, wanted, system_data)
    except (FormatError, UnicodeDecodeError):
        return None
    del gold_data, system_data  # the files' bytes are not kept (other documents are read at their place)
    if gold is None or system is None or not gold.documents:
        return None
    inputs = LoadedInputs(gold=gold, system=system, tokens=TokenSource(request.token_dir, DEFAULT_EXTENSION),
                          texts=TextSource(request.text_dir), problems=())
    result = score_files(gold, system, mapping=mapping)
    corpus = LoadedCorpus(request, (inputs,))
    try:
        spellings = corpus_spellings(result, files)
    except (FormatError, UnicodeDecodeError):
        return None
    if spellings is None:
        return None
    return FirstDocument(wanted.decode("utf-8"), system_index, corpus, result, spellings, files.gold.doc_ids,
                         files=files)


def _first_event_document(request: OpenRequest, system_index: int, mapping: str,
                          doc_id: str | None = None) -> FirstDocument | None:
    """An event JSONL corpus's document `doc_id` (else the gold file's first), read through the library's
    streams at the places its index found and scored alone (`evmeval.conventions.first_document`); every gold
    document is listed from the index, each read when shown (`event_document`). The corpus load reads the files
    itself (nothing preread)."""
    from evmeval.conventions.first_document import index_documents

    with collector.paused():  # the scan makes a tuple a line: a full collection in it held the interpreter 15-22 ms
        index = index_documents(request.gold, request.systems[system_index])
    if index is None or not index.doc_ids or index.gold_lines[index.doc_ids[0]][0][1] != 1:
        return None  # not readable a document at a time, or line 1 is not a document: the corpus load decides
    wanted = doc_id if doc_id is not None and doc_id in index.gold_lines else index.doc_ids[0]
    return event_document(request, system_index, index, wanted, mapping)


def event_document(request: OpenRequest, system_index: int, index: DocumentIndex, doc_id: str,
                   mapping: str) -> FirstDocument | None:
    """Document `doc_id` of an indexed event corpus, read and scored alone (the library's `one_document`),
    listed with every gold document of the index; None when that is not plainly possible."""
    from evmeval.conventions.first_document import one_document

    found = one_document(index, doc_id, mapping=mapping)
    if found is None:
        return None
    return FirstDocument(found.doc_id, system_index, LoadedCorpus(request, (found.inputs,)), found.result,
                         type_names(found.result.documents), index.doc_ids, index)
