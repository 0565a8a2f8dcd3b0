"""`evmeval-gui`'s entry point (pyproject `[project.gui-scripts]`): Ctrl+C handled from the start.

Its first statement installs the SIGINT handling (`core.interrupt`); Qt, pyqtgraph and the window
are imported only inside `main`, so an interrupt while they load (half a second) ends the program
with exit 130 and one line instead of a traceback or a crash inside PySide6's start-up.
"""

from core import interrupt

interrupt.install()


def main() -> None:
    """`evmeval-gui` (and `python -m evmeval_gui`)."""
    interrupt.install("evmeval-gui")
    from evmeval_gui.app import entry

    entry()
