"""The session's coreference: scores and clusters of what the window shows, computed in the background.

No Qt. `Coreference` follows its `Session`: when a result is shown or the attribute combination
changes it asks the core (`evmeval.coref.scoring.score_coreference`) through the session's
runner, under its own job key (`COREF_JOB`: it never stops loading or an export, and they never stop
it; the window shows a busy bar and Cancel while it runs), and keeps one `CorefResult` per (system,
combination). In the Agreement mode it also scores the pair the other way round (the swapped
comparison is handed over by the mode), for the symmetric agreement figures. Views read
`Coreference.result` and `document(doc_id)` and listen to `changed`; a mention's clusters and a
cluster's mentions come from `DocumentClusterView`, so the cluster table, the text overlay and the
selection agree.

Signals: `started(label)`, `changed()` (a result, or none, is now shown), `failed(problem)`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from evmeval._util.progress import Cancelled
from evmeval.coref.explain import ClusterExplanation, explain_clusters
from evmeval.coref.scoring import CorefDocument, CorefResult, score_coreference, score_document_coreference
from evmeval.coref.view import MetricAgreement, coreference_agreement, describe_all
from evmeval.io.errors import FormatError, Problem
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.model import Document, TbfFile
from evmeval.sequencing.links import COREFERENCE, uses_relation_kind

from evmeval_gui.model.events import Signal
from evmeval_gui.model.jobs import JobCancelled, JobContext
from evmeval_gui.model.selection import Selection

if TYPE_CHECKING:
    from evmeval_gui.model.session import Session

GOLD_SIDE, SYSTEM_SIDE = "gold", "system"
COREF_JOB = "coreference"
"""The runner key of coreference scoring."""
VIEWS_KEPT = 8
"""How many documents' cluster views `Coreference.document` keeps (each built again when shown after, as the
sequencing keeps its rows: `ROWS_KEPT`)."""

Reverse = Callable[[], "tuple[ScoreResult, TbfFile, TbfFile] | None"]
"""The shown comparison with the roles swapped (result, gold-role file, system-role file), or None."""


@dataclass(frozen=True)
class DocumentClusterView:
    """One document's clusters (gold first, then system, as `explain_clusters` lists them), each with
    its description, and which cluster holds each mention."""

    doc_id: str
    coref: CorefDocument
    clusters: tuple[ClusterExplanation, ...]
    descriptions: tuple[str, ...]
    _where: dict[tuple[str, str], int] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def build(cls, coref: CorefDocument, doc: DocumentResult) -> DocumentClusterView:
        clusters = explain_clusters(coref, doc)
        where = {(c.side, m): n for n, c in enumerate(clusters) for m in c.mention_ids}
        return cls(coref.doc_id, coref, clusters, describe_all(clusters), where)

    def cluster_of(self, side: str, mention_id: str) -> int | None:
        """Index (into `clusters`) of the cluster holding a mention, or None."""
        return self._where.get((side, mention_id))

    def clusters_of(self, selection: Selection) -> list[int]:
        """Indices of the clusters holding a selected mention (gold clusters first)."""
        if selection.doc_id != self.doc_id:
            return []
        found = {self._where[(GOLD_SIDE, m)] for m in selection.gold_ids if (GOLD_SIDE, m) in self._where}
        found |= {self._where[(SYSTEM_SIDE, m)] for m in selection.system_ids if (SYSTEM_SIDE, m) in self._where}
        return sorted(found)

    def selection_of(self, index: int) -> Selection:
        """The selection showing one cluster's mentions."""
        c = self.clusters[index]
        ids = frozenset(c.mention_ids)
        return Selection(self.doc_id, ids if c.side == GOLD_SIDE else frozenset(),
                         ids if c.side == SYSTEM_SIDE else frozenset())

    def is_shown_by_default(self, index: int) -> bool:
        """`@Coreference` clusters and one-mention clusters with something to say (as the JSON lists them)."""
        c = self.clusters[index]
        return bool(c.relation_id) or c.outcome != "exact"


