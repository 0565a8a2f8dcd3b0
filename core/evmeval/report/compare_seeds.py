"""The seed view of `evmeval-compare` (runs grouped with `--as`) as text and JSON: each system's micro F1
mean ± standard deviation over its runs, the almost-stochastic-order matrix (ε_min) and the gold mentions
right in k of n runs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from evmeval.align import Combination
from evmeval.compare.repeated_changes import RepeatedChanges, repeated_changes, system_pairs
from evmeval.compare.runs import Comparison
from evmeval.compare.seeds import SeedComparison
from evmeval.mention.changes import Change, Tally
from evmeval.mention.outcomes import Outcome
from evmeval.model import Mention
from evmeval.report.compare_json import mention_json
from evmeval.report.compare_text import pct
from evmeval.report.csv_writer import number
from evmeval.report.html_report import _esc


def _cell(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _spread_text(mean: float, sd: float) -> str:
    return f"{pct(mean)} ± {'n/a' if math.isnan(sd) else f'{100 * sd:.2f}'}"


def format_seeds(comparison: Comparison, seeds: SeedComparison, combinations: Sequence[str]) -> str:
    """The text section printed after the summary."""
    lines = ["", f"Seeds: micro F1 (%) mean ± standard deviation over each system's runs; ε_min of almost "
             f"stochastic order (row better than column; below {seeds.tau}: row almost stochastically better); "
             "gold mentions found exactly in k of n runs"]
    for c in combinations:
        lines.append(f"  {Combination(c).label}")
        for s, spread, right in zip(seeds.systems, seeds.spreads[c], seeds.right[c], strict=True):
            runs = ", ".join(comparison.systems[r].name for r in s.runs)
            found = " ".join(f"{k}/{len(s.runs)}: {n}" for k, n in enumerate(right))
            lines.append(f"    {s.name} ({len(s.runs)} runs: {runs}): {_spread_text(spread.mean, spread.sd)}; "
                         f"right in {found}")
        width = max(len(s.name) for s in seeds.systems)
        lines.append("    ε_min  " + " ".join(s.name.rjust(max(6, len(s.name))) for s in seeds.systems))
        for s, row in zip(seeds.systems, seeds.aso[c], strict=True):
            cells = " ".join(_cell(v).rjust(max(6, len(t.name))) for v, t in zip(row, seeds.systems, strict=True))
            lines.append(f"    {s.name.ljust(max(width, 5))}  {cells}")
    return "\n".join(lines) + "\n"


def seeds_json(comparison: Comparison, seeds: SeedComparison) -> dict[str, Any]:
    """`seeds` in the comparison JSON."""
    return {"tau": seeds.tau,
            "systems": [{"name": s.name, "runs": [comparison.systems[r].name for r in s.runs],
                         "f1": {c: seeds.spreads[c][i].to_json() for c in seeds.spreads},
                         "right_in_k_runs": {c: list(seeds.right[c][i]) for c in seeds.right}}
                        for i, s in enumerate(seeds.systems)],
            "aso_epsilon_min": seeds.aso}


SEEDS_CSV = "seeds.csv"


def seeds_csv_rows(comparison: Comparison, seeds: SeedComparison) -> tuple[list[str], list[list[object]]]:
    """seeds.csv: one row per system and combination (mean, sd, runs, the ε_min against every other
    system, and the gold mentions right in k of n runs as `k:count` pairs)."""
    header = ["system", "combination", "runs", "mean_f1", "sd_f1", "right_in_k_runs",
              *(f"epsilon_min_vs_{s.name}" for s in seeds.systems)]
    rows: list[list[object]] = []
    for c in seeds.spreads:
        for i, s in enumerate(seeds.systems):
            spread = seeds.spreads[c][i]
            rows.append([s.name, c, " ".join(comparison.systems[r].name for r in s.runs), number(spread.mean),
                         "" if len(spread.values) < 2 else number(spread.sd),
                         " ".join(f"{k}:{n}" for k, n in enumerate(seeds.right[c][i])),
                         *("" if v is None else number(v) for v in seeds.aso[c][i])])
    return header, rows


def seeds_html(comparison: Comparison, seeds: SeedComparison, combinations: Sequence[str]) -> str:
    """The HTML section: the text's figures as tables, one per combination."""
    parts = ["<h2>Seeds</h2>"]
    for c in combinations:
        head = "".join(f"<th>ε_min vs {_esc(s.name)}</th>" for s in seeds.systems)
        rows = []
        for i, s in enumerate(seeds.systems):
            spread = seeds.spreads[c][i]
            right = " ".join(f"{k}/{len(s.runs)}: {n}" for k, n in enumerate(seeds.right[c][i]))
            cells = "".join(f'<td class="n">{_cell(v)}</td>' for v in seeds.aso[c][i])
            rows.append(f"<tr><th>{_esc(s.name)}</th><td>{len(s.runs)}</td>"
                        f'<td class="n">{_esc(_spread_text(spread.mean, spread.sd))}</td>{cells}'
                        f"<td>{_esc(right)}</td></tr>")
        parts.append(f"<table><caption>{_esc(Combination(c).label)}: micro F1 (%) mean ± standard deviation over "
                     f"each system's runs; ε_min of almost stochastic order (row better than column; below "
                     f"{seeds.tau}: row almost stochastically better); gold mentions right in k of n runs</caption>"
                     f"<tr><th>System</th><th>Runs</th><th>F1</th>{head}<th>Right in k of n</th></tr>"
                     + "".join(rows) + "</table>")
    parts += [_collapsed_html(rc) for rc in _collapsed(comparison, seeds, combinations)]
    return "".join(parts)


