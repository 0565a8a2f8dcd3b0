"""Document-bootstrap intervals of one annotator pair's relation and cluster agreement (issue 36 §1).

The figures of `evmeval.agreement.relations` are ratios of summed per-document counts, so a resample of
documents rebuilds them from each document's columns, drawn by the same `resample` call (the same draws)
as the pair's mention figures (`evmeval.compare.agreement.pair_intervals`):
- links (Subevent, After, All): Σagreed, Σ#a, Σ#b, precision = agreed / #b, recall = agreed / #a, as the
  mention figures (`resampling.MENTION_FIGURES`' rule);
- clusters (MUC, B³, CEAF-m, CEAF-e, LEA, the CoNLL F1): the coreference family's columns
  (`resampling.coref_family`, v8.01's sums), of which agreement prints these figures.

The point estimates are the printed figures (`RelationAgreement.figure`), bit for bit; a figure undefined on
the corpus (NaN) keeps an undefined interval.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from evmeval._util.lazy_import import lazy_module
from evmeval.agreement.relations import CLUSTER_METRICS, LINK_FIGURES, RelationAgreement
from evmeval.compare.resampling import COREF_FIGURES, Family, _mention_figures, coref_family

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_module("numpy")

MEASURES = ("precision", "recall", "f1")


def relation_figure_names() -> tuple[str, ...]:
    """`<Subevent|After|All>_<precision|recall|f1>`, `<muc|bcub|ceafm|ceafe|lea>_<...>`, `conll_f1`."""
    names = [f"{figure}_{m}" for figure in (*LINK_FIGURES, *CLUSTER_METRICS) for m in MEASURES]
    return (*names, "conll_f1")


_CLUSTER_AT = [COREF_FIGURES.index(f"{metric}_{m}") for metric in CLUSTER_METRICS for m in MEASURES]
_CLUSTER_AT.append(COREF_FIGURES.index("conll_f1"))


def _figures(sums: np.ndarray) -> np.ndarray:
    """Link figures from the first 3 x len(LINK_FIGURES) columns, cluster figures from the coreference columns;
    the last column counts clusters of two or more mentions: without any, the cluster figures are undefined
    (`RelationAgreement.figure`), 0 inside a resample as every undefined figure there."""
    width = 3 * len(LINK_FIGURES)
    links = [_mention_figures(sums[:, k:k + 3]) for k in range(0, width, 3)]
    clusters = coref_family(()).figures_of(sums[:, width:-1])[:, _CLUSTER_AT]
    clusters = np.where((sums[:, -1] > 0)[:, None], clusters, 0.0)
    return np.column_stack([*links, clusters])


def _printed(relations: RelationAgreement) -> list[float]:
    """The figures `format_iaa_report` prints for the pair, in `relation_figure_names` order."""
    out: list[float] = []
    for figure in (*LINK_FIGURES, *CLUSTER_METRICS):
        out += relations.figure(figure)
    return [*out, relations.figure("conll")[2]]


def relation_family(relations: RelationAgreement) -> Family:
    """One pair's per-document link and cluster columns (the pair's document order)."""
    coref = coref_family([d.coreference for d in relations.documents]).columns
    links = np.array([[x for figure in LINK_FIGURES for x in d.links[figure]] for d in relations.documents],
                     dtype=np.float64).reshape(-1, 3 * len(LINK_FIGURES))
    clusters = np.array([d.clusters for d in relations.documents], dtype=np.float64)
    return Family("relations", relation_figure_names(), np.column_stack([links, coref, clusters]), _figures,
                  np.array(_printed(relations)))

