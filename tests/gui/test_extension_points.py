"""The shared parts of the window own small extension points that features register with (issue 33):
they name no feature themselves (import-linter's layers contract, `test_model_layer.py`)."""

from __future__ import annotations

from evmeval_gui.agreement.state import AGREEMENT_ENTRY, AgreementRequest
from evmeval_gui.charts.panel import ChartsPanel
from evmeval_gui.export import charts_panel
from evmeval_gui.model.corpus import OpenRequest
from evmeval_gui.model.recent import RecentEntries


def test_open_recent_holds_an_agreement_study_once_the_feature_registered_it(tmp_path) -> None:
    corpus = OpenRequest(str(tmp_path / "gold.tbf"), (str(tmp_path / "sys.tbf"),)).to_json()
    study = AgreementRequest((str(tmp_path / "a1"), str(tmp_path / "a2"))).to_json()
    plain = RecentEntries()
    assert [type(r) for r in plain.recent_from_json([study, corpus])] == [OpenRequest]  # unknown kind skipped
    entries = RecentEntries()
    entries.register(AGREEMENT_ENTRY)
    read = entries.recent_from_json([study, corpus])
    assert [type(r) for r in read] == [AgreementRequest, OpenRequest]
    assert entries.entry_name(read[0]) == "Agreement: a1, a2"
    assert entries.missing_files(read[0]) == [str(tmp_path / "a1"), str(tmp_path / "a2")]


def test_the_charts_panel_shows_the_alignment_figures_only_as_a_registered_tab(qtbot) -> None:
    bare = ChartsPanel()
    qtbot.addWidget(bare)
    assert "Schemes" not in [bare.tabs.tabText(i) for i in range(bare.tabs.count())]
    assert "schemes" not in bare.charts()
    full = charts_panel()
    qtbot.addWidget(full)
    assert full.tabs.tabBar().tabData(full.tabs.count() - 1) == "Schemes"
    assert list(full.charts())[-1] == "schemes" and full.charts()["schemes"] is full.feature_tabs["schemes"].chart
