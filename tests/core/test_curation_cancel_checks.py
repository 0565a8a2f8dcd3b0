"""The cancel checks of a curation's long steps and of the agreement intervals (issue 34): the window stops them
and, at each check, hands the interpreter to its GUI thread. A check that never says stop changes nothing; one
that says stop stops the step (`Cancelled`), and the autosave's key stays the hash of the whole tbf text."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest
from evmeval._util.progress import Cancelled
from evmeval.agreement.curation import accept_all, curate
from evmeval.agreement.curation_figures import live_agreement, update_agreement
from evmeval.agreement.curation_save import inputs_key
from evmeval.agreement.scoring import pairwise
from evmeval.compare.agreement import ResamplingRun, all_pair_intervals
from evmeval.compare.significance import ResampleSettings
from evmeval.io.tbf import format_tbf
from evmeval.model import SpanMode, TbfFile

from tests.core.test_trust4_agreement_intervals import demo_pair

NAMES = ["a", "b", "c"]


def annotators() -> list[TbfFile]:
    a, b = demo_pair()
    return [a, b, TbfFile("c.tbf", SpanMode.TOKEN, {d: a.documents[d] for d in sorted(a.documents)[:6]})]


def counting(stop_after: int | None) -> tuple[list[int], Callable[[], bool]]:
    """A cancel check that counts its calls and says stop from call `stop_after` on (None: never)."""
    calls = [0]

    def cancelled() -> bool:
        calls[0] += 1
        return stop_after is not None and calls[0] >= stop_after

    return calls, cancelled


def test_a_check_that_never_stops_changes_no_curation_nor_figure() -> None:
    files = annotators()
    calls, never = counting(None)
    plain, checked = curate(files, NAMES), curate(files, NAMES, cancelled=never)
    assert checked.disagreements == plain.disagreements and checked.curated == plain.curated
    assert calls[0] >= 2 * len(plain.curated.documents)  # between documents: the items, then the curated set
    chosen = plain.disagreements
    accepted = accept_all(plain, chosen, 1, cancelled=never)
    assert accepted == accept_all(plain, chosen, 1)
    figures = live_agreement(accepted, cancelled=never)
    # by their text: an undefined kappa is NaN, and Python 3.13's dataclasses compare field by field (nan != nan)
    assert repr(figures) == repr(live_agreement(accepted))
    changed = {d.doc_id for d in chosen}
    assert repr(update_agreement(accepted, live_agreement(plain), changed, cancelled=never)) == \
        repr(update_agreement(accepted, live_agreement(plain), changed))


@pytest.mark.parametrize("step", ["curate", "accept_all", "live_agreement", "update_agreement", "inputs_key"])
def test_a_check_that_says_stop_stops_the_step(step: str) -> None:
    files = annotators()
    curation = curate(files, NAMES)
    calls, stop = counting(2)
    run: dict[str, Callable[[], object]] = {
        "curate": lambda: curate(files, NAMES, cancelled=stop),
        "accept_all": lambda: accept_all(curation, curation.disagreements, 0, cancelled=stop),
        "live_agreement": lambda: live_agreement(curation, cancelled=stop),
        "update_agreement": lambda: update_agreement(curation, live_agreement(curation),
                                                     {d.doc_id for d in curation.disagreements}, cancelled=stop),
        "inputs_key": lambda: inputs_key(files, cancelled=stop),
    }
    with pytest.raises(Cancelled):
        run[step]()
    assert calls[0] == 2  # stopped at the check that said so, not at the end


def test_the_autosave_key_is_still_the_hash_of_each_set_s_whole_tbf_text() -> None:
    files = [*annotators(), TbfFile("empty.tbf", SpanMode.TOKEN, {})]
    digest = hashlib.sha256()
    for f in files:  # the key as it was made before it was hashed a document at a time
        digest.update(f.mode.value.encode())
        digest.update(format_tbf([f.documents[d] for d in sorted(f.documents)]).encode("utf-8"))
        digest.update(b"\0")
    _, never = counting(None)
    assert inputs_key(files) == inputs_key(files, cancelled=never) == digest.hexdigest()


def test_the_agreement_intervals_stop_between_their_steps() -> None:
    a, b = demo_pair()
    pairs = {(0, 1): pairwise(a, b), (0, 2): pairwise(a, a), (1, 2): pairwise(b, a)}
    settings = ResampleSettings(50, 3, 0.95)
    calls, never = counting(None)
    def figures(run: ResamplingRun) -> dict[tuple[int, int], object]:  # undefined ends as None (NaN != NaN)
        return {key: pair.to_json() for key, pair in run.pairs.items()}

    assert figures(all_pair_intervals(pairs, settings, cancelled=never)) == figures(all_pair_intervals(pairs, settings))
    assert calls[0] == 2 * len(pairs)  # before each pair's figures and before its draws
    calls, stop = counting(3)
    with pytest.raises(Cancelled):
        all_pair_intervals(pairs, settings, cancelled=stop)
    assert calls[0] == 3  # in the second pair: the third is never begun
