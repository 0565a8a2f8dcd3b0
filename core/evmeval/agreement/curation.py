"""Curation: one adjudicated annotation from the work of 2..N annotators, and every disagreement.

Items. Per document, the annotators' mentions are grouped as `evmeval.agreement.scoring` groups them for
Fleiss' kappa: connected components of the pairwise (symmetric, span-only) mappings. An item is a
disagreement when its annotators do not all have one identical mention there (span, type, realis:
`span` also covers an annotator who marked nothing), or when their mentions' coreference partners
(as items) differ. Attribute values are compared with the symmetric rule of `evmeval.rules`.

Policies. Two mentions are "the same" when span (token or character set), type and realis
(canonical) are equal. `majority` keeps a mention when more than half of the annotators have it;
`union` when any has it; `intersection` when all have it; `base:N` takes annotator N's annotation as
is. Coreference and `@After` / `@Subevent` links between kept mentions follow the same count (a link
counts for an annotator who has both mentions and links them); clusters are closed transitively.
So intersection ⊆ majority ⊆ union, and identical annotators give their own annotation back.

Decisions (`accept`, `reject`, `keep`, `apply_edit`) return a new `Curation`: the window's undo
keeps the old one. `annotator_agreement` measures each annotator against the curated set.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable, Collection, Container, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from evmeval._util.arguments import PathArgument, path_argument
from evmeval._util.progress import CancelCheck, stop_if_cancelled
from evmeval.agreement.scoring import (
    Cluster,
    PairAgreement,
    agree_document,
    mention_clusters,
    names_of_sets,
    pair_from_documents,
    pairwise,
)
from evmeval.align.overlap import Units, mention_units
from evmeval.editing.operations import DocumentEdit, fresh_ids, rewrite_relations, used_ids
from evmeval.editing.saving import SavedFile, save_tbf
from evmeval.editing.spans import EditError
from evmeval.io.brat import ANN_EXTENSION, TEXT_EXTENSION, format_ann
from evmeval.io.convert import coreference_clusters, document_to_brat
from evmeval.io.doc_files import doc_file_name
from evmeval.io.errors import FormatError
from evmeval.io.writing import InputFolders, check_output_paths, make_output_folders, write_atomic
from evmeval.model import Document, Mention, Relation, SpanMode, TbfFile, TokenTable
from evmeval.rules import AttributeRule, values_agree

CURATED_RUN_ID = "curated"
COREFERENCE = "Coreference"
KINDS = ("span", "type", "realis", "coreference")

TableLookup = Callable[[str], "TokenTable | None"]
TextLookup = Callable[[str], "str | None"]
MentionKey = tuple[Units, str, str]
"""Span units, canonical type, canonical realis: what "the same mention" means here."""


def mention_key(mention: Mention) -> MentionKey:
    return (mention_units(mention, distinct=True)[0], mention.mention_type, mention.realis)


class Policy(str, Enum):
    MAJORITY = "majority"
    UNION = "union"
    INTERSECTION = "intersection"
    BASE = "base"


@dataclass(frozen=True)
class CurationPolicy:
    """How the automatic curated set is made; `base` is the 0-based annotator of `Policy.BASE`."""

    kind: Policy
    base: int | None = None

    @classmethod
    def parse(cls, text: str) -> CurationPolicy:
        """`majority`, `union`, `intersection` or `base:N` (N counted from 1, as reports number sets)."""
        name, _, number = text.partition(":")
        if name == Policy.BASE.value:
            if not number.isdigit() or int(number) < 1:
                raise ValueError(f"base needs an annotator number from 1, as in base:1 (not {text!r})")
            return cls(Policy.BASE, int(number) - 1)
        if number or name not in {p.value for p in Policy}:
            raise ValueError(f"curation policy must be majority, union, intersection or base:N, not {text!r}")
        return cls(Policy(name))

    def keeps(self, count: int, total: int) -> bool:
        """Whether a mention (or link) that `count` of `total` annotators have is kept."""
        if self.kind is Policy.MAJORITY:
            return 2 * count > total
        if self.kind is Policy.UNION:
            return count >= 1
        return count == total

    def __str__(self) -> str:
        return f"base:{(self.base or 0) + 1}" if self.kind is Policy.BASE else self.kind.value


@dataclass(frozen=True)
class Version:
    """One annotator's take on an item: their mentions there (none: they marked nothing) and the other
    items of the document those mentions are coreferent with."""

    annotator: int
    mentions: tuple[Mention, ...]
    coreference: frozenset[int]


@dataclass(frozen=True)
class Disagreement:
    """An item the annotators do not agree on; `kinds` from `KINDS`, `versions` one per annotator."""

    doc_id: str
    item: int
    kinds: tuple[str, ...]
    versions: tuple[Version, ...]

    @property
    def key(self) -> tuple[str, int]:
        return (self.doc_id, self.item)


@dataclass(frozen=True)
class Curation:
    """The annotators' files, the items and disagreements, and the curated set with its decisions.

    `origin[doc_id][mention_id]` is the item a curated mention stands for (per document: a decision
    copies one document's entries, not the corpus's); `decisions[(doc_id,
    item)]` says what the curator chose ("annotator 2", "rejected", "kept", "edited").
    """

    names: tuple[str, ...]
    files: tuple[TbfFile, ...]
    policy: CurationPolicy
    items: dict[str, tuple[Cluster, ...]]
    disagreements: tuple[Disagreement, ...]
    curated: TbfFile
    origin: dict[str, dict[str, int]]
    decisions: dict[tuple[str, int], str]

    @property
    def mode(self) -> SpanMode:
        return self.files[0].mode

    def document(self, doc_id: str) -> Document:
        return self.curated.documents.get(doc_id) or Document(doc_id, ())

    def version(self, annotator: int, doc_id: str, item: int) -> tuple[Mention, ...]:
        """Annotator's mentions in one item."""
        doc = self.files[annotator].documents.get(doc_id)
        return tuple(doc.mentions[i] for k, i in self.items[doc_id][item].members if k == annotator) if doc else ()

    def open_disagreements(self) -> list[Disagreement]:
        return [d for d in self.disagreements if d.key not in self.decisions]


