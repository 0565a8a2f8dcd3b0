"""The window's application layer, without Qt: what is open, what is shown, what is selected.

Corpus loading, document text, text layout, selection, formatting, agreement inputs, chart filters,
recent corpora and the session with its navigation live here; they import `evmeval` and never PySide6 or
pyqtgraph (import-linter checks it), so they can be tested, scripted and reused without a display.
The Qt widgets (`evmeval_gui.views`, `charts`, `agreement`, `window`) adapt them. State changes are
announced with the tiny `events.Signal`.
"""