SEED_CHANGES_CSV = "seed_changes.csv"
MAX_CHANGE_LINES = 20
"""Collapsed change rows printed per system pair and combination (all of them in --json and --csv)."""


def _collapsed(comparison: Comparison, seeds: SeedComparison, combinations: Sequence[str]) -> list[RepeatedChanges]:
    return [repeated_changes(comparison, a, b, c) for a, b in system_pairs(seeds.systems) for c in combinations]


def _outcome(value: Outcome | None) -> str:
    return "-" if value is None else value.value


def _item(change: Change) -> tuple[str, Mention | None]:
    """What the change is about: the gold mention, or the false alarm's system mention."""
    if change.gold is not None:
        return "gold", change.gold
    row = change.row_a if change.row_a is not None else change.row_b
    return "false_alarm", None if row is None else row.system


def _tally_text(t: Tally) -> str:
    return f"Δ TP {t.true_positives:+d}, Δ misses {t.misses:+d}, Δ false alarms {t.false_alarms:+d}"


def format_seed_changes(comparison: Comparison, seeds: SeedComparison, combinations: Sequence[str]) -> str:
    """Per system pair and combination: each changed item once, "in k of n runs" (n = the run pairs),
    most repeated first; the totals reconcile with the summed Δ tallies of the run pairs."""
    lines = ["", "Changes between systems: each item whose outcome changed, collapsed over the run pairs (every "
             "run of a against every run of b) into one row, in k of n runs"]
    for rc in _collapsed(comparison, seeds, combinations):
        total = sum(r.runs for r in rc.rows)
        lines.append(f"  {rc.a.name} → {rc.b.name}, {Combination(rc.combination).label}: {len(rc.rows)} items, "
                     f"{total} changes over {rc.n} run pairs ({_tally_text(rc.delta)})")
        ordered = sorted(rc.rows, key=lambda r: -r.runs)
        for r in ordered[:MAX_CHANGE_LINES]:
            kind, mention = _item(r.change)
            what = "?" if mention is None else f"{mention.mention_id} {mention.text!r}"
            label = "" if kind == "gold" else "false alarm "
            lines.append(f"    {r.change.doc_id} {label}{what}: {_outcome(r.change.before)} → "
                         f"{_outcome(r.change.after)} ({' '.join(x.value for x in r.change.reasons)}) "
                         f"in {r.runs} of {rc.n} runs")
        if len(ordered) > MAX_CHANGE_LINES:
            lines.append(f"    ... and {len(ordered) - MAX_CHANGE_LINES} more (all in --json and --csv)")
    return "\n".join(lines) + "\n"


