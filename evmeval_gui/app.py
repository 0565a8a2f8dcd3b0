"""`evmeval-gui`: command line, QApplication, and the two windowless modes (screenshot, export).

    evmeval-gui                                   the window, empty
    evmeval-gui --demo                            the bundled demo corpus (two systems)
    evmeval-gui -g GOLD -s SYS [-s SYS2] [-t TOKENS] [--text DIR] [-wl TYPES] [--doc ID]
    evmeval-gui -g GOLD -s SYS --window-size 300  a convention's options (as evmeval-score's)
    evmeval-gui --agreement A B [C …] [-t TOKENS] [--text DIR]   agreement among annotators (tbf or brat)
    evmeval-gui --demo --agreement                the demo's gold and two systems as three annotators
    evmeval-gui ... --screenshot out.png          render offscreen after loading, save, exit
    evmeval-gui ... --export-report DIR           write the report files, no window

Bad input in the windowless modes: the message (file:line: problem) on stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import sys
import tempfile
from collections.abc import Sequence
from typing import TYPE_CHECKING

from evmeval._util import interrupt
from evmeval._util.blas_threads import one_blas_thread
from evmeval.cli.console import finish, run_in_transaction
from evmeval.cli.help import command_parser
from evmeval.io.errors import FormatError, Problem
from evmeval.io.writing import check_output_paths, write_atomic
from evmeval.rules import ATTRIBUTE_NAMES

from evmeval_gui.align.options import add_mapping_options, apply_mapping_options, wait_for_figures
from evmeval_gui.convention_args import add_convention_arguments, convention_options
from evmeval_gui.qt_environment import paint_on_the_gui_thread, quiet_offscreen_notices

if TYPE_CHECKING:
    from evmeval_gui.export import ChartDrawer

DEFAULT_SIZE = (1366, 768)
ATTRIBUTE_CHOICES = {name: combination.value for name, combination in ATTRIBUTE_NAMES.items()}
"""`--attributes` values: short names and the score report's names (`evmeval.rules.ATTRIBUTE_NAMES`)."""


def build_parser() -> argparse.ArgumentParser:
    p = command_parser(
        "evmeval-gui",
        "EvmEval Studio: compare system event mentions with a gold standard, document by document, "
        "with the numbers of the published EvmEval v1.8 scorer.",
        ["evmeval-gui --demo",
         "evmeval-gui -g gold.tbf -s run1.tbf -s run2.tbf -t tkn/ --charts",
         "evmeval-gui --agreement anna.tbf ben.tbf carl.tbf -t tkn/",
         "evmeval-gui -g gold.tbf -s run.tbf -t tkn/ --export-report report/    # no window",
         "evmeval-gui --demo --charts --size 1366x768 --screenshot demo.png     # no window"])
    source = p.add_argument_group("what to open")
    source.add_argument("-g", "--gold", help="gold standard tbf file")
    source.add_argument("-s", "--system", action="append", default=[], metavar="SYSTEM",
                        help="system tbf file; give -s several times to switch between systems")
    source.add_argument("-t", "--tokens", metavar="TOKENS",
                        help="folder of <doc>.tab token tables (default: tkn/ beside the gold file, "
                             "when its spans are token ids)")
    source.add_argument("--texts", "--text", dest="text", metavar="DIR",
                        help="folder of document texts (default: txt/ beside the gold file)")
    source.add_argument("-ae", "--ann-extension", dest="ann_extension", default=".ann", metavar="EXT",
                        help="with --agreement: what brat file names end with (default .ann; .tkn.ann reads "
                             "X.tkn.ann as document X, with the token table X.tab)")
    source.add_argument("-wl", "--type-white-list", dest="white_list", metavar="FILE",
                        help="type white list, one event type per line: other types are dropped on both sides "
                             "(as evmeval-score -wl)")
    add_convention_arguments(source)
    source.add_argument("-nv", "--no_script_validation", action="store_true",
                        help="event sequencing: score pairs of mentions linked both ways within one link type, "
                             "which the published scorer refuses (as evmeval-score -nv); without it such links "
                             "leave sequencing unscored, with a note naming them (file:line)")
    source.add_argument("--demo", action="store_true", help="open the bundled demo corpus")
    source.add_argument("--agreement", nargs="*", metavar="SET",
                        help="compare two or more annotation sets (tbf files, brat .ann files or brat folders) in "
                             "the Agreement mode; -t maps brat offsets to tokens (default: tkn/ beside a set). "
                             "With --demo and no SET: the demo's gold.tbf, system_a.tbf and system_b.tbf")
    show = p.add_argument_group("what to show")
    show.add_argument("--doc", metavar="ID", help="show this document first")
    show.add_argument("--attributes", choices=sorted(ATTRIBUTE_CHOICES), metavar="WHICH",
                        help="attributes that must agree for a mapping: span (also: plain; the default), type, "
                             "realis or type+realis")
    show.add_argument("--charts", action="store_true", help="show the charts panel (also in screenshots)")
    show.add_argument("--compare", nargs="?", const="leaderboard",
                      choices=("leaderboard", "pair", "relations", "conventions"),
                      help="open the Compare mode (two or more -s files) at its leaderboard, pair, relations "
                           "(coreference and sequencing) or conventions (event files: a published scorer's figures) "
                           "page")
    show.add_argument("--curate", action="store_true",
                      help="with --agreement: open the Curate view on the annotation sets (resuming the decisions "
                           "saved for them)")
    add_mapping_options(show)
    modes = p.add_argument_group("without a window")
    modes.add_argument("--screenshot", metavar="PNG",
                       help="render the window offscreen after loading, save it as PNG and exit")
    modes.add_argument("--size", default=f"{DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]}", metavar="WxH",
                       help="window size for --screenshot (default %(default)s)")
    modes.add_argument("--export-report", metavar="DIR",
                       help="score, write the report files into DIR (one sub-folder per system when there are "
                            "several; DIR is made if missing, its parent must exist) and exit")
    return p


