"""Token tables read for a few rows (evmeval.io.token_rows) give what the whole table gives."""

from __future__ import annotations

import evmeval.report.snippets as snippets
from evmeval.io.errors import FormatError
from evmeval.io.loading import load_inputs
from evmeval.io.text import find_text_shift
from evmeval.io.token_rows import TokenRows, read_token_rows
from evmeval.io.tokens import parse_token_table, read_token_table
from evmeval.mention.outcomes import mapping_rows
from evmeval.mention.scoring import score_files
from evmeval.model import TokenTable
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.gui.corpus_factory import write_corpus

_word = st.text(alphabet="abcxyz", min_size=1, max_size=6)


@st.composite
def tables(draw):
    """A token table's text: usual `t<k>` ids (from 0 or 1) or odd ones, maybe a header or a CRLF."""
    words = draw(st.lists(_word, min_size=1, max_size=40))
    start = draw(st.sampled_from([0, 1]))
    odd_ids = draw(st.booleans())
    rows, pos = [], 0
    for k, w in enumerate(words):
        token_id = f"w{k * 7 % 13}_{k}" if odd_ids else f"t{k + start}"
        rows.append(f"{token_id}\t{w}\t{pos}\t{pos + len(w) - 1}")
        pos += len(w) + 1
    if draw(st.booleans()):
        rows.insert(0, "token_id\ttoken_str\ttkn_begin\ttkn_end")
    newline = draw(st.sampled_from(["\n", "\n", "\r\n"]))
    return newline.join(rows) + newline


@settings(max_examples=80, deadline=None)
@given(tables(), st.data())
def test_rows_and_lookups_equal_the_whole_table(tmp_path_factory, text, data):
    path = tmp_path_factory.mktemp("tab") / "d.tab"
    path.write_bytes(text.encode("utf-8"))
    whole = parse_token_table(text, doc_id="d", path=str(path))
    read = read_token_rows(str(path), doc_id="d")
    if isinstance(read, TokenTable):
        assert read.tokens == whole.tokens                       # not plain: parsed whole, by the same rule
        return
    assert len(read) == len(whole.tokens) and list(read) == list(whole.tokens)
    step = data.draw(st.integers(1, 5))
    assert read[::step] == list(whole.tokens[::step])
    asked = data.draw(st.lists(st.sampled_from([t.id for t in whole.tokens] + ["t999", "nope"]), max_size=10))
    by_id = {t.id: t for t in whole.tokens}
    assert read.find(asked) == {i: by_id[i] for i in asked if i in by_id}


def test_a_bad_row_is_reported_when_it_is_needed(tmp_path):
    path = tmp_path / "d.tab"
    path.write_text("t1\ta\t0\t0\nt2\tb\tx\t2\nt3\tc\t4\t4\n", encoding="utf-8")
    rows = read_token_rows(str(path), doc_id="d")
    assert isinstance(rows, TokenRows)
    assert rows.find(["t3"])["t3"].first == 4                    # a row elsewhere being bad does not matter
    try:
        rows.find(["t2"])
    except FormatError as exc:
        assert exc.problem.line == 2 and "not whole numbers" in str(exc)
    else:
        raise AssertionError("the malformed row was not reported")
    try:
        rows[0:3]
    except FormatError as exc:
        assert exc.problem.line == 2
    else:
        raise AssertionError("the malformed row was not reported")


def test_the_sample_aligns_a_shifted_text_as_the_whole_table_does(tmp_path):
    path = tmp_path / "d.tab"
    path.write_text("t1\tRebels\t0\t5\nt2\tattacked\t7\t14\n", encoding="utf-8")
    rows = read_token_rows(str(path), doc_id="d")
    assert isinstance(rows, TokenRows)
    text = "\nRebels attacked"
    assert find_text_shift(rows, text) == find_text_shift(parse_token_table(path.read_text(), doc_id="d").tokens,
                                                          text) == 1


def test_snippets_from_partial_rows_equal_those_from_whole_tables(tmp_path, monkeypatch):
    folder = write_corpus(tmp_path / "corpus")
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "system.tbf"), token_dir=str(folder / "tkn"),
                         text_dir=str(folder / "txt"))
    result = score_files(inputs.gold, inputs.system)

    def all_snippets() -> list[str]:
        out = []
        for doc in result.documents:
            text = snippets.DocumentSnippets(inputs, doc.doc_id)
            out += [text.problem] + [text.snippet(r) for r in mapping_rows(doc, "mention_type+realis_status")]
        return out

    partial = all_snippets()
    def whole(path: str, *, doc_id: str, offset_fields: tuple[int, int]) -> TokenTable:
        return read_token_table(path, doc_id=doc_id, offset_fields=offset_fields)

    monkeypatch.setattr(snippets, "read_token_rows", whole)
    assert all_snippets() == partial
    assert any('class="o-' in s for s in partial)               # the comparison compared shaded snippets
