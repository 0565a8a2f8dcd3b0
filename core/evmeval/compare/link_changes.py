"""What changed from run a to run b, link by link: the coreference and sequencing links whose outcome changed,
each with a reason code, reconciling exactly with the change in the counts behind the link figures.

A link is the pair of gold mentions it joins after the mapping, as the scorers see it (v1.8's `-m 1`:
mentions aligned on span and type; coreference keeps exact spans, `-ct 1.0`, sequencing any overlap). An end
that is a system mention aligned to no gold mention stays that system mention (named by its span, so the same
unaligned mention is the same end in both runs). Coreference links are undirected: every two mentions of one
cluster (BLANC's coreference links, from the CoNLL lines `evmeval.coref.scoring` scores). Sequencing links are
directed and typed, per evaluation (Subevent, After, All), as the published temporal awareness scores them
(`evmeval.sequencing.temporal_awareness.LinkOutcome`: redundant links are not scored and are no items).

Each link has a state per run (`ItemState`): its gold side (a gold link: `found` or `missed`) and its system
side (a system link: `found`, or `spurious`). A link changed when its state differs. The run's counts
(`ItemTally`) are the figures' own: for coreference BLANC's coreference links (recall = gold found / gold
links, precision = system found / system links); for sequencing v1.8's temporal awareness (precision = system
found / system links; recall = (gold found + w · implicit) / gold links: the implicit credit w is a weight,
not an item, and is not reconciled). Δ = tally(b) − tally(a) equals the signed sum of the changes
(`reconcile_links`).

Reason codes: `mention-lost` / `mention-found` (an end's gold mention has a system partner in a only / in b
only), `relation-type` (the system links the same two ends in the other run with another relation or
direction), `link-added` / `link-removed` (the system link itself came or went), `inference` (the same system
links, judged otherwise: what the other links entail changed).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from evmeval.align.overlap import mention_units
from evmeval.mention.changes import FOUND, MISSED, SPURIOUS, ItemState, ItemTally, reconcile_items
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.model import Mention

if TYPE_CHECKING:
    from evmeval.compare.resampling import AwarenessCounts
    from evmeval.coref.scoring import CorefResult
    from evmeval.sequencing.temporal_awareness import LinkOutcome

COREFERENCE = "coreference"
SEQUENCING_EVALUATIONS = {"sequencing_subevent": "Subevent", "sequencing_after": "After", "sequencing_all": "All"}
"""Family key -> v1.8's evaluation name, in the published report's order (the relation figures' and the link
changes' one list)."""
LINK_KINDS: tuple[str, ...] = (COREFERENCE, *SEQUENCING_EVALUATIONS)
"""The kinds of link changes, as `relations.KIND_LABELS` names the figures they reconcile with."""


class LinkReason(str, Enum):
    MENTION_LOST = "mention-lost"
    MENTION_FOUND = "mention-found"
    RELATION_TYPE = "relation-type"
    LINK_ADDED = "link-added"
    LINK_REMOVED = "link-removed"
    INFERENCE = "inference"


class LinkEnd(NamedTuple):
    """One end of a link: a gold mention (`gold`: its row in the document), or a system mention no gold
    mention is aligned with (`gold` None). `mention`: the gold mention, or that system mention (as run a or b
    has it: its id differs between runs)."""

    key: Hashable
    gold: int | None
    mention: Mention


class LinkChange(NamedTuple):
    """One link whose state changed from run a (`before`) to run b (`after`). `relation`: Coreference, After or
    Subevent (directed: `source` -> `target`); `system_a` / `system_b`: the rows of the system mentions at its
    ends in each run (what the window selects)."""

    doc_id: str
    kind: str
    relation: str
    source: LinkEnd
    target: LinkEnd
    before: ItemState
    after: ItemState
    reasons: tuple[LinkReason, ...]
    system_a: tuple[int, ...]
    system_b: tuple[int, ...]

    @property
    def gold_rows(self) -> tuple[int, ...]:
        return tuple(e.gold for e in (self.source, self.target) if e.gold is not None)


class _Link:
    """One run's link: its relation, its ends (a gold row, or -1 - the row of an unaligned system mention), its
    gold and system sides, and the system rows at its ends. Mutable and slotted: a side is filled in place
    (a corpus holds a million links)."""

    __slots__ = ("gold", "relation", "rows", "source", "system", "target")

    def __init__(self, relation: str, source: int, target: int) -> None:
        self.relation, self.source, self.target = relation, source, target
        self.gold: str | None = None
        self.system: str | None = None
        self.rows: tuple[int, ...] = ()

    @property
    def state(self) -> ItemState:
        return ItemState(self.gold, self.system)


@dataclass(frozen=True)
class RunLinks:
    """One run's links of one kind: per document, link key -> link; the gold rows with a partner; the scored
    documents (their mentions name the ends)."""

    documents: dict[str, dict[Hashable, _Link]]
    mapped: dict[str, frozenset[int]]
    scored: dict[str, DocumentResult]
    _keys: dict[str, _Keys] = field(default_factory=dict, repr=False, compare=False)

    def tally(self) -> ItemTally:
        counts = {FOUND: 0, MISSED: 0, None: 0}
        system = {FOUND: 0, SPURIOUS: 0, None: 0}
        for links in self.documents.values():
            for link in links.values():
                counts[link.gold] += 1
                system[link.system] += 1
        return ItemTally(counts[FOUND], counts[MISSED], system[FOUND], system[SPURIOUS])

    def end(self, doc_id: str, ref: int) -> LinkEnd:
        """A link end (`ref`: a gold row, or -1 - a system row) with its mention."""
        doc = self.scored[doc_id]
        keys = self._keys.get(doc_id)
        if keys is None:
            keys = self._keys[doc_id] = _Keys(doc)
        return LinkEnd(ref, ref, doc.gold[ref]) if ref >= 0 else LinkEnd(keys.of(ref), None, doc.system[-1 - ref])


class _Keys:
    """One document's end keys: a gold mention's is its row; an unaligned system mention's is its span's units
    and which copy of that span it is (computed when the document first needs one)."""

    def __init__(self, doc: DocumentResult) -> None:
        self.doc = doc
        self._system: list[Hashable] | None = None

    def of(self, ref: int) -> Hashable:
        if ref >= 0:
            return ref
        if self._system is None:
            seen: dict[Hashable, int] = {}
            self._system = []
            for m in self.doc.system:
                units = mention_units(m)[0]
                self._system.append(("s", units, seen.get(units, 0)))
                seen[units] = seen.get(units, 0) + 1
        return self._system[-1 - ref]


def coreference_links(result: ScoreResult, coref: CorefResult) -> RunLinks:
    """Every two mentions of one cluster, on each side, as v1.8's CoNLL lines (`coref`, scored from
    `result`) have them."""
    documents: dict[str, dict[Hashable, _Link]] = {}
    mapped: dict[str, frozenset[int]] = {}
    every_key: dict[str, _Keys] = {}
    for doc, scored in zip(result.documents, coref.documents, strict=True):
        gold_rows, system_rows = scored.gold_rows, scored.system_rows
        mapped[doc.doc_id] = frozenset(g for g, s in zip(gold_rows, system_rows, strict=True) if g >= 0 and s >= 0)
        gold_pairs = _pairs(scored.gold_labels)
        system_pairs = _pairs(scored.system_labels)
        if not gold_pairs and not system_pairs:
            continue
        keys = _Keys(doc)
        links: dict[Hashable, _Link] = {}
        for first, second in sorted(gold_pairs | system_pairs):
            in_gold, in_system = (first, second) in gold_pairs, (first, second) in system_pairs
            source, target = (gold_rows[k] if gold_rows[k] >= 0 else -1 - system_rows[k] for k in (first, second))
            link = _Link("Coreference", source, target)
            link.gold = None if not in_gold else FOUND if in_system else MISSED
            link.system = None if not in_system else FOUND if in_gold else SPURIOUS
            link.rows = tuple(system_rows[k] for k in (first, second) if system_rows[k] >= 0)
            links[frozenset((keys.of(source), keys.of(target)))] = link
        documents[doc.doc_id] = links
        every_key[doc.doc_id] = keys
    return RunLinks(documents, mapped, {d.doc_id: d for d in result.documents}, every_key)


def _pairs(labels: Sequence[int]) -> set[tuple[int, int]]:
    """The (earlier, later) lines of every two lines with one cluster number."""
    chains: dict[int, list[int]] = {}
    for line, label in enumerate(labels):
        if label >= 0:
            chains.setdefault(label, []).append(line)
    return {(x, y) for chain in chains.values() for i, x in enumerate(chain) for y in chain[i + 1:]}


def sequencing_links(result: ScoreResult, evaluations: Mapping[str, Sequence[AwarenessCounts]], *,
                     combination: str) -> dict[str, RunLinks]:
    """Per sequencing kind (`SEQUENCING_EVALUATIONS`) the scored links of every evaluated document, with the
    published evaluation's outcome of each (`evaluations`: evaluation name -> its documents' counts and link
    outcomes, `evmeval.sequencing.temporal_awareness.DocumentAwareness`; kinds v1.8 cannot finish are absent)."""
    by_id = {d.doc_id: d for d in result.documents}
    partners: dict[str, dict[int, int]] = {}
    keys: dict[str, _Keys] = {}  # one per document, shared by the evaluations
    out: dict[str, RunLinks] = {}
    for kind, name in SEQUENCING_EVALUATIONS.items():
        if name not in evaluations:
            continue
        documents: dict[str, dict[Hashable, _Link]] = {}
        mapped: dict[str, frozenset[int]] = {}
        for evaluated in evaluations[name]:
            doc = by_id[evaluated.doc_id]
            partner = partners.get(doc.doc_id)
            if partner is None:
                partner = partners[doc.doc_id] = {p.gold: p.system for p in doc.mappings[combination].pairs}
            mapped[doc.doc_id] = frozenset(partner)
            outcomes: Sequence[LinkOutcome] = getattr(evaluated, "outcomes", ())  # a DocumentAwareness's
            if outcomes:
                doc_keys = keys.get(doc.doc_id)
                if doc_keys is None:
                    doc_keys = keys[doc.doc_id] = _Keys(doc)
                documents[doc.doc_id] = _sequencing_document(doc_keys, partner, outcomes)
        out[kind] = RunLinks(documents, mapped, by_id, keys)
    return out


def _sequencing_document(keys: _Keys, partner: Mapping[int, int],
                         outcomes: Sequence[LinkOutcome]) -> dict[Hashable, _Link]:
    doc = keys.doc
    gold_count = len(doc.gold)
    row_of: dict[str, int] = {}

    def ref(node: str, mention_id: str) -> int:
        number = int(node[2:])
        if number < gold_count:
            return number
        if not row_of:  # a repeated id keeps its last node
            row_of.update((m.mention_id, k) for k, m in enumerate(doc.system))
        return -1 - row_of[mention_id]

    links: dict[Hashable, _Link] = {}
    for o in outcomes:
        if o.outcome == "redundant":
            continue
        source, target = ref(o.source_node, o.source), ref(o.target_node, o.target)
        key = (keys.of(source), keys.of(target), o.kind)
        link = links.get(key)
        if link is None:
            link = links[key] = _Link(o.kind, source, target)
        found = o.outcome in ("matched", "implied")
        if o.side == "gold":
            link.gold = FOUND if found else MISSED
        else:
            link.system = FOUND if found else SPURIOUS
            link.rows = tuple(-1 - r if r < 0 else partner[r] for r in (source, target) if r < 0 or r in partner)
    return links


def _ends_key(key: Hashable) -> frozenset[Hashable]:
    """A sequencing link's two ends, whatever its direction and relation."""
    assert isinstance(key, tuple)
    return frozenset(key[:2])


def link_changes(a: RunLinks, b: RunLinks, kind: str) -> tuple[LinkChange, ...]:
    """The links whose state changed from `a` to `b`, per document in a's document order, each document's
    links in a's order then b's new ones."""
    out: list[LinkChange] = []
    for doc_id in dict.fromkeys([*a.documents, *b.documents]):
        links_a, links_b = a.documents.get(doc_id, {}), b.documents.get(doc_id, {})
        mapped_a, mapped_b = a.mapped.get(doc_id, frozenset()), b.mapped.get(doc_id, frozenset())
        others: tuple[dict[frozenset[Hashable], set[Hashable]], ...] | None = None
        for key in dict.fromkeys([*links_a, *links_b]):
            la, lb = links_a.get(key), links_b.get(key)
            before = (la.gold, la.system) if la is not None else (None, None)
            after = (lb.gold, lb.system) if lb is not None else (None, None)
            if before == after:
                continue
            if others is None and kind != COREFERENCE:
                others = (_system_ends(links_a), _system_ends(links_b))
            shown, run = (la, a) if la is not None else (lb, b)
            assert shown is not None
            source, target = shown.source, shown.target
            retyped = others is not None and _retyped(key, before[1], after[1], *others)
            reasons = _reasons((source, target), before[1], after[1], mapped_a, mapped_b, retyped)
            out.append(LinkChange(doc_id, kind, shown.relation, run.end(doc_id, source), run.end(doc_id, target),
                                  ItemState(*before), ItemState(*after), reasons,
                                  la.rows if la is not None else (), lb.rows if lb is not None else ()))
    return tuple(out)


def _system_ends(links: Mapping[Hashable, _Link]) -> dict[frozenset[Hashable], set[Hashable]]:
    out: dict[frozenset[Hashable], set[Hashable]] = {}
    for key, link in links.items():
        if link.system is not None:
            out.setdefault(_ends_key(key), set()).add(key)
    return out


def _retyped(key: Hashable, before: str | None, after: str | None,
             others_a: Mapping[frozenset[Hashable], set[Hashable]],
             others_b: Mapping[frozenset[Hashable], set[Hashable]]) -> bool:
    """The system link went (or came) while the other run links the same two ends otherwise."""
    if (before is None) == (after is None):
        return False
    other = others_b if before is not None else others_a
    return bool(other.get(_ends_key(key), set()) - {key})


def _reasons(ends: tuple[int, int], before: str | None, after: str | None, mapped_a: frozenset[int],
             mapped_b: frozenset[int], retyped: bool) -> tuple[LinkReason, ...]:
    """`before` / `after`: the link's system side in a / b."""
    out: list[LinkReason] = []
    rows = [r for r in ends if r >= 0]
    if any(r in mapped_a and r not in mapped_b for r in rows):
        out.append(LinkReason.MENTION_LOST)
    if any(r in mapped_b and r not in mapped_a for r in rows):
        out.append(LinkReason.MENTION_FOUND)
    if out:
        return tuple(out)
    if retyped:
        return (LinkReason.RELATION_TYPE,)
    if before is None and after is not None:
        return (LinkReason.LINK_ADDED,)
    if before is not None and after is None:
        return (LinkReason.LINK_REMOVED,)
    return (LinkReason.INFERENCE,)


def reconcile_links(changes: Sequence[LinkChange]) -> ItemTally:
    """Δ tally (b − a) as the changes add it up."""
    return reconcile_items([(c.before, c.after) for c in changes])


def link_reason_counts(changes: Sequence[LinkChange]) -> dict[LinkReason, int]:
    """How many changes name each reason."""
    counts = dict.fromkeys(LinkReason, 0)
    for c in changes:
        for reason in c.reasons:
            counts[reason] += 1
    return counts


def end_text(end: LinkEnd) -> str:
    """`E3 “attacked”` for a gold mention, `system A7 “fired”` for an unaligned system mention."""
    prefix = "" if end.gold is not None else "system "
    return f"{prefix}{end.mention.mention_id} “{end.mention.text}”"


def link_text(change: LinkChange) -> str:
    """`E1 “a” — E2 “b”` (coreference) or `E1 “a” → E2 “b” (After)`."""
    if change.relation == "Coreference":
        return f"{end_text(change.source)} — {end_text(change.target)}"
    return f"{end_text(change.source)} → {end_text(change.target)} ({change.relation})"
