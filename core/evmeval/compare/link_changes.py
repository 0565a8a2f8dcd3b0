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
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from evmeval.align.overlap import mention_units
from evmeval.mention.changes import FOUND, MISSED, NO_ITEM, SPURIOUS, ItemState, ItemTally, reconcile_items
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.model import Mention, TbfFile

if TYPE_CHECKING:
    from evmeval.compare.relations import SequencingOf
    from evmeval.sequencing.temporal_awareness import LinkOutcome

COREFERENCE = "coreference"
SEQUENCING_EVALUATIONS = {"sequencing_subevent": "Subevent", "sequencing_after": "After", "sequencing_all": "All"}
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


class _Link(NamedTuple):
    relation: str
    source: LinkEnd
    target: LinkEnd
    state: ItemState
    system: tuple[int, ...]


@dataclass(frozen=True)
class RunLinks:
    """One run's links of one kind: per document, link key -> link, and the gold rows with a partner."""

    documents: dict[str, dict[Hashable, _Link]]
    mapped: dict[str, frozenset[int]]

    def tally(self) -> ItemTally:
        total = ItemTally()
        for links in self.documents.values():
            for link in links.values():
                total = total + ItemTally.of(link.state)
        return total


def _system_keys(doc: DocumentResult) -> list[Hashable]:
    """Each system mention's key as an unaligned end: its span's units and which copy of that span it is."""
    seen: dict[Hashable, int] = {}
    keys: list[Hashable] = []
    for m in doc.system:
        units = mention_units(m)[0]
        keys.append(("s", units, seen.get(units, 0)))
        seen[units] = seen.get(units, 0) + 1
    return keys


def _gold_end(doc: DocumentResult, row: int) -> LinkEnd:
    return LinkEnd(("g", row), row, doc.gold[row])


def _merge(links: dict[Hashable, _Link], key: Hashable, link: _Link) -> None:
    """A gold link and the same system link are one item with both sides."""
    old = links.get(key)
    if old is None:
        links[key] = link
        return
    state = ItemState(old.state.gold or link.state.gold, old.state.system or link.state.system)
    links[key] = old._replace(state=state, system=old.system or link.system)


def coreference_links(result: ScoreResult, gold: TbfFile, system: TbfFile, *, combination: str,
                      whitelisted: bool) -> RunLinks:
    """Every two mentions of one cluster, on each side, as v1.8's CoNLL lines have them."""
    from evmeval.coref.scoring import score_coreference

    coref = score_coreference(result, gold, system, combination=combination, whitelisted=whitelisted)
    documents: dict[str, dict[Hashable, _Link]] = {}
    mapped: dict[str, frozenset[int]] = {}
    for doc, scored in zip(result.documents, coref.documents, strict=True):
        keys = _system_keys(doc)
        ends = [_gold_end(doc, g) if g >= 0 else LinkEnd(keys[s], None, doc.system[s])
                for g, s in zip(scored.gold_rows, scored.system_rows, strict=True)]
        mapped[doc.doc_id] = frozenset(g for g, s in zip(scored.gold_rows, scored.system_rows, strict=True)
                                       if g >= 0 and s >= 0)
        gold_pairs = _pairs(scored.gold_labels)
        system_pairs = _pairs(scored.system_labels)
        links: dict[Hashable, _Link] = {}
        for first, second in sorted(sorted(lines) for lines in gold_pairs | system_pairs):
            lines = frozenset((first, second))
            in_system = lines in system_pairs
            state = ItemState(None if lines not in gold_pairs else FOUND if in_system else MISSED,
                              None if not in_system else FOUND if lines in gold_pairs else SPURIOUS)
            rows = tuple(scored.system_rows[k] for k in (first, second) if scored.system_rows[k] >= 0)
            links[frozenset((ends[first].key, ends[second].key))] = _Link(
                "Coreference", ends[first], ends[second], state, rows)
        documents[doc.doc_id] = links
    return RunLinks(documents, mapped)


def _pairs(labels: Sequence[int]) -> set[frozenset[int]]:
    chains: dict[int, list[int]] = {}
    for line, label in enumerate(labels):
        if label >= 0:
            chains.setdefault(label, []).append(line)
    return {frozenset((x, y)) for chain in chains.values() for i, x in enumerate(chain) for y in chain[i + 1:]}


