"""In-memory entry: score mentions a program holds, without writing tbf files first.

    >>> import evmeval
    >>> from evmeval import Document, Mention
    >>> gold = [Document("D1", [Mention("E1", ["t1", "t2"], "Conflict_Attack", "Actual")])]
    >>> system = [Document("D1", [Mention("S1", ["t1"], "Conflict_Attack", "Actual")])]
    >>> corpus = evmeval.from_documents(gold, system)
    >>> round(evmeval.score(corpus).micro("plain").f1, 4)
    0.6667

The documents become the tbf text `evmeval-score` would read and go through the very same reader and
checks (one rule for files and memory): a problem is a `FormatError` naming the side and the document
and mention it is about, `gold:D1/E1: ...`. A span is token ids (strings) or character `(begin, end)`
pairs, end exclusive; one kind for the whole corpus.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from evmeval.io.errors import FormatError, Problem
from evmeval.io.loading import LoadedInputs, TextSource, TokenSource
from evmeval.io.tbf import parse_tbf
from evmeval.model import NOT_ANNOTATED_RAW, SpanMode

_FIELD = "a string without tabs or line breaks"


@dataclass(frozen=True)
class Mention:
    """One event mention: its id, its span (token ids, or `(begin, end)` character pairs), its type and
    realis (`NOT_ANNOTATED` when the source has none), and optionally its text."""

    id: str
    span: Sequence[str] | Sequence[tuple[int, int]]
    type: str
    realis: str = NOT_ANNOTATED_RAW
    text: str = ""


@dataclass(frozen=True)
class Document:
    """A document's mentions and, optionally, its coreference clusters and @After / @Subevent links
    (each a sequence of mention ids)."""

    id: str
    mentions: Sequence[Mention]
    clusters: Sequence[Sequence[str]] = ()
    after: Sequence[tuple[str, str]] = ()
    subevents: Sequence[tuple[str, str]] = field(default=())


def _field(value: object, side: str, where: str, what: str) -> str:
    if not isinstance(value, str) or "\t" in value or "\n" in value or "\r" in value:
        raise FormatError(side, 0, f"{where}: {what} is {value!r}", _FIELD)
    return value


def _span(span: object, side: str, where: str) -> tuple[str, bool]:
    """The span as tbf writes it, and whether it is token ids."""
    parts = list(span) if isinstance(span, (list, tuple)) else []
    if parts and all(isinstance(p, str) for p in parts):
        return ",".join(_field(p, side, where, "a token id") for p in parts), True
    if parts and all(isinstance(p, (list, tuple)) and len(p) == 2 and all(type(x) is int for x in p) for p in parts):
        return ";".join(f"{b},{e}" for b, e in parts), False
    raise FormatError(side, 0, f"{where}: span is {span!r}",
                      "a non-empty list of token ids, or of (begin, end) character offsets")


def tbf_text(documents: Iterable[Document], side: str, run: str) -> tuple[str, list[str], set[bool]]:
    """The tbf text of `documents`, what each of its lines is about (`D1/E1`), and the span kinds seen."""
    lines: list[str] = []
    about: list[str] = []
    kinds: set[bool] = set()
    for doc in documents:
        doc_id = _field(doc.id, side, "a document", "its id")
        lines.append(f"#BeginOfDocument {doc_id}")
        about.append(doc_id)
        for m in doc.mentions:
            where = f"{doc_id}/{m.id}"
            span, tokens = _span(m.span, side, where)
            kinds.add(tokens)
            cells = [run, doc_id, _field(m.id, side, where, "its id"), span, _field(m.text, side, where, "its text"),
                     _field(m.type, side, where, "its type"), _field(m.realis, side, where, "its realis")]
            lines.append("\t".join(cells))
            about.append(where)
        for kind, links in (("Coreference", doc.clusters), ("After", doc.after), ("Subevent", doc.subevents)):
            for n, ids in enumerate(links, 1):
                written = ",".join(_field(i, side, f"{doc_id} @{kind}", "a mention id") for i in ids)
                lines.append(f"@{kind}\t{kind[0]}{n}\t{written}")
                about.append(f"{doc_id} @{kind} {n}")
        lines.append("#EndOfDocument")
        about.append(doc_id)
    return "\n".join(lines) + "\n", about, kinds


@dataclass(frozen=True)
class Held:
    """Both sides read, and what each line of their tbf text is about (to name a warning by it)."""

    inputs: LoadedInputs
    places: dict[str, list[str]]

    def named(self, warning: str) -> str:
        """`system:3: ...` (a line of our text) as `system:D1/E1: ...`."""
        side, _, rest = warning.partition(":")
        number, _, message = rest.partition(":")
        about = self.places.get(side, [])
        if not number.isdecimal() or not 0 < int(number) <= len(about):
            return warning
        return f"{side}:{about[int(number) - 1]}:{message}"


def from_documents(gold: Iterable[Document], system: Iterable[Document], *, run: str = "system",
                   tokens: str | None = None, texts: str | None = None) -> Held:
    """Both sides read as `evmeval.load` reads files (`tokens`/`texts`: folders for the token-id check and
    the snippets, optional). Raises `FormatError` naming the side, document and mention."""
    made = {side: tbf_text(docs, side, "gold" if side == "gold" else run)
            for side, docs in (("gold", gold), ("system", system))}
    kinds = made["gold"][2] | made["system"][2]
    if len(kinds) > 1:
        raise FormatError("system", 0, "the spans mix token ids and character offsets",
                          "one kind of span for both sides")
    mode = SpanMode.TOKEN if kinds != {False} else SpanMode.CHAR
    parsed = {}
    problems: list[Problem] = []
    for side, (text, about, _) in made.items():
        tbf, found = parse_tbf(text, path=side, mode=mode)
        for problem in found:  # named by what it is about: the lines are ours, not the caller's
            place = about[problem.line - 1] if 0 < problem.line <= len(about) else ""
            named = Problem(f"{side}:{place}" if place else side, 0, problem.message, problem.expected,
                            problem.fatal)
            if named.fatal:
                raise FormatError(named.path, 0, named.message, named.expected)
            problems.append(named)
        parsed[side] = tbf
    inputs = LoadedInputs(gold=parsed["gold"], system=parsed["system"], tokens=TokenSource(tokens),
                          texts=TextSource(texts), problems=tuple(problems))
    return Held(inputs, {side: about for side, (_, about, _) in made.items()})


__all__ = ["Document", "Held", "Mention", "from_documents", "tbf_text"]
