"""Where every word and mention bar of a document goes, for a given width. No Qt in here.

Each visual line has a gold lane above the text and a system lane below it; a mention is a bar in
its lane under (or over) its units, so gold and system mentions are seen at once and aligned on the
same words. Overlapping mentions of one side get separate tracks. The parts of a discontinuous
mention are joined by a thin connector, so it reads as one mention. Laying out a 5,000-token
document is one pass over its segments, which `LayoutBuilder` can make in steps (a long document's first
screen first: `views/text_steps.py`); painting then only visits the visible lines.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from evmeval_gui.model.doctext import BREAK, SPACE, WORD, DocumentText

GOLD, SYSTEM = 0, 1
"""Layers."""


@dataclass(frozen=True)
class Metrics:
    """Sizes in pixels (from the font, see `TextView`)."""

    text_height: float = 18.0
    ascent: float = 14.0
    space_width: float = 4.0
    bar_height: float = 7.0
    lane_pitch: float = 9.0
    margin_left: float = 10.0
    margin_right: float = 10.0
    margin_top: float = 8.0
    line_gap: float = 5.0
    paragraph_gap: float = 9.0
    text_pad: float = 1.0
    max_spaces: int = 4


@dataclass
class Line:
    """One visual line: its box, the tracks of each lane, and its placed words `pieces[first:last]`."""

    y: float = 0.0
    height: float = 0.0
    gold_tracks: int = 1
    system_tracks: int = 1
    text_top: float = 0.0
    first: int = 0
    last: int = 0
    right: float = 0.0


class Piece(NamedTuple):
    """A placed word: which segment, where (a named tuple: one is made per word of the document)."""

    segment: int
    line: int
    x: float
    width: float


@dataclass
class Bar:
    """A mention part (or, with `connector`, the link between two parts) drawn in a lane."""

    layer: int
    mention: int
    line: int
    x0: float
    x1: float
    track: int
    connector: bool = False
    y0: float = 0.0
    y1: float = 0.0


@dataclass
class Layout:
    """The result of `layout_document`; `height` is the whole document's height in pixels."""

    width: float
    metrics: Metrics
    lines: list[Line] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    unit_piece: list[int] = field(default_factory=list)
    bars_by_line: list[list[Bar]] = field(default_factory=list)
    mention_bars: dict[tuple[int, int], list[Bar]] = field(default_factory=dict)
    tracks: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    height: float = 0.0
    gaps: list[float] = field(default_factory=list, repr=False)
    """The extra gap before each line (paragraph breaks): kept so new marks reuse the word placement."""
    complete: bool = True
    """False for a long document's first part (`LayoutBuilder.partial`): its words up to some line, the rest
    not placed yet (their units' `unit_piece` is -1, their bars absent, `height` is the part's)."""
    _line_tops: list[float] = field(default_factory=list, repr=False)

    def line_at(self, y: float) -> int:
        """Index of the line whose box contains `y` (the nearest one above when between lines)."""
        if not self.lines:
            return -1
        return max(0, bisect.bisect_right(self._line_tops, y) - 1)

    def visible_lines(self, top: float, bottom: float) -> range:
        """Lines intersecting the band [top, bottom]."""
        if not self.lines:
            return range(0)
        first = self.line_at(top)
        last = bisect.bisect_right(self._line_tops, bottom)
        return range(first, min(last, len(self.lines)))

    def piece_at(self, line_index: int, x: float) -> int:
        """Index of the placed word under `x` on a line, or -1."""
        if not 0 <= line_index < len(self.lines):
            return -1
        line = self.lines[line_index]
        for k in range(line.first, line.last):
            piece = self.pieces[k]
            if piece.x - 1 <= x <= piece.x + piece.width + 1:
                return k
        return -1

    def bar_at(self, line_index: int, x: float, y: float) -> tuple[int, int] | None:
        """(layer, mention) of the bar under (x, y) on a line, 2 px of slack; a mention part wins over a
        connector drawn across it. None: no bar there."""
        best = None
        for bar in self.bars_by_line[line_index]:
            if bar.x0 - 2 <= x <= bar.x1 + 2 and bar.y0 - 2 <= y <= bar.y1 + 2:
                best = (bar.layer, bar.mention)
                if not bar.connector:
                    return best
        return best

    def mention_top(self, layer: int, mention: int) -> float | None:
        """The y of a mention's first bar (for scrolling it into view)."""
        bars = self.mention_bars.get((layer, mention))
        return min(b.y0 for b in bars) if bars else None


