"""Blanks inside a relation line's fields (issue 31, item 5): v1.8 splits `@Kind<TAB>id<TAB>E1,E3` on tabs
and the ids on commas and strips none of the pieces, so `@Coreference ` is a kind it ignores and ` E3` an
id no mention has. Ours scores the same bytes (report, comparison file, CoNLL files) and warns at file:line.

v1.8's outputs are recorded in tests/data/v18_recorded/relation_blanks (cases.tsv lists the runs, record.sh
made them with the real scorer under Python 2.7; see SOURCE.md there). Where Python 2.7 and the scorer are
at hand (`EVMEVAL_REF`, `EVMEVAL_PY2` as the benchmarks find them), one more test runs it live.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from evmeval.io.tbf import parse_tbf
from evmeval.model import SpanMode

from tests.programs import installed

RECORDED = Path(__file__).resolve().parent.parent / "data" / "v18_recorded" / "relation_blanks"


def _cases() -> dict[str, tuple[str, str, str, list[str]]]:
    """cases.tsv: name -> (gold, token folder or '-', system, options)."""
    cases = {}
    for line in (RECORDED / "cases.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, gold, tokens, system, options = line.split("\t")
            cases[name] = (gold, tokens, system, options.split())
    return cases


CASES = _cases()

# What ours says, and where: (file, line, words in the warning).
KIND = "holds a blank; v1.8 reads it as written, a kind other than Coreference, After and Subevent, and ignores"
MEMBER = "of the relation hold a blank; v1.8 reads each id as written between the commas, an id no mention has"
WARNED = {
    "coref_kind": ("sys_coref_kind.tbf", 10, f"relation kind 'Coreference ' {KIND}"),
    "coref_member": ("sys_coref_member.tbf", 10, f"mention id(s) ' E3' {MEMBER}"),
    "after_kind": ("sys_after_kind.tbf", 12, f"relation kind 'After ' {KIND}"),
    "after_member": ("sys_after_member.tbf", 12, f"mention id(s) ' E4' {MEMBER}"),
    "gold_coref_member": ("gold_blank_member.tbf", 10, f"mention id(s) 'E2 ' {MEMBER}"),
    "token_coref_member": ("sys_token_coref_member.tbf", 7, f"mention id(s) ' E3' {MEMBER}"),
}


def _command(name: str, out: Path, *, scorer: list[str]) -> list[str]:
    """The run of case `name` (ours or v1.8's), its outputs in `out`, as record.sh runs it."""
    gold, tokens, system, options = CASES[name]
    args = [*scorer, "-g", str(RECORDED / gold), "-s", str(RECORDED / system), "-o", str(out / "scores.txt")]
    if tokens != "-":
        args += ["-t", str(RECORDED / tokens)]
    names = {"-d": str(out / "comparison.txt"), "-c": str(out / "coref"), "-a": str(out / "seq")}
    for option in options:
        args += [option, names[option]]
    return args


def _run(args: list[str], *, pure: bool = False) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, EVMEVAL_PURE_PYTHON="1" if pure else "0")
    return subprocess.run(args, capture_output=True, text=True, timeout=120, check=False, env=env)


def _outputs(folder: Path, prefix: str = "") -> dict[str, bytes]:
    names = ("scores.txt", "comparison.txt", "coref_gold.conll", "coref_sys.conll")
    return {n: (folder / f"{prefix}{n}").read_bytes() for n in names if (folder / f"{prefix}{n}").is_file()}


