"""`evmeval-validate` on every input format (issue 24): the format recognised by the one rule
`evmeval-convert` and `--convention` use, every problem as `file:line: what (expected …)`, one bad
line hiding no later one, `FILE: OK (FORMAT)` when clean; and arbitrary JSON lines never a traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from evmeval.cli.score import validate_main, validate_problems
from evmeval.conventions import input_format
from evmeval.io.errors import FormatError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.shipped import EXAMPLES

DATA = Path(__file__).resolve().parent.parent / "data"
CONVENTIONS = EXAMPLES


@pytest.mark.parametrize(("path", "fmt"), [
    (CONVENTIONS / "textee_gold.jsonl", "textee"), (CONVENTIONS / "dygiepp_pred.jsonl", "dygiepp"),
    (CONVENTIONS / "maven_gold.jsonl", "maven"), (CONVENTIONS / "maven_pred.jsonl", "maven"),
    (CONVENTIONS / "maven_ere_gold.jsonl", "maven-ere"), (CONVENTIONS / "maven_ere_pred.jsonl", "maven-ere"),
    (EXAMPLES / "bionlp" / "gold", "bionlp")])
def test_a_clean_file_of_each_format_is_ok_with_its_format_named(path: Path, fmt: str,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert input_format(str(path)) == fmt
    assert validate_main([str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: OK ({fmt})\n"


def _lines(path: Path, values: list[object]) -> str:
    path.write_text("".join((v if isinstance(v, str) else json.dumps(v)) + "\n" for v in values), encoding="utf-8")
    return str(path)


def test_textee_every_bad_line_is_reported_a_broken_json_line_hides_none(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    good = {"doc_id": "d", "wnd_id": "w1", "tokens": ["a", "b"], "event_mentions": []}
    path = _lines(tmp_path / "t.jsonl", [
        good, "{not json", {**good, "wnd_id": "w2", "tokens": 3}, "",
        {**good, "wnd_id": "w3", "event_mentions": [{"event_type": "X", "trigger": {"start": 0, "end": 9},
                                                      "arguments": []}]}, good])
    assert validate_main([path]) == 1
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert [line.split(":")[1] for line in lines] == ["2", "3", "4", "5", "6"]
    assert lines[0].startswith(f"{path}:2: not JSON (") and lines[0].endswith("(expected one JSON object per line)")
    assert "'tokens' is the number 3 (expected a list of token strings)" in lines[1]
    assert "already on line 1" in lines[4]
    assert out.err == f"{path}: 5 problem(s)\n"


@pytest.mark.parametrize(("first", "bad", "says"), [
    ({"doc_key": "d", "sentences": [["a", "b"]], "events": [[]]}, {"doc_key": "e", "sentences": "x"},
     "'sentences'"),
    ({"id": "d", "title": "t", "content": [{"sentence": "a b", "tokens": ["a", "b"]}], "events": [],
      "negative_triggers": []}, {"id": "e", "title": "t", "content": 5}, "'content'"),
    ({"id": "d", "predictions": [{"id": "m1", "type_id": 1}]}, {"id": "e", "predictions": [{"id": 3}]}, "id"),
])
def test_jsonl_formats_report_every_bad_line(tmp_path: Path, first: dict, bad: dict, says: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = _lines(tmp_path / "f.jsonl", [first, bad, "[1,", bad])
    problems = validate_problems(path, None)
    assert [p.line for p in problems] == [2, 3, 4], problems
    assert says in problems[0].message and problems[0].expected
    assert validate_main([path]) == 1
    assert len(capsys.readouterr().out.splitlines()) == 3


def test_maven_ere_bad_lines_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = (CONVENTIONS / "maven_ere_gold.jsonl").read_text(encoding="utf-8").splitlines()
    path = _lines(tmp_path / "ere.jsonl", [gold[0], "oops", json.loads(gold[0]) | {"tokens": 7}])
    assert input_format(path) == "maven-ere"
    assert validate_main([path]) == 1
    assert [line.split(":")[1] for line in capsys.readouterr().out.splitlines()] == ["2", "3"]


def test_bionlp_folder_every_document_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "b"
    shutil.copytree(EXAMPLES / "bionlp" / "gold", folder)
    for name in ("PMID-2", "PMID-3"):
        for ext in (".txt", ".a1"):
            shutil.copy(folder / f"PMID-1{ext}", folder / f"{name}{ext}")
    (folder / "PMID-2.a2").write_text("T7\tGene_expression 5 15\texpression\nE1\tGene_expression:T7 Theme:T99\n")
    (folder / "PMID-3.a2").write_text("T7\tGene_expression five 15\texpression\n")
    assert validate_main([str(folder)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{folder / 'PMID-2.a2'}:2: event E1: Theme:T99 names no annotation (expected")
    assert out[1].startswith(f"{folder / 'PMID-3.a2'}:1: fragment 'five 15' holds something other than whole")


def test_brat_folder_is_recognised_and_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "ann"
    folder.mkdir()
    (folder / "a.txt").write_text("He attacked them.")
    (folder / "a.ann").write_text("T1\tAttack 3 11\tattacked\nE1\tAttack:T1\n")
    assert input_format(str(folder)) == "brat"
    assert validate_main([str(folder)]) == 0
    assert capsys.readouterr().out == f"{folder}: OK (brat)\n"
    (folder / "b.ann").write_text("T1\tAttack 3\tattacked\nX1\tfoo\n")
    (folder / "c.ann").write_text("T1\tAttack 3 11\tattacked\nT1\tAttack 3 11\tattacked\n")
    assert validate_main([str(folder)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[0] for line in out] == [f"{folder / 'b.ann'}:1", f"{folder / 'c.ann'}:2"]


def test_tbf_still_checked_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    assert input_format(str(DATA / "evmeval" / "scoring_demo" / "token_based" / "gold.tbf")) == "tbf"


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(
                        ["doc_id", "wnd_id", "tokens", "event_mentions", "doc_key", "sentences", "events", "id",
                         "content", "predictions", "coreference", "temporal_relations", "trigger", "start", "end",
                         "event_type", "arguments", "type_id", "mention", "sent_id", "offset", "x"]), inner,
                        max_size=5), max_leaves=12)
LINE = JSON.map(json.dumps) | st.text(max_size=8).filter(lambda s: "\n" not in s and "\r" not in s)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(LINE, min_size=1, max_size=4),
       st.sampled_from(["textee", "dygiepp", "maven", "maven-ere", None]))
def test_arbitrary_json_lines_give_problems_never_a_traceback(tmp_path: Path, lines: list[str],
                                                               fmt: str | None) -> None:
    """Whatever the lines hold, each validator returns problems located in the file (no exception)."""
    from evmeval.cli.score import _format_validator

    path = tmp_path / "any.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        problems = _format_validator(fmt)(str(path)) if fmt else validate_problems(str(path), None)
    except FormatError:  # only the format's detection may refuse: the first line names no format
        assert fmt is None
        return
    assert all(0 <= p.line <= len(lines) and p.message for p in problems)


@pytest.mark.parametrize(("files", "held"), [
    ({}, "nothing"),
    ({"d1.tab": "", "d2.tab": ""}, "2 .tab files (token tables: give their folder with -t)"),
    ({"d1.txt": "x"}, "1 .txt file (texts)"),
    ({"a.jsonl": "{}\n", "b.jsonl": "{}\n", "notes": ""},
     "2 .jsonl files (JSON lines files: give one file, not its folder); 1 (no extension) file")])
def test_a_folder_without_annotation_files_is_named_not_ok(tmp_path: Path, files: dict[str, str], held: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32 item 8: an empty folder, token tables, texts or JSON lines used to pass as "OK (bionlp)"."""
    folder = tmp_path / "f"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text)
    assert validate_main([str(folder)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"evmeval-validate: error: {folder}: a folder with no annotation files: it holds {held} "
                            "(expected a BioNLP shared-task folder (.txt, .a1, .a2), a brat folder (.ann with .txt), "
                            "a folder of CASIE .json files, or a file)\n")


def test_bionlp_is_recognised_by_its_a1_or_a2_files(tmp_path: Path) -> None:
    """A system folder may hold only `.a2` files, a gold one `.a1` beside them; `.ann` alone is brat."""
    for names, fmt in ((["d.a2"], "bionlp"), (["d.txt", "d.a1"], "bionlp"), (["d.txt", "d.ann"], "brat")):
        folder = tmp_path / "-".join(names)
        folder.mkdir()
        for name in names:
            (folder / name).write_text("")
        assert input_format(str(folder)) == fmt
