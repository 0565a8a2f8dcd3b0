"""A TextEE pair loaded for the window a document at a time (issue 34: the window's memory).

Read whole, a TextEE pair held both parsed files under every convention's outcomes at once: most of the window's
peak (16 times the command's, which streams). Here the gold file is read through its stream (`stream_textee`, the
command's reader), a document's run of windows at a time, and the system's windows of that document at their places
(`document_index.scan`, read by `first_document.placed_records`: the same stream's checks and line numbers, whatever
order the system file has). Each document's pair is scored by every convention of the switchboard and the argument
board, by the same functions as the whole files (on inputs holding that document's windows as parsed), and what the
window keeps is made of it (verdicts, flips, the mentions and arguments the views show) before the next is read.

The figures are pooled as each scorer pools them: TextEE's and our strings' counts are sizes of sets or multisets of
tuples naming their document, so they add up; ours (v1.8) adds each counted document's Dice credit in its scoring
order (sorted ids), as `corpus_averages` does, so the digits are the same; DyGIE++'s counters are added
(`dygiepp.pooled_result`). A flip is one occurrence's, so the flips are the documents' put in order
(`flips.merged_flips`). The fingerprints are the gold file's, read once by the same tally the command keeps.

None (the caller reads the files whole, and words any problem as it always has): a gold document whose windows are
not one run, a system line the scan cannot place or of a document gold lacks, any problem on a line, a result with
warnings, notes or pathologies this does not pool.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from evmeval._util.progress import CancelCheck, Progress, stop_if_cancelled
from evmeval._util.release import let_go
from evmeval.conventions.argument_outcomes import ArgumentOutcome, Key, argument_outcomes
from evmeval.conventions.argument_pivot import (
    ARGUMENT_ROWS,
    ArgumentBoard,
    argument_board,
    gold_places,
    left_out_dygiepp,
    unfit_prediction,
    unfit_window,
)
from evmeval.conventions.base import Convention, ConventionResult, Fingerprint, Input, Metric
from evmeval.conventions.document_index import DocumentIndex, Place, Places, scan
from evmeval.conventions.document_verdicts import document_input, lazy_verdicts
from evmeval.conventions.dygiepp import pooled_result
from evmeval.conventions.first_document import placed_records
from evmeval.conventions.flips import PairFlips, merged_flips
from evmeval.conventions.ours import Role, sides
from evmeval.conventions.switchboard import Switchboard, run_switchboard, table
from evmeval.conventions.textee import Tally
from evmeval.io.errors import FormatError
from evmeval.io.reading import display_name
from evmeval.io.textee import Window, stream_textee
from evmeval.mention.type_rows import coverage
from evmeval.model import Document, MentionTable, SpanMode, TbfFile, pack_mentions

POOLED = frozenset({"textee", "evmeval"})
"""The switchboard's conventions on TextEE files whose per-document results are pooled here (the argument board's
are `textee`, `strings` and `dygiepp`); a switchboard with another is read whole."""

Arguments = dict[tuple[str, str], list[Role]]


class _Whole(Exception):
    """The pair cannot be read a document at a time as it would be read whole."""


@dataclass(frozen=True)
class StreamedPair:
    """What `corpus.event_inputs` keeps of a TextEE pair, made a document at a time."""

    gold: TbfFile
    system: TbfFile
    arguments: tuple[Mapping[tuple[str, str], list[Role]], ...]
    """Gold's and the system's; made per document when asked, as the verdicts (`document_verdicts`)."""
    switchboard: Switchboard
    verdicts: Mapping[str, Mapping[Key, list[ArgumentOutcome]]]
    """Made while reading, or (given the gold's places) per document when asked (`document_verdicts`)."""
    argument_board: ArgumentBoard


def _runs(windows: Iterator[Window], tally: Tally) -> Iterator[tuple[str, list[Window]]]:
    """The gold file's documents, each its run of windows (`tally` noting every window for the fingerprint)."""
    seen: set[str] = set()
    run: list[Window] = []
    for w in windows:
        tally.note(w)
        if run and w.doc_id != run[0].doc_id:
            yield run[0].doc_id, run
            run = []
        if not run:
            if w.doc_id in seen:
                raise _Whole  # a document's windows in two runs
            seen.add(w.doc_id)
        run.append(w)
    if run:
        yield run[0].doc_id, run


def _line_count(path: str) -> int:
    """The lines `JsonLines` reads in a file (a last line without its newline counts)."""
    count, last = 0, b"\n"
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            count += chunk.count(b"\n")
            last = chunk[-1:]
    return count + (last != b"\n")


class _Sums:
    """One convention's documents' results as `_pooled` reads them, taken as they come (issue 34: each document's
    `ConventionResult`, its metrics and their dicts, held from the first document to the last, left 10-17 MB of free
    blocks among what the window's TextEE corpus keeps): the first document's result (its metrics' names and
    kinds, its labels), each document's matches (added at the end in v1.8's order: a Dice credit is a float),
    the predicted and gold counts summed in file order (as `sum` over the documents adds them), and whether any
    document has warnings, notes or pathologies (not pooled here)."""

    __slots__ = ("first", "gold", "matches", "predicted", "unpooled")

    def __init__(self, first: ConventionResult) -> None:
        self.first = first
        self.matches: dict[str, tuple[float, ...]] = {}
        self.predicted: dict[str, int] = dict.fromkeys(first.metrics, 0)
        self.gold: dict[str, int] = dict.fromkeys(first.metrics, 0)
        self.unpooled = False

    def add(self, doc_id: str, result: ConventionResult) -> None:
        self.unpooled = self.unpooled or bool(result.warnings or result.notes or result.pathologies)
        metrics = result.metrics
        self.matches[doc_id] = tuple([metrics[m].match_num for m in self.predicted])
        for m in self.predicted:
            self.predicted[m] += metrics[m].pred_num
            self.gold[m] += metrics[m].gold_num


def _pooled(name: str, parts: Sequence[tuple[str, ConventionResult]] | _Sums, order: Sequence[str],
            found: Fingerprint) -> ConventionResult:
    """A convention's result on the whole pair from its documents' (`order`: the documents as v1.8 adds them):
    DyGIE++'s from its documents' results, the others' from their `_Sums`."""
    if not isinstance(parts, _Sums):
        return pooled_result([r for _, r in parts], found)
    if parts.unpooled:
        raise _Whole
    first, matches = parts.first, parts.matches
    metrics = {}
    for k, (metric, given) in enumerate(first.metrics.items()):
        match: float = 0.0 if isinstance(given.match_num, float) else 0
        for doc_id in order:
            match += matches[doc_id][k]
        metrics[metric] = Metric(match, parts.predicted[metric], parts.gold[metric])
    return ConventionResult(name, metrics, dict(first.labels), found)


class _Pool:
    """Each document's results, flips and verdicts, gathered until the last is read (`keep`: the first flips of
    each group kept, the others counted, as `flips.first_flips`; cut as they come, so no more are held)."""

    def __init__(self, keep: int | None = None) -> None:
        self.results: dict[str, list[tuple[str, ConventionResult]] | _Sums] = {}
        """Per convention: DyGIE++'s documents' results (`dygiepp.pooled_result` adds their counters), the
        others' `_Sums`."""
        self.flips: dict[tuple[str, str], list[PairFlips]] = {}
        self.keep = keep
        self._held: dict[tuple[str, str], tuple[int, int]] = {}
        """Per pair: the flips held, and those kept at the last cut."""

    def add(self, doc_id: str, board: Switchboard) -> None:
        for result in board.results:
            kept = self.results.get(result.name)
            if kept is None:
                kept = self.results[result.name] = [] if result.name == "dygiepp" else _Sums(result)
            if isinstance(kept, _Sums):
                kept.add(doc_id, result)
            else:
                kept.append((doc_id, result))
        for pair in board.flips:
            key = pair.a, pair.b
            parts = self.flips.setdefault(key, [])
            parts.append(pair)
            if self.keep is not None:  # cut when held are a few times those kept at the last cut (each sorted a
                # few times at most)
                held, kept_flips = self._held.get(key, (0, 0))
                held += sum(len(f) for f in pair.groups.values())
                if held > 2 * kept_flips + 4 * self.keep:
                    cut = self.flips[key] = [merged_flips(parts, self.keep)]
                    held = kept_flips = sum(len(f) for f in cut[0].groups.values())
                self._held[key] = held, kept_flips

    def let_go(self) -> None:
        """Every document's results and flips freed a few at a time (`_util.release`): at once, on return, they
        held the interpreter for 10-20 ms a pool."""
        let_go(*[r.matches if isinstance(r, _Sums) else r for r in self.results.values()], *self.flips.values())

    def board(self, conventions: Sequence[Convention], order: Sequence[str], found: dict[str, Fingerprint],
              rows: Sequence[str] | None = None) -> Switchboard:
        results = tuple(_pooled(c.name, self.results[c.name], order, found.get(c.name, found[""]))
                        for c in conventions)
        made = table(conventions, results)
        flips = tuple(merged_flips(self.flips[a.name, b.name], self.keep) for a, b in combinations(conventions, 2)
                      if (a.name, b.name) in self.flips)
        return Switchboard(tuple(conventions), results,
                           made if rows is None else tuple(r for r in made if r.row in rows), flips)


class _Shared:
    """The mentions kept, packed into one table for the corpus (`model.PackedMentions`, issue 34: as `Mention`
    tuples with their token ids and spans they were most of what the window kept of a TextEE corpus): a type, run,
    trigger word or document id once in the corpus, a span as its window and token numbers, a mention id once in a
    document for gold and the system."""

    def __init__(self) -> None:
        self.table = MentionTable()

    def documents(self, *documents: Document) -> list[Document]:
        """`documents` (one document's, gold's and the system's) with their mentions packed."""
        ids: dict[str, str] = {}
        return [Document(d.doc_id, pack_mentions(self.table, d.mentions, ids), d.relations, d.line) for d in documents]


def streamed_pair(conventions: Sequence[Convention], gold: Input, system: Input, progress: Progress | None = None,
                  cancelled: CancelCheck | None = None, total: int = 0,
                  scanned: Mapping[str, Sequence[Place]] | None = None,
                  flips_kept: int | None = None,
                  gold_lines: Mapping[str, Sequence[Place]] | None = None,
                  keep_documents: bool = True) -> StreamedPair | None:
    """The pair of TextEE files `gold` and `system` (read from their paths) a document at a time, as the module
    docstring says; None when it cannot be read so (then read it whole). `progress(done, total)` after each
    document (`total`: the gold's documents, as the caller's index counts them); `cancelled()` is checked before
    each, raising `Cancelled` (nothing of the pair is returned). `scanned`: the system file's places as the
    caller's index already found them (`document_index.scan`), else it is scanned here. `flips_kept`: the first
    flips of each group kept, the others counted (`flips.first_flips`). `gold_lines`: the gold file's places (the
    caller's index): the verdicts are not kept but made per document when asked (`document_verdicts`).
    `keep_documents=False` (the command's report, `streamed_boards`): only the boards are made; the pair's files,
    arguments and verdicts are left empty."""
    if {c.name for c in conventions} - POOLED or not conventions:
        return None
    try:
        places = scan(system.path, "doc_id") if scanned is None else scanned
        if sum(len(p) for p in places.values()) != _line_count(system.path):
            return None  # a line the scan could not place: the whole read words it
        index = DocumentIndex("textee", gold.path, system.path, (), Places.of(gold_lines or {}), Places.of(places))
        return _stream(conventions, gold, system, index, _Hooks(progress, cancelled, total, flips_kept,
                                                                gold_lines is not None, keep_documents))
    except (_Whole, FormatError, OSError):
        return None


def streamed_boards(conventions: Sequence[Convention], gold: Input, system: Input,
                    flips_kept: int | None = None) -> tuple[Switchboard, ArgumentBoard] | None:
    """`evmeval-score --convention all` on a TextEE pair given by its files' paths: the switchboard (every flip)
    and the argument board the window's load makes a document at a time (`streamed_pair`, the one streamed path),
    keeping nothing of the documents, which the report does not show; None where the whole files must be read.
    `flips_kept`: as `streamed_pair`'s."""
    made = streamed_pair(conventions, gold, system, flips_kept=flips_kept, keep_documents=False)
    return None if made is None else (made.switchboard, made.argument_board)


@dataclass(frozen=True)
class _Hooks:
    """The caller's `progress` and `cancelled` (`evmeval._util.progress`), the documents to be read, and the flips
    kept of each group (None: all)."""

    progress: Progress | None
    cancelled: CancelCheck | None
    total: int
    flips_kept: int | None = None
    lazy_verdicts: bool = False
    keep_documents: bool = True


def _stream(conventions: Sequence[Convention], gold: Input, system: Input, index: DocumentIndex,
            hooks: _Hooks) -> StreamedPair:
    from evmeval.conventions import REGISTRY  # the registry imports the conventions

    tally = Tally()
    stream = stream_textee(gold.path, kept=True)  # a word one string: the texts kept share them
    main, arguments_pool = _Pool(hooks.flips_kept), _Pool(hooks.flips_kept)
    shared = _Shared()
    verdicts: dict[str, dict[Key, list[ArgumentOutcome]]] = {}
    with_verdicts: dict[str, bool] = {}  # the conventions that give outcomes, in order; True: some verdict
    doc_ids: list[str] = []  # the gold's, in file order
    gold_docs: dict[str, Document] = {}
    system_docs: dict[str, tuple[Document, Arguments]] = {}
    gold_arguments: Arguments = {}
    some_arguments = False
    unfit_gold, unfit_system = "", (0, "")
    pivot = hashlib.sha256()
    system_lines = index.system_lines
    for done, (doc_id, gold_windows) in enumerate(_runs(iter(stream), tally), start=1):
        stop_if_cancelled(hooks.cancelled)
        places = system_lines.get(doc_id, ())
        system_windows: list[Window] = list(placed_records(index, system.path, places))
        if any(w.doc_id != doc_id for w in system_windows):
            raise _Whole  # the file changed since the scan
        g_in, s_in = document_input(gold.path, gold_windows), document_input(system.path, system_windows)
        board = run_switchboard(conventions, g_in, s_in)
        main.add(doc_id, board)
        for name, outcomes in board.outcomes.items() if hooks.keep_documents else ():
            if not hooks.lazy_verdicts:
                verdicts.setdefault(name, {}).update(argument_outcomes(outcomes))
            elif not with_verdicts.get(name):
                with_verdicts[name] = bool(argument_outcomes(outcomes))
        arguments_pool.add(doc_id, argument_board(g_in, s_in, board, pivoted=pivot.update).board)
        unfit_gold = unfit_gold or next((why for w in gold_windows if (why := unfit_window(w))), "")
        sentences = gold_places(gold_windows)
        for w in system_windows:
            if (why := unfit_prediction(w, sentences)) and (not unfit_system[1] or w.line < unfit_system[0]):
                unfit_system = (w.line, why)
        doc_ids.append(doc_id)
        if hooks.keep_documents:
            g_side, s_side, _ = sides(g_in, s_in)
            gold_doc, system_doc = shared.documents(g_side.tbf.documents[doc_id], s_side.tbf.documents[doc_id])
            gold_docs[doc_id] = gold_doc
            some_arguments = some_arguments or bool(g_side.arguments or s_side.arguments)
            if not hooks.lazy_verdicts:
                gold_arguments.update(g_side.arguments)
            system_docs[doc_id] = (system_doc, {} if hooks.lazy_verdicts else s_side.arguments)
        if hooks.progress is not None:
            hooks.progress(done, max(hooks.total, done))
    if set(system_lines) - set(doc_ids):
        raise _Whole  # a predicted document gold lacks: the whole read words it
    order = coverage(set(doc_ids), system_lines)[0]
    found = tally.fingerprint(stream.sha256)
    switchboard = main.board(conventions, order, {"": found})
    left_out = left_out_dygiepp(unfit_gold, unfit_system[1])
    together = [REGISTRY[name] for name in ("textee", "strings", "dygiepp") if name not in left_out]
    pivoted = replace(found, format="dygiepp", gold_sha256=pivot.hexdigest())  # a document per doc_id, a sentence
    # per window, the same events and arguments: the pivot's counts are the file's (`as_dygiepp`)
    board = arguments_pool.board(together, order, {"": found, "dygiepp": pivoted}, ARGUMENT_ROWS)
    ordered = [d for d in system_lines if d in system_docs]  # the system file's order, as read whole
    system_arguments = {k: v for d in ordered for k, v in system_docs[d][1].items()}
    kept_verdicts, kept_arguments = lazy_verdicts(
        [n for n, some in with_verdicts.items() if some], conventions, replace(index, doc_ids=tuple(doc_ids)),
        some_arguments) if hooks.lazy_verdicts else (
        {name: found_verdicts for name, found_verdicts in verdicts.items() if found_verdicts},
        (gold_arguments, system_arguments))
    made = StreamedPair(TbfFile(stream.path, SpanMode.TOKEN, gold_docs),
                        TbfFile(display_name(system.path), SpanMode.TOKEN, {d: system_docs[d][0] for d in ordered}),
                        kept_arguments, switchboard,
                        kept_verdicts,
                        ArgumentBoard(board, left_out))
    main.let_go()
    arguments_pool.let_go()
    shared.table.settle()
    return made
