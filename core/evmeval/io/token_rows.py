"""A token table read for a few tokens: rows are parsed when asked for, not all 700 of a document.

The HTML report shows a snippet around each error: it needs the offsets of the error mentions' tokens
and the 200-token sample that aligns the text file (`evmeval.io.text.find_text_shift`), not every row.
Parsing whole tables was most of the report's time on a 2000-document corpus. Rows are parsed by the
one row rule (`evmeval.io.tokens.parse_token_row`); a table that is not plain (a header, blank or
CRLF lines) is parsed whole, so the answer is always the one the full table gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from evmeval.io.reading import read_text
from evmeval.io.tokens import DEFAULT_OFFSET_FIELDS, parse_token_row, parse_token_table
from evmeval.model import Token, TokenTable


class TokenRows(Sequence[Token]):
    """The tokens of one table, in file order, each parsed on first access (raises `FormatError`
    for a malformed row, as reading the whole table would)."""

    def __init__(self, lines: list[str], *, path: str, offset_fields: tuple[int, int]) -> None:
        self._lines = lines
        self._parsed: dict[int, Token] = {}
        self._path = path
        self._offset_fields = offset_fields
        self._index: dict[str, int] | None = None

    def __len__(self) -> int:
        return len(self._lines)

    @overload
    def __getitem__(self, index: int) -> Token: ...

    @overload
    def __getitem__(self, index: slice) -> list[Token]: ...

    def __getitem__(self, index: int | slice) -> Token | list[Token]:
        if isinstance(index, slice):
            return [self._row(i) for i in range(*index.indices(len(self._lines)))]
        if index < 0:
            index += len(self._lines)
        if not 0 <= index < len(self._lines):
            raise IndexError(index)
        return self._row(index)

    def __iter__(self) -> Iterator[Token]:
        return (self._row(i) for i in range(len(self._lines)))

    def spans(self, indexes: range) -> list[tuple[str, int, int]]:
        """(text, first, last) of many rows (the alignment sample of `evmeval.io.text.find_text_shift`), as
        their `Token`s would give them, without making the `Token`s."""
        return [self._span(i) for i in indexes]

    def _span(self, index: int) -> tuple[str, int, int]:
        """One row's (text, first, last): read inline when the row has the usual shape (`_usual_span`),
        else by the row rule, which also words any problem."""
        if self._offset_fields == DEFAULT_OFFSET_FIELDS:
            span = _usual_span(self._lines[index])
            if span is not None:
                return span
        token = self._row(index)
        return token.text, token.first, token.last

    def _row(self, index: int) -> Token:
        token = self._parsed.get(index)
        if token is None:
            parsed = parse_token_row(self._lines[index], index + 1, path=self._path, offset_fields=self._offset_fields)
            assert parsed is not None  # no header: the first row was checked when the table was opened
            token = self._parsed[index] = parsed
        return token

    def find(self, token_ids: Iterable[str]) -> dict[str, Token]:
        """The tokens of `token_ids` that the table has. Usual numbering (`t<k>` on row k or k-1) is
        confirmed by looking at that row; any other id makes one pass over the ids of all rows."""
        return {token_id: self._row(row) for token_id, row in self._rows_of(token_ids)}

    def offsets(self, token_ids: Iterable[str]) -> dict[str, tuple[int, int]]:
        """(first, last) of the tokens of `token_ids` that the table has: `find` without making a
        `Token` per row (the report looks up 50,000 mentions' tokens)."""
        return {token_id: self._span(row)[1:] for token_id, row in self._rows_of(token_ids)}

    def _rows_of(self, token_ids: Iterable[str]) -> Iterator[tuple[str, int]]:
        for token_id in token_ids:
            row = self._probe(token_id)
            if row is None:
                row = self._lookup(token_id)
            if row is not None:
                yield token_id, row

    def _probe(self, token_id: str) -> int | None:
        if self._index is not None or not token_id.startswith("t"):
            return None
        digits = token_id[1:]
        if not digits.isdecimal():
            return None
        k, key, lines = int(digits), token_id + "\t", self._lines
        if k < len(lines) and lines[k].startswith(key):  # `t<k>` on row k (numbered from 0) ...
            return k
        if 0 < k <= len(lines) and lines[k - 1].startswith(key):  # ... or on row k-1 (from 1)
            return k - 1
        return None

    def _lookup(self, token_id: str) -> int | None:
        if self._index is None:
            self._index = {line.partition("\t")[0].strip(): i for i, line in enumerate(self._lines)}
        return self._index.get(token_id)


def _usual_span(line: str) -> tuple[str, int, int] | None:
    """(text, first, last) of a data row in the usual shape (id, text, first, last offsets, first <= last),
    read without the row rule; None for anything else (the row rule decides, and words any problem)."""
    fields = line.split("\t")
    try:
        first, last = int(fields[2]), int(fields[3])
    except (IndexError, ValueError):
        return None
    return (fields[1], first, last) if 0 <= first <= last else None


def read_token_rows(path: str, *, doc_id: str,
                    offset_fields: tuple[int, int] = DEFAULT_OFFSET_FIELDS) -> TokenRows | TokenTable:
    """The table at `path`, read once: a `TokenRows` when every line is a plain data row, else the
    whole parsed `TokenTable` (headers, blank lines and CRLF follow the full parser's rules)."""
    text = read_text(path)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    plain = bool(lines) and "\r" not in text and all(map(str.strip, lines))
    if plain:
        rows = TokenRows(lines, path=path, offset_fields=offset_fields)
        first = parse_token_row(lines[0], 1, path=path, offset_fields=offset_fields, header_allowed=True)
        if first is not None:
            return rows
    return parse_token_table(text, doc_id=doc_id, path=path, offset_fields=offset_fields)
