"""The window's views; each follows the session and never another view."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSortFilterProxyModel


def refilter(proxy: QSortFilterProxyModel, change: Callable[[], None]) -> None:
    """Apply `change` to a proxy's filter settings and re-run its row filter.

    Qt 6.10 replaced `invalidateFilter()` with `beginFilterChange()` / `endFilterChange()`; older
    versions (the project supports PySide6 >= 6.6) only have the former.
    """
    if hasattr(proxy, "beginFilterChange") and hasattr(proxy, "endFilterChange"):
        proxy.beginFilterChange()
        change()
        proxy.endFilterChange(QSortFilterProxyModel.Direction.Rows)
    else:
        change()
        proxy.invalidateFilter()
