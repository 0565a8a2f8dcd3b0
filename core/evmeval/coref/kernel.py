"""The optional C kernel of coreference scoring (`evmeval.coref._corefkernel`), when it is built and wanted.

The kernel gives, for the common document, exactly what `general_document_coreference` gives (the same
lines, labels and bit-identical counts, ints where Python has ints); a test compares the two on random
documents. `EVMEVAL_PURE_PYTHON=1` in the environment forces the Python path.
"""

from __future__ import annotations

from types import ModuleType

from evmeval._util.kernels import pure_python
from evmeval.coref.metrics import BlancCounts, CorefCounts, LinkCounts


def load_kernel() -> ModuleType | None:
    """The compiled kernel, or None (not built, or the pure-Python path is asked for)."""
    if pure_python():
        return None
    try:
        from evmeval.coref import _corefkernel  # type: ignore[attr-defined]
    except ImportError:
        return None
    _corefkernel.set_count_types(LinkCounts, BlancCounts, CorefCounts)  # counts come back as these
    return _corefkernel  # type: ignore[no-any-return]


KERNEL = load_kernel()
"""Loaded once, at import: the choice holds for the whole run."""
