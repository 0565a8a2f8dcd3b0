"""The comparison file (`-d`): gold mentions beside their plain-mapping partner, then the rest.

Token mode prints spans as the original id list; character mode prints the expanded character list
(overlapping parts repeat characters). Types and realis print canonicalised. The trailing space after
`#EndOfDocument` is the published one.

A character span is written as v1.8 writes it, one number per character, up to `MAX_LISTED_CHARS`
characters (v1.8 itself needs about 1 GB and 13 s for such a span). A longer one (a typo such as
`0,2000000000`, gigabytes as a list, more memory than v1.8 has) is written as its parts, `first..last`
with both ends inclusive like the list, e.g. `0..1999999999`; `abbreviated_spans` names those for a
warning at run time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from evmeval.align.charsets import listed_size
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.model import Mention

MAX_LISTED_CHARS = 10_000_000
"""The longest character span written out character by character, as v1.8 writes it (a real mention has
a few dozen characters; v1.8 takes about 1 GB of memory for a span this long)."""
_CHUNK = 100_000
"""Characters listed per piece: a long list is joined from pieces, never from millions of strings at once."""


def char_list(span: tuple[tuple[int, int], ...]) -> str:
    """The comparison file's character list of a character span (`first..last` parts when too long)."""
    if listed_size(span) > MAX_LISTED_CHARS:
        return ",".join(f"{b}..{e - 1}" for b, e in span if e > b)
    if listed_size(span) <= _CHUNK:
        return ",".join(str(c) for b, e in span for c in range(b, e))
    return ",".join(",".join(map(str, range(start, min(start + _CHUNK, e))))
                    for b, e in span for start in range(b, e, _CHUNK))


def abbreviated_spans(result: ScoreResult, gold_path: str, system_path: str) -> list[str]:
    """`file:line: ...` for each mention whose span the comparison file writes as `first..last` parts
    instead of v1.8's list of every character (character spans over `MAX_LISTED_CHARS`)."""
    out = []
    for doc in result.documents:
        for path, mentions in ((gold_path, doc.gold), (system_path, doc.system)):
            for m in mentions:
                if m.is_token_span or listed_size(m.span) <= MAX_LISTED_CHARS:
                    continue
                out.append(f"{path}:{m.line}: span of {listed_size(m.span):,} characters is written in the comparison "
                           f"file (-d) as {char_list(m.span)}; v1.8 writes every character, one number each (expected "
                           f"spans of at most {MAX_LISTED_CHARS:,} characters)")
    return out


def _fields(m: Mention) -> str:
    span = m.span
    units = ",".join(span) if span and isinstance(span[0], str) else char_list(span)
    return f"{m.mention_id}\t{units}\t{m.mention_type}\t{m.realis}\t{m.text}"


def format_comparison(result: ScoreResult, extra_lines: dict[str, list[str]] | None = None) -> str:
    """The whole comparison text, as the published scorer writes it with `-d`; `extra_lines` (per
    document, e.g. the `@coref` lines of `-c`) go just before each document's end line."""
    lines = extra_lines or {}
    return "".join(iter_comparison(result, (lambda doc: lines.get(doc.doc_id, ())) if lines else None))


def iter_comparison(result: ScoreResult,
                    extra: Callable[[DocumentResult], Sequence[str]] | None = None) -> Iterator[str]:
    """`format_comparison` a document at a time (a report export writes it as it is made, never
    holding the whole text); `extra(doc)`: the lines that go before the document's end line."""
    run = result.run_name
    for doc in result.documents:
        out: list[str] = [f"#BeginOfDocument {doc.doc_id}\n"]
        append = out.append
        by_gold = doc.mappings["plain"].gold_to_pair()
        system = [_fields(s) for s in doc.system]
        mapped_system = set()
        for g_index, g in enumerate(doc.gold):
            pair = by_gold.get(g_index)
            if pair is None:
                append(f"{run}\t{_fields(g)}\t|\t-\t-\n")
            else:
                mapped_system.add(pair.system)
                append(f"{run}\t{_fields(g)}\t|\t{system[pair.system]}\t{pair.dice:.2f}\n")
        for s_index, fields in enumerate(system):
            if s_index not in mapped_system:
                append(f"{run}\t-\t|\t{fields}\t-\n")
        if extra is not None:
            out.extend(extra(doc))
        append("#EndOfDocument \n")
        yield "".join(out)
