"""Coreference metrics on entity chains, as the CoNLL reference scorer v8.01 computes them.

A document is two lists of chains (key and response); a chain is a list of mention ids (ints; a
mention is the same mention on both sides when its id is). Each metric returns raw counts — recall
numerator/denominator, precision numerator/denominator — because v8.01 sums counts over documents
and only then divides. Chains may repeat an id (a malformed CoNLL file can produce that): every
metric then follows v8.01's list arithmetic, not set arithmetic, so the figures stay identical.

Floating-point sums are accumulated in v8.01's order (chain by chain, mention by mention), so
the truncated two-decimal figures land where the Perl scorer's do.

LEA (Moosavi & Strube 2016) is not in v8.01; it is computed on the same chains, singletons counting
as one self-link, as in the authors' reference implementation.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import combinations
from operator import mul
from typing import NamedTuple

Chains = Sequence[Sequence[int]]

METRICS: tuple[str, ...] = ("muc", "bcub", "ceafm", "ceafe", "blanc", "lea")
"""Every metric we compute; the first five are v8.01's (`scorer.pl all` runs them in this order)."""


def _ratio(numerator: float, denominator: float) -> float:
    """v8.01's rule: a zero denominator gives 0, never NaN."""
    return numerator / denominator if denominator else 0


def _harmonic(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall else 0


class LinkCounts(NamedTuple):
    """Raw counts of one metric: recall = recall_num / recall_den, precision likewise.

    A NamedTuple, not a dataclass: a corpus run builds ~10 per document, and tuple construction is
    several times cheaper than a frozen dataclass' __init__."""

    recall_num: float
    recall_den: float
    precision_num: float
    precision_den: float

    @property
    def recall(self) -> float:
        return _ratio(self.recall_num, self.recall_den)

    @property
    def precision(self) -> float:
        return _ratio(self.precision_num, self.precision_den)

    @property
    def f1(self) -> float:
        return _harmonic(self.precision, self.recall)

    def figures(self) -> tuple[float, float, float]:
        """Recall, precision and F1 in one call (what the breakdown and JSON print)."""
        recall = _ratio(self.recall_num, self.recall_den)
        precision = _ratio(self.precision_num, self.precision_den)
        return recall, precision, _harmonic(precision, recall)

    def __add__(self, other: LinkCounts) -> LinkCounts:  # type: ignore[override]
        return LinkCounts(self.recall_num + other.recall_num, self.recall_den + other.recall_den,
                          self.precision_num + other.precision_num, self.precision_den + other.precision_den)

    def to_json(self) -> dict[str, float]:
        r, p, f = self.figures()
        return {"recall": r, "precision": p, "f1": f,
                "recall_num": self.recall_num, "recall_den": self.recall_den,
                "precision_num": self.precision_num, "precision_den": self.precision_den}


ZERO = LinkCounts(0, 0, 0, 0)


class BlancCounts(NamedTuple):
    """BLANC's two link types; the combined figures follow v8.01's totals and its fallbacks:
    without key coreference links only the non-coreference figures count, and vice versa."""

    coref: LinkCounts
    non_coref: LinkCounts

    def __add__(self, other: BlancCounts) -> BlancCounts:  # type: ignore[override]
        return BlancCounts(self.coref + other.coref, self.non_coref + other.non_coref)

    def figures(self) -> tuple[float, float, float]:
        """Recall, precision and F1 (the mean of the two link types' figures, or v8.01's fallback)."""
        c, n = self.coref, self.non_coref
        rc = c.recall_num / c.recall_den if c.recall_den else -1
        rn = n.recall_num / n.recall_den if n.recall_den else -1
        pc, pn = c.precision, n.precision
        if rc == -1 and rn == -1:
            return 0, 0, 0
        if rc == -1:
            return rn, pn, _harmonic(pn, rn)
        if rn == -1:
            return rc, pc, _harmonic(pc, rc)
        return (rc + rn) / 2, (pc + pn) / 2, (_harmonic(pc, rc) + _harmonic(pn, rn)) / 2

    @property
    def recall(self) -> float:
        return self.figures()[0]

    @property
    def precision(self) -> float:
        return self.figures()[1]

    @property
    def f1(self) -> float:
        return self.figures()[2]

    def to_json(self) -> dict[str, object]:
        r, p, f = self.figures()
        return {"recall": r, "precision": p, "f1": f,
                "coref_links": self.coref.to_json(), "non_coref_links": self.non_coref.to_json()}


ZERO_BLANC = BlancCounts(ZERO, ZERO)


def _last_chain_index(chains: Chains) -> dict[int, int]:
    """Mention id -> index of the last chain holding it (v8.01's `Indexa`)."""
    index: dict[int, int] = {}
    for i, chain in enumerate(chains):
        for m in chain:
            index[m] = i
    return index


def _chains_holding(chains: Chains) -> dict[int, tuple[int, ...]]:
    """Mention id -> every chain holding it (usually one)."""
    holding: dict[int, list[int]] = {}
    for i, chain in enumerate(chains):
        for m in chain:
            found = holding.setdefault(m, [])
            if not found or found[-1] != i:
                found.append(i)
    return {m: tuple(v) for m, v in holding.items()}


def muc(key: Chains, response: Chains) -> LinkCounts:
    """MUC (Vilain et al. 1995): links a chain needs to join its mentions, found vs expected."""
    key_index = _last_chain_index(key)
    correct = 0
    for chain in response:
        found = [key_index[m] for m in chain if m in key_index]
        correct += len(found) - len(set(found))
    key_links = sum(len(c) - 1 for c in key if c)
    response_links = sum(len(c) - 1 for c in response if c)
    return LinkCounts(correct, key_links, correct, response_links)


def b_cubed(key: Chains, response: Chains) -> LinkCounts:
    """B³ (Bagga & Baldwin 1998): per mention, the overlap of its key and response chains."""
    key_index = _last_chain_index(key)
    holding = _chains_holding(key)
    acc_p = 0.0
    acc_r = 0.0
    for chain in response:
        size = len(chain)
        common: Counter[int] = Counter()
        for m in chain:
            common.update(holding.get(m, ()))
        for m in chain:
            k = key_index.get(m)
            if k is None:
                acc_p += 0 / size
                continue
            ci = common[k]
            acc_p += ci / size
            acc_r += ci / len(key[k])
    return LinkCounts(acc_r, sum(len(c) for c in key), acc_p, sum(len(c) for c in response))


def _overlaps(key: Chains, response: Chains) -> dict[tuple[int, int], int]:
    """(key chain, response chain) -> how many of the key chain's mentions the response chain holds."""
    holding = _chains_holding(response)
    counts: dict[tuple[int, int], int] = {}
    for i, chain in enumerate(key):
        for m in chain:
            for j in holding.get(m, ()):
                counts[(i, j)] = counts.get((i, j), 0) + 1
    return counts


def _components(pairs: Iterable[tuple[int, int]]) -> list[tuple[list[int], list[int]]]:
    """Connected groups of key rows and response columns linked by a nonzero similarity."""
    parent: dict[tuple[int, int], tuple[int, int]] = {}

    def find(x: tuple[int, int]) -> tuple[int, int]:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, j in pairs:
        a, b = (0, i), (1, j)
        parent.setdefault(a, a)
        parent.setdefault(b, b)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    groups: dict[tuple[int, int], tuple[list[int], list[int]]] = {}
    for node in parent:
        rows, columns = groups.setdefault(find(node), ([], []))
        (rows if node[0] == 0 else columns).append(node[1])
    return list(groups.values())


def ceaf_alignment(key: Chains, response: Chains, *, entity_based: bool,
                   overlaps: dict[tuple[int, int], int] | None = None) -> dict[int, tuple[int, float]]:
    """The optimal key -> response chain alignment: key chain -> (response chain, similarity), for
    the aligned pairs whose similarity is not zero. Solved per connected component; a key chain
    sharing mentions with one response chain only, which shares with no other, needs no search."""
    if overlaps is None:
        overlaps = _overlaps(key, response)
    return align_entities(overlaps, [len(c) for c in key], [len(c) for c in response], entity_based=entity_based)


Sizes = Sequence[int] | dict[int, int]


def align_entities(overlaps: dict[tuple[int, int], int], key_sizes: Sizes, response_sizes: Sizes, *,
                   entity_based: bool) -> dict[int, tuple[int, float]]:
    """`ceaf_alignment` on the overlaps alone: chains are numbered in v8.01's order (the numbers
    break ties, as the order does in v8.01), `key_sizes[i]` / `response_sizes[j]` give their sizes.
    Kuhn–Munkres runs only on components where a chain has more than one possible partner."""
    aligned: dict[int, tuple[int, float]] = {}
    key_degree = Counter(i for i, _ in overlaps)
    response_degree = Counter(j for _, j in overlaps)
    tangled = {}
    for (i, j), n in overlaps.items():
        if key_degree[i] == 1 and response_degree[j] == 1:
            aligned[i] = (j, 2 * n / (key_sizes[i] + response_sizes[j]) if entity_based else n)
        else:
            tangled[(i, j)] = n
    solved = align_tangled(tangled, key_sizes, response_sizes, ways=(entity_based,))
    aligned.update(solved[1] if entity_based else solved[0])
    return aligned


def align_tangled(overlaps: dict[tuple[int, int], int], key_sizes: Sizes, response_sizes: Sizes,
                  ways: tuple[bool, ...] = (False, True),
                  ) -> tuple[dict[int, tuple[int, float]], dict[int, tuple[int, float]]]:
    """The CEAF-m and the CEAF-e alignment of chains that overlap more than one partner, solved per
    connected component (the components are found once for both); `ways` (entity-based or not) names
    the alignments the assignment is run for (the other's leaves those components out)."""
    max_weight_assignment = _assignment_solver()
    by_common: dict[int, tuple[int, float]] = {}
    by_similarity: dict[int, tuple[int, float]] = {}
    for rows, columns in _components(overlaps):
        if len(rows) == 1 or len(columns) == 1:
            # A star: one chain and its partners. The best pair, ties to the first chains (v8.01's order).
            best_common: tuple[float, int, int] = (-1, 0, 0)  # every real pair beats it: common >= 1
            best_similarity: tuple[float, int, int] = (-1.0, 0, 0)
            for i in rows:
                for j in columns:
                    common = overlaps[(i, j)]  # a star's pairs all overlap
                    by_c = (common, -i, -j)
                    by_s = (2 * common / (key_sizes[i] + response_sizes[j]), -i, -j)
                    if by_c > best_common:
                        best_common = by_c
                    if by_s > best_similarity:
                        best_similarity = by_s
            by_common[-best_common[1]] = (-best_common[2], best_common[0])
            by_similarity[-best_similarity[1]] = (-best_similarity[2], best_similarity[0])
            continue
        rows.sort()
        columns.sort()
        for entity_based, aligned in ((False, by_common), (True, by_similarity)):
            if entity_based not in ways:
                continue
            weights = [[_similarity(overlaps, i, j, key_sizes, response_sizes, entity_based) for j in columns]
                       for i in rows]
            for r, c in enumerate(max_weight_assignment(weights)):
                if c >= 0 and weights[r][c] > 0:
                    aligned[rows[r]] = (columns[c], weights[r][c])
    return by_common, by_similarity


def _assignment_solver() -> Callable[[list[list[float]]], list[int]]:
    """Kuhn–Munkres from the coreference C kernel when it is built (the same steps on the same doubles,
    so the same columns; a 800-chain component in a second rather than a minute), else the Python one."""
    from evmeval.align.hungarian import max_weight_assignment
    from evmeval.coref.kernel import KERNEL  # imports this module: asked for at the call

    if KERNEL is None:
        return max_weight_assignment
    solve: Callable[[list[list[float]]], list[int] | None] = KERNEL.max_weight_assignment

    def kernel_first(weights: list[list[float]]) -> list[int]:
        found = solve(weights)
        return found if found is not None else max_weight_assignment(weights)

    return kernel_first


def _similarity(overlaps: dict[tuple[int, int], int], i: int, j: int, key_sizes: Sizes, response_sizes: Sizes,
                entity_based: bool) -> float:
    common = overlaps.get((i, j), 0)
    if not entity_based:
        return common
    return 2 * common / (key_sizes[i] + response_sizes[j])


def ceaf(key: Chains, response: Chains, *, entity_based: bool) -> LinkCounts:
    """CEAF (Luo 2005): similarity of the best one-to-one entity alignment; mention-based (CEAF-m)
    counts common mentions, entity-based (CEAF-e) scores each pair 2|K∩R| / (|K|+|R|)."""
    return _ceaf(key, response, None, entity_based=entity_based)


def _ceaf(key: Chains, response: Chains, overlaps: dict[tuple[int, int], int] | None, *,
          entity_based: bool) -> LinkCounts:
    aligned = ceaf_alignment(key, response, entity_based=entity_based, overlaps=overlaps)
    total = 0.0 if entity_based else 0
    for i in range(len(key)):
        pair = aligned.get(i)
        total += 1 - (1 - pair[1]) if pair else 0  # v8.01 minimises 1 - similarity and adds 1 - that back
    if entity_based:
        return LinkCounts(total, sum(map(bool, key)), total, sum(map(bool, response)))
    return LinkCounts(total, sum(map(len, key)), total, sum(map(len, response)))


def ceaf_m(key: Chains, response: Chains) -> LinkCounts:
    return ceaf(key, response, entity_based=False)


def ceaf_e(key: Chains, response: Chains) -> LinkCounts:
    return ceaf(key, response, entity_based=True)


def _pairs(n: int) -> int:
    return n * (n - 1) // 2


def _pairs_in(sizes: Iterable[int]) -> int:
    """The sum of `_pairs` over `sizes`, at C speed (each n(n-1) is even, so the halved sum is exact)."""
    sizes = list(sizes)
    return (sum(map(mul, sizes, sizes)) - sum(sizes)) // 2


def _has_repeats(chains: Chains) -> bool:
    return len(set().union(*chains)) != sum(map(len, chains))


def _link_sets(chains: Chains) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Coreference links (pairs within a chain) and non-coreference links (pairs across chains),
    literally as v8.01 builds them; used when a chain repeats an id."""
    coref = {(min(a, b), max(a, b)) for chain in chains for a, b in combinations(chain, 2)}
    non_coref = {(min(a, b), max(a, b)) for c1, c2 in combinations(chains, 2) for a in c1 for b in c2}
    return coref, non_coref


def blanc(key: Chains, response: Chains) -> BlancCounts:
    """BLANC (Recasens & Hovy 2011, generalised by Luo et al. 2014): precision and recall of the
    coreference links and of the non-coreference links between mentions."""
    fast = _Partition.of(key, response)
    if fast is not None:
        return fast.blanc()
    kc, kn = _link_sets(key)
    rc, rn = _link_sets(response)
    ic, i_n = len(kc & rc), len(kn & rn)
    return BlancCounts(LinkCounts(ic, len(kc), ic, len(rc)), LinkCounts(i_n, len(kn), i_n, len(rn)))


def _lea_side(chains: Chains, other: Chains) -> tuple[float, int]:
    other_index = _last_chain_index(other)
    numerator = 0.0
    denominator = 0
    for chain in chains:
        members = list(dict.fromkeys(chain))
        size = len(members)
        if size == 0:
            continue
        if size == 1:
            j = other_index.get(members[0])
            common: float = 1 if j is not None and len(set(other[j])) == 1 else 0
            all_links = 1
        else:
            groups = Counter(other_index[m] for m in members if m in other_index)
            common = sum(_pairs(n) for n in groups.values())
            all_links = _pairs(size)
        numerator += size * common / all_links
        denominator += size
    return numerator, denominator


def lea(key: Chains, response: Chains) -> LinkCounts:
    """LEA (Moosavi & Strube 2016): each entity weighted by its size, resolved by the fraction of
    its links the other side also has; a singleton's one self-link is found when it is a singleton
    on the other side too."""
    recall_num, recall_den = _lea_side(key, response)
    precision_num, precision_den = _lea_side(response, key)
    return LinkCounts(recall_num, recall_den, precision_num, precision_den)


class _Partition:
    """Shared indexes of a document whose chains repeat no id on either side (always the case for
    v1.8's lines): built once, then every metric is a few passes over the chain overlaps."""

    __slots__ = ("by_key", "key", "key_index", "overlaps", "response", "response_index")

    def __init__(self, key: Chains, response: Chains) -> None:
        self.key, self.response = key, response
        self.key_index = {m: i for i, chain in enumerate(key) for m in chain}
        self.response_index = {m: j for j, chain in enumerate(response) for m in chain}
        overlaps: dict[tuple[int, int], int] = {}
        key_index = self.key_index
        for j, chain in enumerate(response):
            for m in chain:
                i = key_index.get(m)
                if i is not None:
                    overlaps[(i, j)] = overlaps.get((i, j), 0) + 1
        self.overlaps = overlaps
        by_key: dict[int, list[int]] = {}
        for (i, _), n in overlaps.items():
            by_key.setdefault(i, []).append(n)
        self.by_key = by_key

    @classmethod
    def of(cls, key: Chains, response: Chains) -> _Partition | None:
        """The indexes, or None when a side repeats an id (the literal v8.01 arithmetic then applies)."""
        if _has_repeats(key) or _has_repeats(response):
            return None
        return cls(key, response)

    def muc(self) -> LinkCounts:
        correct = sum(self.overlaps.values()) - len(self.overlaps)
        key_links = sum(map(len, self.key)) - sum(map(bool, self.key))  # each non-empty chain's size - 1
        response_links = sum(map(len, self.response)) - sum(map(bool, self.response))
        return LinkCounts(correct, key_links, correct, response_links)

    def b_cubed(self) -> LinkCounts:
        key, key_index, overlaps = self.key, self.key_index, self.overlaps
        acc_p = 0.0
        acc_r = 0.0
        for j, chain in enumerate(self.response):
            size = len(chain)
            for m in chain:  # one addition per mention, in v8.01's order
                i = key_index.get(m)
                if i is None:
                    acc_p += 0 / size
                    continue
                ci = overlaps[(i, j)]
                acc_p += ci / size
                acc_r += ci / len(key[i])
        return LinkCounts(acc_r, sum(map(len, key)), acc_p, sum(map(len, self.response)))

    def blanc(self) -> BlancCounts:
        key_coref = _pairs_in(map(len, self.key))
        response_coref = _pairs_in(map(len, self.response))
        both_coref = _pairs_in(self.overlaps.values())
        key_non = _pairs(sum(map(len, self.key))) - key_coref
        response_non = _pairs(sum(map(len, self.response))) - response_coref
        per_key: Counter[int] = Counter()
        per_response: Counter[int] = Counter()
        for (i, j), n in self.overlaps.items():
            per_key[i] += n
            per_response[j] += n
        common = sum(per_key.values())
        both_non = _pairs(common) - _pairs_in(per_key.values()) - _pairs_in(per_response.values()) + both_coref
        return BlancCounts(LinkCounts(both_coref, key_coref, both_coref, response_coref),
                           LinkCounts(both_non, key_non, both_non, response_non))

    def lea(self) -> LinkCounts:
        by_response: dict[int, list[int]] = {}
        for (_, j), n in self.overlaps.items():
            by_response.setdefault(j, []).append(n)
        recall = _lea_fast(self.key, self.response, self.response_index, self.by_key)
        precision = _lea_fast(self.response, self.key, self.key_index, by_response)
        return LinkCounts(recall[0], recall[1], precision[0], precision[1])


def _lea_fast(chains: Chains, other: Chains, other_index: dict[int, int],
              overlaps: dict[int, list[int]]) -> tuple[float, int]:
    numerator = 0.0
    denominator = 0
    for i, chain in enumerate(chains):
        size = len(chain)
        if size == 1:
            j = other_index.get(chain[0])
            numerator += 1 if j is not None and len(other[j]) == 1 else 0
        elif size:
            numerator += size * sum(_pairs(n) for n in overlaps.get(i, ())) / _pairs(size)
        denominator += size
    return numerator, denominator


class CorefCounts(NamedTuple):
    """Every metric's raw counts for one document (or summed over a corpus), plus the mention
    identification counts v8.01 prints (exact matches / key mentions / response mentions)."""

    muc: LinkCounts
    bcub: LinkCounts
    ceafm: LinkCounts
    ceafe: LinkCounts
    blanc: BlancCounts
    lea: LinkCounts
    identification: LinkCounts

    def __add__(self, other: CorefCounts) -> CorefCounts:  # type: ignore[override]
        return CorefCounts(self.muc + other.muc, self.bcub + other.bcub, self.ceafm + other.ceafm,
                           self.ceafe + other.ceafe, self.blanc + other.blanc, self.lea + other.lea,
                           self.identification + other.identification)

    def metric(self, name: str) -> LinkCounts | BlancCounts:
        return getattr(self, name)  # type: ignore[no-any-return]

    @property
    def conll_f1(self) -> float:
        """The usual CoNLL score: mean F1 of MUC, B³ and CEAF-e (a fraction)."""
        return (self.muc.f1 + self.bcub.f1 + self.ceafe.f1) / 3


ZERO_COUNTS = CorefCounts(ZERO, ZERO, ZERO, ZERO, ZERO_BLANC, ZERO, ZERO)


def identification(key: Chains, response: Chains) -> LinkCounts:
    """Mention identification: response mentions that are key mentions, over key and response."""
    key_ids = {m for c in key for m in c}
    response_ids = {m for c in response for m in c}
    exact = len(key_ids & response_ids)
    return LinkCounts(exact, len(key_ids), exact, len(response_ids))


def conll_and_blanc(key: Chains, response: Chains) -> tuple[LinkCounts, LinkCounts, LinkCounts, BlancCounts]:
    """MUC, B³, CEAF-e and BLANC of one document, the indexes built once (as `score_chains` builds them)
    when no side repeats an id: what a scorer of those four alone needs, 100k chains in seconds."""
    fast = _Partition.of(key, response)
    if fast is None:
        return muc(key, response), b_cubed(key, response), ceaf_e(key, response), blanc(key, response)
    return fast.muc(), fast.b_cubed(), _ceaf(key, response, fast.overlaps, entity_based=True), fast.blanc()


def score_chains(key: Chains, response: Chains, ident: LinkCounts | None = None,
                 metrics: Collection[str] = METRICS) -> CorefCounts:
    """The metrics named in `metrics` (all by default) for one document; the others count zero, so a
    caller wanting one metric of a long document does not wait for CEAF's assignment."""
    fast = _Partition.of(key, response)
    computed: dict[str, Callable[[], LinkCounts | BlancCounts]]
    if fast is not None:
        computed = {"muc": fast.muc, "bcub": fast.b_cubed, "blanc": fast.blanc, "lea": fast.lea,
                    "ceafm": lambda: _ceaf(key, response, fast.overlaps, entity_based=False),
                    "ceafe": lambda: _ceaf(key, response, fast.overlaps, entity_based=True)}
    else:
        computed = {"muc": lambda: muc(key, response), "bcub": lambda: b_cubed(key, response),
                    "ceafm": lambda: ceaf_m(key, response), "ceafe": lambda: ceaf_e(key, response),
                    "blanc": lambda: blanc(key, response), "lea": lambda: lea(key, response)}
    zero: dict[str, LinkCounts | BlancCounts] = {"blanc": ZERO_BLANC}
    values = {name: computed[name]() if name in metrics else zero.get(name, ZERO) for name in METRICS}
    return CorefCounts(**values,  # type: ignore[arg-type]
                       identification=ident if ident is not None else identification(key, response))


def sum_counts(counts: Iterable[CorefCounts]) -> CorefCounts:
    """Corpus counts: every numerator and denominator summed over documents, in the given order.

    Column by column, each sum starting from 0 and adding documents in order: exactly the values
    `ZERO_COUNTS + c1 + c2 + ...` gives, without building a CorefCounts per step."""
    rows = [flat_counts(c) for c in counts]
    sums = []
    for column in zip(*rows, strict=True) if rows else ():
        total: float = 0
        for value in column:
            total += value
        sums.append(total)
    if not rows:
        return ZERO_COUNTS
    parts = [LinkCounts(*sums[k:k + 4]) for k in range(0, len(sums), 4)]
    return CorefCounts(parts[0], parts[1], parts[2], parts[3], BlancCounts(parts[4], parts[5]), parts[6], parts[7])


def flat_counts(c: CorefCounts) -> tuple[float, ...]:
    """The 32 numbers of `c`: muc, bcub, ceafm, ceafe, BLANC's two link types, lea, identification."""
    return (*c.muc, *c.bcub, *c.ceafm, *c.ceafe, *c.blanc.coref, *c.blanc.non_coref, *c.lea, *c.identification)


def truncated_percent(fraction: float) -> float:
    """v8.01's printed percentage: int(x * 10000) / 100 (truncated, not rounded)."""
    return math.trunc(fraction * 10000) / 100


def perl_number(value: float) -> str:
    """A number as Perl prints it (15 significant digits, no trailing zeros)."""
    return f"{value:.15g}"
