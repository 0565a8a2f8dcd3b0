"""The `bionlp` convention against the shared task's own `a2-evaluate.pl` (BioNLP'11 GE evaluation tools),
on generated corpora: the four criteria's event totals must be the script's `==[ALL-TOTAL]==` counts.

Runs only when `BIONLP_EVAL` names the script (e.g. `online-evaluation-template/tools/a2-evaluate.pl` of
bionlp-st-2013/bionlp-st-2013_tools) and `perl` exists; nothing of it is vendored. The corpora keep to
what task 1 of the script and the convention both define the same way: GENIA event types, Theme(2) and
Cause arguments written in the order the script's `a2-normalize.pl` gives them, no Site/Loc arguments
(task 1 drops them) and no Negation/Speculation (task 1 does not count them; the convention adds them to
the totals when the gold has some). They do hold what the script's duplicate rules concern: gold events
written twice (on one trigger id or on two), twice through `Equiv` proteins, answers written twice on one
trigger id or on two, and `Equiv` lines above, among or below the gold events, sometimes chained.

The script's counts on these corpora and cases are recorded (tests/data/recorded/bionlp.json, by
`python -m tests.record_published --bionlp ...`): test_recorded_scorers.py checks them with no script.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.bionlp import score_bionlp

from tests.core.test_bionlp_duplicates import CASES, write_case

SIMPLE = ("Gene_expression", "Transcription", "Protein_catabolism", "Localization", "Phosphorylation")
REGULATION = ("Regulation", "Positive_regulation", "Negative_regulation")
FLAGS = {"strict": [], "soft_boundary": ["-s"], "partial_recursive": ["-p"], "approximate": ["-s", "-p"]}
TOTAL = re.compile(r"==\[ALL-TOTAL\]==\s+(\d+) \(\s*(\d+)\)\s+(\d+) \(\s*(\d+)\)")


def _script() -> str:
    script = os.environ.get("BIONLP_EVAL")
    if not script:
        pytest.skip("BIONLP_EVAL is not set (the shared task's a2-evaluate.pl)")
    if shutil.which("perl") is None:
        pytest.skip("perl is not installed")
    return script


def _document(rng: random.Random, gold: Path, answer: Path, name: str) -> None:
    """One document: words, a few proteins (`.a1`), gold events on other words, and an answer made from
    the gold (`_answer_events`)."""
    words = ["".join(rng.choice("abcdefgh") for _ in range(rng.randint(2, 6))) for _ in range(rng.randint(12, 30))]
    for i in rng.sample(range(len(words)), len(words) // 6):
        words[i] += rng.choice(",.")
    starts, at = [], 0
    for w in words:
        starts.append(at)
        at += len(w) + 1
    text = " ".join(words) + "\n"

    def extent(i: int, j: int | None = None) -> tuple[int, int]:
        j = i if j is None else j
        return starts[i], starts[j] + len(words[j].rstrip(",."))

    slots = list(range(len(words)))
    rng.shuffle(slots)
    proteins = [f"T{n + 1}" for n in range(rng.randint(2, 4))]
    a1 = "".join(f"{t}\tProtein {extent(i)[0]} {extent(i)[1]}\t{words[i].rstrip(',.')}\n"
                 for t, i in zip(proteins, slots, strict=False))
    free = slots[len(proteins):]
    same = {proteins[1]: proteins[0]} if rng.random() < 0.4 else {}
    events = _gold_events(rng, proteins, free, same, duplicates=rng.random() < 0.5)
    equiv = "".join(f"*\tEquiv {b} {a}\n" for a, b in same.items())
    if same and len(proteins) > 2 and rng.random() < 0.3:  # a chain: the script looks answers up twice
        equiv += f"*\tEquiv {proteins[1]} {proteins[2]}\n"
    (gold / f"{name}.txt").write_text(text, encoding="utf-8")
    (gold / f"{name}.a1").write_text(a1, encoding="utf-8")
    # the Equiv line first (as a2-normalize.pl writes it), among the events or last: the script applies it
    # to the gold events read after it only, and so does the convention
    where = rng.choice((0, 0, rng.randint(1, len(events)), len(events)))
    (gold / f"{name}.a2").write_text(_a2(events, words, len(proteins) + 1, lambda t, i: extent(i),
                                         trigger_per_event=rng.random() < 0.25, insert=(where, equiv)),
                                     encoding="utf-8")
    answer_events, spans = _answer_events(rng, events, proteins, free, extent, len(words))
    (answer / f"{name}.a2").write_text(_a2(answer_events, words, 100, lambda n, i: spans.get(n, extent(i)),
                                           trigger_per_event=rng.random() < 0.3), encoding="utf-8")


Events = list[tuple[str, int, list[tuple[str, str]]]]
"""(type, trigger word, arguments)"""


def _gold_events(rng: random.Random, proteins: list[str], free: list[int], same: dict[str, str], *,
                 duplicates: bool) -> Events:
    """Gold events; unless `duplicates`, none written twice (also not through `same`, the Equiv proteins)."""
    events: Events = []
    seen = set()
    for _ in range(rng.randint(1, 6)):
        kind = rng.choice((*SIMPLE, "Binding", *REGULATION))
        args = [("Theme", rng.choice(proteins))]
        others = [p for p in proteins if same.get(p, p) != same.get(args[0][1], args[0][1])]
        if kind == "Binding" and others and rng.random() < 0.4:
            args.append(("Theme2", rng.choice(others)))
        if kind in REGULATION:
            if events and rng.random() < 0.6:
                args[0] = ("Theme", f"E{rng.randint(1, len(events))}")
            if rng.random() < 0.4:
                args.append(("Cause", rng.choice(proteins)))
        word = rng.choice(free[:6])
        key = (kind, word, tuple((r, same.get(t, t)) for r, t in args))
        if key not in seen or duplicates:
            seen.add(key)
            events.append((kind, word, args))
        if duplicates and rng.random() < 0.3:  # written again, or again with the Equiv protein's twin
            twin = {v: k for k, v in same.items()}
            events.append((kind, word, [(r, twin.get(t, t) if rng.random() < 0.5 else t) for r, t in args]))
    return events


def _answer_events(rng: random.Random, events: Events, proteins: list[str], free: list[int], extent,
                   n_words: int) -> tuple[Events, dict[int, tuple[int, int]]]:
    """The gold events with the mistakes systems make (missed, retyped, shifted or widened triggers, wrong
    themes, duplicates, spurious events), and the answer events whose trigger is not their word's."""
    answer_events: Events = []
    spans: dict[int, tuple[int, int]] = {}
    kept: dict[str, str] = {}
    for n, (kind, word, args) in enumerate(events, 1):
        roll = rng.random()
        if roll < 0.12:
            continue  # missed
        if roll < 0.2:
            kind = rng.choice(SIMPLE)
            args = [("Theme", rng.choice(proteins))]
        if rng.random() < 0.15:
            args = [(role, rng.choice(proteins) if target.startswith("T") else target) for role, target in args]
        args = [(role, kept.get(target, rng.choice(proteins)) if target.startswith("E") else target)
                for role, target in args]
        if rng.random() < 0.2:  # a trigger one word wider or on the next word: soft boundary territory
            after = min(word + 1, n_words - 1)
            spans[len(answer_events)] = extent(word, after) if rng.random() < 0.5 else extent(after)
        answer_events.append((kind, word, args))
        kept[f"E{n}"] = f"E{len(answer_events)}"
        if rng.random() < 0.1:
            answer_events.append((kind, word, list(args)))
            if len(answer_events) - 2 in spans:
                spans[len(answer_events) - 1] = spans[len(answer_events) - 2]
    for _ in range(rng.randint(0, 2)):
        answer_events.append((rng.choice(SIMPLE), rng.choice(free[:8]), [("Theme", rng.choice(proteins))]))
    return answer_events, spans


