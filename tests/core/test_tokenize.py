"""The demo tokenizer: fixed examples for each rule, invariants over arbitrary text."""

from __future__ import annotations

import itertools
import string

import pytest
from evmeval.io.tokenize import tokenize, write_token_table
from evmeval.io.tokens import format_token_table, parse_token_table, read_token_table
from hypothesis import given, settings
from hypothesis import strategies as st


def texts(text: str) -> list[str]:
    return [t.text for t in tokenize(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dockers walked out.", ["Dockers", "walked", "out", "."]),
        ("It rose 3.5 percent, to 1,200 tonnes.",
         ["It", "rose", "3.5", "percent", ",", "to", "1,200", "tonnes", "."]),
        ("They didn't stop; the port's gates shut.",
         ["They", "did", "n't", "stop", ";", "the", "port", "'s", "gates", "shut", "."]),
        ("We're here, we'll stay, I'm sure they've gone, she'd know.",
         ["We", "'re", "here", ",", "we", "'ll", "stay", ",", "I", "'m", "sure", "they", "'ve", "gone", ",",
          "she", "'d", "know", "."]),
        ("DON'T", ["DO", "N'T"]),
        ("the mayor\u2019s office", ["the", "mayor", "\u2019s", "office"]),
        ("O'Brien's well-known cease-fire", ["O'Brien", "'s", "well-known", "cease-fire"]),
        ("the workers' union", ["the", "workers", "'", "union"]),
        ("(in 2015.)", ["(", "in", "2015", ".", ")"]),
        ("1,200,000.5,", ["1,200,000.5", ","]),
        ("end.Next a,b 3.x x.3 B2.5", ["end", ".", "Next", "a", ",", "b", "3", ".", "x", "x", ".", "3", "B2.5"]),
        ("a -- b", ["a", "-", "-", "b"]),
        ("n't 's", ["n't", "'", "s"]),
        ("\u00e9t\u00e9 na\u00efve", ["\u00e9t\u00e9", "na\u00efve"]),
        ("", []),
        (" \t\r\n ", []),
    ],
)
def test_rules(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_offsets_count_raw_characters_and_last_is_inclusive() -> None:
    tokens = tokenize("Ab\r\ncd.")
    assert [(t.id, t.text, t.first, t.last) for t in tokens] == [
        ("t1", "Ab", 0, 1), ("t2", "cd", 4, 5), ("t3", ".", 6, 6)]


# Letters, digits, the connectors the rules care about, whitespace and anything else.
TRICKY = st.sampled_from([*"aZ09.,-'\u2019 \t\n\r\u00a0_!\u00e9\u00b2", "n't", "'s", "'ll", "1,2", "3.4"])
ANY_TEXT = st.one_of(st.text(), st.lists(TRICKY, max_size=40).map("".join))


@settings(max_examples=300)
@given(ANY_TEXT)
def test_offsets_slice_back_to_the_token_text(text: str) -> None:
    for t in tokenize(text):
        assert t.first <= t.last
        assert text[t.first:t.last + 1] == t.text


@settings(max_examples=300)
@given(ANY_TEXT)
def test_tokens_are_in_order_and_never_overlap(text: str) -> None:
    tokens = tokenize(text)
    for a, b in itertools.pairwise(tokens):
        assert a.last < b.first


@settings(max_examples=300)
@given(ANY_TEXT)
def test_every_non_space_character_is_inside_a_token_and_no_space_is(text: str) -> None:
    covered = set()
    for t in tokenize(text):
        covered.update(range(t.first, t.last + 1))
    for i, ch in enumerate(text):
        assert (i in covered) == (not ch.isspace()), (i, ch)


@settings(max_examples=300)
@given(ANY_TEXT)
def test_ids_are_t1_to_tn(text: str) -> None:
    tokens = tokenize(text)
    assert [t.id for t in tokens] == [f"t{k}" for k in range(1, len(tokens) + 1)]


@settings(max_examples=100)
@given(st.text(alphabet=string.ascii_letters + string.digits + " .,'-\n", max_size=200))
def test_tokenizing_is_deterministic_and_stable_under_whitespace_padding(text: str) -> None:
    plain = [(t.text, t.first) for t in tokenize(text)]
    assert [(t.text, t.first) for t in tokenize(text)] == plain
    padded = [(t.text, t.first - 2) for t in tokenize("  " + text + " ")]
    assert padded == plain


def test_written_table_reads_back(tmp_path) -> None:
    text = "Talks resumed on Monday, and the strike didn't end.\n"
    tokens = tokenize(text)
    path = tmp_path / "sub" / "doc.tab"
    path.parent.mkdir()  # an existing folder: outputs never make their folder
    write_token_table(str(path), tokens)
    table = read_token_table(str(path), doc_id="doc")
    assert list(table.tokens) == tokens
    assert path.read_text(encoding="utf-8").splitlines()[0] == "t1\tTalks\t0\t4"


@settings(max_examples=200)
@given(ANY_TEXT)
def test_table_text_parses_back_to_the_same_tokens(text: str) -> None:
    tokens = tokenize(text)
    assert list(parse_token_table(format_token_table(tokens), doc_id="d").tokens) == tokens
