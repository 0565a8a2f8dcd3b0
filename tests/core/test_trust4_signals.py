"""SIGTERM, a killed parent, out of memory and Ctrl+C during start-up (issue 31, items 10, 12, 13).

SIGTERM takes Ctrl+C's clean path (`PROG: terminated`, exit 143, no temporary file, no process left);
a forked child dies with its parent even when the parent is killed outright; running out of memory,
even while the program's own code is imported, is one line; and the entry modules' first statements
install a minimal handler, so a Ctrl+C at any moment of the start never shows a traceback through
our files.
"""

from __future__ import annotations

import ast
import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.big_corpus import write_big_corpus
from tests.interrupts import assert_clean_interrupt, group_gone, interrupt, needs_proc, outputs, temporaries, writing
from tests.programs import installed

pytestmark = needs_proc
ROOT = Path(__file__).resolve().parents[2]
ENTRIES = (ROOT / "core" / "evmeval" / "cli" / "entry.py", ROOT / "evmeval_gui" / "entry.py")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sigterm") / "corpus"
    write_big_corpus(folder, 1000)
    return folder


TERMINATED = {
    "evmeval-score": ["-g", "gold.tbf", "-s", "system.tbf", "-t", "tkn", "-o", "OUT/report.txt",
                      "--json", "OUT/scores.json", "-c", "OUT/coref"],
    "evmeval-convert": ["--to", "brat", "-t", "tkn", "system.tbf", "-o", "OUT/ann"],
    "evmeval-gui": ["-g", "gold.tbf", "-s", "system.tbf", "-t", "tkn", "--export-report", "OUT/report"],
}
"""Program -> arguments (OUT: its output folder); evmeval-gui's export writes half its files in a forked child."""


@pytest.mark.parametrize("program", sorted(TERMINATED))
def test_sigterm_while_writing_is_a_clean_end(corpus: Path, program: str) -> None:
    """`kill` (SIGTERM) while an output is being written: one line, 143, nothing half-written, no child."""
    out = corpus / "out"
    command = [installed(program), *(a.replace("OUT", out.name) for a in TERMINATED[program])]

    def prepare() -> None:
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir()

    try:
        run = interrupt(command, writing, cwd=corpus, prepare=prepare, signum=signal.SIGTERM)
        normal = {}
        if outputs(out):
            done_out = corpus / "normal"
            shutil.rmtree(done_out, ignore_errors=True)
            done_out.mkdir()
            subprocess.run([a.replace(f"{out.name}/", "normal/") for a in command], cwd=corpus, check=True,
                           capture_output=True, timeout=120)
            normal = outputs(done_out)
        assert_clean_interrupt(run, program, corpus, out, normal, signum=signal.SIGTERM)
    finally:
        shutil.rmtree(out, ignore_errors=True)


