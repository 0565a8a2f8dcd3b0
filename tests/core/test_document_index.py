"""Issue 34: any document of an event JSONL corpus, read on its own through the format's stream at the places a
fast scan found, is what the whole corpus gives that document; the scan lists the gold's documents in file
order, and a problem elsewhere in the files does not stop one document from being read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.document_index import line_id, scan
from evmeval.conventions.first_document import index_documents, one_document
from evmeval.mention.scoring import score_files
from hypothesis import given
from hypothesis import strategies as st

from tests.shipped import EXAMPLES

FIELD = {"textee": "doc_id", "dygiepp": "doc_key", "maven": "id", "maven_ere": "id"}


def _whole(gold: str, system: str):  # type: ignore[no-untyped-def]
    corpus = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()))
    return corpus.inputs, score_files(corpus.inputs.gold, corpus.inputs.system)


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _with_third(name: str, tmp_path: Path) -> tuple[str, str]:
    """The example pair with a third document (a copy of the first, renamed), appended to both files."""
    key = FIELD[name]
    gold, pred = _lines(EXAMPLES / f"{name}_gold.jsonl"), _lines(EXAMPLES / f"{name}_pred.jsonl")
    first = gold[0][key]
    extra_gold = [{**v, key: "Z3"} | ({"wnd_id": "Z3-0"} if name == "textee" else {})
                  for v in gold if v[key] == first]
    extra_pred = [{**v, key: "Z3"} | ({"wnd_id": "Z3-0"} if name == "textee" else {})
                  for v in pred if v[key] == first]
    paths = []
    for file_name, values in (("gold.jsonl", gold + extra_gold), ("pred.jsonl", pred + extra_pred)):
        (tmp_path / file_name).write_text("".join(json.dumps(v) + "\n" for v in values), encoding="utf-8")
        paths.append(str(tmp_path / file_name))
    return paths[0], paths[1]


@pytest.mark.parametrize("name", ["textee", "maven", "maven_ere", "dygiepp"])
def test_every_document_read_alone_is_the_whole_corpus_result_for_it(name: str, tmp_path: Path) -> None:
    gold, system = _with_third(name, tmp_path)
    index = index_documents(gold, system)
    assert index is not None
    inputs, result = _whole(gold, system)
    assert list(index.doc_ids) == list(inputs.gold.documents)  # the gold's documents, in file order
    assert index.doc_ids[-1] == "Z3"
    for doc_id in index.doc_ids:
        one = one_document(index, doc_id)
        assert one is not None, doc_id
        assert list(one.inputs.gold.documents) == [doc_id]
        assert list(one.result.documents) == [result.document(doc_id)]
        assert one.result.document(doc_id).gold == result.document(doc_id).gold  # lines included
        assert one.result.document(doc_id).system == result.document(doc_id).system
        assert one.inputs.texts.text(doc_id) == inputs.texts.text(doc_id)
        assert one.inputs.tokens.table(doc_id) == inputs.tokens.table(doc_id)
    assert one_document(index, "nowhere") is None


def test_a_broken_line_elsewhere_leaves_the_other_documents_readable(tmp_path: Path) -> None:
    gold, system = _with_third("maven_ere", tmp_path)
    text = Path(gold).read_text(encoding="utf-8").splitlines()
    Path(gold).write_text("\n".join([text[0], "{broken", *text[1:]]) + "\n", encoding="utf-8")
    index = index_documents(gold, system)
    assert index is not None and index.doc_ids == ("A", "B", "Z3")
    one = one_document(index, "Z3")
    assert one is not None
    assert one.result.document("Z3").gold[0].line == 4  # its own line number, past the broken one
    assert one.inputs.gold.path.endswith("gold.jsonl")


def test_a_problem_on_the_documents_own_line_or_an_id_twice_gives_none(tmp_path: Path) -> None:
    gold, system = _with_third("maven", tmp_path)
    lines = Path(gold).read_text(encoding="utf-8").splitlines()
    bad = json.loads(lines[1])
    bad["events"][0]["type_id"] = "nine"  # the format's own check, on this document's line only
    Path(gold).write_text("\n".join([lines[0], json.dumps(bad), *lines[2:], lines[0]]) + "\n", encoding="utf-8")
    index = index_documents(gold, system)
    assert index is not None
    assert one_document(index, "D2") is None  # the corpus load words it
    assert one_document(index, "D1") is None  # on two lines: the corpus load refuses the file
    assert one_document(index, "D3") is not None


def test_a_maven_type_the_document_lacks_is_named_from_other_gold_documents(tmp_path: Path) -> None:
    gold, system = tmp_path / "gold.jsonl", tmp_path / "pred.jsonl"
    gold.write_bytes((EXAMPLES / "maven_gold.jsonl").read_bytes())
    system.write_text(json.dumps({"id": "D2", "predictions": [{"id": "M4", "type_id": 9}]}) + "\n", encoding="utf-8")
    index = index_documents(str(gold), str(system))
    assert index is not None
    one = one_document(index, "D2")
    assert one is not None
    assert [m.raw_type for m in one.inputs.system.documents["D2"].mentions] == ["Escaping"]  # not "type 9"
    assert one.inputs.system.documents["D2"] == _whole(str(gold), str(system))[0].system.documents["D2"]


def test_the_scan_reads_ids_as_json_does() -> None:
    assert line_id(b'{"title": "a \\"id\\": x", "id": "D\\/1", "content": []}\n', "id") == "D/1"
    assert line_id(b'{"content": [{"id": "inner"}], "id": "outer"}', "id") == "outer"  # decoded whole
    assert line_id(b'{"doc_id": "\\u00e9t\\u00e9"}', "doc_id") == "\u00e9t\u00e9"
    assert line_id(b"{broken", "id") is None
    assert line_id(b'["id", "x"]', "id") is None
    assert line_id(b'{"id": 3}', "id") is None


_LINE = st.one_of(
    st.builds(lambda i, pad: json.dumps({"id": i, "pad": pad}), st.sampled_from(["A", "B", "\u00e9", "C\\d"]),
              st.text(max_size=300)),
    st.builds(lambda i: json.dumps({"x": [1], "id": i}), st.sampled_from(["A", "Z"])),  # decoded whole
    st.sampled_from(["", "   ", "{broken", '{"id": 3}']))


@given(lines=st.lists(_LINE, max_size=12), last_newline=st.booleans())
def test_the_scan_places_each_line_where_the_file_has_it(lines: list[str], last_newline: bool) -> None:
    """Each id's places are the byte offset and line number of the lines whose JSON has it, in file order."""
    import tempfile

    data = "\n".join(lines).encode() + (b"\n" if last_newline and lines else b"")
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as handle:
        handle.write(data)
        handle.flush()
        found = scan(handle.name, "id")
    expected: dict[str, list[tuple[int, int]]] = {}
    at = 0
    for number, raw in enumerate(data.splitlines(keepends=True), 1):
        doc_id = line_id(raw, "id") if raw.strip() else None
        if doc_id is not None:
            expected.setdefault(doc_id, []).append((at, number))
            assert data[at:].startswith(raw)
        at += len(raw)
    assert found == expected


