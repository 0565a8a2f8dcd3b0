"""The recorded published scorers: which cases there are, how each case's input is made again, and how a
published scorer's figures are taken from it (the recorder and the live check share these).

Fixtures: tests/data/recorded/<scorer>.json, one per scorer, written by `python -m tests.record_published`.
Each holds where its figures come from and, per case id, the SHA-256 of the generated input files and the
published scorer's figures on them (figures and hashes only: the inputs are made again from the case id).
"""

from __future__ import annotations

import functools
import hashlib
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.core import seeded_arguments, seeded_inputs

RECORDED = Path(__file__).resolve().parent / "data" / "recorded"
RERECORD = "the generator changed: re-record with python -m tests.record_published"
SEEDS = 150
"""Recorded seeds of each generated format (as the live hypothesis tests' 150 examples)."""
BIONLP_SEEDS = 200

TEXT_CASES: dict[str, Callable[[int], tuple[str, str]]] = {
    "textee": seeded_inputs.textee_case, "dygiepp": seeded_inputs.dygiepp_case,
    "maven": seeded_inputs.maven_case, "maven_ere": seeded_inputs.maven_ere_case,
    "rams": seeded_arguments.rams_case, "uie": seeded_arguments.uie_case}
"""Scorers whose case is two generated files, by seed: gold and prediction text."""


def case_ids(scorer: str) -> list[str]:
    """Every case id of `scorer`, in recording order."""
    if scorer == "bionlp":
        from tests.core.test_bionlp_duplicates import CASES

        return [f"seed-{s}" for s in range(BIONLP_SEEDS)] + [f"duplicates-{name}" for name in CASES]
    if scorer == "paie":
        from tests.published_paie import case_ids as paie_case_ids

        return paie_case_ids()
    if scorer == "scorer_pl":
        from tests.core.test_coref_conll import NESTED_CASES

        return sorted(NESTED_CASES)
    return [f"seed-{s}" for s in range(SEEDS)]


def digest(files: dict[str, bytes]) -> str:
    """SHA-256 of named files: names in order, each with its length, so no two file sets share one."""
    sha = hashlib.sha256()
    for name in sorted(files):
        sha.update(f"{name}\0{len(files[name])}\0".encode())
        sha.update(files[name])
    return sha.hexdigest()


def folder_files(folder: Path) -> dict[str, bytes]:
    """Every file under `folder`, by its path relative to it (with /)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def text_case(scorer: str, case: str) -> tuple[str, str]:
    """Gold and prediction text of a generated case (`seed-N`)."""
    return TEXT_CASES[scorer](int(case.removeprefix("seed-")))


def text_files(gold: str, prediction: str) -> dict[str, bytes]:
    return {"gold.jsonl": gold.encode(), "prediction.jsonl": prediction.encode()}


def write_bionlp(folder: Path, case: str) -> tuple[Path, Path]:
    """The gold and answer folders of a BioNLP case, written under `folder`."""
    from tests.core.test_bionlp_differential import write_corpus
    from tests.core.test_bionlp_duplicates import CASES, write_case

    if case.startswith("duplicates-"):
        return write_case(folder, *CASES[case.removeprefix("duplicates-")][:2])
    return write_corpus(folder, int(case.removeprefix("seed-")))


def conll_case(case: str) -> dict[str, bytes]:
    """The key and response files of a nested-documents case of test_coref_conll."""
    from tests.core.test_coref_conll import NESTED_CASES

    key, response = NESTED_CASES[case]
    return {"key.conll": key.encode(), "response.conll": response.encode()}


@functools.cache
def load(scorer: str) -> dict[str, Any]:
    """The fixture of `scorer`."""
    return json.loads((RECORDED / f"{scorer}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def recorded(scorer: str, case: str, files: dict[str, bytes]) -> Any:
    """The published figures recorded for `case`, once its regenerated input is the one recorded."""
    entry = load(scorer)["cases"][case]
    assert digest(files) == entry["sha256"], f"{scorer} {case}: {RERECORD}"
    return entry["figures"]


def plain(value: Any) -> Any:
    """Figures as JSON keeps them (numpy numbers to Python ones, tuples to lists)."""
    return json.loads(json.dumps(value, default=lambda v: v.item()))


# --- the published figures of one case, from a checkout (recorder and live check) ----------------------

def bionlp_figures(script: str, case: str) -> tuple[dict[str, bytes], list[list[int]]]:
    """a2-evaluate.pl's ALL-TOTAL counts (gold, matched gold, answers, matched answers) per criterion."""
    from tests.core.test_bionlp_differential import FLAGS, _published

    with tempfile.TemporaryDirectory() as tmp:
        gold, answer = write_bionlp(Path(tmp), case)
        assert list(FLAGS) == FIELDS["bionlp"]
        return folder_files(Path(tmp)), [list(_published(script, gold, answer, flags)) for flags in FLAGS.values()]


