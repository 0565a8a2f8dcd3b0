"""What the window keeps between launches, read back through one guarded parse (no Qt).

A settings value is text someone may have edited, truncated or filled with 100,000 nested `[`
(issue 31, item 7: a `RecursionError` then killed the window at every launch until the file was
edited by hand). Every value the window decodes goes through `parse_stored`: a damaged one is
reported as such, so the caller drops it with a one-line note, and the window opens.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def parse_stored(text: object, shape: Callable[[object], T | None]) -> tuple[T | None, str | None]:
    """(value, None) for a stored JSON text `shape` accepts; (None, None) when nothing is stored;
    (None, what is wrong) when the text is damaged: not text, not JSON, nested too deeply for the
    decoder, or JSON of another shape (`shape` returns None)."""
    if text is None or text == "":
        return None, None
    if not isinstance(text, str):
        return None, f"not text but {type(text).__name__}"
    try:
        data = json.loads(text)
    except RecursionError:
        return None, "JSON nested too deeply"
    except ValueError as exc:
        return None, f"not JSON ({exc})"
    try:
        value = shape(data)
    except RecursionError:  # a shape that walks the value meets the same depth
        return None, "JSON nested too deeply"
    return (value, None) if value is not None else (None, f"JSON of another shape ({type(data).__name__})")


def damaged_note(where: str, key: str, problem: str, expected: str) -> str:
    """The one line said about a dropped value: `file: key: what is wrong; dropped (expected …)`."""
    return f"{where}: {key}: {problem}; dropped (expected {expected})"
