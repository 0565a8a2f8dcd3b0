"""MkDocs hook (mkdocs.yml `hooks:`): the command-line reference page, generated from the argument parsers.

docs/reference/cli.md holds the marker `<!-- cli-reference -->`; at build time it becomes one section a
console script, each with that program's `--help` as its parser prints it. The programs come from
pyproject.toml's `[project.scripts]` and `[project.gui-scripts]`, so a new script without a parser listed
in `PARSERS` stops the build (and tests/docs fails) instead of leaving the page short.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
MARKER = "<!-- cli-reference -->"
HELP_WIDTH = "100"
"""Columns argparse wraps the help at: the same page on every terminal and in every build."""

PARSERS = {
    "evmeval-score": "evmeval.cli.score_options:score_parser",
    "evmeval-validate": "evmeval.cli.score:_validate_parser",
    "evmeval-compare": "evmeval.cli.compare:_parser",
    "evmeval-iaa": "evmeval.cli.iaa:_iaa_parser",
    "evmeval-brat2tbf": "evmeval.cli.iaa:_brat2tbf_parser",
    "evmeval-conll": "evmeval.cli.coref:_conll_parser",
    "evmeval-convert": "evmeval.cli.convert:_parser",
    "evmeval-gui": "evmeval_gui.app:build_parser",
}
"""Each console script and the function that builds its parser (the one its entry point parses with)."""


def console_scripts() -> list[str]:
    """Every program pyproject.toml installs, in its order (console scripts, then the window); read line by
    line because `tomllib` is not in Python 3.10."""
    scripts: list[str] = []
    section = ""
    for line in (REPO / "pyproject.toml").read_text(encoding="utf-8").splitlines():
        header = re.fullmatch(r"\[([^\]]+)\]\s*", line)
        if header:
            section = header.group(1).strip()
        elif section in ("project.scripts", "project.gui-scripts"):
            entry = re.match(r'\s*"?([A-Za-z0-9_.-]+)"?\s*=', line)
            if entry:
                scripts.append(entry.group(1))
    return scripts


def build_parser(script: str) -> argparse.ArgumentParser:
    """The parser `script` runs with, built by its own function."""
    if script not in PARSERS:
        raise KeyError(f"{script}: a console script in pyproject.toml without a parser in tools/docs_hooks.py "
                       f"PARSERS (expected an entry 'module:function' that builds its argparse parser)")
    module, function = PARSERS[script].split(":")
    builder: Callable[[], argparse.ArgumentParser] = getattr(importlib.import_module(module), function)
    return builder()


def help_text(script: str) -> str:
    """`script --help` as a fixed-width terminal would show it."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = HELP_WIDTH
    try:
        return build_parser(script).format_help()
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def option_strings(script: str) -> set[str]:
    """Every option spelling (`-g`, `--gold`, …) the script accepts."""
    return {flag for action in build_parser(script)._actions for flag in action.option_strings}


def cli_reference_markdown() -> str:
    """One section a console script: its name, its description line, its complete `--help`."""
    parts: list[str] = []
    for script in console_scripts():
        parser = build_parser(script)
        summary = " ".join((parser.description or "").split())
        parts.append(f"## {script}\n\n{summary}\n\n```text\n{help_text(script).rstrip()}\n```\n")
    return "\n".join(parts)


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    """Fill the command-line reference page's marker with the generated sections."""
    if MARKER in markdown:
        return markdown.replace(MARKER, cli_reference_markdown())
    return markdown
