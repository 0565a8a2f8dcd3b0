"""The text around an error, for the HTML reports: a few dozen characters with the mentions shaded.

Token mode follows `evmeval.io.text` (the rule the window follows too): a text file shifted by a few
characters is aligned; one that does not match, or none, is replaced by the text rebuilt from the
token table (read whole, by the one token-table rule `evmeval.io.tokens.read_token_table`).
"""

from __future__ import annotations

import functools
import html
import itertools
from operator import itemgetter

from evmeval.io.errors import FormatError
from evmeval.io.loading import LoadedInputs
from evmeval.io.text import TOKEN_TABLE, DocumentText, token_document_text
from evmeval.io.tokens import read_token_table
from evmeval.mention.outcomes import MappingRow, Outcome
from evmeval.model import Mention, Token, TokenTable
from evmeval.report.escape import needs_escape

CONTEXT_CHARS = 60
"""Characters of text shown on each side of an error."""


@functools.cache
def _shading(outcome: Outcome) -> tuple[str, str]:
    """The opening tags of a shaded segment and of an underlined (gold) one."""
    return f'<span class="o-{outcome.value}">', f'<span class="o-{outcome.value} g">'


def _inside(offset: int, spans: list[tuple[int, int]]) -> bool:
    """Whether `offset` lies in one of `spans` (half-open); a loop, not any(): called 200,000 times."""
    for b, e in spans:  # noqa: SIM110
        if b <= offset < e:
            return True
    return False


class DocumentSnippets:
    """The text of one document and where its tokens sit; `problem` says why there is none."""

    def __init__(self, inputs: LoadedInputs, doc_id: str) -> None:
        self.text: str | None = None
        self.problem = ""
        self._offsets: dict[str, Token] | None = None  # token id -> token (token mode)
        self._shown: DocumentText | None = None  # where the tokens are in `text`
        try:
            path = inputs.tokens.path(doc_id)
            table = read_token_table(path, doc_id=doc_id, offset_fields=inputs.tokens.offset_fields) if path else None
            self.text = inputs.texts.text(doc_id)
            if table is not None:
                self._use_table(table)
        except FormatError as exc:
            self.text, self._offsets = None, None
            self.problem = f"text not shown: {exc}"
            return
        if self.text is None:
            self.problem = "no text file or token table for this document"

    def _use_table(self, table: TokenTable) -> None:
        if table.tokens:
            shown = token_document_text(table, self.text)
            if self.text is not None and shown.source == TOKEN_TABLE:
                self.problem = shown.notice  # a text file that does not fit (a missing one is no problem)
            # id -> token, in C (the last row of an id wins); a range is made only for a mention's token
            self._offsets = dict(zip(map(itemgetter(0), table.tokens), table.tokens, strict=True))
            self._shown = shown
            self.text = shown.text
        else:
            self._offsets = {}
            self.text = self.text if self.text is not None else ""

    def ranges(self, m: Mention) -> list[tuple[int, int]]:
        """Half-open character ranges a mention covers in the text (empty when unknown)."""
        if not m.is_token_span:
            return [(b, e) for b, e in m.span]
        if self._offsets is None or self._shown is None:
            return []
        tokens, shown = self._offsets, self._shown
        return [shown.token_range(token) for t in m.span if (token := tokens.get(t)) is not None]

    def snippet(self, row: MappingRow) -> str:
        """HTML of the text around a row: its mentions shaded, the gold mention underlined.

        Line breaks show as spaces; the window is cleaned and checked for characters to escape once,
        then cut into segments (escaped one by one only when the window needs it)."""
        text = self.text
        if text is None:
            return ""
        gold = self.ranges(row.gold) if row.gold is not None else []
        system = self.ranges(row.system) if row.system is not None else []
        size = len(text)
        ranges = gold + system
        if len(ranges) == 1 or (ranges and ranges.count(ranges[0]) == len(ranges)):
            b, e = ranges[0]
            if 0 <= b < e <= size:  # one range in the text (most rows): three pieces, no cutting
                return self._one_range(text, b, e, _shading(row.outcome)[0 if not gold else 1])
        cuts: set[int] = set()  # the ends of the ranges inside the text ...
        low, high = size, 0  # ... and their extent
        for b, e in ranges:
            if 0 <= b < e <= size:
                cuts.add(b)
                cuts.add(e)
                if b < low:
                    low = b
                if e > high:
                    high = e
        if not cuts:
            return ""
        start = max(0, low - CONTEXT_CHARS)
        end = min(size, high + CONTEXT_CHARS)
        cuts.add(start)
        cuts.add(end)
        window = text[start:end].replace("\r", " ").replace("\n", " ")
        escape = needs_escape(window)
        shade, underline = _shading(row.outcome)
        parts: list[str] = ["…" if start > 0 else ""]
        for b, e in itertools.pairwise(sorted(cuts)):
            piece = window[b - start:e - start]
            if escape:
                piece = html.escape(piece, quote=True)
            if _inside(b, gold):
                parts += (underline, piece, "</span>")
            elif _inside(b, system):
                parts += (shade, piece, "</span>")
            else:
                parts.append(piece)
        parts.append("…" if end < size else "")
        return f'<span class="snippet">{"".join(parts)}</span>'

    @staticmethod
    def _one_range(text: str, b: int, e: int, tag: str) -> str:
        """`snippet` for a row whose mentions all cover the one range `b`..`e` of the text: the same
        HTML, with the context before and after the range unshaded."""
        start, end = max(0, b - CONTEXT_CHARS), min(len(text), e + CONTEXT_CHARS)
        before, inside, after = (text[start:b].replace("\r", " ").replace("\n", " "),
                                 text[b:e].replace("\r", " ").replace("\n", " "),
                                 text[e:end].replace("\r", " ").replace("\n", " "))
        if needs_escape(before) or needs_escape(inside) or needs_escape(after):
            before, inside, after = (html.escape(piece, quote=True) for piece in (before, inside, after))
        return (f'<span class="snippet">{"…" if start > 0 else ""}{before}{tag}{inside}</span>{after}'
                f'{"…" if end < len(text) else ""}</span>')
