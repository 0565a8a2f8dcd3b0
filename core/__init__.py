"""EvmEval: exact event-nugget scoring (the published EvmEval v1.8's numbers) as a library. Never imports Qt.

    import evmeval
    corpus = evmeval.load("gold.tbf", "run.tbf", tokens="tkn/")
    scores = evmeval.score(corpus)
    scores.micro("type+realis").f1, scores.warnings, scores.to_json(), scores.rows()

The names below are loaded on first use, so the command-line programs start without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_PUBLIC = {"load": "core.api", "score": "core.api", "Corpus": "core.api", "Scores": "core.api",
           "ATTRIBUTE_NAMES": "core.rules", "attributes_named": "core.rules",
           "FormatError": "core.formats.errors", "Score": "core.metrics.prf", "Average": "core.metrics.prf"}

if TYPE_CHECKING:
    from core.api import Corpus, Scores, load, score
    from core.formats.errors import FormatError
    from core.metrics.prf import Average, Score
    from core.rules import ATTRIBUTE_NAMES, attributes_named


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        import importlib

        return getattr(importlib.import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ATTRIBUTE_NAMES", "Average", "Corpus", "FormatError", "Score", "Scores", "__version__", "attributes_named",
           "load", "score"]
