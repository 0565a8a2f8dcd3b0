"""Running OmniEvent's own evaluation functions from a checkout (OMNIEVENT_DIR: THU-KEG/OmniEvent), for the
differential test and the recorder. Nothing is vendored.

The functions run without torch or transformers: the driver, in a separate Python process, gives the modules
those packages' names (and the input-engineering modules that need a model) as empty stand-ins, then imports
`OmniEvent/evaluation/convert_format.py` and `metric.py` from the checkout as they are. Needs numpy,
scikit-learn and seqeval in that Python (never the project's dependencies). Each regime runs the function
OmniEvent's ED pipeline runs: `compute_F1` (tc), `get_trigger_detection_sl`, `_s2s`, `_mrc` (their figures are
the ones they log: "test performance after converting", as `compute_unified_micro_f1` returns them), on the
case's files; for sl and mrc also the paradigm's own figure (`compute_span_F1`, `compute_mrc_trigger_F1`) on
the gold word labels OmniEvent's processors make (their `read_examples`, run on a stand-in `self`).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

_STUB = r"""def stub(name, path=None, **names):
    module = types.ModuleType(name)
    if path is not None:
        module.__path__ = [path]
    module.__dict__.update(names)
    sys.modules[name] = module
"""
"""The drivers' stand-in modules: a module of that name (a package where `path` is given) holding `names`."""

_KEEP = r"""overall = cf.f1_score_overall_with_type
kept = []
def keep(*args):
    try:
        kept.append([float(x) * 100 for x in overall(*args)])
    except ZeroDivisionError:
        kept.append("ZeroDivisionError")
    return (0, 0, 0)
"""
"""The EAE drivers' `keep`: what `f1_score_overall_with_type` returns (in percent), or the error it raises."""

