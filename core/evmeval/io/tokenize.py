"""A small, deterministic tokenizer that writes `.tab` token tables for plain texts.

Token mode needs a table for every document; users who bring only texts (and the bundled demo)
get one from here. The rules are few so that anyone can predict a token id by reading the text:

- a word is a run of letters and digits, joined across an internal hyphen or apostrophe
  (`well-known`, `O'Brien`), and across `.` or `,` between two digits (`3.5`, `1,200`);
- a word ending in an English clitic is split before it: `don't` -> `do` `n't`, `port's` -> `port` `'s`
  (also `'re`, `'ve`, `'ll`, `'d`, `'m`; straight or curly apostrophe, any case);
- every other non-space character is a token of its own; whitespace separates and is never a token.

Offsets are character indexes into the text exactly as read (a `\\r\\n` counts two), `last` inclusive.
"""

from __future__ import annotations

from collections.abc import Iterable

from evmeval.io.tokens import format_token_table
from evmeval.io.writing import write_atomic
from evmeval.model import Token

APOSTROPHES = "'\u2019"
CLITICS = ("n't", "'s", "'re", "'ve", "'ll", "'d", "'m")
"""Suffixes split off a word, written with a straight apostrophe; compared case-insensitively."""


def _word_end(text: str, start: int) -> int:
    """Index just past the word starting at `start` (text[start] is alphanumeric)."""
    n = len(text)
    i = start + 1
    while i < n:
        ch = text[i]
        if ch.isalnum():
            i += 1
            continue
        if i + 1 < n and text[i + 1].isalnum():
            if ch == "-" or ch in APOSTROPHES:
                i += 2
                continue
            if ch in ".," and text[i - 1].isdigit() and text[i + 1].isdigit():
                i += 2
                continue
        break
    return i


def _clitic_length(word: str) -> int:
    """Length of the clitic ending `word`, or 0; the word must keep at least one character."""
    folded = word.lower().replace("\u2019", "'")
    for clitic in CLITICS:
        if len(folded) > len(clitic) and folded.endswith(clitic):
            return len(clitic)
    return 0


def token_spans(text: str) -> list[tuple[int, int]]:
    """`(first, last)` of every token in order, `last` inclusive."""
    spans: list[tuple[int, int]] = []
    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if not ch.isalnum():
            spans.append((i, i))
            i += 1
            continue
        end = _word_end(text, i)
        clitic = _clitic_length(text[i:end])
        if clitic:
            spans.append((i, end - clitic - 1))
            spans.append((end - clitic, end - 1))
        else:
            spans.append((i, end - 1))
        i = end
    return spans


def tokenize(text: str) -> list[Token]:
    """The tokens of `text`, with ids `t1`, `t2`, ... in text order."""
    return [Token(f"t{k}", text[first:last + 1], first, last)
            for k, (first, last) in enumerate(token_spans(text), start=1)]


def write_token_table(path: str, tokens: Iterable[Token]) -> None:
    """Write tokens as a `.tab` table atomically; raises `FormatError` naming `path` on failure."""
    write_atomic(path, format_token_table(tokens))
