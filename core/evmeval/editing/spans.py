"""Spans as a user makes them: token ids picked in the text (token mode) or character ranges (char mode).

A span from the window is normalised before it enters a mention, so that saving and reading it back
gives the same mention: token ids once each, in token-table order; character parts sorted, with
overlapping or touching parts joined (the published rule counts overlapping characters twice, which
no one means when selecting text). Parts are what the text view draws as separate bars: runs of
consecutive tokens, or the character parts.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from evmeval.model import SpanMode, TokenTable

_NUMBERED = re.compile(r"(\D*)(\d+)")
_BAD_ID_CHARACTERS = re.compile(r"[\s,]")
MAX_FILLED_TOKENS = 100_000
"""The most token ids a join fills in from `t<k>` numbering alone (`t1,t2000000000` is a typo, not a mention)."""


class EditError(ValueError):
    """An edit that cannot be made as asked (unknown mention, empty span, unknown token id ...)."""


@dataclass(frozen=True)
class DocumentContext:
    """What an edit needs beyond a document's mentions: how spans are written and, when known, the
    document's tokens (to check ids and order them) and text (for a new mention's text field)."""

    mode: SpanMode
    tokens: TokenTable | None = None
    text: str | None = None
    _positions: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    def positions(self) -> dict[str, int]:
        """Position of each token id in the table (empty without a table)."""
        if not self._positions and self.tokens is not None:
            self._positions.update(self.tokens.index())
        return self._positions


def numbered(identifier: str) -> tuple[str, int] | None:
    """`("t", 12)` for `t12`: the prefix and number of an id, or None when it does not end in digits."""
    match = _NUMBERED.fullmatch(identifier)
    return (match.group(1), int(match.group(2))) if match else None


def _token_position(token_id: str, context: DocumentContext) -> int | None:
    """Where a token sits: its table row, or without a table the number in `t<k>`."""
    positions = context.positions()
    if positions:
        return positions.get(token_id)
    parts = numbered(token_id)
    return parts[1] if parts else None


def _token_sort_key(context: DocumentContext) -> Callable[[str], tuple[int, str]]:
    def key(token_id: str) -> tuple[int, str]:
        position = _token_position(token_id, context)
        return (position if position is not None else -1, token_id)
    return key


def normalize_span(span: Sequence, context: DocumentContext) -> tuple:
    """The span as a mention stores it; raises `EditError` for an empty or malformed one."""
    if not span:
        raise EditError("a mention needs at least one token or character")
    if context.mode is SpanMode.TOKEN:
        return _token_span(span, context)
    return _char_span(span, context)


def _token_span(span: Sequence, context: DocumentContext) -> tuple[str, ...]:
    ids = list(dict.fromkeys(span))
    for token_id in ids:
        if not isinstance(token_id, str) or not token_id or _BAD_ID_CHARACTERS.search(token_id):
            raise EditError(f"{token_id!r} is not a token id (expected ids such as t3, without blanks or commas)")
    positions = context.positions()
    if positions:
        unknown = [t for t in ids if t not in positions]
        if unknown:
            raise EditError(f"token id(s) {', '.join(unknown)} not in the token table of {context.tokens.doc_id!r}"
                            if context.tokens else "unknown token ids")
    return tuple(sorted(ids, key=_token_sort_key(context)))


def _char_span(span: Sequence, context: DocumentContext) -> tuple[tuple[int, int], ...]:
    parts = []
    for part in span:
        try:
            begin, end = (int(x) for x in part)
        except (TypeError, ValueError):
            raise EditError(f"{part!r} is not a (begin, end) character range") from None
        if begin < 0 or end <= begin:
            raise EditError(f"character range {begin},{end} is empty or negative (expected 0 <= begin < end)")
        if context.text is not None and end > len(context.text):
            raise EditError(f"character range {begin},{end} runs past the end of the text ({len(context.text)})")
        parts.append((begin, end))
    return merge_parts(parts)


def merge_parts(parts: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Sorted character parts, overlapping or touching ones joined."""
    merged: list[tuple[int, int]] = []
    for begin, end in sorted(parts):
        if merged and begin <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((begin, end))
    return tuple(merged)


