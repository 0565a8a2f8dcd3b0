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


class EvmEvalError(Exception):
    """The base of the errors the library raises for its input and its arguments (`except evmeval.EvmEvalError`
    catches them all); each is also the built-in error a caller would catch without knowing the library."""


class FormatError(EvmEvalError, ValueError):
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



class UnknownDocumentError(EvmEvalError, KeyError, ValueError):
    """A document asked for by id (`evmeval.score(corpus, document=...)`) that the gold file does not have; a
    `KeyError` as before, with the message `file: document 'x' is not in the gold file (expected …)`."""

    def __init__(self, path: str, doc_id: str) -> None:
        self.problem = Problem(path, 0, f"document {doc_id!r} is not in the gold file",
                               "a document id of the gold file")
        self.doc_id = doc_id
        super().__init__(str(self.problem))

    def __str__(self) -> str:
        return str(self.problem)  # not KeyError's quoted repr
