"""Fixtures shared by the library's test modules."""

from __future__ import annotations

import pytest
from evmeval.conventions.convert import convert

from tests.core.test_convert_any import FILES, _input, _options, _write


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, dict[str, str | None]]]:
    """A sample of every source format: the shipped ones, and tbf, brat, CASIE made from TextEE and BioNLP."""
    root = tmp_path_factory.mktemp("samples")
    out: dict[str, tuple[str, dict[str, str | None]]] = {f: (str(p), {}) for f, p in FILES.items()}
    for fmt, made_from in (("tbf", "textee"), ("casie", "textee"), ("brat", "bionlp")):
        folder = root / fmt
        _write(convert(str(FILES[made_from]), made_from, fmt), folder)
        out[fmt] = (_input(fmt, folder), _options(fmt, folder))
    return out
