"""Three lanes over one text: system a on top, gold just above the words, system b below them. No Qt.

The Compare mode's text view shows two runs against the gold at once, so that a mention one run
fixed or broke is seen at a glance: per visual line, the lane of run a, the gold lane (the words'
own lane, as in the main text view) and, under the words, the lane of run b. The words are wrapped by
the main view's word placer and each lane's bars are made by its bar maker (`model.text_layout`), so
both views place words and mention parts the same way; only the vertical stacking differs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from evmeval.mention.scoring import DocumentResult

from evmeval_gui.model.corpus import LoadedCorpus
from evmeval_gui.model.doctext import DocumentText, read_document_text
from evmeval_gui.model.text_layout import Layout, Metrics, _bars, _place_words, assign_tracks

LANE_A, LANE_GOLD, LANE_B = 0, 1, 2
"""Layers of the bars (`Bar.layer`)."""
LANES = (LANE_A, LANE_GOLD, LANE_B)
LANE_NAMES = {LANE_A: "a", LANE_GOLD: "gold", LANE_B: "b"}
LANE_GAP = 3.0
"""Pixels between the lane of run a and the gold lane."""
LABEL_MARGIN = 30.0
"""Room at the left of each line for the lane names."""


@dataclass(frozen=True)
class LanesText:
    """A document's text with its gold mentions and the mentions of runs a and b placed on it."""

    text: DocumentText
    """`gold_units` are the gold mentions'; `system_units` are run a's mentions, then run b's."""
    num_a: int

    def units(self, lane: int) -> tuple[tuple[int, ...], ...]:
        """The units of each mention of a lane (indices as in the runs' `DocumentResult`)."""
        if lane == LANE_GOLD:
            return self.text.gold_units
        if lane == LANE_A:
            return self.text.system_units[:self.num_a]
        return self.text.system_units[self.num_a:]


@dataclass
class LanesLayout:
    """The placed words and bars (`layout`) and each line's track counts and lane tops, per lane."""

    layout: Layout
    tracks: list[tuple[int, ...]] = field(default_factory=list)
    lane_tops: list[tuple[float, ...]] = field(default_factory=list)


def lanes_text(corpus: LoadedCorpus, doc_a: DocumentResult, doc_b: DocumentResult) -> LanesText:
    """The text of a document with the gold mentions and both runs' mentions placed (token tables and
    texts read through the corpus' sources, as the main view reads them)."""
    built = read_document_text(corpus.inputs[0], doc_a.doc_id, doc_a.gold, (*doc_a.system, *doc_b.system))
    return LanesText(built, len(doc_a.system))


def layout_lanes(lanes: LanesText, measure: Callable[[str], float], width: float,
                 metrics: Metrics | None = None) -> LanesLayout:
    """Lay out the three lanes for a view `width` pixels wide (`measure(text)`: a word's width)."""
    return stack_lanes(lanes.text, [lanes.units(lane) for lane in LANES], 2, measure, width, metrics)


def stack_lanes(doc: DocumentText, lane_units: Sequence[Sequence[Sequence[int]]], above: int,
                measure: Callable[[str], float], width: float, metrics: Metrics | None = None) -> LanesLayout:
    """Any number of lanes over one text: lanes `0..above-1` over the words (the last just above them),
    the others under them; `Bar.layer` is the lane. The Compare mode's a/gold/b and the Curate view's
    one lane per annotator are both this."""
    m = replace(metrics or Metrics(), margin_left=LABEL_MARGIN)
    out = Layout(width=width, metrics=m)
    gaps = _place_words(doc, measure, width, m, out)
    out.bars_by_line = [[] for _ in out.lines]
    right, left = width - m.margin_right / 2, m.margin_left / 2
    for lane, units in enumerate(lane_units):
        _bars(doc, lane, units, assign_tracks(units), out, right, left)
    result = LanesLayout(out)
    n = len(lane_units)
    y = m.margin_top
    line_tops: list[float] = []
    for index, line in enumerate(out.lines):
        bars = out.bars_by_line[index]
        floor = 1 if bars else 0  # a line without mentions takes no lane room
        counts = tuple(max([b.track + 1 for b in bars if b.layer == lane], default=floor) for lane in range(n))
        y += gaps[index]
        line.y = y
        tops: list[float] = []
        top = y
        for lane in range(above):
            tops.append(top)
            top += counts[lane] * m.lane_pitch + (LANE_GAP if bars and lane == above - 2 else 0.0)
        line.text_top = top + m.text_pad
        top = line.text_top + m.text_height + m.text_pad
        for lane in range(above, n):
            tops.append(top)
            top += counts[lane] * m.lane_pitch
        line.height = top - y
        line.gold_tracks = counts[above - 1] if above else 0
        line.system_tracks = counts[above] if above < n else 0
        for bar in bars:
            if bar.layer >= above:
                place = tops[bar.layer] + bar.track * m.lane_pitch
            else:  # lanes over the words stack upwards from their bottom, like the main view's gold lane
                rise = (counts[bar.layer] - 1 - bar.track) * m.lane_pitch
                place = tops[bar.layer] + rise + (m.lane_pitch - m.bar_height)
            if bar.connector:
                mid = place + m.bar_height / 2
                bar.y0, bar.y1 = mid - 0.5, mid + 0.5
            else:
                bar.y0, bar.y1 = place, place + m.bar_height
        result.tracks.append(counts)
        result.lane_tops.append(tuple(tops))
        line_tops.append(y)
        y += line.height + m.line_gap
    out._line_tops = line_tops
    out.height = y + m.margin_top
    return result
