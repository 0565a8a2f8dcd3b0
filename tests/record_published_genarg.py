"""gen-arg's own published WikiEvents predictions scored by its scorer.py with --head-only on spaCy's real
`en_core_web_sm`: the counters and the parse the model gave, recorded so the test can score ours on that
parse without spaCy (`python -m tests.record_published --gen-arg CHECKOUT --gen-arg-spacy PYTHON`).

PYTHON is an interpreter where spaCy and a model `spacy.load("en_core_web_sm")` finds are installed; the script
runs there, once, with `--coref --head-only`, and the driver also writes the parse its own `nlp` gives each
scored document's words. The files come from the checkout's history (`gen_arg_published.json` names them).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from tests import recorded as rec

PUBLISHED = rec.RECORDED / "gen_arg_published.json"
PARSES = rec.RECORDED / "gen_arg_published_parse.json"
"""Each scored document's parse (its words' head indices, by doc_id) as the recorded model gave it."""


def published_files(checkout: Path) -> dict[str, bytes]:
    """The gold, coreference, prediction and ontology files `gen_arg_published.json` names, from `checkout`'s
    history (a clone of raspberryice/gen-arg)."""
    recorded = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    files = {}
    for name, where in recorded["source"]["files"].items():
        path, commit = where.split(" @ ")
        files[name] = subprocess.run(["git", "-C", str(checkout), "show", f"{commit}:{path}"], capture_output=True,
                                     check=True).stdout
    return files


def record_heads(checkout: Path, python: Path, package: str) -> dict[str, Any]:
    """Run the script with --coref --head-only under `python`; write its counters and model into
    gen_arg_published.json (`head_only`) and the parse into gen_arg_published_parse.json."""
    from tests.published_arguments import GenargScorer

    files = published_files(checkout)
    parses: dict[str, list[int]] = {}
    theirs = GenargScorer(checkout, python).score({n: t.decode("utf-8") for n, t in files.items()}, head_only=True,
                                                  parses=parses)
    recorded = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    recorded["head_only"] = {
        "what": "the same files scored by scorer.py --coref --head-only on spaCy's parse",
        "model": {**theirs["model"], "package": package},
        "parses": f"{PARSES.name}: the parse the script's own nlp gave each scored document's words",
        "figures": [theirs[name] for name in rec.GENARG_COUNTS]}
    PUBLISHED.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    body = ",\n".join(f" {json.dumps(doc)}: {json.dumps(heads)}" for doc, heads in sorted(parses.items()))
    PARSES.write_text("{\n" + body + "\n}\n", encoding="utf-8")
    return recorded["head_only"]  # type: ignore[no-any-return]