def _a2(events: Events, words: list[str], first: int, span_of, *, trigger_per_event: bool = False,
        insert: tuple[int, str] = (0, "")) -> str:
    """The `.a2` text: one `T` line per trigger (events of one type on one span share it, as systems and the
    corpus write them, unless `trigger_per_event`), then the `E` lines; `insert` puts lines (Equiv) after the
    first n `E` lines (0: above everything)."""
    lines, e_lines = [], []
    triggers: dict[tuple[str, int, int], str] = {}
    for n, (kind, word, args) in enumerate(events):
        begin, end = span_of(n, word)
        tid = triggers.get((kind, begin, end)) if not trigger_per_event else None
        if tid is None:
            tid = triggers[(kind, begin, end)] = f"T{first + len(lines)}"
            lines.append(f"{tid}\t{kind} {begin} {end}\t{' '.join(words)[begin:end]}\n")
        e_lines.append(f"E{n + 1}\t{kind}:{tid}" + "".join(f" {r}:{t}" for r, t in args) + "\n")
    where, text = insert
    if where == 0:
        return text + "".join(lines + e_lines)
    return "".join(lines + e_lines[:where]) + text + "".join(e_lines[where:])


def _published(script: str, gold: Path, answer: Path, flags: list[str]) -> tuple[int, int, int, int]:
    run = subprocess.run(["perl", script, "-g", str(gold), "-t1", *flags, *sorted(map(str, answer.glob("*.a2")))],
                         capture_output=True, text=True, check=True, timeout=60)
    found = TOTAL.search(run.stdout)
    assert found, run.stdout + run.stderr
    gold_num, gold_match, answer_num, answer_match = map(int, found.groups())
    return gold_num, gold_match, answer_num, answer_match


def write_corpus(folder: Path, seed: int) -> tuple[Path, Path]:
    """The corpus of `seed` (one to three documents): its gold and answer folders, made under `folder`
    (also the inputs of the recorded cases, tests/recorded.py)."""
    rng = random.Random(seed)
    gold, answer = folder / "gold", folder / "answer"
    gold.mkdir()
    answer.mkdir()
    for d in range(rng.randint(1, 3)):
        _document(rng, gold, answer, f"PMID-{d}")
    return gold, answer


@pytest.mark.parametrize("seed", range(200))
def test_the_four_criteria_count_as_a2_evaluate(tmp_path: Path, seed: int) -> None:
    script = _script()
    gold, answer = write_corpus(tmp_path, seed)
    result = score_bionlp(Input(str(gold)), Input(str(answer)))
    for name, flags in FLAGS.items():
        m = result.metrics[name]
        ours = (m.gold_num, m.gold_match_num, m.pred_num, m.match_num)  # type: ignore[attr-defined]
        assert ours == _published(script, gold, answer, flags), (name, seed)


@pytest.mark.parametrize("name", CASES)
def test_the_duplicate_cases_count_as_a2_evaluate(tmp_path: Path, name: str) -> None:
    """The hand-derived cases of test_bionlp_duplicates (once divergences: a gold event written twice, twice
    through Equiv, an unmatched answer on two trigger ids), strict and with -s/-p."""
    script = _script()
    gold, answer = write_case(tmp_path, *CASES[name][:2])
    result = score_bionlp(Input(str(gold)), Input(str(answer)))
    for criterion, flags in FLAGS.items():
        m = result.metrics[criterion]
        ours = (m.gold_num, m.gold_match_num, m.pred_num, m.match_num)  # type: ignore[attr-defined]
        assert ours == _published(script, gold, answer, flags), (name, criterion)
