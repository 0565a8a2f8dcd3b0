"""Export names of the charts (files `chart_<name>.png` / `.svg`), without importing Qt: the headless
export checks its output paths and forks its writer before the drawing code is even imported."""

from __future__ import annotations

CHART_NAMES: tuple[str, ...] = ("scores", "per_type_combination", "per_type_published", "per_type_type_mapping",
                                "confusion_type", "confusion_realis", "documents", "schemes")
"""The charts panel's, in tab order."""

COREF_CHART_NAMES: tuple[str, ...] = ("coreference_scores", "coreference_documents")
"""The coreference charts'."""
