"""A token table is read by one rule, row by row (`evmeval.io.tokens.parse_token_row`): the window, the
scorer and the report's snippets all read it through `parse_token_table` (second forms measured and
deleted: docs/developer.md, "Second forms of a rule")."""

from __future__ import annotations

import re

import pytest
from evmeval.io import tokens as tk
from evmeval.io.errors import FormatError
from evmeval.model import Token
from hypothesis import given, settings
from hypothesis import strategies as st

_word = st.text(alphabet="abcxyz", min_size=1, max_size=6)


@st.composite
def tables(draw):
    """A token table's text and the tokens it holds: usual `t<k>` ids (from 0 or 1) or odd ones, maybe
    a header, blank lines, an extra column, LF or CRLF."""
    words = draw(st.lists(_word, min_size=1, max_size=40))
    start = draw(st.sampled_from([0, 1]))
    odd_ids = draw(st.booleans())
    rows, tokens, pos = [], [], 0
    for k, w in enumerate(words):
        token_id = f"w{k * 7 % 13}_{k}" if odd_ids else f"t{k + start}"
        rows.append(f"{token_id}\t{w}\t{pos}\t{pos + len(w) - 1}" + draw(st.sampled_from(["", "", "\tx"])))
        tokens.append(Token(token_id, w, pos, pos + len(w) - 1))
        if draw(st.integers(0, 9)) == 0:
            rows.append(draw(st.sampled_from(["", "  "])))
        pos += len(w) + 1
    if draw(st.booleans()):
        rows.insert(0, "token_id\ttoken_str\ttkn_begin\ttkn_end")
    newline = draw(st.sampled_from(["\n", "\n", "\r\n"]))
    return newline.join(rows) + newline, tuple(tokens)


@settings(max_examples=150, deadline=None)
@given(tables())
def test_a_table_holds_the_tokens_written_in_it(case):
    text, tokens = case
    assert tk.parse_token_table(text, doc_id="d", path="d.tab").tokens == tokens


def test_every_row_is_read_by_the_one_row_rule(monkeypatch):
    """No second reading of the usual table: each non-blank line goes through `parse_token_row`."""
    seen: list[int] = []
    rule = tk.parse_token_row

    def counting(line, number, **kwargs):
        seen.append(number)
        return rule(line, number, **kwargs)

    monkeypatch.setattr(tk, "parse_token_row", counting)
    table = tk.parse_token_table("t0\tMonday\t17\t22\nt1\tafter\t24\t28\n", doc_id="d")
    assert table.tokens == (Token("t0", "Monday", 17, 22), Token("t1", "after", 24, 28)) and seen == [1, 2]


@pytest.mark.parametrize(("text", "message"), [
    ("t0\tx\t5\t3\n", "d.tab:1: token offsets 5..3 are not a valid range"),
    ("\r\nt0\ta\t0\t0\r\nt1\tb\tx\t2\r\n", "d.tab:3: offsets 'x', '2' are not whole numbers"),
    ("t0\ta\t0\t0\n\nid\tstr\tbegin\tend\n", "d.tab:3: offsets 'begin', 'end' are not whole numbers"),
    ("t0\ta\t0\t0\nt1\tonly\n", "d.tab:2: token row has 2 tab-separated columns"),
])
def test_a_bad_row_is_named_by_its_line(text, message):
    with pytest.raises(FormatError, match=re.escape(message)):
        tk.parse_token_table(text, doc_id="d", path="d.tab")


_field = st.sampled_from(["0", "3", "7", " 4 ", "12", "+2", "1_0", "-1", "x", "", "٣", "2\r"])


@st.composite
def rough_tables(draw):
    """Any mix of rows the rule takes and rows it refuses or skips: odd offsets, spaces around ids,
    repeated ids, blank lines, a header, missing or extra columns, CRLF, no final newline."""
    rows = []
    for k in range(draw(st.integers(0, 12))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            rows.append(draw(st.sampled_from(["", "  ", "\r", "\t\t\t", "id\tstr\tbegin\tend", "t0\tonly"])))
        else:
            token_id = draw(st.sampled_from([f"t{k}", f" t{k} ", "t1", "w"]))
            extra = "\tx" if kind == 1 else ""
            rows.append(f"{token_id}\t{draw(_word)}\t{draw(_field)}\t{draw(_field)}{extra}")
    return "\n".join(rows) + draw(st.sampled_from(["\n", ""]))


@settings(max_examples=400, deadline=None)
@given(st.one_of(tables().map(lambda case: case[0]), rough_tables()))
def test_plain_rows_are_exactly_the_whole_tables_tokens(text):
    """`plain_token_rows` (the rows parsed only when asked for) is given only for a table whose every
    line the rule makes a token of, and then holds exactly the whole parse's tokens, ids found as a
    dict of the tokens finds them (the last row of an id)."""
    rows = tk.plain_token_rows(text, path="d.tab")
    try:
        whole = tk.parse_token_table(text, doc_id="d", path="d.tab").tokens
    except FormatError:
        assert rows is None
        return
    if rows is None:
        return
    assert list(rows) == list(whole) and len(rows) == len(whole) > 0
    assert rows[::3] == list(whole[::3]) and rows[-1] == whole[-1]
    by_id = {t.id: t for t in whole}
    assert all(rows.token(i) == t for i, t in by_id.items()) and rows.token("nowhere") is None


def test_a_usual_table_is_plain_and_odd_ones_are_parsed_whole():
    assert tk.plain_token_rows("t0\tMonday\t17\t22\nt1\tafter\t24\t28\n") is not None
    assert tk.plain_token_rows("t0\tMonday\t17\t22\r\nt1\tafter\t24\t28") is not None
    for text in ("id\tstr\tbegin\tend\nt0\ta\t0\t0\n", "t0\ta\t0\t0\n\nt1\tb\t2\t2\n", "t0\ta\t5\t3\n", "",
                 "t0\ta\t0\t0\tx\n"):
        assert tk.plain_token_rows(text) is None
    assert tk.plain_token_rows("t0\ta\t0\t0\n", offset_fields=(3, 2)) is None
