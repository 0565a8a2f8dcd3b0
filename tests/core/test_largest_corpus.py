"""Issue 26, the largest public corpus: what was made faster for MAVEN-ERE's size still gives what the plain
forms gave (MAVEN-ERE's relation slots, its reader's checks, line-by-line reading), and the generator's
`--preset maven-ere` makes that shape without changing what it made before. No timing assertions."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from evmeval.conventions.maven import sklearn_micro
from evmeval.conventions.maven_ere import REL2ID, _relations, relation
from evmeval.io import maven as mv
from evmeval.io import maven_ere as ere
from evmeval.io.errors import FormatError
from evmeval.io.reading import lines_of
from hypothesis import given, settings
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[2]
GENERATOR = REPO / "benchmarks" / "gen_corpus.py"
IDS = ["a", "b", "c", "ab", "bc", "abc", "ca"]
"""Mention ids whose concatenations collide ("a" + "bc" == "ab" + "c"), as evaluate.py's slot keys do."""


def evaluate_py_relation(pairs, kind):  # type: ignore[no-untyped-def]
    """evaluate.py's way, transcribed: a file-wide list with a slot for every ordered gold mention pair."""
    labels, preds, slot = [], [], {}
    ids = REL2ID[kind]
    for doc, submission in pairs:
        members = {e.id: [m.id for m in e.mentions] for e in doc.events or ()}
        mentions = [m for e in doc.events or () for m in members[e.id]]
        if kind == "temporal":
            for t in doc.timex or ():
                mentions.append(t.id)
                members[t.id] = [t.id]
        for m1 in mentions:
            for m2 in mentions:
                if m1 != m2:
                    slot[m1 + m2] = len(labels)
                    labels.append(0)
                    preds.append(0)
        known = set(mentions)
        for rel, relation_pairs in _relations(doc, kind).items():
            for e1, e2 in relation_pairs:
                for m1 in members[e1]:
                    for m2 in members[e2]:
                        labels[slot[m1 + m2]] = ids[rel]
        for rel, relation_pairs in (_relations(submission, kind) if submission else {}).items():
            for p1, p2 in relation_pairs:
                if p1 in known and p2 in known:
                    preds[slot[p1 + p2]] = ids[rel]
    tp = sum(1 for label, guess in zip(labels, preds, strict=True) if guess and label == guess)
    return sklearn_micro(tp, sum(1 for g in preds if g), sum(1 for g in labels if g))


def _document(rng: random.Random, number: int) -> tuple[ere.Document, ere.Submission]:
    ids = rng.sample(IDS, rng.randint(2, len(IDS)))
    timex = ids[:rng.randint(0, 1)]
    rest = ids[len(timex):]
    events, at = [], 0
    while at < len(rest):
        size = rng.randint(1, 2)
        events.append(mv.Event(f"EV{len(events)}", "T", 1, [mv.Mention(m, "w", 0, (0, 1))
                                                              for m in rest[at:at + size]]))
        at += size
    nodes = [e.id for e in events] + timex
    mentions = rest + timex

    def pairs(names: list[str], k: int) -> list[tuple[str, str]]:
        return [tuple(rng.sample(names, 2)) for _ in range(k)] if len(names) > 1 else []  # type: ignore[misc]

    gold = ere.Document(f"D{number}", "t", [["w"]], ["w"], events, None,
                        [ere.Timex(t, "w", "DATE", 0, (0, 1)) for t in timex],
                        {name: pairs(nodes, rng.randint(0, 3)) for name in ("BEFORE", "OVERLAP")},
                        {"CAUSE": pairs([e.id for e in events], rng.randint(0, 2))},
                        pairs([e.id for e in events], rng.randint(0, 2)))
    system = ere.Submission(f"D{number}", None, {name: pairs([*mentions, "zz"], rng.randint(0, 4))
                                                 for name in ("BEFORE", "OVERLAP")},
                            {"CAUSE": pairs(mentions, rng.randint(0, 3))}, pairs(mentions, rng.randint(0, 3)))
    return gold, system


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 4))
def test_relation_slots_per_document_count_as_evaluate_py_file_wide_list(seed: int, n_docs: int) -> None:
    rng = random.Random(seed)
    pairs = [_document(rng, i % 2) for i in range(n_docs)]  # documents share ids: keys repeat across them
    pairs = [(d, s if rng.random() < 0.8 else None) for d, s in pairs]
    for kind in ("temporal", "causal", "subevent"):
        assert relation(pairs, kind) == evaluate_py_relation(pairs, kind)


