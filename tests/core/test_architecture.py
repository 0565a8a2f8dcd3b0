"""The core/GUI split, enforced: import-linter's contract holds, and the core runs with Qt unavailable."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from tests.programs import installed

REPO = Path(__file__).resolve().parent.parent.parent

# Runs in a fresh interpreter: Qt, pyqtgraph and the GUI package cannot be imported at all; every
# module under core/ is imported, then the scorer is run once end to end.
WITHOUT_QT = textwrap.dedent("""
    import importlib, pkgutil, sys, tempfile, os

    BLOCKED = {"PySide6", "shiboken6", "pyqtgraph", "evmeval_gui"}

    class BlockQt:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in BLOCKED:
                raise ImportError(f"{name} is blocked: the core must not need it")
            return None

    sys.meta_path.insert(0, BlockQt())
    try:
        import PySide6  # noqa: F401
    except ImportError:
        pass
    else:
        raise SystemExit("the blocker does not work")

    import evmeval
    names = sorted(m.name for m in pkgutil.walk_packages(evmeval.__path__, "evmeval."))
    for name in names:
        importlib.import_module(name)
    loaded = sorted(m for m in sys.modules if m.partition(".")[0] in BLOCKED)
    assert not loaded, loaded

    from evmeval.cli.score import score_main
    demo, out = sys.argv[1], os.path.join(tempfile.mkdtemp(), "scores.txt")
    code = score_main(["-g", os.path.join(demo, "gold.tbf"), "-s", os.path.join(demo, "sample_system_C.tbf"),
                       "-t", os.path.join(demo, "tkn"), "-o", out])
    print(len(names), code, open(out, encoding="utf-8").read().count("\\n"))
""")


def test_import_linter_contracts_are_kept() -> None:
    lint = installed("lint-imports")
    done = subprocess.run([lint, "--no-cache", "--no-logo"], cwd=REPO, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout
    assert "The scoring core never imports Qt, pyqtgraph or the GUI KEPT" in done.stdout


def test_every_core_module_imports_and_scores_without_qt(evmeval_data: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    done = subprocess.run([sys.executable, "-c", WITHOUT_QT, str(demo)], cwd=REPO, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    modules, code, lines = map(int, done.stdout.split())
    assert modules >= 15  # the package was walked, not skipped
    assert code == 0
    expected = (evmeval_data / "expected" / "token_based_system_C" / "scores.txt").read_text(encoding="utf-8")
    assert lines == expected.count("\n")


def test_core_and_window_are_mypy_clean() -> None:
    """The core's and the whole window's types are checked in CI (the window's against the core's own types:
    pyproject's `mypy_path`; about 10 s without a cache)."""
    done = subprocess.run([sys.executable, "-m", "mypy", "core/evmeval", "evmeval_gui"], cwd=REPO,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_is_clean() -> None:
    """Lint rules, including the complexity limit, hold for the whole tree."""
    done = subprocess.run([installed("ruff"), "check", "--no-cache", "."], cwd=REPO, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_public_face_is_mypy_strict() -> None:
    """`import evmeval` and what it names are typed for users' own checkers (`mypy --strict`)."""
    public = ["core/evmeval/__init__.py", "core/evmeval/api.py", "core/evmeval/rules.py", "core/evmeval/cli/help.py"]
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", *public], cwd=REPO,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
