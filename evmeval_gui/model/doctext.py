"""The text of one document cut into pieces the text view can lay out, with mentions placed on it.

Pure Python (no Qt), so that what the text view shows can be tested without drawing. A document is
a sequence of segments: words (a token, a piece of a word in character mode, or untokenised text),
runs of spaces and line breaks. Mentions point at "units": the token-table rows in token mode, the
pieces of words cut at every mention boundary in character mode. A discontinuous mention is one
mention over non-adjacent units.

Where the text comes from:
- token mode: `evmeval.io.text.token_document_text`, the one rule the HTML report follows too (the text
  file, aligned when shifted by a few characters, else the text rebuilt from the token table);
- character mode: the text file; without one, the mention texts placed at their offsets.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import NamedTuple

from evmeval.io.errors import FormatError
from evmeval.io.loading import LoadedInputs
from evmeval.io.text import token_document_text
from evmeval.mention.outcomes import MappingRow, Outcome
from evmeval.mention.scoring import DocumentResult
from evmeval.model import Mention, SpanMode, TokenTable

WORD, SPACE, BREAK = 0, 1, 2
"""Segment kinds."""

_GAP = re.compile(r"(\r?\n(?:[ \t\r\f\v]*\r?\n)*)|([ \t\r\f\v\u00a0]+)|(\S+)")


class Segment(NamedTuple):
    """A word (`unit` >= 0 when it is a token / mention unit, -1 for untokenised text), spaces or breaks.

    For SPACE `repeat` is the number of spaces; for BREAK the number of line breaks. A named tuple, not a
    dataclass: a document makes one per word and space, and a frozen dataclass took 2.5x as long to make
    (a 20,000-token document's text was built in 130 ms on the GUI thread when first shown).
    """

    kind: int
    text: str
    unit: int = -1
    repeat: int = 0


@dataclass(frozen=True)
class DocumentText:
    """A document ready to lay out: segments in reading order and where each mention sits."""

    doc_id: str
    segments: tuple[Segment, ...]
    unit_labels: tuple[str, ...]
    """Per unit: the token id (token mode) or `begin–end` character offsets (character mode)."""
    gold_units: tuple[tuple[int, ...], ...]
    """Per gold mention (index in `DocumentResult.gold`): its units, sorted; empty when not placed."""
    system_units: tuple[tuple[int, ...], ...]
    source: str
    """"text file", "token table", "mention texts" or "none": where the characters came from."""
    notice: str = ""
    """A sentence for the user when the text is not simply the document's text file."""
    gold_part_starts: tuple[frozenset[int], ...] = ()
    """Per gold mention (character mode): units that begin a new part of a discontinuous mention, so two
    parts are drawn as two bars even when nothing lies between them (no text file); empty: none."""
    system_part_starts: tuple[frozenset[int], ...] = ()

    def part_starts(self, layer: int, mention: int) -> frozenset[int]:
        """`gold_part_starts` (layer 0) or `system_part_starts` (layer 1) of one mention (empty when unknown)."""
        starts = self.gold_part_starts if layer == 0 else self.system_part_starts
        return starts[mention] if mention < len(starts) else frozenset()

    @property
    def num_units(self) -> int:
        return len(self.unit_labels)

    @property
    def unplaced(self) -> int:
        """Mentions that could not be placed on the text (unknown token ids, offsets past the end)."""
        return sum(1 for u in self.gold_units if not u) + sum(1 for u in self.system_units if not u)


_FIRST = attrgetter("first")

_ONE_GAP = {" ": Segment(SPACE, " ", repeat=1), "\n": Segment(BREAK, "\n", repeat=1)}
"""The gaps between most tokens (what `_GAP` makes of them, made once: segments are immutable)."""


def _gap_segments(text: str, out: list[Segment]) -> None:
    """Cut text between units into breaks, spaces and untokenised words."""
    one = _ONE_GAP.get(text)
    if one is not None:
        out.append(one)
        return
    for match in _GAP.finditer(text):
        newlines, spaces, word = match.groups()
        if newlines is not None:
            out.append(Segment(BREAK, "\n", repeat=newlines.count("\n")))
        elif spaces is not None:
            out.append(Segment(SPACE, " ", repeat=len(spaces.expandtabs(4))))
        elif word is not None:
            out.append(Segment(WORD, word))


def _token_segments(table: TokenTable, text: str, shift: int) -> tuple[list[Segment], list[str], dict[str, int]]:
    """Segments of a token-mode text: tokens in offset order are the units."""
    tokens = sorted(table.tokens, key=_FIRST)  # stable: equal offsets in table order
    segments: list[Segment] = []
    append, make, gaps = segments.append, tuple.__new__, _ONE_GAP  # every word and gap of the document
    pos = 0
    for unit, token in enumerate(tokens):
        start = token.first + shift
        end = token.last + 1 + shift
        if start > pos:  # most tokens: a gap, then the token's characters
            gap = text[pos:start]
            one = gaps.get(gap)
            if one is not None:
                append(one)
            else:
                _gap_segments(gap, segments)
            word = text[start:end]
        else:  # overlapping the token before: what is left of it
            word = text[pos:end] if end > pos else ""
        parts = word.split()  # blank where the token is: its own text
        word = parts[0] if len(parts) == 1 else " ".join(parts or token.text.split())
        append(make(Segment, (WORD, word or "·", unit, 0)))
        if end > pos:
            pos = end
    if pos < len(text):
        _gap_segments(text[pos:], segments)
    labels = [token.id for token in tokens]
    unit_of = dict(zip(reversed(labels), range(len(labels) - 1, -1, -1), strict=True))  # a repeated id: its first
    return segments, labels, unit_of


def token_document(doc_id: str, gold: Sequence[Mention], system: Sequence[Mention],
                   table: TokenTable | None, text: str | None) -> DocumentText:
    """A token-mode document: units are the rows of the token table."""
    if table is None or not table.tokens:
        segments: list[Segment] = []
        if text:
            _gap_segments(text, segments)
        notice = (f"No token table for {doc_id}: mentions cannot be placed on the text."
                  if table is None else f"The token table of {doc_id} is empty.")
        return DocumentText(doc_id, tuple(segments), (), tuple(() for _ in gold), tuple(() for _ in system),
                            "text file" if text else "none", notice)
    shown = token_document_text(table, text)
    segments, labels, unit_of = _token_segments(table, shown.text, shown.shift)

    def place(m: Mention) -> tuple[int, ...]:
        return tuple(sorted({unit_of[t] for t in m.span if t in unit_of}))

    return DocumentText(doc_id, tuple(segments), tuple(labels), tuple(place(m) for m in gold),
                        tuple(place(m) for m in system), shown.source, shown.notice)


def with_mentions(text: DocumentText, gold: Sequence[Mention], system: Sequence[Mention]) -> DocumentText | None:
    """A token-mode document with other mentions on the same words (after an edit), its segments
    reused; None when it cannot be (character mode: mention boundaries cut the words)."""
    if text.source in ("mention texts", "none") or not text.unit_labels or "–" in text.unit_labels[0]:
        return None
    unit_of: dict[str, int] = {}
    for unit, label in enumerate(text.unit_labels):
        unit_of.setdefault(label, unit)

    def place(m: Mention) -> tuple[int, ...]:
        return tuple(sorted({unit_of[t] for t in m.span if isinstance(t, str) and t in unit_of}))

    return replace(text, gold_units=tuple(place(m) for m in gold), system_units=tuple(place(m) for m in system))


MAX_CANVAS = 1_000_000
"""The longest text made of mention texts (no text file): a part ending further (a typo such as
`0,2000000000`) is left off it, and its mention is not placed, rather than filling memory with spaces."""


def _on_canvas(part: tuple[int, int]) -> bool:
    return 0 <= part[0] <= part[1] <= MAX_CANVAS


def _anywhere(part: tuple[int, int]) -> bool:
    return True


def _mention_text_canvas(mentions: Sequence[Mention]) -> str:
    """For character mode without a text file: the mention texts at their offsets, spaces elsewhere."""
    size = max((e for m in mentions for b, e in m.span if _on_canvas((b, e))), default=0)
    chars = [" "] * size
    for m in mentions:
        parts = list(m.span)
        words = [m.text] if len(parts) == 1 else m.text.split()
        for k, (b, e) in enumerate(parts):
            if not _on_canvas((b, e)):
                continue
            piece = words[k] if k < len(words) and len(parts) == len(words) else ""
            if len(piece) != e - b:
                piece = "·" * (e - b)
            chars[b:e] = piece
    return "".join(chars)


def char_document(doc_id: str, gold: Sequence[Mention], system: Sequence[Mention],
                  text: str | None) -> DocumentText:
    """A character-mode document: units are words cut at every mention boundary."""
    notice = ""
    source = "text file"
    placed: Callable[[tuple[int, int]], bool] = _anywhere  # with a text file, a part is cut to the text
    if text is None:
        text = _mention_text_canvas(list(gold) + list(system))
        source = "mention texts"
        notice = "No text file: only the mention texts are shown, at their character offsets."
        placed = _on_canvas
    cuts = sorted({c for m in (*gold, *system) for part in m.span for c in part if 0 < c < len(text)})
    segments: list[Segment] = []
    starts: list[int] = []
    ends: list[int] = []
    labels: list[str] = []
    for match in _GAP.finditer(text):
        if match.group(3) is None:
            _gap_segments(match.group(0), segments)
            continue
        begin, end = match.span()
        points = [begin, *cuts[bisect.bisect_right(cuts, begin): bisect.bisect_left(cuts, end)], end]
        for a, b in itertools.pairwise(points):
            unit = len(labels)
            starts.append(a)
            ends.append(b)
            labels.append(f"{a}–{b}")
            segments.append(Segment(WORD, text[a:b], unit))

    def part_units(m: Mention) -> list[list[int]]:
        parts = []
        for b, e in sorted(filter(placed, m.span)):
            k = bisect.bisect_left(starts, b)
            units = []
            while k < len(starts) and starts[k] < e:
                if ends[k] <= e:
                    units.append(k)
                k += 1
            parts.append(units)
        return parts

    def place(m: Mention) -> tuple[int, ...]:
        return tuple(sorted({u for part in part_units(m) for u in part}))

    def part_starts(m: Mention) -> frozenset[int]:
        parts = [p for p in part_units(m) if p]
        return frozenset(p[0] for p in parts[1:]) if len(parts) > 1 else frozenset()

    return DocumentText(doc_id, tuple(segments), tuple(labels), tuple(place(m) for m in gold),
                        tuple(place(m) for m in system), source, notice,
                        tuple(part_starts(m) for m in gold), tuple(part_starts(m) for m in system))


@dataclass(frozen=True)
class DocumentMarks:
    """How each mention of a document came out under one attribute combination."""

    combination: str
    rows: tuple[MappingRow, ...]
    gold_outcome: tuple[Outcome, ...]
    system_outcome: tuple[Outcome, ...]
    gold_row: tuple[int, ...]
    """Per gold mention: the index of its row in `rows`."""
    system_row: tuple[int, ...]

    def counts(self) -> dict[Outcome, int]:
        """Mentions per outcome, counting a two-sided row once."""
        counts = dict.fromkeys(Outcome, 0)
        for row in self.rows:
            counts[row.outcome] += 1
        return counts


def read_document_text(inputs: LoadedInputs, doc_id: str, gold: Sequence[Mention],
                       system: Sequence[Mention]) -> DocumentText:
    """The document's text with these mentions placed, its token table and text read through the
    inputs' sources; an unreadable file becomes a notice on the text, not an error."""
    notes: list[str] = []
    text: str | None = None
    try:
        text = inputs.texts.text(doc_id)
    except FormatError as exc:
        notes.append(f"Text file unreadable ({exc.problem}).")
    if inputs.mode is SpanMode.TOKEN:
        table: TokenTable | None = None
        try:
            table = inputs.tokens.table(doc_id)
        except FormatError as exc:
            notes.append(f"Token table unreadable ({exc.problem}).")
        built = token_document(doc_id, gold, system, table, text)
    else:
        built = char_document(doc_id, gold, system, text)
    if notes:
        built = replace(built, notice=" ".join([*notes, built.notice]).strip())
    return built


def document_marks(doc: DocumentResult, combination: str, rows: Sequence[MappingRow]) -> DocumentMarks:
    """Outcome and row of every mention, from the mapping rows of `evmeval.mention.outcomes`."""
    gold_outcome = [Outcome.MISSED] * len(doc.gold)
    system_outcome = [Outcome.SPURIOUS] * len(doc.system)
    gold_row = [-1] * len(doc.gold)
    system_row = [-1] * len(doc.system)
    for number, row in enumerate(rows):
        if row.gold_index is not None:
            gold_outcome[row.gold_index] = row.outcome
            gold_row[row.gold_index] = number
        if row.system_index is not None:
            system_outcome[row.system_index] = row.outcome
            system_row[row.system_index] = number
    return DocumentMarks(combination, tuple(rows), tuple(gold_outcome), tuple(system_outcome),
                         tuple(gold_row), tuple(system_row))


def row_position(row: MappingRow, text: DocumentText) -> tuple[int, int]:
    """Where a row sits in reading order: its first unit on either side (unplaced rows go last)."""
    firsts = []
    if row.gold_index is not None and text.gold_units[row.gold_index]:
        firsts.append(text.gold_units[row.gold_index][0])
    if row.system_index is not None and text.system_units[row.system_index]:
        firsts.append(text.system_units[row.system_index][0])
    mention = row.gold or row.system
    line = mention.line if mention is not None else 0
    return (min(firsts) if firsts else 1 << 30, line)


def error_rows_in_order(marks: DocumentMarks, text: DocumentText) -> list[int]:
    """Indices of the rows that are errors (anything but an exact match), in reading order."""
    errors = [i for i, row in enumerate(marks.rows) if row.outcome.is_error]
    return sorted(errors, key=lambda i: (row_position(marks.rows[i], text), i))
