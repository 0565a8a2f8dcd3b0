"""Run TextEE's own `TextEE/scorer.py` (E2E) on two window JSONL files, for `published_bench.py`.

    PYTHON textee_scorer_driver.py TEXTEE_CHECKOUT/TextEE GOLD.jsonl PREDICTED.jsonl

Runs under the published scorers' Python (numpy etc.), never ours. TextEE's scripts reach the scorer through its
trainers (`evaluate_end2end.py`: a model, torch, and `utils.load_E2E_data`, which also wants each line's `text`
and each argument's `text`, absent from converted files). This driver does what that loader does with the fields
the scorer reads — each event as `{"trigger": (start, end, event type, text), "arguments": [(start, end, role,
text)]}`, an argument's span its entity's (`entity_id` looked up in `entity_mentions`) or, in a prediction file,
its own `start`/`end` — and calls `scorer.compute_scores(predictions, gold, "E2E")`. TextEE's scorer pairs the
windows by position (it asserts the ids match): its prediction scripts write one prediction per gold window, in
the gold file's order, so the predictions are put in that order first (a converted file may list them in
another; our `--convention textee` pairs by id). Prints the scores as one JSON object.
"""

import json
import sys
import types


def _instances(path):
    out = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            window = json.loads(line)
            spans = {e["id"]: (e["start"], e["end"]) for e in window.get("entity_mentions") or []}
            events = []
            for event in window["event_mentions"]:
                trigger = event["trigger"]
                arguments = []
                for argument in event["arguments"]:
                    start, end = (spans[argument["entity_id"]] if "entity_id" in argument
                                  else (argument["start"], argument["end"]))
                    arguments.append((start, end, argument["role"], argument.get("text")))
                events.append({"trigger": (trigger["start"], trigger["end"], event["event_type"],
                                           trigger.get("text")), "arguments": arguments})
            out.append({"doc_id": window["doc_id"], "wnd_id": window["wnd_id"], "events": events})
    return out


def main():
    checkout, gold, predicted = sys.argv[1:4]
    sys.modules.setdefault("ipdb", types.ModuleType("ipdb"))  # scorer.py imports it and never uses it
    sys.path.insert(0, checkout)
    import scorer  # TextEE's own

    golds = _instances(gold)
    order = {(g["doc_id"], g["wnd_id"]): n for n, g in enumerate(golds)}
    predictions = sorted(_instances(predicted), key=lambda p: order.get((p["doc_id"], p["wnd_id"]), len(order)))
    scores = scorer.compute_scores(predictions, golds, "E2E")
    print(json.dumps(scores, sort_keys=True))


if __name__ == "__main__":
    main()
