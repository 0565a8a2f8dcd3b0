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