def textee_figures(scorer: Any, case: str) -> tuple[dict[str, bytes], list[list[float]]]:
    """TextEE's `compute_scores`: per metric (FIELDS, its order) match_num, pred_num, gold_num, precision,
    recall, f1."""
    gold, prediction = text_case("textee", case)
    theirs = scorer.score(_lines(gold), _lines(prediction))
    assert list(theirs) == FIELDS["textee"], list(theirs)
    figures = [[theirs[name][k] for k in ("match_num", "pred_num", "gold_num", "precision", "recall", "f1")]
               for name in theirs]
    return text_files(gold, prediction), plain(figures)


DYGIEPP_COUNTS = ["gold_triggers", "predicted_triggers", "matched_trigger_ids", "matched_trigger_classes",
                  "gold_arguments", "predicted_arguments", "matched_argument_ids", "matched_argument_classes"]
DYGIEPP_METRICS = ["trig_id", "trig_class", "arg_id", "arg_class"]


def dygiepp_figures(scorer: Any, case: str) -> tuple[dict[str, bytes], list[list[float]]]:
    """EventMetrics' counts (DYGIEPP_COUNTS), then its precision, recall and F1 per metric."""
    gold, prediction = text_case("dygiepp", case)
    theirs = scorer.score(_lines(gold), _lines(prediction))
    figures = [[theirs["counts"][c] for c in DYGIEPP_COUNTS]]
    figures += [[theirs[f"{m}_{k}"] for k in ("precision", "recall", "f1")] for m in DYGIEPP_METRICS]
    return text_files(gold, prediction), plain(figures)


MAVEN_FIGURES = ["micro_p", "micro_r", "micro_f1", "macro_p", "macro_r", "macro_f1"]


def maven_figures(scorer: Any, case: str) -> tuple[dict[str, bytes], list[float]]:
    """evaluate.py's micro and macro precision, recall and F1 (percent)."""
    gold, prediction = text_case("maven", case)
    with tempfile.TemporaryDirectory() as tmp:
        theirs = scorer.score(Path(tmp), gold, prediction)
    return text_files(gold, prediction), plain([theirs[k] for k in MAVEN_FIGURES])


MAVEN_ERE_METRICS = ["b_cubed", "ceaf", "muc", "blanc", "temporal", "causal", "subevent"]


def maven_ere_figures(scorer: Any, case: str) -> tuple[dict[str, bytes], list[Any]]:
    """evaluate.py's precision, recall and F1 per metric (MAVEN_ERE_METRICS), then the coreference and
    overall F1 (percent)."""
    gold, prediction = text_case("maven_ere", case)
    theirs = scorer.score(_lines(gold), _lines(prediction))
    figures: list[Any] = [[theirs[f"{m}_{k}"] for k in ("precision", "recall", "f1")] for m in MAVEN_ERE_METRICS]
    figures += [theirs["coreference_f1"], theirs["overall_f1"]]
    return text_files(gold, prediction), plain(figures)


def scorer_pl_figures(root: Path, case: str) -> tuple[dict[str, bytes], str]:
    """scorer.pl v8.01's `all` report, its first line (the version and its path) left out."""
    import subprocess

    files = conll_case(case)
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in files.items():
            (Path(tmp) / name).write_bytes(data)
        run = subprocess.run(["perl", "scorer.pl", "all", str(Path(tmp) / "key.conll"),
                              str(Path(tmp) / "response.conll"), "none"], cwd=root, capture_output=True, text=True,
                             check=True)
    return files, run.stdout.split("\n", 1)[1]


def rams_figures(scorer: Any, case: str) -> tuple[dict[str, bytes], dict[str, Any]]:
    """RAMS scorer.py's overall precision, recall, F1 (its own order and percent), its role table
    (role: CORRECT, MISSING, OVERPRED, F1) and per distance -2..+2 precision, recall, F1, gold and pred."""
    gold, prediction = text_case("rams", case)
    theirs = scorer.score(gold, prediction, reuse_gold_format=int(case.removeprefix("seed-")) % 2 == 1)
    figures = {"overall": [theirs["metrics"][k] for k in ("precision", "recall", "f1")],
               "roles": {role: [row[k] for k in ("CORRECT", "MISSING", "OVERPRED", "F1")]
                         for role, row in sorted(theirs["role_table"].items())},
               "distances": [[*prf, *counts] for _, prf, counts in theirs["distance_metrics"]]}
    return text_files(gold, prediction), plain(figures)


GENARG_COUNTS = ["pred_arg_num", "gold_arg_num", "arg_idn_num", "arg_class_num", "arg_idn_coref_num",
                 "arg_class_coref_num"]


