"""Never lose, damage or misread the user's data (issue: trust). Each test reproduces a reported defect.

Special files are private nodes and fifos made in a temporary folder, never the machine's /dev.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from evmeval.agreement.scoring import compare_annotators
from evmeval.io.errors import FormatError
from evmeval.io.reading import MAX_LINE_BYTES, read_text
from evmeval.io.tbf import parse_tbf
from evmeval.io.writing import check_output_paths, write_atomic
from evmeval.model import SpanMode, TbfFile

from tests.programs import installed

MINI = Path(__file__).resolve().parent.parent / "data" / "mini"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A private copy of the mini corpus (gold, system, tkn/) that the test may try to damage."""
    shutil.copytree(MINI, tmp_path / "mini")
    return tmp_path / "mini"


def _run(*args: str, stdin: bytes | None = None, shell: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run(list(args) if not shell else args[0], capture_output=True, input=stdin, timeout=120,
                          check=False, shell=shell, executable="/bin/bash" if shell else None)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# --- outputs never land on inputs --------------------------------------------------------------------


@pytest.mark.parametrize("flag", ["-o", "-d", "--json"])
def test_score_refuses_an_output_on_a_token_table(corpus: Path, flag: str) -> None:
    before = _snapshot(corpus)
    done = _run(installed("evmeval-score"), "-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"),
                "-t", str(corpus / "tkn"), flag, str(corpus / "tkn" / "d1.tab"))
    assert done.returncode == 1
    assert b"d1.tab: output would land among the inputs" in done.stderr
    assert _snapshot(corpus) == before


def test_score_refuses_a_symlink_or_hard_link_to_an_input(corpus: Path) -> None:
    (corpus / "link.txt").symlink_to(corpus / "tkn" / "d2.tab")
    os.link(corpus / "system.tbf", corpus / "second_name.tbf")
    before = _snapshot(corpus)
    for out in ("link.txt", "second_name.tbf"):
        done = _run(installed("evmeval-score"), "-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"),
                    "-t", str(corpus / "tkn"), "-o", str(corpus / out))
        assert done.returncode == 1, out
        assert b"output would" in done.stderr
    assert _snapshot(corpus) == before


def test_iaa_and_brat2tbf_refuse_token_tables(corpus: Path, evmeval_data: Path, tmp_path: Path) -> None:
    before = _snapshot(corpus)
    done = _run(installed("evmeval-iaa"), str(corpus / "gold.tbf"), str(corpus / "system.tbf"), "-t",
                str(corpus / "tkn"), "-o", str(corpus / "tkn" / "d1.tab"))
    assert done.returncode == 1 and b"output would land among the inputs" in done.stderr
    assert _snapshot(corpus) == before
    demo = tmp_path / "conv"
    shutil.copytree(evmeval_data / "conversion_demo", demo)
    table = next((demo / "tkn").iterdir())
    before = _snapshot(demo)
    done = _run(installed("evmeval-brat2tbf"), "-d", str(demo / "ann"), "-t", str(demo / "tkn"), "-o", str(table))
    assert done.returncode == 1 and b"output would land among the inputs" in done.stderr
    text = next((demo / "ann").glob("*.txt"))
    done = _run(installed("evmeval-brat2tbf"), "-d", str(demo / "ann"), "-t", str(demo / "tkn"), "-o", str(text))
    assert done.returncode == 1 and b"output would overwrite an input file" in done.stderr
    assert _snapshot(demo) == before


def test_refusal_comes_before_any_work(tmp_path: Path) -> None:
    tkn = tmp_path / "tkn"
    tkn.mkdir()
    with pytest.raises(FormatError, match="output would land among the inputs"):
        check_output_paths([str(tkn / "new_doc.tab")], [], input_folders=[(str(tkn), (".tab",))])
    check_output_paths([str(tkn / "notes.md")], [], input_folders=[(str(tkn), (".tab",))])  # not a table name


