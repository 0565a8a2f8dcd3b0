"""Seeded MAVEN-Arg cases (gold in the unified layout evaluate.py reads, label2role.json, a submission) and the
published script's figures on them, run from a checkout of THU-KEG/MAVEN-Argument.

Record (writes tests/data/recorded/maven_arg.json; needs numpy, scipy and pyyaml beside the script):
    MAVEN_ARG_DIR=/path/to/MAVEN-Argument SCRIPT_PYTHON=/path/to/python python -m tests.core.seeded_maven_arg
The cases are built to meet the script's corners: small vocabularies (ties in the assignment, articles and
punctuation that normalise away), several triggers per event, negative triggers predicted, wrong event types,
empty lists, roles written without their type, lines of documents and triggers the gold file lacks.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

WORDS = ["the", "a", "police", "station", "Kabul", "protesters", "army", "bank", "city", "old", "an", "Bank",
         "police,", "station.", "two", "men"]
SCHEMA = {"Attack": ["Attacker", "Target", "Place"], "Arrest": ["Agent", "Person"], "Meet": ["Entity"]}
FILES = ("test.unified.jsonl", "label2role.json", "test_prediction.jsonl")
FIELDS = [f"{level}_{name}" for level in ("Mention_Level", "Entity_Coref_Level", "Event_Coref_Level")
          for name in ("EM", "Precision", "Recall", "F1")]
"""The script's printed names, in its order."""


def _phrase(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))


def maven_arg_case(seed: int) -> dict[str, str]:
    """The case's three files by name (the script's names)."""
    rng = random.Random(seed)
    gold_lines, pred_lines = [], []
    for d in range(rng.randint(1, 3)):
        doc = f"doc{seed}x{d}"
        text, events, negatives, preds = "", [], [], {}

        def place(phrase: str) -> list[int]:
            nonlocal text
            start = len(text) + 1
            text += " " + phrase
            return [start, len(text)]

        for e in range(rng.randint(1, 3)):
            etype = rng.choice(sorted(SCHEMA))
            arguments = []
            for role in rng.sample(SCHEMA[etype], rng.randint(0, len(SCHEMA[etype]))):
                for a in range(rng.randint(1, 2)):
                    written = role if rng.random() < 0.1 else f"{etype}.{role}"
                    mentions = [{"position": place(_phrase(rng))} for _ in range(rng.randint(1, 3))]
                    arguments.append({"role": written, "id": f"arg{d}{e}{role}{a}", "mentions": mentions})
            triggers = []
            for t in range(rng.randint(1, 2)):
                tid = f"t{seed}x{d}x{e}x{t}"
                kept = arguments if t == 0 else arguments[: rng.randint(0, len(arguments))]
                triggers.append({"id": tid, "arguments": kept})
                if rng.random() < 0.85:
                    preds[tid] = _predict(rng, etype, kept, text)
            events.append({"id": f"EVENT{d}x{e}", "type": etype, "triggers": triggers})
        for n in range(rng.randint(0, 2)):
            nid = f"n{seed}x{d}x{n}"
            negatives.append({"id": nid})
            if rng.random() < 0.5:
                etype = rng.choice(sorted(SCHEMA))
                preds[nid] = {"event_type": etype, rng.choice(SCHEMA[etype]): [_phrase(rng)]}
        if rng.random() < 0.2:
            preds[f"unknown{seed}"] = {"event_type": "Meet", "Entity": ["army"]}
        gold_lines.append({"id": doc, "text": text, "events": events, "negative_triggers": negatives})
        pred_lines.append({"id": doc, "preds": preds})
    if rng.random() < 0.2:
        pred_lines.append({"id": "not-in-gold", "preds": {}})
    rng.shuffle(pred_lines)
    return {"test.unified.jsonl": "".join(json.dumps(g) + "\n" for g in gold_lines),
            "label2role.json": json.dumps(SCHEMA),
            "test_prediction.jsonl": "".join(json.dumps(p) + "\n" for p in pred_lines)}


def _predict(rng: random.Random, etype: str, arguments: list[dict[str, Any]], text: str) -> dict[str, Any]:
    typed = etype if rng.random() < 0.85 else rng.choice(sorted(SCHEMA))
    pred: dict[str, Any] = {"event_type": typed}
    for role in SCHEMA[typed]:
        gold = [text[m["position"][0]:m["position"][1]] for a in arguments if a["role"] == f"{typed}.{role}"
                for m in a["mentions"]]
        roll = rng.random()
        if roll < 0.2:
            continue
        if roll < 0.3:
            pred[role] = []
            continue
        strings = [g if rng.random() < 0.6 else _phrase(rng) for g in gold[: rng.randint(0, len(gold) + 1)]]
        strings += [_phrase(rng) for _ in range(rng.randint(0, 1))]
        if strings or rng.random() < 0.5:
            pred[role] = strings
    return pred


def case_bytes(case: str) -> dict[str, bytes]:
    return {name: text.encode() for name, text in maven_arg_case(int(case.removeprefix("seed-"))).items()}


def published_figures(checkout: str, python: str, files: dict[str, bytes]) -> dict[str, str]:
    """evaluate.py's scores.txt (its twelve figures, %0.2f), run on `files` laid out as CodaLab gives them."""
    script = subprocess.run(["git", "-C", checkout, "show", "HEAD:evaluate.py"], capture_output=True, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for sub, names in (("ref", FILES[:2]), ("res", FILES[2:])):
            (root / "in" / sub).mkdir(parents=True)
            for name in names:
                (root / "in" / sub / name).write_bytes(files[name])
        (root / "evaluate.py").write_bytes(script)
        subprocess.run([python, str(root / "evaluate.py"), str(root / "in"), str(root / "out")], check=True,
                       capture_output=True)
        lines = (root / "out" / "scores.txt").read_text(encoding="utf-8").splitlines()
    return dict(line.split(": ") for line in lines if not line.startswith("Duration"))


def _record() -> None:
    from tests import recorded as rec

    checkout, python = os.environ["MAVEN_ARG_DIR"], os.environ.get("SCRIPT_PYTHON", sys.executable)
    commit = subprocess.run(["git", "-C", checkout, "rev-parse", "HEAD"], capture_output=True, text=True,
                            check=True).stdout.strip()
    cases = {}
    for case in rec.case_ids("maven_arg"):
        files = case_bytes(case)
        figures = published_figures(checkout, python, files)
        assert list(figures) == FIELDS
        cases[case] = {"sha256": rec.digest(files), "figures": list(figures.values())}
    head = json.dumps({"scorer": "maven_arg", "source": {"repository": "THU-KEG/MAVEN-Argument", "commit": commit,
                                                         "file": "evaluate.py"},
                       "inputs": "tests/core/seeded_maven_arg.py", "fields": FIELDS}, indent=1)[:-2]
    rows = ",\n".join(f"  {json.dumps(case)}: {json.dumps(entry)}" for case, entry in cases.items())
    (rec.RECORDED / "maven_arg.json").write_text(f"{head},\n \"cases\": {{\n{rows}\n }}\n}}\n", encoding="utf-8")


if __name__ == "__main__":
    _record()
