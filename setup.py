"""Build hook for the optional C kernel; every piece of metadata stays in pyproject.toml.

`core._kernel` speeds up the common `evmeval-score -o [-d]` run (see docs/features/kernel.md). It is
`optional=True`: without a C compiler or Python headers the build skips it and the package installs and
runs on its pure-Python path.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "core._kernel",
            sources=["core/_kernel.c"],
            extra_compile_args=["-O2", "-std=c99", "-fno-fast-math", "-ffp-contract=off"],
            extra_link_args=["-pthread"],
            optional=True,
        )
    ],
)
