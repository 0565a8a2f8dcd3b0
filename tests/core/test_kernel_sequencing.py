"""`evmeval-score -a DIR` on the C kernel's path (`evmeval.cli.sequencing_fastpath`): the same report, link
table, `--json`, warnings and exit codes as the pure-Python path, on generated corpora and on the cases
where sequencing refuses, warns or leaves the kernel (`tests.core.test_kernel` runs the paths the same way).
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from evmeval.cli.score import score_main
from hypothesis import HealthCheck, event, given, settings

from tests.core.test_kernel import (
    VALID_GOLD,
    VALID_SYSTEM,
    _corpus,
    needs_kernel,
    path_forced,
    tbf_text,
    token_tables,
)
from tests.programs import installed

REPO = Path(__file__).resolve().parents[2]
GENERATOR = REPO / "benchmarks" / "gen_corpus.py"

SeqRun = tuple[int, bytes, bytes, str, list[bool], bytes, bytes]


def run_seq(args: list[str], folder: Path, which: str, *, json: bool = True) -> SeqRun:
    """`run_both` with -a: exit code, report, comparison, stderr, whether the kernel took the run, the
    `--json` bytes (b"" without `json`) and the -a folder's link table."""
    out, cmp, data, seq = (folder / f"{which}.txt", folder / f"{which}_cmp.txt", folder / f"{which}.json",
                           folder / f"{which}_seq")
    for f in (out, cmp, data):
        f.unlink(missing_ok=True)
    shutil.rmtree(seq, ignore_errors=True)
    stderr = io.StringIO()
    extra = ["--json", str(data)] if json else []
    with path_forced(which) as taken, contextlib.redirect_stderr(stderr):
        code = score_main([*args, "-a", str(seq), "-o", str(out), "-d", str(cmp), *extra])
    table = seq / "sequencing_links.tsv"
    return (code, _read(out), _read(cmp), stderr.getvalue(), taken, _read(data), _read(table))


def _read(path: Path) -> bytes:
    return path.read_bytes() if path.exists() else b""


def same(args: list[str], folder: Path, *, json: bool = True) -> SeqRun:
    """Run both paths; assert everything a user gets is equal; the kernel's run."""
    kernel, pure = run_seq(args, folder, "kernel", json=json), run_seq(args, folder, "pure", json=json)
    assert kernel[:4] == pure[:4] and kernel[5:] == pure[5:]
    return kernel


def _generated(folder: Path, seed: int, *extra: str) -> list[str]:
    subprocess.run([sys.executable, str(GENERATOR), "--seed", str(seed), "--docs", "14", "--mentions", "16",
                    "--mode", "token", "--sequencing", "--out", str(folder / "corpus"), *extra],
                   check=True, capture_output=True)
    corpus = folder / "corpus"
    return ["-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"), "-t", str(corpus / "tkn")]


@needs_kernel
@pytest.mark.parametrize("options", [[], ["-nv"], ["-m", "3"], ["-m", "0", "-nv"], ["--sequencing-closure", "full"]])
def test_a_generated_corpus_is_sequenced_by_the_kernel_with_the_same_bytes(options: list[str], tmp_path: Path) -> None:
    args = _generated(tmp_path, 5, "--seq-extra-rate", "0.3", "--seq-reverse-rate", "0.2") + options
    kernel = same(args, tmp_path)
    assert kernel[4] == [True]
    assert kernel[0] == 0 and b"Temporal Awareness Score" in kernel[1] and kernel[6].count(b"\n") > 50
    assert b'"sequencing"' in kernel[5]
    assert "neither a mention nor a coreference member" in kernel[3]  # --seq-unknown-rate: warned alike


@needs_kernel
def test_edge_corpora_and_two_way_refusals_say_the_same_on_both_paths(tmp_path: Path) -> None:
    """Corner cases of the generator (--edge) and system 2-cycles: refused without -nv (exit 1, the
    same message), scored with it."""
    args = _generated(tmp_path, 8, "--edge", "--seq-cycle-rate", "0.6", "--seq-coref-swap-rate", "0.3")
    refused = same(args, tmp_path)
    assert refused[0] == 1 and "-nv" in refused[3] and refused[1] == refused[6] == b""
    scored = same([*args, "-nv"], tmp_path)
    assert scored[0] == 0 and scored[6]


@needs_kernel
def test_with_coreference_both_sections_and_files_are_the_same(tmp_path: Path) -> None:
    """-c and -a in one kernel run (with --json too: tests/core/test_combined_kernel_json.py)."""
    args = [*_generated(tmp_path, 6), "-c", str(tmp_path / "coref"), "-m", "2", "-nv"]
    kernel = same(args, tmp_path, json=False)
    assert kernel[4] == [True]
    assert kernel[1].index(b"Coreference") < kernel[1].index(b"Temporal Awareness Score")


