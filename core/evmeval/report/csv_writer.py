"""The one CSV writer: every CSV the library writes goes through `CsvWriter` (or `table`).

A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a
formula, and ids and mention texts come from files other people made (a third-party submission). So
every text cell starting with one of those gets a single quote in front, as OWASP's guidance on CSV
injection says: `=HYPERLINK(...)` is written `'=HYPERLINK(...)`. Figures the library computes are
written as numbers, never quoted (a delta of `-0.032` stays a number a spreadsheet can sum): they are
`Figure`s (made by `number`) or ints, and only plain `str` cells are checked.
"""

from __future__ import annotations

import csv
import io
import math
import sys
from collections.abc import Iterable, Sequence

DANGEROUS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet treat a cell as a formula."""


class Figure(str):
    """A number the library wrote (`number`): kept as it is, even when negative."""

    __slots__ = ()


EMPTY = Figure("")


def number(value: float | int | None) -> Figure:
    """A figure as a cell: unrounded (`repr` of a float), empty for an undefined one (None or NaN)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return EMPTY
    return Figure(repr(value) if isinstance(value, float) else str(value))


def neutral(cell: object) -> object:
    """`cell`, with a `'` in front when it is text (not a `Figure`) a spreadsheet would run as a formula."""
    if cell.__class__ is str and cell and cell[0] in DANGEROUS:  # type: ignore[index]
        return "'" + cell  # type: ignore[operator]
    return cell


_NUL_NEEDS_STAND_IN = sys.version_info < (3, 11)
"""Python 3.10's `csv.writer` raises "need to escape" on a NUL in a cell, where 3.11 and later write it as any
other character (unquoted unless the cell needs quotes anyway): so the same file on every Python."""


def _nul_stand_in(cells: Sequence[object]) -> str | None:
    """A character no cell holds, to stand for NUL while Python 3.10 writes the row (None: no NUL)."""
    texts = [c for c in cells if isinstance(c, str)]
    if not any("\0" in c for c in texts):
        return None
    return next(chr(code) for code in range(0xE000, 0xF900) if not any(chr(code) in c for c in texts))


class CsvWriter:
    """CSV text (`csv.writer`'s quoting, `\\n` line ends) gathered in memory and taken out in pieces.

    A cell holding a carriage return is quoted like one holding a line feed (Python's writer quotes
    only the characters of its line end, and a bare CR would start a new row in a spreadsheet, where
    its rest could be a formula): rows are made with `\\r\\n` ends, each cut back to `\\n`."""

    def __init__(self) -> None:
        self._row = io.StringIO()
        self._writer = csv.writer(self._row, lineterminator="\r\n")
        self._lines: list[str] = []

    def line(self, cells: Sequence[object]) -> str:
        """Two or more cells in CSV form without the line end, every text cell neutralised, to be joined
        with commas into a row (a single empty cell would be written `""`, not empty as in a longer row)."""
        row = self._row
        row.seek(0)
        row.truncate()
        written = [neutral(cell) for cell in cells]
        stand_in = _nul_stand_in(written) if _NUL_NEEDS_STAND_IN else None
        if stand_in is not None:  # Python 3.10's writer refuses a NUL; 3.11 on write it as it is
            written = [c.replace("\0", stand_in) if isinstance(c, str) else c for c in written]
        self._writer.writerow(written)
        text = row.getvalue()[:-2]
        return text if stand_in is None else text.replace(stand_in, "\0")

    def row(self, cells: Sequence[object]) -> None:
        """Add one row."""
        self._lines.append(self.line(cells) + "\n")

    def rows(self, rows: Iterable[Sequence[object]]) -> None:
        for cells in rows:
            self.row(cells)

    def take(self) -> str:
        """The rows added since the last `take` (a piece of a file written as it is made)."""
        text = "".join(self._lines)
        self._lines.clear()
        return text


def table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A whole CSV file: the header, then the rows."""
    writer = CsvWriter()
    writer.row(header)
    writer.rows(rows)
    return writer.take()


__all__ = ["DANGEROUS", "EMPTY", "CsvWriter", "Figure", "neutral", "number", "table"]
