"""Seeded inputs of OmniEvent's EAE evaluation (a plain `random.Random(seed)`: a recorded seed must make the same
files on every Python).

Shapes chosen to reach each mode's rules: gold triggers the ED model calls NA or another type, negative triggers
called a type, items with and without `entities` (negatives from entity mentions or from negative triggers, an
entity with one mention on an argument), overlapping mentions, roles named "None" (counted as NA by the script),
arguments of two words (a span that goes on, an I tag missing) and tag rows cut short.
"""

from __future__ import annotations

import json
import random
from typing import Any

from evmeval.conventions.omnievent_eae import EAE_MODES, instances

TYPES = ("Conflict.Attack", "Life.Die", "Justice.Arrest-Jail")
ROLES = ("Attacker", "Place", "Target", "Victim", "None")
"""The dataset's roles (role2id: NA, then these); "None" reaches the script's is_NA quirk."""
WORDS = ("troops", "attacked", "the", "city", "died", "near", "camp", "police", "arrested", "him")


def _span(rng: random.Random, starts: list[int], words: list[str]) -> tuple[int, int, list[int]]:
    s = rng.randrange(len(words))
    e = min(len(words), s + (2 if rng.random() < 0.3 else 1))
    return starts[s], starts[e - 1] + len(words[e - 1]), [s, e]


def _item(rng: random.Random, n: int) -> tuple[dict[str, Any], list[list[tuple[int, int, str]]]]:
    """A gold item, and per trigger (events' then negatives') its arguments as (first word, end word, role)."""
    words = [rng.choice(WORDS) for _ in range(rng.randint(3, 9))]
    starts, text = [], ""
    for word in words:
        text += ("  " if rng.random() < 0.1 else " ") if text else ""
        starts.append(len(text))
        text += word
    per_trigger: list[list[tuple[int, int, str]]] = []
    events = []
    for _ in range(rng.randint(0, 2)):
        triggers = []
        for _ in range(rng.randint(1, 2)):
            start, end, _w = _span(rng, starts, words)
            arguments, spans = [], []
            for role in rng.sample(ROLES[:4] if rng.random() < 0.9 else ROLES, rng.randint(0, 2)):
                mentions = []
                for _ in range(1 if rng.random() < 0.8 else 2):
                    s, e, w = _span(rng, starts, words)
                    mentions.append({"mention": text[s:e], "position": [s, e]})
                    spans.append((w[0], w[1], role))
                arguments.append({"role": role, "mentions": mentions})
            triggers.append({"trigger_word": text[start:end], "position": [start, end], "arguments": arguments})
            per_trigger.append(spans)
        events.append({"type": rng.choice(TYPES), "triggers": triggers})
    negatives = []
    for _ in range(rng.randint(0, 3)):
        s, e, _w = _span(rng, starts, words)
        negatives.append({"trigger_word": text[s:e], "position": [s, e]})
        per_trigger.append([])
    item: dict[str, Any] = {"id": f"d{n}", "text": text, "events": events, "negative_triggers": negatives}
    if rng.random() < 0.5:
        item["entities"] = [{"mentions": [{"position": list(_span(rng, starts, words)[:2])}
                                          for _ in range(rng.randint(1, 2))]} for _ in range(rng.randint(0, 3))]
    return item, per_trigger


def _row(rng: random.Random, size: int, spans: list[tuple[int, int, str]]) -> list[str]:
    """BIO role tags for an instance: mostly its arguments, some wrong, some noise, sometimes cut short."""
    tags = ["O"] * size
    for s, e, role in spans:
        if rng.random() < 0.7:
            named = role if rng.random() < 0.8 else rng.choice(ROLES)
            tags[s:e] = [f"B-{named}"] + [f"I-{named}" if rng.random() < 0.9 else "O" for _ in range(s + 1, e)]
    for _ in range(rng.randint(0, 3)):
        tags[rng.randrange(size)] = rng.choice(["O", "I-Place", *(f"B-{r}" for r in ROLES)])
    return tags[: rng.randint(1, size)] if rng.random() < 0.1 else tags


def plain(label: str) -> str:
    """OmniEvent's get_plain_label, written here from its documented rule for the generator's seq2seq pairs."""
    return label if label == "NA" else "".join(label.split(".")[-1].split("-")).replace("_", "").lower()


def _pairs(rng: random.Random, words: list[str], spans: list[tuple[int, int, str]]) -> list[list[str]]:
    """(argument text, plain role) pairs: mostly the arguments (joined by one space: a double space in the text
    then fails), some with another role, repeated, or on a random word; roles unknown to role2id now and then."""
    found = [[" ".join(words[s:e]), plain(role if rng.random() < 0.8 else rng.choice(ROLES))]
             for s, e, role in spans if rng.random() < 0.7]
    found += [[rng.choice(words), rng.choice([*map(plain, ROLES), "bogus"])] for _ in range(rng.randint(0, 2))]
    return found + found[:1] if rng.random() < 0.2 else found


