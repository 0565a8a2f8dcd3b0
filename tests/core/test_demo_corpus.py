"""The bundled demo corpus: valid, consistent with its texts, and showing every mapping outcome.

The GUI tests and the README screenshots rely on these properties; if an edit of the demo breaks one,
this file says which.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path
from types import ModuleType

import pytest
from evmeval.cli.score import validate_problems
from evmeval.io.reading import read_text
from evmeval.io.tbf import read_tbf
from evmeval.io.tokenize import tokenize
from evmeval.io.tokens import format_token_table, read_token_table
from evmeval.mention.outcomes import Outcome, mapping_rows
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.model import NOT_ANNOTATED, SpanMode, TbfFile
from evmeval_resources import demo_dir

REPO = Path(__file__).resolve().parents[2]
DEMO = demo_dir()
TKN = DEMO / "tkn"
TBF_FILES = ("gold.tbf", "system_a.tbf", "system_b.tbf")
SYSTEMS = ("system_a", "system_b")
TYPE_REALIS = "mention_type+realis_status"
DOC_IDS = sorted(p.stem for p in (DEMO / "txt").glob("*.txt"))


def read(name: str) -> TbfFile:
    return read_tbf(str(DEMO / name), mode=SpanMode.TOKEN)[0]


@pytest.fixture(scope="module")
def gold() -> TbfFile:
    return read("gold.tbf")


@pytest.fixture(scope="module")
def results(gold: TbfFile) -> dict[str, ScoreResult]:
    return {run: score_files(gold, read(f"{run}.tbf")) for run in SYSTEMS}


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_demo_tokens", REPO / "tools" / "make_demo_tokens.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_demo_is_reachable_through_the_resources_package() -> None:
    assert DEMO.is_dir()
    for name in (*TBF_FILES, "README.md"):
        assert (DEMO / name).is_file(), name
    assert len(DOC_IDS) == 6
    assert sorted(p.stem for p in TKN.glob("*.tab")) == DOC_IDS


@pytest.mark.parametrize("name", TBF_FILES)
def test_every_file_validates_cleanly(name: str) -> None:
    assert validate_problems(str(DEMO / name), str(TKN)) == []


@pytest.mark.parametrize("doc_id", DOC_IDS)
def test_token_tables_are_what_the_tokenizer_makes(doc_id: str) -> None:
    text = read_text(str(DEMO / "txt" / f"{doc_id}.txt"))
    assert (TKN / f"{doc_id}.tab").read_bytes().decode("utf-8") == format_token_table(tokenize(text))


def test_tool_rebuilds_the_tables_and_is_idempotent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tool = load_tool()
    shutil.copytree(DEMO / "txt", tmp_path / "txt")
    assert tool.main(["--demo-dir", str(tmp_path), "--check"]) == 1
    assert tool.main(["--demo-dir", str(tmp_path)]) == 0
    for doc_id in DOC_IDS:
        assert (tmp_path / "tkn" / f"{doc_id}.tab").read_bytes() == (TKN / f"{doc_id}.tab").read_bytes()
    capsys.readouterr()
    assert tool.main(["--demo-dir", str(tmp_path)]) == 0
    assert "written" not in capsys.readouterr().out
    assert tool.main(["--demo-dir", str(tmp_path), "--check"]) == 0
    (tmp_path / "txt" / f"{DOC_IDS[0]}.txt").write_text("Changed text.\n", encoding="utf-8")
    assert tool.main(["--demo-dir", str(tmp_path), "--check"]) == 1


def test_tool_reports_a_missing_text_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert load_tool().main(["--demo-dir", str(tmp_path)]) == 1
    assert "text folder not found" in capsys.readouterr().err


@pytest.mark.parametrize("name", TBF_FILES)
def test_mention_text_is_the_covered_tokens_in_order(name: str) -> None:
    tbf = read(name)
    for doc in tbf.documents.values():
        table = read_token_table(str(TKN / f"{doc.doc_id}.tab"), doc_id=doc.doc_id)
        index = table.index()
        for m in doc.mentions:
            positions = [index[t] for t in m.span]
            assert positions == sorted(set(positions)), (name, m.mention_id)
            assert m.text == " ".join(table.tokens[i].text for i in positions), (name, m.mention_id)
            assert m.run_id == name.removesuffix(".tbf")


def test_gold_has_the_promised_shape(gold: TbfFile) -> None:
    assert sorted(gold.documents) == DOC_IDS
    sizes = {d: len(doc.mentions) for d, doc in gold.documents.items()}
    long_docs = [d for d in DOC_IDS if len(read_token_table(str(TKN / f"{d}.tab"), doc_id=d).tokens) >= 4500]
    assert long_docs == ["demo_harbour_chronicle"]
    assert 130 <= sizes["demo_harbour_chronicle"] <= 170
    assert all(10 <= n <= 25 for d, n in sizes.items() if d not in long_docs)
    for d in DOC_IDS:
        paragraphs = [p for p in read_text(str(DEMO / "txt" / f"{d}.txt")).split("\n\n") if p.strip()]
        assert d in long_docs or 3 <= len(paragraphs) <= 7, d  # headline + 2-6 paragraphs
    mentions = [m for doc in gold.documents.values() for m in doc.mentions]
    assert {m.realis for m in mentions} == {"actual", "generic", "other", NOT_ANNOTATED}
    tables = {d: read_token_table(str(TKN / f"{d}.tab"), doc_id=d).index() for d in DOC_IDS}
    gapped = [m for m in mentions if len(m.span) > 1
              and max(tables[m.doc_id][t] for t in m.span) - min(tables[m.doc_id][t] for t in m.span) >= len(m.span)]
    assert len(gapped) >= 2
    kinds = [r.kind for doc in gold.documents.values() for r in doc.relations]
    assert kinds.count("After") == 1 and kinds.count("Subevent") == 1 and kinds.count("Coreference") >= 5


def test_system_b_misses_exactly_one_document_and_neither_system_adds_one(gold: TbfFile) -> None:
    assert sorted(read("system_a.tbf").documents) == DOC_IDS
    assert sorted(set(DOC_IDS) - set(read("system_b.tbf").documents)) == ["demo_factory_opening"]
    assert set(read("system_b.tbf").documents) <= set(DOC_IDS)


@pytest.mark.parametrize("run", SYSTEMS)
@pytest.mark.parametrize("combination", ["plain", TYPE_REALIS])
def test_every_outcome_appears(results: dict[str, ScoreResult], run: str, combination: str) -> None:
    seen = {row.outcome for doc in results[run].documents for row in mapping_rows(doc, combination)}
    # A plain mapping pairs every same-span pair it can, so "right span, wrong attribute" needs attributes;
    # "not in the text" is no mapping's: only string predictions have it (tests/core/test_grounding_strings.py).
    mapped = set(Outcome) - {Outcome.NOT_IN_TEXT}
    expected = mapped - {Outcome.ATTRIBUTE} if combination == "plain" else mapped
    assert seen == expected


@pytest.mark.parametrize("run", SYSTEMS)
def test_each_system_merges_splits_and_respells(results: dict[str, ScoreResult], run: str) -> None:
    merged = split = respelled = 0
    for doc in results[run].documents:
        gold_spans = [set(g.span) for g in doc.gold]
        merged += sum(1 for s in doc.system if sum(1 for g in gold_spans if g & set(s.span)) >= 2)
        for row in mapping_rows(doc, TYPE_REALIS):
            if row.outcome is Outcome.SPLIT and any(g & set(row.system.span) for g in gold_spans):
                split += 1
            if row.outcome is Outcome.EXACT and (
                    row.gold.raw_type != row.system.raw_type or row.gold.raw_realis != row.system.raw_realis):
                respelled += 1
    assert merged >= 1 and split >= 1 and respelled >= 1


def test_system_a_is_the_better_system(results: dict[str, ScoreResult]) -> None:
    for combination in ("plain", TYPE_REALIS):
        assert results["system_a"].micro[combination].f1 > results["system_b"].micro[combination].f1 + 0.05
        assert results["system_a"].macro[combination].f1 > results["system_b"].macro[combination].f1 + 0.05


def test_readme_tables_match_the_corpus(results: dict[str, ScoreResult], gold: TbfFile) -> None:
    readme = (DEMO / "README.md").read_text(encoding="utf-8")
    score_rows = re.findall(r"^\| (system_\w) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|$", readme, re.M)
    assert [r[0] for r in score_rows] == list(SYSTEMS)
    for run, *figures in score_rows:
        r = results[run]
        actual = [r.micro["plain"].f1, r.macro["plain"].f1, r.micro[TYPE_REALIS].f1, r.macro[TYPE_REALIS].f1]
        assert figures == [f"{100 * v:.2f}" for v in actual], run
    doc_rows = re.findall(r"^\| `(demo_\w+)` \| ([\d,]+) \| (\d+) \|", readme, re.M)
    assert [d for d, _, _ in doc_rows] == DOC_IDS
    for doc_id, tokens, mentions in doc_rows:
        table = read_token_table(str(TKN / f"{doc_id}.tab"), doc_id=doc_id)
        assert int(tokens.replace(",", "")) == len(table.tokens)
        assert int(mentions) == len(gold.documents[doc_id].mentions)


def test_demo_stays_small() -> None:
    # The generated token tables dominate (the 4,900-token document's table alone is ~108 KB).
    total = sum(p.stat().st_size for p in DEMO.rglob("*") if p.is_file())
    assert total < 256_000