def genarg_files(case: str) -> dict[str, str]:
    """A gen-arg case's files by name: gold.jsonl, prediction.jsonl, ontology.json, coref.jsonlines (even seeds)."""
    return seeded_arguments.genarg_case(int(case.removeprefix("seed-")))


GENARG_HEAD_COUNTS = [f"head_only.{name}" for name in GENARG_COUNTS]
"""The same counters of `scorer.py --head-only` on the stand-in parse (`tests.published_paie.fake_heads`)."""


def genarg_figures(scorer: Any, case: str) -> tuple[dict[str, bytes], list[int]]:
    """gen-arg scorer.py's six counters (GENARG_COUNTS), from which it prints every figure, then the six of
    `--head-only` on the stand-in parse (GENARG_HEAD_COUNTS)."""
    files = genarg_files(case)
    theirs, heads = scorer.score(files), scorer.score(files, head_only=True)
    return ({name: text.encode() for name, text in files.items()},
            [theirs[name] for name in GENARG_COUNTS] + [heads[name] for name in GENARG_COUNTS])


UIE_METRICS = ["offset-evt-trigger", "string-evt-trigger", "offset-evt-role", "string-evt-role"]
UIE_MODES = ["normal", "set", "multimatch"]


def uie_figures(scorer: Any, case: str) -> tuple[dict[str, bytes], dict[str, Any]]:
    """eval_extraction.py's tp, gold, pred per metric (UIE_METRICS) under each match mode, and its F1 (percent)
    per metric under `normal` (the case's string-only lines placed by `seeded_arguments.uie_strategy`)."""
    from tests.core.seeded_arguments import uie_strategy

    gold, prediction = text_case("uie", case)
    theirs = scorer.score(gold, prediction, uie_strategy(int(case.removeprefix("seed-"))))
    figures: dict[str, Any] = {mode: [[int(float(theirs[mode][f"test_{m}-{k}"])) for k in ("tp", "gold", "pred")]
                                      for m in UIE_METRICS] for mode in UIE_MODES}
    figures["normal_f1"] = [float(theirs["normal"][f"test_{m}-F1"]) for m in UIE_METRICS]
    return text_files(gold, prediction), figures


def omnievent_files(case: str) -> dict[str, str]:
    """An OmniEvent case's files by name: gold.jsonl and <regime>.jsonl for each regime."""
    from tests.core.seeded_omnievent import omnievent_case

    return omnievent_case(int(case.removeprefix("seed-")))


def omnievent_figures(scorer: Any, case: str) -> tuple[dict[str, bytes], dict[str, list[Any]]]:
    """Per regime, OmniEvent's precision, recall and micro_f1 (percent) and a hash of its predicted label per
    candidate (`published_omnievent.results_digest`); for sl and mrc then the paradigm's own three figures."""
    from tests.core.seeded_omnievent import REGIMES, TYPES
    from tests.published_omnievent import results_digest

    files = omnievent_files(case)
    theirs = scorer.score(files, TYPES)
    figures = {r: [theirs[r]["precision"], theirs[r]["recall"], theirs[r]["micro_f1"],
                   results_digest(theirs[r]["results"]), *theirs[r].get("paradigm", [])] for r in REGIMES}
    return {name: text.encode() for name, text in files.items()}, plain(figures)



OMNIEVENT_EAE_SEEDS = 100
OMNIEVENT_EAE_FIELDS = ["per mode (gold, default, loose, strict): [precision, recall, micro_f1] in percent as "
                        "f1_score_overall_with_type returns them, or \"ZeroDivisionError\" where it stops there; "
                        "then the predicted roles' hash; then get_argument_extraction_s2s's micro_f1 (percent, "
                        "or \"ValueError\" where scikit-learn refuses no candidate) and its predicted roles' hash"]


def omnievent_eae_figures(scorer: Any, case: str) -> tuple[dict[str, bytes], dict[str, list[Any]]]:
    """OmniEvent's `get_argument_extraction_sl` and `_s2s` per EAE mode on a generated case (seeded_omnievent_eae)."""
    from tests.core.seeded_omnievent_eae import ROLES, eae_case
    from tests.published_omnievent import results_digest

    files = eae_case(int(case.removeprefix("seed-")))
    theirs = scorer.score_eae(files, ROLES)
    def short(value: Any) -> Any:  # 9 decimals: the fixture stays under 100 KB; the test compares to 1e-9
        return [short(v) for v in value] if isinstance(value, list) else round(value, 9) if isinstance(
            value, float) else value

    figures = {mode: [short(theirs[mode]["figures"]), results_digest(theirs[mode]["results"]),
                      short(theirs[mode]["s2s"]["micro_f1"]), results_digest(theirs[mode]["s2s"]["results"])]
               for mode in theirs}
    return {name: text.encode() for name, text in files.items()}, plain(figures)


