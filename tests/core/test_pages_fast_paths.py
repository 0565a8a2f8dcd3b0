"""The documents' pages' fast paths decide exactly what the plain rules decide (issue 16).

Each fast path is checked against a plain version kept here: the alignment rule as first written
(every sampled row a `Token`, every shift counted to the end), `html.escape` on every string, and the
snippet and mention cell as first written (escape each segment, `any()` over the ranges).
"""

from __future__ import annotations

import html
import itertools

from evmeval.io.text import MAX_SHIFT, find_text_shift
from evmeval.io.tokens import parse_token_table
from evmeval.mention.outcomes import MappingRow, Outcome
from evmeval.model import Mention, Token
from evmeval.outcome_style import STYLES
from evmeval.report import html_report
from evmeval.report.escape import esc
from evmeval.report.snippets import CONTEXT_CHARS, DocumentSnippets
from hypothesis import assume, given, settings
from hypothesis import strategies as st

# -- plain versions ---------------------------------------------------------------------------------


def plain_shift(tokens: list[Token], text: str) -> int | None:
    """`evmeval.io.text.find_text_shift` as first written."""
    if not tokens:
        return 0
    step = max(1, len(tokens) // 200)
    sample = [t for t in tokens[::step] if t.text.strip()]
    if not sample:
        return 0
    for shift in sorted(range(-MAX_SHIFT, MAX_SHIFT + 1), key=abs):
        hits = sum(1 for t in sample if t.first + shift >= 0 and text[t.first + shift: t.last + 1 + shift] == t.text)
        if hits >= 0.9 * len(sample):
            return shift
    return None


def plain_esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def plain_snippet(text: str | None, gold: list[tuple[int, int]], system: list[tuple[int, int]],
                  outcome: Outcome) -> str:
    """`DocumentSnippets.snippet` as first written, for a text and the mentions' character ranges."""
    if text is None:
        return ""
    covered = [(b, e) for b, e in gold + system if 0 <= b < e <= len(text)]
    if not covered:
        return ""
    start = max(0, min(b for b, _ in covered) - CONTEXT_CHARS)
    end = min(len(text), max(e for _, e in covered) + CONTEXT_CHARS)
    cuts = sorted({start, end, *(c for b, e in covered for c in (b, e) if start < c < end)})
    parts: list[str] = ["…" if start > 0 else ""]
    for b, e in itertools.pairwise(cuts):
        underlined = any(gb <= b < ge for gb, ge in gold)
        shaded = underlined or any(sb <= b < se for sb, se in system)
        segment = plain_esc(text[b:e].replace("\r", " ").replace("\n", " ")) if text else ""
        if shaded:
            segment = f'<span class="o-{outcome.value}{" g" if underlined else ""}">{segment}</span>'
        parts.append(segment)
    parts.append("…" if end < len(text) else "")
    return f'<span class="snippet">{"".join(parts)}</span>'


def plain_mention_cell(m: Mention | None, side: str) -> str:
    if m is None:
        return f'<span class="none">no {side} mention</span>'
    return (f"{side} <b>{plain_esc(m.mention_id)}</b> “{plain_esc(m.text)}” "
            f"{plain_esc(m.raw_type)} / {plain_esc(m.raw_realis)} <span class=\"meta\">(line {m.line})</span>")


# -- text alignment ---------------------------------------------------------------------------------

_word = st.text(alphabet="ab<&é \t", min_size=1, max_size=5).map(lambda w: w.replace("\t", " "))
_offset = st.sampled_from(["{}", "{}", "{}", " {}", "+{}", "{} "])


@st.composite
def aligned(draw):
    """A token table's text and a text file: shifted by a few characters, some characters changed,
    words that are blank, offsets written oddly (still whole numbers), an extra column, CRLF."""
    words = draw(st.lists(_word, min_size=0, max_size=draw(st.sampled_from([12, 60, 450]))))
    text, rows = "", []
    for k, word in enumerate(words):
        first = len(text)
        text += word + draw(st.sampled_from([" ", "\n", "\r\n"]))
        first_field, last_field = (draw(_offset).format(n) for n in (first, first + len(word) - 1))
        extra = draw(st.sampled_from(["", "", "\tx"]))
        rows.append(f"t{k}\t{word}\t{first_field}\t{last_field}{extra}")
    shift = draw(st.integers(-MAX_SHIFT - 1, MAX_SHIFT + 1))
    text = text[-shift:] if shift < 0 else "\n" * shift + text
    changed = draw(st.lists(st.integers(0, max(0, len(text) - 1)), max_size=draw(st.sampled_from([0, 3, 40]))))
    chars = list(text)
    for i in changed:
        if chars:
            chars[i] = "#"
    newline = draw(st.sampled_from(["\n", "\n", "\n", "\r\n"]))
    return newline.join(rows) + (newline if rows else ""), "".join(chars)


@settings(max_examples=300, deadline=None)
@given(aligned())
def test_the_shift_of_a_token_table_is_the_plain_rules(case):
    table_text, text = case
    assume(table_text)
    whole = parse_token_table(table_text, doc_id="d", path="d.tab").tokens
    assert find_text_shift(whole, text) == plain_shift(list(whole), text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.text(alphabet="ab ", max_size=3), st.integers(0, 30), st.integers(0, 4)),
                max_size=30), st.text(alphabet="ab #", max_size=40))
