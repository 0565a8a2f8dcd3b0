"""`evmeval-conll` and a response document the key does not hold (issue 31, item 19): the reference scorer
v8.01 reads the response only for the key's documents, so a broken one outside the key is never read and
the rest is scored. Ours scores the same lines, with a warning at file:line; a broken document that IS in
the key still stops the run (v8.01 dies there too).

v8.01's output is recorded in tests/data/coref/broken_not_in_key (see tests/data/coref/SOURCE.md).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from evmeval.io.conll import parse_conll
from evmeval.io.errors import FormatError

from tests.programs import installed

CASE = Path(__file__).resolve().parent.parent / "data" / "coref" / "broken_not_in_key"
REFERENCE_SCORER = Path(os.environ.get("EVMEVAL_REF", "/nonexistent")) / "reference-coreference-scorers-8.01"


def _conll(key: Path, response: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-conll"), str(key), str(response)], capture_output=True, text=True,
                          timeout=120, check=False)


def test_broken_documents_outside_the_key_are_skipped_with_warnings() -> None:
    response = CASE / "response.conll"
    done = _conll(CASE / "key.conll", response)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (CASE / "scorer_pl_all.txt").read_text(encoding="utf-8")
    reason = "; the reference scorer v8.01 never reads it, and neither do we"
    assert done.stderr.splitlines() == [
        f"evmeval-conll: warning: {response}:8: document '(x)', not in the key, cannot be read: mention of entity 1 "
        f"is never closed (document ends at line 10){reason} (expected a closing 1) in the document)",
        f"evmeval-conll: warning: {response}:12: document '(y)', not in the key, cannot be read: end of a mention of "
        f"entity 2 without its beginning{reason} (expected a line with (2 before it)",
        f"evmeval-conll: warning: {response}:18: document '(z)', not in the key, cannot be read: document '(z)' is "
        f"never closed{reason} (expected #end document at the end of every document)"]


def test_a_broken_document_in_the_key_still_stops_the_run(tmp_path: Path) -> None:
    key = tmp_path / "key.conll"
    key.write_text((CASE / "key.conll").read_text(encoding="utf-8")
                   + "#begin document (x)\nx\t0\t(1)\nx\t1\t-\n#end document\n", encoding="utf-8")
    response = tmp_path / "response.conll"
    shutil.copy(CASE / "response.conll", response)
    done = _conll(key, response)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (f"evmeval-conll: error: {response}:8: mention of entity 1 is never closed (document ends "
                           "at line 10) (expected a closing 1) in the document)\n")


def test_the_reader_refuses_a_broken_document_it_needs_and_reads_the_last_copy_of_a_name() -> None:
    broken = "#begin document (a)\na\t0\t(1\n#end document\n"
    good = "#begin document (a)\na\t0\t(1)\n#end document\n"
    with pytest.raises(FormatError, match=r"x\.conll:2: mention of entity 1 is never closed"):
        parse_conll(broken, path="x.conll")  # every document is needed by default (a key)
    with pytest.raises(FormatError, match=r"x\.conll:5: mention of entity 1 is never closed"):
        parse_conll(good + broken, path="x.conll", needed={"(a)"})  # v8.01 reads the last copy: broken
    warnings: list = []
    # the broken first copy is never read (v8.01 seeks to the last copy of a name), needed or not
    assert parse_conll(broken + good, path="x.conll", warnings=warnings)["(a)"].entities == (((0, 0),),)
    assert warnings == []


@pytest.mark.skipif(shutil.which("perl") is None or not (REFERENCE_SCORER / "scorer.pl").is_file(),
                    reason="needs perl and the reference scorer v8.01")
def test_live_against_scorer_pl() -> None:
    perl = subprocess.run(["perl", "scorer.pl", "all", str(CASE / "key.conll"), str(CASE / "response.conll"), "none"],
                          cwd=REFERENCE_SCORER, capture_output=True, text=True, check=True).stdout
    assert _conll(CASE / "key.conll", CASE / "response.conll").stdout == perl.split("\n", 1)[1]