_DRIVER = r"""
import json, logging, sys, types
from types import SimpleNamespace as NS
root, folder, types_json = sys.argv[1], sys.argv[2], sys.argv[3]

""" + _STUB + r"""
stub("torch", Tensor=type("Tensor", (), {}))  # the class array libraries look for
stub("transformers", PreTrainedTokenizer=object)
stub("transformers.tokenization_utils", BatchEncoding=object)
stub("OmniEvent", root + "/OmniEvent")
stub("OmniEvent.evaluation", root + "/OmniEvent/evaluation")
stub("OmniEvent.input_engineering", root + "/OmniEvent/input_engineering")
stub("OmniEvent.input_engineering.whitespace_tokenizer", WordLevelTokenizer=object)
stub("OmniEvent.input_engineering.mrc_converter", make_predictions=None, compute_mrc_F1_cls=None,
     read_query_templates=None)
class Example:
    def __init__(self, example_id, text, labels):
        self.example_id, self.text, self.labels = example_id, text, labels
stub("OmniEvent.input_engineering.base_processor", EDDataProcessor=object, EDInputExample=Example,
     EDInputFeatures=object, EAEDataProcessor=object, EAEInputExample=object, EAEInputFeatures=object)
stub("tqdm", tqdm=lambda items, desc=None: items)
stub("OmniEvent.input_engineering.seq2seq_processor", extract_argument=None)
import numpy as np
from OmniEvent.evaluation import convert_format as cf, metric
from OmniEvent.input_engineering import mrc_processor, sequence_labeling_processor

logged = []
unified = cf.compute_unified_micro_f1
def kept(label_names, results):  # the figures the functions log, as the function returns them
    logged.append({k: float(v) for k, v in unified(label_names=label_names, results=results).items()})
    return logged[-1]
cf.compute_unified_micro_f1 = kept

type_names = ["NA"] + json.loads(types_json)
gold_file = folder + "/gold.jsonl"
gold = [json.loads(line) for line in open(gold_file, encoding="utf-8")]

def lines(regime):
    return [json.loads(line)["outputs"] for line in open(f"{folder}/{regime}.jsonl", encoding="utf-8")]

def padded(rows, ids):
    width = max([len(r) for r in rows] + [1])
    preds, labels = np.zeros((len(rows), width), dtype=int), np.full((len(rows), width), -100, dtype=int)
    for i, row in enumerate(rows):
        preds[i, :len(row)] = [ids[x] for x in row]
        labels[i, :len(row)] = 0
    return preds, labels

out = {}
# tc: compute_F1 on the candidates' labels as the trainer gives them (argmax of one-hot logits)
type2id = {name: i for i, name in enumerate(type_names)}
gold_labels = [e["type"] for item in gold for e in item["events"] for _ in e["triggers"]]
tc_gold = []
for item in gold:
    tc_gold += [e["type"] for e in item["events"] for _ in e["triggers"]] + ["NA"] * len(item["negative_triggers"])
tc_pred = [label for row in lines("tc") for label in row]
logits = np.eye(len(type_names))[[type2id[p] for p in tc_pred]] if tc_pred else np.zeros((0, len(type_names)))
figures = metric.compute_F1(logits, np.array([type2id[g] for g in tc_gold]),
                            training_args=NS(task_name="ED", type2id=type2id))
out["tc"] = {**{k: float(v) for k, v in figures.items()}, "results": tc_pred}
# sl and mrc: per-word ids, as select_start_position gives them
bio = ["O"] + [p + t for t in type_names[1:] for p in ("B-", "I-")]
for regime, names, run in (("sl", bio, cf.get_trigger_detection_sl), ("mrc", type_names, cf.get_trigger_detection_mrc)):
    ids = {name: i for i, name in enumerate(names)}
    preds, labels = padded(lines(regime), ids)
    args = NS(language="English", id2type=dict(enumerate(names)), dataset_name="case")
    logged.clear()
    results = run(preds, labels, gold_file, args, [True] * len(gold))
    out[regime] = {**logged[-1], "results": results}
    # the paradigm's own figure: the processor's gold word labels against the tags, on the words kept
    processor = (sequence_labeling_processor.EDSLProcessor if regime == "sl" else mrc_processor.EDMRCProcessor)
    reader = NS(config=NS(language="English"))
    processor.read_examples(reader, gold_file)
    for i, example in enumerate(reader.examples):
        kept = labels[i] != -100
        labels[i][kept] = [ids[x] for x in example.labels[: int(kept.sum())]]
    if not (labels != -100).any():
        continue  # no word kept: the trainer's metric fails there (no sample); ours says so
    if regime == "sl":
        paradigm = metric.compute_span_F1(preds, labels, training_args=NS(task_name="ED", type2id=ids))
    else:
        paradigm = metric.compute_mrc_trigger_F1(preds, labels, training_args=NS(type2id=ids))
    out[regime]["paradigm"] = [float(paradigm[k]) for k in ("precision", "recall", "micro_f1")]
# s2s: the (trigger, type) tuples get_pred_s2s gives; type2id of plain labels (the gold's types, and NA)
plain = sorted({cf.get_plain_label(t) for t in gold_labels} | {"NA"})
args = NS(type2id={name: i for i, name in enumerate(plain)}, dataset_name="case")
logged.clear()
results = cf.get_trigger_detection_s2s([[tuple(p) for p in row] for row in lines("s2s")], None, gold_file, args, None)
out["s2s"] = {**logged[-1], "results": results}
print(json.dumps(out))
"""


def results_digest(results: list[str]) -> str:
    """A short hash of the predicted label per candidate (the recording keeps hashes, not the lists)."""
    return hashlib.sha256(json.dumps(results).encode()).hexdigest()[:16]


class OmniEventScorer:
    """OmniEvent's ED evaluation per regime on a case's files (`seeded_omnievent.omnievent_case`)."""

    def __init__(self, checkout: Path) -> None:
        self.checkout = checkout

    def score(self, files: dict[str, str], types: tuple[str, ...]) -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as tmp:
            for name, text in files.items():
                (Path(tmp) / name).write_text(text, encoding="utf-8")
            run = subprocess.run([sys.executable, "-W", "ignore", "-c", _DRIVER, str(self.checkout), tmp,
                                  json.dumps(list(types))], capture_output=True, text=True, check=False,
                                 encoding="utf-8", env={**os.environ, "PYTHONUTF8": "1"})
        if run.returncode != 0:
            raise RuntimeError(f"OmniEvent's evaluation failed:\n{run.stderr}")
        return json.loads(run.stdout.rsplit("\n", 2)[-2])  # type: ignore[no-any-return]


