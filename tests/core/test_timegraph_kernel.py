"""The C kernel of the published closure (`evmeval.sequencing._timegraphkernel`) against the Python path.

`evaluate_document(..., PublishedTimegraph)` takes the kernel when it is built; every field of the
`DocumentAwareness` (counts, weight, each link's outcome) must equal the Python graph's, on random link
sequences over a few nodes (repeats, self links, both directions, tangles that reach the path search and
the -1000 pseudo-time quirk), and so must the exception where v1.8 divides by zero. Inputs outside the
common case (a name with a space, a relation the links never carry) go to the Python path. The kernel's
Python 2.7 set order (the order links arrive in) equals `py2order`'s on random string tuples. Skipped where
the kernel is not built; `EVMEVAL_PURE_PYTHON=1` turns it off.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from evmeval._util.kernels import PURE_PYTHON_VARIABLE
from evmeval.sequencing import timegraph_kernel
from evmeval.sequencing.links import Tlink
from evmeval.sequencing.py2order import tuple_set_order
from evmeval.sequencing.temporal_awareness import DocumentAwareness, LinkOutcome, evaluate_document
from evmeval.sequencing.timegraph import PublishedTimegraph
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from tests.programs import installed

KERNEL = timegraph_kernel.load_kernel()
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="the C kernel is not built (optional)")
SEQUENCING = Path(__file__).resolve().parent.parent / "data" / "sequencing"

Raw = tuple[str, str, str]


def _tlinks(raw: list[Raw]) -> list[Tlink]:
    return [Tlink(x, y, relation, "After" if relation == "BEFORE" else "Subevent", f"E-{x}", f"E-{y}", line)
            for line, (x, y, relation) in enumerate(raw, start=1)]


def _evaluate(gold: list[Tlink], system: list[Tlink], kernel: object) -> DocumentAwareness | tuple:
    """The document's awareness with the kernel or without (None), or the exception it raises."""
    saved = timegraph_kernel.KERNEL
    timegraph_kernel.KERNEL = kernel  # type: ignore[assignment]
    try:
        return evaluate_document("doc", gold, system, PublishedTimegraph)
    except Exception as exc:  # the same exception either way is the point
        return (type(exc), exc.args)
    finally:
        timegraph_kernel.KERNEL = saved


def _path_search_refusals(gold_raw: list[Raw], system_raw: list[Raw]) -> int:
    """How often the published path search says no where the relaxed search said yes, in the Python
    evaluation (both graphs, built and asked)."""
    search = PublishedTimegraph._path_search
    refusals = 0

    def counting(graph: PublishedTimegraph, start: str, goal: str) -> bool:
        nonlocal refusals
        found = search(graph, start, goal)
        refusals += not found
        return found

    PublishedTimegraph._path_search = counting  # type: ignore[method-assign]
    try:
        _evaluate(_tlinks(gold_raw), _tlinks(system_raw), None)
    finally:
        PublishedTimegraph._path_search = search  # type: ignore[method-assign]
    return refusals


names = st.sampled_from("abcdefg")
links = st.lists(st.tuples(names, names, st.sampled_from(["BEFORE", "INCLUDES"])), max_size=30)


