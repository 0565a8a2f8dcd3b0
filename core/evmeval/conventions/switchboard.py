"""The switchboard: one run scored under every applicable convention, the comparable metrics side by
side with the spread between them, and what flips between each pair of conventions.

"My numbers differ from the paper" is answered by looking at one table: if the spread between
conventions is as large as the difference, the convention explains it; the flips show which mentions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from evmeval.conventions.base import Convention, ConventionResult, Input, Metric
from evmeval.conventions.flips import Flip, PairFlips, all_flips
from evmeval.conventions.items import ROWS, Outcome

FIGURES = ("precision", "recall", "f1")
EXAMPLES = 5
"""The flips of each group the text report lists (the others counted): all a report without `--json` or `--html`
keeps of a streamed pair (`conventions.cli.streamed_all`)."""


@dataclass(frozen=True)
class Cell:
    """One convention's metric on a switchboard row: its own name for it and its figures."""

    name: str
    metric: Metric


@dataclass(frozen=True)
class Row:
    """A comparable metric under each convention (None: that convention does not measure it)."""

    row: str
    cells: dict[str, Cell | None]

    @property
    def label(self) -> str:
        return ROWS[self.row]

    def spread(self, figure: str) -> float | None:
        """Largest minus smallest value of `figure` among the conventions that measure it (None with
        fewer than two)."""
        values = [getattr(c.metric, figure) for c in self.cells.values() if c is not None]
        return max(values) - min(values) if len(values) >= 2 else None


@dataclass(frozen=True)
class Switchboard:
    conventions: tuple[Convention, ...]
    results: tuple[ConventionResult, ...]
    rows: tuple[Row, ...]
    flips: tuple[PairFlips, ...]
    outcomes: dict[str, list[Outcome]] = field(default_factory=dict)
    """Per convention that gives them, every occurrence's outcomes (the flips are made from these; the
    window's argument sub-rows are made from them by `argument_outcomes`); empty in the window's corpus, which
    keeps what is made of them (`corpus.event_inputs(keep_outcomes=False)`)."""

    def to_json(self, lazy: bool = False) -> dict[str, Any]:
        """`lazy`: the flips' objects made as they are written (`PairFlips.to_json`)."""
        def cell(c: Cell | None) -> dict[str, Any] | None:
            return None if c is None else {"metric": c.name, **c.metric.to_json()}
        return {
            "columns": [{"name": c.name, "title": c.title, "ours": c.ours} for c in self.conventions],
            "rows": [{"metric": r.row, "label": r.label, "cells": {n: cell(c) for n, c in r.cells.items()},
                      "spread": {f: r.spread(f) for f in FIGURES}} for r in self.rows],
            "flips": [p.to_json(lazy) for p in self.flips],
        }


def table(conventions: Sequence[Convention], results: Sequence[ConventionResult]) -> tuple[Row, ...]:
    """The comparable rows some convention measures (RAMS's and WikiEvents' scorers measure arguments only),
    each convention's metric of that meaning in its column."""
    rows = []
    for row in ROWS:
        cells: dict[str, Cell | None] = {}
        for convention, result in zip(conventions, results, strict=True):
            name = convention.comparable.get(row)
            cells[convention.name] = Cell(name, result.metrics[name]) if name in result.metrics else None
        if any(cell is not None for cell in cells.values()):
            rows.append(Row(row, cells))
    return tuple(rows)


def switchboard(conventions: Sequence[Convention], results: Sequence[ConventionResult], gold: Input,
                system: Input) -> Switchboard:
    """The table of `results` (scored under `conventions`, same order) and the flips between every
    pair of conventions that gives per-occurrence outcomes."""
    outcomes: dict[str, list[Outcome]] = {c.name: c.outcomes(gold, system) for c in conventions
                                          if c.outcomes is not None}
    return Switchboard(tuple(conventions), tuple(results), table(conventions, results), tuple(all_flips(outcomes)),
                       outcomes)