# --- items and disagreements ------------------------------------------------------------------------------


def _coreferent(doc: Document | None) -> dict[int, set[int]]:
    """Mention index -> indexes of the other mentions in its coreference clusters."""
    if doc is None:
        return {}
    positions: dict[str, list[int]] = defaultdict(list)
    for i, m in enumerate(doc.mentions):
        positions[m.mention_id].append(i)
    out: dict[int, set[int]] = defaultdict(set)
    for r in doc.relations:
        if r.kind != COREFERENCE:
            continue
        members = [i for mid in r.mention_ids for i in positions.get(mid, ())]
        for i in members:
            out[i].update(j for j in members if j != i)
    return out


def _versions(files: Sequence[TbfFile], doc_id: str, items: tuple[Cluster, ...]) -> list[tuple[Version, ...]]:
    item_of = {member: n for n, c in enumerate(items) for member in c.members}
    per_item: list[list[Version]] = [[] for _ in items]
    for k, f in enumerate(files):
        doc = f.documents.get(doc_id)
        partners = _coreferent(doc)
        for n, cluster in enumerate(items):
            own = [i for a, i in cluster.members if a == k]
            linked = frozenset(item_of[(k, j)] for i in own for j in partners.get(i, ())) - {n}
            per_item[n].append(Version(k, tuple(doc.mentions[i] for i in own) if doc else (), linked))
    return [tuple(v) for v in per_item]


def _attribute_differs(mentions: list[Mention], attribute: str) -> bool:
    values = [m.mention_type if attribute == "type" else m.realis for m in mentions]
    return any(not values_agree(AttributeRule.SYMMETRIC, a, b) for a in values for b in values)