def test_the_shift_of_any_tokens_is_the_plain_rules(words, text):
    """Tokens made directly (the window's tables): blank ones, overlapping ones, ones past the text."""
    tokens = [Token(f"t{k}", w, first, first + length) for k, (w, first, length) in enumerate(words)]
    assert find_text_shift(tokens, text) == plain_shift(tokens, text)


def test_a_sample_at_the_limit_is_accepted_and_one_below_is_not():
    """9 of 10 sampled words in place is 90%: accepted; 8 of 10 is not, at any shift."""
    words = [f"w{k}" for k in range(10)]
    text = " ".join(words)
    tokens = [Token(f"t{k}", w, 3 * k, 3 * k + 1) for k, w in enumerate(words)]
    nine = text.replace("w3", "##")
    eight = nine.replace("w7", "##")
    assert find_text_shift(tokens, nine) == plain_shift(tokens, nine) == 0
    assert find_text_shift(tokens, eight) is None and plain_shift(tokens, eight) is None


# -- escaping, snippets, mention cells --------------------------------------------------------------

_any_text = st.text(alphabet=st.sampled_from(list("ab <>&\"'\r\n\t…é")), max_size=30)


@given(st.one_of(_any_text, st.integers(), st.sampled_from(list(Outcome))))
def test_escaping_only_what_needs_it_is_html_escape(value):
    assert esc(value) == plain_esc(value)


def _row(gold: Mention | None, system: Mention | None, outcome: Outcome) -> MappingRow:
    return MappingRow(gold_index=0 if gold else None, system_index=0 if system else None, gold=gold,
                      system=system, dice=None, outcome=outcome)


def _mention(span: tuple, mention_id: str = "E1", text: str = "w", raw_type: str = "T", realis: str = "R") -> Mention:
    return Mention("run", "d", mention_id, span, text, raw_type.lower(), realis.lower(), raw_type, realis, None, 3)


@st.composite
def snippet_cases(draw):
    """A text and the mentions' character ranges: mostly inside the text, some empty, reversed, past
    either end or overlapping (a character-mode mention gives its ranges as written)."""
    least, most = draw(st.sampled_from([(0, 10), (150, 300)]))   # short texts, and texts past the context
    text = draw(st.text(alphabet=st.sampled_from(list("ab  <>&\"'\r\n…")), min_size=least, max_size=most))
    size = len(text)
    inside = st.integers(0, size).flatmap(lambda b: st.tuples(st.just(b), st.integers(b, min(size, b + 12))))
    anywhere = st.tuples(st.integers(-5, size + 5), st.integers(-5, size + 5))
    ranges = st.lists(st.one_of(inside, inside, inside, anywhere), max_size=3)
    return text, draw(st.one_of(st.none(), ranges)), draw(st.one_of(st.none(), ranges))


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.none(), snippet_cases()), st.sampled_from(list(Outcome)))
def test_snippets_are_the_plain_rules(case, outcome):
    text, gold, system = (None, [(0, 1)], None) if case is None else case
    snippets = DocumentSnippets.__new__(DocumentSnippets)
    snippets.text, snippets._offsets = text, {}
    row = _row(None if gold is None else _mention(tuple(gold)), None if system is None else _mention(tuple(system)),
               outcome)
    assert snippets.snippet(row) == plain_snippet(text, gold or [], system or [], outcome)


@given(st.one_of(st.none(), st.tuples(_any_text, _any_text, _any_text, _any_text)), st.sampled_from(["gold", "system"]))
def test_mention_cells_are_the_plain_rules(fields, side):
    mention = None if fields is None else _mention((("t1",)), *fields)
    assert html_report._mention_cell(mention, side) == plain_mention_cell(mention, side)


def test_error_items_start_with_their_outcomes_tag():
    snippets = DocumentSnippets.__new__(DocumentSnippets)
    snippets.text, snippets._offsets = None, {}
    for outcome in Outcome:
        item = html_report._error_item(_row(_mention(((0, 1),)), None, outcome), snippets)
        assert item.startswith(f'<li><span class="tag o-{outcome.value}">{plain_esc(STYLES[outcome].short)}</span>')


def test_a_mentions_ranges_are_its_tokens_offsets_the_last_row_of_a_repeated_id(tmp_path):
    """Ranges are made only for a mention's tokens (from the tokens by id): the same as a range for
    every token of the table, a repeated id meaning its last row, an unknown one nothing."""
    from types import SimpleNamespace

    from evmeval.io.loading import TextSource, TokenSource

    (tmp_path / "d.tab").write_text("t0\tab\t0\t1\nt1\tcd\t3\t4\nt0\tef\t6\t7\n")
    (tmp_path / "d.txt").write_text("\nab cd ef\n")  # a shift of one
    inputs = SimpleNamespace(tokens=TokenSource(str(tmp_path)), texts=TextSource(str(tmp_path)))
    snippets = DocumentSnippets(inputs, "d")  # type: ignore[arg-type]
    table = parse_token_table((tmp_path / "d.tab").read_text(), doc_id="d")
    plain = {t.id: (t.first + 1, t.last + 2) for t in table.tokens}
    assert snippets.ranges(_mention(("t0", "t1", "t9"))) == [plain["t0"], plain["t1"]] == [(7, 9), (4, 6)]
