"""JSON Lines input shared by the event-extraction formats (TextEE windows, DyGIE++ documents).

One object per line, read once; every problem carries its file and line, and a field-by-field
checker (`Fields`) lets a format say what it expected in the words of its own description.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import Any, BinaryIO, Generic, Protocol, TypeVar

from evmeval._util.progress import reading_check, stop_if_cancelled
from evmeval.io.errors import FormatError, Problem
from evmeval.io.reading import (
    MAX_LINE_BYTES,
    STDIN,
    bad_utf8,
    check_bom,
    display_name,
    long_line,
    open_binary,
    read_failure,
)


class JsonLines:
    """(line number, decoded value) of each line of a JSON Lines input, a line at a time: a corpus file is
    never held whole, nor decoded into one list (a MAVEN-ERE-sized file's values take 11 times its size).

    `data`: the bytes already read (a pipe read once by the command), walked a line at a time; None: the
    file (`-`: standard input, a fifo) is opened and read as it is walked. Iterable once. `sha256` is the
    digest of every byte read once the walk has ended (a fingerprint hashes what was read, not a
    re-encoding). A blank or broken line is a `FormatError` at its line: the published loaders call
    `json.loads` on every line and stop there too. With `problems` (a validator), such a line is listed
    there and skipped instead."""

    def __init__(self, path: str, data: bytes | None = None, problems: list[Problem] | None = None) -> None:
        self.path, self.name, self.data, self.problems = path, display_name(path), data, problems
        self.sha256 = ""
        self.lines = 0

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        if self.data is not None:
            return self._walk(io.BytesIO(self.data))
        return self._opened()

    def _opened(self) -> Iterator[tuple[int, Any]]:
        handle = open_binary(self.path)
        try:
            yield from self._walk(handle)
        except OSError as exc:
            raise read_failure(self.name, exc) from None
        finally:
            if self.path != STDIN:
                handle.close()

    def _walk(self, handle: BinaryIO) -> Iterator[tuple[int, Any]]:
        """Each line as `text.split("\\n")` of the whole decoded file gives them (readline never yields the
        empty string after a final newline, which that split's caller drops)."""
        digest = hashlib.sha256()
        name = self.name
        at = number = 0
        check = reading_check()  # the window's job, when it reads through a published scorer's reproduction
        while raw := handle.readline(MAX_LINE_BYTES + 1):
            number += 1
            if check is not None:
                stop_if_cancelled(check)
            digest.update(raw)
            line = self._text(raw, number, at)
            at += len(raw)
            self.lines = number
            yield from self._value(number, line)
        if number == 0:
            raise FormatError(name, 0, "no lines", "one JSON object per line")
        self.sha256 = digest.hexdigest()

    def _text(self, raw: bytes, number: int, at: int) -> str:
        """Line `number`'s text (its newline dropped), read at byte `at` with `readline(MAX_LINE_BYTES + 1)`:
        a line too long, a byte order mark on line 1 or a byte that is not UTF-8 is a `FormatError`."""
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            raise long_line(self.name, number)
        if number == 1:
            check_bom(raw, self.name)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise bad_utf8(self.name, number, at + exc.start, raw[exc.start]) from None
        return line[:-1] if line.endswith("\n") else line

    def _value(self, number: int, line: str) -> Iterator[tuple[int, Any]]:
        try:
            if not line.strip():
                raise FormatError(self.name, number, "empty line", "one JSON object per line")
            try:
                value = json.loads(line)
            except ValueError as exc:
                raise FormatError(self.name, number, f"not JSON ({exc})", "one JSON object per line") from None
            except RecursionError:
                raise nested_too_deeply(line, self.name, number) from None
        except FormatError as exc:
            if self.problems is None:
                raise
            self.problems.append(exc.problem)
            return
        yield number, value
_NESTING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"|[\[\]{}\n]')
"""A JSON string (skipped whole: brackets in it do not nest), an opening or closing bracket, a line break."""


def nested_too_deeply(text: str, path: str, first_line: int = 1) -> FormatError:
    """The message for JSON a decoder gave up on (its `RecursionError`): how deep the text nests, on the line
    where it first gets that deep (`first_line`: the text's own line number), so the runaway part is found.
    Scans only after a failure: the usual read pays nothing for it."""
    depth = deepest = 0
    line = where = first_line
    for match in _NESTING.finditer(text):
        mark = match.group()
        if mark == "\n":
            line += 1
        elif mark in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, line
        elif mark in "]}":
            depth -= 1
    return FormatError(path, where, f"JSON nested too deeply, {deepest} levels of [ and {{",
                       "at most a few hundred levels, as far as Python's JSON decoder follows")


_ABSENT: Any = object()


class Fields:
    """Where a value sits (file, line, path inside the object) and what was expected of it.

    Read once per value of a large file, so the usual case is cheap: `at` only notes the step (the
    path is spelled out when a message needs it), and a value of exactly the wanted type returns
    before the checks that name what is wrong."""

    __slots__ = ("_key", "_parent", "_part", "line", "path")

    def __init__(self, path: str, line: int, where: str = "") -> None:
        self.path, self.line, self._part, self._key = path, line, where, _ABSENT
        self._parent: Fields | None = None

    @property
    def where(self) -> str:
        part = self._part if self._key is _ABSENT else f"{self._part} {self._key!r}"
        above = "" if self._parent is None else self._parent.where
        return f"{above}, {part}" if above else part

    def at(self, part: str, key: object = _ABSENT) -> Fields:
        """The same line, one level deeper (`event 2`, `argument 1`); with `key`, the part is `part` and
        the key's repr, spelled only if a message needs it (`at("event", "E1")`: `event 'E1'`)."""
        child = Fields(self.path, self.line, part)
        child._parent, child._key = self, key
        return child

    def problem(self, message: str, expected: str) -> Problem:
        where = self.where
        prefix = f"{where}: " if where else ""
        return Problem(self.path, self.line, prefix + message, expected)

    def fail(self, message: str, expected: str) -> FormatError:
        problem = self.problem(message, expected)
        return FormatError(problem.path, problem.line, problem.message, problem.expected)

    def obj(self, value: Any, what: str) -> dict[str, Any]:
        if type(value) is dict:
            return value
        if not isinstance(value, dict):
            raise self.fail(f"{what} is {kind(value)}", f"{what} as a JSON object")
        return value

    def get(self, obj: dict[str, Any], key: str, want: type | tuple[type, ...], expected: str,
            *, optional: bool = False) -> Any:
        """`obj[key]` checked against `want` (an int is never a bool, as JSON has them apart)."""
        value = obj.get(key, _ABSENT)
        if type(value) is want:  # the usual case (`bool` is not `int` here)
            return value
        if value is _ABSENT:
            if optional:
                return None
            raise self.fail(f"no {key!r} field", expected)
        if isinstance(value, bool) and bool not in (want if isinstance(want, tuple) else (want,)):
            raise self.fail(f"{key!r} is {kind(value)}", expected)
        if not isinstance(value, want):
            raise self.fail(f"{key!r} is {kind(value)}", expected)
        return value

    def strings(self, obj: dict[str, Any], key: str, expected: str) -> list[str]:
        value = self.get(obj, key, list, expected)
        if set(map(type, value)) <= {str}:
            return value  # the usual case, at C speed; else the first item that is not a string
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise self.fail(f"{key!r} item {i} is {kind(item)}", expected)
        return value


def kind(value: Any) -> str:
    """A JSON value's kind as a message names it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {value[:40]!r}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return "an object"


def is_int(value: Any) -> bool:
    """A JSON integer (true/false are not token indices)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def dump_line(value: Any) -> str:
    """One JSONL line as the projects write them (`json.dumps` defaults), newline included."""
    return json.dumps(value, ensure_ascii=False) + "\n"


@lru_cache(maxsize=64)
def _names(known: tuple[str, ...]) -> frozenset[str]:
    return frozenset(known)


def rest_of(obj: dict[str, Any], known: tuple[str, ...] | frozenset[str]) -> dict[str, Any]:
    """The fields of `obj` a reader does not model, kept so that writing it back loses nothing
    (`known` a frozenset: a reader's hot loop saves the look-up of the tuple's)."""
    names = known if type(known) is frozenset else _names(known)  # type: ignore[arg-type]
    if names.issuperset(obj):
        return {}  # the usual case (once per mention, sentence, event), at C speed
    return {k: v for k, v in obj.items() if k not in names}


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


def parse_json_lines(text: str, path: str, problems: list[Problem] | None = None) -> Iterator[tuple[int, Any]]:
    """`JsonLines` over text already decoded (`path`: the name messages give)."""
    return iter(JsonLines(path, text.encode("utf-8"), problems))


T = TypeVar("T")


class Stream(Generic[T]):
    """A format's checked records, one per line, each yielded as soon as its line is read; iterable once.
    `sha256`: the file's digest, once the iteration has ended (the fingerprint's hash)."""

    def __init__(self, lines: JsonLines, records: Callable[[str, Iterable[tuple[int, Any]], list[Problem] | None],
                                                           Iterator[T]]) -> None:
        self.lines, self._records = lines, records

    def __iter__(self) -> Iterator[T]:
        return self._records(self.lines.name, self.lines, self.lines.problems)

    @property
    def path(self) -> str:
        """The name messages give the file."""
        return self.lines.name

    @property
    def sha256(self) -> str:
        return self.lines.sha256


def in_step(gold: Iterable[T], system: Iterable[T], add: Callable[[int, T], None]) -> None:
    """Two files read a record at a time, alternately (`add(0, gold record)`, `add(1, system record)`): files in
    the same order pair up as they are read. A problem of the system file is raised once the gold file is read
    through, so the gold file's own problems come first, as when both were read whole."""
    predicted = iter(system)
    problem: FormatError | None = None
    for record in gold:
        add(0, record)
        if problem is None:
            try:
                if (other := next(predicted, _ABSENT)) is not _ABSENT:
                    add(1, other)
            except FormatError as exc:
                problem = exc
    try:
        if problem is None:
            for other in predicted:
                add(1, other)
    except FormatError as exc:
        problem = exc
    if problem is not None:
        raise problem


def documents_or_submissions(path: str, lines: Iterable[tuple[int, Any]], problems: list[Problem] | None,
                             is_document: Callable[[Any], bool], parse_document: Callable[[str, int, Any], Any],
                             parse_submission: Callable[[str, int, Any], Any]) -> Iterator[Any]:
    """The documents or the submission lines of a MAVEN or MAVEN-ERE file, as read: its first line says which
    kind it holds, a line of the other kind is a problem, and so is a document id seen before. `problems`: None
    raises the first `FormatError`, else each line's first problem is kept there and reading goes on."""
    documents_file: bool | None = None
    seen: dict[str, int] = {}
    for line, value in lines:
        if documents_file is None:
            documents_file = is_document(value)
        try:
            if isinstance(value, dict) and is_document(value) != documents_file:
                raise FormatError(path, line, "a submission line among documents" if documents_file else
                                  "a document among submission lines", "one kind of line per file")
            item: _Identified = (parse_document if documents_file else parse_submission)(path, line, value)
            if item.id in seen:
                raise FormatError(path, line, f"document {item.id!r} already on line {seen[item.id]}",
                                  "each document id once")
            seen[item.id] = line
        except FormatError as exc:
            if problems is None:
                raise
            problems.append(exc.problem)
            continue
        yield item


def validate_json_lines(path: str, read: Callable[[str, Iterable[tuple[int, Any]], list[Problem]], object]
                        ) -> list[Problem]:
    """Every line's first problem, in line order, as `read(display name, lines, problems)` finds them after the
    JSON parse; a failure that stops the reading (a file not found, a byte that is not UTF-8) comes last of
    those found before it. One form for every JSON-lines validator."""
    problems: list[Problem] = []
    try:
        read(display_name(path), JsonLines(path, None, problems), problems)
    except FormatError as exc:
        return [*sorted(problems, key=lambda p: p.line), exc.problem]
    return sorted(problems, key=lambda p: p.line)
