"""One BLAS thread for the programs (not for a notebook importing the library: its process is its own).

numpy's OpenBLAS starts a thread per core when numpy is imported, and on the small products the resampling makes
(`compare.significance.bootstrap_sums`: a block of draws times a few count columns) those threads spin more than
they compute: 10,000 resamples of 4,480 documents took 1.2-1.5 s of CPU with the default threads on 2 cores and
0.5 s with one, in about the same wall time (issue 34). In the window the spinning threads also took the core the
GUI thread needed. One thread also sums every product in one order on any machine. A user's own setting is kept."""

from __future__ import annotations

import os

VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""Read by OpenBLAS (numpy's wheels), OpenMP and MKL builds once, when numpy is first imported."""


def one_blas_thread() -> None:
    """Each of `VARIABLES` set to 1 unless the user set it; before numpy is imported (later it has no effect)."""
    for name in VARIABLES:
        os.environ.setdefault(name, "1")
