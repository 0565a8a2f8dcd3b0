"""Finding and reading everything a comparison needs: tbf files, token tables, texts.

Token tables and texts are read lazily, per document, and cached: the window shows one document at a
time, and the v1.8 numbers do not depend on them, so a 2000-document corpus opens without reading
30 MB of tables up front.
"""

from __future__ import annotations

import codecs
import os
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from evmeval._util.progress import CancelCheck
from evmeval.io.doc_files import doc_file_path
from evmeval.io.errors import FormatError, Problem
from evmeval.io.reading import (
    decode_text,
    display_name,
    read_bytes,
    read_text,
)
from evmeval.io.reading import refuse_stdin_twice as refuse_stdin_twice  # one rule, kept importable from here
from evmeval.io.tbf import read_tbf
from evmeval.io.tokens import (
    DEFAULT_EXTENSION,
    DEFAULT_OFFSET_FIELDS,
    find_unknown_token_ids,
    read_token_ids,
    read_token_table,
)
from evmeval.io.writing import TEXT_EXTENSIONS
from evmeval.io.writing import input_folders as input_folders  # one rule, kept importable from here
from evmeval.model import SpanMode, TbfFile, TokenTable, canonical

CACHED_DOCUMENTS = 64
"""How many documents' tables (and texts) a source keeps: enough for browsing, flat memory on 2000."""


def _remember(cache: OrderedDict, key: str, value: object) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > CACHED_DOCUMENTS:
        cache.popitem(last=False)


@dataclass
class TokenSource:
    """Token tables of a folder, read on first use and kept for the last `CACHED_DOCUMENTS` documents.
    `None` folder: no tables (character mode)."""

    folder: str | None
    extension: str = DEFAULT_EXTENSION
    offset_fields: tuple[int, int] = DEFAULT_OFFSET_FIELDS
    _tables: OrderedDict[str, TokenTable | None] = field(default_factory=OrderedDict, repr=False)

    def path(self, doc_id: str) -> str | None:
        if self.folder is None:
            return None
        path = doc_file_path(self.folder, doc_id, self.extension)
        return path if path is not None and os.path.isfile(path) else None

    def table(self, doc_id: str) -> TokenTable | None:
        """The document's table, or None when there is none; raises `FormatError` when it is malformed."""
        if doc_id in self._tables:
            self._tables.move_to_end(doc_id)
            return self._tables[doc_id]
        path = self.path(doc_id)
        table = read_token_table(path, doc_id=doc_id, offset_fields=self.offset_fields) if path else None
        _remember(self._tables, doc_id, table)
        return table

    def ids(self, doc_id: str) -> set[str] | frozenset[str] | None:
        """Only the ids, without building tokens (what the scorer checks mentions against)."""
        cached = self._tables.get(doc_id)
        if cached is not None:
            return cached.ids
        path = self.path(doc_id)
        return read_token_ids(path) if path else None

    def unknown_ids(self, doc_id: str, ids: Iterable[str]) -> list[str] | None:
        """Which of `ids` the document's table lacks (None: no table). Reads no more than needed."""
        cached = self._tables.get(doc_id)
        if cached is not None:
            return cached.unknown_ids(ids)
        path = self.path(doc_id)
        return find_unknown_token_ids(path, ids) if path else None


@dataclass
class TextSource:
    """Document texts of a folder (`<doc>.txt`, `<doc>.tkn.txt` or `<doc>`), read on first use."""

    folder: str | None
    _texts: OrderedDict[str, str | None] = field(default_factory=OrderedDict, repr=False)

    def path(self, doc_id: str) -> str | None:
        if self.folder is None:
            return None
        for ext in TEXT_EXTENSIONS:
            path = doc_file_path(self.folder, doc_id, ext)
            if path is not None and os.path.isfile(path):
                return path
        return None

    def text(self, doc_id: str) -> str | None:
        if doc_id in self._texts:
            self._texts.move_to_end(doc_id)
            return self._texts[doc_id]
        path = self.path(doc_id)
        text = read_text(path) if path else None
        _remember(self._texts, doc_id, text)
        return text


