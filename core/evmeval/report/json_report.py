"""The JSON export: everything the window needs, fractions 0-1, NaN as null."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, overload

from evmeval.align import COMBINATIONS
from evmeval.mention.prf import Average, Score
from evmeval.mention.scoring import DocumentResult, ScoreResult, TypeRow, counts_in_averages


class RawJSON(str):
    """Text already written as the C encoder writes it (see `_STRICT`): `_stream` copies it as is."""


def mapping_json(pairs: Iterable[tuple[int, int, float]], gold_ids: Sequence[str],
                 system_ids: Sequence[str]) -> list[dict[str, Any]]:
    """One combination's pairs (gold row, system row, Dice; in the order chosen) as the JSON lists them."""
    return [{"gold": gold_ids[g], "system": system_ids[s], "gold_index": g, "system_index": s, "dice": dice}
            for g, s, dice in pairs]


def document_json(doc_id: str, in_system: bool, num_gold: int, num_system: int, scores: Mapping[str, Score],
                  mappings: Mapping[str, Any]) -> dict[str, Any]:
    """One document's JSON object, from a `DocumentResult` or from the C kernel's run (`evmeval.cli.fastpath`):
    one layout for both. `mappings`: each combination's pairs as `mapping_json` lists them."""
    return {
        "doc_id": doc_id,
        "in_system": in_system,
        "counted": counts_in_averages(num_gold),
        "num_gold": num_gold,
        "num_system": num_system,
        "scores": {c: scores[c].to_json() for c in COMBINATIONS},
        "mappings": mappings,
    }


def _document_json(doc: DocumentResult) -> dict[str, Any]:
    return document_json(doc.doc_id, doc.in_system, len(doc.gold), len(doc.system), doc.scores,
                         _mappings_json(doc))


def encoded(value: Any) -> RawJSON:
    """`value` written now, as `dumps` would write it inside a line: for `LazyArray` elements, so that
    `dumps` copies each one instead of searching it for lazy members."""
    return RawJSON(_encode(value))


def _encoded_document(doc: DocumentResult) -> RawJSON:
    """One document's JSON text, made when `dumps` reaches it (`LazyArray`)."""
    return encoded(_document_json(doc))


def _mappings_json(doc: DocumentResult) -> dict[str, list[dict[str, Any]]]:
    """Every combination's pairs; combinations that reuse the plain mapping's pairs share its list."""
    gold_ids = [m.mention_id for m in doc.gold]
    system_ids = [m.mention_id for m in doc.system]
    built: dict[int, list[dict[str, Any]]] = {}
    out: dict[str, list[dict[str, Any]]] = {}
    mappings = doc.mappings  # read once: kept packed, each read may build them anew (`evmeval.align.packed`)
    for c in COMBINATIONS:
        pairs = mappings[c].pairs
        if id(pairs) not in built:
            built[id(pairs)] = mapping_json(pairs, gold_ids, system_ids)
        out[c] = built[id(pairs)]
    return out


class LazyArray(Sequence[Any]):
    """A JSON array whose elements are built when read: `dumps` writes them one at a time, so the
    export of 2000 documents never holds 300k mapping dicts at once. Only `dumps` serialises it."""

    def __init__(self, items: Sequence[Any], build: Callable[[Any], Any]) -> None:
        self._items = items
        self._build = build

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self._build(item) for item in self._items[index]]
        return self._build(self._items[index])

    def __iter__(self) -> Iterator[Any]:
        return map(self._build, self._items)


class LazyObject:
    """A JSON object whose members are built when written: `key(item)` and `build(item)` for each of
    `items`, in order (the per-document MUC/GATE counts of 8,000 documents are never all built at
    once). Only `dumps` serialises it."""

    def __init__(self, items: Sequence[Any], key: Callable[[Any], str], build: Callable[[Any], Any]) -> None:
        self._items = items
        self._key = key
        self._build = build

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        return ((self._key(item), self._build(item)) for item in self._items)


def result_to_json(result: ScoreResult, *, lazy: bool = False) -> dict[str, Any]:
    """A JSON-serialisable dict of the result (layout: docs/reference/json.md). `lazy`: the documents are
    a `LazyArray` of their texts, written while `dumps` writes them (for writing a file; not for
    `json.dumps`)."""
    documents: Sequence[Any] = (LazyArray(result.documents, _encoded_document) if lazy
                                else [_document_json(doc) for doc in result.documents])
    return scores_json(result.profile, result.mode.value, result.gold_path, result.system_path, documents,
                       result.micro, result.macro, result.per_type_published, result.per_type_by_type_mapping,
                       result.warnings)


