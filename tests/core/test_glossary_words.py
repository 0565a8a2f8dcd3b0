"""One word per idea (issue 33 item 5): the glossary's words work where the published spellings do, and
the old spellings keep working."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.programs import installed

REPO = Path(__file__).resolve().parents[2]


def _score(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-score"), *args], capture_output=True, text=True, check=False)


def test_attributes_by_name_is_minus_m_by_number(evmeval_data: Path, tmp_path: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    common = ["-g", str(demo / "gold.tbf"), "-s", str(demo / "sample_system_C.tbf"), "-t", str(demo / "tkn")]
    by_number = _score(*common, "-m", "3", "-c", str(tmp_path / "a"))
    by_name = _score(*common, "--attributes", "type+realis", "-c", str(tmp_path / "b"))
    assert by_number.returncode == by_name.returncode == 0
    assert by_number.stdout == by_name.stdout
    assert (tmp_path / "a").read_text(encoding="utf-8") == (tmp_path / "b").read_text(encoding="utf-8")
    wrong = _score(*common, "--attributes", "colour")
    assert wrong.returncode == 2 and "--attributes" in wrong.stderr and "colour" in wrong.stderr


def test_a_convention_run_still_takes_no_tbf_option_and_no_attributes(tmp_path: Path) -> None:
    from tests.shipped import EXAMPLES

    gold, pred = str(EXAMPLES / "textee_gold.jsonl"), str(EXAMPLES / "textee_pred.jsonl")
    assert _score("--convention", "textee", "-g", gold, "-s", pred).returncode == 0
    refused = _score("--convention", "textee", "-g", gold, "-s", pred, "--attributes", "realis")
    assert refused.returncode == 2 and "-m is a tbf option" in refused.stderr  # -m's other name


def test_sequencing_json_names_the_attribute_combination_by_the_glossarys_word(evmeval_data: Path,
                                                                               tmp_path: Path) -> None:
    char = evmeval_data / "scoring_demo" / "char_based"
    done = _score("-g", str(char / "gold.tbf"), "-s", str(char / "system_A.tbf"), "-a", str(tmp_path / "seq"),
                  "--json", str(tmp_path / "s.json"))
    assert done.returncode == 0, done.stderr
    sequencing = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["sequencing"]
    assert sequencing["combination"] == sequencing["mapping"] == "mention_type"


def test_the_glossary_is_in_the_guide() -> None:
    glossary = (REPO / "docs" / "reference" / "glossary.md").read_text(encoding="utf-8")
    for word in ("convention", "strategy", "attributes", "mapping", "scheme", "closure"):
        assert f"| **{word}**" in glossary
    assert "reference/glossary.md" in (REPO / "mkdocs.yml").read_text(encoding="utf-8")


def test_the_results_answer_to_the_glossarys_words(evmeval_data: Path) -> None:
    import evmeval

    char = evmeval_data / "scoring_demo" / "char_based"
    corpus = evmeval.load(str(char / "gold.tbf"), str(char / "system_A.tbf"))
    scores = evmeval.score(corpus, strategy="optimal")
    assert scores.result.strategy == scores.result.mapping == "optimal"
    sequencing = evmeval.event_sequencing(corpus, scores, attributes="type")
    assert sequencing.combination == sequencing.mapping == "mention_type"
