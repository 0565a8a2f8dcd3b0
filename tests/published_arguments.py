"""Running the published argument scorers from their own files, for the differential tests and the recorder.

Nothing here is vendored: each runs the script's evaluation from a folder named by a variable (`RAMS_SCORER`:
the folder of the RAMS 1.0 `scorer.py`, `scoring_utils.py` and `constraints.py`), in a separate Python
process (a script's module-level state, such as RAMS's role-name cache, starts fresh for every case).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

_RAMS_DRIVER = """
import argparse, json, sys
sys.path.insert(0, sys.argv[1])
from scorer import Scorer
args = argparse.Namespace(gold_file=sys.argv[2], pred_file=sys.argv[3], reuse_gold_format=sys.argv[4] == "reuse",
                          ontology_file=None, cd=False)
out = Scorer(args).evaluate(constrained_decoding=False)
table, totals = out["role_table"]
print(json.dumps({"metrics": out["metrics"], "role_table": table, "totals": totals,
                  "distance_metrics": out["distance_metrics"]}))
"""


class RamsScorer:
    """RAMS 1.0 `Scorer(args).evaluate()` as `--do_all` runs it (no type-constrained decoding)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def score(self, gold: str, prediction: str, *, reuse_gold_format: bool) -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "gold.jsonl").write_text(gold, encoding="utf-8")
            (Path(tmp) / "pred.jsonl").write_text(prediction, encoding="utf-8")
            run = subprocess.run([sys.executable, "-c", _RAMS_DRIVER, str(self.folder), str(Path(tmp) / "gold.jsonl"),
                                  str(Path(tmp) / "pred.jsonl"), "reuse" if reuse_gold_format else "predictions"],
                                 capture_output=True, text=True, check=True, encoding="utf-8",
                                 env={**os.environ, "PYTHONUTF8": "1"})
        return json.loads(run.stdout)  # type: ignore[no-any-return]
