"""One document of a corpus, read and scored on its own before the whole corpus is (no Qt).

Opening a large corpus reads and scores every document before anything can be shown (about a
second for 2000 documents). A document's scores depend on its own mentions only, so its block can be
cut out of both tbf files (a bytes scan for its `#BeginOfDocument` line), parsed with the core's
`parse_tbf` (keeping its line numbers) and scored with `score_files` — the same functions, the same
figures — and shown at once while the corpus loads. The bytes read here are handed on to the corpus
load (`preread`): every input is still read once.

Anything unusual (text before the first document or between documents, a document that appears
twice, a block that does not close, a reading problem, a white list) gives no first document: the
corpus load alone decides, and words any error or warning as always.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from evmeval.io.errors import FormatError
from evmeval.io.loading import LoadedInputs, TextSource, TokenSource
from evmeval.io.reading import decode_text, lines_of, read_bytes
from evmeval.io.tbf import parse_tbf
from evmeval.io.tokens import DEFAULT_EXTENSION
from evmeval.mention.scoring import DocumentResult, ScoreResult, score_files
from evmeval.mention.type_names import TypeNames, type_names
from evmeval.model import SpanMode, TbfFile, canonical

from evmeval_gui.model.corpus import LoadedCorpus, OpenRequest, is_event_corpus

if TYPE_CHECKING:
    from evmeval.conventions.document_index import DocumentIndex

BEGIN = b"#BeginOfDocument"
END = b"#EndOfDocument"
_MAX_HITS = 10_000
"""Give up on a document id that occurs this often in a file (a scan, not a parse, is the point)."""


@dataclass(frozen=True)
class FirstDocument:
    """A document shown before its corpus is scored: a one-document corpus and its core result."""

    doc_id: str
    system_index: int
    corpus: LoadedCorpus
    """The request's inputs holding only this document (token and text folders as the corpus's)."""
    result: ScoreResult
    """`score_files` of that document: its figures are the corpus result's for it; corpus figures are not."""
    preread: dict[str, bytes]
    """The tbf files' bytes, by path, for the corpus load (each input is read once)."""
    type_names: TypeNames
    """The document's types as first written in the whole files (what the corpus result will show),
    not in this document alone: a spelling does not change when the corpus is scored."""
    doc_ids: tuple[str, ...] = ()
    """Every document of the gold file, in file order (a bytes scan): the list shown while the corpus is
    scored, each one scored on its own when it is shown (`first_document` with its id)."""
    index: DocumentIndex | None = None
    """An event JSONL corpus: where each document's lines are in both files (the library's index), for
    reading any one of them when it is shown (`event_document`); None for tbf."""

    @property
    def document(self) -> DocumentResult:
        """The document's result (the same figures as the corpus result's for it)."""
        return self.result.documents[0]


def _line_bounds(data: bytes, at: int) -> tuple[int, int]:
    """Start and end (the newline, or the end of the data) of the line holding byte `at`."""
    end = data.find(b"\n", at)
    return data.rfind(b"\n", 0, at) + 1, len(data) if end < 0 else end


def _begin_lines(data: bytes, doc_id: bytes) -> list[int] | None:
    """Starts of the `#BeginOfDocument <doc_id>` lines, as the reader sees them (stripped); None when
    the id occurs too often to scan."""
    starts: list[int] = []
    at, hits = data.find(doc_id), 0
    while at >= 0:
        hits += 1
        if hits > _MAX_HITS:
            return None
        start, end = _line_bounds(data, at)
        line = data[start:end].strip()
        if line.startswith(BEGIN) and line[len(BEGIN):].strip() == doc_id:
            starts.append(start)
        at = data.find(doc_id, end)
    return starts


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
    """Where each document of a tbf file's bytes begins, found in one scan (the rule of `_begin_lines`):
    (byte, line number) of its `#BeginOfDocument` line, None for an id that begins twice; and whether the
    bytes are ASCII. A document shown while the corpus is scored is then cut out without scanning the file."""

    starts: dict[bytes, tuple[int, int] | None]
    ascii: bool


