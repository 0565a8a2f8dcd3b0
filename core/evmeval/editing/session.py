"""An editing session without Qt: the saved and current annotation of both sides, and their scores.

The window builds edits here (`add_mention`, `change_type`, ... return an `Edit`, nothing changes
yet), applies them (`apply`, from a QUndoCommand's redo; its undo applies `edit.inverse()`), and
shows `ScoreDelta`: every figure before (the saved files) and after (the current annotation). Each
apply rescores the one document through `evmeval.mention.scoring.rescore_document`; this module never
computes a score. Saving writes one side (`save`) with the rules of `evmeval.editing.saving`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from evmeval.editing import operations as ops
from evmeval.editing.operations import DocumentEdit, MentionRef, RelationChange
from evmeval.editing.saving import SavedFile, save_tbf
from evmeval.editing.spans import DocumentContext, EditError
from evmeval.io.errors import Problem
from evmeval.io.validate import check_file
from evmeval.io.writing import InputFolders
from evmeval.mention.prf import Average, Score
from evmeval.mention.scoring import ScoreResult, filter_types, rescore_document
from evmeval.model import Document, TbfFile, TokenTable

TableLookup = Callable[[str], "TokenTable | None"]
TextLookup = Callable[[str], "str | None"]


class Side(str, Enum):
    """Which annotation an edit changes."""

    GOLD = "gold"
    SYSTEM = "system"


@dataclass(frozen=True)
class Edit:
    """A `DocumentEdit` of one side's document: what the undo stack holds."""

    side: Side
    doc_id: str
    change: DocumentEdit

    @property
    def description(self) -> str:
        return f"{self.change.description} ({self.side.value})"

    @property
    def warnings(self) -> tuple[str, ...]:
        return self.change.warnings

    def inverse(self) -> Edit:
        return Edit(self.side, self.doc_id, self.change.inverse())


@dataclass(frozen=True)
class FigureChange:
    """One figure before and after, as fractions (NaN when undefined)."""

    before: float
    after: float

    @property
    def changed(self) -> bool:
        return _shown(self.before) != _shown(self.after)

    @property
    def difference(self) -> float:
        """After minus before, in percentage points of the shown (two-decimal) values; NaN if either
        is undefined. Taken from the rounded values, so the label's three numbers add up."""
        a, b = _shown(self.after), _shown(self.before)
        return math.nan if a is None or b is None else round(a - b, 2)

    def text(self) -> str:
        """`78.03 → 78.11 (+0.08)`, or just `78.03` when unchanged; undefined shows as `—`."""
        before, after = _shown(self.before), _shown(self.after)
        if before == after:
            return _pct(before)
        diff = "" if before is None or after is None else f" ({after - before:+.2f})"
        return f"{_pct(before)} → {_pct(after)}{diff}"

    def short_text(self) -> str:
        """`78.03 → 78.11`, without the difference (a narrow column; its tooltip has `text()`)."""
        before, after = _shown(self.before), _shown(self.after)
        return _pct(before) if before == after else f"{_pct(before)} → {_pct(after)}"


def _shown(value: float) -> float | None:
    return None if math.isnan(value) else round(100 * value, 2)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


MEASURES = ("precision", "recall", "f1")
CACHED_CONTEXTS = 8


@dataclass(frozen=True)
class DocumentDelta:
    """One edited document's scores per combination, saved (`before`, None when the document was not
    scored) and current (`after`)."""

    doc_id: str
    before: dict[str, Score] | None
    after: dict[str, Score] | None

    def figure(self, combination: str, measure: str = "f1") -> FigureChange:
        nan = math.nan
        return FigureChange(getattr(self.before[combination], measure) if self.before else nan,
                            getattr(self.after[combination], measure) if self.after else nan)


