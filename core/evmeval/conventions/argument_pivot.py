"""One run's arguments under every argument convention that can read it, side by side, and what flips.

The conventions that score arguments one by one read different files (`textee` TextEE windows, `dygiepp`
DyGIE++ documents), so on their own they never meet. On a TextEE run they meet here:
- `textee` on the files as given;
- our argument rule (`strings`: exact tuples matched one to one, arguments attached to their trigger) on the
  files as given (a TextEE prediction file is a grounded one with nothing left to ground);
- `dygiepp` on the same windows written as DyGIE++ documents (the pivot): a document per `doc_id`, its
  windows as its sentences in the gold file's order (the predicted windows put where gold has them: TextEE
  pairs windows by id, DyGIE++ a document's sentences by position), each event and argument in its window's
  order, argument spans made inclusive. That is exact (DyGIE++'s reader gives back every trigger and span)
  only when every trigger is one token, DyGIE++'s only trigger shape, no token is empty and every predicted
  window is one of gold's with gold's tokens; otherwise `dygiepp` is left out and the report says why. Its
  outcomes are put back on the TextEE places (sentence k of a document is its k-th window in gold), so the
  flips line up occurrence by occurrence.
The tbf pivot of `evmeval-convert` is no help here: tbf holds no arguments.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from evmeval.conventions.base import Convention, ConventionResult, Input
from evmeval.conventions.flips import all_flips
from evmeval.conventions.items import GOLD, Outcome
from evmeval.conventions.parsed import textee_file
from evmeval.conventions.switchboard import EXAMPLES, Switchboard, table
from evmeval.io import dygiepp as dy
from evmeval.io.textee import TexteeFile, Window

ARGUMENT_ROWS = ("argument_id", "argument_cls")
CONVENTIONS = ("textee", "strings", "dygiepp")
"""The argument conventions a TextEE run meets, in column order."""


@dataclass(frozen=True)
class ArgumentBoard:
    """The argument rows of every convention that read the run, their flips, and why any was left out."""

    board: Switchboard
    left_out: dict[str, str]
    title: str = ("Arguments: the same run under every argument convention that reads it (percent; dygiepp "
                  "through the DyGIE++ pivot)")

    def to_json(self, lazy: bool = False) -> dict[str, object]:
        made = self.board.to_json(lazy)
        return {**made, "rows": [r for r in made["rows"] if r["metric"] in ARGUMENT_ROWS],
                "left_out": dict(self.left_out)}


def unfit_window(w: Window) -> str:
    """Why a window cannot be written as DyGIE++ exactly (empty when it can)."""
    if "" in w.tokens:
        return f"window {w.wnd_id!r} (line {w.line}) has an empty token (DyGIE++ refuses one)"
    for event in w.event_mentions:
        if event.end - event.start != 1:
            return (f"window {w.wnd_id!r} (line {w.line}) has a trigger of {event.end - event.start} tokens "
                    f"[{event.start},{event.end}) (DyGIE++ triggers are one token)")
    return ""


Places = dict[str, dict[str, list[str]]]
"""Each gold document's window ids in sentence order (where the pivot puts every window), with their tokens."""


def unfit_prediction(w: Window, places: Places) -> str:
    """Why a predicted window cannot be written as the DyGIE++ sentence gold has it in (empty when it can):
    DyGIE++ pairs a document's sentences by position, and a prediction's sentences are the gold's."""
    tokens = places.get(w.doc_id, {}).get(w.wnd_id)
    if tokens is None:
        return (f"window {w.wnd_id!r} of document {w.doc_id!r} (line {w.line}) is not in the gold file "
                "(DyGIE++ pairs a document's sentences by position)")
    if w.tokens != tokens:
        return (f"window {w.wnd_id!r} (line {w.line}) has other tokens than the gold's window "
                "(DyGIE++ predictions hold the gold's sentences)")
    return unfit_window(w)


def _unfit(data: TexteeFile, places: Places | None = None) -> str:
    """Why the file cannot be written as DyGIE++ exactly (its first window that cannot; empty when it can);
    `places`: the gold's, when `data` holds predictions."""
    check = unfit_window if places is None else lambda w: unfit_prediction(w, places)
    return next((why for w in data.windows if (why := check(w))), "")


def gold_places(windows: Iterable[Window]) -> Places:
    """The gold windows' ids by document, in file order (their DyGIE++ sentences), with their tokens."""
    places: Places = {}
    for w in windows:
        places.setdefault(w.doc_id, {})[w.wnd_id] = w.tokens
    return places


def left_out_dygiepp(gold_why: str, predictions_why: str) -> dict[str, str]:
    """`ArgumentBoard.left_out` given why each file cannot be written as DyGIE++ (empty: it can)."""
    why = f"gold: {gold_why}" if gold_why else f"predictions: {predictions_why}" if predictions_why else ""
    return {"dygiepp": f"not exact through the DyGIE++ pivot: {why}"} if why else {}


