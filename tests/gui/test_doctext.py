"""The document text model and its layout: what the text view shows, checked without drawing."""

from __future__ import annotations

from evmeval.io.text import find_text_shift
from evmeval.io.tokens import parse_token_table
from evmeval.mention.outcomes import Outcome, mapping_rows
from evmeval.mention.scoring import score_document
from evmeval.model import Mention

from evmeval_gui.model.corpus import OpenRequest, guess_roles
from evmeval_gui.model.doctext import (
    BREAK,
    SPACE,
    WORD,
    char_document,
    document_marks,
    error_rows_in_order,
    token_document,
)
from evmeval_gui.model.text_layout import GOLD, SYSTEM, Metrics, assign_tracks, layout_document
from tests.gui.corpus_factory import token_table

TEXT = "when OH made her way home\n"


def mention(mid: str, span: tuple, text: str = "", mention_type: str = "movement", realis: str = "actual",
            line: int = 1) -> Mention:
    return Mention("r", "d", mid, span, text, mention_type, realis, mention_type, realis, None, line)


def table(text: str = TEXT):
    return parse_token_table(token_table(text), doc_id="d")


def test_text_file_at_the_token_offsets_is_used():
    doc = token_document("d", [mention("E1", ("t3", "t5"))], [], table(), TEXT)
    assert doc.source == "text file" and doc.notice == ""
    assert [(s.kind, s.text, s.unit) for s in doc.segments[:3]] == [(WORD, "when", 0), (SPACE, " ", -1),
                                                                    (WORD, "OH", 1)]
    assert doc.segments[-1].kind == BREAK
    # "made her way": a discontinuous mention over units 2 and 4
    assert doc.gold_units == ((2, 4),)
    assert doc.unit_labels[2] == "t3"


def test_a_text_shifted_by_one_character_is_aligned():
    shifted = "\n" + TEXT
    assert find_text_shift(table().tokens, shifted) == 1
    doc = token_document("d", [], [], table(), shifted)
    assert doc.source == "text file"
    assert [s.text for s in doc.segments if s.kind == WORD] == TEXT.split()


def test_a_text_that_does_not_match_is_replaced_by_the_rebuilt_one():
    doc = token_document("d", [], [], table(), "a completely different text of some length\n")
    assert doc.source == "token table"
    assert "does not match" in doc.notice
    assert [s.text for s in doc.segments if s.kind == WORD] == TEXT.split()


def test_without_a_token_table_mentions_cannot_be_placed():
    doc = token_document("d", [mention("E1", ("t1",))], [], None, TEXT)
    assert doc.unplaced == 1 and "No token table" in doc.notice


def test_unknown_token_ids_leave_a_mention_unplaced():
    doc = token_document("d", [mention("E1", ("t99",))], [mention("S1", ("t1",))], table(), TEXT)
    assert doc.gold_units == ((),) and doc.system_units == ((0,),)
    assert doc.unplaced == 1


def test_character_mode_cuts_words_at_mention_boundaries():
    text = "they attacked and killed"
    gold = [mention("E1", ((5, 11),)), mention("E2", ((5, 13), (18, 24)))]
    doc = char_document("d", gold, [], text)
    words = [s.text for s in doc.segments if s.kind == WORD]
    assert words == ["they", "attack", "ed", "and", "killed"]
    assert doc.gold_units == ((1,), (1, 2, 4))
    assert doc.unit_labels[1] == "5–11"


def test_character_mode_without_text_shows_the_mention_texts():
    doc = char_document("d", [mention("E1", ((4, 8), (13, 16)), "made way")], [], None)
    assert doc.source == "mention texts" and "No text file" in doc.notice
    assert [s.text for s in doc.segments if s.kind == WORD] == ["made", "way"]
    assert doc.gold_units == ((0, 1),)


def test_a_span_far_past_any_text_is_not_placed_on_the_mention_texts():
    """`0,2000000000` without a text file: left off the canvas (not two billion spaces), counted unplaced."""
    huge = mention("S1", ((0, 2_000_000_000),), "made")
    doc = char_document("d", [mention("E1", ((4, 8), (13, 16)), "made way")], [huge], None)
    assert [s.text for s in doc.segments if s.kind == WORD] == ["made", "way"]
    assert doc.gold_units == ((0, 1),) and doc.system_units == ((),) and doc.unplaced == 1
    on_text = char_document("d", [mention("E1", ((5, 9),))], [huge], TEXT)
    assert on_text.system_units == (tuple(range(on_text.num_units)),)  # cut to the text it has


