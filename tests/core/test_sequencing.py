"""`evmeval-score -a`: the published report blocks byte for byte, our link table, JSON, refusals.

The published char-based demo and two generated corpora were scored by v1.8 (see the SOURCE notes);
the report and comparison must match byte for byte.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from evmeval.io.loading import load_inputs
from evmeval.mention.scoring import score_files
from evmeval.report.sequencing_report import link_table_tsv, sequencing_section
from evmeval.report.text import assemble_report, format_report
from evmeval.sequencing.scoring import SequencingRefused, score_sequencing

from tests.programs import installed

SEQUENCING = Path(__file__).resolve().parent.parent / "data" / "sequencing"


def _score(*argv: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run([installed("evmeval-score"), *map(str, argv)], capture_output=True, text=True)


def _demo(evmeval_data: Path) -> tuple[Path, Path, Path]:
    demo = evmeval_data / "scoring_demo" / "char_based"
    return demo / "gold.tbf", demo / "temporal_sample.tbf", evmeval_data / "expected" / "char_based_sequencing"


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_the_published_demo_byte_for_byte(evmeval_data: Path, tmp_path: Path) -> None:
    gold, system, expected = _demo(evmeval_data)
    done = _score("-g", gold, "-s", system, "-d", tmp_path / "comparison.txt", "-a", tmp_path / "seq",
                  "-o", tmp_path / "scores.txt")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "scores.txt").read_bytes() == (expected / "scores.txt").read_bytes()
    assert (tmp_path / "comparison.txt").read_bytes() == (expected / "comparison.txt").read_bytes()
    # the -a folder holds our link table, not TimeML files
    assert sorted(p.name for p in (tmp_path / "seq").iterdir()) == ["sequencing_links.tsv"]
    rows = [line.split("\t") for line in (tmp_path / "seq" / "sequencing_links.tsv").read_text().splitlines()]
    after = [r for r in rows[1:] if r[1] == "After"]
    assert {(r[2], r[4], r[5], r[9]) for r in after} == {
        ("gold", "E1", "E2", "matched"), ("gold", "E1", "E3", "matched"), ("gold", "E4", "E5", "matched"),
        ("gold", "E2", "E4", "missing"), ("gold", "E3", "E4", "missing"),
        ("system", "E1", "E2", "matched"), ("system", "E1", "E3", "matched"), ("system", "E4", "E5", "matched")}


def test_with_coreference_the_blocks_come_after_its_section(evmeval_data: Path) -> None:
    """v1.8's order: mention sections, coreference section (-c), then the sequencing blocks."""
    gold, system, expected = _demo(evmeval_data)
    inputs = load_inputs(str(gold), str(system))
    result = score_files(inputs.gold, inputs.system)
    mentions = format_report(result)
    published = (expected / "scores_with_coref.txt").read_text(encoding="utf-8")
    sequencing = sequencing_section(score_sequencing(result, inputs.gold, inputs.system))
    assert published.startswith(mentions) and published.endswith(sequencing)
    coreference = published[len(mentions):len(published) - len(sequencing)]
    assert coreference.startswith("\n=======Final Mention Coreference Results")
    assert assemble_report(mentions, coreference=coreference, sequencing=sequencing) == published


@pytest.mark.parametrize(("name", "options"), [("generated_plain", []), ("generated_nv", ["-nv"])])
def test_generated_corpora_byte_for_byte(name: str, options: list[str], tmp_path: Path) -> None:
    corpus = SEQUENCING / name
    done = _score("-g", corpus / "gold.tbf", "-s", corpus / "system.tbf", "-a", tmp_path / "seq", *options,
                  "-o", tmp_path / "scores.txt", "-d", tmp_path / "comparison.txt")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "scores.txt").read_bytes() == (corpus / "scores.txt").read_bytes()
    assert (tmp_path / "comparison.txt").read_bytes() == (corpus / "comparison.txt").read_bytes()


def test_a_system_two_way_link_is_refused_with_file_and_line(tmp_path: Path) -> None:
    corpus = SEQUENCING / "generated_nv"
    done = _score("-g", corpus / "gold.tbf", "-s", corpus / "system.tbf", "-a", tmp_path / "seq",
                  "-o", tmp_path / "scores.txt")
    assert done.returncode == 1
    assert f"{corpus / 'system.tbf'}:99: " in done.stderr and "(line 104)" in done.stderr
    assert "KeyError" in done.stderr and "-nv" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "scores.txt").exists()


