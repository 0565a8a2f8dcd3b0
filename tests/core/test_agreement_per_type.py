"""Agreement per event type (issue 34): GATE's correct / partial / missing / spurious for each type, strict and
lenient P, R, F1, worked by hand; the types add up to the pair's figure; swapping annotators mirrors each row."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from evmeval.agreement.per_type import per_type_agreement
from evmeval.agreement.scoring import pairwise
from evmeval.io.tbf import format_tbf
from evmeval.mention.gate import GateCounts

from tests.core.test_agreement import mention, tbf
from tests.programs import installed


def corpus():
    a = tbf("A", {"d1": [mention("E1", "t1", "Attack"), mention("E2", "t2,t3", "Attack"), mention("E3", "t5", "Die"),
                         mention("E4", "t8", "Meet")],
                  "d2": [mention("E1", "t1", "Die", doc_id="d2")]})
    b = tbf("B", {"d1": [mention("E1", "t1", "Attack"), mention("E2", "t3", "Attack"), mention("E3", "t5", "Attack"),
                         mention("E4", "t8", "NOT_ANNOTATED")],
                  "d2": [mention("E1", "t1", "Die", doc_id="d2"), mention("E2", "t4", "Meet", doc_id="d2")]})
    return a, b


def test_each_type_counted_by_hand() -> None:
    a, b = corpus()
    rows = {r.name: r.gate for r in per_type_agreement(pairwise(a, b))}
    # Attack: t1=t1 correct, t2,t3~t3 partial; B's Attack at t5 finds no Attack in A: spurious
    # Die: A's t5 Die has no Die in B (B says Attack): missing; d2's t1 Die = t1 Die: correct
    # Meet: A's t8 Meet maps B's t8 NOT_ANNOTATED (agrees with any type): correct, under Meet; B's d2 t4 spurious
    assert rows == {"Attack": GateCounts(correct=1, partial=1, missing=0, spurious=1),
                    "Die": GateCounts(correct=1, partial=0, missing=1, spurious=0),
                    "Meet": GateCounts(correct=1, partial=0, missing=0, spurious=1)}
    attack = rows["Attack"]
    assert (attack.strict().precision, attack.strict().recall) == (1 / 3, 1 / 2)
    assert attack.strict().f1 == pytest.approx(2 * (1 / 3) * (1 / 2) / (1 / 3 + 1 / 2))
    assert (attack.lenient().precision, attack.lenient().recall) == (2 / 3, 2 / 2)
    assert attack.lenient().f1 == pytest.approx(2 * (2 / 3) * 1 / (2 / 3 + 1))
    die = rows["Die"]
    assert (die.strict().precision, die.strict().recall, die.strict().f1) == (1 / 1, 1 / 2, pytest.approx(2 / 3))


def test_the_types_add_up_to_the_pair_and_swap_with_it() -> None:
    a, b = corpus()
    pair = pairwise(a, b)
    rows = per_type_agreement(pair)
    total = GateCounts()
    for row in rows:
        total = total + row.gate
    assert total == pair.gate["mention_type"]
    swapped = per_type_agreement(pair.swapped())
    assert [(r.name, r.gate.swapped()) for r in swapped] == [(r.name, r.gate) for r in rows]


def test_evmeval_iaa_prints_and_writes_the_types(tmp_path: Path) -> None:
    a, b = corpus()
    paths = []
    for f in (a, b):
        path = tmp_path / f"{f.path}.tbf"
        path.write_text(format_tbf(list(f.documents.values())), encoding="utf-8")
        paths.append(str(path))
    tables = tmp_path / "tkn"
    tables.mkdir()
    for doc in ("d1", "d2"):
        rows = "".join(f"t{i}\tw{i}\t{4 * i}\t{4 * i + 2}\n" for i in range(1, 10))
        (tables / f"{doc}.tab").write_text("token_id\ttoken_str\ttkn_begin\ttkn_end\n" + rows, encoding="utf-8")
    done = subprocess.run([installed("evmeval-iaa"), "-t", str(tables), *paths, "--json", str(tmp_path / "iaa.json")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("  Attack")]
    assert lines[0].split() == ["Attack", "1", "1", "0", "1", "33.33", "50.00", "40.00", "66.67", "100.00", "80.00"]
    data = json.loads((tmp_path / "iaa.json").read_text(encoding="utf-8"))
    attack = next(t for t in data["pairs"][0]["types"] if t["type"] == "Attack")
    assert (attack["correct"], attack["partial"], attack["missing"], attack["spurious"]) == (1, 1, 0, 1)
    assert attack["strict"]["f1"] == pytest.approx(0.4) and attack["lenient"]["f1"] == pytest.approx(0.8)