def block_index(data: bytes) -> BlockIndex:
    starts: dict[bytes, tuple[int, int] | None] = {}
    at, line, counted = data.find(BEGIN), 1, 0
    while at >= 0:
        start, end = _line_bounds(data, at)
        text = data[start:end].strip()
        if text.startswith(BEGIN):
            line += data.count(b"\n", counted, start)
            counted = start
            doc_id = text[len(BEGIN):].strip()
            starts[doc_id] = None if doc_id in starts else (start, line)
        at = data.find(BEGIN, end)
    return BlockIndex(starts, data.isascii())


def _parse_block(data: bytes, path: str, mode: SpanMode, doc_id: bytes,
                 index: BlockIndex | None = None) -> TbfFile | None:
    """The file reduced to document `doc_id` (an empty file when it has none); None when unusual."""
    if index is not None:
        found = index.starts.get(doc_id, ())
        starts = [found[0]] if found else None if found is None else []
    else:
        starts = _begin_lines(data, doc_id)
    if starts is None or len(starts) > 1:
        return None  # a repeated document: the later copy wins, the whole file decides
    if not starts:
        return TbfFile(path=path, mode=mode, documents={})
    bounds = _block(data, starts[0])
    if bounds is None or not _framed_before(data, starts[0]) or not _no_second_end(data, bounds[1]):
        return None
    at = index.starts.get(doc_id) if index is not None else None
    first_line = at[1] if at else data.count(b"\n", 0, bounds[0]) + 1
    tbf, problems = parse_tbf(decode_text(data[bounds[0]:bounds[1]], path), path=path, mode=mode,
                              first_line=first_line)
    if any(p.fatal for p in problems) or list(tbf.documents) != [doc_id.decode("utf-8")]:
        return None
    return tbf


def _first_spellings(data: bytes, wanted: set[str], names: dict[str, str], ascii: bool | None = None) -> None:
    """Add to `names` the first spelling in `data` (a tbf file's bytes) of each canonical type of `wanted`
    not in it yet; the scan stops once every wanted type has one (usually within the first document)."""
    missing = wanted - names.keys()
    if not missing:
        return
    # ASCII bytes are valid UTF-8 with no byte order mark: only the lines read are decoded (a 30 MB
    # file is not decoded whole for the first few lines); else the whole file is checked first
    lines = _ascii_lines(data) if (data.isascii() if ascii is None else ascii) else lines_of(decode_text(data, ""))
    for raw in lines:
        line = raw.strip()
        if not line or line[0] in "#@":
            continue
        fields = line.split("\t")
        if len(fields) < 7:
            continue
        key = canonical(fields[5])
        if key in missing:
            names[key] = fields[5]
            missing.discard(key)
            if not missing:
                return


def _ascii_lines(data: bytes) -> Iterator[str]:
    """The lines of ASCII `data` as `lines_of(data.decode())` gives them, decoded one at a time."""
    start, size = 0, len(data)
    while start <= size:
        end = data.find(b"\n", start)
        end = size if end < 0 else end
        yield data[start:end].decode("ascii")
        start = end + 1


def corpus_spellings(result: ScoreResult, gold_data: bytes, system_data: bytes,
                     indexes: tuple[BlockIndex, BlockIndex] | None = None) -> TypeNames:
    """The result's types spelt as first written in the whole files: gold first, then system (the rule
    of `evmeval.mention.type_names`), falling back to the document's own spelling."""
    own = type_names(result.documents)
    names: dict[str, str] = {}
    _first_spellings(gold_data, set(own), names, indexes[0].ascii if indexes else None)
    _first_spellings(system_data, set(own), names, indexes[1].ascii if indexes else None)
    return TypeNames({key: names.get(key, own.name(key)) for key in own})


