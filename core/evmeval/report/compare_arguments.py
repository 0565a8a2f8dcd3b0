"""What changed between two runs, item by item, under `evmeval-compare --convention NAME`: the triggers
(`evmeval.conventions.trigger_changes`, every convention with outcomes) and the arguments
(`evmeval.conventions.argument_changes`, TextEE and DyGIE++) as text, JSON, CSV and HTML: per pair and row, how
many items changed, by reason, the Δ counts they add up to, and each changed item. One writer for both kinds
(`ItemKind` says what differs)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from evmeval.compare.units import UnitComparison
from evmeval.conventions.argument_changes import (
    ARGUMENT_ROWS,
    ArgumentReason,
    PairArguments,
    argument_text,
)
from evmeval.conventions.trigger_changes import TRIGGER_ROWS, PairTriggers, TriggerReason, trigger_text
from evmeval.mention.changes import ItemState, ItemTally, reconcile_items, state_text
from evmeval.report.compare_text import table_lines
from evmeval.report.csv_writer import table
from evmeval.report.html_report import _esc

ARGUMENT_CHANGES_CSV = "argument_changes.csv"
TRIGGER_CHANGES_CSV = "trigger_changes.csv"
MAX_ARGUMENT_ROWS = 500
"""Changed items listed per pair and row in the HTML report."""


MAX_ARGUMENT_LINES = 20
"""Changed items printed per pair and row (all of them in --json and --csv)."""

PairItems = PairArguments | PairTriggers


@dataclass(frozen=True)
class ItemKind:
    """What the writers need to know of one kind of changed item."""

    title: str
    """`Argument` or `Trigger`: headings and the HTML column."""
    explained: str
    """What an item is, for the text report's heading."""
    rows: dict[str, str]
    reasons: type[Enum]
    text: Callable[[Any], str]
    key_header: tuple[str, ...]
    csv_name: str


ARGUMENTS = ItemKind("Argument", "the arguments (role, span, trigger)", ARGUMENT_ROWS, ArgumentReason, argument_text,
                     ("doc_id", "unit", "trigger_start", "trigger_end", "event_type", "start", "end", "role"),
                     ARGUMENT_CHANGES_CSV)
TRIGGERS = ItemKind("Trigger", "the triggers (span, event type)", TRIGGER_ROWS, TriggerReason, trigger_text,
                    ("doc_id", "unit", "start", "end", "event_type", "string", "copy"), TRIGGER_CHANGES_CSV)


def _delta(changes: Sequence[Any]) -> ItemTally:
    return reconcile_items([(x.before, x.after) for x in changes])


def format_item_changes(kind: ItemKind, c: UnitComparison, pairs: Sequence[PairItems]) -> str:
    """Per pair and row: how many items changed, by reason, the Δ counts they add up to, and the first changed
    items."""
    header = ["a", "b", "row", "changed", *(r.value for r in kind.reasons), "Δ match", "Δ spurious",
              "Δ gold found", "Δ gold missed"]
    rows = []
    items: list[str] = []
    for p in pairs:
        names = (c.names[p.a], c.names[p.b])
        for row, label in kind.rows.items():
            changes = p.changes[row]
            d = _delta(changes)
            reasons = _reasons(kind, changes)
            rows.append([*names, label, str(len(changes)), *(str(reasons[r]) for r in kind.reasons),
                         *(f"{n:+d}" for n in (d.system_found, d.system_spurious, d.gold_found, d.gold_missed))])
            if changes:
                items.append(f"  {names[0]} → {names[1]}, {label}:")
                items += [f"    {x.key.doc_id} {x.key.unit} {kind.text(x)}: {state_text(x.before)} → "
                          f"{state_text(x.after)} ({' '.join(r.value for r in x.reasons)})"
                          for x in changes[:MAX_ARGUMENT_LINES]]
                if len(changes) > MAX_ARGUMENT_LINES:
                    items.append(f"    ... and {len(changes) - MAX_ARGUMENT_LINES} more (all in --json and --csv)")
    lines = ["", f"{kind.title} changes: only {kind.explained} whose outcome changed from a to b on each "
             f"{kind.title.lower()} row, by reason; they add up to the change in the row's matches (system found), "
             "predictions (system found + spurious) and gold found / missed", *table_lines(header, rows, left=3),
             *items]
    return "\n".join(lines) + "\n"


