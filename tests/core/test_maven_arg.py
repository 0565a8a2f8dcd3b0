"""Convention `maven-arg`: MAVEN-Arg's evaluate.py figures, recorded from the script and derived by hand.

evaluate.py (THU-KEG/MAVEN-Argument) ran on 150 seeded cases (tests/core/seeded_maven_arg.py); its twelve
printed figures are in tests/data/recorded/maven_arg.json. With MAVEN_ARG_DIR (a clone of the repository)
and SCRIPT_PYTHON (a Python with numpy, scipy and pyyaml), the script runs live on further seeds.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from evmeval.align.lsap import scipy_assignment
from evmeval.conventions import Input, detect_format
from evmeval.conventions.genarg import with_companions
from evmeval.conventions.maven import Figure
from evmeval.conventions.maven_arg import LEVELS, score_maven_arg
from evmeval.io.errors import FormatError
from hypothesis import given
from hypothesis import strategies as st

from tests import recorded as rec
from tests.core.seeded_maven_arg import FIELDS, case_bytes, published_figures
from tests.programs import installed

TEXT = "The protesters attacked the police station. Protesters fled."
SCHEMA = {"Attack": ["Attacker", "Target", "Place"], "Meet": ["Entity"]}


def _position(phrase: str, start: int = 0) -> dict[str, list[int]]:
    at = TEXT.index(phrase, start)
    return {"position": [at, at + len(phrase)]}


def _gold(attacker_role: str = "Attack.Attacker") -> dict[str, object]:
    return {"id": "d1", "text": TEXT, "negative_triggers": [{"id": "n1"}], "events": [
        {"id": "E1", "type": "Attack", "triggers": [{"id": "t1", "arguments": [
            {"role": attacker_role, "id": "A1", "mentions": [_position("The protesters"), _position("Protesters")]},
            {"role": "Attack.Target", "id": "A2", "mentions": [_position("the police station")]}]}]}]}


def _score(tmp_path: Path, gold: object, preds: dict[str, object], schema: object = SCHEMA,
           ontology: bool = True) -> dict[str, str]:
    (tmp_path / "test.unified.jsonl").write_text(json.dumps(gold) + "\n", encoding="utf-8")
    (tmp_path / "label2role.json").write_text(json.dumps(schema), encoding="utf-8")
    (tmp_path / "test_prediction.jsonl").write_text(json.dumps({"id": "d1", "preds": preds}) + "\n",
                                                    encoding="utf-8")
    system = Input(str(tmp_path / "test_prediction.jsonl"))
    if ontology:
        system = with_companions(system, ontology=str(tmp_path / "label2role.json"))
    result = score_maven_arg(Input(str(tmp_path / "test.unified.jsonl")), system)
    return _printed(result.metrics) | {"warnings": " | ".join(result.warnings)}


def _printed(metrics: dict[str, object]) -> dict[str, str]:
    """The script's twelve names, as it prints them (%0.2f of the percent)."""
    out = {}
    for level in LEVELS:
        em, bow = metrics[f"{level}_EM"], metrics[level]
        assert isinstance(em, Figure) and isinstance(bow, Figure)
        for name, value in (("EM", em.f1), ("Precision", bow.precision), ("Recall", bow.recall), ("F1", bow.f1)):
            out[f"{level}_{name}"] = "%0.2f" % (value * 100)
    return out


def _case(tmp_path: Path, files: dict[str, bytes]) -> dict[str, str]:
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    result = score_maven_arg(Input(str(tmp_path / "test.unified.jsonl")),
                             Input(str(tmp_path / "test_prediction.jsonl")))
    return _printed(result.metrics)


@pytest.mark.parametrize("case", rec.case_ids("maven_arg"))
def test_maven_arg_equals_recorded_evaluate_py(tmp_path: Path, case: str) -> None:
    files = case_bytes(case)
    assert _case(tmp_path, files) == dict(zip(FIELDS, rec.recorded("maven_arg", case, files), strict=True))


