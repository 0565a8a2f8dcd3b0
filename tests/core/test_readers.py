"""Readers: tbf files and token tables, the tolerant parts and the strict ones.

Round trips are checked with hypothesis; malformed input must raise `FormatError` naming the file
and the offending line, with what was expected.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.align.charsets import merged_parts
from evmeval.io.errors import FormatError
from evmeval.io.loading import TokenSource, read_type_whitelist
from evmeval.io.reading import read_text
from evmeval.io.tbf import format_mention, format_tbf, parse_tbf, read_tbf
from evmeval.io.tokens import (
    format_token_table,
    parse_offset_fields,
    parse_token_table,
    read_token_table,
)
from evmeval.model import Document, Mention, Relation, SpanMode, Token, TokenTable, canonical
from hypothesis import given, settings
from hypothesis import strategies as st

DATA = Path(__file__).resolve().parent.parent / "data"
SETTINGS = settings(max_examples=200, deadline=None)

# --- tbf round trip -------------------------------------------------------------------------------------

# Field values as they occur in real files: no tabs or line breaks; the first and last field of a
# line carry no surrounding whitespace (lines are stripped), and `#`/`@` would start a comment or
# relation when leading a line.
WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.", min_size=1,
               max_size=8)
RUN_OR_DOC = WORD.map(lambda w: "r" + w)
TYPE_OR_REALIS = WORD.map(lambda w: "T" + w)
"""Prefixed apart: a type equal to a run or doc id is the separate (xfail) case below."""
INNER = st.text(alphabet="abcxyz ÄéΩ中,;:_-#@'\"0123456789", max_size=10)
"""A middle field: may be empty, hold spaces, punctuation or non-ASCII text."""
TOKEN_ID = st.text(alphabet="tT0123456789_-.", min_size=1, max_size=4)


@st.composite
def mentions(draw: st.DrawFn, doc_id: str, mode: SpanMode) -> tuple[Mention, ...]:
    out = []
    for _ in range(draw(st.integers(0, 4))):
        if mode is SpanMode.TOKEN:
            span: tuple = tuple(draw(st.lists(TOKEN_ID, min_size=1, max_size=4)))
        else:
            span = tuple((b, b + n) for b, n in draw(st.lists(st.tuples(st.integers(0, 500), st.integers(0, 30)),
                                                               min_size=1, max_size=3)))
        raw_type, raw_realis = draw(TYPE_OR_REALIS), draw(TYPE_OR_REALIS)
        score = draw(st.none() | WORD)
        out.append(Mention(draw(RUN_OR_DOC), doc_id, draw(INNER), span, draw(INNER), canonical(raw_type),
                           canonical(raw_realis), raw_type, raw_realis, score, 0))
    return tuple(out)


@st.composite
def documents(draw: st.DrawFn, mode: SpanMode) -> list[Document]:
    ids = draw(st.lists(RUN_OR_DOC, min_size=1, max_size=3, unique=True))
    docs = []
    for doc_id in ids:
        relations = tuple(Relation(draw(st.sampled_from(["Coreference", "After", "Subevent"])), draw(WORD),
                                   tuple(draw(st.lists(WORD, min_size=1, max_size=3))), 0)
                          for _ in range(draw(st.integers(0, 2))))
        docs.append(Document(doc_id, draw(mentions(doc_id, mode)), relations))
    return docs


@SETTINGS
@given(mode=st.sampled_from([SpanMode.TOKEN, SpanMode.CHAR]), data=st.data())
def test_format_then_parse_gives_the_same_mentions(mode: SpanMode, data: st.DataObject) -> None:
    docs = data.draw(documents(mode))
    text = format_tbf(docs)
    parsed, problems = parse_tbf(text, path="x.tbf", mode=mode)
    assert problems == []
    assert list(parsed.documents) == [d.doc_id for d in docs]
    lines = text.split("\n")
    for doc in docs:
        back = parsed.documents[doc.doc_id]
        assert [m._replace(line=0) for m in back.mentions] == list(doc.mentions)
        assert [r._replace(line=0) for r in back.relations] == list(doc.relations)
        for m in back.mentions:  # each mention knows its own line
            assert lines[m.line - 1] == format_mention(m)
        assert lines[back.line - 1] == f"#BeginOfDocument {doc.doc_id}"


def test_comments_blank_lines_and_surrounding_whitespace() -> None:
    text = ("# a comment\n\n  #BeginOfDocument   d1  \n# another\n"
            "  r\td1\tE1\tt1,t2\tthe text\tConflict_Attack\tActual\t0.5 \r\n\n"
            "@Coreference\tC1\tE1, E2\n#EndOfDocument\n")
    parsed, problems = parse_tbf(text, path="x.tbf", mode=SpanMode.TOKEN)
    # the blank inside the relation's ids is not surrounding whitespace: v1.8 keeps it, and so do we, warned
    assert [(p.line, p.fatal) for p in problems] == [(7, False)]
    (m,) = parsed.documents["d1"].mentions
    assert (m.run_id, m.span, m.text, m.mention_type, m.realis, m.score, m.line) == \
        ("r", ("t1", "t2"), "the text", "conflictattack", "actual", "0.5", 5)
    (r,) = parsed.documents["d1"].relations
    assert (r.kind, r.relation_id, r.mention_ids, r.line) == ("Coreference", "C1", ("E1", " E2"), 7)


def test_repeated_document_last_copy_wins_with_a_warning() -> None:
    text = ("#BeginOfDocument d\nr\td\tE1\tt1\tx\tA\tActual\n#EndOfDocument\n"
            "#BeginOfDocument d\nr\td\tE9\tt9\tx\tA\tActual\n#EndOfDocument\n")
    parsed, problems = parse_tbf(text, path="x.tbf", mode=SpanMode.TOKEN)
    assert [m.mention_id for m in parsed.documents["d"].mentions] == ["E9"]
    (problem,) = problems
    assert not problem.fatal and problem.line == 6 and "appears again" in problem.message


def test_empty_file_is_an_empty_annotation_with_a_warning() -> None:
    parsed, problems = parse_tbf("", path="x.tbf", mode=SpanMode.TOKEN)
    assert parsed.documents == {}
    assert [p.fatal for p in problems] == [False]


MALFORMED_TBF = [
    # (text, mode, line, words in the message, words in `expected`)
    ("#BeginOfDocument d\nr\td\tE1\tt1\tx\tA\n#EndOfDocument\n", SpanMode.TOKEN, 2, "too few fields (6)",
     "7 or 8 tab-separated fields"),
    ("#BeginOfDocument d\n\nr\td\tE1\t4;8\tx\tA\tActual\n#EndOfDocument\n", SpanMode.CHAR, 3, "malformed span",
     "begin,end"),
    ("#BeginOfDocument d\nr\td\tE1\tt3,t5\tx\tA\tActual\n#EndOfDocument\n", SpanMode.CHAR, 2, "malformed span",
     "need a token folder (-t)"),
    ("#BeginOfDocument\nr\td\tE1\tt1\tx\tA\tActual\n#EndOfDocument\n", SpanMode.TOKEN, 1,
     "without a document id", "#BeginOfDocument <doc id>"),
    ("#BeginOfDocument d\n@Coreference\tC1\n#EndOfDocument\n", SpanMode.TOKEN, 2, "relation line has 2",
     "3: @Kind"),
    ("#EndOfDocument\n", SpanMode.TOKEN, 1, "without an open document", "#BeginOfDocument"),
    # what v1.8 crashes on (int() of Python 2 bytes, or no second number)
    ("#BeginOfDocument d\nr\td\tE1\t\u0664,\u0668\tx\tA\tActual\n#EndOfDocument\n", SpanMode.CHAR, 2,
     "digits other than ASCII 0-9", "ASCII digits 0-9"),
    ("#BeginOfDocument d\nr\td\tE1\t4_0,48\tx\tA\tActual\n#EndOfDocument\n", SpanMode.CHAR, 2,
     "other than whole numbers", "begin,end"),
    ("#BeginOfDocument d\nr\td\tE1\t4\tx\tA\tActual\n#EndOfDocument\n", SpanMode.CHAR, 2,
     "not a begin,end pair", "begin,end"),
    ("#BeginOfDocument d\nr\td\tE1\t\tx\tA\tActual\n#EndOfDocument\n", SpanMode.CHAR, 2,
     "not a begin,end pair", "begin,end"),
]


@pytest.mark.parametrize(("text", "mode", "line", "what", "expected"), MALFORMED_TBF)
def test_malformed_tbf_raises_format_error_at_the_line(tmp_path: Path, text: str, mode: SpanMode, line: int,
                                                       what: str, expected: str) -> None:
    path = tmp_path / "bad.tbf"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FormatError) as info:
        read_tbf(str(path), mode=mode)
    err = info.value
    assert (err.path, err.line) == (str(path), line)
    assert what in err.problem.message
    assert expected in err.problem.expected
    assert str(err).startswith(f"{path}:{line}: ")


def test_unclosed_last_document_is_dropped_as_v18_does_with_a_warning() -> None:
    text = ("#BeginOfDocument c\nr\tc\tE1\tt1\tx\tA\tActual\n#EndOfDocument\n"
            "#BeginOfDocument d\nr\td\tE1\tt1\tx\tA\tActual\n")
    parsed, problems = parse_tbf(text, path="x.tbf", mode=SpanMode.TOKEN)
    (problem,) = problems
    assert list(parsed.documents) == ["c"]
    assert not problem.fatal and problem.line == 4
    assert "never closed" in problem.message and "not scored" in problem.message


LENIENT_TBF = [
    # (text, mode, documents and their mention ids as v1.8 files them, line of the warning, words in it)
    ("r\td\tE0\tt1\tx\tA\tActual\n#BeginOfDocument d\nr\td\tE1\tt1\tx\tA\tActual\n#EndOfDocument\n",
     SpanMode.TOKEN, {"d": ["E0", "E1"]}, 1, "outside a document (line 1); v1.8 scores them in document 'd'"),
    ("#BeginOfDocument c\n#EndOfDocument\nr\td\tE0\tt1\tx\tA\tActual\n@Coreference\tC1\tE0,E1\n"
     "#BeginOfDocument d\nr\td\tE1\tt1\tx\tA\tActual\n#EndOfDocument\n",
     SpanMode.TOKEN, {"c": [], "d": ["E0", "E1"]}, 3, "outside a document (2 lines, 3 to 4)"),
    ("#BeginOfDocument d\n#EndOfDocument\nr\td\tE0\tt1\tx\tA\tActual\n", SpanMode.TOKEN, {"d": []}, 3,
     "v1.8 drops them"),
    ("#BeginOfDocument c\nr\tc\tE0\tt1\tx\tA\tActual\n#BeginOfDocument d\nr\td\tE1\tt1\tx\tA\tActual\n"
     "#EndOfDocument\n", SpanMode.TOKEN, {"d": ["E0", "E1"]}, 3, "'c' (line 1) is not closed; v1.8 scores its 1"),
    ("#BeginOfDocument d\nr\td\tE1\tt1\tx\tA\tActual\n#EndOfDocument\n#EndOfDocument\n", SpanMode.TOKEN,
     {"d": []}, 4, "without an open document; v1.8 files the 0 mention line(s)"),
    ("#BeginOfDocument d\nr\td\tE1\tt1,,t2\tx\tA\tActual\n#EndOfDocument\n", SpanMode.TOKEN, {"d": ["E1"]}, 2,
     "span 't1,,t2' has an empty token id"),
    ("#BeginOfDocument d\nr\td\tE1\t\tx\tA\tActual\n#EndOfDocument\n", SpanMode.TOKEN, {"d": ["E1"]}, 2,
     "empty span"),
    ("#BeginOfDocument d\nr\td\tE1\t4,0\tx\tA\tActual\n#EndOfDocument\n", SpanMode.CHAR, {"d": ["E1"]}, 2,
     "'4,0' ends before it begins; v1.8 reads it as no characters"),
    ("#BeginOfDocument d\nr\td\tE1\t-2,4\tx\tA\tActual\n#EndOfDocument\n", SpanMode.CHAR, {"d": ["E1"]}, 2,
     "'-2,4' has a negative offset; v1.8 counts characters -2 to 3"),
    ("#BeginOfDocument d\nr\td\tE1\t0,2,4\tx\tA\tActual\n#EndOfDocument\n", SpanMode.CHAR, {"d": ["E1"]}, 2,
     "'0,2,4' has 3 numbers; v1.8 reads the first two (0,2)"),
]


@pytest.mark.parametrize(("text", "mode", "documents", "line", "words"), LENIENT_TBF)
def test_what_v18_scores_is_read_as_v18_frames_it_with_a_warning(text: str, mode: SpanMode,
                                                                 documents: dict[str, list[str]], line: int,
                                                                 words: str) -> None:
    parsed, problems = parse_tbf(text, path="x.tbf", mode=mode)
    assert {d: [m.mention_id for m in doc.mentions] for d, doc in parsed.documents.items()} == documents
    assert [p.fatal for p in problems] == [False] * len(problems)
    assert any(p.line == line and words in p.message for p in problems), problems


def test_odd_char_spans_cover_what_v18_counts() -> None:
    text = "#BeginOfDocument d\nr\td\tE1\t4,0;-2,1;5,7,9\tx\tA\tActual\n#EndOfDocument\n"
    parsed, _ = parse_tbf(text, path="x.tbf", mode=SpanMode.CHAR)
    (mention,) = parsed.documents["d"].mentions
    assert merged_parts(mention.span) == ((-2, 1), (5, 7))  # characters -2, -1, 0, 5, 6 (4,0 covers none)


def test_type_equal_to_run_id_does_not_crash() -> None:
    text = ("#BeginOfDocument d\nActual\td\tE1\tt1\tx\tLife_Die\tGeneric\n"
            "Actual\td\tE2\tt2\tx\tLife_Die\tActual\n#EndOfDocument\n")
    parsed, problems = parse_tbf(text, path="x.tbf", mode=SpanMode.TOKEN)
    assert problems == []
    assert [m.realis for m in parsed.documents["d"].mentions] == ["generic", "actual"]


def test_invalid_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.tbf"
    path.write_bytes(b"#BeginOfDocument d\nr\td\tE1\tt1\tcaf\xe9\tA\tActual\n#EndOfDocument\n")
    with pytest.raises(FormatError) as info:
        read_text(str(path))
    assert info.value.line == 2
    assert "UTF-8" in str(info.value)


def test_missing_file_and_folder_raise_format_error(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="file not found"):
        read_text(str(tmp_path / "nope.tbf"))
    with pytest.raises(FormatError, match="folder"):
        read_text(str(tmp_path))


# --- token tables ------------------------------------------------------------------------------------------


def test_token_table_with_header_blank_lines_and_stray_spaces() -> None:
    table = read_token_table(str(DATA / "tokens" / "header_blank_spaces.tab"), doc_id="doc")
    assert table.tokens == (Token("t1", "When", 0, 3), Token("t2", "the", 5, 7), Token("t3", "troops", 9, 14))
    assert table.ids == {"t1", "t2", "t3"}
    assert table.index() == {"t1": 0, "t2": 1, "t3": 2}


def test_token_table_offset_columns_option() -> None:
    fields = parse_offset_fields("4, 5")
    assert fields == (4, 5)
    table = read_token_table(str(DATA / "tokens" / "offsets_in_columns_4_5.tab"), doc_id="doc",
                             offset_fields=fields)
    assert [(t.id, t.first, t.last) for t in table.tokens] == [("t1", 0, 3), ("t2", 5, 7)]
    for bad in ("2", "2,3,4", "a,b", "-1,2"):
        with pytest.raises(ValueError, match="two column numbers"):
            parse_offset_fields(bad)


@pytest.mark.parametrize(("name", "line", "what"), [
    ("bad_offset_line3.tab", 3, "not whole numbers"),
    ("too_few_columns_line3.tab", 3, "columns"),
    ("reversed_offsets_line2.tab", 2, "not a valid range"),
])
def test_malformed_token_rows_name_their_line(name: str, line: int, what: str) -> None:
    path = str(DATA / "tokens" / name)
    with pytest.raises(FormatError) as info:
        read_token_table(path, doc_id="doc")
    assert (info.value.path, info.value.line) == (path, line)
    assert what in info.value.problem.message
    assert info.value.problem.expected


def test_malformed_first_data_row_is_not_taken_for_a_header() -> None:
    with pytest.raises(FormatError) as info:
        parse_token_table("t1\tWhen\t0\tx\nt2\tthe\t5\t7\n", doc_id="doc", path="doc.tab")
    assert info.value.line == 1


TOKEN_TEXT = st.text(alphabet="abcXYZ.,'-ÄéΩ中", min_size=1, max_size=6)


@SETTINGS
@given(data=st.data())
def test_token_table_round_trip_tolerates_spaces_header_and_blank_lines(data: st.DataObject) -> None:
    count = data.draw(st.integers(1, 8))
    tokens, position = [], 0
    for i in range(count):
        text = data.draw(TOKEN_TEXT)
        tokens.append(Token(f"t{i + 1}", text, position, position + len(text) - 1))
        position += len(text) + 1
    plain = format_token_table(tokens)
    assert parse_token_table(plain, doc_id="d").tokens == tuple(tokens)
    # The same table made sloppy: spaces around the numbers, blank lines, a header, CRLF endings.
    pad = st.sampled_from(["", " ", "  "])
    rows = [f"{t.id}\t{t.text}\t{data.draw(pad)}{t.first}{data.draw(pad)}\t{data.draw(pad)}{t.last}{data.draw(pad)}"
            for t in tokens]
    sloppy = [f"{row}\n" + ("\n" if data.draw(st.booleans()) else "") for row in rows]
    header = "token_id\ttoken_str\ttkn_begin\ttkn_end\n" if data.draw(st.booleans()) else ""
    newline = data.draw(st.sampled_from(["\n", "\r\n"]))
    text = (header + "".join(sloppy)).replace("\n", newline)
    assert parse_token_table(text, doc_id="d").tokens == tuple(tokens)


def test_token_source_reports_missing_tables() -> None:
    source = TokenSource(str(DATA / "mini" / "tkn"))
    tables = {d: source.table(d) for d in ("d2", "d1", "d7")}
    assert sorted(d for d, t in tables.items() if t is not None) == ["d1", "d2"]
    assert tables["d7"] is None and source.path("d7") is None
    assert tables["d1"].tokens[3] == Token("t4", "died", 14, 17)


def test_rebuilt_text_puts_tokens_at_their_offsets() -> None:
    table = read_token_table(str(DATA / "mini" / "tkn" / "d1.tab"), doc_id="d1")
    text = table.rebuild_text()
    for t in table.tokens:
        assert text[t.first:t.last + 1] == t.text


def test_a_token_at_an_absurd_offset_is_left_out_of_the_rebuilt_text() -> None:
    """`t4 died 14 2000000000`: not two billion spaces; the other tokens stay where they are."""
    tokens = (Token("t1", "The", 0, 2), Token("t4", "died", 14, 2_000_000_000), Token("t5", "then", 19, 22))
    assert TokenTable("d1", tokens).rebuild_text() == "The" + " " * 16 + "then"


def test_rebuilt_text_keeps_its_rule_at_the_edges() -> None:
    """Overlapping tokens (the later wins), a text longer than its offsets (cut), one shorter (padded),
    a token starting before 0 (its characters before 0 left out), one whose end is before its start."""
    tokens = (Token("a", "Hello", 0, 4), Token("b", "XY", 3, 4), Token("c", "longer", 7, 8),
              Token("d", "ab", 10, 12), Token("e", "zzfront", -2, 1), Token("f", "qq", 14, 13))
    assert TokenTable("d", tokens).rebuild_text() == "frlXY  lo ab  "


# --- type white list ---------------------------------------------------------------------------------


def test_white_list_is_canonicalised_and_a_blank_line_adds_the_empty_type(tmp_path: Path) -> None:
    path = tmp_path / "types.txt"
    path.write_text("Conflict_Attack\n\n  life.DIE \r\nContact_Meet", encoding="utf-8")
    # v1.8 iterates the file's lines: the blank one canonicalises to "" and joins the list
    assert read_type_whitelist(str(path)) == {"conflictattack", "", "lifedie", "contactmeet"}
    path.write_text("Conflict_Attack\n", encoding="utf-8")  # the final newline ends a line, it adds none
    assert read_type_whitelist(str(path)) == {"conflictattack"}


GUESSES = [
    ("#BeginOfDocument d\nsys\td\tE1\tt3,t4\tx\tAttack\tActual\n", SpanMode.TOKEN),
    ("\n# a comment\n#BeginOfDocument d\r\n@After\tR1\tE1,E2\nsys\td\tE1\t3,8\tx\tAttack\tActual\n", SpanMode.CHAR),
    ("#BeginOfDocument d\n#EndOfDocument\n", SpanMode.TOKEN),  # no mention: token mode
    ("", SpanMode.TOKEN),
    ("\ufeff#BeginOfDocument d\nsys\td\tE1\t3,8\tx\tAttack\tActual\n", SpanMode.TOKEN),  # a BOM: unreadable
    ("#BeginOfDocument d\nsys\td\tE1\t3,8\tx\tAtt\udcffack\tActual\n", SpanMode.TOKEN),  # a bad byte there too
    ("#BeginOfDocument d\nsys\td\tE1\t3,8\tx\tAttack\tActual", SpanMode.CHAR),  # no final newline
]


@pytest.mark.parametrize(("text", "mode"), GUESSES)
def test_guess_mode_reads_only_up_to_the_first_mention(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str,
                                                       mode: SpanMode) -> None:
    from evmeval.io import tbf

    path = tmp_path / "x.tbf"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    with path.open("ab") as handle:  # a 30 MB corpus would follow: never read (nor decoded) whole to guess
        handle.write(b"\nsys\td\tE9\tt1\tx\tAttack\tActual\n")
    monkeypatch.setattr(tbf, "read_text", lambda _path: pytest.fail("the whole file was read"))
    assert tbf.guess_mode(str(path)) is mode
    assert tbf.guess_mode(str(tmp_path / "missing.tbf")) is SpanMode.TOKEN


def test_relation_strings_repeated_across_documents_are_one_object_each() -> None:
    """A MAVEN-ERE-sized file repeats `After`, `R1` and `E1,E2` millions of times: read once, held once
    (about 600 MB less for its 1.2M links), with the same values."""
    block = ("#BeginOfDocument {d}\nsys\t{d}\tE1\tt1\tx\tAttack\tActual\nsys\t{d}\tE2\tt2\tx\tAttack\tActual\n"
             "@After\tR1\tE1,E2\n@After\tR2\tE2,E1\n#EndOfDocument\n")
    tbf, _ = parse_tbf("".join(block.format(d=d) for d in ("d1", "d2")), path="x.tbf", mode=SpanMode.TOKEN)
    one, two = tbf.documents["d1"].relations, tbf.documents["d2"].relations
    assert [(r.kind, r.relation_id, r.mention_ids) for r in two] == [("After", "R1", ("E1", "E2")),
                                                                    ("After", "R2", ("E2", "E1"))]
    assert one[0].kind is two[0].kind is two[1].kind and one[0].relation_id is two[0].relation_id
    assert one[0].mention_ids is two[0].mention_ids and one[1].mention_ids[0] is two[0].mention_ids[1]


def test_repeated_values_of_a_tbf_file_are_one_object_each() -> None:
    """A mention's id, text, score, token ids and span recur across a corpus's documents: read once each,
    so a loaded corpus holds one object per distinct value (the values themselves unchanged)."""
    lines = []
    for doc in ("d1", "d2"):
        lines += [f"#BeginOfDocument {doc}", f"run\t{doc}\tE1\tt3\tattack\tConflict_Attack\tActual\t0.5",
                  f"run\t{doc}\tE2\tt4,t5\tpeace talks\tContact_Meet\tOther", "#EndOfDocument"]
    tbf, _ = parse_tbf("\n".join(lines) + "\n", path="x.tbf", mode=SpanMode.TOKEN)
    first, second = (tbf.documents[d].mentions for d in ("d1", "d2"))
    assert first[0].span == ("t3",) and first[1].span == ("t4", "t5") and first[0].score == "0.5"
    for a, b in zip(first, second, strict=True):
        assert a.mention_id is b.mention_id and a.text is b.text and a.span is b.span and a.score is b.score


@settings(max_examples=200)
@given(st.text(alphabet="ab\n\r", max_size=40), st.integers(min_value=0, max_value=9))
def test_lines_in_chunks_are_the_lines_of_split(text: str, chunk: int) -> None:
    from evmeval.io.reading import lines_in_chunks

    assert list(lines_in_chunks(text, chunk)) == text.split("\n")
