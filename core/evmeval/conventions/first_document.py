"""The first document of an event JSONL corpus, read through the streams and scored alone.

A MAVEN-ERE-sized corpus takes many seconds to read whole; a document's v1.8 figures depend on its own
mentions only. So the gold file's first document (its first line, or TextEE's first run of windows of one
`doc_id`) and the system file's record(s) for it are read with the format's stream (`evmeval.io.*.stream_*`,
the one reading path: same checks, same line numbers), stopping there, and become the same tbf sides
(`ours.READERS`, `corpus_formats.READERS`) and text the whole corpus gives that document, scored with
`score_files` as the corpus is. A problem, string predictions, a folder format, standard input or a fifo
(read once, by the corpus load) give None: the whole corpus's reading decides and words it.

Any other document is read the same way once both files are indexed (`index_documents`: where each
document's lines are, by a fast scan, `document_index`): `one_document` reads just its lines, at their byte
offsets, through the same stream and scores them alone.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import chain
from typing import Any

from evmeval._util.progress import CancelCheck
from evmeval.align.strategies import DEFAULT_STRATEGY
from evmeval.conventions.base import Input
from evmeval.conventions.document_index import DocumentIndex, Place, document_index
from evmeval.conventions.items import GOLD, PRED
from evmeval.io.dygiepp import DygieppFile, stream_dygiepp
from evmeval.io.errors import FormatError
from evmeval.io.jsonlines import JsonLines, Stream
from evmeval.io.loading import LoadedInputs
from evmeval.io.maven import MavenFile, stream_maven, stream_maven_texts
from evmeval.io.maven import Submission as MavenSubmission
from evmeval.io.maven_ere import MavenEreFile, stream_maven_ere
from evmeval.io.maven_ere import Submission as EreSubmission
from evmeval.io.reading import MAX_LINE_BYTES, display_name, open_binary, read_failure
from evmeval.io.textee import TexteeFile, stream_textee
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.model import TokenTable


@dataclass(frozen=True)
class FirstDocument:
    """One document's inputs (only it, on both sides) and its v1.8 result: the corpus result's for it."""

    doc_id: str
    format: str
    inputs: LoadedInputs
    result: ScoreResult


def _textee(path: str, records: list[Any]) -> TexteeFile:
    return TexteeFile(path, records)


def _dygiepp(path: str, records: list[Any]) -> DygieppFile:
    return DygieppFile(path, records)


def _maven(path: str, records: list[Any]) -> MavenFile:
    return MavenFile(path, [r for r in records if not isinstance(r, MavenSubmission)],
                     [r for r in records if isinstance(r, MavenSubmission)])


def _maven_ere(path: str, records: list[Any]) -> MavenEreFile:
    return MavenEreFile(path, [r for r in records if not isinstance(r, EreSubmission)],
                        [r for r in records if isinstance(r, EreSubmission)])


_FORMATS: dict[str, tuple[Callable[[str], Stream[Any]], str, Callable[[Any], str], Callable[[str, list[Any]], Any]]] = {
    "textee": (stream_textee, "doc_id", lambda w: w.doc_id, _textee),
    "dygiepp": (stream_dygiepp, "doc_key", lambda d: d.doc_key, _dygiepp),
    "maven": (stream_maven, "id", lambda d: d.id, _maven),
    "maven-ere": (stream_maven_ere, "id", lambda d: d.id, _maven_ere),
}
"""Format -> (its stream, the JSON field naming a line's document, a record's document id, the parsed file
`parsed.*_file` gives, of some records)."""


class _OneDocument(JsonLines):
    """The lines of one document (by its JSON field, before the format's checks) and the line after them:
    a system file whose documents come in another order is not parsed up to its copy of the first one."""

    def __init__(self, path: str, field: str, doc_id: str) -> None:
        super().__init__(path)
        self.field, self.doc_id, self.found = field, doc_id, False
        plain = doc_id.isascii() and doc_id.isprintable() and not any(c in doc_id for c in '\\/"')
        self.needle = json.dumps(doc_id) if plain else None
        """A plain id is written as itself in JSON: a line without it is not decoded at all."""

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        for number, value in super().__iter__():
            ours = not isinstance(value, dict) or value.get(self.field) == self.doc_id
            if ours or self.found:
                yield number, value
            self.found = self.found or ours

    def _value(self, number: int, line: str) -> Iterator[tuple[int, Any]]:
        if self.found or self.needle is None or self.needle in line:
            yield from super()._value(number, line)


def _block(records: Iterator[Any], key: Callable[[Any], str], doc_id: str | None
           ) -> tuple[str | None, list[Any], list[Any]]:
    """The first run of records of document `doc_id` (None: the first record's document), read up to the
    record after it (returned in the last list): the rest of the file is not read (all of it when the
    document is not there)."""
    found: list[Any] = []
    for record in records:
        if doc_id is None:
            doc_id = key(record)
        if key(record) == doc_id:
            found.append(record)
        elif found:
            return doc_id, found, [record]
    return doc_id, found, []


def _maven_names(gold: list[Any], later: Iterable[Any], system: list[Any],
                 known: dict[int, str] | None = None) -> dict[int, str]:
    """MAVEN names a submission's types by the gold events of that id: the names of the system's type ids
    the document's own gold lacks, from the next gold documents (read on until each has one, as the
    corpus's spellings are found for a tbf document); `known`: names found before, not looked for again."""
    named = {e.type_id: e.type for d in gold for e in d.events or ()}
    wanted = {p.type_id for r in system for p in getattr(r, "predictions", ())} | {
        e.type_id for r in system for e in getattr(r, "events", None) or ()}
    missing = wanted - named.keys() - {0}
    found = {k: v for k, v in (known or {}).items() if k in missing}
    missing -= found.keys()
    try:
        for document in later if missing else ():
            for event in getattr(document, "events", None) or ():
                if event.type_id in missing:
                    found[event.type_id] = event.type
                    missing.discard(event.type_id)
            if not missing:
                break
    except FormatError:
        pass  # a later line's problem is the corpus load's to word; the names found so far stand
    return found


def _inputs(found: str, paths: tuple[str, str], records: tuple[list[Any], list[Any]],
            named: dict[int, str]) -> LoadedInputs:
    """One document's records of both files as the window's inputs: the tbf sides and text the whole corpus
    gives that document (`named`: MAVEN type names from other gold documents)."""
    from evmeval.conventions.corpus import memory_inputs
    from evmeval.conventions.corpus_formats import READERS as PAIRS
    from evmeval.conventions.corpus_formats import maven_pair
    from evmeval.conventions.ours import READERS as SIDES

    parsed_file = _FORMATS[found][3]
    # the parsed files hold these records only: the side readers take them as parsed (`Input.parsed`)
    sources = []
    for path, some in zip(paths, records, strict=True):
        source = Input(path, b"")
        source.parsed(found, partial(parsed_file, path, some))
        sources.append(source)
    if found in SIDES:
        g, s = SIDES[found](sources[0], GOLD), SIDES[found](sources[1], PRED)
        return memory_inputs(g.tbf, s.tbf, g.units, {}, lazy=True)
    pair = maven_pair(sources[0], sources[1], named) if found == "maven" else PAIRS[found](sources[0], sources[1])
    return memory_inputs(pair.gold, pair.system, pair.units, pair.texts, lazy=True)


def _scored(found: str, doc_id: str, inputs: LoadedInputs, mapping: str) -> FirstDocument | None:
    if doc_id not in inputs.gold.documents:
        return None
    return FirstDocument(doc_id, found, inputs, score_files(inputs.gold, inputs.system, mapping=mapping))


def _plain_files(gold: str, system: str) -> bool:
    """Two different regular files (standard input or a fifo is read once, by the corpus load)."""
    return gold != system and os.path.isfile(gold) and os.path.isfile(system)


def first_document(gold: str, system: str, *, mapping: str = DEFAULT_STRATEGY) -> FirstDocument | None:
    """The gold file's first document and the system file's records for it, read a line at a time and
    scored alone (see the module docstring); None when that is not plainly possible."""
    from evmeval.conventions import input_format, is_strings  # the registry imports the conventions

    if not _plain_files(gold, system):
        return None
    try:
        found = input_format(gold)
        if found not in _FORMATS or is_strings(Input(system)):
            return None
        stream, field, key, _ = _FORMATS[found]
        gold_stream, system_stream = stream(gold), stream(system)
        gold_read = iter(gold_stream)
        doc_id, gold_records, after = _block(gold_read, key, None)
        if doc_id is None:
            return None
        system_stream.lines = _OneDocument(system, field, doc_id)  # the format's checks, on its lines only
        _, system_records, _ = _block(iter(system_stream), key, doc_id)
        named = _maven_names(gold_records, chain(after, gold_read), system_records) if found == "maven" else {}
        inputs = _inputs(found, (gold_stream.path, system_stream.path), (gold_records, system_records), named)
    except FormatError:
        return None
    return _scored(found, doc_id, inputs, mapping)


class _Placed(JsonLines):
    """The lines at some places of a file (`document_index.Place`), read with the format's line checks."""

    def __init__(self, path: str, places: Iterable[Place]) -> None:
        super().__init__(path)
        self.places = places

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        handle = open_binary(self.path)
        try:
            for at, number in self.places:
                handle.seek(at)
                raw = handle.readline(MAX_LINE_BYTES + 1)
                yield from self._value(number, self._text(raw, number, at))
        except OSError as exc:
            raise read_failure(self.name, exc) from None
        finally:
            handle.close()


_TEXT_STREAMS: dict[str, Callable[[str], Stream[Any]]] = {"maven": stream_maven_texts}
"""Format -> its stream reading a document only as far as its text goes (others: the whole record)."""


def placed_records(index: DocumentIndex, path: str, places: Iterable[Place], *, text_only: bool = False
                   ) -> Iterator[Any]:
    """The format's checked records of the lines at `places`, read as they are asked for (`text_only`: as far as
    their text goes, where the format has such a stream)."""
    make = (_TEXT_STREAMS.get(index.format) if text_only else None) or _FORMATS[index.format][0]
    stream = make(path)
    stream.lines = _Placed(path, places)
    return iter(stream)


def index_documents(gold: str, system: str) -> DocumentIndex | None:
    """Where each document of an event JSON-lines pair is (`document_index`); None when its documents cannot be
    read one at a time (not such a pair, string predictions, standard input or a fifo)."""
    from evmeval.conventions import input_format, is_strings  # the registry imports the conventions

    if not _plain_files(gold, system):
        return None
    try:
        found = input_format(gold)
        if found not in _FORMATS or is_strings(Input(system)):
            return None
    except FormatError:
        return None
    return document_index(found, gold, system)


def one_document(index: DocumentIndex, doc_id: str, *, mapping: str = DEFAULT_STRATEGY) -> FirstDocument | None:
    """Document `doc_id` of the indexed pair: its gold and system lines read through the format's stream (the
    corpus's reader and checks, at their line numbers) and scored alone, as `first_document` scores the first;
    None when that is not plainly possible (a problem on its lines, a document twice in a file, a file changed
    since the scan)."""
    gold_places, system_places = index.gold_lines.get(doc_id, ()), index.system_lines.get(doc_id, ())
    if not gold_places or (index.format != "textee" and (len(gold_places) > 1 or len(system_places) > 1)):
        return None  # an id on two lines: the corpus load refuses it (TextEE: a document's windows)
    key = _FORMATS[index.format][2]
    try:
        gold_records = [r for r in placed_records(index, index.gold, gold_places) if key(r) == doc_id]
        system_records = [r for r in placed_records(index, index.system, system_places) if key(r) == doc_id]
        named: dict[int, str] = {}
        if index.format == "maven":
            others = (p for d in index.doc_ids if d != doc_id for p in index.gold_lines[d])
            named = _maven_names(gold_records, placed_records(index, index.gold, others), system_records, index.names)
            index.names.update(named)
        inputs = _inputs(index.format, (display_name(index.gold), display_name(index.system)),
                         (gold_records, system_records), named)
    except FormatError:
        return None
    return _scored(index.format, doc_id, inputs, mapping)


def index_gold(gold: str, cancelled: CancelCheck | None = None) -> DocumentIndex | None:
    """Where each document of an event JSON-lines gold file is (the system side left empty): for reading a
    document's text and tokens when shown (`document_text_and_tokens`); None as `index_documents`.
    `cancelled`: asked as the file is scanned (`document_index.scan`)."""
    from evmeval.conventions import input_format  # the registry imports the conventions

    if not os.path.isfile(gold):
        return None
    try:
        found = input_format(gold)
    except FormatError:
        return None
    return document_index(found, gold, None, cancelled) if found in _FORMATS else None


def document_text_and_tokens(index: DocumentIndex, doc_id: str) -> tuple[str, TokenTable] | None:
    """Document `doc_id`'s text and token table, made from its gold lines (read through the format's stream)
    as the whole corpus makes them; None when its lines cannot be read so (the file changed since the scan). A
    MAVEN line is read as far as its text goes (`_TEXT_STREAMS`: the corpus load checked the rest)."""
    places = index.gold_lines.get(doc_id, ())
    key = _FORMATS[index.format][2]
    try:
        records = [r for r in placed_records(index, index.gold, places, text_only=True) if key(r) == doc_id]
        inputs = _inputs(index.format, (display_name(index.gold), display_name(index.gold)), (records, []), {})
    except FormatError:
        return None
    text, table = inputs.texts.text(doc_id), inputs.tokens.table(doc_id)
    return (text, table) if text is not None and table is not None else None