def assign_tracks(units: Sequence[Sequence[int]]) -> list[int]:
    """Track per mention so that mentions whose unit ranges overlap never share a track."""
    order = sorted((i for i, u in enumerate(units) if u), key=lambda i: (units[i][0], -(units[i][-1] - units[i][0]), i))
    track_end: list[int] = []
    tracks = [0] * len(units)
    for i in order:
        start, end = units[i][0], units[i][-1]
        for t, last in enumerate(track_end):
            if last < start:
                track_end[t] = end
                tracks[i] = t
                break
        else:
            tracks[i] = len(track_end)
            track_end.append(end)
    return tracks


class _WordPlacer:
    """Wraps the words of a document into lines, a stretch of segments at a time (`run`), so that a long
    document's first screen can be shown before the rest is placed (`LayoutBuilder`).

    One loop with its state in locals: this is every word of the document, the one per-word cost of
    showing it (a method call per word and per space took twice as long)."""

    def __init__(self, doc: DocumentText, measure: Callable[[str], float], width: float, m: Metrics,
                 out: Layout) -> None:
        self.segments = doc.segments
        self.measure = measure
        self.m = m
        self.out = out
        self.right = max(width - m.margin_right, m.margin_left + 40)
        self.widths: dict[str, float] = {}
        self.gaps: list[float] = [0.0]
        self.x = m.margin_left
        self.pending = 0.0
        self.next = 0
        """The first segment not placed yet."""
        out.lines.append(Line(first=0))
        out.unit_piece = [-1] * doc.num_units

    @property
    def done(self) -> bool:
        return self.next >= len(self.segments)

    def run(self, stop: int) -> None:
        """Place the segments up to `stop` (a run of words with nothing between them is placed whole: they
        wrap together)."""
        segments, measure, widths, m, out = self.segments, self.measure, self.widths, self.m, self.out
        lines, pieces, unit_piece, gaps = out.lines, out.pieces, out.unit_piece, self.gaps
        left, right, space_width, max_spaces = m.margin_left, self.right, m.space_width, m.max_spaces
        x, pending, i = self.x, self.pending, self.next
        stop = min(stop, len(segments))

        def new_line(extra: float, x: float) -> None:
            line = lines[-1]
            line.last = len(pieces)
            line.right = x
            lines.append(Line(first=len(pieces)))
            gaps.append(extra)

        while i < stop:
            segment = segments[i]
            kind = segment.kind
            if kind == SPACE:
                if x > left:
                    pending = min(segment.repeat, max_spaces) * space_width
                i += 1
                continue
            if kind == BREAK:
                if x > left or lines[-1].first < len(pieces):
                    new_line(m.paragraph_gap if segment.repeat >= 2 else 0.0, x)
                    x, pending = left, 0.0
                elif segment.repeat >= 2 and len(lines) > 1:
                    gaps[-1] = max(gaps[-1], m.paragraph_gap)
                i += 1
                continue
            j, total = i, 0.0  # the words from `i` on with nothing between them
            while j < len(segments) and segments[j].kind == WORD:
                text = segments[j].text
                w = widths.get(text)
                if w is None:
                    w = widths[text] = measure(text)
                total += w
                j += 1
            if x > left and x + pending + total > right:
                new_line(0.0, x)
                x, pending = left, 0.0
            x += pending
            pending = 0.0
            fits = total <= right - left
            for index in range(i, j):
                segment = segments[index]
                w = widths[segment.text]
                if not fits and x > left and x + w > right:
                    new_line(0.0, x)
                    x = left
                if segment.unit >= 0:
                    unit_piece[segment.unit] = len(pieces)
                pieces.append(Piece(index, len(lines) - 1, x, w))
                x += w
            i = j
        self.x, self.pending, self.next = x, pending, i

    def finish(self) -> list[float]:
        lines = self.out.lines
        lines[-1].last = len(self.out.pieces)
        lines[-1].right = self.x
        if lines[-1].first == lines[-1].last and len(lines) > 1:
            lines.pop()
            self.gaps.pop()
        return self.gaps


