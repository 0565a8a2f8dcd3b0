"""Head words from a dependency parse, as PAIE's and gen-arg's scorers find them (both `find_head`): one parse
provider and one head walk for `--convention paie`'s head F1 and `--convention gen-arg --head-only`.

The parse is spaCy's `en_core_web_sm` on the document's words joined by spaces and split again (both scripts'
whitespace tokenizer), every pipe of the model run; spaCy is never a dependency of the library: `spacy_heads`
is None when it or the model is not importable, and the figures are those of the model version installed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

Heads = Callable[[tuple[str, ...]], Sequence[int]]
"""A document's words -> each word's head index in its dependency parse (the root heads itself)."""

MODEL = "en_core_web_sm"
INSTALL = ("pip install spacy, then its en_core_web_sm model (python -m spacy download en_core_web_sm, or any "
           "package that spacy.load('en_core_web_sm') finds)")
"""What to install for a head figure (said by every caller that needs the parse)."""


def head_word(heads: Sequence[int], start: int, end: int) -> int:
    """Both scripts' `find_head`: from the span's first word, up the parse while the head stays inside the
    span (inclusive `end`), stopping at a word that heads itself."""
    current = start
    while start <= heads[current] <= end and heads[current] != current:
        current = heads[current]
    return current


@dataclass(frozen=True)
class SpacyParse:
    """spaCy's parse of a document's words; `model`: the loaded model's name and version, as a note says it."""

    nlp: Any
    model: str

    def __call__(self, tokens: tuple[str, ...]) -> list[int]:
        from spacy.tokens import Doc  # type: ignore[import-not-found,unused-ignore]

        words = " ".join(tokens).split(" ")  # as both scripts join the words and split them again
        doc = self.nlp(Doc(self.nlp.vocab, words=words))
        return [token.head.i for token in doc]


@lru_cache(maxsize=1)
def spacy_heads() -> SpacyParse | None:
    """spaCy's `en_core_web_sm` parse (loaded once a process), or None when spaCy or the model is not
    importable."""
    try:
        import spacy  # type: ignore[import-not-found,unused-ignore]

        nlp = spacy.load(MODEL)
    except (ImportError, OSError):
        return None
    meta = getattr(nlp, "meta", {}) or {}
    name = f"{meta.get('lang', 'en')}_{meta.get('name', 'core_web_sm')}"
    return SpacyParse(nlp, f"{name} {meta.get('version', '?')} (spaCy {getattr(spacy, '__version__', '?')})")


def parse_note(heads: Heads) -> str:
    """Which parse gave the heads (a model's version changes the figures)."""
    if isinstance(heads, SpacyParse):
        return f"heads: spaCy's {heads.model} dependency parse of each document"
    return "heads: the dependency parse given by the caller"