def _fail(message: str) -> int:
    print(f"evmeval-gui: error: {message}", file=sys.stderr)
    return 1


def _warn(text: str) -> None:
    print(f"evmeval-gui: warning: {text}", file=sys.stderr)


def _parse_size(text: str) -> tuple[int, int] | None:
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()) or int(width) < 200 or int(height) < 150:
        return None
    return int(width), int(height)


def _agreement_request(args: argparse.Namespace):
    """The AgreementRequest of `--agreement`. Raises FormatError / ValueError."""
    from evmeval_gui.agreement.state import demo_agreement_request, make_agreement_request

    if args.gold or args.system:
        raise ValueError("--agreement compares annotation sets; do not combine it with -g / -s")
    if args.demo:
        if args.agreement or args.tokens or args.text:
            raise ValueError("--demo --agreement compares the demo's three files; give no sets, -t or --text")
        return demo_agreement_request()
    if len(args.agreement) < 2:
        raise ValueError("--agreement needs two or more annotation sets (tbf files, .ann files or brat folders)")
    for path in args.agreement:
        if not os.path.exists(path):
            raise FormatError(path, 0, "not found", "a tbf file, a brat .ann file or a folder of them")
    for folder, what in ((args.tokens, "token folder"), (args.text, "text folder")):
        if folder and not os.path.isdir(folder):
            raise FormatError(folder, 0, f"{what} not found", "an existing folder")
    return make_agreement_request(args.agreement, token_dir=args.tokens, text_dir=args.text,
                                  ann_extension=args.ann_extension)


def _request(args: argparse.Namespace):
    """The OpenRequest (or, with `--agreement`, AgreementRequest) the arguments name, or None (nothing to
    open). Raises FormatError / ValueError."""
    from evmeval_gui.model.corpus import demo_request, make_request

    if args.curate and args.agreement is None:
        raise ValueError("--curate curates the annotation sets of --agreement A B [C ...] (or --demo --agreement)")
    if args.agreement is not None:
        return _agreement_request(args)
    if args.demo:
        if args.gold or args.system:
            raise ValueError("--demo opens the demo corpus; do not combine it with -g / -s")
        request = demo_request()
        if args.white_list:
            if not os.path.isfile(args.white_list):
                raise FormatError(args.white_list, 0, "type white list not found",
                                  "a file with one event type per line")
            request = dataclasses.replace(request, white_list=args.white_list)
        return request
    if args.gold is None and not args.system:
        if args.tokens or args.text:
            raise ValueError("-t / --text need a gold file (-g) and a system file (-s)")
        return None
    if args.gold is None or not args.system:
        raise ValueError("give both a gold file (-g) and at least one system file (-s)")
    for path in [args.gold, *args.system]:
        if not os.path.exists(path):
            raise FormatError(path, 0, "file not found", "an existing tbf or event file (or a BioNLP / CASIE folder)")
    if args.white_list and not os.path.isfile(args.white_list):
        raise FormatError(args.white_list, 0, "type white list not found", "a file with one event type per line")
    return make_request(args.gold, args.system, token_dir=args.tokens, text_dir=args.text, white_list=args.white_list,
                        grounding=args.grounding, options=convention_options(args))


