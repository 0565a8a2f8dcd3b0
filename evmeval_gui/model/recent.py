"""Open recent, without Qt: the list of past corpora, stored with absolute paths, and what is gone.

A relative path means something else from another folder (issue: launched elsewhere, a recent entry
opened other files with the old folders and showed other numbers without a word), so every path is
made absolute before it is stored; an entry whose files are gone is recognised (`missing_files`) so
the window can say so and offer to remove it. The list is kept as JSON text by whoever stores it
(the window: QSettings, read back through `evmeval_gui.window.stored_settings`).
"""

from __future__ import annotations

import json
import os

from evmeval_gui.agreement.state import AgreementRequest
from evmeval_gui.model.corpus import OpenRequest

Recent = OpenRequest | AgreementRequest
"""An entry of Open recent: a corpus (gold and systems) or an agreement set (annotators)."""

MAX_RECENT = 8


def _absolute(path: str | None) -> str | None:
    return os.path.abspath(path) if path else path


def absolute_request(request: Recent) -> Recent:
    """The same request with every path absolute (relative ones resolved against the current folder)."""
    if isinstance(request, AgreementRequest):
        return AgreementRequest(tuple(os.path.abspath(p) for p in request.paths), _absolute(request.token_dir),
                                _absolute(request.text_dir), request.ann_extension)
    return OpenRequest(os.path.abspath(request.gold), tuple(os.path.abspath(s) for s in request.systems),
                       _absolute(request.token_dir), _absolute(request.text_dir), _absolute(request.white_list))


def missing_files(request: Recent) -> list[str]:
    """The files and folders of `request` that do not exist (any more), in the request's order."""
    if isinstance(request, AgreementRequest):
        folders = [d for d in (request.token_dir, request.text_dir) if d]
        return [p for p in request.paths if not os.path.exists(p)] + [d for d in folders if not os.path.isdir(d)]
    files = [request.gold, *request.systems, *([request.white_list] if request.white_list else [])]
    folders = [d for d in (request.token_dir, request.text_dir) if d]
    return [p for p in files if not os.path.isfile(p)] + [d for d in folders if not os.path.isdir(d)]


def entry_from_json(item: object) -> Recent | None:
    """A stored entry (corpus or agreement set), or None when it is not one."""
    return OpenRequest.from_json(item) or AgreementRequest.from_json(item)


def entry_name(request: Recent) -> str:
    """How the menu and the welcome page name an entry."""
    return f"Agreement: {request.name}" if isinstance(request, AgreementRequest) else request.name


def entry_paths(request: Recent) -> list[str]:
    """The entry's input files (its tooltip)."""
    return list(request.paths) if isinstance(request, AgreementRequest) else [request.gold, *request.systems]


def recent_from_json(data: object) -> list[Recent] | None:
    """The stored list (decoded JSON), or None when it is not a list; an entry that is not one (an
    older version's, an edited one) is skipped."""
    if not isinstance(data, list):
        return None
    requests = [entry_from_json(item) for item in data]
    return [r for r in requests if r is not None][:MAX_RECENT]


def format_recent(requests: list[Recent]) -> str:
    """The list as JSON text, at most `MAX_RECENT` entries."""
    return json.dumps([r.to_json() for r in requests[:MAX_RECENT]])


def remember(requests: list[Recent], request: Recent) -> list[Recent]:
    """`request` (made absolute) first, then the others without it."""
    request = absolute_request(request)
    return [request, *(r for r in requests if r != request and absolute_request(r) != request)][:MAX_RECENT]


def forget(requests: list[Recent], request: Recent) -> list[Recent]:
    """The list without `request`."""
    return [r for r in requests if r != request]
