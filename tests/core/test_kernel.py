"""The optional C kernel (`evmeval.mention._kernel`, driven by `evmeval.cli.fastpath`): same bytes, warnings, exit codes
as the pure-Python path, on the published data and on random valid and malformed inputs.

Every test that needs the kernel is skipped, with the reason printed, when the extension is not built
(`pip install` without a compiler): the pure-Python path is then the only one and the rest of the
suite covers it.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from evmeval._util.kernels import PURE_PYTHON_VARIABLE
from evmeval.cli import fastpath
from evmeval.cli.score import score_main
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.programs import installed

needs_kernel = pytest.mark.skipif(fastpath._kernel is None,
                                  reason="C kernel evmeval.mention._kernel is not built: pure path only")
PATHS = ["kernel", "pure"]
TOKEN_SYSTEMS = ["A", "B", "C", "D"]
KERNEL_TAKES = {"A": True, "B": True, "C": True, "D": False}
"""System D is an empty file: its "no document found" warning is the Python path's to give."""


@contextlib.contextmanager
def path_forced(which: str) -> Iterator[list[bool]]:
    """Run on the kernel's path or the pure one; yields a list that records whether the kernel finished
    a run (True) or declined it (False)."""
    if which == "kernel" and fastpath._kernel is None:
        pytest.skip("C kernel evmeval.mention._kernel is not built: pure path only")
    taken: list[bool] = []
    original = fastpath._kernel_run
    old = os.environ.get(PURE_PYTHON_VARIABLE)

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        run = original(*args, **kwargs)
        taken.append(run is not None)
        return run

    fastpath._kernel_run = spy  # type: ignore[assignment]
    if which == "pure":
        os.environ[PURE_PYTHON_VARIABLE] = "1"
    else:
        os.environ.pop(PURE_PYTHON_VARIABLE, None)
    try:
        yield taken
    finally:
        fastpath._kernel_run = original  # type: ignore[assignment]
        if old is None:
            os.environ.pop(PURE_PYTHON_VARIABLE, None)
        else:
            os.environ[PURE_PYTHON_VARIABLE] = old


Run = tuple[int, bytes, bytes, str, list[bool], bytes]


def run_both(args: list[str], folder: Path, which: str) -> Run:
    """Exit code, report bytes, comparison bytes, stderr, whether the kernel took the run, and the
    `--json` bytes (the kernel writes its pair lists itself: `evmeval.cli.fastpath_json`)."""
    out, cmp, data = folder / f"{which}.txt", folder / f"{which}_cmp.txt", folder / f"{which}.json"
    for f in (out, cmp, data):
        f.unlink(missing_ok=True)
    stderr = io.StringIO()
    with path_forced(which) as taken, contextlib.redirect_stderr(stderr):
        code = score_main([*args, "-o", str(out), "-d", str(cmp), "--json", str(data)])
    return code, _bytes(out), _bytes(cmp), stderr.getvalue(), taken, _bytes(data)


def outputs(run: Run) -> tuple[object, ...]:
    """What a user gets from a run: all but which path took it."""
    code, report, comparison, stderr, _, data = run
    return code, report, comparison, stderr, data


def _bytes(path: Path) -> bytes:
    return path.read_bytes() if path.exists() else b""


# ---------------------------------------------------------------- the published outputs, on both paths

def _token_args(data: Path, system: str) -> list[str]:
    demo = data / "scoring_demo" / "token_based"
    return ["-g", str(demo / "gold.tbf"), "-s", str(demo / f"sample_system_{system}.tbf"), "-t", str(demo / "tkn")]


@pytest.mark.parametrize("which", PATHS)
@pytest.mark.parametrize("system", TOKEN_SYSTEMS)
def test_published_outputs_byte_for_byte_on_both_paths(which: str, system: str, evmeval_data: Path,
                                                       tmp_path: Path) -> None:
    expected = evmeval_data / "expected" / f"token_based_system_{system}"
    code, report, comparison, _, taken, _ = run_both(_token_args(evmeval_data, system), tmp_path, which)
    assert code == 0
    assert report == (expected / "scores.txt").read_bytes()
    assert comparison == (expected / "comparison.txt").read_bytes()
    assert taken == ([KERNEL_TAKES[system]] if which == "kernel" else [])


