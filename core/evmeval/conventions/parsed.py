"""Each input parsed once per run, however many conventions read it.

`--convention all` scores a pair under every convention and then asks each for its per-mention
outcomes: without this, a large TextEE file would be parsed ten times. An `Input` holding its bytes is
its own key (a bytes object keeps its hash once computed); one read from its path alone is not cached,
since the file could change between two calls.
"""

from __future__ import annotations

from functools import lru_cache

from evmeval.conventions.base import Input
from evmeval.io.dygiepp import DygieppFile, read_dygiepp
from evmeval.io.textee import TexteeFile, read_textee

KEPT = 4
"""Parsed files kept: a gold and a system file, and the pair before (the window reopening)."""


@lru_cache(maxsize=KEPT)
def _textee(source: Input) -> TexteeFile:
    return read_textee(source.path, source.data)


@lru_cache(maxsize=KEPT)
def _dygiepp(source: Input) -> DygieppFile:
    return read_dygiepp(source.path, source.data)


def textee_file(source: Input) -> TexteeFile:
    """The parsed TextEE file (shared: do not change it); raises `FormatError`."""
    return _textee(source) if source.data is not None else read_textee(source.path)


def dygiepp_file(source: Input) -> DygieppFile:
    """The parsed DyGIE++ file (shared: do not change it); raises `FormatError`."""
    return _dygiepp(source) if source.data is not None else read_dygiepp(source.path)
