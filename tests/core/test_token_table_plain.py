"""The all-rows-at-once reading of a token table gives exactly what the row-by-row rule gives."""

from __future__ import annotations

import re

import pytest
from evmeval.io import tokens as tk
from evmeval.io.errors import FormatError
from hypothesis import given, settings
from hypothesis import strategies as st

CELL = st.text(alphabet=st.sampled_from("tx01 -9\r"), max_size=4)
NUMBER = st.one_of(st.integers(-3, 40).map(str), CELL)
ROW = st.one_of(
    st.tuples(CELL, CELL, NUMBER, NUMBER).map("\t".join),
    st.tuples(CELL, CELL, NUMBER, NUMBER, CELL).map("\t".join),
    st.sampled_from(["", "  ", "token_id\ttoken_str\ttkn_begin\ttkn_end", "t1\tonly"]),
)


def _outcome(read):  # (tokens, None) or (None, message)
    try:
        return read(), None
    except FormatError as exc:
        return None, str(exc)


@settings(max_examples=300, deadline=None)
@given(rows=st.lists(ROW, max_size=8), ending=st.sampled_from(["", "\n", "\n\n", "\r\n"]),
       offsets=st.sampled_from([(2, 3), (3, 2), (0, 2)]))
def test_plain_reading_equals_the_row_rule(rows: list[str], ending: str, offsets: tuple[int, int]) -> None:
    text = "\n".join(rows) + ending
    whole = _outcome(lambda: tk.parse_token_table(text, doc_id="d", path="d.tab", offset_fields=offsets).tokens)
    by_row = _outcome(lambda: tk._rows_one_by_one(text, "d.tab", offsets))
    assert whole == by_row


def test_the_usual_table_is_read_at_once_and_an_unusual_one_row_by_row() -> None:
    plain = "t0\tMonday\t17\t22\nt1\tafter\t24\t28\n"
    assert tk._plain_table(plain, (2, 3)) == (("t0", "Monday", 17, 22), ("t1", "after", 24, 28))
    for unusual in ("id\tstr\tbegin\tend\n" + plain, plain + "\n", plain.replace("\n", "\r\n"), "t0\tx\t5\t3\n"):
        assert tk._plain_table(unusual, (2, 3)) is None
    with pytest.raises(FormatError, match=re.escape("d.tab:1: token offsets 5..3")):
        tk.parse_token_table("t0\tx\t5\t3\n", doc_id="d", path="d.tab")
