"""Parsed inputs are kept by an explicit object, the run's `Input`, not by a process-wide cache (issue 33
item 6): every convention of a run parses a file once, and nothing outlives the run."""

from __future__ import annotations

import gc
import weakref

import pytest
from evmeval.conventions import REGISTRY, conventions_for
from evmeval.conventions import parsed as parsed_module
from evmeval.conventions.base import Input
from evmeval.conventions.parsed import textee_file
from evmeval.conventions.switchboard import run_switchboard
from evmeval.io.reading import read_bytes

from tests.shipped import EXAMPLES


def _pair() -> tuple[Input, Input]:
    gold, pred = str(EXAMPLES / "textee_gold.jsonl"), str(EXAMPLES / "textee_pred.jsonl")
    return Input(gold, read_bytes(gold)), Input(pred, read_bytes(pred))


def test_every_convention_of_a_run_parses_each_file_once_and_a_new_run_parses_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = parsed_module.read_textee
    monkeypatch.setattr(parsed_module, "read_textee", lambda path, data=None: calls.append(path) or real(path, data))
    gold, system = _pair()
    chosen = conventions_for("all", gold)
    assert {c.name for c in chosen} == {"textee", "evmeval"} and set(REGISTRY) >= {"textee", "evmeval"}
    run_switchboard(chosen, gold, system)
    assert sorted(calls) == sorted([gold.path, system.path])
    again_gold, again_system = _pair()  # the same bytes, another run: parsed anew, nothing kept in between
    run_switchboard(chosen, again_gold, again_system)
    assert len(calls) == 4


def test_nothing_parsed_outlives_its_input() -> None:
    gold, _ = _pair()
    parsed = textee_file(gold)
    assert textee_file(gold) is parsed
    gone = weakref.ref(parsed)
    del gold, parsed
    gc.collect()
    assert gone() is None


def test_an_input_read_from_its_path_alone_is_parsed_each_time() -> None:
    path = str(EXAMPLES / "textee_gold.jsonl")
    source = Input(path)
    assert textee_file(source) is not textee_file(source)
