"""Each input parsed once per run, however many conventions read it.

`--convention all` scores a pair under every convention and then asks each for its per-mention
outcomes: without this, a large TextEE file would be parsed ten times. The parsed file is kept by the
`Input` itself (`Input.parsed`), an object the run holds and lets go, never by a process-wide cache; an
input read from its path alone is parsed each time, since the file could change between two calls.
"""

from __future__ import annotations

from evmeval.conventions.base import Input
from evmeval.io.dygiepp import DygieppFile, read_dygiepp
from evmeval.io.maven import MavenFile, read_maven
from evmeval.io.maven_ere import MavenEreFile, read_maven_ere
from evmeval.io.textee import TexteeFile, read_textee


def textee_file(source: Input) -> TexteeFile:
    """The parsed TextEE file (shared: do not change it); raises `FormatError`."""
    return source.parsed("textee", lambda: read_textee(source.path, source.data))


def dygiepp_file(source: Input) -> DygieppFile:
    """The parsed DyGIE++ file (shared: do not change it); raises `FormatError`."""
    return source.parsed("dygiepp", lambda: read_dygiepp(source.path, source.data))


def maven_file(source: Input) -> MavenFile:
    """The parsed MAVEN file (shared: do not change it); raises `FormatError`."""
    return source.parsed("maven", lambda: read_maven(source.path, source.data))


def maven_ere_file(source: Input) -> MavenEreFile:
    """The parsed MAVEN-ERE file (shared: do not change it); raises `FormatError`."""
    return source.parsed("maven-ere", lambda: read_maven_ere(source.path, source.data))
