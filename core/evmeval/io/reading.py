"""Reading input files: once, bounded, and with the real cause named when a file is not UTF-8 text.

Every input goes through `read_bytes` exactly once: pipes (`<(cat gold.tbf)`) and standard input (`-`)
can only be read once, and a file read twice can change in between. Reading stops at a sane line
length, so `/dev/zero` or a binary file gives a message instead of exhausting memory.
"""

from __future__ import annotations

import codecs
import os
import stat
import sys
from collections.abc import Collection, Iterator, Sequence
from typing import BinaryIO, NoReturn

from evmeval._util.progress import CancelCheck, stop_if_cancelled
from evmeval.io.errors import FormatError

STDIN = "-"
"""The path that means standard input."""

MAX_LINE_BYTES = 64 * 1024 * 1024
"""A line longer than this is not a tbf, token or text line (a 5 MB relation line is still read)."""

_CHUNK = 1 << 20

_BOMS = (
    (codecs.BOM_UTF8, "starts with a UTF-8 byte order mark", "UTF-8 text without a byte order mark"),
    (codecs.BOM_UTF32_LE, "is UTF-32 text (byte order mark)", "UTF-8 text"),
    (codecs.BOM_UTF32_BE, "is UTF-32 text (byte order mark)", "UTF-8 text"),
    (codecs.BOM_UTF16_LE, "is UTF-16 text (byte order mark)", "UTF-8 text"),
    (codecs.BOM_UTF16_BE, "is UTF-16 text (byte order mark)", "UTF-8 text"),
)
BOMS = tuple(bom for bom, _, _ in _BOMS)
"""The byte order marks `decode_text` refuses (UTF-8's and the UTF-16/32 ones)."""


def display_name(path: str) -> str:
    """How a path appears in messages (standard input has no name of its own)."""
    return "<standard input>" if path == STDIN else path


def _read_all(handle: BinaryIO, path: str, first_read: int = _CHUNK) -> bytes:
    """Read a binary stream to its end, refusing an endless or absurd line. `first_read` is how much
    to ask for first: a regular file's size + 1 reads it with one call and no 1 MB buffer."""
    chunks: list[bytes] = []
    run = 0  # bytes since the last newline
    size = first_read
    while True:
        chunk = handle.read(size)
        size = _CHUNK
        if not chunk:
            return chunks[0] if len(chunks) == 1 else b"".join(chunks)
        newline = chunk.rfind(b"\n")
        run = run + len(chunk) if newline < 0 else len(chunk) - newline - 1
        chunks.append(chunk)
        if run > MAX_LINE_BYTES:
            raise long_line(path, 1 + sum(c.count(b"\n") for c in chunks))


_READ: set[str] = set()


def paths_read() -> frozenset[str]:
    """Every path `read_bytes` was asked for in this process: what an out-of-memory message can name."""
    return frozenset(_READ)


def read_bytes(path: str) -> bytes:
    """The whole content of `path` (or standard input for `-`); OS failures become a `FormatError`."""
    _READ.add(path)
    if path == STDIN:
        return _read_all(sys.stdin.buffer, path)
    try:
        with open(path, "rb", buffering=0) as handle:
            info = os.fstat(handle.fileno())
            regular = stat.S_ISREG(info.st_mode) and info.st_size < MAX_LINE_BYTES
            return _read_all(handle, path, info.st_size + 1 if regular else _CHUNK)
    except OSError as exc:
        raise read_failure(path, exc) from None
    except MemoryError:
        raise FormatError(path, 0, "too large to read into memory", "a file of reasonable size") from None


def read_failure(path: str, exc: OSError) -> FormatError:
    """What an OS failure to open or read `path` says (one wording for whole and streamed reads)."""
    if isinstance(exc, FileNotFoundError):
        return FormatError(path, 0, "file not found", "an existing file")
    if isinstance(exc, IsADirectoryError):
        return FormatError(path, 0, "is a folder, not a file", "a file")
    return FormatError(path, 0, f"cannot be read ({exc.strerror})", "a readable file")


def open_binary(path: str) -> BinaryIO:
    """`path` (standard input for `-`) opened for reading a line at a time, as `read_bytes` would read it;
    the caller closes it (standard input is left open)."""
    _READ.add(path)
    if path == STDIN:
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        raise read_failure(path, exc) from None


