"""Where each document of an event JSON-lines gold/system pair is, found by one fast scan of each file.

The window lists a MAVEN-ERE-sized corpus's documents while the corpus is still read, and reads any one of them
on demand (`first_document.one_document`). The scan reads each line's bytes and takes its document id (TextEE
`doc_id`, DyGIE++ `doc_key`, MAVEN and MAVEN-ERE `id`) from the object's first keys with the JSON decoder's own
string reader, decoding the whole line only when a non-string value comes first: a 65 MB file takes about a
tenth of a second, read a line at a time (never mapped: its pages would count in the window's memory). Nothing
is checked here: the document's lines are read through the format's stream when it is shown (the same checks and
line numbers as the corpus), and a line the scan cannot place (not JSON, no id) is left out of the index, for the
corpus load to word.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from json.decoder import scanstring  # type: ignore[attr-defined]  # the decoder's own string reader (C)
from typing import Any

from evmeval._util.progress import CancelCheck, stop_if_cancelled
from evmeval.io.reading import MAX_LINE_BYTES

Place = tuple[int, int]
"""(byte offset, line number) of a line."""

FIELDS = {"textee": "doc_id", "dygiepp": "doc_key", "maven": "id", "maven-ere": "id"}
"""Format -> the JSON field naming a line's document."""

_HEAD = 4096
_FIRST = 256
_SPACE = " \t\n\r"
_BLOCK = 1 << 20
"""The scan's read buffer."""
_CHECK_EVERY = 256
"""Lines between two cancel checks of a scan (a few hundred microseconds of it)."""


class Places(Mapping[str, tuple[Place, ...]]):
    """Each document id -> the places of its lines, in file order, as the scan found them: kept as one dict of
    rows and three arrays (a tuple of `(offset, line)` tuples and their ints a document were about 1 MB of what
    the window kept of a 4,480-document corpus, issue 34). Reads as the dict of tuples it was given."""

    __slots__ = ("_numbers", "_offsets", "_row", "_starts")

    def __init__(self, found: Mapping[str, Sequence[Place]]) -> None:
        self._row: dict[str, int] = {doc_id: row for row, doc_id in enumerate(found)}
        offsets: list[int] = []
        numbers: list[int] = []
        starts = [0]
        for places in found.values():
            if len(places) == 1:  # most documents are one line
                offsets.append(places[0][0])
                numbers.append(places[0][1])
            else:
                offsets += [at for at, _ in places]
                numbers += [number for _, number in places]
            starts.append(len(offsets))
        self._starts, self._offsets, self._numbers = array("q", starts), array("q", offsets), array("q", numbers)

    @staticmethod
    def of(found: Mapping[str, Sequence[Place]]) -> Places:
        """`found` as `Places` (itself when it is)."""
        return found if isinstance(found, Places) else Places(found)

    def __getitem__(self, doc_id: str) -> tuple[Place, ...]:
        row = self._row[doc_id]
        first, end = self._starts[row], self._starts[row + 1]
        return tuple(zip(self._offsets[first:end], self._numbers[first:end], strict=True))

    def __iter__(self) -> Iterator[str]:
        return iter(self._row)

    def __len__(self) -> int:
        return len(self._row)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._row

    def __reduce__(self) -> tuple[object, ...]:
        return Places, (dict(self.items()),)


@dataclass(frozen=True)
class DocumentIndex:
    """The lines of each document in the gold and the system file (file order), and the gold's documents in
    file order (the list a window shows). `names`: MAVEN type names found while reading documents (filled on
    demand, see `first_document.one_document`)."""

    format: str
    gold: str
    system: str
    doc_ids: tuple[str, ...]
    gold_lines: Mapping[str, tuple[Place, ...]]
    system_lines: Mapping[str, tuple[Place, ...]]
    names: dict[int, str] = field(default_factory=dict)


def _head_id(head: bytes, key_wanted: str) -> str | None:
    """The string value of `key_wanted` among the object's first keys whose values are strings (in the
    line's first bytes, `head`); None when a value of another kind (or the end of the head) comes before it."""
    text = head.decode("utf-8", "replace")
    try:
        at = len(text) - len(text.lstrip(_SPACE))
        if text[at] != "{":
            return None
        at += 1
        while True:
            while text[at] in _SPACE:
                at += 1
            if text[at] != '"':
                return None
            key, at = scanstring(text, at + 1)
            while text[at] in _SPACE:
                at += 1
            if text[at] != ":":
                return None
            at += 1
            while text[at] in _SPACE:
                at += 1
            if text[at] != '"':
                return None
            value, at = scanstring(text, at + 1)
            if key == key_wanted:
                return value
            while text[at] in _SPACE:
                at += 1
            if text[at] != ",":
                return None
            at += 1
    except (IndexError, ValueError):
        return None


def line_id(raw: bytes, key: str) -> str | None:
    """A JSON line's document id (its object's `key`, a string); None when the line has none."""
    found = _head_id(raw[:_HEAD], key)
    if found is not None:
        return found
    try:
        value: Any = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    found = value.get(key) if isinstance(value, dict) else None
    return found if isinstance(found, str) else None


def scan(path: str, key: str, cancelled: CancelCheck | None = None) -> dict[str, list[Place]]:
    """Each document id of the file's lines -> the places of its lines, in file order; raises `OSError`.
    The file is read a line at a time, not mapped: a mapped file's pages count in the process's resident memory
    once touched, and a 65 MB gold file scanned so was the window's peak (issue 34); a line is decoded whole only
    when its id is not in its first bytes. `cancelled` is asked every `_CHECK_EVERY` lines (`Cancelled`): the
    window's load scans in a job, which waits at its checks while the GUI thread works for the user (a 65 MB
    file: 0.1-0.6 s)."""
    found: dict[str, list[Place]] = {}
    with open(path, "rb", buffering=_BLOCK) as handle:
        at = 0
        for number, raw in enumerate(iter(lambda: handle.readline(MAX_LINE_BYTES + 1), b""), 1):
            if len(raw) > MAX_LINE_BYTES:  # not a line (a binary file, no line end): the rest is left to the load
                break
            if cancelled is not None and number % _CHECK_EVERY == 0:
                stop_if_cancelled(cancelled)
            doc_id = _head_id(raw[:_FIRST], key)  # the id is usually in the first bytes
            if doc_id is None and raw[:_FIRST].strip():
                doc_id = line_id(raw, key)
            if doc_id is not None:
                found.setdefault(doc_id, []).append((at, number))
            at += len(raw)
    return found


def document_index(found: str, gold: str, system: str | None,
                   cancelled: CancelCheck | None = None) -> DocumentIndex | None:
    """Both files of format `found` scanned (see the module docstring; `system` None: the gold file only);
    None for another format or a file that cannot be read (the corpus load words it). `cancelled`: as `scan`."""
    key = FIELDS.get(found)
    if key is None:
        return None
    try:
        gold_lines = scan(gold, key, cancelled)
        system_lines = scan(system, key, cancelled) if system is not None else {}
    except OSError:
        return None
    return DocumentIndex(found, gold, system or "", tuple(gold_lines), Places(gold_lines), Places(system_lines))
