"""The matching switch (`evmeval-score --convention NAME --matching optimal`): each convention's own figures beside
their one-to-one values, and each prediction that flips, with the reason: a hand-derived example per kind of flip
(docs/scoring/matching-switch.md), and invariants over random match graphs."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import FrameType

import pytest
from evmeval.cli.score import score_main
from evmeval.conventions import REGISTRY, Input
from evmeval.conventions.base import ConventionResult, Fingerprint, Metric, with_options
from evmeval.conventions.genarg import with_companions
from evmeval.conventions.items import GOLD, PRED, Item
from evmeval.conventions.one_to_one import (
    DUPLICATE_TWICE,
    ENTITY_TWICE,
    GAINED,
    REPAIRED,
    TWICE,
    MatchGroup,
    matching_switch,
    matching_switches,
)
from evmeval.io import dygiepp as dy
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import recorded as rec
from tests.core.seeded_arguments import uie_strategy
from tests.core.test_conventions_differential import dygiepp_pairs
from tests.core.test_genarg import GENERATION, ONTOLOGY
from tests.core.test_genarg import GOLD as GENARG_GOLD
from tests.core.test_rams import GOLD as RAMS_GOLD
from tests.core.test_rams import PREDICTION as RAMS_PREDICTION
from tests.core.test_uie import GOLD as UIE_GOLD
from tests.shipped import EXAMPLES

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from gen_textee_doc import generate


def _genarg(tmp_path: Path, files: dict[str, str]) -> tuple[Input, Input]:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    coref = str(tmp_path / "coref.jsonlines") if "coref.jsonlines" in files else None
    system = with_companions(Input(str(tmp_path / "prediction.jsonl")), ontology=str(tmp_path / "ontology.json"),
                             coref_file=coref)
    return Input(str(tmp_path / "gold.jsonl")), system


def _switch(name: str, gold: Input, system: Input):  # type: ignore[no-untyped-def]
    convention = REGISTRY[name]
    assert convention.matches is not None
    return matching_switch(convention.score(gold, system), convention.matches(gold, system))


def test_gen_arg_counts_two_roles_on_one_gold_span_twice(tmp_path: Path) -> None:
    """docs/scoring/gen-arg.md's example: predicted (1,1,Attacker), (4,5,Target), (7,7,Target), (7,7,Place) against
    gold Attacker [1,1], Target [4,5], Place [7,7]. Role identification credits all four (recall 4/3); one to one,
    gold Place [7,7] takes one of the two predictions on it: the Place one (same role), so 3/4 and 3/3; the
    Target on [7,7] flips. Role (with the role) is already one to one: 3 either way."""
    switch = _switch("gen-arg", *_genarg(tmp_path, {"gold.jsonl": GENARG_GOLD, "prediction.jsonl": GENERATION,
                                                    "ontology.json": ONTOLOGY}))
    own, one = switch.figures["role_id"]
    assert (own.match_num, one.match_num, one.pred_num, one.gold_num) == (4, 3, 4, 3)
    assert (one.precision, one.recall) == (3 / 4, 1.0)
    assert switch.figures["role"][0] is switch.figures["role"][1]
    [flip] = switch.flips
    assert (flip.metric, flip.item.text, flip.item.role, flip.item.span_text) == ("role_id", "Kabul", "Target",
                                                                                 "[7,8)")
    assert (flip.convention, flip.one_to_one, flip.reason) == (True, False, TWICE)
    assert flip.detail == "gold 'Kabul' [7,8) is paired with prediction 'Kabul' [7,8) (event 0)"


COREF_TOKENS = ["The", "protesters", "attacked", "the", "police", "station", "in", "Kabul", "and", "the",
                "demonstrators", "left"]


def test_gen_arg_coreference_counts_two_mentions_of_one_entity_twice(tmp_path: Path) -> None:
    """Gold Attacker E1 "protesters" [1,2), clustered with E4 "demonstrators" [10,11). The model writes "protesters
    and demonstrators" as Attacker: not in the text, split at 'and': [1,1] (on the gold span) and [10,10] (on no
    gold span, but a mention of E1's entity). Coref Role identification credits both (4 of 3 gold); one to one
    the gold Attacker is found once (3), and [10,10] flips: two mentions of one entity."""
    gold = json.dumps({"doc_id": "d", "tokens": COREF_TOKENS, "entity_mentions": [
        {"id": "E1", "start": 1, "end": 2}, {"id": "E2", "start": 3, "end": 6}, {"id": "E3", "start": 7, "end": 8},
        {"id": "E4", "start": 10, "end": 11}],
        "event_mentions": [{"event_type": "Conflict.Attack.Unspecified", "trigger": {"start": 2, "end": 3},
                            "arguments": [{"entity_id": "E1", "role": "Attacker"},
                                          {"entity_id": "E2", "role": "Target"},
                                          {"entity_id": "E3", "role": "Place"}]}]}) + "\n"
    generation = json.dumps({"doc_key": "d", "predicted": "protesters and demonstrators attacked police station "
                             "using <arg> at Kabul place", "gold": ""}) + "\n"
    coref = json.dumps({"doc_key": "d", "clusters": [["E1", "E4"], ["E2"], ["E3"]]}) + "\n"
    switch = _switch("gen-arg", *_genarg(tmp_path, {"gold.jsonl": gold, "prediction.jsonl": generation,
                                                    "ontology.json": ONTOLOGY, "coref.jsonlines": coref}))
    assert {name: (own.match_num, one.match_num) for name, (own, one) in switch.figures.items()} == {
        "role_id": (3, 3), "role": (3, 3), "coref_role_id": (4, 3), "coref_role": (4, 3)}
    assert [(f.metric, f.item.text, f.reason) for f in switch.flips] == [
        ("coref_role_id", "demonstrators", ENTITY_TWICE), ("coref_role", "demonstrators", ENTITY_TWICE)]
    assert switch.flips[0].detail == "gold 'protesters' [1,2) is paired with prediction 'protesters' [1,2) (event 0)"


def test_uie_multimatch_counts_a_duplicate_twice(tmp_path: Path) -> None:
    """docs/scoring/uie.md's match modes: Attack at token 2, predicted twice, against gold (Attack, (2,)) once.
    multimatch credits both (tp 2); one to one, 1: the second record flips as a duplicate. normal and set are
    one to one already: no flip."""
    record = {"type": "Attack", "trigger": [2], "roles": []}
    (tmp_path / "gold.jsonl").write_text(UIE_GOLD, encoding="utf-8")
    (tmp_path / "prediction.jsonl").write_text(json.dumps({"event": {"offset": [record, record], "string": []}})
                                               + "\n", encoding="utf-8")
    gold = Input(str(tmp_path / "gold.jsonl"))
    for mode, flips in (("multimatch", 1), ("normal", 0), ("set", 0)):
        switch = _switch("uie", gold, with_options(Input(str(tmp_path / "prediction.jsonl")), match_mode=mode))
        assert len(switch.flips) == flips, mode
    own, one = switch_figure = _switch("uie", gold, with_options(
        Input(str(tmp_path / "prediction.jsonl")), match_mode="multimatch")).figures["offset-evt-trigger"]
    assert (own.match_num, one.match_num) == (2, 1), switch_figure
    flip = _switch("uie", gold, with_options(Input(str(tmp_path / "prediction.jsonl")),
                                              match_mode="multimatch")).flips[0]
    assert (flip.item.doc_id, flip.item.event, flip.item.text, flip.reason) == ("instance 1", 1, "fired",
                                                                                DUPLICATE_TWICE)


def _item(side: str, i: int) -> Item:
    return Item(side, "d", "w", i, -1, i, i + 1, "Attack", "", f"{side}{i}")


def test_a_greedy_pass_that_misses_a_pair_gains_one_to_one() -> None:
    """A greedy convention credits p0 with g0 (p0 also fits g1) and leaves p1 (which fits g0 only) unmatched: the
    maximum matching pairs p0-g1 and p1-g0, so p1 gains; no credited prediction is lost."""
    group = MatchGroup("m", [_item(PRED, 0), _item(PRED, 1)], [_item(GOLD, 0), _item(GOLD, 1)],
                       [(0, 0, ""), (0, 1, ""), (1, 0, "")], frozenset({0}))
    result = ConventionResult("c", {"m": Metric(1, 2, 2)}, {"m": "M"}, Fingerprint("textee", 1, 1, 2, 0, 1, 0, ""))
    switch = matching_switch(result, (("m",), [group]))
    assert switch.figures["m"][1].match_num == 2
    [flip] = switch.flips
    assert (flip.item.text, flip.convention, flip.one_to_one, flip.reason) == ("pred1", False, True, GAINED)
    assert flip.detail == "paired with gold 'gold0' [0,1)"


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, int, list[tuple[int, int, str]]]:
    n_pred, n_gold = draw(st.integers(0, 6)), draw(st.integers(0, 6))
    pairs = [(i, j) for i in range(n_pred) for j in range(n_gold)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    return n_pred, n_gold, [(i, j, "") for i, j in sorted(chosen)]


def _result(tp: int, n_pred: int, n_gold: int) -> ConventionResult:
    return ConventionResult("c", {"m": Metric(tp, n_pred, n_gold)}, {"m": "M"},
                            Fingerprint("textee", 1, 1, n_gold, 0, 1, 0, ""))


@given(graphs())
def test_one_to_one_never_exceeds_a_non_exclusive_count_and_the_flips_reconcile(
        graph: tuple[int, int, list[tuple[int, int, str]]]) -> None:
    """Non-exclusive: every prediction with an edge is credited. The maximum matching pairs at most that many,
    never more gold items than there are, and lost minus gained is exactly the difference."""
    n_pred, n_gold, edges = graph
    credited = frozenset(i for i, _, _ in edges)
    group = MatchGroup("m", [_item(PRED, i) for i in range(n_pred)], [_item(GOLD, j) for j in range(n_gold)],
                       edges, credited)
    switch = matching_switch(_result(len(credited), n_pred, n_gold), (("m",), [group]))
    own, one = switch.figures["m"]
    assert one.match_num <= own.match_num and one.match_num <= n_gold
    assert switch.lost("m") - switch.gained("m") == own.match_num - one.match_num
    assert switch.gained("m") == 0  # nothing uncredited has an edge
    assert all(f.convention and not f.one_to_one for f in switch.flips)


@given(graphs())
def test_one_to_one_never_falls_below_a_greedy_count(graph: tuple[int, int, list[tuple[int, int, str]]]) -> None:
    """A greedy one-to-one pass (each prediction in order takes its first free gold item) is a matching: the
    maximum one has at least as many pairs, and the flips reconcile with the difference."""
    n_pred, n_gold, edges = graph
    taken: set[int] = set()
    credited = set()
    for i in range(n_pred):
        j = next((j for a, j, _ in edges if a == i and j not in taken), None)
        if j is not None:
            taken.add(j)
            credited.add(i)
    group = MatchGroup("m", [_item(PRED, i) for i in range(n_pred)], [_item(GOLD, j) for j in range(n_gold)],
                       edges, frozenset(credited))
    switch = matching_switch(_result(len(credited), n_pred, n_gold), (("m",), [group]))
    own, one = switch.figures["m"]
    assert one.match_num >= own.match_num
    assert switch.gained("m") - switch.lost("m") == one.match_num - own.match_num


def test_the_cli_prints_both_figures_and_the_flips_and_writes_the_json(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """DyGIE++'s shipped example: two predicted Attack events each take Attacker "Troops" [0,1) in sentence 1,
    where gold has one Attack Attacker there (the other gold event on it is overwritten by Meet): arg_id and
    arg_class credit both, 5 -> 4 and 4 -> 3 one to one (the figures its non-exclusive pathology quotes)."""
    out = tmp_path / "s.json"
    assert score_main(["-g", str(EXAMPLES / "dygiepp_gold.jsonl"), "-s", str(EXAMPLES / "dygiepp_pred.jsonl"),
                       "--convention", "dygiepp", "--matching", "optimal", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Matching switch dygiepp -> one-to-one optimal (the convention's figure | one to one):" in printed
    assert "arg_id       71.43  57.14   83.33  66.67   76.92  61.54       5      4" in printed
    assert ("  arg_id: D1/1 event 1 Attack / Attacker 'Troops' [0,1): counted twice: a duplicate of another "
            "prediction, both credited for one gold item (gold 'Troops' [0,1) is paired with prediction 'Troops' "
            "[0,1) (event 0))") in printed
    made = json.loads(out.read_text(encoding="utf-8"))
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((EXAMPLES.parent / "schemas" / "convention.schema.json").read_text(encoding="utf-8"))
    assert not list(jsonschema.Draft202012Validator(schema).iter_errors(made))
    data = made["matching_switch"]["dygiepp"]
    assert data["metrics"]["arg_class"]["delta_match"] == 1
    assert data["metrics"]["arg_class"]["one_to_one"]["match_num"] == 3
    assert data["metrics"]["trig_id"]["lost"] == data["metrics"]["trig_id"]["gained"] == 0
    assert [(f["metric"], f["side"], f["event"], f["argument"], f["convention"], f["one_to_one"]) for f in
            data["flips"]] == [("arg_id", "pred", 1, 0, True, False), ("arg_class", "pred", 1, 0, True, False)]


@pytest.mark.parametrize("name", ["textee", "rams", "strings"])
def test_set_and_multiset_conventions_are_one_to_one_already(name: str, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """TextEE's sets, RAMS's multisets (docs/scoring/rams.md's example, a duplicate prediction included) and ours
    for strings (multisets; its three predictions not in the text count, unmatched) pair each gold tuple once:
    nothing flips."""
    if name == "strings":
        gold, pred = str(EXAMPLES / "textee_gold.jsonl"), str(EXAMPLES / "strings_pred.jsonl")
    elif name == "rams":
        (tmp_path / "gold.jsonl").write_text(RAMS_GOLD, encoding="utf-8")
        (tmp_path / "prediction.jsonl").write_text(RAMS_PREDICTION, encoding="utf-8")
        gold, pred = str(tmp_path / "gold.jsonl"), str(tmp_path / "prediction.jsonl")
    else:
        gold, pred = str(EXAMPLES / "textee_gold.jsonl"), str(EXAMPLES / "textee_pred.jsonl")
    assert score_main(["-g", gold, "-s", pred, "--convention", name, "--matching", "optimal"]) == 0
    assert "Flips: 0 (its matching is already a one-to-one maximum here)" in capsys.readouterr().out


@pytest.mark.parametrize(("extra", "message"), [
    (["--convention", "maven", "--matching", "optimal"],
     "--matching optimal re-scores a convention that counts matches, and maven lists none (expected --convention "
     "textee, dygiepp, evmeval, strings, rams, gen-arg or uie; or --ladder with --convention strings)"),
    (["--convention", "dygiepp", "--matching", "any"],
     "--matching any re-pairs the ladder's steps (expected --ladder with it; alone, --matching optimal re-scores "
     "a convention one to one)"),
])
def test_the_switch_refuses_what_it_cannot_do(extra: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    gold = "maven_gold.jsonl" if "maven" in extra else "dygiepp_gold.jsonl"
    pred = gold.replace("gold", "pred")
    assert score_main(["-g", str(EXAMPLES / gold), "-s", str(EXAMPLES / pred), *extra]) == 2
    assert capsys.readouterr().err.strip().endswith(f"error: {message}")


def _recorded_inputs(tmp_path: Path, name: str, case: str, mode: str) -> tuple[Input, Input]:
    if name == "gen-arg":
        files = rec.genarg_files(case)
        return _genarg(tmp_path, files)
    gold, prediction = rec.text_case(name, case)
    (tmp_path / "g.jsonl").write_text(gold, encoding="utf-8")
    (tmp_path / "p.jsonl").write_text(prediction, encoding="utf-8")
    system = Input(str(tmp_path / "p.jsonl"))
    if name == "uie":
        system = with_options(system, match_mode=mode, uie_map=uie_strategy(int(case.removeprefix("seed-"))))
    return Input(str(tmp_path / "g.jsonl")), system


@pytest.mark.parametrize(("name", "mode"), [("gen-arg", ""), ("rams", ""), ("uie", "normal"), ("uie", "set"),
                                            ("uie", "multimatch")])
def test_each_conventions_matches_reproduce_its_recorded_figures(tmp_path: Path, name: str, mode: str) -> None:
    """On the seeded cases its published script ran on, each convention's groups credit exactly its own counts
    (`matching_switch` refuses otherwise); one to one never counts more where the rule is non-exclusive, and
    the flips reconcile with the difference."""
    for case in rec.case_ids(name.replace("-", "_"))[:40]:
        switch = _switch(name, *_recorded_inputs(tmp_path, name, case, mode))
        for metric, (own, one) in switch.figures.items():
            assert switch.lost(metric) - switch.gained(metric) == own.match_num - one.match_num, (case, metric)
            assert one.match_num <= own.match_num, (case, metric)
            if name == "rams" or mode in ("normal", "set"):
                assert own is one, (case, metric)  # multisets and sets: one to one already


@settings(max_examples=60, deadline=None)
@given(pair=dygiepp_pairs())
def test_dygiepps_switch_agrees_with_its_pathology_and_never_counts_more(pair: tuple[list[dy.Document],
                                                                                    list[dy.Document]]) -> None:
    """On random DyGIE++ pairs: one to one never credits more than DyGIE++ (its arguments are non-exclusive, its
    triggers one per token already), the flips reconcile with the difference, and the one-to-one argument counts
    are those its non-exclusive pathology quotes (two statements of one count)."""
    gold, prediction = pair
    g = Input("g.jsonl", dy.dumps_dygiepp(gold).encode())
    s = Input("p.jsonl", dy.dumps_dygiepp(prediction).encode())
    result = REGISTRY["dygiepp"].score(g, s)
    switch = _switch("dygiepp", g, s)
    for metric, (own, one) in switch.figures.items():
        assert one.match_num <= own.match_num
        assert switch.lost(metric) - switch.gained(metric) == own.match_num - one.match_num
        if metric.startswith("trig"):
            assert own is one
    quoted = {p.metric: p.count for p in result.pathologies}
    for metric in ("arg_id", "arg_class"):
        own, one = switch.figures[metric]
        assert own.match_num - one.match_num == quoted.get(metric, 0)


def _window(events: list[tuple[int, int]]) -> str:
    return json.dumps({"doc_id": "D", "wnd_id": "D-0", "tokens": [f"t{i}" for i in range(7)], "entity_mentions": [],
                       "event_mentions": [{"event_type": "Attack", "trigger": {"start": s, "end": e}, "arguments": []}
                                          for s, e in events]}) + "\n"


def test_ours_greedy_dice_beside_the_largest_total_dice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/scoring/strategies.md's example, under convention evmeval (ours, v1.8): gold t0-t4, t5-t6 against
    system t0-t1, t2-t6. Greedy takes the highest Dice first: (t0-t4, t2-t6) 2*3/10 = 0.6, and t0-t1 is left
    (its only overlap is taken): 0.6. The largest total pairs (t0-t4, t0-t1) 2*2/7 and (t5-t6, t2-t6) 2*2/7:
    8/7. t0-t1 gains 4/7 (GAINED); t2-t6 moves from 0.6 to 4/7 on another gold mention (REPAIRED):
    lost 0.6 - 4/7, gained 4/7, and lost - gained = 0.6 - 8/7 exactly as the figures."""
    (tmp_path / "g.jsonl").write_text(_window([(0, 5), (5, 7)]), encoding="utf-8")
    (tmp_path / "p.jsonl").write_text(_window([(0, 2), (2, 7)]), encoding="utf-8")
    gold, system = Input(str(tmp_path / "g.jsonl")), Input(str(tmp_path / "p.jsonl"))
    convention = REGISTRY["evmeval"]
    assert convention.switch is not None
    switch = convention.switch(convention.score(gold, system), gold, system)
    own, one = switch.figures["plain"]
    assert own.match_num == pytest.approx(0.6) and one.match_num == pytest.approx(8 / 7)
    assert [(f.item.span_text, f.reason, f.credits) for f in switch.flips if f.metric == "plain"] == [
        ("[0,2)", GAINED, (0.0, pytest.approx(4 / 7))), ("[2,7)", REPAIRED, (pytest.approx(0.6), pytest.approx(4 / 7)))]
    assert switch.lost("plain") - switch.gained("plain") == pytest.approx(own.match_num - one.match_num)
    assert switch.flips[1].detail == "greedy gold 't0 t1 t2 t3 t4' (Dice 0.60), optimal gold 't5 t6' (Dice 0.57)"
    assert score_main(["-g", str(tmp_path / "g.jsonl"), "-s", str(tmp_path / "p.jsonl"), "--convention", "evmeval",
                       "--matching", "optimal"]) == 0
    assert "Span only (Dice, micro)     30.00  57.14   30.00  57.14   30.00  57.14    0.60   1.14" in \
        capsys.readouterr().out


def _switch_calls(folder: Path, events: int) -> int:
    """Python calls made by the matching switch of textee and of ours (strings, on a TextEE file as given) on one
    generated document (benchmarks/gen_textee_doc.py), the scoring itself done before counting."""
    gold_path, pred_path = generate(folder, events=events, seed=5)
    gold, pred = Input(str(gold_path), gold_path.read_bytes()), Input(str(pred_path), pred_path.read_bytes())
    wanted = [REGISTRY["textee"], REGISTRY["strings"]]
    results = [c.score(gold, pred) for c in wanted]
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        matching_switches(wanted, results, gold, pred)
    finally:
        sys.setprofile(None)
    return count


def test_the_switch_stays_linear_in_a_documents_size(tmp_path: Path) -> None:
    """Four times the events, about four times the calls (the window makes the switch on every event corpus)."""
    small = _switch_calls(tmp_path / "small", 400)
    large = _switch_calls(tmp_path / "large", 1600)
    assert large / small < 5, (small, large)


def test_the_python_api_gives_the_same_switch() -> None:
    import evmeval

    scores = evmeval.score_convention(EXAMPLES / "dygiepp_gold.jsonl", EXAMPLES / "dygiepp_pred.jsonl",
                                      convention="dygiepp", matching="optimal")
    assert scores.to_json()["matching_switch"]["dygiepp"]["metrics"]["arg_id"]["delta_match"] == 1
    assert "Matching switch dygiepp -> one-to-one optimal" in scores.report()
    with pytest.raises(ValueError, match="maven lists none"):
        evmeval.score_convention(EXAMPLES / "maven_gold.jsonl", EXAMPLES / "maven_pred.jsonl", convention="maven",
                                 matching="optimal")
