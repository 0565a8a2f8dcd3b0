"""OmniEvent's EAE evaluation under its four modes (gold, default, loose, strict), sequence-labelling and seq2seq
output.

The differential test compares ours with OmniEvent's own `get_argument_extraction_sl` and `_s2s`
(tests/published_omnievent.py)
on 100 generated cases, recorded under the key `eae` of tests/data/recorded/omnievent.json; with OMNIEVENT_DIR set
(a THU-KEG/OmniEvent checkout, and numpy, scikit-learn, seqeval installed) a few cases run live as well. The worked
example is docs/scoring/omnievent.md's.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from evmeval.conventions.omnievent_eae import EAE_MODES, instances, read_items, score_s2s, score_sl
from evmeval.io.errors import FormatError

from tests import recorded as rec
from tests.published_omnievent import results_digest

ROOT = Path(__file__).resolve().parents[2]
TEXT = "Police arrested him and moved him to camp"
GOLD = {"id": "d1", "text": TEXT,
        "events": [{"type": "Justice.Arrest-Jail", "triggers": [{"position": [7, 15], "arguments": [
                        {"role": "Person", "mentions": [{"position": [16, 19]}]},
                        {"role": "Agent", "mentions": [{"position": [0, 6]}]}]}]},
                   {"type": "Movement.Transport", "triggers": [{"position": [24, 29], "arguments": [
                        {"role": "Artifact", "mentions": [{"position": [30, 33]}]},
                        {"role": "Destination", "mentions": [{"position": [37, 41]}]}]}]}],
        "negative_triggers": [{"position": [20, 23]}, {"position": [37, 41]}]}
ED_PREDS = ["Justice.Arrest-Jail", "NA", "Justice.Arrest-Jail", "NA"]
"""arrested, moved (called NA), and (a negative trigger called a type), camp."""
ROWS = {  # a tag row per trigger; each mode's file has the rows of the instances it keeps
    "arrested": ["B-Agent", "O", "B-Person", "O", "O", "O", "O", "B-Destination"],
    "moved": ["O", "O", "O", "O", "O", "B-Artifact", "O", "B-Destination"],
    "and": ["O", "O", "O", "B-Agent", "O", "O", "O", "O"],
}
KEPT = {"gold": ["arrested", "moved"], "default": ["arrested", "and"], "loose": ["arrested"],
        "strict": ["arrested", "moved", "and"]}
EXPECTED = {  # (tp, fp, fn, precision, recall, micro_f1), hand-derived in docs/scoring/omnievent.md
    "gold": (4, 1, 0, 80.0, 100.0, 88.89), "default": (2, 2, 0, 50.0, 100.0, 66.67),
    "loose": (2, 1, 0, 66.67, 100.0, 80.0), "strict": (2, 2, 2, 50.0, 50.0, 50.0)}


@pytest.mark.parametrize("mode", EAE_MODES)
def test_worked_example_per_mode(mode: str) -> None:
    figures = score_sl([GOLD], ED_PREDS, [ROWS[name] for name in KEPT[mode]], mode)
    got = (figures.tp, figures.fp, figures.fn, *(round(x or 0.0, 2) for x in
                                                  (figures.precision, figures.recall, figures.micro_f1)))
    assert got == EXPECTED[mode]
    assert figures.instances == len(KEPT[mode])


def test_the_guide_shows_the_worked_example_figures() -> None:
    page = (ROOT / "docs" / "scoring" / "omnievent.md").read_text(encoding="utf-8")
    for mode, (tp, fp, fn, p, r, f1) in EXPECTED.items():
        row = f"| {mode} | {', '.join(KEPT[mode])} | {tp} | {fp} | {fn} | {p:.2f} | {r:.2f} | {f1:.2f} |"
        assert row in page


def test_the_instances_follow_the_mode() -> None:
    triggers = {0: "arrested", 1: "moved", 2: "and", 3: "camp"}
    for mode in EAE_MODES:
        assert [triggers[i.trigger] for i in instances([GOLD], ED_PREDS, mode)] == KEPT[mode]


def test_no_predicted_argument_is_undefined_where_the_script_divides_by_zero() -> None:
    figures = score_sl([GOLD], ED_PREDS, [["O"] * 8], "loose")
    assert (figures.tp, figures.fp, figures.fn) == (0, 0, 2)
    assert figures.precision is None and figures.micro_f1 is None and figures.recall == 0.0


def test_a_row_count_that_does_not_fit_the_mode_says_so() -> None:
    with pytest.raises(FormatError) as caught:
        score_sl([GOLD], ED_PREDS, [ROWS["arrested"]], "strict", "sl-strict.json")
    assert str(caught.value).startswith("sl-strict.json")
    assert "1 tag lists for 3 EAE instances under mode strict" in str(caught.value)


def test_a_gold_line_that_is_not_an_item_says_where() -> None:
    with pytest.raises(FormatError) as caught:
        read_items("gold.jsonl", json.dumps(GOLD) + "\n{\"text\": 1}\n")
    assert re.match(r"gold\.jsonl:2: ", str(caught.value))


PAIRS = {  # the seq2seq pairs per trigger: "Police" as Agent, "him" twice (served once per candidate), "camp"
    "arrested": [["Police", "agent"], ["him", "person"], ["camp", "destination"]],
    "moved": [["him", "artifact"], ["camp", "destination"]],
    "and": [["and", "agent"]],
}
ROLE2ID = ["agent", "artifact", "destination", "person"]
S2S_EXPECTED = {"gold": 88.89, "default": 66.67, "loose": 80.0, "strict": 50.0}


@pytest.mark.parametrize("mode", EAE_MODES)
def test_worked_example_per_mode_seq2seq(mode: str) -> None:
    f1, roles = score_s2s([GOLD], ED_PREDS, [PAIRS[name] for name in KEPT[mode]], mode, ROLE2ID)
    assert round(f1 or 0.0, 2) == S2S_EXPECTED[mode]
    assert roles[:4] == ("agent", "person", "NA", "destination")  # arrested's: Police, him, and, camp


def test_seq2seq_wrong_type_predicts_no_role_and_no_candidate_is_undefined() -> None:
    wrong = ["Life.Die", "NA", "NA", "NA"]
    f1, roles = score_s2s([GOLD], wrong, [PAIRS["arrested"]], "loose", ROLE2ID)
    assert roles == ("NA",) * 4 and f1 == 0.0
    nothing = dict(GOLD, events=[], negative_triggers=[])
    assert score_s2s([nothing], [], [], "strict", ROLE2ID) == (None, ())


def _ours(files: dict[str, str]) -> dict[str, list[object]]:
    from tests.core.seeded_omnievent_eae import ROLES, plain

    items = read_items("gold.jsonl", files["gold.jsonl"])
    preds = json.loads(files["ed_preds.json"])
    found: dict[str, list[object]] = {}
    for mode in EAE_MODES:
        f = score_sl(items, preds, json.loads(files[f"sl-{mode}.json"]), mode)
        shown = "ZeroDivisionError" if f.precision is None or f.recall is None else [f.precision, f.recall,
                                                                                      f.micro_f1]
        f1, roles = score_s2s(items, preds, json.loads(files[f"s2s-{mode}.json"]), mode,
                              sorted({plain(r) for r in ROLES}))
        found[mode] = [shown, results_digest(list(f.results)), "ValueError" if f1 is None else f1,
                       results_digest(list(roles))]
    return found


@pytest.mark.parametrize("case", [f"seed-{s}" for s in range(rec.OMNIEVENT_EAE_SEEDS)])
def test_eae_equals_recorded_omnievent(case: str) -> None:
    from tests.core.seeded_omnievent_eae import eae_case

    files = eae_case(int(case.removeprefix("seed-")))
    entry = rec.load("omnievent")["eae"]["cases"][case]
    assert rec.digest({n: t.encode() for n, t in files.items()})[:16] == entry["sha256"], rec.RERECORD
    ours = _ours(files)
    for mode in EAE_MODES:
        for mine, recorded in zip(ours[mode], entry["figures"][mode], strict=True):  # floats kept to 9 decimals
            assert mine == (recorded if isinstance(recorded, str) else pytest.approx(recorded, abs=1e-9)), mode


def test_the_recording_reaches_every_mode_rule() -> None:
    cases = rec.load("omnievent")["eae"]["cases"].values()
    distinct = [c for c in cases if len({json.dumps(c["figures"][m][0]) for m in EAE_MODES}) == 4]
    stopped = [c for c in cases if any(c["figures"][m][0] == "ZeroDivisionError" for m in EAE_MODES)]
    assert len(distinct) >= 5 and len(stopped) >= 1


@pytest.mark.skipif(not os.environ.get("OMNIEVENT_DIR"), reason="OMNIEVENT_DIR (a THU-KEG/OmniEvent checkout) not set")
def test_the_eae_recording_is_omnievents_own() -> None:
    from tests.published_omnievent import OmniEventEaeScorer

    scorer = OmniEventEaeScorer(Path(os.environ["OMNIEVENT_DIR"]))
    recorded = rec.load("omnievent")["eae"]["cases"]
    for case in [f"seed-{s}" for s in range(3)]:
        assert rec.omnievent_eae_figures(scorer, case)[1] == recorded[case]["figures"]


def _ours_tc_mrc(files: dict[str, str]) -> dict[str, list[object]]:
    """Per mode, tc's and mrc's [precision, recall, micro_f1] (or the error the script stops with) and mrc's
    predicted roles' hash: the recording's fields."""
    from evmeval.conventions.omnievent_eae import score_typed

    items = read_items("gold.jsonl", files["gold.jsonl"])
    preds = json.loads(files["ed_preds.json"])
    spans = json.loads(files["mrc-all.json"])
    found: dict[str, list[object]] = {}
    for mode in EAE_MODES:
        tc = score_typed(items, preds, json.loads(files[f"tc-{mode}.json"]), mode, "tc")
        mrc = score_typed(items, preds, [spans[i.trigger] for i in instances(items, preds, mode)], mode, "mrc")
        shown = ["ZeroDivisionError" if f.precision is None or f.recall is None else [f.precision, f.recall, f.micro_f1]
                 for f in (tc, mrc)]
        found[mode] = [*shown, results_digest(list(mrc.results))]
    return found


TC_MRC_CASES = [f"seed-{s}" for s in range(rec.OMNIEVENT_EAE_SEEDS)]


@pytest.mark.parametrize("case", TC_MRC_CASES)
def test_tc_and_mrc_eae_equal_recorded_omnievent(case: str) -> None:
    from tests.core.seeded_omnievent_eae import tc_mrc_case

    files = tc_mrc_case(int(case.removeprefix("seed-")))
    entry = rec.load("omnievent_eae")["cases"][case]
    assert rec.digest({n: t.encode() for n, t in files.items()})[:16] == entry["sha256"], rec.RERECORD
    ours = _ours_tc_mrc(files)
    for mode in EAE_MODES:
        for mine, recorded in zip(ours[mode], entry["figures"][mode], strict=True):
            assert mine == (recorded if isinstance(recorded, str) else pytest.approx(recorded, abs=1e-9)), mode


def test_the_tc_mrc_recording_reaches_the_rules() -> None:
    cases = rec.load("omnievent_eae")["cases"].values()
    for field in (0, 1):  # tc, mrc
        figures = [json.dumps(c["figures"][m][field]) for c in cases for m in EAE_MODES]
        assert sum(f == '"ZeroDivisionError"' for f in figures) >= 1
        assert len({f for f in figures if f != '"ZeroDivisionError"' and f != "[0.0, 0.0, 0.0]"}) >= 20
    modes_differ = [c for c in cases if len({json.dumps(c["figures"][m][1]) for m in EAE_MODES}) >= 3]
    assert len(modes_differ) >= 3


def test_mrc_takes_the_lowest_score_and_the_part_after_the_last_underscore() -> None:
    from evmeval.conventions.omnievent_eae import mrc_role

    spans = [["Agent", [0, 0], 1.5], ["x_Person", [0, 0], -2.0], ["Place", [1, 2], -9.0]]
    assert mrc_role(spans, 0, 1) == "Person" and mrc_role(spans, 1, 3) == "Place" and mrc_role(spans, 1, 2) == "NA"


@pytest.mark.skipif(not os.environ.get("OMNIEVENT_DIR"), reason="OMNIEVENT_DIR (a THU-KEG/OmniEvent checkout) not set")
def test_the_tc_mrc_recording_is_omnievents_own() -> None:
    from tests.published_omnievent import OmniEventTcMrcScorer

    scorer = OmniEventTcMrcScorer(Path(os.environ["OMNIEVENT_DIR"]))
    recorded = rec.load("omnievent_eae")["cases"]
    for case in TC_MRC_CASES[:3]:
        assert rec.omnievent_tc_mrc_figures(scorer, case)[1] == recorded[case]["figures"]


def test_one_order_of_trigger_candidates_for_the_entries_and_the_pivot() -> None:
    """Every event's triggers, then the negative triggers, each with its gold type and event index (-1: negative):
    one function that the EAE entries and the MAVEN-Arg pivot's trigger keys both read."""
    from evmeval.conventions import omnievent_pivot
    from evmeval.conventions.omnievent_args import trigger_candidates

    t1, t2, t3, n1 = ({"position": [k, k + 1]} for k in range(4))
    item = {"events": [{"type": "Attack", "triggers": [t1, t2]}, {"type": "Move", "triggers": [t3]}],
            "negative_triggers": [n1]}
    assert trigger_candidates(item) == [(t1, "Attack", 0), (t2, "Attack", 0), (t3, "Move", 1), (n1, "NA", -1)]
    assert omnievent_pivot.trigger_candidates is trigger_candidates
