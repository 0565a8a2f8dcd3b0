"""Live rescoring (`rescore_document` on per-document totals), the editing session, saving rules and
documents from scratch, checked against scoring the saved files from scratch and `evmeval-score`."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from evmeval.editing import Edit, EditError, EditSession, FigureChange, Side
from evmeval.editing.scratch import scratch_session, write_scratch
from evmeval.io.errors import FormatError
from evmeval.io.loading import load_inputs
from evmeval.io.tbf import read_tbf
from evmeval.mention.scoring import ScoreResult, rescore_document, score_document, score_files
from evmeval.model import Document, Relation, SpanMode, TbfFile
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.editing_strategies import documents, edits, mention, table
from tests.programs import installed

DOC_IDS = ("d1", "d2", "d3")


def figures(result: ScoreResult) -> str:
    """Every figure of a result, NaN included, as comparable text."""
    return repr((result.micro, result.macro, result.per_type_published, result.per_type_by_type_mapping,
                 [(d.doc_id, d.scores) for d in result.documents]))


def document_warnings(result: ScoreResult) -> list[str]:
    """The warnings about single documents (not those about the files, which depend on what was read)."""
    return [w for w in result.warnings if w.startswith(("gold document '", "duplicate system mention ids"))]


@st.composite
def corpora(draw: st.DrawFn) -> tuple[TbfFile, TbfFile]:
    gold = {d: draw(documents(d)) for d in DOC_IDS}
    system = {d: draw(documents(d)) for d in DOC_IDS if draw(st.booleans())}
    return TbfFile("gold.tbf", SpanMode.TOKEN, gold), TbfFile("system.tbf", SpanMode.TOKEN, system)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_rescoring_a_document_gives_the_figures_of_scoring_from_scratch(data: st.DataObject) -> None:
    gold, system = data.draw(corpora())
    result = score_files(gold, system)
    for _ in range(data.draw(st.integers(1, 4))):
        doc_id = data.draw(st.sampled_from(DOC_IDS))
        g, s = data.draw(documents(doc_id)), data.draw(documents(doc_id))
        gold = TbfFile(gold.path, gold.mode, {**gold.documents, doc_id: g})
        system = TbfFile(system.path, system.mode, {**system.documents, doc_id: s})
        before = figures(result)
        new = rescore_document(result, doc_id, g.mentions, s.mentions)
        assert figures(result) == before  # the old result is untouched (undo keeps it)
        fresh = score_files(gold, system)
        assert figures(new) == figures(fresh)
        # a document's own warnings (no gold mention, duplicate ids) follow its mentions, in document order
        assert document_warnings(new) == document_warnings(fresh)
        result = new


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_session_figures_equal_scoring_the_saved_files(data: st.DataObject,
                                                       tmp_path_factory: pytest.TempPathFactory) -> None:
    gold, system = data.draw(corpora())
    folder = tmp_path_factory.mktemp("saved")
    session = EditSession(gold, system, score_files(gold, system), tokens=table)
    edits_made = []
    for _ in range(data.draw(st.integers(1, 5))):
        side, doc_id = data.draw(st.sampled_from(list(Side))), data.draw(st.sampled_from(DOC_IDS))
        edit = data.draw(edits(session.document(side, doc_id)))
        delta = session.apply(Edit(side, doc_id, edit))
        edits_made.append(Edit(side, doc_id, edit))
        assert repr(delta.micro_after) == repr(session.result.micro)
    g_path, s_path = str(folder / "g.tbf"), str(folder / "s.tbf")
    session.save(Side.GOLD, g_path)
    session.save(Side.SYSTEM, s_path)
    saved = score_files(read_tbf(g_path, mode=SpanMode.TOKEN)[0], read_tbf(s_path, mode=SpanMode.TOKEN)[0])
    assert figures(saved) == figures(session.result) and not session.modified
    assert session.delta().micro("plain").changed is False and session.delta().documents == ()
    for edit in reversed(edits_made):  # undo everything: the original figures come back
        session.apply(edit.inverse())
    assert figures(session.result) == figures(score_files(gold, system))
    assert session.document(Side.GOLD, "d1") == gold.documents["d1"]


def _demo_session(evmeval_data: Path) -> tuple[EditSession, Path]:
    demo = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), token_dir=str(demo / "tkn"))
    return EditSession(inputs.gold, inputs.system, score_files(inputs.gold, inputs.system),
                       tokens=inputs.tokens.table, texts=inputs.texts.text), demo


def test_edits_on_the_demo_match_evmeval_score_on_the_saved_file(evmeval_data: Path, tmp_path: Path) -> None:
    session, demo = _demo_session(evmeval_data)
    doc = session.document(Side.SYSTEM, "example2")
    retype = session.change_type(Side.SYSTEM, "example2", doc.mentions[0], "Life_Die")
    delta = session.apply(retype)
    assert delta.document("example2") is not None and session.modified_documents() == ["example2"]
    added = session.add_mention(Side.SYSTEM, "example1", ["t3"], mention_type="Movement_Transport-Person",
                                realis="Actual")
    session.apply(added)
    session.apply(session.delete_mention(Side.SYSTEM, "example2", doc.mentions[1]))
    out = tmp_path / "edited.tbf"
    saved = session.save(Side.SYSTEM, str(out))
    assert saved.problems == () and saved.backup is None
    json_out = tmp_path / "scores.json"
    subprocess.run([installed("evmeval-score"), "-g", str(demo / "gold.tbf"), "-s", str(out), "-t", str(demo / "tkn"),
                    "--json", str(json_out), "-o", str(tmp_path / "report.txt")], check=True)
    published = json.loads(json_out.read_text(encoding="utf-8"))
    for c, score in session.result.micro.items():
        assert published["micro"][c]["f1"] == score.f1
        assert published["micro"][c]["tp"] == score.tp
    validated = subprocess.run([installed("evmeval-validate"), "-t", str(demo / "tkn"), str(out)],
                               capture_output=True, text=True)
    assert validated.returncode == 0, validated.stdout + validated.stderr


def test_save_refuses_the_loaded_file_unless_asked_and_keeps_the_original_once(evmeval_data: Path,
                                                                              tmp_path: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    loaded = tmp_path / "system.tbf"
    original = (demo / "sample_system_C.tbf").read_bytes()
    loaded.write_bytes(original)
    inputs = load_inputs(str(demo / "gold.tbf"), str(loaded), token_dir=str(demo / "tkn"))
    session = EditSession(inputs.gold, inputs.system, score_files(inputs.gold, inputs.system),
                          tokens=inputs.tokens.table)
    first = session.document(Side.SYSTEM, "example1").mentions[0]
    session.apply(session.change_realis(Side.SYSTEM, "example1", first, "Generic"))
    with pytest.raises(FormatError, match="is the loaded file"):
        session.save(Side.SYSTEM, str(loaded))
    with pytest.raises(FormatError, match="overwrite an input"):
        session.save(Side.SYSTEM, str(demo / "gold.tbf"), overwrite=True)
    saved = session.save(Side.SYSTEM, str(loaded), overwrite=True)
    assert saved.backup == str(loaded) + ".orig"
    assert Path(saved.backup).read_bytes() == original and loaded.read_bytes() != original
    session.apply(session.change_realis(Side.SYSTEM, "example1", 0, "Other"))
    again = session.save(Side.SYSTEM, str(loaded), overwrite=True)
    assert again.backup is None and Path(str(loaded) + ".orig").read_bytes() == original  # the very first version


def test_relation_changes_and_problems_are_listed_before_saving() -> None:
    gold_doc = Document("d1", (mention("d1", "E1", ("t2",), "Life_Die", "Actual"),
                               mention("d1", "E2", ("t4",), "Life_Die", "Actual")),
                        (Relation("Coreference", "C1", ("E1", "E2"), 0),))
    gold = TbfFile("gold.tbf", SpanMode.TOKEN, {"d1": gold_doc})
    system = TbfFile("system.tbf", SpanMode.TOKEN, {"d1": Document("d1", gold_doc.mentions[:1])})
    session = EditSession(gold, system, score_files(gold, system), tokens=table)
    edit = session.delete_mention(Side.GOLD, "d1", "E2")
    session.apply(edit)
    changes = session.relation_changes(Side.GOLD)
    assert [(d, str(c)) for d, c in changes] == [("d1", "@Coreference C1 removed (it linked E1, E2)")]
    assert edit.warnings == tuple(str(c) for _, c in changes)
    assert session.problems(Side.GOLD) == []
    session.apply(session.add_mention(Side.GOLD, "d1", ["t2"], mention_type="Life_Die", realis="Actual"))
    assert session.problems(Side.GOLD) == []  # same span twice outside a cluster is allowed (double tagging)
    session.revert()
    assert not session.modified and session.relation_changes(Side.GOLD) == []
    assert figures(session.result) == figures(score_files(gold, system))


def test_an_edit_made_on_another_version_is_refused(evmeval_data: Path) -> None:
    session, _ = _demo_session(evmeval_data)
    first = session.change_type(Side.GOLD, "example1", 0, "Life_Die")
    second = session.change_type(Side.GOLD, "example1", 0, "Life_Marry")
    session.apply(first)
    with pytest.raises(EditError, match="another version"):
        session.apply(second)


def test_figure_changes_read_as_the_window_shows_them() -> None:
    change = FigureChange(0.78034, 0.78106)
    assert change.text() == "78.03 → 78.11 (+0.08)"  # from the shown values, not 0.072
    assert change.difference == pytest.approx(78.11 - 78.03)
    assert FigureChange(float("nan"), 0.5).text() == "— → 50.00"
    assert FigureChange(0.5, 0.50001).text() == "50.00" and not FigureChange(0.5, 0.50001).changed


def test_a_scratch_document_is_scored_live_and_saved_as_a_folder_the_scorer_reads(tmp_path: Path) -> None:
    session = scratch_session("The army attacked the town. Many people died in the attack.", doc_id="news1")
    assert [t.text for t in session.context("news1").tokens.tokens][:4] == ["The", "army", "attacked", "the"]
    session.apply(session.add_mention(Side.GOLD, "news1", ["t3"], mention_type="Conflict_Attack", realis="Actual"))
    session.apply(session.add_mention(Side.GOLD, "news1", ["t9"], mention_type="Life_Die", realis="Actual"))
    delta = session.apply(session.add_mention(Side.SYSTEM, "news1", ["t3", "t4"], mention_type="Conflict_Attack",
                                              realis="Actual"))
    dice = 2 * 1 / (1 + 2)
    precision, recall = dice / 1, dice / 2
    f1 = 2 * precision * recall / (precision + recall)
    assert delta.micro("plain").after == pytest.approx(f1, rel=1e-15)
    written = write_scratch(session, str(tmp_path / "scratch"))
    assert not session.modified
    assert sorted(os.listdir(written.folder)) == ["gold.tbf", "system.tbf", "tkn", "txt"]
    json_out = tmp_path / "scores.json"
    subprocess.run([installed("evmeval-score"), "-g", written.gold, "-s", written.system, "-t", written.token_dir,
                    "--json", str(json_out), "-o", str(tmp_path / "report.txt")], check=True)
    data = json.loads(json_out.read_text(encoding="utf-8"))
    assert data["micro"]["plain"]["f1"] == session.result.micro["plain"].f1
    assert data["micro"]["mention_type+realis_status"]["precision"] == precision
    with pytest.raises(FormatError, match="already exists"):
        write_scratch(session, written.folder)


def test_a_new_system_document_appears_and_disappears_with_undo(evmeval_data: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), token_dir=str(demo / "tkn"))
    system = TbfFile(inputs.system.path, inputs.system.mode,
                     {k: v for k, v in inputs.system.documents.items() if k != "example1"})
    session = EditSession(inputs.gold, system, score_files(inputs.gold, system), tokens=inputs.tokens.table)
    add = session.add_mention(Side.SYSTEM, "example1", ["t3"], mention_type="Movement_Transport-Person",
                              realis="Actual")
    session.apply(add)
    assert "example1" in session.system.documents
    assert session.result.document("example1").scores["plain"].num_system == 1
    session.apply(add.inverse())
    assert "example1" not in session.system.documents and not session.modified


def test_score_document_is_what_rescoring_puts_in_place(evmeval_data: Path) -> None:
    session, _ = _demo_session(evmeval_data)
    doc_id = "example2"
    session.apply(session.change_realis(Side.GOLD, doc_id, 0, "Other"))
    fresh = score_document(doc_id, session.document(Side.GOLD, doc_id).mentions,
                           session.document(Side.SYSTEM, doc_id).mentions)
    assert repr(session.result.document(doc_id).scores) == repr(fresh.scores)



def test_running_sums_add_in_document_order_like_the_published_loop() -> None:
    import math

    import numpy as np
    from evmeval.mention.running import _fold

    values = [1e16] + [1.0] * 20  # in order, each 1.0 is lost to rounding; any other order keeps some
    total = 0.0
    for v in values:
        total += v
    assert total == 1e16 and math.fsum(values) == 1e16 + 20
    assert _fold(np.array(values)) == total
    assert _fold(np.zeros(0)) == 0.0


def test_saving_one_side_makes_before_the_figures_of_the_files_now_saved(evmeval_data: Path, tmp_path: Path) -> None:
    session, _ = _demo_session(evmeval_data)
    original_gold = session.gold
    session.apply(session.change_realis(Side.GOLD, "example1", 0, "Other"))
    session.apply(session.delete_mention(Side.SYSTEM, "example2", 0))
    session.save(Side.SYSTEM, str(tmp_path / "system.tbf"))
    saved_system = read_tbf(str(tmp_path / "system.tbf"), mode=SpanMode.TOKEN)[0]
    assert figures(session.baseline) == figures(score_files(original_gold, saved_system))
    assert session.modified_documents() == ["example1"] and session.modified_documents(Side.SYSTEM) == []
    assert [d.doc_id for d in session.delta().documents] == ["example1"]


def test_saving_never_lands_on_a_token_table_or_a_text(evmeval_data: Path, tmp_path: Path) -> None:
    """Save as… onto a file of the folders the corpus reads (or a link to one) is refused, the file kept."""
    import shutil

    from evmeval.agreement.curation import curate, write_curated
    from evmeval.io.loading import input_folders

    demo = tmp_path / "demo"
    shutil.copytree(evmeval_data / "scoring_demo" / "token_based", demo)
    inputs = load_inputs(str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), token_dir=str(demo / "tkn"),
                         text_dir=str(demo / "txt"))
    session = EditSession(inputs.gold, inputs.system, score_files(inputs.gold, inputs.system),
                          tokens=inputs.tokens.table)
    folders = input_folders(inputs.tokens.folder, inputs.tokens.extension, inputs.texts.folder)
    table, text = demo / "tkn" / "example1.tab", demo / "txt" / "example1.tkn.txt"
    (tmp_path / "link.tbf").symlink_to(table)
    before = {p: p.read_bytes() for p in (table, text)}
    for target in (table, text, tmp_path / "link.tbf"):
        with pytest.raises(FormatError, match="output would land among the inputs"):
            session.save(Side.SYSTEM, str(target), input_folders=folders)
    curation = curate([inputs.gold, inputs.system], ["gold", "system"], "majority", path="curated.tbf")
    with pytest.raises(FormatError, match="output would land among the inputs"):
        write_curated(curation, str(table), input_folders=folders)
    assert {p: p.read_bytes() for p in (table, text)} == before


def test_preparing_live_rescoring_steps_between_documents_and_stops_when_asked(evmeval_data: Path) -> None:
    """`prepare(step)` calls `step` before each document (a window job's cancel check, where it pauses while
    the user switches documents); an exception from `step` stops it with nothing kept half-built."""
    from evmeval.mention.running import totals_of

    session, _ = _demo_session(evmeval_data)
    calls: list[int] = []

    def stop_at_second() -> None:
        calls.append(1)
        if len(calls) == 2:
            raise InterruptedError

    with pytest.raises(InterruptedError):
        session.prepare(stop_at_second)
    assert "totals" not in session.result._running
    steps: list[int] = []
    session.prepare(lambda: steps.append(1))
    assert len(steps) == len(session.result.documents) >= 2
    assert totals_of(session.result).doc_ids == tuple(d.doc_id for d in session.result.documents)


def test_the_running_totals_keep_each_documents_dice_values_once(evmeval_data: Path) -> None:
    """Each pair's Dice value is kept once, in its type's column, not a second time in its document's share (a
    tuple per document and type: 7 MB of a 4,480-document MAVEN corpus shown in the window, issue 34); a
    replaced document still gives the figures of scoring from scratch."""
    from evmeval.mention.running import CorpusTotals, DocumentShare

    demo = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(demo / "gold.tbf"), str(demo / "sample_system_C.tbf"), token_dir=str(demo / "tkn"))
    result = score_files(inputs.gold, inputs.system)
    totals = CorpusTotals.of(result.documents)
    fresh = [share.type_dice for share in map(DocumentShare.of, result.documents)]
    assert any(values for dice in fresh for table in dice for values in table.values())
    assert all(share.type_dice == () for share in totals.shares)
    assert [share.dice_types for share in totals.shares] == [tuple(tuple(t) for t in dice) for dice in fresh]
    doc = result.documents[1]
    again = rescore_document(result, doc.doc_id, doc.gold, doc.system[1:])
    gold = inputs.gold
    system = TbfFile(inputs.system.path, inputs.system.mode, {**inputs.system.documents, doc.doc_id: Document(
        doc.doc_id, doc.system[1:])})
    assert figures(again) == figures(score_files(gold, system))