def _tangle(rng: random.Random) -> tuple[list[Raw], list[Raw]]:
    """Two sides of 10 to 80 links over 5 to 30 nodes, half of the system's from the gold's (a few percent
    of these reach a path-search refusal; hypothesis' own small lists hardly ever do)."""
    nodes = [f"te{k}" for k in range(rng.randint(5, 30))]

    def side() -> list[Raw]:
        return [(rng.choice(nodes), rng.choice(nodes), rng.choice(["BEFORE", "INCLUDES"]))
                for _ in range(rng.randint(10, 80))]

    gold = side()
    return gold, side()[:40] + rng.sample(gold, len(gold) // 2)


sides = st.one_of(st.tuples(links, links), st.integers(0, 2**32).map(lambda seed: _tangle(random.Random(seed))))
TANGLE = [("b", "d", "BEFORE"), ("e", "d", "BEFORE"), ("a", "b", "INCLUDES"), ("c", "e", "BEFORE"),
          ("c", "e", "BEFORE"), ("c", "a", "INCLUDES"), ("c", "c", "INCLUDES")]
"""Found by search: asked whether a BEFORE b, the relaxed search reaches where the published one does not."""
PREPENDED = [("A", "B", "BEFORE"), ("X", "A", "BEFORE"), ("P", "X", "BEFORE"), ("R", "P", "BEFORE")]
"""Each new start at -1000 (test_sequencing_graph's pseudo-time case): the graph "entails" P before R."""


@needs_kernel
@settings(max_examples=400, deadline=None)
@given(sides)
@example((TANGLE, [("a", "b", "BEFORE"), *TANGLE[::-1]]))
@example((PREPENDED, [("P", "R", "BEFORE")]))
@example(([("a", "a", "BEFORE"), ("a", "b", "BEFORE"), ("b", "a", "BEFORE")], [("a", "b", "BEFORE")] * 3))
def test_the_kernel_gives_every_field_the_python_graph_gives(both: tuple[list[Raw], list[Raw]]) -> None:
    gold_raw, system_raw = both
    gold, system = _tlinks(gold_raw), _tlinks(system_raw)
    assert KERNEL is not None and KERNEL.evaluate(gold, system, LinkOutcome) is not None  # the kernel took it
    refusals = _path_search_refusals(gold_raw, system_raw)
    if refusals:
        event("the path search refuses what the relaxed search allows")
    if any(p.pseudo == -1000 for p in PublishedTimegraph(gold_raw).points.values()):
        event("a start at pseudo-time -1000")
    ours, published = _evaluate(gold, system, KERNEL), _evaluate(gold, system, None)
    assert ours == published
    if isinstance(ours, DocumentAwareness):
        assert all(type(o) is LinkOutcome for o in ours.outcomes)


@needs_kernel
@pytest.mark.parametrize("seed", [392, 408, 558, 646, 750, 851, 987])
def test_tangles_where_the_path_search_refuses(seed: int) -> None:
    """`_tangle` seeds (of 0-999) whose evaluation reaches a refusal of the path search."""
    gold_raw, system_raw = _tangle(random.Random(seed))
    assert _path_search_refusals(gold_raw, system_raw) > 0
    gold, system = _tlinks(gold_raw), _tlinks(system_raw)
    assert _evaluate(gold, system, KERNEL) == _evaluate(gold, system, None)


@needs_kernel
def test_the_examples_reach_the_quirks() -> None:
    """The examples above do exercise what they are there for."""
    assert _path_search_refusals(TANGLE, [("a", "b", "BEFORE")]) > 0
    assert any(p.pseudo == -1000 for p in PublishedTimegraph(PREPENDED).points.values())
    found = _evaluate(_tlinks(PREPENDED), _tlinks([("P", "R", "BEFORE")]), KERNEL)
    assert isinstance(found, DocumentAwareness) and found.precision_matched == 1  # the quirk's false credit


@needs_kernel
@pytest.mark.parametrize(("gold_raw", "system_raw"), [
    ([("a b", "c", "BEFORE")], [("a b", "c", "BEFORE")]),  # a space would break v1.8's name lists
    ([("a", "b", "AFTER")], [("a", "b", "BEFORE")]),  # links only carry BEFORE / INCLUDES
    ([("a", "b", "BEFORE"), ("b", "c", "IS_INCLUDED"), ("a", "b", "IS_INCLUDED")], [("b", "c", "BEFORE")]),
])
def test_outside_the_common_case_the_python_path_decides(gold_raw: list[Raw], system_raw: list[Raw]) -> None:
    gold, system = _tlinks(gold_raw), _tlinks(system_raw)
    assert KERNEL is not None and KERNEL.evaluate(gold, system, LinkOutcome) is None
    assert _evaluate(gold, system, KERNEL) == _evaluate(gold, system, None)


@needs_kernel
def test_the_undefined_weight_is_raised_the_same_way() -> None:
    """n = 2 shared nodes and 2 recall matches: 1 + 1 - 2 = 0 (v1.8's ZeroDivisionError)."""
    raw = [("a", "b", "BEFORE"), ("a", "b", "INCLUDES")]
    found = _evaluate(_tlinks(raw), _tlinks(raw), KERNEL)
    assert found == _evaluate(_tlinks(raw), _tlinks(raw), None)
    assert isinstance(found, tuple) and found[0].__name__ == "WeightUndefined"


def test_pure_python_switches_it_off() -> None:
    code = "from evmeval.sequencing.timegraph_kernel import KERNEL; print(KERNEL is None)"
    for pure, expected in (("1", "True"), ("0", str(KERNEL is None))):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={**os.environ, "EVMEVAL_PURE_PYTHON": pure})
        assert done.stdout.strip() == expected


