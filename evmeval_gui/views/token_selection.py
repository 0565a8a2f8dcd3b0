"""Which words of the shown document the user selected to make or re-span a mention (no Qt).

Words are the text view's units (token-table rows, or pieces of words in character mode) in reading
order, so a selection is always one run from the anchor (where the drag or Shift+click started) to
the caret (where it ends).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TokenSelection:
    """A run of units between `anchor` and `caret` (both -1: nothing selected)."""

    anchor: int = -1
    caret: int = -1

    @property
    def units(self) -> tuple[int, ...]:
        if self.anchor < 0 or self.caret < 0:
            return ()
        low, high = sorted((self.anchor, self.caret))
        return tuple(range(low, high + 1))

    def clear(self) -> None:
        self.anchor = self.caret = -1

    def press(self, unit: int, *, extend: bool = False) -> None:
        """A click on a word: a new run there, or (Shift) the run from the anchor to it."""
        if extend and self.anchor >= 0:
            self.caret = unit
        else:
            self.anchor = self.caret = unit

    def drag(self, unit: int) -> None:
        if self.anchor >= 0 and unit >= 0:
            self.caret = unit

    def step(self, delta: int, count: int, *, extend: bool, start: int = 0) -> None:
        """Arrow keys: move the caret (Shift: extend the run) by `delta` within `count` units."""
        if count <= 0:
            return
        if self.caret < 0:
            self.anchor = self.caret = min(max(start, 0), count - 1)
            return
        self.caret = min(max(self.caret + delta, 0), count - 1)
        if not extend:
            self.anchor = self.caret
