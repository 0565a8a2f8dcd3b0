"""How a sequencing link's outcome looks everywhere (window arcs, link table, HTML report): plain data.

The outcomes are those of `evmeval.sequencing.temporal_awareness.LinkOutcome`: matched, implied, missing,
spurious, redundant. Colours come from the Okabe-Ito palette of `evmeval.outcome_style` and mean what
they mean for mentions (green agrees, vermillion is missed gold, purple is spurious system); colour is
never the only cue: each outcome has a glyph and its own line style (solid, dash, dot, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

from evmeval.outcome_style import OKABE_ITO


@dataclass(frozen=True)
class LinkStyle:
    """One link outcome: colour, a light tint for table rows, glyph, words, and a line style."""

    key: str
    colour: str
    tint: str
    glyph: str
    label: str
    description: str
    line: str
    """solid, dash, dot, dashdot or dashdotdot (drawn by whoever draws)."""
    scored: bool = True

    @property
    def short(self) -> str:
        return f"{self.glyph} {self.label}"


_STYLES = (
    LinkStyle("matched", OKABE_ITO["bluish_green"], "#D5EFE6", "✓", "matched",
              "The other side has the same link.", "solid"),
    LinkStyle("implied", OKABE_ITO["sky_blue"], "#DCEFFA", "⇒", "implied by closure",
              "The other side does not list this link, but its links imply it (transitive closure).", "dash"),
    LinkStyle("missing", OKABE_ITO["vermillion"], "#F8DCCB", "−", "missing",
              "A gold link the system neither gives nor implies.", "dot"),
    LinkStyle("spurious", OKABE_ITO["reddish_purple"], "#F5E0EC", "+", "spurious",
              "A system link the gold neither gives nor implies.", "dashdot"),
    LinkStyle("redundant", "#8C8C8C", "#EEEEEE", "∅", "redundant (not scored)",
              "Implied by the same side's other links, so left out of its reduced graph: not scored.",
              "dashdotdot", scored=False),
)

LINK_STYLES: dict[str, LinkStyle] = {s.key: s for s in _STYLES}
LINK_ORDER: tuple[str, ...] = tuple(s.key for s in _STYLES)
"""Display order: agreement first, then the errors, then what is not scored."""


def link_style(outcome: str) -> LinkStyle:
    """The style of a link outcome; KeyError for an unknown one."""
    return LINK_STYLES[outcome]
