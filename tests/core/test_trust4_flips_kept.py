"""Issue 34: the window's TextEE corpus keeps the first flips of each group and counts the others
(`event_inputs(flips_kept=N)`, `flips.first_flips`): all 110,000 flips of a 4,480-document corpus were 50 MB of
the window's memory, and its Conventions dock lists 200 of each group. The counts, the groups' order and the flips
kept are those of the library's full run, read a document at a time or whole; the library keeps every flip."""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import EventCorpus, event_inputs
from evmeval.conventions.first_document import index_gold
from evmeval.conventions.flips import PairFlips, first_flips, merged_flips

from tests.core.test_textee_streamed_load import _pair


def _groups(pair: PairFlips) -> list[tuple[str, int]]:
    return [(reason, pair.count(reason)) for reason in pair.groups]


def _kept_is_the_first_of_the_full(kept: EventCorpus, full: EventCorpus, keep: int) -> None:
    boards = [(kept.switchboard, full.switchboard)]
    if full.argument_board is not None:
        assert kept.argument_board is not None
        boards.append((kept.argument_board.board, full.argument_board.board))
    for mine, theirs in boards:
        assert [(p.a, p.b) for p in mine.flips] == [(p.a, p.b) for p in theirs.flips]
        for small, whole in zip(mine.flips, theirs.flips, strict=True):
            assert _groups(small) == [(reason, len(flips)) for reason, flips in whole.groups.items()]
            assert small.total == whole.total
            for reason, flips in whole.groups.items():
                assert small.groups[reason] == flips[:keep]
                assert small.left_out.get(reason, 0) == max(len(flips) - keep, 0)
            assert small.to_json()["total"] == whole.to_json()["total"]
    assert kept.switchboard.results == full.switchboard.results


@pytest.mark.parametrize("seed", [1, 6])
def test_the_window_keeps_the_first_flips_of_each_group_and_counts_the_rest(seed: int, tmp_path: Path) -> None:
    gold, system = _pair(tmp_path, seed, documents=40)
    full = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()))
    assert max(len(f) for p in full.switchboard.flips for f in p.groups.values()) > 3  # some group is cut
    streamed = event_inputs(Input(gold), Input(system), index=index_gold(gold), keep_outcomes=False, flips_kept=2)
    whole = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()),
                         index=index_gold(gold), keep_outcomes=False, flips_kept=2)
    for kept in (streamed, whole):
        _kept_is_the_first_of_the_full(kept, full, 2)
        assert all(len(f) <= 2 for p in kept.switchboard.flips for f in p.groups.values())


def test_the_library_keeps_every_flip_by_default(tmp_path: Path) -> None:
    gold, system = _pair(tmp_path, 1, documents=40)
    full = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()))
    assert all(not p.left_out and p.total == sum(len(f) for f in p.groups.values()) for p in full.switchboard.flips)


def test_flips_merged_from_cut_parts_are_the_whole_cut(tmp_path: Path) -> None:
    """The stream cuts as it goes: the first of the whole are among the parts' first, and the counts add up."""
    gold, system = _pair(tmp_path, 3, documents=30)
    full = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()))
    pair = next(p for p in full.switchboard.flips if p.total > 4)
    flips = [f for group in pair.groups.values() for f in group]
    halves = [PairFlips(pair.a, pair.b, {}), PairFlips(pair.a, pair.b, {})]
    for k, flip in enumerate(flips):  # alternate flips between two parts, each in its own groups
        halves[k % 2].groups.setdefault(flip.reason, []).append(flip)
    for keep in (1, 2, 5):
        cut = [first_flips(merged_flips([h]), keep) for h in halves]
        assert merged_flips(cut, keep) == first_flips(pair, keep)
