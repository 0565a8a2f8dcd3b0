"""The type-spelling rule named in the flips (issue 35 section 5): ours folds type names (v1.8 keeps
letters and digits, lower-cased), TextEE and DyGIE++ compare them as written, so a prediction that
spells its gold type another way flips between them. Those flips were filed as "other rule difference";
here, on a generated corpus whose respelled triggers are counted as they are written, they carry the rule."""

from __future__ import annotations

import json
import random
from pathlib import Path

from evmeval.conventions import Input, conventions_for
from evmeval.conventions.flips import OTHER
from evmeval.conventions.items import TYPE_SPELLING
from evmeval.conventions.switchboard import run_switchboard

TYPES = ("Conflict:Attack", "Life:Die", "Movement:Transport", "Justice:Arrest-Jail")
RESPELL = (str.lower, str.upper, lambda t: t.replace(":", ".").replace("-", "_"))


def _window(doc: str, k: int, events: list[tuple[int, str]]) -> dict[str, object]:
    tokens = [f"w{i}" for i in range(12)]
    return {"doc_id": doc, "wnd_id": f"{doc}-{k}", "tokens": tokens, "text": " ".join(tokens),
            "entity_mentions": [],
            "event_mentions": [{"id": f"{doc}-{k}-EV{e}", "event_type": t,
                                "trigger": {"text": tokens[at], "start": at, "end": at + 1}, "arguments": []}
                               for e, (at, t) in enumerate(events)]}


def generated(tmp_path: Path, seed: int) -> tuple[Input, Input, int, int]:
    """Gold and prediction TextEE files; (respelled, retyped): triggers on gold's span with gold's type spelled
    another way, and triggers on gold's span with another type (a real type error, no spelling rule)."""
    rng = random.Random(seed)
    gold_lines, pred_lines = [], []
    respelled = retyped = 0
    for d in range(6):
        for k in range(3):
            at = rng.sample(range(12), 3)
            types = rng.sample(TYPES, 3)  # distinct types in a window: one pairing, whatever the spelling
            gold = list(zip(at, types, strict=True))
            pred = []
            for position, name in gold:
                roll = rng.random()
                if roll < 0.4:
                    respelled += 1
                    spelled = rng.choice(RESPELL)(name)
                    assert spelled != name
                    pred.append((position, spelled))
                elif roll < 0.6:
                    retyped += 1
                    pred.append((position, next(t for t in TYPES if t not in types)))
                else:
                    pred.append((position, name))
            gold_lines.append(_window(f"D{d}", k, gold))
            pred_lines.append(_window(f"D{d}", k, pred))
    paths = []
    for name, lines in (("gold", gold_lines), ("pred", pred_lines)):
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(json.dumps(line) + "\n" for line in lines))
        paths.append(Input(str(path)))
    return paths[0], paths[1], respelled, retyped


def test_respelled_types_flip_under_the_type_spelling_rule(tmp_path: Path) -> None:
    gold, pred, respelled, retyped = generated(tmp_path, seed=7)
    assert respelled > 5 and retyped > 0
    board = run_switchboard(conventions_for("all", gold), gold, pred)
    pair = next(p for p in board.flips if (p.a, p.b) == ("textee", "evmeval"))
    by_reason = {reason: len(flips) for reason, flips in pair.groups.items()}
    # Each respelled trigger: textee gives its Tri-C nothing, ours a full match; on the prediction and on its
    # gold trigger. A retyped one is missed by both: no flip. Nothing else differs (same spans, no duplicates).
    assert by_reason == {TYPE_SPELLING: 2 * respelled}
    assert OTHER not in by_reason
    assert {f.row for f in pair.groups[TYPE_SPELLING]} == {"trigger_cls"}
    assert all(f.a.credit == 0 and f.b.credit == 1 for f in pair.groups[TYPE_SPELLING])


def test_the_rule_is_said_in_the_printed_switchboard(tmp_path: Path, capsys) -> None:
    from evmeval.cli.score import score_main

    gold, pred, respelled, _ = generated(tmp_path, seed=3)
    assert score_main(["-g", gold.path, "-s", pred.path, "--convention", "all"]) == 0
    out = capsys.readouterr().out
    assert f"{2 * respelled:5d}  {TYPE_SPELLING}" in out