def _place_words(doc: DocumentText, measure: Callable[[str], float], width: float, m: Metrics,
                 out: Layout) -> list[float]:
    """Wrap the words into lines; returns the extra gap before each line (paragraph breaks)."""
    placer = _WordPlacer(doc, measure, width, m, out)
    placer.run(len(doc.segments))
    return placer.finish()


def _bars(doc: DocumentText, layer: int, units_of: Sequence[Sequence[int]], tracks: list[int], out: Layout,
          right: float, left: float) -> None:
    for mention, units in enumerate(units_of):
        placed = [(u, out.unit_piece[u]) for u in units if out.unit_piece[u] >= 0]
        if not placed:
            continue
        runs: list[list[tuple[int, int]]] = [[placed[0]]]
        new_part = doc.part_starts(layer, mention)
        for u, p in placed[1:]:
            prev_u, prev_p = runs[-1][-1]
            if u == prev_u + 1 and u not in new_part and out.pieces[p].line == out.pieces[prev_p].line:
                runs[-1].append((u, p))
            else:
                runs.append([(u, p)])
        bars = out.mention_bars.setdefault((layer, mention), [])
        track = tracks[mention]
        previous: tuple[int, int, float] | None = None  # last unit, line, x1
        for run in runs:
            first_piece, last_piece = out.pieces[run[0][1]], out.pieces[run[-1][1]]
            line = first_piece.line
            x0, x1 = first_piece.x, last_piece.x + last_piece.width
            if previous is not None:
                prev_unit, prev_line, prev_x1 = previous
                continuous = run[0][0] == prev_unit + 1 and run[0][0] not in new_part
                if prev_line == line and not continuous:
                    bars.append(Bar(layer, mention, line, prev_x1, x0, track, connector=True))
                elif prev_line != line and not continuous:
                    bars.append(Bar(layer, mention, prev_line, prev_x1, right, track, connector=True))
                    bars.append(Bar(layer, mention, line, left, x0, track, connector=True))
            bars.append(Bar(layer, mention, line, x0, x1, track))
            previous = (run[-1][0], line, x1)
        if len(placed) < len(units) and previous is not None:
            # a first part (`LayoutBuilder.partial`): the join to a part further down, as the whole layout draws it
            after, (last_unit, line, x1) = units[len(placed)], previous
            if after != last_unit + 1 or after in new_part:
                bars.append(Bar(layer, mention, line, x1, right, track, connector=True))
        for bar in bars:
            out.bars_by_line[bar.line].append(bar)


def layout_document(doc: DocumentText, measure: Callable[[str], float], width: float,
                    metrics: Metrics | None = None) -> Layout:
    """Lay out `doc` for a view `width` pixels wide; `measure(text)` gives a word's width."""
    return LayoutBuilder(doc, measure, width, metrics).finish()


