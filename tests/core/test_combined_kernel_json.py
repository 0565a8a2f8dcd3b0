"""`evmeval-score -t -o -d -c -a --json` (issue 37's combined run) on the C kernels: the `--json` document's
`coreference` object is made from the kernels' arrays (`evmeval.cli.coref_fastpath`), and the report, the
comparison file, both CoNLL files, the breakdown, the link table, the JSON, the warnings and the exit code
are the pure-Python path's (both kernels off), byte for byte, on generated corpora and random pairs.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import tempfile
from pathlib import Path

import pytest
from evmeval.cli.score import score_main
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.core.test_kernel import VALID_GOLD, VALID_SYSTEM, _corpus, path_forced, token_tables
from tests.core.test_kernel_coref import _clustered_corpus, clustered_tbf, needs_kernels, no_coref_kernel
from tests.core.test_kernel_sequencing import _generated

FILES = ("report", "comparison", "scores.json", "k", "k_gold.conll", "k_sys.conll", "seq/sequencing_links.tsv")


def run_all(args: list[str], folder: Path, which: str, *, sequencing: bool = True,
            ) -> tuple[int, dict[str, bytes], str, list[bool]]:
    """Exit code, every output's bytes (b"": not written), stderr, and whether the mention kernel finished
    the run (True) or declined it (False); `which`: "kernel" or "pure" (neither kernel)."""
    out = folder / which
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    stderr = io.StringIO()
    with path_forced(which) as taken, no_coref_kernel(which), contextlib.redirect_stderr(stderr):
        code = score_main([*args, "-o", str(out / "report"), "-d", str(out / "comparison"), "-c", str(out / "k"),
                           *(["-a", str(out / "seq")] if sequencing else []), "--json", str(out / "scores.json")])
    files = {name: (out / name).read_bytes() if (out / name).exists() else b"" for name in FILES}
    return code, files, stderr.getvalue().replace(str(out), "OUT"), taken


def both(args: list[str], folder: Path, *, sequencing: bool = True) -> tuple[int, dict[str, bytes], str, list[bool]]:
    """Both paths; everything a user gets is the same; the kernel's run."""
    kernel = run_all(args, folder, "kernel", sequencing=sequencing)
    pure = run_all(args, folder, "pure", sequencing=sequencing)
    assert kernel[0] == pure[0]
    assert kernel[2] == pure[2]
    for name in FILES:
        assert kernel[1][name] == pure[1][name], name
    return kernel


@needs_kernels
@pytest.mark.parametrize(("seed", "options"), [(6, []), (7, ["-m", "3"]), (8, ["-m", "0", "-ct", "0.5"]),
                                               (9, ["-nv", "--sequencing-closure", "full"])])
def test_a_generated_corpus_takes_the_kernel_with_json_and_the_same_bytes(seed: int, options: list[str],
                                                                         tmp_path: Path) -> None:
    kernel = both([*_generated(tmp_path, seed, "--seq-extra-rate", "0.3"), "-nv", *options], tmp_path)
    code, files, _, taken = kernel
    assert taken == [True]  # on the kernel: the Python path took every -c --json run before
    assert code == 0
    data = json.loads(files["scores.json"])
    assert list(data)[-2:] == ["coreference", "sequencing"]
    clusters = [c for d in data["coreference"]["documents"] for c in d["clusters"]]
    assert {c["outcome"] for c in clusters} >= {"exact", "missed", "spurious"}
    assert any(c["relation_id"] for c in clusters) and any(c["unaligned"] for c in clusters)
    assert b"Temporal Awareness Score" in files["report"] and b"@coref\tgold" in files["comparison"]


@needs_kernels
@pytest.mark.parametrize("mapping", ["0", "1", "2", "3"])
def test_tangled_clusters_are_explained_alike(mapping: str, tmp_path: Path) -> None:
    code, files, _, taken = both([*_clustered_corpus(tmp_path, int(mapping) + 11), "-m", mapping], tmp_path)
    assert taken == [True] and code == 0
    outcomes = {c["outcome"] for d in json.loads(files["scores.json"])["coreference"]["documents"]
                for c in d["clusters"]}
    assert len(outcomes) >= 3 and outcomes & {"split", "merged", "partial"}


@needs_kernels
@pytest.mark.parametrize("threshold", ["1.0", "0.5"])
def test_c_with_json_and_no_sequencing_is_the_kernels_too(threshold: str, tmp_path: Path) -> None:
    code, files, _, taken = both([*_clustered_corpus(tmp_path, 21), "-ct", threshold], tmp_path, sequencing=False)
    assert taken == [True] and code == 0
    data = json.loads(files["scores.json"])
    assert list(data)[-1] == "coreference" and len(data["coreference"]["documents"]) == 40
    assert files["seq/sequencing_links.tsv"] == b""


@needs_kernels
def test_what_the_kernel_declines_still_writes_the_python_paths_json(tmp_path: Path) -> None:
    gold = VALID_GOLD.replace("E1,E2", "E1,E9")  # a member that is not a mention: worded by the Python path
    code, files, stderr, taken = both(_corpus(tmp_path, gold, VALID_SYSTEM), tmp_path)
    assert taken == [False]
    assert code == 0 and "not a mention of document" in stderr
    assert json.loads(files["scores.json"])["coreference"]["documents"][0]["doc_id"] == "d1"


@needs_kernels
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gold=clustered_tbf("gold"), system=clustered_tbf("sys"), tables=token_tables(),
       mapping=st.sampled_from(["0", "1", "2", "3"]), threshold=st.sampled_from(["1.0", "0.5", "0"]))
def test_random_pairs_give_the_same_json_and_files_on_both_paths(gold: str, system: str, tables: dict[str, str],
                                                                   mapping: str, threshold: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        kernel = both([*_corpus(folder, gold, system, tables), "-m", mapping, "-ct", threshold, "-nv"], folder)
    event("kernel took the run" if kernel[3] == [True] else "kernel declined")
