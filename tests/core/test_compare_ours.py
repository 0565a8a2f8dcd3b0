"""`evmeval-compare --convention evmeval` (issue 36): v1.8's Dice micro figures of TextEE runs, each with its
interval and paired tests from a resample of the documents v1.8 counts (those with gold mentions), the
estimates bit for bit `evmeval-score --convention evmeval`'s (partial spans earn fractional credit)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import jsonschema
from evmeval._util.schemas import load_schema

from tests.programs import installed

DOCS = 9


def _run(program: str, *args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed(program), *map(str, args)], capture_output=True, text=True, check=False,
                          timeout=120)


def _window(doc: int, span: tuple[int, int] | None, event_type: str = "Attack") -> dict[str, object]:
    events = [] if span is None else [
        {"event_type": event_type, "trigger": {"text": "x", "start": span[0], "end": span[1]}, "arguments": []}]
    return {"doc_id": f"D{doc}", "wnd_id": f"D{doc}-0", "tokens": ["Troops", "attacked", "the", "city", "today"],
            "event_mentions": events}


def _corpus(folder: Path) -> tuple[Path, Path, Path]:
    """Gold: a three-token trigger in documents 0-8, none in document 9 (not counted). Run a: one token of
    three on documents 0-2 (Dice 0.5), the whole span elsewhere, and a false alarm in document 9; run b: the
    whole span, typed Die on the odd documents."""
    gold = [_window(d, (1, 4) if d < DOCS else None) for d in range(DOCS + 1)]
    a = [_window(d, (1, 2) if d < 3 else (1, 4)) for d in range(DOCS + 1)]
    b = [_window(d, (1, 4), "Die" if d % 2 else "Attack") if d < DOCS else _window(d, None) for d in range(DOCS + 1)]
    paths = []
    for name, windows in (("gold", gold), ("a", a), ("b", b)):
        path = folder / f"{name}.jsonl"
        path.write_text("".join(json.dumps(w) + "\n" for w in windows))
        paths.append(path)
    return paths[0], paths[1], paths[2]


def test_v18_dice_figures_with_intervals_are_the_scores(tmp_path: Path):
    gold, a, b = _corpus(tmp_path)
    out = tmp_path / "c.json"
    done = _run("evmeval-compare", "--convention", "evmeval", "-g", gold, "-s", a, "-s", b, "--resamples", 1000,
                "--json", out)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    jsonschema.validate(data, load_schema("compare_convention"))
    assert data["bootstrap"]["num_units"] == DOCS and "1000 paired resamples of 9 documents" in done.stdout
    for index, run in enumerate((a, b)):
        scored = _run("evmeval-score", "--convention", "evmeval", "-g", gold, "-s", run, "--json", tmp_path / "s.json")
        assert scored.returncode == 0, scored.stderr
        metrics = json.loads((tmp_path / "s.json").read_text())["conventions"]["evmeval"]
        assert set(metrics) == set(data["metrics"])
        for metric, figures in metrics.items():
            mine = {f["figure"]: f["estimate"] for f in data["systems"][index][metric]}
            assert mine == {k: figures[k] for k in ("precision", "recall", "f1")}, metric
    plain = {f["figure"]: f for f in data["systems"][0]["plain"]}
    assert plain["recall"]["estimate"] == (3 * 0.5 + 6) / 9
    assert plain["recall"]["ci_low"] < plain["recall"]["estimate"] < plain["recall"]["ci_high"]
    [pair] = data["pairs"]
    typed = next(t for t in pair["mention_type"] if t["figure"] == "recall")
    assert typed["delta"] == 5 / 9 - (3 * 0.5 + 6) / 9


def test_unit_window_is_refused(tmp_path: Path):
    gold, a, b = _corpus(tmp_path)
    done = _run("evmeval-compare", "--convention", "evmeval", "-g", gold, "-s", a, "-s", b, "--unit", "window")
    assert done.returncode == 2 and "evmeval scores documents: --unit document" in done.stderr
