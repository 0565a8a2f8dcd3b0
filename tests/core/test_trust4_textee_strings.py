"""Issue 34: the window's TextEE corpus (read a document at a time) keeps each equal string of its mentions once:
a type, run name, document id or trigger text once in the corpus (its mentions packed: `model.PackedMentions`), a
document's mention ids one string (`model.joined_ids`: a string object an id was a third of what a 4,480-document
corpus's mentions held), and no token id (a span is its window's prefix and token numbers). The
mentions are equal to those of the whole read."""

from __future__ import annotations

from pathlib import Path

from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.first_document import index_gold
from evmeval.model import PackedMentions, kept_mentions, split_ids

from tests.core.test_textee_streamed_load import _pair


def test_equal_strings_of_the_kept_mentions_are_one_object(tmp_path: Path) -> None:
    gold, system = _pair(tmp_path, 2, documents=30)
    kept = event_inputs(Input(gold), Input(system), index=index_gold(gold), keep_outcomes=False)
    whole = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()))
    for side in ("gold", "system"):
        assert list(getattr(kept.inputs, side).documents.items()) == list(getattr(whole.inputs, side).documents.items())
    names: dict[str, str] = {}
    head_names: dict[int, str] = {}  # the names of a mention's head (run, types, realis): once a head
    for doc_id, document in kept.inputs.gold.documents.items():
        mentions = document.mentions + kept.inputs.system.documents[doc_id].mentions
        for side in (document, kept.inputs.system.documents[doc_id]):
            ids = kept_mentions(side)
            if side.mentions:
                assert type(ids.ids) is str and list(split_ids(ids.ids)) == [m.mention_id for m in side.mentions]
        for m in mentions:
            for name in (m.text, m.doc_id):
                assert names.setdefault(name, name) is name
            head_names.update((id(name), name) for name in (m.mention_type, m.raw_type, m.run_id, m.realis))
    assert len(head_names) <= 2 * len(set(head_names.values()))  # gold's heads and the system's
    packed = [kept_mentions(d) for d in kept.inputs.system.documents.values() if d.mentions]
    assert len(packed) > 20 and all(type(p) is PackedMentions for p in packed)
    assert not [v for v in packed[0].table.values if isinstance(v, str) and ":t" in v]  # no token id kept
