"""Running the published scorers' own evaluation code, from a checkout, without their heavy imports.

Only for differential tests: nothing here is vendored. `TEXTEE_DIR` points at a checkout of
ej0cl6/TextEE, `DYGIEPP_DIR` at one of dwadden/dygiepp; without them the tests that need these skip.

- TextEE: `TextEE/scorer.py` is loaded with `ipdb` stubbed; gold lines go through TextEE's own
  `load_E2E_data` (the one function taken out of `TextEE/utils.py`, whose module imports torch and every
  model); prediction lines are turned into the scorer's tuples by `textee_prediction`, the inverse of
  TextEE's `save_predictions` (predictions never pass through `load_E2E_data` there either: they come
  straight from the model in that form).
- DyGIE++: `dygie/data/dataset_readers/document.py` (its `Document` reader) and
  `dygie/training/event_metrics.py` are loaded with torch, allennlp's `Metric` and `overrides` stubbed.
  The metric is fed, per sentence, the gold sentence as metadata and the predicted sentence's
  `trigger_dict`/`argument_dict` as the reader builds them, each value wrapped in a 1-tuple as the
  model's decoder gives (label, logit, softmax) and the metric reads only item 0. For a file of several
  `dataset`s, `score_by_dataset` keeps one metric per dataset, as its model does, and runs the model's
  `get_metrics` (taken out of `dygie/models/events.py` as `load_E2E_data` is out of TextEE's utils).
"""

from __future__ import annotations

import ast
import importlib.util
import os
import sys
import types
import warnings
from pathlib import Path
from typing import Any

import pytest


def checkout(variable: str) -> Path:
    """The checkout named by an environment variable, or skip the test."""
    value = os.environ.get(variable)
    if not value:
        pytest.skip(f"{variable} is not set (a checkout of the published scorer)")
    return Path(value)


def _load(name: str, path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _stub(name: str, **attributes: Any) -> None:
    module = types.ModuleType(name)
    module.__dict__.update(attributes)
    module.__path__ = []  # type: ignore[attr-defined]  # a package, so submodules can be stubbed
    sys.modules.setdefault(name, module)


class TexteeScorer:
    """TextEE's E2E scoring: `score(gold_lines, prediction_lines)` -> their `compute_scores` dict."""

    def __init__(self, root: Path) -> None:
        _stub("ipdb")
        self.scorer = _load("textee_published_scorer", root / "TextEE" / "scorer.py")
        source = (root / "TextEE" / "utils.py").read_text(encoding="utf-8")
        tree = ast.parse(source)
        [function] = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "load_E2E_data"]
        namespace: dict[str, Any] = {}
        exec(compile(ast.Module(body=[function], type_ignores=[]), str(root / "TextEE" / "utils.py"), "exec"),
             namespace)
        self.load_e2e = namespace["load_E2E_data"]

    def score(self, gold_lines: list[dict[str, Any]], prediction_lines: list[dict[str, Any]]) -> dict[str, Any]:
        golds, _ = self.load_e2e([dict(g) for g in gold_lines], lambda instances, data, config: instances, None)
        by_id = {(p["doc_id"], p["wnd_id"]): p for p in prediction_lines}
        preds = [textee_prediction(by_id[(g["doc_id"], g["wnd_id"])]) for g in golds]
        return self.scorer.compute_scores(preds, golds, "E2E")  # type: ignore[no-any-return]


def textee_prediction(line: dict[str, Any]) -> dict[str, Any]:
    """A prediction line (as TextEE's `save_predictions` writes it: arguments with start/end) in the
    form its model hands to the scorer."""
    events = [{"trigger": (e["trigger"]["start"], e["trigger"]["end"], e["event_type"], e["trigger"].get("text")),
               "arguments": [(a["start"], a["end"], a["role"], a.get("text")) for a in e["arguments"]]}
              for e in line["event_mentions"]]
    return {"doc_id": line["doc_id"], "wnd_id": line["wnd_id"], "tokens": line["tokens"], "events": events}


