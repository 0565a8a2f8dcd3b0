"""The files gen-arg's scorer (raspberryice/gen-arg `src/genie/scorer.py`) reads.

- The gold file, WikiEvents (KAIROS) JSON lines: `doc_id` (or `sent_id`, which the script prefers), `tokens`,
  `event_mentions` (`event_type`, `trigger` with `start` and exclusive `end`, `arguments` with `entity_id` and
  `role`) and `entity_mentions` (`id`, `start`, exclusive `end`). Other fields are not read.
- The generation file (`predictions.jsonl`): per line `doc_key`, `predicted` (the filled template the model
  wrote) and `gold`; the n-th line of a `doc_key` is that document's n-th event mention.
- The ontology (`event_role_KAIROS.json`): per event type its `template` (`<arg1> damaged <arg2> ...`) and its
  `roles` (`<argN>` is role N).
- The coreference file (`coref/test.jsonlines`): per line `doc_key` and `clusters` (lists of entity ids), read
  beside the gold file's line of the same number.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from evmeval.io.detect import is_generation as is_generation
from evmeval.io.detect import is_wikievents as is_wikievents
from evmeval.io.errors import FormatError, Problem
from evmeval.io.jsonlines import Fields, JsonLines, is_int, kind
from evmeval.io.reading import decode_text, display_name, read_bytes

Span = tuple[int, int]


@dataclass(frozen=True)
class GoldEvent:
    event_type: str
    trigger: Span
    """Half-open, as the file has it (`end` exclusive)."""
    arguments: tuple[tuple[str, str], ...]
    """(entity id, role), in file order."""


@dataclass(frozen=True)
class GoldDocument:
    doc_id: str
    line: int
    tokens: tuple[str, ...]
    events: tuple[GoldEvent, ...]
    entities: dict[str, Span]
    """Entity mention id -> half-open span; of two mentions with one id, the first (the script looks ids up
    in file order and stops at the first)."""
    sentences: int = 0
    """How many `sentences` the line has (for the fingerprint; the script does not read them)."""


@dataclass(frozen=True)
class Generation:
    doc_key: str
    line: int
    predicted: str


@dataclass(frozen=True)
class GenargFile:
    path: str
    sha256: str
    documents: tuple[GoldDocument, ...] = ()
    generations: tuple[Generation, ...] = ()


def _span(fields: Fields, obj: dict[str, Any], what: str) -> Span:
    start, end = obj.get("start"), obj.get("end")
    if not (is_int(start) and is_int(end)) or start < 0 or end < start:  # type: ignore[operator]
        raise fields.fail(f"{what} start {start!r}, end {end!r}", f"the {what}'s token start and exclusive end, "
                          "0 <= start <= end")
    return start, end  # type: ignore[return-value]


def _document(fields: Fields, obj: dict[str, Any]) -> GoldDocument:
    key = "sent_id" if "sent_id" in obj else "doc_id"
    doc_id = fields.get(obj, key, str, "the document id as a string")
    fields = Fields(fields.path, fields.line, f"{key} {doc_id!r}")
    tokens = tuple(fields.strings(obj, "tokens", "the document's tokens"))
    entities: dict[str, Span] = {}
    for i, raw in enumerate(fields.get(obj, "entity_mentions", list, "a list of entity mentions")):
        where = fields.at(f"entity mention {i}")
        entity = where.obj(raw, "the entity mention")
        entities.setdefault(where.get(entity, "id", str, "the mention id"), _span(where, entity, "entity mention"))
    events = []
    for i, raw in enumerate(fields.get(obj, "event_mentions", list, "a list of event mentions")):
        where = fields.at(f"event mention {i}")
        event = where.obj(raw, "the event mention")
        trigger = where.obj(where.get(event, "trigger", dict, "the trigger {start, end, text}"), "the trigger")
        arguments = []
        for j, arg in enumerate(where.get(event, "arguments", list, "a list of arguments")):
            at = where.at(f"argument {j}")
            arg = at.obj(arg, "the argument")
            entity_id = at.get(arg, "entity_id", str, "the argument's entity mention id")
            if entity_id not in entities:
                raise at.fail(f"entity {entity_id!r} is not among the entity mentions",
                              "an id of the line's entity_mentions (the script fails on others)")
            arguments.append((entity_id, at.get(arg, "role", str, "the role as a string")))
        events.append(GoldEvent(where.get(event, "event_type", str, "the event type as a string"),
                                _span(where, trigger, "trigger"), tuple(arguments)))
    sentences = obj.get("sentences")
    return GoldDocument(doc_id, fields.line, tokens, tuple(events), entities,
                        len(sentences) if isinstance(sentences, list) else 0)


def read_wikievents(path: str, data: bytes | None = None) -> GenargFile:
    """The gold file; the first problem is a `FormatError` at its line."""
    lines = JsonLines(path, data)
    name = display_name(path)
    documents = []
    for number, value in lines:
        fields = Fields(name, number)
        documents.append(_document(fields, fields.obj(value, "the line")))
    return GenargFile(name, lines.sha256, documents=tuple(documents))


def read_generations(path: str, data: bytes | None = None) -> GenargFile:
    """The generation file: `doc_key` and `predicted` per line; an empty (0-byte) one generates nothing, as the
    script reads it."""
    data = read_bytes(path) if data is None else data
    name = display_name(path)
    if not data:
        return GenargFile(name, hashlib.sha256(data).hexdigest())
    lines = JsonLines(path, data)
    found = []
    for number, value in lines:
        fields = Fields(name, number)
        obj = fields.obj(value, "the line")
        doc_key = fields.get(obj, "doc_key", str, "the document key as a string")
        found.append(Generation(doc_key, number, fields.get(obj, "predicted", str, "the generated text")))
    return GenargFile(name, hashlib.sha256(data).hexdigest(), generations=tuple(found))


@dataclass(frozen=True)
class Ontology:
    templates: dict[str, str]
    roles: dict[str, dict[str, str]]
    """Event type -> `argN` -> role name (the script's `load_ontology`)."""


def read_ontology(path: str) -> Ontology:
    name = display_name(path)
    try:
        raw = json.loads(decode_text(read_bytes(path), path))
    except ValueError as exc:
        raise FormatError(name, 0, f"not JSON ({exc})", "gen-arg's ontology, event_role_KAIROS.json") from None
    fields = Fields(name, 0)
    top = fields.obj(raw, "the ontology")
    templates, roles = {}, {}
    for event_type, entry in top.items():
        where = fields.at("event type", event_type)
        entry = where.obj(entry, "the event type's entry")
        templates[event_type] = where.get(entry, "template", str, "the event type's template")
        names = where.strings(entry, "roles", "the event type's roles, <arg1> first")
        roles[event_type] = {f"arg{i}": role for i, role in enumerate(names, 1)}
    return Ontology(templates, roles)


def read_coref_clusters(path: str, gold: GenargFile) -> dict[str, dict[Span, str]]:
    """doc_key -> inclusive entity span -> its cluster's first entity id, as the script builds it: the n-th
    coreference line read with the gold file's n-th line (zipped: the shorter file ends it), a later cluster's
    span replacing an earlier one's."""
    lines = JsonLines(path)
    name = display_name(path)
    mapping: dict[str, dict[Span, str]] = {}
    for (number, value), document in zip(lines, gold.documents, strict=False):
        fields = Fields(name, number)
        obj = fields.obj(value, "the line")
        doc_key = fields.get(obj, "doc_key", str, "the document key as a string")
        spans = mapping.setdefault(doc_key, {})
        for i, cluster in enumerate(fields.get(obj, "clusters", list, "a list of clusters of entity ids")):
            if not isinstance(cluster, list) or not cluster or not all(isinstance(e, str) for e in cluster):
                raise fields.at(f"cluster {i}").fail(f"is {kind(cluster)}", "a non-empty list of entity ids")
            for entity_id in cluster:
                if entity_id not in document.entities:
                    raise fields.at(f"cluster {i}").fail(
                        f"entity {entity_id!r} is not among the entity mentions of gold line {document.line} "
                        f"({document.doc_id!r})", "the entity ids of the gold file's line of the same number")
                start, end = document.entities[entity_id]
                spans[(start, end - 1)] = cluster[0]
    return mapping


def validate_wikievents(path: str) -> list[Problem]:
    try:
        read_wikievents(path)
    except FormatError as exc:
        return [exc.problem]
    return []


def validate_generations(path: str) -> list[Problem]:
    try:
        read_generations(path)
    except FormatError as exc:
        return [exc.problem]
    return []



