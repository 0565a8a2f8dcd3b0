"""OmniEvent's argument-extraction figures on the command line: prediction lines with `arguments` make
`evmeval-score --convention omnievent` print each EAE mode's figure beside the ED ones (and in the JSON), and
`evmeval-compare` resample them. The figures equal the ones recorded from OmniEvent's own functions
(tests/data/recorded/omnievent.json, key `eae`) and docs/scoring/omnievent.md's worked example.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from evmeval.conventions.base import Input, with_options
from evmeval.conventions.omnievent import score_omnievent
from evmeval.conventions.omnievent_eae import EAE_MODES

from tests import recorded as rec
from tests.core.seeded_omnievent_eae import ROLES, eae_lines, plain
from tests.core.test_omnievent_eae import GOLD, PAIRS, ROWS
from tests.programs import installed

ARREST = "Justice.Arrest-Jail"
ED = {"sl": ["O", f"B-{ARREST}", "O", f"B-{ARREST}", "O", "O", "O", "O"],
      "mrc": ["NA", ARREST, "NA", ARREST, "NA", "NA", "NA", "NA"], "tc": [ARREST, "NA", ARREST, "NA"],
      "s2s": [["arrested", "arrestjail"]]}
"""The ED outputs of docs/scoring/omnievent.md's example (arrested and "and" called Arrest-Jail)."""
TC = {"arrested": ["Person", "Agent", "NA", "Destination"], "moved": ["Artifact", "Destination", "NA"],
      "and": ["Agent", "NA"]}
"""The guide's tc roles: per argument candidate, the trigger's arguments in the file's order, then the negatives."""
MRC = {"arrested": [["Agent", [0, 0], 0.4], ["Agent", [2, 2], 0.9], ["x_Person", [2, 2], -1.2],
                    ["Destination", [7, 7], 0.1]],
       "moved": [["Artifact", [5, 5], 0.0], ["Destination", [7, 7], 0.0]], "and": [["Agent", [3, 3], 0.3]]}
"""The guide's mrc spans: on *him* the lower score (-1.2) wins, and x_Person is read as Person."""


def _run(program: str, *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed(program), *map(str, args)], capture_output=True, text=True, check=False,
                          timeout=300)


def _worked(tmp: Path, regime: str, golden: bool = False) -> tuple[Path, Path]:
    """docs/scoring/omnievent.md's example: the ED model gives arrested and the negative trigger "and" the type
    Arrest-Jail and calls moved NA (or, `golden`, every trigger its gold type)."""
    outputs = {"sl": ROWS, "s2s": PAIRS, "tc": TC, "mrc": MRC}[regime]
    entries: list[dict[str, Any] | None] = [{"type": ARREST, "outputs": outputs["arrested"]},
                                            {"type": "Movement.Transport", "outputs": outputs["moved"]} if golden
                                            else None,
                                            None if golden else {"type": ARREST, "outputs": outputs["and"]}, None]
    line = {"id": "d1", "outputs": ED[regime], "arguments": entries}
    (tmp / "gold.jsonl").write_text(json.dumps(GOLD) + "\n", encoding="utf-8")
    (tmp / "pred.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    return tmp / "gold.jsonl", tmp / "pred.jsonl"


@pytest.mark.parametrize("regime", ["sl", "s2s", "tc", "mrc"])
def test_the_worked_example_prints_each_mode_under_omnievents_name(tmp_path: Path, regime: str) -> None:
    gold, pred = _worked(tmp_path, regime)
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "omnievent", "--regime", regime,
                "--json", tmp_path / "out.json")
    assert (done.returncode, done.stderr) == (0, "")
    rows = {"sl": ["micro_f1 (EAE default, sl)          50.00  100.00   66.67       2       4       2",
                   "micro_f1 (EAE loose, sl)            66.67  100.00   80.00       2       3       2",
                   "micro_f1 (EAE strict, sl)           50.00   50.00   50.00       2       4       4"],
            }
    for row in rows.get(regime, [f"micro_f1 (EAE {mode}, {regime})" for mode in ("default", "loose", "strict")]):
        assert row in done.stdout
    assert "Note: EAE mode strict: 3 instance(s)" in done.stdout
    figures = json.loads((tmp_path / "out.json").read_text())["conventions"]["omnievent"]
    f1 = {mode: round(100 * figures[f"eae_{mode}"]["f1"], 2) for mode in ("default", "loose", "strict")}
    assert f1 == {"default": 66.67, "loose": 80.0, "strict": 50.0}  # the guide's table (the regimes agree here)