def _application(offscreen: bool):
    """The running QApplication, or a new one (offscreen for the windowless modes)."""
    from PySide6.QtWidgets import QApplication

    from evmeval_gui.qt_import import read_sources_as_bytes

    read_sources_as_bytes()
    paint_on_the_gui_thread()
    one_blas_thread()  # before pyqtgraph's warm-up imports numpy
    app = QApplication.instance()
    if app is None:
        if offscreen and "QT_QPA_PLATFORM" not in os.environ:
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        if os.environ.get("QT_QPA_PLATFORM") == "offscreen":
            quiet_offscreen_notices()
        app = QApplication([sys.argv[0] if sys.argv else "evmeval-gui"])
        app.setOrganizationName("EvmEval")
        app.setApplicationName("EvmEval Studio")
        _wake_on_signals(app)
    return app  # pyqtgraph loads with the first chart (`qt_import.load_pyqtgraph`), after the first paint


def export_mode(args: argparse.Namespace) -> int:
    """`--export-report DIR`: load, score every system, export, exit; no window.

    A one-shot batch run building millions of small objects (mapping rows, JSON, HTML) and freeing
    them by reference counting: the cyclic collector would only walk the heap again and again (half
    the time of the MUC/GATE counting), as `evmeval-score` found too; it is off until the end."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _export_mode(args)
    finally:
        if collecting:
            gc.enable()


def _export_mode(args: argparse.Namespace) -> int:
    # numpy's BLAS would start a thread pool on import; the export needs no BLAS, and staying
    # single-threaded lets it write half the files in a forked child (`evmeval_gui.export`).
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
        os.environ.setdefault(variable, "1")
    try:
        from evmeval_gui.export import ChartDrawer
    except ImportError as exc:
        return _fail(f"report export is not available in this installation ({exc})")
    if args.agreement is not None:
        return _fail("--export-report writes a score report; for agreement figures use evmeval-iaa")
    # The charts are drawn by a process forked now, before the corpus is loaded: Qt is loaded and the
    # QApplication made only there, never on top of the corpus.
    drawer = ChartDrawer(lambda: _application(offscreen=True))
    try:
        return _export_systems(args, drawer)
    finally:
        drawer.close()


def _export_systems(args: argparse.Namespace, drawer: ChartDrawer) -> int:
    from evmeval_gui.export import check_export_folders, export_report
    from evmeval_gui.model.corpus import load_corpus, score_system

    try:
        request = _request(args)
        if request is None:
            return _fail("--export-report needs something to score: -g GOLD -s SYSTEM, or --demo")
        corpus = load_corpus(request, check_inputs=False)  # its warnings go into no exported file
        several = len(corpus.inputs) > 1
        out_dirs = [os.path.join(args.export_report, os.path.splitext(inputs.system.run_name)[0]) if several
                    else args.export_report for inputs in corpus.inputs]
        parents = [args.export_report] if several else []
        check_export_folders(out_dirs, corpus.inputs, parents)  # every system's files, before any scoring
        for index, (inputs, out_dir) in enumerate(zip(corpus.inputs, out_dirs, strict=True)):
            result = score_system(corpus, index, mapping=args.mapping)
            export_report(out_dir, inputs, result, coref_combination=_coref_combination(args), fork=True,
                          drawer=drawer, parents=parents,
                          validate=not args.no_script_validation, warn=_warn)
            print(f"evmeval-gui: report for {inputs.system.run_name} written to {out_dir}", file=sys.stderr)
    except (FormatError, ValueError) as exc:
        return _fail(str(exc))
    return 0


def _coref_combination(args: argparse.Namespace) -> str:
    """The mentions' alignment for coreference in `--export-report`: `--attributes`, else v1.8's `-m 1` (type)."""
    from evmeval.coref.scoring import DEFAULT_COMBINATION

    return ATTRIBUTE_CHOICES[args.attributes] if args.attributes else DEFAULT_COMBINATION


def screenshot_mode(args: argparse.Namespace) -> int:
    """`--screenshot PNG`: the window as it looks after loading (and `--doc`), rendered offscreen."""
    from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer

    from evmeval_gui.agreement.state import AgreementRequest
    from evmeval_gui.main_window import MainWindow

    size = _parse_size(args.size)
    if size is None:
        return _fail(f"--size {args.size!r}: expected WIDTHxHEIGHT such as 1366x768")
    try:
        request = _request(args)
        _refuse_output_over_inputs(args.screenshot, request)
    except (FormatError, ValueError) as exc:
        return _fail(str(exc))
    app = _application(offscreen=True)
    problems: list[Problem] = []
    try:
        scratch_folder = tempfile.TemporaryDirectory(prefix="evmeval-gui-")
    except OSError as exc:  # a full disk: no room even for the window's scratch settings
        return _fail(f"cannot make a temporary folder for the window's settings ({exc.strerror})")
    with scratch_folder as scratch:
        interrupt.begin_temporary(scratch)  # Ctrl+C removes it too (kept registered: then gone, an rmtree of nothing)
        settings = QSettings(os.path.join(scratch, "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings=settings, persist=False, notifier=problems.append, warm_charts=False)
        window.sequencing.model.validate = not args.no_script_validation
        try:
            if args.attributes:
                window.session.set_combination(ATTRIBUTE_CHOICES[args.attributes])
            apply_mapping_options(window, args)
            window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)  # a picture at --size, on no screen
            window.resize(*size)
            if args.charts:
                window.charts_dock.show()
            window.show()
            agreement = isinstance(request, AgreementRequest)
            if request is not None:
                loop = QEventLoop()
                finished = window.agreement.agreement_finished if agreement else window.session.scoring_finished
                finished.connect(loop.quit)
                window.session.load_failed.connect(lambda _problem: loop.quit())
                guard = QTimer()
                guard.setSingleShot(True)
                guard.timeout.connect(loop.quit)
                guard.start(600_000)
                if agreement:
                    window.open_agreement(request)
                else:
                    window.open_request(request)
                loop.exec()
                if problems:
                    return _fail(str(problems[0]))
                if not window.session.loaded:
                    return _fail("loading did not finish")
                failure = _open_doc(window, args, request, agreement) or _after_loading(window, args, agreement)
                if failure:
                    return _fail(failure)
            _wait_for_background_work(window.runner, window.session)
            for _ in range(3):
                app.processEvents()
            return _save_screenshot(window, args.screenshot)
        finally:
            window.close()
            window.deleteLater()
            app.processEvents()
    return 0


def _wait_for_background_work(runner, session, limit_s: float = 120.0) -> None:
    """Let the work started after loading (coreference, sequencing, charts: quiet jobs run one after
    another) finish before the screenshot is taken, so it shows every figure the window will show."""
    import time

    from PySide6.QtCore import QCoreApplication

    deadline = time.monotonic() + limit_s
    while not runner.idle and time.monotonic() < deadline:
        QCoreApplication.processEvents()
        time.sleep(0.01)
    QCoreApplication.processEvents()


def _refuse_output_over_inputs(output: str, request) -> None:
    """Raise FormatError when `output` would land on a file the request reads (tbf, brat, token
    tables, texts), before anything is loaded."""
    from evmeval.io.brat import TEXT_EXTENSION, text_path_for
    from evmeval.io.loading import input_folders
    from evmeval.io.tokens import DEFAULT_EXTENSION

    from evmeval_gui.agreement.state import AgreementRequest

    if request is None:
        return
    if isinstance(request, AgreementRequest):
        files = [*request.paths, *(text_path_for(p) for p in request.paths)]
        folders = [*input_folders(request.token_dir, DEFAULT_EXTENSION, request.text_dir),
                   *((p, ("", TEXT_EXTENSION)) for p in request.paths if os.path.isdir(p))]
    else:
        files = [request.gold, *request.systems, *([request.white_list] if request.white_list else [])]
        folders = input_folders(request.token_dir, DEFAULT_EXTENSION, request.text_dir)
    check_output_paths([output], files, input_folders=folders)


def _open_doc(window, args: argparse.Namespace, request, agreement: bool) -> str:
    """Show `--doc` (if given) in the loaded window; the reason it cannot be, else ""."""
    if args.doc is None:
        return ""
    if window.session.doc_result(args.doc) is None:
        return (f"document {args.doc!r} (--doc) is in none of the annotation sets" if agreement
                else f"document {args.doc!r} (--doc) is not in the gold file {request.gold}")
    if agreement:
        window.agreement.open_document(args.doc)
    else:
        window.session.select_document(args.doc)
    return ""


def _save_screenshot(window, path: str) -> int:
    """Write the window's picture to `path`: 0, or 1 with the one line when it cannot be written."""
    try:
        write_atomic(path, _png_bytes(window.grab()))
    except FormatError as exc:
        return _fail(str(exc))
    print(f"evmeval-gui: screenshot written to {path}", file=sys.stderr)
    return 0