def disagreement_kinds(versions: Sequence[Version]) -> tuple[str, ...]:
    """Which of `KINDS` the annotators' versions of one item differ on."""
    mentions = [m for v in versions for m in v.mentions]
    kinds = []
    if any(len(v.mentions) != 1 for v in versions) or len({mention_units(m, distinct=True)[0] for m in mentions}) > 1:
        kinds.append("span")
    if _attribute_differs(mentions, "type"):
        kinds.append("type")
    if _attribute_differs(mentions, "realis"):
        kinds.append("realis")
    if len({v.coreference for v in versions if v.mentions}) > 1:
        kinds.append("coreference")
    return tuple(kinds)


def differs_in(disagreement: Disagreement) -> str:
    """What an item's versions differ in, in a curator's words: an item only some annotators marked is
    "marked by 2 of 3" (its span may agree among those who marked it), not a span difference."""
    versions = disagreement.versions
    marked = [v for v in versions if v.mentions]
    kinds = list(disagreement.kinds)
    if len(marked) < len(versions) and "span" in kinds:
        kinds.remove("span")
        if len(marked) > 1 and "span" in disagreement_kinds(marked):
            kinds.insert(0, "span")
        kinds.insert(0, f"marked by {len(marked)} of {len(versions)}")
    return ", ".join(kinds)


def find_items(files: Sequence[TbfFile], pairs: dict[tuple[int, int], PairAgreement] | None = None, *,
               cancelled: CancelCheck | None = None) -> tuple[dict[str, tuple[Cluster, ...]], tuple[Disagreement, ...]]:
    """Items per document (the agreement module's clusters) and the disagreements among them;
    `pairs` may pass the pairwise agreements already computed (`IaaResult.pairs`); `cancelled` is checked
    between documents (`Cancelled`)."""
    n = len(files)
    if pairs is None:
        pairs = {(i, j): pairwise(files[i], files[j]) for i in range(n) for j in range(i + 1, n)}
    items: dict[str, list[Cluster]] = defaultdict(list)
    for cluster in mention_clusters(files, pairs):
        items[cluster.doc_id].append(cluster)
    frozen = {d: tuple(c) for d, c in items.items()}
    disagreements = []
    for doc_id, clusters in frozen.items():
        stop_if_cancelled(cancelled)
        for number, versions in enumerate(_versions(files, doc_id, clusters)):
            kinds = disagreement_kinds(versions)
            if kinds:
                disagreements.append(Disagreement(doc_id, number, kinds, versions))
    return frozen, tuple(disagreements)


# --- the automatic curated set ----------------------------------------------------------------------------


def _link_counts(files: Sequence[TbfFile], doc_id: str, keys: set[MentionKey]) -> dict[tuple, set[int]]:
    """`(kind, key a, key b)` -> annotators linking the two mentions (coreference: either order)."""
    links: dict[tuple, set[int]] = defaultdict(set)
    for k, f in enumerate(files):
        doc = f.documents.get(doc_id)
        if doc is None:
            continue
        key_of: dict[str, MentionKey] = {m.mention_id: mention_key(m) for m in doc.mentions}
        for r in doc.relations:
            ends = [key_of[i] for i in r.mention_ids if i in key_of and key_of[i] in keys]
            if r.kind == COREFERENCE:
                for a in ends:
                    for b in ends:
                        if a != b:
                            links[(COREFERENCE, a, b)].add(k)
            elif len(ends) == 2 and len(r.mention_ids) == 2 and ends[0] != ends[1]:
                links[(r.kind, ends[0], ends[1])].add(k)
    return links


def _curated_relations(files: Sequence[TbfFile], doc_id: str, id_of: dict[MentionKey, str],
                       policy: CurationPolicy) -> tuple[Relation, ...]:
    links = _link_counts(files, doc_id, set(id_of))
    order = list(id_of)
    position = {key: n for n, key in enumerate(order)}
    kept = sorted((kind, position[a], position[b]) for (kind, a, b), who in links.items()
                  if policy.keeps(len(who), len(files)))
    coref = [(id_of[order[a]], id_of[order[b]]) for kind, a, b in kept if kind == COREFERENCE and a < b]
    relations = [Relation(COREFERENCE, f"C{n}", members, 0)
                 for n, members in enumerate(coreference_clusters(coref), start=1)]
    others = [(kind, a, b) for kind, a, b in kept if kind != COREFERENCE]
    relations += [Relation(kind, f"R{n}", (id_of[order[a]], id_of[order[b]]), 0)
                  for n, (kind, a, b) in enumerate(others, start=1)]
    return tuple(relations)


