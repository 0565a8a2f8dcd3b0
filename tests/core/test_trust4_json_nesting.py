"""JSON nested far too deeply (issue 31, item 7): every JSON reader and every command reading JSON says
`file:line: JSON nested too deeply … (expected …)` in one line, exit 1, instead of a `RecursionError`
traceback (3,000 lines of it for CASIE)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from evmeval.io import casie
from evmeval.io.dygiepp import read_dygiepp
from evmeval.io.errors import FormatError
from evmeval.io.jsonlines import parse_json_lines
from evmeval.io.maven import read_maven
from evmeval.io.maven_ere import read_maven_ere
from evmeval.io.textee import read_textee

from tests.programs import installed
from tests.shipped import EXAMPLES

CONVENTIONS = EXAMPLES
DEPTH = 100_000
DEEP = '{"extra": ' + "[" * DEPTH + "]" * DEPTH + "}"
"""A JSON object whose one field nests 100,000 lists: valid JSON, past what any decoder here follows."""
LEVELS = DEPTH + 1
"""The object's own level and its lists'."""
SAYS = "JSON nested too deeply"

FORMATS = {"textee": ("textee_gold.jsonl", read_textee), "dygiepp": ("dygiepp_gold.jsonl", read_dygiepp),
           "maven": ("maven_gold.jsonl", read_maven), "maven-ere": ("maven_ere_gold.jsonl", read_maven_ere)}


def _deep_second_line(tmp_path: Path, fmt: str) -> Path:
    """The format's first good line (the format is recognised from it), then the deep one."""
    first = (CONVENTIONS / FORMATS[fmt][0]).read_text(encoding="utf-8").splitlines()[0]
    path = tmp_path / f"{fmt}.jsonl"
    path.write_text(first + "\n" + DEEP + "\n", encoding="utf-8")
    return path


def _casie_folder(tmp_path: Path) -> Path:
    """A pretty-printed CASIE file whose nesting runs away on line 3,001 (3,000 objects deep before it)."""
    folder = tmp_path / "casie"
    folder.mkdir()
    (folder / "d.json").write_text('{"content": "x", "cyberevent": {"hopper": []}, "a":\n' + '{"a":\n' * 2999
                                   + "[" * DEPTH + "]" * DEPTH + "}" * 3000 + "\n", encoding="utf-8")
    return folder


def _run(name: str, *args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed(name), *map(str, args)], capture_output=True, text=True, check=False,
                          timeout=120)


def _one_line_error(done: subprocess.CompletedProcess[str], where: str) -> None:
    assert done.returncode == 1, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "RecursionError" not in done.stderr
    assert done.stdout == ""
    [line] = done.stderr.splitlines()
    assert f"{where}: {SAYS}" in line, line
    assert line.endswith(")") and "(expected " in line


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_jsonl_reader_names_the_deep_line(tmp_path: Path, fmt: str) -> None:
    path = _deep_second_line(tmp_path, fmt)
    with pytest.raises(FormatError) as caught:
        FORMATS[fmt][1](str(path))
    assert caught.value.line == 2
    assert str(caught.value).startswith(f"{path}:2: {SAYS}, {LEVELS} levels of [ and {{ (expected ")


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_convert_refuses_a_deep_line_in_one_line(tmp_path: Path, fmt: str) -> None:
    path = _deep_second_line(tmp_path, fmt)
    _one_line_error(_run("evmeval-convert", "--to", "tbf", path, "-o", tmp_path / "out"), f"{path}:2")
    _one_line_error(_run("evmeval-convert", "--from", fmt, "--to", "tbf", path, "-o", tmp_path / "out"),
                    f"{path}:2")


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_validate_lists_the_deep_line_as_a_problem(tmp_path: Path, fmt: str) -> None:
    path = _deep_second_line(tmp_path, fmt)
    done = _run("evmeval-validate", path)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    [problem] = done.stdout.splitlines()
    assert problem.startswith(f"{path}:2: {SAYS}, {LEVELS} levels of [ and {{ (expected ")
    assert done.stderr == f"{path}: 1 problem(s)\n"


@pytest.mark.parametrize(("fmt", "convention"), [("textee", "textee"), ("dygiepp", "dygiepp"), ("maven", "maven"),
                                                 ("maven-ere", "maven-ere"), ("textee", "all")])
def test_score_with_a_convention_refuses_a_deep_line(tmp_path: Path, fmt: str, convention: str) -> None:
    path = _deep_second_line(tmp_path, fmt)
    good = CONVENTIONS / FORMATS[fmt][0]
    _one_line_error(_run("evmeval-score", "--convention", convention, "-g", good, "-s", path), f"{path}:2")


def test_a_deep_first_line_is_named_while_the_format_is_recognised(tmp_path: Path) -> None:
    path = tmp_path / "first.jsonl"
    path.write_text(DEEP + "\n", encoding="utf-8")
    _one_line_error(_run("evmeval-score", "--convention", "all", "-g", path, "-s", path), f"{path}:1")
    with pytest.raises(FormatError, match=f"^{path}:1: {SAYS}"):
        list(parse_json_lines(DEEP, str(path)))
    problems: list = []
    assert list(parse_json_lines(DEEP + '\n{"a": 1}', "x.jsonl", problems)) == [(2, {"a": 1})]
    assert [str(p).split(" (")[0] for p in problems] == [f"x.jsonl:1: {SAYS}, {LEVELS} levels of [ and {{"]


def test_casie_names_the_line_where_the_nesting_runs_away(tmp_path: Path) -> None:
    folder = _casie_folder(tmp_path)
    where = f"{folder / 'd.json'}:3001"
    with pytest.raises(FormatError) as caught:
        casie.read_casie(str(folder))
    assert str(caught.value).startswith(f"{where}: {SAYS}, {DEPTH + 3000} levels of [ and {{ (expected ")
    assert [p.line for p in casie.validate_casie(str(folder))] == [3001]
    _one_line_error(_run("evmeval-convert", "--to", "tbf", folder, "-o", tmp_path / "out"), where)
    _one_line_error(_run("evmeval-score", "-g", folder, "-s", folder), where)
    done = _run("evmeval-validate", folder)
    assert (done.returncode, done.stdout.split(" (")[0]) == (1, f"{where}: {SAYS}, {DEPTH + 3000} levels of [ and {{")
    assert "Traceback" not in done.stderr


def test_nesting_a_reader_follows_is_read_as_before(tmp_path: Path) -> None:
    """Thirty levels inside a field a format does not model: read, kept, no message."""
    first = (CONVENTIONS / "textee_gold.jsonl").read_text(encoding="utf-8").splitlines()[0]
    path = tmp_path / "t.jsonl"
    path.write_text(first[:-1] + ', "deep": ' + "[" * 30 + "]" * 30 + "}\n", encoding="utf-8")
    [window] = read_textee(str(path)).windows
    assert "deep" in window.extra