def document_ids(data: bytes) -> tuple[str, ...]:
    """The ids of a tbf file's `#BeginOfDocument` lines, once each, in file order (no parse: a scan)."""
    ids: dict[str, None] = {}
    at = data.find(BEGIN)
    while at >= 0:
        start, end = _line_bounds(data, at)
        line = data[start:end].strip()
        if line.startswith(BEGIN):
            doc_id = line[len(BEGIN):].strip()
            if doc_id:
                ids.setdefault(doc_id.decode("utf-8", "replace"), None)
        at = data.find(BEGIN, end)
    return tuple(ids)


def first_document(request: OpenRequest, system_index: int = 0, *, doc_id: str | None = None,
                   mapping: str, preread: dict[str, bytes] | None = None,
                   doc_ids: tuple[str, ...] | None = None,
                   indexes: tuple[BlockIndex, BlockIndex] | None = None) -> FirstDocument | None:
    """Read both tbf files' bytes (unless `preread` has them) and score one document: `doc_id`, or the
    gold file's first (`doc_ids`: the gold file's documents, when already scanned; `indexes`: where the
    gold and the system file's documents begin, `block_index`).

    None when that is not plainly possible (see the module docstring); raises `FormatError` only for a
    file that cannot be read at all, which the corpus load would report the same way.
    """
    if request.white_list or not 0 <= system_index < len(request.systems):
        return None
    if is_event_corpus(request.gold):
        return _first_event_document(request, system_index, mapping, doc_id)
    for folder in (request.token_dir, request.text_dir):
        if folder is not None and not os.path.isdir(folder):
            return None
    gold_path, system_path = request.gold, request.systems[system_index]
    if gold_path == system_path or "-" in (gold_path, system_path):
        return None
    known = preread or {}
    gold_data = known[gold_path] if gold_path in known else read_bytes(gold_path)
    system_data = known[system_path] if system_path in known else read_bytes(system_path)
    preread = {gold_path: gold_data, system_path: system_data}
    wanted = doc_id.encode("utf-8") if doc_id else _first_doc_id(gold_data)
    if not wanted or b"\n" in wanted:
        return None
    mode = SpanMode.TOKEN if request.token_dir is not None else SpanMode.CHAR
    try:
        gold = _parse_block(gold_data, gold_path, mode, wanted, indexes[0] if indexes else None)
        system = _parse_block(system_data, system_path, mode, wanted, indexes[1] if indexes else None)
    except (FormatError, UnicodeDecodeError):
        return None
    if gold is None or system is None or not gold.documents:
        return None
    inputs = LoadedInputs(gold=gold, system=system, tokens=TokenSource(request.token_dir, DEFAULT_EXTENSION),
                          texts=TextSource(request.text_dir), problems=())
    result = score_files(gold, system, mapping=mapping)
    corpus = LoadedCorpus(request, (inputs,))
    try:
        spellings = corpus_spellings(result, gold_data, system_data, indexes)
    except (FormatError, UnicodeDecodeError):
        return None
    return FirstDocument(wanted.decode("utf-8"), system_index, corpus, result, preread, spellings,
                         document_ids(gold_data) if doc_ids is None else doc_ids)


def _first_event_document(request: OpenRequest, system_index: int, mapping: str,
                          doc_id: str | None = None) -> FirstDocument | None:
    """An event JSONL corpus's document `doc_id` (else the gold file's first), read through the library's
    streams at the places its index found and scored alone (`evmeval.conventions.first_document`); every gold
    document is listed from the index, each read when shown (`event_document`). The corpus load reads the files
    itself (nothing preread)."""
    from evmeval.conventions.first_document import index_documents

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
    return FirstDocument(found.doc_id, system_index, LoadedCorpus(request, (found.inputs,)), found.result, {},
                         type_names(found.result.documents), index.doc_ids, index)
