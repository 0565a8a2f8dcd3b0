"""Writing outputs without ever damaging an input or a file the user did not name.

Regular files are replaced atomically (a reader never sees half a file, a failed write leaves none);
in a program's run (`evmeval._util.run_outputs`) the outputs it checked are renamed into place together
at its end, or none of them;
a symlink is followed and its target replaced, so the link survives; pipes, devices and other special
files are written straight through, never replaced. Before any work, `check_output_paths` refuses an
output that is, or resolves to, a file the command reads, and one whose folder does not exist (as `cp`
does: a typo never makes folders); a command's own output folders are listed as `new_folders` and made
by `make_output_folders`, never their missing parents.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence

from evmeval._util import interrupt, run_outputs
from evmeval.io.errors import FormatError
from evmeval.io.reading import STDIN
from evmeval.io.tokens import DEFAULT_EXTENSION


def _read_umask() -> int:
    """The process's umask. Reading it means setting it, a process-global change another thread could
    see for a moment, so it is read once, when this module is imported."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def _new_file_mode(path: str) -> int:
    """The mode an ordinary new file would get (mkstemp's 0600 would hide reports from colleagues);
    an existing file keeps its own."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        return 0o666 & ~_UMASK


def _encoded(data: str | bytes | Iterable[str | bytes]) -> Iterator[bytes]:
    if isinstance(data, bytes):
        yield data
    elif isinstance(data, str):
        yield data.encode("utf-8")
    else:
        pending: list[str] = []
        size = 0
        for piece in data:  # small pieces are gathered into writes of about 1 MB; bytes go as they are
            if isinstance(piece, bytes):
                if pending:
                    yield "".join(pending).encode("utf-8")
                    pending, size = [], 0
                yield piece
                continue
            pending.append(piece)
            size += len(piece)
            if size >= 1 << 20:
                yield "".join(pending).encode("utf-8")
                pending, size = [], 0
        yield "".join(pending).encode("utf-8")


def write_atomic(path: str, data: str | bytes | Iterable[str | bytes]) -> None:
    """Write `data` to `path`: through a symlink to its target, straight into a pipe or device, and
    for a regular file by a temporary file beside it renamed over it. `data` may be text pieces
    (e.g. `evmeval.report.json_report.iter_dumps`), written as they come; if making them fails, the
    temporary file is removed and the target is left as it was.

    Raises `FormatError` naming the path when it cannot be written.
    """
    payload = _encoded(data)
    with _output(path) as write:
        for chunk in payload:
            write(chunk)


STEP = None
"""What a `write_atomic_pair` leader yields to let the other file take its next piece."""


def write_atomic_pair(path: str, leader: Iterable[str | None], other_path: str, other: Iterable[str]) -> None:
    """Write two files in one pass, each as `write_atomic` does: `leader`'s text pieces go to `path`;
    each `STEP` it yields writes `other`'s next piece to `other_path` (the rest once `leader` ends).
    For two files made of the same per-document work, kept side by side so each document's is
    made once (`evmeval._util.shared_tables`). Both are committed at the end; on a failure neither is."""
    pieces = iter(other)
    with _output(path) as write, _output(other_path) as write_other:
        pending: list[str] = []
        size = 0
        for piece in leader:
            if piece is STEP:
                step = next(pieces, None)
                if step is not None:
                    write_other(step.encode("utf-8"))
                continue
            pending.append(piece)
            size += len(piece)
            if size >= 1 << 20:
                write("".join(pending).encode("utf-8"))
                pending, size = [], 0
        write("".join(pending).encode("utf-8"))
        for chunk in _encoded(pieces):
            write_other(chunk)


@contextlib.contextmanager
def _output(path: str) -> Iterator[Callable[[bytes], object]]:
    """A writer of `path` (see `write_atomic`): a regular file is a temporary file beside it, renamed
    over it when the block ends without an error (removed on one); a pipe or device is written straight."""
    target = os.path.realpath(path)
    try:
        mode = os.stat(target).st_mode
    except OSError:
        mode = 0
    if stat.S_ISDIR(mode):
        raise FormatError(path, 0, "is a folder", "a file path for the output")
    if mode and not stat.S_ISREG(mode):
        with _write_through(path, target) as write:
            yield write
        return
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise _missing_folder(path, target)
    try:
        fd, tmp = _new_temporary(folder, os.path.basename(target))
    except OSError as exc:
        raise FormatError(path, 0, f"cannot write here ({exc.strerror})", "a writable folder") from None
    deferred = False
    try:
        os.fchmod(fd, _new_file_mode(target))
        with os.fdopen(fd, "wb") as handle:
            yield handle.write
        if run_outputs.defers(target):  # one of the run's outputs: renamed when the whole run succeeded
            run_outputs.note_rename(tmp, target)
            deferred = True
        else:
            os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise FormatError(path, 0, f"cannot write ({exc.strerror})", "a writable file path") from None
        raise
    finally:
        if not deferred:
            interrupt.end_temporary(tmp)


def _new_temporary(folder: str, name: str) -> tuple[int, str]:
    """A new private file `.<name>.<pid>.<random>.tmp` in `folder`, opened for writing (what
    `tempfile.mkstemp` does, without importing `tempfile`'s dependencies into every scorer run). The
    first time a process writes into a folder, it removes what runs killed outright (SIGKILL, a power
    cut) left there: temporary files of this form whose process no longer exists."""
    if folder not in _swept and os.name == "posix":  # (elsewhere os.kill(pid, 0) would end the process)
        _swept.add(folder)
        _remove_stale_temporaries(folder)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        path = os.path.join(folder, f".{name}.{os.getpid()}.{os.urandom(6).hex()}.tmp")
        interrupt.begin_temporary(path)  # before it exists: Ctrl+C (`evmeval._util.interrupt`) removes it at any moment
        try:
            return os.open(path, flags, 0o600), path
        except FileExistsError:
            interrupt.end_temporary(path)
            continue
        except BaseException:
            interrupt.end_temporary(path)
            raise
    raise FileExistsError(errno.EEXIST, "no free temporary file name", folder)


_swept: set[str] = set()
"""Folders this process has looked into for stale temporary files."""
_STALE = re.compile(r"\..+\.([0-9]+)\.[0-9a-f]{12}\.tmp")


def _remove_stale_temporaries(folder: str) -> None:
    """Remove `_new_temporary`'s files in `folder` whose writer is gone (no process has their pid)."""
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.name.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        match = _STALE.fullmatch(name)
        if match is None or int(match.group(1)) == os.getpid():
            continue
        try:
            os.kill(int(match.group(1)), 0)
        except ProcessLookupError:  # its writer is dead: nobody will rename or remove it
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(folder, name))
        except (OSError, OverflowError):  # alive (another user's), or no such pid at all
            continue


