"""`evmeval-gui`'s entry point (pyproject `[project.gui-scripts]`): Ctrl+C handled from the start.

Its first statements install a minimal SIGINT and SIGTERM handler (the one line, and out) from modules
already loaded, then the full handling (`evmeval._util.interrupt`); Qt, pyqtgraph and the window
are imported only inside `main`, so an interrupt while they load (half a second) ends the program
with exit 130 and one line instead of a traceback or a crash inside PySide6's start-up, and running
out of memory while they load is one line, exit 1.
"""

import _signal  # first: built in and already initialised, unlike `signal` (which imports enum)
import os
import sys


def _out(line: str, code: int) -> None:
    """Before the full handling is in place: the one line, and out."""
    os.write(2, f"{os.path.basename(sys.argv[0]) if sys.argv else 'python'}: {line}\n".encode())
    os._exit(code)


def _early(signum: int, _frame: object) -> None:
    _out("terminated" if signum == _signal.SIGTERM else "interrupted", 128 + signum)


try:
    _signal.signal(_signal.SIGINT, _early)
    _signal.signal(_signal.SIGTERM, _early)
except KeyboardInterrupt:  # a Ctrl+C that came before: `signal` raises it from its check for pending signals
    _out("interrupted", 130)

try:
    from evmeval._util import interrupt
except MemoryError:
    _out("error: out of memory (while starting)", 1)

interrupt.install()


def main() -> None:
    """`evmeval-gui` (and `python -m evmeval_gui`)."""
    interrupt.install("evmeval-gui")
    from importlib.util import find_spec

    missing = [name for name in ("PySide6", "pyqtgraph") if find_spec(name) is None]
    if missing and not {"-h", "--help", "--version"} & set(sys.argv[1:]):
        from importlib.metadata import distributions

        from evmeval_gui.platform_check import gui_install_advice

        # the installation's record, not a clone's evmeval_studio.egg-info that the current folder may hold
        urls = (d.read_text("direct_url.json") for d in distributions(name="evmeval-studio"))
        direct_url = next((url for url in urls if url), None)
        print(f"evmeval-gui: error: the window needs {' and '.join(missing)}, which this installation lacks: "
              f"install the [gui] extra: {gui_install_advice(direct_url)}. "
              "The command-line programs (evmeval-score, …) and `import evmeval` work without it.", file=sys.stderr)
        raise SystemExit(2)
    try:
        from evmeval_gui.app import entry
    except MemoryError:
        interrupt.say_out_of_memory()
        os._exit(1)
    entry()
