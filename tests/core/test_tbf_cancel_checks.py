"""Reading and checking tbf files check `cancelled` between documents (issue 34).

The window's corpus load waits at its cancel checks while the GUI thread works for the user; a 4,480-document tbf
load spent 8 of its 9 s in parsing and input checks with no check at all (up to 4.5 s at a time), so a click shared
the interpreter with it. Commands pass no `cancelled` and read exactly as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval._util.progress import Cancelled
from evmeval.io import reading
from evmeval.io.errors import FormatError
from evmeval.io.input_checks import input_warnings
from evmeval.io.loading import load_inputs
from evmeval.io.tbf import read_tbf
from evmeval.io.validate import check_files
from evmeval.model import SpanMode
from hypothesis import given
from hypothesis import strategies as st

DATA = Path(__file__).resolve().parents[1] / "data" / "aligngui"
GOLD, SYSTEM, TOKENS = str(DATA / "gold.tbf"), str(DATA / "system.tbf"), str(DATA / "tkn")


class Counting:
    """A cancel check that counts its calls and says stop from call `stop_at` on (never: 0)."""

    def __init__(self, stop_at: int = 0) -> None:
        self.calls = 0
        self.stop_at = stop_at

    def __call__(self) -> bool:
        self.calls += 1
        return bool(self.stop_at) and self.calls >= self.stop_at


def test_reading_checks_once_a_document_and_reads_the_same() -> None:
    check = Counting()
    checked, problems = read_tbf(GOLD, mode=SpanMode.TOKEN, cancelled=check)
    plain, plain_problems = read_tbf(GOLD, mode=SpanMode.TOKEN)
    assert len(plain.documents) == 2
    assert check.calls == len(plain.documents)
    assert checked == plain and problems == plain_problems


def test_reading_stops_at_the_next_document_once_cancelled() -> None:
    with pytest.raises(Cancelled):
        read_tbf(GOLD, mode=SpanMode.TOKEN, cancelled=Counting(stop_at=2))


def test_the_input_checks_check_between_documents_and_warn_the_same() -> None:
    inputs = load_inputs(GOLD, SYSTEM, token_dir=TOKENS)
    check = Counting()
    assert input_warnings(inputs, check) == input_warnings(inputs)
    documents = len(inputs.gold.documents) + len(inputs.system.documents)
    shared = len(set(inputs.gold.documents) | set(inputs.system.documents))
    assert check.calls == documents + shared  # each file's documents, then each document's token ids
    with pytest.raises(Cancelled):
        check_files([inputs.gold, inputs.system], inputs.tokens.unknown_ids, Counting(stop_at=3))


def test_loading_both_files_stops_in_the_system_file_once_cancelled() -> None:
    check = Counting(stop_at=3)  # the gold file's two documents read, then stop
    with pytest.raises(Cancelled):
        load_inputs(GOLD, SYSTEM, token_dir=TOKENS, cancelled=check)
    assert check.calls == 3


LINES = st.text(alphabet=st.one_of(st.characters(blacklist_categories=("Cs",)), st.just("\n")), max_size=60)


@given(LINES, st.integers(1, 7))
def test_a_text_decoded_in_steps_is_the_text_decoded_at_once(text: str, step: int) -> None:
    """Steps of a few bytes, cut after the first line end past each step (never inside é, 한 or an emoji): the same
    text, a check a piece; the lines of the pieces as read are the text's lines."""
    data = text.encode("utf-8")
    check = Counting()
    old, reading.DECODE_STEP = reading.DECODE_STEP, step
    try:
        assert reading.decode_text(data, "x.tbf", check) == text
        pieces = reading.decode_pieces(data, "x.tbf", Counting())
    finally:
        reading.DECODE_STEP = old
    assert "".join(pieces) == text
    assert all(p.endswith("\n") and len(p.encode("utf-8")) >= step for p in pieces[:-1])
    assert check.calls == (0 if len(data) <= step else len(pieces))
    assert list(reading.lines_in_chunks(pieces, chunk=3)) == text.split("\n") == list(reading.lines_in_chunks(text))


def test_pieces_must_each_end_a_line_but_the_last() -> None:
    assert list(reading.lines_in_chunks(["a\n", "b"])) == ["a", "b"]
    assert list(reading.lines_in_chunks([])) == [""]  # as "".split("\n")
    with pytest.raises(ValueError, match="does not end a line"):
        list(reading.lines_in_chunks(["a", "b"]))


@given(st.binary(max_size=40), st.integers(1, 7))
def test_bad_bytes_decoded_in_steps_are_named_as_at_once(data: bytes, step: int) -> None:
    def outcome(cancelled: Counting | None) -> str:
        try:
            return "text " + reading.decode_text(data, "x.tbf", cancelled)
        except FormatError as exc:
            return f"error {exc}"

    old, reading.DECODE_STEP = reading.DECODE_STEP, step
    try:
        assert outcome(Counting()) == outcome(None)
    finally:
        reading.DECODE_STEP = old


