"""Every result of the library answers one protocol (`evmeval.Result`: `to_json()`, `rows()`, `report()`), and
documents held in memory score as the same documents in files do (issue 33 item 4)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import evmeval
import pytest
from evmeval.cli.iaa import iaa_main
from evmeval.conventions import REGISTRY

from tests.programs import installed
from tests.shipped import EXAMPLES


def _check(result: object) -> None:
    assert isinstance(result, evmeval.Result)
    json.dumps(result.to_json(), allow_nan=False)  # plain JSON: an undefined figure is null
    rows = result.rows()
    assert rows and all(isinstance(r, dict) for r in rows)
    json.dumps(rows, allow_nan=False)
    assert result.report().strip()


def test_every_tbf_result_answers_the_protocol_with_the_commands_text(evmeval_data: Path, tmp_path: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    gold, tkn = str(demo / "gold.tbf"), str(demo / "tkn")
    system_a, system_c = str(demo / "sample_system_A.tbf"), str(demo / "sample_system_C.tbf")
    corpus = evmeval.load(gold, system_c, tokens=tkn)
    scores = evmeval.score(corpus)
    coref = evmeval.coreference(corpus, scores)
    comparison = evmeval.compare_runs(gold, [system_a, system_c], tokens=tkn, resamples=50)
    agreement = evmeval.annotator_agreement([gold, system_c], tokens=tkn)
    for result in (scores, coref, comparison, agreement):
        _check(result)
    # the command's own words
    assert coref.report() in scores.report() + coref.report()
    done = subprocess.run([installed("evmeval-score"), "-g", gold, "-s", system_c, "-t", tkn, "-c",
                           str(tmp_path / "c")], capture_output=True, text=True, check=True)
    assert coref.report() in done.stdout
    assert iaa_main([gold, system_c, "-t", tkn, "-o", str(tmp_path / "iaa.txt")]) == 0
    assert agreement.report() == (tmp_path / "iaa.txt").read_text(encoding="utf-8")
    # the plain results' names still read through
    assert coref.total == coref.result.total and comparison.systems == comparison.result.systems
    corpus_rows = [r for r in coref.rows() if r["document"] is None]
    assert [r["metric"] for r in corpus_rows] == ["muc", "bcub", "ceafm", "ceafe", "blanc", "lea"]
    assert corpus_rows[0]["f1"] == coref.total.muc.f1


def test_sequencing_answers_the_protocol(evmeval_data: Path) -> None:
    char = evmeval_data / "scoring_demo" / "char_based"
    corpus = evmeval.load(str(char / "gold.tbf"), str(char / "system_A.tbf"))
    result = evmeval.event_sequencing(corpus, evmeval.score(corpus))
    _check(result)
    assert {r["evaluation"] for r in result.rows()} == {"After", "Subevent", "All"}


@pytest.mark.parametrize("name", ["all", "textee", "evmeval"])
def test_a_convention_is_in_the_api_with_the_commands_report(name: str, tmp_path: Path) -> None:
    gold, pred = str(EXAMPLES / "textee_gold.jsonl"), str(EXAMPLES / "textee_pred.jsonl")
    result = evmeval.score_convention(gold, pred, convention=name)
    _check(result)
    out, js = tmp_path / "r.txt", tmp_path / "r.json"
    subprocess.run([installed("evmeval-score"), "--convention", name, "-g", gold, "-s", pred, "-o", str(out),
                    "--json", str(js)], check=True, capture_output=True)
    assert result.report() == out.read_text(encoding="utf-8")
    assert result.to_json() == json.loads(js.read_text(encoding="utf-8"))
    assert (result.switchboard is not None) == (name == "all")


def test_an_unknown_convention_is_named() -> None:
    with pytest.raises(ValueError, match="unknown convention 'nope'"):
        evmeval.score_convention(str(EXAMPLES / "textee_gold.jsonl"), str(EXAMPLES / "textee_pred.jsonl"),
                                 convention="nope")


def test_the_undefined_rule_is_named_for_every_convention() -> None:
    assert set(REGISTRY) <= set(evmeval.UNDEFINED)
    assert {"v1.8", "coreference", "sequencing", "compare", "agreement"} <= set(evmeval.UNDEFINED)


def test_documents_in_memory_score_as_the_same_documents_in_files(evmeval_data: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    gold, system, tkn = str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), str(demo / "tkn")
    from_files = evmeval.load(gold, system, tokens=tkn)

    def held(tbf: object) -> list[evmeval.Document]:
        return [evmeval.Document(d.doc_id, [evmeval.Mention(m.mention_id, list(m.span), m.raw_type, m.raw_realis,
                                                            m.text) for m in d.mentions],
                                 clusters=[r.mention_ids for r in d.relations if r.kind == "Coreference"])
                for d in tbf.documents.values()]

    in_memory = evmeval.from_documents(held(from_files.inputs.gold), held(from_files.inputs.system), tokens=tkn)
    a, b = evmeval.score(from_files), evmeval.score(in_memory)
    assert a.report() == b.report()
    assert evmeval.coreference(from_files, a).report() == evmeval.coreference(in_memory, b).report()


def test_a_bad_document_in_memory_is_named_not_a_traceback() -> None:
    gold = [evmeval.Document("D1", [evmeval.Mention("E1", ["t1"], "Attack")])]
    with pytest.raises(evmeval.FormatError) as caught:
        evmeval.from_documents(gold, [evmeval.Document("D1", [evmeval.Mention("S1", [], "Attack")])])
    assert str(caught.value) == ("system: D1/S1: span is [] (expected a non-empty list of token ids, "
                                 "or of (begin, end) character offsets)")
    with pytest.raises(evmeval.FormatError) as caught:
        evmeval.from_documents(gold, [evmeval.Document("D1", [evmeval.Mention("S1", ["t1"], "At\ttack")])])
    assert str(caught.value) == "system: D1/S1: its type is 'At\\ttack' (expected a string without tabs or line breaks)"
    twice = [evmeval.Document("D1", [evmeval.Mention("E1", ["t1"], "Attack"), evmeval.Mention("E1", ["t2"], "Die")])]
    corpus = evmeval.from_documents(gold, twice)  # a warning, as for a file: named by document and mention
    assert corpus.warnings[0].startswith("system:D1/E1: duplicated mention id 'E1' in document 'D1'")