@needs_kernel
@pytest.mark.parametrize("system", TOKEN_SYSTEMS)
def test_published_data_gives_the_same_json_on_both_paths(system: str, evmeval_data: Path, tmp_path: Path) -> None:
    """The kernel's pair lists are a second form of `mapping_json` + the C encoder: every byte compared."""
    kernel = run_both(_token_args(evmeval_data, system), tmp_path, "kernel")
    pure = run_both(_token_args(evmeval_data, system), tmp_path, "pure")
    assert outputs(kernel) == outputs(pure)
    assert kernel[5].count(b'"gold_index"') > 0 if system != "D" else kernel[5]


@needs_kernel
def test_published_report_on_stdout_from_the_kernel(evmeval_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with path_forced("kernel") as taken:
        assert score_main(_token_args(evmeval_data, "B")) == 0
    assert taken == [True]
    expected = evmeval_data / "expected" / "token_based_system_B" / "scores.txt"
    assert capsys.readouterr().out == expected.read_text(encoding="utf-8")


def test_forced_pure_python_through_the_environment_variable(evmeval_data: Path, tmp_path: Path) -> None:
    """EVMEVAL_PURE_PYTHON=1 in a real process: same bytes as the published outputs, kernel never asked."""
    out, cmp = tmp_path / "s.txt", tmp_path / "c.txt"
    env = {**os.environ, PURE_PYTHON_VARIABLE: "1"}
    probe = ("import sys; from evmeval.cli import fastpath; fastpath.run_kernel = None; "
             "from evmeval.cli import score as cli; "
             "cli.run_kernel = None; sys.exit(cli.score_main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", probe, *_token_args(evmeval_data, "C"), "-o", str(out), "-d",
                           str(cmp)], env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    expected = evmeval_data / "expected" / "token_based_system_C"
    assert out.read_bytes() == (expected / "scores.txt").read_bytes()
    assert cmp.read_bytes() == (expected / "comparison.txt").read_bytes()


def test_installed_program_gives_the_same_bytes_with_and_without_the_kernel(evmeval_data: Path,
                                                                            tmp_path: Path) -> None:
    outputs = []
    for pure in ("0", "1"):
        out, cmp = tmp_path / f"s{pure}.txt", tmp_path / f"c{pure}.txt"
        done = subprocess.run([installed("evmeval-score"), *_token_args(evmeval_data, "D"), "-o", str(out), "-d",
                               str(cmp)], env={**os.environ, PURE_PYTHON_VARIABLE: pure}, capture_output=True,
                              check=False)
        outputs.append((done.returncode, done.stderr, out.read_bytes(), cmp.read_bytes()))
    assert outputs[0] == outputs[1]
    assert outputs[0][2] == (evmeval_data / "expected" / "token_based_system_D" / "scores.txt").read_bytes()


# ---------------------------------------------------------------- what the kernel declines

VALID_GOLD = ("#BeginOfDocument d1\n"
              "gold\td1\tE1\tt1\tsaid\tContact_Meet\tActual\n"
              "gold\td1\tE2\tt2,t3\tmet them\tContact_Meet\tGeneric\n"
              "@Coreference\tR1\tE1,E2\n"
              "#EndOfDocument\n")
VALID_SYSTEM = VALID_GOLD.replace("gold\t", "sys\t").replace("t2,t3", "t3")
TABLE = "".join(f"t{k}\tw{k}\t{3 * k}\t{3 * k + 1}\n" for k in range(6))


def _corpus(folder: Path, gold: str, system: str, tables: dict[str, str] | None = None) -> list[str]:
    (folder / "tkn").mkdir(exist_ok=True)
    for doc_id, table in (tables if tables is not None else {"d1": TABLE}).items():
        (folder / "tkn" / f"{doc_id}.tab").write_text(table, encoding="utf-8")
    (folder / "gold.tbf").write_bytes(gold.encode("utf-8"))
    (folder / "system.tbf").write_bytes(system.encode("utf-8"))
    return ["-g", str(folder / "gold.tbf"), "-s", str(folder / "system.tbf"), "-t", str(folder / "tkn")]


@needs_kernel
def test_a_plain_valid_pair_is_taken_by_the_kernel(tmp_path: Path) -> None:
    args = _corpus(tmp_path, VALID_GOLD, VALID_SYSTEM)
    kernel, pure = run_both(args, tmp_path, "kernel"), run_both(args, tmp_path, "pure")
    assert kernel[4] == [True]
    assert outputs(kernel) == outputs(pure)
    assert kernel[0] == 0 and b"Contact_Meet" not in kernel[1] and b"contactmeet" in kernel[1]


DECLINED = {
    "CRLF": (VALID_GOLD.replace("\n", "\r\n"), VALID_SYSTEM),
    "duplicate document": (VALID_GOLD + VALID_GOLD, VALID_SYSTEM),
    "trailing space": (VALID_GOLD.replace("Actual\n", "Actual \n", 1), VALID_SYSTEM),
    "too few fields": (VALID_GOLD.replace("\tActual\n", "\n", 1), VALID_SYSTEM),
    "unknown token id": (VALID_GOLD.replace("t1", "t99"), VALID_SYSTEM),
    "empty token id": (VALID_GOLD.replace("t2,t3", "t2,,t3"), VALID_SYSTEM),
    "mention outside a document": ("gold\td1\tE9\tt1\tx\tA\tB\n" + VALID_GOLD, VALID_SYSTEM),
    "unclosed document": (VALID_GOLD.replace("#EndOfDocument\n", ""), VALID_SYSTEM),
    "not UTF-8": (VALID_GOLD, VALID_SYSTEM.replace("said", "sa\udcffid")),
    "no document": ("# nothing here\n", VALID_SYSTEM),
}


@needs_kernel
@pytest.mark.parametrize("case", list(DECLINED))
def test_the_kernel_declines_the_unusual_and_python_says_the_same(case: str, tmp_path: Path) -> None:
    gold, system = DECLINED[case]
    (tmp_path / "tkn").mkdir()
    (tmp_path / "tkn" / "d1.tab").write_text(TABLE, encoding="utf-8")
    (tmp_path / "gold.tbf").write_bytes(gold.encode("utf-8", "surrogateescape"))
    (tmp_path / "system.tbf").write_bytes(system.encode("utf-8", "surrogateescape"))
    args = ["-g", str(tmp_path / "gold.tbf"), "-s", str(tmp_path / "system.tbf"), "-t", str(tmp_path / "tkn")]
    kernel, pure = run_both(args, tmp_path, "kernel"), run_both(args, tmp_path, "pure")
    assert kernel[4] in ([False], [])  # declined (or, for an unreadable file, never tried)
    assert outputs(kernel) == outputs(pure)


@needs_kernel
def test_char_mode_and_other_options_never_reach_the_kernel(tmp_path: Path) -> None:
    args = _corpus(tmp_path, VALID_GOLD, VALID_SYSTEM)
    char_args = args[:4]
    assert run_both(char_args, tmp_path, "kernel")[4] == []
    for extra in (["-wl", str(tmp_path / "gold.tbf")], ["-dn", "d1"], ["--mapping", "optimal"], ["-of", "3,2"]):
        assert run_both(args + extra, tmp_path, "kernel")[4] == [], extra
    # -c with --json is the kernel's (tests/core/test_combined_kernel_json.py)
    assert run_both([*args, "-c", str(tmp_path / "x.conll")], tmp_path, "kernel")[4] == [True]


@needs_kernel
def test_flagged_documents_are_checked_by_python_with_their_own_line_numbers(tmp_path: Path) -> None:
    """A cluster holding one span twice and repeated system ids: the kernel flags, Python words."""
    gold = VALID_GOLD.replace("t2,t3", "t1")
    system = VALID_SYSTEM.replace("E2\t", "E1\t")
    args = _corpus(tmp_path, "# head\n\n" + gold, system)
    kernel, pure = run_both(args, tmp_path, "kernel"), run_both(args, tmp_path, "pure")
    assert kernel[4] == [True]
    assert outputs(kernel) == outputs(pure)
    assert "gold.tbf:6: cluster 'R1' holds the same span twice" in kernel[3]
    assert "duplicate system mention ids in document 'd1'" in kernel[3]


@needs_kernel
@pytest.mark.parametrize(("links", "flagged"), [
    ("@After\tR2\tE1,E2\n@Subevent\tR3\tE2,E1\n", 0),
    ("@After\tR2\tE1,E2,E1\n", 1),
    ("@After\tR2\tE1,E9\n", 1),
    ("@Subevent\tR2\tE1\n", 1),
    ("@Before\tR2\tE1,E2\n", 1),
])
def test_sequencing_links_are_checked_in_c_unless_python_has_something_to_say(
        links: str, flagged: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """@After/@Subevent links between two known mentions are clean in C: a corpus of 1.2M links (MAVEN-ERE's
    size) is not parsed again in Python. Anything else is flagged, and Python words it as it would."""
    gold = VALID_GOLD.replace("#EndOfDocument", links + "#EndOfDocument")
    args = _corpus(tmp_path, gold, VALID_SYSTEM)
    parsed: list[str] = []
    original = fastpath.parse_tbf

    def spy(text: str, **kwargs: object) -> object:
        parsed.append(str(kwargs.get("path")))
        return original(text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(fastpath, "parse_tbf", spy)
    kernel = run_both(args, tmp_path, "kernel")
    monkeypatch.setattr(fastpath, "parse_tbf", original)
    pure = run_both(args, tmp_path, "pure")
    assert kernel[4] == [True]
    assert outputs(kernel) == outputs(pure)
    assert len(parsed) == flagged
    assert ("warning" in kernel[3]) == bool(flagged)


# ---------------------------------------------------------------- random pairs through both paths

DOC_IDS = ["d1", "d2", "dé3"]
TYPES = ["Contact_Meet", "contact.MEET", "Life_Die", "'jUSTICE_tRIAL-hEARING'", "NOT_ANNOTATED", "---"]
REALIS = ["Actual", "Generic", "Other", "NOT_ANNOTATED", "actual"]
TOKENS = [*(f"t{k}" for k in range(8)), "x1"]
"""Token ids; `x1` is not numbered like its row, so the table's ids are looked up as a set."""


@st.composite
def mention_lines(draw: st.DrawFn, run: str, doc_id: str, noisy: bool) -> list[str]:
    """Mention lines; `noisy` adds what the kernel declines (bad spans, unknown ids, missing fields)."""
    lines = []
    for n in range(draw(st.integers(0, 6))):
        span = ",".join(draw(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=3)))
        if noisy:
            span = draw(st.sampled_from([span] * 4 + ["t99", "t1,,t2", "t1, t2", "", "x7"]))
        mention_id = draw(st.sampled_from([f"E{n + 1}"] * 6 + ["E1", f'E"{n}', f"E\\{n}", f"Eé{n}", f"E😀{n}",
                                                             f"E/{n}"]))
        column = draw(st.sampled_from([doc_id] * 8 + ["other"]))
        fields = [run, column, mention_id, span, draw(st.sampled_from(["word", "two words", "ü"])),
                  draw(st.sampled_from(TYPES)), draw(st.sampled_from(REALIS))]
        if draw(st.booleans()):
            fields.append("0.5")
        if noisy and draw(st.integers(0, 10)) == 0:
            fields = fields[:5]
        lines.append("\t".join(fields))
    return lines


@st.composite
def relation_lines(draw: st.DrawFn, count: int, noisy: bool) -> list[str]:
    lines = []
    for n in range(draw(st.integers(0, 2))):
        members = draw(st.lists(st.sampled_from([f"E{k + 1}" for k in range(max(count, 1))] + ["E40"]),
                                min_size=1, max_size=3))
        kind = draw(st.sampled_from(["Coreference"] * 6 + ["After", "Subevent", "Bogus"]))
        line = f"@{kind}\tR{n + 1}\t{','.join(members)}"
        lines.append(draw(st.sampled_from([line] * 4 + [line + "\textra", f"@{kind}\tR{n}"])) if noisy else line)
    return lines


@st.composite
def tbf_text(draw: st.DrawFn, run: str) -> str:
    """A tbf file: mostly well formed (repeated ids, odd clusters and unknown mention ids included);
    one in three is noisy (CRLF, stray whitespace, repeated or unclosed documents, malformed lines)."""
    noisy = draw(st.integers(0, 2)) == 0
    lines: list[str] = []
    for doc_id in draw(st.lists(st.sampled_from(DOC_IDS), min_size=0 if noisy else 1, max_size=3,
                                unique=not noisy or draw(st.booleans()))):
        body = draw(mention_lines(run, doc_id, noisy))
        lines.append(f"#BeginOfDocument {doc_id}")
        lines.extend(body)
        lines.extend(draw(relation_lines(len(body), noisy)))
        if not noisy or draw(st.integers(0, 5)):
            lines.append("#EndOfDocument")
    text = "\n".join(lines) + ("\n" if draw(st.booleans()) else "")
    noise = draw(st.sampled_from(["crlf", "blank", "comment", "spaces", "tabs"] if noisy else ["blank", "comment"]))
    if noise == "crlf":
        text = text.replace("\n", "\r\n")
    elif noise == "blank":
        text = text.replace("\n", "\n\n", 2)
    elif noise == "comment":
        text = "# a comment\n" + text
    elif noise == "spaces":
        text = text.replace("\n", " \n", 1)
    elif noise == "tabs":
        text = "\t" + text
    return text


@st.composite
def token_tables(draw: st.DrawFn) -> dict[str, str]:
    """Token tables; most hold every token id (in order, reversed, or after a header), some miss."""
    tables = {}
    complete = draw(st.integers(0, 3)) > 0
    for doc_id in DOC_IDS if complete else draw(st.lists(st.sampled_from(DOC_IDS), unique=True, max_size=3)):
        rows = [f"{t}\tw\t{k * 2}\t{k * 2}" for k, t in enumerate(TOKENS[:len(TOKENS) if complete else
                                                                    draw(st.integers(0, len(TOKENS)))])]
        if draw(st.booleans()):
            rows = rows[::-1]
        if draw(st.integers(0, 4)) == 0:
            rows.insert(0, "token_id\ttoken_str\ttkn_begin\ttkn_end")
        tables[doc_id] = "\n".join(rows) + "\n"
    return tables


@needs_kernel
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gold=tbf_text("gold"), system=tbf_text("sys"), tables=token_tables())
def test_random_pairs_give_the_same_bytes_warnings_and_exit_codes(gold: str, system: str,
                                                                  tables: dict[str, str]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        args = _corpus(folder, gold, system, tables)
        kernel, pure = run_both(args, folder, "kernel"), run_both(args, folder, "pure")
    assert outputs(kernel) == outputs(pure)
    event("kernel took the run" if kernel[4] == [True] else "kernel declined")


def test_the_kernel_is_built_wherever_a_compiler_and_headers_are() -> None:
    """`pip install -e .` builds it in place when it can: a silent build failure must not pass as a skip."""
    import shutil
    import sysconfig

    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if shutil.which("gcc") is None or not headers.is_file():
        pytest.skip("no C compiler or Python headers here: the kernel cannot be built")
    assert fastpath._kernel is not None, "gcc and Python.h are present but evmeval.mention._kernel was not built"


def _medium_corpus(folder: Path, seed: int) -> list[str]:
    """40 documents in the shape of a real run: multi-token spans, shared tokens, clusters, a gold
    document without mentions, gold documents the system lacks, a system-only document, raw type
    spellings that canonicalise together, a document with repeated system ids (flagged)."""
    import random

    rng = random.Random(seed)
    doc_ids = [f"NYT_ENG_{n:04d}" for n in range(40)]
    rng.shuffle(doc_ids)
    tables = {d: "".join(f"t{k}\tw{k}\t{k * 4}\t{k * 4 + 2}\n" for k in range(60)) for d in [*doc_ids, "SYS_ONLY"]}

    def document(run: str, doc_id: str, count: int, repeat_id: bool) -> str:
        lines = [f"#BeginOfDocument {doc_id}"]
        for n in range(count):
            first = rng.randrange(55)
            span = ",".join(f"t{first + k}" for k in sorted(rng.sample(range(5), rng.choice([1, 1, 1, 2, 3]))))
            mention_id = "E1" if repeat_id and n == 2 else f"E{n + 1}"
            lines.append("\t".join([run, doc_id, mention_id, span, "w", rng.choice(TYPES), rng.choice(REALIS)]))
        if count >= 4:
            lines.append(f"@Coreference\tR1\tE{count},E{count - 1}")
        lines.append("#EndOfDocument")
        return "\n".join(lines) + "\n"

    gold = "".join(document("gold", d, 0 if n == 5 else rng.randrange(1, 30), False) for n, d in enumerate(doc_ids))
    system = "".join(document("run1", d, rng.randrange(0, 30), n == 7) for n, d in enumerate(doc_ids[3:]))
    system += document("run1", "SYS_ONLY", 3, False)
    return _corpus(folder, gold, system, tables)


@needs_kernel
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_medium_corpus_is_taken_by_the_kernel_with_the_same_bytes(seed: int, tmp_path: Path) -> None:
    args = _medium_corpus(tmp_path, seed)
    kernel, pure = run_both(args, tmp_path, "kernel"), run_both(args, tmp_path, "pure")
    assert kernel[4] == [True]
    assert outputs(kernel) == outputs(pure)
    assert "3 gold document(s) not in the system file" in kernel[3]
    assert "has no mentions; it is left out of the averages" in kernel[3]
    assert kernel[2].count(b"#BeginOfDocument") == 40


def test_without_the_extension_the_python_path_runs(evmeval_data: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """What an install without a compiler does: no `evmeval.mention._kernel`, every run on the Python path."""
    monkeypatch.setattr(fastpath, "_kernel", None)
    monkeypatch.delenv(PURE_PYTHON_VARIABLE, raising=False)
    assert not fastpath.kernel_available()
    out = tmp_path / "s.txt"
    assert score_main([*_token_args(evmeval_data, "A"), "-o", str(out)]) == 0
    assert out.read_bytes() == (evmeval_data / "expected" / "token_based_system_A" / "scores.txt").read_bytes()


@needs_kernel
def test_a_declined_run_forks_its_checker_after_the_kernel_let_go(tmp_path: Path) -> None:
    """The installed program (which forks its checker) on a run the kernel declines late (a token id
    its table lacks: known only after the probe): same output as the forced Python path."""
    args = _corpus(tmp_path, VALID_GOLD.replace("t1", "t99"), VALID_SYSTEM)
    outputs = []
    for pure in ("0", "1"):
        out = tmp_path / f"s{pure}.txt"
        done = subprocess.run([installed("evmeval-score"), *args, "-o", str(out)], capture_output=True, check=False,
                              env={**os.environ, PURE_PYTHON_VARIABLE: pure, "PYTHONWARNINGS": "error"})
        outputs.append((done.returncode, done.stderr, out.read_bytes()))
    assert outputs[0] == outputs[1]
    assert b"token id(s) t99 of mention 'E1' not found" in outputs[0][1]


@needs_kernel
def test_one_switch_turns_every_kernel_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """`EVMEVAL_PURE_PYTHON=1` is one rule, written once (`evmeval._util.kernels`): the mention, coreference and
    time-graph kernels and `--version` all read it there."""
    import ast
    from pathlib import Path

    import evmeval
    from evmeval._util.kernels import pure_python
    from evmeval.cli.console import version_text
    from evmeval.coref.kernel import load_kernel as load_coref
    from evmeval.sequencing.timegraph_kernel import load_kernel as load_timegraph

    root = Path(evmeval.__file__).parent
    written = [str(path.relative_to(root)) for path in sorted(root.rglob("*.py"))
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.Constant) and node.value == PURE_PYTHON_VARIABLE]
    assert written == [str(Path("_util") / "kernels.py")]
    monkeypatch.setenv(PURE_PYTHON_VARIABLE, "1")
    assert pure_python() and not fastpath.kernel_available()
    assert load_coref() is None and load_timegraph() is None
    assert version_text("evmeval-score").endswith("C kernels: no (EVMEVAL_PURE_PYTHON=1))")
    monkeypatch.setenv(PURE_PYTHON_VARIABLE, "0")
    assert not pure_python()
