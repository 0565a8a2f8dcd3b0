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


_GENARG_DRIVER = """
import json, runpy, sys
stubs, genie, out, *argv = sys.argv[1:]
sys.path[:0] = [stubs, genie]
sys.argv = ["scorer.py", *argv]
found = runpy.run_path(genie + "/scorer.py", run_name="__main__")
names = ("pred_arg_num", "gold_arg_num", "arg_idn_num", "arg_class_num", "arg_idn_coref_num", "arg_class_coref_num")
with open(out, "w") as handle:
    json.dump({name: found[name] for name in names}, handle)
"""
_STUBS = {
    "spacy/__init__.py": "class _Nlp:\n    vocab = None\n    tokenizer = None\n\n\n"
                         "def load(name):\n    return _Nlp()\n",
    "spacy/tokens.py": "class Doc:\n    def __init__(self, vocab, words):\n"
                       "        raise RuntimeError('--head-only needs spaCy and en_core_web_sm')\n",
    "tqdm.py": "def tqdm(iterable, *args, **kwargs):\n    return iterable\n",
}
"""Stand-ins for what the script imports and, without --head-only, never uses (spaCy's model is loaded at import
time, then only its head finder would need it) or only shows (tqdm's progress bar)."""


class GenargScorer:
    """gen-arg's `src/genie/scorer.py --dataset KAIROS [--coref --coref-file]`, run as a script from a checkout
    (GENARG_DIR) in a folder holding the case's ontology (as `event_role_KAIROS.json`) and the checkout's
    `pronoun_list.txt`; its six counters read from the finished script's globals."""

    def __init__(self, checkout: Path) -> None:
        self.checkout = checkout

    def score(self, files: dict[str, str]) -> dict[str, int]:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            for name, text in _STUBS.items():
                (folder / "stubs" / name).parent.mkdir(parents=True, exist_ok=True)
                (folder / "stubs" / name).write_text(text, encoding="utf-8")
            for name, text in files.items():
                (folder / name).write_text(text, encoding="utf-8")
            (folder / "event_role_KAIROS.json").write_text(files["ontology.json"], encoding="utf-8")
            (folder / "pronoun_list.txt").write_bytes((self.checkout / "pronoun_list.txt").read_bytes())
            argv = ["--gen-file", "prediction.jsonl", "--test-file", "gold.jsonl", "--dataset", "KAIROS"]
            if "coref.jsonlines" in files:
                argv += ["--coref", "--coref-file", "coref.jsonlines"]
            subprocess.run([sys.executable, "-c", _GENARG_DRIVER, str(folder / "stubs"),
                            str(self.checkout / "src" / "genie"), str(folder / "out.json"), *argv],
                           cwd=folder, capture_output=True, text=True, check=True, encoding="utf-8",
                           env={**os.environ, "PYTHONUTF8": "1"})
            return json.loads((folder / "out.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


_UIE_DRIVER = """
import copy, json, os, runpy, sys
checkout, folder, strategy = sys.argv[1:4]
sys.path.insert(0, checkout)
from uie.sel2record.record import EventRecord, MapConfig
mapper = EventRecord(MapConfig(map_strategy=strategy, de_duplicate=True, span_to_token="space"))
gold = [json.loads(line) for line in open(os.path.join(folder, "test.json"), encoding="utf-8")]
with open(os.path.join(folder, "test_preds_record.txt"), "w", encoding="utf-8") as out:
    for line, instance in zip(open(os.path.join(folder, "prediction.jsonl"), encoding="utf-8"), gold):
        record = json.loads(line)
        if "offset" not in record["event"]:
            strings = record["event"]["string"]
            record["event"]["offset"] = mapper.to_offset(instance=copy.deepcopy(strings), tokens=instance["tokens"])
        out.write(json.dumps(record, ensure_ascii=False) + "\\n")
found = {}
for mode in ("normal", "set", "multimatch"):
    sys.argv = ["eval_extraction.py", "-g", folder, "-p", folder, "-w", "-m", mode]
    runpy.run_path(os.path.join(checkout, "scripts", "eval_extraction.py"), run_name="__main__")
    with open(os.path.join(folder, "test_results.txt"), encoding="utf-8") as results:
        found[mode] = dict(line.rstrip("\\n").split("=", 1) for line in results)
print(json.dumps(found))
"""


class UieScorer:
    """UIE's `scripts/eval_extraction.py -m MODE` (each of its three modes) on a gold file and a record file, run
    from a checkout (UIE_DIR, needs numpy); string-only record lines first placed by the checkout's own
    `uie/sel2record/record.py` `EventRecord.to_offset` under the case's map, as `scripts/sel2record.py` places
    them. Its figures are read from the `test_results.txt` its `-w` writes (key=value, values as printed)."""

    def __init__(self, checkout: Path) -> None:
        self.checkout = checkout

    def score(self, gold: str, prediction: str, strategy: str) -> dict[str, dict[str, str]]:
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "test.json").write_text(gold, encoding="utf-8")
            (Path(tmp) / "prediction.jsonl").write_text(prediction, encoding="utf-8")
            run = subprocess.run([sys.executable, "-c", _UIE_DRIVER, str(self.checkout), tmp, strategy],
                                 capture_output=True, text=True, check=True, encoding="utf-8",
                                 env={**os.environ, "PYTHONUTF8": "1"})
        return json.loads(run.stdout.rsplit("\n", 2)[-2])  # type: ignore[no-any-return]