_EAE_DRIVER = _DRIVER.split("logged = []")[0] + r"""
# EAE: get_argument_extraction_sl per mode on the tag rows (role ids as select_start_position gives them);
# the figures it logs are f1_score_overall_with_type's, kept here as it returns them (or the error it raises).
roles = json.loads(types_json)
bio = ["O"] + [p + r for r in roles for p in ("B-", "I-")]
ids = {name: i for i, name in enumerate(bio)}
""" + _KEEP + r"""cf.f1_score_overall_with_type = keep
gold_file = folder + "/gold.jsonl"
items = len(open(gold_file, encoding="utf-8").read().splitlines())
out = {}
for mode in ("gold", "default", "loose", "strict"):
    rows = json.load(open(f"{folder}/sl-{mode}.json", encoding="utf-8"))
    width = max([len(r) for r in rows] + [1])
    preds, labels = np.zeros((len(rows), width), dtype=int), np.full((len(rows), width), -100, dtype=int)
    for i, row in enumerate(rows):
        preds[i, :len(row)] = [ids[x] for x in row]
        labels[i, :len(row)] = 0
    args = NS(eae_eval_mode="default" if mode == "gold" else mode, golden_trigger=mode == "gold",
              language="English", test_pred_file=folder + "/ed_preds.json", id2role=dict(enumerate(bio)),
              dataset_name="case")
    kept.clear()
    results = cf.get_argument_extraction_sl(preds, labels, gold_file, args, [True] * max(len(rows), items))
    out[mode] = {"figures": kept[-1], "results": results}
    # s2s: the (argument, role) tuples get_pred_s2s gives; role2id of plain roles and NA
    args.test_file, args.role2id = gold_file, {name: i for i, name in enumerate(["NA"] + sorted(
        {cf.get_plain_label(r) for r in roles}))}
    pairs = [[tuple(p) for p in row] for row in json.load(open(f"{folder}/s2s-{mode}.json", encoding="utf-8"))]
    logged = []
    cf.logger.info = lambda message, *rest: logged.append(message.format(*rest) if rest else message)
    try:
        results = cf.get_argument_extraction_s2s(pairs, None, gold_file, args, None)
        out[mode]["s2s"] = {"micro_f1": float(logged[-1].rsplit(": ", 1)[-1]), "results": results}
    except ValueError:  # scikit-learn refuses no candidate at all
        out[mode]["s2s"] = {"micro_f1": "ValueError", "results": []}
print(json.dumps(out))
"""


class OmniEventEaeScorer(OmniEventScorer):
    """OmniEvent's EAE evaluation (`get_argument_extraction_sl`) per mode on a case's files
    (`seeded_omnievent_eae.eae_case`): per mode, its [precision, recall, micro_f1] in percent (or the error it
    stops with) and the predicted role per argument candidate."""

    def score_eae(self, files: dict[str, str], roles: tuple[str, ...]) -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as tmp:
            for name, text in files.items():
                (Path(tmp) / name).write_text(text, encoding="utf-8")
            run = subprocess.run([sys.executable, "-W", "ignore", "-c", _EAE_DRIVER, str(self.checkout), tmp,
                                  json.dumps(list(roles))], capture_output=True, text=True, check=False,
                                 encoding="utf-8", env={**os.environ, "PYTHONUTF8": "1"})
        if run.returncode != 0:
            raise RuntimeError(f"OmniEvent's EAE evaluation failed:\n{run.stderr}")
        return json.loads(run.stdout.rsplit("\n", 2)[-2])  # type: ignore[no-any-return]


