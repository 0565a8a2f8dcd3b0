"""The one rule by which a document id becomes a file name: `<id><suffix>`, only for a plain name.

Document ids come from inside the files a user gives (a tbf `#BeginOfDocument`, TextEE `doc_id`,
DyGIE++ `doc_key`, MAVEN `id`, CASIE `sourcefile`, a brat file's name), so an id such as `../x` or
`/etc/x` must never pick where a file is read or written. Every place an id meets the file system
goes through `doc_file_name` (refuses, with `file:line`) or `doc_file_path` (reading: a hostile id
has no file). A plain id is kept byte for byte: the published scorer reads `<dir>/<id>.tab`, and so
do we.
"""

from __future__ import annotations

import os

from evmeval.io.errors import FormatError

PLAIN_NAME = "a name without '/', '\\', NUL, not '.' or '..', not empty, not absolute"
"""What a document id must be to name a file (the `expected` part of the refusal)."""


def why_not_plain(doc_id: str) -> str | None:
    """Why `doc_id` cannot be a single file name inside a folder (None: it can)."""
    if doc_id in ("", ".", ".."):
        return "is empty" if not doc_id else f"is {doc_id!r}"
    for char, name in (("/", "'/'"), ("\\", "'\\'"), ("\0", "NUL")):
        if char in doc_id:
            return f"holds {name}"
    if os.path.isabs(doc_id) or os.path.splitdrive(doc_id)[0]:
        return "is absolute"
    return None


def is_plain_name(doc_id: str) -> bool:
    """True when `doc_id` can name a file inside a folder, and nothing outside it."""
    return why_not_plain(doc_id) is None


def refusal(doc_id: str, path: str, line: int) -> FormatError:
    """The error for an id that is not a plain name, placed where the id was read."""
    return FormatError(path, line, f"document id {doc_id!r} is not a plain file name", f"{PLAIN_NAME}")


def doc_file_name(doc_id: str, suffix: str = "", *, path: str, line: int = 0) -> str:
    """`<doc_id><suffix>`, a single file name; raises `FormatError` at `path:line` (where the id was
    read) when the id is not a plain name."""
    if why_not_plain(doc_id) is not None:
        raise refusal(doc_id, path, line)
    return doc_id + suffix


def doc_file_path(folder: str, doc_id: str, suffix: str = "") -> str | None:
    """`<folder>/<doc_id><suffix>` for reading, or None when the id is not a plain name (such an id
    has no file: nothing outside `folder` is ever looked at)."""
    return os.path.join(folder, doc_id + suffix) if is_plain_name(doc_id) else None


__all__ = ["PLAIN_NAME", "doc_file_name", "doc_file_path", "is_plain_name", "refusal", "why_not_plain"]
