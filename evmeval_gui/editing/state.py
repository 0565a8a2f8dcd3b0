"""The window's editing state, without Qt: one `evmeval.editing.EditSession` over what the session shows.

The session of the window shows a corpus and one system's result; the first edit builds an
`EditSession` over that gold file, that system file and that result (token tables and texts come from
the corpus's lazy sources), and every edit after it is applied there. The rescored result goes back
to the window's session (`Session.show_edited`), so every view redraws from the core's figures: this
module computes no score. A new document from scratch brings its own `EditSession`
(`evmeval.editing.scratch.scratch_session`), shown through `scratch_corpus`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from evmeval.editing import Edit, EditSession, ScoreDelta, Side
from evmeval.io.errors import FormatError
from evmeval.io.loading import LoadedInputs, TextSource, TokenSource
from evmeval.mention.scoring import ResultKind
from evmeval.model import Mention, TokenTable

from evmeval_gui.model.corpus import LoadedCorpus, OpenRequest
from evmeval_gui.model.session import Session

T = TypeVar("T")


class MemoryTokens(TokenSource):
    """The token tables of documents made in the window (no folder behind them)."""

    def __init__(self, tables: dict[str, TokenTable]) -> None:
        super().__init__(None)
        self.tables = tables

    def table(self, doc_id: str) -> TokenTable | None:
        return self.tables.get(doc_id)

    def ids(self, doc_id: str) -> frozenset[str] | set[str] | None:
        table = self.tables.get(doc_id)
        return table.ids if table is not None else None


class MemoryTexts(TextSource):
    """The texts of documents made in the window."""

    def __init__(self, texts: dict[str, str]) -> None:
        super().__init__(None)
        self.texts = texts

    def text(self, doc_id: str) -> str | None:
        return self.texts.get(doc_id)


def scratch_corpus(edit: EditSession, doc_id: str) -> LoadedCorpus:
    """A `LoadedCorpus` the window can show for a scratch session (its gold and system files, table, text)."""
    context = edit.context(doc_id)
    assert context.tokens is not None and context.text is not None
    inputs = LoadedInputs(edit.gold, edit.system, MemoryTokens({doc_id: context.tokens}),
                          MemoryTexts({doc_id: context.text}))
    return LoadedCorpus(OpenRequest(edit.gold.path, (edit.system.path,)), (inputs,))


@dataclass(frozen=True)
class Applied:
    """What one applied edit did: the edit, the figures before → after, and the mention it left selected."""

    edit: Edit
    delta: ScoreDelta
    mention_id: str | None


class EditState:
    """The editing session of what the window shows (built on the first edit), and the side edits go to.

    `changed` listeners are called after every apply, revert and save (the window updates its title,
    actions and undo stack's clean state).
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.edit: EditSession | None = None
        self.side = Side.SYSTEM
        self.listeners: list[Callable[[], None]] = []
        session.corpus_loaded.connect(self._on_corpus_loaded)

    # -- the editing session ----------------------------------------------------------------------------

    _adopted_corpus: LoadedCorpus | None = None

    def _on_corpus_loaded(self) -> None:
        """A newly opened corpus: its edits start from its files (a scratch session is adopted before)."""
        if self.edit is not None and self._adopted_corpus is self.session.corpus:
            return
        self.forget()

    def forget(self) -> None:
        """Drop the editing session (another corpus or system is shown; its edits were saved or discarded)."""
        self.edit = None
        self._adopted_corpus = None
        self._notify()

    def adopt(self, edit: EditSession, corpus: LoadedCorpus) -> None:
        """Edit `edit` (a scratch document) once the window shows `corpus`."""
        self.edit = edit
        self._adopted_corpus = corpus

    @property
    def can_edit(self) -> bool:
        """Editing applies to a scored corpus (not to two annotators compared)."""
        result = self.session.result
        return result is not None and result.kind is ResultKind.SCORING and self.session.roles is None

    def ensure(self) -> EditSession:
        """The editing session, built from the shown corpus and result on first use."""
        if self.edit is not None:
            return self.edit
        corpus, result = self.session.corpus, self.session.result
        if corpus is None or result is None or not self.can_edit:
            raise RuntimeError("nothing to edit: open a corpus first")
        inputs = corpus.inputs[self.session.system_index]
        self.edit = EditSession(inputs.gold, inputs.system, result, tokens=_quiet(inputs.tokens.table),
                                texts=_quiet(inputs.texts.text))
        self._adopted_corpus = corpus
        return self.edit

    @property
    def modified(self) -> bool:
        return self.edit is not None and self.edit.modified

    def modified_sides(self) -> list[Side]:
        edit = self.edit
        return [s for s in (Side.GOLD, Side.SYSTEM) if edit is not None and edit.modified_documents(s)]

    # -- applying ---------------------------------------------------------------------------------------

    def apply(self, edit: Edit) -> Applied:
        """Apply an edit (or an inverse, for undo): the core rescores, the window's session shows it."""
        session = self.ensure()
        delta = session.apply(edit)
        self.session.corpus_state.show_edited(session.result, delta, (edit.doc_id,), self._edited_corpus())
        ids = edit.change.mention_ids
        doc = session.document(edit.side, edit.doc_id)
        mention_id = next((i for i in ids if any(m.mention_id == i for m in doc.mentions)), None)
        self._notify()
        return Applied(edit, delta, mention_id)

    def revert(self) -> None:
        """Back to the saved files (the window clears its undo stack)."""
        if self.edit is None:
            return
        docs = self.edit.modified_documents()
        delta = self.edit.revert()
        self.session.corpus_state.show_edited(self.edit.result, delta, docs, self._edited_corpus())
        self._notify()

    def saved(self, doc_ids: tuple[str, ...]) -> None:
        """After a save: the figures' "before" is now the saved file (the core rebased it)."""
        if self.edit is not None:
            self.session.corpus_state.show_edited(self.edit.result, self.edit.delta(), doc_ids, self._edited_corpus())
        self._notify()

    def _edited_corpus(self) -> LoadedCorpus | None:
        """The shown corpus with the current (edited) gold and system files, so that whatever reads the
        files (coreference, exports) sees what the figures count."""
        corpus, edit = self.session.corpus, self.edit
        if corpus is None or edit is None:
            return None
        index = self.session.system_index
        inputs = tuple(replace(i, gold=edit.gold, system=edit.system if k == index else i.system)
                       for k, i in enumerate(corpus.inputs))
        updated = replace(corpus, inputs=inputs)
        if self._adopted_corpus is corpus:
            self._adopted_corpus = updated
        return updated

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener()

    # -- looking up what the views show -----------------------------------------------------------------

    def mention(self, side: Side, doc_id: str, mention_id: str) -> Mention | None:
        """The current mention with this id on one side (what an edit refers to)."""
        doc = self.ensure().document(side, doc_id)
        return next((m for m in doc.mentions if m.mention_id == mention_id), None)

    def known_types(self) -> list[str]:
        """The types of the shown corpus, as first written (for the type picker)."""
        result = self.session.result
        spelled: dict[str, str] = {}
        if result is not None:
            for doc in result.documents:
                for m in (*doc.gold, *doc.system):
                    spelled.setdefault(m.mention_type, m.raw_type)
        return sorted(spelled.values(), key=str.lower)


def _quiet(lookup: Callable[[str], T | None]) -> Callable[[str], T | None]:
    """A table or text lookup that answers None for an unreadable file (the edit then keeps ids as given)."""
    def read(doc_id: str) -> T | None:
        try:
            return lookup(doc_id)
        except FormatError:
            return None
    return read
