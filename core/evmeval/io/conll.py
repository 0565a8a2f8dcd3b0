"""The CoNLL coreference format, read as the reference scorer v8.01 reads it, and written as the
published EvmEval v1.8 writes it (`PREFIX_gold.conll`, `PREFIX_sys.conll`).

A document is `#begin document NAME` … `#end document`; every other non-blank line is a token whose
LAST tab-separated column holds the coreference marks: `(3)` a one-token mention of entity 3, `(3`
the start and `3)` the end of a longer one, several joined by `|`; anything else (`-`, `_`) no mark.
Mentions are identified by their (first token, last token) positions in the document; entities are
numbered in the order their number first appears. Where v8.01 dies ("mentions … do not close", "end
of a mention without begin") we raise a `FormatError` with file and line; a document begun before the
previous one ended is read as v8.01 reads it, with a warning (file:line). v8.01 reads a response only
for the key's documents, so a broken response document the key does not hold is left out with a warning.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass

from evmeval.io.errors import FormatError, Problem
from evmeval.io.reading import read_text

Span = tuple[int, int]
"""A mention: first and last token position (0-based, blank lines not counted)."""

# Perl read the files as bytes: \d and \s are ASCII there, so they are spelled out here.
_BEGIN = re.compile(r"^#[ \t\n\r\f\v]*begin document (.*?)$")
_END = re.compile(r"#[ \t\n\r\f\v]*end document")
_BEGIN_UNSPACED = re.compile(r"^#[ \t\n\r\f\v]*begin document\(")
_DOUBLE = re.compile(r"\(([0-9]+\+[0-9])\)")
_SINGLE = re.compile(r"\(([0-9]+)\)")
_OPEN = re.compile(r"\(([0-9]+)")
_CLOSE = re.compile(r"([0-9]+)\)")
_PY2_WHITESPACE = re.compile(r"[ \t\n\r\x0b\x0c]+")
_OTHER_WHITESPACE = re.compile(r"[\t\r\x0b\x0c]")  # ASCII whitespace but " " and the "\n" we join with
_SPACES_AT_JOINS = re.compile(r" *\n *")
_SPACE_RUNS = re.compile(r" +")
LAYOUT = "token lines whose last tab-separated column holds marks like (3), (3 or 3)"


@dataclass(frozen=True)
class ConllDocument:
    """One document: its entities in v8.01's order, each a tuple of mention spans in reading order."""

    name: str
    entities: tuple[tuple[Span, ...], ...]
    line: int = 0
    numbers: tuple[str, ...] = ()
    """Each entity's number as written (cross-document scoring joins entities of one number)."""
    num_tokens: int = 0
    """Token lines read (a merged document places the next document after them)."""


def _remove_all(pattern: re.Pattern[str], text: str) -> tuple[list[str], str]:
    """v8.01's `while (s/pattern//)`: every match, removed one by one from the left."""
    found: list[str] = []
    while True:
        match = pattern.search(text)
        if match is None:
            return found, text
        found.append(match.group(1))
        text = text[: match.start()] + text[match.end():]


class _DocumentReader:
    """Collects one document's mentions line by line (open mentions wait on a stack per entity)."""

    def __init__(self, path: str, name: str, line: int) -> None:
        self.path, self.name, self.line = path, name, line
        self.index: dict[str, int] = {}
        self.entities: list[list[Span]] = []
        self.open: dict[int, list[tuple[int, int]]] = {}  # entity -> [(token, file line)]
        self.token = 0
        self.failed = False
        """A line could not be read (only where the document may be left out: see `parse_conll`)."""

    def _entity(self, number: str) -> int:
        if number not in self.index:
            self.index[number] = len(self.index)
            self.entities.append([])
        return self.index[number]

    def add_line(self, text: str, number: int) -> None:
        columns = text.split("\t")
        while len(columns) > 1 and columns[-1] == "":  # Perl's split drops trailing empty fields
            columns.pop()
        marks = columns[-1] if columns else ""
        if marks != "_":
            _, marks = _remove_all(_DOUBLE, marks)
            singles, marks = _remove_all(_SINGLE, marks)
            for entity_number in singles:
                self.entities[self._entity(entity_number)].append((self.token, self.token))
            opens, marks = _remove_all(_OPEN, marks)
            for entity_number in opens:
                self.open.setdefault(self._entity(entity_number), []).append((self.token, number))
            closes, marks = _remove_all(_CLOSE, marks)
            for entity_number in closes:
                entity = self._entity(entity_number)
                stack = self.open.get(entity)
                if not stack:
                    raise FormatError(self.path, number, f"end of a mention of entity {entity_number} "
                                      "without its beginning", f"a line with ({entity_number} before it")
                start, _ = stack.pop()
                self.entities[entity].append((start, self.token))
        self.token += 1

    def finish(self, number: int) -> ConllDocument:
        for entity, stack in self.open.items():
            if stack:
                number_text = next(k for k, v in self.index.items() if v == entity)
                raise FormatError(self.path, stack[-1][1], f"mention of entity {number_text} is never closed "
                                  f"(document ends at line {number})", f"a closing {number_text}) in the document")
        return ConllDocument(self.name, tuple(tuple(e) for e in self.entities), self.line,
                             tuple(self.index), self.token)


