"""UIE, MAVEN-Arg and OmniEvent pairs as the window's inputs (issue 35, `corpus_formats_more`): the window's
mention counts are the counts `evmeval-score --convention` prints for the same files, arguments on the text, and
OmniEvent's outputs read under the regime given (tc unless one is); no Qt."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.options import ConventionOptions

from tests.core.seeded_maven_arg import maven_arg_case
from tests.core.test_maven_arg import SCHEMA, TEXT
from tests.core.test_maven_arg import _gold as maven_arg_gold
from tests.core.test_omnievent import GOLD as OMNIEVENT_GOLD
from tests.core.test_omnievent import _write as omnievent_files
from tests.core.test_uie import GOLD as UIE_GOLD
from tests.core.test_uie import _records
from tests.programs import installed


def command_json(tmp_path: Path, gold: Path, system: Path, convention: str, *options: str) -> dict[str, Any]:
    """What `evmeval-score --convention … --json` writes for the pair."""
    out = tmp_path / f"{convention}.json"
    run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(system), "--convention", convention,
                          *options, "--json", str(out)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    found: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return found


def counts(corpus: Any) -> tuple[int, int]:
    """The window's gold and system mentions over every document."""
    return tuple(sum(len(d.mentions) for d in side.documents.values())  # type: ignore[return-value]
                 for side in (corpus.inputs.gold, corpus.inputs.system))


def uie_pair_files(tmp_path: Path) -> tuple[Path, Path]:
    """The UIE convention tests' instance, three string-only records of "fired" (two occurrences: UIE's map
    drops the third) and an Attacker."""
    (tmp_path / "gold.json").write_text(UIE_GOLD, encoding="utf-8")
    (tmp_path / "pred.jsonl").write_text(_records(("Attack", "fired", [["Attacker", "the man"]]),
                                                ("Attack", "fired", []), ("Attack", "fired", [])), encoding="utf-8")
    return tmp_path / "gold.json", tmp_path / "pred.jsonl"


def test_a_uie_pair_opens_with_the_commands_offset_trigger_counts(tmp_path: Path) -> None:
    gold, pred = uie_pair_files(tmp_path)
    corpus = event_inputs(Input(str(gold)), Input(str(pred)))
    figure = command_json(tmp_path, gold, pred, "uie")["conventions"]["uie"]["offset-evt-trigger"]
    assert counts(corpus) == (figure["gold_num"], figure["pred_num"]) == (2, 2)
    assert [s.name for s in corpus.switchboard.conventions] == ["uie"]
    shown = corpus.inputs.system.documents["instance 1"].mentions
    assert [(m.raw_type, m.text, m.span) for m in shown] == [("Attack", "fired", ("t2",)), ("Attack", "fired", ("t6",))]
    assert corpus.inputs.texts.text("instance 1") == "the man fired at troops and fired again at the man"
    # gold's Attacker "the man" (tokens 0-1) and Target "troops" (4); the system's Attacker placed on tokens 0-1
    assert [(r.role, r.start, r.end) for r in corpus.roles("gold", "instance 1", shown[0].mention_id)] == [
        ("Attacker", 0, 2), ("Target", 4, 5)]
    assert [(r.role, r.start, r.end) for r in corpus.roles("system", "instance 1", shown[0].mention_id)] == [
        ("Attacker", 0, 2)]


def uie_lost_argument_files(tmp_path: Path) -> tuple[Path, Path]:
    """The UIE instance with two string records of "fired", the first with an Attacker "the man" and a Target
    "the woman" (nowhere in the text: UIE's map drops it from the offset figures)."""
    (tmp_path / "gold.json").write_text(UIE_GOLD, encoding="utf-8")
    first = ("Attack", "fired", [["Attacker", "the man"], ["Target", "the woman"]])
    (tmp_path / "pred.jsonl").write_text(_records(first, ("Attack", "fired", [])), encoding="utf-8")
    return tmp_path / "gold.json", tmp_path / "pred.jsonl"


def test_uie_argument_strings_its_map_drops_are_kept_as_not_in_the_text(tmp_path: Path) -> None:
    gold, pred = uie_lost_argument_files(tmp_path)
    corpus = event_inputs(Input(str(gold)), Input(str(pred)))
    roles = corpus.roles("system", "instance 1", "E0")
    assert [(r.role, r.start, r.end, r.on_text) for r in roles][:1] == [("Attacker", 0, 2, True)]
    assert [(r.role, r.on_text, r.how) for r in roles][1:] == [
        ("Target", False, "“the woman”: not in the text; UIE's map drops it from the offset figures (the string "
                          "figures still compare it)")]
    assert corpus.roles("system", "instance 1", "E1") == []


