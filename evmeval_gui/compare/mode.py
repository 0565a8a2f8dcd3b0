"""The Compare mode: the systems of the open corpus side by side, and any two of them in detail.

A `WindowMode` beside scoring and agreement, available when the corpus has two or more system files.
Opening it scores the systems not scored yet and compares them all with `evmeval.compare.runs.compare_results`
in the background (the window's one `JobRunner`: progress bar, Cancel); the document views are
replaced by three pages under a tab bar: the Leaderboard, the Pair page and the Relations page (coreference
and sequencing figures with intervals and paired tests, when the gold file has such links). A pair's case list and a
pair compared in the other order are computed on demand, in the background too. File › Export
comparison writes the core's HTML / JSON / CSV reports. The mode's one selection (`CompareState`)
follows into the session (its document), so leaving the mode shows the same document.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from evmeval.compare.significance import DEFAULT_SETTINGS, ResampleSettings
from evmeval.mention.cases import Case
from evmeval.mention.changes import reconcile
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QTabBar, QWidget

from evmeval_gui.compare.available import can_compare
from evmeval_gui.compare.state import (
    CompareSelection,
    CompareState,
    compare_corpus,
    compare_under,
    corpus_conventions,
    corpus_event_changes,
    reversed_pair,
    seed_pair,
    seed_view,
)
from evmeval_gui.model import collector
from evmeval_gui.model.formatting import plural
from evmeval_gui.model.jobs import MAIN, JobContext
from evmeval_gui.modes import WindowPort
from evmeval_gui.turns import Steps

if TYPE_CHECKING:  # the comparison's library modules load when a comparison is first made
    from evmeval.compare.convention_runs import ConventionComparison
    from evmeval.compare.runs import Comparison
    from evmeval.compare.seeds import SeedComparison

    from evmeval_gui.compare.changes_tab import ChangeKey
    from evmeval_gui.compare.conventions_view import ConventionsPanel
    from evmeval_gui.compare.leaderboard import LeaderboardPanel
    from evmeval_gui.compare.pair_view import PairPanel
    from evmeval_gui.compare.relations_view import RelationsPanel

LEADERBOARD, PAIR, RELATIONS, CONVENTIONS = "leaderboard", "pair", "relations", "conventions"
PAGES = (LEADERBOARD, PAIR, RELATIONS, CONVENTIONS)
"""The pages in the tab bar's order."""
CASES_JOB, PAIR_JOB, CHANGES_JOB = "compare_cases", "compare_pair", "compare_changes"


def warm_imports() -> None:
    """Import what the pages need on the worker thread that compares, not on the GUI thread when they are built:
    the library's modules (the conventions, the report's texts: 170+ ms), pyqtgraph (0.1-0.3 s) and the pages'
    own modules (they only define classes: see `qt_import`)."""
    import evmeval.compare.convention_runs
    import evmeval.conventions
    import evmeval.report.compare_text
    import evmeval.report.compare_units  # noqa: F401

    from evmeval_gui.qt_import import load_pyqtgraph

    load_pyqtgraph()
    import evmeval_gui.compare.conventions_view
    import evmeval_gui.compare.leaderboard
    import evmeval_gui.compare.pair_view
    import evmeval_gui.compare.relations_view  # noqa: F401


