"""Which characters to show for a token-mode document: the text file, aligned, or the token table's.

One rule for the window and the HTML report. A text file is used when its characters sit at the
token table's offsets, allowing a shift of up to `MAX_SHIFT` characters (some published `.txt` files
start with an extra newline, e.g. the EvmEval demo's `example2`); otherwise the text is rebuilt from
the token table (`TokenTable.rebuild_text`), which puts every token at its own offsets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from evmeval.model import Token, TokenTable

MAX_SHIFT = 3
"""The largest shift (in characters, either way) between a text file and its token table."""
_SAMPLE = 200
_ENOUGH = 0.9
_SHIFTS = tuple(sorted(range(-MAX_SHIFT, MAX_SHIFT + 1), key=abs))
"""The shifts tried, smallest first (0, -1, 1, -2, ...)."""

TEXT_FILE, TOKEN_TABLE = "text file", "token table"
"""Where the shown characters came from."""

NO_TEXT_NOTICE = "No text file: the text is rebuilt from the token table's offsets."
MISMATCH_NOTICE = ("The text file does not match the token table's offsets: the text is rebuilt from the token "
                   "table instead.")


@dataclass(frozen=True)
class DocumentText:
    """The characters of one document and how its token offsets map into them."""

    text: str
    shift: int
    """Add to a token's `first`/`last` offsets to find it in `text`."""
    source: str
    """`TEXT_FILE` or `TOKEN_TABLE`."""
    notice: str = ""
    """A sentence for the user when the text is not simply the document's text file."""

    def token_range(self, token: Token) -> tuple[int, int]:
        """The half-open character range of a token in `text`."""
        return self.offset_range(token.first, token.last)

    def offset_range(self, first: int, last: int) -> tuple[int, int]:
        """The half-open character range of a token at offsets `first`..`last` (inclusive) in `text`."""
        return first + self.shift, last + 1 + self.shift


def find_text_shift(tokens: Sequence[Token], text: str) -> int | None:
    """The shift `s` such that `text[first+s : last+1+s]` spells the tokens, or None.

    A shift is accepted when at least 90% of an even sample of (non-blank) tokens match; the
    smallest shift wins.
    """
    if not tokens:
        return 0
    step = max(1, len(tokens) // _SAMPLE)
    spans = [(t.text, t.first, t.last) for t in tokens[::step]]
    return _shift_of([span for span in spans if span[0].strip()], text)


def _shift_of(sample: list[tuple[str, int, int]], text: str) -> int | None:
    """The smallest shift at which at least 90% of the sample's (word, first, last) spell their word.
    A shift's count stops as soon as its answer is certain: enough hits, or too many misses."""
    if not sample:
        return 0
    need = _ENOUGH * len(sample)
    for shift in _SHIFTS:
        hits, possible = 0, len(sample)
        for word, first, last in sample:
            start = first + shift
            if start >= 0 and text[start:last + 1 + shift] == word:
                hits += 1
                if hits >= need:
                    return shift
            else:
                possible -= 1
                if possible < need:
                    break
    return None


def token_document_text(table: TokenTable, text: str | None) -> DocumentText:
    """The text to show for a document with a (non-empty) token table and maybe a text file."""
    if text is not None:
        shift = find_text_shift(table.tokens, text)
        if shift is not None:
            return DocumentText(text, shift, TEXT_FILE)
        return DocumentText(table.rebuild_text(), 0, TOKEN_TABLE, MISMATCH_NOTICE)
    return DocumentText(table.rebuild_text(), 0, TOKEN_TABLE, NO_TEXT_NOTICE)