def run_switchboard(conventions: Sequence[Convention], gold: Input, system: Input) -> Switchboard:
    """Score `gold` against `system` under each convention and build the switchboard."""
    from evmeval.conventions.strings import with_dropped  # strings imports the conventions' shared parts

    return switchboard(conventions, [with_dropped(c.score(gold, system), c.grounded, system) for c in conventions],
                       gold, system)


def format_switchboard(board: Switchboard, examples: int = EXAMPLES,
                       title: str = "Switchboard: the same run under every convention (percent; spread = largest "
                                    "- smallest, points)") -> str:
    """The side-by-side table (percent) with the spread in points, then per pair of conventions the
    flips by reason with the first `examples` of each."""
    names = [c.name for c in board.conventions]
    width = max(len("Trigger classification F1"), *(len(f"{r.label} F1") for r in board.rows))
    heads = [c.title for c in board.conventions]
    col = max(8, *(len(h) for h in heads))
    lines = [title,
             f"{'Metric':<{width}}  " + "  ".join(f"{h:>{col}}" for h in heads) + f"  {'spread':>7}"]
    short = {"precision": "P", "recall": "R", "f1": "F1"}
    for row in board.rows:
        for figure in FIGURES:
            cells = [row.cells[n] for n in names]
            values = [f"{100 * getattr(c.metric, figure):{col}.2f}" if c else f"{'-':>{col}}" for c in cells]
            spread = row.spread(figure)
            lines.append(f"{row.label + ' ' + short[figure]:<{width}}  " + "  ".join(values)
                         + f"  {'-' if spread is None else format(100 * spread, '.2f'):>7}")
    if not any(row.row.startswith("trigger") for row in board.rows):  # the argument scorers: names of their own
        lines.append(own_names(board))
    for pair in board.flips:
        lines += ["", f"What flips between {pair.a} and {pair.b}: {pair.total}"]
        for why, flips in pair.groups.items():
            lines.append(f"  {pair.count(why):5d}  {why}")
            for f in flips[:examples]:
                lines.append(f"         {describe(f.item)} {f.row}: {flip_outcomes(pair.a, pair.b, f)}")
            if pair.count(why) > examples:
                lines.append(f"         ... and {pair.count(why) - examples} more (all in --json / --html)")
    return "\n".join(lines) + "\n"


def own_names(board: Switchboard) -> str:
    """`Own names: rams Precision / Recall / F1; paie span-Identification, span-Classification`: what each
    convention calls the figures on the rows, as its own table above prints them."""
    named = []
    for convention, result in zip(board.conventions, board.results, strict=True):
        shown = [result.labels.get(cell.name, cell.name) for row in board.rows
                 if (cell := row.cells[convention.name]) is not None]
        named.append(f"{convention.name} {', '.join(shown)}")
    return "Own names: " + "; ".join(named)


def describe(item: Any) -> str:
    """`pred trigger D2/D2-0 [2,4) "the city" Attack` (`d1` alone where the document has no windows; an argument
    of RAMS or WikiEvents with `of trigger “w140” [140,141)`): where an occurrence is, for people."""
    where = f"{item.doc_id}/{item.unit}" if item.unit else item.doc_id
    trigger = f" of trigger {item.trigger}" if item.trigger else ""
    return f"{item.side} {item.kind} {where} {item.span_text} \"{item.text}\" {item.label}{trigger}"


def flip_outcomes(a: str, b: str, flip: Flip, between: str = ", ") -> str:
    """`rams credit 1, paie credit 0`: both conventions' outcomes of a flip (the text report, the page, the dock)."""
    return f"{a} {outcome_text(flip.a)}{between}{b} {outcome_text(flip.b)}"


def outcome_text(o: Outcome) -> str:
    """`credit 0.67 (Dice 0.67)`, `not counted (same tuple as event 0)`."""
    if not o.counted:
        return "not counted" + (f" ({o.detail})" if o.detail else "")
    return f"credit {o.credit:.3g}" + (f" ({o.detail})" if o.detail else "")
