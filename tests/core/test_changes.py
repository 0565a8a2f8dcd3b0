"""What changed from run a to run b, item by item (issue 36, section 3): only the items whose outcome
changed, each with a reason code; the changes reconcile exactly with Δ true positives, Δ misses and Δ false
alarms (hypothesis over random corpora, both span modes, every combination), and a hand-made case names
each reason."""

from __future__ import annotations

from evmeval.align import COMBINATIONS
from evmeval.compare.runs import compare_results
from evmeval.mention.changes import Reason, Tally, reconcile, tally
from evmeval.mention.outcomes import Outcome, mapping_rows
from evmeval.mention.scoring import score_files
from evmeval.model import Document, Mention, SpanMode, TbfFile
from hypothesis import given
from hypothesis import strategies as st

from tests.core.test_invariants import SETTINGS, _mentions, char_span, modes, tbf_file, token_span


@st.composite
def three_sides(draw: st.DrawFn, mode: SpanMode) -> tuple[dict, dict, dict]:
    span = token_span if mode is SpanMode.TOKEN else char_span(True)
    doc_ids = draw(st.lists(st.sampled_from(("d0", "d1", "d2")), min_size=1, max_size=3, unique=True))
    sides: list[dict] = [{}, {}, {}]
    for doc_id in doc_ids:
        for side, prefix in zip(sides, "GAB", strict=True):
            side[doc_id] = _mentions(draw, span, doc_id, prefix)
    return sides[0], sides[1], sides[2]


@SETTINGS
@given(st.data())
def test_changes_reconcile_with_the_tallies(data):
    mode = data.draw(modes)
    gold, a, b = data.draw(three_sides(mode))
    gold_file = tbf_file(gold, mode, "gold.tbf")
    results = [score_files(gold_file, tbf_file(side, mode, name)) for side, name in ((a, "a.tbf"), (b, "b.tbf"))]
    comparison = compare_results(results)
    for c in COMBINATIONS:
        changes = comparison.changes(0, 1, c)
        assert reconcile(changes) == comparison.tally(1, c) - comparison.tally(0, c)
        # only changed items: a gold mention listed has another outcome or other wrong attributes
        for change in changes:
            assert change.reasons
            if change.gold is not None:
                assert (change.before, change.row_a.mismatched_attributes) != (change.after,
                                                                               change.row_b.mismatched_attributes)
            else:
                assert (change.before is None) != (change.after is None)
    same = compare_results([results[0], results[0]])
    assert all(same.changes(0, 1, c) == () for c in COMBINATIONS)
    assert comparison.tally(0, "plain").true_positives == sum(
        tally(mapping_rows(d, "plain")).true_positives for d in results[0].documents)


def _mention(doc: str, mid: str, tokens: tuple[str, ...], mtype: str = "attack", realis: str = "actual",
             line: int = 2) -> Mention:
    return Mention("run", doc, mid, tokens, "text", mtype, realis, mtype, realis, None, line)


def test_reasons_by_hand():
    gold = TbfFile("gold.tbf", SpanMode.TOKEN, {"d": Document("d", (
        _mention("d", "G1", ("t1",)), _mention("d", "G2", ("t3",)), _mention("d", "G3", ("t5", "t6")),
        _mention("d", "G4", ("t8",))))})
    a = TbfFile("a.tbf", SpanMode.TOKEN, {"d": Document("d", (
        _mention("d", "A1", ("t1",)),                      # G1 exact
        _mention("d", "A2", ("t3",), mtype="die"),         # G2 right span, wrong type
        _mention("d", "A3", ("t5",)),                      # G3 partial
        _mention("d", "A4", ("t10",))))})                  # a false alarm; G4 missed
    b = TbfFile("b.tbf", SpanMode.TOKEN, {"d": Document("d", (
        _mention("d", "B1", ("t1",), realis="generic"),    # G1 now wrong realis
        _mention("d", "B2", ("t3",)),                      # G2 fixed
        _mention("d", "B3", ("t5", "t6")),                 # G3 fixed (span)
        _mention("d", "B4", ("t12",))))})                  # another false alarm; G4 still missed
    results = [score_files(gold, a), score_files(gold, b)]
    comparison = compare_results(results)
    changes = comparison.changes(0, 1, "mention_type+realis_status")
    by_gold = {c.gold.mention_id: c for c in changes if c.gold is not None}
    assert set(by_gold) == {"G1", "G2", "G3"}  # G4 is missed in both: not a change
    assert (by_gold["G1"].before, by_gold["G1"].after, by_gold["G1"].reasons) == (
        Outcome.EXACT, Outcome.ATTRIBUTE, (Reason.REALIS,))
    assert by_gold["G2"].reasons == (Reason.TYPE,) and by_gold["G2"].after is Outcome.EXACT
    assert by_gold["G3"].reasons == (Reason.SPAN,) and by_gold["G3"].before is Outcome.PARTIAL
    alarms = [c for c in changes if c.gold is None]
    assert [(c.before, c.after) for c in alarms] == [(Outcome.SPURIOUS, None), (None, Outcome.SPURIOUS)]
    # Δ true positives: +2 (G2, G3) − 1 (G1); misses and false alarms unchanged
    assert reconcile(changes) == Tally(1, 0, 0) == comparison.tally(1, "mention_type+realis_status") - \
        comparison.tally(0, "mention_type+realis_status")


def test_changes_in_the_text_json_and_csv(tmp_path):
    """The demo's pair: the Changes table, `changes` in the JSON and changes.csv say the same, and the
    counts add up to the tallies' difference."""
    import csv
    import io
    import json
    import subprocess
    from pathlib import Path

    from tests.programs import installed

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    done = subprocess.run([installed("evmeval-compare"), "-g", "gold.tbf", "-s", "system_a.tbf", "-s",
                           "system_b.tbf", "-t", "tkn", "--resamples", "100", "--json", str(tmp_path / "c.json"),
                           "--csv", str(tmp_path / "csv")], capture_output=True, text=True, check=False,
                          timeout=120, cwd=demo)
    assert done.returncode == 0, done.stderr
    changes = json.loads((tmp_path / "c.json").read_text())["pairs"][0]["changes"]["mention_type+realis_status"]
    delta, a, b = changes["delta"], changes["a"], changes["b"]
    assert delta == {k: b[k] - a[k] for k in ("true_positives", "misses", "false_alarms")}
    assert changes["count"] == len(changes["items"]) > 0
    for item in changes["items"]:
        assert item["before"] != item["after"] or item["gold"] is not None
    row = next(line for line in done.stdout.splitlines() if line.startswith("  system_a  system_b")
               and "Span + type + realis" in line and line.rstrip().endswith(f"{delta['false_alarms']:+d}"))
    assert f" {changes['count']} " in row and f"{delta['true_positives']:+d}" in row
    rows = list(csv.DictReader(io.StringIO((tmp_path / "csv" / "changes.csv").read_text())))
    assert len(rows) == changes["count"]
    assert sum(r["after"] == "exact" for r in rows) - sum(r["before"] == "exact" for r in rows) == \
        delta["true_positives"]
