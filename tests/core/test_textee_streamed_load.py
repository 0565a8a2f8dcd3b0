"""Issue 34: the window loads a TextEE pair a document at a time (`conventions.corpus_stream`), and what it keeps
is what the whole-file load gives: the switchboard's figures (to the last digit), flips, verdicts, the argument
board, the mentions and arguments the views show. A system file in another document order is read at its places;
a gold document whose windows are not one run, or a file with a problem, is read whole (and worded as ever)."""

from __future__ import annotations

import gc
import json
import random
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from evmeval.conventions import corpus_stream
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import EventCorpus, event_inputs
from evmeval.conventions.first_document import index_gold
from evmeval.io.errors import FormatError

WORDS = ["the", "army", "attacked", "city", "of", "Baghdad", "on", "Monday", "and", "killed", "three", "people"]
TYPES = ["Attack", "Die", "Meet", "Transport"]
ROLES = ["Attacker", "Target", "Victim", "Place"]


def _window(rng: random.Random, doc_id: str, wnd_id: str, longest: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A gold window (arguments by entity) and its prediction (arguments by span, as TextEE writes them): some
    events kept, some moved by a token (partial spans: Dice credit), retyped, repeated, missed or made up."""
    tokens = [rng.choice(WORDS) for _ in range(rng.randint(4, 12))]
    n = len(tokens)

    def span() -> tuple[int, int]:
        start = rng.randrange(n)
        return start, min(n, start + rng.randint(1, longest))

    entities = [{"id": f"{wnd_id}-E{i}", "start": s, "end": e, "entity_type": "PER"}
                for i, (s, e) in enumerate(span() for _ in range(rng.randint(0, 3)))]
    gold_events, predicted = [], []
    for _ in range(rng.choice([0, 0, 1, 2, 3])):  # a window, or a whole document, may have no event
        start, end = span()
        kind = rng.choice(TYPES)
        arguments = [{"entity_id": rng.choice(entities)["id"], "role": rng.choice(ROLES)}
                     for _ in range(rng.randint(0, 2) if entities else 0)]
        gold_events.append({"event_type": kind, "trigger": {"start": start, "end": end, "text": " ".join(
            tokens[start:end])}, "arguments": arguments})
        fate = rng.random()
        if fate < 0.15:
            continue
        if fate < 0.3 and longest > 1:
            start, end = min(start + 1, n - 1), min(end + 1, n)
        spans = [(e["start"], e["end"], a["role"]) for a in arguments for e in entities if e["id"] == a["entity_id"]]
        copies = 2 if rng.random() < 0.1 else 1
        for _ in range(copies):
            predicted.append({"event_type": rng.choice(TYPES) if rng.random() < 0.2 else kind,
                              "trigger": {"start": start, "end": end},
                              "arguments": [{"role": rng.choice(ROLES) if rng.random() < 0.2 else role, "start": s,
                                             "end": e} for s, e, role in spans]})
    if rng.random() < 0.3:
        start, end = span()
        predicted.append({"event_type": rng.choice(TYPES), "trigger": {"start": start, "end": end},
                          "arguments": [{"role": rng.choice(ROLES), "start": s, "end": e} for s, e in [span()]]})
    gold = {"doc_id": doc_id, "wnd_id": wnd_id, "tokens": tokens, "entity_mentions": entities,
            "event_mentions": gold_events}
    return gold, {"doc_id": doc_id, "wnd_id": wnd_id, "tokens": tokens, "event_mentions": predicted}


def _pair(tmp_path: Path, seed: int, documents: int = 12, *, longest: int = 1,
          shuffled: bool = True) -> tuple[str, str]:
    """Gold and predictions of `documents` documents of 1-3 windows (`longest`: the longest trigger; above 1 the
    DyGIE++ pivot is not exact and is left out); the prediction file's documents in another order (`shuffled`)."""
    rng = random.Random(seed)
    gold, system = [], []
    for d in range(documents):
        made = [_window(rng, f"doc{d:03d}", f"doc{d:03d}-{w}", longest) for w in range(rng.randint(1, 3))]
        gold += [g for g, _ in made]
        system.append([s for _, s in made])
    if shuffled:  # the documents, each with its windows in order (windows shuffled: test_pivot_window_order)
        rng.shuffle(system)
    return _write(tmp_path, gold, [s for windows in system for s in windows])


def _write(tmp_path: Path, gold: list[dict[str, Any]], system: list[dict[str, Any]]) -> tuple[str, str]:
    paths = []
    for name, lines in (("gold.jsonl", gold), ("pred.jsonl", system)):
        (tmp_path / name).write_text("".join(json.dumps(v) + "\n" for v in lines), encoding="utf-8")
        paths.append(str(tmp_path / name))
    return paths[0], paths[1]


def _loads(gold: str, system: str, monkeypatch: pytest.MonkeyPatch) -> tuple[EventCorpus, EventCorpus, list[bool]]:
    """The window's load (both files by their paths, with the gold's index) and the whole-file load (their bytes),
    and whether the window's was read a document at a time."""
    streamed: list[bool] = []
    made = corpus_stream.streamed_pair

    def spy(*args: Any) -> Any:
        found = made(*args)
        streamed.append(found is not None)
        return found

    monkeypatch.setattr(corpus_stream, "streamed_pair", spy)
    window = event_inputs(Input(gold), Input(system), index=index_gold(gold), keep_outcomes=False)
    whole = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()),
                         index=index_gold(gold), keep_outcomes=False)
    return window, whole, streamed