def test_the_scan_reads_the_file_without_mapping_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A mapped file's pages count in the process's resident memory once read: a 65 MB gold file scanned so was
    the window's peak (issue 34)."""
    import mmap

    def refused(*_: object, **__: object) -> None:
        raise AssertionError("the scan mapped the file")

    monkeypatch.setattr(mmap, "mmap", refused)
    path = tmp_path / "gold.jsonl"
    path.write_text('{"id": "A"}\n{"id": "B"}\n{"id": "A"}\n', encoding="utf-8")
    assert scan(str(path), "id") == {"A": [(0, 1), (24, 3)], "B": [(12, 2)]}


def test_string_predictions_and_pipes_are_left_to_the_corpus_load() -> None:
    assert index_documents(str(EXAMPLES / "textee_gold.jsonl"), str(EXAMPLES / "strings_pred.jsonl")) is None
    assert index_documents("-", str(EXAMPLES / "maven_ere_pred.jsonl")) is None


def _many(name: str, tmp_path: Path, copies: int, words: int = 0) -> tuple[str, str]:
    """The example pair with its first document repeated `copies` times under new ids (TextEE: `words` more
    tokens at the end of each copy's window, as long as real documents are)."""
    key = FIELD[name]
    gold, pred = _lines(EXAMPLES / f"{name}_gold.jsonl"), _lines(EXAMPLES / f"{name}_pred.jsonl")
    first = gold[0][key]
    more = [f"w{i}" for i in range(words)]

    def copied(values: list[dict]) -> list[dict]:
        return values + [{**v, key: f"C{n}"} | ({"wnd_id": f"C{n}-0", "tokens": v["tokens"] + more}
                                                if name == "textee" else {})
                         for n in range(copies) for v in values if v[key] == first]

    paths = []
    for file_name, values in (("gold.jsonl", copied(gold)), ("pred.jsonl", copied(pred))):
        (tmp_path / file_name).write_text("".join(json.dumps(v) + "\n" for v in values), encoding="utf-8")
        paths.append(str(tmp_path / file_name))
    return paths[0], paths[1]


