"""Checks of the public functions' arguments: a wrong type or a meaningless value is refused with a message
naming the argument, before any file is read (Python would read an int "path" as a file descriptor and close it).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TypeVar

_T = TypeVar("_T")

PathArgument = str | os.PathLike[str]
"""What every path argument of the library takes; results carry it as `str` (their JSON needs a string)."""


def _shown(value: object) -> str:
    return f"the {type(value).__name__} {value!r}"[:120]


def path_argument(value: object, name: str) -> str:
    """`value` as a `str` path: a `str` or an `os.PathLike` to one. An int (a file descriptor: reading would
    consume and close the caller's), a bool, bytes or an empty path is refused."""
    path = os.fspath(value) if isinstance(value, os.PathLike) else value
    if not isinstance(path, str):
        hint = " (a file descriptor is never read)" if isinstance(value, int) and not isinstance(value, bool) else ""
        raise TypeError(f"{name} must be a path (str or os.PathLike), not {_shown(value)}{hint}")
    if not path:
        raise ValueError(f"{name} is an empty path")
    return path


def optional_path(value: object, name: str) -> str | None:
    """`path_argument`, None kept (the option not given)."""
    return None if value is None else path_argument(value, name)


def path_list(values: object, name: str, least: int = 0) -> list[str]:
    """A list (any iterable) of paths as `str`; one path alone is refused: its characters are not paths."""
    if isinstance(values, (str, bytes, os.PathLike)):
        raise TypeError(f"{name} must be a list of paths, not the single path {values!r}")
    if not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a list of paths, not {_shown(values)}")
    paths = [path_argument(value, f"{name}[{i}]") for i, value in enumerate(values)]
    if len(paths) < least:
        raise ValueError(f"{name}: at least {least} paths, not {len(paths)}")
    return paths


def flag(value: object, name: str) -> bool:
    """A yes/no option: only True or False (the string "no" is true to Python)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {value!r}")
    return value


def instance(value: object, kind: type[_T], name: str, made_by: str) -> _T:
    """`value` when it is a `kind` (`made_by`: the function that makes one, for the message)."""
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be an evmeval.{kind.__name__} (from {made_by}), not {_shown(value)}")
    return value


def optional_text(value: object, name: str, what: str) -> str | None:
    """None or a string (`what` says which string, e.g. "a document id")."""
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{name} must be {what} (str) or None, not {_shown(value)}")
    return value

