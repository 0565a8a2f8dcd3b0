"""`--convention all` on every format (issue 32 item 10): a switchboard only where two conventions read the
files, a plain sentence instead of a table of dashes where one does, and tbf, brat or CASIE named as inputs no
convention reads (they were a switchboard of dashes, or a BioNLP error on CASIE)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.cli.score import score_main
from evmeval.cli.score_options import score_parser
from evmeval.conventions import REGISTRY

from tests.shipped import EXAMPLES

DATA = Path(__file__).resolve().parent.parent / "data"
CONVENTIONS = EXAMPLES
NOBODY_ELSE = "Switchboard: no other convention reads {} input, so {} has nothing to be set beside"


@pytest.mark.parametrize(("gold", "system", "name", "fmt"), [
    (CONVENTIONS / "maven_gold.jsonl", CONVENTIONS / "maven_pred.jsonl", "maven",
     "MAVEN JSONL (documents or submission)"),
    (CONVENTIONS / "maven_ere_gold.jsonl", CONVENTIONS / "maven_ere_pred.jsonl", "maven-ere",
     "MAVEN-ERE JSONL (documents or submission)"),
    (EXAMPLES / "bionlp" / "gold", EXAMPLES / "bionlp" / "gold", "bionlp",
     "BioNLP shared-task standoff folder (.txt, .a1, .a2)")])
def test_one_convention_says_so_instead_of_a_table_of_dashes(gold: Path, system: Path, name: str, fmt: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert score_main(["-g", str(gold), "-s", str(system), "--convention", "all"]) == 0
    out = capsys.readouterr().out
    assert f"Convention {name}:" in out
    assert NOBODY_ELSE.format(fmt, name) in out
    assert "Trigger identification P" not in out  # no switchboard table (it was every cell a dash)


def test_one_convention_json_has_no_switchboard(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "m.json"
    assert score_main(["-g", str(CONVENTIONS / "maven_gold.jsonl"), "-s", str(CONVENTIONS / "maven_pred.jsonl"),
                       "--convention", "all", "--json", str(out)]) == 0
    assert list(json.loads(out.read_text(encoding="utf-8"))["conventions"]) == ["maven"]
    assert "switchboard" not in json.loads(out.read_text(encoding="utf-8"))


def test_html_of_a_convention_without_switchboard_rows_is_refused_before_any_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "m.html"
    assert score_main(["-g", str(CONVENTIONS / "maven_gold.jsonl"), "-s", str(CONVENTIONS / "maven_pred.jsonl"),
                       "--convention", "maven", "--html", str(page)]) == 2
    assert capsys.readouterr().err == ("evmeval-score: error: --html draws the switchboard, and maven measures none "
                                       "of its rows (expected --json, or --html with TextEE, DyGIE++, RAMS or "
                                       "WikiEvents files, or OmniEvent lines with arguments under --convention "
                                       "all)\n")
    assert not page.exists()


def test_two_conventions_still_get_the_switchboard(capsys: pytest.CaptureFixture[str]) -> None:
    assert score_main(["-g", str(CONVENTIONS / "textee_gold.jsonl"), "-s", str(CONVENTIONS / "textee_pred.jsonl"),
                       "--convention", "all"]) == 0
    out = capsys.readouterr().out
    assert "Switchboard: the same run under every convention" in out
    assert "no other convention" not in out


def _casie(folder: Path) -> Path:
    folder.mkdir()
    content = "Hackers breached the bank."
    doc = {"sourcefile": "d1.txt", "content": content, "cyberevent": {"hopper": [{"relation": "Same", "events": [
        {"nugget": {"startOffset": 8, "endOffset": 16, "text": "breached"}, "type": "Attack",
         "subtype": "Databreach", "realis": "Actual", "argument": []}]}]}}
    (folder / "d1.json").write_text(json.dumps(doc), encoding="utf-8")
    return folder


@pytest.mark.parametrize("kind", ["casie folder", "casie file", "tbf", "brat"])
def test_inputs_no_convention_reads_are_named_with_the_way_to_score_them(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if kind.startswith("casie"):
        path = _casie(tmp_path / "c")
        path, said = (path if kind == "casie folder" else path / "d1.json"), "CASIE JSON (a file or a folder of them)"
    elif kind == "tbf":
        path, said = DATA.parent.parent / "resources" / "demo" / "gold.tbf", "tbf (event nuggets)"
    else:
        path = tmp_path / "ann"
        path.mkdir()
        (path / "a.txt").write_text("He attacked them.")
        (path / "a.ann").write_text("T1\tAttack 3 11\tattacked\nE1\tAttack:T1\n")
        said = "brat standoff (a folder of .ann with .txt, or one .ann)"
    assert score_main(["-g", str(path), "-s", str(path), "--convention", "all"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"evmeval-score: error: {path}: {said}: no convention reads it (expected evmeval-score "
                          "without --convention, which scores it under v1.8's rules; --convention reads ")
    assert "bionlp" not in err.split("(expected")[0].lower()


def test_the_option_help_names_every_convention() -> None:
    """The parser is built without importing the conventions (fast --help), so its text is checked here."""
    help_text = " ".join(next(a.help for a in score_parser()._actions if "--convention" in a.option_strings).split())
    for name in REGISTRY:
        assert f"{name} (" in help_text, name