def record_omnievent_eae(scorer: Any, source: dict[str, Any]) -> None:
    """Adds the EAE recording to the omnievent fixture under the key `eae` (the ED recording left as it is)."""
    text = (RECORDED / "omnievent.json").read_text(encoding="utf-8")
    ed, eae_before = text.split(',\n "eae": ')[0].rstrip(), ',\n "eae": ' in text
    text = ed if eae_before else ed.removesuffix("}").rstrip()  # the ED recording as written, open for a key
    cases = []
    for seed in range(OMNIEVENT_EAE_SEEDS):
        files, figures = omnievent_eae_figures(scorer, f"seed-{seed}")
        cases.append(f'   "seed-{seed}": ' + json.dumps({"sha256": digest(files)[:16], "figures": figures},
                                                        separators=(",", ":")))
    head = json.dumps({**source, "inputs": "tests/core/seeded_omnievent_eae.py", "fields": OMNIEVENT_EAE_FIELDS},
                      ensure_ascii=False)
    eae = head[:-1] + ', "cases": {\n' + ",\n".join(cases) + "\n  }}"
    (RECORDED / "omnievent.json").write_text(text + ',\n "eae": ' + eae + "\n}\n", encoding="utf-8")


OMNIEVENT_TC_MRC_FIELDS = ["per mode (gold, default, loose, strict): tc's [precision, recall, micro_f1] in percent as "
                           "compute_F1 (task EAE) returns them, or \"ZeroDivisionError\"; then mrc's, from "
                           "get_argument_extraction_mrc (f1_score_overall_with_type), and its predicted roles' hash"]


def omnievent_tc_mrc_figures(scorer: Any, case: str) -> tuple[dict[str, bytes], dict[str, list[Any]]]:
    """OmniEvent's EAE evaluation under tc and mrc per mode on a generated case (`seeded_omnievent_eae.tc_mrc_case`)."""
    from tests.core.seeded_omnievent_eae import ROLES, tc_mrc_case
    from tests.published_omnievent import results_digest

    files = tc_mrc_case(int(case.removeprefix("seed-")))
    theirs = scorer.score_tc_mrc(files, ROLES)

    def short(value: Any) -> Any:
        return [short(v) for v in value] if isinstance(value, list) else round(value, 9) if isinstance(
            value, float) else value

    figures = {mode: [short(theirs[mode]["tc"]), short(theirs[mode]["mrc"]["figures"]),
                      results_digest(theirs[mode]["mrc"]["results"])] for mode in theirs}
    return {name: text.encode() for name, text in files.items()}, plain(figures)


def record_omnievent_tc_mrc(scorer: Any, source: dict[str, Any]) -> None:
    """The tc and mrc EAE recording, its own fixture (omnievent_eae.json: omnievent.json stays under 100 KB)."""
    cases = []
    for seed in range(OMNIEVENT_EAE_SEEDS):
        files, figures = omnievent_tc_mrc_figures(scorer, f"seed-{seed}")
        cases.append(f'  "seed-{seed}": ' + json.dumps({"sha256": digest(files)[:16], "figures": figures},
                                                       separators=(",", ":")))
    head = json.dumps({**source, "inputs": "tests/core/seeded_omnievent_eae.py (tc_mrc_case)",
                       "fields": OMNIEVENT_TC_MRC_FIELDS}, ensure_ascii=False)
    (RECORDED / "omnievent_eae.json").write_text(head[:-1] + ', "cases": {\n' + ",\n".join(cases) + "\n }}\n",
                                                 encoding="utf-8")


FIELDS: dict[str, list[str]] = {
    "bionlp": ["strict", "soft_boundary", "partial_recursive", "approximate"],
    "textee": ["trigger_id", "trigger_cls", "argument_id", "argument_cls", "argument_attached_id",
               "argument_attached_cls"],
    "dygiepp": ["counts", *DYGIEPP_METRICS],
    "maven": MAVEN_FIGURES,
    "maven_ere": [*MAVEN_ERE_METRICS, "coreference_f1", "overall_f1"],
    "scorer_pl": ["the `all` report without its first line"],
    "rams": ["overall", "roles", "distances"],
    "gen_arg": [*GENARG_COUNTS, *GENARG_HEAD_COUNTS],
    "uie": [*UIE_MODES, "normal_f1"],
    "paie": ["invalid_arg_num", "span_c", "span_i", "text_c", "text_i", "head_c", "head_i (each: correct_num, "
             "pred_num, gt_num, precision, recall, f1)"],
    "omnievent": ["per regime (tc, sl, s2s, mrc): precision, recall, micro_f1 (percent), predicted labels' hash; "
                  "for sl and mrc then the paradigm's own precision, recall, micro_f1"],
}
"""What each case's figures are, in order (written at the top of each fixture)."""


def _lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.split("\n") if line]
