"""Issue 31, item 1: a document id is a file name only through `evmeval.io.doc_files`; an id that is not
a plain name (`../escape`, an absolute path) is refused with `file:line` before anything is written,
and never reads a file outside the folder the user named."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from evmeval.cli.convert import convert_main
from evmeval.cli.iaa import iaa_main
from evmeval.cli.score import validate_main
from evmeval.conventions.convert import convert
from evmeval.editing import EditSession
from evmeval.editing.scratch import write_scratch
from evmeval.io.doc_files import PLAIN_NAME, doc_file_name, doc_file_path
from evmeval.io.errors import FormatError
from evmeval.io.loading import TextSource, TokenSource
from evmeval.io.tbf import read_tbf
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode, Token, TokenTable
from hypothesis import given
from hypothesis import strategies as st

from tests.core.test_convert_any import FILES, _write

ID_FIELD = {"textee": "doc_id", "dygiepp": "doc_key", "maven": "id", "maven-ere": "id"}


def _refusal(path: str | Path, line: int, doc_id: str) -> str:
    return f"{path}:{line}: document id {doc_id!r} is not a plain file name (expected {PLAIN_NAME})"


def _tree(root: Path) -> dict[str, bytes]:
    """Every file under `root` with its bytes: what a refused run must leave as it was."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(params=["relative", "absolute"])