@pytest.mark.parametrize("seed", range(150, 170))
def test_maven_arg_equals_evaluate_py_live(tmp_path: Path, seed: int) -> None:
    checkout, python = os.environ.get("MAVEN_ARG_DIR"), os.environ.get("SCRIPT_PYTHON")
    if not (checkout and python):
        pytest.skip("MAVEN_ARG_DIR (a clone of THU-KEG/MAVEN-Argument) and SCRIPT_PYTHON (numpy, scipy, pyyaml) unset")
    files = case_bytes(f"seed-{seed}")
    assert _case(tmp_path, files) == published_figures(checkout, python, files)


def test_worked_example_two_coreferent_gold_mentions_halve_a_right_answer(tmp_path: Path) -> None:
    """Attacker: gold "The protesters" and "Protesters" (one entity), predicted "protesters": one pair, exact,
    times the penalty min(2, 1) / max(2, 1) = 1/2 at Mention_Level; the entity is found whole (1) at the
    entity and event levels. Target: gold only, 0. Place: predicted only, 0. A role predicted on the negative
    trigger n1: 0. Entries: Mention (1/2, 0, 0, 0) -> 12.50; Entity and Event (1, 0, 0, 0) -> 25.00."""
    printed = _score(tmp_path, _gold(), {"t1": {"event_type": "Attack", "Attacker": ["protesters"],
                                                "Place": ["Kabul"]},
                                         "n1": {"event_type": "Attack", "Target": ["police"]}})
    assert printed.pop("warnings") == ""
    assert set(printed[f"Mention_Level_{k}"] for k in ("EM", "Precision", "Recall", "F1")) == {"12.50"}
    assert set(v for k, v in printed.items() if not k.startswith("Mention")) == {"25.00"}


def test_bag_of_words_precision_and_recall(tmp_path: Path) -> None:
    """Target: gold "the police station" (police, station once the article goes), predicted "police": not
    exact; P 1/1, R 1/2, F1 2/3, one entry of the two slots scored (Attacker: gold only, 0):
    EM 0; P (1 + 0) / 2 = 50.00; R (1/2 + 0) / 2 = 25.00; F1 (2/3 + 0) / 2 = 33.33 at every level."""
    printed = _score(tmp_path, _gold(), {"t1": {"event_type": "Attack", "Target": ["police"]}})
    for level in LEVELS:
        assert [printed[f"{level}_{k}"] for k in ("EM", "Precision", "Recall", "F1")] == [
            "0.00", "50.00", "25.00", "33.33"]


def test_a_wrong_event_type_counts_nowhere_and_is_said(tmp_path: Path) -> None:
    """t1 predicted as Meet: its Meet.Entity slot is never looked up (neither right nor wrong), so only the
    two gold slots count, both 0; the warning says so."""
    printed = _score(tmp_path, _gold(), {"t1": {"event_type": "Meet", "Entity": ["protesters"]}})
    assert printed["Mention_Level_F1"] == "0.00"
    assert printed["warnings"] == ("predicted roles under another event type than the gold trigger's (or a role "
                                   "label2role.json lacks): 1, left out, counted neither right nor wrong (as "
                                   "evaluate.py leaves them out)")


def test_a_role_not_written_type_dot_role_is_never_scored(tmp_path: Path) -> None:
    """The gold role "Attacker" (not "Attack.Attacker") is never looked up: the right answer scores as a
    predicted-only slot (0) and the gold argument counts nowhere; both said."""
    printed = _score(tmp_path, _gold("Attacker"), {"t1": {"event_type": "Attack", "Attacker": ["protesters"]}})
    assert printed["Entity_Coref_Level_F1"] == "0.00"
    assert "gold roles not written 'Type.Role' of their type in label2role.json: 1" in printed["warnings"]


def test_the_readme_layout_is_refused_saying_the_script_reads_another(tmp_path: Path) -> None:
    readme = {"id": "d1", "title": "t", "document": TEXT, "events": [{"id": "E1", "type": "Attack", "mention": [],
                                                                    "argument": {}}], "entities": []}
    with pytest.raises(FormatError) as caught:
        _score(tmp_path, readme, {})
    assert str(caught.value).endswith(
        "test.unified.jsonl:1: a line of the layout MAVEN-Arg's README documents (document, events with mention and "
        "argument): its evaluate.py reads another (expected the layout evaluate.py reads (test.unified.jsonl): id, "
        "text, events (id, type, triggers with id and arguments: role 'Type.Role', id, mentions with position), "
        "negative_triggers)")


