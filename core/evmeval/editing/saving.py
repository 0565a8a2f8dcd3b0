"""Saving edited annotation: tbf text that reads back as it was written and passes `evmeval-validate`.

The rules a user can rely on: saving goes to a new file ("Save as"); the file that was loaded is
written over only when asked explicitly (`overwrite=True`), and the first time that happens its
original is kept beside it as `FILE.orig` (never replaced later, so it stays the very first version);
no other input is ever written. Text is checked by reading it back before anything is written.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Collection
from dataclasses import dataclass

from evmeval.io.errors import FormatError, Problem
from evmeval.io.tbf import format_tbf, parse_tbf
from evmeval.io.validate import UnknownIds, check_file
from evmeval.io.writing import InputFolders, check_output_paths, write_atomic
from evmeval.model import TbfFile

BACKUP_SUFFIX = ".orig"


@dataclass(frozen=True)
class SavedFile:
    """What a save did: where, the backup it made (None when none was needed or one existed), the
    file as read back from the written text (line numbers as in the file), and what
    `evmeval-validate` would report about it (empty for edits made with `evmeval.editing`)."""

    path: str
    backup: str | None
    tbf: TbfFile
    problems: tuple[Problem, ...]


def tbf_text(tbf: TbfFile) -> str:
    """The file's documents in tbf layout, in the file's document order."""
    return format_tbf(list(tbf.documents.values()))


def checked_text(tbf: TbfFile, path: str, unknown_ids: UnknownIds | None = None) -> tuple[str, TbfFile,
                                                                                         tuple[Problem, ...]]:
    """The text to write, the file it reads back as, and the validator's problems; raises
    `FormatError` if the text would not read back (a field holding a tab, say)."""
    text = tbf_text(tbf)
    parsed, problems = parse_tbf(text, path=path, mode=tbf.mode)
    fatal = [p for p in problems if p.fatal]
    if fatal:
        raise FormatError(path, fatal[0].line, f"the edited annotation would not read back: {fatal[0].message}",
                          fatal[0].expected)
    return text, parsed, tuple(p for p in problems if p.line) + tuple(check_file(parsed, unknown_ids))


def is_same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (after links), for "is this the loaded file?"."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def backup_path(path: str) -> str:
    return path + BACKUP_SUFFIX


def _keep_original(path: str) -> str | None:
    """`FILE.orig` beside the loaded file, the first time only; a hard link when the file system
    allows (no second read, no copy), else a copy."""
    backup = backup_path(path)
    if os.path.lexists(backup):
        return None
    source = os.path.realpath(path)
    try:
        os.link(source, backup)
    except OSError:
        try:
            shutil.copyfile(source, backup)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(backup)
            raise FormatError(backup, 0, f"cannot keep the original here ({exc.strerror})",
                              "a writable folder beside the loaded file") from None
    return backup


def save_tbf(tbf: TbfFile, path: str, *, loaded_path: str | None = None, other_inputs: Collection[str] = (),
             input_folders: InputFolders = (), overwrite: bool = False,
             unknown_ids: UnknownIds | None = None) -> SavedFile:
    """Write `tbf` to `path`.

    `loaded_path` is the file the annotation was read from: writing to it needs `overwrite=True`
    (and keeps `FILE.orig` the first time). `other_inputs` (the other side's file, ...) and the files of
    `input_folders` (token tables, texts: see `evmeval.io.loading.input_folders`) are never written. Raises
    `FormatError` for a refused or failed write.
    """
    loaded = loaded_path is not None and os.path.exists(loaded_path) and is_same_file(path, loaded_path)
    if loaded and not overwrite:
        raise FormatError(path, 0, "is the loaded file; it is written over only when asked explicitly",
                          "a new file name (Save as), or overwrite=True")
    check_output_paths([path], [p for p in other_inputs if not (loaded and is_same_file(p, path))],
                       input_folders=input_folders)
    text, parsed, problems = checked_text(tbf, path, unknown_ids)
    backup = _keep_original(path) if loaded else None
    write_atomic(path, text)
    return SavedFile(path, backup, parsed, problems)
