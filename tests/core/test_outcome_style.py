"""The one outcome scheme (evmeval.outcome_style): complete, distinct without colour, and what the report uses."""

from __future__ import annotations

from evmeval.mention.outcomes import Outcome
from evmeval.outcome_style import OKABE_ITO, ORDER, STYLES, outcome_style
from evmeval.report.html_report import _legend, _outcome_css


def test_every_outcome_and_merged_has_a_style_in_the_order():
    assert {o.value for o in Outcome} == set(ORDER) == set(STYLES)
    assert outcome_style(Outcome.PARTIAL) is STYLES["partial"] is outcome_style("partial")
    merged = STYLES["merged"]
    assert (merged.label, merged.colour) == ("merged gold", OKABE_ITO["yellow"]) and merged.description


def test_colour_is_never_the_only_cue():
    for field in ("colour", "glyph", "label", "pattern", "underline", "tint"):
        values = [getattr(STYLES[k], field) for k in ORDER]
        assert len(set(values)) == len(values), field
    assert {STYLES[k].colour for k in ORDER} <= set(OKABE_ITO.values())


def test_the_html_report_draws_and_names_outcomes_with_the_scheme():
    css, legend = _outcome_css(None), _legend()
    for outcome in Outcome:
        st = STYLES[outcome]
        assert f".sw.o-{outcome.value} {{ background: {st.colour}; }}" in css
        assert st.short in legend
