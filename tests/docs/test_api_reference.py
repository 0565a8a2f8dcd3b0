"""The Python API page documents every public name of `evmeval` (issue 32, item 5: it left out seven)."""

from __future__ import annotations

import re

import evmeval

from tests.docs.examples import DOCS


def test_every_public_name_is_on_the_api_page() -> None:
    page = (DOCS / "reference" / "api.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^::: [\w.]+\.(\w+)$", page, re.MULTILINE))
    for members in re.findall(r"^\s+members: \[([^\]]*)\]$", page, re.MULTILINE):
        documented |= {name.strip() for name in members.split(",")}
    missing = sorted(set(evmeval.__all__) - documented - {"__version__"})
    assert not missing, f"public names not on docs/reference/api.md: {missing}"
    assert "`evmeval.__version__`" in page