def _ere_doc() -> dict:  # type: ignore[type-arg]
    return {"id": "A", "title": "t", "tokens": [["x", "y", "z"]], "sentences": ["x y z"],
            "events": [{"id": "EV1", "type": "T", "type_id": 1,
                        "mention": [{"id": "m1", "trigger_word": "x", "sent_id": 0, "offset": [0, 1]}]},
                       {"id": "EV2", "type": "T", "type_id": 1,
                        "mention": [{"id": "m2", "trigger_word": "y", "sent_id": 0, "offset": [1, 2]}]}],
            "TIMEX": [], "temporal_relations": {"BEFORE": [["EV1", "EV2"], ["EV2", "EV1"]]},
            "causal_relations": {}, "subevent_relations": []}


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d["temporal_relations"]["BEFORE"].append(["EV1", "EV2", "EV1"]),
     "document 'A', temporal_relations BEFORE, pair 2: is ['EV1', 'EV2', 'EV1'] (expected a pair"),
    (lambda d: d["temporal_relations"]["BEFORE"].append(["EV1", 2]),
     "document 'A', temporal_relations BEFORE, pair 2: is ['EV1', 2] (expected a pair"),
    (lambda d: d["temporal_relations"]["BEFORE"].insert(1, "EV1"),
     "document 'A', temporal_relations BEFORE, pair 1: is 'EV1' (expected a pair"),
    (lambda d: d["temporal_relations"]["BEFORE"].append(["EV2", "EV3"]),
     "document 'A', temporal_relations BEFORE: 'EV3' is not an event or TIMEX of the document"),
    (lambda d: d["tokens"][0].append(7), "document 'A', sentence 0: is a list of 4 or holds a non-string"),
    (lambda d: d["tokens"].append("x y"), "document 'A', sentence 1: is the string 'x y' or holds a non-string"),
    (lambda d: d["temporal_relations"]["BEFORE"].append(["EV1", "EV1"]),
     "document 'A', temporal_relations BEFORE, pair 2: is ['EV1', 'EV1'] (expected a pair"),
    (lambda d: d["events"][1]["mention"][0].update(id="m1"), "document 'A': id 'm1' given twice"),
    (lambda d: d["TIMEX"].append({"id": "EV2", "mention": "x", "type": "DATE", "sent_id": 0, "offset": [0, 1]}),
     "document 'A': id 'EV2' given twice"),
    (lambda d: d["events"][1]["mention"][0].update(offset=[1, True]), "document 'A', event 'EV2', mention 0: "
     "offset is a list"),
])
def test_maven_ere_checks_at_c_speed_still_name_the_first_wrong_item(tmp_path: Path, edit, message) -> None:  # type: ignore[no-untyped-def]
    doc = _ere_doc()
    ere.read_maven_ere(_write(tmp_path, json.dumps(doc)))
    edit(doc)
    path = _write(tmp_path, json.dumps(doc))
    with pytest.raises(FormatError) as caught:
        ere.read_maven_ere(path)
    assert str(caught.value).startswith(f"{path}:1: {message}")


