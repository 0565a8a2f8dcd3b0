"""Event sequencing in the window (no Qt): when to score it, the link rows a view shows, its options.

When a scored corpus has `@After` / `@Subevent` lines, `SequencingModel` asks the core
(`evmeval.sequencing.scoring.score_sequencing`, v1.8's `-a` rules, both closures) in the background
through the session's runner, so the window keeps its progress bar, Cancel button and error dialog
(`file:line`, e.g. where v1.8 crashes). Pairs linked both ways, which v1.8 refuses unless -nv, leave
sequencing unscored (`skipped`: every pair, file:line) while mentions and coreference still show;
`validate = False` is `-nv`. It never computes a figure itself.

Views (arcs on the text, the link table, the document list column, the summary figure, the charts)
read `rows(doc_id)`, `evaluation(...)` and the options (which link types are drawn, which closure
colours them) and follow `sequencing_changed` / `options_changed`.

The corpus run keeps each document's figures only (`keep_outcomes=False`: MAVEN-ERE's 1.2M gold links'
outcomes held hundreds of MB); `rows(doc_id)` scores the one document shown (`score_one_document`, the
same rules: evaluations are per document) and keeps the last `ROWS_KEPT` documents' rows.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace

from evmeval.mention.scoring import ScoreResult
from evmeval.sequencing.scoring import (
    DEFAULT_MAPPING,
    Evaluation,
    SequencingRefused,
    SequencingResult,
    SequencingSkipped,
    score_one_document,
    score_sequencing,
)

from evmeval_gui.model import collector
from evmeval_gui.model.corpus import LoadedCorpus
from evmeval_gui.model.events import Signal
from evmeval_gui.model.formatting import percent
from evmeval_gui.model.jobs import JobContext
from evmeval_gui.model.session import Session

LINK_TYPES: tuple[str, ...] = ("After", "Subevent")
"""The link types a user toggles (each is scored in its own evaluation)."""
CLOSURES: tuple[str, ...] = ("published", "full")
CLOSURE_NAMES = {"published": "v1.8", "full": "full closure, ours"}
"""Short names for controls and column headers; "full" is EvmEval Studio's order-independent variant."""
SUMMARY_EVALUATION = "All"
"""The evaluation the summary bar and the document list show (v1.8's `All`: both link types together)."""


@dataclass(frozen=True)
class LinkRow:
    """One link of one side, with its outcome under each closure (`""`: that closure has no figures)."""

    doc_id: str
    side: str
    """"gold" or "system"."""
    kind: str
    """"After" or "Subevent"."""
    source: str
    target: str
    line: int
    published: str
    full: str
    violation: bool

    def outcome(self, closure: str) -> str:
        return self.published if closure == "published" else self.full

    @property
    def mentions(self) -> tuple[str, str]:
        return self.source, self.target


ROWS_KEPT = 8
"""How many documents' link rows `SequencingModel.rows` keeps (each scored again when shown after)."""
SEQUENCING_JOB = "sequencing"
"""The runner key of sequencing work: it neither supersedes nor is superseded by the main job."""


def score_corpus(corpus: LoadedCorpus, index: int, result: ScoreResult, context: JobContext, *,
                 validate: bool = True) -> SequencingResult | SequencingSkipped:
    """The background work: both closures of v1.8's sequencing scores for one system of the corpus.

    An evaluation v1.8 cannot finish (its weight's division by zero) is left out (`failures`), so the
    other figures still show; pairs linked both ways (unless `validate` is False, v1.8's -nv) give
    `SequencingSkipped`; what v1.8 crashes on raises `SequencingError` (file:line)."""
    def progress(done: int, total: int) -> None:
        context.check()
        context.progress(done, total)

    inputs = corpus.inputs[index]
    context.status("Scoring event sequencing (After, Subevent)…")
    try:
        seq = score_sequencing(result, inputs.gold, inputs.system, mapping=DEFAULT_MAPPING, validate=validate,
                               closures=CLOSURES, strict=False, keep_links=False, keep_outcomes=False,
                               progress=progress)
    except SequencingRefused as refused:
        return SequencingSkipped(refused.problems)
    context.check()
    return seq


