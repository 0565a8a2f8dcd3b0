"""PAIE's own metric functions (mayubo2333/PAIE `metric.py`) and window (`processors/processor_base.py`), run
on generated cases for the differential test of `--convention paie` and its recorder.

Nothing is vendored: a driver imports the checkout's files (named by `PAIE_DIR`) in a separate process, with
stand-ins for what they import and these functions never call (torch, ipdb, jsonlines; spaCy, whose model
is loaded at import). PAIE's model is replaced by the prediction file: each event's predicted word spans are
put where PAIE's `add_pred` puts the model's (a list per role, without repeats), its gold where `set_gt`
puts it (BART's subword round trip of a word span gives the span back, so the words are used as they are).
Head F1 runs on a stand-in parse (`fake_heads`, a random tree per document, seeded by its words), given to
both sides: it checks PAIE's head walk and counting, not spaCy.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.core import seeded_arguments

ROOT = Path(__file__).resolve().parents[1]
WINDOWS = (2, 4, 6, 8, 10, 250)
WORDS = ("the", "The", "a", "an", ",", "man", "Man", "army", "town", "fired", "killed", "Gaza", "troops", "é", "x.")
ROLES = ("victim", "killer", "place", "attacker", "target")
CASES = 75
"""Cases of each dataset (RAMS, WikiEvents): 150 in all."""


def case_ids() -> list[str]:
    return [f"rams-{s}" for s in range(CASES)] + [f"wikievents-{s}" for s in range(CASES)]


def fake_heads(words: tuple[str, ...] | list[str]) -> list[int]:
    """A random dependency tree over the words (each word's head index; the root heads itself), seeded by them."""
    rng = random.Random(" ".join(words))
    order = list(range(len(words)))
    rng.shuffle(order)
    heads = list(range(len(words)))
    for k, word in enumerate(order[1:], start=1):
        heads[word] = order[rng.randrange(k)]
    return heads


def window_of(case: str) -> int:
    return random.Random(f"window {case}").choice(WINDOWS)


def rams_case(seed: int) -> dict[str, str]:
    """A RAMS gold file (one trigger a line, long enough for small windows) and a prediction-layout file."""
    rng = random.Random(seed)
    gold, predictions = [], []
    for d in range(rng.randint(1, 5)):
        lengths = [rng.randint(1, 8) for _ in range(rng.randint(1, 5))]
        n = sum(lengths)
        sentences = [[rng.choice(WORDS) for _ in range(k)] for k in lengths]
        start = rng.randrange(n)
        trigger = [start, min(n - 1, start + rng.randint(0, 1))]

        def span(n: int = n) -> list[int]:
            s = rng.randrange(n)
            return [s, min(n - 1, s + rng.randint(0, 2))]

        links = []
        for _ in range(rng.randint(0, 6)):
            links.append([trigger, span(), f"evt{rng.randint(1, 9):03d}arg{rng.randint(1, 3):02d}{rng.choice(ROLES)}"])
            if rng.random() < 0.15:
                links.append(links[-1])
        key = f"doc{d}"
        gold.append({"doc_key": key, "sentences": sentences, "evt_triggers": [[*trigger, [["life.die", 1.0]]]],
                     "gold_evt_links": links})
        if rng.random() < 0.1:
            continue
        predicted = []
        for _, argument, role in links:
            choice = rng.random()
            if choice < 0.5:
                predicted.append([*argument, role[11:], 1.0])
            elif choice < 0.7:
                predicted.append([*span(), role[11:], 1.0])
            elif choice < 0.85:
                predicted.append([*argument, rng.choice(ROLES), 1.0])
        predicted += [[*span(), rng.choice(ROLES), 1.0] for _ in range(rng.randint(0, 2))]
        predictions.append({"doc_key": key, "predictions": [[trigger, *predicted]] if predicted or rng.random() < 0.5
                            else []})
    if rng.random() < 0.1:
        predictions.append({"doc_key": "elsewhere", "predictions": []})
    dump = seeded_arguments._dumps
    return {"gold.jsonl": dump(gold), "prediction.jsonl": dump(predictions)}


def case_files(case: str) -> dict[str, str]:
    """A case's files: RAMS gold and predictions, or a gen-arg case (WikiEvents gold, generations, ontology)."""
    dataset, _, seed = case.partition("-")
    if dataset == "rams":
        return rams_case(int(seed))
    files = seeded_arguments.genarg_case(1000 + int(seed))
    files.pop("coref.jsonlines", None)
    return files


def rams_predictions(files: dict[str, str]) -> list[list[list[Any]]]:
    """Per gold line, its prediction line's (role, start, end) (the last line of its doc_key; none without)."""
    by_key = {}
    for line in files["prediction.jsonl"].splitlines():
        obj = json.loads(line)
        by_key[obj["doc_key"]] = [[a[2], a[0], a[1]] for e in obj["predictions"] for a in e[1:]]
    return [by_key.get(json.loads(line)["doc_key"], []) for line in files["gold.jsonl"].splitlines()]


def wikievents_predictions(files: dict[str, str]) -> list[list[list[Any]]]:
    """Per gold event in file order, gen-arg's grounded predictions (as `genarg.predicted_arguments` grounds
    them, checked against gen-arg's scorer by its own differential test)."""
    from evmeval.conventions import genarg
    from evmeval.io.genarg import read_generations, read_ontology, read_wikievents

    gold = read_wikievents("gold.jsonl", files["gold.jsonl"].encode())
    system = read_generations("prediction.jsonl", files["prediction.jsonl"].encode())
    ontology = read_ontology_text(files["ontology.json"], read_ontology)
    found: dict[int, list[list[Any]]] = {}
    for document, event, generated, _ in genarg.pair_events(gold, system):
        if event.event_type in ontology.templates:
            filled = genarg.template_arguments(ontology.templates[event.event_type], generated,
                                               ontology.roles[event.event_type], "")
            spans, _ = genarg.predicted_arguments(document.tokens, event, filled)
            found[id(event)] = [[role, s, e] for s, e, _, role in sorted(spans)]
    return [found.get(id(event), []) for document in gold.documents for event in document.events]


def read_ontology_text(text: str, reader: Any) -> Any:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ontology.json"
        path.write_text(text, encoding="utf-8")
        return reader(str(path))


_DRIVER = r"""
import argparse, contextlib, copy, importlib.util, io, json, sys, types
checkout, root, real = sys.argv[1], sys.argv[2], sys.argv[3] == "spacy"
sys.path.insert(0, root)
from tests.published_paie import fake_heads

class _Module(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return type(name, (), {})

for name in ("torch", "torch.utils", "torch.utils.data", "ipdb", "jsonlines") + (() if real else ("spacy",
                                                                                      "spacy.tokens")):
    sys.modules[name] = _Module(name)
if not real:
    sys.modules["spacy"].load = lambda name: types.SimpleNamespace(vocab=None)
for name in ("numpy", "scipy", "scipy.optimize"):
    try:
        __import__(name)
    except ImportError:
        sys.modules[name] = _Module(name)
sys.path.insert(0, checkout)
import metric
spec = importlib.util.spec_from_file_location("paie_processor_base", checkout + "/processors/processor_base.py")
base = importlib.util.module_from_spec(spec)
spec.loader.exec_module(base)

class Token:
    def __init__(self, doc, i):
        self.doc, self.i = doc, i
    @property
    def head(self):
        return self.doc[self.doc.heads[self.i]]
    def __str__(self):
        return self.doc.words[self.i]

class Doc:
    def __init__(self, text):
        self.words = text.split(" ")
        self.heads = fake_heads(self.words)
    def __getitem__(self, i):
        return Token(self, i)

if not real:
    metric.nlp = Doc
job = json.load(sys.stdin)
processor = object.__new__(base.DSET_processor)
processor.args = argparse.Namespace(window_size=job["window"])
processor.invalid_arg_num = 0
lines = copy.deepcopy(job["lines"])
with contextlib.redirect_stdout(io.StringIO()):
    if job["dataset"] == "rams":
        examples = processor._create_example_rams(lines)
    else:
        examples = processor._create_example_wikievent(lines)

class Feature:
    pass

features = []
for example, predicted in zip(examples, job["predictions"], strict=True):
    feature = Feature()
    feature.full_text = example.full_text
    offset = example.trigger["offset"]
    feature.gt_dict_word, feature.pred_dict_word = {}, {}
    for arg in example.args:
        feature.gt_dict_word.setdefault(arg["role"], []).append((arg["start"] + offset, arg["end"] - 1 + offset))
    for role, start, end in predicted:
        spans = feature.pred_dict_word.setdefault(role, [])
        if (start, end) not in spans:
            spans.append((start, end))
    feature.arg_list = sorted(set(feature.gt_dict_word) | set(feature.pred_dict_word))
    start, end = example.trigger["start"], example.trigger["end"]
    feature.example_id, feature.event_type = example.doc_id, example.type
    feature.event_trigger = [example.trigger["text"], [start, end], offset]
    feature.enc_text = " ".join(example.sent[:start] + ["<t>"] + example.sent[start:end] + ["</t>"]
                                + example.sent[end:])
    features.append(feature)
out = {"invalid_arg_num": processor.invalid_arg_num}
for name, function in (("span", metric.eval_std_f1_score), ("text", metric.eval_text_f1_score),
                       ("head", metric.eval_head_f1_score)):
    for suffix, res in zip(("c", "i"), function(features, processor.invalid_arg_num)):
        out[f"{name}_{suffix}"] = [res["correct_num"], res["pred_num"], res["gt_num"], res["precision"],
                                   res["recall"], res["f1"]]
if job.get("log"):  # show_results; its Hungarian pairing (torch, SciPy) only decides which lines pair up
    metric.hungarian_matcher = lambda a, b: (list(range(min(len(a), len(b)))),) * 2
    metric.show_results(features, job["log"], {"test related best score": "P: 0 R: 0 f1: 0", "global step": 0})
if real:  # the parse metric.py's own nlp gives each document's words, and the model that gave it
    import spacy
    out["parses"] = {" ".join(f.full_text): [t.head.i for t in metric.nlp(" ".join(f.full_text))] for f in features}
    out["model"] = {"name": metric.nlp.meta["lang"] + "_" + metric.nlp.meta["name"],
                    "version": metric.nlp.meta["version"], "spacy": spacy.__version__}
print(json.dumps(out))
"""


class PaieScorer:
    """PAIE's metric functions and window, from a checkout, in a separate process per case. `python`: an
    interpreter with spaCy and en_core_web_sm, to run them on the real parse (its figures then carry `parses`,
    each document's words -> the model's heads, and `model`); default: this one, on the stand-in parse."""

    def __init__(self, checkout: Path, python: Path | None = None) -> None:
        self.checkout = checkout
        self.python = python
        for name in ("metric.py", "utils.py", "processors/processor_base.py"):
            if not (checkout / name).is_file():
                raise FileNotFoundError(f"{checkout / name}: not a checkout of mayubo2333/PAIE")

    def figures(self, case: str, log: Path | None = None) -> dict[str, Any]:
        """The figures of PAIE's functions on `case`; with `log`, its `show_results` log written there too."""
        files = case_files(case)
        rams = case.startswith("rams")
        lines = [json.loads(line) for line in files["gold.jsonl"].splitlines()]
        if not rams:
            for line in lines:  # fields PAIE's reader reads and these files need not have
                line.setdefault("sentences", [])
                for event in line["event_mentions"]:
                    for argument in event["arguments"]:
                        argument.setdefault("text", "")
        job = {"dataset": "rams" if rams else "wikievent", "window": window_of(case), "lines": lines,
               "predictions": rams_predictions(files) if rams else wikievents_predictions(files),
               "log": str(log) if log is not None else None}
        run = subprocess.run([str(self.python or sys.executable), "-c", _DRIVER, str(self.checkout), str(ROOT),
                              "spacy" if self.python else "stand-in"], input=json.dumps(job),
                             capture_output=True, text=True, check=False)
        if run.returncode != 0:
            raise RuntimeError(f"{case}: PAIE's functions failed: {run.stderr[-2000:]}")
        return json.loads(run.stdout)  # type: ignore[no-any-return]
