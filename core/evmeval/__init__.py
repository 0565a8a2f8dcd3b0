"""EvmEval: exact event-nugget scoring (the published EvmEval v1.8's numbers) as a library. Never imports Qt.

    import evmeval
    corpus = evmeval.load("gold.tbf", "run.tbf", tokens="tkn/")
    scores = evmeval.score(corpus)
    scores.micro("type+realis").f1, scores.warnings, scores.to_json(), scores.rows(), scores.report()

Every result (coreference, sequencing, comparison, agreement, conventions) answers `to_json()`, `rows()` and
`report()` (`evmeval.Result`); `evmeval.from_documents` scores `evmeval.Document`s held in memory.

The names below are loaded on first use, so the command-line programs start without them.
"""

from __future__ import annotations

TYPE_CHECKING = False
"""Not `typing.TYPE_CHECKING`: importing `typing` here would come before a program's Ctrl+C handler (the
entry modules import this package first), so the names below are seen by type checkers only."""

__version__ = "0.1.0"

_API = ("load", "score", "coreference", "event_sequencing", "compare_runs", "annotator_agreement", "curate",
        "export_report", "Corpus", "Scores", "from_documents", "score_convention")
_PUBLIC = {**dict.fromkeys(_API, "evmeval.api"),
           "ATTRIBUTE_NAMES": "evmeval.rules", "COMBINATIONS": "evmeval.rules", "attributes_named": "evmeval.rules",
           "Curation": "evmeval.agreement.curation", "write_curated": "evmeval.agreement.curation",
           "FormatError": "evmeval.io.errors", "EvmEvalError": "evmeval.io.errors",
           "UnknownDocumentError": "evmeval.io.errors",
           "Score": "evmeval.mention.prf", "Average": "evmeval.mention.prf",
           "Document": "evmeval.documents", "Mention": "evmeval.documents", "Result": "evmeval.results",
           "UNDEFINED": "evmeval.results"}

if TYPE_CHECKING:
    from typing import Any

    from evmeval.agreement.curation import Curation, write_curated
    from evmeval.api import (
        Corpus,
        Scores,
        annotator_agreement,
        compare_runs,
        coreference,
        curate,
        event_sequencing,
        export_report,
        from_documents,
        load,
        score,
        score_convention,
    )
    from evmeval.documents import Document, Mention
    from evmeval.io.errors import EvmEvalError, FormatError, UnknownDocumentError
    from evmeval.mention.prf import Average, Score
    from evmeval.results import UNDEFINED, Result
    from evmeval.rules import ATTRIBUTE_NAMES, COMBINATIONS, attributes_named


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        import importlib

        return getattr(importlib.import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ATTRIBUTE_NAMES", "COMBINATIONS", "UNDEFINED", "Average", "Corpus", "Curation", "Document", "EvmEvalError",
           "FormatError", "Mention", "Result", "Score", "Scores", "UnknownDocumentError", "__version__",
           "annotator_agreement", "attributes_named", "compare_runs", "coreference", "curate", "event_sequencing",
           "export_report", "from_documents", "load", "score", "score_convention", "write_curated"]


def __dir__() -> list[str]:
    """The public names only: not the submodules imported so far, nor this module's own plumbing."""
    return sorted(__all__)


del TYPE_CHECKING, annotations  # plumbing of this module, not names of the library