@pytest.mark.parametrize("pure", ["0", "1"])
def test_the_recorded_v18_reports_with_and_without_the_kernel(pure: str, tmp_path: Path) -> None:
    """The published generated corpora, byte for byte, on both paths (-nv reaches more violations)."""
    for name, options in (("generated_plain", []), ("generated_nv", ["-nv"])):
        corpus = SEQUENCING / name
        out = tmp_path / name
        out.mkdir()
        done = subprocess.run([installed("evmeval-score"), "-g", corpus / "gold.tbf", "-s", corpus / "system.tbf",
                               "-a", out / "seq", *options, "-o", out / "scores.txt"],
                              capture_output=True, text=True, env={**os.environ, "EVMEVAL_PURE_PYTHON": pure})
        assert done.returncode == 0, done.stderr
        assert (out / "scores.txt").read_bytes() == (corpus / "scores.txt").read_bytes()


# --- Python 2.7's set order (py2order.tuple_set_order) ---------------------------------------------------

def _pure_order(keys: list[tuple]) -> list[tuple]:
    saved = timegraph_kernel.KERNEL
    timegraph_kernel.KERNEL = None
    try:
        return tuple_set_order(keys)
    finally:
        timegraph_kernel.KERNEL = saved


texts = st.one_of(st.sampled_from(["", "E1", "E2", "em-10", "After", "Subevent"]), st.text(max_size=6))
triples = st.tuples(texts, texts, st.sampled_from(["After", "Subevent"]))
tuples = st.lists(triples | st.lists(texts, max_size=4).map(tuple), max_size=120)


@needs_kernel
@settings(max_examples=300, deadline=None)
@given(tuples.flatmap(lambda keys: st.tuples(st.just(keys), st.lists(st.sampled_from(keys), max_size=40)
                                             if keys else st.just([])))
       .map(lambda both: both[0] + both[1]))
def test_the_set_order_is_the_python_forms(keys: list[tuple]) -> None:
    """Any string tuples (empty strings, non-ASCII text, repeats, other lengths) in the same order."""
    assert KERNEL is not None
    found = KERNEL.tuple_set_order(keys)
    assert found == _pure_order(keys)


@needs_kernel
def test_the_set_order_past_50000_keys() -> None:
    """Past 50,000 keys a Python 2.7 set grows by 2x used, not 4x."""
    rng = random.Random(5)
    keys = [(f"E{rng.randrange(400)}", f"E{rng.randrange(400)}", rng.choice(["After", "Subevent"]))
            for _ in range(90000)]
    assert len(set(keys)) > 50000
    assert KERNEL is not None and KERNEL.tuple_set_order(keys) == _pure_order(keys)


@needs_kernel
def test_keys_other_than_string_tuples_go_to_the_python_path() -> None:
    assert KERNEL is not None
    assert KERNEL.tuple_set_order([("a", "b"), ("a", 1)]) is None
    assert KERNEL.tuple_set_order([("a", "b"), ["a", "b"]]) is None


def test_the_kernel_is_built_wherever_a_compiler_and_headers_are(monkeypatch: pytest.MonkeyPatch) -> None:
    """`pip install -e .` builds it in place when it can: a silent build failure must not pass as a skip."""
    import shutil
    import sysconfig

    if shutil.which("gcc") is None or not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        pytest.skip("no C compiler or Python headers here: the kernel cannot be built")
    monkeypatch.delenv(PURE_PYTHON_VARIABLE, raising=False)
    assert timegraph_kernel.load_kernel() is not None, \
        "gcc and Python.h are present but evmeval.sequencing._timegraphkernel was not built"
