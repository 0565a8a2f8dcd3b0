"""`evmeval-iaa` and `evmeval-brat2tbf` end to end: outputs, JSON layout, errors with file and line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from evmeval.cli.iaa import brat2tbf_main, iaa_main
from evmeval.cli.score import validate_main
from evmeval.io.tbf import read_tbf
from evmeval.model import SpanMode

COMBINATIONS = ("plain", "mention_type", "realis_status", "mention_type+realis_status")


@pytest.fixture
def token_demo(evmeval_data: Path) -> Path:
    return evmeval_data / "scoring_demo" / "token_based"


def test_iaa_prints_matrices_and_writes_every_pair_to_json(token_demo: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "iaa.json"
    inputs = [str(token_demo / "gold.tbf"), str(token_demo / "sample_system_C.tbf"), str(token_demo / "ann")]
    code = iaa_main([*inputs, "-t", str(token_demo / "tkn"), "-ae", ".tkn.ann", "--json", str(out)])
    assert code == 0
    report = capsys.readouterr().out
    assert "mention_type+realis_status" in report and "mean of pairs" in report and "Fleiss" in report
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [(p["a"], p["b"]) for p in data["pairs"]] == [(inputs[0], inputs[1]), (inputs[0], inputs[2]),
                                                       (inputs[1], inputs[2])]
    for pair in data["pairs"]:
        for c in COMBINATIONS:
            assert set(pair[c]) >= {"precision", "recall", "f1"}
        assert {d["doc_id"] for d in pair["documents"]} == {"example1", "example2"}
        assert set(pair["documents"][0]["scores"]) == set(COMBINATIONS)
    # gold and the brat annotation it was converted from agree completely
    assert data["pairs"][1]["mention_type+realis_status"]["f1"] == 1.0
    # system C against gold: the same figures either way round (F1), P and R exchanged
    gold_c, c_brat = data["pairs"][0], data["pairs"][2]
    assert gold_c["plain"]["f1"] == c_brat["plain"]["f1"]
    assert gold_c["plain"]["precision"] == c_brat["plain"]["recall"]
    matrix = data["matrices"]["plain"]["f1"]["values"]
    assert matrix[0][1] == matrix[1][0] == gold_c["plain"]["f1"]
    assert set(data["fleiss"]) == {"mention_type", "realis_status"}
    assert "mappings" not in data["pairs"][0]["documents"][0]


def test_iaa_json_mappings_name_both_mentions(token_demo: Path, tmp_path: Path) -> None:
    out = tmp_path / "iaa.json"
    assert iaa_main([str(token_demo / "gold.tbf"), str(token_demo / "sample_system_C.tbf"), "-t",
                     str(token_demo / "tkn"), "--json", str(out), "--json-mappings"]) == 0
    documents = json.loads(out.read_text(encoding="utf-8"))["pairs"][0]["documents"]
    example1 = next(d for d in documents if d["doc_id"] == "example1")
    assert [(p["a"], p["b"]) for p in example1["mappings"]["plain"]] == [("E1", "E1")]


def test_iaa_needs_two_sets(token_demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        iaa_main([str(token_demo / "gold.tbf")])
    assert info.value.code == 2
    assert "at least two" in capsys.readouterr().err


def test_iaa_bad_input_is_a_message_with_file_and_line(token_demo: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.ann"
    bad.write_text("T1\tAttack 0 4\tkill\nE1\tAttack:T1\nA1\tRealis\n", encoding="utf-8")
    assert iaa_main([str(token_demo / "gold.tbf"), str(bad), "-t", str(token_demo / "tkn")]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:3: attribute line has 1 space-separated item(s)" in err
    assert "Traceback" not in err


def test_iaa_never_writes_over_an_input(token_demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = tmp_path / "a.tbf"
    shutil.copy(token_demo / "gold.tbf", a)
    before = a.read_bytes()
    assert iaa_main([str(a), str(token_demo / "sample_system_A.tbf"), "-t", str(token_demo / "tkn"),
                     "--json", str(a)]) == 1
    assert a.read_bytes() == before
    assert "overwrite an input" in capsys.readouterr().err


def test_brat2tbf_converts_the_demo_and_the_output_validates(evmeval_data: Path, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    demo = evmeval_data / "conversion_demo"
    out = tmp_path / "converted.tbf"
    assert brat2tbf_main(["-d", str(demo / "ann"), "-t", str(demo / "tkn"), "-o", str(out)]) == 0
    ours, _ = read_tbf(str(out), mode=SpanMode.TOKEN)
    gold, _ = read_tbf(str(demo / "gold.tbf"), mode=SpanMode.TOKEN)
    fields = [(m.mention_id, m.span, m.text, m.raw_type, m.raw_realis) for d in ours.documents.values()
              for m in d.mentions]
    assert fields == [(m.mention_id, m.span, m.text, m.raw_type, m.raw_realis) for d in gold.documents.values()
                      for m in d.mentions]
    capsys.readouterr()
    assert validate_main([str(out), "-t", str(demo / "tkn")]) == 0
    assert "OK" in capsys.readouterr().out


def test_brat2tbf_single_file_with_run_id(evmeval_data: Path, tmp_path: Path) -> None:
    base = evmeval_data / "scoring_demo" / "token_based"
    out = tmp_path / "one.tbf"
    assert brat2tbf_main(["-f", str(base / "ann" / "example1.tkn.ann"), "-ae", ".tkn.ann", "-t", str(base / "tkn"),
                          "-o", str(out), "-i", "annotator1"]) == 0
    assert out.read_text(encoding="utf-8") == (
        "#BeginOfDocument example1\n"
        "annotator1\texample1\tE1\tt3,t5\tway made\tMovement_Transport-Person\tActual\n"
        "#EndOfDocument\n")


def test_brat2tbf_reports_cut_tokens_and_strict_refuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tkn").mkdir()
    (tmp_path / "tkn" / "doc.tab").write_text("t1\tThey\t0\t3\nt2\tdelivering\t5\t14\n", encoding="utf-8")
    ann = tmp_path / "doc.ann"
    ann.write_text("T1\tDeliver 5 12\tdeliver\nE1\tDeliver:T1\n", encoding="utf-8")
    out = tmp_path / "out.tbf"
    args = ["-f", str(ann), "-t", str(tmp_path / "tkn"), "-o", str(out)]
    assert brat2tbf_main(args) == 0
    err = capsys.readouterr().err
    assert f"{ann}:1: T1 ('deliver', offsets 5 12) cuts through token(s) t2" in err
    assert "\tt2\tdeliver\t" in out.read_text(encoding="utf-8")
    out.unlink()
    assert brat2tbf_main([*args, "--strict"]) == 1
    assert not out.exists()
    assert "nothing written" in capsys.readouterr().err


def test_brat2tbf_errors_are_messages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tkn").mkdir()
    ann = tmp_path / "doc.ann"
    ann.write_text("T1\tDeliver 5 x\tdeliver\n", encoding="utf-8")
    assert brat2tbf_main(["-f", str(ann), "-t", str(tmp_path / "tkn"), "-o", str(tmp_path / "o.tbf")]) == 1
    assert f"{ann}:1: fragment '5 x'" in capsys.readouterr().err
    assert brat2tbf_main(["-d", str(tmp_path / "nowhere"), "-t", str(tmp_path / "tkn"), "-o", "x.tbf"]) == 1
    assert "annotation folder not found" in capsys.readouterr().err
    assert brat2tbf_main(["-f", str(ann), "-t", str(tmp_path / "tkn"), "-o", str(ann)]) == 1
    assert "overwrite an input" in capsys.readouterr().err
