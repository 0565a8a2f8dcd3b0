"""Issue 37: the JSONL readers stream a line (a document, a window) at a time, and the conventions score each
document as it is read. A streamed read gives what the whole-file read gave (values, line numbers, messages);
the first record is there before the file's last line is written; the streamed scores equal the whole-file
forms'; problems of both files come in the order they came when both were read whole. No memory test here:
memory is measured by the benchmarks (docs/benchmarks.md)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.dygiepp import score_documents, score_dygiepp
from evmeval.conventions.maven import score_files as maven_whole
from evmeval.conventions.maven import score_maven
from evmeval.conventions.textee import score_textee, score_windows
from evmeval.io import dygiepp as dy
from evmeval.io import maven as mv
from evmeval.io import maven_ere as ere
from evmeval.io import textee as tx
from evmeval.io.errors import FormatError
from evmeval.io.jsonlines import JsonLines
from evmeval.io.reading import decode_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.core.event_strategies import documents, window_files
from tests.core.maven_strategies import ere_documents, maven_documents, maven_submissions
from tests.programs import installed


def whole_read(data: bytes, path: str) -> list[tuple[int, Any]]:
    """The reading before streaming, transcribed: decode the whole file, split it at newlines (a final newline
    ends the last line), decode every line; the first problem a `FormatError`."""
    lines = decode_text(data, path).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise FormatError(path, 0, "no lines", "one JSON object per line")
    out = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            raise FormatError(path, number, "empty line", "one JSON object per line")
        try:
            out.append((number, json.loads(line)))
        except ValueError as exc:
            raise FormatError(path, number, f"not JSON ({exc})", "one JSON object per line") from None
    return out


def outcome(read: Any) -> Any:
    try:
        return read()
    except FormatError as exc:
        return str(exc)


TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=6)
VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
                      max_leaves=8)
LINES = st.one_of(VALUES.map(lambda v: json.dumps(v, ensure_ascii=False)), VALUES.map(json.dumps),
                  st.sampled_from(["", "  ", "{", "\r", "{} x", "\u2028{}", "[1,\x852]", "{}\r"]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(LINES, max_size=6), ending=st.sampled_from(["", "\n", "\r\n", "\n\n"]))
def test_a_streamed_read_is_the_whole_read(tmp_path: Path, lines: list[str], ending: str) -> None:
    data = ("\n".join(lines) + ending).encode("utf-8")
    path = tmp_path / "f.jsonl"
    path.write_bytes(data)
    expected = outcome(lambda: whole_read(data, str(path)))
    assert outcome(lambda: list(JsonLines(str(path), data))) == expected
    assert outcome(lambda: list(JsonLines(str(path)))) == expected  # read from the file itself


def test_a_validator_lists_each_broken_line_and_reads_on(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_bytes(b'{"a": 1}\n\n{"b": \n{"c": 3}\n')
    problems: list[Any] = []
    assert list(JsonLines(str(path), None, problems)) == [(1, {"a": 1}), (4, {"c": 3})]
    assert [(p.line, p.message) for p in problems] == [(2, "empty line"), (3, "not JSON (Expecting value: line 1 "
                                                                              "column 7 (char 6))")]


def test_a_byte_that_is_not_utf8_is_named_at_its_line_and_offset(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_bytes(b'{"a": 1}\n{"b": "\xff"}\n')
    with pytest.raises(FormatError) as caught:
        list(JsonLines(str(path)))
    assert str(caught.value) == f"{path}:2: not UTF-8 at byte 16 (0xff) (expected a UTF-8 encoded text file)"


def test_the_fingerprint_hashes_the_bytes_read(tmp_path: Path) -> None:
    import hashlib

    data = b'{"a": 1}\r\n{"b": 2}'
    path = tmp_path / "f.jsonl"
    path.write_bytes(data)
    lines = JsonLines(str(path))
    assert lines.sha256 == ""  # not before the end
    list(lines)
    assert lines.sha256 == hashlib.sha256(data).hexdigest()


def test_the_first_document_comes_before_the_last_line_is_written(tmp_path: Path) -> None:
    """From a fifo: the writer holds the last line back until the reader has the first document (or gives up
    after a long while, and the test fails: the reader waited for the whole file)."""
    documents = [ere.Document(f"D{i}", "T", [["a", "b"]], ["a b"], [ere.Event(f"E{i}", "Die", 5, [
        ere.Mention(f"M{i}", "a", 0, (0, 1))])], None, [], {}, {}, []) for i in range(3)]
    lines = ere.dumps_maven_ere(documents).splitlines(keepends=True)
    fifo = tmp_path / "gold.jsonl"
    os.mkfifo(fifo)
    first_read = threading.Event()
    held_back: list[bool] = []

    def write() -> None:
        with open(fifo, "w", encoding="utf-8") as out:
            out.writelines(lines[:-1])
            out.flush()
            held_back.append(first_read.wait(60))
            out.write(lines[-1])

    writer = threading.Thread(target=write)
    writer.start()
    stream = ere.stream_maven_ere(str(fifo))
    items = iter(stream)
    first = next(items)
    first_read.set()
    rest = list(items)
    writer.join()
    assert held_back == [True]
    assert [first.id, *(d.id for d in rest)] == ["D0", "D1", "D2"]
    assert stream.sha256 != ""


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_textee_streamed_scores_equal_the_whole_files(tmp_path: Path, data: st.DataObject) -> None:
    """Windows paired as read, in any order of the system file, give TextEE's file-wide set figures."""
    gold = data.draw(window_files())
    system = [data.draw(st.sampled_from([w, tx.Window(w.doc_id, w.wnd_id, w.tokens)])) for w in gold]
    system = data.draw(st.permutations(system))
    (tmp_path / "g.jsonl").write_text(tx.dumps_textee(gold), encoding="utf-8")
    (tmp_path / "s.jsonl").write_text(tx.dumps_textee(system), encoding="utf-8")
    g, s = Input(str(tmp_path / "g.jsonl")), Input(str(tmp_path / "s.jsonl"))
    whole = score_windows(tx.read_textee(g.path), tx.read_textee(s.path))
    assert score_textee(g, s) == whole  # data None: streamed


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_maven_streamed_scores_equal_the_whole_files(tmp_path: Path, data: st.DataObject) -> None:
    gold = [data.draw(maven_documents(f"D{i}")) for i in range(data.draw(st.integers(1, 3)))]
    submission = data.draw(maven_submissions(gold))
    (tmp_path / "g.jsonl").write_text(mv.dumps_maven(gold), encoding="utf-8")
    (tmp_path / "s.jsonl").write_text(mv.dumps_maven(submission), encoding="utf-8")
    whole = maven_whole(mv.read_maven(str(tmp_path / "g.jsonl")), mv.read_maven(str(tmp_path / "s.jsonl")))
    assert score_maven(Input(str(tmp_path / "g.jsonl")), Input(str(tmp_path / "s.jsonl"))) == whole