CHILD = """
import sys, time
from evmeval._util import interrupt
interrupt.install("writer")
from evmeval._util.forked import Forked
from evmeval.io.writing import write_atomic

def stalled(text):
    yield text
    time.sleep(60)
    yield text

child = Forked(lambda: write_atomic(sys.argv[1], stalled("child ")))
time.sleep(60)
"""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGKILL])
def test_a_forked_child_dies_with_its_parent(tmp_path: Path, signum: int) -> None:
    """The parent alone gets the signal (`kill PID`): its forked child does not outlive it."""
    out = tmp_path / "out"
    out.mkdir()
    process = subprocess.Popen([sys.executable, "-c", CHILD, str(out / "report.txt")], cwd=ROOT,
                               stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while not temporaries(out) and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.005)
        assert temporaries(out), process.communicate()[1]
        os.kill(process.pid, signum)
        _, err = process.communicate(timeout=10)
        deadline = time.monotonic() + 10
        while not group_gone(process.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert group_gone(process.pid), "the forked child outlived its parent"
        if signum == signal.SIGTERM:
            assert (process.returncode, err.decode()) == (143, "writer: terminated\n")
            assert temporaries(tmp_path) == []
    finally:
        if not group_gone(process.pid):
            os.killpg(process.pid, signal.SIGKILL)


def _python_start_up_fatal(text: str) -> bool:
    """Python 3.13 reports an interrupt during its own initialisation (`site`, the standard streams…) as a
    fatal error of a runtime not yet running any Python code: no statement of ours has run."""
    return "Fatal Python error: init_" in text


def _limited(megabytes: int) -> None:
    size = megabytes << 20
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def test_out_of_memory_is_one_line_at_any_moment(corpus: Path, tmp_path: Path) -> None:
    """`evmeval-convert` under an address-space limit from "too small to import our code" to "enough":
    each run ends well or prints one line, exit 1 (a limit too small for Python's own start is skipped)."""
    lines = set()
    for megabytes in range(14, 60, 3):
        out = tmp_path / f"out{megabytes}"
        done = subprocess.run([installed("evmeval-convert"), "--to", "brat", "-t", "tkn", "system.tbf", "-o",
                               str(out)], cwd=corpus, capture_output=True, text=True, timeout=120, check=False,
                              preexec_fn=lambda m=megabytes: _limited(m))
        frames = [line for line in done.stderr.splitlines() if line.startswith('  File "')]
        if _python_start_up_fatal(done.stderr) or (frames and not any("/evmeval" in f for f in frames[1:])):
            continue  # Python's own start-up, or reading the entry module itself: before any statement of ours
        if done.returncode == 0:
            continue
        assert done.returncode == 1, (megabytes, done.stderr)
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("evmeval-convert: error: "), \
            (megabytes, done.stderr)
        lines.add(done.stderr.split(" on ")[0].split(" (")[0])
    assert "evmeval-convert: error: out of memory" in lines


def _first_statements(path: Path) -> list[ast.stmt]:
    body = ast.parse(path.read_text(encoding="utf-8")).body
    return body[1:] if isinstance(body[0], ast.Expr) else body  # after the docstring


@pytest.mark.parametrize("path", ENTRIES, ids=lambda p: p.parent.name)
def test_entry_modules_install_a_handler_before_importing_anything(path: Path) -> None:
    """Before the handler is in place only modules the interpreter has already loaded are named."""
    installs = []
    for statement in _first_statements(path):
        if isinstance(statement, ast.Import):
            assert all(a.name in ("_signal", "os", "sys") for a in statement.names), ast.unparse(statement)
        elif isinstance(statement, ast.FunctionDef):
            continue
        else:
            assert isinstance(statement, ast.Try), f"{path.name}: {ast.unparse(statement)} comes before the handler"
            installs = [ast.unparse(s) for s in statement.body]
            caught = [ast.unparse(h.type) for h in statement.handlers if h.type is not None]
            assert caught == ["KeyboardInterrupt"], caught  # one that came before the handler: the one line
            assert [ast.unparse(s) for s in statement.handlers[0].body] == ["_out('interrupted', 130)"]
            break
    assert installs == ["_signal.signal(_signal.SIGINT, _early)", "_signal.signal(_signal.SIGTERM, _early)"]


@pytest.mark.parametrize("program", ["evmeval-validate", "evmeval-gui"])
def test_ctrl_c_during_start_never_shows_our_traceback(program: str) -> None:
    """SIGINT at moments spread over the start (`--version` imports little else): whatever moment it
    lands, the program ends cleanly or with the one line, never with a traceback through our files
    (Python's own start-up, before our first statement, is not ours to handle)."""
    command = [installed(program), "--version"]
    start = time.monotonic()
    subprocess.run(command, capture_output=True, timeout=60, check=True)
    whole = time.monotonic() - start
    for i in range(40):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   start_new_session=True)
        time.sleep(whole * i / 40)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=60)
        text = err.decode("utf-8", "replace")
        assert "evmeval/" not in text and "evmeval_gui/" not in text, text
        if text == "KeyboardInterrupt\n" or _python_start_up_fatal(text):  # Python's own, with no frame of
            continue  # ours: before the script's first line (3.13 says it as a fatal error while it starts)
        if "Traceback" not in text and process.returncode != -signal.SIGINT:
            assert (process.returncode, text) in ((0, ""), (130, f"{program}: interrupted\n")), text