def long_line(path: str, line: int) -> FormatError:
    """A line over `MAX_LINE_BYTES`: reading stops there (`/dev/zero`, a binary file)."""
    return FormatError(display_name(path), line, f"line longer than {MAX_LINE_BYTES // (1024 * 1024)} MB; "
                       "stopped reading", "a text file with lines of ordinary length")


def bad_utf8(path: str, line: int, at: int, byte: int) -> FormatError:
    """Bytes that are not UTF-8: the first bad byte's offset in the file and its value."""
    return FormatError(display_name(path), line, f"not UTF-8 at byte {at} (0x{byte:02x})", "a UTF-8 encoded text file")


def check_bom(head: bytes, path: str) -> None:
    """A `FormatError` when the bytes start with a byte order mark (the file is UTF-16/32, or UTF-8 with one)."""
    for bom, message, expected in _BOMS:
        if head.startswith(bom):
            raise FormatError(display_name(path), 1, message, expected)


DECODE_STEP = 1 << 22
"""Bytes decoded between two cancel checks when a caller gives one (4 MB: a few milliseconds)."""


def decode_text(data: bytes, path: str, cancelled: CancelCheck | None = None) -> str:
    """Decode UTF-8 strictly, naming a byte order mark or the first bad byte and its line. `cancelled`: asked
    every `DECODE_STEP` bytes (`decode_pieces`)."""
    if cancelled is None or len(data) <= DECODE_STEP:
        check_bom(data, path)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            _bad_utf8(data, path)
    return "".join(decode_pieces(data, path, cancelled))


def decode_pieces(data: bytes, path: str, cancelled: CancelCheck | None = None) -> list[str]:
    """`decode_text`'s text in pieces of about `DECODE_STEP` bytes, each but the last cut after a line end
    ("\\n", a byte no other UTF-8 character contains), `cancelled` asked before each: the window's load decodes
    a 30-50 MB tbf file in one job, whose checks are where it gives way to the GUI thread. One decode held the
    interpreter 40 ms; decoded in steps, joining them into one string still held it 20 ms, and a click waited for
    it (issue 34): `lines_in_chunks` reads the pieces as they are."""
    check_bom(data, path)
    view, pieces, at, size = memoryview(data), [], 0, len(data)
    try:
        while True:
            if size > DECODE_STEP:  # a text of one step is decoded at once, as `decode_text` does
                stop_if_cancelled(cancelled)
            end = data.find(b"\n", at + DECODE_STEP)
            end = size if end < 0 else end + 1
            pieces.append(str(view[at:end], "utf-8"))
            if end >= size:
                return pieces
            at = end
    except UnicodeDecodeError:
        _bad_utf8(data, path)


def read_pieces(path: str, cancelled: CancelCheck | None) -> list[str]:
    """`decode_pieces(read_bytes(path), path, cancelled)`'s lines, read from the file a `DECODE_STEP` at a time with
    `cancelled` asked before each read: the window's load no longer reads a 30 MB tbf file in one call, which no
    check could hold while the user clicked (issue 34), nor keeps its bytes beside its text. The same pieces'
    lines and the same failures (a byte order mark, a bad byte and its line, a line too long), the lines counted
    only for a failure (a count of 4 MB is a C call that holds the interpreter); a file of one step, standard
    input or a pipe is read whole, as `read_bytes` reads it."""
    if path == STDIN:
        return decode_pieces(read_bytes(path), path, cancelled)
    _READ.add(path)
    try:
        with open(path, "rb", buffering=0) as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size <= DECODE_STEP:
                regular = stat.S_ISREG(info.st_mode) and info.st_size < MAX_LINE_BYTES
                return decode_pieces(_read_all(handle, path, info.st_size + 1 if regular else _CHUNK), path, cancelled)
            return _read_steps(handle, path, info.st_size, cancelled)
    except OSError as exc:
        raise read_failure(path, exc) from None
    except MemoryError:
        raise FormatError(path, 0, "too large to read into memory", "a file of reasonable size") from None


