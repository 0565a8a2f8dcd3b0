"""No stale words after the library moved into `core/evmeval` (issue 33 item 8).

The CI script, the guide, the data READMEs and the docstrings name files and modules that exist:
a path under `core/` is a file of the tree, a dotted name is never the old `core.…` package, and no
docstring says the window asks `core` (the package is `evmeval`).
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCANNED = [REPO / ".ci" / "run", REPO / "README.md", *sorted((REPO / "docs").rglob("*.md")),
           *sorted((REPO / "tests" / "data").rglob("*.md")), *sorted((REPO / "resources").rglob("*.md")),
           *sorted((REPO / "core" / "evmeval").rglob("*.py")), *sorted((REPO / "evmeval_gui").rglob("*.py")),
           *sorted((REPO / "benchmarks").glob("*.py")), *sorted((REPO / "tools").glob("*.py"))]
CORE_PATH = re.compile(r"(?<![\w/.])core/[\w/]+\.(?:c|py|h)\b")
OLD_PACKAGE = re.compile(r"(?<![\w.])core\.(?!evmeval)[a-z_]+\.?[a-z_]*")
OLD_NAME = re.compile(r"`core`")


def _stale(path: Path, root: Path = REPO) -> list[str]:
    """`file:line: word` of each stale word in `path` (paths are looked up under `root`)."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.relative_to(root)}:{number}"
        found += [f"{where}: {m.group()} does not exist" for m in CORE_PATH.finditer(line)
                  if not (root / m.group()).exists()]
        found += [f"{where}: {m.group()} (the package is evmeval)" for m in OLD_PACKAGE.finditer(line)]
        found += [f"{where}: `core` (the library is `evmeval`)" for _ in OLD_NAME.finditer(line)
                  if "tests/core" not in line]
    return found


def test_files_and_modules_named_exist() -> None:
    assert [line for path in SCANNED for line in _stale(path)] == []


def test_the_scan_sees_a_stale_word(tmp_path: Path) -> None:
    """The scan finds each kind of stale word (so the test above can fail)."""
    sample = REPO / "core" / "evmeval" / "__init__.py"
    text = "# kernel core/evmeval/_kernel.c, reading with `core.formats.conll`; asks `core`\n"
    stale = tmp_path / "sample.md"
    stale.write_text(text, encoding="utf-8")
    found = [line.split(": ", 1)[1] for line in _stale(stale, tmp_path)]
    assert found == ["core/evmeval/_kernel.c does not exist", "core.formats.conll (the package is evmeval)",
                     "`core` (the library is `evmeval`)"]
    assert _stale(sample) == []

