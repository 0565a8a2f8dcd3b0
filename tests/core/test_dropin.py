"""A drop-in never fails where v1.8 scores: odd inputs v1.8 scores are scored the same, byte for byte,
with a `file:line` warning; what v1.8 crashes on is refused with a message; `--strict` fails on warnings.

The v1.8 outputs are recorded in tests/data/v18_recorded/dropin (cases.tsv lists the runs, record.sh
made them with the real scorer under Python 2.7; see SOURCE.md there): no Python 2 needed here.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.programs import installed

RECORDED = Path(__file__).resolve().parent.parent / "data" / "v18_recorded" / "dropin"
DEMO = RECORDED.parent.parent / "evmeval" / "scoring_demo"


def _cases() -> dict[str, tuple[str, str, list[str]]]:
    """cases.tsv: name -> (mode, system file, further options)."""
    cases = {}
    for line in (RECORDED / "cases.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, mode, system, *options = line.split("\t")
            cases[name] = (mode, system, options[0].split() if options else [])
    return cases


CASES = _cases()

# What ours says, and where: (file of the warning, line, words in it).
WARNED = {
    "before_first": ("sys_before_first.tbf", 1, "outside a document (line 1); v1.8 scores them in document 'example1'"),
    "between": ("sys_between.tbf", 4, "outside a document (line 4); v1.8 scores them in document 'example2'"),
    "unclosed_last": ("sys_unclosed_last.tbf", 4, "is never closed; v1.8 drops it"),
    "begin_twice": ("sys_begin_twice.tbf", 3, "'example1' (line 1) is not closed; v1.8 scores its 1 mention line(s)"),
    "span_reversed": ("sys_span_reversed.tbf", 2, "'4,0' ends before it begins; v1.8 reads it as no characters"),
    "span_negative": ("sys_span_negative.tbf", 2, "'-2,4' has a negative offset; v1.8 counts characters -2 to 3"),
    "span_three": ("sys_span_three.tbf", 2, "'4,6,8' has 3 numbers; v1.8 reads the first two (4,6)"),
    "token_empty": ("sys_token_empty.tbf", 6, "empty span; v1.8 reads it as a token id"),
    "token_trailing": ("sys_token_trailing.tbf", 6, "span 't771,' has an empty token id"),
    "token_stray_end": ("sys_token_stray_end.tbf", 8, "#EndOfDocument without an open document; v1.8 files"),
    "whitelist_bom": ("types_with_bom.txt", 1, "starts with a UTF-8 byte order mark; v1.8 drops it"),
}
SCORED_AS_RECORDED = sorted(WARNED)


def _command(name: str, out: Path, *extra: str) -> list[str]:
    """Our run of case `name`, its outputs in `out` (the options of the recorded v1.8 run)."""
    mode, system, options = CASES[name]
    side = DEMO / ("token_based" if mode == "token" else "char_based")
    args = [installed("evmeval-score"), "-g", str(side / "gold.tbf"), "-s", str(RECORDED / system),
            "-o", str(out / "scores.txt"), "-d", str(out / "comparison.txt")]
    if mode == "token":
        args += ["-t", str(side / "tkn")]
    for option in options:  # -c is followed by the prefix in record.sh
        args += ["-c", str(out / "coref")] if option == "-c" else [
            str(RECORDED / option) if option.endswith(".txt") else option]
    return args + list(extra)


def _run(args: list[str], *, pure: bool = False) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, EVMEVAL_PURE_PYTHON="1" if pure else "0")
    return subprocess.run(args, capture_output=True, text=True, timeout=120, check=False, env=env)


def _recorded_outputs(name: str) -> dict[str, bytes]:
    """v1.8's outputs of case `name`, by our file name in the run's folder."""
    ours = {"scores.txt": "scores.txt", "comparison.txt": "comparison.txt", "coref_gold.conll": "coref_gold.conll",
            "coref_sys.conll": "coref_sys.conll"}
    found = {mine: RECORDED / f"{name}.{theirs}" for mine, theirs in ours.items()}
    return {mine: path.read_bytes() for mine, path in found.items() if path.is_file()}


@pytest.mark.parametrize("pure", [False, True], ids=["kernel-if-any", "pure-python"])
@pytest.mark.parametrize("name", SCORED_AS_RECORDED)
def test_what_v18_scores_is_scored_the_same_with_a_warning(name: str, pure: bool, tmp_path: Path) -> None:
    assert "exit code: 0" in (RECORDED / f"{name}.v18.txt").read_text(encoding="utf-8")
    if pure and CASES[name][0] != "token":
        pytest.skip("character mode never reaches the C kernel")
    done = _run(_command(name, tmp_path), pure=pure)
    assert done.returncode == 0, done.stderr
    recorded = _recorded_outputs(name)
    assert {"scores.txt", "comparison.txt"} <= recorded.keys()
    for file, content in recorded.items():
        assert (tmp_path / file).read_bytes() == content, file
    where, line, words = WARNED[name]
    path = RECORDED / where
    assert f"evmeval-score: warning: {path}:{line}: " in done.stderr
    warned = [w for w in done.stderr.splitlines() if w.startswith(f"evmeval-score: warning: {path}:{line}: ")]
    assert any(words in w for w in warned), done.stderr
    assert all(w.startswith("evmeval-score: warning: ") for w in done.stderr.splitlines())


def test_strict_turns_the_warnings_into_errors_and_writes_nothing(tmp_path: Path) -> None:
    done = _run(_command("span_negative", tmp_path, "--strict"))
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert lines and all(w.startswith("evmeval-score: error: ") for w in lines)
    assert any(f"{RECORDED / 'sys_span_negative.tbf'}:2: span part '-2,4' has a negative offset" in w for w in lines)
    assert "nothing written" in lines[-1]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("pure", [False, True], ids=["kernel-if-any", "pure-python"])
def test_strict_writes_no_coreference_file_either(pure: bool, tmp_path: Path) -> None:
    done = _run(_command("ct0", tmp_path, "--strict"), pure=pure)
    assert done.returncode == 1
    assert "evmeval-score: error: -ct 0: v1.8 scores coreference differently" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_strict_with_nothing_odd_scores_as_usual(tmp_path: Path) -> None:
    gold = DEMO / "char_based" / "gold.tbf"
    done = _run([installed("evmeval-score"), "-g", str(gold), "-s", str(DEMO / "char_based" / "system_A.tbf"),
                 "-o", str(tmp_path / "scores.txt"), "--strict"])
    assert (done.returncode, done.stderr) == (0, "")
    assert (tmp_path / "scores.txt").is_file()


def test_digits_v18_crashes_on_are_refused_at_their_line(tmp_path: Path) -> None:
    assert "ValueError: invalid literal for int()" in (RECORDED / "span_arabic.v18.txt").read_text(encoding="utf-8")
    done = _run(_command("span_arabic", tmp_path))
    assert done.returncode == 1
    assert done.stderr == (f"evmeval-score: error: {RECORDED / 'sys_span_arabic.tbf'}:7: malformed span: span part "
                           "'٨٠,٨٧' has digits other than ASCII 0-9 (expected ASCII digits 0-9 in character offsets "
                           "begin,end (end exclusive) joined by ';', e.g. 4,8;13,16)\n")
    assert list(tmp_path.iterdir()) == []


def test_ct_0_says_v18_scores_differently_and_what_we_do(tmp_path: Path) -> None:
    # v1.8 at -ct 0 pairs the gold mention it left unmapped (E3: type differs) with the last system
    # mention, and its coreference scores differ from -ct 1; ours keeps mapped pairs only, which here
    # are all exact, so ours at -ct 0 equals v1.8 at -ct 1.
    v18_ct0, v18_ct1 = (RECORDED / "ct0.scores.txt").read_bytes(), (RECORDED / "ct1.scores.txt").read_bytes()
    assert v18_ct0 != v18_ct1
    done = _run(_command("ct0", tmp_path))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "scores.txt").read_bytes() == v18_ct1
    assert (tmp_path / "coref_sys.conll").read_bytes() == (RECORDED / "ct1.coref_sys.conll").read_bytes()
    assert ("evmeval-score: warning: -ct 0: v1.8 scores coreference differently here, or crashes: it pairs every "
            "gold mention it left unmapped with the document's last system mention") in done.stderr
    assert "we pair mapped mentions only" in done.stderr
    one = tmp_path / "one"
    one.mkdir()
    at_one = _run(_command("ct1", one))
    assert at_one.returncode == 0 and "-ct" not in at_one.stderr


def test_ct_0_where_v18_crashes_is_scored_with_the_warning(tmp_path: Path) -> None:
    assert "IndexError: list index out of range" in (RECORDED / "ct0_crash.v18.txt").read_text(encoding="utf-8")
    done = _run(_command("ct0_crash", tmp_path))
    assert done.returncode == 0, done.stderr
    assert "IndexError on a document without system mentions" in done.stderr
    assert (tmp_path / "scores.txt").is_file() and (tmp_path / "coref_sys.conll").is_file()


def test_validate_reports_what_v18_scores_as_warnings() -> None:
    for name in ("before_first", "span_negative", "token_trailing"):
        mode, system, _ = CASES[name]
        args = [installed("evmeval-validate"), str(RECORDED / system)]
        if mode == "token":
            args += ["-t", str(DEMO / "token_based" / "tkn")]
        done = _run(args)
        where, line, words = WARNED[name]
        assert done.returncode == 1
        assert f"{RECORDED / where}:{line}: warning: " in done.stdout and words in done.stdout
        assert "OK" not in done.stdout and "warning(s)" in done.stderr


def test_compare_and_iaa_read_the_same_files_with_the_same_warnings() -> None:
    gold = DEMO / "char_based" / "gold.tbf"
    between, negative = RECORDED / "sys_between.tbf", RECORDED / "sys_span_negative.tbf"
    compared = _run([installed("evmeval-compare"), "-g", str(gold), "-s", str(between), "-s", str(negative),
                     "-wl", str(RECORDED / "types_with_bom.txt")])
    assert compared.returncode == 0, compared.stderr
    assert f"evmeval-compare: warning: {between}:4: mention or relation line(s) outside a document" in compared.stderr
    assert f"evmeval-compare: warning: {negative}:2: span part '-2,4' has a negative offset" in compared.stderr
    assert f"evmeval-compare: warning: {RECORDED / 'types_with_bom.txt'}:1: starts with a UTF-8 byte order mark" \
        in compared.stderr
    twice, three = RECORDED / "sys_begin_twice.tbf", RECORDED / "sys_span_three.tbf"
    agreed = _run([installed("evmeval-iaa"), str(twice), str(three)])
    assert agreed.returncode == 0, agreed.stderr
    assert f"evmeval-iaa: warning: {twice}:3: document 'example1'" in agreed.stderr
    assert f"evmeval-iaa: warning: {three}:2: span part '4,6,8' has 3 numbers" in agreed.stderr
