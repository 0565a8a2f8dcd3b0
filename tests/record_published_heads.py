"""Head figures on spaCy's real `en_core_web_sm`, with the parse the model gave, recorded so the tests can score
ours on that parse without spaCy:

- gen-arg's own published WikiEvents predictions scored by its scorer.py with --head-only
  (`python -m tests.record_published --gen-arg CHECKOUT --gen-arg-spacy PYTHON`);
- PAIE's metric functions on a few of its differential test's generated cases (`SPACY_CASES`;
  `python -m tests.record_published --paie CHECKOUT --paie-spacy PYTHON`).

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
PAIE_SPACY = rec.RECORDED / "paie_spacy.json"
SPACY_CASES = [f"rams-{n}" for n in range(10)] + [f"wikievents-{n}" for n in range(10)]
"""The PAIE cases (tests/published_paie.py) run on the real model."""
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


def record_paie(checkout: Path, python: Path, package: str) -> Path:
    """PAIE's figures on `SPACY_CASES` under `python`'s spaCy, with each document's parse, into paie_spacy.json."""
    from tests.published_paie import PaieScorer, case_files

    scorer = PaieScorer(checkout, python)
    cases, parses, model = {}, {}, {}
    for case in SPACY_CASES:
        figures = scorer.figures(case)
        parses.update(figures.pop("parses"))
        model = figures.pop("model")
        cases[case] = {"sha256": rec.digest({n: t.encode() for n, t in case_files(case).items()}), "figures": figures}
    head = {"scorer": "paie", "what": "PAIE's metric.py (eval_head_f1_score and the others) on spaCy's parse",
            "source": {"repository": "mayubo2333/PAIE", "commit": _commit(checkout),
                       "file": "metric.py, processors/processor_base.py"},
            "model": {**model, "package": package}}
    body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in cases.items())
    words = ",\n".join(f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(v)}" for k, v in sorted(parses.items()))
    PAIE_SPACY.write_text(json.dumps(head, indent=1, ensure_ascii=False)[:-2] + ',\n "cases": {\n' + body
                          + '\n },\n "parses": {\n' + words + "\n }\n}\n", encoding="utf-8")
    return PAIE_SPACY


def _commit(path: Path) -> str:
    run = subprocess.run(["git", "-C", str(path), "rev-parse", "HEAD"], capture_output=True, text=True)
    return run.stdout.strip() or "unknown"
