"""Problems found in input files, located by file and line so a user can go and fix them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file: where, what, and what was expected instead."""

    path: str
    line: int
    message: str
    expected: str = ""
    fatal: bool = True
    """True when reading past the problem would mean guessing; False for what the scorer only warns of."""

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        text = f"{where}: {self.message}"
        return f"{text} (expected {self.expected})" if self.expected else text


class FormatError(ValueError):
    """Input that cannot be read without guessing; carries the `Problem` that says why."""

    def __init__(self, path: str, line: int, message: str, expected: str = "") -> None:
        self.problem = Problem(path, line, message, expected)
        super().__init__(str(self.problem))

    @property
    def path(self) -> str:
        return self.problem.path

    @property
    def line(self) -> int:
        return self.problem.line

