"""What changed between two runs, argument by argument, under `evmeval-compare --convention textee|dygiepp`
(`evmeval.conventions.argument_changes`) as text, JSON, CSV and HTML: per pair and argument row, how many
arguments changed, by reason, the Δ counts they add up to, and each changed argument."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from evmeval.compare.units import UnitComparison
from evmeval.conventions.argument_changes import (
    ARGUMENT_ROWS,
    ArgumentChange,
    ArgumentReason,
    PairArguments,
    argument_text,
    reconcile_arguments,
)
from evmeval.mention.changes import ItemState, ItemTally, state_text
from evmeval.report.compare_text import table_lines
from evmeval.report.csv_writer import table
from evmeval.report.html_report import _esc

ARGUMENT_CHANGES_CSV = "argument_changes.csv"
MAX_ARGUMENT_ROWS = 500
"""Changed arguments listed per pair and row in the HTML report."""


MAX_ARGUMENT_LINES = 20
"""Changed arguments printed per pair and row (all of them in --json and --csv)."""


def format_argument_changes(c: UnitComparison, pairs: list[PairArguments]) -> str:
    """Per pair and argument row: how many arguments changed, by reason, the Δ counts they add up to, and the
    first changed arguments."""
    header = ["a", "b", "row", "changed", *(r.value for r in ArgumentReason), "Δ match", "Δ spurious",
              "Δ gold found", "Δ gold missed"]
    rows = []
    items: list[str] = []
    for p in pairs:
        names = (c.names[p.a], c.names[p.b])
        for row in ARGUMENT_ROWS:
            changes = p.changes[row]
            d = reconcile_arguments(changes)
            reasons = _reasons(changes)
            rows.append([*names, ARGUMENT_ROWS[row], str(len(changes)), *(str(reasons[r]) for r in ArgumentReason),
                         *(f"{n:+d}" for n in (d.system_found, d.system_spurious, d.gold_found, d.gold_missed))])
            if changes:
                items.append(f"  {names[0]} → {names[1]}, {ARGUMENT_ROWS[row]}:")
                items += [f"    {x.key.doc_id} {x.key.unit} {argument_text(x)}: {state_text(x.before)} → "
                          f"{state_text(x.after)} ({' '.join(r.value for r in x.reasons)})"
                          for x in changes[:MAX_ARGUMENT_LINES]]
                if len(changes) > MAX_ARGUMENT_LINES:
                    items.append(f"    ... and {len(changes) - MAX_ARGUMENT_LINES} more (all in --json and --csv)")
    lines = ["", "Argument changes: only the arguments (role, span, trigger) whose outcome changed from a to b on "
             "each argument row, by reason; they add up to the change in the row's matches (system found), "
             "predictions (system found + spurious) and gold found / missed", *table_lines(header, rows, left=3),
             *items]
    return "\n".join(lines) + "\n"


def _tally_json(t: ItemTally) -> dict[str, int]:
    return {"gold_found": t.gold_found, "gold_missed": t.gold_missed, "system_found": t.system_found,
            "system_spurious": t.system_spurious}


def _state_json(s: ItemState) -> dict[str, str | None]:
    return {"gold": s.gold, "system": s.system}


def argument_changes_json(p: PairArguments) -> dict[str, Any]:
    """A pair's `argument_changes`: {<row>: {count, reasons, delta, a, b, items}}."""
    out = {}
    for row in ARGUMENT_ROWS:
        changes = p.changes[row]
        a, b = p.tallies[row]
        out[row] = {"count": len(changes),
                    "reasons": {r.value: n for r, n in _reasons(changes).items()},
                    "delta": _tally_json(reconcile_arguments(changes)), "a": _tally_json(a), "b": _tally_json(b),
                    "items": [{**x.key._asdict(), "text": x.item.text, "before": _state_json(x.before),
                               "after": _state_json(x.after), "reasons": [r.value for r in x.reasons]}
                              for x in changes]}
    return out


def _reasons(changes: Sequence[ArgumentChange]) -> dict[ArgumentReason, int]:
    return {r: sum(r in x.reasons for x in changes) for r in ArgumentReason}


def argument_changes_csv(c: UnitComparison, pairs: Sequence[PairArguments]) -> str:
    """argument_changes.csv: one row per pair, argument row and changed argument."""
    header = ["a", "b", "row", "doc_id", "unit", "trigger_start", "trigger_end", "event_type", "start", "end", "role",
              "text", "before_gold", "before_system", "after_gold", "after_system", "reasons"]

    def rows() -> Iterable[list[object]]:
        for p in pairs:
            for row in ARGUMENT_ROWS:
                for x in p.changes[row]:
                    yield [c.names[p.a], c.names[p.b], row, *x.key, x.item.text, x.before.gold or "",
                           x.before.system or "", x.after.gold or "", x.after.system or "",
                           " ".join(r.value for r in x.reasons)]

    return table(header, rows())


def argument_changes_html(c: UnitComparison, pairs: Sequence[PairArguments]) -> str:
    """The HTML section: per pair and argument row, the changed arguments in a collapsible list."""
    out = ["<h2>Argument changes</h2>"]
    for p in pairs:
        for row, label in ARGUMENT_ROWS.items():
            changes = p.changes[row]
            d = reconcile_arguments(changes)
            by = ", ".join(f"{n} {r.value}" for r, n in _reasons(changes).items() if n)
            more = (f'<p class="meta">The first {MAX_ARGUMENT_ROWS} of {len(changes)}; the JSON and CSV list all.</p>'
                    if len(changes) > MAX_ARGUMENT_ROWS else "")
            rows = "".join(f"<tr><td>{_esc(x.key.doc_id)} {_esc(x.key.unit)}</td><td>{_esc(argument_text(x))}</td>"
                           f"<td>{_esc(state_text(x.before))}</td><td>{_esc(state_text(x.after))}</td>"
                           f"<td>{_esc(' '.join(r.value for r in x.reasons))}</td></tr>"
                           for x in changes[:MAX_ARGUMENT_ROWS])
            out.append(f"<details><summary>{_esc(c.names[p.a])} → {_esc(c.names[p.b])}, {_esc(label)}: "
                       f"{len(changes)} changed{f' ({_esc(by)})' if by else ''} · Δ match {d.system_found:+d} · "
                       f"Δ spurious {d.system_spurious:+d} · Δ gold found {d.gold_found:+d} · Δ gold missed "
                       f"{d.gold_missed:+d}</summary>{more}<table><tr><th>Window</th><th>Argument</th><th>a</th>"
                       f"<th>b</th><th>Reason</th></tr>{rows}</table></details>")
    return "".join(out)