def sequencing_links(result: ScoreResult, gold: TbfFile, system: TbfFile, *, combination: str, whitelisted: bool,
                     sequencing_of: SequencingOf) -> dict[str, RunLinks]:
    """Per sequencing kind (`SEQUENCING_EVALUATIONS`) the scored links of every evaluated document, with the
    published evaluation's outcome of each (kinds v1.8 cannot finish are absent)."""
    evaluations, _failures = sequencing_of(result, gold, system, mapping=combination, filtered=whitelisted)
    by_id = {d.doc_id: d for d in result.documents}
    out: dict[str, RunLinks] = {}
    for kind, name in SEQUENCING_EVALUATIONS.items():
        if name not in evaluations:
            continue
        documents: dict[str, dict[Hashable, _Link]] = {}
        mapped: dict[str, frozenset[int]] = {}
        for evaluated in evaluations[name]:
            doc = by_id[evaluated.doc_id]
            partner = {p.gold: p.system for p in doc.mappings[combination].pairs}
            mapped[doc.doc_id] = frozenset(partner)
            documents[doc.doc_id] = _sequencing_document(doc, partner, getattr(evaluated, "outcomes", ()))
        out[kind] = RunLinks(documents, mapped)
    return out


def _sequencing_document(doc: DocumentResult, partner: Mapping[int, int],
                         outcomes: Sequence[LinkOutcome]) -> dict[Hashable, _Link]:
    keys = _system_keys(doc)
    row_of = {m.mention_id: k for k, m in enumerate(doc.system)}  # a repeated id keeps its last node

    def end(node: str, mention_id: str) -> tuple[LinkEnd, int | None]:
        number = int(node[2:])
        if number < len(doc.gold):
            return _gold_end(doc, number), partner.get(number)
        row = row_of[mention_id]
        return LinkEnd(keys[row], None, doc.system[row]), row

    links: dict[Hashable, _Link] = {}
    for o in outcomes:
        if o.outcome == "redundant":
            continue
        source, s_row = end(o.source_node, o.source)
        target, t_row = end(o.target_node, o.target)
        found = o.outcome in ("matched", "implied")
        rows: tuple[int, ...] = ()
        if o.side == "gold":
            state = ItemState(gold=FOUND if found else MISSED)
        else:
            state = ItemState(system=FOUND if found else SPURIOUS)
            rows = tuple(r for r in (s_row, t_row) if r is not None)
        _merge(links, (source.key, target.key, o.kind), _Link(o.kind, source, target, state, rows))
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
        others_a = _system_ends(links_a, kind)
        others_b = _system_ends(links_b, kind)
        for key in dict.fromkeys([*links_a, *links_b]):
            la, lb = links_a.get(key), links_b.get(key)
            before = la.state if la is not None else NO_ITEM
            after = lb.state if lb is not None else NO_ITEM
            if before == after:
                continue
            shown = la if la is not None else lb
            assert shown is not None
            reasons = _reasons(shown, before, after, mapped_a, mapped_b,
                               kind != COREFERENCE and _retyped(key, before, after, others_a, others_b))
            out.append(LinkChange(doc_id, kind, shown.relation, shown.source, shown.target, before, after, reasons,
                                  la.system if la is not None else (), lb.system if lb is not None else ()))
    return tuple(out)


def _system_ends(links: Mapping[Hashable, _Link], kind: str) -> dict[frozenset[Hashable], set[Hashable]]:
    if kind == COREFERENCE:
        return {}
    out: dict[frozenset[Hashable], set[Hashable]] = {}
    for key, link in links.items():
        if link.state.system is not None:
            out.setdefault(_ends_key(key), set()).add(key)
    return out


def _retyped(key: Hashable, before: ItemState, after: ItemState, others_a: Mapping[frozenset[Hashable], set[Hashable]],
             others_b: Mapping[frozenset[Hashable], set[Hashable]]) -> bool:
    """The system link went (or came) while the other run links the same two ends otherwise."""
    if (before.system is None) == (after.system is None):
        return False
    other = others_b if before.system is not None else others_a
    return bool(other.get(_ends_key(key), set()) - {key})


def _reasons(link: _Link, before: ItemState, after: ItemState, mapped_a: frozenset[int], mapped_b: frozenset[int],
             retyped: bool) -> tuple[LinkReason, ...]:
    out: list[LinkReason] = []
    rows = [e.gold for e in (link.source, link.target) if e.gold is not None]
    if any(r in mapped_a and r not in mapped_b for r in rows):
        out.append(LinkReason.MENTION_LOST)
    if any(r in mapped_b and r not in mapped_a for r in rows):
        out.append(LinkReason.MENTION_FOUND)
    if out:
        return tuple(out)
    if retyped:
        return (LinkReason.RELATION_TYPE,)
    if before.system is None and after.system is not None:
        return (LinkReason.LINK_ADDED,)
    if before.system is not None and after.system is None:
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
