"""A document from scratch: a plain text, its token table from the built-in tokenizer, and empty gold
and system annotations to mark up; saved as a folder the published scorer reads as it is.

Folder layout (what `evmeval-score -g gold.tbf -s system.tbf -t tkn`, the published scorer with the
same options, and the window's "open" all find): `gold.tbf`, `system.tbf`, `tkn/<doc>.tab`,
`txt/<doc>.txt`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection
from dataclasses import dataclass

from evmeval.editing.saving import checked_text
from evmeval.editing.session import EditSession, Side
from evmeval.editing.spans import EditError
from evmeval.io.doc_files import doc_file_name
from evmeval.io.errors import FormatError
from evmeval.io.tokenize import tokenize
from evmeval.io.tokens import format_token_table, token_table_path
from evmeval.io.writing import InputFolders, check_output_paths, make_output_folders, write_atomic
from evmeval.mention.scoring import score_files
from evmeval.model import Document, SpanMode, TbfFile, TokenTable

GOLD_FILE = "gold.tbf"
SYSTEM_FILE = "system.tbf"
TOKEN_FOLDER = "tkn"
TEXT_FOLDER = "txt"
_DOC_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


@dataclass(frozen=True)
class ScratchFolder:
    """Where a scratch document was written."""

    folder: str
    gold: str
    system: str
    token_dir: str
    text_dir: str


def check_doc_id(doc_id: str) -> str:
    """A document id that is also a file name everywhere: letters, digits, `.`, `_`, `-`."""
    if not _DOC_ID.fullmatch(doc_id):
        raise EditError(f"{doc_id!r} cannot be a document id (letters, digits, '.', '_' and '-', "
                        "starting with a letter or digit)")
    return doc_id


def scratch_session(text: str, *, doc_id: str = "scratch", gold_run_id: str = "gold",
                    system_run_id: str = "system") -> EditSession:
    """An editing session over one new document: `text` tokenised (token mode), nothing marked yet.
    The figures update as mentions are added, like any other session."""
    check_doc_id(doc_id)
    if not text.strip():
        raise EditError("the text is empty")
    table = TokenTable(doc_id, tuple(tokenize(text)))
    gold = TbfFile(GOLD_FILE, SpanMode.TOKEN, {doc_id: Document(doc_id, ())})
    system = TbfFile(SYSTEM_FILE, SpanMode.TOKEN, {doc_id: Document(doc_id, ())})
    return EditSession(gold, system, score_files(gold, system), tokens=lambda d: table if d == doc_id else None,
                       texts=lambda d: text if d == doc_id else None,
                       default_run_ids={Side.GOLD: gold_run_id, Side.SYSTEM: system_run_id})


class ExistingFiles(FormatError):
    """A scratch folder already holding one of the files (written over only with `overwrite`)."""


def scratch_files(folder: str, session: EditSession) -> tuple[ScratchFolder, list[tuple[str, str]]]:
    """Where each file goes and its text: texts, token tables, then gold and system; raises `EditError`."""
    out = ScratchFolder(folder, os.path.join(folder, GOLD_FILE), os.path.join(folder, SYSTEM_FILE),
                        os.path.join(folder, TOKEN_FOLDER), os.path.join(folder, TEXT_FOLDER))
    files: list[tuple[str, str]] = []
    for doc_id in session.gold.documents:
        context = session.context(doc_id)
        if context.tokens is None or context.text is None:
            raise EditError(f"document {doc_id!r} has no token table or text to write")
        where, line = session.gold.path, session.gold.documents[doc_id].line
        files.append((os.path.join(out.text_dir, doc_file_name(doc_id, ".txt", path=where, line=line)), context.text))
        files.append((token_table_path(out.token_dir, doc_id, where=where, line=line),
                      format_token_table(context.tokens.tokens)))
    for side, path in ((Side.GOLD, out.gold), (Side.SYSTEM, out.system)):
        tbf = session.file(side)
        for doc_id in session.gold.documents:  # the system side always holds the document, maybe empty
            if doc_id not in tbf.documents:
                tbf = TbfFile(tbf.path, tbf.mode, {**tbf.documents, doc_id: Document(doc_id, ())})
        files.append((path, checked_text(tbf, path)[0]))
    return out, files


def write_scratch(session: EditSession, folder: str, *, overwrite: bool = False, inputs: Collection[str] = (),
                  input_folders: InputFolders = ()) -> ScratchFolder:
    """Write the session's documents as a scorer-ready folder (made if missing, with `tkn/` and `txt/`,
    never a missing parent). Every file is checked first (`check_output_paths`: never onto `inputs`
    or the files of `input_folders`, even through a link); an existing file is replaced only with
    `overwrite` (else `ExistingFiles`). Raises `FormatError` (a refused or failed write) and `EditError`."""
    out, files = scratch_files(folder, session)
    check_output_paths([p for p, _ in files], inputs, input_folders=input_folders,
                       new_folders=[folder, out.token_dir, out.text_dir])
    if not overwrite:
        existing = [p for p, _ in files if os.path.lexists(p)]
        if existing:
            raise ExistingFiles(existing[0], 0, "already exists", "a new folder, or overwrite=True")
    make_output_folders([folder, out.token_dir, out.text_dir])
    for path, data in files:
        write_atomic(path, data)
    session.mark_saved(Side.GOLD, out.gold)
    session.mark_saved(Side.SYSTEM, out.system)
    return out
