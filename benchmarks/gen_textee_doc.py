"""One long TextEE document (gold and prediction JSON lines), deterministic, for `--convention all` timings.

    python benchmarks/gen_textee_doc.py OUT_DIR [--events 4000] [--seed 5]

Writes OUT_DIR/gold.jsonl and OUT_DIR/pred.jsonl: one document cut into windows of 12 tokens holding 4
events each (2 arguments on entities of the window). The prediction keeps, retypes, shifts, duplicates
or drops the gold events and adds some of its own, so every convention has matches, partial spans,
duplicates and misses to explain, all in the same document (what the per-document work meets).
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from evmeval.io import textee as tx

TYPES = ("Attack", "Die", "Meet", "Transport", "Elect")
ROLES = ("Agent", "Victim", "Place", "Target")
EVENTS_PER_WINDOW = 4
TOKENS = 12


def _gold_window(rng: random.Random, k: int) -> tx.Window:
    wnd = f"doc0_w{k}"
    tokens = [f"t{k}_{i}" for i in range(TOKENS)]
    entities = [tx.Entity(f"{wnd}-E{i}", 2 * i, 2 * i + rng.randint(1, 2), "PER") for i in range(5)]
    events = []
    for e in range(EVENTS_PER_WINDOW):
        start = rng.randrange(TOKENS - 1)
        arguments = [tx.Argument(rng.choice(ROLES), entities[rng.randrange(5)].id) for _ in range(2)]
        events.append(tx.EventMention(rng.choice(TYPES), start, start + 1, tokens[start], f"{wnd}-EV{e}",
                                      arguments))
    return tx.Window("doc0", wnd, tokens, events, entities, " ".join(tokens), "en")


def _predicted(rng: random.Random, gold: tx.Window) -> tx.Window:
    spans = {e.id: (e.start, e.end) for e in gold.entity_mentions or ()}
    events = []
    for event in gold.event_mentions:
        roll = rng.random()
        if roll < 0.1:
            continue  # missed
        start, end = event.start, event.end
        if roll < 0.2:
            end = min(TOKENS, end + 1)  # a partial span
        kind = rng.choice(TYPES) if roll > 0.9 else event.event_type
        arguments = [tx.Argument(a.role if rng.random() < 0.8 else rng.choice(ROLES), None,
                                 *spans[a.entity_id or ""]) for a in event.arguments]
        events.append(tx.EventMention(kind, start, end, arguments=arguments))
        if rng.random() < 0.05:
            events.append(tx.EventMention(kind, start, end, arguments=list(arguments)))  # a duplicate
    if rng.random() < 0.3:
        start = rng.randrange(TOKENS - 1)
        events.append(tx.EventMention(rng.choice(TYPES), start, start + 1))
    return tx.Window(gold.doc_id, gold.wnd_id, gold.tokens, events)


def generate(out: Path, events: int = 4000, seed: int = 5) -> tuple[Path, Path]:
    """Write the two files (same bytes for the same arguments) and return their paths."""
    rng = random.Random(seed)
    gold = [_gold_window(rng, k) for k in range(max(1, events // EVENTS_PER_WINDOW))]
    pred = [_predicted(rng, w) for w in gold]
    out.mkdir(parents=True, exist_ok=True)
    (out / "gold.jsonl").write_text(tx.dumps_textee(gold), encoding="utf-8")
    (out / "pred.jsonl").write_text(tx.dumps_textee(pred), encoding="utf-8")
    return out / "gold.jsonl", out / "pred.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--events", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    for path in generate(args.out, args.events, args.seed):
        print(path)


if __name__ == "__main__":
    main()
