"""TAC KBP event nugget files (`.tbf`), read the way the published scorer reads them.

Lines are stripped at both ends; `#BeginOfDocument <id>` / `#EndOfDocument` frame a document; other
`#` lines are comments; `@Kind<TAB>id<TAB>E1,E2` lines are relations; blank lines are skipped; every
other line is a mention: `run_id doc_id mention_id span text type realis [score]`, tab-separated.

Where the published scorer silently guessed (a mention before any header, a document never closed,
a header without an id, an unreadable span), we stop with a `FormatError` naming file and line.
"""

from __future__ import annotations

from core.formats.errors import FormatError, Problem
from core.formats.reading import read_text
from core.model import Document, Mention, Relation, SpanMode, TbfFile, canonical

BEGIN = "#BeginOfDocument"
END = "#EndOfDocument"
RELATION_KINDS = ("Coreference", "After", "Subevent")
MENTION_LAYOUT = "7 or 8 tab-separated fields: run_id, doc_id, mention_id, span, text, type, realis[, score]"
TOKEN_SPAN_LAYOUT = "token ids separated by commas, e.g. t3,t5"
CHAR_SPAN_LAYOUT = "character offsets begin,end (end exclusive) joined by ';', e.g. 4,8;13,16"


def parse_char_span(field: str) -> tuple[tuple[int, int], ...] | str:
    """`(begin, end)` parts, or a message saying what is wrong with them."""
    parts = []
    for part in field.split(";"):
        pieces = part.split(",")
        if len(pieces) != 2:
            return f"span part {part!r} is not a begin,end pair"
        try:
            begin, end = int(pieces[0]), int(pieces[1])
        except ValueError:
            return f"span part {part!r} holds something other than whole numbers"
        if begin < 0 or end < begin:
            return f"span part {part!r} ends before it begins"
        parts.append((begin, end))
    return tuple(parts)