@pytest.mark.parametrize("name", ["textee", "maven", "maven_ere", "dygiepp"])
def test_texts_read_through_the_index_are_the_texts_made_for_every_document(name: str, tmp_path: Path) -> None:
    from evmeval.conventions.first_document import index_gold

    gold, system = _many(name, tmp_path, 3)
    eager = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes())).inputs
    index = index_gold(gold)
    assert index is not None
    lazy = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()),
                        index=index).inputs
    assert lazy.gold == eager.gold and lazy.system == eager.system
    for doc_id in eager.gold.documents:
        assert lazy.texts.text(doc_id) == eager.texts.text(doc_id)
        assert lazy.tokens.table(doc_id) == eager.tokens.table(doc_id)
        assert lazy.tokens.ids(doc_id) == eager.tokens.ids(doc_id)
    assert lazy.texts.text("nowhere") is None and lazy.tokens.table("nowhere") is None


def test_a_corpus_read_through_the_index_keeps_a_fraction_of_the_memory(tmp_path: Path) -> None:
    import gc
    import tracemalloc

    from evmeval.conventions.first_document import index_gold

    gold, system = _many("textee", tmp_path, 200, words=300)

    def kept(index: object) -> int:
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        loaded = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()),
                              index=index)  # type: ignore[arg-type]
        for doc_id in list(loaded.inputs.gold.documents)[:5]:
            assert loaded.inputs.texts.text(doc_id)  # the documents shown
        gc.collect()
        size = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        del loaded
        return size

    assert kept(index_gold(gold)) < 0.75 * kept(None)


@pytest.mark.parametrize("name", ["maven", "maven_ere"])
def test_a_pair_read_with_the_gold_streamed_is_the_pair_read_whole(name: str, tmp_path: Path) -> None:
    from evmeval.conventions.corpus_formats import read_pair, streamed_pair
    from evmeval.conventions.first_document import index_gold

    gold, _ = _with_third(name, tmp_path)
    system = tmp_path / "predicted_documents.jsonl"  # predicted documents (not a submission): their type names
    system.write_text(Path(gold).read_text(encoding="utf-8").replace('"type": "Attack"', '"type": "Assault"'),
                      encoding="utf-8")
    found = name.replace("_", "-")
    for pred in (str(system), str(tmp_path / "pred.jsonl")):
        whole = read_pair(found, Input(gold, Path(gold).read_bytes()), Input(pred, Path(pred).read_bytes()))
        streamed = streamed_pair(found, Input(gold, Path(gold).read_bytes()), Input(pred, Path(pred).read_bytes()))
        assert streamed.gold == whole.gold and streamed.system == whole.system
        assert list(streamed.system.documents) == list(whole.system.documents)
        assert whole.units and not streamed.units  # the window reads a document's text when shown
    assert index_gold(gold) is not None


