"""TAC KBP event nugget files (`.tbf`), read the way the published scorer reads them.

Lines are stripped at both ends; `#BeginOfDocument <id>` / `#EndOfDocument` frame a document; other
`#` lines are comments; `@Kind<TAB>id<TAB>E1,E2` lines are relations; blank lines are skipped; every
other line is a mention: `run_id doc_id mention_id span text type realis [score]`, tab-separated.

Where the published scorer v1.8 scores a file, so do we, the same way, with a warning (a non-fatal
`Problem`) naming file and line: mention lines outside a document (v1.8 files them in the next
document it closes), a `#BeginOfDocument` inside an open document (its lines move to the new id), a
last document never closed (dropped), char spans `4,0` (no characters), `-2,4` (negative offsets) and
`0,2,4` (the first two numbers), empty token ids. What v1.8 crashes on or what cannot mean anything
(a header without an id, a span part that is not two whole ASCII numbers) stops with a `FormatError`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from operator import attrgetter
from typing import BinaryIO

from evmeval._util.progress import CancelCheck, stop_if_cancelled
from evmeval.io.errors import FormatError, Problem
from evmeval.io.reading import (
    BOMS,
    MAX_LINE_BYTES,
    STDIN,
    decode_pieces,
    decode_text,
    lines_in_chunks,
    lines_of,
    read_bytes,
    read_pieces,
    read_text,
)
from evmeval.model import Document, Mention, Relation, RelationTable, SpanMode, TbfFile, canonical, pack_relations

BEGIN = "#BeginOfDocument"
END = "#EndOfDocument"
RELATION_KINDS = ("Coreference", "After", "Subevent")
MENTION_LAYOUT = "7 or 8 tab-separated fields: run_id, doc_id, mention_id, span, text, type, realis[, score]"
TOKEN_SPAN_LAYOUT = "token ids separated by commas, e.g. t3,t5"
CHAR_SPAN_LAYOUT = "character offsets begin,end (end exclusive) joined by ';', e.g. 4,8;13,16"
_BLANK = re.compile(r"\s")
"""A blank inside a relation line's field: the line itself is stripped at both ends (v1.8 strips it too)."""


def py2_int(piece: str) -> int | None:
    """`piece` as Python 2's `int()` reads bytes (v1.8): ASCII digits, sign and blanks only (Python 3's
    `int()` also takes other digits, e.g. Arabic-Indic, and underscores), else None."""
    if not piece.isascii() or "_" in piece:
        return None
    try:
        return int(piece)
    except ValueError:
        return None


def _bad_piece(part: str, pieces: list[str]) -> str:
    """Why a span part's numbers cannot be read (v1.8 crashes on each of these)."""
    if any(c.isdigit() and not c.isascii() for p in pieces for c in p):
        return f"span part {part!r} has digits other than ASCII 0-9"
    return f"span part {part!r} holds something other than whole numbers"


def parse_char_span(field: str) -> tuple[tuple[tuple[int, int], ...], tuple[str, ...]] | str:
    """`(begin, end)` parts and warnings about them, or a message saying why they cannot be read.

    As v1.8 reads them: each part is two or more whole numbers (the first two count), and a part
    covers `range(begin, end)`: `4,0` covers nothing, `-2,4` covers -2..3. Those are warned of.
    The usual span (ASCII pairs, 0 <= begin <= end) is read by a short loop first: the hot path."""
    if field.isascii() and "_" not in field:
        parts: list[tuple[int, int]] = []
        try:
            for part in field.split(";"):
                first, last = part.split(",")
                begin, end = int(first), int(last)
                if begin < 0 or end < begin:
                    break
                parts.append((begin, end))
            else:
                return tuple(parts), ()
        except ValueError:  # not two pieces, or not numbers: the general reading says which
            pass
    return _parse_char_span_fully(field)


def _parse_char_span_fully(field: str) -> tuple[tuple[tuple[int, int], ...], tuple[str, ...]] | str:
    """`parse_char_span` for any span: every rule, every warning."""
    parts = []
    warnings: list[str] = []
    for part in field.split(";"):
        pieces = part.split(",")
        if len(pieces) < 2:
            return f"span part {part!r} is not a begin,end pair"
        numbers = [py2_int(p) for p in pieces]
        if None in numbers:
            return _bad_piece(part, pieces)
        begin, end = numbers[0], numbers[1]
        assert begin is not None and end is not None
        if len(pieces) > 2:
            warnings.append(f"span part {part!r} has {len(pieces)} numbers; v1.8 reads the first two "
                            f"({begin},{end}) and ignores the rest, so do we")
        if end < begin:
            warnings.append(f"span part {part!r} ends before it begins; v1.8 reads it as no characters, so do we")
        elif begin < 0:
            warnings.append(f"span part {part!r} has a negative offset; v1.8 counts characters {begin} to "
                            f"{end - 1} as written, so do we")
        parts.append((begin, end))
    return tuple(parts), tuple(warnings)