class LayoutBuilder:
    """`layout_document` in steps: the words up to some line (`advance`), a layout of them to paint
    (`partial`) while the rest is placed, then the whole document's (`finish`, the same as
    `layout_document`'s). Words are placed in reading order and a line's place depends only on the lines
    before it, so the part's lines are the whole layout's first lines."""

    def __init__(self, doc: DocumentText, measure: Callable[[str], float], width: float,
                 metrics: Metrics | None = None) -> None:
        self.doc = doc
        self.out = Layout(width=width, metrics=metrics or Metrics())
        self._placer = _WordPlacer(doc, measure, width, self.out.metrics, self.out)

    @property
    def done(self) -> bool:
        """Whether every word is placed."""
        return self._placer.done

    @property
    def lines(self) -> int:
        """How many lines the words placed so far take."""
        return len(self.out.lines)

    def advance(self, segments: int) -> None:
        """Place about `segments` more segments (a run of words with nothing between them is not split)."""
        self._placer.run(self._placer.next + segments)

    def partial(self) -> Layout:
        """The words placed so far with their mentions' bars, as a layout of its own (the builder goes on)."""
        out, placer = self.out, self._placer
        lines = [dataclasses.replace(line) for line in out.lines]  # `_place_marks` sets their boxes
        lines[-1].last, lines[-1].right = len(out.pieces), placer.x
        gaps = placer.gaps[:len(lines)]
        if lines[-1].first == lines[-1].last and len(lines) > 1:
            lines.pop()
            gaps.pop()
        part = Layout(width=out.width, metrics=out.metrics, lines=lines, pieces=list(out.pieces),
                      unit_piece=list(out.unit_piece), gaps=gaps, complete=False)
        return _place_marks(self.doc, part)

    def finish(self) -> Layout:
        """Place the rest: the whole document's layout."""
        self._placer.run(len(self.doc.segments))
        self.out.gaps = self._placer.finish()
        return _place_marks(self.doc, self.out)


def relayout_marks(previous: Layout, doc: DocumentText) -> Layout:
    """`doc` laid out like `previous` when only its mentions changed (an edit): the words keep their
    places, bars and line heights are made again. `doc` must have `previous`'s segments."""
    out = Layout(width=previous.width, metrics=previous.metrics, lines=previous.lines, pieces=previous.pieces,
                 unit_piece=previous.unit_piece, gaps=previous.gaps)
    return _place_marks(doc, out)


def _place_marks(doc: DocumentText, out: Layout) -> Layout:
    """Bars of every mention, and the lines' heights and tops that follow from them."""
    m, gaps = out.metrics, out.gaps
    width = out.width
    out.bars_by_line = [[] for _ in out.lines]
    gold_tracks = assign_tracks(doc.gold_units)
    system_tracks = assign_tracks(doc.system_units)
    out.tracks = (gold_tracks, system_tracks)
    right = width - m.margin_right / 2
    left = m.margin_left / 2
    _bars(doc, GOLD, doc.gold_units, gold_tracks, out, right, left)
    _bars(doc, SYSTEM, doc.system_units, system_tracks, out, right, left)
    y = m.margin_top
    tops: list[float] = []
    for index, line in enumerate(out.lines):
        bars = out.bars_by_line[index]
        line.gold_tracks = max([b.track + 1 for b in bars if b.layer == GOLD], default=1)
        line.system_tracks = max([b.track + 1 for b in bars if b.layer == SYSTEM], default=1)
        y += gaps[index]
        line.y = y
        line.text_top = y + line.gold_tracks * m.lane_pitch + m.text_pad
        system_top = line.text_top + m.text_height + m.text_pad
        line.height = system_top + line.system_tracks * m.lane_pitch - y
        for bar in bars:
            if bar.layer == GOLD:
                row = line.gold_tracks - 1 - bar.track
                top = y + row * m.lane_pitch + (m.lane_pitch - m.bar_height)
            else:
                top = system_top + bar.track * m.lane_pitch
            if bar.connector:
                mid = top + m.bar_height / 2
                bar.y0, bar.y1 = mid - 0.5, mid + 0.5
            else:
                bar.y0, bar.y1 = top, top + m.bar_height
        tops.append(y)
        y += line.height + m.line_gap
    out._line_tops = tops
    out.height = y + m.margin_top
    return out
