"""The sequencing links of one document, as the published scorer v1.8 hands them to its TimeML scorer.

Per side (gold, system), independently:

1. coreference sets from the side's own `@Coreference` lines (each line one set, in line order; every
   mention in no line a set of its own);
2. each `@After` / `@Subevent` link lifted to a link between sets (a link inside one set is dropped);
3. links implied by transitivity removed at set level, per link type (a link A->B goes when some set
   M, not A or B, has A->...->M->...->B: redundant links go, a 2-cycle stays, cycles of 3 or more and
   links touching them vanish);
4. every surviving set link expanded to all mention pairs, collected in a Python 2 `set` whose
   iteration order is the order of the TimeML links (modelled in `evmeval.sequencing.py2order`);
5. mentions renamed to shared node ids: gold mention i is `te<i>`, a system mention aligned to it is
   also `te<i>`, unaligned system mentions get `te<G>`, `te<G+1>`, ... in line order.

Mention alignment is the greedy mapping of one attribute combination (default `mention_type`), with
any overlap accepted: the coreference threshold is not applied here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from evmeval.align import Mapping
from evmeval.io.errors import FormatError
from evmeval.model import Relation, TbfFile
from evmeval.sequencing import timegraph_kernel
from evmeval.sequencing.py2order import tuple_set_order

LINK_KINDS: tuple[str, ...] = ("Subevent", "After")
"""Link types in the published order (`Config.script_types`): the `All` evaluation concatenates them so."""
EVALUATIONS: tuple[str, ...] = ("Subevent", "After", "All")
"""The three published evaluations, in report order."""
TIMEML_RELATION = {"After": "BEFORE", "Subevent": "INCLUDES"}
"""After A->B means A ends before B starts; Subevent A->B means A's interval includes B's."""
COREFERENCE = "Coreference"


def relation_kinds_in(files: Iterable[TbfFile]) -> set[str]:
    """Every relation kind the files use (`@Coreference`, the link types, any other): one pass over their
    relations, which the window makes once per file while loading."""
    return {k for f in files for d in f.documents.values() for k in d.relation_kinds()}


def uses_relation_kind(files: Iterable[TbfFile], kind: str) -> bool:
    """Whether any document of the files has a relation of `kind` (stops at the first one)."""
    return any(kind in d.relation_kinds() for f in files for d in f.documents.values())


def link_types_of(kinds: Iterable[str]) -> set[str]:
    """The sequencing link types among relation `kinds`."""
    return {k for k in kinds if k in LINK_KINDS}


def link_types_in(files: Iterable[TbfFile]) -> set[str]:
    """The sequencing link types the files use (empty: nothing to score)."""
    return link_types_of(relation_kinds_in(files))


class Tlink(NamedTuple):
    """One TimeML link between two nodes, with the mentions and the tbf line it comes from."""

    source: str
    target: str
    relation: str
    kind: str
    source_mention: str
    target_mention: str
    line: int


class TwoWay(NamedTuple):
    """`source`->`target` and `target`->`source` in one link type, from the tbf lines given."""

    kind: str
    source: str
    target: str
    line: int
    reverse_line: int


@dataclass(frozen=True)
class SideLinks:
    """One side's links per link type, in the published order, and the node each mention became."""

    path: str
    links: dict[str, tuple[Tlink, ...]]
    node_of: dict[str, str]
    warnings: tuple[str, ...] = ()
    two_way: tuple[TwoWay, ...] = ()
    """Mention pairs linked both ways within one link type: the cycles v1.8 rejects unless -nv."""

    def tlinks(self, evaluation: str) -> tuple[Tlink, ...]:
        """The links one evaluation reads: one type, or `All` = Subevent links then After links."""
        if evaluation == "All":
            return tuple(link for kind in LINK_KINDS for link in self.links.get(kind, ()))
        return self.links.get(evaluation, ())


@dataclass(frozen=True)
class DocumentLinks:
    """Both sides' links of one gold document."""

    doc_id: str
    gold: SideLinks
    system: SideLinks
    node_labels: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    """node id -> (gold mention id, system mention id); None where that side has no mention there."""


def system_of_gold(mapping: Mapping) -> dict[int, int]:
    """The mapping's pairs as gold mention row -> system mention row (what `node_ids` takes)."""
    return {p.gold: p.system for p in mapping.pairs}


def node_ids(gold: Sequence[str], system: Sequence[str], partner: dict[int, int]) -> tuple[
        dict[str, str], dict[str, str], dict[str, tuple[str | None, str | None]]]:
    """Node of each gold and system mention id (`gold`, `system`: the ids in line order; `partner`: gold
    row -> aligned system row). A repeated id keeps its last node, as published."""
    gold_node: dict[str, str] = {}
    system_node: dict[str, str] = {}
    labels: dict[str, tuple[str | None, str | None]] = {}
    for g_index, mention_id in enumerate(gold):
        node = f"te{g_index}"
        gold_node[mention_id] = node
        s_index = partner.get(g_index)
        system_id = system[s_index] if s_index is not None else None
        if system_id is not None:
            system_node[system_id] = node
        labels[node] = (mention_id, system_id)
    mapped = set(partner.values())
    next_node = len(gold)
    for s_index, system_id in enumerate(system):
        if s_index in mapped:
            continue
        node = f"te{next_node}"
        next_node += 1
        system_node[system_id] = node
        labels[node] = (None, system_id)
    return gold_node, system_node, labels


def keep_listed(relations: Iterable[Relation], kept_ids: set[str]) -> list[Relation]:
    """`-wl`: ids of dropped mentions leave every relation; relations left with < 2 ids go."""
    out = []
    for r in relations:
        ids = tuple(i for i in r.mention_ids if i in kept_ids)
        if len(ids) > 1:
            out.append(r._replace(mention_ids=ids))
    return out


