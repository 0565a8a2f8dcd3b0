"""How every console program ends: an exit code, never a traceback for a closed pipe, Ctrl+C or a lack of memory."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from evmeval._util import interrupt


def _silence_stdout() -> None:
    """After the reader of our output went away (`| head`), drop what is still buffered."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def out_of_memory_message(program: str, argv: Sequence[str]) -> str:
    """One line for a run that ran out of memory, naming the inputs it had read (those of `argv`)."""
    from evmeval.io.reading import display_name, paths_read  # only then: a plain start needs none of io

    read = paths_read()
    named = [display_name(a) for a in dict.fromkeys(argv) if a in read]
    where = f" on {', '.join(named)}" if named else ""
    return f"{program}: error: out of memory{where} ({interrupt.OUT_OF_MEMORY_HINT})"


def _exit_code(exc: SystemExit) -> int:
    """The status `sys.exit(value)` would give (argparse's errors: 2), its message printed as Python would."""
    if exc.code is None or isinstance(exc.code, int):
        return exc.code or 0
    print(exc.code, file=sys.stderr)
    return 1


def finish(main: Callable[[], int], *, fast_exit: bool = False, transaction: bool = True) -> NoReturn:
    """Run `main` and exit with its code. A closed output pipe ends quietly with 0 (the reader has
    what it wanted); Ctrl+C ends with 130; a lack of memory is one line naming the inputs, exit 1.
    With `transaction` the run's outputs are one transaction (`evmeval._util.run_outputs`): renamed
    into place when `main` returns 0, else removed with the folders the run made.
    `fast_exit` leaves without tearing down the heap, which for a large corpus costs a tenth of a
    second the OS does for free. A program that handles Ctrl+C itself (`evmeval._util.interrupt`) always leaves
    so: Python's own teardown puts SIGINT back to its default action first, so a Ctrl+C then would kill
    the program without its line."""
    try:
        code = run_in_transaction(main) if transaction else main()
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        _silence_stdout()
        code = 0
    except KeyboardInterrupt:
        code = 130
    except Exception as exc:
        if not (isinstance(exc, MemoryError) or _out_of_memory(exc)):
            raise
        try:
            print(out_of_memory_message(os.path.basename(sys.argv[0]), sys.argv[1:]), file=sys.stderr)
        except MemoryError:  # not even for naming the inputs: the line that needs nothing
            interrupt.say_out_of_memory()
        code = 1
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


_LOADER_OUT_OF_MEMORY = ("failed to map segment", "Cannot allocate memory")
"""What the dynamic loader's ImportError says when there is no address space left for an extension module."""


def _out_of_memory(exc: BaseException) -> bool:
    """Whether `exc` is the process running out of memory in another guise: the `OSError` ENOMEM an import meets
    listing a folder, or anything at all (an extension that "failed to map segment", CPython's compiler failing)
    once the process is close to an address-space limit (`ulimit -v`), which is what such failures come from."""
    if isinstance(exc, OSError) and exc.errno == errno.ENOMEM:
        return True
    if isinstance(exc, ImportError) and any(words in str(exc) for words in _LOADER_OUT_OF_MEMORY):
        return True  # the dynamic loader could not map an extension (a standard module imported late, e.g. `_random`)
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY:
            return False
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[0])
        return pages * os.sysconf("SC_PAGE_SIZE") > 0.8 * soft
    except (ImportError, OSError, ValueError, MemoryError):
        return False


def run_in_transaction(main: Callable[[], int]) -> int:
    """`main()`, its outputs committed only when it returns 0; a commit that fails (a file cannot be
    renamed into place) is the usual `PROG: error: PATH: cannot write (…)`, exit 1."""
    from evmeval._util import run_outputs

    with run_outputs.transaction() as run:
        code = main()
        if code == 0:
            try:
                run.commit()
            except OSError as exc:
                print(f"{os.path.basename(sys.argv[0])}: error: {exc.filename or ''}: cannot write ({exc.strerror})",
                      file=sys.stderr)
                return 1
        return code


def version_text(prog: str) -> str:
    """`PROG 0.1.0 (C kernels: yes)`: what a bug report needs — which release, and whether the compiled
    kernels (same numbers, faster) are in use or the pure-Python path runs."""
    from importlib.util import find_spec

    from evmeval import __version__
    from evmeval._util.kernels import pure_python

    pure = pure_python()
    names = ("evmeval.mention._kernel", "evmeval.coref._corefkernel", "evmeval.sequencing._timegraphkernel")
    built = [name for name in names if find_spec(name) is not None]
    kernels = ("no (EVMEVAL_PURE_PYTHON=1)" if pure and built else "yes" if len(built) == len(names) else
               f"only {', '.join(built)}" if built else "no (not built: no C compiler at install)")
    return f"{prog} {__version__} (EvmEval Studio; C kernels: {kernels})"
