"""The public API gives exactly what `evmeval-score` gives: the same JSON document, report and warnings."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import evmeval
import pytest

from tests.programs import installed


def _cli(tmp_path: Path, *args: str) -> tuple[dict, str, list[str]]:
    out, js = tmp_path / "scores.txt", tmp_path / "scores.json"
    done = subprocess.run([installed("evmeval-score"), *args, "-o", str(out), "--json", str(js)],
                          capture_output=True, text=True, check=True)
    warnings = [line.split("warning: ", 1)[1] for line in done.stderr.splitlines() if "warning: " in line]
    return json.loads(js.read_text(encoding="utf-8")), out.read_text(encoding="utf-8"), warnings


def test_the_demo_scores_as_the_command_does_number_for_number(evmeval_data: Path, tmp_path: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    gold, system, tkn = str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), str(demo / "tkn")
    data, report, warnings = _cli(tmp_path, "-g", gold, "-s", system, "-t", tkn)
    scores = evmeval.score(evmeval.load(gold, system, tokens=tkn))
    assert scores.to_json() == data
    assert scores.report() == report
    assert list(scores.warnings) == warnings
    expected = (evmeval_data / "expected" / "token_based_system_C" / "scores.txt").read_text(encoding="utf-8")
    assert scores.report() == expected


def test_an_unknown_token_id_warns_in_the_library_as_in_the_command(evmeval_data: Path, tmp_path: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    lines = (demo / "sample_system_C.tbf").read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.count("\t") >= 5 and not line.startswith(("#", "@")))
    fields = lines[at].split("\t")
    fields[3] = "t99999"
    lines[at] = "\t".join(fields)
    system = tmp_path / "system.tbf"
    system.write_text("".join(lines), encoding="utf-8")
    gold, tkn = str(demo / "gold.tbf"), str(demo / "tkn")
    data, _report, warnings = _cli(tmp_path, "-g", gold, "-s", str(system), "-t", tkn)
    scores = evmeval.score(evmeval.load(gold, str(system), tokens=tkn))
    assert any("t99999" in w for w in scores.warnings)
    assert list(scores.warnings) == warnings
    assert scores.to_json() == data


def test_figures_by_the_names_a_user_says(evmeval_data: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    scores = evmeval.score(evmeval.load(str(demo / "gold.tbf"), str(demo / "sample_system_A.tbf"),
                                        tokens=str(demo / "tkn")))
    # system A is the gold standard itself: every figure is 1 under every attribute combination
    for name in ("span", "type", "realis", "type+realis", "mention_type+realis_status"):
        assert scores.micro(name).f1 == 1.0
    rows = scores.rows("type")
    assert {r["document"] for r in rows} == {d.doc_id for d in scores.result.documents}
    assert all(r["f1"] in (1.0, None) and r["attributes"] == "mention_type" for r in rows)
    with pytest.raises(ValueError, match="unknown attributes 'colour'"):
        scores.micro("colour")


def test_importing_the_library_loads_no_scorer_until_asked() -> None:
    code = ("import sys, evmeval; assert 'evmeval.api' not in sys.modules; evmeval.load; "
            "assert 'evmeval.api' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_coreference_comparison_and_agreement_equal_their_commands(evmeval_data: Path, tmp_path: Path) -> None:
    from evmeval.cli.compare import compare_main
    from evmeval.cli.iaa import iaa_main
    from evmeval.report.compare_json import comparison_to_json
    from evmeval.report.coref_report import coref_to_json

    demo = evmeval_data / "scoring_demo" / "token_based"
    gold, tkn = str(demo / "gold.tbf"), str(demo / "tkn")
    system_a, system_c = str(demo / "sample_system_A.tbf"), str(demo / "sample_system_C.tbf")
    data, _report, _warnings = _cli(tmp_path, "-g", gold, "-s", system_c, "-t", tkn, "-c", str(tmp_path / "coref"))
    corpus = evmeval.load(gold, system_c, tokens=tkn)
    scores = evmeval.score(corpus)
    assert json.loads(json.dumps(coref_to_json(scores.result, evmeval.coreference(corpus, scores)))) \
        == data["coreference"]

    out = tmp_path / "compare.json"
    assert compare_main(["-g", gold, "-s", system_a, "-s", system_c, "-t", tkn, "--resamples", "200",
                         "--json", str(out)]) == 0
    ours = comparison_to_json(evmeval.compare_runs(gold, [system_a, system_c], tokens=tkn, resamples=200))
    written = json.loads(out.read_text(encoding="utf-8"))
    assert json.loads(json.dumps(ours["pairs"])) == written["pairs"]

    out = tmp_path / "iaa.json"
    assert iaa_main([gold, system_c, "-t", tkn, "-o", str(tmp_path / "iaa.txt"), "--json", str(out)]) == 0
    written = json.loads(out.read_text(encoding="utf-8"))
    agreement = evmeval.annotator_agreement([gold, system_c], tokens=tkn).to_json()
    assert json.loads(json.dumps(agreement))["pairs"] == written["pairs"]


def test_sequencing_through_the_library(evmeval_data: Path) -> None:
    char = evmeval_data / "scoring_demo" / "char_based"
    corpus = evmeval.load(str(char / "gold.tbf"), str(char / "system_A.tbf"))
    result = evmeval.event_sequencing(corpus, evmeval.score(corpus))
    assert result.documents  # the published char-based demo has @After links


# --- issue 31, item 18: arguments checked, paths of any kind, the library's own errors --------------------------

def _demo(evmeval_data: Path) -> tuple[str, str, str]:
    demo = evmeval_data / "scoring_demo" / "token_based"
    return str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), str(demo / "tkn")


def test_a_file_descriptor_is_refused_and_left_open(evmeval_data: Path) -> None:
    import os

    gold, system, tkn = _demo(evmeval_data)
    fd = os.open(gold, os.O_RDONLY)
    try:
        with pytest.raises(TypeError, match=r"^gold must be a path \(str or os\.PathLike\), not the int \d+ "
                                            r"\(a file descriptor is never read\)$"):
            evmeval.load(fd, system, tokens=tkn)  # type: ignore[arg-type]
        assert os.read(fd, 20) == Path(gold).read_bytes()[:20]  # still open, nothing read from it
    finally:
        os.close(fd)


@pytest.mark.parametrize(("call", "error", "says"), [
    # 1. a bool is an int to Python: True would read (and close) standard output
    (lambda g, s, t: evmeval.load(g, True, tokens=t), TypeError, "system must be a path (str or os.PathLike), "
     "not the bool True"),
    # 2. an empty path meant "no white list" without a word
    (lambda g, s, t: evmeval.load(g, s, tokens=t, whitelist=""), ValueError, "whitelist is an empty path"),
    # 3. offset columns that are not two column numbers
    (lambda g, s, t: evmeval.load(g, s, tokens=t, offset_fields=(5,)), ValueError,
     "offset_fields must be two column numbers (0-based) such as (2, 3), not (5,)"),
    (lambda g, s, t: evmeval.load(g, s, tokens=t, offset_fields=(-1, 2)), ValueError,
     "offset_fields must be two column numbers (0-based) such as (2, 3), not (-1, 2)"),
    # 4. token-table options without token tables: nothing would read them
    (lambda g, s, t: evmeval.load(g, s, token_extension=".tkn"), ValueError,
     "token_extension and offset_fields describe token tables: give tokens= (the token folder) with them"),
    # 5. something other than a Corpus where a Corpus goes
    (lambda g, s, t: evmeval.score(g), TypeError,  # type: ignore[arg-type]
     "corpus must be an evmeval.Corpus (from evmeval.load), not the str"),
    # 6. a yes/no option given something else (the string "no" is true)
    (lambda g, s, t: evmeval.event_sequencing(*_corpus_and_scores(g, s, t), validate="no"), TypeError,
     "validate must be True or False, not 'no'"),
    # 7. one path where a list of paths goes: its characters were read as paths
    (lambda g, s, t: evmeval.compare_runs(g, s, tokens=t), TypeError,  # type: ignore[arg-type]
     "systems must be a list of paths, not the single path"),
    (lambda g, s, t: evmeval.annotator_agreement(g, tokens=t), TypeError,  # type: ignore[arg-type]
     "sets must be a list of paths, not the single path"),
    (lambda g, s, t: evmeval.curate(g, tokens=t), TypeError,  # type: ignore[arg-type]
     "sets must be a list of paths, not the single path"),
    # 8. a comparison of one run, and 0 resamples silently taken as the default
    (lambda g, s, t: evmeval.compare_runs(g, [s], tokens=t), ValueError, "systems: at least 2 paths, not 1"),
    (lambda g, s, t: evmeval.compare_runs(g, [s, s], tokens=t, resamples=0), ValueError,
     "resamples must be at least 1, not 0"),
    (lambda g, s, t: evmeval.compare_runs(g, [s, s], tokens=t, seed=-1), ValueError,
     "seed must be a whole number >= 0, not -1"),
    # 9. fewer names than annotation sets (agreement refused it, curation did not)
    (lambda g, s, t: evmeval.curate([g, s], tokens=t, names=["only one"]), ValueError,
     "1 names for 2 annotation sets"),
    # and a token folder that is not there, which comparison took as "token mode" and went on
    (lambda g, s, t: evmeval.compare_runs(g, [s, s], tokens=t + "-missing"), evmeval.FormatError,
     "-missing: token folder not found (expected a folder of <doc id>.tab token tables)"),
])
def test_wrong_or_meaningless_arguments_are_refused_with_a_message(evmeval_data: Path, call, error: type,  # type: ignore[no-untyped-def]
                                                                   says: str) -> None:
    with pytest.raises(error) as caught:
        call(*_demo(evmeval_data))
    assert says in str(caught.value)


def _corpus_and_scores(gold: str, system: str, tokens: str) -> tuple[evmeval.Corpus, evmeval.Scores]:
    corpus = evmeval.load(gold, system, tokens=tokens)
    return corpus, evmeval.score(corpus)


def test_an_unknown_document_is_the_librarys_documented_error(evmeval_data: Path) -> None:
    gold, system, tkn = _demo(evmeval_data)
    corpus = evmeval.load(gold, system, tokens=tkn)
    with pytest.raises(evmeval.UnknownDocumentError) as caught:
        evmeval.score(corpus, document="nope")
    assert str(caught.value) == (f"{gold}: document 'nope' is not in the gold file "
                                 "(expected a document id of the gold file)")
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, evmeval.EvmEvalError)
    assert issubclass(evmeval.FormatError, evmeval.EvmEvalError) and issubclass(evmeval.FormatError, ValueError)
    with pytest.raises(TypeError, match=r"^document must be a document id \(str\) or None, not the int 3$"):
        evmeval.score(corpus, document=3)  # type: ignore[arg-type]


def test_paths_of_any_kind_and_results_that_serialise(evmeval_data: Path, tmp_path: Path) -> None:
    gold, system, tkn = _demo(evmeval_data)
    as_str = evmeval.score(evmeval.load(gold, system, tokens=tkn))
    corpus = evmeval.load(Path(gold), Path(system), tokens=Path(tkn))
    assert (corpus.inputs.gold.path, corpus.inputs.system.path) == (gold, system)
    as_path = evmeval.score(corpus)
    assert json.loads(json.dumps(as_path.to_json())) == as_str.to_json()
    agreement = evmeval.annotator_agreement([Path(gold), Path(system)], tokens=Path(tkn))
    assert agreement.names == (gold, system)
    json.dumps(agreement.to_json())
    curation = evmeval.curate([Path(gold), Path(system)], tokens=Path(tkn), policy="union")
    assert evmeval.write_curated(curation, tmp_path / "curated.tbf").path == str(tmp_path / "curated.tbf")
    assert (tmp_path / "curated.tbf").read_text(encoding="utf-8").startswith("#BeginOfDocument")
    comparison = evmeval.compare_runs(Path(gold), [Path(system), Path(gold)], tokens=Path(tkn), resamples=20)
    assert [run.path for run in comparison.systems] == [system, gold] and comparison.gold_path == gold
    written = evmeval.export_report(corpus, as_path, tmp_path / "report", coreference=None)
    assert all(isinstance(p, str) for p in written) and (tmp_path / "report" / "scores.txt").is_file()


def test_dir_lists_exactly_the_public_names() -> None:
    code = ("import evmeval, evmeval.api; names = dir(evmeval); print(names == sorted(evmeval.__all__)); "
            "print([n for n in evmeval.__all__ if getattr(evmeval, n, None) is None]); "
            "print(hasattr(evmeval, 'TYPE_CHECKING'), hasattr(evmeval, 'annotations'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["True", "[]", "False False"]
    assert {"EvmEvalError", "UnknownDocumentError", "FormatError", "load", "score", "__version__"} \
        <= set(evmeval.__all__)
