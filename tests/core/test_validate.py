"""`evmeval-validate` on the published malformed files, the correct example and the demo files.

Every problem must be printed as `file:line: what is wrong (expected ...)`, and a file with any
problem exits 1.
"""

from __future__ import annotations

import contextlib
import io
import re
import tempfile
from pathlib import Path

import pytest
from evmeval.cli.score import validate_main
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.test_cli import _tbf_text

PROBLEM_LINE = re.compile(r"^(?P<file>\S+\.tbf):(?P<line>[1-9]\d*): (?P<what>.+) \(expected (?P<expected>.+)\)$")

# For each malformed case: the first line at fault and words saying what is wrong there. The
# published reason (X.reason) is quoted in the comment.
WRONG = {
    # "Span within the same cluster cannot be the same."
    "duplicate_mention_span_in_one_cluster.response.tbf": (4, "same span twice"),
    # "Duplicated mention id for doc"
    "duplicated_mention_id.response.tbf": (4, "duplicated mention id 'E2'"),
    # "Cluster contains event that is not in mention list"
    "invented_mention.response.tbf": (5, "names 2 mention id(s) not in the document: 'E4', 'E3'"),
    # " System line has too few fields"
    "miss_system_id.response.tbf": (2, "too few fields"),
    # "The following document are not found in system but in gold standard" (no id after the header)
    "no_docid.response.tbf": (1, "without a document id"),
    # same reason: the mentions sit outside any document
    "no_header.response.tbf": (1, "outside a document"),
    # "not found in token list, the score file provided is incorrect."
    "system_with_invented_token.response.tbf": (2, "t500"),
    # no .reason file for these three
    "a_lot_wrong_relations.response.tbf": (4, "unknown relation 'Coref'"),
    "transitive_not_resolved.tbf": (5, "clusters are not merged"),
    "loripsum.tbf": (1, "outside a document"),
}


@pytest.fixture
def wrong_dir(evmeval_data: Path) -> Path:
    return evmeval_data / "test_cases" / "wrong_format_tests"


def test_every_published_reason_has_a_case(wrong_dir: Path) -> None:
    reasons = {p.name.removesuffix(".reason") + ".response.tbf" for p in wrong_dir.glob("*.reason")}
    assert reasons and reasons <= set(WRONG)


@pytest.mark.parametrize("name", sorted(WRONG))
def test_malformed_case_is_rejected_with_file_line_and_reason(name: str, wrong_dir: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = wrong_dir / name
    assert path.is_file()
    assert validate_main([str(path), "-t", str(wrong_dir / "tkn")]) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines, err
    for line in lines:
        match = PROBLEM_LINE.match(line)
        assert match, f"not in the form file:line: what (expected ...): {line!r}"
        assert match["file"] == str(path)
    first_line, words = WRONG[name]
    first = PROBLEM_LINE.match(lines[0])
    assert first is not None and int(first["line"]) == first_line
    assert any(words in line for line in lines), out
    assert f"{len(lines)} problem(s)" in err
    assert "Traceback" not in out + err


def test_correct_example_passes(wrong_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = wrong_dir / "correct_example.key.tbf"
    assert validate_main([str(path), "-t", str(wrong_dir / "tkn")]) == 0
    out, err = capsys.readouterr()
    assert out == f"{path}: OK (token mode)\n"
    assert err == ""


def test_invented_token_is_only_found_with_the_token_folder(wrong_dir: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = wrong_dir / "system_with_invented_token.response.tbf"
    # Without -t the file is read in character mode: `t3,t500` is then a malformed span at line 2.
    assert validate_main([str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:2: malformed span" in out
    assert "need a token folder (-t)" in out


@pytest.mark.parametrize("name", ["gold.tbf", "sample_system_A.tbf", "sample_system_B.tbf",
                                  "sample_system_C.tbf"])
def test_token_demo_files_pass(name: str, evmeval_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    assert validate_main([str(demo / name), "-t", str(demo / "tkn")]) == 0
    assert capsys.readouterr().out.endswith(": OK (token mode)\n")


@pytest.mark.parametrize("name", ["gold.tbf", "system_A.tbf", "temporal.tbf", "temporal_sample.tbf"])
def test_char_demo_files_pass(name: str, evmeval_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo = evmeval_data / "scoring_demo" / "char_based"
    assert validate_main([str(demo / name)]) == 0
    assert capsys.readouterr().out.endswith(": OK (character mode)\n")


def test_empty_demo_system_is_reported_like_the_published_validator(evmeval_data: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # sample_system_D.tbf is an empty file: the published validator also fails it ("No document id
    # found"); the scorer only warns and scores it as an empty system.
    demo = evmeval_data / "scoring_demo" / "token_based"
    path = demo / "sample_system_D.tbf"
    assert validate_main([str(path), "-t", str(demo / "tkn")]) == 1
    assert f"{path}: warning: no document found" in capsys.readouterr().out


def test_missing_table_is_named(tmp_path: Path, evmeval_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.tbf"
    path.write_text("#BeginOfDocument nodoc\nr\tnodoc\tE1\tt1\tx\tA\tActual\n#EndOfDocument\n", encoding="utf-8")
    assert validate_main([str(path), "-t", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:1: warning: no token table for document 'nodoc' (expected a file nodoc.tab" in out


@pytest.mark.parametrize("args", [["{missing}"], ["{good}", "-t", "{missing}"], ["{good}", "-of", "x"]])
def test_unusable_arguments_exit_1_without_traceback(args: list[str], tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.tbf"
    good.write_text("#BeginOfDocument d\n#EndOfDocument\n", encoding="utf-8")
    argv = [a.format(missing=tmp_path / "nope", good=good) for a in args]
    assert validate_main(argv) == 1
    out, err = capsys.readouterr()
    assert err.startswith("evmeval-validate: error: ") and len(err.splitlines()) == 1
    assert "Traceback" not in out + err


@settings(max_examples=100, deadline=None)
@given(token_mode=st.booleans(), data=st.data())
def test_validator_never_raises_and_always_names_file_and_line(token_mode: bool, data: st.DataObject) -> None:
    text = data.draw(_tbf_text(token_mode))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.tbf"
        path.write_text(text, encoding="utf-8")
        (Path(folder) / "d1.tab").write_text("t1\ta\t0\t0\nt2\tb\t2\t2\n", encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = validate_main([str(path), *(["-t", folder] if token_mode else [])])
    lines = out.getvalue().splitlines()
    if code == 0:
        assert lines == [f"{path}: OK ({'token' if token_mode else 'character'} mode)"]
    else:
        assert code == 1 and lines
        for line in lines:
            match = PROBLEM_LINE.match(line)
            # A file-level problem (no document at all) has no line number.
            assert match or line.startswith(f"{path}: warning: no document found"), line
