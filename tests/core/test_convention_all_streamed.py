"""Issue 34: `evmeval-score --convention all` streams. A TextEE pair's switchboard and argument board are made a
document at a time by the window's path (`corpus_stream.streamed_boards`), MAVEN and MAVEN-ERE files are left to
their conventions' streaming scorers, and `--json` is written in pieces (`cli.json_pieces`, each flip's object made
as it is written). The text, `--json` and `--html` are byte for byte those of the whole files' path."""

from __future__ import annotations

import io
import json
import tempfile
from contextlib import redirect_stderr
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from evmeval.cli.score import score_main
from evmeval.conventions import cli, corpus_stream
from evmeval.conventions.base import Input
from evmeval.conventions.switchboard import EXAMPLES as LISTED
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_textee_streamed_load import _pair
from tests.shipped import EXAMPLES


def _whole(conventions: Any, gold: Input, system: Input, cache: dict[str, bytes],
           every_flip: bool = True) -> tuple[Input, Input, None]:
    """`streamed_all` as the command was before it streamed: both files' bytes, for the whole files' path."""
    return (replace(gold, data=Path(gold.path).read_bytes()), replace(system, data=Path(system.path).read_bytes()),
            None)


def _run(gold: str, system: str, folder: Path, name: str, *extra: str) -> dict[str, bytes]:
    """`--convention all` with `-o` and the outputs `extra` names (`json`, `html`): each output's bytes, and the
    exit code and standard error."""
    out = {"txt": folder / f"{name}.txt", "json": folder / f"{name}.json", "html": folder / f"{name}.html"}
    argv = ["-g", gold, "-s", system, "--convention", "all", "-o", str(out["txt"])]
    for kind in extra:
        argv += [f"--{kind}", str(out[kind])]
    err = io.StringIO()
    with redirect_stderr(err):
        code = score_main(argv)
    return {"code": bytes([code]), "err": err.getvalue().encode(),
            **{k: p.read_bytes() for k, p in out.items() if p.exists()}}


def _both(gold: str, system: str, folder: Path, *extra: str) -> tuple[dict[str, bytes], dict[str, bytes], list[Any]]:
    """The command's outputs streamed and by the whole files' path, and what `streamed_boards` gave (None: the
    whole files are read)."""
    made = corpus_stream.streamed_boards
    streamed: list[Any] = []

    def spy(*args: Any) -> Any:
        found = made(*args)
        streamed.append(found)
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(corpus_stream, "streamed_boards", spy)
        mine = _run(gold, system, folder, "streamed", *extra)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli, "streamed_all", _whole)
        whole = _run(gold, system, folder, "whole", *extra)
    return mine, whole, streamed


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10 ** 6), longest=st.sampled_from([1, 3]), shuffled=st.booleans(),
       outputs=st.sampled_from([(), ("json",), ("json", "html")]))
def test_all_streamed_is_all_read_whole_byte_for_byte(seed: int, longest: int, shuffled: bool,
                                                      outputs: tuple[str, ...]) -> None:
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        gold, system = _pair(folder, seed, 30, longest=longest, shuffled=shuffled)
        mine, whole, streamed = _both(gold, system, folder, *outputs)
        assert len(streamed) == 1 and streamed[0] is not None
        assert mine == whole  # the text, the JSON (every flip), the page, exit code and standard error


def test_the_text_alone_keeps_only_the_flips_it_lists_and_says_the_others_counted(tmp_path: Path) -> None:
    gold, system = _pair(tmp_path, 11, 60, longest=3)
    mine, whole, streamed = _both(gold, system, tmp_path)
    assert mine == whole
    assert "more (all in --json / --html)" in mine["txt"].decode()  # a group longer than those listed
    switchboard, arguments = streamed[0]
    pairs = [*switchboard.flips, *arguments.board.flips]
    assert any(pair.left_out for pair in pairs)  # counted, not kept
    assert all(len(flips) <= LISTED for pair in pairs for flips in pair.groups.values())


@pytest.mark.parametrize("problem", ["a document gold lacks", "a blank line"])
def test_a_problem_is_worded_as_the_whole_read_words_it(problem: str, tmp_path: Path) -> None:
    gold, system = _pair(tmp_path, 7)
    lines = Path(system).read_text(encoding="utf-8").splitlines(keepends=True)
    if problem == "a document gold lacks":
        lines.append(json.dumps({"doc_id": "elsewhere", "wnd_id": "elsewhere-0", "tokens": ["a"],
                                 "event_mentions": []}) + "\n")
    else:
        lines.insert(5, "\n")
    Path(system).write_text("".join(lines), encoding="utf-8")
    mine, whole, streamed = _both(gold, system, tmp_path, "json")
    assert streamed in ([], [None])  # the stream gave up; the whole read words the problem
    assert mine == whole
    assert mine["code"] == b"\1" and b"pred.jsonl" in mine["err"] and "txt" not in mine


@pytest.mark.parametrize(("gold", "system"), [
    ("textee_gold.jsonl", "textee_pred.jsonl"), ("maven_gold.jsonl", "maven_pred.jsonl"),
    ("maven_ere_gold.jsonl", "maven_ere_pred.jsonl")])
def test_the_files_are_not_read_whole(gold: str, system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither file's bytes are asked for: the TextEE pair is read a document at a time, MAVEN's and MAVEN-ERE's by
    their scorers' streams."""
    asked: list[str] = []
    read = cli.read_bytes
    monkeypatch.setattr(cli, "read_bytes", lambda path: asked.append(path) or read(path))
    mine, whole, streamed = _both(str(EXAMPLES / gold), str(EXAMPLES / system), tmp_path, "json")
    assert mine == whole and mine["code"] == b"\0"
    assert asked == []  # (the whole files' path here reads them itself, `_whole`)
    assert [found is not None for found in streamed] == ([True] if gold.startswith("textee") else [])


def test_the_json_written_in_pieces_is_json_dumps_of_the_whole_object(tmp_path: Path) -> None:
    """`json_pieces` of the lazy object (`LazyFlips`: each flip's object made as the encoder writes it) is the text
    `json.dumps(indent=1)` wrote of the object made whole."""
    gold, system = _pair(tmp_path, 12, 20)
    from evmeval.conventions import prepare
    from evmeval.conventions.argument_pivot import argument_board
    from evmeval.conventions.switchboard import run_switchboard

    g, s = Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes())
    conventions, s = prepare("all", g, s)
    board = run_switchboard(conventions, g, s)
    arguments = argument_board(g, s, board)
    assert any(p.total for p in board.flips)

    def made(lazy: bool) -> dict[str, Any]:
        return cli.report_json(board.results, board.results[0].fingerprint, board, None, None, arguments, lazy=lazy)

    assert "".join(cli.json_pieces(made(True))) == json.dumps(made(False), indent=1) + "\n"


def test_an_output_over_an_input_is_refused_before_either_file_is_read(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    gold, system = _pair(tmp_path, 13)
    asked: list[Any] = []
    monkeypatch.setattr(corpus_stream, "streamed_boards", lambda *args: asked.append(args))
    before = Path(gold).read_bytes()
    assert score_main(["-g", gold, "-s", system, "--convention", "all", "--json", gold]) == 1
    assert asked == [] and Path(gold).read_bytes() == before
