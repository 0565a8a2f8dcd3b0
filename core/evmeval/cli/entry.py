"""The console programs' entry points (pyproject `[project.scripts]`): Ctrl+C handled from the start.

The script pip generates imports this module and then calls one function. Its first statement
installs the SIGINT handling (`evmeval._util.interrupt`), and each program's own code is imported only inside
its function: an interrupt during those imports ends the program like one during its work, with exit
130 and one line, never a KeyboardInterrupt traceback. Keep this module free of other imports.
"""

from evmeval._util import interrupt

interrupt.install()


def score() -> None:
    """`evmeval-score`."""
    interrupt.install("evmeval-score")
    from evmeval.cli.score_options import score_parser

    score_parser().parse_args()  # --help, --version and usage errors: answered before the scorer is imported
    from evmeval.cli.score import score_entry

    score_entry()


def validate() -> None:
    """`evmeval-validate`."""
    interrupt.install("evmeval-validate")
    from evmeval.cli.score import validate_entry

    validate_entry()


def iaa() -> None:
    """`evmeval-iaa`."""
    interrupt.install("evmeval-iaa")
    from evmeval.cli.iaa import iaa_entry

    iaa_entry()


def brat2tbf() -> None:
    """`evmeval-brat2tbf`."""
    interrupt.install("evmeval-brat2tbf")
    from evmeval.cli.iaa import brat2tbf_entry

    brat2tbf_entry()


def conll() -> None:
    """`evmeval-conll`."""
    interrupt.install("evmeval-conll")
    from evmeval.cli.coref import conll_entry

    conll_entry()


def compare() -> None:
    """`evmeval-compare`."""
    interrupt.install("evmeval-compare")
    from evmeval.cli.compare import compare_entry

    compare_entry()


def convert() -> None:
    """`evmeval-convert`."""
    interrupt.install("evmeval-convert")
    from evmeval.cli.convert import convert_entry

    convert_entry()
