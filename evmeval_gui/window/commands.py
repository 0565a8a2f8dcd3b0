"""The window's commands: its actions, menus and toolbar, built once from the parts they drive.

A part of the window, not a mixin: `MainWindow` builds one, giving it the window to put the actions,
menus and toolbar in, the parts the actions drive (session, navigation, text view, help, editing, the
agreement and compare modes, built when first wanted, the report export) and the shell's own commands
(`ShellCommands`: open, demo, reload, quit, …). It keeps its widgets following the session (the attribute
combination, the system shown, the systems of a new corpus) and is told what is possible (`update`). Places others
add to: the View menu (`view_menu`, `add_view_action`), the toolbar (`add_toolbar_toggle`) and the
shortcuts Help lists (`extra_shortcuts`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from evmeval.align import COMBINATIONS
from evmeval.rules import Combination
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QMainWindow,
    QMenu,
    QSizePolicy,
    QToolBar,
    QWidget,
    QWidgetAction,
)

from evmeval_gui.align.selector import MappingSelector
from evmeval_gui.compare.available import can_compare
from evmeval_gui.model.session import Session
from evmeval_gui.views.text_view import TextView
from evmeval_gui.window.export_controller import ExportController
from evmeval_gui.window.help_actions import WindowHelp
from evmeval_gui.window.navigation import WindowNavigation

if TYPE_CHECKING:
    from evmeval_gui.agreement.mode import AgreementMode
    from evmeval_gui.compare.mode import CompareMode
    from evmeval_gui.editing.controller import EditController
    from evmeval_gui.window.warm_up import LazyMode

SYSTEM_TIP = "Which system file to compare with the gold file"


def no_realis_tip(name: str) -> str:
    """Why a realis combination cannot be chosen (files without realis: the same figures as its twin)."""
    return f"These files carry no realis: the same figures as {Combination(name).without_realis.label}"


def _tool_widget(tools: QToolBar, widget: QWidget) -> QWidgetAction:
    """`tools.addWidget(widget)` as Qt does it, with the action made here: an action kept and used later
    (shown, hidden, inserted before) then has a wrapper of its own, never one shiboken still holds for
    an object that lived at the same address (it handed the toolbar a `QStandardItem` once)."""
    action = QWidgetAction(tools)
    action.setDefaultWidget(widget)
    tools.addAction(action)
    return action


@dataclass(frozen=True)
class ShellCommands:
    """The shell's own commands the actions call (the window's methods)."""

    open: Callable[[], object]
    demo: Callable[[], object]
    curate: Callable[[], object]
    new_document: Callable[[], object]
    compare_annotators: Callable[[], object]
    reload: Callable[[], object]
    quit: Callable[[], object]


class WindowCommands:
    """The actions, menus and toolbar of one window (see the module docstring)."""

    def __init__(self, window: QMainWindow, session: Session, shell: ShellCommands, *,
                 navigation: WindowNavigation, text_view: TextView, help: WindowHelp, editing: EditController,
                 agreement: LazyMode[AgreementMode], compare: LazyMode[CompareMode],
                 exporter: ExportController) -> None:
        self.window = window
        self.session = session
        self.shell = shell
        self.navigation = navigation
        self.text_view = text_view
        self.help = help
        self.editing = editing
        self.agreement = agreement
        self.compare = compare
        self.exporter = exporter
        self.extra_shortcuts: list[QAction] = []
        """Actions of other parts whose shortcuts Help lists too (the parts add theirs)."""
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        session.combination_changed.connect(self._on_combination_changed)
        session.realis_changed.connect(self._on_realis_changed)
        session.system_changed.connect(self.show_system)

    def _action(self, text: str, slot: Callable[[], object],
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                tip: str = "") -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip + (f" ({action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})"
                                     if shortcut else ""))
        action.triggered.connect(lambda _=False: slot())
        self.window.addAction(action)
        return action

    def _build_actions(self) -> None:
        a = self._action
        self.open_action = a("&Open…", self.shell.open, QKeySequence.StandardKey.Open,
                             "Open a gold file and system files")
        self.open_action.setShortcut(QKeySequence("Ctrl+O"))
        self.demo_action = a("Open &demo", self.shell.demo, None, "Open the bundled demo corpus")
        self.curate_action = a("C&urate annotators…", self.shell.curate, "Ctrl+Shift+U",
                               "One adjudicated set from the annotators compared (majority, union, intersection, base)")
        self.new_document_action = a("&New document…", self.shell.new_document, "Ctrl+N",
                                     "Paste or open a plain text and mark gold and system mentions on it")
        self.compare_action = a("&Compare annotators…", self.shell.compare_annotators, "Ctrl+Shift+O",
                                "Agreement among two or more annotation sets (tbf files or brat folders)")
        self.export_disagreements_action = a("Export &disagreements…",
                                             lambda: self.agreement.when_ready(lambda m: m.export_disagreements()),
                                             None, "Write the selected pair's disagreements to a CSV file")
        self.export_disagreements_action.setEnabled(False)
        self.matrix_action = a("Agreement &matrix", lambda: self.agreement.when_ready(lambda m: m.show_page("matrix")),
                               "Ctrl+Shift+M",
                               "Show the agreement matrix (Agreement mode)")
        self.compare_systems_action = a("Compare &systems", lambda: self.compare.when_ready(lambda m: m.toggle()),
                                        "Ctrl+Shift+R",
                                        "Compare the open system files: leaderboard, pairs, significance, cases")
        self.compare_systems_action.setCheckable(True)
        self.export_comparison_action = a("Export c&omparison…", lambda: self.compare.when_ready(lambda m: m.export()),
                                          None,
                                          "Write the comparison as HTML, JSON or CSV tables (Compare mode)")
        self.reload_action = a("&Reload and rescore", self.shell.reload, "F5", "Read the files again and rescore")
        self.export_action = a("&Export report…", self.exporter.ask_and_export, None,
                               "Write the score report, comparison, JSON and charts to a folder")
        self.quit_action = a("&Quit", self.shell.quit, "Ctrl+Q")
        self.find_action = a("&Find mention…", self.navigation.focus_find, "Ctrl+F", "Find a mention by id or text")
        self.next_error_action = a("&Next error", lambda: self.navigation.step_error(True), "N",
                                   "Select the next error in the document")
        self.prev_error_action = a("&Previous error", lambda: self.navigation.step_error(False), "P",
                                   "Select the previous error in the document")
        self.next_doc_action = a("Next &document", lambda: self.navigation.step_document(1), "Ctrl+Down",
                                 "Show the next document of the list")
        self.prev_doc_action = a("Previous d&ocument", lambda: self.navigation.step_document(-1), "Ctrl+Up",
                                 "Show the previous document of the list")
        self.clear_filter_action = a("&Clear filter", self.navigation.clear_filter, None,
                                     "Show every document and row again")
        self.zoom_in_action = a("Zoom &in", lambda: self.text_view.zoom(1), QKeySequence.StandardKey.ZoomIn,
                                "Larger text")
        self.zoom_in_action.setShortcuts([QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")])
        self.zoom_out_action = a("Zoom &out", lambda: self.text_view.zoom(-1), "Ctrl+-", "Smaller text")
        self.zoom_reset_action = a("&Normal size", lambda: self.text_view.zoom(0), "Ctrl+0", "Default text size")
        self.shortcuts_action = a("&Keyboard shortcuts", lambda: self.help.show_shortcuts(), "F1")
        self.type_labels_action = a("&Type labels on bars", lambda: self.text_view.set_type_labels(
            self.type_labels_action.isChecked()), "Ctrl+T", "Short type labels (brat style) on the mention bars")
        self.type_labels_action.setObjectName("typeLabelsAction")
        self.type_labels_action.setCheckable(True)
        self.about_action = a("&About", lambda: self.help.show_about())
        self.user_guide_action = a("&User guide", lambda: self.help.open_user_guide(), None,
                                   "Open the user guide in the browser")
        self.combination_group = QActionGroup(self.window)
        self.combination_actions: dict[str, QAction] = {}
        for number, name in enumerate(COMBINATIONS, start=1):
            action = QAction(Combination(name).label, self.window)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(f"Ctrl+{number}"))
            action.setToolTip(f"Score and map with: {name}")
            action.setStatusTip(action.toolTip())
            action.triggered.connect(lambda _=False, n=name: self.session.set_combination(n))
            self.combination_group.addAction(action)
            self.combination_actions[name] = action
            self.window.addAction(action)
        self.combination_actions[self.session.combination].setChecked(True)

    def _build_menus(self) -> None:
        bar = self.window.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.demo_action)
        file_menu.addAction(self.compare_action)
        file_menu.addAction(self.curate_action)
        file_menu.addAction(self.new_document_action)
        self.recent_menu = file_menu.addMenu("Open &recent")
        file_menu.addSeparator()
        for action in (self.editing.save_action, self.editing.overwrite_action, self.editing.revert_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.reload_action)
        file_menu.addAction(self.export_action)
        file_menu.addAction(self.export_disagreements_action)
        file_menu.addAction(self.export_comparison_action)
        self.quit_separator = file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        self.file_menu = file_menu
        edit_menu = bar.addMenu("&Edit")
        for entry in self.editing.edit_menu_actions():
            if entry is None:
                edit_menu.addSeparator()
            else:
                edit_menu.addAction(entry)
        edit_menu.addSeparator()
        edit_menu.addAction(self.find_action)
        go_menu = bar.addMenu("&Go")
        for entry in (self.next_error_action, self.prev_error_action, None, self.next_doc_action,
                      self.prev_doc_action):
            if entry is None:
                go_menu.addSeparator()
            else:
                go_menu.addAction(entry)
        self.view_menu = bar.addMenu("&View")
        attributes = self.view_menu.addMenu("&Attributes")
        attributes.setToolTipsVisible(True)  # why a combination is greyed
        self.attributes_menu = attributes
        for action in self.combination_actions.values():
            attributes.addAction(action)
        self.view_menu.addAction(self.clear_filter_action)
        self.view_menu.addAction(self.matrix_action)
        self.view_menu.addAction(self.compare_systems_action)
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.type_labels_action)
        for action in (self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action):
            self.view_menu.addAction(action)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.user_guide_action)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addAction(self.about_action)

    def _build_toolbar(self) -> None:
        tools = self.window.addToolBar("Toolbar")  # its toggle's text in the docks' right-click menu
        tools.setObjectName("mainToolbar")  # the saved layouts' name for it (theirs since the first version)
        tools.setMovable(False)
        tools.setIconSize(QSize(16, 16))
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        tools.addAction(self.open_action)
        self.reload_action.setIconText("Reload")  # short toolbar labels: the toolbar fits 1024 px
        self.compare_systems_action.setIconText("Compare")
        tools.addAction(self.reload_action)
        tools.addAction(self.compare_systems_action)
        tools.addSeparator()
        self.system_label = QLabel(" System: ")
        self.system_combo = QComboBox()
        self.system_combo.setObjectName("systemCombo")
        self.system_combo.setToolTip(SYSTEM_TIP)
        self.system_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.system_combo.activated.connect(self.session.corpus_state.set_system)
        self.system_label_action = _tool_widget(tools, self.system_label)
        self.system_combo_action = _tool_widget(tools, self.system_combo)
        tools.addWidget(QLabel(" Attributes: "))
        self.combination_combo = QComboBox()
        self.combination_combo.setObjectName("combinationCombo")
        self.combination_combo.setToolTip("Which attributes must agree for a gold and a system mention to be "
                                          "mapped (each combination has its own mapping); Ctrl+1 … Ctrl+4")
        for name in COMBINATIONS:
            self.combination_combo.addItem(Combination(name).label, name)
        self.combination_combo.activated.connect(
            lambda index: self.session.set_combination(self.combination_combo.itemData(index)))
        tools.addWidget(self.combination_combo)
        tools.addWidget(QLabel(" Mapping: "))
        self.mapping_combo = MappingSelector(self.session)
        tools.addWidget(self.mapping_combo)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        tools.addWidget(spacer)
        self.find_edit = self.navigation.find_edit
        tools.addWidget(self.find_edit)
        self.toolbar = tools
        self.toggles: list[QAction] = []
        """Dock toggles on the toolbar (Charts): enabled once something is shown."""

    def shortcut_actions(self) -> list[QAction]:
        """The actions whose shortcuts Help › Keyboard shortcuts lists."""
        actions = [self.open_action, self.compare_action, self.matrix_action, self.compare_systems_action,
                   self.reload_action, self.find_action,
                   self.next_error_action, self.prev_error_action, self.next_doc_action, self.prev_doc_action,
                   *self.toggles, self.type_labels_action,
                   *self.combination_actions.values(), self.zoom_in_action, self.zoom_out_action,
                   self.zoom_reset_action, self.shortcuts_action, self.quit_action, self.new_document_action,
                   self.curate_action,
                   *self.editing.shortcut_actions(), *self.extra_shortcuts]
        return actions

    # -- places others add to ---------------------------------------------------------------------

    def add_view_action(self, action: QAction) -> None:
        """An action of the View menu, above Clear filter (a dock's toggle)."""
        self.view_menu.insertAction(self.clear_filter_action, action)

    def add_toolbar_toggle(self, toggle: QAction) -> None:
        """A dock's toggle in the View menu and on the toolbar, before the system chooser (Charts)."""
        self.add_view_action(toggle)
        self.toolbar.insertAction(self.system_label_action, toggle)
        self.toolbar.insertSeparator(self.system_label_action)
        self.toggles.append(toggle)

    def dock_menu(self, docks: list[QAction]) -> QMenu:
        """The menu of a right-click on a dock's title bar or the toolbar (`QMainWindow.createPopupMenu`): the
        docks' own View actions (`docks`, the ones the View menu holds), then the toolbar's toggle. Qt's list held
        its own toggles, which closed the Charts when they were a tab behind the Conventions."""
        menu = QMenu(self.window)
        menu.addActions(docks)
        menu.addSeparator()
        menu.addAction(self.toolbar.toggleViewAction())
        return menu

    # -- following the session and the window -----------------------------------------------------

    def _on_combination_changed(self, name: str) -> None:
        self.combination_combo.setCurrentIndex(COMBINATIONS.index(name))
        self.combination_actions[name].setChecked(True)

    def _on_realis_changed(self, carried: bool) -> None:
        """Files without realis: the realis combinations greyed (their shortcuts then do nothing), saying why."""
        offered = self.session.view.offered()
        items = self.combination_combo.model()
        for row, name in enumerate(COMBINATIONS):
            tip = "" if name in offered else no_realis_tip(name)
            item = items.item(row)  # type: ignore[attr-defined]  # a QComboBox's model is a QStandardItemModel
            item.setEnabled(name in offered)
            item.setToolTip(tip)
            action = self.combination_actions[name]
            action.setEnabled(name in offered)
            action.setToolTip(tip or f"Score and map with: {name}")
            action.setStatusTip(action.toolTip())

    def show_system(self, index: int) -> None:
        """The system chooser shows system `index` (after a switch, or a cancelled one)."""
        self.system_combo.setCurrentIndex(index)

    def show_systems(self, names: tuple[str, ...], index: int) -> None:
        """A new corpus: its systems in the chooser, shown only when there is a choice."""
        self.system_combo.blockSignals(True)
        self.system_combo.clear()
        for name in names:
            self.system_combo.addItem(name)
        self.system_combo.setCurrentIndex(index)
        self.system_combo.blockSignals(False)
        self.system_label_action.setVisible(len(names) > 1)
        self.system_combo_action.setVisible(len(names) > 1)

    def set_modified(self, modified: bool) -> None:
        """Unsaved edits: the system cannot be switched until they are saved or reverted."""
        self.system_combo.setEnabled(not modified)
        self.system_combo.setToolTip("Save or revert the edits to switch systems" if modified else SYSTEM_TIP)

    def update(self, *, loaded: bool, can_export: bool) -> None:
        """Enable what applies to what is shown (`loaded`: a scored corpus; the modes say the rest)."""
        agreement = self.agreement.active
        self.compare_systems_action.setEnabled(self.compare.active or can_compare(self.session))
        self.compare_systems_action.setChecked(self.compare.active)
        self.export_comparison_action.setEnabled(self.compare.active)
        self.matrix_action.setEnabled(agreement)
        self.export_disagreements_action.setEnabled(agreement)
        for action in (self.reload_action, self.find_action, self.next_error_action, self.prev_error_action,
                       self.next_doc_action, self.prev_doc_action, *self.toggles):
            action.setEnabled(loaded)
        self.export_action.setEnabled(loaded and can_export)
        self.find_edit.setEnabled(loaded)
        self.combination_combo.setEnabled(loaded)
        self.mapping_combo.setEnabled(loaded and not agreement)
        if not loaded:
            self.system_label_action.setVisible(False)
            self.system_combo_action.setVisible(False)
