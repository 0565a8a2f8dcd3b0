"""EvmEval Studio's window. Asks the library `evmeval` for every number.

Importing the package loads nothing: `evmeval_gui.model` is the Qt-free application layer; the Qt
widgets live beside it.
"""
