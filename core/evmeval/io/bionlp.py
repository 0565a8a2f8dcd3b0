"""BioNLP shared-task standoff: per document `NAME.txt`, `NAME.a1` (given entities), `NAME.a2` (the task).

The lines are brat's (the brat reader parses them, `evmeval.io.brat`): `T` text bounds (`T1<TAB>Protein
0 5<TAB>IL-2`), `E` events whose arguments name text bounds or other events (`E2<TAB>Positive_regulation:T9
Theme:E1 Cause:T2`), `M` negation/speculation of an event (`M1<TAB>Negation E2`) and `*<TAB>Equiv T1 T2`
(entities the shared task treats as one). An answer is the `.a2` alone: it names the gold `.a1`'s
entities by their ids, so its ids must not reuse them. What the scorer refuses is refused here with
`file:line`: an id named nowhere, a trigger of another type than its event, an event inside itself,
a role given twice that the task allows once, a Site without its Theme, a discontinuous span.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
from dataclasses import dataclass

from evmeval.io.brat import BratDocument, Event, TextBound, format_ann, parse_ann
from evmeval.io.errors import FormatError, Problem
from evmeval.io.reading import read_bytes, read_text

TEXT, GIVEN, TASK = ".txt", ".a1", ".a2"
MODIFICATIONS = ("Negation", "Speculation")
LISTED_ROLE = re.compile(r"^(Theme|Site|Participant|Product)\d*$")
"""Roles an event may carry several times (numbered: Theme2); every other role (Cause, ToLoc, ...) once."""
THEME_SITE = re.compile(r"^(Theme|Site)(\d*)$")
"""Site<n> says where on Theme<n>: the two are scored as a pair."""


@dataclass(frozen=True)
class BionlpDocument:
    """One document: its text, its given entities (`.a1`) and its task annotation (`.a2`)."""

    doc_id: str
    text: str | None
    given: BratDocument
    task: BratDocument

    def record(self, annotation_id: str) -> object | None:
        """A text bound, event or modification by id, from either file."""
        return self.task.get(annotation_id) or self.given.get(annotation_id)


@dataclass(frozen=True)
class BionlpCorpus:
    path: str
    documents: tuple[BionlpDocument, ...]
    sha256: str = ""

    def by_id(self) -> dict[str, BionlpDocument]:
        return {d.doc_id: d for d in self.documents}


def _layout_checks(doc: BratDocument, kind: str) -> None:
    """What a shared-task file may hold: single-span text bounds; no events in an `.a1`."""
    for t in doc.text_bounds:
        if len(t.fragments) != 1:
            raise FormatError(doc.path, t.line, f"text bound {t.id} has {len(t.fragments)} fragments",
                              "one 'start end' pair (BioNLP spans are continuous)")
        if t.fragments[0][0] == t.fragments[0][1]:
            raise FormatError(doc.path, t.line, f"text bound {t.id} is empty", "start < end")
    if kind == GIVEN:
        for record in (*doc.events, *doc.attributes, *doc.relations):
            raise FormatError(doc.path, record.line, f"{record.id} in the given-entity file",  # type: ignore[attr-defined]
                              "only T lines in an .a1 (events and modifications go in the .a2)")


def _check_references(doc: BionlpDocument) -> None:
    """Every id named exists, triggers and modifications point at the right kind, no event contains itself."""
    task, path = doc.task, doc.task.path
    for t in task.text_bounds:
        if doc.given.get(t.id) is not None:
            raise FormatError(path, t.line, f"id {t.id} is already a given entity in the .a1",
                              "ids of the .a2 different from the .a1's")
    for event in task.events:
        trigger = doc.record(event.trigger)
        if not isinstance(trigger, TextBound):
            raise FormatError(path, event.line, f"event {event.id} has trigger {event.trigger!r}, which is not a "
                              "text bound", "Type:T<n> naming a T line")
        if trigger.type != event.type:
            raise FormatError(path, event.line, f"event {event.id} is a {event.type} but its trigger "
                              f"{trigger.id} is a {trigger.type}", "the trigger's type equal to the event's")
        _check_roles(path, event, doc)
    for m in task.attributes:
        if m.name not in MODIFICATIONS or m.value is not None:
            raise FormatError(path, m.line, f"modification {m.id} is {m.name!r}",
                              "M<n><TAB>Negation E<n> or M<n><TAB>Speculation E<n>")
        if not isinstance(task.get(m.target), Event):
            raise FormatError(path, m.line, f"modification {m.id} names {m.target!r}, which is not an event",
                              "the id of an E line")
    for q in task.equivalences:
        for member in q.members:
            if doc.record(member) is None:
                raise FormatError(path, q.line, f"Equiv names unknown id {member!r}", "ids of T lines")
    _check_cycles(doc)


def _check_roles(path: str, event: Event, doc: BionlpDocument) -> None:
    seen: set[str] = set()
    numbers: dict[str, list[str]] = {}
    for role, target in event.arguments:
        if doc.record(target) is None or target == event.id:
            raise FormatError(path, event.line, f"event {event.id}: {role}:{target} names "
                              f"{'the event itself' if target == event.id else 'no annotation'}",
                              "the id of a T line of the .a1 or .a2, or of another event")
        if LISTED_ROLE.match(role) is None:
            if role in seen:
                raise FormatError(path, event.line, f"event {event.id} has two {role} arguments",
                                  f"{role} once (only Theme, Site, Participant, Product repeat)")
            seen.add(role)
        paired = THEME_SITE.match(role)
        if paired is not None:
            numbers.setdefault(paired.group(1) + ":" + paired.group(2), []).append(target)
    for key, sites in numbers.items():
        family, number = key.split(":")
        if family != "Site":
            continue
        themes = numbers.get("Theme:" + number, [])
        if not themes or len(sites) > 1 or len(themes) > 1:
            raise FormatError(path, event.line, f"event {event.id}: Site{number} cannot be paired with one "
                              f"Theme{number} ({len(themes)} Theme{number}, {len(sites)} Site{number})",
                              f"each Site{number} with exactly one Theme{number}")


def _check_cycles(doc: BionlpDocument) -> None:
    events = {e.id: e for e in doc.task.events}
    state: dict[str, int] = {}

    def visit(event: Event) -> None:
        state[event.id] = 1
        for _, target in event.arguments:
            inner = events.get(target)
            if inner is None:
                continue
            if state.get(target) == 1:
                raise FormatError(doc.task.path, event.line, f"event {event.id} contains itself through "
                                  f"{target}", "events nested without a cycle")
            if target not in state:
                visit(inner)
        state[event.id] = 2

    for event in doc.task.events:
        if event.id not in state:
            visit(event)


def _parse(path: str, kind: str, text: str | None, problems: list[Problem]) -> BratDocument:
    doc_id = os.path.basename(path)[: -len(kind)]
    parsed, warnings = parse_ann(read_text(path), path=path, doc_id=doc_id, doc_text=text)
    problems.extend(w for w in warnings if "is not a text bound of this file" not in w.message)
    _layout_checks(parsed, kind)
    return parsed


def read_document(task_path: str, *, given_path: str | None = None, text_path: str | None = None,
                  given: BratDocument | None = None, text: str | None = None,
                  problems: list[Problem] | None = None) -> BionlpDocument:
    """One document from its `.a2`; the `.a1` and `.txt` beside it unless given (an answer takes the gold's)."""
    stem = task_path[: -len(TASK)] if task_path.endswith(TASK) else task_path
    warnings: list[Problem] = [] if problems is None else problems
    if text is None:
        text_path = text_path or stem + TEXT
        text = read_text(text_path) if os.path.isfile(text_path) else None
    if given is None:
        given_path = given_path or stem + GIVEN
        given = (_parse(given_path, GIVEN, text, warnings) if os.path.isfile(given_path)
                 else BratDocument(os.path.basename(stem), given_path))
    task = _parse(task_path, TASK, text, warnings)
    doc = BionlpDocument(os.path.basename(stem), text, given, task)
    _check_references(doc)
    return doc


def check_document(doc: BionlpDocument) -> None:
    """What the reader refuses of a document made in memory (a conversion's output), as a `FormatError`."""
    _layout_checks(doc.given, GIVEN)
    _layout_checks(doc.task, TASK)
    _check_references(doc)


def _names(folder: str, extension: str) -> list[str]:
    try:
        names = sorted(os.listdir(folder))
    except OSError as exc:
        raise FormatError(folder, 0, f"cannot list the folder ({exc.strerror})", "a readable folder") from None
    return [n for n in names if n.endswith(extension) and os.path.isfile(os.path.join(folder, n))]


def _hash(folder: str, names: list[str]) -> str:
    digest = hashlib.sha256()
    for name in names:
        for extension in (TEXT, GIVEN, TASK):
            path = os.path.join(folder, name + extension)
            if os.path.isfile(path):
                digest.update(f"{name}{extension}\0".encode())
                digest.update(read_bytes(path))
    return digest.hexdigest()


def read_bionlp(folder: str, problems: list[Problem] | None = None) -> BionlpCorpus:
    """A gold folder: every `.a2` with the `.a1` and `.txt` of its name (documents sorted by name)."""
    names = [n[: -len(TASK)] for n in _names(folder, TASK)]
    if not names:
        raise FormatError(folder, 0, "no .a2 files in the folder", "a folder of NAME.txt, NAME.a1, NAME.a2")
    documents = tuple(read_document(os.path.join(folder, n + TASK), problems=problems) for n in names)
    return BionlpCorpus(folder, documents, _hash(folder, names))


def read_answers(folder: str, gold: BionlpCorpus, problems: list[Problem] | None = None) -> BionlpCorpus:
    """An answer folder: its `.a2` files, each read against the gold document of its name (its text and
    given entities). A gold document without an answer file is absent here, as for the published scorer."""
    by_id = gold.by_id()
    documents = []
    for name in _names(folder, TASK):
        path = os.path.join(folder, name)
        g = by_id.get(name[: -len(TASK)])
        if g is None:
            raise FormatError(path, 0, "no gold document of this name", "answers named as the gold .a2 files")
        documents.append(read_document(path, given=g.given, text=g.text, problems=problems))
    return BionlpCorpus(folder, tuple(documents), _hash(folder, [n[: -len(TASK)] for n in _names(folder, TASK)]))


def validate_bionlp(folder: str) -> list[Problem]:
    """Each document's first fatal problem and every warning, in file order (a folder that cannot be
    listed: that one problem)."""
    problems: list[Problem] = []
    try:
        names = [n[: -len(TASK)] for n in _names(folder, TASK)]
    except FormatError as exc:
        return [exc.problem]
    for name in names:
        try:
            read_document(os.path.join(folder, name + TASK), problems=problems)
        except FormatError as exc:
            problems.append(exc.problem)
    return sorted(problems, key=lambda p: (p.path, p.line))


def document_files(doc: BionlpDocument) -> dict[str, str]:
    """The files of a document by extension, as `read_document` reads them back."""
    files = {GIVEN: format_ann(doc.given), TASK: format_ann(doc.task)}
    if doc.text is not None:
        files[TEXT] = doc.text
    return files


def without_lines(doc: BratDocument) -> BratDocument:
    """The same annotations with their line numbers cleared (for comparing what two files say)."""
    def clear(records: tuple[object, ...]) -> tuple[object, ...]:
        return tuple(dataclasses.replace(r, line=0) for r in records)  # type: ignore[type-var]

    return BratDocument(doc.doc_id, "", doc.text, *(clear(getattr(doc, f)) for f in (  # type: ignore[arg-type]
        "text_bounds", "events", "attributes", "relations", "equivalences", "notes", "normalizations")))
