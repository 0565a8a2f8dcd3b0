"""The Curate view's state, without Qt: a `evmeval.agreement.curation.Curation`, the disagreement under review, the
decisions made (undoable), and each annotator's agreement with the curated set.

Every decision goes through `evmeval.agreement.curation` (`accept`, `reject`, `keep`, `apply_edit`) and moves to
the next open disagreement; agreement with the curated set is `evmeval.agreement.curation_figures`, measured
again for the decided document only. No figure is computed here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

from evmeval._util.progress import CancelCheck
from evmeval.agreement import curation as cur
from evmeval.agreement.curation import Curation, CurationPolicy, Disagreement, differs_in
from evmeval.agreement.curation_figures import LiveAgreement, live_agreement, update_agreement
from evmeval.agreement.curation_save import Entry, replay_kept, revert_item
from evmeval.agreement.scoring import PairAgreement
from evmeval.editing.operations import DocumentEdit, change_realis, change_type
from evmeval.model import Mention, TbfFile, carries_realis, kept_mentions

from evmeval_gui.agreement.state import AGREEMENT_ENTRY, AgreementRequest
from evmeval_gui.curation.filter import FilterIndex
from evmeval_gui.model import collector
from evmeval_gui.model.recent import RecentKind


@dataclass(frozen=True)
class Step:
    """One state of the review: the curation, the disagreement shown, the agreements."""

    curation: Curation
    current: Disagreement | None
    agreements: tuple[LiveAgreement, ...]
    log: tuple[Entry, ...] = ()
    """The decisions that led here, in order: what is saved (`evmeval.agreement.curation_save`)."""
    done: tuple[str, ...] = ()
    """The documents marked curated, in the order they were marked (saved with the decisions)."""


@dataclass(frozen=True)
class Batch:
    """Many items accepted at once, made from `base`: applied only while the review is still there."""

    base: Step
    curation: Curation
    agreements: tuple[LiveAgreement, ...]
    entries: tuple[Entry, ...]
    current: Disagreement | None = None
    """The item shown after it, found with it (off the GUI thread): used while `base` is still the step shown."""


@dataclass(frozen=True)
class Rebuilt:
    """The curation started again from another policy (`CurationState.rebuild`, off the GUI thread), with its
    list's filter index: applied only while `base`'s decisions are still those shown."""

    base: Step
    step: Step
    index: FilterIndex
    refused: str = ""
    """Why the first saved decision that could not be made again was refused (an import's)."""
    imported: bool = False
    """An imported curation: the figures still measured for the steps before are given up (`load`)."""


def describe(mentions: Sequence[Mention], realis: bool = True) -> str:
    """An annotator's version of an item in a few words: `arrested [t11] Justice_Arrest-Jail/Actual`; without
    `realis` (files that carry none, `CurationState.carries_realis`) no `/NOT_ANNOTATED` after each type."""
    if not mentions:
        return "— (nothing marked)"
    parts = []
    for m in mentions:
        span = ",".join(str(u) if isinstance(u, str) else f"{u[0]}-{u[1]}" for u in m.span)
        parts.append(f"{m.text or '·'} [{span}] {m.raw_type}" + (f"/{m.raw_realis}" if realis else ""))
    return "; ".join(parts)


def few_documents(items: Sequence[Disagreement], limit: int) -> bool:
    """Whether the items are of at most `limit` documents (stops past it: 10,000 items at a click)."""
    seen: set[str] = set()
    for d in items:
        seen.add(d.doc_id)
        if len(seen) > limit:
            return False
    return True


def release_parts(steps: Sequence[Step]) -> list[object]:
    """The steps' large parts (documents, their origins and figures), one reference each: dropping them a slice
    at a time frees a step without one long pause (what other steps share stays alive)."""
    parts: list[object] = []
    for step in steps:
        curation = step.curation
        parts.extend(curation.curated.documents.values())
        parts.extend(curation.origin.values())
        for agreement in step.agreements:
            parts.extend(agreement.documents)
        parts.append(step)
    return parts


@dataclass(frozen=True)
class CurationRequest:
    """A curation in Open recent and in the restored session: the annotation sets it curates (their decisions
    are found again by content, `evmeval.agreement.curation_save`)."""

    agreement: AgreementRequest
    item: tuple[str, int] | None = None
    """The item under review when the window closed (the restored session's; None in Open recent)."""

    @property
    def name(self) -> str:
        return f"Curation: {self.agreement.name}"

    def to_json(self) -> dict[str, object]:
        return {"curation": self.agreement.to_json(), **({"item": list(self.item)} if self.item else {})}

    @classmethod
    def from_json(cls, data: object) -> CurationRequest | None:
        inner = AgreementRequest.from_json(data.get("curation")) if isinstance(data, dict) else None
        if inner is None or not isinstance(data, dict):
            return None
        item = data.get("item")
        shown = item if isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) \
            and isinstance(item[1], int) else None
        return cls(inner, (shown[0], shown[1]) if shown else None)


