"""Every `--json` output against its published schema (resources/schemas/, draft 2020-12) (issue 32, item 6).

Each document names its schema and version first (`"schema": "score/3"`); the runs below cover every
program that writes JSON and every option that adds keys, on the demo corpus and the convention examples.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import evmeval
import pytest
from evmeval._util.schemas import SCHEMA_VERSIONS, load_schema, schema_tag

from tests.programs import installed
from tests.shipped import EXAMPLES

jsonschema = pytest.importorskip("jsonschema")

REPO = Path(__file__).resolve().parent.parent.parent
DEMO = REPO / "resources" / "demo"
CONVENTIONS = EXAMPLES


def _check(name: str, path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert next(iter(data)) == "schema" and data["schema"] == schema_tag(name), data.get("schema")
    errors = sorted(jsonschema.Draft202012Validator(load_schema(name)).iter_errors(data), key=str)
    assert not errors, f"{path.name}: " + "; ".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])
    return data


def _run(program: str, *args: str | Path, env: dict[str, str] | None = None) -> None:
    done = subprocess.run([installed(program), *map(str, args)], capture_output=True, text=True, check=False,
                          env={**os.environ, **(env or {})})
    assert done.returncode == 0, done.stderr


def test_the_schemas_are_valid_and_one_per_output() -> None:
    folder = REPO / "resources" / "schemas"
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{n}.schema.json" for n in SCHEMA_VERSIONS)
    for name in SCHEMA_VERSIONS:
        schema = load_schema(name)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["properties"]["schema"] == {"const": schema_tag(name)}


def test_a_document_that_breaks_its_schema_is_caught(tmp_path: Path) -> None:
    """The check can fail: an old version tag, a figure as a string, an unknown top-level key."""
    out = tmp_path / "scores.json"
    _run("evmeval-score", "-g", DEMO / "gold.tbf", "-s", DEMO / "system_a.tbf", "-t", DEMO / "tkn",
         "-o", tmp_path / "s.txt", "--json", out)
    data = _check("score", out)
    validator = jsonschema.Draft202012Validator(load_schema("score"))
    for broken in ({**data, "schema": 2}, {**data, "extra": 1},
                   {**data, "micro": {**data["micro"], "plain": {**data["micro"]["plain"], "f1": "0.9"}}}):
        assert not validator.is_valid(broken)


SCORE_RUNS = {"v1.8": [], "coref": ["-c", "coref"], "2015": ["--profile", "2015"],
              "muc-optimal": ["--scheme", "muc", "--strategy", "optimal"], "ordered": ["--strategy", "ordered"],
              "ci": ["--ci"], "pure-python": ["-d", "comparison.txt", "-c", "coref", "pure"]}
"""The C kernels write the default runs' JSON, the pure-Python path the last one's."""


@pytest.mark.parametrize("options", list(SCORE_RUNS.values()), ids=list(SCORE_RUNS))
def test_score_json(tmp_path: Path, options: list[str]) -> None:
    env = {"EVMEVAL_PURE_PYTHON": "1"} if "pure" in options else None
    extra = [str(tmp_path / o) if o in ("coref", "comparison.txt") else o for o in options if o != "pure"]
    out = tmp_path / "scores.json"
    _run("evmeval-score", "-g", DEMO / "gold.tbf", "-s", DEMO / "system_b.tbf", "-t", DEMO / "tkn",
         "-o", tmp_path / "s.txt", "--json", out, *extra, env=env)
    data = _check("score", out)
    assert ("coreference" in data) == ("-c" in options)


def test_score_json_with_sequencing_and_character_spans(evmeval_data: Path, tmp_path: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "char_based"
    out = tmp_path / "scores.json"
    _run("evmeval-score", "-g", demo / "gold.tbf", "-s", demo / "temporal_sample.tbf", "-a", tmp_path / "seq",
         "-c", tmp_path / "coref", "-o", tmp_path / "s.txt", "--json", out)
    data = _check("score", out)
    assert data["mode"] == "char" and data["sequencing"]["closures"]["published"]["After"]["corpus"]["gold_links"] == 5


def test_the_librarys_and_the_windows_scores_json(tmp_path: Path) -> None:
    corpus = evmeval.load(str(DEMO / "gold.tbf"), str(DEMO / "system_b.tbf"), tokens=str(DEMO / "tkn"))
    scores = evmeval.score(corpus)
    (tmp_path / "api.json").write_text(json.dumps(scores.to_json()), encoding="utf-8")
    _check("score", tmp_path / "api.json")
    evmeval.export_report(corpus, scores, str(tmp_path / "report"))
    assert "coreference" in _check("score", tmp_path / "report" / "scores.json")


def test_compare_json(tmp_path: Path) -> None:
    out = tmp_path / "compare.json"
    _run("evmeval-compare", "-g", DEMO / "gold.tbf", "-s", DEMO / "system_a.tbf", "-s", DEMO / "system_b.tbf",
         "-t", DEMO / "tkn", "--resamples", "50", "--threshold", "0.9", "--json", out)
    assert "below_threshold" in _check("compare", out)


@pytest.mark.parametrize("mappings", [False, True], ids=["plain", "json-mappings"])
def test_iaa_json(tmp_path: Path, mappings: bool) -> None:
    out = tmp_path / "iaa.json"
    _run("evmeval-iaa", DEMO / "gold.tbf", DEMO / "system_a.tbf", DEMO / "system_b.tbf", "-t", DEMO / "tkn",
         "-o", tmp_path / "i.txt", "--json", out, *(["--json-mappings"] if mappings else []))
    assert len(_check("iaa", out)["pairs"]) == 3


def test_conll_json(tmp_path: Path) -> None:
    _run("evmeval-score", "-g", DEMO / "gold.tbf", "-s", DEMO / "system_a.tbf", "-t", DEMO / "tkn",
         "-o", tmp_path / "s.txt", "-c", tmp_path / "coref")
    out = tmp_path / "conll.json"
    _run("evmeval-conll", tmp_path / "coref_gold.conll", tmp_path / "coref_sys.conll", "--json", out)
    assert set(_check("conll", out)["metrics"]) >= {"muc", "bcub", "ceafe", "blanc"}


@pytest.mark.parametrize("example", ["dygiepp", "maven", "maven_ere", "switchboard", "textee"])
def test_convention_json(tmp_path: Path, example: str) -> None:
    """`--convention all` (with the switchboard) on every convention example."""
    out = tmp_path / "conventions.json"
    _run("evmeval-score", "--convention", "all", "-g", CONVENTIONS / f"{example}_gold.jsonl",
         "-s", CONVENTIONS / f"{example}_pred.jsonl", "-o", tmp_path / "report.txt", "--json", out)
    data = _check("convention", out)
    assert data["conventions"]


def test_convention_json_of_one_convention(tmp_path: Path) -> None:
    out = tmp_path / "textee.json"
    _run("evmeval-score", "--convention", "textee", "-g", CONVENTIONS / "textee_gold.jsonl",
         "-s", CONVENTIONS / "textee_pred.jsonl", "-o", tmp_path / "report.txt", "--json", out)
    assert "switchboard" not in _check("convention", out)


def test_conll_cross_document_json(tmp_path: Path) -> None:
    data_dir = REPO / "tests" / "data" / "coref" / "cross_document"
    out = tmp_path / "conll.json"
    _run("evmeval-conll", data_dir / "key.conll", data_dir / "response.conll", "--cross-document",
         "--topics", data_dir / "topics.txt", "--json", out)
    data = _check("conll", out)
    assert data["cross_document"]["unit"] == "topic" and "within_document" in data
