"""The comparison file (`-d`): gold mentions beside their plain-mapping partner, then the rest.

Token mode prints spans as the original id list; character mode prints the expanded character list
(overlapping parts repeat characters). Types and realis print canonicalised. The trailing space after
`#EndOfDocument` is the published one.

A character span longer than `MAX_LISTED_CHARS` is not expanded: the published scorer would write one
number per character (gigabytes for a span such as `0,2000000000`); it is written as its parts,
`first..last` with both ends inclusive like the list, e.g. `0..1999999999`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from evmeval.align.charsets import listed_size
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.model import Mention

MAX_LISTED_CHARS = 100_000
"""The longest character span written out character by character (a real mention has a few dozen)."""


def char_list(span: tuple[tuple[int, int], ...]) -> str:
    """The comparison file's character list of a character span (`first..last` parts when too long)."""
    if listed_size(span) > MAX_LISTED_CHARS:
        return ",".join(f"{b}..{e - 1}" for b, e in span if e > b)
    return ",".join(str(c) for b, e in span for c in range(b, e))


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
