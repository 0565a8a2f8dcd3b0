"""Python 2.7's iteration order of a `set` of string tuples, without Python 2.

The published scorer writes each document's sequencing links in the iteration order of a Python 2
`set` of `(mention, mention, relation)` tuples, and its TimeML evaluation is order-dependent, so an
exact port has to know that order. It follows from three CPython 2.7 (64-bit) rules, modelled here:

- `str` hash (hash randomisation off, the default): FNV-like over the UTF-8 bytes;
- `tuple` hash: the 2.7 combination with multiplier 1000003 and its per-item increment;
- `set`: open addressing over 2**k slots with the "perturb" probe sequence, growing to the smallest
  power of two above 4 x used (2 x used past 50,000) when two thirds of the slots are filled;
  iteration walks the slots in index order.

Everything here is integer arithmetic modulo 2**64; tests compare it with recorded Python 2.7 output.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

from evmeval.sequencing import timegraph_kernel

MASK64 = (1 << 64) - 1
MIN_SLOTS = 8
PERTURB_SHIFT = 5
K = TypeVar("K", bound=Hashable)
T = TypeVar("T", bound=tuple[str, ...])


def _signed(value: int) -> int:
    value &= MASK64
    return value - (1 << 64) if value >> 63 else value


_STR_HASHES: dict[str | bytes, int] = {}


def str_hash(text: str | bytes) -> int:
    """`hash(s)` of a Python 2.7 byte string (a `str` is hashed as its UTF-8 bytes)."""
    known = _STR_HASHES.get(text)
    if known is None:
        known = _STR_HASHES[text] = _str_hash(text)
        if len(_STR_HASHES) > 200_000:  # mention ids repeat across documents; keep memory flat anyway
            _STR_HASHES.clear()
    return known


def _str_hash(text: str | bytes) -> int:
    data = text.encode("utf-8") if isinstance(text, str) else text
    if not data:
        return 0
    x = (data[0] << 7) & MASK64
    for byte in data:
        x = ((1000003 * x) & MASK64) ^ byte
    x ^= len(data)
    x = _signed(x)
    return -2 if x == -1 else x


def tuple_hash(items: Sequence[str | bytes]) -> int:
    """`hash(t)` of a Python 2.7 tuple of byte strings."""
    x = 0x345678
    mult = 1000003
    remaining = len(items)
    for item in items:
        remaining -= 1
        x = ((x ^ (str_hash(item) & MASK64)) * mult) & MASK64
        mult += 82520 + remaining + remaining
    x = _signed(x + 97531)
    return -2 if x == -1 else x


def _resized(table: list[int], hashes: list[int], used: int) -> list[int]:
    """The new table after `set_table_resize`: old slots reinserted in slot order."""
    minused = used * 2 if used > 50000 else used * 4
    size = MIN_SLOTS
    while size <= minused:
        size <<= 1
    new = [-1] * size
    mask = size - 1
    for index in table:
        if index < 0:
            continue
        h = hashes[index]
        i = h & mask
        perturb = h
        while new[i & mask] >= 0:
            i = (5 * i + perturb + 1) & MASK64
            perturb >>= PERTURB_SHIFT
        new[i & mask] = index
    return new


def set_order(keys: Iterable[K], hash_of: Callable[[K], int]) -> list[K]:
    """The iteration order of a Python 2.7 `set` built by adding `keys` one by one (duplicates once).

    `hash_of` gives each key's Python 2 hash (signed); equality is Python 3's, which for tuples of
    strings is Python 2's.
    """
    listed = list(keys)
    return _hashed_set_order(listed, [hash_of(key) & MASK64 for key in listed])


def _hashed_set_order(keys: Sequence[K], hashes_of_keys: Sequence[int]) -> list[K]:
    """`set_order` with each key's hash modulo 2**64 given (CPython 2.7's set_lookkey probe)."""
    table = [-1] * MIN_SLOTS
    mask = MIN_SLOTS - 1
    stored: list[K] = []
    hashes: list[int] = []
    for key, h in zip(keys, hashes_of_keys, strict=True):
        i = h & mask
        perturb = h
        while True:
            index = table[i & mask]
            if index < 0 or (hashes[index] == h and stored[index] == key):
                break
            i = (5 * i + perturb + 1) & MASK64
            perturb >>= PERTURB_SHIFT
        if index >= 0:
            continue
        table[i & mask] = len(stored)
        stored.append(key)
        hashes.append(h)
        if len(stored) * 3 >= len(table) * 2:
            table = _resized(table, hashes, len(stored))
            mask = len(table) - 1
    return [stored[index] for index in table if index >= 0]


def triple_hash(a: str, b: str, c: str) -> int:
    """`tuple_hash((a, b, c))` modulo 2**64, unrolled (the sequencing links are string triples: one call
    per link of the corpus). Tested against `tuple_hash`."""
    strings = _STR_HASHES
    ha = strings.get(a)
    if ha is None:
        ha = str_hash(a)
    hb = strings.get(b)
    if hb is None:
        hb = str_hash(b)
    hc = strings.get(c)
    if hc is None:
        hc = str_hash(c)
    x = ((0x345678 ^ (ha & MASK64)) * 1000003) & MASK64  # multipliers: 1000003, then + 82520 + 2 * remaining
    x = ((x ^ (hb & MASK64)) * 1082527) & MASK64
    x = ((x ^ (hc & MASK64)) * 1165049) & MASK64
    x = (x + 97531) & MASK64
    return MASK64 - 1 if x == MASK64 else x  # a hash of -1 is -2


def tuple_set_order(keys: Iterable[T]) -> list[T]:
    """`list(s)` for a Python 2.7 set `s` of string tuples, filled in the order of `keys` (in C when the
    sequencing kernel is built: `evmeval.sequencing.timegraph_kernel`)."""
    listed = list(keys)
    kernel = timegraph_kernel.KERNEL
    if kernel is not None:
        found: list[T] | None = kernel.tuple_set_order(listed)
        if found is not None:  # else a key is not a tuple of str: the Python path
            return found
    hashes = [triple_hash(*key) if len(key) == 3 else tuple_hash(key) & MASK64 for key in listed]
    return _hashed_set_order(listed, hashes)
