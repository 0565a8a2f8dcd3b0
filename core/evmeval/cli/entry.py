"""The console programs' entry points (pyproject `[project.scripts]`): Ctrl+C handled from the start.

The script pip generates imports this module and then calls one function. Its first statements
install a minimal handler for SIGINT and SIGTERM that prints the one line and exits, using only
modules already loaded (so a Ctrl+C while the rest is imported, even `evmeval._util.interrupt`
itself, is never a KeyboardInterrupt traceback); then the full handling (`evmeval._util.interrupt`)
replaces it. Each program's own code is imported only inside its function: an interrupt during those
imports ends the program like one during its work, with exit 130 and one line, and running out of
memory while importing is the program's one out-of-memory line. Keep this module free of other imports.
"""

import _signal  # first: built in and already initialised, unlike `signal` (which imports enum)
import os
import sys


def _out(line: str, code: int) -> None:
    """Before the full handling is in place: the one line, and out."""
    os.write(2, f"{os.path.basename(sys.argv[0]) if sys.argv else 'python'}: {line}\n".encode())
    os._exit(code)


def _early(signum: int, _frame: object) -> None:
    _out("terminated" if signum == _signal.SIGTERM else "interrupted", 128 + signum)


try:
    _signal.signal(_signal.SIGINT, _early)
    _signal.signal(_signal.SIGTERM, _early)
except KeyboardInterrupt:  # a Ctrl+C that came before: `signal` raises it from its check for pending signals
    _out("interrupted", 130)

def _no_memory(exc: BaseException) -> bool:
    """Out of memory: a `MemoryError`, or the `OSError` ENOMEM (12) an import meets listing a folder."""
    return isinstance(exc, MemoryError) or (isinstance(exc, OSError) and exc.errno == 12)


try:
    from evmeval._util import interrupt
    from evmeval._util.blas_threads import one_blas_thread  # os alone: no other import
except (MemoryError, OSError) as exc:
    if not _no_memory(exc):
        raise
    _out("error: out of memory (while starting)", 1)

interrupt.install()

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


def _load(program: str, module: str, name: str) -> "Callable[[], object]":
    """`module.name`, imported with the full handling installed for `program`; out of memory while
    importing it is the one line, exit 1 (the program's own `finish` says it once it runs)."""
    interrupt.install(program)
    one_blas_thread()  # before anything imports numpy (`evmeval._util.blas_threads` says why)
    try:
        return getattr(__import__(module, fromlist=[name]), name)  # type: ignore[no-any-return]
    except (MemoryError, OSError) as exc:
        if not _no_memory(exc):
            raise
        interrupt.say_out_of_memory()
        os._exit(1)
    except Exception as exc:  # our own code imports cleanly: this is CPython failing under a memory limit
        said = " ".join(str(exc).split())  # one line: numpy's ImportError text runs over twenty
        said = said if len(said) <= 300 else said[:299] + "…"
        _out(f"error: cannot load the program's code ({type(exc).__name__}: {said}); out of memory is the usual "
             "cause", 1)
        raise  # not reached: _out leaves


def score() -> None:
    """`evmeval-score`: a short batch run whose cyclic collector only costs time (`score_entry` says why), switched
    off before its imports too (about 1-2 ms of collections during them: issue 37)."""
    import gc  # built in: no Python code runs

    gc.disable()
    # --help, --version and usage errors: answered before the scorer is imported
    _load("evmeval-score", "evmeval.cli.score_options", "score_parser")().parse_args()  # type: ignore[attr-defined]
    _load("evmeval-score", "evmeval.cli.score", "score_entry")()


def validate() -> None:
    """`evmeval-validate`."""
    _load("evmeval-validate", "evmeval.cli.score", "validate_entry")()


def iaa() -> None:
    """`evmeval-iaa`."""
    _load("evmeval-iaa", "evmeval.cli.iaa", "iaa_entry")()


def brat2tbf() -> None:
    """`evmeval-brat2tbf`."""
    _load("evmeval-brat2tbf", "evmeval.cli.iaa", "brat2tbf_entry")()


def conll() -> None:
    """`evmeval-conll`."""
    _load("evmeval-conll", "evmeval.cli.coref", "conll_entry")()


def compare() -> None:
    """`evmeval-compare`."""
    _load("evmeval-compare", "evmeval.cli.compare", "compare_entry")()


def convert() -> None:
    """`evmeval-convert`."""
    _load("evmeval-convert", "evmeval.cli.convert", "convert_entry")()
