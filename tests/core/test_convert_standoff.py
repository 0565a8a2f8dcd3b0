"""`evmeval-convert` to and from brat and BioNLP standoff (issue 24): there and back gives the same
mentions (and, between the two standoff formats, the same annotations); what a target cannot hold is
said in a `not carried:` line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from evmeval.cli.convert import convert_main
from evmeval.io import bionlp
from evmeval.io.brat import read_ann
from evmeval.io.tbf import read_tbf
from evmeval.model import SpanMode

from tests.shipped import EXAMPLES

DATA = Path(__file__).resolve().parent.parent / "data"
BIONLP = EXAMPLES / "bionlp" / "gold"
TOKEN_DEMO = DATA / "evmeval" / "scoring_demo" / "token_based"

TEXT = "Rebels attacked the town; the attack killed two and a later raid hit it again."
TBF = """#BeginOfDocument d1
run7\td1\tem-1\t7,15\tattacked\tConflict_Attack\tActual\t0.9
run7\td1\tem-2\t30,36\tattack\tConflict_Attack\tActual\t0.8
run7\td1\tE9\t37,43\tkilled\tLife_Die\tOther
run7\td1\tem-4\t60,64;69,71\traid it\tConflict_Attack\tGeneric
@Coreference\tC1\tem-1,em-2
@After\tR3\tem-1,E9
#EndOfDocument
"""


def _mentions(path: Path, mode: SpanMode = SpanMode.CHAR) -> list[tuple]:
    tbf, problems = read_tbf(str(path), mode=mode)
    assert not [p for p in problems if p.fatal]
    return sorted((m.doc_id, m.mention_id, m.span, m.text, m.raw_type, m.raw_realis)
                  for d in tbf.documents.values() for m in d.mentions)


def _relations(path: Path) -> list[tuple]:
    tbf, _ = read_tbf(str(path), mode=SpanMode.CHAR)
    return sorted((r.kind, tuple(sorted(r.mention_ids))) for d in tbf.documents.values() for r in d.relations)


def _char_tbf(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "txt").mkdir()
    (tmp_path / "txt" / "d1.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "run.tbf").write_text(TBF, encoding="utf-8")
    return tmp_path / "run.tbf", tmp_path / "txt"


def test_tbf_to_brat_and_back_same_mentions_ids_and_relations(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    tbf, txt = _char_tbf(tmp_path)
    assert convert_main(["--to", "brat", "--text", str(txt), str(tbf), "-o", str(tmp_path / "ann")]) == 0
    out = capsys.readouterr().out
    assert "tbf) -> " in out and "not carried: 2 confidence scores (tbf's 8th column)" in out
    assert (tmp_path / "ann" / "d1.txt").read_text(encoding="utf-8") == TEXT
    ann, problems = read_ann(str(tmp_path / "ann" / "d1.ann"))
    assert not problems and len(ann.events) == 4 and ann.text_bounds[3].fragments == ((60, 64), (69, 71))
    assert convert_main(["--from", "brat", "--to", "tbf", str(tmp_path / "ann"), "-o", str(tmp_path / "back")]) == 0
    assert "not carried" not in capsys.readouterr().out
    assert _mentions(tmp_path / "back" / "ann.tbf") == _mentions(tbf)
    assert _relations(tmp_path / "back" / "ann.tbf") == _relations(tbf)


def test_tbf_on_tokens_to_brat_and_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tkn = str(TOKEN_DEMO / "tkn")
    assert convert_main(["--to", "brat", "-t", tkn, str(TOKEN_DEMO / "gold.tbf"), "-o", str(tmp_path / "ann")]) == 0
    assert "not carried: 2 texts (give --text FOLDER" in capsys.readouterr().out
    assert convert_main(["--to", "tbf", "-t", tkn, str(tmp_path / "ann"), "-o", str(tmp_path / "back")]) == 0
    assert _mentions(tmp_path / "back" / "ann.tbf", SpanMode.TOKEN) == _mentions(TOKEN_DEMO / "gold.tbf",
                                                                                 SpanMode.TOKEN)


def _same_documents(a: Path, b: Path) -> None:
    left, right = bionlp.read_bionlp(str(a)).documents, bionlp.read_bionlp(str(b)).documents
    assert [d.doc_id for d in left] == [d.doc_id for d in right]
    for x, y in zip(left, right, strict=True):
        assert x.text == y.text
        assert bionlp.without_lines(x.given) == bionlp.without_lines(y.given)
        assert bionlp.without_lines(x.task) == bionlp.without_lines(y.task)


def test_bionlp_to_brat_and_back_same_annotations_in_the_same_files(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert convert_main(["--to", "brat", str(BIONLP), "-o", str(tmp_path / "ann")]) == 0
    assert "not carried" not in capsys.readouterr().out
    ann = (tmp_path / "ann" / "PMID-1.ann").read_text(encoding="utf-8")
    assert "E4\tPhosphorylation:T11 Theme:T6 Site:T12\n" in ann and "M1\tNegation E3\n" in ann
    assert "#1\tAnnotatorNotes T12\tbionlp=a2\n" in ann  # the .a2's own entity (a Site) goes back to the .a2
    assert convert_main(["--to", "bionlp", str(tmp_path / "ann"), "-o", str(tmp_path / "back")]) == 0
    assert "not carried" not in capsys.readouterr().out
    _same_documents(BIONLP, tmp_path / "back")
    assert (tmp_path / "back" / "PMID-1.a1").read_text() == (BIONLP / "PMID-1.a1").read_text()


def test_brat_to_bionlp_and_back_same_events_lossy_parts_reported(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "ann"
    folder.mkdir()
    (folder / "a.txt").write_text("IL-2 expression is not induced by TNF in cells.", encoding="utf-8")
    (folder / "a.ann").write_text(
        "T1\tProtein 0 4\tIL-2\nT2\tGene_expression 5 15\texpression\nT3\tPositive_regulation 23 30\tinduced\n"
        "T4\tProtein 34 37\tTNF\nT5\tEntity 38 40;41 46\tin cells\n"
        "E1\tGene_expression:T2 Theme:T1\nE2\tPositive_regulation:T3 Theme:E1 Cause:T4\n"
        "A1\tNegation E2\nA2\tConfidence E1 High\n", encoding="utf-8")
    assert convert_main(["--to", "bionlp", str(folder), "-o", str(tmp_path / "st")]) == 0
    out = capsys.readouterr().out
    assert "not carried: 1 discontinuous spans (widened to first..last character)" in out
    assert "not carried: 1 attributes other than Negation/Speculation of an event (e.g. Realis)" in out
    a2 = (tmp_path / "st" / "a.a2").read_text(encoding="utf-8")
    assert "M1\tNegation E2\n" in a2 and "E2\tPositive_regulation:T3 Theme:E1 Cause:T4\n" in a2
    assert (tmp_path / "st" / "a.a1").read_text(encoding="utf-8") == (
        "T1\tProtein 0 4\tIL-2\nT4\tProtein 34 37\tTNF\nT5\tEntity 38 46\tin cells\n")
    assert convert_main(["--to", "brat", str(tmp_path / "st"), "-o", str(tmp_path / "back")]) == 0
    back, _ = read_ann(str(tmp_path / "back" / "a.ann"))
    there, _ = read_ann(str(folder / "a.ann"))
    assert [(e.id, e.type, e.trigger, e.arguments) for e in back.events] == [
        (e.id, e.type, e.trigger, e.arguments) for e in there.events]
    # and the same mentions in tbf, from either side
    assert convert_main(["--to", "tbf", str(folder), "-o", str(tmp_path / "t1")]) == 0
    assert convert_main(["--to", "tbf", str(tmp_path / "st"), "-o", str(tmp_path / "t2")]) == 0
    out = capsys.readouterr().out
    assert "not carried: 3 event arguments (tbf has no arguments)" in out
    assert "not carried: 3 entities (text bounds that trigger no event)" in out
    assert _mentions(tmp_path / "t1" / "ann.tbf") == _mentions(tmp_path / "t2" / "st.tbf")


def test_tbf_to_bionlp_and_back_same_mentions_realis_reported(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    tbf, txt = _char_tbf(tmp_path)
    assert convert_main(["--to", "bionlp", "--text", str(txt), str(tbf), "-o", str(tmp_path / "st")]) == 0
    out = capsys.readouterr().out
    assert "not carried: 4 attributes other than Negation/Speculation of an event (e.g. Realis)" in out
    assert "not carried: 1 discontinuous spans" in out
    assert convert_main(["--to", "tbf", str(tmp_path / "st"), "-o", str(tmp_path / "back")]) == 0
    widened = [m if m[1] != "em-4" else (*m[:2], ((60, 71),), "raid hit it", *m[4:]) for m in _mentions(tbf)]
    assert [m[:5] for m in _mentions(tmp_path / "back" / "st.tbf")] == [m[:5] for m in widened]


def test_standoff_conversions_refuse_what_they_cannot_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tbf, _ = _char_tbf(tmp_path)
    assert convert_main(["--to", "bionlp", str(tbf), "-o", str(tmp_path / "o")]) == 1
    assert "needs the texts (--text FOLDER)" in capsys.readouterr().err
    folder = tmp_path / "bad"
    shutil.copytree(BIONLP, folder)
    (folder / "PMID-1.a2").write_text("E1\tGene_expression:T77\n")
    assert convert_main(["--to", "brat", str(folder), "-o", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert f"{folder / 'PMID-1.a2'}:1: event E1 has trigger 'T77'" in err
    assert not (tmp_path / "o").exists()