@contextlib.contextmanager
def _write_through(path: str, target: str) -> Iterator[Callable[[bytes], object]]:
    """A pipe, device or socket file: open it for writing as a shell redirection would."""
    def write(chunk: bytes) -> None:
        view = memoryview(chunk)
        while view:
            written = handle.write(view)
            view = view[written or 0:]

    try:
        with open(target, "wb", buffering=0) as handle:
            yield write
    except OSError as exc:
        raise FormatError(path, 0, f"cannot write ({exc.strerror})", "a writable file path") from None


def _missing_folder(path: str, resolved: str) -> FormatError:
    """`path: folder F does not exist`, F as the user wrote it (or where a link leads)."""
    given = os.path.dirname(path) or "."
    folder = given if not os.path.isdir(given) else os.path.dirname(resolved)
    return FormatError(path, 0, f"folder {folder} does not exist", "an existing folder")


def make_output_folders(folders: Iterable[str]) -> None:
    """Make a command's own output folders (checked as `new_folders` of `check_output_paths`), in
    order, a parent before its child; an existing folder is kept. Raises `FormatError`."""
    for folder in folders:
        if os.path.isdir(folder):
            continue
        try:
            os.mkdir(folder)
            run_outputs.note_folder(os.path.abspath(folder))
        except FileExistsError:
            if not os.path.isdir(folder):
                raise FormatError(folder, 0, "is not a folder", "a folder for the outputs") from None
        except OSError as exc:
            raise FormatError(folder, 0, f"cannot make this folder ({exc.strerror})",
                              "an existing, writable parent folder") from None


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _names_input(out: str, resolved: str, inputs: Sequence[str]) -> bool:
    return any(inp != STDIN and (resolved == os.path.realpath(inp) or _same_file(out, inp)) for inp in inputs)


