"""The one rule for a pair with no converter of its own: source -> tbf -> target.

The first leg writes what it always writes into tbf (the `.tbf`, and `txt/`, `tkn/` made from the
file itself) into a private scratch folder; the tbf is put on what the target's leg reads (token ids
for the token formats, tokenized from the texts by `evmeval.io.tokenize` when the source is on
characters; character offsets for CASIE), by brat2tbf's own mapping (`document_to_brat`, then
`brat_to_document`), so that step is the one `evmeval-convert --to brat` and back would take; then
the second leg runs. The report sums what each leg dropped, each line naming its leg.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Callable

from evmeval.conventions.convert import (
    REALIS_TARGETS,
    REALIS_WRITTEN,
    TOKEN_TARGETS,
    Output,
    convert,
    doc_input_path,
    drop_zero,
    read_tbf_strictly,
)
from evmeval.io.convert import brat_to_document, document_to_brat
from evmeval.io.doc_files import doc_file_name
from evmeval.io.errors import FormatError, Problem
from evmeval.io.reading import read_text
from evmeval.io.tbf import format_tbf
from evmeval.io.tokenize import tokenize
from evmeval.io.tokens import format_token_table, read_token_table, token_table_path
from evmeval.io.writing import write_atomic
from evmeval.model import Document, TokenTable

SecondLeg = Callable[[str, "str | None", "str | None"], "Output | None"]
"""(tbf path, token folder or None, text folder or None) -> the target's files."""


def _scratch(folder: str, files: dict[str, str]) -> tuple[str, str | None, str | None]:
    """The first leg's files written into `folder`: (its tbf, its `tkn/` or None, its `txt/` or None)."""
    for name, text in files.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, text)
    tbf = next(os.path.join(folder, n) for n in files if n.endswith(".tbf") and os.sep not in n)
    found = [os.path.join(folder, d) if os.path.isdir(os.path.join(folder, d)) else None for d in ("tkn", "txt")]
    return tbf, found[0], found[1]


def _remapped(tbf: str, token_dir: str | None, text_dir: str, to_tokens: bool, out: Output) -> str | None:
    """Rewrite the scratch tbf onto tokens (tokenizing the texts into `tkn/`) or onto characters;
    the new token folder (or None). What does not fit a token is counted under `out`."""
    documents: list[Document] = []
    folder = os.path.join(os.path.dirname(tbf), "tkn")
    if to_tokens:
        os.makedirs(folder, exist_ok=True)
    for doc in read_tbf_strictly(tbf, token_dir).documents.values():
        text_path = doc_input_path(text_dir, doc.doc_id, ".txt", path=tbf, line=doc.line)
        text = read_text(text_path) if os.path.isfile(text_path) else None
        if text is None:
            raise FormatError(tbf, doc.line, f"document {doc.doc_id!r} has no text to place its mentions",
                              "a source whose documents carry their text")
        if to_tokens:
            table = TokenTable(doc.doc_id, tuple(tokenize(text)))
            write_atomic(token_table_path(folder, doc.doc_id, where=tbf, line=doc.line),
                         format_token_table(table.tokens))
            brat = document_to_brat(doc, None, text=text, path=tbf)
        else:
            table_path = token_table_path(token_dir or "", doc.doc_id, where=tbf, line=doc.line)
            brat = document_to_brat(doc, read_token_table(table_path, doc_id=doc.doc_id), text=text, path=tbf)
            table = None
        mapped, problems = brat_to_document(brat, table, run_id=doc.mentions[0].run_id if doc.mentions else "")
        out.lost["spans not on token boundaries (widened to whole tokens) or on no token (left out)"] += len(problems)
        documents.append(mapped)
    write_atomic(tbf, format_tbf(documents))
    return folder if to_tokens else None


def _legged(out: Output, leg: str, into: Output, moot: tuple[str, ...] = ()) -> None:
    """`out`'s report into `into`'s, each line naming its leg; `moot`: lines the target makes moot (a
    realis the first leg made up for a target that has no realis)."""
    for what, n in out.lost.items():
        if what not in moot:
            into.lost[f"{what} [{leg}]"] += n


def _outside(problem: Problem, folder: str, source: str) -> Problem:
    """A problem of the scratch folder named after the input it came from."""
    if problem.path.startswith(folder):
        return dataclasses.replace(problem, path=f"{source} (as tbf{problem.path[len(folder):]})")
    return problem


def tbf_files(path: str, token_dir: str | None, text_dir: str | None) -> Output:
    """A tbf input with its token tables and texts as a first leg's files (tbf on tokens -> CASIE); its
    document ids, which name the second leg's files, are checked here, where a refusal names the input."""
    for doc in read_tbf_strictly(path, token_dir).documents.values():
        doc_file_name(doc.doc_id, path=path, line=doc.line)
    out = Output({os.path.basename(path): read_text(path)})
    for sub, folder in (("tkn", token_dir), ("txt", text_dir)):
        if folder is not None:
            for name in sorted(os.listdir(folder)):
                out.files[os.path.join(sub, name)] = read_text(os.path.join(folder, name))
    return out


def through_tbf(source: str, source_format: str, target: str, predictions: bool, second: SecondLeg,
                first: Output | None = None) -> Output:
    """`source` -> tbf -> `target`, the report naming each leg (`first`: the first leg's files if done)."""
    if first is None:
        first = convert(source, source_format, "tbf", predictions=predictions)
    out = Output(warnings=list(first.warnings))
    _legged(first, f"{source_format} -> tbf", out, () if target in REALIS_TARGETS else (REALIS_WRITTEN,))
    with tempfile.TemporaryDirectory(prefix="evmeval-convert-") as folder:
        try:
            tbf, tokens, texts = _scratch(folder, first.files)
            to_tokens = target in TOKEN_TARGETS and tokens is None
            if texts is not None and (to_tokens or (target == "casie" and tokens is not None)):
                moved = Output()
                tokens = _remapped(tbf, tokens, texts, to_tokens, moved)
                _legged(moved, "tbf on characters -> tokens" if to_tokens else "tbf on tokens -> characters", out)
            result = second(tbf, tokens, texts)
        except FormatError as exc:
            raise FormatError(*dataclasses.astuple(_outside(exc.problem, folder, source))[:4]) from None
        if result is None:
            raise ValueError(f"{source_format} -> {target} is not supported")
        out.files = result.files
        out.warnings.extend(_outside(p, folder, source) for p in result.warnings)
        _legged(result, f"tbf -> {target}", out)
    return drop_zero(out)


__all__ = ["tbf_files", "through_tbf"]
