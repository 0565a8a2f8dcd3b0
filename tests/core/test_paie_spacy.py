"""PAIE's head F1 on spaCy's real `en_core_web_sm` (3.8.0): its metric functions ran on a few generated cases
with the real model (tests/record_published_heads.py `SPACY_CASES`); their figures and the parse the model
gave each document are in tests/data/recorded/paie_spacy.json. Ours, fed that parse, gives the same figures
without spaCy; where spaCy and that model version are importable, the parse is checked against the model.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.conventions.heads import spacy_heads

from tests import recorded as rec
from tests.core.test_paie import FIGURES, _ours, _score
from tests.published_paie import case_files, window_of
from tests.record_published_heads import PAIE_SPACY, SPACY_CASES

RECORDED = json.loads(PAIE_SPACY.read_text(encoding="utf-8"))


def _recorded_parse(tokens: tuple[str, ...]) -> list[int]:
    return RECORDED["parses"][" ".join(tokens)]  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", SPACY_CASES)
def test_paie_head_f1_on_the_real_models_recorded_parse(tmp_path: Path, case: str) -> None:
    files = case_files(case)
    entry = RECORDED["cases"][case]
    assert rec.digest({name: text.encode() for name, text in files.items()}) == entry["sha256"], rec.RERECORD
    ours = _ours(_score(tmp_path, files, window_of(case), heads=_recorded_parse))
    assert ours == {k: pytest.approx(entry["figures"][k]) for k in FIGURES}


def test_the_cases_exercise_the_head_rows() -> None:
    """Some recorded cases credit a head the span does not (else the head rows would check nothing of spaCy)."""
    figures = [entry["figures"] for entry in RECORDED["cases"].values()]
    assert sum(f["head_c"][0] > f["span_c"][0] for f in figures) >= 3
    assert list(RECORDED["cases"]) == SPACY_CASES and RECORDED["model"]["version"] == "3.8.0"


def test_the_recorded_paie_parse_is_what_the_model_gives() -> None:
    """Where spaCy and an en_core_web_sm of the recorded version are importable (skip otherwise)."""
    parse = spacy_heads()
    if parse is None:
        pytest.skip("spaCy and en_core_web_sm are not importable here")
    if RECORDED["model"]["version"] not in parse.model.split():
        pytest.skip(f"the model here is {parse.model}; the recording's is {RECORDED['model']['version']}")
    assert {words: list(parse(tuple(words.split(" ")))) for words in RECORDED["parses"]} == RECORDED["parses"]