def _same(window: EventCorpus, whole: EventCorpus) -> None:
    assert window.switchboard.results == whole.switchboard.results  # figures, fingerprints, pathologies
    assert window.switchboard.to_json() == whole.switchboard.to_json()  # rows, spreads, every flip in order
    assert window.switchboard.outcomes == whole.switchboard.outcomes == {}
    assert window.verdicts == whole.verdicts
    assert window.argument_board is not None and whole.argument_board is not None
    assert window.argument_board.board.results == whole.argument_board.board.results
    assert window.argument_board.to_json() == whole.argument_board.to_json()
    assert window.argument_board.board.outcomes == whole.argument_board.board.outcomes == {}
    for side in ("gold", "system"):
        mine, theirs = getattr(window.inputs, side), getattr(whole.inputs, side)
        assert (mine.path, mine.mode) == (theirs.path, theirs.mode)
        assert list(mine.documents.items()) == list(theirs.documents.items())  # mentions with their lines, in order
    assert window.arguments == whole.arguments
    assert window.scored == whole.scored
    for doc_id in list(whole.inputs.gold.documents)[:3]:
        assert window.inputs.texts.text(doc_id) == whole.inputs.texts.text(doc_id)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_pair_read_a_document_at_a_time_is_the_pair_read_whole(seed: int, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    gold, system = _pair(tmp_path, seed)
    window, whole, streamed = _loads(gold, system, monkeypatch)
    assert streamed == [True]  # the prediction file in another order is read at its places, not whole
    _same(window, whole)
    assert [c.name for c in window.argument_board.board.conventions] == ["textee", "strings", "dygiepp"]
    assert window.argument_board.board.flips and any(p.total for p in window.switchboard.flips)


@pytest.mark.parametrize("seed", [4, 5])
def test_partial_spans_add_their_dice_credit_in_v18s_order_and_the_pivot_says_why_it_is_left_out(
        seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold, system = _pair(tmp_path, seed, 40, longest=3)
    window, whole, streamed = _loads(gold, system, monkeypatch)
    assert streamed == [True]
    _same(window, whole)
    ours = {r.name: r for r in window.switchboard.results}["evmeval"]
    assert any(0 < m.match_num != int(m.match_num) for m in ours.metrics.values())  # Dice credit, not counts
    assert window.argument_board is not None
    assert window.argument_board.left_out["dygiepp"].startswith("not exact through the DyGIE++ pivot: ")
    assert window.argument_board.left_out == whole.argument_board.left_out  # type: ignore[union-attr]


def test_a_gold_document_in_two_runs_of_windows_is_read_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold, system = _pair(tmp_path, 6, shuffled=False)
    lines = Path(gold).read_text(encoding="utf-8").splitlines(keepends=True)
    first = json.loads(lines[0])["doc_id"]
    moved = [line for line in lines if json.loads(line)["doc_id"] == first]
    if len(moved) == 1:  # give the first document a second window at the end of the file
        extra = {**json.loads(lines[0]), "wnd_id": f"{first}-late"}
        Path(system).write_text(Path(system).read_text(encoding="utf-8") + json.dumps(
            {**extra, "event_mentions": []}) + "\n", encoding="utf-8")
        moved = [json.dumps(extra) + "\n"]
        lines = lines + moved
    else:
        lines = [line for line in lines if line not in moved[1:]] + moved[1:]
    Path(gold).write_text("".join(lines), encoding="utf-8")
    window, whole, streamed = _loads(gold, system, monkeypatch)
    assert streamed == [False]  # not one run: the whole files are read, as before
    _same(window, whole)


@pytest.mark.parametrize("problem", ["a window not predicted", "a document gold lacks", "a blank line"])
def test_a_problem_is_worded_as_the_whole_read_words_it(problem: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    gold, system = _pair(tmp_path, 7)
    lines = Path(system).read_text(encoding="utf-8").splitlines(keepends=True)
    if problem == "a window not predicted":
        lines = lines[:3] + lines[4:]
    elif problem == "a document gold lacks":
        lines.append(json.dumps({"doc_id": "elsewhere", "wnd_id": "elsewhere-0", "tokens": ["a"],
                                 "event_mentions": []}) + "\n")
    else:
        lines.insert(5, "\n")
    Path(system).write_text("".join(lines), encoding="utf-8")
    with pytest.raises(FormatError) as whole:
        event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()))
    with pytest.raises(FormatError) as window:
        event_inputs(Input(gold), Input(system), index=index_gold(gold), keep_outcomes=False)
    assert str(window.value) == str(whole.value)
    assert "pred.jsonl" in str(window.value)


def test_the_load_holds_one_documents_parse_at_a_time(tmp_path: Path) -> None:
    """What is left of the load's peak is what it keeps: the parsed files and every outcome were most of it."""
    gold, system = _pair(tmp_path, 8, 300)

    def peak(given: bool) -> int:
        read = (lambda p: Input(p, Path(p).read_bytes())) if given else Input
        gc.collect()
        tracemalloc.start()
        loaded = event_inputs(read(gold), read(system), index=index_gold(gold), keep_outcomes=False)
        found = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert loaded.switchboard.results
        return found

    whole = peak(True)  # first: the conventions' modules are imported by it, not counted in the other
    assert peak(False) < 0.6 * whole


def test_the_windows_index_of_both_files_spares_the_load_a_second_scan(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's index (`index_documents`: both files scanned for the first document) already holds where each
    predicted document's lines are: the load a document at a time takes them rather than scanning the file again,
    and gives what the whole read gives."""
    from evmeval.conventions.first_document import index_documents

    gold, system = _pair(tmp_path, 7)
    index = index_documents(gold, system)
    assert index is not None and index.system == system
    scans: list[str] = []
    scan = corpus_stream.scan
    monkeypatch.setattr(corpus_stream, "scan", lambda path, key: scans.append(path) or scan(path, key))
    made, streamed = corpus_stream.streamed_pair, []
    monkeypatch.setattr(corpus_stream, "streamed_pair",
                        lambda *args: streamed.append((found := made(*args)) is not None) or found)
    window = event_inputs(Input(gold), Input(system), index=index, keep_outcomes=False)
    assert streamed == [True]  # read a document at a time, not whole
    whole = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()),
                         index=index_gold(gold), keep_outcomes=False)
    assert scans == []
    _same(window, whole)
