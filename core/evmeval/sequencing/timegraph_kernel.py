"""The optional C kernel of the published closure (`evmeval.sequencing._timegraphkernel`), when built and wanted.

For one document it gives what `evaluate_document(..., PublishedTimegraph)` gives (the same counts and link
outcomes, built from the same v1.8 time graph), and the Python 2.7 set order the links arrive in
(`py2order.tuple_set_order`); property tests compare each with its Python form on random inputs.
`EVMEVAL_PURE_PYTHON=1` in the environment forces the Python path.
"""

from __future__ import annotations

from types import ModuleType

from evmeval._util.kernels import pure_python


def load_kernel() -> ModuleType | None:
    """The compiled kernel, or None (not built, or the pure-Python path is asked for)."""
    if pure_python():
        return None
    try:
        from evmeval.sequencing import _timegraphkernel  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _timegraphkernel  # type: ignore[no-any-return]


KERNEL = load_kernel()
"""Loaded once, at import: the choice holds for the whole run (`KERNEL = None` switches it off)."""