def _doc(body: str) -> str:
    mentions = "".join(f"r\td\tE{k}\t{10 * k},{10 * k + 4}\tw{k}\tConflict_Attack\tActual\n" for k in range(1, 5))
    return f"#BeginOfDocument d\n{mentions}{body}#EndOfDocument\n"


def test_a_gold_two_way_link_is_refused_unless_nv(tmp_path: Path) -> None:
    gold = _write(tmp_path / "gold.tbf", _doc("@After\tA1\tE1,E2\n@After\tA2\tE2,E1\n@After\tA3\tE3,E4\n"))
    system = _write(tmp_path / "system.tbf", _doc("@After\tA1\tE3,E4\n"))
    done = _score("-g", gold, "-s", system, "-a", tmp_path / "seq")
    assert done.returncode == 1 and f"{gold}:6: " in done.stderr and "(line 7)" in done.stderr
    assert "status 255" in done.stderr
    done = _score("-g", gold, "-s", system, "-a", tmp_path / "seq", "-nv")
    assert done.returncode == 0, done.stderr
    # gold final: E1->E2, E3->E4 and the violation E2->E1; the system matches one of the three
    assert "\t\t50.0\t100.0\t33.3333\t\n" in done.stdout


def test_where_v18_divides_by_zero_we_say_so(tmp_path: Path) -> None:
    """Gold E1<->E2 against the same system with -nv: n = 2, matched = 2 = 1 + n(n-1)/2."""
    both_ways = _doc("@After\tA1\tE1,E2\n@After\tA2\tE2,E1\n")
    gold = _write(tmp_path / "gold.tbf", both_ways)
    system = _write(tmp_path / "system.tbf", both_ways)
    done = _score("-g", gold, "-s", system, "-a", tmp_path / "seq", "-nv")
    assert done.returncode == 1 and "ZeroDivisionError" in done.stderr and "'d'" in done.stderr


def test_the_refusal_lists_every_pair_linked_both_ways(tmp_path: Path) -> None:
    """Not only the first: every document's gold and system pairs, for a caller that scores the rest."""
    gold = _write(tmp_path / "gold.tbf", _doc("@After\tA1\tE1,E2\n@After\tA2\tE2,E1\n@Subevent\tS1\tE3,E4\n"
                                             "@Subevent\tS2\tE4,E3\n"))
    system = _write(tmp_path / "system.tbf", _doc("@After\tA1\tE1,E2\n@After\tA2\tE2,E1\n"))
    inputs = load_inputs(str(gold), str(system))
    result = score_files(inputs.gold, inputs.system)
    with pytest.raises(SequencingRefused) as refused:
        score_sequencing(result, inputs.gold, inputs.system)
    # per side in v1.8's link type order (Subevent, After), gold before system; the message is the first's
    assert [(p.path, p.line) for p in refused.value.problems] == [(str(gold), 8), (str(gold), 6), (str(system), 6)]
    assert str(refused.value).startswith(f"{gold}:8: document 'd': @Subevent links E3->E4 and (line 9) E4->E3")
    assert "@After links E1->E2 and (line 7) E2->E1" in refused.value.problems[1].message


def test_the_link_table_skips_an_evaluation_v18_could_not_finish(tmp_path: Path) -> None:
    """-nv, gold and system E1<->E2: v1.8 divides by zero in After; the table has the other evaluations."""
    both_ways = _doc("@After\tA1\tE1,E2\n@After\tA2\tE2,E1\n@Subevent\tS1\tE3,E4\n")
    gold, system = _write(tmp_path / "gold.tbf", both_ways), _write(tmp_path / "system.tbf", both_ways)
    inputs = load_inputs(str(gold), str(system))
    result = score_files(inputs.gold, inputs.system)
    seq = score_sequencing(result, inputs.gold, inputs.system, validate=False, strict=False)
    assert set(seq.failures["published"]) == {"After"}
    rows = [line.split("\t") for line in link_table_tsv(seq).splitlines()[1:]]
    assert {r[1] for r in rows} == {"Subevent", "All"}


def test_a_link_with_three_ids_is_refused(tmp_path: Path) -> None:
    gold = _write(tmp_path / "gold.tbf", _doc("@After\tA1\tE1,E2,E3\n"))
    system = _write(tmp_path / "system.tbf", _doc(""))
    done = _score("-g", gold, "-s", system, "-a", tmp_path / "seq")
    assert done.returncode == 1 and f"{gold}:6: @After relation 'A1' names 3 mentions" in done.stderr


