"""Build hook for the optional C kernels; every piece of metadata stays in pyproject.toml.

`evmeval.mention._kernel` speeds up the common `evmeval-score -o [-d]` run (docs/troubleshooting.md, "No C compiler"),
`evmeval.coref._corefkernel` the coreference lines and metrics of `-c`, `evmeval.sequencing._timegraphkernel`
v1.8's time graph of `-a`. All three are `optional=True`: without a C
compiler or Python headers the build skips them and the package installs and runs on its pure-Python
path, which gives the same bytes. `EVMEVAL_PURE_PYTHON=1` makes the program ignore them.

`EVMEVAL_NO_KERNELS=1` at build time leaves them out altogether: `pip wheel .` then makes the pure-Python
fallback wheel (`py3-none-any`) an index offers beside the manylinux ones (docs/developer.md, "Releases").
"""

import os

from setuptools import Extension, setup

_STRICT_FLOATS = ["-O2", "-std=c99", "-fno-fast-math", "-ffp-contract=off"]
"""No fused multiply-add, no fast math: sums must round exactly as Python's do."""

_KERNELS = [
    Extension("evmeval.mention._kernel", sources=["core/evmeval/mention/_kernel.c"],
              extra_compile_args=_STRICT_FLOATS,
              extra_link_args=["-pthread"], optional=True),
    Extension("evmeval.coref._corefkernel", sources=["core/evmeval/coref/_corefkernel.c"],
              extra_compile_args=_STRICT_FLOATS,
              optional=True),
    Extension("evmeval.sequencing._timegraphkernel", sources=["core/evmeval/sequencing/_timegraphkernel.c"],
              extra_compile_args=_STRICT_FLOATS,
              optional=True),
]

setup(ext_modules=[] if os.environ.get("EVMEVAL_NO_KERNELS") == "1" else _KERNELS)
