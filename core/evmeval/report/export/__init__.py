"""The headless report export: every report of one scored system in one folder (`evmeval.export_report`).

`files` says which files and what makes each; `writing` writes them, with the charts drawn by a
`ChartRenderer` the caller hands in (the GUI's; the library never imports Qt).
"""

from __future__ import annotations

from evmeval.report.export.files import (
    COREF_FILES,
    REPORT_FILES,
    SEQUENCING_FILE,
    Sequencing,
    check_export_folders,
    check_report_folder,
    report_outputs,
    score_links,
)
from evmeval.report.export.writing import ChartRenderer, export_report, write_report_files

__all__ = ["COREF_FILES", "REPORT_FILES", "SEQUENCING_FILE", "ChartRenderer", "Sequencing", "check_export_folders",
           "check_report_folder", "export_report", "report_outputs", "score_links", "write_report_files"]
