"""Sequencing invariants over random corpora (hypothesis).

- a system equal to the gold scores 100 in every evaluation that has links, under both closures;
- our full closure gives the same results whatever the order of relation lines and documents
  (the published closure does not: see test_sequencing_graph's pseudo-time case);
- a link implied by transitivity within its own link type changes nothing, under both closures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from evmeval.io.tbf import parse_tbf
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode
from evmeval.sequencing.links import EVALUATIONS
from evmeval.sequencing.scoring import SequencingError, SequencingResult, score_sequencing
from hypothesis import event, given, settings
from hypothesis import strategies as st


@dataclass
class Doc:
    doc_id: str
    mentions: int
    clusters: list[list[int]]
    links: list[tuple[str, int, int]]
    ranks: dict[str, list[list[int]]]
    """Per link type, the coreference groups (members) in an order every link of that type follows."""

    def text(self, relation_order: list[int] | None = None) -> str:
        lines = [f"#BeginOfDocument {self.doc_id}"]
        lines += [f"r\t{self.doc_id}\tE{k}\t{10 * k},{10 * k + 4}\tw{k}\tConflict_Attack\tActual"
                  for k in range(self.mentions)]
        relations = [f"@Coreference\tC{n}\t" + ",".join(f"E{k}" for k in members)
                     for n, members in enumerate(self.clusters)]
        relations += [f"@{kind}\tR{n}\tE{a},E{b}" for n, (kind, a, b) in enumerate(self.links)]
        order = relation_order if relation_order is not None else list(range(len(relations)))
        lines += [relations[k] for k in order]
        lines.append("#EndOfDocument")
        return "\n".join(lines) + "\n"

    def relation_count(self) -> int:
        return len(self.clusters) + len(self.links)


@st.composite
def documents(draw: st.DrawFn, doc_id: str) -> Doc:
    """A document whose After and Subevent links are each acyclic over its coreference clusters."""
    n = draw(st.integers(2, 7))
    cluster_of = draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n))
    groups: dict[int, list[int]] = {}
    for k, c in enumerate(cluster_of):
        groups.setdefault(c, []).append(k)
    clusters = [members for members in groups.values() if len(members) > 1]
    links = []
    ranks = {}
    for kind in ("After", "Subevent"):
        rank = draw(st.permutations(sorted(groups)))
        ranks[kind] = [groups[c] for c in rank]
        for a, b in draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=6)):
            if rank.index(cluster_of[a]) < rank.index(cluster_of[b]):
                links.append((kind, a, b))
    return Doc(doc_id, n, clusters, links, ranks)


corpora = st.lists(st.sampled_from(["d1", "d2", "d3"]), min_size=1, max_size=3, unique=True).flatmap(
    lambda ids: st.tuples(*(documents(i) for i in ids)))


def _score(gold_text: str, system_text: str, closures: tuple[str, ...] = ("published", "full")) -> SequencingResult:
    gold, _ = parse_tbf(gold_text, path="gold.tbf", mode=SpanMode.CHAR)
    system, _ = parse_tbf(system_text, path="system.tbf", mode=SpanMode.CHAR)
    result = score_files(gold, system)
    return score_sequencing(result, gold, system, closures=closures)


def _outcome(gold_text: str, system_text: str) -> SequencingResult | str:
    """The result, or v1.8's division by zero (`All` with After and Subevent links between two mentions
    can make 1 + n(n-1)/2 equal the matches), which must then happen on both sides of a comparison."""
    try:
        return _score(gold_text, system_text)
    except SequencingError as exc:
        assert "ZeroDivisionError" in str(exc)
        return "v1.8 divides by zero"


def _figures(result: SequencingResult | str, closure: str) -> dict | str:
    if isinstance(result, str):
        return result
    out = {}
    for name in EVALUATIONS:
        evaluation = result.evaluation(name, closure)
        out[name] = (evaluation.corpus, [(d.doc_id, d.system_links, d.gold_links, d.precision_matched,
                                          d.recall_matched, d.implicit_matched) for d in evaluation.documents])
    return out


@settings(max_examples=60, deadline=None)
@given(corpora)
def test_a_system_equal_to_the_gold_scores_100(docs: tuple[Doc, ...]) -> None:
    text = "".join(d.text() for d in docs)
    result = _outcome(text, text)
    event(f"published figure exists: {not isinstance(result, str)}")
    if isinstance(result, str):
        result = _score(text, text, ("full",))
    for closure in result.evaluations:
        for name in EVALUATIONS:
            corpus = result.evaluation(name, closure).corpus
            if corpus.gold_links:
                assert (corpus.precision, corpus.recall, corpus.f1) == (1.0, 1.0, 1.0)
            else:
                assert corpus.system_links == 0


@settings(max_examples=60, deadline=None)
@given(corpora, corpora, st.randoms(use_true_random=False))
def test_the_full_closure_ignores_link_and_document_order(gold_docs: tuple[Doc, ...], system_docs: tuple[Doc, ...],
                                                          rng: random.Random) -> None:
    def shuffled(docs: tuple[Doc, ...]) -> str:
        order = list(docs)
        rng.shuffle(order)
        return "".join(d.text(rng.sample(range(d.relation_count()), d.relation_count())) for d in order)

    gold = "".join(d.text() for d in gold_docs)
    system = "".join(d.text() for d in system_docs)
    expected = _figures(_score(gold, system, ("full",)), "full")
    event(f"links scored: {any(c.gold_links or c.system_links for c, _ in expected.values())}")
    assert _figures(_score(shuffled(gold_docs), shuffled(system_docs), ("full",)), "full") == expected


def _with_chain(doc: Doc, kind: str, members: tuple[int, int, int, int]) -> tuple[Doc, Doc]:
    """`doc` plus a chain X->Y->Z of `kind` over three groups in its rank order (members drawn by
    `members`), and the same plus the shortcut X->Z, which transitivity implies."""
    groups = doc.ranks[kind]
    if len(groups) < 3:
        return doc, doc
    x, y, z = (groups[k] for k in sorted(random.Random(members[0]).sample(range(len(groups)), 3)))
    pick = [g[m % len(g)] for g, m in zip((x, y, y, z), members, strict=True)]
    chain = Doc(doc.doc_id, doc.mentions, doc.clusters,
                [*doc.links, (kind, pick[0], pick[1]), (kind, pick[2], pick[3])], doc.ranks)
    shortcut = (kind, x[members[1] % len(x)], z[members[2] % len(z)])
    return chain, Doc(chain.doc_id, chain.mentions, chain.clusters, [*chain.links, shortcut], chain.ranks)


@settings(max_examples=60, deadline=None)
@given(corpora, corpora, st.booleans(), st.sampled_from(["After", "Subevent"]),
       st.tuples(*[st.integers(0, 9)] * 4))
def test_a_link_implied_by_closure_changes_nothing(gold_docs: tuple[Doc, ...], system_docs: tuple[Doc, ...],
                                                   on_gold: bool, kind: str,
                                                   members: tuple[int, int, int, int]) -> None:
    pairs = [_with_chain(d, kind, members) for d in (gold_docs if on_gold else system_docs)]
    event(f"implied links added: {any(a is not b for a, b in pairs)}")
    others = "".join(d.text() for d in (system_docs if on_gold else gold_docs))
    for_each = []
    for k in (0, 1):
        changed = "".join(pair[k].text() for pair in pairs)
        for_each.append(_outcome(changed, others) if on_gold else _outcome(others, changed))
    for closure in ("published", "full"):
        assert _figures(for_each[1], closure) == _figures(for_each[0], closure)
