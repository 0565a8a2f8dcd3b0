"""A TextEE file's token strings are shared across its windows as it is read (issue 34: a string per token was
half of a parsed file in the window's load); the values, and so every figure, are unchanged. A stream read and
let go (`evmeval-score --convention textee`) does not pay for the sharing."""

from __future__ import annotations

import json
from pathlib import Path

from evmeval.io.textee import read_textee, stream_textee


def _write(path: Path) -> None:
    lines = [{"doc_id": "D1", "wnd_id": f"D1-{k}", "tokens": ["The", "army", "attacked", "the", "city", "."],
              "event_mentions": [{"id": f"E{k}", "event_type": "Attack", "trigger": {"start": 2, "end": 3, "text":
                                  "attacked"}, "arguments": []}]} for k in range(3)]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def test_a_word_read_in_several_windows_is_one_string(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    _write(path)
    for windows in (read_textee(str(path)).windows, list(stream_textee(str(path), kept=True))):
        assert [w.tokens for w in windows] == [["The", "army", "attacked", "the", "city", "."]] * 3
        first, *rest = windows
        assert all(w.tokens[k] is first.tokens[k] for w in rest for k in range(6))
    assert [w.tokens for w in stream_textee(str(path))] == [["The", "army", "attacked", "the", "city", "."]] * 3
