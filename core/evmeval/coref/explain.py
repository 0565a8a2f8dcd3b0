"""Why a coreference score is what it is: per cluster, which clusters of the other side it became.

A gold cluster is *split* when its aligned mentions fall into two or more system clusters; a system
cluster *merged* gold clusters when its aligned mentions come from two or more. With one counterpart
the cluster is *exact* when both clusters hold exactly the same aligned mentions, *partial* when
only unaligned mentions differ; the one counterpart is itself split or merged otherwise. A gold
cluster without aligned mentions is *missed*, such a system cluster *spurious*. Mentions in no
`@Coreference` cluster count as one-mention clusters (`relation_id` "").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from evmeval._util.shared_tables import Tables, shared
from evmeval.coref.scoring import CorefDocument
from evmeval.mention.scoring import DocumentResult

OUTCOMES = ("exact", "partial", "split", "merged", "missed", "spurious")


class ClusterExplanation(NamedTuple):
    """One cluster of one side and what became of it on the other side (a NamedTuple: an export of
    2000 documents explains 110k clusters, most of them single mentions).

    `label` is the cluster's number in the CoNLL file; `mention_indexes` index the scored document's
    `gold` or `system` mentions; `counterparts` are the other side's labels holding the aligned
    partners, in line order; `unaligned` the member ids without an aligned partner.
    """

    side: str
    label: int
    relation_id: str
    mention_ids: tuple[str, ...]
    mention_indexes: tuple[int, ...]
    counterparts: tuple[int, ...]
    unaligned: tuple[str, ...]
    outcome: str

    def to_json(self) -> dict[str, object]:
        return {"side": self.side, "label": self.label, "relation_id": self.relation_id,
                "mention_ids": list(self.mention_ids), "counterparts": list(self.counterparts),
                "unaligned": list(self.unaligned), "outcome": self.outcome}


def _outcome(side: str, counterparts: list[int], other_is_pure: bool, complete: bool) -> str:
    if not counterparts:
        return "missed" if side == "gold" else "spurious"
    if len(counterparts) > 1:
        return "split" if side == "gold" else "merged"
    if not other_is_pure:
        return "merged" if side == "gold" else "split"
    return "exact" if complete else "partial"


def explain_lines(side: str, labels: Sequence[int], other: Sequence[int], rows: Sequence[int],
                  mention_ids: Sequence[str], relation_ids: dict[int, str]) -> list[ClusterExplanation]:
    """The clusters of one side, from the CoNLL lines' labels of both sides (-1: none) and the
    mention each line is (`mention_ids`: the side's ids by row: a parsed document's, or the C kernel's
    run's, `evmeval.cli.coref_fastpath`); one loop for every cluster (a second one for one-mention
    clusters bought 1.07x on `evmeval-score -t -o -c --json`: deleted, docs/developer.md)."""
    lines: dict[int, list[int]] = {}
    for line, label in enumerate(labels):
        if label >= 0:
            members = lines.get(label)
            if members is None:
                lines[label] = [line]
            else:
                members.append(line)
    # For each label of the other side: the labels of this side its aligned lines carry.
    sources: dict[int, set[int]] = {}
    for label, other_label in zip(labels, other, strict=True):
        if label >= 0 and other_label >= 0:
            sources.setdefault(other_label, set()).add(label)
    other_sizes = Counter(other)  # (-1 counted too: never asked for)
    out: list[ClusterExplanation] = []
    for label, members in lines.items():
        relation_id = relation_ids.get(label, "")
        counterparts = list(dict.fromkeys(other[k] for k in members if other[k] >= 0))
        aligned = sum(1 for k in members if other[k] >= 0)
        pure = len(counterparts) == 1 and sources[counterparts[0]] == {label}
        complete = pure and aligned == len(members) == other_sizes[counterparts[0]]
        indexes = tuple(rows[k] for k in members)
        ids = tuple(mention_ids[i] for i in indexes)
        unaligned = tuple(mention_ids[rows[k]] for k in members if other[k] < 0)
        out.append(ClusterExplanation(side, label, relation_id, ids, indexes, tuple(counterparts), unaligned,
                                      _outcome(side, counterparts, pure, complete)))
    return out


def explain_clusters(coref: CorefDocument, doc: DocumentResult,
                     tables: Tables | None = None) -> tuple[ClusterExplanation, ...]:
    """Every gold cluster, then every system cluster, in CoNLL line order of first appearance
    (with `tables`, made once per document: `evmeval._util.shared_tables`)."""
    return shared(tables, "explain_clusters", coref, doc, "", lambda: _explain(coref, doc))


def _explain(coref: CorefDocument, doc: DocumentResult) -> tuple[ClusterExplanation, ...]:
    return explain_document(coref, ([m.mention_id for m in doc.gold], [m.mention_id for m in doc.system]),
                            ({c.number: c.relation_id for c in coref.side_clusters(0).clusters},
                             {c.number: c.relation_id for c in coref.side_clusters(1).clusters}))


def explain_document(coref: CorefDocument, mention_ids: tuple[Sequence[str], Sequence[str]],
                     relation_ids: tuple[dict[int, str], dict[int, str]]) -> tuple[ClusterExplanation, ...]:
    """Every gold cluster, then every system cluster, from each side's mention ids by row and relation id
    by cluster number: a parsed document's (`explain_clusters`) or the C kernel's run's
    (`evmeval.cli.coref_fastpath`), one rule for both."""
    return tuple(explain_lines("gold", coref.gold_labels, coref.system_labels, coref.gold_rows, mention_ids[0],
                               relation_ids[0])
                 + explain_lines("system", coref.system_labels, coref.gold_labels, coref.system_rows, mention_ids[1],
                                 relation_ids[1]))