def parse_conll(text: str, *, path: str, warnings: list[Problem] | None = None,
                needed: Container[str] | None = None) -> dict[str, ConllDocument]:
    """Every document of a CoNLL text by name (a repeated name: the last one counts, as in v8.01).

    A `#begin document` inside a document that has not ended is read as v8.01 reads it: v8.01 finds
    every begin line in the file, and reads each document from its begin line to the next `#end
    document`; so the outer document keeps going (the begin line and what follows are its tokens too)
    and both end at that line. Each such line is added to `warnings` (file:line).

    `needed`: the names v8.01 reads (a response is read only for the key's documents). A document it
    would not read, and cannot be read, is left out with a warning instead of a `FormatError`."""
    documents: dict[str, ConllDocument] = {}
    broken: dict[str, FormatError] = {}
    readers: list[_DocumentReader] = []  # the documents being read, outermost first
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, raw in enumerate(lines, start=1):
        begin = _BEGIN.match(raw[:-1] if raw.endswith("\r") else raw)
        if readers and raw != "":
            if _END.search(raw):
                for reader in readers:
                    _settle(reader, number, documents, broken)
                readers = []
            else:
                for reader in readers:
                    if not reader.failed:
                        _read_line(reader, raw, number, broken)
                if begin and warnings is not None:
                    warnings.append(_nested_begin(path, number, begin.group(1), readers[-1]))
        if begin:
            readers.append(_DocumentReader(path, begin.group(1), number))
    for reader in readers:  # never closed: v8.01 dies reading one
        if not reader.failed:
            broken[reader.name] = FormatError(path, reader.line, f"document {reader.name!r} is never closed",
                                              "#end document at the end of every document")
        documents.pop(reader.name, None)
    _set_aside(path, broken, needed, warnings)
    if not documents and not broken and (why := _nothing_read(lines, path)) is not None and warnings is not None:
        warnings.append(why)
    return documents


def _set_aside(path: str, broken: dict[str, FormatError], needed: Container[str] | None,
               warnings: list[Problem] | None) -> None:
    """The first broken document v8.01 reads is a `FormatError`; the others are left out with a warning."""
    fatal = [error for name, error in broken.items() if needed is None or name in needed]
    if fatal:
        raise min(fatal, key=lambda error: error.problem.line)
    for name, error in broken.items():
        if warnings is not None:
            problem = error.problem
            warnings.append(Problem(path, problem.line, f"document {name!r}, not in the key, cannot be read: "
                                    f"{problem.message}; the reference scorer v8.01 never reads it, and neither do we",
                                    problem.expected, fatal=False))


def _nothing_read(lines: list[str], path: str) -> Problem | None:
    """Why a file gave no document. A `#begin document(` without the space v8.01's pattern needs reads no
    document there either (many published system files are written so): its figures are kept, with a warning.
    A line that is no CoNLL at all (a tbf file, say) is a `FormatError`: zeros would pass for a score."""
    for number, raw in enumerate(lines, start=1):
        if _BEGIN_UNSPACED.match(raw):
            return Problem(path, number, "'#begin document(' lacks the space the reference scorer v8.01 needs "
                           "after 'document', so no document was read (v8.01 reads none either: every figure is "
                           "0)", "#begin document (NAME); part 000", fatal=False)
        if raw.strip():
            raise FormatError(path, number, "not CoNLL coreference: this line comes before any #begin document",
                              f"#begin document (NAME); part 000, then {LAYOUT}, then #end document")
    return Problem(path, 0, "no document in the file: every figure is 0", "#begin document (NAME); part 000 ...",
                   fatal=False)


def _read_line(reader: _DocumentReader, raw: str, number: int, broken: dict[str, FormatError]) -> None:
    try:
        reader.add_line(raw, number)
    except FormatError as error:
        reader.failed = True
        broken[reader.name] = error


def _settle(reader: _DocumentReader, number: int, documents: dict[str, ConllDocument],
            broken: dict[str, FormatError]) -> None:
    """The document `reader` read, ended at line `number`: kept, or set aside as broken. A later copy of
    a name replaces an earlier one, broken or not (v8.01 reads the last copy only)."""
    if not reader.failed:
        try:
            documents[reader.name] = reader.finish(number)
            broken.pop(reader.name, None)
            return
        except FormatError as error:
            broken[reader.name] = error
    documents.pop(reader.name, None)


def _nested_begin(path: str, number: int, name: str, outer: _DocumentReader) -> Problem:
    return Problem(path, number, f"#begin document {name} before the #end document of {outer.name!r} (begun at "
                   f"line {outer.line}); scored as the reference scorer v8.01 does: both documents run to the "
                   "next #end document, so the lines up to it count in both", "#end document before every "
                   "#begin document", fatal=False)