@dataclass(frozen=True)
class ScoreDelta:
    """Corpus figures of the saved files (`*_before`) and of the current annotation (`*_after`), and
    the documents whose annotation differs from the saved one."""

    micro_before: dict[str, Score]
    micro_after: dict[str, Score]
    macro_before: dict[str, Average]
    macro_after: dict[str, Average]
    documents: tuple[DocumentDelta, ...]

    def micro(self, combination: str, measure: str = "f1") -> FigureChange:
        return FigureChange(getattr(self.micro_before[combination], measure),
                            getattr(self.micro_after[combination], measure))

    def macro(self, combination: str, measure: str = "f1") -> FigureChange:
        return FigureChange(getattr(self.macro_before[combination], measure),
                            getattr(self.macro_after[combination], measure))

    def document(self, doc_id: str) -> DocumentDelta | None:
        return next((d for d in self.documents if d.doc_id == doc_id), None)

    @property
    def changed(self) -> bool:
        return bool(self.documents)


def _empty(doc_id: str) -> Document:
    return Document(doc_id, ())


@dataclass
class EditSession:
    """Saved and current annotation of both sides, the scores of each, and the edits between them.

    `result` must be the scoring of `gold` against `system` (with `type_whitelist`, if any); `tokens`
    and `texts` give a document's token table and text (for token ids, ordering, and text fields).
    """

    gold: TbfFile
    system: TbfFile
    result: ScoreResult
    type_whitelist: frozenset[str] | None = None
    tokens: TableLookup | None = None
    texts: TextLookup | None = None
    default_run_ids: dict[Side, str] = field(default_factory=dict)
    """Run ids of new mentions in a file that has none yet (default: "gold" / "system")."""
    saved_gold: TbfFile = field(init=False)
    saved_system: TbfFile = field(init=False)
    baseline: ScoreResult = field(init=False)
    """The scores of the saved files: the "before" of every delta."""
    _touched: set[tuple[Side, str]] = field(default_factory=set, init=False, repr=False)
    _scored: set[str] = field(default_factory=set, init=False, repr=False)
    _contexts: dict[str, DocumentContext] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self.saved_gold, self.saved_system, self.baseline = self.gold, self.system, self.result
        self._scored.update(d.doc_id for d in self.result.documents)

    def prepare(self, step: Callable[[], None] | None = None) -> None:
        """Build the per-document totals live rescoring needs (~0.3 s on 2000 documents) now, e.g. in a
        background job, rather than on the first edit; `step` is called between documents (a job's
        cancel check, where it pauses while the user switches documents)."""
        from evmeval.mention.running import totals_of

        totals_of(self.result, step)

    @property
    def prepared(self) -> bool:
        """Whether `prepare` has run for the current result (else the next edit builds the totals itself)."""
        from evmeval.mention.running import has_totals

        return has_totals(self.result)

    # --- reading ---------------------------------------------------------------------------------------

    def file(self, side: Side) -> TbfFile:
        return self.gold if side is Side.GOLD else self.system

    def saved_file(self, side: Side) -> TbfFile:
        return self.saved_gold if side is Side.GOLD else self.saved_system

    def document(self, side: Side, doc_id: str) -> Document:
        """The current document (an empty one when the side does not have it)."""
        return self.file(side).documents.get(doc_id) or _empty(doc_id)

    def saved_document(self, side: Side, doc_id: str) -> Document:
        return self.saved_file(side).documents.get(doc_id) or _empty(doc_id)

    def context(self, doc_id: str) -> DocumentContext:
        """The document's mode, tokens and text; the last few are kept (their token index is reused)."""
        context = self._contexts.pop(doc_id, None)
        if context is None:
            context = DocumentContext(self.gold.mode, self.tokens(doc_id) if self.tokens else None,
                                      self.texts(doc_id) if self.texts else None)
        self._contexts[doc_id] = context
        while len(self._contexts) > CACHED_CONTEXTS:
            del self._contexts[next(iter(self._contexts))]
        return context

    def run_id(self, side: Side, doc_id: str) -> str:
        """The run id new mentions of this side take: the document's, else the file's first one."""
        doc = self.document(side, doc_id)
        if doc.mentions:
            return doc.mentions[0].run_id
        first = next((d for d in self.file(side).documents.values() if d.mentions), None)
        return ops.run_id_of(first) if first else self.default_run_ids.get(side, side.value)

    # --- making edits (nothing changes until `apply`) ---------------------------------------------------

    def _edit(self, side: Side, doc_id: str, change: Callable[[Document], DocumentEdit]) -> Edit:
        return Edit(side, doc_id, change(self.document(side, doc_id)))

    def add_mention(self, side: Side, doc_id: str, span: Sequence, *, mention_type: str, realis: str,
                    mention_id: str | None = None, text: str | None = None) -> Edit:
        return self._edit(side, doc_id, lambda d: ops.add_mention(
            d, span, mention_type=mention_type, realis=realis, context=self.context(doc_id), mention_id=mention_id,
            run_id=self.run_id(side, doc_id), text=text))

    def delete_mention(self, side: Side, doc_id: str, ref: MentionRef) -> Edit:
        return self._edit(side, doc_id, lambda d: ops.delete_mention(d, ref))

    def change_span(self, side: Side, doc_id: str, ref: MentionRef, span: Sequence) -> Edit:
        return self._edit(side, doc_id, lambda d: ops.change_span(d, ref, span, context=self.context(doc_id)))

    def change_type(self, side: Side, doc_id: str, ref: MentionRef, mention_type: str) -> Edit:
        return self._edit(side, doc_id, lambda d: ops.change_type(d, ref, mention_type))

    def change_realis(self, side: Side, doc_id: str, ref: MentionRef, realis: str) -> Edit:
        return self._edit(side, doc_id, lambda d: ops.change_realis(d, ref, realis))

    def split_mention(self, side: Side, doc_id: str, ref: MentionRef, gap: Sequence) -> Edit:
        return self._edit(side, doc_id, lambda d: ops.split_mention(d, ref, gap, context=self.context(doc_id)))

    def join_parts(self, side: Side, doc_id: str, ref: MentionRef) -> Edit:
        return self._edit(side, doc_id, lambda d: ops.join_parts(d, ref, context=self.context(doc_id)))

    def merge_mentions(self, side: Side, doc_id: str, refs: Sequence[MentionRef]) -> Edit:
        return self._edit(side, doc_id, lambda d: ops.merge_mentions(d, refs, context=self.context(doc_id)))

    def separate_parts(self, side: Side, doc_id: str, ref: MentionRef) -> Edit:
        return self._edit(side, doc_id, lambda d: ops.separate_parts(d, ref, context=self.context(doc_id)))

    # --- applying --------------------------------------------------------------------------------------

    def apply(self, edit: Edit) -> ScoreDelta:
        """Put `edit.change.after` in place and rescore its document. Raises `EditError` when the
        document is not `edit.change.before` (an edit applied out of order)."""
        current = self.document(edit.side, edit.doc_id)
        if current is not edit.change.before and current != edit.change.before:
            raise EditError(f"the edit '{edit.description}' was made on another version of {edit.doc_id!r}")
        self._put(edit.side, edit.doc_id, edit.change.after)
        self._touched.add((edit.side, edit.doc_id))
        self.result = self._rescored(self.result, edit.doc_id, self.document(Side.GOLD, edit.doc_id),
                                     self.document(Side.SYSTEM, edit.doc_id))
        return self.delta()

    def _put(self, side: Side, doc_id: str, doc: Document) -> None:
        documents = dict(self.file(side).documents)
        if not doc.mentions and not doc.relations and doc_id not in self.saved_file(side).documents:
            documents.pop(doc_id, None)  # undoing the first mention of a new document leaves no trace
        else:
            documents[doc_id] = doc
        tbf = replace(self.file(side), documents=documents)
        if side is Side.GOLD:
            self.gold = tbf
        else:
            self.system = tbf

    def _rescored(self, result: ScoreResult, doc_id: str, gold: Document, system: Document) -> ScoreResult:
        if doc_id not in self._scored:  # a system-only document (or one left out with -dn): no figure moves
            return result
        return rescore_document(result, doc_id, filter_types(gold.mentions, self.type_whitelist),
                                filter_types(system.mentions, self.type_whitelist))

    def revert(self) -> ScoreDelta:
        """Back to the saved files and their scores (the window clears its undo stack)."""
        self.gold, self.system, self.result = self.saved_gold, self.saved_system, self.baseline
        self._touched.clear()
        return self.delta()

    # --- what changed ---------------------------------------------------------------------------------

    def modified_documents(self, side: Side | None = None) -> list[str]:
        """Ids of the documents whose current annotation differs from the saved one (sorted)."""
        sides = (side,) if side is not None else (Side.GOLD, Side.SYSTEM)
        return sorted({d for s, d in self._touched if s in sides and self.document(s, d) != self.saved_document(s, d)})

    @property
    def modified(self) -> bool:
        return bool(self.modified_documents())

    def delta(self) -> ScoreDelta:
        """Saved and current figures: corpus micro and macro, and each modified document's."""
        docs = []
        for doc_id in self.modified_documents():
            scored = doc_id in self._scored
            docs.append(DocumentDelta(doc_id, self.baseline.document(doc_id).scores if scored else None,
                                      self.result.document(doc_id).scores if scored else None))
        return ScoreDelta(self.baseline.micro, self.result.micro, self.baseline.macro, self.result.macro,
                          tuple(docs))

    def relation_changes(self, side: Side) -> list[tuple[str, RelationChange]]:
        """`(doc id, change)` for every relation line that differs from the saved file: the warning
        the window shows before saving (a deleted mention's clusters ...)."""
        return [(d, c) for d in self.modified_documents(side)
                for c in ops.relation_diff(self.saved_document(side, d), self.document(side, d))]

    def problems(self, side: Side) -> list[Problem]:
        """What `evmeval-validate` would report about the current annotation of one side."""
        return check_file(self.file(side), self._unknown_ids if self.tokens else None)

    def _unknown_ids(self, doc_id: str, ids: list[str]) -> list[str] | None:
        table = self.tokens(doc_id) if self.tokens else None
        return None if table is None else table.unknown_ids(ids)

    # --- saving ---------------------------------------------------------------------------------------

    def save(self, side: Side, path: str, *, overwrite: bool = False, other_inputs: Collection[str] = (),
             input_folders: InputFolders = ()) -> SavedFile:
        """Write one side to `path` (see `evmeval.editing.saving.save_tbf`; the other side's file is never
        written). Afterwards that side's saved state is the current one, at `path`, and the "before"
        figures are those of the files now saved."""
        other = self.saved_file(Side.SYSTEM if side is Side.GOLD else Side.GOLD).path
        saved = save_tbf(self.file(side), path, loaded_path=self.saved_file(side).path,
                         other_inputs=[other, *other_inputs], input_folders=input_folders, overwrite=overwrite,
                         unknown_ids=self._unknown_ids if self.tokens else None)
        self.mark_saved(side, path)
        return saved

    def mark_saved(self, side: Side, path: str) -> None:
        """One side's current annotation is now saved at `path` (called by `save` and by writers of
        other layouts, such as `evmeval.editing.scratch.write_scratch`)."""
        current = replace(self.file(side), path=path)
        if side is Side.GOLD:
            self.gold = self.saved_gold = current
        else:
            self.system = self.saved_system = current
        self._rebase()

    def _rebase(self) -> None:
        """The baseline becomes the scores of the saved files: the current result, with the documents
        still modified on the unsaved side scored in their saved version."""
        baseline = self.result
        for doc_id in self.modified_documents():
            baseline = self._rescored(baseline, doc_id, self.saved_document(Side.GOLD, doc_id),
                                      self.saved_document(Side.SYSTEM, doc_id))
        self.baseline = baseline
        self._touched = {(s, d) for s, d in self._touched if self.document(s, d) != self.saved_document(s, d)}