class Coreference:
    """Coreference of the session's shown comparison (see the module docstring)."""

    def __init__(self, session: Session) -> None:
        self.started = Signal("coreference_started")
        self.changed = Signal("coreference_changed")
        self.failed = Signal("coreference_failed")
        self.session = session
        self.threshold = 1.0
        self.problem: Problem | None = None
        self.state = "none"
        """none (nothing shown), computing, ready, failed or cancelled."""
        self.reverse_source: Reverse | None = None
        self._results: dict[tuple[int, str], tuple[CorefResult, CorefResult | None]] = {}
        """Per (system, combination): the figures both ways, each document's counts only (`figures_only`)."""
        self._scored_from: dict[tuple[int, str], tuple[TbfFile, TbfFile, bool]] = {}
        """Per (system, combination): the gold and system files scored, and whether they have coreference links:
        a shown document's lines and clusters are scored again from them (`document`), not kept for every
        document (6-7 MB of a 4,480-document MAVEN-ERE corpus, issue 34)."""
        self._views: OrderedDict[str, DocumentClusterView] = OrderedDict()
        """The last `VIEWS_KEPT` documents' cluster views, the latest shown last."""
        self._scored_ids: tuple[CorefResult | None, frozenset[str]] = (None, frozenset())
        """A result and the ids of its documents: whether a shown document was scored is a look-up (a pass over
        a 4,480-document result's documents was a millisecond of every document switch)."""
        session.scoring_finished.connect(self._on_result)
        session.combination_changed.connect(lambda _name: self.compute())
        session.result_edited.connect(lambda _ids: self._on_edited())

    # -- what views read ---------------------------------------------------------------------------

    @property
    def key(self) -> tuple[int, str]:
        return self.session.system_index, self.session.combination

    @property
    def result(self) -> CorefResult | None:
        """The coreference of the shown comparison under the current combination (None: not yet)."""
        found = self._results.get(self.key)
        return found[0] if found is not None else None

    @property
    def reverse(self) -> CorefResult | None:
        """Agreement mode: the same pair with the roles swapped (None otherwise)."""
        found = self._results.get(self.key)
        return found[1] if found is not None else None

    def agreement(self) -> tuple[MetricAgreement, ...] | None:
        """Agreement mode: every metric's F1 both ways (None outside it or before it is computed)."""
        result, reverse = self.result, self.reverse
        if result is None or reverse is None:
            return None
        return coreference_agreement(result.total, reverse.total)

    @property
    def figures_only(self) -> bool:
        """Whether the shown result has figures only (files without coreference links: see `compute`)."""
        scored = self._scored_from.get(self.key)
        return self.result is not None and scored is not None and not scored[2]

    def document(self, doc_id: str | None) -> DocumentClusterView | None:
        """One document's clusters (built on first use), or None (also when only figures are kept)."""
        result, doc = self.result, self.session.doc_result(doc_id) if doc_id else None
        scored = self._scored_from.get(self.key)
        if result is None or doc is None or scored is None or not scored[2]:
            return None
        view = self._views.get(doc.doc_id)
        if view is None:
            gold, system, _ = scored
            if self._scored_ids[0] is not result:
                self._scored_ids = (result, frozenset(d.doc_id for d in result.documents))
            if doc.doc_id not in self._scored_ids[1]:
                return None
            coref = score_document_coreference(  # as `score_coreference` scored it: the same lines and clusters
                doc, gold.documents.get(doc.doc_id) or Document(doc.doc_id, ()), system.documents.get(doc.doc_id),
                gold_path=gold.path, system_path=system.path, combination=result.combination,
                threshold=result.threshold)
            view = self._views[doc.doc_id] = DocumentClusterView.build(coref, doc)
            while len(self._views) > VIEWS_KEPT:
                self._views.popitem(last=False)
        self._views.move_to_end(doc.doc_id)
        return view

    def document_counts(self) -> dict[str, CorefDocument]:
        """doc id -> its coreference (scores per metric in `.counts`)."""
        result = self.result
        return {d.doc_id: d for d in result.documents} if result is not None else {}

    # -- computing ---------------------------------------------------------------------------------

    def _on_edited(self) -> None:
        """Edited annotation: the figures computed from the files no longer hold; they are computed again
        (from the edited files) when asked, not on every edit (a 2000-document recomputation per key press
        would slow the edits themselves)."""
        self._results.clear()
        self._scored_from.clear()
        self._views.clear()
        self._scored_ids = (None, frozenset())  # (not the result gone: a corpus's coreference is large)
        self.state = "none"
        self.changed.emit()

    def follow_reverse(self, source: Reverse | None) -> None:
        """The shown comparison with the roles swapped (the Agreement mode's pair), for the symmetric figures."""
        self.reverse_source = source

    def _on_result(self) -> None:
        self._results.clear()
        self._scored_from.clear()
        self._views.clear()
        self._scored_ids = (None, frozenset())  # (not the result gone: a corpus's coreference is large)
        if self.session.roles is None:
            self.reverse_source = None
        self.compute()

    def compute(self) -> None:
        """Compute for the shown result and combination in the background (unless already known)."""
        self._views.clear()
        session = self.session
        result, corpus = session.result, session.corpus
        if result is None or corpus is None:
            self.state = "none"
            self.changed.emit()
            return
        if self.key in self._results:
            self.state = "ready"
            self.changed.emit()
            return
        inputs = corpus.inputs[session.system_index]
        key, threshold, reverse_source = self.key, self.threshold, self.reverse_source
        combination = key[1]
        reverse = reverse_source() if reverse_source is not None else None
        label = "Scoring coreference"

        def work(context: JobContext) -> tuple[CorefResult, CorefResult | None, bool]:
            context.status(f"{label} ({combination})…")
            # each document's figures only: the shown one's lines are scored again (`document`); without a link
            # every mention is a cluster of its own, and no document has clusters to show
            links = uses_relation_kind((inputs.gold, inputs.system), COREFERENCE)
            try:
                forward = score_coreference(result, inputs.gold, inputs.system, combination=combination,
                                            threshold=threshold, progress=context.progress,
                                            cancelled=context.cancelled, figures_only=True)
                backward = None if reverse is None else score_coreference(
                    reverse[0], reverse[1], reverse[2], combination=combination, threshold=threshold,
                    cancelled=context.cancelled, figures_only=True)
            except Cancelled:
                raise JobCancelled() from None
            return forward, backward, links

        def done(value: tuple[CorefResult, CorefResult | None, bool]) -> None:
            if session.result is not result:
                return  # another result was shown meanwhile
            self._results[key] = value[:2]
            self._scored_from[key] = (inputs.gold, inputs.system, value[2])
            self.problem = None
            if self.key == key:
                self.state = "ready"
                self._views.clear()
                self.changed.emit()

        def failed(exc: BaseException) -> None:
            self.state = "failed"
            self.problem = exc.problem if isinstance(exc, FormatError) else Problem(
                inputs.gold.path, 0, f"coreference could not be scored: {type(exc).__name__}: {exc}", "")
            self.failed.emit(self.problem)
            self.changed.emit()

        def cancelled() -> None:
            if session.runner.running(COREF_JOB):
                return  # superseded by a newer coreference job, whose state this is now
            self.state = "cancelled"
            self.changed.emit()

        self.state = "computing"
        self.changed.emit()
        self.started.emit(label)
        session.runner.submit(label, work, done, on_error=failed, on_cancelled=cancelled, key=COREF_JOB)

    def cancel(self) -> None:
        """Stop scoring coreference (the Cancel button); `state` becomes cancelled."""
        if self.state == "computing":
            self.session.runner.cancel(COREF_JOB)
