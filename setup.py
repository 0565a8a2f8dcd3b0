"""Optional C extensions; the pure-Python code is always there and gives the same results.

`pip install -e .` builds them when a C compiler is at hand and goes on without them otherwise
(`optional=True`). `EVMEVAL_PURE_PYTHON=1` makes the program ignore them.
"""

from setuptools import Extension, setup

_STRICT_FLOATS = ["-O2", "-ffp-contract=off"]  # no fused multiply-add: sums must round as Python's do

setup(
    ext_modules=[
        # The coreference kernel of `evmeval-score -c` (core.metrics.coref_kernel loads it).
        Extension("core._corefkernel", ["core/_corefkernel.c"], optional=True, extra_compile_args=_STRICT_FLOATS),
    ],
)