def _tally_json(t: ItemTally) -> dict[str, int]:
    return {"gold_found": t.gold_found, "gold_missed": t.gold_missed, "system_found": t.system_found,
            "system_spurious": t.system_spurious}


def _state_json(s: ItemState) -> dict[str, str | None]:
    return {"gold": s.gold, "system": s.system}


def item_changes_json(kind: ItemKind, p: PairItems) -> dict[str, Any]:
    """A pair's `argument_changes` or `trigger_changes`: {<row>: {count, reasons, delta, a, b, items}}."""
    out = {}
    for row in kind.rows:
        changes = p.changes[row]
        a, b = p.tallies[row]
        out[row] = {"count": len(changes),
                    "reasons": {r.value: n for r, n in _reasons(kind, changes).items()},
                    "delta": _tally_json(_delta(changes)), "a": _tally_json(a), "b": _tally_json(b),
                    "items": [{**x.key._asdict(), "text": x.item.text, "before": _state_json(x.before),
                               "after": _state_json(x.after), "reasons": [r.value for r in x.reasons]}
                              for x in changes]}
    return out


def _reasons(kind: ItemKind, changes: Sequence[Any]) -> dict[Any, int]:
    return {r: sum(r in x.reasons for x in changes) for r in kind.reasons}


def item_changes_csv(kind: ItemKind, c: UnitComparison, pairs: Sequence[PairItems]) -> str:
    """argument_changes.csv / trigger_changes.csv: one row per pair, row and changed item."""
    header = ["a", "b", "row", *kind.key_header, "text", "before_gold", "before_system", "after_gold",
              "after_system", "reasons"]

    def rows() -> Iterable[list[object]]:
        for p in pairs:
            for row in kind.rows:
                for x in p.changes[row]:
                    yield [c.names[p.a], c.names[p.b], row, *x.key, x.item.text, x.before.gold or "",
                           x.before.system or "", x.after.gold or "", x.after.system or "",
                           " ".join(r.value for r in x.reasons)]

    return table(header, rows())


def item_changes_html(kind: ItemKind, c: UnitComparison, pairs: Sequence[PairItems]) -> str:
    """The HTML section: per pair and row, the changed items in a collapsible list."""
    out = [f"<h2>{kind.title} changes</h2>"]
    for p in pairs:
        for row, label in kind.rows.items():
            changes = p.changes[row]
            d = _delta(changes)
            by = ", ".join(f"{n} {r.value}" for r, n in _reasons(kind, changes).items() if n)
            more = (f'<p class="meta">The first {MAX_ARGUMENT_ROWS} of {len(changes)}; the JSON and CSV list all.</p>'
                    if len(changes) > MAX_ARGUMENT_ROWS else "")
            rows = "".join(f"<tr><td>{_esc(x.key.doc_id)} {_esc(x.key.unit)}</td><td>{_esc(kind.text(x))}</td>"
                           f"<td>{_esc(state_text(x.before))}</td><td>{_esc(state_text(x.after))}</td>"
                           f"<td>{_esc(' '.join(r.value for r in x.reasons))}</td></tr>"
                           for x in changes[:MAX_ARGUMENT_ROWS])
            out.append(f"<details><summary>{_esc(c.names[p.a])} → {_esc(c.names[p.b])}, {_esc(label)}: "
                       f"{len(changes)} changed{f' ({_esc(by)})' if by else ''} · Δ match {d.system_found:+d} · "
                       f"Δ spurious {d.system_spurious:+d} · Δ gold found {d.gold_found:+d} · Δ gold missed "
                       f"{d.gold_missed:+d}</summary>{more}<table><tr><th>Window</th><th>{kind.title}</th><th>a</th>"
                       f"<th>b</th><th>Reason</th></tr>{rows}</table></details>")
    return "".join(out)
