"""A TextEE/DyGIE++ mention id names its window (or sentence) and its number there: one rule each way."""

from __future__ import annotations

from evmeval.conventions.items import Item
from evmeval.conventions.ours import mention_id, mention_unit


def test_mention_unit_inverts_mention_id() -> None:
    assert mention_unit("ENG_NW_20030401.0476-3:E12") == ("ENG_NW_20030401.0476-3", "E12")
    assert mention_unit("0:E0") == ("0", "E0")
    for other in ("E1", "doc:Ex", ":E1", "a:E"):
        assert mention_unit(other) == ("", other)


def test_round_trip_through_an_item() -> None:
    item = Item("gold", "ENG_NW_1", "ENG_NW_1-3", 7, -1, 2, 3, "Attack")
    assert mention_unit(mention_id(item)) == ("ENG_NW_1-3", "E7")