@dataclass(frozen=True)
class LoadedInputs:
    """A gold and a system file, read, with where to find their tokens and texts."""

    gold: TbfFile
    system: TbfFile
    tokens: TokenSource
    texts: TextSource
    problems: tuple[Problem, ...] = ()

    @property
    def mode(self) -> SpanMode:
        return self.gold.mode


def sibling_folder(tbf_path: str, name: str) -> str | None:
    """`tkn/` or `txt/` next to a tbf file, found so the user does not have to point at it."""
    candidate = os.path.join(os.path.dirname(os.path.abspath(tbf_path)), name)
    return candidate if os.path.isdir(candidate) else None


def check_token_folder(token_dir: str) -> None:
    """A token folder given must be there: without it token ids cannot be checked (or mapped)."""
    if not os.path.isdir(token_dir):
        raise FormatError(token_dir, 0, "token folder not found", "a folder of <doc id>.tab token tables")


def load_inputs(
    gold_path: str,
    system_path: str,
    *,
    token_dir: str | None = None,
    text_dir: str | None = None,
    extension: str = DEFAULT_EXTENSION,
    offset_fields: tuple[int, int] = DEFAULT_OFFSET_FIELDS,
    preread: Mapping[str, bytes] | None = None,
    cancelled: CancelCheck | None = None,
) -> LoadedInputs:
    """Read both tbf files (token mode when a token folder is given). Raises `FormatError`.
    `preread`: bytes of inputs already read (by path), which are not read again. `cancelled`: checked between
    documents (`Cancelled`)."""
    if token_dir is not None:
        check_token_folder(token_dir)
    if text_dir is not None and not os.path.isdir(text_dir):
        raise FormatError(text_dir, 0, "text folder not found", "a folder of <doc id>.txt texts")
    mode = SpanMode.TOKEN if token_dir is not None else SpanMode.CHAR
    known = preread or {}
    gold, gold_problems = read_tbf(gold_path, mode=mode, data=known.get(gold_path), cancelled=cancelled)
    system, system_problems = read_tbf(system_path, mode=mode, data=known.get(system_path), cancelled=cancelled)
    return LoadedInputs(
        gold=gold, system=system,
        tokens=TokenSource(token_dir, extension, offset_fields),
        texts=TextSource(text_dir),
        problems=tuple(gold_problems + system_problems),
    )


def read_type_whitelist(path: str, problems: list[Problem] | None = None) -> frozenset[str]:
    """`-wl FILE`: one type per line, canonicalised, as v1.8 reads it: lines end at newlines only, and
    a blank line adds the empty type (which keeps types such as `---` that canonicalise to nothing).
    A UTF-8 byte order mark is dropped (v1.8 drops every non-ASCII byte of a type), with a warning
    added to `problems`."""
    data = read_bytes(path)
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
        if problems is not None:
            problems.append(Problem(display_name(path), 1, "starts with a UTF-8 byte order mark; v1.8 drops it "
                                    "with the other non-ASCII bytes of a type, so do we",
                                    "UTF-8 text without a byte order mark", fatal=False))
    lines = decode_text(data, path).split("\n")
    if lines[-1] == "":
        lines.pop()  # the text after the last newline is a line only when it is not empty
    return frozenset(canonical(line) for line in lines)


def read_topics(path: str) -> dict[str, str]:
    """`--topics FILE`: one `<document id> <topic>` per line (tab or spaces; blank lines and `#` lines are
    skipped), the unit a cross-document corpus resamples. Raises `FormatError` at a line that is not two
    fields or names a document twice."""
    topics: dict[str, str] = {}
    for number, line in enumerate(decode_text(read_bytes(path), path).splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split()
        if len(fields) != 2:
            raise FormatError(display_name(path), number, f"{len(fields)} fields",
                              "a document id and its topic, e.g. 'doc1 topic3'")
        if fields[0] in topics:
            raise FormatError(display_name(path), number, f"document {fields[0]!r} is given a topic twice",
                              "one line per document")
        topics[fields[0]] = fields[1]
    return topics