def seed_changes_json(comparison: Comparison, seeds: SeedComparison, combinations: Sequence[str]) -> list[Any]:
    """`seeds.changes` in the comparison JSON: one entry per system pair and combination."""
    out = []
    for rc in _collapsed(comparison, seeds, combinations):
        items = []
        for r in rc.rows:
            kind, mention = _item(r.change)
            items.append({"doc_id": r.change.doc_id, "item": kind, "mention": mention_json(mention),
                          "before": None if r.change.before is None else r.change.before.value,
                          "after": None if r.change.after is None else r.change.after.value,
                          "reasons": [x.value for x in r.change.reasons], "runs": r.runs, "of": rc.n})
        delta = rc.delta
        out.append({"a": rc.a.name, "b": rc.b.name, "combination": rc.combination, "run_pairs": rc.n,
                    "delta": {"true_positives": delta.true_positives, "misses": delta.misses,
                              "false_alarms": delta.false_alarms}, "items": items})
    return out


def seed_changes_csv_rows(comparison: Comparison, seeds: SeedComparison,
                          combinations: Sequence[str]) -> tuple[list[str], list[list[object]]]:
    """seed_changes.csv: one row per system pair, combination and collapsed item ("in k of n runs")."""
    header = ["a", "b", "combination", "doc_id", "item", "mention_id", "span", "text", "before", "after", "reasons",
              "runs", "of"]
    rows: list[list[object]] = []
    for rc in _collapsed(comparison, seeds, combinations):
        for r in rc.rows:
            kind, mention = _item(r.change)
            rows.append([rc.a.name, rc.b.name, rc.combination, r.change.doc_id, kind,
                         "" if mention is None else mention.mention_id,
                         "" if mention is None else mention.span_field(), "" if mention is None else mention.text,
                         "" if r.change.before is None else r.change.before.value,
                         "" if r.change.after is None else r.change.after.value,
                         " ".join(x.value for x in r.change.reasons), r.runs, rc.n])
    return header, rows


MAX_CHANGE_ROWS = 500
"""Collapsed change rows listed per system pair and combination in the HTML report."""


def _collapsed_html(rc: RepeatedChanges) -> str:
    """One system pair's changes collapsed over its run pairs: one row per item and change, "k of n runs",
    most repeated first."""
    ordered = sorted(rc.rows, key=lambda r: -r.runs)
    rows = []
    for r in ordered[:MAX_CHANGE_ROWS]:
        kind, mention = _item(r.change)
        what = "?" if mention is None else f"{mention.mention_id} “{mention.text}”"
        rows.append(f"<tr><td>{_esc(r.change.doc_id)}</td><td>{'' if kind == 'gold' else 'false alarm '}"
                    f"{_esc(what)}</td><td>{_esc(_outcome(r.change.before))}</td>"
                    f"<td>{_esc(_outcome(r.change.after))}</td><td>{_esc(' '.join(x.value for x in r.change.reasons))}"
                    f'</td><td class="n">{r.runs} of {rc.n}</td></tr>')
    more = (f'<p class="meta">The {MAX_CHANGE_ROWS} most repeated of {len(ordered)}; the JSON and CSV exports list '
            "all.</p>" if len(ordered) > MAX_CHANGE_ROWS else "")
    total = sum(r.runs for r in rc.rows)
    return (f"<details><summary>Changes {_esc(rc.a.name)} → {_esc(rc.b.name)} "
            f"({_esc(Combination(rc.combination).label)}): {len(rc.rows)} items, {total} changes over {rc.n} run "
            f"pairs ({_esc(_tally_text(rc.delta))})</summary>{more}<table><tr><th>Document</th><th>Item</th>"
            f"<th>Before</th><th>After</th><th>Reason</th><th>In k of n runs</th></tr>{''.join(rows)}</table>"
            "</details>")