@pytest.mark.parametrize("name", ["maven", "maven_ere"])
def test_the_streamed_pair_leaves_no_parse_of_the_predictions_behind(name: str, tmp_path: Path) -> None:
    """The convention's scorer reads the submission itself: a parse kept by the input was a second one held through
    the switchboard, most of a MAVEN-ERE load's peak (issue 34); the window's load gives the same figures."""
    from evmeval.conventions.corpus_formats import streamed_pair
    from evmeval.conventions.first_document import index_gold

    gold, pred = _with_third(name, tmp_path)
    found = name.replace("_", "-")
    system = Input(pred, Path(pred).read_bytes())
    pair = streamed_pair(found, Input(gold), system)
    assert not system.has_parsed(found)
    assert "Z3" in pair.system.documents
    window = event_inputs(Input(gold), Input(pred, Path(pred).read_bytes()), index=index_gold(gold),
                          keep_outcomes=False)
    whole = event_inputs(Input(gold, Path(gold).read_bytes()), Input(pred, Path(pred).read_bytes()))
    assert window.switchboard.to_json() == whole.switchboard.to_json()
    assert window.inputs.system.documents == whole.inputs.system.documents


@pytest.mark.parametrize("name", ["maven", "maven_ere"])
def test_the_gold_files_problem_is_said_first_as_when_both_are_read_whole(name: str, tmp_path: Path) -> None:
    from evmeval.conventions.first_document import index_gold
    from evmeval.io.errors import FormatError

    gold, system = _with_third(name, tmp_path)
    Path(gold).write_text(Path(gold).read_text(encoding="utf-8") + "{broken\n", encoding="utf-8")
    Path(system).write_text("[1]\n" + Path(system).read_text(encoding="utf-8"), encoding="utf-8")
    messages = []
    for index in (None, index_gold(gold)):
        with pytest.raises(FormatError) as raised:
            event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()), index=index)
        messages.append(str(raised.value))
    broken = len(Path(gold).read_text(encoding="utf-8").splitlines())
    assert messages[0] == messages[1] and f"gold.jsonl:{broken}: not JSON" in messages[0]


def test_the_scan_asks_cancelled_as_it_goes_and_finds_the_same(tmp_path: Path) -> None:
    """The window's load scans the gold in a job that waits at its cancel checks while the GUI thread works for
    the user: a 65 MB file took 0.1-0.6 s without one. The scan asks every `_CHECK_EVERY` lines, stops with
    `Cancelled` when told, and finds what it finds without a check."""
    from evmeval._util.progress import Cancelled
    from evmeval.conventions.document_index import _CHECK_EVERY, scan

    path = tmp_path / "many.jsonl"
    path.write_text("".join(json.dumps({"id": f"D{n}", "x": n}) + "\n" for n in range(3 * _CHECK_EVERY + 5)),
                    encoding="utf-8")
    calls: list[int] = []

    def never() -> bool:
        calls.append(1)
        return False

    assert scan(str(path), "id", never) == scan(str(path), "id")
    assert len(calls) == 3  # once every _CHECK_EVERY lines
    with pytest.raises(Cancelled):
        scan(str(path), "id", lambda: True)


def test_a_line_too_long_to_be_one_ends_the_scan_without_reading_it_whole(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A binary file or one without line ends is never read into one object: the scan stops at the first line
    over the readers' limit (the load names it, `reading.long_line`), and keeps what it placed before."""
    from evmeval.conventions import document_index

    monkeypatch.setattr(document_index, "MAX_LINE_BYTES", 64)
    path = tmp_path / "gold.jsonl"
    first = json.dumps({"id": "d1", "x": 1}) + "\n"
    path.write_text(first + "{" + "x" * 500 + "\n" + json.dumps({"id": "d3"}) + "\n", encoding="utf-8")
    assert scan(str(path), "id") == {"d1": [(0, 1)]}
