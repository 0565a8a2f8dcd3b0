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

ROOT = Path(__file__).resolve().parents[1]

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
stubs, genie, root, out, parses, *argv = sys.argv[1:]
sys.path[:0] = [stubs, genie, root]
sys.argv = ["scorer.py", *argv]
found = runpy.run_path(genie + "/scorer.py", run_name="__main__")
names = ("pred_arg_num", "gold_arg_num", "arg_idn_num", "arg_class_num", "arg_idn_coref_num", "arg_class_coref_num")
result = {name: found[name] for name in names}
if parses != "-":  # the parse the script's own nlp gives each document's words, and the model that gave it
    nlp, docs = found["nlp"], {}
    for ex in found["examples"].values():
        if "tokens" in ex and ex["doc_id"] not in docs:
            docs[ex["doc_id"]] = [token.head.i for token in nlp(" ".join(ex["tokens"]))]
    meta = getattr(nlp, "meta", {})
    import spacy
    result["model"] = {"name": meta.get("lang", "") + "_" + meta.get("name", ""), "version": meta.get("version"),
                       "spacy": spacy.__version__}
    with open(parses, "w") as handle:
        json.dump(docs, handle)
with open(out, "w") as handle:
    json.dump(result, handle)
"""
_STUBS = {
    "spacy/__init__.py": "class _Nlp:\n    vocab = None\n    tokenizer = None\n\n"
                         "    def __call__(self, text):\n        return self.tokenizer(text)\n\n\n"
                         "def load(name):\n    return _Nlp()\n",
    "spacy/tokens.py": "class _Token:\n    def __init__(self, doc, i):\n        self.doc, self.i = doc, i\n\n"
                       "    @property\n    def head(self):\n"
                       "        return _Token(self.doc, self.doc.heads[self.i])\n\n\n"
                       "class Doc:\n    def __init__(self, vocab, words):\n"
                       "        from tests.published_paie import fake_heads\n\n"
                       "        self.words, self.heads = list(words), fake_heads(list(words))\n\n"
                       "    def __getitem__(self, i):\n        return _Token(self, range(len(self.words))[i])\n",
    "tqdm.py": "def tqdm(iterable, *args, **kwargs):\n    return iterable\n",
}
"""Stand-ins for what the script imports: spaCy, whose model it loads at start and whose parse only --head-only
reads (here `tests.published_paie.fake_heads`' random tree over the words the script's own whitespace tokenizer
makes, the parse our side is given too), and tqdm (a progress bar)."""


class GenargScorer:
    """gen-arg's `src/genie/scorer.py --dataset KAIROS [--coref --coref-file] [--head-only]`, run as a script from
    a checkout (GENARG_DIR) in a folder holding the case's ontology (as `event_role_KAIROS.json`) and the
    checkout's `pronoun_list.txt`; its six counters read from the finished script's globals. `python`: an
    interpreter with spaCy and en_core_web_sm to run the script on the real parse (default: this one, with the
    stand-in parse)."""

    def __init__(self, checkout: Path, python: Path | None = None) -> None:
        self.checkout = checkout
        self.python = python

    def score(self, files: dict[str, str], *, head_only: bool = False,
              parses: dict[str, list[int]] | None = None) -> dict[str, Any]:
        """The counters (and with the real parse the model's name and version); `parses` is filled with each
        document's parse when given (the real parse only)."""
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            for name, text in _STUBS.items():
                if self.python is not None and name.startswith("spacy"):
                    continue
                (folder / "stubs" / name).parent.mkdir(parents=True, exist_ok=True)
                (folder / "stubs" / name).write_text(text, encoding="utf-8")
            for name, text in files.items():
                (folder / name).write_text(text, encoding="utf-8")
            (folder / "event_role_KAIROS.json").write_text(files["ontology.json"], encoding="utf-8")
            (folder / "pronoun_list.txt").write_bytes((self.checkout / "pronoun_list.txt").read_bytes())
            argv = ["--gen-file", "prediction.jsonl", "--test-file", "gold.jsonl", "--dataset", "KAIROS"]
            if "coref.jsonlines" in files:
                argv += ["--coref", "--coref-file", "coref.jsonlines"]
            if head_only:
                argv.append("--head-only")
            dump = str(folder / "parses.json") if parses is not None else "-"
            subprocess.run([str(self.python or sys.executable), "-c", _GENARG_DRIVER, str(folder / "stubs"),
                            str(self.checkout / "src" / "genie"), str(ROOT), str(folder / "out.json"), dump, *argv],
                           cwd=folder, capture_output=True, text=True, check=True, encoding="utf-8",
                           env={**os.environ, "PYTHONUTF8": "1"})
            if parses is not None:
                parses.update(json.loads((folder / "parses.json").read_text(encoding="utf-8")))
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