def test_what_a_killed_run_left_is_removed_by_the_next(corpus: Path) -> None:
    """SIGKILL cannot be handled: its temporary files stay, until the next run writing into that folder
    removes those whose process is gone (and only those)."""
    out = corpus / "killed"
    command = [installed("evmeval-score"), "-g", "gold.tbf", "-s", "system.tbf", "-t", "tkn", "--json",
               f"{out.name}/scores.json"]

    def prepare() -> None:
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir()

    try:
        run = interrupt(command, writing, cwd=corpus, prepare=prepare, signum=signal.SIGKILL)
        assert run.fired and run.code == -signal.SIGKILL
        left = temporaries(out)
        assert left, "the killed run left no temporary file (nothing to test)"
        alive = out / f".scores.json.{os.getpid()}.0123456789ab.tmp"  # a live writer's (this test's) file
        alive.write_text("still being written")
        done = subprocess.run(command, cwd=corpus, capture_output=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        assert temporaries(out) == [alive]
        assert (out / "scores.json").stat().st_size > 0
    finally:
        shutil.rmtree(out, ignore_errors=True)


def test_enomem_while_importing_counts_as_out_of_memory() -> None:
    """Under a memory limit an import can fail listing a folder with `OSError: [Errno 12] Cannot allocate memory`
    (seen on Python 3.11 at 17 MB) instead of a `MemoryError`: both are the one out-of-memory line. (In a process
    of its own: importing the entry module installs the programs' Ctrl+C handling.)"""
    code = ("import errno\nfrom evmeval.cli import entry\n"
            "print(entry._no_memory(MemoryError()), entry._no_memory(OSError(errno.ENOMEM, 'x')),"
            " entry._no_memory(OSError(errno.ENOENT, 'x')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout.split()) == (0, ["True", "True", "False"]), done.stderr


def test_any_failure_close_to_an_address_space_limit_is_out_of_memory() -> None:
    """Under `ulimit -v` an extension "failed to map segment" (ImportError, seen on Python 3.12) or the compiler
    failed (ValueError): close to the limit such a failure is the one out-of-memory line; without a limit an
    ImportError stays what it is."""
    code = ("import os, resource\nfrom evmeval.cli.console import _out_of_memory\n"
            "before = _out_of_memory(ImportError('x'))\n"
            "size = int(open('/proc/self/statm').read().split()[0]) * os.sysconf('SC_PAGE_SIZE')\n"
            "resource.setrlimit(resource.RLIMIT_AS, (int(size * 1.1), resource.RLIM_INFINITY))\n"
            "print(before, _out_of_memory(ImportError('failed to map segment')), _out_of_memory(ValueError()))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout.split()) == (0, ["False", "True", "True"]), done.stderr


def test_an_extension_the_loader_cannot_map_is_out_of_memory_at_any_usage() -> None:
    """A standard module imported late (`tempfile` → `_random`) under an address-space limit fails with the loader's
    ImportError however little the process holds at that moment: it is the out-of-memory line, not a traceback;
    any other ImportError is not."""
    from evmeval.cli.console import _out_of_memory

    mapped = ImportError("/usr/lib/python3/lib-dynload/_random.so: failed to map segment from shared object")
    assert _out_of_memory(mapped)
    assert _out_of_memory(ImportError("libfoo.so: cannot map: Cannot allocate memory"))
    assert not _out_of_memory(ImportError("No module named 'nowhere'"))


def test_a_signal_landing_while_the_handlers_are_set_is_this_programs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A SIGINT between setting the handler and noting the process would find it "not installed" and leave as a
    forked child does, quietly (exit 130, no line: seen once in 40 Ctrl+C during `evmeval-validate --version`):
    the process is noted first."""
    import signal as signal_module

    from evmeval._util import interrupt

    seen: list[bool] = []
    monkeypatch.setattr(interrupt._State, "pid", 0)
    monkeypatch.setattr(signal_module, "signal", lambda signum, handler: seen.append(interrupt.installed()))
    interrupt.install("evmeval-validate")
    assert seen == [True, True]
