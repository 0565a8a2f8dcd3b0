"""Editing in the window: the edit controller (actions, menus, undo stack), undo commands, the
questions it asks (save, overwrite, relation warnings) and the new-document dialog. Every edit is a
`evmeval.editing` edit; every figure comes from the core's rescoring."""