def read_conll(path: str, warnings: list[Problem] | None = None,
               needed: Container[str] | None = None) -> dict[str, ConllDocument]:
    """Read a CoNLL coreference file; raises `FormatError` (file:line) on what v8.01 cannot read in the
    documents it reads (`needed`: a response's, the key's names; None: every document); what it reads in
    its own way (a document begun inside another, a broken one it never reads) goes to `warnings`."""
    return parse_conll(read_text(path), path=path, warnings=warnings, needed=needed)


def format_conll(documents: Iterable[ConllDocument], *, num_tokens: dict[str, int] | None = None) -> str:
    """Write documents in the CoNLL format: one line per token (`name<TAB>position<TAB>marks`).

    Marks on a line are written one-token first, then openings, then closings, each in entity order:
    the order in which v8.01 reads them, so reading the text back gives the same entities in the
    same order.
    """
    out: list[str] = []
    for doc in documents:
        last = max((end for entity in doc.entities for _, end in entity), default=-1)
        size = max(last + 1, (num_tokens or {}).get(doc.name, 0))
        singles: list[list[int]] = [[] for _ in range(size)]
        opens: list[list[int]] = [[] for _ in range(size)]
        closes: list[list[int]] = [[] for _ in range(size)]
        for number, entity in enumerate(doc.entities):
            for start, end in entity:
                if start == end:
                    singles[start].append(number)
                else:
                    opens[start].append(number)
                    closes[end].append(number)
        out.append(f"#begin document {doc.name}\n")
        for token in range(size):
            marks = ([f"({n})" for n in sorted(singles[token])] + [f"({n}" for n in sorted(opens[token])]
                     + [f"{n})" for n in sorted(closes[token])])
            out.append(f"{doc.name}\t{token}\t{'|'.join(marks) or '-'}\n")
        out.append("#end document\n")
    return "".join(out)


def evmeval_mention_text(text: str) -> str:
    """A mention's text as v1.8 writes it into a CoNLL line: ASCII-whitespace runs become `_`."""
    return "_".join(part for part in _PY2_WHITESPACE.split(text) if part)


def format_evmeval_conll_document(doc_id: str, rows: Sequence[tuple[str, int] | None]) -> str:
    """One document as v1.8 writes it: a token line per aligned row, `(cluster)` or `None (-)`."""
    out = [f"#begin document ({doc_id}); part 000\n"]
    for index, row in enumerate(rows):
        if row is None:
            out.append(f"{doc_id}\t{index}\tNone\t(-)\n")
        else:
            out.append(f"{doc_id}\t{index}\t{row[0]}\t({row[1]})\n")
    out.append("#end document\n")
    return "".join(out)


def evmeval_mention_texts(texts: Sequence[str]) -> list[str]:
    """`evmeval_mention_text` of every text, in a few passes over all of them joined: a corpus has
    150k mention texts, and one regular expression call per text costs more than the rest of a line.
    Texts with whitespace other than spaces take the one-by-one way."""
    if not texts:
        return []
    joined = "\n".join(texts)
    if joined.count("\n") != len(texts) - 1 or _OTHER_WHITESPACE.search(joined):
        return [evmeval_mention_text(t) for t in texts]
    if " " not in joined:
        return list(texts)
    if " \n" in joined or "\n " in joined:
        joined = _SPACES_AT_JOINS.sub("\n", joined)
    joined = joined.strip(" ")
    joined = _SPACE_RUNS.sub("_", joined) if "  " in joined else joined.replace(" ", "_")
    return joined.split("\n")


_NONE_LABEL = "\t(-)\n"


class EvmevalConllWriter:
    """Documents as v1.8 writes them (see `format_evmeval_conll_document`), a line per text and label
    (`None` / -1: no mention on the line); the pieces every line shares are made once per run."""

    def __init__(self) -> None:
        self._numbers: list[str] = []
        self._labels: list[str] = [_NONE_LABEL]  # the last entry: label -1

    def _tables(self, lines: int, top_label: int) -> tuple[list[str], list[str]]:
        if len(self._numbers) < lines:
            self._numbers = [f"{k}\t" for k in range(max(lines, 2 * len(self._numbers)))]
        if len(self._labels) <= top_label + 1:
            size = max(top_label + 1, 2 * len(self._labels))
            self._labels = [f"\t({k})\n" for k in range(size)] + [_NONE_LABEL]
        return self._numbers, self._labels

    def document(self, doc_id: str, texts: Sequence[str], labels: Sequence[int]) -> str:
        """`#begin document (ID); part 000`, then `ID<TAB>k<TAB>text<TAB>(label)` per line, `#end document`."""
        count = len(texts)
        numbers, label_texts = self._tables(count, max(labels, default=-1))
        parts = [f"{doc_id}\t"] * (4 * count)
        parts[1::4] = numbers[:count]
        parts[2::4] = texts
        parts[3::4] = map(label_texts.__getitem__, labels)
        return f"#begin document ({doc_id}); part 000\n{''.join(parts)}#end document\n"
