"""The edit controller: editing actions (menus, context menu, shortcuts), the undo stack and saving.

What the user selected in the text view (words: `TextView.tokens`; a mention: the session's
selection) becomes a `evmeval.editing` edit built by the `EditSession`; the edit goes on a QUndoStack
whose commands apply it (redo) or its inverse (undo) through `EditState.apply`, which hands the
core's rescored result to the session: every view redraws from it, and the summary bar and document
list show before → after until the edits are saved or reverted. Edits change the system side unless
"Edit the gold side" is on. Saving goes to a new file by default; writing over the loaded file needs
a confirmation (the core keeps `FILE.orig`), and relation lines an edit changed are listed first.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Protocol

from evmeval.editing import Edit, EditError, EditSession, Side
from evmeval.editing.saving import is_same_file
from evmeval.editing.scratch import ExistingFiles, scratch_session, write_scratch
from evmeval.io.errors import FormatError, Problem
from evmeval.io.loading import input_folders
from evmeval.model import Mention, SpanMode
from PySide6.QtCore import QObject, Qt, Signal, SignalInstance
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QMenu, QWidget

from evmeval_gui.dialogs import TBF_FILTER
from evmeval_gui.editing.commands import EditCommand
from evmeval_gui.editing.prompts import UNSAVED_DISCARD, UNSAVED_SAVE, Prompts
from evmeval_gui.editing.state import EditState, scratch_corpus
from evmeval_gui.model.jobs import JobContext
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.session import Session
from evmeval_gui.model.text_layout import GOLD, SYSTEM
from evmeval_gui.pickers import REALIS_VALUES, TypePicker
from evmeval_gui.views.text_view import TextView

PREPARE_KEY = "edit-prepare"
INLINE_DOCUMENTS = 100
"""A corpus of at most this many documents builds live rescoring's totals on its first edit itself (~0.15 ms a
document: under 20 ms); a larger one builds them in the background (see `EditController.warm`)."""


class EditHost(Protocol):
    """What the controller needs of the window (its `WindowPort` has it)."""

    @property
    def session(self) -> Session: ...

    def show_message(self, text: str, timeout_ms: int = 8000) -> None: ...

    def report_problem(self, problem: Problem) -> None: ...


class EditController(QObject):
    """Editing actions, the undo stack, saving; `modified_changed(bool)` drives the title's "*"."""

    modified_changed = Signal(bool)
    side_changed = Signal(str)
    """The side the keys now edit ("gold" or "system"): the scratch banner's badge follows it."""

    def __init__(self, host: EditHost, window: QWidget, *, text_view: TextView, keys_on: QWidget) -> None:
        """`text_view`: the view edited in; `keys_on`: the widget whose children the editing keys work in."""
        super().__init__(window)
        self.host = host
        self.window = window
        self.keys_on = keys_on
        self.session = host.session
        self.view = text_view
        self.state = EditState(self.session)
        self.stack = QUndoStack(self)
        self.prompts = Prompts(window)
        self.picker: TypePicker | None = None
        self.menu: QMenu | None = None
        self.scratch: EditSession | None = None
        """The new document from scratch being edited (None: a corpus from files)."""
        self._build_actions()
        self.state.listeners.append(self._on_state)
        self.session.corpus_loaded.connect(self._on_corpus_loaded)
        self.session.scoring_finished.connect(self._on_result)
        self.waiting: Edit | None = None
        """The first edit of a large corpus, pushed once live rescoring's totals are built."""
        self.session.system_changed.connect(lambda _: self.state.forget() if not self.state.modified else None)
        self.session.selection_changed.connect(lambda _: self.update_actions())
        self.view.tokens_selected.connect(self.update_actions)
        self.view.span_dragged.connect(self._on_span_dragged)
        self.view.context_menu.connect(self.show_context_menu)
        self.update_actions()

    # -- actions ------------------------------------------------------------------------------------

    def _action(self, text: str, slot: Callable[[], object], shortcut: str | None = None, tip: str = "") -> QAction:
        action = QAction(text, self.window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setStatusTip(tip)
        action.setToolTip(tip + (f" ({shortcut})" if shortcut else ""))
        action.triggered.connect(lambda _=False: slot())
        self.keys_on.addAction(action)
        return action

    def _stack_action(self, prefix: str, shortcut: str, trigger: Callable[[], None], enabled: bool,
                      enabled_changed: SignalInstance, text_changed: SignalInstance) -> QAction:
        """What `QUndoStack.createUndoAction(window, prefix)` makes ("&Undo Add mention"), made here so that the
        action has a wrapper of its own, never one shiboken still holds for an object that lived at the same
        address (a run on Python 3.13 was once handed a `QStandardItem`; see `window.commands._tool_widget`)."""
        action = QAction(prefix, self.window)
        action.setShortcut(QKeySequence(shortcut))
        action.setEnabled(enabled)
        action.triggered.connect(lambda _=False: trigger())
        enabled_changed.connect(action.setEnabled)
        text_changed.connect(lambda text: action.setText(f"{prefix} {text}" if text else prefix))
        return action

    def _build_actions(self) -> None:
        a = self._action
        stack = self.stack
        self.undo_action = self._stack_action("&Undo", "Ctrl+Z", stack.undo, stack.canUndo(), stack.canUndoChanged,
                                              stack.undoTextChanged)
        self.redo_action = self._stack_action("&Redo", "Ctrl+Shift+Z", stack.redo, stack.canRedo(),
                                              stack.canRedoChanged, stack.redoTextChanged)
        for action in (self.undo_action, self.redo_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.keys_on.addAction(action)
        self.add_action = a("&Add mention…", self.add_mention, "A",
                            "A new mention over the selected words (drag, Shift+click or Shift+arrows to select)")
        self.gold_side_action = a("Edit the &gold side", self._toggle_side, "G",
                                  "Edits change the gold annotation (off: the system annotation)")
        self.gold_side_action.setCheckable(True)
        self.type_action = a("Change &type…", self.change_type, "T", "A new event type for the selected mention")
        self.realis_actions = [a(f"Realis: &{value}", partial(self.set_realis, value), f"Shift+{value[0]}",
                                 f"Set the selected mention's realis to {value}") for value in REALIS_VALUES]
        self.span_action = a("Change &span to the selected words", self.change_span, "S",
                             "The selected mention covers the selected words instead (or drag an end of its bar)")
        self.split_action = a("S&plit: cut the selected words out", self.split, "X",
                              "The selected words leave the mention, which becomes discontinuous")
        self.join_action = a("&Join parts", self.join, "J", "Fill the gaps of a discontinuous mention")
        self.separate_action = a("Separate parts into mentions", self.separate, None,
                                 "Each part of a discontinuous mention becomes a mention of its own")
        self.merge_action = a("&Merge selected mentions", self.merge, "M",
                              "One mention from the selected ones of the edited side (Ctrl+click to select "
                              "several): the first keeps its id, type and realis")
        self.delete_action = a("&Delete mention", self.delete, "Delete", "Remove the selected mention")
        self.save_action = a("&Save edits as…", self.save_as, "Ctrl+S",
                             "Write the edited annotation to a new file (a new document: to a folder)")
        self.save_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.overwrite_action = a("Save edits over the loaded files…", lambda: self.save_as(over_loaded=True), None,
                                  "Write over the opened files, after a confirmation (FILE.orig keeps the original)")
        self.revert_action = a("Re&vert edits", self.ask_revert, None, "Back to the saved files")
        self.mention_actions = [self.type_action, *self.realis_actions, self.span_action, self.split_action,
                                self.join_action, self.separate_action, self.delete_action]

    def edit_menu_actions(self) -> list[QAction | None]:
        """The Edit menu's editing part (None: a separator)."""
        return [self.undo_action, self.redo_action, None, self.add_action, self.type_action, *self.realis_actions,
                self.span_action, self.split_action, self.join_action, self.separate_action, self.merge_action,
                self.delete_action, None, self.gold_side_action]

    def shortcut_actions(self) -> list[QAction]:
        return [x for x in (*self.edit_menu_actions(), self.save_action) if x is not None]

    def update_actions(self) -> None:
        editable = self.state.can_edit and self.view.result_doc is not None
        target = self.target() if editable else None
        words = bool(self.view.tokens.units) and editable
        self.add_action.setEnabled(words)
        self.gold_side_action.setEnabled(self.state.can_edit)
        for action in self.mention_actions:
            action.setEnabled(target is not None)
        self.merge_action.setEnabled(editable and len(self.targets()) >= 2)
        self.span_action.setEnabled(target is not None and words)
        self.split_action.setEnabled(target is not None and words)
        modified = self.state.modified
        self.save_action.setEnabled(modified or (self.scratch is not None and self.state.can_edit))
        self.overwrite_action.setEnabled(modified and self.scratch is None)
        self.revert_action.setEnabled(modified)

    # -- what the user points at ----------------------------------------------------------------------

    @property
    def side(self) -> Side:
        return self.state.side

    def _toggle_side(self) -> None:
        self.state.side = Side.GOLD if self.gold_side_action.isChecked() else Side.SYSTEM
        self.warm()
        self.host.show_message(f"Edits now change the {self.state.side.value} annotation", 4000)
        self.update_actions()
        self.side_changed.emit(self.state.side.value)

    def set_side(self, side: Side) -> None:
        self.gold_side_action.setChecked(side is Side.GOLD)
        self.state.side = side
        self.update_actions()
        self.side_changed.emit(side.value)

    def target(self) -> Mention | None:
        """The selected mention on the side edits go to."""
        doc = self.view.result_doc
        if doc is None:
            return None
        layer = GOLD if self.side is Side.GOLD else SYSTEM
        chosen = sorted(self.view.selected_indices[layer])
        if not chosen:
            return None
        return (doc.gold if layer == GOLD else doc.system)[chosen[0]]

    def targets(self) -> list[Mention]:
        """Every selected mention on the side edits go to, in document order (what Merge joins)."""
        doc = self.view.result_doc
        if doc is None:
            return []
        layer = GOLD if self.side is Side.GOLD else SYSTEM
        mentions = doc.gold if layer == GOLD else doc.system
        return [mentions[i] for i in sorted(self.view.selected_indices[layer])]

    def selected_span(self) -> list:
        """The selected words as a span: token ids, or character ranges."""
        doc = self.view.doc
        if doc is None:
            return []
        labels = [doc.unit_labels[u] for u in self.view.tokens.units]
        if self.session.corpus is not None and self.session.corpus.mode is SpanMode.CHAR:
            return [tuple(int(x) for x in label.split("–")) for label in labels]
        return labels

    def _doc_id(self) -> str | None:
        doc = self.view.result_doc
        return doc.doc_id if doc is not None else None

    # -- edits ----------------------------------------------------------------------------------------

    def _push(self, build: Callable[[EditSession, str], Edit]) -> bool:
        doc_id = self._doc_id()
        if doc_id is None or not self.state.can_edit:
            return False
        if self.waiting is not None:
            self.host.show_message("Live rescoring is being prepared: the edit before this one shows in a moment",
                                   5000)
            return False
        session = self.state.ensure()
        try:
            edit = build(session, doc_id)
        except EditError as exc:
            self.host.show_message(f"Cannot edit: {exc}", 8000)
            return False
        if session.prepared or len(session.result.documents) <= INLINE_DOCUMENTS:
            self.stack.push(EditCommand(edit, self._apply))
        else:  # a large corpus's first edit: the totals are built in the background, the edit applied after
            self.waiting = edit
            self.host.show_message("Preparing live rescoring for the first edit…", 0)
            self.warm()
            self.session.runner.hurry(PREPARE_KEY)  # not after the corpus's other quiet jobs: the user waits
        return True

    def _need_target(self) -> Mention | None:
        m = self.target()
        if m is None:
            self.host.show_message(f"Select a {self.side.value} mention first"
                                   + (" (or switch on Edit › Edit the gold side)" if self.side is Side.SYSTEM else ""),
                                   5000)
        return m

    def add_mention(self) -> TypePicker | None:
        """A (to pick type and realis) for the selected words; the picker is non-blocking."""
        span = self.selected_span()
        if not span:
            self.host.show_message("Select words first (drag over them, Shift+click, or Shift+arrow keys)", 5000)
            return None
        picker = self._picker("New mention", "", with_realis=True)
        picker.accepted.connect(lambda: self.add_mention_now(picker.chosen_type(), picker.chosen_realis(), span))
        return picker

    def add_mention_now(self, mention_type: str, realis: str, span: list | None = None) -> bool:
        span = span if span is not None else self.selected_span()
        return self._push(lambda s, d: s.add_mention(self.side, d, span, mention_type=mention_type, realis=realis))

    def change_type(self) -> TypePicker | None:
        m = self._need_target()
        if m is None:
            return None
        picker = self._picker(f"Type of {m.mention_id}", m.raw_type)
        picker.accepted.connect(lambda: self.set_type(picker.chosen_type(), m))
        return picker

    def set_type(self, mention_type: str, mention: Mention | None = None) -> bool:
        m = mention or self._need_target()
        return m is not None and self._push(lambda s, d: s.change_type(self.side, d, m, mention_type))

    def set_realis(self, realis: str) -> bool:
        m = self._need_target()
        return m is not None and self._push(lambda s, d: s.change_realis(self.side, d, m, realis))

    def change_span(self) -> bool:
        m, span = self._need_target(), self.selected_span()
        return m is not None and bool(span) and self._push(lambda s, d: s.change_span(self.side, d, m, span))

    def split(self) -> bool:
        m, gap = self._need_target(), self.selected_span()
        return m is not None and bool(gap) and self._push(lambda s, d: s.split_mention(self.side, d, m, gap))

    def join(self) -> bool:
        m = self._need_target()
        return m is not None and self._push(lambda s, d: s.join_parts(self.side, d, m))

    def separate(self) -> bool:
        m = self._need_target()
        return m is not None and self._push(lambda s, d: s.separate_parts(self.side, d, m))

    def merge(self) -> bool:
        """The selected mentions of the edited side become one (the first in the text keeps its id)."""
        chosen = self.targets()
        if len(chosen) < 2:
            self.host.show_message(f"Select two {self.side.value} mentions to merge (Ctrl+click the second)", 5000)
            return False
        return self._push(lambda s, d: s.merge_mentions(self.side, d, chosen))

    def delete(self) -> bool:
        m = self._need_target()
        return m is not None and self._push(lambda s, d: s.delete_mention(self.side, d, m))

    def _on_span_dragged(self, layer: int, mention: int, units: object) -> None:
        doc, result_doc = self.view.doc, self.view.result_doc
        if doc is None or result_doc is None or not isinstance(units, tuple):
            return
        side = Side.GOLD if layer == GOLD else Side.SYSTEM
        if side is not self.side:
            self.host.show_message(f"That is a {side.value} mention: switch {'on' if side is Side.GOLD else 'off'} "
                                   "Edit › Edit the gold side to change it", 5000)
            return
        m = (result_doc.gold if layer == GOLD else result_doc.system)[mention]
        self.view.tokens.press(units[0])
        self.view.tokens.drag(units[-1])
        labels = [doc.unit_labels[u] for u in units]
        span = ([tuple(int(x) for x in label.split("–")) for label in labels]
                if self.session.corpus is not None and self.session.corpus.mode is SpanMode.CHAR else labels)
        self._push(lambda s, d: s.change_span(side, d, m, span))

    def _picker(self, title: str, current: str, *, with_realis: bool = False) -> TypePicker:
        if self.picker is not None:
            self.picker.close()
        self.warm()
        picker = TypePicker(self.state.known_types(), title=title, current=current, with_realis=with_realis,
                            parent=self.window)
        picker.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        picker.destroyed.connect(self._forget_picker)
        self.picker = picker
        picker.open()
        return picker

    def _forget_picker(self, *args: object) -> None:
        self.picker = None

    def _apply(self, edit: Edit) -> None:
        """What every command does: the core applies and rescores, then the edited mention is selected."""
        applied = self.state.apply(edit)
        doc_id = edit.doc_id
        if self.session.selection.doc_id != doc_id:
            self.session.select_document(doc_id)
        self.view.tokens.clear()
        self.session.select(self._selection_of(edit.side, doc_id, applied.mention_id))
        if edit.warnings:
            self.host.show_message("; ".join(edit.warnings), 10000)
        self.update_actions()

    def _selection_of(self, side: Side, doc_id: str, mention_id: str | None) -> Selection:
        doc, marks = self.session.doc_result(doc_id), self.session.marks(doc_id)
        if mention_id is None or doc is None or marks is None:
            return Selection(doc_id)
        mentions = doc.gold if side is Side.GOLD else doc.system
        rows = marks.gold_row if side is Side.GOLD else marks.system_row
        for index, m in enumerate(mentions):
            if m.mention_id == mention_id and rows[index] >= 0:
                return Selection.of_rows(doc_id, [marks.rows[rows[index]]])
        return Selection(doc_id)

    # -- context menu -----------------------------------------------------------------------------------

    def add_to_menu(self, menu: QMenu) -> QMenu:
        """Every editing action, with its shortcut, after what `menu` holds (the text view's right click)."""
        if not self.state.can_edit:
            return menu
        self.warm()
        self.update_actions()
        if not menu.isEmpty():
            menu.addSeparator()
        for action in self.edit_menu_actions():
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        self.menu = menu
        return menu

    def show_context_menu(self, menu: object) -> None:
        if isinstance(menu, QMenu):
            self.add_to_menu(menu)

    # -- the state ----------------------------------------------------------------------------------------

    def _on_state(self) -> None:
        self.update_actions()
        self.modified_changed.emit(self.state.modified)

    def _on_corpus_loaded(self) -> None:
        if self.state.edit is None or self.state.edit is not self.scratch:
            self.scratch = None
        self.stack.clear()
        self.view.tokens.clear()
        self.waiting = None
        self.session.runner.cancel(PREPARE_KEY)
        self._on_state()

    def _on_result(self) -> None:
        """A result arrived: an editing session over another result of the files is dropped (nothing is built
        for editing until the user starts to edit: see `warm`)."""
        if not self.state.can_edit:
            return
        if self.state.edit is not None and self.state.edit.result is not self.session.result:
            if self.state.modified:  # another mapping's result of the files: edits would not show in it
                self.host.show_message("The shown figures do not include the unsaved edits: save them, or "
                                       "revert to edit under this mapping", 10000)
                return
            self.state.forget()

    def warm(self) -> None:
        """The user starts to edit (a type picker, the context menu, the side switched, a first edit): the
        running totals live rescoring uses are built in the background now, once, unless they are built."""
        if not self.state.can_edit:
            self.waiting = None
            return
        if self.session.runner.running(PREPARE_KEY):
            return
        edit = self.state.ensure()
        if edit.prepared:
            self._prepared(edit)
            return

        def work(context: JobContext) -> None:
            edit.prepare(context.check)

        self.session.runner.submit("Preparing live rescoring", work, lambda _: self._prepared(edit),
                                   on_cancelled=self._drop_waiting, key=PREPARE_KEY)

    def _prepared(self, edit: EditSession) -> None:
        """The totals are built: the edit that waited for them is applied (if it was made on this session)."""
        waiting, self.waiting = self.waiting, None
        if waiting is None:
            return
        if self.state.edit is not edit:
            self.host.show_message("The edit was not applied: the shown figures changed while live rescoring was "
                                   "prepared", 8000)
            return
        self.host.show_message("Live rescoring prepared", 3000)
        self.stack.push(EditCommand(waiting, self._apply))

    def _drop_waiting(self) -> None:
        if self.waiting is not None and not self.session.runner.running(PREPARE_KEY):
            self.waiting = None
            self.host.show_message("The edit was not applied: live rescoring was not prepared", 8000)

    def ask_revert(self) -> None:
        if self.state.modified and self.prompts.confirm("Revert edits", "Forget every unsaved edit?",
                                                        accept="Revert"):
            self.revert()

    def revert(self) -> None:
        self.state.revert()
        self.stack.clear()
        self.host.show_message("Edits reverted: the saved files are shown", 4000)

    def confirm_discard(self, what: str) -> bool:
        """Before closing or opening something else: Save / Discard / Cancel when there are unsaved edits."""
        if not self.state.modified:
            return True
        answer = self.prompts.unsaved(what)
        if answer == UNSAVED_SAVE:
            return self.save_as() and not self.state.modified
        if answer == UNSAVED_DISCARD:
            self.revert()
            return True
        return False

    # -- saving -------------------------------------------------------------------------------------------

    def save_as(self, *, over_loaded: bool = False) -> bool:
        """Save every edited side (a new document: its folder); False when the user stopped or it failed."""
        if self.scratch is not None and self.state.edit is self.scratch:
            return self.save_scratch()
        if not self.state.modified:
            self.host.show_message("No unsaved edits", 3000)
            return True
        return all(self._save_side(side, over_loaded=over_loaded) for side in self.state.modified_sides())

    def _save_side(self, side: Side, *, over_loaded: bool) -> bool:
        edit = self.state.ensure()
        changes = edit.relation_changes(side)
        details = [f"{doc}: {change}" for doc, change in changes] + [str(p) for p in edit.problems(side)]
        if details and not self.prompts.confirm(
                "Relation changes", f"The edits of the {side.value} annotation change {len(changes)} relation "
                f"line(s) (coreference clusters, links). Save anyway?", details, accept="Save"):
            return False
        loaded = edit.saved_file(side).path
        if over_loaded:
            path: str | None = loaded
        else:
            stem, _ = os.path.splitext(loaded)
            path = self.prompts.save_path(f"Save the edited {side.value} annotation as", stem + ".edited.tbf",
                                          TBF_FILTER)
        if path is None:
            return False
        overwrite = os.path.exists(path) and is_same_file(path, loaded)
        if overwrite and not self.prompts.confirm(
                "Write over the loaded file?", f"{path} is the file you opened. Write the edits over it? The "
                f"first time, the original is kept beside it as {os.path.basename(path)}.orig.",
                accept="Write over it"):
            return False
        docs = tuple(edit.modified_documents(side))
        try:
            saved = edit.save(side, path, overwrite=overwrite, input_folders=self._input_folders())
        except (FormatError, EditError) as exc:
            self.host.show_message(f"Not saved: {exc}", 10000)
            if isinstance(exc, FormatError):
                self.host.report_problem(exc.problem)
            return False
        self._remember_path(side, path)
        self.state.saved(docs)
        self.stack.setClean()
        backup = f"; the original is kept as {saved.backup}" if saved.backup else ""
        self.host.show_message(f"Saved the {side.value} annotation to {path}{backup}", 10000)
        return True

    def _input_folders(self) -> list[tuple[str | None, tuple[str, ...]]]:
        """The token and text folders the shown corpus reads: a saved file never lands among them."""
        corpus = self.session.corpus
        if corpus is None:
            return []
        inputs = corpus.inputs[self.session.system_index]
        return input_folders(inputs.tokens.folder, inputs.tokens.extension, inputs.texts.folder)

    def _remember_path(self, side: Side, path: str) -> None:
        """F5 now reads the saved file."""
        request = self.session.request
        if request is None:
            return
        if side is Side.GOLD:
            self.session.corpus_state.request = replace(request, gold=path)
        else:
            systems = list(request.systems)
            systems[self.session.system_index] = path
            self.session.corpus_state.request = replace(request, systems=tuple(systems))

    # -- a new document from scratch ------------------------------------------------------------------------

    def new_document(self, text: str, doc_id: str = "scratch") -> bool:
        """Show a new document (its tokens from the built-in tokenizer) to mark up; False if the text is unusable."""
        if not self.confirm_discard("starting a new document"):
            return False
        try:
            edit = scratch_session(text, doc_id=doc_id)
        except EditError as exc:
            self.host.show_message(f"Cannot make a document: {exc}", 8000)
            return False
        corpus = scratch_corpus(edit, doc_id)
        self.scratch = edit
        self.state.adopt(edit, corpus)
        self.session.corpus_state.show_loaded(corpus, edit.result, doc_id=doc_id)
        self.host.show_message(f"New document {doc_id}: select words and press A to mark a mention "
                               "(G switches between the system and the gold side)", 10000)
        return True

    def save_scratch(self, folder: str | None = None) -> bool:
        """Write the new document's folder (text, token table, gold.tbf, system.tbf)."""
        edit = self.scratch
        if edit is None:
            return False
        folder = folder or self.prompts.folder("Save the new document into a folder", os.getcwd())
        if folder is None:
            return False
        try:
            try:
                out = write_scratch(edit, folder)
            except ExistingFiles as exc:
                if not self.prompts.confirm("Replace the files?", f"{exc.problem}. Replace the files in {folder}?",
                                            accept="Replace"):
                    return False
                out = write_scratch(edit, folder, overwrite=True)
        except FormatError as exc:  # refused (a link onto another file, a missing parent folder) or failed
            self.host.report_problem(exc.problem)
            return False
        self.state.saved(tuple(edit.gold.documents))
        self.stack.setClean()
        self.host.show_message(f"Saved {out.gold}, {out.system}, tkn/ and txt/ in {folder}", 10000)
        return True
