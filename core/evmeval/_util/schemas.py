"""The published JSON Schemas of the programs' `--json` outputs: one per output, versioned.

Every document starts with `"schema": "<name>/<version>"` (`schema_tag`); the file
`resources/schemas/<name>.schema.json` (installed as `evmeval_resources/schemas/`, draft 2020-12) describes
that version. A version is raised when a key changes meaning or goes away (CHANGELOG.md says which);
new optional keys keep it.
"""

from __future__ import annotations

from typing import Any

SCHEMA_VERSIONS: dict[str, int] = {"score": 3, "compare": 3, "iaa": 3, "conll": 3, "convention": 2, "strings": 1,
                                   "curation": 1, "compare_convention": 1, "judgements": 1}
"""Each output's current layout: `score` (evmeval-score, `Scores.to_json()`, the window's scores.json),
`compare` (evmeval-compare), `iaa` (evmeval-iaa), `conll` (evmeval-conll), `convention`
(evmeval-score --convention), `curation` (the window's saved and exported curation,
`evmeval.agreement.curation_save`), `compare_convention` (evmeval-compare --convention). Version 3 (2 for
`convention`) made `"schema"` a `name/version` string.
`strings` is an input, not an output: one line of string predictions (`evmeval.io.strings`), where
`"schema": "strings/1"` is optional; so is `judgements` (a judge's verdicts, `evmeval.io.judgements`)."""


def schema_tag(name: str) -> str:
    """The `"schema"` value of output `name`: `score/3`."""
    return f"{name}/{SCHEMA_VERSIONS[name]}"


def with_schema(name: str, data: dict[str, Any]) -> dict[str, Any]:
    """`data` with `"schema"` as its first key: what every program's `--json` writes."""
    return {"schema": schema_tag(name), **data}


def load_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of output `name`, from the installed resources."""
    import json
    from importlib.resources import files

    text = files("evmeval_resources").joinpath(f"schemas/{name}.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded
