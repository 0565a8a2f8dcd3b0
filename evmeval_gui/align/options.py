"""`evmeval-gui --mapping NAME` and `--differences`: the mapping strategy and its view from the command line.

Kept out of `app.py` so the entry point only gains hooks. `--mapping` chooses the strategy before
anything is opened (so the first scoring already uses it; the export mode scores with it too);
`--differences` shows the Mapping differences view. For a screenshot, `wait_for_figures` lets the
background figures (MUC/GATE, and the differences when shown) arrive and selects the first difference.
"""

from __future__ import annotations

import argparse
from typing import Any

from evmeval.align.strategies import DEFAULT_STRATEGY, STRATEGY_DESCRIPTIONS, STRATEGY_NAMES


def add_mapping_options(group: Any) -> None:
    """Add `--mapping` and `--differences` to an argparse group."""
    group.add_argument("--strategy", "--mapping", dest="mapping", choices=STRATEGY_NAMES, default=DEFAULT_STRATEGY,
                       help="how system mentions are paired with gold mentions (default %(default)s, the published "
                            "scorer's; the others are not official scores): "
                            + "; ".join(f"{n}: {STRATEGY_DESCRIPTIONS[n]}" for n in STRATEGY_NAMES))
    group.add_argument("--differences", action="store_true",
                       help="show the Mapping differences view (F1 under each strategy, pairs that differ from greedy)")


def apply_mapping_options(window: Any, args: argparse.Namespace) -> None:
    """Before opening: choose the strategy, show the differences view if asked."""
    window.session.set_mapping(args.mapping)
    if args.differences:
        window.alignment_parts.dock.show()


def wait_for_figures(window: Any, args: argparse.Namespace, timeout_ms: int = 600_000) -> None:
    """Screenshots: wait until the MUC/GATE figures (and, with `--differences`, the differences) are in,
    then select the first difference (of the shown document, if it has one) so the text view shows both of its links."""
    from PySide6.QtCore import QEventLoop, QTimer

    figures = window.alignment

    def ready() -> bool:
        schemes_in = figures.schemes is not None or window.session.result is None
        return schemes_in and (not args.differences or figures.differences is not None or not figures.available)

    if not ready():
        loop = QEventLoop()

        def check(*_args: object) -> None:
            if ready():
                loop.quit()

        figures.schemes_ready.connect(check)
        figures.differences_ready.connect(check)
        guard = QTimer()
        guard.setSingleShot(True)
        guard.timeout.connect(loop.quit)
        guard.start(timeout_ms)
        loop.exec()
        figures.schemes_ready.disconnect(check)
        figures.differences_ready.disconnect(check)
    diff = figures.differences
    if args.differences and diff is not None and diff.changes:
        here = [c for c in diff.changes if c.doc_id == window.session.selection.doc_id]
        figures.show_change((here or list(diff.changes))[0])
