"""The modes a window builds the first time they are wanted (issue 34: a user who only scores opens none of them):
each a `warm_up.LazyMode`, its module imported by a job, then the mode made here with what the window gives it.

The window keeps them as `agreement_mode`, `compare_mode` and `curation`; its `agreement`, `compare` and `curate`
build them at once for what cannot wait (the command line's screenshots, tests).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from evmeval_gui.window.stored_settings import curation_folder
from evmeval_gui.window.warm_up import LazyMode

if TYPE_CHECKING:
    from evmeval_gui.agreement.mode import AgreementMode
    from evmeval_gui.compare.mode import CompareMode
    from evmeval_gui.curation.mode import CurateMode


def lazy_agreement(window: Any) -> LazyMode[AgreementMode]:
    """The Agreement mode of `window` (the main window), built when a study is first opened; a study it finishes is
    remembered in Open recent."""

    def make() -> AgreementMode:
        from evmeval_gui.agreement.mode import AgreementMode

        agreement = AgreementMode(window.port, window)
        agreement.reversed_pair = window.coreference.follow_reverse

        def remember() -> None:
            if agreement.request is not None and window.persist:
                window.recent.remember(agreement.request)

        agreement.agreement_finished.connect(remember)
        return agreement

    return LazyMode(window.runner, window, "evmeval_gui.agreement.mode", make, label="Preparing the agreement")


def lazy_compare(window: Any) -> LazyMode[CompareMode]:
    """The Compare mode of `window`, built when Compare systems is first chosen."""

    def make() -> CompareMode:
        from evmeval_gui.compare.mode import CompareMode

        return CompareMode(window.port, window)

    return LazyMode(window.runner, window, "evmeval_gui.compare.mode", make, label="Preparing the comparison")


def lazy_curation(window: Any) -> LazyMode[CurateMode]:
    """The Curate mode of `window`, built when a curation first starts."""

    def make() -> CurateMode:
        from evmeval_gui.curation.mode import CurateMode

        curate = CurateMode(window.port, open_scoring=window.open_request,
                            choose_folder=lambda title: window.dialogs.choose_folder(title),
                            save_folder=curation_folder(window.settings) if window.persist else None)
        if window.persist:
            curate.remember = window.recent.remember
        return curate

    return LazyMode(window.runner, window, "evmeval_gui.curation.mode", make, label="Preparing the curation")
