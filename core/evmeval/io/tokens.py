"""Token tables (`.tab`): `token_id  string  first  last`, tab-separated, `last` inclusive.

Tolerant where real files are sloppy (spaces around numbers, an optional header line, blank lines),
strict where guessing would change what a mention means (a non-numeric offset in a data row).
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from evmeval.io.doc_files import doc_file_name
from evmeval.io.errors import FormatError
from evmeval.io.reading import read_bytes, read_text
from evmeval.model import Token, TokenTable, unknown_among

DEFAULT_EXTENSION = ".tab"
DEFAULT_OFFSET_FIELDS = (2, 3)


def parse_offset_fields(value: str) -> tuple[int, int]:
    """Parse the `-of A,B` option: two column indexes (0-based) of the first and last offsets."""
    parts = [p.strip() for p in value.split(",")]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"offset fields must be two column numbers like 2,3, not {value!r}")
    return int(parts[0]), int(parts[1])


def offset_fields_argument(value: object) -> tuple[int, int]:
    """The library's `offset_fields=`: what `-of A,B` gives, two column numbers from 0 (a tuple or list)."""
    if (isinstance(value, (tuple, list)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)):
        return int(value[0]), int(value[1])
    raise ValueError(f"offset_fields must be two column numbers (0-based) such as (2, 3), not {value!r}")


def token_table_path(token_dir: str, doc_id: str, extension: str = DEFAULT_EXTENSION, *, where: str = "",
                     line: int = 0) -> str:
    """Where the table of `doc_id` lives: `<dir>/<doc_id><ext>`; an id that is not a plain file name
    is refused at `where:line` (`evmeval.io.doc_files`; default place: the folder)."""
    return os.path.join(token_dir, doc_file_name(doc_id, extension, path=where or token_dir, line=line))


def _is_number(field: str) -> bool:
    try:
        int(field)
    except ValueError:
        return False
    return True


def parse_token_table(
    text: str,
    *,
    doc_id: str,
    path: str = "<tokens>",
    offset_fields: tuple[int, int] = DEFAULT_OFFSET_FIELDS,
) -> TokenTable:
    """Parse the text of a token table; a header is recognised by non-numeric offsets on line one.
    Row by row through `parse_token_row`, the one rule for a row (an all-rows-at-once second form
    bought 1.35x on this parse and 1.02x on the window's document switch: deleted, docs/developer.md)."""
    tokens: list[Token] = []
    seen_data = False
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        token = parse_token_row(line, number, path=path, offset_fields=offset_fields, header_allowed=not seen_data)
        seen_data = True
        if token is not None:  # None: a header line such as "token_id  token_str  tkn_begin  tkn_end"
            tokens.append(token)
    return TokenTable(doc_id=doc_id, tokens=tuple(tokens), path=path)


def parse_token_row(line: str, number: int, *, path: str = "<tokens>",
                    offset_fields: tuple[int, int] = DEFAULT_OFFSET_FIELDS,
                    header_allowed: bool = False) -> Token | None:
    """One non-blank row (`number` is its 1-based line); None for a header row, which only the first
    data-looking row may be (`header_allowed`)."""
    first_col, last_col = offset_fields
    fields = line.split("\t")
    if len(fields) <= first_col or len(fields) <= last_col or len(fields) < 2:
        needed = max(first_col, last_col, 1) + 1
        raise FormatError(
            path, number, f"token row has {len(fields)} tab-separated columns",
            f"at least {needed}: token_id, string, first, last",
        )
    try:
        first = int(fields[first_col])
        last = int(fields[last_col])
    except ValueError:
        if header_allowed and not _is_number(fields[first_col]) and not _is_number(fields[last_col]):
            return None
        raise FormatError(
            path, number,
            f"offsets {fields[first_col].strip()!r}, {fields[last_col].strip()!r} are not whole numbers",
            f"integer character offsets in columns {first_col} and {last_col}",
        ) from None
    if first < 0 or last < first:
        raise FormatError(
            path, number, f"token offsets {first}..{last} are not a valid range",
            "0 <= first <= last (last is the token's last character, inclusive)",
        )
    return _new_token(Token, (fields[0].strip(), fields[1], first, last))


_new_token = tuple.__new__
"""`Token(...)` without its Python-level `__new__`: a 2,000-document report reads 1.4M rows (the
rule 1.8x faster; the same `Token`)."""


def read_token_table(
    path: str, *, doc_id: str, offset_fields: tuple[int, int] = DEFAULT_OFFSET_FIELDS
) -> TokenTable:
    """Read and parse one token table file."""
    return parse_token_table(read_text(path), doc_id=doc_id, path=path, offset_fields=offset_fields)


def read_token_ids(path: str) -> set[str]:
    """Only the ids of a table, read as fast as the disk allows: all the v1.8 scorer needs to check."""
    data = read_bytes(path)
    ids = {row.partition(b"\t")[0].strip() for row in data.split(b"\n")}
    ids.discard(b"")
    return {i.decode("utf-8", "replace") for i in ids}


def find_unknown_token_ids(path: str, ids: Iterable[str]) -> list[str]:
    """The ids of `ids` that are not in the table at `path`, in the order given: `read_token_ids`, then
    `model.unknown_among`, the one rule (a row-by-row look-up for `t<k>` ids beside it bought 1.14x on
    `EVMEVAL_PURE_PYTHON=1 evmeval-score -t -o` and 1.00x with the kernel: deleted, docs/developer.md)."""
    return unknown_among(read_token_ids(path), ids)


def format_token_table(tokens: Iterable[Token]) -> str:
    """Write tokens back in the `.tab` layout (no header)."""
    return "".join(f"{t.id}\t{t.text}\t{t.first}\t{t.last}\n" for t in tokens)
