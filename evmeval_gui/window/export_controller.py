"""File > Export report…: ask for a folder, draw the charts (GUI thread), write the files in the background."""

from __future__ import annotations

from collections.abc import Callable

from evmeval.coref.scoring import CorefResult, score_coreference
from evmeval.io.errors import FormatError, Problem
from evmeval.mention.confusion import confusions
from evmeval.mention.schemes import SchemeResult, scheme_scores
from evmeval.mention.scoring import ScoreResult
from evmeval.sequencing.scoring import SequencingResult, SequencingSkipped
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from evmeval_gui.dialogs import OutputFolderDialog
from evmeval_gui.model.jobs import JobContext
from evmeval_gui.model.session import Session


class ExportController:
    """Exports the session's current result; problems and messages go to the given callbacks."""

    def __init__(self, parent: QWidget, session: Session, *, report: Callable[[Problem], None],
                 message: Callable[[str, int], None]) -> None:
        self.parent = parent
        self.session = session
        self.report = report
        self.message = message
        self.sequencing: Callable[[], SequencingResult | SequencingSkipped | None] | None = None
        """What gives the sequencing scores to export (None or returning None: none; `SequencingSkipped`:
        the report says which links v1.8 refuses)."""
        self.coreference: Callable[[], CorefResult | None] | None = None
        """What gives the coreference scores the window already counted (None or returning None: counted here)."""
        self.schemes: Callable[[], SchemeResult | None] | None = None
        """What gives the MUC/GATE figures the window already counted (None or returning None: counted here)."""
        self.ready: Callable[[Callable[[], None]], None] = lambda then: then()
        """Calls its argument once the charts' library is imported (the window's `ChartsWarmUp.when_ready`)."""

    def ask_and_export(self) -> None:
        """Ask for a folder, then `export_to` it."""
        if self.session.result is None:
            return
        dialog = OutputFolderDialog(self.parent, "Export the report into a folder")
        dialog.chosen.connect(self.export_to)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def _counted_schemes(self, result: ScoreResult) -> SchemeResult:
        """The window's MUC/GATE figures of `result` when it has them (same mapping), else counted now."""
        counted = self.schemes() if self.schemes is not None else None
        if counted is not None and counted.mapping == result.mapping:
            return counted
        return scheme_scores(result)

    def export_to(self, folder: str) -> None:
        """Once the charts' library is imported (`ready`: by a background job, not on the GUI thread), check the
        folder and draw the charts, then write every file in the background."""
        waited: list[bool] = []

        def now() -> None:
            if waited:
                self.message("", 1)  # the line below goes: the export's own progress follows
            waited.append(False)
            self._export_now(folder)

        self.ready(now)
        if not waited:
            waited.append(True)
            self.message("Preparing the charts for the report…", 0)

    def _export_now(self, folder: str) -> None:
        """Check the folder and draw the charts now, then write every file in the background."""
        from evmeval_gui.export import (
            chart_figures,
            check_report_folder,
            render_charts,
            score_links,
            write_report_files,
        )

        corpus, result = self.session.corpus, self.session.result
        if corpus is None or result is None:
            return
        inputs = corpus.inputs[self.session.system_index]
        coref = self.coreference() if self.coreference is not None else None  # None: scored with the files below
        combination = self.session.combination
        sequencing = self.sequencing() if self.sequencing is not None else None
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:  # charts are widgets: drawn here, on the GUI thread; the rest is written in the background
            check_report_folder(folder, inputs, result)
            schemes = self._counted_schemes(result)  # counted once, for the charts and the files
            matrices = confusions(result.documents, "plain")
            images, captions = render_charts(chart_figures(result, coref, schemes, matrices))
        except FormatError as exc:
            self.report(exc.problem)
            return
        finally:
            QApplication.restoreOverrideCursor()

        def work(context: JobContext) -> list[str]:
            scored = coref if coref is not None and coref.lines_kept else None  # the files need every line
            if scored is None:
                try:
                    scored = score_coreference(result, inputs.gold, inputs.system, combination=combination)
                except FormatError:
                    scored = None  # a mention in two clusters: the window already said so; mentions still export
            links = sequencing
            if isinstance(links, SequencingResult) and not links.outcomes_kept:  # the window kept figures only
                links = score_links(inputs, result, validate=links.validated)  # the link table needs every outcome
            # the window keeps the corpus's MUC/GATE figures only: the files' per-document ones are counted there
            counted = schemes if len(schemes.documents) == len(result.documents) else None
            return write_report_files(folder, inputs, result, images, captions,
                                      progress=context.progress, cancelled=context.cancelled, coref=scored,
                                      sequencing=links, schemes=counted)

        def done(written: object) -> None:
            count = len(written) if isinstance(written, list) else 0
            self.message(f"Report written to {folder} ({count} files)", 8000)

        self.session.run_job("Exporting the report", work, done, path=folder)