def _unique_ids(wanted: list[str], taken: set[str]) -> list[str]:
    """The wanted ids, each replaced by a fresh one where it is taken (or wanted twice)."""
    blocked = set(taken) | set(wanted)  # fresh ids avoid the ids still to come, too
    used = set(taken)
    out = []
    for mention_id in wanted:
        if mention_id in used:
            mention_id = fresh_ids(blocked)[0]
            blocked.add(mention_id)
        used.add(mention_id)
        out.append(mention_id)
    return out


def _as_curated(m: Mention, mention_id: str) -> Mention:
    return m._replace(run_id=CURATED_RUN_ID, mention_id=mention_id, score=None, line=0)


def _policy_document(files: Sequence[TbfFile], doc_id: str, items: tuple[Cluster, ...],
                     policy: CurationPolicy) -> tuple[Document, dict[str, int]]:
    """The automatic curated document and the item of each of its mentions."""
    item_of = {member: n for n, c in enumerate(items) for member in c.members}
    if policy.kind is Policy.BASE:
        base = policy.base or 0
        doc = files[base].documents.get(doc_id) or Document(doc_id, ())
        mentions = tuple(_as_curated(m, m.mention_id) for m in doc.mentions)
        origin = {m.mention_id: item_of[(base, i)] for i, m in enumerate(doc.mentions)}
        return Document(doc_id, mentions, doc.relations), origin
    holders: dict[MentionKey, set[int]] = defaultdict(set)
    first: dict[MentionKey, tuple[int, int, Mention]] = {}
    for k, f in enumerate(files):
        source = f.documents.get(doc_id)
        for i, m in enumerate(source.mentions if source else ()):
            key = mention_key(m)
            holders[key].add(k)
            first.setdefault(key, (k, i, m))
    kept = [key for key in first if policy.keeps(len(holders[key]), len(files))]
    id_of = dict(zip(kept, _unique_ids([first[key][2].mention_id for key in kept], set()), strict=True))
    mentions = tuple(_as_curated(first[key][2], id_of[key]) for key in kept)
    origin = {id_of[key]: item_of[first[key][:2]] for key in kept}
    return Document(doc_id, mentions, _curated_relations(files, doc_id, id_of, policy)), origin


def curate(files: Sequence[TbfFile], names: Sequence[str] | None = None,
           policy: CurationPolicy | str = "majority", *, path: str = "curated.tbf",
           pairs: dict[tuple[int, int], PairAgreement] | None = None, cancelled: CancelCheck | None = None) -> Curation:
    """The automatic curated set of 2..N annotation sets under `policy`, with every disagreement;
    `cancelled` is checked between documents (`Cancelled`).

    Raises `ValueError` (fewer than two sets, mixed span modes, a base annotator that does not exist).
    """
    if len(files) < 2:
        raise ValueError("curation needs at least two annotation sets")
    if isinstance(policy, str):
        policy = CurationPolicy.parse(policy)
    if policy.kind is Policy.BASE and not 0 <= (policy.base or 0) < len(files):
        raise ValueError(f"base:{(policy.base or 0) + 1} names no annotator (there are {len(files)})")
    if len({f.mode for f in files}) > 1:
        raise ValueError("annotation sets mix token and character spans")
    names = names_of_sets(files, names)
    items, disagreements = find_items(files, pairs, cancelled=cancelled)
    documents: dict[str, Document] = {}
    origin: dict[str, dict[str, int]] = {}
    for doc_id in sorted({d for f in files for d in f.documents}):
        stop_if_cancelled(cancelled)
        doc, doc_origin = _policy_document(files, doc_id, items.get(doc_id, ()), policy)
        documents[doc_id] = doc
        origin[doc_id] = doc_origin
    curated = TbfFile(path, files[0].mode, documents)
    return Curation(names, tuple(files), policy, items, disagreements, curated, origin, {})


# --- decisions --------------------------------------------------------------------------------------------