def as_dygiepp(data: TexteeFile, side: str, places: Places | None = None) -> tuple[bytes, dict[str, list[str]]]:
    """The windows as DyGIE++ documents (JSONL bytes; predictions as `predicted_events` with logit 0 and
    probability 1, which no threshold-free figure reads) and each document's window ids by sentence.
    `places`: the gold's (`gold_places`), where each window is put, whatever the file's order (a window gold
    lacks would come last: `unfit_prediction` leaves such a file out first)."""
    order: dict[str, list[int]] = {}
    for i, w in enumerate(data.windows):
        order.setdefault(w.doc_id, []).append(i)
    if places is not None:
        for doc_id, indices in order.items():
            sentence = {wnd_id: k for k, wnd_id in enumerate(places.get(doc_id, {}))}
            indices.sort(key=lambda i: sentence.get(data.windows[i].wnd_id, len(sentence)))
    documents, units = [], {}
    predicted = side != GOLD
    for doc_id, indices in order.items():
        sentences: list[list[str]] = []
        events: list[list[dy.Event]] = []
        at = 0
        for i in indices:
            w = data.windows[i]
            sentences.append(list(w.tokens))
            score = (0.0, 1.0) if predicted else (None, None)
            events.append([dy.Event(at + e.start, e.event_type,
                                    [dy.Argument(at + s, at + end - 1, a.role, *score)
                                     for a in e.arguments for s, end in (w.argument_span(a),)], *score)
                           for e in w.event_mentions])
            at += len(w.tokens)
        units[doc_id] = [data.windows[i].wnd_id for i in indices]
        documents.append(dy.Document(doc_id, sentences, None if predicted else events,
                                     events if predicted else None))
    return dy.dumps_dygiepp(documents).encode("utf-8"), units


def _back(outcomes: Sequence[Outcome], units: dict[str, list[str]]) -> list[Outcome]:
    """DyGIE++ outcomes on the TextEE places: sentence k of a document is its k-th window in gold."""
    return [o._replace(item=o.item._replace(unit=units[o.item.doc_id][int(o.item.unit)])) for o in outcomes]


def argument_board(gold: Input, system: Input, scored: Switchboard | None = None, *,
                   pivoted: Callable[[bytes], object] | None = None) -> ArgumentBoard:
    """A TextEE run's arguments under `textee`, our rule and `dygiepp` (through the pivot when it is exact);
    `scored`: the run's switchboard, whose results and outcomes are taken rather than made again; `pivoted`: given
    the gold's DyGIE++ bytes when they are made (a load a document at a time hashes them for the fingerprint)."""
    from evmeval.conventions import REGISTRY  # the registry imports the conventions
    from evmeval.conventions.strings import score_strings, strings_outcomes

    g, s = textee_file(gold), textee_file(system)
    conventions: list[Convention] = [REGISTRY["textee"], REGISTRY["strings"]]
    textee = REGISTRY["textee"]
    assert textee.outcomes is not None, "textee gives outcomes"
    done = {r.name: r for r in scored.results} if scored is not None else {}
    outcomes: dict[str, list[Outcome]] = {
        "textee": scored.outcomes["textee"] if scored is not None and "textee" in scored.outcomes
        else textee.outcomes(gold, system),
        "strings": strings_outcomes(gold, system)}
    results: list[ConventionResult] = [done["textee"] if "textee" in done else textee.score(gold, system),
                                       score_strings(gold, system, outcomes["strings"])]
    places = gold_places(g.windows)
    left_out = left_out_dygiepp(_unfit(g), _unfit(s, places))
    if not left_out:
        (gold_bytes, units), (system_bytes, _) = as_dygiepp(g, GOLD), as_dygiepp(s, "pred", places)
        if pivoted is not None:
            pivoted(gold_bytes)
        pivot_gold = Input(f"{gold.path} (as DyGIE++)", gold_bytes)
        pivot_system = Input(f"{system.path} (as DyGIE++)", system_bytes)
        dygiepp = REGISTRY["dygiepp"]
        assert dygiepp.outcomes is not None, "dygiepp gives outcomes"
        conventions.append(dygiepp)
        results.append(dygiepp.score(pivot_gold, pivot_system))
        outcomes["dygiepp"] = _back(dygiepp.outcomes(pivot_gold, pivot_system), units)
    arguments = {name: [o for o in found if o.row in ARGUMENT_ROWS] for name, found in outcomes.items()}
    rows = tuple(r for r in table(conventions, results) if r.row in ARGUMENT_ROWS)
    board = Switchboard(tuple(conventions), tuple(results), rows, tuple(all_flips(arguments)), arguments)
    return ArgumentBoard(board, left_out)


def format_argument_board(found: ArgumentBoard, examples: int = EXAMPLES) -> str:
    """The argument rows side by side and their flips, as the switchboard prints its own, then what was left out."""
    from evmeval.conventions.switchboard import format_switchboard

    text = format_switchboard(found.board, examples, title=found.title)
    return text + "".join(f"Left out: {name}: {why}\n" for name, why in found.left_out.items())


__all__ = ["ARGUMENT_ROWS", "CONVENTIONS", "ArgumentBoard", "Places", "argument_board", "as_dygiepp",
           "format_argument_board", "gold_places", "left_out_dygiepp", "unfit_prediction", "unfit_window"]
