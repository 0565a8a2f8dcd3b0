"""A system mention covering two gold mentions is *merged*, and types show as first written."""

from __future__ import annotations

from evmeval.io.tbf import parse_tbf
from evmeval.mention.outcomes import Outcome, mapping_rows
from evmeval.mention.scoring import score_files
from evmeval.mention.type_names import type_names
from evmeval.model import SpanMode

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


def test_html_report_names_types_as_written_and_shows_undefined_as_a_dash_with_its_reason(tmp_path):
    from evmeval.io.loading import LoadedInputs, TextSource, TokenSource
    from evmeval.mention.prf import NAN_REASON
    from evmeval.report.html_report import format_html_report

    gold_text = GOLD + "#BeginOfDocument e\ng\te\tE9\t0,4\tsaid\tContact_Broadcast\tActual\n#EndOfDocument\n"
    g, _ = parse_tbf(gold_text, path="gold.tbf", mode=SpanMode.CHAR)
    s, _ = parse_tbf(SYSTEM, path="system.tbf", mode=SpanMode.CHAR)
    result = score_files(g, s)
    page = format_html_report(result, LoadedInputs(g, s, TokenSource(None), TextSource(str(tmp_path))), {})
    assert ">Justice_Arrest-Jail</td>" in page and ">justicearrestjail<" not in page
    assert ">nan<" not in page and " nan " not in page            # no bare "nan" anywhere
    dash = f'<span class="nan" title="{NAN_REASON}">—</span>'
    assert dash in page                                           # document e: no system mention, P = 0/0
    assert "∪ merged gold" in page                                # the legend has the new outcome


def test_the_spelling_cache_gives_the_names_a_fresh_computation_gives_after_an_edit():
    """An edit rescores one document; the cache reuses the others and must agree with starting over."""
    from evmeval.mention.scoring import rescore_document
    from evmeval.mention.type_names import SpellingCache

    two_docs_gold = GOLD + GOLD.replace("Document d", "Document e").replace("\td\t", "\te\t")
    two_docs_system = SYSTEM + SYSTEM.replace("Document d", "Document e").replace("\td\t", "\te\t")
    g, _ = parse_tbf(two_docs_gold, path="gold.tbf", mode=SpanMode.CHAR)
    s, _ = parse_tbf(two_docs_system, path="system.tbf", mode=SpanMode.CHAR)
    before = score_files(g, s)
    cache = SpellingCache()
    assert dict(cache.type_names(before.documents)) == dict(type_names(before.documents))
    d = before.document("d")
    retyped = (d.gold[0]._replace(raw_type="JUSTICE_arrest_jail"), *d.gold[1:])  # a new first spelling
    after = rescore_document(before, "d", retyped, d.system)
    names = cache.type_names(after.documents)
    assert dict(names) == dict(type_names(after.documents))
    assert names.name("justicearrestjail") == "JUSTICE_arrest_jail"
