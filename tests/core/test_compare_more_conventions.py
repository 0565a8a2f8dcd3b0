"""`evmeval-compare --convention rams|gen-arg|uie|maven-arg|bionlp|strings` (issue 36, "every figure under every
convention"): each convention's own figures, under its own names, with an interval and every pair's paired tests,
resampled from per-unit counts; on the full sample each figure is bit for bit `evmeval-score --convention X`'s on
the same files, the convention's own options (--ontology, --coref-file, --match-mode, --grounding) passed through."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest
from evmeval._util.schemas import load_schema

from tests import published_paie
from tests.core import seeded_arguments, seeded_maven_arg, seeded_omnievent
from tests.core.test_bionlp_differential import write_corpus
from tests.programs import installed

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
RESAMPLES = "300"


def _run(program: str, *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed(program), *map(str, args)], capture_output=True, text=True, check=False,
                          timeout=300)


def _lines(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _dumps(lines: list[dict[str, object]]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


Case = tuple[Path, Path, Path, list[str]]
"""gold, run a, run b, the options both programs are given."""


def _rams(tmp: Path) -> Case:
    """Examples of several seeds (doc_keys made distinct); run b is the gold itself (the gold layout predicts)."""
    gold_lines, pred_lines = [], []
    for seed in (1, 3, 5, 7):
        gold, pred = seeded_arguments.rams_case(seed)
        for lines, text in ((gold_lines, gold), (pred_lines, pred)):
            lines += [{**line, "doc_key": f"s{seed}-{line['doc_key']}"} for line in _lines(text)]
    (tmp / "gold.jsonl").write_text(_dumps(gold_lines), encoding="utf-8")
    (tmp / "a.jsonl").write_text(_dumps(pred_lines), encoding="utf-8")
    shutil.copy(tmp / "gold.jsonl", tmp / "b.jsonl")
    return tmp / "gold.jsonl", tmp / "a.jsonl", tmp / "b.jsonl", []


def _genarg(tmp: Path) -> Case:
    """A seeded case with coreference; run b generates its type's bare template on every other line."""
    seed = next(s for s in range(0, 400, 2) if len(_lines(seeded_arguments.genarg_case(s)["gold.jsonl"])) >= 3)
    files = seeded_arguments.genarg_case(seed)
    for name, text in files.items():
        (tmp / name).write_text(text, encoding="utf-8")
    generations = _lines(files["prediction.jsonl"])
    (tmp / "b.jsonl").write_text(_dumps([{**g, "predicted": g["gold"]} if k % 2 else g
                                         for k, g in enumerate(generations)]), encoding="utf-8")
    return (tmp / "gold.jsonl", tmp / "prediction.jsonl", tmp / "b.jsonl",
            ["--ontology", str(tmp / "ontology.json"), "--coref-file", str(tmp / "coref.jsonlines")])


def _uie(tmp: Path) -> Case:
    """Instances of several seeds with offset records, scored in the set match mode; run b predicts nothing on
    every other line."""
    gold_lines, pred_lines = [], []
    for seed in (1, 3, 5, 7, 9):
        gold, pred = seeded_arguments.uie_case(seed)
        gold_lines += _lines(gold)
        pred_lines += _lines(pred)
    (tmp / "gold.jsonl").write_text(_dumps(gold_lines), encoding="utf-8")
    (tmp / "a.jsonl").write_text(_dumps(pred_lines), encoding="utf-8")
    empty = {"event": {"offset": [], "string": []}, "entity": {"offset": [], "string": []},
             "relation": {"offset": [], "string": []}}
    (tmp / "b.jsonl").write_text(_dumps([empty if k % 2 else p for k, p in enumerate(pred_lines)]), encoding="utf-8")
    return tmp / "gold.jsonl", tmp / "a.jsonl", tmp / "b.jsonl", ["--match-mode", "set"]


def _maven_arg(tmp: Path) -> Case:
    """Documents of several seeds; run b leaves every other document unpredicted."""
    gold, pred = [], []
    for seed in range(6):
        files = seeded_maven_arg.maven_arg_case(seed)
        gold += _lines(files["test.unified.jsonl"])
        pred += _lines(files["test_prediction.jsonl"])
        (tmp / "label2role.json").write_text(files["label2role.json"], encoding="utf-8")
    (tmp / "gold.jsonl").write_text(_dumps(gold), encoding="utf-8")
    (tmp / "a.jsonl").write_text(_dumps(pred), encoding="utf-8")
    (tmp / "b.jsonl").write_text(_dumps(pred[::2]), encoding="utf-8")
    return tmp / "gold.jsonl", tmp / "a.jsonl", tmp / "b.jsonl", ["--ontology", str(tmp / "label2role.json")]


