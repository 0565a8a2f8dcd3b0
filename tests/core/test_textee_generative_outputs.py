"""TextEE's generative models (DEGREE, BART-Gen, AMPERE, its PAIE; ej0cl6/TextEE) ground their strings inside
`predict` and write offsets: `predict_end2end.py` / `predict_pipeline.py` save them with `utils.save_predictions`
as TextEE window JSONL (event_mentions with token `start`/`end`, the texts and character offsets beside them).
Such a file is scored by the TextEE conventions as it stands (docs/formats.md)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.programs import installed

TOKENS = ["Troops", "attacked", "the", "city"]
GOLD = {"doc_id": "D", "wnd_id": "D-0", "tokens": TOKENS,
        "entity_mentions": [{"id": "E0", "start": 0, "end": 1}, {"id": "E1", "start": 3, "end": 4}],
        "event_mentions": [{"id": "EV0", "event_type": "Conflict:Attack",
                            "trigger": {"start": 1, "end": 2, "text": "attacked"},
                            "arguments": [{"entity_id": "E0", "role": "Attacker"},
                                          {"entity_id": "E1", "role": "Target"}]}]}
SAVED = {"doc_id": "D", "wnd_id": "D-0", "tokens": TOKENS, "text": "Troops attacked the city",
         "event_mentions": [{"event_type": "Conflict:Attack",
                             "trigger": {"start": 1, "end": 2, "text": "attacked", "offset_start": 7, "offset_end": 15},
                             "arguments": [{"role": "Attacker", "start": 0, "end": 1, "text": "Troops",
                                            "offset_start": 0, "offset_end": 6},
                                           {"role": "Target", "start": 2, "end": 4, "text": "the city",
                                            "offset_start": 16, "offset_end": 24}]}]}
"""What `save_predictions` writes for DEGREE's "Troops" and "the city" (the latter grounded to tokens 2-4)."""


def test_a_save_predictions_file_of_a_generative_model_scores_under_textee(tmp_path: Path) -> None:
    gold, pred, out = tmp_path / "gold.jsonl", tmp_path / "pred.jsonl", tmp_path / "out.json"
    gold.write_text(json.dumps(GOLD) + "\n", encoding="utf-8")
    pred.write_text(json.dumps(SAVED) + "\n", encoding="utf-8")
    run = subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(pred), "--convention", "textee",
                          "--json", str(out)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    figures = json.loads(out.read_text(encoding="utf-8"))["conventions"]["textee"]
    counts = {name: (m["match_num"], m["pred_num"], m["gold_num"]) for name, m in figures.items()}
    assert counts["trigger_cls"] == (1, 1, 1)
    assert counts["argument_id"] == counts["argument_cls"] == (1, 2, 2)  # "the city" is not the gold "city"