def scored_document(corpus: LoadedCorpus, index: int, result: ScoreResult, seq: SequencingResult,
                    doc_id: str) -> SequencingResult | None:
    """One document's figures and link outcomes, scored alone as `score_corpus` scored it in the corpus
    (None: not a scored document), with only the evaluations the corpus run finished; only the link types'
    (`document_rows` reads no "All": a quarter of the scoring a switch waits for)."""
    inputs = corpus.inputs[index]
    try:
        one = score_one_document(result, inputs.gold, inputs.system, doc_id, mapping=seq.mapping,
                                 validate=seq.validated, closures=CLOSURES, evaluations=LINK_TYPES)
    except KeyError:
        return None
    kept = {closure: {name: e for name, e in evaluations.items() if name in seq.evaluations.get(closure, {})}
            for closure, evaluations in one.evaluations.items()}
    return replace(one, evaluations=kept)


def document_rows(seq: SequencingResult, doc_id: str) -> list[LinkRow]:
    """The links of one document: gold then system, each type scored in its own evaluation."""
    rows: list[LinkRow] = []
    for kind in LINK_TYPES:
        per_closure = {}
        for closure in CLOSURES:
            evaluation = seq.evaluations.get(closure, {}).get(kind)
            doc = evaluation.document(doc_id) if evaluation is not None else None
            if doc is not None:
                per_closure[closure] = {(o.side, o.source, o.target): o for o in doc.outcomes}
        keys = list(dict.fromkeys(k for outcomes in per_closure.values() for k in outcomes))
        for key in keys:
            found = [per_closure[c][key] for c in CLOSURES if key in per_closure.get(c, {})]
            first = found[0]
            outcome = {c: per_closure[c][key].outcome if key in per_closure.get(c, {}) else "" for c in CLOSURES}
            rows.append(LinkRow(doc_id, first.side, kind, first.source, first.target, first.line,
                                outcome["published"], outcome["full"], any(o.violation for o in found)))
    rows.sort(key=lambda r: (r.side != "gold", r.line, r.kind, r.source, r.target))
    return rows