def parse_tbf(text: str, *, path: str, mode: SpanMode) -> tuple[TbfFile, list[Problem]]:
    """Parse tbf text. Returns the file and every problem met, in line order; `Problem.fatal` marks
    those that make the reading a guess, the rest are warnings for the scorer.

    The mention line is the hot path (150k of them in the benchmark corpus): it is tested first,
    token spans are split inline and mentions are built with `tuple.__new__`, skipping NamedTuple's
    Python-level constructor.
    """
    token_mode = mode is SpanMode.TOKEN
    documents: dict[str, Document] = {}
    problems: list[Problem] = []
    # One string object per distinct run id / doc id / type / realis: they repeat on every line, and
    # most lines repeat the previous line's run id and their header's doc id (compared, not looked up).
    canon_cache: dict[str, tuple[str, str]] = {}  # raw type or realis -> (raw, canonical)
    canon_get = canon_cache.get
    shared: dict[str, str] = {}
    new_mention = tuple.__new__
    last_run = ""

    doc_id: str | None = None
    doc_line = 0
    mentions: list[Mention] = []
    relations: list[Relation] = []
    append = mentions.append
    number = last_line = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line:
            continue
        last_line = number
        first = line[0]
        if first != "#" and first != "@" and doc_id is not None:
            fields = line.split("\t")
            size = len(fields)
            if size == 7:
                run_id, doc_column, mention_id, span_field, mention_text, raw_type, raw_realis = fields
                score = None
            elif size > 7:
                run_id, doc_column, mention_id, span_field, mention_text, raw_type, raw_realis = fields[:7]
                score = fields[7]
            else:
                problems.append(Problem(path, number, f"mention line has too few fields ({size})", MENTION_LAYOUT))
                continue
            span: tuple | str
            if token_mode:
                span = tuple(span_field.split(","))
                if "" in span or (" " in span_field and any(not i.strip() for i in span)):
                    problems.append(Problem(path, number, f"malformed span: empty token id in {span_field!r}",
                                            TOKEN_SPAN_LAYOUT))
                    continue
            else:
                span = parse_char_span(span_field)
                if span.__class__ is str:
                    layout = CHAR_SPAN_LAYOUT
                    if any(c.isalpha() for c in span_field):
                        layout += "; token-id spans such as t3,t5 need a token folder (-t)"
                    problems.append(Problem(path, number, f"malformed span: {span}", layout))
                    continue
            typed = canon_get(raw_type)
            if typed is None:
                typed = canon_cache[raw_type] = (raw_type, canonical(raw_type))
            raw_type, mention_type = typed
            typed = canon_get(raw_realis)
            if typed is None:
                typed = canon_cache[raw_realis] = (raw_realis, canonical(raw_realis))
            raw_realis, realis = typed
            if run_id == last_run:
                run_id = last_run
            else:
                run_id = last_run = shared.setdefault(run_id, run_id)
            doc_column = doc_id if doc_column == doc_id else shared.setdefault(doc_column, doc_column)
            append(new_mention(Mention, (run_id, doc_column, mention_id, span, mention_text, mention_type, realis,
                                         raw_type, raw_realis, score, number)))
            continue
        if first == "#":
            if line.startswith(BEGIN):
                if doc_id is not None:
                    problems.append(Problem(path, number,
                                            f"document {doc_id!r} (line {doc_line}) is not closed",
                                            f"{END} before the next {BEGIN}"))
                new_id = line[len(BEGIN):].strip()
                if not new_id:
                    problems.append(Problem(path, number, f"{BEGIN} without a document id",
                                            f"{BEGIN} <doc id>"))
                doc_id, doc_line, mentions, relations = new_id, number, [], []
                append = mentions.append
            elif line.startswith(END):
                if doc_id is None:
                    problems.append(Problem(path, number, f"{END} without an open document",
                                            f"{BEGIN} <doc id> first"))
                    continue
                if doc_id in documents:
                    problems.append(Problem(
                        path, number,
                        f"document {doc_id!r} appears again (first at line {documents[doc_id].line}); "
                        "this later copy replaces it, as in the published scorer", "each document once",
                        fatal=False))
                documents[doc_id] = Document(doc_id, tuple(mentions), tuple(relations), doc_line)
                doc_id = None
            continue
        if doc_id is None:
            what = "relation" if first == "@" else "mention"
            problems.append(Problem(path, number, f"{what} line outside a document",
                                    f"a {BEGIN} <doc id> line before it"))
            continue
        fields = line[1:].strip().split("\t")
        if len(fields) != 3:
            problems.append(Problem(path, number, f"relation line has {len(fields)} tab-separated fields",
                                    "3: @Kind, relation id, mention ids (e.g. @Coreference\tR1\tE1,E2)"))
            continue
        ids = tuple(i.strip() for i in fields[2].split(","))
        relations.append(Relation(fields[0].strip(), fields[1].strip(), ids, number))
    if doc_id is not None:
        problems.append(Problem(path, last_line, f"document {doc_id!r} (line {doc_line}) is never closed",
                                f"{END} at the end of every document"))
    if not documents and not problems:
        problems.append(Problem(path, 0, "no document found, read as an empty annotation",
                                f"at least one {BEGIN} <doc id> ... {END} block", fatal=False))
    return TbfFile(path=path, mode=mode, documents=documents), problems


def read_tbf(path: str, *, mode: SpanMode) -> tuple[TbfFile, list[Problem]]:
    """Read a tbf file; raises `FormatError` on the first problem that makes reading a guess."""
    tbf, problems = parse_tbf(read_text(path), path=path, mode=mode)
    for problem in problems:
        if problem.fatal:
            raise FormatError(problem.path, problem.line, problem.message, problem.expected)
    return tbf, problems


def guess_mode(path: str) -> SpanMode:
    """Token mode when the first mention's span looks like token ids (`t3,t5`), else char mode."""
    try:
        text = read_text(path)
    except FormatError:
        return SpanMode.TOKEN
    for raw in text.split("\n"):
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