def test_a_uie_record_its_map_drops_is_a_row_not_in_the_text(tmp_path: Path) -> None:
    """The third record of "fired" finds both occurrences used: UIE's map drops it (and every later one) from the
    offset figures. The window lists it after the mapping's rows as `R2` (the line's record 2), not in the text."""
    from evmeval.mention.outcomes import Outcome

    gold, pred = uie_pair_files(tmp_path)
    corpus = event_inputs(Input(str(gold)), Input(str(pred)))
    rows = corpus.unplaced_rows("instance 1")
    assert [(r.outcome, r.gold, r.system.mention_id, r.system.text, r.system.raw_type, r.system.span)
            for r in rows if r.system is not None] == [(Outcome.NOT_IN_TEXT, None, "R2", "fired", "Attack", ())]
    assert len(rows) == 1


def test_uie_mention_ids_name_no_empty_window(tmp_path: Path) -> None:
    """An instance is its one unit: its mentions are E0, E1, … (issue 34: they showed as `:E0`)."""
    gold, pred = uie_pair_files(tmp_path)
    corpus = event_inputs(Input(str(gold)), Input(str(pred)))
    for side in (corpus.inputs.gold, corpus.inputs.system):
        assert [m.mention_id for m in side.documents["instance 1"].mentions] == ["E0", "E1"][:len(
            side.documents["instance 1"].mentions)]
    shown = corpus.inputs.system.documents["instance 1"].mentions
    assert corpus.roles("system", "instance 1", "E0") == corpus.roles("system", "instance 1", shown[0].mention_id)


def maven_arg_files(tmp_path: Path) -> tuple[Path, Path]:
    """The MAVEN-Arg convention tests' document, its trigger with a `position` (the published layout has one),
    predicted on t1 (an Attacker and two Targets, "the mayor" nowhere in the text) and on the negative trigger
    n1."""
    gold = maven_arg_gold()
    gold["events"][0]["triggers"][0]["position"] = [TEXT.index("attacked"), TEXT.index("attacked") + 8]  # type: ignore[index]
    gold["negative_triggers"] = [{"id": "n1", "position": [TEXT.index("fled"), TEXT.index("fled") + 4]}]
    (tmp_path / "test.unified.jsonl").write_text(json.dumps(gold) + "\n", encoding="utf-8")
    (tmp_path / "label2role.json").write_text(json.dumps(SCHEMA), encoding="utf-8")
    preds = {"t1": {"event_type": "Attack", "Attacker": ["protesters"], "Target": ["police station", "the mayor"]},
             "n1": {"event_type": "Meet"}}
    (tmp_path / "test_prediction.jsonl").write_text(json.dumps({"id": "d1", "preds": preds}) + "\n", encoding="utf-8")
    return tmp_path / "test.unified.jsonl", tmp_path / "test_prediction.jsonl"


def test_a_maven_arg_pair_opens_on_the_text_with_the_commands_trigger_count(tmp_path: Path) -> None:
    gold, pred = maven_arg_files(tmp_path)
    corpus = event_inputs(Input(str(gold)), Input(str(pred)))
    assert counts(corpus)[0] == command_json(tmp_path, gold, pred, "maven-arg")["fingerprint"]["event_mentions"] == 1
    assert [s.name for s in corpus.switchboard.conventions] == ["maven-arg"]  # omnievent reads no submission
    shown = corpus.inputs.system.documents["d1"].mentions
    assert [(m.mention_id, m.raw_type, m.text) for m in shown] == [("t1", "Attack", "attacked"), ("n1", "Meet", "fled")]
    text = corpus.inputs.texts.text("d1")
    assert text == TEXT
    assert [(r.role, text[r.start:r.end]) for r in corpus.roles("gold", "d1", "t1")] == [
        ("Attack.Attacker", "The protesters"), ("Attack.Attacker", "Protesters"),
        ("Attack.Target", "the police station")]



def test_maven_arg_strings_are_placed_nearest_their_trigger_or_said_not_in_the_text(tmp_path: Path) -> None:
    """evaluate.py compares the strings as text and places none: the window shows each nearest its trigger, saying
    so, and keeps one found nowhere as not in the text (issue 35: never silently gone)."""
    gold, pred = maven_arg_files(tmp_path)
    corpus = event_inputs(Input(str(gold)), Input(str(pred)))
    text = corpus.inputs.texts.text("d1")
    roles = corpus.roles("system", "d1", "t1")
    assert [(r.role, r.on_text, text[r.start:r.end] if r.on_text else None) for r in roles] == [
        ("Attacker", True, "protesters"), ("Target", True, "police station"), ("Target", False, None)]
    assert roles[0].how == "“protesters”: nearest the trigger, closest; maven-arg compares the string as text"
    assert roles[2].how == "“the mayor”: not in the text; maven-arg compares the string as text"
    assert corpus.roles("system", "d1", "n1") == []  # Meet, no argument predicted