class _Framing:
    """Everything of a tbf file that is not a mention line: document frames, relations, comments, and
    the problems they raise. The mention lines (the hot path) are read in `parse_tbf` itself.

    Framed as v1.8 frames it: mention and relation lines gather in one buffer (`mentions`,
    `relations`) wherever they are; `#BeginOfDocument` only names the document (`last_id`), and
    `#EndOfDocument` files the buffer under that name and empties it. So lines outside a document go
    to the next document closed, and what follows the last `#EndOfDocument` is dropped."""

    def __init__(self, path: str, problems: list[Problem], *, pack: bool = True) -> None:
        self.path = path
        self.pack = pack
        """Documents keep their relations packed (`pack_relations`: a file kept in memory), else as `Relation`
        tuples (`document_relations`: read once and handed over)."""
        self.problems = problems
        self.documents: dict[str, Document] = {}
        self.doc_id: str | None = None
        """The open document's id (None: outside any document)."""
        self.last_id: str | None = None
        """v1.8's current document id: the last header's, kept after `#EndOfDocument`."""
        self.doc_line = 0
        self.mentions: list[Mention] = []
        self.table = RelationTable()
        self.fields: list[int] = []
        self.lines: list[int] = []
        """The open buffer's relations: three indexes into `table` each, and their line numbers
        (`RelationTable.relations`), packed when the buffer is filed."""
        self.outside: list[int] = []
        """Lines of the buffer read outside any document, not yet filed."""
        self.shared: dict[str, str] = {}
        """One string object per distinct mention id of the relations' members: a MAVEN-ERE-sized file repeats
        `E12` millions of times (about 350 MB as copies)."""
        self.kind_at: dict[str, int] = {}
        self.id_at: dict[str, int] = {}
        self.members_at: dict[str, int] = {}
        """Where each distinct kind, relation id and relation field (`E3,E7`, read once) is in `table`."""
        self.blank_members: set[str] = set()
        """The relation fields seen with a blank in an id (warned of on every line that has them)."""

    def line(self, number: int, line: str) -> None:
        """A `#` line or an `@` line."""
        if line[0] == "#":
            if line.startswith(BEGIN):
                self.begin(number, line)
            elif line.startswith(END):
                self.end(number)
        else:
            self.relation(number, line)

    def begin(self, number: int, line: str) -> None:
        new_id = line[len(BEGIN):].strip()
        if not new_id:
            self.problems.append(Problem(self.path, number, f"{BEGIN} without a document id", f"{BEGIN} <doc id>"))
        if self.doc_id is not None:
            self.problems.append(Problem(
                self.path, number, f"document {self.doc_id!r} (line {self.doc_line}) is not closed; v1.8 scores "
                f"its {len(self.mentions)} mention line(s) in document {new_id!r}, so do we",
                f"{END} before the next {BEGIN}", fatal=False))
        self.doc_id = self.last_id = new_id
        self.doc_line = number

    def end(self, number: int) -> None:
        doc_id = self.doc_id
        if doc_id is None:
            if self.last_id is None:
                self.problems.append(Problem(self.path, number, f"{END} without an open document",
                                             f"{BEGIN} <doc id> first"))
                return
            doc_id = self.last_id  # v1.8 files the buffer under the last header's id again
            self.problems.append(Problem(
                self.path, number, f"{END} without an open document; v1.8 files the {len(self.mentions)} mention "
                f"line(s) read since the last one as document {doc_id!r} again, replacing it, so do we",
                f"one {END} per {BEGIN}", fatal=False))
        elif doc_id in self.documents:
            self.problems.append(Problem(
                self.path, number,
                f"document {doc_id!r} appears again (first at line {self.documents[doc_id].line}); "
                "this later copy replaces it, as in the published scorer", "each document once", fatal=False))
        self._file_outside(f"scores them in document {doc_id!r} (closed at line {number})")
        relations = (pack_relations if self.pack else RelationTable.relations)(self.table, self.fields, self.lines)
        self.documents[doc_id] = Document(doc_id, tuple(self.mentions), relations, self.doc_line)
        self.doc_id = None
        self.mentions, self.fields, self.lines = [], [], []

    def outside_line(self, number: int) -> None:
        """A mention or relation line read outside any document (it stays in the buffer, as in v1.8)."""
        self.outside.append(number)

    def _file_outside(self, fate: str) -> None:
        """One warning for the buffer's lines read outside a document, saying where v1.8 puts them."""
        if not self.outside:
            return
        first, last, count = self.outside[0], self.outside[-1], len(self.outside)
        lines = f"line {first}" if count == 1 else f"{count} lines, {first} to {last}"
        self.problems.append(Problem(self.path, first, f"mention or relation line(s) outside a document ({lines}); "
                                     f"v1.8 {fate}, so do we",
                                     f"a {BEGIN} <doc id> line before them", fatal=False))
        self.outside = []

    def relation(self, number: int, line: str) -> None:
        if self.doc_id is None:
            self.outside_line(number)
        fields = line[1:].strip().split("\t")
        if len(fields) != 3:
            self.problems.append(Problem(self.path, number, f"relation line has {len(fields)} tab-separated fields",
                                         "3: @Kind, relation id, mention ids (e.g. @Coreference\tR1\tE1,E2)"))
            return
        kind, relation_id, members = fields
        table = self.table
        at = self.members_at.get(members)
        if at is None:
            share = self.shared.setdefault
            parts = members.split(",")
            at = self.members_at[members] = len(table.members)
            table.members.append(tuple(map(share, parts, parts)))
            if _BLANK.search(members):
                self.blank_members.add(members)
        if kind not in RELATION_KINDS or members in self.blank_members:
            self._blanks(number, kind, members)
        kind_at = self.kind_at.get(kind)
        if kind_at is None:
            kind_at = self.kind_at[kind] = len(table.kinds)
            table.kinds.append(kind)
        id_at = self.id_at.get(relation_id)
        if id_at is None:
            id_at = self.id_at[relation_id] = len(table.ids)
            table.ids.append(relation_id)
        self.fields += (kind_at, id_at, at)
        self.lines.append(number)

    def _blanks(self, number: int, kind: str, members: str) -> None:
        """Warn of blanks in a relation's kind or mention ids: v1.8 splits the line on tabs and the ids
        on commas and strips none of the pieces, so `Coreference ` is a kind it ignores and ` E3` an id
        no mention has. So do we (stripping them scored such a line where v1.8 does not)."""
        if _BLANK.search(kind):
            self.problems.append(Problem(
                self.path, number, f"relation kind {kind!r} holds a blank; v1.8 reads it as written, a kind "
                "other than Coreference, After and Subevent, and ignores the line, so do we",
                "a kind with no blanks: Coreference, After or Subevent", fatal=False))
        if members in self.blank_members:
            blank = [repr(i) for i in members.split(",") if _BLANK.search(i)]
            named = ", ".join(blank[:5]) + (f" and {len(blank) - 5} more" if len(blank) > 5 else "")
            self.problems.append(Problem(
                self.path, number, f"mention id(s) {named} of the relation hold a blank; "
                "v1.8 reads each id as written between the commas, an id no mention has, so do we",
                "mention ids joined by commas with no blanks (e.g. E1,E3)", fatal=False))

    def finish(self) -> dict[str, Document]:
        if self.doc_id is not None:
            self.problems.append(Problem(
                self.path, self.doc_line, f"document {self.doc_id!r} (line {self.doc_line}) is never closed; v1.8 "
                f"drops it and its {len(self.mentions)} mention line(s) without a word, so do we: it is not scored",
                f"{END} at the end of every document", fatal=False))
        self._file_outside("drops them (no document is closed after them)")
        if not self.documents and not self.problems:
            self.problems.append(Problem(self.path, 0, "no document found, read as an empty annotation",
                                         f"at least one {BEGIN} <doc id> ... {END} block", fatal=False))
        self.problems.sort(key=attrgetter("line"))
        return self.documents


