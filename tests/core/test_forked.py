"""The forked checker returns what the same call returns in-process, and falls back when the child fails."""

from __future__ import annotations

import os

import pytest
from evmeval._util.forked import Forked
from evmeval.cli.score import _input_warnings
from evmeval.io.loading import load_inputs


def test_result_comes_back_from_the_child() -> None:
    parent = os.getpid()
    pending = Forked(lambda: (os.getpid(), [1, 2, 3]))
    child_pid, payload = pending.result()
    assert payload == [1, 2, 3]
    if hasattr(os, "fork"):
        assert child_pid != parent


def test_a_failing_child_falls_back_to_running_here() -> None:
    calls = {"parent": 0}
    parent = os.getpid()

    def flaky() -> str:
        if os.getpid() != parent:
            raise RuntimeError("fails only in the child")
        calls["parent"] += 1
        return "computed here"

    assert Forked(flaky).result() == "computed here"
    assert calls["parent"] == 1


def test_errors_raised_in_the_parent_fallback_propagate() -> None:
    def broken() -> None:
        raise ValueError("bad input")

    with pytest.raises(ValueError, match="bad input"):
        Forked(broken).result()


def test_forked_input_warnings_equal_in_process(evmeval_data) -> None:
    folder = evmeval_data / "test_cases" / "wrong_format_tests"
    inputs = load_inputs(str(folder / "correct_example.key.tbf"),
                         str(folder / "system_with_invented_token.response.tbf"), token_dir=str(folder / "tkn"))
    expected = _input_warnings(inputs)
    assert any("t500" in w for w in expected)
    assert Forked(lambda: _input_warnings(inputs)).result() == expected