def _bionlp(tmp: Path) -> Case:
    """Documents of several seeds in one gold folder; run b has no answer file for one document (not scored)."""
    gold, a, b = tmp / "gold", tmp / "a", tmp / "b"
    for folder in (gold, a, b):
        folder.mkdir()
    for seed in range(5):
        made = tmp / f"seed{seed}"
        made.mkdir()
        seed_gold, seed_answer = write_corpus(made, seed)
        for source, target in ((seed_gold, gold), (seed_answer, a), (seed_answer, b)):
            for file in source.iterdir():
                shutil.copy(file, target / f"s{seed}-{file.name}")
    next(iter(sorted(b.glob("*.a2")))).unlink()
    return gold, a, b, []


def _strings(tmp: Path) -> Case:
    """The examples' string predictions grounded first-unused; run b predicts nothing for the first document."""
    lines = _lines((EXAMPLES / "strings_pred.jsonl").read_text(encoding="utf-8"))
    (tmp / "b.jsonl").write_text(_dumps([{**lines[0], "events": []}, *lines[1:]]), encoding="utf-8")
    return EXAMPLES / "textee_gold.jsonl", EXAMPLES / "strings_pred.jsonl", tmp / "b.jsonl", \
        ["--grounding", "first-unused"]


def _paie(tmp: Path) -> Case:
    """RAMS examples of several seeds (doc_keys made distinct) read through a small window, so gold arguments fall
    outside it; run b predicts the gold itself (its links are all inside a line)."""
    gold_lines, pred_lines = [], []
    for seed in range(2, 12):
        files = published_paie.rams_case(seed)
        for lines, name in ((gold_lines, "gold.jsonl"), (pred_lines, "prediction.jsonl")):
            lines += [{**line, "doc_key": f"s{seed}-{line['doc_key']}"} for line in _lines(files[name])]
    (tmp / "gold.jsonl").write_text(_dumps(gold_lines), encoding="utf-8")
    (tmp / "a.jsonl").write_text(_dumps(pred_lines), encoding="utf-8")
    shutil.copy(tmp / "gold.jsonl", tmp / "b.jsonl")
    return tmp / "gold.jsonl", tmp / "a.jsonl", tmp / "b.jsonl", ["--window-size", "4"]


def _omnievent(tmp: Path, regime: str = "sl") -> Case:
    """Items of several seeds (ids made distinct) under `regime`; run b outputs nothing useful for every other
    item (all O / NA, or no pair)."""
    gold_lines, pred_lines = [], []
    for seed in range(6):
        files = seeded_omnievent.omnievent_case(seed)
        for lines, name in ((gold_lines, "gold.jsonl"), (pred_lines, f"{regime}.jsonl")):
            lines += [{**line, "id": f"s{seed}-{line['id']}"} for line in _lines(files[name])]
    blank = {"sl": "O", "mrc": "NA"}
    b_lines = [line if k % 2 else {**line, "outputs": [] if regime == "s2s" else
                                    [blank.get(regime, "NA")] * len(line["outputs"])}  # type: ignore[arg-type]
               for k, line in enumerate(pred_lines)]
    (tmp / "gold.jsonl").write_text(_dumps(gold_lines), encoding="utf-8")
    (tmp / "a.jsonl").write_text(_dumps(pred_lines), encoding="utf-8")
    (tmp / "b.jsonl").write_text(_dumps(b_lines), encoding="utf-8")
    return tmp / "gold.jsonl", tmp / "a.jsonl", tmp / "b.jsonl", ["--regime", regime]


CASES: dict[str, Callable[[Path], Case]] = {"rams": _rams, "gen-arg": _genarg, "uie": _uie, "maven-arg": _maven_arg,
                                            "bionlp": _bionlp, "strings": _strings, "paie": _paie,
                                            "omnievent": _omnievent}


def _scored(name: str, gold: Path, system: Path, options: list[str], out: Path) -> dict[str, dict[str, object]]:
    done = _run("evmeval-score", "-g", gold, "-s", system, "--convention", name, *options, "--json", out)
    assert done.returncode == 0, done.stderr
    return json.loads(out.read_text())["conventions"][name]  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", CASES)
