"""Qt's item roles and the right alignment as plain ints, for the models a paint asks through Python.

A paint asks every cell on screen for about seven roles, each a call from C++ into Python; comparing with
`Qt.ItemDataRole.X` costs an attribute look-up of an enum and an enum comparison (~0.7 us) each time, a plain int
a fraction of that. The document list's and the mapping table's models compare with these (issue 34).
"""

from __future__ import annotations

from PySide6.QtCore import Qt

DISPLAY, DECORATION, TOOLTIP, FONT, ALIGNMENT, BACKGROUND, FOREGROUND, CHECK = (int(role) for role in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.FontRole, Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.CheckStateRole))
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
"""A figure's alignment (`TextAlignmentRole`)."""
LOOK_ROLES = frozenset((DISPLAY, DECORATION, FONT, ALIGNMENT, BACKGROUND, FOREGROUND, CHECK))
"""The roles a paint asks every cell for (`QStyledItemDelegate.initStyleOption`)."""
