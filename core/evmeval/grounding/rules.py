"""The grounding rules: pure functions from (text or tokens, string, anchor, used spans) to spans.

A rule never guesses: `()` / `None` means the string is not in the text under that rule, and the
caller must show it (our convention counts it as a false alarm, outcome "not in the text").
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

Span = tuple[int, int]
"""Half-open `(start, end)`: characters of a `str`, or token indices of a token sequence."""

Haystack = str | Sequence[str]
"""The text (a `str`, spans in characters) or its tokens (a sequence of `str`, spans in tokens)."""

RULE_NAMES: tuple[str, ...] = ("first", "closest", "first-unused", "all", "fuzzy")
"""The rules by name, in the order the docs list them."""

_WORD = re.compile(r"\w+|[^\w\s]")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class GroundingRule:
    """A named rule; `threshold` only for `fuzzy` (similarity in (0, 1] a window must reach)."""

    name: str
    threshold: float | None = None

    @property
    def spec(self) -> str:
        """How the rule is written on the command line and in JSON, e.g. `fuzzy:0.8`."""
        return f"{self.name}:{self.threshold:g}" if self.name == "fuzzy" else self.name


def parse_rule(text: str) -> GroundingRule:
    """`first`, `closest`, `first-unused`, `all` or `fuzzy:THRESHOLD`; ValueError saying what is expected."""
    expected = "expected first, closest, first-unused, all or fuzzy:THRESHOLD with 0 < THRESHOLD <= 1"
    name, sep, value = text.strip().partition(":")
    if name == "fuzzy":
        try:
            threshold = float(value) if sep else 0.8
        except ValueError:
            raise ValueError(f"grounding rule {text!r}: threshold {value!r} is not a number ({expected})") from None
        if not 0.0 < threshold <= 1.0:
            raise ValueError(f"grounding rule {text!r}: threshold out of range ({expected})")
        return GroundingRule("fuzzy", threshold)
    if name in RULE_NAMES and not sep:
        return GroundingRule(name)
    raise ValueError(f"unknown grounding rule {text!r} ({expected})")


def normalise(text: str) -> str:
    """The fuzzy rule's normalisation: case folded, runs of white space as one space, ends stripped."""
    return _SPACES.sub(" ", text).strip().casefold()


def gap(span: Span, anchor: Span) -> int:
    """How far apart two spans are (0 when they overlap or touch): `closest` ranks by this."""
    if span[0] >= anchor[1]:
        return span[0] - anchor[1]
    if anchor[0] >= span[1]:
        return anchor[0] - span[1]
    return 0


def _needle(haystack: Haystack, needle: str | Sequence[str]) -> str | tuple[str, ...]:
    """The needle in the haystack's own units: a string for text, a tuple of words for tokens."""
    if isinstance(haystack, str):
        return needle if isinstance(needle, str) else " ".join(needle)
    return tuple(needle.split()) if isinstance(needle, str) else tuple(needle)


def occurrences(haystack: Haystack, needle: str | Sequence[str]) -> tuple[Span, ...]:
    """Every exact occurrence, overlapping ones included, in text order; `()` for an empty needle."""
    wanted = _needle(haystack, needle)
    size = len(wanted)
    if size == 0:
        return ()
    found: list[Span] = []
    if isinstance(haystack, str):
        assert isinstance(wanted, str)
        at = haystack.find(wanted)
        while at >= 0:
            found.append((at, at + size))
            at = haystack.find(wanted, at + 1)
        return tuple(found)
    first = wanted[0]
    for at in range(len(haystack) - size + 1):
        if haystack[at] == first and tuple(haystack[at:at + size]) == wanted:
            found.append((at, at + size))
    return tuple(found)


def ground_first(haystack: Haystack, needle: str | Sequence[str]) -> Span | None:
    """The first occurrence (UIE's string mode, most generative pipelines)."""
    found = occurrences(haystack, needle)
    return found[0] if found else None


