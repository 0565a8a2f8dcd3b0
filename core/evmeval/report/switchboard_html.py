"""The switchboard as one self-contained HTML page, in the score report's style (same CSS).

Sections: the data fingerprint, the comparable metrics under every convention side by side with the
spread, each convention's own metrics under its scorer's names, and per pair of conventions what flips,
grouped by reason (capped per group so a large corpus stays a page one can open; the JSON holds all).
With `--matching optimal`, the matching switch too: per convention that counts matches, both figures and
the predictions that flip, by reason (`evmeval.conventions.one_to_one`).
"""

from __future__ import annotations

from collections.abc import Mapping

from evmeval.conventions import REGISTRY
from evmeval.conventions.base import Fingerprint
from evmeval.conventions.flips import Flip, PairFlips
from evmeval.conventions.one_to_one import REASONS, MatchingSwitch, SwitchFlip
from evmeval.conventions.switchboard import FIGURES, Switchboard, flip_outcomes
from evmeval.report.html_report import _CSS, _esc

MAX_FLIPS_PER_GROUP = 500

_BOARD_CSS = """
th.ours, td.ours { background: #eef5ff; }
td.spread { font-weight: bold; } td.big { color: #b2182b; }
.flip code { background: #f7f7f7; padding: 0 0.2em; }
"""

BIG_SPREAD = 0.05
"""A spread of 5 points or more is marked: larger than most differences papers report."""


def _table(board: Switchboard) -> str:
    heads = "".join(f'<th class="{"ours" if c.ours else ""}">{_esc(c.title)}</th>' for c in board.conventions)
    out = [f"<table><tr><th>Metric</th><th>Figure</th>{heads}<th>Spread (points)</th></tr>"]
    for row in board.rows:
        for figure in FIGURES:
            cells = []
            for c in board.conventions:
                cell = row.cells[c.name]
                css = "n ours" if c.ours else "n"
                if cell is None:
                    cells.append(f'<td class="{css}"><span class="none" title="not measured by {_esc(c.name)}">'
                                 "—</span></td>")
                else:
                    title = (f"{cell.name}: match {cell.metric.match_num:g}, pred {cell.metric.pred_num}, "
                             f"gold {cell.metric.gold_num}")
                    cells.append(f'<td class="{css}" title="{_esc(title)}">{100 * getattr(cell.metric, figure):.2f}'
                                 "</td>")
            spread = row.spread(figure)
            big = " big" if spread is not None and spread >= BIG_SPREAD else ""
            shown = "—" if spread is None else f"{100 * spread:.2f}"
            out.append(f"<tr><td>{_esc(row.label)}</td><td>{_esc(figure)}</td>{''.join(cells)}"
                       f'<td class="n spread{big}">{shown}</td></tr>')
    return "\n".join(out) + "</table>"


def _own_metrics(board: Switchboard) -> str:
    out = []
    for convention, result in zip(board.conventions, board.results, strict=True):
        rows = "".join(f"<tr><td>{_esc(result.labels[n])}</td><td class=\"n\">{100 * m.precision:.2f}</td>"
                       f"<td class=\"n\">{100 * m.recall:.2f}</td><td class=\"n\">{100 * m.f1:.2f}</td>"
                       f"<td class=\"n\">{m.match_num:g}</td><td class=\"n\">{m.pred_num}</td>"
                       f"<td class=\"n\">{m.gold_num}</td></tr>" for n, m in result.metrics.items())
        out.append(f"<details><summary>{_esc(convention.title)}: {_esc(REGISTRY[convention.name].description)}"
                   "</summary><table><tr><th>Metric</th><th>P</th><th>R</th><th>F1</th><th>match</th><th>pred</th>"
                   f"<th>gold</th></tr>{rows}</table></details>")
    return "\n".join(out)


def _flip_item(pair: PairFlips, flip: Flip) -> str:
    item = flip.item
    where = (f"{item.doc_id} / {item.unit} {item.span_text}" if item.unit else f"{item.doc_id} {item.span_text}") + (
        f" of trigger {item.trigger}" if item.trigger else "")
    return (f'<li class="flip" data-doc="{_esc(item.doc_id)}" data-unit="{_esc(item.unit)}" '
            f'data-start="{item.start}" data-end="{item.end}">{_esc(item.side)} {_esc(item.kind)} '
            f"<code>{_esc(item.text)}</code> {_esc(item.label)} — {_esc(where)}, {_esc(flip.row)}: "
            f"{_esc(flip_outcomes(pair.a, pair.b, flip, '; '))}</li>")


def _flips(pair: PairFlips) -> str:
    out = [f"<h3>{_esc(pair.a)} ↔ {_esc(pair.b)}: {pair.total} flip(s)</h3>"]
    if not pair.total:
        out.append('<p class="none">Every trigger and argument has the same outcome under both.</p>')
    for reason, flips in pair.groups.items():
        shown = flips[:MAX_FLIPS_PER_GROUP]
        more = (f'<li class="none">… and {len(flips) - len(shown)} more (the JSON export holds every one)</li>'
                if len(flips) > len(shown) else "")
        out.append(f"<details open><summary>{len(flips)} × {_esc(reason)}</summary><ol>"
                   + "".join(_flip_item(pair, f) for f in shown) + more + "</ol></details>")
    return "\n".join(out)


