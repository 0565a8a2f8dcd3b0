"""The one outcome scheme, as plain data: colour, tint, glyph, label, description and display order.

The window (`evmeval_gui.colours` turns it into QColors and brushes), the charts and the HTML report
all read it from here, so an outcome looks and reads the same everywhere. Colours come from the
Okabe-Ito palette (distinguishable with the common colour-vision deficiencies); colour is never the
only cue: each outcome also has a glyph, a fill pattern and an underline style (named here, drawn by
whoever draws).

Styles are keyed by the outcome's string value (`"exact"`, …), so `STYLES[Outcome.EXACT]` works
(`Outcome` is a `str` enum) without this module importing the metrics. `merged` marks a gold mention
inside a system mention that another gold mention already took (the system merged them); `not_in_text` a
string prediction with no span (it is never drawn on the text, so it has no underline).
"""

from __future__ import annotations

from dataclasses import dataclass

OKABE_ITO: dict[str, str] = {
    "black": "#000000", "orange": "#E69F00", "sky_blue": "#56B4E9", "bluish_green": "#009E73",
    "yellow": "#F0E442", "blue": "#0072B2", "vermillion": "#D55E00", "reddish_purple": "#CC79A7",
}
"""The eight colours of Okabe & Ito's palette (Color Universal Design), by name."""


@dataclass(frozen=True)
class OutcomeStyle:
    """How one outcome is shown everywhere: a colour plus cues that are not colour."""

    key: str
    """The outcome's value (`evmeval.mention.outcomes.Outcome.value`), e.g. "partial"."""
    colour: str
    """Main colour (`#RRGGBB`) for bars, swatches and chart series."""
    tint: str
    """A light version of `colour` for row backgrounds and text shading, readable under black text."""
    glyph: str
    """One-character mark shown next to the colour."""
    label: str
    """Words a user would say."""
    description: str
    """One sentence for tooltips and legends."""
    pattern: str
    """Fill pattern over the colour: solid, bdiag, dense5, hollow, diagcross, ver, hor."""
    underline: str
    """Underline style in text: single, dash, wave, dot, dashdot, dashdotdot, spellcheck."""

    @property
    def short(self) -> str:
        """Glyph and label together, e.g. `≈ partial span`."""
        return f"{self.glyph} {self.label}"


_STYLES = (
    OutcomeStyle("exact", OKABE_ITO["bluish_green"], "#D5EFE6", "✓", "exact match",
                 "Gold and system mentions cover the same tokens and agree on the attributes.", "solid", "single"),
    OutcomeStyle("partial", OKABE_ITO["sky_blue"], "#DCEFFA", "≈", "partial span",
                 "Mapped, but the spans only overlap (Dice below 1): partial credit.", "bdiag", "dash"),
    OutcomeStyle("attribute", OKABE_ITO["orange"], "#FBEBC7", "≠", "wrong attribute",
                 "The span matches, but type or realis differs, so this combination does not map the pair.",
                 "dense5", "wave"),
    OutcomeStyle("missed", OKABE_ITO["vermillion"], "#F8DCCB", "−", "missed gold",
                 "A gold mention no system mention was mapped to.", "hollow", "dot"),
    OutcomeStyle("spurious", OKABE_ITO["reddish_purple"], "#F5E0EC", "+", "spurious system",
                 "A system mention that overlaps no gold mention.", "diagcross", "dashdot"),
    OutcomeStyle("split", OKABE_ITO["blue"], "#D3E5F2", "÷", "extra split part",
                 "A system mention overlapping a gold mention that another system mention already took.",
                 "ver", "dashdotdot"),
    OutcomeStyle("merged", OKABE_ITO["yellow"], "#FBF8D0", "∪", "merged gold",
                 "A gold mention inside a system mention that is already mapped to another gold mention: "
                 "the system merged two or more gold mentions into one.", "hor", "spellcheck"),
    OutcomeStyle("not_in_text", OKABE_ITO["black"], "#E4E4E4", "⊘", "not in the text",
                 "A predicted string the grounding rule placed nowhere in its text: a false alarm under ours, "
                 "dropped unseen by the published scorers.", "cross", "none"),
)

STYLES: dict[str, OutcomeStyle] = {s.key: s for s in _STYLES}
"""Every outcome's style by its value; look up with an `Outcome` or its string."""

ORDER: tuple[str, ...] = tuple(s.key for s in _STYLES)
"""Display order: from agreement to the different kinds of error (merged last)."""


def outcome_style(outcome: str) -> OutcomeStyle:
    """The style of an outcome (an `Outcome` or its value); KeyError for an unknown one."""
    return STYLES[str(getattr(outcome, "value", outcome))]
