"""Issue 35 loose ends: the window's event corpus no longer makes the matching switch while it loads (it about
doubled a large TextEE corpus's load); `event_switches` makes it when asked, as `--matching optimal` does."""

from __future__ import annotations

import pytest
from evmeval.conventions import REGISTRY, Input
from evmeval.conventions import corpus as corpus_module
from evmeval.conventions.corpus import event_inputs, event_switches
from evmeval.conventions.items import GOLD, PRED, Item
from evmeval.conventions.one_to_one import keyed_group, keyed_pairs, maximum_matching
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.shipped import EXAMPLES


def _pair(name: str) -> tuple[Input, Input]:
    return Input(str(EXAMPLES / f"{name}_gold.jsonl")), Input(str(EXAMPLES / f"{name}_pred.jsonl"))


def test_loading_an_event_corpus_makes_no_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object) -> None:
        raise AssertionError("the switch was made while loading")

    monkeypatch.setattr(corpus_module, "matching_switches", refuse)
    loaded = event_inputs(*_pair("dygiepp"))
    assert [c.name for c in loaded.switchboard.conventions] == ["dygiepp", "evmeval"]
    with pytest.raises(AssertionError, match="while loading"):
        event_switches(loaded)  # made only here


def test_the_switch_made_when_asked_has_the_commands_figures() -> None:
    """DyGIE++'s shipped example, as `evmeval-score --convention dygiepp --matching optimal` prints it: arg_id 5
    matches, 4 one to one, the duplicate "Troops" of event 1 flips for arg_id and arg_class."""
    made = event_switches(event_inputs(*_pair("dygiepp")))
    assert list(made) == ["dygiepp", "evmeval"]
    own, one = made["dygiepp"].figures["arg_id"]
    assert (own.match_num, one.match_num) == (5, 4)
    assert [(f.metric, f.item.text, f.item.event) for f in made["dygiepp"].flips] == [
        ("arg_id", "Troops", 1), ("arg_class", "Troops", 1)]
    assert made["evmeval"].flips == ()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 4), max_size=12), st.lists(st.integers(0, 4), max_size=12))
def test_dygiepps_one_to_one_count_is_the_switchs(preds: list[int], golds: list[int]) -> None:
    """One source: DyGIE++'s pathology counts its one-to-one value with `keyed_pairs`, which is the size of the
    switch's maximum matching of the same keys (its own `_take` used to count it beside the switch)."""
    group = keyed_group("arg_id", [(k, _item(PRED, k)) for k in preds], [(k, _item(GOLD, k)) for k in golds],
                        exclusive=False)
    assert keyed_pairs(preds, golds) == len(maximum_matching(group))


def test_dygiepps_pathology_is_the_switchs_one_to_one_count() -> None:
    """The shipped DyGIE++ example: its pathology's excess is what the switch takes away (1 for each of arg_id and
    arg_class), and its text says the one-to-one recall the switch's figure has."""
    gold, system = _pair("dygiepp")
    result = REGISTRY["dygiepp"].score(gold, system)
    switch = event_switches(event_inputs(gold, system))["dygiepp"]
    found = {p.metric: p for p in result.pathologies}
    for name in ("arg_id", "arg_class"):
        own, one = switch.figures[name]
        assert found[name].count == own.match_num - one.match_num == 1
        assert f"one to one {100 * one.recall:.2f} %" in found[name].detail


def _item(side: str, key: int) -> Item:
    return Item(side, "D", "0", 0, 0, key, key + 1, "Attack", "Attacker", "x")