def test_maven_arg_strings_say_when_the_convention_never_reads_them(tmp_path: Path) -> None:
    """A trigger typed otherwise than gold: maven-arg never looks its roles up; on a negative trigger each role
    is a false alarm. The window says which, string by string."""
    gold, pred = maven_arg_files(tmp_path)
    line = json.loads(pred.read_text(encoding="utf-8"))
    line["preds"]["t1"]["event_type"] = "Meet"
    line["preds"]["n1"]["Entity"] = ["Protesters"]
    pred.write_text(json.dumps(line) + "\n", encoding="utf-8")
    corpus = event_inputs(Input(str(gold)), Input(str(pred)))
    assert corpus.roles("system", "d1", "t1")[0].how == ("“protesters”: nearest the trigger, closest; maven-arg never "
                                                         "looks it up (typed Meet, gold Attack)")
    assert [r.how for r in corpus.roles("system", "d1", "n1")] == [
        "“Protesters”: nearest the trigger, closest; maven-arg counts the role a false alarm (a negative trigger)"]


def test_maven_arg_triggers_without_a_position_are_still_counted(tmp_path: Path) -> None:
    """The seeded files the recorded tests use give no trigger `position` (evaluate.py reads none)."""
    for name, text in maven_arg_case(3).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    gold, pred = tmp_path / "test.unified.jsonl", tmp_path / "test_prediction.jsonl"
    corpus = event_inputs(Input(str(gold)), Input(str(pred)))
    assert counts(corpus)[0] == command_json(tmp_path, gold, pred, "maven-arg")["fingerprint"]["event_mentions"] == 5
    assert all(m.span == () for m in corpus.inputs.gold.documents["doc3x0"].mentions)


@pytest.mark.parametrize("regime", ["tc", "sl", "s2s", "mrc"])
def test_an_omnievent_pair_opens_with_the_commands_counts_under_its_regime(tmp_path: Path, regime: str) -> None:
    gold, pred = omnievent_files(tmp_path, regime)
    corpus = event_inputs(Input(str(gold)), Input(str(pred)), options=ConventionOptions(regime=regime))
    figure = command_json(tmp_path, gold, pred, "omnievent", "--regime", regime)["conventions"]["omnievent"]
    # each candidate the regime labels with a type is a system mention
    assert counts(corpus) == (figure["micro_f1"]["gold_num"], figure["micro_f1"]["pred_num"]) == (
        2, {"tc": 3, "sl": 2, "s2s": 1, "mrc": 2}[regime])
    assert [s.name for s in corpus.switchboard.conventions] == ["omnievent"]
    assert corpus.switchboard.results[0].metrics["micro_f1"].pred_num == figure["micro_f1"]["pred_num"]


def test_omnievent_without_a_regime_is_read_as_tc(tmp_path: Path) -> None:
    gold, pred = omnievent_files(tmp_path, "tc")
    corpus = event_inputs(Input(str(gold)), Input(str(pred)))
    shown = corpus.inputs.system.documents["d1"].mentions
    assert [(m.mention_id, m.raw_type, m.text) for m in shown] == [
        ("C0", "Conflict.Attack", "attacked"), ("C1", "Life.Die", "set up"), ("C2", "Life.Die", "city")]


def test_omnievent_lines_of_another_regime_opened_without_one_say_how_to_give_it(tmp_path: Path) -> None:
    """Read as tc (no regime given), sl lines have a label per word, not per candidate: the message says that
    other regimes need --regime and how the window takes one."""
    from evmeval.io.errors import FormatError

    gold, pred = omnievent_files(tmp_path, "sl")
    with pytest.raises(FormatError) as raised:
        event_inputs(Input(str(gold)), Input(str(pred)))
    assert ":1: 9 outputs for 4 candidates" in str(raised.value)
    assert "need --regime sl, s2s or mrc (the window reads tc when no regime is given: evmeval-gui --regime)" in str(
        raised.value)


def test_omnievent_gold_arguments_are_on_the_text(tmp_path: Path) -> None:
    gold = json.loads(json.dumps(OMNIEVENT_GOLD))
    gold["events"][0]["triggers"][0]["arguments"] = [
        {"role": "Attacker", "mentions": [{"position": [0, 6]}]}, {"role": "Target", "mentions": [{}]}]
    gold_path, pred = omnievent_files(tmp_path, "tc", gold=gold)
    corpus = event_inputs(Input(str(gold_path)), Input(str(pred)))
    text = corpus.inputs.texts.text("d1")
    # "attacked" (candidate C0): its Attacker "Troops"; a mention without a position is not placed
    assert [(r.role, text[r.start:r.end]) for r in corpus.roles("gold", "d1", "C0")] == [("Attacker", "Troops")]


