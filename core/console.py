"""How every console program ends: an exit code, never a traceback for a closed pipe or Ctrl+C."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import NoReturn

from core import interrupt


def _silence_stdout() -> None:
    """After the reader of our output went away (`| head`), drop what is still buffered."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _exit_code(exc: SystemExit) -> int:
    """The status `sys.exit(value)` would give (argparse's errors: 2), its message printed as Python would."""
    if exc.code is None or isinstance(exc.code, int):
        return exc.code or 0
    print(exc.code, file=sys.stderr)
    return 1


def finish(main: Callable[[], int], *, fast_exit: bool = False) -> NoReturn:
    """Run `main` and exit with its code. A closed output pipe ends quietly with 0 (the reader has
    what it wanted); Ctrl+C ends with 130. `fast_exit` leaves without tearing down the heap, which
    for a large corpus costs a tenth of a second the OS does for free. A program that handles Ctrl+C
    itself (`core.interrupt`) always leaves so: Python's own teardown puts SIGINT back to its default
    action first, so a Ctrl+C then would kill the program without its line."""
    try:
        code = main()
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        _silence_stdout()
        code = 0
    except KeyboardInterrupt:
        code = 130
    except SystemExit as exc:
        if not (fast_exit or interrupt.installed()):
            raise
        code = _exit_code(exc)
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
            sys.stderr.flush()
    if fast_exit or interrupt.installed():
        os._exit(code)
    sys.exit(code)
