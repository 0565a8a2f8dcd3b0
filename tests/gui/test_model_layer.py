"""The GUI's Qt-free state (evmeval_gui.model and every feature's state.py) works with Qt unavailable, and the
window's contracts hold: shell over features over the shared core."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from tests.programs import installed

REPO = Path(__file__).resolve().parent.parent.parent

# Runs in a fresh interpreter where PySide6, shiboken6 and pyqtgraph cannot be imported: every model
# module is imported, then a session opens the demo corpus, scores it and steps through its errors.
WITHOUT_QT = textwrap.dedent("""
    import importlib, os, pkgutil, sys

    BLOCKED = {"PySide6", "shiboken6", "pyqtgraph"}

    class BlockQt:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in BLOCKED:
                raise ImportError(f"{name} is blocked: the model must not need it")
            return None

    sys.meta_path.insert(0, BlockQt())
    try:
        import PySide6  # noqa: F401
    except ImportError:
        pass
    else:
        raise SystemExit("the blocker does not work")

    import evmeval_gui, evmeval_gui.model
    names = sorted(m.name for m in pkgutil.walk_packages(evmeval_gui.model.__path__, "evmeval_gui.model."))
    root = evmeval_gui.__path__[0]
    features = [m.name for m in pkgutil.iter_modules([root]) if m.ispkg]  # found on disk: no package imported
    states = sorted(f"evmeval_gui.{f}.state" for f in features if os.path.isfile(os.path.join(root, f, "state.py")))
    names += states
    for name in names:
        importlib.import_module(name)
    assert not [m for m in sys.modules if m.partition(".")[0] in BLOCKED]

    from evmeval_gui.model.corpus import demo_request
    from evmeval_gui.model.jobs import ImmediateRunner
    from evmeval_gui.model.session import Session

    session = Session(ImmediateRunner())
    heard = []
    session.scoring_finished.connect(lambda: heard.append("scored"))
    session.selection_changed.connect(lambda selection: heard.append(selection.doc_id))
    session.open(demo_request(), doc_id="demo_port_strike")
    session.set_combination("mention_type")
    assert session.step_error(True) and session.selection.gold_ids | session.selection.system_ids
    assert session.document_text("demo_port_strike").source == "text file"
    print(len(names), ",".join(s.split(".")[1] for s in states), len(session.result.documents), heard[0], heard[1])
""")


def test_every_model_module_imports_and_a_session_runs_without_qt() -> None:
    done = subprocess.run([sys.executable, "-c", WITHOUT_QT], cwd=REPO, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    modules, states, documents, first, second = done.stdout.split()
    assert int(modules) >= 10  # the package was walked, not skipped
    # every feature folder's Qt-free state beside its widgets (issue 33)
    assert states.split(",") == ["agreement", "align", "compare", "conventions", "coref", "curation", "editing",
                                 "sequencing"]
    assert int(documents) == 6  # the demo corpus
    assert (first, second) == ("scored", "demo_port_strike")


def test_gui_layer_contracts_are_kept() -> None:
    done = subprocess.run([installed("lint-imports"), "--no-cache", "--no-logo"], cwd=REPO, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join(done.stdout.split())  # lint-imports wraps long names
    assert "every feature's state.py) never imports Qt or pyqtgraph KEPT" in said
    # the shared parts reach the features only through extension points: nothing ignored
    assert "features, shared core, Qt-free model KEPT" in said and "ignored" not in said and "0 broken" in said
    # the session's parts hold only the parts below them (issue 33 item 2)
    assert "session, corpus, first document, then selection and view options KEPT" in said


def test_importing_the_package_loads_no_qt() -> None:
    code = ("import sys, evmeval_gui, evmeval_gui.model.session\n"
            "print(any(m.startswith('PySide6') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.stdout.strip() == "False", done.stderr