def test_the_sequencing_folder_must_not_be_a_file(tmp_path: Path, evmeval_data: Path) -> None:
    gold, system, _ = _demo(evmeval_data)
    taken = _write(tmp_path / "seq", "not a folder")
    done = _score("-g", gold, "-s", system, "-a", taken)
    assert done.returncode == 1 and "-a needs a folder" in done.stderr
    assert taken.read_text() == "not a folder"


def test_json_has_both_closures_per_link_type(evmeval_data: Path, tmp_path: Path) -> None:
    gold, system, _ = _demo(evmeval_data)
    done = _score("-g", gold, "-s", system, "-a", tmp_path / "seq", "--json", tmp_path / "s.json",
                  "-o", tmp_path / "scores.txt")
    assert done.returncode == 0, done.stderr
    sequencing = json.loads((tmp_path / "s.json").read_text())["sequencing"]
    assert sequencing["mapping"] == "mention_type" and sequencing["validated"] is True
    assert set(sequencing["closures"]) == {"published", "full"}
    after = sequencing["closures"]["published"]["After"]
    assert after["corpus"]["precision"] == 1.0 and after["corpus"]["recall"] == 3 / 5
    example2 = next(d for d in after["documents"] if d["doc_id"] == "example2")
    assert len(example2["links"]["matched"]) == 6 and len(example2["links"]["missing"]) == 2
    assert sequencing["closures"]["published"]["Subevent"]["corpus"]["f1"] == 0.0
    assert sequencing["nodes"]["example2"]["te1"] == ["E2", "E2"]


def test_our_closure_is_labelled_in_the_report(evmeval_data: Path, tmp_path: Path) -> None:
    gold, system, _ = _demo(evmeval_data)
    done = _score("-g", gold, "-s", system, "-a", tmp_path / "seq", "--sequencing-closure", "full")
    assert done.returncode == 0, done.stderr
    assert "=======Event Sequencing Results for After (EvmEval Studio: complete interval closure" in done.stdout


def test_per_document_figures_and_outcomes_for_the_window(evmeval_data: Path) -> None:
    gold, system, _ = _demo(evmeval_data)
    inputs = load_inputs(str(gold), str(system))
    result = score_sequencing(score_files(inputs.gold, inputs.system), inputs.gold, inputs.system)
    after = result.evaluation("After")
    example1, example2 = after.document("example1"), after.document("example2")
    assert example1 is not None and example2 is not None
    assert example1.precision != example1.precision  # no links: NaN, shown as "no links", not 0
    assert (example2.precision, example2.recall) == (3 / 3, 3 / 5)
    missing = {(o.source, o.target) for o in example2.outcomes if o.outcome == "missing"}
    assert missing == {("E2", "E4"), ("E3", "E4")}
    links = next(d for d in result.documents if d.doc_id == "example2")
    assert links.node_labels["te2"] == ("E3", "E3")


@pytest.mark.parametrize("case", ["generated_plain", "generated_nv", "two_way"])
def test_documents_shared_with_a_child_give_the_same_result(case: str, monkeypatch, tmp_path) -> None:
    """`parallel=True` (the command line) shares the documents with a forked child: every link, figure,
    failure and refusal equals the in-process result, in document order (pooled sums are floats)."""
    import os
    import time

    import evmeval.sequencing.scoring as scoring

    folder = SEQUENCING / case
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "system.tbf"),
                         token_dir=str(folder / "tkn") if (folder / "tkn").exists() else None)
    result = score_files(inputs.gold, inputs.system)
    for validate in (True, False):
        outcomes = []
        for parallel in (False, True):
            try:
                outcomes.append(score_sequencing(result, inputs.gold, inputs.system, validate=validate,
                                                 strict=False, parallel=parallel))
            except SequencingRefused as exc:
                outcomes.append(exc.problems)
        assert outcomes[0] == outcomes[1]
    parent, pids = os.getpid(), os.pipe()
    real = scoring._score_document
    started = tmp_path / "started"

    def recording(*args):
        os.write(pids[1], os.getpid().to_bytes(4, "little"))
        with open(started, "a", encoding="ascii") as mark:
            mark.write(f"{os.getpid()}\n")
        # each process's first piece waits for the other's (a barrier, not a time: a loaded machine may start the
        # child late); 10 s at most, for a run with no fork
        deadline = time.monotonic() + 10
        while len(set(started.read_text(encoding="ascii").split())) < 2 and time.monotonic() < deadline:
            time.sleep(0.005)
        return real(*args)

    monkeypatch.setattr(scoring, "_score_document", recording)
    score_sequencing(result, inputs.gold, inputs.system, validate=False, strict=False, parallel=True)
    os.close(pids[1])
    data = os.read(pids[0], 1 << 16)
    workers = {int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)}
    if hasattr(os, "fork"):
        assert parent in workers and len(workers) == 2