def test_the_switchboard_page_shows_the_matching_switch_with_matching_optimal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`--convention all --html FILE --matching optimal`: the page holds, per convention that counts matches, both
    figures (DyGIE++'s shipped example: arg_id F1 76.92, one to one 61.54; 5 and 4 matches) and its flips by
    reason; without `--matching optimal` the page has no such section."""
    import html
    import re

    from evmeval.cli.score import score_main

    page, plain = tmp_path / "board.html", tmp_path / "plain.html"
    given = ["-g", str(EXAMPLES / "dygiepp_gold.jsonl"), "-s", str(EXAMPLES / "dygiepp_pred.jsonl"),
             "--convention", "all"]
    assert score_main([*given, "--html", str(page), "--matching", "optimal"]) == 0
    assert score_main([*given, "--html", str(plain)]) == 0
    text = html.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))
    words = " ".join(text.split())
    assert "The matching switch: each convention one to one" in words
    assert "dygiepp ↔ one to one: 2 flip(s)" in words
    assert "evmeval ↔ one to one: 0 flip(s)" in words
    assert "arg_id 71.43 57.14 83.33 66.67 76.92 61.54 5 4" in words
    assert ("2 × counted twice: a duplicate of another prediction, both credited for one gold item "
            "Troops Attack / Attacker (event 1) — D1 / 1 [0,1), arg_id: credited by dygiepp, unpaired one to one "
            "(gold 'Troops' [0,1) is paired with prediction 'Troops' [0,1) (event 0))") in words
    assert "matching switch" not in plain.read_text(encoding="utf-8")


def write_wikievents(folder, ontology: bool = True):  # type: ignore[no-untyped-def]
    """docs/scoring/gen-arg.md's worked example as files, the ontology beside them under gen-arg's default name."""
    from tests.core.test_genarg import GENERATION, ONTOLOGY
    from tests.core.test_genarg import GOLD as GENARG_GOLD

    folder.mkdir(exist_ok=True)
    (folder / "gold.jsonl").write_text(GENARG_GOLD, encoding="utf-8")
    (folder / "generations.jsonl").write_text(GENERATION, encoding="utf-8")
    if ontology:
        (folder / "event_role_KAIROS.json").write_text(ONTOLOGY, encoding="utf-8")
    return folder / "gold.jsonl", folder / "generations.jsonl"


def test_wikievents_gold_with_genarg_generations_opens_with_the_ontology_beside_them(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The window's event corpus of WikiEvents gold and gen-arg generations: gen-arg's default ontology file found
    beside them; gen-arg and paie in the switchboard, gen-arg's figures those of the guide's worked example
    (Role identification 4 of 4 predicted, 3 gold); the trigger "attacked" on both sides, gold's arguments its
    entities (determiners kept: the text shows the mention), the system's those gen-arg grounded."""
    gold, pred = write_wikievents(tmp_path)
    loaded = event_inputs(Input(str(gold)), Input(str(pred)))
    assert [c.name for c in loaded.switchboard.conventions] == ["gen-arg", "paie"]
    role_id = loaded.switchboard.results[0].metrics["role_id"]
    assert (role_id.match_num, role_id.pred_num, role_id.gold_num) == (4, 4, 3)
    assert [m.text for m in loaded.inputs.gold.documents["d"].mentions] == ["attacked"]
    assert [m.text for m in loaded.inputs.system.documents["d"].mentions] == ["attacked"]
    assert [(r.role, r.start, r.end) for r in loaded.roles(GOLD, "d", "E0")] == [
        ("Attacker", 0, 2), ("Target", 3, 6), ("Place", 7, 8)]
    assert [(r.role, r.start, r.end) for r in loaded.roles(PRED, "d", "E0")] == [
        ("Attacker", 1, 2), ("Target", 4, 6), ("Place", 7, 8), ("Target", 7, 8)]  # "and Kabul" split off


def test_wikievents_without_an_ontology_says_where_it_is_looked_for(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from evmeval.io.errors import FormatError

    gold, pred = write_wikievents(tmp_path, ontology=False)
    with pytest.raises(FormatError) as raised:
        event_inputs(Input(str(gold)), Input(str(pred)))
    assert str(raised.value) == (
        f"{pred}: gen-arg reads each event type's template from its ontology, and no event_role_KAIROS.json is "
        "beside the generations or the gold file (expected event_role_KAIROS.json of gen-arg's repository in the "
        "folder of either file)")
