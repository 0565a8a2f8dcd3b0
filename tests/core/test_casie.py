"""CASIE JSON: reader/writer round trips, validator messages at file:line with the path inside the
document, evmeval-score on CASIE (v1.8's rules with coreference), and evmeval-convert's round trips and
its report of what it did not carry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.cli.convert import convert_main
from evmeval.cli.score import score_main, validate_main
from evmeval.io import casie
from evmeval.io.errors import FormatError
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.shipped import EXAMPLES

DATA = EXAMPLES
CONTENT = "Hackers breached the bank. The breach exposed data. A patch was released."


def _event(start: int, end: int, kind: str = "Attack", subtype: str = "Databreach", realis: str = "Actual",
           index: str = "E1") -> dict:
    return {"nugget": {"startOffset": start, "index": "T" + index, "endOffset": end, "text": CONTENT[start:end]},
            "subtype": subtype, "argument": [{"startOffset": 0, "index": "T9", "endOffset": 7,
                                              "role": {"type": "Attacker"}, "type": "Person", "text": "Hackers"}],
            "index": index, "realis": realis, "type": kind}


def _doc(hoppers: list[list[dict]]) -> dict:
    return {"sourcefile": "d1.txt", "info": {"title": "t"}, "content": CONTENT,
            "cyberevent": {"hopper": [{"relation": "Same", "index": i, "events": h} for i, h in enumerate(hoppers)]}}


GOLD = _doc([[_event(8, 16, index="E1"), _event(27, 37, index="E2")],
             [_event(54, 59, "Vulnerability-related", "Patch-Vulnerability", "Other", "E3")]])


def _write(folder: Path, name: str, value: object, indent: int | None = None) -> str:
    path = folder / name
    path.write_text(json.dumps(value, indent=indent), encoding="utf-8")
    return str(path)


def test_reads_the_published_layout_and_maps_onto_tbf(tmp_path: Path) -> None:
    [doc] = casie.read_casie(_write(tmp_path, "d1.json", GOLD))
    assert doc.doc_id == "d1" and [len(h.events) for h in doc.hoppers] == [2, 1]
    tbf = casie.to_tbf_document(doc, "run")
    assert [(m.mention_id, m.span, m.raw_type, m.raw_realis) for m in tbf.mentions] == [
        ("E1", ((8, 16),), "Attack.Databreach", "Actual"), ("E2", ((27, 37),), "Attack.Databreach", "Actual"),
        ("E3", ((54, 59),), "Vulnerability-related.Patch-Vulnerability", "Other")]
    assert [(r.kind, r.mention_ids) for r in tbf.relations] == [("Coreference", ("E1", "E2"))]


_names = st.text("abcXYZ-", min_size=1, max_size=6)


@st.composite
def _documents(draw: st.DrawFn) -> dict:
    hoppers = []
    for h in range(draw(st.integers(0, 3))):
        events = []
        for e in range(draw(st.integers(1, 3))):
            start = draw(st.integers(0, len(CONTENT) - 1))
            end = draw(st.integers(start + 1, len(CONTENT)))
            realis = draw(st.sampled_from(["Actual", "Generic", "Other"]))
            event = _event(start, end, draw(_names), draw(_names), realis, f"E{h}{e}")
            if draw(st.booleans()):
                del event["argument"]
            events.append(event)
        hoppers.append(events)
    doc = _doc(hoppers)
    if draw(st.booleans()):
        doc["extra_field"] = {"kept": [1, 2]}
    return doc


@settings(max_examples=60, deadline=None)
@given(value=_documents(), indent=st.sampled_from([None, 2]))
def test_round_trip(value: dict, indent: int | None) -> None:
    text = json.dumps(value, indent=indent)
    doc = casie.parse_casie(text, "d.json")
    written = casie.dumps_casie(doc)
    assert json.loads(written) == value
    assert casie.parse_casie(written, "d.json") == doc


@pytest.mark.parametrize(("edit", "line", "message"), [
    (lambda d: d["cyberevent"]["hopper"][1]["events"][0].__setitem__("realis", 3), 67,
     "hopper 1, event 0: 'realis' is the number 3"),
    (lambda d: d["cyberevent"]["hopper"][0]["events"][1]["nugget"].__setitem__("endOffset", 20), 38,
     "hopper 0, event 1, nugget: span [27, 20) empty or negative"),
    (lambda d: d["cyberevent"]["hopper"][0]["events"][0]["argument"][0]["role"].pop("type"), 26,
     "hopper 0, event 0, argument 0, role: no 'type' field"),
    (lambda d: d.pop("content"), 1, "no 'content' field"),
])
def test_validator_names_file_line_and_path(tmp_path: Path, edit, line: int, message: str) -> None:  # type: ignore[no-untyped-def]
    value = json.loads(json.dumps(GOLD))
    edit(value)
    path = _write(tmp_path, "d1.json", value, indent=2)
    with pytest.raises(FormatError) as caught:
        casie.read_casie(path)
    assert caught.value.line == line and message in str(caught.value), str(caught.value)
    assert [p.line for p in casie.validate_casie(str(tmp_path))] == [line]


def test_text_mismatch_is_a_warning_and_validate_prints_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    value = json.loads(json.dumps(GOLD))
    value["cyberevent"]["hopper"][0]["events"][0]["nugget"]["text"] = "breach"
    path = _write(tmp_path, "d1.json", value)
    assert validate_main([path]) == 1
    out = capsys.readouterr().out
    assert "d1.json:1: warning: hopper 0, event 0, nugget: text 'breach' is not the content at [8, 16)" in out


def test_score_casie_folders_with_coreference(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "g").mkdir()
    (tmp_path / "s").mkdir()
    _write(tmp_path / "g", "d1.json", GOLD)
    # system: E2 found with another realis, E3 missed, E1 alone (no coreference link)
    _write(tmp_path / "s", "d1.json", _doc([[_event(8, 16, index="E1")], [_event(27, 37, realis="Other", index="E2")]]))
    assert score_main(["-g", str(tmp_path / "g"), "-s", str(tmp_path / "s"), "-c", str(tmp_path / "c.out")]) == 0
    out = capsys.readouterr().out
    # 2 of 2 system mentions right, 2 of 3 gold found: P 100, R 66.67; realis: 1 of 2
    assert "                     plain\t100.00\t66.67\t80.00" in out
    assert "             realis_status\t50.00\t33.33\t40.00" in out
    assert "Metric : muc\tScore\t0.00" in out  # the gold link E1-E2 missed, no system link


def test_casie_with_token_tables_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "d1.json", GOLD)
    assert score_main(["-g", path, "-s", path, "-t", str(tmp_path)]) == 1
    assert "CASIE spans are character offsets" in capsys.readouterr().err


def test_convert_casie_tbf_casie_round_trip_and_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "g").mkdir()
    _write(tmp_path / "g", "d1.json", GOLD)
    assert convert_main(["--from", "casie", "--to", "tbf", str(tmp_path / "g"), "-o", str(tmp_path / "a")]) == 0
    out = capsys.readouterr().out
    assert "not carried: 3 event arguments (tbf has no arguments)" in out
    assert (tmp_path / "a" / "txt" / "d1.txt").read_text(encoding="utf-8") == CONTENT
    assert convert_main(["--from", "tbf", "--to", "casie", "--text", str(tmp_path / "a" / "txt"),
                         str(tmp_path / "a" / "g.tbf"), "-o", str(tmp_path / "b")]) == 0
    [doc] = casie.read_casie(str(tmp_path / "b"))
    back = [[(e.nugget.start, e.nugget.end, e.type, e.subtype, e.realis, e.index) for e in h.events]
            for h in doc.hoppers]
    assert back == [[(8, 16, "Attack", "Databreach", "Actual", "E1"),
                     (27, 37, "Attack", "Databreach", "Actual", "E2")],
                    [(54, 59, "Vulnerability-related", "Patch-Vulnerability", "Other", "E3")]]


def test_convert_textee_to_tbf_scores_as_the_source(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = str(DATA / "textee_gold.jsonl")
    assert convert_main(["--from", "textee", "--to", "tbf", gold, "-o", str(tmp_path / "a")]) == 0
    out = capsys.readouterr().out
    assert "event arguments (tbf has no arguments)" in out and "entity mentions" in out
    tbf = tmp_path / "a" / "textee_gold.tbf"
    assert convert_main(["--from", "tbf", "--to", "textee", "-t", str(tmp_path / "a" / "tkn"), str(tbf),
                         "-o", str(tmp_path / "b")]) == 0
    assert convert_main(["--from", "textee", "--to", "tbf", str(tmp_path / "b" / "textee_gold.jsonl"),
                         "-o", str(tmp_path / "c")]) == 0
    # textee -> tbf -> textee -> tbf: the same mentions on the same tokens of the same texts
    assert _on_text(tbf, tmp_path / "a") == _on_text(tmp_path / "c" / "textee_gold.tbf", tmp_path / "c")
    assert len(_on_text(tbf, tmp_path / "a")) == 4


def _on_text(path: Path, folder: Path) -> list[tuple[str, tuple[tuple[int, int], ...], str, str]]:
    """Each mention as (document, character extents of its tokens in the document's text, text, type)."""
    from evmeval.io.tbf import read_tbf
    from evmeval.io.tokens import read_token_table
    from evmeval.model import SpanMode

    tbf, _ = read_tbf(str(path), mode=SpanMode.TOKEN)
    out = []
    for doc in tbf.documents.values():
        table = {t.id: t for t in read_token_table(str(folder / "tkn" / f"{doc.doc_id}.tab"), doc_id=doc.doc_id).tokens}
        text = (folder / "txt" / f"{doc.doc_id}.txt").read_text(encoding="utf-8")
        for m in doc.mentions:
            extents = tuple((table[t].first, table[t].last) for t in m.span)
            out.append((doc.doc_id, extents, " ".join(text[a:b + 1] for a, b in extents), m.raw_type))
    return sorted(out)


def test_convert_checks_outputs_before_work(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert convert_main(["--from", "casie", "--to", "tbf", str(DATA / "nope.json"), "-o",
                         str(tmp_path / "x" / "y")]) == 1
    assert "evmeval-convert: error:" in capsys.readouterr().err
    (tmp_path / "g").mkdir()
    _write(tmp_path / "g", "d1.json", GOLD)
    assert convert_main(["--from", "casie", "--to", "tbf", str(tmp_path / "g"), "-o", str(tmp_path / "g")]) == 1
    assert "among the inputs" in capsys.readouterr().err
    assert sorted(p.name for p in (tmp_path / "g").iterdir()) == ["d1.json"]
    assert convert_main(["--from", "tbf", "--to", "textee", str(tmp_path / "g" / "d1.json"), "-o",
                         str(tmp_path / "o")]) == 1
    assert "needs the token tables" in capsys.readouterr().err
