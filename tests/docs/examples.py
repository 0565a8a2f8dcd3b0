"""The guide's examples as data: fenced blocks found in the Markdown pages, and how a console block runs.

Conventions (docs/developer.md, "Examples are tested"):
- ```console blocks: lines starting with `$ ` are commands (a trailing `\\` continues one), every other
  line is the output they print (stdout and stderr together); a line `...` stands for any lines.
- ```pycon blocks: Python sessions (`>>> `), checked by doctest with ELLIPSIS and NORMALIZE_WHITESPACE.
- ```bash blocks: only setting up (venv, pip, apt-get, git clone, cd, cp): CI runs README's own.
Commands run in a copy of the demo corpus (resources/demo), with the venv's programs first on PATH (as
after `source .venv/bin/activate`); README's run from a folder holding `resources/demo` and a `.venv` link
to this interpreter's environment, as README's commands are written from a clone's root.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
README = REPO / "README.md"
FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>[A-Za-z0-9_+-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
                   re.MULTILINE | re.DOTALL)
SETUP_COMMANDS = ("python3 -m venv", ".venv/bin/pip", "sudo apt-get", "apt-get", "git clone", "cd ", "cp ",
                  "source .venv/bin/activate", "export ", "#")
ANY_LINES = "..."


@dataclass(frozen=True)
class Block:
    """One fenced block: which page, the line its body starts on, its class, its text."""

    path: Path
    line: int
    lang: str
    body: str

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(REPO)}:{self.line}"


def pages() -> list[Path]:
    """README and every page of the guide."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def blocks(lang: str | None = None) -> list[Block]:
    """Every fenced block of every page (of one class when `lang` is given), in page order."""
    found: list[Block] = []
    for path in pages():
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            indent = len(match.group("indent"))
            body = "".join(line[indent:] + "\n" for line in match.group("body").splitlines())
            block = Block(path, text.count("\n", 0, match.start("body")) + 1, match.group("lang"), body)
            if lang is None or block.lang == lang:
                found.append(block)
    return found


def console_steps(body: str) -> list[tuple[str, list[str]]]:
    """A console block as (command, expected output lines) pairs."""
    steps: list[tuple[str, list[str]]] = []
    lines = body.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            if steps:
                steps[-1][1].append(line)
            elif line.strip():
                raise ValueError(f"output before the first command: {line!r}")
            i += 1
            continue
        command = line[2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command + "\n" + lines[i]
        steps.append((command, []))
        i += 1
    return steps


def output_matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line (trailing blanks ignored, tabs as written); a `...` line matches any lines."""
    want = [line.rstrip() for line in expected]
    got = [line.rstrip() for line in actual]
    while want and not want[-1]:
        want.pop()
    while got and not got[-1]:
        got.pop()
    return _match(want, got)


def _match(want: list[str], got: list[str]) -> bool:
    if not want:
        return not got
    if want[0] == ANY_LINES:
        return any(_match(want[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and got[0] == want[0] and _match(want[1:], got[1:])