def test_a_golden_trigger_run_is_omnievents_gold_mode(tmp_path: Path) -> None:
    gold, pred = _worked(tmp_path, "sl", golden=True)
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "omnievent", "--regime", "sl")
    assert done.returncode == 0, done.stderr
    assert "micro_f1 (EAE gold, sl)             80.00  100.00   88.89       4       5       4" in done.stdout
    assert "EAE default" not in done.stdout and "golden-trigger evaluation (mode gold)" in done.stdout


def test_a_bad_entry_says_where_and_what_is_expected(tmp_path: Path) -> None:
    gold, pred = _worked(tmp_path, "sl")
    line = json.loads(pred.read_text())
    line["arguments"][0]["outputs"] = ["O", "X-Agent"]
    pred.write_text(json.dumps(line) + "\n", encoding="utf-8")
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "omnievent", "--regime", "sl")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"evmeval-score: error: {pred}:1: arguments, entry 0: output 1 is 'X-Agent'")
    assert "BIO role tags" in done.stderr
    line["arguments"] = line["arguments"][:2]
    pred.write_text(json.dumps(line) + "\n", encoding="utf-8")
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "omnievent", "--regime", "sl")
    assert done.returncode == 1 and f"{pred}:1: arguments: 2 entries for 4 candidates" in done.stderr


def _modes(tmp: Path, seed: int, regime: str) -> dict[str, object]:
    """Each mode's figures as `evmeval-score` gives them: [P, R, F1] (sl) or F1 (s2s), in percent, or the error
    OmniEvent's script stops with."""
    found: dict[str, object] = {}
    for golden in (False, True):
        gold_text, pred_text = eae_lines(seed, regime, golden)
        (tmp / "gold.jsonl").write_text(gold_text, encoding="utf-8")
        gold = Input(str(tmp / "gold.jsonl"), gold_text.encode())
        system = with_options(Input(str(tmp / "pred.jsonl"), pred_text.encode()), regime=regime)
        result = score_omnievent(gold, system)
        for name, metric in result.metrics.items():
            if not name.startswith("eae_"):
                continue
            stopped = [n for n in result.notes if n.startswith(f"EAE mode {name[4:]}:") and "stops here" in n]
            if regime != "s2s":
                found[name[4:]] = "ZeroDivisionError" if stopped else [100 * metric.precision, 100 * metric.recall,
                                                                       100 * metric.f1]
            else:
                found[name[4:]] = "ValueError" if stopped else 100 * metric.f1
        if not golden and "gold" in found:  # the ED types were all right: OmniEvent's three modes are its gold one
            found.update(dict.fromkeys(("default", "loose", "strict"), found["gold"]))
    assert sorted(found) == sorted(EAE_MODES)
    return found


def _has_negative(seed: int) -> bool:
    """The ED figure needs a negative trigger in the gold file (OmniEvent's compute_unified_micro_f1)."""
    return any(json.loads(line)["negative_triggers"] for line in eae_lines(seed, "sl")[0].splitlines())


@pytest.mark.parametrize("regime", ["sl", "s2s", "tc", "mrc"])
def test_the_command_lines_figures_equal_the_recorded_omnievent(tmp_path: Path, regime: str) -> None:
    (tmp_path / "role2id.json").write_text(json.dumps({"NA": 0, **{r: i for i, r in enumerate(ROLES, 1)}}),
                                           encoding="utf-8")
    cases = rec.load("omnievent")["eae"]["cases"] if regime in ("sl", "s2s") else rec.load("omnievent_eae")["cases"]
    seeds = [s for s in range(rec.OMNIEVENT_EAE_SEEDS) if _has_negative(s)]
    assert len(seeds) >= 50
    for seed in seeds:
        recorded = cases[f"seed-{seed}"]["figures"]
        for mode, mine in _modes(tmp_path, seed, regime).items():
            theirs = recorded[mode][{"sl": 0, "s2s": 2, "tc": 0, "mrc": 1}[regime]]
            assert mine == (theirs if isinstance(theirs, str) else pytest.approx(theirs, abs=1e-9)), (seed, mode)
    assert plain("Justice.Arrest-Jail") == "arrestjail"