def _with_document(curation: Curation, doc: Document, doc_origin: dict[str, int],
                   decision: tuple[tuple[str, int], str] | None) -> Curation:
    documents = {**curation.curated.documents, doc.doc_id: doc}
    origin = {**curation.origin, doc.doc_id: doc_origin}
    decisions = dict(curation.decisions)
    if decision is not None:
        decisions[decision[0]] = decision[1]
    return replace(curation, curated=replace(curation.curated, documents=documents), origin=origin,
                   decisions=decisions)


def _drop_item(doc: Document, doc_origin: dict[str, int], item: int) -> tuple[Document, dict[str, int], int]:
    """`doc` without the mentions standing for `item`, their origins, and where the first one was."""
    gone = {mid for mid, n in doc_origin.items() if n == item}
    positions = [i for i, m in enumerate(doc.mentions) if m.mention_id in gone]
    mentions = tuple(m for m in doc.mentions if m.mention_id not in gone)
    relations, _ = rewrite_relations(doc, gone, {})
    origin = {mid: n for mid, n in doc_origin.items() if mid not in gone}
    return Document(doc.doc_id, mentions, relations, doc.line), origin, positions[0] if positions else len(mentions)


def _without_item(curation: Curation, doc_id: str, item: int) -> tuple[Document, dict[str, int], int]:
    """The curated document without the mentions standing for `item`, and where the first one was."""
    return _drop_item(curation.document(doc_id), curation.origin.get(doc_id, {}), item)


def reject(curation: Curation, disagreement: Disagreement) -> Curation:
    """No mention for this item in the curated set."""
    doc, origin, _ = _without_item(curation, disagreement.doc_id, disagreement.item)
    return _with_document(curation, doc, origin, (disagreement.key, "rejected"))


def keep(curation: Curation, disagreement: Disagreement) -> Curation:
    """The curated set's current version of this item is the decision."""
    return _with_document(curation, curation.document(disagreement.doc_id),
                          curation.origin.get(disagreement.doc_id, {}),
                          (disagreement.key, "kept"))


def _accepted(curation: Curation, doc: Document, origin: dict[str, int], disagreement: Disagreement,
              annotator: int) -> tuple[Document, dict[str, int]]:
    """`doc` (a curated document and its `origin`) with the item's mentions replaced by the annotator's."""
    if not 0 <= annotator < len(curation.files):
        raise EditError(f"there is no annotator {annotator + 1}")
    doc_id, item = disagreement.key
    doc, origin, at = _drop_item(doc, origin, item)
    chosen = curation.version(annotator, doc_id, item)
    new_ids = _unique_ids([m.mention_id for m in chosen], used_ids(doc))
    added = tuple(_as_curated(m, i) for m, i in zip(chosen, new_ids, strict=True))
    mentions = (*doc.mentions[:at], *added, *doc.mentions[at:])
    origin.update((i, item) for i in new_ids)
    partners = next(v.coreference for v in disagreement.versions if v.annotator == annotator)
    relations = _join_clusters(doc.relations, new_ids, [mid for mid, n in origin.items() if n in partners])
    return Document(doc_id, mentions, relations, doc.line), origin


def accept(curation: Curation, disagreement: Disagreement, annotator: int) -> Curation:
    """Annotator's version of this item replaces the curated one: their mentions (none, if they marked
    nothing there) and, for each, their coreference partners among the curated mentions."""
    doc_id = disagreement.doc_id
    doc, origin = _accepted(curation, curation.document(doc_id), curation.origin.get(doc_id, {}), disagreement,
                            annotator)
    return _with_document(curation, doc, origin, (disagreement.key, f"annotator {annotator + 1}"))