class CompareMode(QObject):
    """The mode's commands and pages (a `WindowMode`); see the module docstring."""

    name = "compare"

    comparison_ready = Signal()
    """A comparison was computed and is shown."""
    exported = Signal(str)
    """The comparison was written to this path."""
    convention_ready = Signal(str)
    """The Conventions page shows the comparison under this convention."""

    def __init__(self, port: WindowPort, parent: QObject | None = None, *,
                 settings: ResampleSettings = DEFAULT_SETTINGS) -> None:
        super().__init__(parent)
        self.port = port
        self.session = port.session
        self.settings = settings
        self.state = CompareState()
        self.active = False
        self.page = LEADERBOARD
        self.leaderboard: LeaderboardPanel | None = None
        self.pair_panel: PairPanel | None = None
        self.relations_panel: RelationsPanel | None = None
        self.conventions_panel: ConventionsPanel | None = None
        self.conventions: tuple[str, ...] = ()
        self.options: tuple[tuple[str, str], ...] = ()
        """The conventions' options the Conventions page compares with (the corpus's, then the Options… dialog's)."""
        self.options_dialog: QWidget | None = None
        """What the Conventions page offers for the open corpus (none: the tab is hidden)."""
        self._under: dict[str, ConventionComparison] = {}
        self.topics: tuple[str, str] | None = None
        """(gold file, topics file) of the cross-document coreference shown on the Relations page."""
        self._cases: dict[tuple[int, int, str], tuple[Case, ...]] = {}
        self._changes: dict[ChangeKey, object] = {}
        self._finding = self._finding_main = 0
        """The Changes tab's requests: the last one's number, and that of the one running as the main job (0: none)."""
        self.opening = Steps(self)
        """The opening's steps, one per turn of the event loop (`_install`)."""
        self.tabs = QTabBar()
        self.tabs.setObjectName("compareTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setExpanding(False)
        self.tabs.addTab("Leaderboard")
        self.tabs.addTab("Pair")
        self.tabs.addTab("Relations")
        self.tabs.addTab("Conventions")
        self.tabs.setTabToolTip(0, "Every system: micro F1 with intervals, the grouped chart, the bottlenecks")
        self.tabs.setTabToolTip(1, "Two systems: significance, documents, cases, the text in three lanes")
        self.tabs.setTabToolTip(2, "Coreference and sequencing: every run's figures with intervals, every pair's "
                                   "paired tests with adjusted p")
        self.tabs.setTabToolTip(3, "Event files: every run's figures under a published scorer's convention with "
                                   "intervals, every pair's paired tests")
        self.tabs.hide()
        self.tabs.currentChanged.connect(lambda index: self.show_page(PAGES[index]))
        port.add_mode_bar(self.tabs)
        self.state.pair_changed.connect(self._on_pair_changed)
        self.state.selection_changed.connect(self._on_selection)
        # built when first wanted (`window.warm_up.LazyMode`): it hears before the window's parts, as built at launch
        self.session.corpus_loaded.connect(self._on_corpus_loaded, first=True)
        self.session.scoring_finished.connect(self._on_scoring_finished, first=True)

    # -- availability and starting ------------------------------------------------------------------

    def available(self) -> bool:
        """Two or more system files are open (and no agreement study is shown)."""
        return can_compare(self.session)

    def toggle(self) -> None:
        """The mode switch: open the Compare mode, or go back to scoring."""
        if self.active:
            self.leave()
        else:
            self.open()

    def open(self, *, page: str = LEADERBOARD, pair: tuple[int, int] | None = None, topics: str | None = None) -> bool:
        """Score what is not scored yet and compare every system, in the background; False when there are
        fewer than two systems. `topics`: a topics file for cross-document coreference (default: the one chosen
        on the Relations page for this gold file, if any)."""
        if not self.available():
            self.port.show_message("Compare needs two or more system files: open a gold file with several "
                                   "systems (-s A -s B …)", 6000)
            self.port.commands_changed()
            return False
        corpus = self.session.corpus
        assert corpus is not None
        scored = self.session.corpus_state.scored_results()
        settings, mapping = self.settings, self.session.mapping
        wanted = pair if pair is not None else self.state.pair
        if topics is None and self.topics is not None and self.topics[0] == corpus.request.gold:
            topics = self.topics[1]

        def work(context: JobContext) -> tuple[Comparison, SeedComparison | None]:
            with collector.paused():  # a collection in it held the interpreter for 1 s at 2,000 documents
                comparison = compare_corpus(corpus, scored, context, settings=settings, mapping=mapping,
                                            topics=topics)
                context.check()
                _ = comparison.carries_realis  # which combinations the pages list, found here
                warm_imports()
                return comparison, seed_view(comparison)

        def done(computed: object) -> None:
            assert isinstance(computed, tuple)
            comparison, seeds = computed
            if self.session.corpus is corpus:
                self.topics = (corpus.request.gold, topics) if topics is not None else None
                self._install(comparison, page, wanted, seeds)

        self.session.run_job(f"Comparing {len(corpus.inputs)} systems", work, done, path=corpus.request.gold)
        return True

    def _install(self, comparison: Comparison, page: str, pair: tuple[int, int],
                 seeds: SeedComparison | None = None) -> None:
        """Show `comparison`: the state set now, then in later turns of the event loop (`turns.Steps`, each step
        under 50 ms of GUI CPU at 2,000 documents) `page` built (or marked as being prepared) and shown, filled,
        and the other pages built and filled; `comparison_ready` once every page shows it."""
        self._cases.clear()
        self._changes.clear()
        self._under.clear()
        self.active = True
        corpus = self.session.corpus
        self.conventions = corpus_conventions(corpus) if corpus is not None else ()
        self.options = corpus.request.options if corpus is not None else ()
        self.tabs.setTabVisible(PAGES.index(CONVENTIONS), bool(self.conventions))
        if page == CONVENTIONS and not self.conventions:
            page = LEADERBOARD
        doc_id = self.session.selection.doc_id
        if self.pair_panel is not None:
            self.pair_panel.hold()  # its refresh (the documents, the lanes) comes in its own turns
        self.state.set_comparison(comparison, pair=pair, seeds=seeds)
        if doc_id is not None:
            self.state.select_document(doc_id)
        steps = {LEADERBOARD: [self._prepare_leaderboard, lambda: self._board().set_tables(comparison, seeds),
                               lambda: self._board().set_charts(comparison)],
                 PAIR: [self._build_pair, lambda: self._pair().release_documents(),
                        lambda: self._pair().release_lanes(), lambda: self.port.prepare_page(self._pair())],
                 RELATIONS: [lambda: self._fill_relations(comparison)], CONVENTIONS: [self._fill_conventions]}
        first, *then = steps.pop(page)  # built in a turn, shown in the next
        later = [step for name in PAGES if name in steps for step in steps[name]]
        self.opening.start([first, lambda: self._show_first(page), *then, *later, lambda: self._opened(comparison)])

    def _show_first(self, page: str) -> None:
        self.tabs.show()
        self.show_page(page)
        self.port.commands_changed()

    def _opened(self, comparison: Comparison) -> None:
        self.port.show_message(f"Compared {len(comparison.systems)} systems: {comparison.settings.resamples:,} "
                               "resamples of documents", 8000)
        self.comparison_ready.emit()

    def _board(self) -> LeaderboardPanel:
        if self.leaderboard is None:
            from evmeval_gui.compare.leaderboard import LeaderboardPanel

            self.leaderboard = LeaderboardPanel()
            self.port.add_page(self.leaderboard)
        return self.leaderboard

    def _prepare_leaderboard(self) -> None:
        self._board().caption.setText("<i>Preparing the leaderboard…</i>")

    def _build_pair(self) -> None:
        if self.pair_panel is None:
            from evmeval_gui.compare.pair_view import PairPanel

            self.pair_panel = PairPanel(self.session, self.state, self.cases_for, self.changes_for)
            self.pair_panel.hold()  # built after the comparison was set: filled in the next turns
            self.port.add_page(self.pair_panel)

    def _pair(self) -> PairPanel:
        self._build_pair()
        assert self.pair_panel is not None
        return self.pair_panel

    def _fill_relations(self, comparison: Comparison) -> None:
        from evmeval_gui.compare.relations_view import RelationsPanel, topics_note

        if self.relations_panel is None:
            self.relations_panel = RelationsPanel()
            self.relations_panel.topics_requested.connect(self.choose_topics)
            self.port.add_page(self.relations_panel)
        corpus, topics = self.session.corpus, self.topics[1] if self.topics is not None else None
        self.relations_panel.set_comparison(comparison, self.state.pair)
        self.relations_panel.set_topics(corpus is not None and not corpus.events, topics_note(topics, comparison))

    def _fill_conventions(self) -> None:
        if self.conventions_panel is None:
            from evmeval_gui.compare.conventions_view import ConventionsPanel

            self.conventions_panel = ConventionsPanel()
            self.conventions_panel.chosen.connect(self.compare_under)
            self.conventions_panel.options_asked.connect(self.show_options)
            self.port.add_page(self.conventions_panel)
        self.conventions_panel.set_conventions(self.conventions)

    # -- pages --------------------------------------------------------------------------------------

    def show_page(self, page: str) -> None:
        if not self.active:
            return
        self.page = page
        self.tabs.blockSignals(True)
        self.tabs.setCurrentIndex(PAGES.index(page))
        self.tabs.blockSignals(False)
        self.show_current_page()

    def show_current_page(self) -> None:
        pages: dict[str, QWidget | None] = {LEADERBOARD: self.leaderboard, PAIR: self.pair_panel,
                                            RELATIONS: self.relations_panel, CONVENTIONS: self.conventions_panel}
        page = pages[self.page]
        if page is None and self.opening.running:  # asked for before its turn: the opening's steps now
            self.opening.finish()
            self.show_current_page()
            return
        self.port.show_page(page)
        panel = self.conventions_panel
        if self.page == CONVENTIONS and panel is not None and panel.shown is None and panel.convention is not None:
            self.compare_under(panel.convention)

    def choose_topics(self, path: str | None = None) -> bool:
        """The Relations page's Topics file…: compare again with cross-document coreference, each topic's
        documents scored as one document (asks for the file when `path` is None). False: nothing started."""
        corpus = self.session.corpus
        if corpus is None or corpus.events:
            return False
        if path is None:
            start = os.path.dirname(os.path.abspath(corpus.request.gold))
            path, _ = QFileDialog.getOpenFileName(self.relations_panel, "Choose a topics file", start,
                                                  "Topics files (*.txt *.tsv *.topics);;All files (*)")
            if not path:
                return False
        return self.open(page=RELATIONS, pair=self.state.pair, topics=path)

    def compare_under(self, convention: str) -> None:
        """Show the runs compared under `convention` on the Conventions page: computed in the background (the
        status bar's progress and Cancel) the first time, then kept until the corpus changes."""
        panel, corpus = self.conventions_panel, self.session.corpus
        if panel is None or corpus is None or convention not in self.conventions:
            return
        if convention in self._under:
            panel.set_comparison(self._under[convention], self._options_text(convention))
            self.convention_ready.emit(convention)
            return
        settings, options = self.settings, self.options
        panel.show_computing(convention)

        def work(context: JobContext) -> object:
            with collector.paused():  # as the Changes tab's search: a collection in it froze the window for seconds
                return compare_under(corpus, convention, context, settings=settings, options=options)

        def done(computed: object) -> None:
            if self.session.corpus is not corpus or panel.convention != convention:
                return
            if isinstance(computed, Exception):
                panel.show_problem(str(computed))
                return
            self._under[convention] = computed  # type: ignore[assignment]
            panel.set_comparison(computed, self._options_text(convention))  # type: ignore[arg-type]
            self.port.show_message(f"Compared {len(corpus.inputs)} runs under {convention}: {settings.resamples:,} "
                                   "resamples", 8000)
            self.convention_ready.emit(convention)

        def cancelled() -> None:
            if not self.session.runner.running() and panel.convention == convention:
                panel.show_cancelled(convention)  # the user's Cancel (a newer job says its own)

        self.session.run_job(f"Comparing under {convention}", work, done, path=corpus.request.gold,
                             on_cancelled=cancelled)

    def show_options(self) -> None:
        """Options… of the Conventions page: the chosen convention's options; OK compares the runs again with them
        (every convention of the page uses them where it reads them)."""
        from evmeval_gui.convention_options import ConventionOptionsDialog

        panel, corpus = self.conventions_panel, self.session.corpus
        if panel is None or corpus is None or panel.convention is None:
            return
        convention = panel.convention

        def accepted(options: tuple[tuple[str, str], ...]) -> None:
            from evmeval.conventions.options import options_read

            shown = options_read([convention])  # the others' options stay as they were
            self.options = tuple((k, v) for k, v in self.options if k not in shown) + options
            self._under.clear()
            self.compare_under(convention)

        if self.options_dialog is not None:
            self.options_dialog.close()
        self.options_dialog = ConventionOptionsDialog(panel, [convention], self.options, corpus.request.grounding,
                                                      accepted)
        self.options_dialog.show()

    def _options_text(self, convention: str) -> str:
        """The options `convention` reads among those in force, in words (empty: none)."""
        from evmeval.conventions.options import OPTION_READERS

        from evmeval_gui.convention_options import options_summary

        read = [(k, v) for k, v in self.options if convention in OPTION_READERS.get(k, ())]
        return options_summary(read) if read else ""

    def open_pair(self, a: int, b: int) -> None:
        """Show runs a and b on the Pair page."""
        self.state.set_pair(a, b)
        self.show_page(PAIR)

    def leave(self) -> None:
        """Back to the scoring mode (the document views)."""
        if not self.active:
            return
        self.active = False
        self.opening.cancel()
        self.tabs.hide()
        for key in (CASES_JOB, PAIR_JOB, CHANGES_JOB):
            self.session.runner.cancel(key)
        if self._finding_main:  # the Changes tab's work on the main key: the tab is gone
            self.session.runner.cancel()
        self.port.show_page(None)
        self.port.commands_changed()

    # -- on-demand work -----------------------------------------------------------------------------

    def cases_for(self, a: int, b: int, combination: str) -> tuple[Case, ...] | None:
        """The case list of b against a, or None while it is computed (`state.cases_ready` follows)."""
        key = (a, b, combination)
        if key in self._cases:
            return self._cases[key]
        comparison = self.state.comparison
        if comparison is None:
            return None

        def work(context: JobContext) -> tuple[Case, ...]:
            context.check()
            return comparison.cases(a, b, combination)

        def done(cases: tuple[Case, ...]) -> None:
            if self.state.comparison is comparison:
                self._cases[key] = cases
                self.state.cases_ready.emit(key)

        self.session.runner.submit("Finding the cases", work, done, on_error=self._failed, key=CASES_JOB)
        return None

    def changes_for(self, key: ChangeKey) -> object | None:
        """What the Changes tab shows for `key` (`changes_tab.ChangeKey`): a pair's changed mentions, links,
        triggers or arguments and the Δ tally they add up to (added up here: 100 ms at 17,000 triggers), or the
        mention changes of two seed systems collapsed over their run pairs; None while it is computed
        (`state.changes_ready(key)` follows, or `state.changes_cancelled(key)`). Computed in the background with
        the status bar's progress and Cancel (at 2,000 documents each kind takes seconds), kept per pair and kind
        until the comparison changes."""
        if key in self._changes:
            return self._changes[key]
        comparison, seeds, corpus = self.state.comparison, self.state.seeds, self.session.corpus
        if comparison is None or corpus is None:
            return None
        a, b, what, name = key

        def work(context: JobContext) -> dict[ChangeKey, object]:
            with collector.paused():  # millions of small objects: a collection would hold the interpreter for seconds
                return find(context)

        def find(context: JobContext) -> dict[ChangeKey, object]:
            context.check()
            if what in ("triggers", "arguments"):  # every trigger and argument row at once: one read of the files
                from evmeval.conventions.argument_changes import reconcile_arguments
                from evmeval.conventions.trigger_changes import reconcile_triggers

                from evmeval_gui.compare.changes_tab import ARGUMENT_KINDS

                found: dict[ChangeKey, object] = {}
                for row, items in corpus_event_changes(corpus, a, b, context).items():
                    argument = row in ARGUMENT_KINDS
                    tally = reconcile_arguments(items) if argument else reconcile_triggers(items)  # type: ignore[arg-type]
                    found[(a, b, "arguments" if argument else "triggers", row)] = (items, tally)
                return found
            context.progress(0, 0)
            if what == "links":
                from evmeval.compare.link_changes import reconcile_links

                links = comparison.link_changes(a, b, name)
                return {key: (links, reconcile_links(links))}
            systems = seed_pair(seeds, a, b) if what == "repeated" else None
            if systems is not None:
                from evmeval.compare.repeated_changes import repeated_changes

                return {key: repeated_changes(comparison, *systems, name)}
            changes = comparison.changes(a, b, name)
            return {key: (changes, reconcile(changes))}

        self._finding += 1
        serial = self._finding

        def done(found: object) -> None:
            assert isinstance(found, dict)
            self._ended(serial)
            if self.state.comparison is comparison and self.session.corpus is corpus:  # never a stale result
                self._changes.update(found)
                for ready in found:
                    self.state.changes_ready.emit(ready)

        def cancelled() -> None:
            self._ended(serial)
            if serial == self._finding:  # not superseded by the tab's next request: the tab offers to run it again
                self.state.changes_cancelled.emit(key)

        # through the status bar's progress and Cancel, unless that follows other work (an export): then quietly
        job = CHANGES_JOB if self.session.runner.running() and not self._finding_main else MAIN
        if job == MAIN:
            self._finding_main = serial
        self.session.run_job("Finding what changed", work, done, path=corpus.request.gold, key=job,
                             on_cancelled=cancelled)
        return None

    def _ended(self, serial: int) -> None:
        if self._finding_main == serial:
            self._finding_main = 0

    def _on_pair_changed(self, pair: tuple[int, int]) -> None:
        comparison = self.state.comparison
        if comparison is not None and self.relations_panel is not None:
            self.relations_panel.set_comparison(comparison, pair)  # the pair's tests first
        if comparison is None or self.state.pair_comparison() is not None:
            return
        a, b = pair

        def work(context: JobContext):
            context.check()
            return reversed_pair(comparison, a, b)

        def done(result) -> None:
            if self.state.comparison is comparison:
                self.state.add_pair(result)

        self.session.runner.submit("Comparing the pair", work, done, on_error=self._failed, key=PAIR_JOB)

    def _failed(self, exc: BaseException) -> None:
        self.port.show_message(f"Compare: {type(exc).__name__}: {exc}", 8000)

    def _on_selection(self, selection: CompareSelection) -> None:
        if selection.doc_id is not None and self.session.doc_result(selection.doc_id) is not None:
            self.session.select_document(selection.doc_id)

    def _on_scoring_finished(self) -> None:
        """Another mapping strategy was chosen (the shown system rescored with it): compare again with it."""
        comparison, result = self.state.comparison, self.session.result
        if (self.active and comparison is not None and result is not None and self.session.roles is None
                and result.mapping != comparison.systems[0].result.mapping):
            self.open(page=self.page, pair=self.state.pair)

    def _on_corpus_loaded(self) -> None:
        if not self.active:
            return
        if self.available():
            self.open(page=self.page, pair=self.state.pair)  # F5 or a new corpus: compare again
        else:
            self.leave()

    # -- the WindowMode contract --------------------------------------------------------------------

    def title(self) -> str:
        names = self.state.names
        return f"Compare: {', '.join(names)}" if names else "Compare"

    def status_text(self, took: str) -> str:
        return f"Comparing {len(self.state.names)} systems{took}"

    def remembers_corpus(self) -> bool:
        return True

    def can_export_report(self) -> bool:
        return True

    def reload(self) -> bool:
        if self.session.request is None:
            return False
        self.session.corpus_state.reload()
        return True

    # -- export -------------------------------------------------------------------------------------

    def threshold(self) -> float | None:
        panel = self.pair_panel
        value = panel.documents.threshold.value() / 100.0 if panel is not None else 0.0
        return value if value > 0 else None

    def export(self, path: str | None = None) -> bool:
        """File › Export comparison…: HTML, JSON or a CSV folder (by the name's extension), written in the
        background; asks where when `path` is None. False: nothing started."""
        comparison, corpus = self.state.comparison, self.session.corpus
        if comparison is None or corpus is None or not self.active:
            return False
        from evmeval_gui.compare.export import FILE_FILTER, write_comparison, write_convention_comparison

        if path is None:
            start = os.path.join(os.path.dirname(os.path.abspath(corpus.request.gold)), "comparison.html")
            path = self.port.choose_save_path("Export comparison", start, FILE_FILTER)
            if not path:
                return False
        combination, threshold, target = self.session.combination, self.threshold(), path
        under = self.conventions_panel.shown if self.page == CONVENTIONS and self.conventions_panel else None

        def work(context: JobContext) -> list[str]:
            if under is not None:  # the Conventions page: its convention's comparison
                return write_convention_comparison(under, target, corpus, context)
            return write_comparison(comparison, target, corpus, context, combinations=(combination,),
                                    threshold=threshold)

        def done(written: object) -> None:
            count = len(written) if isinstance(written, list) else 0
            self.port.show_message(f"Comparison written to {target} ({plural(count, 'file')})", 8000)
            self.exported.emit(target)

        self.session.run_job("Exporting the comparison", work, done, path=target)
        return True