def hostile(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """`../escape`, or an absolute id naming a file that exists (`<tmp>/victim`, `.txt` `.tab` `.json`
    `.ann` beside it) which a run must neither replace nor read."""
    if request.param == "relative":
        return "../escape"
    for suffix in (".txt", ".tab", ".json", ".ann"):
        (tmp_path / f"victim{suffix}").write_text("precious\n")
    return str(tmp_path / "victim")


def _jsonl_with(fmt: str, doc_id: str, folder: Path) -> Path:
    """The shipped sample's first line, then the same line under `doc_id` (line 2)."""
    first = FILES[fmt].read_text().splitlines()[0]
    value = json.loads(first)
    value[ID_FIELD[fmt]] = doc_id
    path = folder / f"input.{fmt}.jsonl"
    path.write_text(first + "\n" + json.dumps(value) + "\n")
    return path


def _run_refused(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], out: Path,
                 main: Callable[[list[str]], int] = convert_main) -> str:
    before = _tree(tmp_path)
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert _tree(tmp_path) == before, "a refused run changed or made a file"
    assert not out.exists()
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("fmt", ["textee", "dygiepp", "maven", "maven-ere"])
@pytest.mark.parametrize("target", ["tbf", "brat"])
def test_convert_refuses_a_json_lines_id_that_is_not_a_plain_name(fmt: str, target: str, hostile: str,
                                                                 tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    source = _jsonl_with(fmt, hostile, tmp_path)
    out = tmp_path / "work" / "out"
    out.parent.mkdir()
    err = _run_refused(["--from", fmt, "--to", target, str(source), "-o", str(out)], tmp_path, capsys, out)
    assert err == f"evmeval-convert: error: {_refusal(source, 2, hostile)}\n"


def _casie_folder(tmp_path: Path, sourcefile: str) -> tuple[Path, Path, int]:
    folder = tmp_path / "casie"
    _write(convert(str(FILES["textee"]), "textee", "casie"), folder)
    victim = sorted(folder.glob("*.json"))[0]
    value = json.loads(victim.read_text())
    value["sourcefile"] = sourcefile
    text = json.dumps(value, indent=1)
    victim.write_text(text)
    return folder, victim, text[:text.index('"sourcefile"')].count("\n") + 1


@pytest.mark.parametrize("target", ["tbf", "brat", "textee"])
def test_convert_refuses_a_casie_sourcefile_that_is_not_a_plain_name(target: str, hostile: str, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The reported case: a `sourcefile` naming a file elsewhere wrote a `.txt` beside it."""
    folder, victim, line = _casie_folder(tmp_path, hostile + ".txt")
    out = tmp_path / "out"
    err = _run_refused(["--from", "casie", "--to", target, str(folder), "-o", str(out)], tmp_path, capsys, out)
    assert err == f"evmeval-convert: error: {_refusal(victim, line, hostile)}\n"


@pytest.fixture
def tbf_sample(tmp_path: Path) -> Path:
    """A tbf file with its `tkn/` and `txt/`, made from the TextEE sample."""
    folder = tmp_path / "tbf"
    _write(convert(str(FILES["textee"]), "textee", "tbf"), folder)
    return folder


def _tbf_with(folder: Path, doc_id: str) -> tuple[Path, int]:
    """The sample's tbf with a second copy of its first document under `doc_id`; the line of its header."""
    tbf = next(folder.glob("*.tbf"))
    lines = tbf.read_text().splitlines()
    first = lines[:lines.index("#EndOfDocument") + 1]
    copy = [f"#BeginOfDocument {doc_id}"] + [
        "\t".join([f[0], doc_id, *f[2:]]) for f in (line.split("\t") for line in first[1:-1])] + ["#EndOfDocument"]
    path = folder / "hostile.tbf"
    path.write_text("\n".join(lines + copy) + "\n")
    return path, len(lines) + 1


@pytest.mark.parametrize("target", ["brat", "casie", "textee", "maven", "maven-ere", "dygiepp", "bionlp"])
def test_convert_from_tbf_refuses_an_id_that_is_not_a_plain_name(target: str, tbf_sample: Path, hostile: str,
                                                                 tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Writing (`<id>.ann`, `<id>.json`) and reading (`tkn/<id>.tab`, `txt/<id>.txt`) by a tbf id alike."""
    tbf, line = _tbf_with(tbf_sample, hostile)
    if hostile.startswith(".."):  # what `../escape` would read from beside the folders
        for name in ("escape.tab", "escape.txt"):
            (tbf_sample / name).write_text((tbf_sample / "tkn" / "D1.tab").read_text())
    out = tmp_path / "out"
    err = _run_refused(["--from", "tbf", "--to", target, str(tbf), "-t", str(tbf_sample / "tkn"), "--text",
                        str(tbf_sample / "txt"), "-o", str(out)], tmp_path, capsys, out)
    assert err == f"evmeval-convert: error: {_refusal(tbf, line, hostile)}\n"


def test_iaa_curated_brat_refuses_an_id_that_is_not_a_plain_name(hostile: str, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.tbf", tmp_path / "b.tbf"
    for path, run in ((a, "anna"), (b, "ben")):
        path.write_text(f"#BeginOfDocument ok\n{run}\tok\tE1\t0,3\tBob\tAttack\tActual\n#EndOfDocument\n"
                        f"#BeginOfDocument {hostile}\n{run}\t{hostile}\tE1\t0,3\tBob\tAttack\tActual\n#EndOfDocument\n")
    out = tmp_path / "curated"
    err = _run_refused([str(a), str(b), "--curated-brat", str(out)], tmp_path, capsys, out, main=iaa_main)
    assert err == f"evmeval-iaa: error: {_refusal(a, 4, hostile)}\n"


def test_reading_by_a_hostile_id_reads_nothing_outside_the_folder(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Token tables and texts looked up by id (the scorer, the validator, the window's document views):
    `../outside` has no table even though `<folder>/../outside.tab` exists."""
    (tmp_path / "tkn").mkdir()
    (tmp_path / "txt").mkdir()
    (tmp_path / "outside.tab").write_text("t1\tBob\t0\t2\n")
    (tmp_path / "outside.txt").write_text("Bob\n")
    (tmp_path / "tkn" / "inside.tab").write_text("t1\tBob\t0\t2\n")
    assert TokenSource(str(tmp_path / "tkn")).table("../outside") is None
    assert TokenSource(str(tmp_path / "tkn")).ids(str(tmp_path / "outside")) is None
    assert TextSource(str(tmp_path / "txt")).text("../outside") is None
    assert TokenSource(str(tmp_path / "tkn")).table("inside") is not None  # a plain id reads as before
    tbf = tmp_path / "run.tbf"
    tbf.write_text("#BeginOfDocument ../outside\nrun\t../outside\tE1\tt1\tBob\tAttack\tActual\n#EndOfDocument\n")
    validate_main([str(tbf), "-t", str(tmp_path / "tkn")])
    printed = capsys.readouterr().out
    assert (f"{tbf}:1: warning: document id '../outside' is not a plain file name: no token table is read for it "
            f"(expected {PLAIN_NAME})") in printed


@given(st.text())
def test_an_id_becomes_one_name_inside_the_folder_or_is_refused(doc_id: str) -> None:
    folder = os.path.join("some", "folder")
    try:
        name = doc_file_name(doc_id, ".tab", path="f.tbf", line=3)
    except FormatError as exc:
        assert str(exc).startswith("f.tbf:3: document id ")
        assert doc_file_path(folder, doc_id, ".tab") is None
        return
    assert name == doc_id + ".tab"  # a plain id is kept byte for byte
    path = os.path.join(folder, name)
    assert os.path.dirname(path) == folder and os.path.basename(path) == name
    assert os.path.normpath(path) == path and name not in (".", "..") and not os.path.isabs(name)
    assert doc_file_path(folder, doc_id, ".tab") == path


@pytest.mark.parametrize("doc_id", ["", ".", "..", "a/b", "a\\b", "a\0b", "/etc/x", "../x"])
def test_what_is_not_a_plain_name(doc_id: str) -> None:
    with pytest.raises(FormatError, match="is not a plain file name"):
        doc_file_name(doc_id, path="f", line=1)


def test_the_scratch_folder_refuses_an_id_that_is_not_a_plain_name(hostile: str, tmp_path: Path) -> None:
    """The window's *Save as scratch folder* writes `txt/<id>.txt` and `tkn/<id>.tab` for every document
    of the session: a session opened on a file with a hostile id is refused, nothing written."""
    tbf = tmp_path / "gold.tbf"
    tbf.write_text(f"#BeginOfDocument ok\n#EndOfDocument\n#BeginOfDocument {hostile}\n"
                   f"gold\t{hostile}\tE1\tt1\tBob\tAttack\tActual\n#EndOfDocument\n")
    gold, _ = read_tbf(str(tbf), mode=SpanMode.TOKEN)
    table = TokenTable(hostile, (Token("t1", "Bob", 0, 2),))
    session = EditSession(gold, gold, score_files(gold, gold), tokens=lambda _: table, texts=lambda _: "Bob")
    before = _tree(tmp_path)
    with pytest.raises(FormatError) as refused:
        write_scratch(session, str(tmp_path / "scratch"))
    assert str(refused.value) == _refusal(tbf, 3, hostile)
    assert _tree(tmp_path) == before and not (tmp_path / "scratch").exists()
