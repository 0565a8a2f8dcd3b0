"""Issue 34: the window's TextEE corpus (read a document at a time) keeps each equal string of its mentions once:
a type or run name once in the corpus, a token id, mention id or trigger text once in a document for gold and the
system (each side's reader made its own: a third of what a 4,480-document corpus's mentions held). The mentions
are equal to those of the whole read."""

from __future__ import annotations

from pathlib import Path

from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.first_document import index_gold

from tests.core.test_textee_streamed_load import _pair


def test_equal_strings_of_the_kept_mentions_are_one_object(tmp_path: Path) -> None:
    gold, system = _pair(tmp_path, 2, documents=30)
    kept = event_inputs(Input(gold), Input(system), index=index_gold(gold), keep_outcomes=False)
    whole = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()))
    for side in ("gold", "system"):
        assert list(getattr(kept.inputs, side).documents.items()) == list(getattr(whole.inputs, side).documents.items())
    names: dict[str, str] = {}
    for doc_id, document in kept.inputs.gold.documents.items():
        mentions = document.mentions + kept.inputs.system.documents[doc_id].mentions
        words: dict[str, str] = {}
        for m in mentions:
            for token in m.span:
                assert words.setdefault(token, token) is token
            assert words.setdefault(m.mention_id, m.mention_id) is m.mention_id
            assert words.setdefault(m.text, m.text) is m.text
            for name in (m.mention_type, m.raw_type, m.run_id, m.realis):
                assert names.setdefault(name, name) is name
            assert m.doc_id is document.doc_id
    shared = [t for d in kept.inputs.system.documents.values() for m in d.mentions for t in m.span]
    assert len(shared) > 50
