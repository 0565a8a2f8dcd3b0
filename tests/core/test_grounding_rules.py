"""The grounding rules (evmeval.grounding): hand-derived cases and properties over random texts."""

from __future__ import annotations

import pytest
from evmeval.grounding import (
    GroundingRule,
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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TEXT = "The protesters met the police; the protesters fled."
#       0123456789012345678901234567890123456789012345678901
# "protesters" starts at 4 and at 35; "police" is 23..29.


def test_hand_derived_spans() -> None:
    assert occurrences(TEXT, "protesters") == ((4, 14), (35, 45))
    assert ground_first(TEXT, "protesters") == (4, 14)
    # anchor "police" (23, 29): gap to (4, 14) is 23 - 14 = 9, to (35, 45) is 35 - 29 = 6.
    assert ground_closest(TEXT, "protesters", (23, 29)) == (35, 45)
    assert ground_closest(TEXT, "protesters", None) == (4, 14)
    assert ground_first_unused(TEXT, "protesters", {(4, 14)}) == (35, 45)
    assert ground_first_unused(TEXT, "protesters", {(4, 14), (35, 45)}) is None
    assert ground_all(TEXT, "protesters") == ((4, 14), (35, 45))
    assert ground_first(TEXT, "rioters") is None
    assert ground_first(TEXT, "") is None


def test_closest_tie_goes_to_the_earlier() -> None:
    # "ab" at (0, 2) and (7, 9) in "ab x y ab".
    assert ground_closest("ab x y ab", "ab", (3, 4)) == (0, 2)  # gaps 3 - 2 = 1 and 7 - 4 = 3
    assert ground_closest("ab x y ab", "ab", (5, 6)) == (7, 9)  # gaps 5 - 2 = 3 and 7 - 6 = 1
    assert ground_closest("ab x y ab", "ab", (4, 5)) == (0, 2)  # gaps 2 and 2: the earlier


def test_tokens_give_token_spans() -> None:
    tokens = TEXT.replace(";", " ;").replace(".", " .").split()
    assert ground_all(tokens, "the protesters") == ((6, 8),)
    assert ground(tokens, ["protesters"], GroundingRule("first")) == ((1, 2),)


def test_fuzzy() -> None:
    # Case and spacing are normalised away: an exact match after normalisation scores 1.0.
    assert ground_fuzzy(TEXT, "PROTESTERS", 0.8) == (4, 14)
    # "protester" vs "protesters": ratio 2 * 9 / (9 + 10) = 0.947... >= 0.9.
    assert similarity("protester", "protesters") == pytest.approx(18 / 19)
    assert ground_fuzzy(TEXT, "protester", 0.9) == (4, 14)
    assert ground_fuzzy(TEXT, "protester", 0.95) is None
    # The anchor breaks ties between equally similar windows.
    assert ground_fuzzy(TEXT, "protester", 0.9, anchor=(46, 50)) == (35, 45)


def test_parse_rule() -> None:
    assert parse_rule("first-unused") == GroundingRule("first-unused")
    assert parse_rule("fuzzy:0.75") == GroundingRule("fuzzy", 0.75)
    assert parse_rule("fuzzy:0.75").spec == "fuzzy:0.75"
    assert parse_rule("fuzzy").spec == "fuzzy:0.8"
    for bad in ("nearest", "fuzzy:2", "fuzzy:x", "first:1"):
        with pytest.raises(ValueError, match="expected first, closest, first-unused, all or fuzzy"):
            parse_rule(bad)


# --- properties ---------------------------------------------------------------------------------------

words = st.sampled_from(["a", "b", "ab", "the", "x"])
texts = st.lists(words, min_size=0, max_size=12).map(" ".join)
needles = st.lists(words, min_size=1, max_size=3).map(" ".join)
spans = st.tuples(st.integers(0, 40), st.integers(0, 5)).map(lambda p: (p[0], p[0] + p[1]))


@SETTINGS
@given(texts, needles, spans, st.sets(spans))
def test_exact_rules_return_the_string(text: str, needle: str, anchor: tuple[int, int], used: set) -> None:
    """A span grounded by an exact rule reads exactly the string; none is returned only if it is absent."""
    for name in ("first", "closest", "first-unused", "all"):
        found = ground(text, needle, GroundingRule(name), anchor=anchor, used=used)
        for start, end in found:
            assert text[start:end] == needle
        if name != "first-unused":
            assert bool(found) == (needle in text)


@SETTINGS
@given(texts, needles, st.sets(spans))
def test_first_unused_never_returns_a_used_span(text: str, needle: str, used: set) -> None:
    span = ground_first_unused(text, needle, used)
    assert span not in used
    every = occurrences(text, needle)
    assert (span is None) == all(s in used for s in every)


@SETTINGS
@given(texts, needles)
def test_all_returns_every_occurrence(text: str, needle: str) -> None:
    expected = tuple((i, i + len(needle)) for i in range(len(text)) if text.startswith(needle, i))
    assert ground_all(text, needle) == expected


@SETTINGS
@given(texts, needles, spans)
def test_closest_is_no_farther_than_any_occurrence(text: str, needle: str, anchor: tuple[int, int]) -> None:
    span = ground_closest(text, needle, anchor)
    if span is not None:
        assert all(gap(span, anchor) <= gap(other, anchor) for other in occurrences(text, needle))


@SETTINGS
@given(texts, needles, st.floats(0.5, 1.0))
def test_fuzzy_reaches_its_threshold_and_finds_exact_matches(text: str, needle: str, threshold: float) -> None:
    span = ground_fuzzy(text, needle, threshold)
    if span is not None:
        assert similarity(text[span[0]:span[1]], needle) >= threshold
    if normalise(needle) in normalise(text) and f" {needle} " in f" {text} ":
        assert span is not None


def test_the_guides_closest_and_fuzzy_example() -> None:
    """docs/scoring/grounding.md: `fled` [8,9) with Attacker "the protesters" / "protester"."""
    tokens = ["the", "police", "met", "the", "protesters", ";", "the", "protesters", "fled"]
    assert ground(tokens, "the protesters", GroundingRule("first"), anchor=(8, 9)) == ((3, 5),)
    assert ground(tokens, "the protesters", GroundingRule("closest"), anchor=(8, 9)) == ((6, 8),)  # gaps 3 and 0
    assert ground(tokens, "protester", GroundingRule("first"), anchor=(8, 9)) == ()
    assert ground(tokens, "protester", parse_rule("fuzzy:0.8"), anchor=(8, 9)) == ((7, 8),)


@SETTINGS
@given(st.lists(words, min_size=1, max_size=10), needles, st.floats(0.3, 1.0), st.one_of(st.none(), spans))
def test_fuzzy_is_the_plain_argmax_over_word_runs(tokens: list[str], needle: str, threshold: float,
                                                  anchor: tuple[int, int] | None) -> None:
    """The pruned search (difflib's quick upper bounds) picks what ranking every run of n-1..n+1 tokens would."""
    n = len(needle.split())
    runs = [(i, i + k) for k in range(max(1, n - 1), n + 2) for i in range(len(tokens) - k + 1)]
    scored = [(-similarity(" ".join(tokens[s:e]), needle), gap((s, e), anchor) if anchor else 0, s, e)
              for s, e in runs]
    kept = [r for r in scored if -r[0] >= threshold]
    expected = (min(kept)[2], min(kept)[3]) if kept else None
    assert ground_fuzzy(tokens, needle, threshold, anchor) == expected