def accept_all(curation: Curation, disagreements: Iterable[Disagreement], annotator: int, *,
               cancelled: CancelCheck | None = None) -> Curation:
    """`accept` of every one of these items, in order, as one new `Curation` (the same set as accepting
    them one by one; copying the corpus's dictionaries once, not once an item, keeps 10,000 fast);
    `cancelled` is checked between items (`Cancelled`)."""
    documents = dict(curation.curated.documents)
    origins = dict(curation.origin)
    decisions = dict(curation.decisions)
    for d in disagreements:
        stop_if_cancelled(cancelled)
        doc = documents.get(d.doc_id) or Document(d.doc_id, ())
        documents[d.doc_id], origins[d.doc_id] = _accepted(curation, doc, origins.get(d.doc_id, {}), d, annotator)
        decisions[d.key] = f"annotator {annotator + 1}"
    return replace(curation, curated=replace(curation.curated, documents=documents), origin=origins,
                   decisions=decisions)


def _join_clusters(relations: tuple[Relation, ...], new_ids: list[str], partners: list[str]) -> tuple[Relation, ...]:
    """The new mentions put into the coreference cluster of their partners (one is made if none)."""
    if not new_ids or not partners:
        return relations
    out = list(relations)
    for n, r in enumerate(out):
        if r.kind == COREFERENCE and any(p in r.mention_ids for p in partners):
            out[n] = r._replace(mention_ids=tuple(dict.fromkeys((*r.mention_ids, *new_ids))))
            return tuple(out)
    taken = {r.relation_id for r in relations}
    number = 1
    while f"C{number}" in taken:
        number += 1
    return (*relations, Relation(COREFERENCE, f"C{number}", tuple(dict.fromkeys((*partners, *new_ids))), 0))


def apply_edit(curation: Curation, doc_id: str, edit: DocumentEdit,
               disagreement: Disagreement | None = None) -> Curation:
    """Any `evmeval.editing.operations` edit of a curated document (made on `curation.document(doc_id)`);
    with a disagreement, it counts as that item's decision ("edited")."""
    if curation.document(doc_id) != edit.before:
        raise EditError(f"the edit '{edit.description}' was made on another version of {doc_id!r}")
    ids = {m.mention_id for m in edit.after.mentions}
    origin = {mid: n for mid, n in curation.origin.get(doc_id, {}).items() if mid in ids}
    if disagreement is not None:
        origin.update((mid, disagreement.item) for mid in edit.mention_ids if mid in ids)
    decision = (disagreement.key, "edited") if disagreement is not None else None
    return _with_document(curation, edit.after, origin, decision)


def reset_document(curation: Curation, doc_id: str) -> Curation:
    """The curated document as the policy made it, without its decisions: where undoing one decision of an
    earlier session starts (the document's other decisions are then made again, `curation_save.revert_item`)."""
    doc, origin = _policy_document(curation.files, doc_id, curation.items.get(doc_id, ()), curation.policy)
    decisions = {k: v for k, v in curation.decisions.items() if k[0] != doc_id}
    return replace(_with_document(curation, doc, origin, None), decisions=decisions)


def next_disagreement(curation: Curation, after: Disagreement | None = None,
                      among: Sequence[Disagreement] | None = None) -> Disagreement | None:
    """The first undecided disagreement after `after` (wrapping around), None when all are decided;
    with `among` (a filter's), the first undecided one there, else the first of all."""
    if among is not None:
        found = next_disagreement(replace(curation, disagreements=tuple(among)), after)
        if found is not None:
            return found
    order = list(curation.disagreements)
    # by key: comparing disagreements field by field (versions and all) cost milliseconds at 10,000
    start = next((n + 1 for n, d in enumerate(order) if d.key == after.key), 0) if after is not None else 0
    for d in order[start:] + order[:start]:
        if d.key not in curation.decisions:
            return d
    return None


# --- agreement with the curated set -----------------------------------------------------------------------


