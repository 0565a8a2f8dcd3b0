"""The user guide builds without a warning, and every command and Python example it shows does what it says.

The site is built by the `mkdocs` installed beside this interpreter (the `test` extra), never one on PATH.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from tests.docs.examples import README, REPO, SETUP_COMMANDS, Block, blocks, console_steps, output_matches
from tests.programs import installed


def _load_hooks() -> ModuleType:
    """tools/docs_hooks.py, the module mkdocs.yml names as its hook (not a package: loaded by path)."""
    spec = importlib.util.spec_from_file_location("docs_hooks", REPO / "tools" / "docs_hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


docs_hooks = _load_hooks()

CONSOLE = blocks("console")
PYCON_PAGES = sorted({block.path for block in blocks("pycon")})
WINDOW = "evmeval-gui"
WINDOW_HEADLESS = ("--screenshot", "--export-report", "--help", "--version", "-h")


def test_site_builds_strictly(tmp_path: Path) -> None:
    """`mkdocs build --strict`: any warning (a broken link or anchor, a page left out of the nav, a
    docstring mkdocstrings cannot read) fails the build; the CLI page holds every option of every program."""
    site = tmp_path / "site"
    started = time.perf_counter()
    run = subprocess.run([installed("mkdocs"), "build", "--strict", "--config-file", str(REPO / "mkdocs.yml"),
                          "--site-dir", str(site)], cwd=REPO, capture_output=True, text=True, timeout=600,
                         env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    elapsed = time.perf_counter() - started
    log = run.stdout + run.stderr
    assert run.returncode == 0, log
    assert not [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR"))], log
    print(f"mkdocs build --strict: {elapsed:.1f} s")
    cli_page = (site / "reference" / "cli.html").read_text(encoding="utf-8")
    for script in docs_hooks.console_scripts():
        assert f'id="{script}"' in cli_page, script
        for flag in docs_hooks.option_strings(script):
            assert flag in cli_page, f"{script} {flag} missing from the built command-line reference"
    assert (site / "reference" / "api.html").read_text(encoding="utf-8").count("evmeval.api.score") > 0


def test_cli_reference_covers_every_console_script() -> None:
    """Every program pyproject installs has its parser in the generator, and the generated page shows each
    option it accepts: an option added to a parser appears on the page with no edit to the docs."""
    scripts = docs_hooks.console_scripts()
    assert set(scripts) == set(docs_hooks.PARSERS), "tools/docs_hooks.py PARSERS must list every console script"
    assert {"evmeval-score", "evmeval-gui"} <= set(scripts)
    page = docs_hooks.cli_reference_markdown()
    for script in scripts:
        for flag in docs_hooks.option_strings(script):
            assert flag in page, f"{script}: {flag}"
    assert docs_hooks.MARKER in (REPO / "docs" / "reference" / "cli.md").read_text(encoding="utf-8")


def test_generator_refuses_a_script_without_parser() -> None:
    """A console script missing from PARSERS stops the build with a message that says what to add."""
    with pytest.raises(KeyError, match="evmeval-new: a console script"):
        docs_hooks.build_parser("evmeval-new")


def _workspace(tmp_path: Path, block: Block) -> Path:
    """The folder a block's commands run in: a copy of the demo corpus (the guide), or a clone-like folder
    with resources/demo, resources/examples and a .venv link (README)."""
    if block.path == README:
        for folder in ("demo", "examples"):
            shutil.copytree(REPO / "resources" / folder, tmp_path / "resources" / folder)
        (tmp_path / ".venv").symlink_to(sys.prefix, target_is_directory=True)
        return tmp_path
    shutil.copytree(REPO / "resources" / "demo", tmp_path / "demo")
    return tmp_path / "demo"


def _window_command(command: str, shot: Path) -> str:
    """A command that would open the window is run until its first picture: `--screenshot`."""
    words = command.split()
    if words and words[0].endswith(WINDOW) and not any(flag in words for flag in WINDOW_HEADLESS):
        return f"{command} --screenshot {shot}"
    return command


@pytest.mark.parametrize("block", CONSOLE, ids=[block.name for block in CONSOLE])
def test_console_example(block: Block, tmp_path: Path) -> None:
    """Each command of the block prints exactly the output shown below it."""
    cwd = _workspace(tmp_path / "work", block)
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
               QT_QPA_PLATFORM="offscreen", COLUMNS="100")
    env.pop("EVMEVAL_PURE_PYTHON", None)
    for number, (command, expected) in enumerate(console_steps(block.body)):
        shot = tmp_path / f"window-{number}.png"
        shown = _window_command(command, shot)
        run = subprocess.run(["bash", "-c", shown], cwd=cwd, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, timeout=300)
        actual = run.stdout.splitlines()
        if shown != command:  # the window was drawn: its picture exists, its line is the test's, not the page's
            assert shot.is_file(), f"{block.name}: `{command}` drew no window"
            actual = [line for line in actual if line != f"evmeval-gui: screenshot written to {shot}"]
        assert run.returncode == 0, f"{block.name}: `{command}` exited {run.returncode}:\n{run.stdout}"
        assert output_matches(expected, actual), (f"{block.name}: `{command}` printed\n{run.stdout}\n"
                                                  f"--- the page shows\n" + "\n".join(expected))


@pytest.mark.parametrize("page", PYCON_PAGES, ids=[str(p.relative_to(REPO)) for p in PYCON_PAGES])
def test_python_examples(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's Python sessions, run in order in one namespace, print what the page shows."""
    cwd = _workspace(tmp_path / "work", next(b for b in blocks("pycon") if b.path == page))
    monkeypatch.chdir(cwd)
    globs: dict[str, object] = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    parser = doctest.DocTestParser()
    for block in blocks("pycon"):
        if block.path != page:
            continue
        test = parser.get_doctest(block.body, globs, block.name, str(page), block.line)
        runner.run(test, clear_globs=False)
        globs = test.globs  # DocTest copies the namespace it is given: the next block continues this one
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted > 0


def test_shown_shell_blocks_only_set_up() -> None:
    """A command outside a console block is never run by the tests, so only setting up may stand there."""
    for block in blocks("bash") + blocks("sh") + blocks("shell"):
        for line in block.body.splitlines():
            if line.strip():
                assert line.strip().startswith(SETUP_COMMANDS), f"{block.name}: {line!r} belongs in a console block"


def test_readme_is_short_and_its_test_command_is_ci() -> None:
    """README stays a front page, and its test command is byte for byte the one `.ci/run` runs."""
    readme = README.read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").rstrip("\n").splitlines()[-1]
    assert ci == "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest"
    assert f"\n{ci}\n" in readme
    assert "python3 -m venv .venv && .venv/bin/pip install '.[gui]' && .venv/bin/evmeval-gui --demo" in readme


def test_example_conventions() -> None:
    """The block reader: commands, continuations, output, and `...` for any lines."""
    steps = console_steps("$ a \\\n  b\nout 1\n...\nout 3\n$ c\n")
    assert steps == [("a \\\n  b", ["out 1", "...", "out 3"]), ("c", [])]
    assert output_matches(["out 1", "...", "out 3"], ["out 1", "x", "y", "out 3"])
    assert output_matches(["...", "z"], ["z"])
    assert not output_matches(["out 1"], ["out 1", "extra"])
    assert not output_matches(["a"], ["b"])
