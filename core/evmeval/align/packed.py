"""A scored document's mappings kept compact: 16 bytes a pair in one `bytes` object (issue 34).

As a dict of `Mapping` records holding `Pair` tuples and Dice floats, every document's mappings were the largest
thing the window kept of a corpus (15 MB of MAVEN-ERE's 4,480 documents: a pair is a 72-byte tuple and a 24-byte
float, a combination a record and its dict). `PackedMappings` keeps, per document, each distinct list of pairs
once (the combinations that chose what the plain mapping chose share it) as their gold and system indexes and
Dice values, with each combination's TP and attribute rule. `MappingsField` reads it back as the dict it was
given: equal `Mapping` records, the same pairs in the same order, the same TP bits
(`tests/core/test_packed_mappings.py`).
"""

from __future__ import annotations

from array import array
from typing import Any, overload

from evmeval._util.kept_unpacked import KeptUnpacked
from evmeval._util.packed_slots import SlotKept
from evmeval.align.greedy import Mapping, Pair
from evmeval.rules import AttributeRule

_RULES = tuple(AttributeRule)
_RULE_CODE = {rule: code for code, rule in enumerate(_RULES)}
_NAMES: dict[tuple[str, ...], tuple[str, ...]] = {}
"""Each tuple of combination names once (every document of a corpus has the same four)."""
_INT_TP = 128
"""Added to a combination's rule code when its TP is an int (kept as the double of the same value)."""


class PackedMappings:
    """One document's mappings: `names` (the combinations, in the dict's order) and `data`: a double per
    combination (its TP), then the Dice of every distinct pair list; a 4-byte int per distinct list (its length),
    then the lists' gold indexes, then their system indexes; and two bytes per combination (which distinct list,
    its rule). The last `UNPACKED_KEPT` documents read keep their dict, so a reader that asks `doc.mappings[c]`
    in a loop builds it once."""

    __slots__ = ("__weakref__", "_plain", "data", "names")

    def __init__(self, names: tuple[str, ...], data: bytes) -> None:
        self.names, self.data = _NAMES.setdefault(names, names), data
        self._plain: dict[str, Mapping] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return PackedMappings, (self.names, self.data)

    def unpack(self) -> dict[str, Mapping]:
        """The mappings as given to `pack_mappings`, equal records in the same order."""
        plain = self._plain
        if plain is not None:
            return plain
        names, data = self.names, self.data
        n = len(names)
        tail = memoryview(data)[len(data) - 2 * n:]
        which, rules = tail[0::2].tolist(), tail[1::2].tolist()
        k = max(which) + 1 if which else 0
        total = (len(data) - 10 * n - 4 * k) // 16
        doubles = memoryview(data)[:8 * (n + total)].cast("d").tolist()
        ints = memoryview(data)[8 * (n + total):len(data) - 2 * n].cast("i").tolist()
        new, lists, at = tuple.__new__, [], 0
        for count in ints[:k]:
            end = at + count
            lists.append(tuple([new(Pair, p) for p in zip(ints[k + at:k + end], ints[k + total + at:k + total + end],
                                                         doubles[n + at:n + end], strict=True)]))
            at = end
        plain = {name: Mapping(name, lists[w], int(tp) if r & _INT_TP else tp, _RULES[r & ~_INT_TP])
                 for name, w, r, tp in zip(names, which, rules, doubles[:n], strict=True)}
        _keep_unpacked(self, plain)
        return plain


UNPACKED_KEPT = 64
"""How many documents keep their unpacked mappings (the shown document's views read them many times)."""

_kept = KeptUnpacked(UNPACKED_KEPT)
_keep_unpacked = _kept.keep


def pack_mappings(mappings: dict[str, Mapping]) -> PackedMappings | dict[str, Mapping]:
    """`mappings` packed; as given when a record cannot be read back equal from the packed form (a mapping
    filed under another combination's name, an index past a 4-byte int, a value of another type)."""
    names = tuple(mappings)
    lists: list[tuple[Pair, ...]] = []
    which: list[int] = []
    tps: list[float] = []
    codes: list[int] = []
    for name, m in mappings.items():
        rule = _RULE_CODE.get(m.rule)
        if m.combination != name or rule is None or type(m.tp) not in (float, int) or abs(m.tp) > 2**53:
            return mappings
        rule += _INT_TP if type(m.tp) is int else 0  # `sum()` of no Dice is the int 0
        pairs = m.pairs
        w = next((at for at, seen in enumerate(lists) if seen is pairs or seen == pairs), len(lists))
        if w == len(lists):
            lists.append(pairs)
        which.append(w)
        tps.append(m.tp)
        codes += (w, rule)
    every = [p for pairs in lists for p in pairs]
    golds, systems, dice = [p[0] for p in every], [p[1] for p in every], [p[2] for p in every]
    if len(lists) > 255 or {*map(type, every)} - {Pair} or {*map(type, golds), *map(type, systems)} - {int} \
            or {*map(type, dice)} - {float}:
        return mappings
    try:
        packed = array("i", golds), array("i", systems)
    except OverflowError:
        return mappings
    data = b"".join((array("d", tps + dice).tobytes(), array("i", map(len, lists)).tobytes(),
                     packed[0].tobytes(), packed[1].tobytes(), bytes(codes)))
    return PackedMappings(names, data)


EMPTY = PackedMappings((), b"")
"""No mappings (a document made without them)."""


class MappingsField(SlotKept):
    """A scored document's `mappings` field: given a dict of `Mapping`, keeps it packed (`pack_mappings`) and
    reads as an equal dict. A data descriptor, as `evmeval.model.PackedField`: the frozen dataclass'
    `__init__`, `__eq__`, `__repr__` and `dataclasses.replace` go through it. Its default is no mappings. Kept in
    the field's slot (`packed_slots`)."""

    @overload
    def __get__(self, holder: None, owner: Any) -> PackedMappings: ...

    @overload
    def __get__(self, holder: object, owner: Any) -> dict[str, Mapping]: ...

    def __get__(self, holder: object | None, owner: Any) -> dict[str, Mapping] | PackedMappings:
        if holder is None:
            return EMPTY  # the dataclass' default: an immutable value, so no default_factory is needed
        kept = self.kept(holder)
        return kept.unpack() if type(kept) is PackedMappings else kept  # type: ignore[no-any-return]

    def __set__(self, holder: object, value: dict[str, Mapping] | PackedMappings) -> None:
        self.keep(holder, value if type(value) is PackedMappings else pack_mappings(value))  # type: ignore[arg-type]
