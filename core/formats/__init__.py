"""Readers and writers, one module per format; every reader reports problems as file:line."""

from core.formats.errors import FormatError, Problem

__all__ = ["FormatError", "Problem"]