def test_errors_are_ordered_by_where_they_start_in_the_text():
    text = "a b c d e f"
    gold = [mention("E1", ((0, 1),), line=1), mention("E2", ((8, 9),), line=2)]
    system = [mention("S1", ((8, 9),), line=1), mention("S2", ((4, 5),), line=2)]
    doc = char_document("d", gold, system, text)
    result = score_document("d", tuple(gold), tuple(system))
    marks = document_marks(result, "plain", mapping_rows(result, "plain"))
    assert marks.gold_outcome == (Outcome.MISSED, Outcome.EXACT)
    assert marks.system_outcome == (Outcome.EXACT, Outcome.SPURIOUS)
    order = [marks.rows[i] for i in error_rows_in_order(marks, doc)]
    assert [(r.gold and r.gold.mention_id, r.system and r.system.mention_id) for r in order] == [
        ("E1", None), (None, "S2")]


def test_layout_wraps_words_and_joins_discontinuous_parts():
    doc = token_document("d", [mention("E1", ("t3", "t5"))], [mention("S1", ("t3",)), mention("S2", ("t5",))],
                         table(), TEXT)
    metrics = Metrics(space_width=5, margin_left=10, margin_right=10)
    wide = layout_document(doc, lambda s: 10.0 * len(s), 1000, metrics)
    assert len(wide.lines) == 1
    bars = wide.mention_bars[(GOLD, 0)]
    assert [b.connector for b in bars] == [False, True, False]
    made, way = wide.pieces[wide.unit_piece[2]], wide.pieces[wide.unit_piece[4]]
    assert (bars[0].x0, bars[0].x1) == (made.x, made.x + made.width)
    assert (bars[1].x0, bars[1].x1) == (made.x + made.width, way.x)
    assert bars[0].y1 <= wide.lines[0].text_top  # gold above the words
    assert wide.mention_bars[(SYSTEM, 0)][0].y0 >= wide.lines[0].text_top + metrics.text_height  # system below
    narrow = layout_document(doc, lambda s: 10.0 * len(s), 90, metrics)
    assert len(narrow.lines) > 1
    assert all(p.x + p.width <= 90 - metrics.margin_right or p.x == metrics.margin_left for p in narrow.pieces)
    # a discontinuous mention broken over two lines is still joined (to the margins)
    parts = narrow.mention_bars[(GOLD, 0)]
    assert sum(1 for b in parts if not b.connector) == 2 and any(b.connector for b in parts)


def test_overlapping_mentions_of_one_side_get_their_own_track():
    assert assign_tracks([(0, 1), (1, 2), (3,), (0, 3)]) == [1, 2, 1, 0]


def test_dropped_files_gold_is_the_one_named_gold():
    assert guess_roles(["/x/sys_b.tbf", "/x/gold.tbf", "/x/sys_a.tbf", "/x/notes.txt"]) == (
        "/x/gold.tbf", ["/x/sys_a.tbf", "/x/sys_b.tbf"])
    assert guess_roles(["/x/notes.txt"]) == (None, [])


def test_open_requests_round_trip_through_settings():
    request = OpenRequest("/g.tbf", ("/s1.tbf", "/s2.tbf"), "/tkn", None)
    assert OpenRequest.from_json(request.to_json()) == request
    assert OpenRequest.from_json({"gold": "/g.tbf", "systems": []}) is None
    assert OpenRequest.from_json("garbage") is None


def test_a_long_token_text_is_cut_as_the_general_rule_cuts_it():
    """One space and one line break between tokens (most gaps) are shortcuts of `_GAP`'s cuts: the same segments."""
    from evmeval_gui.model import doctext

    for gap in (" ", "\n", "  ", "\n\n", " \n", "\t", "\u00a0", "\r\n", " x "):
        made: list = []
        doctext._gap_segments(gap, made)
        general: list = []
        for match in doctext._GAP.finditer(gap):
            newlines, spaces, word = match.groups()
            if newlines is not None:
                general.append((BREAK, "\n", -1, newlines.count("\n")))
            elif spaces is not None:
                general.append((SPACE, " ", -1, len(spaces.expandtabs(4))))
            else:
                general.append((WORD, word, -1, 0))
        assert [tuple(s) for s in made] == general, gap
    text = "w1 w2\nw3  w4\n\nw5 \u00a0w6\n"
    doc = token_document("d", [], [], parse_token_table(token_table(text), doc_id="d"), text)
    assert [(s.kind, s.text, s.unit, s.repeat) for s in doc.segments] == [
        (WORD, "w1", 0, 0), (SPACE, " ", -1, 1), (WORD, "w2", 1, 0), (BREAK, "\n", -1, 1), (WORD, "w3", 2, 0),
        (SPACE, " ", -1, 2), (WORD, "w4", 3, 0), (BREAK, "\n", -1, 2), (WORD, "w5", 4, 0), (SPACE, " ", -1, 2),
        (WORD, "w6", 5, 0), (BREAK, "\n", -1, 1)]