def _gold(links: str) -> str:
    return VALID_GOLD.replace("#EndOfDocument", links + "#EndOfDocument")


SECOND = ("#BeginOfDocument d2\n"
          "gold\td2\tE1\tt1\tsaid\tContact_Meet\tActual\n"
          "gold\td2\tE2\tt2\tmet\tContact_Meet\tActual\n"
          "gold\td2\tE3\tt3\tleft\tMovement_Transport\tActual\n"
          "@After\tR1\tE1,E2\n@Subevent\tR2\tE3,E2\n"
          "#EndOfDocument\n")

CASES = {
    # name: (gold, system, kernel takes it, exit code without -nv)
    "plain links": (_gold("@After\tR2\tE1,E2\n"), VALID_SYSTEM.replace("#End", "@After\tR2\tE2,E1\n#End"), True, 0),
    "unknown id (flagged)": (_gold("@After\tR2\tE1,E9\n"), VALID_SYSTEM, True, 0),
    "three ids": (_gold("@After\tR2\tE1,E2,E1\n"), VALID_SYSTEM, True, 1),
    "gold two-way": (VALID_GOLD + SECOND.replace("#End", "@After\tR3\tE2,E1\n#End"), VALID_SYSTEM, True, 1),
    "system two-way, unknown to gold": (
        VALID_GOLD + SECOND,
        VALID_SYSTEM + SECOND.replace("gold\t", "sys\t").replace("E1", "E5").replace("E2", "E6").replace(
            "#End", "@After\tR3\tE6,E5\n#End"), True, 1),
    "coreference member not a mention": (_gold("@Coreference\tR5\tE1,E9\n@After\tR2\tE9,E2\n"), VALID_SYSTEM,
                                         False, 0),
    "link inside a cluster": (_gold("@After\tR2\tE2,E1\n"), VALID_SYSTEM, True, 0),
    "gold document the system lacks": (_gold("@After\tR2\tE1,E2\n") + SECOND, VALID_SYSTEM, True, 0),
    "system-only document": (_gold("@After\tR2\tE1,E2\n"), VALID_SYSTEM + SECOND.replace("gold\t", "sys\t"), True, 0),
    "repeated gold ids": (_gold("@After\tR2\tE1,E2\n").replace("\tE2\tt2,t3", "\tE1\tt2,t3"), VALID_SYSTEM,
                          False, 0),
}


@needs_kernel
@pytest.mark.parametrize("case", list(CASES))
def test_sequencing_cases_give_the_same_outputs_on_both_paths(case: str, tmp_path: Path) -> None:
    gold, system, takes, code = CASES[case]
    tables = {"d1": "".join(f"t{k}\tw{k}\t{3 * k}\t{3 * k + 1}\n" for k in range(6))}
    tables["d2"] = tables["d1"]
    args = _corpus(tmp_path, gold, system, tables)
    for options in ([], ["-nv"]):
        kernel = same([*args, *options], tmp_path)
        assert kernel[4] == ([True] if takes else [False]), (case, options)
        if not options:
            assert kernel[0] == code, kernel[3]


@needs_kernel
def test_the_installed_program_gives_the_same_bytes_with_and_without_the_kernel(tmp_path: Path) -> None:
    """Forked checker and forked sequencing child, as users run it; `EVMEVAL_PURE_PYTHON=1` the other way."""
    args = _generated(tmp_path, 9, "--edge")
    results = []
    for pure in ("0", "1"):
        out, seq = tmp_path / f"s{pure}.txt", tmp_path / f"seq{pure}"
        done = subprocess.run([installed("evmeval-score"), *args, "-nv", "-a", str(seq), "-o", str(out)],
                              capture_output=True, check=False, env={**os.environ, "EVMEVAL_PURE_PYTHON": pure})
        results.append((done.returncode, done.stderr, out.read_bytes(), (seq / "sequencing_links.tsv").read_bytes()))
    assert results[0] == results[1]
    assert results[0][0] == 0


@needs_kernel
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gold=tbf_text("gold"), system=tbf_text("sys"), tables=token_tables())
def test_random_pairs_sequence_alike_on_both_paths(gold: str, system: str, tables: dict[str, str]) -> None:
    """`tests.core.test_kernel`'s random pairs (odd clusters, unknown ids, links of any length) with -a -nv."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        kernel = same([*_corpus(folder, gold, system, tables), "-nv"], folder)
    event("kernel took the run" if kernel[4] == [True] else "kernel declined")
