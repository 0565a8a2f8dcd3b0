"""The console programs' entry points (pyproject `[project.scripts]`): Ctrl+C handled from the start.

The script pip generates imports this module and then calls one function. Its first statement
installs the SIGINT handling (`core.interrupt`), and each program's own code is imported only inside
its function: an interrupt during those imports ends the program like one during its work, with exit
130 and one line, never a KeyboardInterrupt traceback. Keep this module free of other imports.
"""

from core import interrupt

interrupt.install()


def score() -> None:
    """`evmeval-score`."""
    interrupt.install("evmeval-score")
    from core.cli import score_entry

    score_entry()


def validate() -> None:
    """`evmeval-validate`."""
    interrupt.install("evmeval-validate")
    from core.cli import validate_entry

    validate_entry()


def iaa() -> None:
    """`evmeval-iaa`."""
    interrupt.install("evmeval-iaa")
    from core.iaa_cli import iaa_entry

    iaa_entry()


def brat2tbf() -> None:
    """`evmeval-brat2tbf`."""
    interrupt.install("evmeval-brat2tbf")
    from core.iaa_cli import brat2tbf_entry

    brat2tbf_entry()


def conll() -> None:
    """`evmeval-conll`."""
    interrupt.install("evmeval-conll")
    from core.coref_cli import conll_entry

    conll_entry()


def compare() -> None:
    """`evmeval-compare`."""
    interrupt.install("evmeval-compare")
    from core.compare_cli import compare_entry

    compare_entry()
