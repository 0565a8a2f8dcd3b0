"""Cross-document event coreference (issue 36, section 3): `evmeval-conll --cross-document [--topics FILE]`
scores the key's documents as one document (or one per topic), cluster numbers shared across documents, as
ECB+, GVC and FCC are scored with the CoNLL scorer v8.01 on the concatenated files.

tests/data/coref/cross_document/: `key.conll` and `response.conll` (three documents, topics in `topics.txt`),
the same files concatenated by hand into one document (`corpus_*.conll`) and one per topic (`topic_*.conll`),
and what scorer.pl printed on the concatenated files (`corpus.scorer_pl.txt`, `topic.scorer_pl.txt`, less the
first line naming its install path; recorded on 2026-11-29 with perl 5.36 and EvmEval's copy of v8.01).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from evmeval.coref.conll_scoring import score_conll
from evmeval.coref.cross_document import merge_corpus
from evmeval.io.conll import read_conll

from tests.programs import installed

DATA = Path(__file__).resolve().parent.parent / "data" / "coref" / "cross_document"
REFERENCE_SCORER = Path(os.environ.get("EVMEVAL_REF", "/nonexistent")) / "reference-coreference-scorers-8.01"
TOPIC_OPTIONS = {"corpus": [], "topic": ["--topics", str(DATA / "topics.txt")]}


def _conll(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed("evmeval-conll"), *map(str, args)], capture_output=True, text=True)


def test_corpus_level_figures_derived_by_hand() -> None:
    """Merged, key tokens 0..6 hold clusters {0,3} {1} {4} {5,6}; the response {0,1,3} {4} {5} {6}.

    MUC recall: {0,3} falls in one response cluster, 2 - 1 = 1 of 1 + 1 needed links ({5,6} is split) -> 1/2;
    precision: {0,1,3} meets two key clusters, 3 - 2 = 1 of 2 -> 1/2.
    B3 recall: mentions 0, 3, 1, 4 have 1, mentions 5 and 6 have 1/2 -> 5/6; precision: 0 and 3 have 2/3, 1 has
    1/3, 4, 5, 6 have 1 -> (14/3) / 6 = 7/9; F1 = 2 (5/6)(7/9) / (5/6 + 7/9) = 70/87.
    Document by document MUC is 0: no cluster of the key has two mentions inside one document but d3's,
    which the response splits.
    """
    key, response = read_conll(str(DATA / "key.conll")), read_conll(str(DATA / "response.conll"))
    merged = merge_corpus(key, response)
    assert [(name, members) for name, members in merged.groups] == [
        ("corpus", ("(d1); part 000", "(d2); part 000", "(d3); part 000"))]
    assert merged.key["corpus"].entities == (((0, 0), (3, 3)), ((1, 1),), ((4, 4),), ((5, 5), (6, 6)))
    total = score_conll(merged.key, merged.response).total
    assert (total.muc.recall, total.muc.precision) == (1 / 2, 1 / 2)
    assert total.bcub.recall == pytest.approx(5 / 6)
    assert total.bcub.precision == pytest.approx(7 / 9)
    assert total.bcub.f1 == pytest.approx(70 / 87)
    within = score_conll(key, response).total
    assert (within.muc.recall, within.muc.precision) == (0.0, 0.0)


@pytest.mark.parametrize("unit", list(TOPIC_OPTIONS))
def test_cross_document_prints_what_scorer_pl_prints_on_the_concatenated_files(unit: str) -> None:
    run = _conll(DATA / "key.conll", DATA / "response.conll", "--cross-document", *TOPIC_OPTIONS[unit])
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    assert run.stdout == (DATA / f"{unit}.scorer_pl.txt").read_text()


def test_the_concatenated_files_score_the_same_without_the_flag() -> None:
    """The hand-concatenated fixtures are what `--cross-document` builds: scored plainly, they agree."""
    for unit, options in TOPIC_OPTIONS.items():
        plain = _conll(DATA / f"{unit}_key.conll", DATA / f"{unit}_response.conll")
        merged = _conll(DATA / "key.conll", DATA / "response.conll", "--cross-document", *options)
        assert plain.stdout == merged.stdout, unit


def test_topics_change_the_figures_and_the_json_keeps_both_levels(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    run = _conll(DATA / "key.conll", DATA / "response.conll", "--cross-document", "--topics",
                 DATA / "topics.txt", "--metric", "muc", "--json", out)
    assert run.returncode == 0, run.stderr
    data = json.loads(out.read_text())
    assert data["cross_document"] == {"unit": "topic", "groups": [
        {"name": "t1", "documents": ["(d1); part 000", "(d2); part 000"]},
        {"name": "t2", "documents": ["(d3); part 000"]}]}
    assert [d["name"] for d in data["documents"]] == ["t1", "t2"]
    assert data["metrics"]["muc"]["recall"] == 0.5
    assert data["within_document"]["metrics"]["muc"]["recall"] == 0.0


def test_topics_alone_or_incomplete_are_refused(tmp_path: Path) -> None:
    alone = _conll(DATA / "key.conll", DATA / "response.conll", "--topics", DATA / "topics.txt")
    assert alone.returncode == 2
    assert alone.stderr.endswith("evmeval-conll: error: --topics FILE goes with --cross-document\n")
    topics = tmp_path / "topics.txt"
    topics.write_text("d1 t1\n")
    partial = _conll(DATA / "key.conll", DATA / "response.conll", "--cross-document", "--topics", topics)
    assert partial.returncode == 1
    assert partial.stdout == ""
    assert partial.stderr == (f"evmeval-conll: error: {topics}: key document '(d2); part 000' has no topic "
                              "(expected a line '<document id> <topic>' for every key document)\n")
    topics.write_text("d1 t1 extra\n")
    broken = _conll(DATA / "key.conll", DATA / "response.conll", "--cross-document", "--topics", topics)
    assert broken.returncode == 1
    assert f"{topics}:1: 3 fields" in broken.stderr


def test_a_document_the_response_lacks_keeps_the_others_in_place(tmp_path: Path) -> None:
    """Without d1 in the response, d2 and d3's mentions still meet the key's at the same merged tokens."""
    text = (DATA / "response.conll").read_text()
    response = tmp_path / "r.conll"
    response.write_text(text[text.index("#begin document (d2)"):])
    key = read_conll(str(DATA / "key.conll"))
    merged = merge_corpus(key, read_conll(str(response)))
    assert merged.response["corpus"].entities == (((3, 3),), ((4, 4),), ((5, 5),), ((6, 6),))


@pytest.mark.skipif(shutil.which("perl") is None or not (REFERENCE_SCORER / "scorer.pl").is_file(),
                    reason="needs perl and the reference scorer v8.01 (EVMEVAL_REF)")
@pytest.mark.parametrize("unit", list(TOPIC_OPTIONS))
def test_the_recording_is_what_scorer_pl_prints_now(unit: str) -> None:
    perl = subprocess.run(["perl", "scorer.pl", "all", str(DATA / f"{unit}_key.conll"),
                           str(DATA / f"{unit}_response.conll"), "none"], cwd=REFERENCE_SCORER,
                          capture_output=True, text=True, check=True).stdout
    assert perl.split("\n", 1)[1] == (DATA / f"{unit}.scorer_pl.txt").read_text()


def test_the_comparisons_family_holds_one_row_per_topic_and_the_commands_figures() -> None:
    """What `evmeval.compare` resamples by topic: the topic-level figures, topics as rows."""
    from evmeval.compare.cross_document import cross_document_family
    from evmeval.io.loading import read_topics

    key, response = read_conll(str(DATA / "key.conll")), read_conll(str(DATA / "response.conll"))
    names, family = cross_document_family(key, response, read_topics(str(DATA / "topics.txt")))
    assert names == ("t1", "t2") and family.num_documents == 2
    merged = merge_corpus(key, response, read_topics(str(DATA / "topics.txt")))
    total = score_conll(merged.key, merged.response).total
    corpus = family.corpus()
    assert corpus["muc_recall"] == total.muc.recall == 1 / 2
    assert corpus["bcub_f1"] == pytest.approx(total.bcub.f1)
    assert corpus["conll_f1"] == pytest.approx(total.conll_f1)
    names, family = cross_document_family(key, response)
    assert names == ("corpus",) and family.corpus()["bcub_f1"] == pytest.approx(70 / 87)