def test_every_figure_is_the_conventions_own_on_the_full_sample(tmp_path: Path, name: str) -> None:
    _full_sample_is_the_conventions_own(tmp_path, name, CASES[name](tmp_path))


@pytest.mark.parametrize("regime", ["tc", "s2s", "mrc"])
def test_every_omnievent_regime_is_its_own_on_the_full_sample(tmp_path: Path, regime: str) -> None:
    """sl is among `CASES`; the other regimes turn outputs into labels their own way, item by item too."""
    _full_sample_is_the_conventions_own(tmp_path, "omnievent", _omnievent(tmp_path, regime))


def test_paie_on_wikievents_is_its_own_on_the_full_sample(tmp_path: Path) -> None:
    """WikiEvents gold with gen-arg generations: a document's events are one unit, read through a small window."""
    gold, a, b, options = _genarg(tmp_path)
    _full_sample_is_the_conventions_own(tmp_path, "paie", (gold, a, b, [*options[:2], "--window-size", "6"]))


def _full_sample_is_the_conventions_own(tmp_path: Path, name: str, case: Case) -> None:
    gold, a, b, options = case
    out = tmp_path / "compare.json"
    done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--convention", name, *options,
                "--resamples", RESAMPLES, "--json", out)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    jsonschema.validate(data, load_schema("compare_convention"))
    assert data["convention"] == name and len(data["systems"]) == 2
    for index, system in enumerate((a, b)):
        published = _scored(name, gold, system, options, tmp_path / f"score{index}.json")
        assert set(data["metrics"]) == set(published), name
        for metric, figures in published.items():
            mine = {f["figure"]: f for f in data["systems"][index][metric]}
            for figure, interval in mine.items():
                assert interval["estimate"] == figures[figure], (name, metric, figure)  # bit for bit
                assert interval["ci_low"] <= interval["ci_high"]
            assert set(mine) <= {"precision", "recall", "f1"} and "f1" in mine
    [pair] = data["pairs"]
    changes = {"trigger_changes"} if name == "strings" else set()  # its outcomes name each trigger
    assert set(pair) == {"a", "b", *data["metrics"], *changes}
    changed = [t for m in data["metrics"] for t in pair[m] if t["delta"] != 0]
    assert changed, "run b differs from run a somewhere"
    for test in changed:
        assert test["delta"] == pytest.approx(test["b"] - test["a"])
        assert 0 < test["p_value_adjusted"] <= 1
    assert f"under the {name} convention" in done.stdout


def test_rams_prints_its_units_as_examples_and_every_role(tmp_path: Path) -> None:
    gold, a, b, _ = _rams(tmp_path)
    done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--convention", "rams", "--resamples", "50")
    assert done.returncode == 0, done.stderr
    examples = len(_lines(gold.read_text()))
    assert f"50 paired resamples of {examples} examples, seed" in done.stdout
    assert "Precision / Recall / F1" in done.stdout and "distance +1" in done.stdout and "role " in done.stdout


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    gold, a, b, options = _uie(tmp_path)
    texts = [_run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--convention", "uie", *options, "--resamples",
                  "100", "--seed", "7").stdout for _ in range(2)]
    assert texts[0] == texts[1] and "instances" in texts[0]


def test_a_conventions_option_is_checked_as_evmeval_score_checks_it(tmp_path: Path) -> None:
    gold, a, b, _ = _genarg(tmp_path)
    done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--convention", "gen-arg")
    assert done.returncode == 1
    assert done.stderr.strip().endswith("(expected --ontology FILE (event_role_KAIROS.json of gen-arg's repository))")
    assert "Traceback" not in done.stderr
    done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--convention", "rams", "--match-mode", "set")
    assert (done.returncode, done.stderr) == (2, "evmeval-compare: error: --match-mode is read by --convention uie "
                                                 "only\n")
    done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--match-mode", "set")
    assert done.returncode == 2 and "--match-mode is read with --convention only" in done.stderr