class SequencingModel:
    """Sequencing scores of the session's current result, and how the window shows them.

    Signals: `sequencing_changed()` (a result or a `skipped` note arrived, or was forgotten),
    `options_changed()` (link types shown, colouring closure). `message(text)` is called with a one-line
    summary when scored (or skipped).
    """

    def __init__(self, session: Session, *, message: Callable[[str], None] | None = None) -> None:
        self.session = session
        self.sequencing_changed = Signal("sequencing_changed")
        self.options_changed = Signal("options_changed")
        self.message = message
        self.result: SequencingResult | None = None
        self.skipped: SequencingSkipped | None = None
        """Set instead of `result` when v1.8 refuses the links (pairs linked both ways) and `validate` is on."""
        self.validate = True
        """False: v1.8's `-nv` (`evmeval-gui -nv`), pairs linked both ways are scored."""
        self.shown_types: frozenset[str] = frozenset(LINK_TYPES)
        self.closure = "published"
        self.enabled = True
        self._key: tuple[int, int] | None = None
        self._rows: OrderedDict[str, list[LinkRow]] = OrderedDict()
        self._one: Callable[[str], SequencingResult | None] | None = None
        """Scores one document of the installed result (`scored_document`)."""
        session.scoring_finished.connect(self._on_scoring_finished)

    # -- scoring ----------------------------------------------------------------------------------

    def _on_scoring_finished(self) -> None:
        session, corpus, result = self.session, self.session.corpus, self.session.result
        key = (id(result), session.system_index)
        if key == self._key:
            return
        self._forget()
        if not self.enabled or corpus is None or result is None or session.roles is not None:
            return
        inputs = corpus.inputs[session.system_index]
        if not session.link_types(inputs.gold, inputs.system):
            return
        index = session.system_index

        validate = self.validate

        def work(context: JobContext) -> SequencingResult | SequencingSkipped:
            with collector.paused():  # its graphs' objects: full collections in it held the interpreter 20-30 ms
                return score_corpus(corpus, index, result, context, validate=validate)

        def done(value: object) -> None:
            if session.result is not result:
                return
            if isinstance(value, SequencingResult):
                seq = value
                self._install(seq, key, lambda doc_id: scored_document(corpus, index, result, seq, doc_id))
            elif isinstance(value, SequencingSkipped):
                self._skip(value, key)

        session.run_job("Scoring event sequencing", work, done, path=inputs.system.path, key=SEQUENCING_JOB)

    def _forget(self) -> None:
        had = self.result is not None or self.skipped is not None
        self.result, self.skipped, self._key, self._one = None, None, None, None
        self._rows.clear()
        if had:
            self.sequencing_changed.emit()

    def _skip(self, skipped: SequencingSkipped, key: tuple[int, int]) -> None:
        self.skipped, self._key = skipped, key
        self.sequencing_changed.emit()
        if self.message is not None:
            self.message(skipped.headline()[0].upper() + skipped.headline()[1:])

    def _install(self, seq: SequencingResult, key: tuple[int, int],
                 one: Callable[[str], SequencingResult | None]) -> None:
        self.result, self._key, self._one = seq, key, one
        self._rows.clear()
        self.sequencing_changed.emit()
        if self.message is not None:
            self.message(self.summary_text())

    def summary_text(self) -> str:
        """`Event sequencing: All F1 75.00 % (v1.8), 80.00 % (full closure, ours)`."""
        parts = []
        for closure in CLOSURES:
            f1 = self.corpus_f1(closure)
            if f1 is not None:
                parts.append(f"{percent(f1, unit=True)} ({CLOSURE_NAMES[closure]})")
        return "Event sequencing: All F1 " + (", ".join(parts) if parts else "not available")

    # -- reading ----------------------------------------------------------------------------------

    def files_without_links(self) -> list[str]:
        """Which of "gold" and "system" (the shown one) have no After or Subevent link: v1.8 still
        reports a figure then (0 or undefined), which measures no sequencing."""
        corpus = self.session.corpus
        if corpus is None or self.result is None:
            return []
        inputs = corpus.inputs[min(max(self.session.system_index, 0), len(corpus.inputs) - 1)]
        return [side for side, f in (("gold", inputs.gold), ("system", inputs.system))
                if not self.session.link_types(f)]

    def evaluation(self, name: str, closure: str = "published") -> Evaluation | None:
        if self.result is None:
            return None
        return self.result.evaluations.get(closure, {}).get(name)

    def corpus_f1(self, closure: str = "published", name: str = SUMMARY_EVALUATION) -> float | None:
        evaluation = self.evaluation(name, closure)
        return evaluation.corpus.f1 if evaluation is not None else None

    def document_f1(self, doc_id: str, closure: str = "published", name: str = SUMMARY_EVALUATION) -> float | None:
        """A document's F1 (NaN: the document has no links on one side; None: not scored)."""
        evaluation = self.evaluation(name, closure)
        doc = evaluation.document(doc_id) if evaluation is not None else None
        return doc.f1 if doc is not None else None

    def rows(self, doc_id: str | None) -> list[LinkRow]:
        """Every link of a document, whatever the options; views filter by `shown_types`. Scored when
        first asked for (the corpus result has figures only), the last `ROWS_KEPT` documents kept."""
        if self.result is None or self._one is None or doc_id is None:
            return []
        rows = self._rows.get(doc_id)
        if rows is None:
            one = self._one(doc_id)
            rows = self._rows[doc_id] = document_rows(one, doc_id) if one is not None else []
            while len(self._rows) > ROWS_KEPT:
                self._rows.popitem(last=False)
        self._rows.move_to_end(doc_id)
        return rows

    def shown_rows(self, doc_id: str | None) -> list[LinkRow]:
        return [r for r in self.rows(doc_id) if r.kind in self.shown_types]

    # -- options ----------------------------------------------------------------------------------

    def set_type_shown(self, kind: str, shown: bool) -> None:
        """Draw (or hide) the links of one type on the text and in the table."""
        if kind not in LINK_TYPES:
            raise ValueError(f"unknown link type {kind!r}; expected one of {', '.join(LINK_TYPES)}")
        types = self.shown_types | {kind} if shown else self.shown_types - {kind}
        if types != self.shown_types:
            self.shown_types = frozenset(types)
            self.options_changed.emit()

    def set_closure(self, closure: str) -> None:
        """Colour the links by their outcome under v1.8's closure ("published") or ours ("full")."""
        if closure not in CLOSURES:
            raise ValueError(f"unknown closure {closure!r}; expected one of {', '.join(CLOSURES)}")
        if closure != self.closure:
            self.closure = closure
            self.options_changed.emit()
