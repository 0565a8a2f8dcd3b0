"""A system mention covering two gold mentions is *merged*, and types show as first written."""

from __future__ import annotations

from core.formats.tbf import parse_tbf
from core.metrics.mention import score_files
from core.metrics.outcomes import Outcome, mapping_rows
from core.model import SpanMode
from core.type_names import type_names

GOLD = """#BeginOfDocument d
g\td\tE1\t0,8\tarrested\tJustice_Arrest-Jail\tActual
g\td\tE2\t13,20\tcharged\tjustice_charge-indict\tActual
g\td\tE3\t30,35\tfired\tConflict_Attack\tActual
#EndOfDocument
"""
SYSTEM = """#BeginOfDocument d
s\td\tS1\t0,20\tarrested and charged\tJUSTICE.ARREST_JAIL\tActual
s\td\tS2\t40,44\tleft\tMovement_Transport-Person\tActual
#EndOfDocument
"""


def _result():
    g, _ = parse_tbf(GOLD, path="gold.tbf", mode=SpanMode.CHAR)
    s, _ = parse_tbf(SYSTEM, path="system.tbf", mode=SpanMode.CHAR)
    return score_files(g, s)


def test_the_gold_mention_a_system_mention_merged_in_is_merged_not_missed():
    doc = _result().documents[0]
    by_gold = {r.gold.mention_id: r for r in mapping_rows(doc, "plain") if r.gold is not None}
    assert by_gold["E1"].outcome is Outcome.PARTIAL and by_gold["E1"].system.mention_id == "S1"
    assert by_gold["E2"].outcome is Outcome.MERGED and by_gold["E2"].system is None
    assert by_gold["E3"].outcome is Outcome.MISSED          # overlaps no system mention
    assert Outcome.MERGED.is_error
    # every mention still appears exactly once
    rows = mapping_rows(doc, "plain")
    assert sorted(r.gold_index for r in rows if r.gold_index is not None) == [0, 1, 2]
    assert sorted(r.system_index for r in rows if r.system_index is not None) == [0, 1]


def test_display_names_are_the_first_spelling_gold_before_system():
    names = type_names(_result().documents)
    assert names.name("justicearrestjail") == "Justice_Arrest-Jail"      # gold's, not the system's
    assert names.name("justicechargeindict") == "justice_charge-indict"  # as written, even in lower case
    assert names.name("movementtransportperson") == "Movement_Transport-Person"  # only the system wrote it
    assert names.name("neverwritten") == "neverwritten"