def _span_or_problem(span_field: str, token_mode: bool, path: str, number: int,
                     problems: list[Problem]) -> tuple | None:
    """The span of a mention line (after recording any warning about it), or None after recording
    why it cannot be read."""
    if token_mode:
        span = tuple(span_field.split(","))
        if "" in span or (" " in span_field and any(not i.strip() for i in span)):
            what = f"span {span_field!r} has an empty token id" if span_field else "empty span"
            problems.append(Problem(path, number, f"{what}; v1.8 reads it as a token id like any other (it matches "
                                    "only the same empty id), so do we", TOKEN_SPAN_LAYOUT, fatal=False))
        return span
    parsed = parse_char_span(span_field)
    if isinstance(parsed, str):
        layout = CHAR_SPAN_LAYOUT
        if any(c.isalpha() for c in span_field):
            layout += "; token-id spans such as t3,t5 need a token folder (-t)"
        elif "digits other than ASCII" in parsed:
            layout = "ASCII digits 0-9 in " + layout
        problems.append(Problem(path, number, f"malformed span: {parsed}", layout))
        return None
    parts, warnings = parsed
    if warnings:
        problems.extend(Problem(path, number, warning, CHAR_SPAN_LAYOUT, fatal=False) for warning in warnings)
    return parts


def parse_tbf(text: str | Sequence[str], *, path: str, mode: SpanMode, first_line: int = 1,
              cancelled: CancelCheck | None = None) -> tuple[TbfFile, list[Problem]]:
    """Parse tbf text (or `decode_pieces`' pieces of it). Returns the file and every problem met, in line
    order; `Problem.fatal` marks those that make the reading a guess, the rest are warnings for the scorer.
    `first_line`: the line number of the text's first line (a document cut out of its file keeps its line numbers).
    `cancelled`: checked at each document's first line (`Cancelled`; the window's job waits there while the
    GUI thread works for the user: parsing a large file took seconds without a check).

    The mention line is the hot path (150k of them in the benchmark corpus): it is tested first, a
    well-formed token span is split inline and mentions are built with `tuple.__new__`, skipping
    NamedTuple's Python-level constructor; everything else goes to `_Framing`.
    """
    token_mode = mode is SpanMode.TOKEN
    problems: list[Problem] = []
    frame = _Framing(path, problems)
    # One string object per distinct run id / doc id / type / realis: they repeat on every line, and
    # most lines repeat the previous line's run id and their header's doc id (compared, not looked up).
    canon_cache: dict[str, tuple[str, str]] = {}  # raw type or realis -> (raw, canonical)
    canon_get = canon_cache.get
    shared: dict[str, str] = {}
    # The same for a mention's id, text, score, token ids and span: `E1`, `attack` and `(t12,)` recur in
    # document after document; shared, an 8,000-document corpus holds ~100 MB less (values unchanged).
    words: dict[str, str] = {}
    word = words.setdefault
    spans: dict[str, tuple[str, ...]] = {}
    one_token = spans.get
    new_mention = tuple.__new__
    last_run = ""
    doc_id: str | None = None
    append = frame.mentions.append
    for number, raw in enumerate(lines_in_chunks(text), start=first_line):
        line = raw.strip()
        if not line:
            continue
        first = line[0]
        if first == "#" or first == "@":
            frame.line(number, line)
            if cancelled is not None and frame.doc_id != doc_id and frame.doc_id is not None:  # a document begins
                stop_if_cancelled(cancelled)
            doc_id, append = frame.doc_id, frame.mentions.append
            continue
        if doc_id is None:
            frame.outside_line(number)
        fields = line.split("\t")
        if len(fields) < 7:
            problems.append(Problem(path, number, f"mention line has too few fields ({len(fields)})", MENTION_LAYOUT))
            continue
        run_id, doc_column, mention_id, span_field, mention_text, raw_type, raw_realis = fields[:7]
        score = word(fields[7], fields[7]) if len(fields) > 7 else None
        span: tuple | None
        if token_mode and "," not in span_field and span_field and " " not in span_field:
            span = one_token(span_field) or spans.setdefault(span_field, (span_field,))  # the usual one-token
            # span, without the general checks
        else:
            span = _span_or_problem(span_field, token_mode, path, number, problems)
            if span is None:
                continue
            if token_mode:
                span = one_token(span_field) or spans.setdefault(span_field, tuple([word(t, t) for t in span]))
        typed = canon_get(raw_type) or canon_cache.setdefault(raw_type, (raw_type, canonical(raw_type)))
        raw_type, mention_type = typed
        typed = canon_get(raw_realis) or canon_cache.setdefault(raw_realis, (raw_realis, canonical(raw_realis)))
        raw_realis, realis = typed
        if run_id != last_run:
            last_run = shared.setdefault(run_id, run_id)
        doc_column = doc_id if doc_column == doc_id else shared.setdefault(doc_column, doc_column)
        append(new_mention(Mention, (last_run, doc_column, word(mention_id, mention_id), span,
                                     word(mention_text, mention_text), mention_type, realis, raw_type, raw_realis,
                                     score, number)))
    documents = frame.finish()
    return TbfFile(path=path, mode=mode, documents=documents), problems


