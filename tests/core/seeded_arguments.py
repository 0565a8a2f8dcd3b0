"""Seeded inputs of the argument scorers (RAMS, gen-arg), drawn from a plain `random.Random(seed)` (as
seeded_inputs.py, and for the same reason: a recorded seed must make the same files on every Python).

Shapes chosen to reach each script's rules: duplicate links and predictions (multisets), a role written
`evt…arg…role` in the prediction layout (not cut there), another trigger span, arguments one or two
sentences away from the trigger and further, doc_keys missing from either side.
"""

from __future__ import annotations

import json
import random
from typing import Any

WORDS = ("the", "a", "an", "The", "man", "army", "town", "fired", "killed", "Gaza", "and", "troops", "é", "中")
ROLES = ("victim", "killer", "place", "attacker", "target")


def _dumps(lines: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def _inside(rng: random.Random, start: int, length: int) -> list[int]:
    """An inclusive span of 1-3 tokens inside a sentence of `length` tokens starting at `start`."""
    first = start + rng.randrange(length)
    return [first, min(start + length - 1, first + rng.randrange(3))]


def rams_case(seed: int) -> tuple[str, str]:
    """A RAMS gold file and a prediction file (gold layout on odd seeds, as with --reuse_gold_format)."""
    rng = random.Random(seed)
    reuse = seed % 2 == 1
    gold_lines, pred_lines = [], []
    for d in range(rng.randint(1, 5)):
        lengths = [rng.randint(1, 5) for _ in range(rng.randint(1, 6))]
        starts = [sum(lengths[:i]) for i in range(len(lengths))]
        sentences = [[rng.choice(WORDS) for _ in range(n)] for n in lengths]
        home = rng.randrange(len(lengths))
        trigger = _inside(rng, starts[home], lengths[home])

        def span(starts: list[int] = starts, lengths: list[int] = lengths) -> list[int]:
            s = rng.randrange(len(lengths))
            return _inside(rng, starts[s], lengths[s])

        links = []
        for _ in range(rng.randint(0, 5)):
            number = rng.randint(1, 3)
            links.append([trigger, span(), f"evt{rng.randint(1, 9):03d}arg{number:02d}{rng.choice(ROLES)}"])
            if rng.random() < 0.15:
                links.append(links[-1])
        key = f"doc{d}"
        types = [[rng.choice(("conflict.attack", "life.die")), 1.0]]
        if rng.random() < 0.9:
            gold_lines.append({"doc_key": key, "sentences": sentences, "evt_triggers": [[*trigger, types]],
                               "gold_evt_links": links})
        if rng.random() < 0.1:
            continue  # no prediction for this document
        pred_trigger = trigger if rng.random() < 0.85 else span()
        predicted = []
        for _, argument, role in links:
            choice = rng.random()
            cut = role[11:] if rng.random() < 0.9 or reuse else role
            if choice < 0.5:
                predicted.append((argument, cut))
            elif choice < 0.65:
                predicted.append((span(), cut))
            elif choice < 0.8:
                predicted.append((argument, rng.choice(ROLES)))
            if rng.random() < 0.1:
                predicted.append((argument, cut))
        predicted += [(span(), rng.choice(ROLES)) for _ in range(rng.randint(0, 2))]
        if reuse:
            roles = [f"evt{rng.randint(1, 9):03d}arg{rng.randint(1, 3):02d}{r}" if not r.startswith("evt") else r
                     for _, r in predicted]
            pred_lines.append({"doc_key": key, "sentences": sentences, "evt_triggers": [[*pred_trigger, types]],
                               "gold_evt_links": [[pred_trigger, a, r]
                                                  for (a, _), r in zip(predicted, roles, strict=True)]})
        else:
            pred_lines.append({"doc_key": key, "predictions": [[pred_trigger, *([*a, r, round(rng.random(), 3)]
                                                                                 for a, r in predicted)]]
                               if predicted or rng.random() < 0.5 else []})
    if not gold_lines:
        gold_lines.append({"doc_key": "only", "sentences": [["x"]], "evt_triggers": [[0, 0, [["life.die", 1.0]]]],
                           "gold_evt_links": [[[0, 0], [0, 0], "evt001arg01victim"]]})
    if not pred_lines:
        pred_lines.append({"doc_key": "none", "predictions": []} if not reuse else
                          {"doc_key": "none", "sentences": [["x"]], "evt_triggers": [[0, 0, [["life.die", 1.0]]]],
                           "gold_evt_links": []})
    rng.shuffle(pred_lines)
    return _dumps(gold_lines), _dumps(pred_lines)


GENARG_TYPES = {
    "Conflict.Attack.Unspecified": ("<arg1> attacked <arg2> using <arg3> at <arg4> place",
                                    ["Attacker", "Target", "Instrument", "Place"]),
    "Life.Die.Unspecified": ("<arg1> died at <arg2> place from <arg3> medical issue, killed by <arg4> killer",
                             ["Victim", "Place", "MedicalIssue", "Killer"]),
    "Contact.Meet.Unspecified": ("<arg1> met with <arg2> at <arg3> place", ["Participant", "Participant", "Place"]),
}
"""A small ontology in gen-arg's layout (a role may fill two slots, as KAIROS's Participant does)."""
GENARG_WORDS = ("the", "The", "a", "an", "and", "man", "army", "town", "Gaza", "troops", "place", "at", "using",
                "attacked", "bomb", "Kabul", "police", "é", "中")


def genarg_case(seed: int) -> dict[str, str]:
    """A WikiEvents gold file, gen-arg's generations for it, the ontology, and (even seeds) coreference clusters."""
    rng = random.Random(seed)
    ontology = {t: {"template": template, "roles": roles} for t, (template, roles) in GENARG_TYPES.items()}
    gold, generations, coref = [], [], []
    for d in range(rng.randint(1, 4)):
        doc_id = f"doc{d}"
        tokens = [rng.choice(GENARG_WORDS) for _ in range(rng.randint(3, 20))]
        entities = []
        for i in range(rng.randint(0, 6)):
            start = rng.randrange(len(tokens))
            end = min(len(tokens), start + rng.randint(1, 3))
            entities.append({"id": f"{doc_id}-E{i}", "start": start, "end": end, "text": " ".join(tokens[start:end])})
        events = []
        for e in range(rng.randint(1, 3)):
            event_type = rng.choice([*GENARG_TYPES, "Unknown.Type"] if rng.random() < 0.1 else list(GENARG_TYPES))
            roles = GENARG_TYPES.get(event_type, ("", ["Thing"]))[1]
            at = rng.randrange(len(tokens))
            arguments = [{"entity_id": entity["id"], "role": rng.choice(roles), "text": entity["text"]}
                         for entity in rng.sample(entities, rng.randint(0, min(3, len(entities))))]
            events.append({"id": f"{doc_id}-EV{e}", "event_type": event_type,
                           "trigger": {"start": at, "end": at + 1, "text": tokens[at]}, "arguments": arguments})
        gold.append({"doc_id": doc_id, "tokens": tokens, "text": " ".join(tokens), "entity_mentions": entities,
                     "event_mentions": events})
        generated = events if rng.random() < 0.85 else events[:-1]
        for event in generated:
            template, roles = GENARG_TYPES.get(event["event_type"], ("<arg1> thing", ["Thing"]))
            generations.append({"doc_key": doc_id, "predicted": _fill(rng, template, tokens, entities),
                                "gold": template})
        ids = [entity["id"] for entity in entities]
        rng.shuffle(ids)
        clusters = []
        while ids:
            size = rng.randint(1, 3)
            clusters.append(ids[:size])
            ids = ids[size:]
        coref.append({"doc_key": doc_id, "clusters": clusters, "informative_mentions": ["x"] * len(clusters)})
    files = {"gold.jsonl": _dumps(gold), "prediction.jsonl": _dumps(generations),
             "ontology.json": json.dumps(ontology, ensure_ascii=False)}
    if seed % 2 == 0:
        files["coref.jsonlines"] = _dumps(coref)
    return files


def _fill(rng: random.Random, template: str, tokens: list[str], entities: list[dict[str, Any]]) -> str:
    """A generation: the template with each slot left `<arg>`, filled with an entity's words (with or without its
    determiner), two entities joined by `and`, random words, or nothing; now and then a template word dropped."""
    words = []
    for word in template.split():
        if not word.startswith("<arg"):
            if rng.random() < 0.05:
                continue
            words.append(word)
            continue
        choice = rng.random()
        texts = [e["text"] for e in entities] or ["nobody"]
        if choice < 0.3:
            words.append("<arg>")
        elif choice < 0.6:
            text = rng.choice(texts)
            words.append(text.split(" ", 1)[1] if " " in text and rng.random() < 0.3 else text)
        elif choice < 0.7:
            words.append(f"{rng.choice(texts)} and {rng.choice(texts)}")
        elif choice < 0.85:
            start = rng.randrange(len(tokens))
            words.append(" ".join(tokens[start:start + rng.randint(1, 2)]))
        elif choice < 0.95:
            words.append(rng.choice(("Hamas", "the Taliban", "nobody at all")))
    return " " + "  ".join(words)


UIE_WORDS = ("the", "man", "fired", "at", "Gaza", "troops", "", "é")
UIE_TYPES = ("Attack", "Die")


def uie_strategy(seed: int) -> str:
    """UIE's map a case's string-only lines are placed by: closest (UIE's shipped config) or first."""
    return "closest" if seed % 4 < 2 else "first"


def _uie_span(rng: random.Random, n: int) -> list[int]:
    start = rng.randrange(n)
    return list(range(start, min(n, start + rng.randint(1, 2))))


def _uie_text(rng: random.Random, tokens: list[str], offset: list[int]) -> str:
    """The text of a span as written, sometimes spaced twice, sometimes a string found nowhere."""
    choice = rng.random()
    if choice < 0.08:
        return rng.choice(("nobody", "the  man", "", "Gaza troops fired"))
    return " ".join(tokens[i] for i in offset)


def uie_case(seed: int) -> tuple[str, str]:
    """A UIE gold file and a record file: string records only on even seeds (placed by UIE's map), string and
    offset records on odd ones (offsets written independently, sometimes fewer than the strings). Few words, so
    triggers repeat and use up their occurrences; duplicate records; strings not in the text."""
    rng = random.Random(seed)
    gold_lines, pred_lines = [], []
    for _ in range(rng.randint(1, 5)):
        tokens = [rng.choice(UIE_WORDS[:6]) if rng.random() < 0.95 else rng.choice(UIE_WORDS) for _ in
                  range(rng.randint(2, 9))]
        events = []
        for _ in range(rng.randint(0, 3)):
            trigger = _uie_span(rng, len(tokens))
            args = [{"type": rng.choice(ROLES), "offset": (o := _uie_span(rng, len(tokens))),
                     "text": " ".join(tokens[i] for i in o)} for _ in range(rng.randint(0, 2))]
            events.append({"type": rng.choice(UIE_TYPES), "offset": trigger,
                           "text": " ".join(tokens[i] for i in trigger), "args": args})
        gold_lines.append({"text": " ".join(tokens), "tokens": tokens, "event": events, "entity": [],
                           "relation": []})
        strings, offsets = [], []
        for event in events + [None] * rng.randint(0, 2):
            if event is not None and rng.random() < 0.2:
                continue
            if event is None or rng.random() < 0.15:
                trigger = _uie_span(rng, len(tokens))
                event = {"type": rng.choice(UIE_TYPES), "offset": trigger, "text": " ".join(tokens[i] for i in trigger),
                         "args": [{"type": rng.choice(ROLES), "offset": (o := _uie_span(rng, len(tokens))),
                                   "text": " ".join(tokens[i] for i in o)} for _ in range(rng.randint(0, 2))]}
            event_type = event["type"] if rng.random() < 0.85 else rng.choice(UIE_TYPES)
            roles = [[a["type"] if rng.random() < 0.85 else rng.choice(ROLES), a, _uie_text(rng, tokens, a["offset"])]
                     for a in event["args"] if rng.random() < 0.85]
            for _ in range(2 if rng.random() < 0.2 else 1):
                strings.append({"type": event_type, "trigger": _uie_text(rng, tokens, event["offset"]),
                                "roles": [[role, text] for role, _, text in roles]})
                if rng.random() < 0.9:
                    offsets.append({"type": event_type, "trigger": event["offset"] if rng.random() < 0.85
                                    else _uie_span(rng, len(tokens)),
                                    "roles": [[role, a["offset"]] for role, a, _ in roles]})
        record = {"offset": offsets, "string": strings} if seed % 2 else {"string": strings}
        pred_lines.append({"event": record, "entity": {"offset": [], "string": []},
                           "relation": {"offset": [], "string": []}})
    return _dumps(gold_lines), _dumps(pred_lines)