def test_omnievent_system_arguments_are_where_the_eae_output_puts_them(tmp_path: Path) -> None:
    """Lines with `arguments` (docs/scoring/omnievent.md's worked example, sl): each argument candidate the tags
    give a role is a system argument of its trigger candidate."""
    from tests.core.test_omnievent_eae_cli import _worked

    gold, pred = _worked(tmp_path, "sl")
    corpus = event_inputs(Input(str(gold)), Input(str(pred)), options=ConventionOptions(regime="sl"))
    text = corpus.inputs.texts.text("d1")
    # arrested (C0): Police Agent, him Person, camp Destination; "and" (C2, a negative trigger typed): itself as Agent
    assert [(r.role, text[r.start:r.end], r.how) for r in corpus.roles("system", "d1", "C0")] == [
        ("Agent", "Police", "“Police”: its sl output"), ("Person", "him", "“him”: its sl output"),
        ("Destination", "camp", "“camp”: its sl output")]
    assert [(r.role, text[r.start:r.end]) for r in corpus.roles("system", "d1", "C2")] == [("Agent", "and")]
    assert corpus.roles("system", "d1", "C1") == []  # moved: no entry


def test_omnievent_s2s_pairs_no_candidate_takes_are_not_in_the_text(tmp_path: Path) -> None:
    from tests.core.test_omnievent_eae_cli import _worked

    gold, pred = _worked(tmp_path, "s2s")
    line = json.loads(pred.read_text(encoding="utf-8"))
    line["arguments"][0]["outputs"].append(["the warden", "agent"])
    pred.write_text(json.dumps(line) + "\n", encoding="utf-8")
    corpus = event_inputs(Input(str(gold)), Input(str(pred)), options=ConventionOptions(regime="s2s"))
    text = corpus.inputs.texts.text("d1")
    roles = corpus.roles("system", "d1", "C0")
    assert [(r.role, text[r.start:r.end]) for r in roles if r.on_text] == [
        ("agent", "Police"), ("person", "him"), ("destination", "camp")]
    assert [(r.role, r.how) for r in roles if not r.on_text] == [
        ("agent", "“the warden”: not in the text (no candidate's text, an unknown role or a second pair for a "
                  "candidate: dropped)")]


def test_omnievent_s2s_types_keep_each_sides_spelling_and_are_compared_plain(tmp_path: Path) -> None:
    """s2s pairs name plain types (`attack`): OmniEvent compares plain labels on both sides, so the window's
    mentions keep each side's spelling (shown) and compare the plain form (the mapping table's hover), and the
    window's match is the convention's (issue 34: no verdict without a visible reason)."""
    gold, pred = omnievent_files(tmp_path, "s2s")
    corpus = event_inputs(Input(str(gold)), Input(str(pred)), options=ConventionOptions(regime="s2s"))
    sides = [side.documents["d1"].mentions[0] for side in (corpus.inputs.gold, corpus.inputs.system)]
    assert [(m.raw_type, m.mention_type) for m in sides] == [("Conflict.Attack", "attack"), ("attack", "attack")]


def test_where_a_uie_item_is_names_no_empty_window() -> None:
    """A UIE instance is its one unit: a flip's place is `instance 1`, never `instance 1/` (issue 34)."""
    from evmeval.conventions.items import Item
    from evmeval.conventions.switchboard import describe

    uie = Item("pred", "instance 1", "", 0, -1, 2, 3, "Attack", "", "fired")
    assert describe(uie) == 'pred trigger instance 1 [2,3) "fired" Attack'


def test_omnievent_s2s_pairs_no_candidate_takes_are_rows_not_in_the_text(tmp_path: Path) -> None:
    """tests/core/test_omnievent's s2s pairs: ("attacked", "attack") serves "attacked"; ("attacked",
    "transportperson") finds it served, "bogus" is no known type, "setup" is no candidate's text. OmniEvent drops
    the three (its pathology counts them); the window lists each as a row `P<index in the outputs>`."""
    from evmeval.mention.outcomes import Outcome

    gold, pred = omnievent_files(tmp_path, "s2s")
    corpus = event_inputs(Input(str(gold)), Input(str(pred)), options=ConventionOptions(regime="s2s"))
    rows = corpus.unplaced_rows("d1")
    assert [(r.outcome, r.system.mention_id, r.system.text, r.system.raw_type) for r in rows
            if r.system is not None] == [(Outcome.NOT_IN_TEXT, "P0", "attacked", "transportperson"),
                                         (Outcome.NOT_IN_TEXT, "P2", "city", "bogus"),
                                         (Outcome.NOT_IN_TEXT, "P3", "setup", "transportperson")]
    result = corpus.switchboard.results[0]
    assert [p.count for p in result.pathologies if p.metric == "micro_f1" and "taken by no candidate" in p.detail] == [
        len(rows)]