def document_relations(text: str, *, path: str, first_line: int) -> tuple[Relation, ...] | None:
    """The relations of the one document `text` holds (starting at line `first_line` of `path`), read as
    `parse_tbf` reads them, without reading its mention lines. The plain form of the mention kernel's
    `relations`, which `-a` reads each kernel-scored document with (`evmeval.cli.sequencing_fastpath`;
    `tests/core/test_kernel_relations.py` compares the two). None: not one well-framed document."""
    problems: list[Problem] = []
    frame = _Framing(path, problems, pack=False)
    relation = frame.relation
    for number, raw in enumerate(text.split("\n"), start=first_line):
        first = raw[:1]
        if first == "@":  # most lines: a relation (stripping keeps its "@" first)
            relation(number, raw.strip())
        elif first == "#" or first.isspace():
            line = raw.strip()
            if line and (line[0] == "#" or line[0] == "@"):
                frame.line(number, line)
    documents = frame.finish()
    if problems or len(documents) != 1:
        return None
    return next(iter(documents.values())).relations


def read_tbf(path: str, *, mode: SpanMode, data: bytes | None = None,
             cancelled: CancelCheck | None = None) -> tuple[TbfFile, list[Problem]]:
    """Read a tbf file; raises `FormatError` on the first problem that makes reading a guess. `data`:
    its bytes, already read (by the C kernel's try, `evmeval.cli.fastpath`): every input is read once.
    `cancelled`: checked while the text is decoded and between documents (`parse_tbf`)."""
    text: str | list[str]
    if data is None and cancelled is not None:  # the window's load: read a step at a time, with checks between
        text = read_pieces(path, cancelled)
    else:
        if data is None:
            data = read_bytes(path)
        text = decode_text(data, path) if cancelled is None else decode_pieces(data, path, cancelled)
    tbf, problems = parse_tbf(text, path=path, mode=mode, cancelled=cancelled)
    for problem in problems:
        if problem.fatal:
            raise FormatError(problem.path, problem.line, problem.message, problem.expected)
    return tbf, problems


