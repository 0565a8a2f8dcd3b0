"""Coreference for the window and the reports: agreement in both directions, and each cluster's
story in words. The scores themselves come from `evmeval.coref.scoring.score_coreference`, which the
window's model calls directly. `describe_cluster` is the one wording of a cluster's outcome, used by
the window's cluster table and tooltips and by the HTML report.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from evmeval._util.shared_tables import Tables, shared
from evmeval.coref.explain import ClusterExplanation
from evmeval.coref.metrics import METRICS, CorefCounts

METRIC_NAMES: dict[str, str] = {"muc": "MUC", "bcub": "B³", "ceafm": "CEAF-m", "ceafe": "CEAF-e",
                                "blanc": "BLANC", "lea": "LEA"}
"""Display names of `coref_metrics.METRICS`."""

SIDE_NAMES = {"gold": "Gold", "system": "System"}


# -- agreement: both directions ------------------------------------------------------------------

ASYMMETRIC_NOTES: dict[str, str] = {
    "blanc": "BLANC's fallback depends on the key: when the key side has no coreference link (or no "
             "non-coreference link) only the other kind counts, so swapping roles can change F.",
}
"""Metrics whose F1 can change when the roles swap, and why. The others (MUC, B³, CEAF-m, CEAF-e,
LEA, mention identification, CoNLL F1) exchange recall and precision, so F1 stays."""


@dataclass(frozen=True)
class MetricAgreement:
    """One metric's F1 with annotator A as the key and with B as the key."""

    metric: str
    forward: float
    backward: float

    @property
    def symmetric(self) -> bool:
        """Equal up to the last bits of floating-point summation order."""
        return abs(self.forward - self.backward) <= 1e-9


def _f1(counts: CorefCounts, metric: str) -> float:
    if metric == "conll_f1":
        return counts.conll_f1
    if metric == "mentions":
        return counts.identification.f1
    return counts.metric(metric).f1


AGREEMENT_METRICS: tuple[str, ...] = (*METRICS, "conll_f1", "mentions")


def coreference_agreement(forward: CorefCounts, backward: CorefCounts) -> tuple[MetricAgreement, ...]:
    """F1 of every metric both ways (A as key, then B as key): agreement between two annotators."""
    return tuple(MetricAgreement(m, _f1(forward, m), _f1(backward, m)) for m in AGREEMENT_METRICS)


# -- a cluster's story ---------------------------------------------------------------------------

def cluster_name(cluster: ClusterExplanation) -> str:
    """`R1` for an `@Coreference` cluster; a mention in no cluster is named by itself: `(E5)`."""
    return cluster.relation_id or f"({cluster.mention_ids[0]})"


def _names(labels: Sequence[int], others: dict[int, ClusterExplanation]) -> str:
    return ", ".join(cluster_name(others[x]) if x in others else f"#{x}" for x in labels)


def _unaligned(cluster: ClusterExplanation) -> str:
    if not cluster.unaligned:
        return ""
    verb = "has" if len(cluster.unaligned) == 1 else "have"
    other = "system" if cluster.side == "gold" else "gold"
    return f" {', '.join(cluster.unaligned)} {verb} no aligned {other} mention."


def describe_cluster(cluster: ClusterExplanation, own: dict[int, ClusterExplanation],
                     others: dict[int, ClusterExplanation]) -> str:
    """One or two sentences on what became of `cluster`; `own` / `others`: its side's and the other
    side's clusters by label (see `explanations_by_side`)."""
    side, other_side = (("Gold", "system") if cluster.side == "gold" else ("System", "gold"))
    if cluster.relation_id:
        count = len(cluster.mention_ids)
        me = f"{side} cluster {cluster.relation_id} ({count} mention{'' if count == 1 else 's'})"
    else:
        me = f"{side} mention {cluster.mention_ids[0]} (in no cluster)"
    there = _names(cluster.counterparts, others)
    holder = others.get(cluster.counterparts[0]) if cluster.counterparts else None
    outcome = cluster.outcome
    if outcome == "missed":
        return f"{me}: no mention of it aligned with a system mention (missed)."
    elif outcome == "spurious":
        return f"{me}: no mention of it aligned with a gold mention (spurious)."
    elif outcome == "exact":
        text = f"{me} is exactly {other_side} cluster {there}."
    elif outcome == "partial":
        text = f"{me} matches {other_side} cluster {there} apart from mentions that did not align."
    elif outcome == "split" and cluster.side == "gold":
        text = f"{me} was split into {len(cluster.counterparts)} system clusters: {there}."
    elif outcome == "merged" and cluster.side == "system":
        text = f"{me} merged {len(cluster.counterparts)} gold clusters: {there}."
    elif outcome == "merged":  # gold: its one system cluster also holds other gold mentions
        more = [x for x in holder.counterparts if x != cluster.label] if holder is not None else []
        text = f"{me} went into system cluster {there}, which also holds gold cluster(s) {_names(more, own)}."
    else:  # split, system side: it holds only part of one gold cluster
        parts = _names(holder.counterparts, own) if holder is not None else "?"
        text = f"{me} holds only part of gold cluster {there}, which the system split into {parts}."
    return text + _unaligned(cluster)


def explanations_by_side(clusters: Sequence[ClusterExplanation]) -> tuple[dict[int, ClusterExplanation],
                                                                          dict[int, ClusterExplanation]]:
    """(gold clusters by label, system clusters by label), for `describe_cluster`."""
    gold = {c.label: c for c in clusters if c.side == "gold"}
    system = {c.label: c for c in clusters if c.side == "system"}
    return gold, system


def describe_all(clusters: Sequence[ClusterExplanation], tables: Tables | None = None) -> tuple[str, ...]:
    """`describe_cluster` for every cluster of one document (as `explain_clusters` lists them; with
    `tables`, worded once per document: `evmeval._util.shared_tables`)."""
    return shared(tables, "describe_all", clusters, None, "", lambda: _describe_all(clusters))


def _describe_all(clusters: Sequence[ClusterExplanation]) -> tuple[str, ...]:
    gold, system = explanations_by_side(clusters)
    return tuple(describe_cluster(c, gold, system) if c.side == "gold" else describe_cluster(c, system, gold)
                 for c in clusters)


CLUSTER_OUTCOMES: dict[str, tuple[str, str]] = {
    "exact": ("exact", "The other side has the same cluster."),
    "partial": ("partial", "The same cluster, apart from mentions that did not align."),
    "split": ("split", "A gold cluster spread over several system clusters, or a system cluster holding "
                       "only part of a gold cluster."),
    "merged": ("merged", "A system cluster joining several gold clusters, or a gold cluster whose system "
                         "cluster also holds other gold mentions."),
    "missed": ("missed", "No mention of the gold cluster aligned with a system mention."),
    "spurious": ("spurious", "No mention of the system cluster aligned with a gold mention."),
}
"""Cluster outcome -> (label, description); colours and glyphs are `evmeval.outcome_style`'s of the same key."""