def _png_bytes(pixmap) -> bytes:
    """A pixmap encoded as PNG in memory, so the file is written like every other output."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not pixmap.save(buffer, "PNG"):
        raise FormatError("<screenshot>", 0, "the window could not be encoded as PNG", "a rendered window")
    buffer.close()
    return bytes(data.data())


_SIGNAL_WAKEUP: list[object] = []
"""The wake-up sockets and their notifier, kept alive as long as the QApplication."""


def _wake_on_signals(app) -> None:
    """Let the SIGINT handler (`evmeval._util.interrupt`, installed by `evmeval_gui.entry`) run while a Qt
    event loop waits: Python runs handlers only between bytecodes, which the loop never executes; the
    wake-up socket turns the signal into an event the loop sees (no polling timer)."""
    import signal
    import socket

    from PySide6.QtCore import QSocketNotifier

    if not interrupt.installed() or _SIGNAL_WAKEUP:
        return
    reader, writer = socket.socketpair()
    for end in (reader, writer):
        end.setblocking(False)
    try:
        signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except ValueError:  # not the main thread: leave signals alone
        reader.close()
        writer.close()
        return
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, app)
    notifier.activated.connect(lambda *_: reader.recv(64))  # running Python here runs the handler
    _SIGNAL_WAKEUP.extend((reader, writer, notifier))


def close_on_interrupt(window) -> None:
    """Ctrl+C in the terminal closes the window as the user closing it would (unsaved edits asked
    about, settings saved), and the program then exits 130; a second Ctrl+C leaves at once.

    The handler runs at any bytecode of the GUI thread, so it only posts the close to the event loop."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    def close() -> None:
        if window.close():
            QApplication.quit()
        else:  # the user kept the window (unsaved edits): the next Ctrl+C asks again
            interrupt.forgive()

    interrupt.set_action(lambda: QTimer.singleShot(0, window, close))  # nothing to close once it is gone