def _clusters(relations: Sequence[Relation], mention_ids: Sequence[str]) -> tuple[list[list[str]], dict[str, int]]:
    """Coreference sets (members per set) and the set of each id: line sets first, then singletons."""
    members: list[list[str]] = []
    set_of: dict[str, int] = {}
    for r in relations:
        if r.kind != COREFERENCE:
            continue
        for member in r.mention_ids:
            set_of[member] = len(members)
        members.append(list(r.mention_ids))
    in_lines = set(set_of)
    for mention_id in mention_ids:
        if mention_id not in in_lines:
            set_of[mention_id] = len(members)
            members.append([mention_id])
    return members, set_of


def reduce_set_links(links: list[tuple[int, int, Relation]]) -> list[tuple[int, int, Relation]]:
    """Drop each link A->B for which some M not in {A, B} has A->...->M and M->...->B (paths >= 1): in C
    when the sequencing kernel is built (`evmeval.sequencing.timegraph_kernel`), else `plain_reduce_set_links`."""
    kernel = timegraph_kernel.KERNEL
    if kernel is not None:
        kept: list[tuple[int, int, Relation]] | None = kernel.reduce_set_links(links)
        if kept is not None:  # else a document of more than 8,192 sets: the Python path
            return kept
    return plain_reduce_set_links(links)


def plain_reduce_set_links(links: Sequence[tuple[int, int, Relation]]) -> list[tuple[int, int, Relation]]:
    """`reduce_set_links` in Python: each node's reach, then each link's test."""
    successors: dict[int, set[int]] = {}
    for a, b, _ in links:
        successors.setdefault(a, set()).add(b)
        successors.setdefault(b, set())
    reach = {node: _reachable(node, successors) for node in successors}
    kept = []
    for a, b, relation in links:
        if not any(m != a and m != b and b in reach[m] for m in reach[a]):
            kept.append((a, b, relation))
    return kept


def _reachable(start: int, successors: dict[int, set[int]]) -> set[int]:
    """Nodes reached from `start` by a path of length >= 1."""
    seen: set[int] = set()
    stack = list(successors[start])
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            stack.extend(successors[node])
    return seen


def side_links(path: str, mention_ids: Sequence[str], relations: Sequence[Relation],
               node_of: dict[str, str]) -> SideLinks:
    """One side's TimeML links per link type (`mention_ids`: the side's mentions in line order). Raises
    `FormatError` for an @After/@Subevent line naming more than two mentions (the published scorer
    crashes there)."""
    members, set_of = _clusters(relations, mention_ids)
    warnings: list[str] = []
    per_kind: dict[str, tuple[Tlink, ...]] = {}
    two_way: list[TwoWay] = []
    for kind in LINK_KINDS:
        set_links = []
        for r in relations:
            if r.kind != kind:
                continue
            if len(r.mention_ids) != 2:
                raise FormatError(path, r.line, f"@{kind} relation {r.relation_id!r} names "
                                  f"{len(r.mention_ids)} mentions", "exactly two mention ids: source,target")
            a, b = r.mention_ids
            a_set, b_set = set_of.get(a), set_of.get(b)  # one look-up each: 1.2M links on MAVEN-ERE's size
            if a_set is None or b_set is None:
                warnings.append(f"{path}:{r.line}: @{kind} argument {(a if a_set is None else b)!r} is neither a "
                                "mention nor a coreference member; link ignored")
            elif a_set == b_set:
                warnings.append(f"{path}:{r.line}: @{kind} link between {a!r} and {b!r} lies inside one "
                                "coreference cluster; ignored")
            else:
                set_links.append((a_set, b_set, r))
        ordered, line_of = _expand(reduce_set_links(set_links), members, kind)
        two_way.extend(_two_way(ordered, line_of))
        tlinks = []
        relation = TIMEML_RELATION[kind]
        for key in ordered:
            source, target, _ = key
            source_node, target_node = node_of.get(source), node_of.get(target)
            if source_node is None or target_node is None:
                missing = source if source_node is None else target
                warnings.append(f"{path}:{line_of[key]}: @{kind} link {source}->{target}: "
                                f"{missing!r} is a coreference member but not a mention; link ignored")
                continue
            tlinks.append(Tlink(source_node, target_node, relation, kind, source, target, line_of[key]))
        if any(r.kind == kind for r in relations):
            per_kind[kind] = tuple(tlinks)
    return SideLinks(path, per_kind, node_of, tuple(dict.fromkeys(warnings)), tuple(two_way))


def _expand(set_links: Sequence[tuple[int, int, Relation]], members: list[list[str]],
            kind: str) -> tuple[list[tuple[str, str, str]], dict[tuple[str, str, str], int]]:
    """Mention pairs of the set links, in Python 2 set order, and the tbf line each comes from."""
    pairs: list[tuple[str, str, str]] = []
    line_of: dict[tuple[str, str, str], int] = {}
    for a_set, b_set, r in set_links:
        for source in members[a_set]:
            for target in members[b_set]:
                key = (source, target, kind)
                pairs.append(key)
                line_of.setdefault(key, r.line)
    return tuple_set_order(pairs), line_of


def _two_way(ordered: Sequence[tuple[str, str, str]], line_of: dict[tuple[str, str, str], int]) -> list[TwoWay]:
    """Pairs present in both directions (checked before unknown members are dropped, as published)."""
    present = set(ordered)
    return [TwoWay(kind, a, b, line_of[(a, b, kind)], line_of[(b, a, kind)])
            for a, b, kind in ordered if a != b and (b, a, kind) in present and (a, b) < (b, a)]
