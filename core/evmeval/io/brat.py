"""brat standoff annotation (`.ann`), read into frozen records that remember their line.

One line per annotation, its kind given by the first letter of the id:
- `T1<TAB>Type 0 4;10 15<TAB>text`: a text-bound annotation; fragments `begin end` (end exclusive)
  joined by `;` (discontinuous spans);
- `E1<TAB>Type:T1 Role:T2 ...`: an event, its trigger a text bound, then its arguments;
- `A1<TAB>Name E1 [Value]` (or `M1`, the older marker): an attribute, valueless when binary;
- `R1<TAB>Type Arg1:E1 Arg2:E2`: a binary relation;
- `*<TAB>Type E1 E2 ...`: an equivalence (an unordered group, e.g. coreference);
- `N1<TAB>Type T1 Ref:ID<TAB>text`: a normalisation; `#1<TAB>Type T1<TAB>note`: a note.

Lines are read tolerantly where brat's own files are sloppy (trailing blanks or tabs after an event
or relation, `\\r\\n` endings, blank lines) and strictly where guessing would change an annotation (a
non-numeric offset, a fragment that ends before it begins, a repeated id): those stop with a
`FormatError` naming file and line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from evmeval.io.errors import FormatError, Problem
from evmeval.io.reading import read_text

ANN_EXTENSION = ".ann"
TEXT_EXTENSION = ".txt"

TEXT_BOUND_LAYOUT = "T<n><TAB>Type begin end[;begin end...]<TAB>covered text"
EVENT_LAYOUT = "E<n><TAB>Type:T<n> [Role:ID ...]"
ATTRIBUTE_LAYOUT = "A<n><TAB>Name TargetID [Value]"
RELATION_LAYOUT = "R<n><TAB>Type Arg1:ID Arg2:ID"
EQUIV_LAYOUT = "*<TAB>Type ID ID [ID ...]"
NOTE_LAYOUT = "#<n><TAB>Type TargetID<TAB>text"
NORMALIZATION_LAYOUT = "N<n><TAB>Type TargetID Resource:ID<TAB>text"


@dataclass(frozen=True, slots=True)
class TextBound:
    """`T` line: a typed span of the document text; `fragments` are `(begin, end)`, end exclusive."""

    id: str
    type: str
    fragments: tuple[tuple[int, int], ...]
    text: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class Event:
    """`E` line: an event of `type` triggered by the text bound `trigger`, with `(role, id)` arguments."""

    id: str
    type: str
    trigger: str
    arguments: tuple[tuple[str, str], ...] = ()
    line: int = 0


@dataclass(frozen=True, slots=True)
class Attribute:
    """`A` (or `M`) line; `value` is None for a binary attribute (present means true)."""

    id: str
    name: str
    target: str
    value: str | None
    line: int = 0


@dataclass(frozen=True, slots=True)
class BinaryRelation:
    """`R` line: a typed relation between two annotations, each given with its role name."""

    id: str
    type: str
    arg1: tuple[str, str]
    arg2: tuple[str, str]
    line: int = 0


@dataclass(frozen=True, slots=True)
class Equivalence:
    """`*` line: annotations that are all equivalent (brat's unordered groups, e.g. coreference)."""

    type: str
    members: tuple[str, ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class Note:
    """`#` line: a free-text note (brat's AnnotatorNotes) on another annotation."""

    id: str
    type: str
    target: str
    text: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class Normalization:
    """`N` line: a link from an annotation to an entry of an external resource."""

    id: str
    type: str
    target: str
    reference: str
    text: str
    line: int = 0


@dataclass(frozen=True)
class BratDocument:
    """Every annotation of one `.ann` file, in file order per kind; `text` is the `.txt` when read."""

    doc_id: str
    path: str = ""
    text: str | None = None
    text_bounds: tuple[TextBound, ...] = ()
    events: tuple[Event, ...] = ()
    attributes: tuple[Attribute, ...] = ()
    relations: tuple[BinaryRelation, ...] = ()
    equivalences: tuple[Equivalence, ...] = ()
    notes: tuple[Note, ...] = ()
    normalizations: tuple[Normalization, ...] = ()
    _index: dict[str, object] = field(default_factory=dict, repr=False, compare=False)

    def get(self, annotation_id: str) -> object | None:
        """The record with this id (text bound, event, attribute, relation, note or normalisation)."""
        if not self._index:
            for group in (self.text_bounds, self.events, self.attributes, self.relations, self.notes,
                          self.normalizations):
                for record in group:
                    self._index.setdefault(record.id, record)
        return self._index.get(annotation_id)

    def attributes_of(self, target: str) -> dict[str, Attribute]:
        """The attributes attached to one annotation, by name (the last one wins, as in brat)."""
        return {a.name: a for a in self.attributes if a.target == target}


def _split_arguments(path: str, number: int, items: list[str], layout: str) -> list[tuple[str, str]]:
    out = []
    for item in items:
        role, sep, target = item.partition(":")
        if not sep or not role or not target:
            raise FormatError(path, number, f"argument {item!r} is not Role:ID", layout)
        out.append((role, target))
    return out


def _parse_fragments(path: str, number: int, value: str) -> tuple[tuple[int, int], ...]:
    fragments = []
    for part in value.split(";"):
        pieces = part.split()
        if len(pieces) != 2:
            raise FormatError(path, number, f"fragment {part.strip()!r} is not a 'begin end' pair", TEXT_BOUND_LAYOUT)
        try:
            begin, end = int(pieces[0]), int(pieces[1])
        except ValueError:
            raise FormatError(path, number, f"fragment {part.strip()!r} holds something other than whole "
                              "numbers", TEXT_BOUND_LAYOUT) from None
        if begin < 0 or end < begin:
            raise FormatError(path, number, f"fragment {begin} {end} ends before it begins",
                              "0 <= begin <= end (end exclusive)")
        fragments.append((begin, end))
    return tuple(fragments)


def fragments_text(text: str, fragments: tuple[tuple[int, int], ...]) -> str:
    """What brat writes as a text bound's text: the fragments' characters joined by one space."""
    return " ".join(text[b:e] for b, e in fragments)


def _items(fields: list[str]) -> list[str]:
    return fields[1].split() if len(fields) > 1 else []


@dataclass
class _AnnReader:
    """The state of reading one `.ann` file: one method per annotation kind, each raising
    `FormatError` for a malformed line and adding its record to the right list."""

    path: str
    doc_text: str | None
    problems: list[Problem] = field(default_factory=list)
    text_bounds: list[TextBound] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    attributes: list[Attribute] = field(default_factory=list)
    relations: list[BinaryRelation] = field(default_factory=list)
    equivalences: list[Equivalence] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    normalizations: list[Normalization] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)

    def claim(self, annotation_id: str, number: int) -> None:
        if annotation_id in self.seen:
            raise FormatError(self.path, number, f"id {annotation_id!r} is used again (first at line "
                              f"{self.seen[annotation_id]})", "each annotation id once per file")
        self.seen[annotation_id] = number

    def text_bound(self, number: int, annotation_id: str, fields: list[str]) -> None:
        path = self.path
        if len(fields) < 2:
            raise FormatError(path, number, "text-bound line has no type and offsets", TEXT_BOUND_LAYOUT)
        type_name, _, offsets = fields[1].strip().partition(" ")
        if not type_name or not offsets.strip():
            raise FormatError(path, number, f"text-bound field {fields[1]!r} lacks a type or offsets",
                              TEXT_BOUND_LAYOUT)
        fragments = _parse_fragments(path, number, offsets)
        covered = "\t".join(fields[2:])
        if self.doc_text is not None:
            covered = self._checked_cover(number, annotation_id, fragments, covered if len(fields) >= 3 else None)
        elif len(fields) < 3:
            raise FormatError(path, number, "text-bound line has no text field and there is no .txt file",
                              TEXT_BOUND_LAYOUT)
        self.claim(annotation_id, number)
        self.text_bounds.append(TextBound(annotation_id, type_name, fragments, covered, number))

    def _checked_cover(self, number: int, annotation_id: str, fragments: tuple[tuple[int, int], ...],
                       covered: str | None) -> str:
        """The text the fragments cover in the document; a differing text field is a warning."""
        assert self.doc_text is not None
        end = max(e for _, e in fragments)
        if end > len(self.doc_text):
            raise FormatError(self.path, number, f"offset {end} is past the end of the text ({len(self.doc_text)} "
                              "characters)", "offsets inside the document text")
        expected = fragments_text(self.doc_text, fragments)
        if covered is None:
            return expected
        if covered != expected:
            self.problems.append(Problem(self.path, number, f"text {covered!r} of {annotation_id} differs from the "
                                         f"document's {expected!r} at its offsets",
                                         "the text the offsets cover", fatal=False))
        return covered

    def event(self, number: int, annotation_id: str, fields: list[str]) -> None:
        items = _items(fields)
        if not items:
            raise FormatError(self.path, number, "event line has no trigger", EVENT_LAYOUT)
        args = _split_arguments(self.path, number, items, EVENT_LAYOUT)
        self.claim(annotation_id, number)
        self.events.append(Event(annotation_id, args[0][0], args[0][1], tuple(args[1:]), number))

    def attribute(self, number: int, annotation_id: str, fields: list[str]) -> None:
        items = _items(fields)
        if len(items) not in (2, 3):
            raise FormatError(self.path, number, f"attribute line has {len(items)} space-separated item(s)",
                              ATTRIBUTE_LAYOUT)
        self.claim(annotation_id, number)
        self.attributes.append(Attribute(annotation_id, items[0], items[1], items[2] if len(items) == 3 else None,
                                         number))

    def relation(self, number: int, annotation_id: str, fields: list[str]) -> None:
        items = _items(fields)
        if len(items) != 3:
            raise FormatError(self.path, number, f"relation line has {len(items)} space-separated item(s)",
                              RELATION_LAYOUT)
        args = _split_arguments(self.path, number, items[1:], RELATION_LAYOUT)
        self.claim(annotation_id, number)
        self.relations.append(BinaryRelation(annotation_id, items[0], args[0], args[1], number))

    def equivalence(self, number: int, annotation_id: str, fields: list[str]) -> None:
        items = _items(fields)
        if len(items) < 3:
            raise FormatError(self.path, number, "equivalence line names fewer than two annotations", EQUIV_LAYOUT)
        self.equivalences.append(Equivalence(items[0], tuple(items[1:]), number))

    def note(self, number: int, annotation_id: str, fields: list[str]) -> None:
        items = _items(fields)
        if len(items) != 2:
            raise FormatError(self.path, number, "note line lacks a type and a target", NOTE_LAYOUT)
        self.claim(annotation_id, number)
        self.notes.append(Note(annotation_id, items[0], items[1], "\t".join(fields[2:]), number))

    def normalization(self, number: int, annotation_id: str, fields: list[str]) -> None:
        items = _items(fields)
        if len(items) != 3:
            raise FormatError(self.path, number, f"normalisation line has {len(items)} space-separated item(s)",
                              NORMALIZATION_LAYOUT)
        self.claim(annotation_id, number)
        self.normalizations.append(Normalization(annotation_id, items[0], items[1], items[2],
                                                 "\t".join(fields[2:]), number))


_KINDS = {"T": _AnnReader.text_bound, "E": _AnnReader.event, "A": _AnnReader.attribute, "M": _AnnReader.attribute,
          "R": _AnnReader.relation, "*": _AnnReader.equivalence, "#": _AnnReader.note, "N": _AnnReader.normalization}


def parse_ann(text: str, *, path: str = "<ann>", doc_id: str | None = None,
              doc_text: str | None = None) -> tuple[BratDocument, list[Problem]]:
    """Parse the text of a `.ann` file. Raises `FormatError` for a malformed line or a repeated id;
    returns the warnings (a text bound whose text differs from the document's, an offset past its end)."""
    if doc_id is None:
        doc_id = os.path.basename(path)
        if doc_id.endswith(ANN_EXTENSION):
            doc_id = doc_id[: -len(ANN_EXTENSION)]
    reader = _AnnReader(path, doc_text)
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        fields = line.split("\t")
        annotation_id = fields[0].strip()
        read = _KINDS.get(annotation_id[:1])
        if read is None:
            raise FormatError(path, number, f"unknown annotation id {annotation_id!r}",
                              "an id starting with T, E, A, M, R, N, # or a '*' line")
        read(reader, number, annotation_id, fields)
    document = BratDocument(doc_id, path, doc_text, tuple(reader.text_bounds), tuple(reader.events),
                            tuple(reader.attributes), tuple(reader.relations), tuple(reader.equivalences),
                            tuple(reader.notes), tuple(reader.normalizations))
    problems = reader.problems
    problems.extend(_check_references(document))
    return document, problems


def _check_references(doc: BratDocument) -> list[Problem]:
    """Warnings for ids that point nowhere (brat's own tool refuses such files, so they are rare)."""
    problems = []
    for event in doc.events:
        if not isinstance(doc.get(event.trigger), TextBound):
            problems.append(Problem(doc.path, event.line, f"event {event.id} has trigger {event.trigger!r}, which "
                                    "is not a text bound of this file", "a T id defined in the file", fatal=False))
    for attribute in doc.attributes:
        if doc.get(attribute.target) is None:
            problems.append(Problem(doc.path, attribute.line, f"attribute {attribute.id} targets unknown id "
                                    f"{attribute.target!r}", "an id defined in the file", fatal=False))
    for relation in doc.relations:
        for _, target in (relation.arg1, relation.arg2):
            if doc.get(target) is None:
                problems.append(Problem(doc.path, relation.line, f"relation {relation.id} names unknown id "
                                        f"{target!r}", "an id defined in the file", fatal=False))
    return problems


def text_path_for(ann_path: str) -> str:
    """The `.txt` beside an `.ann`, as brat pairs them (`doc.ann` -> `doc.txt`, `doc.tkn.ann` -> `doc.tkn.txt`)."""
    return os.path.splitext(ann_path)[0] + TEXT_EXTENSION


def read_ann(path: str, *, doc_id: str | None = None, extension: str = ANN_EXTENSION,
             text_path: str | None = None) -> tuple[BratDocument, list[Problem]]:
    """Read a `.ann` file and, when it exists, its `.txt` (offsets are then checked against it)."""
    if doc_id is None:
        base = os.path.basename(path)
        doc_id = base[: -len(extension)] if extension and base.endswith(extension) else base
    if text_path is None:
        text_path = text_path_for(path)
    doc_text = read_text(text_path) if os.path.isfile(text_path) else None
    return parse_ann(read_text(path), path=path, doc_id=doc_id, doc_text=doc_text)


def validate_brat(path: str, extension: str = ANN_EXTENSION) -> list[Problem]:
    """Each `.ann` file's first malformed line and every warning, file by file in line order (a folder
    of them, or one file; a folder that cannot be listed: that one problem)."""
    try:
        paths = list_ann_files(path, extension) if os.path.isdir(path) else [path]
    except FormatError as exc:
        return [exc.problem]
    if not paths:
        return [Problem(path, 0, f"no {extension} files in the folder", "brat annotation files (NAME.ann)")]
    problems: list[Problem] = []
    for ann_path in paths:
        try:
            problems.extend(read_ann(ann_path, extension=extension)[1])
        except FormatError as exc:
            problems.append(exc.problem)
    return sorted(problems, key=lambda p: (p.path, p.line))


def _arguments(args: tuple[tuple[str, str], ...]) -> str:
    return " ".join(f"{role}:{target}" for role, target in args)


def format_ann(doc: BratDocument) -> str:
    """`.ann` text of a document: text bounds, events, attributes, relations, equivalences,
    normalisations, notes, each kind in record order."""
    out: list[str] = []
    for t in doc.text_bounds:
        fragments = ";".join(f"{b} {e}" for b, e in t.fragments)
        out.append(f"{t.id}\t{t.type} {fragments}\t{t.text}")
    for e in doc.events:
        out.append(f"{e.id}\t{_arguments(((e.type, e.trigger), *e.arguments))}")
    for a in doc.attributes:
        value = f" {a.value}" if a.value is not None else ""
        out.append(f"{a.id}\t{a.name} {a.target}{value}")
    for r in doc.relations:
        out.append(f"{r.id}\t{r.type} {_arguments((r.arg1, r.arg2))}")
    for q in doc.equivalences:
        out.append(f"*\t{q.type} {' '.join(q.members)}")
    for n in doc.normalizations:
        out.append(f"{n.id}\t{n.type} {n.target} {n.reference}\t{n.text}")
    for note in doc.notes:
        out.append(f"{note.id}\t{note.type} {note.target}\t{note.text}")
    return "\n".join(out) + "\n" if out else ""


def list_ann_files(folder: str, extension: str = ANN_EXTENSION) -> list[str]:
    """The annotation files of a folder, sorted by name (so document order never depends on the disk)."""
    try:
        names = os.listdir(folder)
    except OSError as exc:
        raise FormatError(folder, 0, f"cannot list the folder ({exc.strerror})", "a readable folder") from None
    return [os.path.join(folder, n) for n in sorted(names)
            if n.endswith(extension) and os.path.isfile(os.path.join(folder, n))]