# --- writing through links and special files --------------------------------------------------------


def test_write_follows_a_symlink_and_keeps_it(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_atomic(str(link), "new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == "new"
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "made_by_write.txt")
    write_atomic(str(dangling), "x")
    assert dangling.is_symlink() and (tmp_path / "made_by_write.txt").read_text(encoding="utf-8") == "x"


def test_write_into_a_fifo_reaches_its_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    write_atomic(str(fifo), "report\n")
    reader.join(timeout=30)
    assert received == [b"report\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # still a fifo, not replaced by a plain file


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_write_into_a_private_null_device_keeps_it_a_device(tmp_path: Path) -> None:
    node = tmp_path / "null"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # our own node, in our own folder
    write_atomic(str(node), "discarded")
    assert stat.S_ISCHR(os.stat(node).st_mode)
    done = _run(installed("evmeval-score"), "-g", str(MINI / "gold.tbf"), "-s", str(MINI / "system.tbf"),
                "-t", str(MINI / "tkn"), "-o", str(node), "-d", str(tmp_path / "cmp.txt"))
    assert done.returncode == 0, done.stderr
    assert stat.S_ISCHR(os.stat(node).st_mode)


# --- every input read once ---------------------------------------------------------------------------


def test_pipes_and_stdin_score_like_paths() -> None:
    score = installed("evmeval-score")
    gold, system, tkn = MINI / "gold.tbf", MINI / "system.tbf", MINI / "tkn"
    by_path = _run(score, "-g", str(gold), "-s", str(system), "-t", str(tkn))
    assert by_path.returncode == 0
    piped = _run(f"'{score}' -g <(cat '{gold}') -s <(cat '{system}') -t '{tkn}'", shell=True)
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout == by_path.stdout
    stdin = _run(score, "-g", str(gold), "-s", "-", "-t", str(tkn), stdin=system.read_bytes())
    assert stdin.returncode == 0 and stdin.stdout == by_path.stdout
    twice = _run(score, "-g", "-", "-s", "-", stdin=b"")
    assert twice.returncode == 1 and b"standard input (-) given for two inputs" in twice.stderr


# --- bounded reading, named causes -------------------------------------------------------------------


def test_endless_input_is_refused_with_a_message(tmp_path: Path) -> None:
    fifo = tmp_path / "zeros"
    os.mkfifo(fifo)

    def feed() -> None:
        block = b"\0" * (1 << 20)
        try:
            with open(fifo, "wb") as handle:
                for _ in range(MAX_LINE_BYTES // len(block) + 8):
                    handle.write(block)
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=feed)
    writer.start()
    done = _run(installed("evmeval-score"), "-g", str(fifo), "-s", str(MINI / "system.tbf"))
    writer.join(timeout=60)
    assert done.returncode == 1
    assert done.stderr.startswith(f"evmeval-score: error: {fifo}:1: line longer than".encode())
    assert b"Traceback" not in done.stderr


_HEADER = b"#BeginOfDocument d1\n"
_BEFORE_BAD = b"sys\td1\tE1\tt1\tcaf"


@pytest.mark.parametrize(("data", "message"), [
    (b"\xef\xbb\xbf#BeginOfDocument d1\n", ":1: starts with a UTF-8 byte order mark"),
    (b"\xff\xfe#\x00", ":1: is UTF-16 text"),
    (_HEADER + _BEFORE_BAD + b"\xe9\tA\tActual\n", f":2: not UTF-8 at byte {len(_HEADER) + len(_BEFORE_BAD)} (0xe9)"),
])
def test_encoding_problems_name_their_cause(tmp_path: Path, data: bytes, message: str) -> None:
    path = tmp_path / "bad.tbf"
    path.write_bytes(data)
    with pytest.raises(FormatError) as caught:
        read_text(str(path))
    assert str(caught.value).startswith(str(path) + message)


def test_unreadable_token_table_is_a_message_not_a_traceback(corpus: Path, monkeypatch, capsys) -> None:
    """Root reads any file, so the refusal is simulated where every read goes through: the one reader."""
    import evmeval.io.reading as reading

    real_open = open

    def guarded(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(path).endswith("d1.tab"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(reading, "open", guarded, raising=False)
    from evmeval.cli.score import score_main, validate_main

    code = score_main(["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"), "-t", str(corpus / "tkn")])
    err = capsys.readouterr().err
    assert code == 1 and f"{corpus / 'tkn' / 'd1.tab'}: cannot be read (Permission denied)" in err
    code = validate_main([str(corpus / "gold.tbf"), "-t", str(corpus / "tkn")])
    err = capsys.readouterr().err
    assert code == 1 and "cannot be read (Permission denied)" in err


def test_validate_into_a_closed_pipe_and_a_huge_relation_line(tmp_path: Path) -> None:
    big = tmp_path / "big.tbf"
    members = "," * 2_000_000
    big.write_text("#BeginOfDocument d1\nsys\td1\tE1\t0,4\tword\tConflict_Attack\tActual\n"
                   f"@Coreference\tR1\tE1{members}\n#EndOfDocument\n", encoding="utf-8")
    done = _run(installed("evmeval-validate"), str(big))
    assert done.returncode == 1
    lines = done.stdout.decode().splitlines()
    assert lines == [f"{big}:3: warning: relation 'R1' names 2,000,000 mention id(s) not in the document: '' "
                     "(expected ids of mentions listed above)"]
    piped = _run(f"'{installed('evmeval-validate')}' '{big}' '{big}' | head -n 1", shell=True)
    assert b"Traceback" not in piped.stderr and b"BrokenPipe" not in piped.stderr


def test_many_problems_on_one_line_are_folded() -> None:
    from evmeval.io.errors import Problem
    from evmeval.io.validate import fold_problems

    problems = [Problem("f.tbf", 3, f"p{i}") for i in range(8)] + [Problem("f.tbf", 4, "q")]
    folded = [str(p) for p in fold_problems(problems)]
    assert folded == ["f.tbf:3: p0", "f.tbf:3: p1", "f.tbf:3: p2", "f.tbf:3: p3", "f.tbf:3: p4",
                      "f.tbf:3: … and 3 more like this", "f.tbf:4: q"]


# --- agreement is symmetric everywhere ---------------------------------------------------------------


def _tbf(text: str, name: str) -> TbfFile:
    tbf, problems = parse_tbf(text, path=name, mode=SpanMode.CHAR)
    assert not [p for p in problems if p.fatal]
    return tbf


def test_not_annotated_is_symmetric_in_agreement() -> None:
    a = _tbf("#BeginOfDocument d\nx\td\tE1\t0,4\tword\tConflict_Attack\tActual\n#EndOfDocument\n", "a.tbf")
    b = _tbf("#BeginOfDocument d\nx\td\tE1\t0,4\tword\tConflict_Attack\tNOT_ANNOTATED\n#EndOfDocument\n", "b.tbf")
    from evmeval.mention.outcomes import mapping_rows

    for first, second in ((a, b), (b, a)):
        pair = compare_annotators([first, second], ["1", "2"]).pair(0, 1)
        rows = mapping_rows(pair.score_result().document("d"), "mention_type+realis_status")
        assert [(r.outcome.value, r.mismatched_attributes) for r in rows] == [("exact", ())]
        assert pair.micro["mention_type+realis_status"].f1 == 1.0


def test_a_file_agrees_fully_with_itself_even_with_overlapping_parts() -> None:
    text = "#BeginOfDocument d\nx\td\tE1\t19,25;20,30\twords\tConflict_Attack\tActual\n#EndOfDocument\n"
    result = compare_annotators([_tbf(text, "a.tbf"), _tbf(text, "b.tbf")], ["a", "b"])
    pair = result.pair(0, 1)
    for combination, score in pair.micro.items():
        assert (score.precision, score.recall, score.f1) == (1.0, 1.0, 1.0), combination


def test_scoring_and_agreement_sum_alike(tmp_path: Path) -> None:
    """Sums of Dice in chosen order, documents in order: the same digits in both modes."""
    from evmeval.mention.scoring import score_files

    lines_a, lines_b = [], []
    for d in range(40):
        lines_a += [f"#BeginOfDocument d{d:02}", f"x\td{d:02}\tE1\t0,3\tw\tA\tActual",
                    f"x\td{d:02}\tE2\t10,17\tw\tA\tActual", "#EndOfDocument"]
        lines_b += [f"#BeginOfDocument d{d:02}", f"x\td{d:02}\tE1\t0,2\tw\tA\tActual",
                    f"x\td{d:02}\tE2\t10,16\tw\tA\tActual", "#EndOfDocument"]
    gold, system = _tbf("\n".join(lines_a), "a.tbf"), _tbf("\n".join(lines_b), "b.tbf")
    scored = score_files(gold, system).micro["plain"]
    agreed = compare_annotators([gold, system], ["a", "b"]).pair(0, 1).micro["plain"]
    assert scored.tp == agreed.tp and scored.recall == agreed.recall
    assert f"{scored.recall * 100:.2f}" == f"{agreed.recall * 100:.2f}"


def test_python_is_the_one_running_these_tests() -> None:
    """Programs are found beside the interpreter, so a fresh clone's venv needs no activation."""
    assert Path(installed("evmeval-score")).parent == Path(sys.executable).parent


# --- parity with v1.8 as it runs under Python 2 ------------------------------------------------------


def test_not_annotated_type_and_non_ascii_ids_as_v18_prints_them(tmp_path: Path) -> None:
    recorded = Path(__file__).resolve().parent.parent / "data" / "v18_recorded"
    done = _run(installed("evmeval-score"), "-g", str(recorded / "gold_not_annotated_type.tbf"), "-s",
                str(recorded / "system_not_annotated_type.tbf"), "-d", str(tmp_path / "cmp.txt"))
    assert done.returncode == 0, done.stderr
    assert done.stdout == (recorded / "not_annotated_type.scores.txt").read_bytes()
    assert (tmp_path / "cmp.txt").read_bytes() == (recorded / "not_annotated_type.comparison.txt").read_bytes()


def test_brat2tbf_never_writes_a_relation_tbf_lacks(tmp_path: Path) -> None:
    ann = tmp_path / "ann"
    ann.mkdir()
    (ann / "doc1.txt").write_text("They fought and died.\n", encoding="utf-8")
    (ann / "doc1.ann").write_text("T1\tConflict_Attack 5 11\tfought\nE1\tConflict_Attack:T1\n"
                                  "T2\tLife_Die 16 20\tdied\nE2\tLife_Die:T2\nR1\tFoo Arg1:E1 Arg2:E2\n"
                                  "R2\tAfter Arg1:E1 Arg2:E2\n", encoding="utf-8")
    tkn = tmp_path / "tkn"
    tkn.mkdir()
    (tkn / "doc1.tab").write_text("t1\tThey\t0\t3\nt2\tfought\t5\t10\nt3\tand\t12\t14\nt4\tdied\t16\t19\n"
                                  "t5\t.\t20\t20\n", encoding="utf-8")
    out = tmp_path / "out.tbf"
    done = _run(installed("evmeval-brat2tbf"), "-d", str(ann), "-t", str(tkn), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert b"relation R1 (Foo) left out: tbf has no such relation" in done.stderr
    assert "@Foo" not in out.read_text(encoding="utf-8") and "@After" in out.read_text(encoding="utf-8")
    checked = _run(installed("evmeval-validate"), str(out), "-t", str(tkn))
    assert checked.returncode == 0, checked.stdout + checked.stderr
