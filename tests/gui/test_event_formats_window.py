"""The window on BioNLP, MAVEN, MAVEN-ERE and CASIE inputs, as on TextEE: no token tables (texts from the
files), the format recognised by `input_format`, the Conventions dock with the format's own convention,
arguments with their roles on the text (character formats included)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.dialogs import OpenCorpusDialog
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import guess_roles, is_event_corpus, load_and_score, make_request
from evmeval_gui.model.text_layout import GOLD
from tests.core.test_casie import GOLD as CASIE_GOLD
from tests.core.test_casie import _doc, _event
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

DATA = Path(__file__).resolve().parent.parent / "data"
LOAD_TIMEOUT = 20_000


def _casie(tmp_path: Path) -> tuple[str, str]:
    for name, value in (("g", CASIE_GOLD), ("s", _doc([[_event(8, 16, index="E1")],
                                                      [_event(27, 37, realis="Other", index="E2")]]))):
        (tmp_path / name).mkdir()
        (tmp_path / name / "d1.json").write_text(json.dumps(value), encoding="utf-8")
    return str(tmp_path / "g"), str(tmp_path / "s")


def test_each_format_is_an_event_corpus_by_the_library_rule(tmp_path: Path) -> None:
    gold, system = _casie(tmp_path)
    assert is_event_corpus(str(EXAMPLES / "bionlp" / "gold")) and is_event_corpus(gold)
    assert is_event_corpus(str(EXAMPLES / "maven_gold.jsonl"))
    assert not is_event_corpus(str(EXAMPLES / "bionlp" / "gold" / "PMID-1.txt"))
    assert not is_event_corpus(str(DATA / "mini"))  # a folder of tbf files is no BioNLP corpus
    assert guess_roles([str(EXAMPLES / "bionlp" / "answer"), str(EXAMPLES / "bionlp" / "gold")]) == (
        str(EXAMPLES / "bionlp" / "gold"), [str(EXAMPLES / "bionlp" / "answer")])
    for g, s in ((str(EXAMPLES / "bionlp" / "gold"), str(EXAMPLES / "bionlp" / "answer")), (gold, system)):
        request = make_request(g, [s])
        assert (request.token_dir, request.text_dir) == (None, None)


def test_a_bionlp_corpus_opens_from_the_command_line_with_its_text(tmp_path: Path) -> None:
    from evmeval_gui.app import _request, build_parser

    bionlp = EXAMPLES / "bionlp"
    args = build_parser().parse_args(["-g", str(bionlp / "gold"), "-s", str(bionlp / "answer")])
    corpus, result = load_and_score(_request(args))
    inputs = corpus.inputs[0]
    assert inputs.texts.text("PMID-1").startswith("IL-2 expression is induced by TNF.")
    assert [m.text for m in inputs.gold.documents["PMID-1"].mentions][:2] == ["expression", "induced"]
    assert [r.name for r in corpus.events[0].switchboard.results] == ["bionlp"]
    assert result.micro["plain"].num_gold == 5


def _click_mention(qtbot, window: MainWindow, text: str) -> None:
    """Click the mapping table row showing `text` (a mention's words), as a user does."""
    proxy, table = window.mapping.proxy, window.mapping.table
    for row in range(proxy.rowCount()):
        if any(text in str(proxy.index(row, c).data() or "") for c in range(proxy.columnCount())):
            rect = table.visualRect(proxy.index(row, 1))
            qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            return
    raise AssertionError(f"no row shows {text!r}")


def _open(qtbot, window: MainWindow, gold: str, system: str) -> None:
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(gold, [system])


def test_the_window_shows_a_bionlp_corpus_and_its_arguments_on_the_text(qtbot, window: MainWindow) -> None:
    _open(qtbot, window, str(EXAMPLES / "bionlp" / "gold"), str(EXAMPLES / "bionlp" / "answer"))
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    table = dock.table
    assert table.horizontalHeaderItem(0).text() == "bionlp"
    # a2-evaluate's own figures under its own names (no comparable row is measured by it)
    labels = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
    assert labels[:3] == ["Strict P", "Strict R", "Strict F1"] and "Approx. span (-s) F1" in labels
    assert table.item(labels.index("Approx. span (-s) P"), 0).text() == "28.57"  # 2 of 7 answers
    assert "BIONLP" not in dock.note.text() and "1 documents" in dock.note.text()
    assert window.document_pane.doc_id == "PMID-1"
    # select the gold "induced" event (E2: Theme expression-event, Cause TNF) by clicking its bar
    _click_mention(qtbot, window, "induced")
    assert window.session.selection.gold_ids == {"E2"}
    shown = dock.arguments.shown(window.text_view)
    assert {(layer, role) for layer, role, _ in shown if layer == GOLD} == {(GOLD, "Cause"), (GOLD, "Theme")}
    layout = window.text_view.layout_data
    doc = window.text_view.doc
    tnf = next(u for u, label in enumerate(doc.unit_labels) if label.startswith("30–"))
    piece = layout.pieces[layout.unit_piece[tnf]]
    assert any(rect.left() < piece.x + 1 and rect.right() > piece.x + piece.width - 1 for _, r, rect in shown
               if r == "Cause")


@pytest.mark.parametrize("name, header", [("maven", "maven"), ("maven_ere", "maven-ere")])
def test_maven_corpora_open_with_their_tokens(qtbot, window: MainWindow, name: str, header: str) -> None:
    _open(qtbot, window, str(EXAMPLES / f"{name}_gold.jsonl"),
          str(EXAMPLES / f"{name}_pred.jsonl"))
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    assert dock.table.horizontalHeaderItem(0).text() == header
    assert dock.table.rowCount() > 0
    corpus = window.session.corpus
    assert corpus is not None
    first = next(iter(corpus.inputs[0].gold.documents))
    assert corpus.inputs[0].tokens.table(first) is not None and corpus.inputs[0].texts.text(first)


def test_a_casie_folder_opens_and_says_it_is_scored_as_tbf(qtbot, window: MainWindow, tmp_path: Path) -> None:
    gold, system = _casie(tmp_path)
    _open(qtbot, window, gold, system)
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    assert "CASIE: scored as tbf is" in dock.note.text()
    assert window.session.corpus.inputs[0].texts.text("d1").startswith("Hackers breached")
    _click_mention(qtbot, window, "breached")
    assert ("GOLD", "Attacker") in {("GOLD" if layer == GOLD else "SYSTEM", role)
                                    for layer, role, _ in dock.arguments.shown(window.text_view)}


def test_the_open_dialog_takes_a_gold_folder(qtbot, tmp_path: Path, monkeypatch) -> None:
    dialog = OpenCorpusDialog()
    qtbot.addWidget(dialog)
    gold, answer = str(EXAMPLES / "bionlp" / "gold"), str(EXAMPLES / "bionlp" / "answer")
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: gold))
    qtbot.mouseClick(dialog.gold.folder_button, Qt.MouseButton.LeftButton)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: answer))
    qtbot.mouseClick(dialog.add_folder, Qt.MouseButton.LeftButton)
    assert dialog.gold.text() == gold and dialog.systems.item(0).text() == answer
    from PySide6.QtWidgets import QDialogButtonBox

    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Open).isEnabled()
    assert dialog.request().gold == gold


def test_dropped_bionlp_folders_open_as_themselves(qtbot) -> None:
    from PySide6.QtCore import QUrl

    from evmeval_gui.window.dropping import WindowDrops

    gold, answer = str(EXAMPLES / "bionlp" / "gold"), str(EXAMPLES / "bionlp" / "answer")
    assert WindowDrops.dropped_tbfs([QUrl.fromLocalFile(answer), QUrl.fromLocalFile(gold)]) == [answer, gold]
    assert WindowDrops.dropped_tbfs([QUrl.fromLocalFile(str(DATA / "mini"))])[0].endswith("gold.tbf")