def _in_input_folder(resolved: str, folders: Collection[tuple[str | None, Sequence[str]]]) -> str | None:
    """The input folder `resolved` would land in as one of its input files (by suffix), if any."""
    parent, name = os.path.split(resolved)
    for folder, suffixes in folders:
        if folder and os.path.isdir(folder) and _same_file(parent, folder) \
                and any(name.endswith(suffix) for suffix in suffixes):
            return folder
    return None


InputFolders = Collection[tuple[str | None, Sequence[str]]]
"""`(folder, suffixes)` whose files a command reads by name (see `input_folders`)."""

TEXT_EXTENSIONS = (".txt", ".tkn.txt", "")
"""The suffixes of a document's text file, tried in this order (`evmeval.io.loading.TextSource`)."""


def input_folders(token_dir: str | None, extension: str = DEFAULT_EXTENSION,
                  text_dir: str | None = None) -> list[tuple[str | None, tuple[str, ...]]]:
    """The folders whose files a run reads by name, with the suffixes it reads: what an output path
    must never land on (see `check_output_paths`). Here, not in `evmeval.io.loading`: a run on the
    C kernel checks its outputs without importing the Python path's loader."""
    return [(token_dir, (extension,)), (text_dir, TEXT_EXTENSIONS)]


def check_output_paths(outputs: Collection[str | None], inputs: Collection[str], *,
                       input_folders: InputFolders = (), new_folders: Sequence[str] = ()) -> None:
    """Refuse, before any work, outputs that would land on an input or on each other, or that cannot
    be written: inputs are never written, and a long run does not fail at its last step.

    `inputs` are the files read; `input_folders` are `(folder, suffixes)` whose files the command reads
    by name (token tables `.tab`, texts; a suffix `""` means every file of the folder). Paths are
    compared after following symlinks, and by inode, so a link or a second name cannot slip through.
    Every output's folder must exist, or be one of `new_folders`: the folders the command makes itself
    (an export folder and its subfolders, parents first), whose own parent must exist.
    """
    made = _check_new_folders(new_folders)
    given = [out for out in outputs if out]
    input_list = list(inputs)
    resolved_all = [os.path.realpath(out) for out in given]
    run_outputs.note_outputs(resolved_all)  # in a program's run: written all together at its end, or none
    times_given = Counter(resolved_all)  # each path resolved once: a paged report has 80+ outputs
    for out, resolved in zip(given, resolved_all, strict=True):
        if _names_input(out, resolved, input_list):
            raise FormatError(out, 0, "output would overwrite an input file", "a different output path")
        folder = _in_input_folder(resolved, input_folders)
        if folder is not None:
            raise FormatError(out, 0, f"output would land among the inputs in {folder} (a file the run reads)",
                              "an output path outside the token and text folders")
        if times_given[resolved] > 1:
            raise FormatError(out, 0, "given as two different outputs", "one path per output")
        if not os.path.isdir(os.path.dirname(resolved)) and os.path.abspath(os.path.dirname(out)) not in made:
            raise _missing_folder(out, resolved)
        _check_writable(out, resolved)


def _check_new_folders(folders: Sequence[str]) -> set[str]:
    """The command's own folders (absolute): each is a folder already, or its parent exists or comes
    earlier in `folders`."""
    made: set[str] = set()
    for folder in folders:
        absolute = os.path.abspath(folder)
        if os.path.lexists(folder) and not os.path.isdir(folder):
            raise FormatError(folder, 0, "is a file, not a folder", "a folder for the outputs")
        parent = os.path.dirname(absolute)
        if not os.path.isdir(folder) and not os.path.isdir(parent) and parent not in made:
            raise FormatError(folder, 0, f"folder {os.path.dirname(os.path.normpath(folder)) or '.'} does not exist",
                              "an existing folder")
        made.add(absolute)
    return made


def _check_writable(out: str, resolved: str) -> None:
    """A regular file is replaced through its folder; a pipe or device only needs to be writable."""
    try:
        mode = os.stat(resolved).st_mode
    except OSError:
        mode = 0
    if stat.S_ISDIR(mode):
        raise FormatError(out, 0, "is a folder", "a file path for the output")
    if mode and not stat.S_ISREG(mode):
        if not os.access(resolved, os.W_OK):
            raise FormatError(out, 0, "cannot be written", "a writable file")
        return
    parent = os.path.dirname(resolved)
    while not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if not os.access(parent, os.W_OK):
        raise FormatError(out, 0, f"folder {parent} is not writable", "a writable folder")
