"""`evmeval-score -c` on the C kernels (`evmeval.mention._kernel` + `evmeval.coref._corefkernel`, driven by
`evmeval.cli.coref_fastpath`): the report, the comparison file with its `@coref` lines, both CoNLL files, the
breakdown file, the warnings and the exit code are the pure-Python path's, byte for byte; anything
unusual is declined and the Python path words it.

"Pure" here means neither kernel: the mention kernel is switched off by `EVMEVAL_PURE_PYTHON=1` and the
coreference kernel (loaded at import) by setting its module handles to None.
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from pathlib import Path

import pytest
from evmeval._util.kernels import PURE_PYTHON_VARIABLE
from evmeval.cli import fastpath
from evmeval.cli.score import score_main
from evmeval.coref import scoring as coref
from evmeval.report import coref_report
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.core.test_kernel import (
    TABLE,
    VALID_GOLD,
    VALID_SYSTEM,
    _corpus,
    _medium_corpus,
    path_forced,
    tbf_text,
    token_tables,
)

needs_kernels = pytest.mark.skipif(fastpath._kernel is None or coref.KERNEL is None,
                                   reason="C kernels (mention, coref) not built: pure path only")
OUTPUTS = ("report", "comparison", "k", "k_gold.conll", "k_sys.conll")


@contextlib.contextmanager
def no_coref_kernel(which: str):  # type: ignore[no-untyped-def]
    """On the pure path, the coreference kernel is switched off too."""
    kernel = coref.KERNEL
    if which == "pure":
        coref.KERNEL = coref_report.KERNEL = None
    try:
        yield
    finally:
        coref.KERNEL = coref_report.KERNEL = kernel


def run_c(args: list[str], folder: Path, which: str) -> tuple[int, dict[str, bytes], str, list[bool]]:
    """Exit code, every output file's bytes (b"" when not written), stderr, and whether the mention
    kernel finished (True) or declined (False) the run."""
    out = folder / which
    out.mkdir(exist_ok=True)
    for f in out.iterdir():
        f.unlink()
    stderr = io.StringIO()
    with path_forced(which) as taken, no_coref_kernel(which), contextlib.redirect_stderr(stderr):
        code = score_main([*args, "-o", str(out / "report"), "-d", str(out / "comparison"), "-c", str(out / "k")])
    files = {name: (out / name).read_bytes() if (out / name).exists() else b"" for name in OUTPUTS}
    return code, files, stderr.getvalue(), taken


def both(args: list[str], folder: Path) -> tuple[tuple[int, dict[str, bytes], str, list[bool]], ...]:
    kernel, pure = run_c(args, folder, "kernel"), run_c(args, folder, "pure")
    assert kernel[:3] == pure[:3]
    return kernel, pure


def _demo(data: Path, system: str) -> list[str]:
    demo = data / "scoring_demo" / "token_based"
    return ["-g", str(demo / "gold.tbf"), "-s", str(demo / f"sample_system_{system}.tbf"), "-t", str(demo / "tkn")]


# ---------------------------------------------------------------- the published outputs, on both paths

@pytest.mark.parametrize("which", ["kernel", "pure"])
@pytest.mark.parametrize("system", ["A", "B", "C"])
def test_published_coref_outputs_byte_for_byte_on_both_paths(which: str, system: str, evmeval_data: Path,
                                                             tmp_path: Path) -> None:
    if which == "kernel" and (fastpath._kernel is None or coref.KERNEL is None):
        pytest.skip("C kernels not built")
    expected = evmeval_data / "expected" / f"token_based_system_{system}"
    published = Path(__file__).parent.parent / "data" / "kernelc"
    code, files, _, taken = run_c(_demo(evmeval_data, system), tmp_path, which)
    assert code == 0
    assert files["report"] == (expected / "scores_coref.txt").read_bytes()
    assert files["comparison"] == (expected / "comparison_coref.txt").read_bytes()
    assert files["k_gold.conll"] == (published / f"{system}_gold.conll").read_bytes()
    assert files["k_sys.conll"] == (published / f"{system}_sys.conll").read_bytes()
    assert files["k"].startswith(b"# EvmEval Studio coreference breakdown")
    assert taken == ([True] if which == "kernel" else [])


@needs_kernels
def test_the_empty_system_d_is_declined_with_the_same_outputs(evmeval_data: Path, tmp_path: Path) -> None:
    kernel, _ = both(_demo(evmeval_data, "D"), tmp_path)
    assert kernel[1]["report"] == (evmeval_data / "expected" / "token_based_system_D" / "scores_coref.txt").read_bytes()
    assert kernel[3] == [False]


def _clustered_corpus(folder: Path, seed: int) -> list[str]:
    """`_medium_corpus`'s 40 documents (the repeated system id made distinct: that one is declined),
    with several clusters per document on both sides: disjoint, tangled across the sides, singletons."""
    import random

    rng = random.Random(seed)
    args = _medium_corpus(folder, seed)
    for name in ("gold.tbf", "system.tbf"):
        out, ids = [], []
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            if line.startswith("#BeginOfDocument"):
                ids = []
            elif line.startswith("@"):
                continue
            elif line.startswith("#EndOfDocument"):
                rng.shuffle(ids)
                at = 0
                for n in range(rng.randrange(0, 5)):
                    size = rng.choice([1, 2, 2, 3, 5])
                    if ids[at:at + size]:
                        out.append(f"@Coreference\tR{n + 1}\t{','.join(ids[at:at + size])}")
                    at += size
            else:
                fields = line.split("\t")
                if fields[2] in ids:
                    fields[2] = f"E{len(ids) + 100}"
                ids.append(fields[2])
                line = "\t".join(fields)
            out.append(line)
        (folder / name).write_text("\n".join(out) + "\n", encoding="utf-8")
    return args


@needs_kernels
@pytest.mark.parametrize("mapping", ["0", "1", "2", "3"])
@pytest.mark.parametrize("threshold", ["1.0", "0.5", "0"])
def test_every_mapping_and_threshold_on_a_clustered_corpus(mapping: str, threshold: str, tmp_path: Path) -> None:
    args = [*_clustered_corpus(tmp_path, int(mapping) + 1), "-m", mapping, "-ct", threshold]
    kernel, _ = both(args, tmp_path)
    assert kernel[3] == [True]
    assert kernel[1]["k_gold.conll"].count(b"#begin document") == 40
    assert b"@coref\tgold" in kernel[1]["comparison"] and b"@coref\tsystem" in kernel[1]["comparison"]


# ---------------------------------------------------------------- what the kernel declines

CLUSTERS = "@Coreference\tR1\tE1,E2\n#EndOfDocument\n"
DECLINED = {
    "mention in two clusters": VALID_GOLD.replace("#EndOfDocument\n", "@Coreference\tR2\tE2,E1\n#EndOfDocument\n"),
    "unknown member": VALID_GOLD.replace("E1,E2", "E1,E9"),
    "member twice in one cluster": VALID_GOLD.replace("E1,E2", "E1,E2,E1"),
    "empty member": VALID_GOLD.replace("E1,E2", "E1,,E2"),
    "repeated mention id": VALID_GOLD.replace("E2\t", "E1\t"),
}
TAKEN = {
    "same span twice in a cluster (a validation warning only)": VALID_GOLD.replace("t2,t3", "t1"),
    "after and subevent links beside the clusters": VALID_GOLD.replace(
        "#EndOfDocument\n", "@After\tR7\tE1,E2\n@Subevent\tR8\tE2,E1\n#EndOfDocument\n"),
    "a mention naming another document": VALID_GOLD.replace("gold\td1\tE2", "gold\td9\tE2"),
}


def test_the_fixtures_hold_clusters() -> None:
    assert "@Coreference\tR1\tE1,E2" in VALID_GOLD and all(case != VALID_GOLD for case in DECLINED.values())


@needs_kernels
@pytest.mark.parametrize("case", list(DECLINED))
@pytest.mark.parametrize("side", ["gold", "system"])
def test_the_kernel_declines_what_python_must_word(case: str, side: str, tmp_path: Path) -> None:
    text = DECLINED[case]
    gold, system = (text, VALID_SYSTEM) if side == "gold" else (VALID_GOLD, text.replace("gold\t", "sys\t"))
    kernel, _ = both(_corpus(tmp_path, gold, system), tmp_path)
    assert kernel[3] == [False]
    if case == "mention in two clusters":
        assert kernel[0] == 1 and "is in coreference clusters R1" in kernel[2] and kernel[1]["k"] == b""


@needs_kernels
@pytest.mark.parametrize("case", list(TAKEN))
def test_the_kernel_takes_what_only_validation_remarks(case: str, tmp_path: Path) -> None:
    kernel, _ = both(_corpus(tmp_path, TAKEN[case], VALID_SYSTEM), tmp_path)
    assert kernel[3] == [True]
    assert kernel[0] == 0 and kernel[1]["k_gold.conll"]


@needs_kernels
def test_char_mode_and_white_lists_with_c_stay_on_the_python_path(tmp_path: Path) -> None:
    """(`--json` with -c is the kernel's too: tests/core/test_combined_kernel_json.py.)"""
    args = _corpus(tmp_path, VALID_GOLD, VALID_SYSTEM)
    assert run_c([*args, "--json", str(tmp_path / "x.json")], tmp_path, "kernel")[3] == [True]
    assert run_c(args[:4], tmp_path, "kernel")[3] == []
    assert run_c([*args, "-wl", str(tmp_path / "gold.tbf")], tmp_path, "kernel")[3] == []


@needs_kernels
def test_an_unwritable_prefix_fails_alike_and_writes_no_report(tmp_path: Path) -> None:
    args = _corpus(tmp_path, VALID_GOLD, VALID_SYSTEM)
    outcomes = []
    for which in ("kernel", "pure"):
        out = tmp_path / which
        (out / "k").mkdir(parents=True)  # the breakdown file's path is a folder
        stderr = io.StringIO()
        with path_forced(which), no_coref_kernel(which), contextlib.redirect_stderr(stderr):
            code = score_main([*args, "-o", str(out / "report"), "-c", str(out / "k")])
        outcomes.append((code, stderr.getvalue().replace(which, "X"), (out / "report").exists(),
                         (out / "k_gold.conll").exists()))
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][0] == 1 and not outcomes[0][2] and "error" in outcomes[0][1]


# ---------------------------------------------------------------- random pairs through both paths

@st.composite
def clustered_tbf(draw: st.DrawFn, run: str) -> str:
    """`tbf_text`'s files with `@Coreference` lines: mostly the document's own ids, made distinct, each in
    at most one cluster (the kernel's case); else any ids (a mention in two clusters, unknown and repeated
    members: the Python path's)."""
    text = draw(tbf_text(run))
    clean = draw(st.integers(0, 3)) > 0
    out: list[str] = []
    ids: list[str] = []
    for line in text.split("\n"):
        if line.startswith("#BeginOfDocument"):
            ids = []
        elif line.startswith("@") and clean:
            continue
        elif line.startswith("#EndOfDocument"):
            pool = list(dict.fromkeys(ids)) if clean else ["E1", "E2", "E3", "E4", "E5", "E6"]
            members = draw(st.permutations(pool)) if pool else []
            at = 0
            for n in range(draw(st.integers(0, 3))):
                size = draw(st.integers(1, 3))
                chosen = members[at:at + size] if clean else draw(st.lists(st.sampled_from(pool), min_size=1,
                                                                             max_size=4))
                if chosen:
                    out.append(f"@Coreference\tC{n}\t{','.join(chosen)}")
                at += size
        elif line and line[0] not in "#@" and len(line.split("\t")) > 2:
            fields = line.split("\t")
            if clean and fields[2] in ids:  # distinct ids: a repeated one is the Python path's
                fields[2] = f"R{len(ids)}"
                line = "\t".join(fields)
            ids.append(fields[2])
        out.append(line)
    return "\n".join(out)


@needs_kernels
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gold=clustered_tbf("gold"), system=clustered_tbf("sys"), tables=token_tables(),
       mapping=st.sampled_from(["0", "1", "2", "3"]), threshold=st.sampled_from(["1.0", "0.5", "0.01", "0"]))
def test_random_pairs_with_clusters_give_the_same_files_warnings_and_exit_codes(
        gold: str, system: str, tables: dict[str, str], mapping: str, threshold: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        args = [*_corpus(folder, gold, system, tables), "-m", mapping, "-ct", threshold]
        kernel, _ = both(args, folder)
    event("kernel took the run" if kernel[3] == [True] else "kernel declined")


def test_the_valid_table_covers_the_fixture_tokens() -> None:
    assert all(f"t{k}\t" in TABLE for k in range(4))


def test_the_installed_program_writes_the_same_c_files_with_and_without_the_kernels(evmeval_data: Path,
                                                                                  tmp_path: Path) -> None:
    import os
    import subprocess

    from tests.programs import installed

    outputs = []
    for pure in ("0", "1"):
        out = tmp_path / pure
        out.mkdir()
        done = subprocess.run([installed("evmeval-score"), *_demo(evmeval_data, "B"), "-o", str(out / "report"), "-d",
                               str(out / "comparison"), "-c", str(out / "k")],
                              env={**os.environ, PURE_PYTHON_VARIABLE: pure}, capture_output=True, check=False)
        outputs.append((done.returncode, done.stderr, {name: (out / name).read_bytes() for name in OUTPUTS}))
    assert outputs[0] == outputs[1]
    expected = evmeval_data / "expected" / "token_based_system_B"
    assert outputs[0][2]["report"] == (expected / "scores_coref.txt").read_bytes()
