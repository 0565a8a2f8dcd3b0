"""`-d` with character spans over 100,000 characters (issue 31, item 6): v1.8's bytes, one number per
character; only past `MAX_LISTED_CHARS` (where v1.8 needs gigabytes) the parts `first..last`, with a warning
naming file and line.

v1.8's comparison file for tests/data/v18_recorded/long_span/system.tbf is recorded there as its size and
SHA-256 (see SOURCE.md there).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

from evmeval.report.comparison import MAX_LISTED_CHARS, char_list

from tests.programs import installed

RECORDED = Path(__file__).resolve().parent.parent / "data" / "v18_recorded" / "long_span"


def _score(gold: Path, system: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-score"), "-g", str(gold), "-s", str(system), "-o",
                           str(out / "scores.txt"), "-d", str(out / "comparison.txt"), *extra],
                          capture_output=True, text=True, timeout=120, check=False,
                          env=dict(os.environ, EVMEVAL_PURE_PYTHON="0"))


def test_a_span_of_100001_characters_is_written_as_v18_writes_it(tmp_path: Path) -> None:
    done = _score(RECORDED / "gold.tbf", RECORDED / "system.tbf", tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    written = (tmp_path / "comparison.txt").read_bytes()
    size, digest = (RECORDED / "comparison.size_sha256").read_text(encoding="utf-8").split()
    assert (len(written), hashlib.sha256(written).hexdigest()) == (int(size), digest)
    assert (tmp_path / "scores.txt").read_bytes() == (RECORDED / "scores.txt").read_bytes()
    # v1.8's `",".join(str(x) for x in characters)`, characters from `range(b, e)` of each part
    rows = written.decode().splitlines()
    assert rows[1].split("\t")[8] == ",".join(str(c) for c in range(100_001))
    assert rows[3].split("\t")[4] == ",".join(str(c) for c in [*range(5, 9), *range(200_000, 300_001)])


def test_long_lists_are_joined_from_pieces_with_the_same_bytes() -> None:
    span = ((3, 250_007), (10, 12), (250_000, 250_003))
    assert char_list(span) == ",".join(str(c) for b, e in span for c in range(b, e))


def test_past_the_limit_parts_are_written_with_a_warning_naming_the_line(tmp_path: Path) -> None:
    last = MAX_LISTED_CHARS
    system = tmp_path / "system.tbf"
    system.write_text("#BeginOfDocument d1\n"
                      "sys\td1\tE2\t15,19\tkill\tLife_Die\tActual\n"
                      f"sys\td1\tE1\t0,{last + 1}\tbomb\tConflict_Attack\tActual\n"
                      "#EndOfDocument\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    done = _score(RECORDED / "gold.tbf", system, out)
    assert done.returncode == 0, done.stderr
    assert done.stderr == (f"evmeval-score: warning: {system}:3: span of 10,000,001 characters is written in the "
                           f"comparison file (-d) as 0..10000000; v1.8 writes every character, one number each "
                           "(expected spans of at most 10,000,000 characters)\n")
    assert "\tE1\t0..10000000\tconflictattack\t" in (out / "comparison.txt").read_text(encoding="utf-8")
    strict = _score(RECORDED / "gold.tbf", system, out, "--strict")
    assert strict.returncode == 1 and f"evmeval-score: error: {system}:3: span of 10,000,001" in strict.stderr


def test_no_comparison_file_no_warning(tmp_path: Path) -> None:
    system = tmp_path / "system.tbf"
    system.write_text("#BeginOfDocument d1\nsys\td1\tE1\t0,2000000000\tbomb\tConflict_Attack\tActual\n"
                      "#EndOfDocument\n", encoding="utf-8")
    done = subprocess.run([installed("evmeval-score"), "-g", str(RECORDED / "gold.tbf"), "-s", str(system), "-o",
                           str(tmp_path / "scores.txt")], capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (0, "")