_TC_MRC_DRIVER = r"""
import json, sys, types
from types import SimpleNamespace as NS
root, folder, roles_json = sys.argv[1], sys.argv[2], sys.argv[3]

""" + _STUB + r"""
stub("torch", "", Tensor=type("Tensor", (), {}))
stub("torch.utils", "")
stub("torch.utils.data", Dataset=object)
stub("transformers", PreTrainedTokenizer=object)
stub("transformers.tokenization_utils", BatchEncoding=object)
stub("OmniEvent", root + "/OmniEvent")
stub("OmniEvent.evaluation", root + "/OmniEvent/evaluation")
stub("OmniEvent.input_engineering", root + "/OmniEvent/input_engineering")
stub("OmniEvent.input_engineering.whitespace_tokenizer", WordLevelTokenizer=object)
stub("tqdm", tqdm=lambda items, desc=None: items)
import numpy as np
from OmniEvent.evaluation import convert_format as cf, metric
from OmniEvent.input_engineering.token_classification_processor import EAETCProcessor

roles = ["NA"] + json.loads(roles_json)
role2id = {name: i for i, name in enumerate(roles)}
""" + _KEEP + r"""cf.f1_score_overall_with_type = keep
metric.f1_score_overall_with_type = keep
# tc reads trigger ids (example ids only): the gold file given ids, its content otherwise as it is
gold_file = folder + "/test.jsonl"
with open(gold_file, "w", encoding="utf-8") as out:
    for n, line in enumerate(open(folder + "/gold.jsonl", encoding="utf-8")):
        item = json.loads(line)
        for k, trigger in enumerate([t for e in item["events"] for t in e["triggers"]] + item["negative_triggers"]):
            trigger["id"] = f"{n}-{k}"
        out.write(json.dumps(item) + "\n")
out = {}
for mode in ("gold", "default", "loose", "strict"):
    config = NS(eae_eval_mode="default" if mode == "gold" else mode, golden_trigger=mode == "gold")
    # tc: EAETCProcessor's own reading (no tokenizer: features are not made), then compute_F1 as the trainer
    # calls it for EAE, the model's roles as one-hot logits
    processor = object.__new__(EAETCProcessor)
    type(processor).__mro__[1].__init__(processor, config, None, folder + "/ed_preds.json", False)
    processor.read_examples(gold_file)
    given = [role for row in json.load(open(f"{folder}/tc-{mode}.json", encoding="utf-8")) for role in row]
    assert len(given) == len(processor.examples), (len(given), len(processor.examples))
    logits = np.eye(len(roles))[[role2id[r] for r in given]] if given else np.zeros((0, len(roles)))
    labels = np.array([role2id[e.labels] for e in processor.examples], dtype=int)
    kept.clear()
    data = {"pred_types": processor.get_pred_types(), "true_types": processor.get_true_types()}
    metric.compute_F1(logits, labels, training_args=NS(task_name="EAE", data_for_evaluation=data))
    out[mode] = {"tc": kept[-1]}
    # mrc: the spans as make_predictions gives them (Type_Role, (first, last word), NA score, trigger index)
    preds = json.load(open(folder + "/ed_preds.json", encoding="utf-8"))
    gold_types = [label for line in open(gold_file, encoding="utf-8") for item in [json.loads(line)]
                  for label in [e["type"] for e in item["events"] for _ in e["triggers"]]
                  + ["NA"] * len(item["negative_triggers"])]
    spans = json.load(open(folder + "/mrc-all.json", encoding="utf-8"))  # every trigger candidate's
    flat = [(f"{gold_types[index] if mode == 'gold' else preds[index]}_{role}", tuple(span), score, index)
            for index, row in enumerate(spans) for role, span, score in row]
    args = NS(eae_eval_mode="default" if mode == "gold" else mode, golden_trigger=mode == "gold", language="English",
              test_pred_file=folder + "/ed_preds.json", test_file=gold_file, dataset_name="case")
    kept.clear()
    results = cf.get_argument_extraction_mrc(flat, None, gold_file, args, None)
    out[mode]["mrc"] = {"figures": kept[-1], "results": results}
print(json.dumps(out))
"""


class OmniEventTcMrcScorer(OmniEventScorer):
    """OmniEvent's EAE evaluation under tc (`EAETCProcessor.read_examples`, `compute_F1` with task EAE) and mrc
    (`get_argument_extraction_mrc`) per mode on a case's files (`seeded_omnievent_eae.tc_mrc_case`)."""

    def score_tc_mrc(self, files: dict[str, str], roles: tuple[str, ...]) -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as tmp:
            for name, text in files.items():
                (Path(tmp) / name).write_text(text, encoding="utf-8")
            run = subprocess.run([sys.executable, "-W", "ignore", "-c", _TC_MRC_DRIVER, str(self.checkout), tmp,
                                  json.dumps(list(roles))], capture_output=True, text=True, check=False,
                                 encoding="utf-8", env={**os.environ, "PYTHONUTF8": "1"})
        if run.returncode != 0:
            raise RuntimeError(f"OmniEvent's EAE evaluation (tc, mrc) failed:\n{run.stderr}")
        return json.loads(run.stdout.rsplit("\n", 2)[-2])  # type: ignore[no-any-return]
