"""A plain token-mode document's segments made a column at a time (`doctext._plain_segments`, issue 34) are the
segments of the general reading (`_segments_in_order`), and any other document falls back to it."""

from __future__ import annotations

from operator import attrgetter

from evmeval.io.text import token_document_text
from evmeval.model import Token, TokenTable
from hypothesis import given
from hypothesis import strategies as st

from evmeval_gui.model import doctext
from evmeval_gui.model.doctext import BREAK, SPACE, WORD, token_document

WORD_TEXT = st.text(alphabet=st.sampled_from("abé·"), min_size=1, max_size=4)
GAP = st.sampled_from([" ", "\n"])
ODD = st.sampled_from(["", "  ", "\n\n", "\t", "\u00a0", " x ", "\r\n"])


def general(tokens: tuple[Token, ...], text: str, shift: int) -> list[doctext.Segment]:
    return doctext._segments_in_order(sorted(tokens, key=attrgetter("first")), text, shift)


@st.composite
def documents(draw: st.DrawFn) -> tuple[tuple[Token, ...], str, int, bool]:
    """Tokens laid one gap apart (plain) and then, maybe, one thing spoilt: a wider or odd gap, a blank in a token,
    a token moved, its end past the text, a shift, blanks before or after the words."""
    words = draw(st.lists(WORD_TEXT, min_size=1, max_size=8))
    gaps = [draw(GAP) for _ in words[1:]]
    head, tail = draw(st.sampled_from(["", " ", "\n", "\n\n", " \t"])), draw(st.sampled_from(["", "\n", "  "]))
    spoilt = draw(st.sampled_from(["none", "gap", "blank", "move", "end", "shift", "order"]))
    if spoilt == "gap" and gaps:
        gaps[draw(st.integers(0, len(gaps) - 1))] = draw(ODD)
    if spoilt == "blank":
        k = draw(st.integers(0, len(words) - 1))
        words[k] = words[k][:1] + draw(st.sampled_from([" ", "\n", "\u00a0"])) + words[k][1:]
    text, at, tokens = head, len(head), []
    for k, word in enumerate(words):
        if k:
            text += gaps[k - 1]
            at += len(gaps[k - 1])
        tokens.append(Token(f"t{k}", word, at, at + len(word) - 1))
        text += word
        at += len(word)
    text += tail
    shift = 0
    if spoilt == "move":
        k, by = draw(st.integers(0, len(tokens) - 1)), draw(st.sampled_from([-2, -1, 1, 2]))
        tokens[k] = tokens[k]._replace(first=tokens[k].first + by)
    if spoilt == "end":
        tokens[-1] = tokens[-1]._replace(last=tokens[-1].last + draw(st.integers(1, 3)) + len(tail))
    if spoilt == "shift":
        shift = draw(st.sampled_from([-1, 1]))
    if spoilt == "order" and len(tokens) > 1:
        tokens.reverse()
    return tuple(tokens), text, shift, spoilt == "none" or (spoilt == "gap" and not gaps)


@given(documents())
def test_the_plain_reading_gives_the_general_segments_or_none(document: tuple[tuple[Token, ...], str, int, bool]):
    tokens, text, shift, plain = document
    made = doctext._plain_segments(tokens, text, shift)
    if plain:
        assert made is not None, "a plain document is read a column at a time"
    if made is not None:
        assert made == general(tokens, text, shift)


@given(documents())
def test_a_token_document_is_the_same_either_way(document: tuple[tuple[Token, ...], str, int, bool]):
    """Its segments, units and labels (the table order is the reading order only for a plain document)."""
    tokens, text, _, _ = document
    table = TokenTable("d", tokens)
    doc = token_document("d", [], [], table, text)
    shown = token_document_text(table, text)
    assert list(doc.segments) == general(tokens, shown.text, shown.shift)
    labels = tuple(t.id for t in sorted(tokens, key=attrgetter("first")))
    assert doc.unit_labels == labels
    assert [s.unit for s in doc.segments if s.unit >= 0] == list(range(len(labels)))


def test_a_sentence_per_line_is_read_plainly() -> None:
    """The shape of a JSONL corpus's text (`corpus.document_text`): words one space apart, a line per sentence."""
    text = "We  saw it\nthen left"
    tokens = (Token("0:t0", "We", 0, 1), Token("0:t1", "", 3, 3), Token("0:t2", "saw", 4, 6),
              Token("0:t3", "it", 8, 9), Token("1:t0", "then", 11, 14), Token("1:t1", "left", 16, 19))
    assert doctext._plain_segments(tokens, text, 0) is None  # an empty token shown as a space: not plain
    text = "We saw it\nthen left"
    tokens = (Token("0:t0", "We", 0, 1), Token("0:t1", "saw", 3, 5), Token("0:t2", "it", 7, 8),
              Token("1:t0", "then", 10, 13), Token("1:t1", "left", 15, 18))
    made = doctext._plain_segments(tokens, text, 0)
    assert made is not None
    assert [(s.kind, s.text, s.unit, s.repeat) for s in made] == [
        (WORD, "We", 0, 0), (SPACE, " ", -1, 1), (WORD, "saw", 1, 0), (SPACE, " ", -1, 1), (WORD, "it", 2, 0),
        (BREAK, "\n", -1, 1), (WORD, "then", 3, 0), (SPACE, " ", -1, 1), (WORD, "left", 4, 0)]
    assert made == general(tokens, text, 0)