@pytest.mark.parametrize("pure", [False, True], ids=["kernel-if-any", "pure-python"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_blanks_in_relation_fields_score_as_v18_with_a_warning(name: str, pure: bool, tmp_path: Path) -> None:
    assert "exit code: 0" in (RECORDED / f"{name}.v18.txt").read_text(encoding="utf-8")
    if pure and CASES[name][1] == "-":
        pytest.skip("character mode never reaches the C kernel")
    done = _run(_command(name, tmp_path, scorer=[installed("evmeval-score")]), pure=pure)
    assert done.returncode == 0, done.stderr
    recorded = _outputs(RECORDED, f"{name}.")
    assert "scores.txt" in recorded and "coref_sys.conll" in recorded
    assert _outputs(tmp_path) == recorded
    where, line, words = WARNED[name]
    prefix = f"evmeval-score: warning: {RECORDED / where}:{line}: "
    assert any(w.startswith(prefix) and words in w for w in done.stderr.splitlines()), done.stderr


def test_the_recorded_figures_are_the_ones_stripping_got_wrong() -> None:
    """v1.8 ignores the system's `@Coreference ` cluster (MUC 0; stripped: the gold cluster, 100) and its
    `@After ` link (After F1 75.0 on 2 of 3 gold links; stripped: 100.0)."""
    assert "Metric : muc\tScore\t0.00\n" in (RECORDED / "coref_kind.scores.txt").read_text(encoding="utf-8")
    after = (RECORDED / "after_kind.scores.txt").read_text(encoding="utf-8")
    assert "Results for After =======\n=== Temporal Awareness Score ===\nEvaluated considering implicit relations " \
           "in recall as well\nTemporal Score\tF1\tP\tR\n\t\t75.0\t100.0\t60.0\t\n" in after


def test_the_reader_keeps_every_piece_as_written() -> None:
    text = ("#BeginOfDocument d\nr\td\tE1\t0,4\tword\tA\tActual\nr\td\tE3\t5,9\tword\tA\tActual\n"
            "@Coreference \tR1\tE1,E3\n@After\t R2 \tE1, E3\n@After\tR3\tE1,E3\n#EndOfDocument\n")
    tbf, problems = parse_tbf(text, path="x.tbf", mode=SpanMode.CHAR)
    relations = tbf.documents["d"].relations
    assert [(r.kind, r.relation_id, r.mention_ids) for r in relations] == [
        ("Coreference ", "R1", ("E1", "E3")), ("After", " R2 ", ("E1", " E3")), ("After", "R3", ("E1", "E3"))]
    assert [(p.line, p.fatal) for p in problems] == [(4, False), (5, False)]
    assert str(problems[1]) == ("x.tbf:5: mention id(s) ' E3' of the relation hold a blank; v1.8 reads each id as "
                                "written between the commas, an id no mention has, so do we (expected mention ids "
                                "joined by commas with no blanks (e.g. E1,E3))")


def test_many_blank_ids_on_one_line_are_one_short_warning() -> None:
    ids = ",".join(f" E{n}" for n in range(1000))
    text = f"#BeginOfDocument d\n@Coreference\tR1\t{ids}\n#EndOfDocument\n"
    _, problems = parse_tbf(text, path="x.tbf", mode=SpanMode.CHAR)
    [problem] = problems
    assert "' E0', ' E1', ' E2', ' E3', ' E4' and 995 more of the relation" in problem.message


def test_strict_refuses_a_blank_in_a_relation(tmp_path: Path) -> None:
    args = [*_command("coref_kind", tmp_path, scorer=[installed("evmeval-score")]), "--strict"]
    done = _run(args)
    assert done.returncode == 1
    assert f"evmeval-score: error: {RECORDED / 'sys_coref_kind.tbf'}:10: relation kind 'Coreference '" in done.stderr
    assert list(tmp_path.iterdir()) == []


V18_DIR = Path(os.environ.get("EVMEVAL_REF", "/nonexistent"))
PY2 = os.environ.get("EVMEVAL_PY2") or shutil.which("python2") or "/nonexistent"


@pytest.mark.skipif(not (V18_DIR / "scorer_v1.8.py").is_file() or not Path(PY2).exists()
                    or shutil.which("perl") is None, reason="needs Python 2.7, Perl and the published scorer")
@pytest.mark.parametrize("name", sorted(CASES))
def test_live_against_v18(name: str, tmp_path: Path) -> None:
    theirs, ours = tmp_path / "v18", tmp_path / "ours"
    theirs.mkdir()
    ours.mkdir()
    published = subprocess.run(_command(name, theirs, scorer=[PY2, str(V18_DIR / "scorer_v1.8.py")]),
                               capture_output=True, text=True, timeout=300, check=False, cwd=V18_DIR)
    assert published.returncode == 0, published.stdout + published.stderr
    done = _run(_command(name, ours, scorer=[installed("evmeval-score")]))
    assert done.returncode == 0, done.stderr
    assert _outputs(ours) == _outputs(theirs)
