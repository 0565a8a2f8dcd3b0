"""The JSON export: everything the window needs, fractions 0-1, NaN as null."""

from __future__ import annotations

import json
import math
from typing import Any

from core.align import COMBINATIONS
from core.metrics.mention import DocumentResult, ScoreResult


def _mapping_json(doc: DocumentResult, combination: str) -> list[dict[str, Any]]:
    return [{"gold": doc.gold[p.gold].mention_id, "system": doc.system[p.system].mention_id,
             "gold_index": p.gold, "system_index": p.system, "dice": p.dice}
            for p in doc.mappings[combination].pairs]


def result_to_json(result: ScoreResult) -> dict[str, Any]:
    """A JSON-serialisable dict of the result (see README for the layout)."""
    documents = []
    for doc in result.documents:
        documents.append({
            "doc_id": doc.doc_id,
            "in_system": doc.in_system,
            "counted": doc.counted,
            "num_gold": len(doc.gold),
            "num_system": len(doc.system),
            "scores": {c: doc.scores[c].to_json() for c in COMBINATIONS},
            "mappings": {c: _mapping_json(doc, c) for c in COMBINATIONS},
        })
    return {
        "profile": result.profile,
        "mode": result.mode.value,
        "gold": result.gold_path,
        "system": result.system_path,
        "combinations": list(COMBINATIONS),
        "documents": documents,
        "micro": {c: result.micro[c].to_json() for c in COMBINATIONS},
        "macro": {c: result.macro[c].to_json() for c in COMBINATIONS},
        "per_type": {
            "published_type_realis_mapping": [r.to_json() for r in result.per_type_published],
            "type_mapping": [r.to_json() for r in result.per_type_by_type_mapping],
        },
        "warnings": list(result.warnings),
    }


def _no_nan(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _no_nan(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_no_nan(v) for v in value]
    return value


def dumps(data: dict[str, Any]) -> str:
    """Strict JSON text (no NaN tokens), indented for people."""
    return json.dumps(_no_nan(data), indent=1, allow_nan=False) + "\n"