CURATION_ENTRY = RecentKind(
    CurationRequest, CurationRequest.from_json, lambda r: r.name, lambda r: AGREEMENT_ENTRY.paths(r.agreement),
    lambda r: CurationRequest(AGREEMENT_ENTRY.absolute(r.agreement), r.item),
    lambda r: AGREEMENT_ENTRY.missing(r.agreement))
"""A curation in Open recent: named `Curation: a.tbf, b.tbf`; the window registers it with how it opens."""


CATCH_UP_DOCUMENTS = 10
"""Documents measured again on the GUI thread when figures arrive after decisions were made (a few ms each)."""


def _changed(before: Curation, after: Curation) -> list[str]:
    """The documents a decision (or a batch) changed: their curated documents are new objects."""
    old = before.curated.documents
    return [doc_id for doc_id, doc in after.curated.documents.items() if old.get(doc_id) is not doc]



__all__ = ["CURATION_ENTRY", "Batch", "CurationRequest", "CurationState", "Rebuilt", "Step", "describe", "differs_in",
           "few_documents", "release_parts"]


class CurationState:
    """The review of 2..N annotators' disagreements. `listeners` are called after every change."""

    def __init__(self, files: Sequence[TbfFile], names: Sequence[str], policy: str = "majority",
                 entries: Sequence[Entry] = (), curated: Sequence[str] = (), *,
                 pairs: dict[tuple[int, int], PairAgreement] | None = None, measure: bool = True,
                 cancelled: CancelCheck | None = None) -> None:
        """`entries`: saved decisions to make again first; those that do not fit these inputs are skipped
        (`refused` says why the first was); `curated`: the documents marked curated. `pairs`: the agreement
        study's pairwise figures of these files (`IaaResult.pairs`), so that the items are not measured a second
        time (half the opening time). `measure=False`: the agreement with the curated set is left to
        `measure_agreement` (seconds at 2,000 documents, run off the GUI thread once the list is shown) and given
        with `set_agreements`. `cancelled`: checked between documents while it is made (`Cancelled`)."""
        self.files = tuple(files)
        self.pairs = pairs
        self.names = tuple(names)
        self.listeners: list[Callable[[], None]] = []
        self.history: list[Step] = []
        self.future: list[Step] = []
        """The steps undone, the next to redo last: dropped by a new decision."""
        self.discard: Callable[[list[Step]], None] = lambda steps: None
        """Where dropped steps go: freeing a batch's step (a million objects) takes 0.2 s, so the view hands
        them to `release_parts` a slice at a time; the default drops them at once."""
        self.refused = ""
        self.carries_realis = carries_realis(*(kept_mentions(doc) for f in self.files for doc in f.documents.values()))
        """Whether some annotator gave a realis (TextEE, MAVEN, ... carry none): the labels then say "type"."""
        self._done_set: tuple[object, frozenset[str]] = (None, frozenset())
        self.among: Sequence[Disagreement] | None = None
        """The disagreements a filter shows (None: all): a decision moves to the next open one of them."""
        self.step = self._start(CurationPolicy.parse(policy), tuple(entries), curated, measure=measure,
                                cancelled=cancelled)
        self._index = FilterIndex(self.step.curation.disagreements)
        self.unmeasured: Curation | None = None if measure else self.step.curation
        """The curation whose agreement figures are still being measured (None: every step has its figures)."""
        collector.freeze_survivors()  # the curation's objects live as long as it is shown

    def _start(self, policy: CurationPolicy, entries: tuple[Entry, ...] = (), curated: Sequence[str] = (), *,
               measure: bool = True, cancelled: CancelCheck | None = None) -> Step:
        step, self.refused = self._make(policy, entries, curated, measure=measure, cancelled=cancelled)
        return step

    def _make(self, policy: CurationPolicy, entries: tuple[Entry, ...] = (), curated: Sequence[str] = (), *,
              measure: bool = True, cancelled: CancelCheck | None = None) -> tuple[Step, str]:
        """A first step from `policy` and saved decisions, and why the first one refused was: pure (it reads
        only the inputs), so it may run off the GUI thread."""
        curation, kept, refused = replay_kept(cur.curate(self.files, self.names, policy, pairs=self.pairs,
                                                         cancelled=cancelled), entries)
        known = set(curation.curated.documents)
        done = tuple(d for d in dict.fromkeys(curated) if d in known)
        return Step(curation, cur.next_disagreement(curation),
                    live_agreement(curation, cancelled=cancelled) if measure else (), kept, done), refused

    @property
    def policy(self) -> str:
        return str(self.curation.policy)

    @property
    def log(self) -> tuple[Entry, ...]:
        return self.step.log

    # -- reading ----------------------------------------------------------------------------------------

    @property
    def curation(self) -> Curation:
        return self.step.curation

    @property
    def current(self) -> Disagreement | None:
        return self.step.current

    @property
    def agreements(self) -> tuple[LiveAgreement, ...]:
        return self.step.agreements

    def decision(self, disagreement: Disagreement) -> str:
        return self.curation.decisions.get(disagreement.key, "")

    def describe(self, mentions: Sequence[Mention]) -> str:
        """`describe` of these files' mentions (with their realis only when they carry one)."""
        return describe(mentions, self.carries_realis)

    def curated_version(self, disagreement: Disagreement) -> tuple[Mention, ...]:
        """The curated set's mentions standing for an item now."""
        doc = self.curation.document(disagreement.doc_id)
        doc_id, item = disagreement.key
        origin = self.curation.origin.get(doc_id, {})
        return tuple(m for m in doc.mentions if origin.get(m.mention_id) == item)

    @property
    def done(self) -> tuple[str, ...]:
        return self.step.done

    def is_done(self, doc_id: str) -> bool:
        """Whether the document is marked curated (a set lookup: the list asks once per painted row)."""
        done = self.step.done
        if self._done_set[0] is not done:
            self._done_set = (done, frozenset(done))
        return doc_id in self._done_set[1]

    def filter_index(self) -> FilterIndex:
        """What each disagreement differs in, its document and types, for the list's filters: read once per
        list of disagreements, the first with the curation (off the GUI thread: 0.1 s at 10,000 items), again
        only after a change of policy."""
        disagreements = self.curation.disagreements
        if self._index.disagreements is not disagreements:
            self._index = FilterIndex(disagreements)
        return self._index

    def documents(self) -> tuple[str, ...]:
        """The documents to curate: those with a disagreement, in list order (the filter index's, read with the
        curation off the GUI thread, not per decision: 10,000 items)."""
        return self.filter_index().doc_ids

    def documents_left(self) -> tuple[int, int]:
        """(documents not yet marked curated, documents to curate): counted over the few marked, not the
        thousands to curate (asked after every decision)."""
        index = self.filter_index()
        count = len(index.doc_ids)
        return count - sum(1 for d in set(self.done) if d in index.doc_set), count

    def progress(self) -> tuple[int, int]:
        """(decided, all) disagreements: every decision is a disagreement's (see `evmeval.agreement.curation`)."""
        return len(self.curation.decisions), len(self.curation.disagreements)

    # -- deciding ----------------------------------------------------------------------------------------

    def _push(self) -> None:
        """The step before a new decision, for undo; what was undone can no longer be redone."""
        self.history.append(self.step)
        if self.future:
            dropped, self.future = self.future, []
            self.discard(dropped)

    def set_policy(self, policy: str) -> None:
        """Start again from another policy (the decisions so far are kept in the undo history)."""
        self.apply_rebuilt(self.rebuild(policy))

    def rebuild(self, policy: str, cancelled: CancelCheck | None = None, *, entries: Sequence[Entry] = (),
                curated: Sequence[str] | None = None) -> Rebuilt:
        """The curation from another policy (the documents marked curated kept), or an imported one (`entries`
        and `curated` given), its figures and filter index made too: reads only the inputs and the step shown,
        so it runs off the GUI thread (seconds at 2,000 documents; `cancelled`: checked between documents).
        `apply_rebuilt` shows it. Raises `ValueError` for a policy this version does not know."""
        base = self.step
        step, refused = self._make(CurationPolicy.parse(policy), tuple(entries),
                                   base.done if curated is None else curated, cancelled=cancelled)
        rebuilt = Rebuilt(base, step, FilterIndex(step.curation.disagreements), refused, curated is not None)
        collector.freeze_survivors()  # it lives as long as it is shown or can be redone
        return rebuilt

    def apply_rebuilt(self, rebuilt: Rebuilt) -> bool:
        """Show a curation `rebuild` made, as one undoable step (the decisions so far are kept in the undo
        history); False, nothing changed, when a decision or a mark was made since it began (figures arriving or
        another item shown meanwhile do not count)."""
        if rebuilt.base.curation is not self.curation or rebuilt.base.done != self.done:
            return False
        self._push()
        self.step, self._index, self.refused = rebuilt.step, rebuilt.index, rebuilt.refused
        if rebuilt.imported:
            self.unmeasured = None  # measured with it (an import is rare; the figures it replaces are gone)
        self._notify()
        return True

    def load(self, policy: str, entries: Sequence[Entry], curated: Sequence[str]) -> None:
        """Another curation of these inputs (an imported one) as one step: undo brings this one back.
        Raises `ValueError` for a policy this version does not know."""
        self.apply_rebuilt(self.rebuild(policy, entries=entries, curated=curated))

    def find(self, key: tuple[str, int]) -> Disagreement | None:
        """The disagreement of this item, if these inputs have it."""
        return next((d for d in self.curation.disagreements if d.key == key), None)

    def show(self, disagreement: Disagreement) -> None:
        self.step = replace(self.step, current=disagreement)  # the log and marks stay: they are what is saved
        self._notify()

    def mark_document(self, doc_id: str, curated: bool = True) -> bool:
        """Mark a document curated (done) or not, as one undoable step; False when nothing changes."""
        if (doc_id in self.done) == curated or doc_id not in self.curation.curated.documents:
            return False
        self._push()
        done = (*self.done, doc_id) if curated else tuple(d for d in self.done if d != doc_id)
        self.step = replace(self.step, done=done)
        self._notify()
        return True

    def revert(self, disagreement: Disagreement) -> bool:
        """Undo this item's decision, whenever it was made (an earlier session's too): the item is open again
        with the policy's version, every other decision as it was; one undoable step. False: not decided."""
        if disagreement.key not in self.curation.decisions:
            return False
        self._push()
        curation, log = revert_item(self.curation, self.log, disagreement.key)
        agreements = update_agreement(curation, self.agreements, disagreement.doc_id) if self.agreements else ()
        self.step = Step(curation, disagreement, agreements, log, self.done)
        self._notify()
        return True

    def _decide(self, curation: Curation, doc_ids: str | Collection[str], *entries: Entry | None) -> None:
        """One undoable step: the figures of the changed documents measured again once."""
        self._push()
        agreements = update_agreement(curation, self.agreements, doc_ids) if self.agreements else ()
        log = (*self.log, *(e for e in entries if e is not None))
        self.step = Step(curation, cur.next_disagreement(curation, self.current, self.among), agreements, log,
                         self.done)
        self._notify()

    def open_among(self, disagreements: Sequence[Disagreement]) -> list[Disagreement]:
        """The undecided ones of these disagreements."""
        decisions = self.curation.decisions
        return [d for d in disagreements if (d.doc_id, d.item) not in decisions]

    def batch(self, annotator: int, disagreements: Sequence[Disagreement], *,
              cancelled: CancelCheck | None = None) -> Batch | None:
        """Annotator's version of every undecided one of these disagreements, made but not applied: pure,
        so it may run off the GUI thread (10,000 items re-measure every document: seconds; `cancelled` is
        checked between items and documents). None: nothing."""
        chosen = self.open_among(disagreements)
        if not chosen or not 0 <= annotator < len(self.files):
            return None
        base = self.step
        curation = cur.accept_all(base.curation, chosen, annotator, cancelled=cancelled)
        agreements = update_agreement(curation, base.agreements, {d.doc_id for d in chosen},
                                      cancelled=cancelled) if base.agreements else ()
        value = str(annotator + 1)
        current = cur.next_disagreement(curation, base.current, self.among)
        return Batch(base, curation, agreements, tuple((*d.key, "accept", value) for d in chosen), current)

    def apply(self, batch: Batch) -> bool:
        """The batch as one step (one undo); False when decisions were made since it was begun."""
        if batch.base.curation is not self.curation:
            return False
        agreements = batch.agreements
        if not agreements and self.agreements:  # measured while the batch was made: brought up to date here
            changed = _changed(self.curation, batch.curation)
            if len(changed) <= CATCH_UP_DOCUMENTS:
                agreements = update_agreement(batch.curation, self.agreements, changed)
            elif self.unmeasured is None:
                self.unmeasured = batch.curation  # too many for the GUI thread: measured in the background
        self._push()
        current = batch.current if batch.base is self.history[-1] else \
            cur.next_disagreement(batch.curation, self.current, self.among)
        self.step = Step(batch.curation, current, agreements, (*self.log, *batch.entries), self.done)
        collector.freeze_survivors()  # the batch's step (a million parts) is kept for undo
        self._notify()
        return True

    def accept_all(self, annotator: int, disagreements: Sequence[Disagreement]) -> int:
        """`batch` and `apply` at once; the number of items accepted."""
        batch = self.batch(annotator, disagreements)
        return len(batch.entries) if batch is not None and self.apply(batch) else 0

    def accept(self, annotator: int) -> bool:
        """Annotator's version (0-based) of the current disagreement; False when there is none to decide."""
        d = self.current
        if d is None or not 0 <= annotator < len(self.files):
            return False
        self._decide(cur.accept(self.curation, d, annotator), d.doc_id, (*d.key, "accept", str(annotator + 1)))
        return True

    def reject(self) -> bool:
        d = self.current
        if d is None:
            return False
        self._decide(cur.reject(self.curation, d), d.doc_id, (*d.key, "reject", ""))
        return True

    def keep(self) -> bool:
        d = self.current
        if d is None:
            return False
        self._decide(cur.keep(self.curation, d), d.doc_id, (*d.key, "keep", ""))
        return True

    def apply_edit(self, edit: DocumentEdit, entry: Entry | None = None) -> bool:
        """An edit of the current item's curated mention (type, realis ...): the item's decision is "edited"
        (saved only with its `entry`: `set_type` and `set_realis` give one)."""
        d = self.current
        if d is None:
            return False
        self._decide(cur.apply_edit(self.curation, d.doc_id, edit, d), d.doc_id, entry)
        return True

    def set_type(self, mention: Mention, mention_type: str) -> bool:
        d = self.current
        if d is None:
            return False
        edit = change_type(self.curation.document(d.doc_id), mention, mention_type)
        return self.apply_edit(edit, (*d.key, "type", mention_type))

    def set_realis(self, mention: Mention, realis: str) -> bool:
        d = self.current
        if d is None:
            return False
        edit = change_realis(self.curation.document(d.doc_id), mention, realis)
        return self.apply_edit(edit, (*d.key, "realis", realis))

    @staticmethod
    def measure_agreement(curation: Curation, cancelled: CancelCheck | None = None) -> tuple[LiveAgreement, ...]:
        """The agreement figures of a curation (`unmeasured`), from scratch: pure, it runs off the GUI thread
        (`cancelled`: checked between documents)."""
        return live_agreement(curation, cancelled=cancelled)

    def set_agreements(self, measured: Curation, agreements: tuple[LiveAgreement, ...]) -> None:
        """The figures `measure_agreement` made for `measured`: every step since (decisions made meanwhile,
        undone ones included) gets its own, each from the one before, only the documents it changed measured;
        from a step that changed many (a batch) on, `unmeasured` is that step's, to be measured the same way."""
        if measured is not self.unmeasured or not agreements:
            return
        self.unmeasured = None
        chain = [*self.history, self.step, *reversed(self.future)]
        start = next((n for n, step in enumerate(chain) if step.curation is measured), None)
        if start is None:
            return
        previous, filled = agreements, list(chain)
        for n in range(start, len(chain)):
            step = chain[n]
            if n > start and step.agreements:
                previous = step.agreements  # measured already (another policy)
                continue
            if n > start:
                changed = _changed(chain[n - 1].curation, step.curation)
                if len(changed) > CATCH_UP_DOCUMENTS:  # a batch: measured in the background, then the rest
                    self.unmeasured = step.curation
                    break
                previous = update_agreement(step.curation, previous, changed)
            filled[n] = dataclasses.replace(step, agreements=previous)
        count = len(self.history)
        self.history = filled[:count]
        self.step = filled[count]
        self.future = list(reversed(filled[count + 1:]))
        self._notify()

    def undo(self) -> bool:
        """Back one step; the step left is kept for `redo` (never freed here: see `discard`)."""
        if not self.history:
            return False
        self.future.append(self.step)
        self.step = self.history.pop()
        self._notify()
        return True

    def redo(self) -> bool:
        """The step last undone again (a batch whole), until a new decision is made."""
        if not self.future:
            return False
        self.history.append(self.step)
        self.step = self.future.pop()
        self._notify()
        return True

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener()