def ground_closest(haystack: Haystack, needle: str | Sequence[str], anchor: Span | None) -> Span | None:
    """The occurrence nearest the anchor (usually the trigger) by `gap`; ties to the earlier one.

    Without an anchor this is `first`: a trigger has nothing to be near.
    """
    found = occurrences(haystack, needle)
    if not found:
        return None
    if anchor is None:
        return found[0]
    return min(found, key=lambda span: (gap(span, anchor), span[0]))


def ground_first_unused(haystack: Haystack, needle: str | Sequence[str], used: Collection[Span]) -> Span | None:
    """The first occurrence not already in `used`; None once every occurrence is used up."""
    for span in occurrences(haystack, needle):
        if span not in used:
            return span
    return None


def ground_all(haystack: Haystack, needle: str | Sequence[str]) -> tuple[Span, ...]:
    """Every occurrence: the string stands for each place it is written."""
    return occurrences(haystack, needle)


def _windows(haystack: Haystack, words: int) -> list[Span]:
    """Candidate spans for `fuzzy`: runs of words (text) or tokens with one word fewer to one more."""
    if isinstance(haystack, str):
        bounds = [(m.start(), m.end()) for m in _WORD.finditer(haystack)]
    else:
        bounds = [(i, i + 1) for i in range(len(haystack))]
    spans: list[Span] = []
    for size in range(max(1, words - 1), words + 2):
        for at in range(len(bounds) - size + 1):
            spans.append((bounds[at][0], bounds[at + size - 1][1]))
    return spans


def _span_text(haystack: Haystack, span: Span) -> str:
    if isinstance(haystack, str):
        return haystack[span[0]:span[1]]
    return " ".join(haystack[span[0]:span[1]])


def similarity(a: str, b: str) -> float:
    """difflib's ratio of the two normalised strings (standard library, no extra dependency)."""
    return difflib.SequenceMatcher(None, normalise(a), normalise(b), autojunk=False).ratio()


def ground_fuzzy(
    haystack: Haystack, needle: str | Sequence[str], threshold: float, anchor: Span | None = None
) -> Span | None:
    """The window most similar to the string, if at least `threshold`; ties to the anchor's nearest, then first.

    An exact occurrence (after normalisation) always scores 1.0, so fuzzy finds everything `first` finds.
    """
    wanted = needle if isinstance(needle, str) else " ".join(needle)
    if not normalise(wanted):
        return None
    words = len(_WORD.findall(wanted))
    best: tuple[float, int, int, int] | None = None
    chosen: Span | None = None
    matcher = difflib.SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(normalise(wanted))  # analysed once; each window is the other side
    for span in _windows(haystack, words):
        matcher.set_seq1(normalise(_span_text(haystack, span)))
        floor = max(threshold, -best[0]) if best is not None else threshold
        if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:  # upper bounds of ratio()
            continue
        score = matcher.ratio()
        if score < threshold:
            continue
        rank = (-score, gap(span, anchor) if anchor is not None else 0, span[0], span[1])
        if best is None or rank < best:
            best, chosen = rank, span
    return chosen


def ground(
    haystack: Haystack,
    needle: str | Sequence[str],
    rule: GroundingRule,
    *,
    anchor: Span | None = None,
    used: Collection[Span] = (),
) -> tuple[Span, ...]:
    """The spans `rule` grounds `needle` to; `()` when it is not in the text under that rule.

    `anchor` is read by `closest` and `fuzzy`, `used` by `first-unused`; `all` may return several.
    """
    if rule.name == "all":
        return ground_all(haystack, needle)
    if rule.name == "first":
        span = ground_first(haystack, needle)
    elif rule.name == "closest":
        span = ground_closest(haystack, needle, anchor)
    elif rule.name == "first-unused":
        span = ground_first_unused(haystack, needle, used)
    elif rule.name == "fuzzy":
        span = ground_fuzzy(haystack, needle, rule.threshold or 0.8, anchor)
    else:
        raise ValueError(f"unknown grounding rule {rule.name!r}")
    return (span,) if span is not None else ()
