"""`corpus.document_text`: the text and token table a JSONL corpus's document is shown with, made a column at a time
(issue 34): every token's characters are where its offsets say, a line per unit, one space between two tokens."""

from __future__ import annotations

import itertools

from evmeval.conventions.corpus import document_text
from evmeval.conventions.ours import Unit
from hypothesis import given
from hypothesis import strategies as st

WORDS = st.text(alphabet=st.sampled_from("ab é\t\n\u00a0"), max_size=4)
UNITS = st.lists(st.lists(WORDS, max_size=6), max_size=5)


@given(UNITS, st.integers(0, 3))
def test_each_token_sits_at_its_offsets_a_line_per_unit(tokens: list[list[str]], first: int) -> None:
    units = [Unit(str(k), words, f"{k}:", first) for k, words in enumerate(tokens)]
    text, table = document_text("d", units)
    shown = [" ".join(w or " " for w in words) for words in tokens]
    assert text == "\n".join(shown)
    assert [t.id for t in table.tokens] == [i for unit in units for i in unit.ids]
    assert [t.text for t in table.tokens] == [w for words in tokens for w in words]
    for token in table.tokens:
        assert text[token.first:token.last + 1] == (token.text or " ")
    lines = [0]  # where each unit's line begins
    for line in shown:
        lines.append(lines[-1] + len(line) + 1)
    placed = iter(table.tokens)
    for k, words in enumerate(tokens):  # a unit's tokens on its own line, one space apart
        row = [next(placed) for _ in words]
        if row:
            assert row[0].first == lines[k]
            assert row[-1].last + 1 == lines[k + 1] - 1
        assert all(b.first == a.last + 2 for a, b in itertools.pairwise(row))


def test_an_empty_token_is_one_space_wide() -> None:
    text, table = document_text("d", [Unit("0", ["a", "", "bc"], "0:"), Unit("1", [], "1:"), Unit("2", ["d"], "2:")])
    assert text == "a   bc\n\nd"
    assert [(t.id, t.text, t.first, t.last) for t in table.tokens] == [
        ("0:t0", "a", 0, 0), ("0:t1", "", 2, 2), ("0:t2", "bc", 4, 5), ("2:t0", "d", 8, 8)]
