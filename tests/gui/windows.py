"""The window every GUI test starts from: real, shown and exposed, with settings of its own (never the
user's), no persisted state and no default charts."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QTabWidget, QWidget

from evmeval_gui.main_window import MainWindow


def shown_window(qtbot, tmp_path: Path, size: tuple[int, int] = (1366, 768), *,  # type: ignore[no-untyped-def]
                 charts: bool = False) -> MainWindow:
    """A `MainWindow` of `size`, shown and exposed, closed with the test (`qtbot.addWidget`); `charts`: with
    the default charts dock."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    return show(qtbot, MainWindow(settings=settings, persist=False, use_default_charts=charts), size)


def show(qtbot, window: MainWindow, size: tuple[int, int]) -> MainWindow:  # type: ignore[no-untyped-def]
    """`window` resized, shown, exposed and closed with the test (`qtbot.addWidget`)."""
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


POPUP_WARNINGS = "This plugin does not support (raise|grabbing the keyboard)"
"""What the offscreen platform says when a combo box opens its list (`qt_log_ignore` in tests that do)."""


def right_click(widget: QWidget, pos: QPoint) -> None:
    """A right click at `pos` (widget coordinates) delivered to the widget's window, as a user's is: Qt then
    makes the context-menu event from the press (a click sent to the widget itself would make none)."""
    top = widget.window()
    handle = top.windowHandle()
    assert handle is not None, "the widget is not shown"
    QTest.mouseClick(handle, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, widget.mapTo(top, pos))


def choose(qtbot, combo: QComboBox, index: int) -> None:  # type: ignore[no-untyped-def]
    """Choose item `index` of `combo` as a user does: a click opens its list, arrow keys reach the item,
    Return chooses it (`activated` once, as a real choice)."""
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    current = view.currentIndex().row()
    for _ in range(abs(index - current)):
        qtbot.keyClick(view, Qt.Key.Key_Down if index > current else Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert not view.isVisible() and combo.currentIndex() == index


def click_tab(qtbot, tabs: QTabWidget, title: str) -> None:  # type: ignore[no-untyped-def]
    """Click the tab of `tabs` whose title starts with `title` (a count may follow it), as a user does."""
    bar = tabs.tabBar()
    index = next(k for k in range(bar.count()) if bar.isTabVisible(k) and bar.tabText(k).startswith(title))
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert tabs.currentIndex() == index


def opened(qtbot, window: MainWindow, corpus: Path, timeout: int = 20_000) -> MainWindow:  # type: ignore[no-untyped-def]
    """`window` with the corpus folder's `gold.tbf` and `system.tbf` scored and every background job done."""
    with qtbot.waitSignal(window.session.scoring_finished, timeout=timeout):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    qtbot.waitUntil(lambda: window.runner.idle, timeout=timeout)
    return window


def shown_pair(qtbot, tmp_path: Path, size: tuple[int, int], gold: Path | str,  # type: ignore[no-untyped-def]
               system: Path | str) -> MainWindow:
    """A window shown at `size` with the pair `gold`, `system` opened and scored."""
    window = shown_window(qtbot, tmp_path, size)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(gold), [str(system)])
    return window


def count_reads(monkeypatch, module: object) -> list[str]:  # type: ignore[no-untyped-def]
    """`module.read_document_text` spied on (put back afterwards): the list of the document ids it read, in order."""
    reads: list[str] = []
    real = module.read_document_text  # type: ignore[attr-defined]

    def counted(inputs, doc_id, gold, system):  # type: ignore[no-untyped-def]
        reads.append(doc_id)
        return real(inputs, doc_id, gold, system)

    monkeypatch.setattr(module, "read_document_text", counted)
    return reads


def watch_import(monkeypatch, package: object, name: str) -> list[bool]:  # type: ignore[no-untyped-def]
    """`package.name` made not imported yet (as at launch; put back afterwards): the list says, for each import of
    it, whether the GUI thread made it."""
    import sys
    import threading

    module = f"{package.__name__}.{name}"  # type: ignore[attr-defined]
    seen: list[bool] = []

    class Spy:
        """Sees which thread imports the module (and leaves the import to the usual finders)."""

        def find_spec(self, wanted, path=None, target=None):  # type: ignore[no-untyped-def]
            if wanted == module:
                seen.append(threading.current_thread() is threading.main_thread())
            return None

    monkeypatch.setattr(package, name, getattr(package, name))  # put back afterwards, with the module itself
    monkeypatch.delitem(sys.modules, module)
    monkeypatch.setattr(sys, "meta_path", [Spy(), *sys.meta_path])
    return seen


def compared_example_runs(qtbot, window: MainWindow, timeout: int = 20_000) -> None:  # type: ignore[no-untyped-def]
    """The shipped TextEE gold and its two runs opened, then compared (Ctrl+Shift+R)."""
    from tests.shipped import EXAMPLES

    with qtbot.waitSignal(window.session.scoring_finished, timeout=timeout):
        window.open_files(str(EXAMPLES / "compare_gold.jsonl"),
                          [str(EXAMPLES / "compare_run_a.jsonl"), str(EXAMPLES / "compare_run_b.jsonl")])
    with qtbot.waitSignal(window.compare.comparison_ready, timeout=timeout):
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)


FRESH_WINDOW = """
import os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from evmeval_gui.main_window import MainWindow
window = MainWindow(settings=QSettings(sys.argv[1], QSettings.Format.IniFormat), persist=False)
window.show()
pair = sys.argv[2] == "pair"
if pair:
    window.open_demo()
def check():
{check}
timer = QTimer(); timer.timeout.connect(check); timer.start(50)
QTimer.singleShot(60_000, app.quit)
app.exec()
"""


def run_fresh_window(tmp_path: Path, shown: str, check: str) -> str:
    """What a fresh interpreter's window prints: empty (`shown` "empty") or on the demo pair ("pair"), with settings
    of its own; `check` (indented statements; names `window`, `app`, `pair`) runs every 50 ms until it quits the
    app. What a module imports can only be seen in a process that has not imported it yet."""
    import subprocess
    import sys

    script = FRESH_WINDOW.format(check=check)
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "settings.ini"), shown],
                          cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout
