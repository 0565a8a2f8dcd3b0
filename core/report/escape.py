"""HTML escaping for the reports, paying only for strings that need it.

A 2000-document report escapes about 900,000 strings (ids, types, snippets of text) and nearly none
holds a character to escape; `html.escape` makes five passes over each all the same. One precompiled
search finds the few that need it; the result is exactly `html.escape(str(text), quote=True)`.
"""

from __future__ import annotations

import html
import re

_SPECIAL = re.compile("[&<>\"']")
"""The characters `html.escape(..., quote=True)` replaces."""

needs_escape = _SPECIAL.search
"""`needs_escape(s)`: a match when `s` holds a character to escape (else None)."""


def esc(text: object) -> str:
    """`html.escape(str(text), quote=True)`, without its passes over a string that needs none."""
    s = str(text)
    return html.escape(s, quote=True) if needs_escape(s) is not None else s
