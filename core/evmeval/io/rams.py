"""RAMS JSON lines, as the RAMS 1.0 scorer (`scorer/scorer.py`) reads them.

One example per line, one trigger each. The gold layout (also a prediction file's, given to the scorer with
`--reuse_gold_format`): `doc_key`, `sentences` (lists of tokens), `evt_triggers` (exactly one
`[start, end, [[type, ...], ...]]`) and `gold_evt_links`, each `[[trigger start, end], [argument start,
end], role]` with inclusive token indices over the whole document and the trigger's own span. Roles are
written `evt089arg01victim`; the scorer keeps what follows the last run of digits (`victim`). The
prediction layout: `doc_key` and `predictions`, an empty list or one `[[trigger start, end],
[start, end, role, confidence], ...]`; its roles are kept as written (the scorer does not cut them).
A later line of the same `doc_key` replaces an earlier one (the scorer keeps them in a dict).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from evmeval.io.detect import is_rams as is_rams
from evmeval.io.errors import FormatError, Problem
from evmeval.io.jsonlines import Fields, JsonLines, is_int, kind
from evmeval.io.reading import display_name

GOLD_LAYOUT, PREDICTION_LAYOUT = "gold", "predictions"

Span = tuple[int, int]
"""Inclusive token indices (start, end) over the whole document."""


@dataclass(frozen=True)
class Link:
    """One argument of the example's trigger: (trigger span, argument span, role) is what is counted."""

    trigger: Span
    argument: Span
    role: str


@dataclass(frozen=True)
class Example:
    doc_key: str
    line: int
    links: tuple[Link, ...]
    sentences: tuple[tuple[str, ...], ...] = ()
    """Empty in the prediction layout."""
    trigger: Span | None = None
    event_types: tuple[str, ...] = ()

    def sentence_of(self) -> list[int]:
        """Each token's sentence index (the scorer's `sent_map`)."""
        return [i for i, sentence in enumerate(self.sentences) for _ in sentence]


@dataclass(frozen=True)
class RamsFile:
    path: str
    layout: str
    examples: dict[str, Example]
    """By doc_key, the last line of each."""
    sha256: str
    lines: int


def role_label(role: str) -> str:
    """The scorer's role name: what follows the last run of digits (`evt089arg01victim` -> `victim`)."""
    return re.split(r"\d+", role)[-1]


def _span(fields: Fields, value: Any, what: str) -> Span:
    if not (isinstance(value, list) and len(value) >= 2 and is_int(value[0]) and is_int(value[1])):
        raise fields.fail(f"{what} is {kind(value)}", f"the {what} as [start, end] token indices")
    if value[0] < 0 or value[1] < 0:
        raise fields.fail(f"{what} [{value[0]}, {value[1]}] has a negative index",
                          "token indices from 0 (the scorer would count them from the end)")
    return value[0], value[1]


def _gold_example(fields: Fields, obj: dict[str, Any], doc_key: str, cut_roles: bool) -> Example:
    sentences = fields.get(obj, "sentences", list, "a list of sentences, each a list of tokens")
    for i, sentence in enumerate(sentences):
        if not isinstance(sentence, list):
            raise fields.at(f"sentence {i}").fail(f"is {kind(sentence)}", "a list of tokens")
    triggers = fields.get(obj, "evt_triggers", list, "a list of one trigger [start, end, [[type, ...]]]")
    if len(triggers) != 1:
        raise fields.fail(f"{len(triggers)} triggers", "exactly one trigger per line (the scorer asserts it)")
    raw = triggers[0]
    trigger = _span(fields.at("trigger"), raw, "trigger")
    if len(raw) < 3 or not isinstance(raw[2], list) or not all(isinstance(t, list) and t and isinstance(t[0], str)
                                                              for t in raw[2]):
        raise fields.at("trigger").fail(f"is {kind(raw)}", "[start, end, [[type, confidence], ...]]")
    links = []
    for i, link in enumerate(fields.get(obj, "gold_evt_links", list, "a list of [[trigger], [argument], role]")):
        where = fields.at(f"link {i}")
        if not (isinstance(link, list) and len(link) >= 3 and isinstance(link[2], str)):
            raise where.fail(f"is {kind(link)}", "[[trigger start, end], [argument start, end], role]")
        own = _span(where, link[0], "trigger")
        if own != trigger:
            raise where.fail(f"trigger {list(own)} is not the line's trigger {list(trigger)}",
                             "every link on the line's one trigger (the scorer asserts it)")
        links.append(Link(own, _span(where, link[1], "argument"), role_label(link[2]) if cut_roles else link[2]))
    return Example(doc_key, fields.line, tuple(links), tuple(tuple(s) for s in sentences), trigger,
                   tuple(t[0] for t in raw[2]))


