"""An event-extraction JSONL gold/prediction pair as the window's inputs, with no token tables.

TextEE and DyGIE++ files carry their tokens, so the window needs no `tkn/` or `txt/` folder: each
document's text is its windows (or sentences) one per line, tokens separated by spaces, and its token
table is made from it in memory. The mentions are those `evmeval`'s convention scores (`ours`), so the
window's figures are that convention's; the switchboard of every applicable convention comes along.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import accumulate, repeat
from operator import add
from typing import TYPE_CHECKING

from evmeval._util.progress import CancelCheck, Progress, checked_while_reading, stop_if_cancelled
from evmeval.conventions.argument_outcomes import ArgumentOutcome, Key, argument_outcomes
from evmeval.conventions.argument_pivot import ArgumentBoard, argument_board
from evmeval.conventions.base import Convention, Input, with_options
from evmeval.conventions.flips import first_flips
from evmeval.conventions.items import GOLD, PRED, Item
from evmeval.conventions.ladder import Ladder, climb
from evmeval.conventions.one_to_one import MatchingSwitch, matching_switches
from evmeval.conventions.ours import READERS, Role, Unit, mention_id, sides
from evmeval.conventions.strings import Grounding
from evmeval.conventions.switchboard import Switchboard, run_switchboard
from evmeval.io.loading import CACHED_DOCUMENTS, LoadedInputs, TextSource, TokenSource
from evmeval.io.reading import read_bytes
from evmeval.mention.outcomes import MappingRow
from evmeval.mention.outcomes import Outcome as MentionOutcome
from evmeval.model import Mention, TbfFile, Token, TokenTable, unannotated_mention

if TYPE_CHECKING:
    from evmeval.conventions.document_index import DocumentIndex
    from evmeval.conventions.options import ConventionOptions


STREAMED_GOLD = ("maven", "maven-ere")
"""The formats whose gold `event_inputs` reads through its stream when given the document index: the window
need not read its bytes first (they were a quarter of the load's peak)."""
STREAMED_PAIR = ("textee",)
"""The formats whose pair `event_inputs` reads a document at a time when given the document index and both files
by their paths (`corpus_stream`: both parsed files under every convention's outcomes were most of the peak)."""


class DocumentReader:
    """Each document's text and token table read from the gold file when asked (`read(doc_id)`, e.g. through
    the document index, `first_document.document_text_and_tokens`), the last `CACHED_DOCUMENTS` kept: a corpus
    shown in the window holds what is shown, not every document's tokens (the largest part of a loaded
    MAVEN-ERE-sized corpus)."""

    def __init__(self, read: Callable[[str], tuple[str, TokenTable] | None]) -> None:
        self.read = read
        self._kept: OrderedDict[str, tuple[str, TokenTable] | None] = OrderedDict()

    def get(self, doc_id: str) -> tuple[str, TokenTable] | None:
        if doc_id in self._kept:
            self._kept.move_to_end(doc_id)
            return self._kept[doc_id]
        found = self._kept[doc_id] = self.read(doc_id)
        while len(self._kept) > CACHED_DOCUMENTS:
            self._kept.popitem(last=False)
        return found


@dataclass
class MemoryTokens(TokenSource):
    """Token tables made from the file itself (no folder): made for every document (`given`), or read when
    asked (`reader`)."""

    given: dict[str, TokenTable] = field(default_factory=dict)
    reader: DocumentReader | None = None

    def path(self, doc_id: str) -> str | None:
        return None

    def table(self, doc_id: str) -> TokenTable | None:
        if doc_id in self.given or self.reader is None:
            return self.given.get(doc_id)
        found = self.reader.get(doc_id)
        return found[1] if found is not None else None

    def ids(self, doc_id: str) -> frozenset[str] | None:
        table = self.table(doc_id)
        return table.ids if table is not None else None

    def unknown_ids(self, doc_id: str, ids: Iterable[str]) -> list[str] | None:
        table = self.table(doc_id)
        return None if table is None else table.unknown_ids(ids)


@dataclass
class MemoryTexts(TextSource):
    """Document texts made from the file's tokens (no folder)."""

    given: dict[str, str] = field(default_factory=dict)
    reader: DocumentReader | None = None

    def path(self, doc_id: str) -> str | None:
        return None

    def text(self, doc_id: str) -> str | None:
        if doc_id in self.given or self.reader is None:
            return self.given.get(doc_id)
        found = self.reader.get(doc_id)
        return found[0] if found is not None else None


def document_text(doc_id: str, units: list[Unit]) -> tuple[str, TokenTable]:
    """The text (a line per window or sentence, its tokens one space apart; an empty token shown as a space) and
    the token table pointing into it. A unit's offsets are running sums and its tokens made by `tuple.__new__`, not
    a Python loop over them: a token at a time, a 20,000-token document took 28 ms of a click on it (issue 34)."""
    lines: list[str] = []
    tokens: list[Token] = []
    at = 0
    for unit in units:
        words = unit.tokens
        parts = [word or " " for word in words]
        sizes = list(map(len, parts))
        firsts = list(accumulate(map(_PLUS_ONE, sizes), initial=at))[:len(parts)]
        lasts = map(add, firsts, map(_MINUS_ONE, sizes))
        tokens += map(tuple.__new__, repeat(Token), zip(unit.ids, words, firsts, lasts, strict=True))
        line = " ".join(parts)
        lines.append(line)
        at += len(line) + 1  # the newline
    return "\n".join(lines), TokenTable(doc_id, tuple(tokens))


_PLUS_ONE, _MINUS_ONE = (1).__add__, (-1).__add__


@dataclass(frozen=True)
class EventCorpus:
    """What the window opens for an event JSONL pair: its inputs, the switchboard, and where each
    window or sentence is (for the flips to be shown on the text)."""

    inputs: LoadedInputs
    switchboard: Switchboard
    format: str
    arguments: tuple[Mapping[tuple[str, str], list[Role]], ...] = ({}, {})
    """Gold's and the system's: (document, mention id) -> its event's arguments on the document's tokens."""
    verdicts: Mapping[str, Mapping[Key, list[ArgumentOutcome]]] = field(default_factory=dict)
    """Per convention that scores arguments one by one: each trigger's arguments' outcomes (made while
    loading, so showing them is a look-up; a TextEE pair read a document at a time: a document's made when it is
    asked, `document_verdicts`)."""
    unplaced: dict[str, tuple[MappingRow, ...]] = field(default_factory=dict)
    """String predictions: per document, a row for each trigger the grounding rule (or the format's own map: UIE's)
    placed nowhere (outcome "not in the text"; no span, after the mapping's rows)."""
    grounding: Grounding | None = None
    """String predictions: the rule that grounded them and what it could not place."""
    ladder: Ladder | None = None
    """String predictions: the soft-match ladder over convention strings' outcomes (`evmeval.conventions.ladder`)."""
    argument_board: ArgumentBoard | None = None
    """A TextEE run: its arguments under every argument convention that reads it, and what flips between them
    (`evmeval.conventions.argument_pivot`); None otherwise."""
    scored: tuple[Input, Input] | None = None
    """The gold and system inputs as the switchboard scored them (string predictions grounded; their bytes, not
    their parse): what `event_switches` re-scores when asked (not while loading: it about doubled a large corpus's
    load)."""

    def unplaced_rows(self, doc_id: str) -> tuple[MappingRow, ...]:
        """The document's triggers that are not in the text, as rows of its mapping table."""
        return self.unplaced.get(doc_id, ())

    def roles(self, side: str, doc_id: str, mention: str) -> list[Role]:
        """The arguments of a trigger mention (GOLD or PRED side), to show on the text with it."""
        return self.arguments[0 if side == GOLD else 1].get((doc_id, mention), [])

    def selection_of(self, item: Item) -> tuple[str, frozenset[str], frozenset[str]]:
        """(document, gold mention ids, system mention ids) a flip of `item` selects: its trigger's
        mention (an argument's event trigger)."""
        ids = frozenset({mention_id(item)})
        return item.doc_id, ids if item.side == GOLD else frozenset(), ids if item.side == PRED else frozenset()


def memory_inputs(gold: TbfFile, system: TbfFile, units: dict[str, list[Unit]], texts: dict[str, str], *,
                  lazy: bool = False) -> LoadedInputs:
    """Both sides' mentions with each document's text and token table made from its units (no folders);
    `texts` (the character formats' own texts) is filled in, not copied. `lazy`: each made when first asked
    for instead (`DocumentReader`, the units kept): a document read and scored alone for a click
    (`first_document`) does not make its text in the click, which shows it later (20,000 tokens: 16 ms)."""
    if lazy:
        reader = DocumentReader(lambda doc_id: document_text(doc_id, units[doc_id]) if doc_id in units else None)
        own = {doc_id: text for doc_id, text in texts.items() if doc_id not in units}
        return LoadedInputs(gold, system, MemoryTokens(None, reader=reader),
                            MemoryTexts(None, given=own, reader=reader))
    tables: dict[str, TokenTable] = {}
    for doc_id, doc_units in units.items():
        texts[doc_id], tables[doc_id] = document_text(doc_id, doc_units)
    return LoadedInputs(gold, system, MemoryTokens(None, given=tables), MemoryTexts(None, given=texts))


def event_inputs(gold: Input, system: Input, rule: str | None = None, *,
                 index: DocumentIndex | None = None, options: ConventionOptions | None = None,
                 keep_outcomes: bool = True, flips_kept: int | None = None, progress: Progress | None = None,
                 cancelled: CancelCheck | None = None) -> EventCorpus:
    """Read both inputs (any format `input_format` names but tbf and brat); raises `FormatError`.
    The switchboard holds every convention that reads the format (none for CASIE: `evmeval-score`
    scores it as tbf, which the window's own figures are). String predictions are grounded on gold under
    `rule` (default `first`) and scored as `--convention all` scores them, ours for strings among them.
    `index`: where the gold file's documents are (`first_document.index_gold`): each document's text and
    tokens are read from it when asked (`DocumentReader`) instead of made for every document. `options`: the
    conventions' own options (`options.board_input`: each read by the conventions that read it; ValueError for
    one no convention of the switchboard reads).
    `keep_outcomes=False` (the window): the switchboard keeps no per-occurrence outcome (the verdicts, ladder,
    argument board and flips are made from them here; they were most of a loaded TextEE corpus), and the
    inputs read from a file keep its path, not its bytes (`event_switches` reads it again when asked); a TextEE pair
    given by the paths of two files (no bytes) with the index and no options is read a document at a time
    (`corpus_stream`: the same figures, flips, verdicts and argument board), else whole.
    `flips_kept`: of each group of flips (the switchboard's and the argument board's), the first so many kept and
    the others counted (`flips.first_flips`: the window's dock lists the first; all were most of what a large TextEE
    corpus kept, issue 34); None (the default): every flip.
    `progress(done, total)`: after each document of a pair read a document at a time (of the index's documents);
    `cancelled()`: checked before each such document, and between the steps of a whole read (`Cancelled`)."""
    from evmeval.conventions import REGISTRY, input_format, is_strings, prepare  # the registry imports us
    from evmeval.conventions.base import with_companions
    from evmeval.conventions.corpus_formats import read_pair, streamed_pair
    from evmeval.conventions.omnievent import REGIME
    from evmeval.conventions.options import WINDOW_REGIME, board_input

    found = input_format(gold.path)
    stream = (found in STREAMED_PAIR and index is not None and index.format == found and not keep_outcomes
              and options is None and not is_strings(system))
    if found in STREAMED_PAIR and not stream:  # read whole: each file's bytes once, parsed once for every convention
        gold, system = _with_bytes(gold), _with_bytes(system)
    if options is not None and options.ontology:  # given: gen-arg's default is not looked for
        system = with_companions(system, ontology=options.ontology)
    if found == "wikievents":  # gen-arg generations: the ontology where gen-arg keeps it, when none is given
        from evmeval.conventions.genarg import with_default_ontology
        system = with_default_ontology(gold, system)
    grounding = None
    if is_strings(system):  # ground them on gold once; every TextEE convention and ours score the result
        conventions, system = prepare("all", gold, system, rule)
        grounding = system.grounding
    else:
        conventions = [c for c in REGISTRY.values() if c.reads_gold(found) and not c.grounded]
        if any(c.gold_formats for c in conventions):  # MAVEN-Arg's layout: those that read the system file too
            conventions = prepare("all", gold, system)[0]
    if any(c.name == "omnievent" for c in conventions):  # its lines read and scored under the regime given, else tc
        system = with_options(system, **{REGIME: options.regime if options is not None and options.regime
                                         else WINDOW_REGIME})
    if stream and index is not None:
        corpus = _streamed(conventions, gold, system, index, progress, cancelled, flips_kept)
        if corpus is not None:
            return corpus
        gold, system = _with_bytes(gold), _with_bytes(system)
    stop_if_cancelled(cancelled)
    if found in READERS:
        g, s, _ = sides(gold, system)
        units, gold_tbf, system_tbf, arguments = g.units, g.tbf, s.tbf, (g.arguments, s.arguments)
        texts: dict[str, str] = {}
        nowhere: dict[str, list[Mention]] = {}
    elif index is not None and index.format == found and found in STREAMED_GOLD:
        with checked_while_reading(cancelled):  # the predictions' file is read whole before the first document
            pair = streamed_pair(found, gold, system, cancelled)  # texts from the index: the gold's are not kept
        units, gold_tbf, system_tbf, arguments, texts = {}, pair.gold, pair.system, pair.arguments, pair.texts
        nowhere = pair.unplaced
    else:
        pair = read_pair(found, gold, system)
        units, gold_tbf, system_tbf, arguments, texts = pair.units, pair.gold, pair.system, pair.arguments, pair.texts
        nowhere = pair.unplaced
    if index is not None and index.format == found:
        from evmeval.conventions.first_document import document_text_and_tokens

        reader = DocumentReader(partial(document_text_and_tokens, index))
        inputs = LoadedInputs(gold_tbf, system_tbf, MemoryTokens(None, reader=reader), MemoryTexts(None, reader=reader))
    else:
        inputs = memory_inputs(gold_tbf, system_tbf, units, texts)
    if options is not None:  # after reading: a file no convention here reads is said first
        system = board_input([c.name for c in conventions], system, options)
    stop_if_cancelled(cancelled)
    with checked_while_reading(cancelled):  # every convention's scorer reads both files: a check at each line
        board = run_switchboard(conventions, gold, system)
    stop_if_cancelled(cancelled)
    verdicts = {name: made for name, outcomes in board.outcomes.items() if (made := argument_outcomes(outcomes))}
    ladder = None
    if grounding is not None and "strings" in board.outcomes:
        from evmeval.conventions.parsed import textee_file
        ladder = climb(board.outcomes["strings"], textee_file(gold).windows)
    together = _arguments_board(found, gold, system, board) if grounding is None else None
    kept = (_kept(gold, keep_outcomes), _kept(system, keep_outcomes))
    board = _slim(board, keep_outcomes, flips_kept)
    together = together and replace(together, board=_slim(together.board, keep_outcomes, flips_kept))
    return EventCorpus(inputs, board, found, arguments, verdicts, unplaced_rows(grounding, nowhere), grounding, ladder,
                       together, kept)


def _arguments_board(found: str, gold: Input, system: Input, board: Switchboard) -> ArgumentBoard | None:
    """The run's arguments under every argument convention that reads it, through a pivot: a TextEE run's
    (`argument_pivot`), OmniEvent EAE lines' beside MAVEN-Arg's scorer (`omnievent_pivot`); else None."""
    if found == "textee":
        return argument_board(gold, system, board)
    omnievent = next((r for r in board.results if r.name == "omnievent"), None)
    if omnievent is None:
        return None
    from evmeval.conventions.omnievent_pivot import omnievent_board

    return omnievent_board(gold, system, omnievent)


def _streamed(conventions: list[Convention], gold: Input, system: Input, index: DocumentIndex,
              progress: Progress | None, cancelled: CancelCheck | None,
              flips_kept: int | None = None) -> EventCorpus | None:
    """A TextEE pair given by the paths of two files, read a document at a time (`corpus_stream`, reporting each
    of the index's documents); None when it cannot be (`event_inputs` reads it whole)."""
    from evmeval.conventions.corpus_stream import streamed_pair
    from evmeval.conventions.first_document import document_text_and_tokens

    if gold.data is not None or system.data is not None or not _plain_files(gold.path, system.path):
        return None
    scanned = index.system_lines if index.format == "textee" and index.system == system.path else None
    gold_lines = index.gold_lines if index.format == "textee" and index.gold == gold.path else None
    made = streamed_pair(conventions, gold, system, progress, cancelled, len(index.doc_ids), scanned, flips_kept,
                         gold_lines)
    if made is None:
        return None
    reader = DocumentReader(partial(document_text_and_tokens, index))
    inputs = LoadedInputs(made.gold, made.system, MemoryTokens(None, reader=reader), MemoryTexts(None, reader=reader))
    return EventCorpus(inputs, made.switchboard, "textee", made.arguments, made.verdicts, {}, None, None,
                       made.argument_board, (_kept(gold, False), _kept(system, False)))


def _slim(board: Switchboard, keep_outcomes: bool, flips_kept: int | None) -> Switchboard:
    """`board` as `event_inputs` keeps it: without its outcomes unless `keep_outcomes`, and with the first
    `flips_kept` flips of each group (`flips.first_flips`) when given."""
    if not keep_outcomes:
        board = replace(board, outcomes={})
    if flips_kept is not None:
        board = replace(board, flips=tuple(first_flips(pair, flips_kept) for pair in board.flips))
    return board


def _plain_files(*paths: str) -> bool:
    """Different regular files (standard input or a fifo is read once, whole)."""
    return len(set(paths)) == len(paths) and all(os.path.isfile(p) for p in paths)


def _with_bytes(source: Input) -> Input:
    """A file given by its path, with its bytes read (a folder, or bytes already read, as given)."""
    if source.data is not None or os.path.isdir(source.path):
        return source
    return replace(source, data=read_bytes(source.path))


def _kept(source: Input, with_bytes: bool) -> Input:
    """What `EventCorpus.scored` keeps of an input: its bytes (or, without `with_bytes`, only the path of a
    file as given, read again when asked), not what was parsed of them. Grounded predictions are made here:
    their bytes are kept."""
    if with_bytes or source.grounding is not None or source.data is None:
        return replace(source, _made={})
    return replace(source, data=None, _made={})


def event_switches(corpus: EventCorpus) -> dict[str, MatchingSwitch]:
    """Per convention of the corpus's switchboard that counts matches: its figures one to one and what flips
    (`evmeval.conventions.one_to_one`); made only when asked, as `--matching optimal` makes them."""
    if corpus.scored is None:
        return {}
    return matching_switches(corpus.switchboard.conventions, corpus.switchboard.results, *corpus.scored)


def unplaced_rows(grounding: Grounding | None,
                  placed_nowhere: dict[str, list[Mention]] | None = None) -> dict[str, tuple[MappingRow, ...]]:
    """Per document, a mapping row of outcome "not in the text" for each trigger grounding could not place, and
    for each of `placed_nowhere` (a format's own map's losses, `corpus_formats.Pair.unplaced`)."""
    rows: dict[str, list[MappingRow]] = {}
    for item in grounding.not_in_text if grounding is not None else ():
        if item.argument < 0:
            mention = unannotated_mention(PRED, item.doc_id, mention_id(item), (), item.text, item.event_type, 0)
            rows.setdefault(item.doc_id, []).append(MappingRow(None, None, None, mention, None,
                                                               MentionOutcome.NOT_IN_TEXT))
    for doc_id, mentions in (placed_nowhere or {}).items():
        rows.setdefault(doc_id, []).extend(MappingRow(None, None, None, m, None, MentionOutcome.NOT_IN_TEXT)
                                           for m in mentions)
    return {doc_id: tuple(found) for doc_id, found in rows.items() if found}
