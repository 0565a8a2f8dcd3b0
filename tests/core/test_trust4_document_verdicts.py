"""Issue 34: the window's TextEE corpus (read a document at a time) keeps no argument verdict: a document's are
made from its own lines when one of its keys is asked (`document_verdicts`), and equal the whole read's, whatever
order the documents are asked in."""

from __future__ import annotations

import gc
import random
from pathlib import Path

from evmeval.conventions.argument_outcomes import ArgumentOutcome
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.first_document import index_gold

from tests.core.test_textee_streamed_load import _pair


def _outcomes_held(root: object) -> int:
    """The `ArgumentOutcome`s reachable from `root`."""
    seen: set[int] = set()
    stack, found = [root], 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        found += isinstance(obj, ArgumentOutcome)
        stack.extend(gc.get_referents(obj))
    return found


def test_a_documents_verdicts_are_made_alone_when_asked_and_equal_the_whole_reads(tmp_path: Path) -> None:
    gold, system = _pair(tmp_path, 7, documents=30)
    whole = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()))
    kept = event_inputs(Input(gold), Input(system), index=index_gold(gold), keep_outcomes=False)
    assert whole.verdicts and sum(len(v) for v in whole.verdicts.values()) > 20
    assert list(kept.verdicts) == list(whole.verdicts)  # the conventions that give verdicts, in order
    assert _outcomes_held(kept) == 0  # none kept while loading
    keys = [(name, key) for name, verdicts in whole.verdicts.items() for key in verdicts]
    random.Random(3).shuffle(keys)  # documents asked in any order, each made alone
    for name, key in keys:
        assert kept.verdicts[name].get(key) == whole.verdicts[name][key]
    assert kept.verdicts[next(iter(whole.verdicts))].get(("gold", "no such document", "E0")) is None
    assert kept.verdicts == whole.verdicts