def scores_json(profile: str, mode: str, gold_path: str, system_path: str, documents: Sequence[Any],
                micro: Mapping[str, Score], macro: Mapping[str, Average], per_type_published: Sequence[TypeRow],
                per_type_by_type_mapping: Sequence[TypeRow], warnings: Sequence[str]) -> dict[str, Any]:
    """The JSON document of a scoring run, from its parts: `result_to_json`'s and the C kernel's run's
    (`evmeval.cli.fastpath`) one layout. `documents`: `document_json` objects (or their texts)."""
    return {
        "profile": profile,
        "mode": mode,
        "gold": gold_path,
        "system": system_path,
        "combinations": list(COMBINATIONS),
        "documents": documents,
        "micro": {c: micro[c].to_json() for c in COMBINATIONS},
        "macro": {c: macro[c].to_json() for c in COMBINATIONS},
        "per_type": {
            "published_type_realis_mapping": [r.to_json() for r in per_type_published],
            "type_mapping": [r.to_json() for r in per_type_by_type_mapping],
        },
        "warnings": list(warnings),
    }


def _no_nan(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _no_nan(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_no_nan(v) for v in value]
    return value


_STRICT = json.JSONEncoder(allow_nan=False)
"""No indent: Python then uses its C encoder (`indent=1` would run the pure-Python one, 6x slower)."""


def _encode(value: Any) -> str:
    """Strict JSON of `value`. Figures are built with NaN already turned into None; a NaN that still
    slipped in costs a copy of that one value, not of the whole export."""
    try:
        return _STRICT.encode(value)
    except ValueError:
        return _STRICT.encode(_no_nan(value))


def _holds_lazy(value: Any) -> bool:
    """Whether a `LazyArray` sits in `value` or in an object nested in it (arrays are not searched:
    `_stream` encodes them whole). Anything else is one call of the C encoder, with the same text.
    Checked by exact type: `isinstance` against `LazyArray`, an abstract `Sequence`, is slow, and
    this runs for every value of every document."""
    if isinstance(value, dict):
        return any(_holds_lazy(v) for v in value.values()
                   if type(v) is LazyArray or type(v) is RawJSON or type(v) is LazyObject or isinstance(v, dict))
    return type(value) is LazyArray or type(value) is RawJSON or type(value) is LazyObject


def _stream(value: Any) -> Iterator[str]:
    """The C encoder's one-line text of `value`, in pieces: an object or array holding a `LazyArray`
    is written member by member (same separators), so the lazy elements are built one at a time."""
    if type(value) is RawJSON:
        yield value
    elif isinstance(value, LazyArray):
        yield "["
        for number, element in enumerate(value):
            if number:
                yield ", "
            yield from _stream(element)
        yield "]"
    elif type(value) is LazyObject or (isinstance(value, dict) and _holds_lazy(value)):
        yield "{"
        members = iter(value) if isinstance(value, LazyObject) else iter(value.items())
        for number, (key, item) in enumerate(members):
            yield (", " if number else "") + _STRICT.encode(key) + ": "
            yield from _stream(item)
        yield "}"
    else:
        yield _encode(value)


def _member(key: str, value: Any) -> Iterator[str]:
    """One top-level member; a list of objects (the documents) gets one element per line."""
    yield _STRICT.encode(key) + ": "
    if isinstance(value, LazyArray) and not value:
        yield "[]"
    elif isinstance(value, LazyArray) or (isinstance(value, list) and value and isinstance(value[0], dict | list)):
        yield "[\n"
        for number, element in enumerate(value):
            if number:
                yield ",\n"
            yield from _stream(element)
        yield "\n]"
    else:
        yield from _stream(value)


def iter_dumps(data: dict[str, Any]) -> Iterator[str]:
    """`dumps` in pieces, for `evmeval.io.writing.write_atomic` to write as they come: a large export
    never exists whole in memory."""
    yield "{\n"
    for number, (key, value) in enumerate(data.items()):
        if number:
            yield ",\n"
        yield from _member(key, value)
    yield "\n}\n"


def dumps(data: dict[str, Any]) -> str:
    """Strict JSON text (no NaN tokens) for people and programs: one top-level member per line, and
    one element per line in top-level lists of objects (a document per line), each written by the
    C encoder. The pieces are joined once: memory is the text plus the pieces, not the encoder's
    millions of tokens."""
    return "".join(iter_dumps(data))