def span_parts(span: tuple, context: DocumentContext) -> list[tuple]:
    """The parts of a span: runs of consecutive tokens (a tuple of ids each), or the character parts."""
    if not span:
        return []
    if not isinstance(span[0], str):
        return [(part,) for part in merge_parts(span)]
    ordered: list[str] = sorted(dict.fromkeys(span), key=_token_sort_key(context))
    runs: list[list[str]] = [[ordered[0]]]
    for previous, token_id in itertools.pairwise(ordered):
        a, b = _token_position(previous, context), _token_position(token_id, context)
        if a is not None and b is not None and b == a + 1:
            runs[-1].append(token_id)
        else:
            runs.append([token_id])
    return [tuple(run) for run in runs]


def join_span(span: tuple, context: DocumentContext) -> tuple:
    """The span from its first to its last unit, gaps filled: every token between (token-table order,
    or `t<k>` numbering without a table), or one character part."""
    if not span:
        return span
    if not isinstance(span[0], str):
        return ((min(b for b, _ in span), max(e for _, e in span)),)
    ordered: list[str] = sorted(dict.fromkeys(span), key=_token_sort_key(context))
    first, last = _token_position(ordered[0], context), _token_position(ordered[-1], context)
    if first is None or last is None:
        raise EditError("cannot tell which tokens lie between the parts (no token table, ids not numbered)")
    if context.tokens is not None:
        return tuple(dict.fromkeys(t.id for t in context.tokens.tokens[first:last + 1]))
    prefix = numbered(ordered[0])
    assert prefix is not None
    if last - first >= MAX_FILLED_TOKENS:
        raise EditError(f"{ordered[0]} to {ordered[-1]} would fill in {last - first + 1:,} token ids "
                        f"(expected at most {MAX_FILLED_TOKENS:,}; a token table gives the real tokens)")
    return tuple(f"{prefix[0]}{k}" for k in range(first, last + 1))


def remove_units(span: tuple, gap: Sequence, context: DocumentContext) -> tuple:
    """The span without the units of `gap` (token ids, or character ranges)."""
    if not span:
        return span
    if isinstance(span[0], str):
        removed = set(gap)
        return tuple(t for t in span if t not in removed)
    cuts = merge_parts(tuple(int(x) for x in part) for part in gap)  # type: ignore[misc]
    out: list[tuple[int, int]] = []
    for begin, end in span:
        pieces = [(begin, end)]
        for cut_begin, cut_end in cuts:
            pieces = [piece for b, e in pieces for piece in ((b, min(e, cut_begin)), (max(b, cut_end), e))
                      if piece[0] < piece[1]]
        out.extend(pieces)
    return merge_parts(out)


def span_text(span: tuple, context: DocumentContext) -> str:
    """The words a span covers, for the tbf text field: token strings (or text parts) joined by a
    space; empty when neither table nor text is known."""
    if not span:
        return ""
    if isinstance(span[0], str):
        if context.tokens is None:
            return ""
        positions = context.positions()
        words = [context.tokens.tokens[positions[t]].text for t in span if t in positions]
    else:
        if context.text is None:
            return ""
        words = [context.text[b:e] for b, e in span]
    return clean_field(" ".join(words))


def clean_field(value: str) -> str:
    """A value that can sit in one tab-separated field of one line."""
    return " ".join(value.split())


def tokens_in_range(table: TokenTable, begin: int, end: int) -> tuple[str, ...]:
    """Ids of the tokens a character range `[begin, end)` touches, in table order: a text selection
    becomes a token span."""
    return tuple(t.id for t in table.tokens if t.first < end and t.last >= begin)


def char_parts_of_tokens(table: TokenTable, token_ids: Iterable[str]) -> tuple[tuple[int, int], ...]:
    """The character parts `[begin, end)` of token ids: one per token, touching tokens joined."""
    wanted = set(token_ids)
    return merge_parts((t.first, t.last + 1) for t in table.tokens if t.id in wanted)