def test_compare_resamples_the_eae_figures(tmp_path: Path) -> None:
    from tests.core.test_compare_more_conventions import _dumps, _full_sample_is_the_conventions_own, _lines

    gold_lines: list[dict[str, object]] = []
    a_lines: list[dict[str, object]] = []
    for seed in [s for s in range(40) if _has_negative(s)][:6]:
        gold_text, pred_text = eae_lines(seed, "sl")
        for lines, text in ((gold_lines, gold_text), (a_lines, pred_text)):
            lines += [{**line, "id": f"s{seed}-{line['id']}"} for line in _lines(text)]
    b_lines = [line if k % 2 else {**line, "arguments": [None] * len(line["arguments"])}  # type: ignore[arg-type]
               for k, line in enumerate(a_lines)]
    for name, lines in (("gold.jsonl", gold_lines), ("a.jsonl", a_lines), ("b.jsonl", b_lines)):
        (tmp_path / name).write_text(_dumps(lines), encoding="utf-8")
    _full_sample_is_the_conventions_own(tmp_path, "omnievent", (tmp_path / "gold.jsonl", tmp_path / "a.jsonl",
                                                                tmp_path / "b.jsonl", ["--regime", "sl"]))
    data = json.loads((tmp_path / "compare.json").read_text())
    assert {"eae_default", "eae_loose", "eae_strict"} <= set(data["metrics"])


def test_all_on_an_omnievent_pair_prints_the_eae_rows_and_the_maven_arg_pivot(tmp_path: Path) -> None:
    """Issue 35 §5: no other convention reads OmniEvent prediction lines as given, so `all` gives omnievent's own
    table, EAE rows included, with no switchboard; its arguments meet maven-arg through the MAVEN-Arg pivot
    (tests/core/test_omnievent_maven_pivot.py derives the flips)."""
    gold, pred = _worked(tmp_path, "sl")
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "all", "--regime", "sl",
                "--json", tmp_path / "all.json")
    assert (done.returncode, done.stderr) == (0, "")
    assert "micro_f1 (EAE strict, sl)           50.00   50.00   50.00" in done.stdout
    assert "nothing to be set beside" not in done.stdout
    assert "What flips between omnievent and maven-arg: 1" in done.stdout
    made = json.loads((tmp_path / "all.json").read_text())
    assert list(made["conventions"]) == ["omnievent"] and "switchboard" not in made
    assert [c["name"] for c in made["arguments"]["columns"]] == ["omnievent", "maven-arg"]


def test_a_gold_argument_without_mentions_says_where(tmp_path: Path) -> None:
    gold, pred = _worked(tmp_path, "sl")
    item = json.loads(gold.read_text())
    del item["events"][1]["triggers"][0]["arguments"][1]["mentions"]
    gold.write_text(json.dumps(item) + "\n", encoding="utf-8")
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "omnievent", "--regime", "sl")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"evmeval-score: error: {gold}:1: trigger 1, argument 1: ")
    assert "mentions" in done.stderr


@pytest.mark.parametrize("regime", ["sl", "s2s"])
def test_cut_rows_and_unused_pairs_are_said_as_pathologies(tmp_path: Path, regime: str) -> None:
    """sl: a tag row cut after word 2 leaves *him* (Person, word 2) outside; s2s: a pair on no candidate's text
    is dropped. Said per mode, in the text and the JSON."""
    gold, pred = _worked(tmp_path, regime)
    line = json.loads(pred.read_text())
    first = line["arguments"][0]["outputs"]
    line["arguments"][0]["outputs"] = first[:2] if regime == "sl" else [*first, ["nobody", "agent"]]
    pred.write_text(json.dumps(line) + "\n", encoding="utf-8")
    done = _run("evmeval-score", "-g", gold, "-s", pred, "--convention", "omnievent", "--regime", regime,
                "--json", tmp_path / "out.json")
    assert done.returncode == 0, done.stderr
    said = {"sl": "Pathology: gold outside the model's window (eae_strict): 1 gold argument(s) end past their "
                  "instance's tag row",
            "s2s": "Pathology: predictions dropped as ungroundable (eae_loose): 1 (argument, role) pair(s)"}
    assert said[regime] in done.stdout
    found = json.loads((tmp_path / "out.json").read_text())["pathologies"]["omnievent"]
    assert sorted(p["metric"] for p in found) == ["eae_default", "eae_loose", "eae_strict"]
