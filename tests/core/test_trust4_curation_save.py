"""Saved curations that are never lost (issue 31, items 2, 3, 7): one window at a time holds a curation's
lock, a file that cannot be replayed whole keeps what can be replayed and is moved aside, a folder that
cannot be made is a message."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from evmeval.agreement.curation import curate
from evmeval.agreement.curation_lock import acquire, holds, lock_path, new_owner, read_holder, release, take_over
from evmeval.agreement.curation_save import (
    load_decisions,
    read_decisions,
    replay_kept,
    resume_note,
    save_path,
    set_aside,
    write_decisions,
    write_unsaved,
)
from evmeval.io.errors import FormatError

from tests.core.test_curation import A, B, C

KEY = "ab" * 32
NAMES = ["A", "B", "C"]


def test_a_second_owner_is_told_who_holds_the_lock_and_a_take_over_stops_the_first(tmp_path: Path) -> None:
    folder = str(tmp_path / "curation")
    first, second = new_owner(), new_owner()
    assert acquire(folder, KEY, first) is None
    assert acquire(folder, KEY, first) is None  # again: still its own
    other = acquire(folder, KEY, second)
    assert other is not None and other.pid == os.getpid() and other.owner == first
    assert other.describe() == f"another window (pid {os.getpid()})"
    assert holds(folder, KEY, first) and not holds(folder, KEY, second)
    take_over(folder, KEY, second)
    assert holds(folder, KEY, second) and not holds(folder, KEY, first)
    release(folder, KEY, first)  # not the first's any more: left as it is
    assert holds(folder, KEY, second)
    release(folder, KEY, second)
    assert not os.path.exists(lock_path(folder, KEY))
    assert sorted(os.listdir(folder)) == []  # no spare files left behind


def test_a_stale_or_unreadable_lock_is_taken_over(tmp_path: Path) -> None:
    folder = tmp_path / "curation"
    folder.mkdir()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    lock = Path(lock_path(str(folder), KEY))
    lock.write_text(json.dumps({"pid": int(gone.stdout), "host": socket.gethostname(), "time": 1.0,
                                "owner": "dead"}), encoding="utf-8")
    me = new_owner()
    assert acquire(str(folder), KEY, me) is None and holds(str(folder), KEY, me)
    lock.write_text("{truncated", encoding="utf-8")
    assert read_holder(str(folder), KEY) is None
    assert acquire(str(folder), KEY, me) is None and holds(str(folder), KEY, me)
    # another machine's lock is never judged from here
    lock.write_text(json.dumps({"pid": int(gone.stdout), "host": "elsewhere.example", "time": 1.0,
                                "owner": "far"}), encoding="utf-8")
    holder = acquire(str(folder), KEY, me)
    assert holder is not None
    assert holder.describe() == f"another window (pid {gone.stdout.strip()} on elsewhere.example)"


def test_a_folder_that_cannot_be_made_is_a_message(tmp_path: Path) -> None:
    (tmp_path / "curation").write_text("a file where the folder should be", encoding="utf-8")
    folder = str(tmp_path / "curation")
    for attempt in (lambda: acquire(folder, KEY, new_owner()),
                    lambda: write_decisions(folder, KEY, NAMES, "majority", [])):
        with pytest.raises(FormatError) as caught:
            attempt()
        assert str(caught.value).startswith(f"{folder}: cannot write the folder of the saved decisions (")
        assert str(caught.value).endswith("(expected a folder that can be written)")


def saved_file(tmp_path: Path, entries: list[list[object]]) -> tuple[str, Path]:
    folder = str(tmp_path / "curation")
    write_decisions(folder, KEY, NAMES, "majority", [tuple(e) for e in entries])  # type: ignore[misc]
    return folder, Path(save_path(folder, KEY))


ENTRIES: list[list[object]] = [["d1", 0, "accept", "3"], ["d1", 1, "reject", ""], ["d1", 1, "keep", ""]]


def test_a_file_cut_short_keeps_every_whole_decision_before_the_cut(tmp_path: Path) -> None:
    folder, path = saved_file(tmp_path, ENTRIES)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index('"keep"') + 3], encoding="utf-8")
    saved = load_decisions(folder, KEY)
    assert saved is not None and saved.policy == "majority" and saved.total == 2
    assert saved.entries == (("d1", 0, "accept", "3"), ("d1", 1, "reject", ""))
    assert saved.problem.startswith("the saved decisions are not whole JSON (")
    with pytest.raises(FormatError, match="not whole JSON"):
        read_decisions(folder, KEY)


def test_a_newer_format_and_a_malformed_decision_keep_the_rest(tmp_path: Path) -> None:
    folder, path = saved_file(tmp_path, ENTRIES)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["format"] = 2
    data["decisions"].insert(1, ["d1", 0, "merge", {"with": 3}])
    path.write_text(json.dumps(data), encoding="utf-8")
    saved = load_decisions(folder, KEY)
    assert saved is not None and saved.total == 4 and len(saved.entries) == 3
    assert saved.problem == "the saved decisions are of format 2, written by another version"
    data["format"] = 1
    path.write_text(json.dumps(data), encoding="utf-8")
    saved = load_decisions(folder, KEY)
    assert saved is not None and saved.problem.startswith("a decision is not [document, item, action, value]")


def test_json_nested_100000_deep_is_one_line_not_a_recursion_error(tmp_path: Path) -> None:
    folder, path = saved_file(tmp_path, ENTRIES)
    path.write_text("[" * 100_000, encoding="utf-8")
    saved = load_decisions(folder, KEY)
    assert saved is not None and saved.entries == () and saved.total == 0
    assert saved.problem == "the saved decisions are nested too deeply to read"
    with pytest.raises(FormatError) as caught:
        read_decisions(folder, KEY)
    assert str(caught.value) == f"{path}: the saved decisions are nested too deeply to read (expected a JSON file)"
    # cut short inside a deeply nested decision: the decisions before it are kept
    good = saved_file(tmp_path, ENTRIES[:1])[1].read_text(encoding="utf-8")
    path.write_text(good[: good.rindex("]", 0, good.rindex("]")) + 1] + ",\n" + "[" * 100_000, encoding="utf-8")
    saved = load_decisions(folder, KEY)
    assert saved is not None and saved.entries == (("d1", 0, "accept", "3"),)


def test_a_refused_decision_is_skipped_and_counted(tmp_path: Path) -> None:
    curation = curate([A, B, C], NAMES, "majority")
    entries = [("d1", 0, "accept", "3"), ("d1", 99, "reject", ""), ("d1", 0, "accept", "7"), ("d1", 1, "reject", "")]
    replayed, kept, refused = replay_kept(curation, entries)
    assert kept == (entries[0], entries[3])
    assert refused == "the saved decisions name item 100 of d1, not a disagreement of these inputs"
    assert replayed.decisions == {("d1", 0): "annotator 3", ("d1", 1): "rejected"}
    folder = saved_file(tmp_path, [list(e) for e in entries])[0]
    saved = load_decisions(folder, KEY)
    assert saved is not None and saved.problem == ""
    assert resume_note(saved, 2, refused, "/x/aside.json") == (
        "The saved decisions could not all be replayed (the saved decisions name item 100 of d1, not a "
        "disagreement of these inputs): kept 2 of 4 decisions. The file as it was is kept as /x/aside.json.")
    assert resume_note(saved, 4, "", "") == ""


def test_set_aside_keeps_the_bytes_and_never_overwrites_an_earlier_aside_file(tmp_path: Path) -> None:
    folder, path = saved_file(tmp_path, ENTRIES)
    path.write_bytes(b"\xff{first")
    first = set_aside(folder, KEY)
    path.write_bytes(b"second")
    second = set_aside(folder, KEY)
    assert first != second and not path.exists()
    assert Path(first).read_bytes() == b"\xff{first" and Path(second).read_bytes() == b"second"
    assert os.path.basename(first).startswith(f"curation-{KEY[:24]}.unreadable-")
    unsaved = write_unsaved(folder, KEY, NAMES, "majority", [("d1", 0, "accept", "3")])
    again = write_unsaved(folder, KEY, NAMES, "majority", [])
    assert unsaved != again and ".unsaved-" in unsaved
    assert json.loads(Path(unsaved).read_text(encoding="utf-8"))["decisions"] == [["d1", 0, "accept", "3"]]


def test_without_hard_links_the_lock_and_the_aside_file_still_never_overwrite(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(source: str, target: str) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    folder, path = saved_file(tmp_path, ENTRIES)
    first, second = new_owner(), new_owner()
    assert acquire(folder, KEY, first) is None
    holder = acquire(folder, KEY, second)
    assert holder is not None and holder.owner == first
    path.write_bytes(b"one")
    one = set_aside(folder, KEY)
    path.write_bytes(b"two")
    two = set_aside(folder, KEY)
    assert (Path(one).read_bytes(), Path(two).read_bytes()) == (b"one", b"two")


def test_a_lock_made_while_a_stale_one_was_removed_is_put_back(tmp_path: Path) -> None:
    from evmeval.agreement import curation_lock

    folder = str(tmp_path)
    fresh = new_owner()
    assert acquire(folder, KEY, fresh) is None
    # another window judged the lock before this one stale (unreadable): what it moves away is the fresh one
    curation_lock._remove_stale(lock_path(folder, KEY), None, lock_path(folder, KEY) + ".x.stale")
    assert holds(folder, KEY, fresh)
    assert sorted(os.listdir(folder)) == [os.path.basename(lock_path(folder, KEY))]