def test_maven_args_means_are_made_again_from_each_documents_entries(tmp_path: Path) -> None:
    """The script's means are its point estimates; the documents' summed entries divided give them too, to
    the last bits (what every resample computes)."""
    from evmeval.compare.unit_rules import RULES
    from evmeval.conventions import Input
    from evmeval.conventions.genarg import with_companions
    from evmeval.conventions.maven_arg import unit_counts

    gold, a, _, options = _maven_arg(tmp_path)
    counts = unit_counts(Input(str(gold)), with_companions(Input(str(a)), ontology=options[1]))
    assert counts.rules["Mention_Level"] == "mean" and counts.rules["Mention_Level_EM"] == "em"
    for metric, given in counts.given.items():
        columns = counts.counts[metric]
        summed = [[sum(column) for column in columns]]
        _, figures_of = RULES[counts.rules[metric]]
        assert list(figures_of(__import__("numpy").array(summed))[0]) == pytest.approx(list(given), abs=1e-12)
        assert sum(columns[0]) > 0, metric  # entries were counted


def test_what_evmeval_score_warns_of_is_said_per_run(tmp_path: Path) -> None:
    gold, a, b, _ = _rams(tmp_path)
    extra = _lines(a.read_text())[0] | {"doc_key": "not-in-gold"}
    a.write_text(a.read_text() + json.dumps(extra) + "\n")
    out = tmp_path / "c.json"
    done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--convention", "rams", "--resamples", "50",
                "--json", out, "--html", tmp_path / "c.html")
    said = ("a: 1 prediction line of a doc_key not in the gold file, ignored (as scorer.py ignores them)")
    assert done.returncode == 0 and done.stderr == f"evmeval-compare: warning: {said}\n"
    assert json.loads(out.read_text())["warnings"] == [said]
    assert "1 warning(s)" in (tmp_path / "c.html").read_text()


def test_paies_window_and_omnievents_regime_are_passed_through_and_checked(tmp_path: Path) -> None:
    gold, a, b, _ = _paie(tmp_path)
    recalls = {}
    for size in ("4", "250"):
        out = tmp_path / f"w{size}.json"
        done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--convention", "paie", "--window-size", size,
                    "--resamples", "20", "--json", out)
        assert done.returncode == 0, done.stderr
        recalls[size] = {f["figure"]: f["estimate"] for f in json.loads(out.read_text())["systems"][1]["span_c"]}
    assert recalls["4"]["recall"] < recalls["250"]["recall"] == 1.0  # the small window drops gold arguments
    done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--convention", "paie", "--window-size", "3")
    assert (done.returncode, done.stderr) == (2, "evmeval-compare: error: --window-size 3: PAIE's window is an even "
                                                 "number of words, at least 2 (expected e.g. 250, its default)\n")
    done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--convention", "rams", "--window-size", "4")
    assert (done.returncode, done.stderr) == (2, "evmeval-compare: error: --window-size is read by --convention paie "
                                                 "only\n")
    (tmp_path / "omni").mkdir()
    gold, a, b, _ = _omnievent(tmp_path / "omni")
    done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--convention", "omnievent")
    assert (done.returncode, done.stderr) == (2, "evmeval-compare: error: --convention omnievent needs --regime (tc, "
                                                 "sl, s2s, mrc): how the prediction lines are read\n")
    done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--regime", "sl")
    assert done.returncode == 2 and "--regime is read with --convention only" in done.stderr
    for regime in ("sl", "mrc"):  # the same lines read under another regime: its own label, other figures
        done = _run("evmeval-compare", "-g", gold, "-s", a, "-s", b, "--convention", "omnievent", "--regime", regime,
                    "--resamples", "20")
        assert done.returncode == 0 and f"micro_f1 (unified ED, {regime})" in done.stdout, done.stderr


def test_paies_f1_is_0_in_a_resample_whose_p_plus_r_is_at_most_1e_4() -> None:
    import numpy as np
    from evmeval.compare.unit_rules import RULES

    summed = np.array([[1.0, 100_000.0, 100_000.0], [1.0, 2.0, 4.0]])  # P + R = 2e-5; then P + R = 0.75
    paie, ratio = RULES["paie"][1](summed), RULES["ratio"][1](summed)
    assert paie[0].tolist() == [1e-05, 1e-05, 0.0] and ratio[0][2] == 1e-05
    assert paie[1].tolist() == ratio[1].tolist() == [0.5, 0.25, 2 * 0.5 * 0.25 / 0.75]


def test_the_conventions_runs_of_each_format_are_compared_under() -> None:
    from evmeval.compare.convention_runs import compared_conventions

    assert compared_conventions("rams") == ("rams", "paie")
    assert compared_conventions("wikievents") == ("gen-arg", "paie")
    assert compared_conventions("omnievent") == ("omnievent",)
