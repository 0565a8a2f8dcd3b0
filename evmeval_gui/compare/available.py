"""When the Compare mode can open: asked by the commands at every change, before the mode is ever built (its module
is imported when first wanted, `window.warm_up.LazyMode`)."""

from __future__ import annotations

from evmeval_gui.model.session import Session


def can_compare(session: Session) -> bool:
    """Two or more system files are open (and no agreement study is shown)."""
    corpus = session.corpus
    return corpus is not None and session.roles is None and len(corpus.inputs) >= 2
