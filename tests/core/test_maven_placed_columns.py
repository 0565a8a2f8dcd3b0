"""The window's MAVEN pair places each prediction on its gold mention or candidate from compact columns
(`corpus_formats._placed`, issue 34: a tuple and an offset pair a prediction, kept across the gold file, left
15-20 MB of free memory in the window's heap): the system documents are those the plain rule makes."""

from __future__ import annotations

from evmeval.conventions.corpus_formats import _maven_pair, maven_mention, maven_predicted
from evmeval.io import maven as mv
from evmeval.model import Mention
from hypothesis import given
from hypothesis import strategies as st

from tests.core.maven_strategies import maven_documents, maven_submissions


def _plain(gold: list[mv.Document], submissions: list[mv.Submission]) -> dict[str, tuple[Mention, ...]]:
    """Each predicted gold document's predictions as mentions: type id 0 and an id the document lacks left out,
    the last mention or candidate of an id taken, the type named by the last gold document naming it."""
    names = {e.type_id: e.type for d in gold for e in d.events or ()}
    by_id = {d.id: d for d in gold}
    out = {}
    for s in submissions:
        d = by_id.get(s.id)
        if d is None:
            continue
        where = {m.id: m for m in [*(m for e in d.events or () for m in e.mentions), *(d.negative_triggers or ()),
                                   *(d.candidates or ())]}
        out[s.id] = tuple(maven_mention("system", s.id, p.id, where[p.id].sent_id, where[p.id].offset,
                                        where[p.id].trigger_word, names.get(p.type_id, f"type {p.type_id}"), 0)
                          for p in s.predictions if p.type_id != 0 and p.id in where)
    return out


@st.composite
def _pairs(draw: st.DrawFn) -> tuple[list[mv.Document], list[mv.Submission]]:
    ids = draw(st.lists(st.sampled_from(["D1", "D2", "document-3", "a|b"]), min_size=1, max_size=4, unique=True))
    gold = [draw(maven_documents(i, test=draw(st.booleans()))) for i in ids]
    return gold, draw(maven_submissions(gold))


@given(pair=_pairs(), packed=st.booleans())
def test_the_predictions_placed_from_columns_are_the_plain_rules(
        pair: tuple[list[mv.Document], list[mv.Submission]], packed: bool) -> None:
    gold, submissions = pair
    made = _maven_pair("gold.jsonl", gold, maven_predicted("pred.jsonl", submissions), with_units=not packed)
    expected = _plain(gold, submissions)
    assert list(made.system.documents) == list(expected)
    assert {k: d.mentions for k, d in made.system.documents.items()} == expected
