"""One rule for the text of a token-mode document (evmeval.io.text), shared by the window and the HTML report."""

from __future__ import annotations

from pathlib import Path

from evmeval.io.loading import load_inputs
from evmeval.io.text import (
    MISMATCH_NOTICE,
    NO_TEXT_NOTICE,
    TEXT_FILE,
    TOKEN_TABLE,
    find_text_shift,
    token_document_text,
)
from evmeval.io.tokens import parse_token_table
from evmeval.mention.scoring import score_files
from evmeval.model import Token, TokenTable
from evmeval.report.html_report import format_html_report

TEXT = "when OH made her way home\n"


def table() -> TokenTable:
    words, tokens, pos = TEXT.split(), [], 0
    for number, word in enumerate(words):
        start = TEXT.index(word, pos)
        tokens.append(Token(f"t{number}", word, start, start + len(word) - 1))
        pos = start + len(word)
    return TokenTable("d", tuple(tokens))


def test_a_text_file_at_the_offsets_is_used_as_is():
    shown = token_document_text(table(), TEXT)
    assert (shown.text, shown.shift, shown.source, shown.notice) == (TEXT, 0, TEXT_FILE, "")


def test_a_shift_of_up_to_three_characters_either_way_is_aligned():
    for shift in (1, 2, 3):
        assert find_text_shift(table().tokens, "\n" * shift + TEXT) == shift
    later = tuple(t._replace(first=t.first + 2, last=t.last + 2) for t in table().tokens)
    assert find_text_shift(later, TEXT) == -2
    assert find_text_shift(table().tokens, "\n" * 4 + TEXT) is None
    shown = token_document_text(table(), "\n\n" + TEXT)
    token = table().tokens[2]
    assert shown.text[slice(*shown.token_range(token))] == "made"


def test_a_text_that_does_not_fit_or_is_missing_is_rebuilt_from_the_table():
    wrong = token_document_text(table(), "a completely different text of some length\n")
    assert (wrong.source, wrong.notice, wrong.shift) == (TOKEN_TABLE, MISMATCH_NOTICE, 0)
    assert wrong.text.split() == TEXT.split()
    missing = token_document_text(table(), None)
    assert (missing.source, missing.notice) == (TOKEN_TABLE, NO_TEXT_NOTICE)


def test_published_example2_reads_correctly_in_the_report(evmeval_data: Path):
    folder = evmeval_data / "scoring_demo" / "token_based"
    text = (folder / "txt" / "example2.tkn.txt").read_text(encoding="utf-8")
    rows = parse_token_table((folder / "tkn" / "example2.tab").read_text(encoding="utf-8"), doc_id="example2")
    shown = token_document_text(rows, text)
    assert (shown.source, shown.shift) == (TEXT_FILE, 1)  # the file starts with an extra newline
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "sample_system_C.tbf"),
                         token_dir=str(folder / "tkn"), text_dir=str(folder / "txt"))
    page = format_html_report(score_files(inputs.gold, inputs.system), inputs, {})
    errors = page[page.index("<h2>Errors by document"):]
    assert "text does not match" not in errors and "does not match the token" not in errors
    assert '<span class="o-attribute g">nominating</span> a Ken Doll' in errors
    assert '<span class="o-attribute g">created</span><span class="o-attribute g"> jobs</span>' not in errors