def _count(value: float) -> str:
    """A match count as the convention keeps it: whole, or a sum of Dice credits."""
    return f"{value:g}" if float(value).is_integer() else f"{value:.2f}"


def _switch_flip(switch: MatchingSwitch, flip: SwitchFlip) -> str:
    item = flip.item
    where = f"{item.doc_id} / {item.unit} {item.span_text}" if item.unit else f"{item.doc_id} {item.span_text}"
    credit = "credited" if flip.convention else "not credited"
    return (f'<li class="flip" data-doc="{_esc(item.doc_id)}" data-unit="{_esc(item.unit)}" '
            f'data-start="{item.start}" data-end="{item.end}"><code>{_esc(item.text)}</code> {_esc(item.label)} '
            f"(event {item.event}) — {_esc(where)}, {_esc(switch.labels[flip.metric])}: {credit} by "
            f"{_esc(switch.convention)}, {'paired' if flip.one_to_one else 'unpaired'} one to one "
            f"({_esc(flip.detail)})</li>")


def _switch(switch: MatchingSwitch) -> str:
    """One convention's figures beside their one-to-one values, and its flips by reason (the text report's)."""
    rows = "".join(
        f"<tr><td>{_esc(switch.labels[name])}</td>"
        + "".join(f'<td class="n">{100 * getattr(own, f):.2f}</td><td class="n">{100 * getattr(one, f):.2f}</td>'
                  for f in FIGURES)
        + f'<td class="n">{_count(own.match_num)}</td><td class="n">{_count(one.match_num)}</td></tr>'
        for name, (own, one) in switch.figures.items())
    out = [f"<h3>{_esc(switch.convention)} ↔ one to one: {len(switch.flips)} flip(s)</h3>",
           "<table><tr><th>Metric</th><th>P</th><th>P 1:1</th><th>R</th><th>R 1:1</th><th>F1</th><th>F1 1:1</th>"
           f"<th>match</th><th>match 1:1</th></tr>{rows}</table>"]
    if not switch.flips:
        out.append('<p class="none">Its matching is already a one-to-one maximum here: nothing flips.</p>')
    for reason in REASONS:
        flips = [f for f in switch.flips if f.reason == reason]
        if not flips:
            continue
        shown = flips[:MAX_FLIPS_PER_GROUP]
        more = (f'<li class="none">… and {len(flips) - len(shown)} more (the JSON export holds every one)</li>'
                if len(flips) > len(shown) else "")
        out.append(f"<details open><summary>{len(flips)} × {_esc(reason)}</summary><ol>"
                   + "".join(_switch_flip(switch, f) for f in shown) + more + "</ol></details>")
    return "\n".join(out)


def format_switchboard_html(board: Switchboard, fingerprint: Fingerprint, gold_path: str, system_path: str,
                            switches: Mapping[str, MatchingSwitch] | None = None) -> str:
    """The whole switchboard as one HTML page; with `switches` (`--matching optimal`), the matching switch too."""
    title = "Switchboard: " + system_path + " under " + ", ".join(c.title for c in board.conventions)
    out = [
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_esc(title)}</title>",
        f"<style>{_CSS}\n{_BOARD_CSS}</style></head><body>",
        f"<h1>{_esc(title)}</h1>",
        f'<p class="meta">Gold: <code>{_esc(gold_path)}</code><br>System: <code>{_esc(system_path)}</code><br>'
        f"Data: {_esc(fingerprint.summary())}</p>",
        "<h2>The same run under every convention</h2>",
        '<p class="meta">Percent; spread = largest minus smallest value among the conventions that measure the '
        "metric, in points (5 or more in red). Hover a cell for its counts as that scorer counts them.</p>",
        _table(board),
        "<h2>Each convention's own metrics</h2>",
        _own_metrics(board),
        "<h2>What flips</h2>",
        '<p class="meta">Triggers and arguments whose outcome (counted, credit) differs between two conventions, '
        "grouped by the rule that decides it; positions are token offsets in the window or sentence (RAMS, "
        "WikiEvents: in the document; OmniEvent: character offsets in the text).</p>",
    ]
    out += [_flips(pair) for pair in board.flips]
    if not board.flips:
        out.append('<p class="none">Fewer than two conventions give per-mention outcomes.</p>')
    if switches:
        out += ["<h2>The matching switch: each convention one to one</h2>",
                '<p class="meta">Each convention that counts matches, its figures beside their value under a '
                "one-to-one maximum matching of its items (percent; match: its count, 1:1 the one-to-one count), "
                "and each prediction whose credit flips, grouped by why.</p>"]
        out += [_switch(switch) for switch in switches.values()]
    out.append("</body></html>\n")
    return "\n".join(out)