def _prediction_example(fields: Fields, obj: dict[str, Any], doc_key: str) -> Example:
    predictions = fields.get(obj, "predictions", list, "[] or one [[trigger start, end], [start, end, role, "
                             "confidence], ...]")
    if not predictions:
        return Example(doc_key, fields.line, ())
    if len(predictions) != 1 or not isinstance(predictions[0], list) or not predictions[0]:
        raise fields.fail(f"{len(predictions)} predicted events", "one event per line (the scorer asserts it)")
    trigger = _span(fields.at("trigger"), predictions[0][0], "trigger")
    links = []
    for i, arg in enumerate(predictions[0][1:]):
        where = fields.at(f"argument {i}")
        if not (isinstance(arg, list) and len(arg) >= 4 and isinstance(arg[2], str)):
            raise where.fail(f"is {kind(arg)}", "[start, end, role, confidence]")
        links.append(Link(trigger, _span(where, arg, "argument"), arg[2]))
    return Example(doc_key, fields.line, tuple(links), trigger=trigger)


def read_rams(path: str, data: bytes | None = None) -> RamsFile:
    """A RAMS file in either layout (the first line's fields say which; every line must have it); the first
    problem is a `FormatError` at its line."""
    stream = JsonLines(path, data)
    lines = list(stream)
    name = display_name(path)
    layout = ""
    examples: dict[str, Example] = {}
    for number, value in lines:
        fields = Fields(name, number)
        obj = fields.obj(value, "the line")
        doc_key = fields.get(obj, "doc_key", str, "the document key as a string")
        found = PREDICTION_LAYOUT if "predictions" in obj else GOLD_LAYOUT
        layout = layout or found
        if found != layout:
            raise fields.fail(f"a line of the {found} layout after lines of the {layout} layout",
                              "every line with gold_evt_links, or every line with predictions")
        fields = Fields(name, number, f"doc_key {doc_key!r}")
        examples[doc_key] = _gold_example(fields, obj, doc_key, True) if layout == GOLD_LAYOUT \
            else _prediction_example(fields, obj, doc_key)
    return RamsFile(name, layout, examples, stream.sha256, len(lines))




def refuse_outside(fields_path: str, example: Example, span: Span, sent_map: list[int], gold: Example) -> int:
    """The sentence of `span` in the gold example's sentences; a `FormatError` where the scorer fails (an index
    past the document, a span across sentences), naming the line the span was read from."""
    if span[0] >= len(sent_map) or span[1] >= len(sent_map):
        raise FormatError(fields_path, example.line, f"doc_key {example.doc_key!r}: span {list(span)} is past the "
                          f"document's {len(sent_map)} tokens", "token indices inside the gold document")
    if sent_map[span[0]] != sent_map[span[1]]:
        raise FormatError(fields_path, example.line, f"doc_key {example.doc_key!r}: span {list(span)} crosses "
                          f"sentences {sent_map[span[0]]} and {sent_map[span[1]]} of the gold document",
                          "a span inside one sentence (the scorer asserts it)")
    return sent_map[span[0]]


def validate_rams(path: str) -> list[Problem]:
    """The file's first problem, if any (`evmeval-validate`): the scorer stops at the first too."""
    try:
        read_rams(path)
    except FormatError as exc:
        return [exc.problem]
    return []
