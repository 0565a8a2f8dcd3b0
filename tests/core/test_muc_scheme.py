"""`--scheme muc`: MUC/ANNALIST counts and GATE measures for systems, as derivations on a hand-made
document, properties over random documents and every strategy, and the command line's outputs."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from evmeval.align import COMBINATIONS
from evmeval.align.strategies import STRATEGY_NAMES
from evmeval.cli.score import score_main
from evmeval.io.tbf import parse_tbf
from evmeval.mention.schemes import MucCounts, SchemeTally, scheme_scores
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.model import SpanMode, TbfFile
from hypothesis import given, settings
from hypothesis import strategies as st

# gold: G1 exact (S1), G2 partial (S2: 2*3/(6+3) = 2/3), G3 right span, but S3 has another type, G4 missed;
# system: S4 and S5 overlap nothing.
GOLD = """#BeginOfDocument d1
gold\td1\tG1\t0,4\tw1\tattack\tactual
gold\td1\tG2\t10,16\tw2\tattack\tactual
gold\td1\tG3\t20,24\tw3\tdie\tactual
gold\td1\tG4\t30,34\tw4\tattack\tactual
#EndOfDocument
"""
SYSTEM = """#BeginOfDocument d1
sys\td1\tS1\t0,4\tw1\tattack\tactual
sys\td1\tS2\t10,13\tw2\tattack\tactual
sys\td1\tS3\t20,24\tw3\tattack\tactual
sys\td1\tS4\t40,44\tw5\tdie\tactual
sys\td1\tS5\t50,54\tw6\tdie\tactual
#EndOfDocument
"""


def _tbf(text: str, path: str) -> TbfFile:
    tbf, problems = parse_tbf(text, path=path, mode=SpanMode.CHAR)
    assert not problems
    return tbf


def _scored(mapping: str = "greedy") -> ScoreResult:
    return score_files(_tbf(GOLD, "gold.tbf"), _tbf(SYSTEM, "system.tbf"), mapping=mapping)


def test_span_only_counts() -> None:
    counts = scheme_scores(_scored()).muc["plain"]
    assert (counts.cor, counts.par, counts.inc, counts.mis, counts.spu) == (2, 1, 0, 1, 2)
    assert (counts.pos, counts.act) == (4, 5)
    assert counts.precision == (2 + 1 / 2) / 5  # over ACT, the system mentions
    assert counts.recall == (2 + 1 / 2) / 4  # over POS, the gold mentions
    assert counts.f1 == pytest.approx(2 * (2.5 / 5) * (2.5 / 4) / (2.5 / 5 + 2.5 / 4))


def test_a_wrong_type_on_the_right_span_is_incorrect() -> None:
    schemes = scheme_scores(_scored())
    counts = schemes.muc["mention_type"]
    assert (counts.cor, counts.par, counts.inc, counts.mis, counts.spu) == (1, 1, 1, 1, 2)
    assert counts.precision == (1 + 1 / 2) / 5
    # per type: the G3/S3 row counts under G3's type (die), the spurious ones under their own (die)
    rows = {r.mention_type: r.counts for r in schemes.muc_per_type["mention_type"]}
    assert rows == {"attack": MucCounts(cor=1, par=1, mis=1), "die": MucCounts(inc=1, spu=2)}
    assert (rows["attack"].pos, rows["attack"].act, rows["die"].pos, rows["die"].act) == (3, 2, 1, 3)


def test_gate_measures_for_a_system() -> None:
    gate = scheme_scores(_scored()).gate
    plain = gate["plain"]
    assert (plain.correct, plain.partial, plain.missing, plain.spurious) == (2, 1, 1, 2)
    assert plain.strict().precision == 2 / 5
    assert plain.lenient().recall == 3 / 4
    assert plain.average().precision == (2 / 5 + 3 / 5) / 2
    typed = gate["mention_type"]
    assert (typed.correct, typed.partial, typed.missing, typed.spurious) == (1, 1, 2, 3)


def test_gate_average_f1_is_defined_when_every_match_is_partial() -> None:
    from evmeval.mention.gate import GateCounts

    all_partial = GateCounts(correct=0, partial=2).average()
    assert (all_partial.precision, all_partial.recall, all_partial.f1) == (0.5, 0.5, 0.5)
    assert GateCounts().average().f1 != GateCounts().average().f1  # nothing at all: still undefined


# --- counts add up, whatever the strategy -----------------------------------------------------------------


@st.composite
def corpora(draw: st.DrawFn) -> tuple[str, str]:
    def document(run: str, doc: str, realis: list[str]) -> str:
        lines = []
        for n in range(draw(st.integers(0, 5))):
            begin = draw(st.integers(0, 30))
            span = f"{begin},{begin + draw(st.integers(1, 6))}"
            lines.append(f"{run}\t{doc}\tE{n}\t{span}\tw\t{draw(st.sampled_from(['attack', 'die']))}"
                         f"\t{draw(st.sampled_from(realis))}")
        return "\n".join([f"#BeginOfDocument {doc}", *lines, "#EndOfDocument"])

    docs = [f"d{k}" for k in range(draw(st.integers(1, 3)))]
    gold = "\n".join(document("gold", d, ["actual", "other", "not_annotated"]) for d in docs) + "\n"
    system = "\n".join(document("sys", d, ["actual", "other"]) for d in docs) + "\n"
    return gold, system


@settings(max_examples=60, deadline=None)
@given(corpora(), st.sampled_from(STRATEGY_NAMES))
def test_muc_counts_add_up(corpus: tuple[str, str], mapping: str) -> None:
    gold, system = _tbf(corpus[0], "g.tbf"), _tbf(corpus[1], "s.tbf")
    result = score_files(gold, system, mapping=mapping)
    schemes = scheme_scores(result)
    counted = [d for d in result.documents if d.counted]
    for doc, figures in zip(result.documents, schemes.documents, strict=True):
        for c in COMBINATIONS:
            m = figures.muc[c]
            assert m.cor + m.par + m.inc + m.mis == len(doc.gold)  # POS
            assert m.cor + m.par + m.inc + m.spu == len(doc.system)  # ACT
            assert m.cor + m.par == len(doc.mappings[c].pairs)
            assert figures.gate[c].correct + figures.gate[c].partial == len(doc.mappings[c].pairs)
            if c == "plain":
                assert m.inc == 0
    for c in COMBINATIONS:
        total = schemes.muc[c]
        assert total.pos == sum(len(d.gold) for d in counted)
        assert total.act == sum(len(d.system) for d in counted)
        by_type = sum((r.counts for r in schemes.muc_per_type[c]), MucCounts())
        assert by_type == total


@settings(max_examples=40, deadline=None)
@given(corpora(), st.sampled_from(STRATEGY_NAMES))
def test_a_tally_without_the_documents_has_the_corpus_figures_of_one_with_them(corpus: tuple[str, str],
                                                                               mapping: str) -> None:
    """The window's schemes job keeps the corpus's figures only (`keep_documents=False`): they are the whole
    count's, and no document's figures are held."""
    result = score_files(_tbf(corpus[0], "g.tbf"), _tbf(corpus[1], "s.tbf"), mapping=mapping)
    tally = SchemeTally(result, keep_documents=False)
    for doc in result.documents:
        tally.add(doc)
    assert tally.result() == replace(scheme_scores(result), documents=())


# --- the command line ---------------------------------------------------------------------------------------


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    gold, system = tmp_path / "gold.tbf", tmp_path / "system.tbf"
    gold.write_text(GOLD, encoding="utf-8")
    system.write_text(SYSTEM, encoding="utf-8")
    return gold, system


def test_muc_text_report_has_annalist_tables(files: tuple[Path, Path], tmp_path: Path) -> None:
    out = tmp_path / "muc.txt"
    assert score_main(["-g", str(files[0]), "-s", str(files[1]), "--scheme", "muc", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Scheme: MUC/ANNALIST counts and GATE measures, mapping greedy")
    section = text.split("========MUC Counts: mention_type==========\n")[1].split("\n\n")[0].splitlines()
    assert section[0].split("\t")[1:] == ["POS", "ACT", "COR", "PAR", "INC", "SPU", "MIS", "REC", "PRE", "F"]
    f1 = 2 * (1.5 / 5) * (1.5 / 4) / (1.5 / 5 + 1.5 / 4)
    assert section[-1].split("\t") == ["All types:", "4", "5", "1", "1", "1", "2", "1",
                                       f"{1.5 / 4:.4f}", f"{1.5 / 5:.4f}", f"{f1:.4f}"]
    assert [line.split("\t")[0].strip() for line in section[1:-1]] == ["attack", "die"]
    gate = text.split("GATE Measures")[1].splitlines()
    plain = next(line for line in gate if line.startswith("plain"))
    assert plain.split("\t")[1:6] == ["2", "1", "1", "2", f"{2 / 5:.4f}"]


def test_muc_json(files: tuple[Path, Path], tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    assert score_main(["-g", str(files[0]), "-s", str(files[1]), "--scheme", "muc", "--mapping", "optimal",
                       "-o", str(tmp_path / "r.txt"), "--json", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["strategy"], data["scheme"], data["schema"]) == ("optimal", "muc", "score/3") and "mapping" not in data
    micro = data["muc"]["micro"]["plain"]
    assert set(micro) == {"pos", "act", "cor", "par", "inc", "mis", "spu", "precision", "recall", "f1"}
    assert (micro["pos"], micro["act"], micro["cor"], micro["par"]) == (4, 5, 2, 1)
    assert micro["precision"] == (2 + 1 / 2) / 5
    assert data["muc"]["documents"]["d1"]["mention_type"]["inc"] == 1
    assert data["muc"]["per_type"]["mention_type"][1] == {"type": "die", **MucCounts(inc=1, spu=2).to_json()}
    assert data["gate"]["micro"]["plain"]["strict"]["precision"] == 2 / 5
    assert data["documents"][0]["scores"]["plain"]["tp"] == 1 + 2 / 3 + 1


def test_default_json_is_unchanged(files: tuple[Path, Path], tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    assert score_main(["-g", str(files[0]), "-s", str(files[1]), "-o", str(tmp_path / "r.txt"),
                       "--json", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert not {"mapping", "scheme", "muc", "gate"} & set(data)


def test_2015_profile_refuses_other_mappings(files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert score_main(["-g", str(files[0]), "-s", str(files[1]), "--profile", "2015", "--mapping", "optimal"]) == 1
    assert "--mapping and --scheme work with --profile v1.8 only" in capsys.readouterr().err


WORKED_GOLD = "#BeginOfDocument d\ng\td\tG1\tt0,t1,t2,t3,t4\tw\tattack\tactual\ng\td\tG2\tt5,t6\tw\tattack\tactual\n" \
              "#EndOfDocument\n"
WORKED_SYSTEM = "#BeginOfDocument d\ns\td\tS1\tt0,t1\tw\tattack\tactual\ns\td\tS2\tt2,t3,t4,t5,t6\tw\tattack\t" \
                "actual\n#EndOfDocument\n"


@pytest.mark.parametrize(("mapping", "par", "mis", "spu"), [("greedy", 1, 1, 1), ("optimal", 2, 0, 0),
                                                             ("ordered", 2, 0, 0)])
def test_the_worked_example_under_each_mapping(mapping: str, par: int, mis: int, spu: int) -> None:
    gold, _ = parse_tbf(WORKED_GOLD, path="g.tbf", mode=SpanMode.TOKEN)
    system, _ = parse_tbf(WORKED_SYSTEM, path="s.tbf", mode=SpanMode.TOKEN)
    counts = scheme_scores(score_files(gold, system, mapping=mapping)).muc["plain"]
    assert counts == MucCounts(par=par, mis=mis, spu=spu)
    assert counts.precision == counts.recall == (par / 2) / 2  # greedy 25%, optimal and ordered 50%


@pytest.mark.parametrize("strategy", ["greedy", "optimal", "ordered"])
def test_the_json_names_the_strategy_as_strategy(files: tuple[Path, Path], tmp_path: Path,
                                                          strategy: str) -> None:
    """`"mapping"` means the pairs elsewhere (`documents[].mappings`); the strategy is `"strategy"` (schema 2),
    written only when it is not the published greedy one."""
    out = tmp_path / "out.json"
    assert score_main(["-g", str(files[0]), "-s", str(files[1]), "--strategy", strategy,
                       "-o", str(tmp_path / "r.txt"), "--json", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["schema"] == "score/3" and "mapping" not in data
    assert data.get("strategy") == (None if strategy == "greedy" else strategy)