def _read_steps(handle: BinaryIO, path: str, size: int, cancelled: CancelCheck | None) -> list[str]:
    """`read_pieces` of a regular file of `size` bytes, more than a step: a bad byte is raised once the file is read
    (a line too long is named first, as `read_bytes` names it)."""
    pieces: list[str] = []
    failure: FormatError | None = None
    rest, done = b"", 0  # the bytes after the last line end; the bytes before them
    ends = 0  # line ends read, counted once a bad byte is found (before: only for a failure's line)
    step = _CHUNK if size >= MAX_LINE_BYTES else DECODE_STEP  # `_read_all`'s reads where it looks for a line too
    head = False  # whether the first 4 bytes were looked at (a byte order mark: named before any bad byte)
    while True:  # long: found where it finds one
        if done + len(rest) < size:
            stop_if_cancelled(cancelled)
        chunk = handle.read(step)
        data = rest + chunk
        if not head and (len(data) >= 4 or not chunk):
            head = True
            try:
                check_bom(data, path)
            except FormatError as bom:
                failure = bom  # nothing decoded yet
        if not chunk:
            break
        cut = data.rfind(b"\n") + 1
        if len(data) - cut > MAX_LINE_BYTES:
            raise long_line(path, (_line_ends(pieces) if failure is None else ends) + data.count(b"\n", 0, cut) + 1)
        if cut == 0 or not head:
            rest = data
            continue
        if failure is None:
            try:
                pieces.append(_decoded(data, cut, path, done, pieces))
            except FormatError as bad:
                failure, ends, pieces = bad, _line_ends(pieces), []
        if failure is not None:
            ends += data.count(b"\n", 0, cut)
        rest, done = data[cut:], done + cut
    if failure is not None:
        raise failure
    pieces.append(_decoded(rest, len(rest), path, done, pieces))
    return pieces


def _decoded(data: bytes, cut: int, path: str, at: int, before: list[str]) -> str:
    """`data[:cut]`, a piece of a file that starts at byte `at` after the pieces `before`, decoded (not copied
    first); its first bad byte named as `_bad_utf8` names it in the whole."""
    try:
        return str(memoryview(data)[:cut], "utf-8")
    except UnicodeDecodeError as exc:
        line = _line_ends(before) + data.count(b"\n", 0, exc.start) + 1
        raise bad_utf8(path, line, at + exc.start, data[exc.start]) from None


def _line_ends(pieces: list[str]) -> int:
    """The line ends of decoded pieces (a failure's line: counted only then)."""
    return sum(piece.count("\n") for piece in pieces)


def _bad_utf8(data: bytes, path: str) -> NoReturn:
    """The first bad byte of `data`, placed in the whole (a piece's error is placed in its piece)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise bad_utf8(path, data.count(b"\n", 0, exc.start) + 1, exc.start, data[exc.start]) from None
    raise AssertionError("decoded whole after failing in a piece")  # a piece fails only where the whole does


def read_text(path: str, cancelled: CancelCheck | None = None) -> str:
    """Read a UTF-8 text file once (line endings kept as written); failures become a `FormatError`.
    `cancelled`: as `decode_text`."""
    return decode_text(read_bytes(path), path, cancelled)


def lines_in_chunks(text: str | Sequence[str], chunk: int = 1 << 20) -> Iterator[str]:
    """The lines of `text` as `text.split("\\n")` gives them, split a megabyte at a time: a reader of
    every line never holds the whole file's lines at once (50 MB for an 8,000-document tbf file). `text` may be
    `decode_pieces`' pieces (each but the last ends a line): the lines of their concatenation."""
    if not isinstance(text, str):
        if not text:
            text = ("",)
        last = len(text) - 1
        for k, piece in enumerate(text):
            if k < last and not piece.endswith("\n"):
                raise ValueError("a piece but the last does not end a line")
            yield from lines_in_chunks(piece[:-1] if k < last else piece, chunk)
        return
    start, size = 0, len(text)
    while start <= size:
        end = text.find("\n", start + chunk)
        end = size if end < 0 else end
        yield from text[start:end].split("\n")
        start = end + 1


def lines_of(text: str) -> Iterator[str]:
    """The lines of `text` as `text.split("\\n")` gives them, one at a time: a reader that stops at the
    first lines it needs does not split a whole corpus file (1.3M lines at MAVEN-ERE's size) first."""
    start, size = 0, len(text)
    while start <= size:
        end = text.find("\n", start)
        end = size if end < 0 else end
        yield text[start:end]
        start = end + 1


def refuse_stdin_twice(paths: Collection[str | None]) -> None:
    """Standard input can be read once: `-` may stand for one input only."""
    if sum(p == STDIN for p in paths) > 1:
        raise FormatError(STDIN, 0, "standard input (-) given for two inputs", "'-' for at most one input")
