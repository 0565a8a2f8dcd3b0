"""HTML escaping for the reports, paying only for strings that need it.

A 2000-document report escapes about 900,000 strings (ids, types, snippets of text) and nearly none
holds a character to escape; `html.escape` makes five passes over each all the same. A quick test finds
the few that need it; the result is exactly `html.escape(str(text), quote=True)`.
"""

from __future__ import annotations

import html


def needs_escape(text: str) -> bool:
    """Whether `text` holds a character `html.escape(..., quote=True)` replaces. Five substring
    tests (memchr each) beat one regular expression 4 to 1 on a snippet's 130 characters."""
    return "&" in text or "<" in text or ">" in text or '"' in text or "'" in text


def esc(text: object) -> str:
    """`html.escape(str(text), quote=True)`, without its passes over a string that needs none."""
    s = str(text)
    return html.escape(s, quote=True) if needs_escape(s) else s
