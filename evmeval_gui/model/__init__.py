"""The window's application layer, without Qt: what is open, what is shown, what is selected.

Corpus loading, document text, text layout, selection, formatting, chart filters, recent corpora
and the session with its navigation live here (a feature's own state is its `state.py`, beside its
widgets); they import `evmeval` and never PySide6 or pyqtgraph (import-linter checks it), so they can be
tested, scripted and reused without a display. The Qt widgets (the shared `evmeval_gui.views` and
`charts`, the features, the shell's `window`) adapt them. State changes are announced with the tiny
`events.Signal`.
"""
