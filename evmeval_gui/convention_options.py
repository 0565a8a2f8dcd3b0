"""Convention options…: the options of the open corpus's conventions (`evmeval-score --window-size`, `--ontology`,
`--coref-file`, `--match-mode`, `--regime`) in the window.

Only the options a convention of the switchboard reads are shown, each with what it is when left empty; the
library checks them (`evmeval.conventions.options.check_board`: its ValueError or FormatError is shown in the
dialog). Accepting the dialog hands the options, as text, to `accepted`, which re-opens the corpus with them
in the background (the job runner), so that the figures, the title and the session follow.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from evmeval.conventions.omnievent import REGIMES
from evmeval.conventions.options import (
    DEFAULTS,
    OPTION_FLAGS,
    OPTION_READERS,
    check_board,
    given_options,
    options_from,
    options_read,
)
from evmeval.conventions.uie import MATCH_MODES
from evmeval.io.errors import FormatError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

CHOICES = {"match_mode": MATCH_MODES, "regime": REGIMES}
"""The options chosen from a list (as `evmeval-score`'s `choices`); the others are typed (or a file chosen)."""
FILES = ("ontology", "coref_file")
LABELS = {"coref_file": "Coreference file", "ontology": "Ontology", "window_size": "Window size",
          "match_mode": "Match mode", "regime": "Regime"}
TITLE = "Convention options"


def options_summary(options: Sequence[tuple[str, str]]) -> str:
    """`window size: 300 · ontology: roles.json`: what the status bar says after the options changed."""
    return " · ".join(f"{LABELS[k].lower()}: {os.path.basename(v) if k in FILES else v}" for k, v in options
                      if k in LABELS) or "the conventions' defaults"


class ConventionOptionsDialog(QDialog):
    """The options of the conventions `names`, filled with `given`; OK calls `accepted(options)` (text pairs)."""

    def __init__(self, parent: QWidget, names: Sequence[str], given: Sequence[tuple[str, str]],
                 grounding: str | None, accepted: Callable[[tuple[tuple[str, str], ...]], None]) -> None:
        super().__init__(parent)
        self.setObjectName("conventionOptionsDialog")
        self.setWindowTitle(TITLE)
        self.names = list(names)
        self.grounding = grounding
        self.accepted_with = accepted
        self.fields: dict[str, QLineEdit | QComboBox] = {}
        """Each option shown, by its name (`window_size`, …): what the tests type into or choose."""
        layout = QVBoxLayout(self)
        shown = options_read(self.names)
        intro = QLabel(f"Options read by {', '.join(self.names) or 'no convention'} (as evmeval-score takes them). "
                       "Empty: the default named below." if shown else
                       "No convention of this corpus reads an option beside --grounding.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        given_values = dict(given)
        for option in shown:
            form.addRow(f"{LABELS[option]} ({OPTION_FLAGS[option]}):", self._field(option, given_values.get(option)))
            readers = ", ".join(sorted(OPTION_READERS[option] & set(self.names)))
            hint = QLabel(f"Default: {DEFAULTS[option]}. Read by {readers}.")
            hint.setWordWrap(True)
            hint.setObjectName(f"default_{option}")
            form.addRow("", hint)
        layout.addLayout(form)
        self.error = QLabel()
        self.error.setObjectName("optionsError")
        self.error.setWordWrap(True)
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error.setStyleSheet("color: #b2182b")
        self.error.hide()
        layout.addWidget(self.error)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 80)  # a refusal's line and a path are read whole
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._ok)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    def _field(self, option: str, value: str | None) -> QWidget:
        """The editor of one option: a list of its choices (first: the default), a line, or a line and a chooser."""
        if option in CHOICES:
            combo = QComboBox()
            combo.setObjectName(f"option_{option}")
            combo.addItem(f"default: {DEFAULTS[option]}", "")
            for choice in CHOICES[option]:
                combo.addItem(choice, choice)
            combo.setCurrentIndex(max(0, combo.findData(value or "")))
            self.fields[option] = combo
            return combo
        line = QLineEdit(value or "")
        line.setObjectName(f"option_{option}")
        line.setPlaceholderText(DEFAULTS[option])
        line.setClearButtonEnabled(True)
        self.fields[option] = line
        if option not in FILES:
            return line
        row = QWidget()
        box = QHBoxLayout(row)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(line, 1)
        choose = QPushButton("Choose…")
        choose.setObjectName(f"choose_{option}")
        choose.clicked.connect(lambda: self._choose(line, LABELS[option]))
        box.addWidget(choose)
        return row

    def _choose(self, line: QLineEdit, what: str) -> None:
        path, _ = QFileDialog.getOpenFileName(self, f"Choose the {what.lower()} file", line.text(),
                                              "JSON files (*.json *.jsonl *.jsonlines);;All files (*)")
        if path:
            line.setText(path)

    def values(self) -> dict[str, str]:
        """What the dialog holds, as text (empty: the default)."""
        return {option: (field.currentData() or "") if isinstance(field, QComboBox) else field.text()
                for option, field in self.fields.items()}

    def _ok(self) -> None:
        """Check the options with the library; a refusal is shown here, the dialog stays open."""
        try:
            options = options_from(self.values(), self.grounding)
            check_board(self.names, options)
        except (ValueError, FormatError) as exc:
            self.error.setText(str(exc))
            self.error.show()
            self.adjustSize()  # the refusal's lines below the fields, none cut
            return
        self.error.hide()
        self.accept()
        self.accepted_with(tuple(given_options(options).items()))