def guess_mode(path: str) -> SpanMode:
    """Token mode when the first mention's span looks like token ids (`t3,t5`), else char mode.

    Only the lines up to the first mention are read (a window opening a 30 MB corpus file does not
    read and decode it whole just to guess); a file that cannot be read or decoded up to there (a
    byte order mark, a bad byte, an absurd line) is guessed token mode, and reading it fails anyway."""
    if path == STDIN:
        try:
            lines: Iterable[str] = lines_of(read_text(path))
        except FormatError:
            return SpanMode.TOKEN
        return _mode_of_first_mention(lines)
    try:
        with open(path, "rb") as handle:
            return _mode_of_first_mention(_first_lines(handle))
    except (OSError, FormatError, UnicodeDecodeError):
        return SpanMode.TOKEN


def _first_lines(handle: BinaryIO) -> Iterator[str]:
    """A file's lines (split at "\n" only, as `lines_of`), decoded strictly one at a time."""
    first = True
    while True:
        raw = handle.readline(MAX_LINE_BYTES + 1)
        if len(raw) > MAX_LINE_BYTES:
            raise FormatError(handle.name, 0, "line too long", "a text file")
        if first and raw.startswith(BOMS):
            raise FormatError(handle.name, 1, "byte order mark", "UTF-8 text")
        first = False
        yield raw.decode("utf-8")
        if not raw.endswith(b"\n"):
            return


def _mode_of_first_mention(lines: Iterable[str]) -> SpanMode:
    for raw in lines:  # the first mention decides: the file is not split whole
        line = raw.strip()
        if not line or line[0] in "#@":
            continue
        fields = line.split("\t")
        if len(fields) > 3:
            return SpanMode.TOKEN if isinstance(parse_char_span(fields[3]), str) else SpanMode.CHAR
    return SpanMode.TOKEN


def format_mention(m: Mention) -> str:
    """One mention line in tbf layout, raw type and realis kept."""
    fields = [m.run_id, m.doc_id, m.mention_id, m.span_field(), m.text, m.raw_type, m.raw_realis]
    if m.score is not None:
        fields.append(m.score)
    return "\t".join(fields)


def format_tbf(documents: list[Document]) -> str:
    """Write documents back as tbf text (mentions, then relations)."""
    out: list[str] = []
    for doc in documents:
        out.append(f"{BEGIN} {doc.doc_id}")
        out.extend(format_mention(m) for m in doc.mentions)
        out.extend(f"@{r.kind}\t{r.relation_id}\t{','.join(r.mention_ids)}" for r in doc.relations)
        out.append(END)
    return "\n".join(out) + "\n"
