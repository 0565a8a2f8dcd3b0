"""The CoNLL reference scorer v8.01's own test suite (all 91 expected values), the CoNLL reader and
writer, and `evmeval-conll`."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from core.formats.conll import ConllDocument, format_conll, parse_conll
from core.formats.errors import FormatError
from core.metrics.conll_scoring import identify_mentions, score_conll
from tests.programs import installed

CASES = Path(__file__).resolve().parent.parent / "data" / "coref" / "conll_cases.json"
TOLERANCE = 1e-4
"""The reference test harness accepts a metric when |ΔR| + |ΔP| + |ΔF1| is below this."""


def _documents(data: dict[str, list]) -> dict[str, ConllDocument]:
    return {name: ConllDocument(name, tuple(tuple((s, e) for s, e in entity) for entity in entities))
            for name, entities in data.items()}


def _cases(evmeval_data: Path) -> list[tuple[dict, dict]]:
    expected = {c["id"]: c["expected"] for c in
                json.loads((evmeval_data / "conll_reference_expected.json").read_text())["cases"]}
    cases = json.loads(CASES.read_text())["cases"]
    return [(case, expected[case["id"]]) for case in cases]


def test_all_91_reference_values(evmeval_data: Path) -> None:
    checked = 0
    for case, expected in _cases(evmeval_data):
        total = score_conll(_documents(case["key"]), _documents(case["response"])).total
        for metric, values in expected.items():
            actual = total.metric(metric)
            diff = (abs(values["recall"] - actual.recall) + abs(values["precision"] - actual.precision)
                    + abs(values["f1"] - actual.f1))
            assert diff < TOLERANCE, (case["id"], metric, values, (actual.recall, actual.precision, actual.f1))
            checked += 1
    assert checked == 91


def test_writer_and_reader_round_trip_every_case(evmeval_data: Path) -> None:
    for case, _ in _cases(evmeval_data):
        for side in ("key", "response"):
            documents = _documents(case[side])
            text = format_conll(documents.values())
            read = parse_conll(text, path="x.conll")
            assert {n: d.entities for n, d in read.items()} == {n: d.entities for n, d in documents.items()}


def test_reader_follows_v801_marks() -> None:
    text = ("#begin document (d); part 000\n"
            "d\t0\tw\t(1\n"
            "d\t1\tw\t(2)|1)\n"
            "\n"                      # blank lines are not tokens
            "d\t2\tw\t(7+1)\n"        # a double antecedent is discarded
            "d\t3\tw\t(1)\t\n"        # trailing empty fields are dropped, as Perl's split does
            "d\t4\tw\t_\n"
            "#end document\n")
    doc = parse_conll(text, path="x")["(d); part 000"]
    assert doc.entities == (((0, 1), (3, 3)), ((1, 1),))


@pytest.mark.parametrize(("body", "line", "what"), [
    ("d\t0\t1)\n#end document\n", 2, "without its beginning"),
    ("d\t0\t(1\n#end document\n", 2, "never closed"),
    ("d\t0\t(1)\n", 1, "never closed"),
])
def test_reader_errors_name_file_and_line(body: str, line: int, what: str) -> None:
    with pytest.raises(FormatError) as caught:
        parse_conll("#begin document x\n" + body, path="f.conll")
    assert caught.value.line == line
    assert what in str(caught.value)
    assert str(caught.value).startswith(f"f.conll:{line}: ")


def test_identification_drops_repeated_response_mentions_as_v801() -> None:
    found = identify_mentions([[(0, 0), (1, 1)]], [[(0, 0), (0, 0), (5, 5)], [(5, 5)]])
    assert found.key == ((0, 1),)
    assert found.response == ((0, 2), (2,))  # the second (0,0) is dropped; the unmatched (5,5) is not
    assert found.repeated_response == 1
    assert (found.identification.recall_num, found.identification.recall_den,
            found.identification.precision_den) == (1, 2, 2)


def test_evmeval_conll_prints_scorer_lines_and_json(tmp_path: Path) -> None:
    key = ConllDocument("(doc); part 000", (((0, 0), (1, 1), (2, 2)), ((3, 3),)))
    response = ConllDocument("(doc); part 000", (((0, 0), (1, 1)), ((2, 2), (3, 3))))
    (tmp_path / "key.conll").write_text(format_conll([key]))
    (tmp_path / "response.conll").write_text(format_conll([response]))
    out = subprocess.run([installed("evmeval-conll"), "--metric", "muc", "--json", str(tmp_path / "s.json"),
                          str(tmp_path / "key.conll"), str(tmp_path / "response.conll")],
                         capture_output=True, text=True, check=True).stdout
    # MUC: key links 2 + 0, response links 1 + 1, correct 1: R = 1/2, P = 1/2.
    assert out == ("\n====== TOTALS =======\n"
                   "Identification of Mentions: Recall: (4 / 4) 100%\tPrecision: (4 / 4) 100%\tF1: 100%\n"
                   + "-" * 74 + "\n"
                   "Coreference: Recall: (1 / 2) 50%\tPrecision: (1 / 2) 50%\tF1: 50%\n" + "-" * 74 + "\n")
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["metrics"]["muc"]["recall"] == 1 / 2
    assert data["metrics"]["muc"]["f1"] == 2 * (1 / 2) * (1 / 2) / (1 / 2 + 1 / 2)


def test_evmeval_conll_bad_file_is_one_line_and_exit_1(tmp_path: Path) -> None:
    (tmp_path / "key.conll").write_text("#begin document x\nx\t0\t(1\n#end document\n")
    run = subprocess.run([installed("evmeval-conll"), str(tmp_path / "key.conll"), str(tmp_path / "key.conll")],
                         capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1 and "key.conll:2:" in run.stderr and "Traceback" not in run.stderr
