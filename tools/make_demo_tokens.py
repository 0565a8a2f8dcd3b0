"""Regenerate the demo corpus' token tables: `demo/txt/<doc>.txt` -> `demo/tkn/<doc>.tab`.

Run from anywhere, no arguments: `python tools/make_demo_tokens.py`. Idempotent: a table whose
content would not change is left untouched. `--check` writes nothing and exits 1 when a table is
missing or stale (for CI). Texts are read exactly as stored (no newline translation), so offsets
match what the scorer and the GUI read.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from evmeval.io.errors import FormatError
from evmeval.io.reading import read_text
from evmeval.io.tokenize import tokenize, write_token_table
from evmeval.io.tokens import format_token_table
from evmeval.io.writing import make_output_folders
from evmeval.model import Token

DEFAULT_DEMO = Path(__file__).resolve().parent.parent / "resources" / "demo"


def expected_tokens(demo: Path) -> dict[str, list[Token]]:
    """Tokens of each `txt/<doc>.txt`, keyed by doc id, in sorted order."""
    txt_dir = demo / "txt"
    if not txt_dir.is_dir():
        raise FormatError(str(txt_dir), 0, "text folder not found", "a folder of <doc id>.txt texts")
    return {path.stem: tokenize(read_text(str(path))) for path in sorted(txt_dir.glob("*.txt"))}


def regenerate(demo: Path, *, check: bool = False) -> list[str]:
    """Bring `tkn/` up to date (or only compare, with `check`); returns the doc ids that differed."""
    changed: list[str] = []
    for doc_id, tokens in expected_tokens(demo).items():
        target = demo / "tkn" / f"{doc_id}.tab"
        current = target.read_bytes().decode("utf-8", "replace") if target.is_file() else None
        if current == format_token_table(tokens):
            continue
        changed.append(doc_id)
        if not check:
            make_output_folders([str(demo / "tkn")])  # the tool's own output folder (the demo folder exists)
            write_token_table(str(target), tokens)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make_demo_tokens", description=__doc__.splitlines()[0])
    parser.add_argument("--demo-dir", type=Path, default=DEFAULT_DEMO, help="demo corpus folder")
    parser.add_argument("--check", action="store_true", help="only report stale tables; exit 1 if any")
    args = parser.parse_args(argv)
    try:
        changed = regenerate(args.demo_dir, check=args.check)
    except FormatError as exc:
        print(f"make_demo_tokens: error: {exc}", file=sys.stderr)
        return 1
    verb = "stale" if args.check else "written"
    for doc_id in changed:
        print(f"{verb}: {os.path.join('tkn', doc_id + '.tab')}")
    stale_tables = sorted(p.stem for p in (args.demo_dir / "tkn").glob("*.tab")
                          if not (args.demo_dir / "txt" / f"{p.stem}.txt").is_file())
    for doc_id in stale_tables:
        print(f"warning: tkn/{doc_id}.tab has no txt/{doc_id}.txt (left in place)", file=sys.stderr)
    if not changed:
        print("token tables up to date")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
