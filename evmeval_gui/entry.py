"""`evmeval-gui`'s entry point (pyproject `[project.gui-scripts]`): Ctrl+C handled from the start.

Its first statement installs the SIGINT handling (`evmeval._util.interrupt`); Qt, pyqtgraph and the window
are imported only inside `main`, so an interrupt while they load (half a second) ends the program
with exit 130 and one line instead of a traceback or a crash inside PySide6's start-up.
"""

from evmeval._util import interrupt

interrupt.install()


def main() -> None:
    """`evmeval-gui` (and `python -m evmeval_gui`)."""
    interrupt.install("evmeval-gui")
    import sys
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
    from evmeval_gui.app import entry

    entry()
