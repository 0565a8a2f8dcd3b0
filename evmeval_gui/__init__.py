"""EvmEval Studio's window (Qt). Asks `core` for every number.

Importing the package first guards against a PySide6 reference-counting defect on Python < 3.12
(see `_compat.py`); it does nothing on a correct PySide6 build.
"""

from evmeval_gui._compat import protect_singletons

protect_singletons()
