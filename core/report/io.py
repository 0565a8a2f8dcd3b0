"""Writing outputs atomically: a reader never sees half a file, and a failed write leaves none."""

from __future__ import annotations

import contextlib
import os
import tempfile

from core.formats.errors import FormatError


def _read_umask() -> int:
    """The process's umask. Reading it means setting it, a process-global change another thread could
    see for a moment, so it is read once, when this module is imported."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def _new_file_mode(path: str) -> int:
    """The mode an ordinary new file would get (mkstemp's 0600 would hide reports from colleagues)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        return 0o666 & ~_UMASK


def write_atomic(path: str, data: str | bytes) -> None:
    """Write to a temporary file beside `path`, then rename it over `path`.

    Raises `FormatError` naming the path when the folder cannot be written.
    """
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise FormatError(path, 0, f"cannot write here ({exc.strerror})", "a writable folder") from None
    try:
        os.fchmod(fd, _new_file_mode(path))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise FormatError(path, 0, f"cannot write ({exc.strerror})", "a writable file path") from None
