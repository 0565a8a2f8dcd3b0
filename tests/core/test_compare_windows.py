"""`evmeval-compare --convention textee|dygiepp [--unit window]` (issue 36, "window formats group windows
into documents"): every convention figure with its interval and paired tests, the point estimates exactly
`evmeval-score --convention`'s, a document's windows drawn together by default and alone with
`--unit window`; usage and input errors are one line."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import jsonschema
import numpy as np
import pytest
from evmeval._util.schemas import load_schema
from evmeval.compare.resampling import mention_family, resample
from evmeval.compare.significance import Counts, ResampleSettings

from tests.programs import installed

DOCS, WINDOWS = 12, 3
EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def _window(doc: int, wnd: int, found: bool) -> dict[str, object]:
    events = [{"event_type": "Attack", "trigger": {"text": "attacked", "start": 1, "end": 2}, "arguments": []}]
    return {"doc_id": f"D{doc}", "wnd_id": f"D{doc}-{wnd}", "tokens": ["Troops", "attacked", "the", "city"],
            "event_mentions": events if found else []}


def _corpus(folder: Path) -> tuple[Path, Path, Path]:
    """12 documents of 3 windows, one trigger each. Run a misses every trigger of documents 0-3 (its errors
    come by document), run b only those of windows 0."""
    files = {"gold": lambda d, w: True, "a": lambda d, w: d >= 4, "b": lambda d, w: w != 0}
    paths = []
    for name, found in files.items():
        path = folder / f"{name}.jsonl"
        path.write_text("".join(json.dumps(_window(d, w, found(d, w))) + "\n" for d in range(DOCS)
                                for w in range(WINDOWS)))
        paths.append(path)
    return paths[0], paths[1], paths[2]


def _run(program: str, *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed(program), *map(str, args)], capture_output=True, text=True, check=False,
                          timeout=120)


def _compare(tmp_path: Path, *extra: str) -> dict:
    gold, a, b = _corpus(tmp_path)
    out = tmp_path / f"c{len(extra)}.json"
    done = _run("evmeval-compare", "--convention", "textee", "-g", gold, "-s", a, "-s", b, "--resamples", 2000,
                "--json", out, *extra)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    jsonschema.validate(data, load_schema("compare_convention"))
    return {"data": data, "stdout": done.stdout}


def _f1(data: dict, system: int, metric: str = "trigger_id") -> dict:
    return next(f for f in data["systems"][system][metric] if f["figure"] == "f1")


def test_estimates_are_the_conventions_own(tmp_path: Path):
    data = _compare(tmp_path)["data"]
    gold, a, b = tmp_path / "gold.jsonl", tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for index, run in enumerate((a, b)):
        done = _run("evmeval-score", "--convention", "textee", "-g", gold, "-s", run, "--json", tmp_path / "s.json")
        assert done.returncode == 0, done.stderr
        metrics = json.loads((tmp_path / "s.json").read_text())["conventions"]["textee"]
        for metric, figures in metrics.items():
            mine = {f["figure"]: f["estimate"] for f in data["systems"][index][metric]}
            assert mine == {k: figures[k] for k in ("precision", "recall", "f1")}, metric
    assert _f1(data, 0)["estimate"] == pytest.approx(2 * (24 / 24) * (24 / 36) / (1 + 24 / 36))


def test_a_documents_windows_are_drawn_together_unless_unit_window(tmp_path: Path):
    by_document = _compare(tmp_path)
    by_window = _compare(tmp_path, "--unit", "window")
    assert by_document["data"]["bootstrap"]["unit"] == "document"
    assert (by_document["data"]["bootstrap"]["num_units"], by_window["data"]["bootstrap"]["num_units"]) == (12, 36)
    assert "2000 paired resamples of 12 documents (36 windows; a document's windows drawn together)" in \
        by_document["stdout"]
    assert "of 36 windows (each drawn on its own)" in by_window["stdout"]
    # run a's misses come by document: drawing windows alone understates its uncertainty
    doc, wnd = _f1(by_document["data"], 0), _f1(by_window["data"], 0)
    assert doc["ci_high"] - doc["ci_low"] > wnd["ci_high"] - wnd["ci_low"]
    # exactly the library's resampling of the same counts, grouped by hand
    tp = np.array([float(d >= 4) for d in range(DOCS) for _ in range(WINDOWS)])
    family = mention_family(Counts(tp, np.ones(DOCS * WINDOWS), tp))
    settings = ResampleSettings(2000, 2016)
    for groups, figure in ((np.repeat(np.arange(DOCS), WINDOWS), doc), (None, wnd)):
        f1 = resample([family], settings=settings, groups=groups).intervals[0][2]
        assert (f1.ci_low, f1.ci_high) == pytest.approx((figure["ci_low"], figure["ci_high"]), abs=1e-12)


def test_pairs_have_tests_for_every_figure(tmp_path: Path):
    data = _compare(tmp_path)["data"]
    [pair] = data["pairs"]
    assert (pair["a"], pair["b"]) == ("a", "b")
    test = next(t for t in pair["trigger_id"] if t["figure"] == "recall")
    assert test["delta"] == pytest.approx(24 / 36 - 24 / 36)
    precision = next(t for t in pair["trigger_id"] if t["figure"] == "precision")
    assert precision["a"] == 1.0 and precision["b"] == 1.0 and precision["num_units"] == 12
    assert set(pair) == {"a", "b", "trigger_changes", "argument_changes", *data["metrics"]}  # and what changed


def test_usage_and_input_errors_are_one_line(tmp_path: Path):
    gold, a, _ = _corpus(tmp_path)
    tbf_window = _run("evmeval-compare", "-g", gold, "-s", a, "-s", a, "--unit", "window")
    assert tbf_window.returncode == 2
    assert "--unit window is for window formats: give --convention textee, dygiepp or strings" in tbf_window.stderr
    with_t = _run("evmeval-compare", "--convention", "textee", "-g", gold, "-s", a, "-s", a, "-t", tmp_path)
    assert with_t.returncode == 2 and "-t is a tbf option" in with_t.stderr
    wrong = _run("evmeval-compare", "--convention", "textee", "-g", gold, "-s", a, "-s",
                 EXAMPLES / "dygiepp_pred.jsonl")
    assert wrong.returncode == 1 and "Traceback" not in wrong.stderr
    assert wrong.stderr.startswith("evmeval-compare: error: ") and "dygiepp_pred.jsonl:1:" in wrong.stderr
    assert len(wrong.stderr.strip().splitlines()) == 1
