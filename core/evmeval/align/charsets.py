"""The characters a character-mode span covers, kept as sorted, merged ranges instead of one entry per character.

The published scorer expands a span into its characters (`range(begin, end)` per part); a span such as
`0,2000000000` then needs gigabytes. A `CharSet` holds the same set as half-open ranges, so memory and time
follow the number of span parts, never the offsets, and every figure is the one the expanded set gives:
the count of distinct characters, the count shared with another span, disjointness, equality and the order
of the sorted character lists. Nothing here ever expands a range.
"""

from __future__ import annotations

from collections.abc import Iterable

Part = tuple[int, int]


def merged_parts(parts: Iterable[Part]) -> tuple[Part, ...]:
    """Sorted, non-empty, non-touching `(begin, end)` ranges covering what `parts` cover.

    A part that ends before it begins covers nothing, as `range(begin, end)` in the published scorer.
    Touching ranges (`0,4` and `4,8`) merge: the canonical form makes equal sets equal tuples.
    """
    ordered = sorted(p for p in parts if p[1] > p[0])
    out: list[Part] = []
    for begin, end in ordered:
        if out and begin <= out[-1][1]:
            if end > out[-1][1]:
                out[-1] = (out[-1][0], end)
        else:
            out.append((begin, end))
    return tuple(out)


def listed_size(parts: Iterable[Part]) -> int:
    """How many characters the published scorer's character LIST holds: parts that overlap repeat theirs."""
    return sum(end - begin for begin, end in parts if end > begin)


class CharSet:
    """An immutable set of character offsets as merged ranges; hashable, equal when the sets are equal.

    Deliberately neither iterable nor sized (`len` cannot hold a count past the machine word): use
    `count`, `shared`, `isdisjoint`, `union` and `sort_key`.
    """

    __slots__ = ("_hash", "parts")

    def __init__(self, parts: Iterable[Part] = ()) -> None:
        self.parts: tuple[Part, ...] = merged_parts(parts)
        self._hash = hash(self.parts)

    @classmethod
    def _of_merged(cls, parts: tuple[Part, ...]) -> CharSet:
        """A set from parts already in canonical form (no sorting again)."""
        made = cls.__new__(cls)
        made.parts = parts
        made._hash = hash(parts)
        return made

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CharSet) and self.parts == other.parts

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"CharSet({list(self.parts)!r})"

    def __bool__(self) -> bool:
        return bool(self.parts)

    @property
    def count(self) -> int:
        """Distinct characters in the set."""
        return sum(end - begin for begin, end in self.parts)

    def shared(self, other: CharSet) -> int:
        """Characters in both sets (`len(A & B)` of the expanded sets), by one sweep over both range lists."""
        a, b = self.parts, other.parts
        i = j = total = 0
        while i < len(a) and j < len(b):
            low = max(a[i][0], b[j][0])
            high = min(a[i][1], b[j][1])
            if high > low:
                total += high - low
            if a[i][1] <= b[j][1]:
                i += 1
            else:
                j += 1
        return total

    def isdisjoint(self, other: CharSet) -> bool:
        """No character in common."""
        return self.shared(other) == 0

    def union(self, *others: CharSet) -> CharSet:
        """Every character of this set and of `others`."""
        if not others:
            return self
        return CharSet(part for s in (self, *others) for part in s.parts)

    def sort_key(self) -> tuple:
        """A key that orders sets as `tuple(sorted(expanded set))` orders them, without expanding.

        The expanded lists agree up to where one range of A ends before B's range at the same place:
        A then goes on with its next range (which begins past that end, so A is greater) or stops (A is a
        prefix, so A is smaller). Each range keys as `(begin, 1, -end)` when another follows it and
        `(begin, 0, end)` when it is the last, which gives exactly that order.
        """
        last = len(self.parts) - 1
        return tuple((b, 0, e) if k == last else (b, 1, -e) for k, (b, e) in enumerate(self.parts))
