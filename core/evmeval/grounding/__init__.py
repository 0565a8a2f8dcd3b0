"""Every rule that turns a predicted string into a span of the text, in one place.

Generative systems emit strings ("the protesters"), not offsets; each published scorer decides
silently how a string becomes a span. Here each decision is a named rule, a pure function over
(text or tokens, string, anchor, used spans), so every convention grounds the same way when it
names the same rule, and a string found nowhere is a visible outcome, never a silent drop.

Spans are half-open `(start, end)`: character offsets over a `str`, token indices over a sequence
of tokens. See docs/scoring/grounding.md for the rules with a worked example.
"""

from __future__ import annotations

from evmeval.grounding.genarg import genarg_distance, ground_closest_genarg
from evmeval.grounding.rules import (
    RULE_NAMES,
    GroundingRule,
    Haystack,
    Span,
    gap,
    ground,
    ground_all,
    ground_closest,
    ground_first,
    ground_first_unused,
    ground_fuzzy,
    normalise,
    occurrences,
    parse_rule,
    similarity,
)

__all__ = [
    "RULE_NAMES",
    "GroundingRule",
    "Haystack",
    "Span",
    "gap",
    "genarg_distance",
    "ground",
    "ground_all",
    "ground_closest",
    "ground_closest_genarg",
    "ground_first",
    "ground_first_unused",
    "ground_fuzzy",
    "normalise",
    "occurrences",
    "parse_rule",
    "similarity",
]
