"""One document's sequencing scored alone equals its share of the corpus run (issue 34).

The window keeps of a corpus run only each document's figures (`keep_outcomes=False`) and scores the
links of the document it shows with `score_one_document`. That is right only because v1.8's evaluations,
the published closure included, are per document (a document's nodes, links and their Python 2 set
order are its own) and pooled after: checked here on every document of generated corpora.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from evmeval.io.loading import LoadedInputs, load_inputs
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.sequencing.links import EVALUATIONS
from evmeval.sequencing.scoring import SequencingResult, score_one_document, score_sequencing

REPO = Path(__file__).resolve().parents[2]
GENERATOR = REPO / "benchmarks" / "gen_corpus.py"
SEQUENCING = REPO / "tests" / "data" / "sequencing"


def _generated(folder: Path, seed: int, *extra: str) -> tuple[LoadedInputs, ScoreResult]:
    subprocess.run([sys.executable, str(GENERATOR), "--seed", str(seed), "--docs", "14", "--mentions", "16",
                    "--mode", "token", "--sequencing", "--out", str(folder), *extra],
                   check=True, capture_output=True)
    return _scored(folder)


def _scored(folder: Path) -> tuple[LoadedInputs, ScoreResult]:
    tokens = folder / "tkn"
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "system.tbf"),
                         token_dir=str(tokens) if tokens.exists() else None)
    return inputs, score_files(inputs.gold, inputs.system)


def _assert_alone_as_in_corpus(inputs: LoadedInputs, result: ScoreResult, validate: bool) -> int:
    """Every document scored alone gives the corpus run's figures and outcomes; the number of documents
    with outcomes compared."""
    corpus = score_sequencing(result, inputs.gold, inputs.system, validate=validate, strict=False)
    compared = 0
    for doc in result.documents:
        alone = score_one_document(result, inputs.gold, inputs.system, doc.doc_id, validate=validate)
        for closure, evaluations in corpus.evaluations.items():
            for name, evaluation in evaluations.items():
                expected = evaluation.document(doc.doc_id)
                got = alone.evaluations[closure][name].document(doc.doc_id)
                assert got == expected, (doc.doc_id, closure, name)
                compared += bool(expected is not None and expected.outcomes)
        for closure, failed in alone.failures.items():  # its division by zero stops the corpus's too
            assert set(failed) <= set(corpus.failures.get(closure, {}))
    return compared


@pytest.mark.parametrize(("seed", "extra", "validate"), [
    (5, ("--seq-extra-rate", "0.3", "--seq-reverse-rate", "0.2"), False),
    (7, (), True),
])
def test_every_generated_document_scored_alone_is_as_in_the_corpus(seed: int, extra: tuple[str, ...],
                                                                    validate: bool, tmp_path: Path) -> None:
    inputs, result = _generated(tmp_path / "corpus", seed, *extra)
    assert _assert_alone_as_in_corpus(inputs, result, validate) > 10


@pytest.mark.parametrize(("case", "validate"), [("generated_plain", True), ("generated_nv", False),
                                                ("two_way", False)])
def test_every_recorded_document_scored_alone_is_as_in_the_corpus(case: str, validate: bool) -> None:
    inputs, result = _scored(SEQUENCING / case)
    assert _assert_alone_as_in_corpus(inputs, result, validate) > 0


def _without_outcomes(seq: SequencingResult) -> dict:
    return {closure: {name: replace(e, documents=tuple(replace(d, outcomes=()) for d in e.documents))
                      for name, e in evaluations.items()}
            for closure, evaluations in seq.evaluations.items()}


def test_keep_outcomes_false_keeps_every_figure_and_no_outcome(tmp_path: Path) -> None:
    inputs, result = _generated(tmp_path / "corpus", 5, "--seq-extra-rate", "0.3")
    full = score_sequencing(result, inputs.gold, inputs.system, validate=False, strict=False)
    compact = score_sequencing(result, inputs.gold, inputs.system, validate=False, strict=False,
                               keep_links=False, keep_outcomes=False)
    assert full.outcomes_kept and not compact.outcomes_kept
    assert compact.evaluations == _without_outcomes(full)
    assert all(not d.outcomes for e in compact.evaluations.values() for name in EVALUATIONS
               for d in e[name].documents)
    assert any(d.outcomes for e in full.evaluations.values() for name in EVALUATIONS for d in e[name].documents)
    assert (compact.warnings, compact.failures) == (full.warnings, full.failures)


def test_an_evaluations_document_is_found_by_id_as_the_search_through_its_documents_found_it(tmp_path: Path) -> None:
    """`Evaluation.document` looks documents up by id (a list sorted by a document's F1 asks for every one): the
    same document the search through `documents` found, None for an id it does not hold; equality and pickling as
    before the look-up was made."""
    import pickle

    inputs, result = _generated(tmp_path / "corpus", 6)
    seq = score_sequencing(result, inputs.gold, inputs.system, validate=False, strict=False)
    for evaluations in seq.evaluations.values():
        for evaluation in evaluations.values():
            before = pickle.loads(pickle.dumps(evaluation))
            for d in evaluation.documents:
                assert evaluation.document(d.doc_id) is next(e for e in evaluation.documents if e.doc_id == d.doc_id)
            assert evaluation.document("no such document") is None
            assert evaluation == before and pickle.loads(pickle.dumps(evaluation)) == evaluation


@pytest.mark.parametrize("names", [("After", "Subevent"), ("After",), ("All",)])
def test_a_document_scored_for_some_evaluations_has_those_as_scored_for_all(names: tuple[str, ...],
                                                                            tmp_path: Path) -> None:
    """The window draws each link type's outcomes and asks for those evaluations only (not "All", about a quarter
    of a shown document's scoring): each is the one scored beside every other, and no other is made."""
    inputs, result = _generated(tmp_path / "corpus", 5, "--seq-extra-rate", "0.3", "--seq-reverse-rate", "0.2")
    compared = 0
    for doc in result.documents:
        every = score_one_document(result, inputs.gold, inputs.system, doc.doc_id, validate=False)
        some = score_one_document(result, inputs.gold, inputs.system, doc.doc_id, validate=False,
                                  evaluations=names)
        for closure, evaluations in some.evaluations.items():
            assert set(evaluations) | set(some.failures.get(closure, {})) == set(names)
            for name, evaluation in evaluations.items():
                assert evaluation == every.evaluations[closure][name], (doc.doc_id, closure, name)
                compared += bool(evaluation.documents and evaluation.documents[0].outcomes)
        assert some.warnings == every.warnings
    assert compared > 5