def test_label2role_is_found_beside_the_gold_file_or_asked_for(tmp_path: Path) -> None:
    assert _score(tmp_path, _gold(), {}, ontology=False)["Mention_Level_F1"] == "0.00"
    (tmp_path / "label2role.json").unlink()
    with pytest.raises(FormatError, match=r"no label2role\.json beside the gold file and no --ontology"):
        score_maven_arg(Input(str(tmp_path / "test.unified.jsonl")), Input(str(tmp_path / "test_prediction.jsonl")))


def test_an_event_type_missing_from_label2role_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(FormatError) as caught:
        _score(tmp_path, _gold(), {}, schema={"Meet": ["Entity"]})
    assert "test.unified.jsonl:1: event type 'Attack' is not in label2role.json" in str(caught.value)


def test_both_files_are_recognised_as_maven_arg(tmp_path: Path) -> None:
    _score(tmp_path, _gold(), {})
    assert detect_format(Input(str(tmp_path / "test.unified.jsonl"))) == "maven-arg"
    assert detect_format(Input(str(tmp_path / "test_prediction.jsonl"))) == "maven-arg"


def test_evmeval_score_prints_the_scripts_names_and_takes_ontology(tmp_path: Path) -> None:
    _score(tmp_path, _gold(), {"t1": {"event_type": "Attack", "Attacker": ["protesters"]}})
    run = subprocess.run([installed("evmeval-score"), "-g", str(tmp_path / "test.unified.jsonl"), "-s",
                          str(tmp_path / "test_prediction.jsonl"), "--convention", "maven-arg", "--ontology",
                          str(tmp_path / "label2role.json")], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert any(line.startswith("Entity_Coref_Level_Precision/Recall/F1") and "50.00" in line for line in lines)
    bad = subprocess.run([installed("evmeval-score"), "-g", str(tmp_path / "test.unified.jsonl"), "-s",
                          str(tmp_path / "test_prediction.jsonl"), "--convention", "maven-arg", "--coref-file",
                          str(tmp_path / "label2role.json")], capture_output=True, text=True)
    assert bad.returncode == 2 and "--coref-file is read by --convention gen-arg only" in bad.stderr


@given(st.lists(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2 / 3]), min_size=3, max_size=3), min_size=1, max_size=4))
def test_the_assignment_is_optimal(matrix: list[list[float]]) -> None:
    """Whatever its tie-breaking, the pairs' total is the best any one-to-one pairing reaches."""
    from itertools import permutations

    pairs = scipy_assignment([[-w for w in row] for row in matrix])
    rows, cols = len(matrix), 3
    best = max(sum(matrix[i][j] for i, j in zip(order, perm, strict=False))
               for order in permutations(range(rows)) for perm in permutations(range(cols), min(rows, cols)))
    assert len(pairs) == min(rows, cols)
    assert abs(sum(matrix[i][j] for i, j in pairs) - best) < 1e-9


@pytest.mark.parametrize(("strings", "em"), [(["station police", "police station"], ("0.00", "0.00")),
                                             (["police station", "station police"], ("50.00", "100.00"))])
def test_an_exact_string_listed_second_is_not_credited(tmp_path: Path, strings: list[str], em: tuple[str, str]) -> None:
    """Gold Target "the police station"; both strings have bag-of-words F1 1 with it (the same words), so both
    pairings are optimal and SciPy's search takes the first column: listed first, "station police" is paired and
    the exact string is not (EM 0); the other way round, EM 1 x penalty 1/2 at Mention_Level and 1 at
    Entity_Coref_Level. Mention_Level_F1 is 50.00 either way (as evaluate.py printed on these files)."""
    gold = {"id": "d1", "text": TEXT, "negative_triggers": [], "events": [{"id": "E1", "type": "Attack", "triggers": [
        {"id": "t1", "arguments": [{"role": "Attack.Target", "id": "A", "mentions": [_position("the police station")]}]}
    ]}]}
    printed = _score(tmp_path, gold, {"t1": {"event_type": "Attack", "Target": strings}}, schema={"Attack": ["Target"]})
    assert (printed["Mention_Level_EM"], printed["Entity_Coref_Level_EM"]) == em
    assert printed["Mention_Level_F1"] == "50.00"
