"""Issue 34: what a load's worker reads and no longer needs is freed a few items per step (`_util.release.let_go`),
not in one deallocation when a function returns (30-40 ms with the interpreter's lock held at MAVEN-ERE's size:
the window unanswering). The figures stay those of the whole read (the scorers' own tests check them)."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from evmeval._util import release
from evmeval.conventions import corpus_formats, corpus_stream, maven, maven_ere
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.first_document import index_gold
from evmeval.io.maven import Submission as MavenSubmission
from evmeval.io.maven_ere import Submission as EreSubmission

from tests.core.test_textee_streamed_load import _pair
from tests.shipped import EXAMPLES

ERE_GOLD, ERE_PRED = EXAMPLES / "maven_ere_gold.jsonl", EXAMPLES / "maven_ere_pred.jsonl"
MAVEN_GOLD, MAVEN_PRED = EXAMPLES / "maven_gold.jsonl", EXAMPLES / "maven_pred.jsonl"


def _lines(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def _recorded(module: Any, monkeypatch: pytest.MonkeyPatch) -> list[list[int]]:
    """The sizes of the containers each call of `module.let_go` was given (and then emptied)."""
    calls: list[list[int]] = []

    def record(*containers: Any, **options: Any) -> None:
        calls.append([len(c) for c in containers])
        release.let_go(*containers, **options)
        assert all(len(c) == 0 for c in containers)

    monkeypatch.setattr(module, "let_go", record)
    return calls


def _copies(tmp_path: Path, path: Path, copies: int) -> Path:
    """`path`'s lines, each `copies` times under the ids `<id>-0`, `<id>-1`, …"""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            value = json.loads(line)
            lines += [json.dumps(value | {"id": f"{value['id']}-{n}"}) for n in range(copies)]
    made = tmp_path / path.name
    made.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return made


def test_the_maven_ere_scorer_reads_the_submission_only_as_far_as_each_document_needs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the gold file's order (as evaluate.py's inputs are) it holds a line or two of the submission, not the
    file (its relation pairs were 100 MB at MAVEN-ERE's size); in another order it reads ahead, with the same
    figures."""
    gold, system = _copies(tmp_path, ERE_GOLD, 4), _copies(tmp_path, ERE_PRED, 4)
    alive: list[int] = []
    add = maven_ere.Tally.add

    def counted(self: maven_ere.Tally, doc: Any, line: Any) -> None:
        gc.collect()
        alive.append(sum(1 for o in gc.get_objects() if type(o) is EreSubmission))
        add(self, doc, line)

    monkeypatch.setattr(maven_ere.Tally, "add", counted)
    in_order = maven_ere.score_maven_ere(Input(str(gold)), Input(str(system)))
    assert len(alive) == 8 and max(alive) <= 2  # 8 gold documents, 4 submission lines
    lines = system.read_text(encoding="utf-8").splitlines()
    reversed_file = tmp_path / "reversed.jsonl"
    reversed_file.write_text("\n".join(reversed(lines)) + "\n", encoding="utf-8")
    alive.clear()
    other_order = maven_ere.score_maven_ere(Input(str(gold)), Input(str(reversed_file)))
    assert max(alive) == 4  # every line read ahead for the first gold document
    # compared as text: the averaged figures carry NaN, equal to itself only where Python shares the object
    assert repr(other_order.metrics) == repr(in_order.metrics) and in_order.metrics["overall"].f1 > 0


def test_the_maven_scorer_frees_the_submission_it_read_in_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _recorded(maven, monkeypatch)
    result = maven.score_maven(Input(str(MAVEN_GOLD)), Input(str(MAVEN_PRED)))
    assert calls == [[_lines(MAVEN_PRED), 0]]
    assert result.metrics


@pytest.mark.parametrize(("found", "gold", "system"), [("maven", MAVEN_GOLD, MAVEN_PRED),
                                                      ("maven-ere", ERE_GOLD, ERE_PRED)])
def test_the_windows_streamed_pair_frees_what_it_kept_of_the_system_file_in_pieces(
        found: str, gold: Path, system: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _recorded(corpus_formats, monkeypatch)
    pair = corpus_formats.streamed_pair(found, Input(str(gold)), Input(str(system)))
    if found == "maven":  # the predictions as read (a document each) and placed on gold's (those it predicts)
        assert calls == [[_lines(system), len(pair.system.documents)]]
    else:  # each submission line's clusters
        assert calls == [[_lines(system)]]
    assert pair.system.documents and pair.gold.documents  # what the pair keeps was made before


@pytest.mark.parametrize(("found", "gold", "system", "record"), [
    ("maven", MAVEN_GOLD, MAVEN_PRED, MavenSubmission), ("maven-ere", ERE_GOLD, ERE_PRED, EreSubmission)])
def test_the_windows_streamed_pair_holds_one_submission_line_at_a_time(
        found: str, gold: Path, system: Path, record: type, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window never holds the parsed submission (MAVEN-ERE's relation pairs were 100 MB of its load): a
    line's record is gone once the next is read (the loop's name holds the one before while the next is made)."""
    gold, system = _copies(tmp_path, gold, 4), _copies(tmp_path, system, 4)
    alive: list[int] = []
    keep = {"maven": corpus_formats.maven_predicted, "maven-ere": corpus_formats.maven_ere_predicted}[found]

    def counted(path: str, items: Iterable[object]) -> corpus_formats.Predicted:
        def each() -> Iterator[object]:
            for item in items:
                gc.collect()
                alive.append(sum(1 for o in gc.get_objects() if type(o) is record))
                yield item
        return keep(path, each())

    monkeypatch.setattr(corpus_formats, keep.__name__, counted)
    pair = corpus_formats.streamed_pair(found, Input(str(gold)), Input(str(system)))
    assert len(alive) == _lines(system) >= 4 and max(alive) <= 2  # read whole: every line's, 4 or more
    whole = (corpus_formats.maven_pair if found == "maven" else corpus_formats.maven_ere_pair)(
        Input(str(gold)), Input(str(system)))
    assert pair.system.documents == whole.system.documents and len(pair.system.documents) >= 4


def test_a_textee_pair_read_a_document_at_a_time_frees_its_documents_results_in_pieces(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold, system = _pair(tmp_path, 3)
    calls = _recorded(corpus_stream, monkeypatch)
    loaded = event_inputs(Input(gold), Input(system), index=index_gold(gold), keep_outcomes=False)
    documents = len(loaded.inputs.gold.documents)
    assert len(calls) == 2  # the switchboard's pool, the argument board's
    assert all(documents in sizes for sizes in calls)  # each convention's per-document results
    assert loaded.switchboard.results
