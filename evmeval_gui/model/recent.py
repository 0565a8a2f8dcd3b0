"""Open recent, without Qt: the list of past corpora, stored with absolute paths, and what is gone.

A relative path means something else from another folder (issue: launched elsewhere, a recent entry
opened other files with the old folders and showed other numbers without a word), so every path is
made absolute before it is stored; an entry whose files are gone is recognised (`missing_files`) so
the window can say so and offer to remove it. The list is kept as JSON text by whoever stores it
(the window: QSettings, read back through `evmeval_gui.window.stored_settings`).

Entries are corpora (`OpenRequest`) and whatever a feature registers with `RecentEntries.register` (the
agreement study's `AgreementRequest`): each kind says how it is read back, named, made absolute and checked.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from evmeval_gui.model.corpus import OpenRequest

Recent = Any
"""An entry of Open recent: a corpus (`OpenRequest`) or a registered kind's request (an agreement set)."""

MAX_RECENT = 8


def _absolute(path: str | None) -> str | None:
    return os.path.abspath(path) if path else path


def absolute_path(path: str | None) -> str | None:
    """`path` made absolute (None and "" stay as they are): for the kinds' `absolute`."""
    return _absolute(path)


@dataclass(frozen=True)
class RecentKind:
    """How Open recent handles one kind of entry: `kind` is its request class; `from_json` reads a stored
    entry back (None: not one of this kind); `name` is how the menu names it; `paths` its input files
    (the tooltip); `absolute` the same request with absolute paths; `missing` its files and folders that
    are gone; `open` how it opens (None: the window's own way, for corpora and agreement sets)."""

    kind: type
    from_json: Callable[[object], Any]
    name: Callable[[Any], str]
    paths: Callable[[Any], list[str]]
    absolute: Callable[[Any], Any]
    missing: Callable[[Any], list[str]]
    open: Callable[[Any], None] | None = None


def _corpus_missing(request: OpenRequest) -> list[str]:
    files = [request.gold, *request.systems, *([request.white_list] if request.white_list else [])]
    folders = [d for d in (request.token_dir, request.text_dir) if d]
    return [p for p in files if not os.path.isfile(p)] + [d for d in folders if not os.path.isdir(d)]


CORPUS_ENTRY = RecentKind(
    OpenRequest, OpenRequest.from_json, lambda r: r.name, lambda r: [r.gold, *r.systems],
    lambda r: OpenRequest(os.path.abspath(r.gold), tuple(os.path.abspath(s) for s in r.systems),
                          _absolute(r.token_dir), _absolute(r.text_dir), _absolute(r.white_list)),
    _corpus_missing)
"""A corpus: gold and systems."""


class RecentEntries:
    """The kinds of entry one Open recent list holds: corpora, and the kinds features register."""

    def __init__(self, kinds: Sequence[RecentKind] = (CORPUS_ENTRY,)) -> None:
        self.kinds: list[RecentKind] = list(kinds)

    def register(self, kind: RecentKind) -> None:
        """Let the list hold entries of another kind (a feature's, e.g. an agreement study)."""
        self.kinds.append(kind)

    def _of(self, request: Recent) -> RecentKind:
        for kind in self.kinds:
            if isinstance(request, kind.kind):
                return kind
        raise TypeError(f"no recent entry kind for {type(request).__name__}")

    def absolute_request(self, request: Recent) -> Recent:
        """The same request with every path absolute (relative ones resolved against the current folder)."""
        return self._of(request).absolute(request)

    def missing_files(self, request: Recent) -> list[str]:
        """The files and folders of `request` that do not exist (any more), in the request's order."""
        return self._of(request).missing(request)

    def entry_from_json(self, item: object) -> Recent | None:
        """A stored entry (of any registered kind), or None when it is not one."""
        for kind in self.kinds:
            if (request := kind.from_json(item)) is not None:
                return request
        return None

    def opener(self, request: Recent) -> Callable[[Any], None] | None:
        """How the entry's kind opens it (None: the window's own way)."""
        return self._of(request).open

    def entry_name(self, request: Recent) -> str:
        """How the menu and the welcome page name an entry."""
        return self._of(request).name(request)

    def entry_paths(self, request: Recent) -> list[str]:
        """The entry's input files (its tooltip)."""
        return self._of(request).paths(request)

    def recent_from_json(self, data: object) -> list[Recent] | None:
        """The stored list (decoded JSON), or None when it is not a list; an entry that is not one (an
        older version's, an edited one, a kind no feature registered) is skipped."""
        if not isinstance(data, list):
            return None
        requests = [self.entry_from_json(item) for item in data]
        return [r for r in requests if r is not None][:MAX_RECENT]

    def remember(self, requests: list[Recent], request: Recent) -> list[Recent]:
        """`request` (made absolute) first, then the others without it."""
        request = self.absolute_request(request)
        return [request, *(r for r in requests if r != request and self.absolute_request(r) != request)][:MAX_RECENT]


def format_recent(requests: list[Recent]) -> str:
    """The list as JSON text, at most `MAX_RECENT` entries."""
    return json.dumps([r.to_json() for r in requests[:MAX_RECENT]])


def forget(requests: list[Recent], request: Recent) -> list[Recent]:
    """The list without `request`."""
    return [r for r in requests if r != request]