def _score(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-score"), *args], capture_output=True, text=True, check=False)


def _windows(n: int) -> list[tx.Window]:
    return [tx.Window("D", f"W{i}", ["a", "b"], [tx.EventMention("Die", 0, 1, "a", f"E{i}")], [], "a b", "en")
            for i in range(n)]


def test_textee_problems_come_in_the_whole_file_order(tmp_path: Path) -> None:
    """A broken system line is said only if the gold file has no problem of its own; then a system window
    that is not gold (the first in the file), then a gold window with no prediction."""
    gold, system = tmp_path / "gold.jsonl", tmp_path / "system.jsonl"
    text = tx.dumps_textee(_windows(4))
    broken = text.splitlines(keepends=True)
    broken[3] = '{"doc_id": "D"}\n'
    gold.write_text("".join(broken), encoding="utf-8")
    system.write_text(text.replace('{"doc_id": "D", "wnd_id": "W1"', "{", 1), encoding="utf-8")
    done = _score("--convention", "textee", "-g", str(gold), "-s", str(system))
    assert (done.returncode, done.stdout) == (1, "")
    assert f"{gold}:4: " in done.stderr  # the gold file's problem, though the system's comes first in reading
    gold.write_text(text, encoding="utf-8")
    done = _score("--convention", "textee", "-g", str(gold), "-s", str(system))
    assert f"{system}:2: not JSON" in done.stderr
    shuffled = _windows(5)[1:]
    random.Random(3).shuffle(shuffled)
    system.write_text(tx.dumps_textee(shuffled), encoding="utf-8")
    done = _score("--convention", "textee", "-g", str(gold), "-s", str(system))
    line = [w.wnd_id for w in shuffled].index("W4") + 1
    assert done.stderr == (f"evmeval-score: error: {system}:{line}: window 'W4' of document 'D' is not in the gold "
                           "file (expected the gold file's windows (TextEE pairs them one to one))\n")
    system.write_text(tx.dumps_textee(_windows(4)[1:]), encoding="utf-8")
    done = _score("--convention", "textee", "-g", str(gold), "-s", str(system))
    assert done.stderr == (f"evmeval-score: error: {system}: no window 'W0' of document 'D' (gold line 1) (expected "
                           "a line for every gold window, empty event_mentions if none predicted)\n")


def test_maven_ere_gold_problems_come_before_the_submissions(tmp_path: Path) -> None:
    gold, system = tmp_path / "gold.jsonl", tmp_path / "system.jsonl"
    docs = [ere.Document(f"D{i}", "T", [["a"]], ["a"], [ere.Event(f"E{i}", "Die", 5, [ere.Mention(
        f"M{i}", "a", 0, (0, 1))])], None, [], {}, {}, []) for i in range(3)]
    gold.write_text(ere.dumps_maven_ere(docs).replace('"sent_id": 0', '"sent_id": 7', 1).replace(
        '"id": "D2", "title": "T"', '"id": "D2", "title": 1'), encoding="utf-8")
    system.write_text('{"id": "D0", "coreference": 3}\n', encoding="utf-8")
    done = _score("--convention", "maven-ere", "-g", str(gold), "-s", str(system))
    assert done.returncode == 1
    assert done.stderr.startswith(f"evmeval-score: error: {gold}:1: ")
    gold.write_text(ere.dumps_maven_ere(docs), encoding="utf-8")
    done = _score("--convention", "maven-ere", "-g", str(gold), "-s", str(system))
    assert done.stderr.startswith(f"evmeval-score: error: {system}:1: document 'D0': 'coreference' is the number 3")
    system.write_text(ere.dumps_maven_ere(docs[:1]), encoding="utf-8")
    done = _score("--convention", "maven-ere", "-g", str(gold), "-s", str(system))
    assert done.stderr == (f"evmeval-score: error: {system}:1: documents given as the submission (expected "
                           "submission lines {id, coreference, temporal_relations, causal_relations, "
                           "subevent_relations})\n")


def test_maven_ere_scores_from_a_pipe(tmp_path: Path) -> None:
    """Standard input is read once, and scored as the file is."""
    gold = tmp_path / "gold.jsonl"
    gold.write_text(ere.dumps_maven_ere([ere_example()]), encoding="utf-8")
    system = '{"id": "D0", "coreference": [["M0", "M1"]]}\n'
    from_file = tmp_path / "system.jsonl"
    from_file.write_text(system, encoding="utf-8")
    piped = subprocess.run([installed("evmeval-score"), "--convention", "maven-ere", "-g", "-", "-s",
                            str(from_file)], input=gold.read_text(encoding="utf-8"), capture_output=True, text=True,
                           check=False)
    direct = _score("--convention", "maven-ere", "-g", str(gold), "-s", str(from_file))
    assert (piped.returncode, direct.returncode) == (0, 0)
    assert piped.stdout == direct.stdout
    assert "muc" in direct.stdout


def ere_example() -> ere.Document:
    return ere.Document("D0", "T", [["a", "b"]], ["a b"], [ere.Event("E0", "Die", 5, [
        ere.Mention("M0", "a", 0, (0, 1)), ere.Mention("M1", "b", 0, (1, 2))])], None, [], {}, {}, [])


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_maven_ere_stream_yields_what_the_whole_read_holds(data: st.DataObject) -> None:
    docs = [data.draw(ere_documents(f"D{i}")) for i in range(data.draw(st.integers(1, 3)))]
    raw = ere.dumps_maven_ere(docs).encode("utf-8")
    stream = ere.stream_maven_ere("g.jsonl", raw)
    assert list(stream) == ere.read_maven_ere("g.jsonl", raw).documents == docs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_dygiepp_streamed_scores_equal_the_whole_files(tmp_path: Path, data: st.DataObject) -> None:
    """Documents paired as read, the system file in any order, datasets in the gold file's order."""
    gold = [data.draw(documents(f"D{i}")) for i in range(data.draw(st.integers(1, 4)))]
    for doc in gold:
        doc.extra["dataset"] = data.draw(st.sampled_from(["ace-event", "genia"]))
    system = [data.draw(documents(d.doc_key, sentences=d.sentences, gold=False, predicted=True)) for d in gold]
    system = data.draw(st.permutations(system))
    (tmp_path / "g.jsonl").write_text(dy.dumps_dygiepp(gold), encoding="utf-8")
    (tmp_path / "s.jsonl").write_text(dy.dumps_dygiepp(system), encoding="utf-8")
    g, s = Input(str(tmp_path / "g.jsonl")), Input(str(tmp_path / "s.jsonl"))
    whole = score_documents(dy.read_dygiepp(g.path), dy.read_dygiepp(s.path))
    assert score_dygiepp(g, s) == whole  # data None: streamed


def test_dygiepp_problems_come_in_the_whole_file_order(tmp_path: Path) -> None:
    gold, system = tmp_path / "gold.jsonl", tmp_path / "system.jsonl"
    docs = [dy.Document(f"D{i}", [["a", "b"]], [[]]) for i in range(3)]
    predicted = [dy.Document(f"D{i}", [["a", "b"]], None, [[]]) for i in range(3)]
    gold.write_text(dy.dumps_dygiepp(docs), encoding="utf-8")

    def error(system_docs: list[dy.Document]) -> str:
        system.write_text(dy.dumps_dygiepp(system_docs), encoding="utf-8")
        done = _score("--convention", "dygiepp", "-g", str(gold), "-s", str(system))
        assert (done.returncode, done.stdout) == (1, "")
        return done.stderr.removeprefix("evmeval-score: error: ")

    wrong = dy.Document("D1", [["a", "c"]], None, [[]])
    other = dy.Document("X", [["a", "b"]], None, [[]])
    assert error([predicted[2], wrong, other, predicted[0]]).startswith(f"{system}:3: document 'X' is not in the "
                                                                        "gold file")
    assert error([predicted[2], wrong, predicted[0]]).startswith(f"{system}:2: document 'D1': sentences differ "
                                                                 "from the gold's (gold line 2)")
    assert error([predicted[2], predicted[1]]).startswith(f"{system}: no document 'D0' (gold line 1)")


def test_the_validator_lists_the_problems_before_a_byte_that_stops_the_reading(tmp_path: Path) -> None:
    path = tmp_path / "w.jsonl"
    window = tx.dumps_textee(_windows(1))
    path.write_bytes(b"{\n" + window.encode() + b'{"doc_id": "\xe9"}\n' + window.encode())
    problems = tx.validate_textee(str(path))
    at = len(b"{\n" + window.encode() + b'{"doc_id": "')  # the byte's offset in the file
    assert [(p.line, p.message.split(" (")[0]) for p in problems] == [(1, "not JSON"), (3, f"not UTF-8 at byte {at}")]
