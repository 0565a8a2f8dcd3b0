"""Issue 34: the window's TextEE corpus (read a document at a time) keeps no argument verdict and no argument: a
document's are made from its own lines when one of its keys is asked (`document_verdicts`), and equal the whole
read's, whatever order the documents are asked in."""

from __future__ import annotations

import gc
import json
import random
from pathlib import Path

from evmeval.conventions.argument_outcomes import ArgumentOutcome
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.first_document import index_gold
from evmeval.conventions.items import GOLD, PRED
from evmeval.conventions.ours import Role

from tests.core.test_textee_streamed_load import _pair


def _held(root: object, kind: type = ArgumentOutcome) -> int:
    """The objects of `kind` reachable from `root`."""
    seen: set[int] = set()
    stack, found = [root], 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        found += isinstance(obj, kind)
        stack.extend(gc.get_referents(obj))
    return found


def test_a_documents_verdicts_are_made_alone_when_asked_and_equal_the_whole_reads(tmp_path: Path) -> None:
    gold, system = _pair(tmp_path, 7, documents=30)
    whole = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()))
    kept = event_inputs(Input(gold), Input(system), index=index_gold(gold), keep_outcomes=False)
    assert whole.verdicts and sum(len(v) for v in whole.verdicts.values()) > 20
    assert list(kept.verdicts) == list(whole.verdicts)  # the conventions that give verdicts, in order
    assert _held(kept) == 0 and _held(kept, Role) == 0  # none kept while loading
    assert _held(whole) > 0 and _held(whole, Role) > 0
    keys = [(name, key) for name, verdicts in whole.verdicts.items() for key in verdicts]
    random.Random(3).shuffle(keys)  # documents asked in any order, each made alone
    for name, key in keys:
        assert kept.verdicts[name].get(key) == whole.verdicts[name][key]
    assert kept.verdicts[next(iter(whole.verdicts))].get(("gold", "no such document", "E0")) is None
    assert kept.verdicts == whole.verdicts
    places = [(side, key) for side, arguments in zip((GOLD, PRED), whole.arguments, strict=True) for key in arguments]
    assert len(places) > 20
    random.Random(4).shuffle(places)
    for side, (doc_id, mention) in places:
        assert kept.roles(side, doc_id, mention) == whole.roles(side, doc_id, mention)
    assert kept.roles(GOLD, "no such document", "E0") == []
    assert kept.arguments == whole.arguments


def test_a_corpus_without_arguments_reads_no_document_again(tmp_path: Path) -> None:
    """No trigger has arguments: nothing is made per document when the views ask for a trigger's arguments."""
    gold, system = _pair(tmp_path, 8, documents=6)
    for path in (gold, system):
        lines = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]
        for window in lines:
            for event in window["event_mentions"]:
                event["arguments"] = []
        Path(path).write_text("".join(json.dumps(v) + "\n" for v in lines), encoding="utf-8")
    kept = event_inputs(Input(gold), Input(system), index=index_gold(gold), keep_outcomes=False)
    assert kept.arguments == ({}, {}) and dict(kept.verdicts) == {}
