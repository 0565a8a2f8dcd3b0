"""Every file a command writes, each file of an output folder included, is checked in one call before
any work (issue "Trust, round 3", items 1, 2, 10): a link inside an output folder that lands on an input
is refused with the input untouched and nothing written, and an output whose folder does not exist is
refused as `cp` refuses it; only a command's own output folder is made, never a missing parent.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from evmeval.agreement.curation import curate, write_curated_brat
from evmeval.editing.scratch import scratch_session, write_scratch
from evmeval.io.errors import FormatError
from evmeval.io.loading import load_inputs
from evmeval.io.tbf import read_tbf
from evmeval.io.writing import check_output_paths, write_atomic
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode
from evmeval.report.paged_html import check_report_pages, write_html_report

from tests.programs import installed

MINI = Path(__file__).resolve().parent.parent / "data" / "mini"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A private copy of the mini corpus (gold, system, tkn/ with d1, d2) that a test may try to damage."""
    shutil.copytree(MINI, tmp_path / "mini")
    return tmp_path / "mini"


def _run(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=120, check=False, cwd=cwd)


def _snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every file's bytes and every link's target: what a refused run must leave as it was."""
    return {str(p): (os.readlink(p) if p.is_symlink() else p.read_bytes() if p.is_file() else "folder")
            for p in sorted(folder.rglob("*"))}


def _score(corpus: Path, *options: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return _run(installed("evmeval-score"), "-g", corpus / "gold.tbf", "-s", corpus / "system.tbf",
                "-t", corpus / "tkn", *options, cwd=cwd)


# --- item 1: a link inside an output folder onto an input ---------------------------------------------------


def test_iaa_curated_brat_link_onto_an_input_is_refused_before_any_work(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "brat"
    out.mkdir()
    (out / "d1.ann").symlink_to("../mini/gold.tbf")
    before = _snapshot(tmp_path)
    done = _run(installed("evmeval-iaa"), corpus / "gold.tbf", corpus / "system.tbf", "-t", corpus / "tkn",
                "--curated", tmp_path / "c.tbf", "--curated-brat", out, "-o", tmp_path / "report.txt")
    assert done.returncode == 1
    assert f"{out / 'd1.ann'}: output would overwrite an input file" in done.stderr
    assert done.stdout == ""
    assert _snapshot(tmp_path) == before  # gold.tbf untouched; no report, no c.tbf, no d2.ann


def test_iaa_curated_brat_into_an_input_folder_prints_no_report(evmeval_data: Path, tmp_path: Path) -> None:
    demo = tmp_path / "conv"
    shutil.copytree(evmeval_data / "conversion_demo", demo)
    before = _snapshot(tmp_path)
    done = _run(installed("evmeval-iaa"), demo / "ann", demo / "gold.tbf", "-t", demo / "tkn",
                "--curated", tmp_path / "c.tbf", "--curated-brat", demo / "ann")
    assert done.returncode == 1 and "is an input folder" in done.stderr
    assert done.stdout == "" and "agreement" not in done.stderr
    assert _snapshot(tmp_path) == before


def test_curated_brat_library_checks_every_file_before_writing(tmp_path: Path) -> None:
    gold, _ = read_tbf(str(MINI / "gold.tbf"), mode=SpanMode.TOKEN)
    system, _ = read_tbf(str(MINI / "system.tbf"), mode=SpanMode.TOKEN)
    curation = curate([gold, system], ["gold", "system"])
    from evmeval.io.convert import token_lookup

    tables = token_lookup(str(MINI / "tkn"))
    victim = tmp_path / "input.tbf"
    victim.write_text("mine\n", encoding="utf-8")
    out = tmp_path / "brat"
    out.mkdir()
    (out / "d2.ann").symlink_to(victim)  # the second document's file: d1.ann must not be written first
    with pytest.raises(FormatError, match="output would overwrite an input file"):
        write_curated_brat(curation, str(out), tables=tables, inputs=[str(victim)])
    assert sorted(os.listdir(out)) == ["d2.ann"] and victim.read_text(encoding="utf-8") == "mine\n"
    with pytest.raises(FormatError, match=f"folder {tmp_path / 'no'} does not exist"):
        write_curated_brat(curation, str(tmp_path / "no" / "brat"), tables=tables)
    written = write_curated_brat(curation, str(tmp_path / "new"), tables=tables)  # its own folder is made
    assert [os.path.basename(p) for p in written] == [f"{d}.ann" for d in curation.curated.documents]


def test_sequencing_and_coref_outputs_never_land_on_an_input(corpus: Path, tmp_path: Path) -> None:
    seq = tmp_path / "seq"
    seq.mkdir()
    (seq / "sequencing_links.tsv").symlink_to(corpus / "gold.tbf")
    (tmp_path / "c_gold.conll").symlink_to(corpus / "system.tbf")
    before = _snapshot(tmp_path)
    for options in (("-a", seq), ("-c", tmp_path / "c")):
        done = _score(corpus, *options, "-o", tmp_path / "scores.txt")
        assert done.returncode == 1 and "output would overwrite an input file" in done.stderr, options
    assert _snapshot(tmp_path) == before


def test_report_pages_never_land_on_an_input(tmp_path: Path, evmeval_data: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), token_dir=str(demo / "tkn"),
                         text_dir=str(demo / "txt"))
    result = score_files(inputs.gold, inputs.system)
    out = tmp_path / "report"
    (out / "documents").mkdir(parents=True)
    (out / "documents" / "page-001.html").symlink_to(inputs.gold.path)
    with pytest.raises(FormatError, match="output would overwrite an input file"):
        check_report_pages(str(out), result, inputs)
    with pytest.raises(FormatError, match="does not exist"):
        check_report_pages(str(tmp_path / "a" / "b"), result, inputs)
    written = write_html_report(str(tmp_path / "new"), result, inputs, {})  # folder and documents/ made
    assert os.path.isfile(written[-1]) and os.path.isfile(written[0])


def test_compare_csv_folder_link_onto_an_input_is_refused(corpus: Path, tmp_path: Path) -> None:
    second = corpus / "system2.tbf"
    shutil.copy(corpus / "system.tbf", second)
    csv = tmp_path / "csv"
    csv.mkdir()
    from evmeval.report.compare_csv import csv_file_names

    (csv / csv_file_names(None)[-1]).symlink_to(corpus / "gold.tbf")
    before = _snapshot(tmp_path)
    done = _run(installed("evmeval-compare"), "-g", corpus / "gold.tbf", "-s", corpus / "system.tbf", "-s", second,
                "-t", corpus / "tkn", "--csv", csv, "--json", tmp_path / "c.json")
    assert done.returncode == 1 and "output would overwrite an input file" in done.stderr
    assert done.stdout == "" and _snapshot(tmp_path) == before
    done = _run(installed("evmeval-compare"), "-g", corpus / "gold.tbf", "-s", corpus / "system.tbf", "-s", second,
                "-t", corpus / "tkn", "--csv", tmp_path / "new_csv")
    assert done.returncode == 0, done.stderr
    assert sorted(os.listdir(tmp_path / "new_csv")) == sorted(csv_file_names(None))


def test_scratch_folder_checks_every_file(tmp_path: Path) -> None:
    session = scratch_session("The army attacked the town .", doc_id="news1")
    victim = tmp_path / "source.txt"
    victim.write_text("mine\n", encoding="utf-8")
    out = tmp_path / "scratch"
    (out / "txt").mkdir(parents=True)
    (out / "txt" / "news1.txt").symlink_to(victim)
    for overwrite in (False, True):
        with pytest.raises(FormatError, match="output would overwrite an input file"):
            write_scratch(session, str(out), overwrite=overwrite, inputs=[str(victim)])
    assert victim.read_text(encoding="utf-8") == "mine\n" and sorted(os.listdir(out)) == ["txt"]
    with pytest.raises(FormatError, match=f"folder {tmp_path / 'typo'} does not exist"):
        write_scratch(session, str(tmp_path / "typo" / "scratch"))
    assert not (tmp_path / "typo").exists()
    written = write_scratch(session, str(tmp_path / "fresh"))
    assert os.path.isfile(os.path.join(written.token_dir, "news1.tab"))


# --- item 10: a folder that does not exist --------------------------------------------------------------


@pytest.mark.parametrize("flag", ["-o", "-d", "--json", "-c"])
def test_score_refuses_an_output_in_a_missing_folder(corpus: Path, tmp_path: Path, flag: str) -> None:
    done = _score(corpus, flag, "out/x/scores.txt", cwd=tmp_path)
    assert done.returncode == 1
    assert "out/x/scores.txt: folder out/x does not exist (expected an existing folder)" in done.stderr
    assert done.stdout == "" and not (tmp_path / "out").exists()


def test_sequencing_folder_is_made_but_not_its_parent(corpus: Path, tmp_path: Path) -> None:
    done = _score(corpus, "-a", "out/seq", "-o", "scores.txt", cwd=tmp_path)
    assert done.returncode == 1 and "out/seq: folder out does not exist" in done.stderr
    assert sorted(os.listdir(tmp_path)) == ["mini"]
    done = _score(corpus, "-a", "seq", "-o", "seq/sequencing_links.tsv", cwd=tmp_path)
    assert done.returncode == 1 and "given as two different outputs" in done.stderr
    done = _score(corpus, "-a", "seq", "-o", "scores.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "seq" / "sequencing_links.tsv").is_file()


@pytest.mark.parametrize("program, options", [
    ("evmeval-iaa", ["{mini}/gold.tbf", "{mini}/system.tbf", "-t", "{mini}/tkn", "-o", "out/x/r.txt"]),
    ("evmeval-iaa", ["{mini}/gold.tbf", "{mini}/system.tbf", "-t", "{mini}/tkn", "--json", "out/x/r.txt"]),
    ("evmeval-iaa", ["{mini}/gold.tbf", "{mini}/system.tbf", "-t", "{mini}/tkn", "--curated", "out/x/r.txt"]),
    ("evmeval-iaa", ["{mini}/gold.tbf", "{mini}/system.tbf", "-t", "{mini}/tkn", "--curated-brat", "out/x/r.txt"]),
    ("evmeval-compare", ["-g", "{mini}/gold.tbf", "-s", "{mini}/system.tbf", "-s", "{mini}/gold.tbf",
                         "--json", "out/x/r.txt"]),
    ("evmeval-compare", ["-g", "{mini}/gold.tbf", "-s", "{mini}/system.tbf", "-s", "{mini}/gold.tbf",
                         "--html", "out/x/r.txt"]),
    ("evmeval-compare", ["-g", "{mini}/gold.tbf", "-s", "{mini}/system.tbf", "-s", "{mini}/gold.tbf",
                         "--csv", "out/x/r.txt"]),
    ("evmeval-conll", ["{data}/kernelc/A_gold.conll", "{data}/kernelc/A_sys.conll", "--json", "out/x/r.txt"]),
])
def test_every_command_refuses_a_missing_output_folder(corpus: Path, tmp_path: Path, program: str,
                                                       options: list[str]) -> None:
    data = Path(__file__).resolve().parent.parent / "data"
    work = tmp_path / "work"
    work.mkdir()
    done = _run(installed(program), *(o.format(mini=corpus, data=data) for o in options), cwd=work)
    assert done.returncode == 1, done.stderr
    assert ": folder out/x does not exist" in done.stderr  # a file's folder, or an output folder's parent
    assert done.stdout == "" and os.listdir(work) == []


def test_brat2tbf_refuses_a_missing_output_folder(evmeval_data: Path, tmp_path: Path) -> None:
    demo = evmeval_data / "conversion_demo"
    done = _run(installed("evmeval-brat2tbf"), "-d", demo / "ann", "-t", demo / "tkn", "-o", "out/x/c.tbf",
                cwd=tmp_path)
    assert done.returncode == 1
    assert "out/x/c.tbf: folder out/x does not exist (expected an existing folder)" in done.stderr
    assert os.listdir(tmp_path) == []


def test_write_atomic_makes_no_folder(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match=f"folder {tmp_path / 'a' / 'b'} does not exist"):
        write_atomic(str(tmp_path / "a" / "b" / "c.txt"), "x")
    assert os.listdir(tmp_path) == []
    dangling = tmp_path / "link.txt"
    dangling.symlink_to(tmp_path / "gone" / "target.txt")  # a link into a missing folder: refused too
    with pytest.raises(FormatError, match="does not exist"):
        check_output_paths([str(dangling)], [])
    with pytest.raises(FormatError, match="does not exist"):
        write_atomic(str(dangling), "x")
    assert not (tmp_path / "gone").exists()


def test_new_folders_are_made_one_level_at_a_time(tmp_path: Path) -> None:
    from evmeval.io.writing import make_output_folders

    out, pages = tmp_path / "report", tmp_path / "report" / "documents"
    check_output_paths([str(pages / "p.html")], [], new_folders=[str(out), str(pages)])
    with pytest.raises(FormatError, match=f"documents/: folder {out} does not exist"):
        check_output_paths([str(pages / "p.html")], [], new_folders=[str(pages) + "/"])
    with pytest.raises(FormatError, match="is a file, not a folder"):
        (tmp_path / "file").write_text("x", encoding="utf-8")
        check_output_paths([str(tmp_path / "file" / "a")], [], new_folders=[str(tmp_path / "file")])
    make_output_folders([str(out), str(pages)])
    assert pages.is_dir()


def test_a_link_to_a_file_that_is_no_input_is_written_through(corpus: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("old", encoding="utf-8")
    (tmp_path / "link.txt").symlink_to(target)
    done = _score(corpus, "-o", tmp_path / "link.txt")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "link.txt").is_symlink() and "plain" in target.read_text(encoding="utf-8")


def test_the_link_tables_file_is_named_once() -> None:
    """`evmeval-score -a`'s folder and an export write the link table under one name, bound in one place
    (`report.sequencing_report.SEQUENCING_FILE`): the command and the export had a copy each."""
    import ast

    import evmeval
    from evmeval.cli.sequencing import folder_outputs
    from evmeval.report.export import SEQUENCING_FILE

    assert folder_outputs("out") == [os.path.join("out", "sequencing_links.tsv")] and folder_outputs(None) == []
    assert SEQUENCING_FILE == "sequencing_links.tsv"
    root = Path(evmeval.__file__).parent
    written = [str(path.relative_to(root)) for path in sorted(root.rglob("*.py"))
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.Constant) and node.value == SEQUENCING_FILE]
    assert written == [str(Path("report") / "sequencing_report.py")]