def _after_loading(window, args: argparse.Namespace, agreement: bool) -> str:
    """Screenshots of a scored corpus: wait for the figures, open `--compare`; a message when that fails."""
    if agreement:
        if args.curate:
            window.dialogs.start_curation()
        return ""
    wait_for_figures(window, args)
    if args.compare and not _wait_for_compare(window, args.compare):
        return "--compare needs two or more system files (-s A -s B)"
    if args.compare == "conventions" and not window.compare.conventions:
        return ("--compare conventions needs event files a convention compares (TextEE, DyGIE++, MAVEN, … JSONL; "
                "two or more -s runs); a tbf corpus is compared on the leaderboard, pair and relations pages")
    return ""


def _wait_for_compare(window, page: str) -> bool:
    """Open the Compare mode at `page` and wait until it is drawn (screenshots); False when unavailable."""
    from PySide6.QtCore import QEventLoop, QTimer

    if not window.compare.available():
        return False
    loop = QEventLoop()
    window.compare.comparison_ready.connect(loop.quit)
    failed = window.session.load_failed.connect(lambda _problem: loop.quit())
    window.compare.open(page=page)
    loop.exec()
    window.session.load_failed.disconnect(failed)
    if page == "pair":  # the case list arrives from its own background job
        ready = QEventLoop()
        listener = window.compare.state.cases_ready.connect(lambda _key: ready.quit())
        QTimer.singleShot(20_000, ready.quit)
        if window.compare.pair_panel is not None and window.compare.pair_panel.cases.cases is None:
            ready.exec()
        window.compare.state.cases_ready.disconnect(listener)
    if page == "conventions" and window.compare.conventions:  # computed once its page is shown
        drawn = QEventLoop()
        shown = window.compare.convention_ready.connect(lambda _name: drawn.quit())
        failed = window.session.load_failed.connect(lambda _problem: drawn.quit())
        panel = window.compare.conventions_panel
        if panel is not None and panel.shown is None and window.session.runner.running():
            drawn.exec()
        window.compare.convention_ready.disconnect(shown)
        window.session.load_failed.disconnect(failed)
    return window.compare.active


