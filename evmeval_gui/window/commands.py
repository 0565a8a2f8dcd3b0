"""The window's actions, menus, toolbar and status bar, built once, and its one-off commands (New
document, Curate annotators, the modified mark); split from `main_window` to keep modules short:
`MainWindow` inherits these."""

from __future__ import annotations

from collections.abc import Callable

from evmeval.align import COMBINATIONS
from evmeval.rules import Combination
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from evmeval_gui.align.selector import MappingSelector
from evmeval_gui.editing.new_document import NewDocumentDialog
from evmeval_gui.window.welcome import APP_NAME


class WindowCommands:
    """Methods of `MainWindow` (a mixin: they use the window's parts)."""

    def _action(self, text: str, slot: Callable[[], object],
                shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip + (f" ({action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})"
                                     if shortcut else ""))
        action.triggered.connect(lambda _=False: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        a = self._action
        self.open_action = a("&Open…", self.show_open_dialog, QKeySequence.StandardKey.Open,
                             "Open a gold file and system files")
        self.open_action.setShortcut(QKeySequence("Ctrl+O"))
        self.demo_action = a("Open &demo", self.open_demo, None, "Open the bundled demo corpus")
        self.curate_action = a("C&urate annotators…", self.start_curation, "Ctrl+Shift+U",
                               "One adjudicated set from the annotators compared (majority, union, intersection, base)")
        self.new_document_action = a("&New document…", self.show_new_document_dialog, "Ctrl+N",
                                     "Paste or open a plain text and mark gold and system mentions on it")
        self.compare_action = a("&Compare annotators…", self.show_compare_dialog, "Ctrl+Shift+O",
                                "Agreement among two or more annotation sets (tbf files or brat folders)")
        self.export_disagreements_action = a("Export &disagreements…", lambda: self.agreement.export_disagreements(),
                                             None, "Write the selected pair's disagreements to a CSV file")
        self.export_disagreements_action.setEnabled(False)
        self.matrix_action = a("Agreement &matrix", lambda: self.agreement.show_page("matrix"), "Ctrl+Shift+M",
                               "Show the agreement matrix (Agreement mode)")
        self.compare_systems_action = a("Compare &systems", self.compare.toggle, "Ctrl+Shift+R",
                                        "Compare the open system files: leaderboard, pairs, significance, cases")
        self.compare_systems_action.setCheckable(True)
        self.export_comparison_action = a("Export c&omparison…", lambda: self.compare.export(), None,
                                          "Write the comparison as HTML, JSON or CSV tables (Compare mode)")
        self.reload_action = a("&Reload and rescore", self.reload, "F5", "Read the files again and rescore")
        self.export_action = a("&Export report…", self.exporter.ask_and_export, None,
                               "Write the score report, comparison, JSON and charts to a folder")
        self.quit_action = a("&Quit", self.close, "Ctrl+Q")
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
        self.combination_group = QActionGroup(self)
        self.combination_actions: dict[str, QAction] = {}
        for number, name in enumerate(COMBINATIONS, start=1):
            action = QAction(Combination(name).label, self)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(f"Ctrl+{number}"))
            action.setToolTip(f"Score and map with: {name}")
            action.triggered.connect(lambda _=False, n=name: self.session.set_combination(n))
            self.combination_group.addAction(action)
            self.combination_actions[name] = action
            self.addAction(action)
        self.combination_actions[self.session.combination].setChecked(True)

    def _build_menus(self) -> None:
        bar = self.menuBar()
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
        for action in self.editing.edit_menu_actions():
            if action is None:
                edit_menu.addSeparator()
            else:
                edit_menu.addAction(action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.find_action)
        go_menu = bar.addMenu("&Go")
        for action in (self.next_error_action, self.prev_error_action, None, self.next_doc_action,
                       self.prev_doc_action):
            if action is None:
                go_menu.addSeparator()
            else:
                go_menu.addAction(action)
        self.view_menu = bar.addMenu("&View")
        attributes = self.view_menu.addMenu("&Attributes")
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
        help_menu.addAction(self.shortcuts_action)
        help_menu.addAction(self.about_action)

    def _build_toolbar(self) -> None:
        tools = self.addToolBar("Main")
        tools.setObjectName("mainToolbar")
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
        self.system_combo.setToolTip("Which system file to compare with the gold file")
        self.system_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.system_combo.activated.connect(self.session.set_system)
        self.system_label_action = tools.addWidget(self.system_label)
        self.system_combo_action = tools.addWidget(self.system_combo)
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

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        self.progress = QProgressBar()
        self.progress.setObjectName("jobProgress")
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("cancelButton")
        self.cancel_button.setToolTip("Stop loading or scoring; the window keeps what it showed before")
        self.cancel_button.clicked.connect(self.session.cancel)
        self.warnings_button = QToolButton()
        self.warnings_button.setObjectName("warningsButton")
        self.warnings_button.setAutoRaise(True)
        self.warnings_button.clicked.connect(lambda: self.help.show_warnings())
        status.addPermanentWidget(self.warnings_button)
        status.addPermanentWidget(self.progress)
        status.addPermanentWidget(self.cancel_button)
        self.progress.hide()
        self.cancel_button.hide()
        self.warnings_button.hide()

    def shortcut_actions(self) -> list[QAction]:
        """The actions whose shortcuts Help › Keyboard shortcuts lists."""
        actions = [self.open_action, self.compare_action, self.matrix_action, self.compare_systems_action,
                   self.reload_action, self.find_action,
                   self.next_error_action, self.prev_error_action, self.next_doc_action, self.prev_doc_action,
                   self.charts_action, self.type_labels_action,
                   *self.combination_actions.values(), self.zoom_in_action, self.zoom_out_action,
                   self.zoom_reset_action, self.shortcuts_action, self.quit_action, self.new_document_action,
                   self.curate_action,
                   *self.editing.shortcut_actions()]
        actions.append(self.alignment_parts.action)
        return actions

    def show_new_document_dialog(self) -> NewDocumentDialog:
        """File › New document, non-blocking; accepting it shows the document to mark up."""
        dialog = NewDocumentDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(lambda: self.editing.new_document(dialog.text.toPlainText(),
                                                                  dialog.doc_id.text().strip() or "scratch"))
        self.new_document_dialog = dialog
        dialog.open()
        return dialog

    def start_curation(self) -> None:
        """File › Curate annotators: the annotators of the Agreement mode (compared first if none are)."""
        loaded = self.agreement.loaded if self.agreement.active else None
        if loaded is None and self.curate.state is not None:  # back from scoring against the curated set
            self.curate.resume()
            self.setWindowTitle(f"{self.curate.title()}[*] — {APP_NAME}")
            return
        if loaded is None:
            def once() -> None:
                self.agreement.agreement_finished.disconnect(once)
                self.start_curation()
            self.agreement.agreement_finished.connect(once)
            self.show_compare_dialog()
            return
        def leaving() -> None:
            self.agreement.leave()
            self.setWindowTitle(f"{self.curate.title()}[*] — {APP_NAME}")

        self.curate.start(loaded, leaving=leaving)

    def _choose_folder(self, title: str) -> str | None:
        return QFileDialog.getExistingDirectory(self, title) or None

    def _on_modified(self, modified: bool) -> None:
        """Unsaved edits: "*" in the title; the system cannot be switched until they are saved or reverted."""
        self.setWindowModified(modified)
        if self.session.loaded:
            self.setWindowTitle(f"{self.mode.title()}[*] — {APP_NAME}")  # a save may have renamed the files
        self.system_combo.setEnabled(not modified)
        self.system_combo.setToolTip("Save or revert the edits to switch systems" if modified
                                     else "Which system file to compare with the gold file")