def test_a_large_file_is_decoded_in_steps_and_reading_stops_once_cancelled(tmp_path: Path) -> None:
    """A tbf file of more than one step (4 MB) asks the check while it is decoded, before its first document."""
    big = tmp_path / "big.tbf"
    body = Path(GOLD).read_text(encoding="utf-8")
    copies = reading.DECODE_STEP // len(body.encode("utf-8")) + 2
    big.write_text("".join(body.replace("#BeginOfDocument ", f"#BeginOfDocument c{n}_") for n in range(copies)),
                   encoding="utf-8")
    with pytest.raises(Cancelled):
        read_tbf(str(big), mode=SpanMode.TOKEN, cancelled=Counting(stop_at=1))  # the first check: while decoding
    check = Counting()
    checked, _ = read_tbf(str(big), mode=SpanMode.TOKEN, cancelled=check)
    assert check.calls == 2 + len(checked.documents) == 2 + 2 * copies
    assert checked == read_tbf(str(big), mode=SpanMode.TOKEN)[0]


def _outcome(read) -> str:  # type: ignore[no-untyped-def]
    try:
        return "lines " + repr(list(reading.lines_in_chunks(read())))
    except FormatError as exc:
        return f"error {exc}"


@given(st.lists(st.one_of(LINES, st.binary(max_size=12)), max_size=6), st.integers(1, 9), st.integers(0, 2))
def test_a_file_read_in_steps_reads_as_read_whole(tmp_path_factory, parts, step: int, long: int) -> None:
    """`read_pieces` (the window's load: a step read at a time, a check before each read): the lines of the file
    read whole and decoded in pieces, or the same failure (a byte order mark, a bad byte and its line, a line too
    long), whatever the steps."""
    data = b"".join(p.encode("utf-8") if isinstance(p, str) else p for p in parts)
    path = tmp_path_factory.mktemp("steps") / "x.tbf"
    path.write_bytes(data)
    old = reading.DECODE_STEP, reading.MAX_LINE_BYTES, reading._CHUNK
    reading.DECODE_STEP, reading.MAX_LINE_BYTES, reading._CHUNK = step, [1 << 30, 12, 5][long], step + 1
    try:
        check = Counting()
        stepped = _outcome(lambda: reading.read_pieces(str(path), check))
        whole = _outcome(lambda: reading.decode_pieces(reading.read_bytes(str(path)), str(path), Counting()))
    finally:
        reading.DECODE_STEP, reading.MAX_LINE_BYTES, reading._CHUNK = old
    assert stepped == whole
    if len(data) > step and stepped.startswith("lines") and long == 0:
        assert check.calls == -(-len(data) // step)  # one a read, never at the end of the file


@pytest.mark.parametrize("data", [b"ok\n\xff\nab\ncd\n" + b"x" * 30, b"a\nb\n" + b"y" * 30 + b"\n\xff",
                                  b"\xef\xbb\xbfa\n" + b"z" * 30, b"a\n" * 9 + b"\xc3\n\xa9",
                                  b"\xff\xfe\x00\x00a\nb\n\xff\nc\n", b"\xef\xbb\xbf\n\xff\nab\n"])
def test_a_bad_byte_then_a_line_too_long_read_in_steps(tmp_path: Path, data: bytes) -> None:
    """The failures' order and lines across steps (a bad byte, then a line too long: the long line is named)."""
    path = tmp_path / "x.tbf"
    path.write_bytes(data)
    old = reading.DECODE_STEP, reading.MAX_LINE_BYTES, reading._CHUNK
    reading.DECODE_STEP, reading.MAX_LINE_BYTES, reading._CHUNK = 3, 10, 4
    try:
        stepped = _outcome(lambda: reading.read_pieces(str(path), Counting()))
        whole = _outcome(lambda: reading.decode_pieces(reading.read_bytes(str(path)), str(path), Counting()))
    finally:
        reading.DECODE_STEP, reading.MAX_LINE_BYTES, reading._CHUNK = old
    assert stepped == whole and stepped.startswith("error")


def test_the_load_reads_a_large_file_a_step_at_a_time(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A file of more than a step is never read in one call while the window loads it (`cancelled` given), and
    it reads as the command reads it."""
    big = tmp_path / "big.tbf"
    body = Path(GOLD).read_text(encoding="utf-8")
    big.write_text("".join(body.replace("#BeginOfDocument ", f"#BeginOfDocument c{n}_") for n in range(5)),
                   encoding="utf-8")
    monkeypatch.setattr(reading, "DECODE_STEP", 1000)
    whole = read_tbf(str(big), mode=SpanMode.TOKEN)
    reads: list[int] = []
    plain = reading.read_bytes
    monkeypatch.setattr(reading, "read_bytes", lambda p: reads.append(1) or plain(p))
    assert read_tbf(str(big), mode=SpanMode.TOKEN, cancelled=Counting()) == whole
    assert reads == []