def test_unmodelled_fields_are_kept_by_every_json_reader(tmp_path: Path) -> None:
    doc = _ere_doc()
    doc["events"][0]["mention"][0]["note"] = 1
    doc["extra"] = {"k": [1]}
    read = ere.read_maven_ere(_write(tmp_path, json.dumps(doc))).documents[0]
    assert read.extra == {"extra": {"k": [1]}} and read.events[0].mentions[0].extra == {"note": 1}
    assert read.events[1].mentions[0].extra == {}


def _write(folder: Path, text: str) -> str:
    path = folder / "f.jsonl"
    path.write_text(text + "\n", encoding="utf-8")
    return str(path)


@given(st.text(alphabet="ab\n\r \t#", max_size=40))
def test_lines_of_gives_what_split_gives(text: str) -> None:
    assert list(lines_of(text)) == text.split("\n")


def _generate(tmp: Path, *args: str) -> Path:
    subprocess.run([sys.executable, str(GENERATOR), "--seed", "5", *args, "--out", str(tmp)], check=True,
                   capture_output=True, env=dict(os.environ, PYTHONHASHSEED="0"))
    return tmp


def test_generator_output_without_the_new_options_is_unchanged(tmp_path: Path) -> None:
    out = _generate(tmp_path, "--docs", "30", "--mentions", "10", "--sequencing")
    digest = hashlib.sha256((out / "gold.tbf").read_bytes() + (out / "system.tbf").read_bytes()).hexdigest()
    assert digest == "314c65e23a46cda4b397277db2ab51151b192e1d99880bc93268a157be885238"  # made before issue 26
    assert "preset" not in json.loads((out / "corpus.json").read_text())["params"]


def test_maven_ere_preset_makes_a_dense_timeline_and_mostly_single_mention_chains(tmp_path: Path) -> None:
    out = _generate(tmp_path, "--preset", "maven-ere", "--docs", "40")
    stats = json.loads((out / "corpus.json").read_text())
    assert stats["num_docs_gold"] == 40 and stats["params"]["preset"] == "maven-ere"
    assert 0.85 < stats["num_gold_chains"] / stats["num_gold_mentions"] < 0.97  # MAVEN-ERE: 103k / 112k
    assert 7 < stats["num_gold_after_links"] / stats["num_gold_mentions"] < 14  # MAVEN-ERE: 1.2M / 112k
    assert stats["num_system_after_links"] > 0 and stats["num_gold_subevent_links"] > 0
    again = _generate(tmp_path / "again", "--preset", "maven-ere", "--docs", "40")
    assert (again / "gold.tbf").read_bytes() == (out / "gold.tbf").read_bytes()
    assert (again / "system.tbf").read_bytes() == (out / "system.tbf").read_bytes()


def test_maven_ere_bench_converts_and_scores_a_small_corpus_of_that_shape(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "maven_ere_bench.py"), "--docs", "12",
                           "--only", "textee", "maven", "maven-ere", "--hashes"], capture_output=True, text=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("--convention")]
    assert [row.split()[1] for row in rows] == ["textee", "maven", "maven-ere"]
    assert not any("exit" in row for row in rows), done.stdout


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2), max_size=14), st.lists(st.integers(0, 3), max_size=14), st.booleans())
def test_conll_and_blanc_give_what_each_metric_gives_alone(key_of: list[int], response_of: list[int],
                                                           repeat: bool) -> None:
    from evmeval.coref.metrics import b_cubed, blanc, ceaf_e, conll_and_blanc, muc

    key = [[m for m, c in enumerate(key_of) if c == k] for k in range(3)]
    response = [[m for m, c in enumerate(response_of) if c == k] for k in range(4)]
    key = [c for c in key if c] + [[m] for m in range(len(key_of), len(key_of) + 2)]
    response = [c for c in response if c]
    if repeat and response:
        response[0] = [*response[0], response[0][0]]  # a repeated id: the plain forms' arithmetic
    assert conll_and_blanc(key, response) == (muc(key, response), b_cubed(key, response), ceaf_e(key, response),
                                              blanc(key, response))