def window_mode(args: argparse.Namespace) -> int:
    """The interactive window."""
    from evmeval_gui.platform_check import window_problem

    cannot_open = window_problem() if not _has_application() else None
    if cannot_open:  # before QApplication, which would abort the process (exit 134, a core dump)
        _fail(cannot_open)
        return 2
    from evmeval_gui.main_window import MainWindow

    problem: Problem | None  # what the command line got wrong, shown once the window is up
    try:
        request = _request(args)
    except (FormatError, ValueError) as exc:
        request = None
        problem = exc.problem if isinstance(exc, FormatError) else Problem("", 0, str(exc))
    else:
        problem = None
    app = _application(offscreen=False)
    window = MainWindow()
    window.sequencing.model.validate = not args.no_script_validation
    if args.attributes:
        window.session.set_combination(ATTRIBUTE_CHOICES[args.attributes])
    apply_mapping_options(window, args)
    if args.charts:
        window.charts_dock.show()
    window.show()
    close_on_interrupt(window)
    if request is not None and args.agreement is not None:
        if args.curate:
            def to_curation() -> None:
                window.agreement.agreement_finished.disconnect(to_curation)
                window.dialogs.start_curation()

            # heard before the study starts: both wait for the mode's module, imported by a job
            window.agreement_mode.when_ready(lambda mode: mode.agreement_finished.connect(to_curation))
        window.open_agreement(request, doc_id=args.doc)
    elif request is not None:
        window.open_request(request, doc_id=args.doc)
        if args.compare:
            page = args.compare

            def to_compare() -> None:
                window.session.scoring_finished.disconnect(to_compare)
                window.compare_mode.when_ready(lambda mode: mode.open(page=page))

            window.session.scoring_finished.connect(to_compare)
    elif problem is not None:
        window.notifier(problem)
    else:
        window.session_store.restore()  # the last session, unless File › Restore last session is off
    code = app.exec()
    if interrupt.interrupted():
        interrupt.say_interrupted()
        return interrupt.exit_code()
    return code


def _has_application() -> bool:
    """Whether a QApplication exists already (tests), without importing Qt for the question."""
    widgets = sys.modules.get("PySide6.QtWidgets")
    return widgets is not None and widgets.QApplication.instance() is not None


def entry() -> None:
    """Console entry point of `evmeval-gui`: `main`, then leave without tearing down the heap (a second
    for an export on a 2000-document corpus; the OS frees it at once), as `evmeval-score`."""
    finish(lambda: _run(build_parser().parse_args(), transaction=True), fast_exit=True, transaction=False)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `python -m evmeval_gui` and of tests: the program, in this process."""
    return _run(build_parser().parse_args(argv))


def _run(args: argparse.Namespace, *, transaction: bool = False) -> int:
    """The mode `args` ask for; `transaction` (the program): the windowless modes' files are written
    all together at their end or not at all (`evmeval.cli.console.run_in_transaction`); the window's
    own saves, made while it runs, are never held back."""
    if args.export_report or args.screenshot:
        mode = export_mode if args.export_report else screenshot_mode
        return run_in_transaction(lambda: mode(args)) if transaction else mode(args)
    return window_mode(args)


if __name__ == "__main__":
    raise SystemExit(main())
