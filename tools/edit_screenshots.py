"""Screenshots of editing (figures before → after), a new document from scratch, and curation.

    python tools/edit_screenshots.py OUT_DIR [--sizes 1024x640,1366x768,1600x1000]

Writes OUT_DIR/editing-WxH.png, scratch-WxH.png and curation-WxH.png: the real window, offscreen, on
the bundled demo corpus, after edits made through the window's own edit controller (what the keys do).
The guide's pictures (docs/screenshots/editing.png, scratch.png, curation.png) are the 1366x768 ones.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

DEMO = Path(__file__).resolve().parent.parent / "resources" / "demo"
DOC = "demo_harbour_chronicle"
SCRATCH_TEXT = ("Rebels attacked the town at dawn; two guards were killed and the police arrested "
                "three men before noon. The mayor praised the officers and promised to rebuild the market.")


def wait(app, until, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not until():
        if time.monotonic() > end:
            raise SystemExit("timed out waiting for the window")
        app.processEvents()
        time.sleep(0.01)


def settle(app, window) -> None:  # type: ignore[no-untyped-def]
    """Let the delayed work after edits start (charts 0.3 s, MUC / GATE 0.8 s) and every background job
    finish, then paint."""
    for pause in (1.0, 0.3):
        wait(app, lambda: not window.runner._current)
        end = time.monotonic() + pause
        while time.monotonic() < end:
            app.processEvents()
            time.sleep(0.02)


def make_window(size: tuple[int, int], settings_dir: str, *, charts: bool):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings

    from evmeval_gui.main_window import MainWindow

    settings = QSettings(os.path.join(settings_dir, f"{size[0]}x{size[1]}.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, persist=False, use_default_charts=charts)
    window.resize(*size)
    window.show()
    return window


def editing(app, size, settings_dir: str, out: Path) -> None:  # type: ignore[no-untyped-def]
    """Two edits of the harbour chronicle: one mention retyped, one re-realised; before → after shown."""
    from evmeval_gui.model.corpus import OpenRequest
    from evmeval_gui.model.selection import Selection

    window = make_window(size, settings_dir, charts=size[0] >= 1600)
    if size[0] >= 1600:
        window.charts_dock.show()
    window.open_request(OpenRequest(str(DEMO / "gold.tbf"), (str(DEMO / "system_a.tbf"), str(DEMO / "system_b.tbf")),
                                    str(DEMO / "tkn"), str(DEMO / "txt")), doc_id=DOC)
    wait(app, lambda: window.session.loaded and window.text_view.layout_data is not None)
    settle(app, window)
    window.session.set_combination("mention_type+realis_status")
    edits = (("A2", lambda: window.editing.set_realis("Other")),
             ("A5", lambda: window.editing.set_type("Life_Die")))
    for mention_id, edit in edits:
        doc, marks = window.session.doc_result(DOC), window.session.marks(DOC)
        index = next(i for i, m in enumerate(doc.system) if m.mention_id == mention_id)
        window.session.select(Selection.of_rows(DOC, [marks.rows[marks.system_row[index]]]))
        app.processEvents()
        edit()
    settle(app, window)
    window.grab().save(str(out / f"editing-{size[0]}x{size[1]}.png"))
    window.editing.revert()
    window.close()


def scratch(app, size, settings_dir: str, out: Path) -> None:  # type: ignore[no-untyped-def]
    """A new document: gold and system mentions marked on a pasted text."""
    from evmeval.editing import Side

    window = make_window(size, settings_dir, charts=False)
    window.editing.new_document(SCRATCH_TEXT, "news1")
    wait(app, lambda: window.text_view.layout_data is not None)
    labels = window.text_view.doc.unit_labels
    marks = {Side.GOLD: (("attacked", "Conflict_Attack", "Actual"), ("killed", "Life_Die", "Actual"),
                         ("arrested", "Justice_Arrest-Jail", "Actual"), ("praised", "Contact_Broadcast", "Actual"),
                         ("rebuild", "Manufacture_Artifact", "Other")),
             Side.SYSTEM: (("attacked", "Conflict_Attack", "Actual"), ("killed", "Life_Injure", "Actual"),
                           ("arrested", "Justice_Arrest-Jail", "Generic"), ("promised", "Contact_Broadcast", "Actual"))}
    doc_words = window.text_view.doc
    for side, wanted in marks.items():
        window.editing.set_side(side)
        for word, mention_type, realis in wanted:
            unit = next(u for u in range(len(labels)) if _word(doc_words, u) == word)
            window.text_view.select_units(unit, unit)
            window.editing.add_mention_now(mention_type, realis)
    window.editing.set_side(Side.SYSTEM)
    settle(app, window)
    window.grab().save(str(out / f"scratch-{size[0]}x{size[1]}.png"))
    window.editing.prompts.unsaved = lambda what: "discard"  # type: ignore[method-assign]
    window.editing.revert()
    window.close()


def _word(doc, unit: int) -> str:  # type: ignore[no-untyped-def]
    return next(s.text for s in doc.segments if s.unit == unit)


def curation(app, size, settings_dir: str, out: Path) -> None:  # type: ignore[no-untyped-def]
    """Curating the demo's three annotation sets: the disagreements, one decided, live agreement."""
    from evmeval_gui.agreement.state import AgreementRequest

    window = make_window(size, settings_dir, charts=False)
    names = ("gold.tbf", "system_a.tbf", "system_b.tbf")
    window.open_agreement(AgreementRequest(tuple(str(DEMO / n) for n in names), str(DEMO / "tkn"), str(DEMO / "txt")))
    wait(app, lambda: window.session.loaded and not window.runner._current)
    window.dialogs.start_curation()
    wait(app, lambda: window.curate.active)
    settle(app, window)
    panel = window.curate.panel
    panel.list.setFocus()
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    QTest.keyClick(panel.list, Qt.Key.Key_1)
    settle(app, window)
    window.grab().save(str(out / f"curation-{size[0]}x{size[1]}.png"))
    window.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="folder for the PNG files")
    parser.add_argument("--sizes", default="1024x640,1366x768,1600x1000")
    parser.add_argument("--only", choices=("editing", "scratch", "curation"))
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(x) for x in s.split("x")) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="edit-shots-") as settings_dir:
        for size in sizes:
            for name, shoot in (("editing", editing), ("scratch", scratch), ("curation", curation)):
                if args.only in (None, name):
                    shoot(app, size, settings_dir, out)
                    print(f"{name}-{size[0]}x{size[1]}.png", flush=True)


if __name__ == "__main__":
    main()