def annotator_agreement(curation: Curation, previous: Sequence[PairAgreement] | None = None, doc_id: str | None = None,
                        *, cancelled: CancelCheck | None = None) -> tuple[PairAgreement, ...]:
    """Each annotator against the curated set (curated in the key role: recall = share of the curated
    set the annotator found). With `previous` and `doc_id`, only that document is measured again."""
    if previous is None or doc_id is None:
        return tuple(pairwise(curation.curated, f, a_name="curated", b_name=name, cancelled=cancelled)
                     for f, name in zip(curation.files, curation.names, strict=True))
    out = []
    curated = curation.document(doc_id)
    for f, pair in zip(curation.files, previous, strict=True):
        other = f.documents.get(doc_id)
        fresh = agree_document(doc_id, curated.mentions, other.mentions if other else (),
                               in_a=doc_id in curation.curated.documents, in_b=other is not None)
        documents = tuple(fresh if d.doc_id == doc_id else d for d in pair.documents)
        if all(d.doc_id != doc_id for d in pair.documents):
            documents = tuple(sorted((*documents, fresh), key=lambda d: d.doc_id))
        out.append(pair_from_documents(pair.a_name, pair.b_name, pair.mode, documents))
    return tuple(out)


# --- export -----------------------------------------------------------------------------------------------


def write_curated(curation: Curation, path: PathArgument, *, input_folders: InputFolders = ()) -> SavedFile:
    """The curated set as a tbf file (never over one of the annotators' files, nor over a file of
    `input_folders`: token tables, texts); raises `FormatError`. `path`: a `str` or an `os.PathLike`."""
    path = path_argument(path, "path")
    return save_tbf(replace(curation.curated, path=path), path, other_inputs=[f.path for f in curation.files],
                    input_folders=input_folders)


def id_places(files: Iterable[TbfFile]) -> dict[str, tuple[str, int]]:
    """Each document id with where it was first read (file, line of its `#BeginOfDocument`), in
    order: what a refused id names (`evmeval.io.doc_files`)."""
    places: dict[str, tuple[str, int]] = {}
    for f in files:
        for doc_id, doc in f.documents.items():
            places.setdefault(doc_id, (f.path, doc.line))
    return places


def curated_brat_paths(folder: str, places: dict[str, tuple[str, int]], with_text: Container[str] = ()) -> list[str]:
    """Every file `write_curated_brat` writes into `folder`: `<doc>.ann`, and `<doc>.txt` for the
    documents in `with_text`, in writing order (for the output check before any work); a document id
    that is not a plain file name is refused at its place (`id_places`)."""
    out = []
    for doc_id, (path, line) in places.items():
        out.append(os.path.join(folder, doc_file_name(doc_id, ANN_EXTENSION, path=path, line=line)))
        if doc_id in with_text:
            out.append(os.path.join(folder, doc_file_name(doc_id, TEXT_EXTENSION, path=path, line=line)))
    return out


def write_curated_brat(curation: Curation, folder: str, *, tables: TableLookup | None = None,
                       texts: TextLookup | None = None, inputs: Collection[str] = (),
                       input_folders: InputFolders = ()) -> list[str]:
    """The curated set as brat files in `folder` (made if missing, not its parent): `<doc>.ann`, and
    `<doc>.txt` when the text is known (brat shows a document only with its text). Token spans need
    `tables`. Every file is made in memory and checked against `inputs` and `input_folders` before
    the first is written. Returns the paths written; raises `FormatError` (a refused path or document
    id, or what brat cannot hold), then nothing is written."""
    found = id_places(curation.files)
    places = {d: found.get(d, (curation.curated.path, doc.line)) for d, doc in curation.curated.documents.items()}
    curated_brat_paths(folder, places)  # every id a plain name before any table or text is looked up
    contents: list[str] = []
    known: set[str] = set()
    for doc_id, doc in curation.curated.documents.items():
        table = tables(doc_id) if tables is not None else None
        text = texts(doc_id) if texts is not None else None
        if curation.mode is SpanMode.TOKEN and table is None and doc.mentions:
            raise FormatError(doc_id, 0, "no token table to turn token spans into brat offsets",
                              f"{doc_id}.tab in the token folder")
        brat = document_to_brat(doc, table, text=text, path=os.path.join(folder, doc_id + ANN_EXTENSION))
        contents.append(format_ann(brat))
        if text is not None:
            known.add(doc_id)
            contents.append(text)
    written = curated_brat_paths(folder, places, known)
    check_output_paths(written, inputs, input_folders=input_folders, new_folders=[folder])
    make_output_folders([folder])
    for path, data in zip(written, contents, strict=True):
        write_atomic(path, data)
    return written