def _draw(seed: int) -> tuple[list[dict[str, Any]], list[str], list[list[str]], list[list[list[str]]]]:
    """The items, and per trigger candidate over the file its ED type, tag row and seq2seq pairs."""
    rng = random.Random(seed)
    items, rows, preds, pairs = [], [], [], []
    for n in range(rng.randint(1, 5)):
        item, per_trigger = _item(rng, n)
        items.append(item)
        size = len(item["text"].split())
        gold_types = [e["type"] for e in item["events"] for _ in e["triggers"]]
        gold_types += ["NA"] * len(item["negative_triggers"])
        for gold, spans in zip(gold_types, per_trigger, strict=True):
            preds.append(gold if rng.random() < 0.5 else "NA" if rng.random() < 0.4 else rng.choice(TYPES))
            rows.append(_row(rng, size, spans))
            pairs.append(_pairs(rng, item["text"].split(), spans))
    return items, preds, rows, pairs


def eae_case(seed: int) -> dict[str, str]:
    """gold.jsonl, ed_preds.json (a type per trigger candidate), sl-<mode>.json (a tag row per instance) and
    s2s-<mode>.json (the pairs per instance)."""
    items, preds, rows, pairs = _draw(seed)
    files = {"gold.jsonl": "".join(json.dumps(i) + "\n" for i in items), "ed_preds.json": json.dumps(preds)}
    for mode in EAE_MODES:
        kept = instances(items, preds, mode)
        files[f"sl-{mode}.json"] = json.dumps([rows[i.trigger] for i in kept])
        files[f"s2s-{mode}.json"] = json.dumps([pairs[i.trigger] for i in kept])
    return files


def eae_lines(seed: int, regime: str, golden: bool = False) -> tuple[str, str]:
    """The case as `evmeval-score` reads it: gold.jsonl and prediction lines whose `arguments` give each
    candidate the ED type (or, `golden`, the gold type) and its output under `regime`; the ED outputs predict
    nothing."""
    items, preds, rows, pairs = _draw(seed)
    tc, mrc = _tc_mrc(seed, items, rows)
    given_by = {"sl": rows, "s2s": pairs, "tc": tc, "mrc": mrc}[regime]
    lines, k = [], 0
    for item in items:
        gold = [e["type"] for e in item["events"] for _ in e["triggers"]] + ["NA"] * len(item["negative_triggers"])
        entries: list[dict[str, Any] | None] = []
        for label in gold:
            given = label if golden else preds[k]
            output = given_by[k]
            entries.append(None if given == "NA" else {"type": given, "outputs": output})
            k += 1
        words = len(item["text"].split())
        outputs = {"sl": ["O"] * words, "mrc": ["NA"] * words, "tc": ["NA"] * len(gold)}.get(regime, [])
        lines.append({"id": item["id"], "outputs": outputs, "arguments": entries})
    return ("".join(json.dumps(i) + "\n" for i in items), "".join(json.dumps(line) + "\n" for line in lines))


def _tc_mrc(seed: int, items: list[dict[str, Any]], rows: list[list[str]]) -> tuple[list[list[str]], list[list[Any]]]:
    """Per trigger candidate, tc's role per argument candidate (the file's order) and mrc's answer spans, drawn
    from a second generator (the sl and s2s recording's draws stay as recorded): mostly the sl row's reading,
    some wrong, roles named "None" or with a '_' (OmniEvent keeps the part after it), spans on no candidate,
    two spans on one candidate (the lower score wins)."""
    from evmeval.conventions.omnievent import sl_label, word_span
    from evmeval.conventions.omnievent_eae import argument_candidates
    from evmeval.io.omnievent import Candidate

    rng = random.Random(f"tc-mrc-{seed}")
    tc: list[list[str]] = []
    mrc: list[list[Any]] = []
    k = 0
    for item in items:
        triggers = [t for e in item["events"] for t in e["triggers"]] + item["negative_triggers"]
        size = len(item["text"].split())
        for trigger in triggers:
            roles, spans = [], []
            for start, end, _role in argument_candidates(item, trigger, by_role=False):
                words = word_span(item["text"], Candidate(start, end, "NA"))
                read = sl_label(rows[k], *words)
                roles.append(read if rng.random() < 0.8 else rng.choice(["NA", *ROLES]))
                if read != "NA" and rng.random() < 0.8:
                    spans.append([read if rng.random() < 0.85 else f"x_{read}", [words[0], words[1] - 1],
                                  round(rng.uniform(-3, 3), 3)])
                if rng.random() < 0.15:
                    spans.append([rng.choice(ROLES), [words[0], words[1] - 1], round(rng.uniform(-3, 3), 3)])
            for _ in range(rng.randint(0, 2)):
                s = rng.randrange(size)
                spans.append([rng.choice(ROLES), [s, min(size - 1, s + rng.randint(0, 1))],
                              round(rng.uniform(-3, 3), 3)])
            tc.append(roles)
            mrc.append(spans)
            k += 1
    return tc, mrc


def tc_mrc_case(seed: int) -> dict[str, str]:
    """The sl case's gold.jsonl and ed_preds.json, with tc-<mode>.json (the roles per instance, tc's order of
    candidates) and mrc-all.json (the answer spans per trigger candidate)."""
    items, preds, rows, _ = _draw(seed)
    tc, mrc = _tc_mrc(seed, items, rows)
    files = {"gold.jsonl": "".join(json.dumps(i) + "\n" for i in items), "ed_preds.json": json.dumps(preds)}
    for mode in EAE_MODES:
        files[f"tc-{mode}.json"] = json.dumps([tc[i.trigger] for i in instances(items, preds, mode, by_role=False)])
    files["mrc-all.json"] = json.dumps(mrc)
    return files
