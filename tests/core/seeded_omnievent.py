"""Seeded inputs of OmniEvent's unified evaluation (a plain `random.Random(seed)`, as seeded_arguments.py: a
recorded seed must make the same files on every Python).

Shapes chosen to reach each regime's rules: repeated words (a seq2seq pair fits several candidates, and is used
up), triggers of two words (a span that goes on, an I tag missing), type names with '.', '-' and '_' (plain
labels), types the gold file lacks and an unknown seq2seq type, outputs cut short (gold past the model's window),
candidates whose text is separated by two spaces.
"""

from __future__ import annotations

import json
import random
from typing import Any

TYPES = ("Conflict.Attack", "Life.Die", "Justice.Arrest-Jail", "Movement_Transport", "Contact.Meet")
"""The dataset's types (its type2id: NA first, then these)."""
WORDS = ("troops", "attacked", "the", "city", "died", "set", "up", "met", "arrested", "camp")
REGIMES = ("tc", "sl", "s2s", "mrc")


def plain(label: str) -> str:
    """OmniEvent's get_plain_label, written here from its documented rule for the generator's seq2seq pairs."""
    return label if label == "NA" else "".join(label.split(".")[-1].split("-")).replace("_", "").lower()


def _dumps(lines: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def _item(rng: random.Random, n: int, first: bool) -> tuple[dict[str, Any], list[tuple[int, int, str]]]:
    """A gold item and its candidates as (first word, end word, label)."""
    words = [rng.choice(WORDS) for _ in range(rng.randint(3, 10))]
    gaps = [" " if rng.random() < 0.9 else "  " for _ in words]
    starts, text = [], ""
    for word, gap in zip(words, gaps, strict=True):
        text += gap if text else ""
        starts.append(len(text))
        text += word
    free = list(range(len(words)))
    rng.shuffle(free)
    taken: set[int] = set()
    events: list[dict[str, Any]] = []
    candidates: list[tuple[int, int, str]] = []
    for _ in range(rng.randint(0, 2)):
        event_type = rng.choice(TYPES[:4]) if rng.random() < 0.9 else rng.choice(TYPES)
        triggers = []
        for _ in range(1 if rng.random() < 0.8 else 2):
            if not free:
                break
            s = free.pop()
            e = s + 2 if rng.random() < 0.25 and s + 1 < len(words) and s + 1 not in taken else s + 1
            taken.update(range(s, e))
            end = starts[e - 1] + len(words[e - 1])
            triggers.append({"id": f"t{len(candidates)}", "trigger_word": text[starts[s]: end],
                             "position": [starts[s], end], "arguments": []})
            candidates.append((s, e, event_type))
        if triggers:
            events.append({"type": event_type, "triggers": triggers})
    negatives = []
    for s in free:
        if s not in taken and (len(negatives) < rng.randint(0, 3) or (first and not negatives)):
            negatives.append({"id": f"n{len(negatives)}", "trigger_word": words[s],
                              "position": [starts[s], starts[s] + len(words[s])]})
            candidates.append((s, s + 1, "NA"))
    if first and not negatives:  # OmniEvent's unified figure needs a negative trigger in the file
        text += " camp"
        negatives.append({"id": "n0", "trigger_word": "camp", "position": [len(text) - 4, len(text)]})
        candidates.append((len(words), len(words) + 1, "NA"))
    item = {"id": f"d{n}", "text": text, "events": events, "negative_triggers": negatives}
    return item, candidates


def _tags(rng: random.Random, size: int, candidates: list[tuple[int, int, str]], bio: bool) -> list[str]:
    """Per word a label from the candidates (BIO tags when `bio`), with noise; sometimes cut short."""
    out = ["O" if bio else "NA"] * size
    for s, e, label in candidates:
        if label != "NA" and rng.random() < 0.75:
            for pos in range(s, e):
                out[pos] = (("B-" if pos == s else "I-") + label) if bio else label
    for pos in range(size):
        if rng.random() < 0.15:
            label = rng.choice((*TYPES, "NA"))
            out[pos] = (("O" if label == "NA" else rng.choice(("B-", "I-")) + label) if bio else label)
    return out[: rng.randint(0, size)] if rng.random() < 0.2 else out


def _pairs(rng: random.Random, text: str, words: list[str], candidates: list[tuple[int, int, str]],
           spans: list[str]) -> list[list[str]]:
    pairs = []
    for (_, _, label), span in zip(candidates, spans, strict=True):
        if label != "NA" and rng.random() < 0.7:
            trigger = span.replace(" ", "") if rng.random() < 0.3 else span
            pairs.append([trigger, plain(label) if rng.random() < 0.8 else plain(rng.choice(TYPES))])
    for _ in range(rng.randint(0, 3)):
        pairs.append([rng.choice(words), rng.choice([plain(t) for t in TYPES] + ["bogus", "NA"])])
    rng.shuffle(pairs)
    return pairs + pairs[:1] if rng.random() < 0.2 else pairs


def omnievent_case(seed: int) -> dict[str, str]:
    """The files of a case: gold.jsonl and a prediction file per regime (<regime>.jsonl)."""
    rng = random.Random(seed)
    gold, outputs = [], {r: [] for r in REGIMES}  # type: dict[str, list[dict[str, Any]]]
    for n in range(rng.randint(1, 4)):
        item, candidates = _item(rng, n, n == 0)
        gold.append(item)
        words = item["text"].split()
        spans = [item["text"][c[0]: c[1]] for c in _positions(item)]
        tc = [label if rng.random() < 0.5 else rng.choice((*TYPES, "NA")) for _, _, label in candidates]
        outputs["tc"].append({"id": item["id"], "outputs": tc})
        outputs["sl"].append({"id": item["id"], "outputs": _tags(rng, len(words), candidates, True)})
        outputs["mrc"].append({"id": item["id"], "outputs": _tags(rng, len(words), candidates, False)})
        outputs["s2s"].append({"id": item["id"], "outputs": _pairs(rng, item["text"], words, candidates, spans)})
    return {"gold.jsonl": _dumps(gold), **{f"{r}.jsonl": _dumps(lines) for r, lines in outputs.items()}}


def _positions(item: dict[str, Any]) -> list[tuple[int, int]]:
    """The item's candidates' character offsets, in OmniEvent's order (triggers, then negative triggers)."""
    found = [tuple(t["position"]) for e in item["events"] for t in e["triggers"]]
    return found + [tuple(n["position"]) for n in item["negative_triggers"]]  # type: ignore[misc]
