"""A TextEE corpus's argument verdicts and arguments made a document at a time, when a document's are asked
(issue 34).

The window shows a trigger's arguments, and their outcomes under a convention (`argument_outcomes`), for the
document shown; kept for every document they were objects per argument (and convention). Read a document at a
time (`corpus_stream`), each document's are those of its windows alone, so they are made again from its lines (the
gold's and the system's places in the index) by the same reader and switchboard when one of its keys is asked,
and the last `CACHED_DOCUMENTS` documents' kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence

from evmeval.conventions.argument_outcomes import ArgumentOutcome, Key, argument_outcomes
from evmeval.conventions.base import Convention, Input
from evmeval.conventions.document_index import DocumentIndex
from evmeval.conventions.first_document import placed_records
from evmeval.conventions.items import GOLD, PRED
from evmeval.conventions.ours import Role, textee_side
from evmeval.io.errors import FormatError
from evmeval.io.loading import CACHED_DOCUMENTS
from evmeval.io.reading import display_name
from evmeval.io.textee import TexteeFile, Window

Verdicts = dict[str, dict[Key, list[ArgumentOutcome]]]
"""Per convention, each trigger's arguments' outcomes (`argument_outcomes`)."""
Arguments = dict[tuple[str, str], list[Role]]
"""(document, mention id) -> its event's arguments (`ours.Side.arguments`)."""


def document_input(path: str, windows: list[Window]) -> Input:
    """One document's windows as an input its conventions read as parsed (`Input.parsed`)."""
    source = Input(path, b"")
    source.parsed("textee", lambda: TexteeFile(display_name(path), windows))
    return source


def window_verdicts(conventions: Sequence[Convention], gold: Input, system: Input) -> Verdicts:
    """The verdicts of one document's pair (`document_input`s) under every convention that gives them."""
    from evmeval.conventions.switchboard import run_switchboard  # the switchboard imports the registry

    board = run_switchboard(conventions, gold, system)
    return {name: made for name, outcomes in board.outcomes.items() if (made := argument_outcomes(outcomes))}


class DocumentVerdicts:
    """Each document's verdicts and both sides' arguments, made from its lines when asked (`of`, `arguments`);
    `index`: both files' places."""

    def __init__(self, conventions: Sequence[Convention], index: DocumentIndex) -> None:
        self.conventions = tuple(conventions)
        self.index = index
        self._kept: OrderedDict[str, tuple[Verdicts, Arguments, Arguments]] = OrderedDict()

    def of(self, doc_id: str) -> Verdicts:
        """Document `doc_id`'s verdicts (none when its lines cannot be read so: the file changed since the load)."""
        return self._made(doc_id)[0]

    def arguments(self, doc_id: str, side: str) -> Arguments:
        """Document `doc_id`'s triggers' arguments on `side` (GOLD or PRED)."""
        made = self._made(doc_id)
        return made[1] if side == GOLD else made[2]

    def _made(self, doc_id: str) -> tuple[Verdicts, Arguments, Arguments]:
        if doc_id in self._kept:
            self._kept.move_to_end(doc_id)
            return self._kept[doc_id]
        index = self.index
        found: tuple[Verdicts, Arguments, Arguments] = ({}, {}, {})
        try:
            sides = [[w for w in placed_records(index, path, places.get(doc_id, ())) if w.doc_id == doc_id]
                     for path, places in ((index.gold, index.gold_lines), (index.system, index.system_lines))]
            if sides[0]:
                gold, system = document_input(index.gold, sides[0]), document_input(index.system, sides[1])
                found = (window_verdicts(self.conventions, gold, system), textee_side(gold, GOLD).arguments,
                         textee_side(system, PRED).arguments)
        except (FormatError, OSError):
            pass
        self._kept[doc_id] = found
        while len(self._kept) > CACHED_DOCUMENTS:
            self._kept.popitem(last=False)
        return found


class ConventionVerdicts(Mapping[Key, list[ArgumentOutcome]]):
    """One convention's verdicts as `argument_outcomes` gives them for the whole corpus, a document's made when
    one of its keys (side, document, mention) is asked; iterating makes every document's."""

    def __init__(self, name: str, documents: DocumentVerdicts) -> None:
        self.name = name
        self.documents = documents

    def __getitem__(self, key: Key) -> list[ArgumentOutcome]:
        return self.documents.of(key[1]).get(self.name, {})[key]

    def __iter__(self) -> Iterator[Key]:
        for doc_id in self.documents.index.doc_ids:
            yield from self.documents.of(doc_id).get(self.name, {})

    def __len__(self) -> int:
        return sum(1 for _ in self)


class SideArguments(Mapping[tuple[str, str], list[Role]]):
    """One side's arguments as `ours.Side.arguments` gives them for the whole corpus, a document's made when one
    of its keys (document, mention id) is asked; iterating makes every document's."""

    def __init__(self, side: str, documents: DocumentVerdicts) -> None:
        self.side = side
        self.documents = documents

    def __getitem__(self, key: tuple[str, str]) -> list[Role]:
        return self.documents.arguments(key[0], self.side)[key]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        for doc_id in self.documents.index.doc_ids:
            yield from self.documents.arguments(doc_id, self.side)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def lazy_verdicts(names: Sequence[str], conventions: Sequence[Convention], index: DocumentIndex,
                  arguments: bool) -> tuple[Mapping[str, Mapping[Key, list[ArgumentOutcome]]],
                                            tuple[Mapping[tuple[str, str], list[Role]], ...]]:
    """The verdicts of conventions `names` (those that gave some while loading) and, when some trigger has
    `arguments`, both sides' arguments, each document's made when asked."""
    documents = DocumentVerdicts(conventions, index)
    return ({name: ConventionVerdicts(name, documents) for name in names},
            (SideArguments(GOLD, documents), SideArguments(PRED, documents)) if arguments else ({}, {}))