@pytest.mark.parametrize("batch", [1, 4096])
def test_the_link_table_is_link_rows_joined_by_tabs(batch: int, monkeypatch) -> None:
    """`iter_link_table` writes each document's rows in one format string: the same lines as
    `link_rows` joined by tabs, in pieces of whole documents."""
    import evmeval.report.sequencing_report as report

    folder = SEQUENCING / "generated_nv"
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "system.tbf"))
    result = score_files(inputs.gold, inputs.system)
    seq = score_sequencing(result, inputs.gold, inputs.system, validate=False, strict=False)
    monkeypatch.setattr(report, "LINK_TABLE_BATCH", batch)
    for closure in ("published", "full"):
        rows = list(report.link_rows(seq, closure))
        assert len(rows) > 20
        pieces = list(report.iter_link_table(seq, closure))
        assert "".join(pieces) == "\t".join(report.LINK_TABLE_COLUMNS) + "\n" + "".join(
            "\t".join(row) + "\n" for row in rows)
        assert len(pieces) > (2 if batch == 1 else 1)


def test_the_lazy_json_writes_the_same_text() -> None:
    """`sequencing_json(lazy=True)` (the command line's): documents and nodes are built while written,
    the text is the one of the dicts built beforehand."""
    from evmeval.report.json_report import dumps
    from evmeval.report.sequencing_report import sequencing_json

    folder = SEQUENCING / "generated_nv"
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "system.tbf"))
    result = score_files(inputs.gold, inputs.system)
    seq = score_sequencing(result, inputs.gold, inputs.system, validate=False, strict=False)
    built = dumps({"sequencing": sequencing_json(seq)})
    assert dumps({"sequencing": sequencing_json(seq, lazy=True)}) == built
    assert json.loads(built)["sequencing"]["closures"]["full"]["After"]["documents"]


def test_a_run_without_links_keeps_every_figure_warning_and_link_row(evmeval_data: Path) -> None:
    """`keep_links=False` (the command line without --json) drops each document's links once scored: the
    report, the link table and the warnings are those of the run that keeps them."""
    gold, system, _ = _demo(evmeval_data)
    inputs = load_inputs(str(gold), str(system))
    result = score_files(inputs.gold, inputs.system)
    kept = score_sequencing(result, inputs.gold, inputs.system)
    slim = score_sequencing(result, inputs.gold, inputs.system, keep_links=False)
    assert kept.documents and slim.documents == ()
    assert slim.evaluations == kept.evaluations and slim.warnings == kept.warnings
    assert link_table_tsv(slim).count("\n") > 10 and link_table_tsv(slim) == link_table_tsv(kept)
    assert sequencing_section(slim) == sequencing_section(kept)


def test_a_json_run_keeps_only_the_nodes_and_writes_the_same_sequencing_object(evmeval_data: Path) -> None:
    """`keep_nodes=True` (the command line with --json, issue 37): each document's links are dropped once
    scored, its node labels kept; the `sequencing` object is written byte for byte as from the full links."""
    from evmeval.report.json_report import dumps
    from evmeval.report.sequencing_report import sequencing_json

    gold, system, _ = _demo(evmeval_data)
    inputs = load_inputs(str(gold), str(system))
    result = score_files(inputs.gold, inputs.system)
    kept = score_sequencing(result, inputs.gold, inputs.system)
    nodes = score_sequencing(result, inputs.gold, inputs.system, keep_links=False, keep_nodes=True)
    assert [d.node_labels for d in nodes.documents] == [d.node_labels for d in kept.documents]
    assert all(not d.gold.links and not d.system.links for d in nodes.documents)
    assert any(d.gold.links for d in kept.documents)
    written = dumps({"sequencing": sequencing_json(nodes, lazy=True)})
    assert written == dumps({"sequencing": sequencing_json(kept)}) and '"te0"' in written
