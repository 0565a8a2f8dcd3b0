"""The resampling families read the scorers' own per-document counts: drawing every document once gives
exactly the corpus figures `evmeval-score` prints for coreference (v8.01's sums), sequencing (v1.8's
pooled temporal awareness) and agreement (`evmeval-iaa`'s micro figures), on the published demo data."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from evmeval.agreement.scoring import pairwise
from evmeval.align import COMBINATIONS
from evmeval.compare.resampling import coref_family, mention_family, resample, sequencing_family
from evmeval.compare.significance import Counts, ResampleSettings
from evmeval.coref.scoring import score_coreference
from evmeval.io.loading import load_inputs
from evmeval.mention.scoring import score_files
from evmeval.sequencing.scoring import score_sequencing


def _char_demo(evmeval_data: Path, system: str):
    demo = evmeval_data / "scoring_demo" / "char_based"
    inputs = load_inputs(str(demo / "gold.tbf"), str(demo / system))
    return inputs, score_files(inputs.gold, inputs.system)


DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def _token_demo():
    """The shipped demo: 6 documents, 21 gold coreference links, system_a finds 14 of 17 correct."""
    inputs = load_inputs(str(DEMO / "gold.tbf"), str(DEMO / "system_a.tbf"), token_dir=str(DEMO / "tkn"))
    return inputs, score_files(inputs.gold, inputs.system)


def test_coreference_corpus_figures_are_v801s():
    inputs, result = _token_demo()
    coref = score_coreference(result, inputs.gold, inputs.system)
    family = coref_family([d.counts for d in coref.documents])
    figures = family.corpus()
    for metric in ("muc", "bcub", "ceafm", "ceafe", "blanc", "lea"):
        r, p, f = coref.total.metric(metric).figures()
        assert (figures[f"{metric}_recall"], figures[f"{metric}_precision"], figures[f"{metric}_f1"]) == (r, p, f)
    assert figures["conll_f1"] == coref.total.conll_f1
    assert (figures["muc_recall"], figures["muc_precision"]) == (14 / 21, 14 / 17)
    assert figures["average_v18"] * 100 == pytest.approx(coref.published_average(), abs=1e-12)
    once = family.figures_of(np.ones((1, family.num_documents)) @ family.columns)[0]
    assert once.tolist() == pytest.approx(list(figures.values()), abs=1e-12)
    interval = resample([family], settings=ResampleSettings(300, 1)).intervals[0]
    assert all(i.ci_low <= i.ci_high for i in interval)


def test_sequencing_corpus_figures_are_v18s(evmeval_data: Path):
    inputs, result = _char_demo(evmeval_data, "temporal_sample.tbf")
    sequencing = score_sequencing(result, inputs.gold, inputs.system)
    for name in ("After", "Subevent", "All"):
        evaluation = sequencing.evaluation(name)
        figures = sequencing_family(evaluation.documents).corpus()
        corpus = evaluation.corpus
        assert (figures["precision"], figures["recall"], figures["f1"]) == (corpus.precision, corpus.recall,
                                                                             corpus.f1), name


def test_agreement_f1_is_iaas():
    inputs, _ = _token_demo()
    pair = pairwise(inputs.gold, inputs.system)
    result = pair.score_result()
    for c in COMBINATIONS:
        figures = mention_family(Counts.from_result(result, c)).corpus()
        assert figures["f1"] == pair.micro[c].f1 and figures["precision"] == pair.micro[c].precision
