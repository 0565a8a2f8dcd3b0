"""What every command's `--help` and `--version` look like: one description, worked examples, the release.

Every program builds its parser here, so the layout (description wrapped, examples printed as written,
`--version` with the C kernels' state) is one rule, not seven.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence

from evmeval.cli.console import version_text


def command_parser(prog: str, description: str, examples: Sequence[str]) -> argparse.ArgumentParser:
    """A parser for `prog` whose help ends with `examples` (command lines, shown as written)."""
    epilog = "examples:\n" + "\n".join(f"  {line}" for line in examples)
    parser = argparse.ArgumentParser(prog=prog, description=textwrap.fill(description, 79), epilog=epilog,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=version_text(prog),
                        help="print the release and whether the C kernels are in use, then exit")
    return parser