class DygieppScorer:
    """DyGIE++'s `EventMetrics` over documents read by its own `Document` reader."""

    def __init__(self, root: Path) -> None:
        # a class of that name: scipy (MAVEN's scorers, run in the same process) asks a loaded torch for it
        _stub("torch", Tensor=type("Tensor", (), {}))
        _stub("overrides", overrides=lambda f: f)
        for package in ("allennlp", "allennlp.training", "allennlp.training.metrics"):
            _stub(package)
        _stub("allennlp.training.metrics.metric", Metric=object)
        for package in ("dygie", "dygie.models", "dygie.training", "dygie.data", "dygie.data.dataset_readers"):
            _stub(package)
        _load("dygie.models.shared", root / "dygie" / "models" / "shared.py")
        self.document = _load("dygie.data.dataset_readers.document",
                              root / "dygie" / "data" / "dataset_readers" / "document.py")
        _load("dygie.training.f1", root / "dygie" / "training" / "f1.py")
        self.metrics = _load("dygie.training.event_metrics", root / "dygie" / "training" / "event_metrics.py")
        self.events_source = (root / "dygie" / "models" / "events.py").read_text(encoding="utf-8")

    def score(self, gold_lines: list[dict[str, Any]], prediction_lines: list[dict[str, Any]]) -> dict[str, Any]:
        metric = self.metrics.EventMetrics()
        return self._feed(metric, gold_lines, prediction_lines)

    def _feed(self, metric: Any, gold_lines: list[dict[str, Any]], prediction_lines: list[dict[str, Any]]
              ) -> dict[str, Any]:
        by_key = {p["doc_key"]: p for p in prediction_lines}
        for gold_line in gold_lines:
            gold = self.document.Document.from_json(gold_line)
            predicted = self.document.Document.from_json(by_key[gold_line["doc_key"]])
            for gold_sentence, predicted_sentence in zip(gold.sentences, predicted.sentences, strict=True):
                events = predicted_sentence.predicted_events
                decoded = {"trigger_dict": {k: (v,) for k, v in events.trigger_dict.items()},
                           "argument_dict": {k: (v,) for k, v in events.argument_dict.items()}}
                metric([decoded], [gold_sentence])
        result: dict[str, Any] = metric.get_metric()
        counts = {name: getattr(metric, f"_{name}") for name in (
            "gold_triggers", "predicted_triggers", "matched_trigger_ids", "matched_trigger_classes",
            "gold_arguments", "predicted_arguments", "matched_argument_ids", "matched_argument_classes")}
        return result | {"counts": counts}

    def score_by_dataset(self, gold_lines: list[dict[str, Any]], prediction_lines: list[dict[str, Any]]
                         ) -> dict[str, Any]:
        """What DyGIE++'s model reports on a file of several `dataset`s: one `EventMetrics` per dataset
        (the gold document's `dataset`, as its reader gives the model), then its `EventExtractor.get_metrics`
        (taken out of `dygie/models/events.py`, whose module needs torch), which adds the `MEAN__` figures.
        Also each dataset's counts, under `counts`."""
        tree = ast.parse(self.events_source)
        [extractor] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "EventExtractor"]
        [function] = [n for n in extractor.body if isinstance(n, ast.FunctionDef) and n.name == "get_metrics"]
        function.decorator_list = []
        namespace: dict[str, Any] = {"itertools": __import__("itertools"), "Dict": dict}
        exec(compile(ast.Module(body=[function], type_ignores=[]), "dygie/models/events.py", "exec"), namespace)
        metrics: dict[str, Any] = {}
        counts = {}
        for dataset in dict.fromkeys(str(g.get("dataset")) for g in gold_lines):
            metric = metrics[dataset] = self.metrics.EventMetrics()
            lines = [g for g in gold_lines if str(g.get("dataset")) == dataset]
            counts[dataset] = self._feed(metric, lines, prediction_lines)["counts"]
        model = types.SimpleNamespace(_metrics=metrics)
        return {"metrics": namespace["get_metrics"](model), "counts": counts}


class MavenScorer:
    """MAVEN's `evaluate.py` (THU-KEG/MAVEN-dataset), a script with no functions: its source is run
    as it is, on a CodaLab-style folder (`ref/test_gold.jsonl`, `res/results.jsonl`), with `open`
    turning its binary-mode score file into a text one (Python 3 refuses its str writes there); its
    figures are read from the variables it leaves (`micro_f1` ... in percent)."""

    NAMES = ("micro_p", "micro_r", "micro_f1", "macro_p", "macro_r", "macro_f1")

    def __init__(self, root: Path) -> None:
        self.path = root / "evaluate.py"
        self.code = compile(self.path.read_text(encoding="utf-8"), str(self.path), "exec")

    def score(self, folder: Path, gold_text: str, submission_text: str) -> dict[str, float]:
        import builtins
        import contextlib
        import io

        (folder / "ref").mkdir(parents=True, exist_ok=True)
        (folder / "res").mkdir(exist_ok=True)
        (folder / "ref" / "test_gold.jsonl").write_text(gold_text, encoding="utf-8")
        (folder / "res" / "results.jsonl").write_text(submission_text, encoding="utf-8")

        def text_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
            return builtins.open(file, mode.replace("b", ""), *args, **kwargs)

        namespace: dict[str, Any] = {"__name__": "__main__", "open": text_open}
        argv = sys.argv
        sys.argv = ["evaluate.py", str(folder), str(folder / "out")]
        # its warnings are its own (scikit-learn's on labels nobody has; the files it never closes, closed
        # here by dropping its variables): under filterwarnings=error they would fail the comparison
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(self.code, namespace)
                return {name: float(namespace[name]) for name in self.NAMES}
            finally:
                sys.argv = argv
                namespace.clear()


class MavenEreScorer:
    """MAVEN-ERE's `evaluate.py` (THU-KEG/MAVEN-ERE) loaded as a module (its CodaLab main is under
    `__main__`), `yaml` stubbed if absent; `score` returns what its main prints, in percent."""

    def __init__(self, root: Path) -> None:
        try:
            import yaml  # noqa: F401
        except ImportError:
            _stub("yaml")
        self.module = _load("maven_ere_published_evaluate", root / "evaluate.py")

    def score(self, gold_lines: list[dict[str, Any]], prediction_lines: list[dict[str, Any]]) -> dict[str, float]:
        golden = {doc["id"]: doc for doc in gold_lines}
        prediction = {doc["id"]: doc for doc in prediction_lines}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # scikit-learn's, on labels nobody has: its own, as MAVEN's
            scores: dict[str, float] = dict(self.module.evaluate_coreference(golden, prediction))
            average = 0.0
            for key, value in scores.items():
                if key.endswith("f1"):
                    average += value / 4.0
            overall = [average]
            for kind in ("temporal", "causal", "subevent"):
                found = self.module.evaluate(golden, prediction, kind)
                scores |= found
                overall.append(found[f"{kind}_f1"])
        return scores | {"coreference_f1": average, "overall_f1": sum(overall) / 4.0}
