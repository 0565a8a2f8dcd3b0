"""`evmeval-convert` between any two formats: every pair converts and reads back; round trips keep mentions."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest
from evmeval.cli.convert import convert_main
from evmeval.conventions import input_format
from evmeval.conventions.convert import SOURCES, TARGETS, Output, convert
from evmeval.io.tbf import read_tbf
from evmeval.io.tokens import parse_token_table
from evmeval.io.writing import write_atomic
from evmeval.model import SpanMode, TokenTable

from tests.shipped import EXAMPLES

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = {"textee": EXAMPLES / "textee_gold.jsonl", "dygiepp": EXAMPLES / "dygiepp_gold.jsonl",
         "maven": EXAMPLES / "maven_gold.jsonl", "maven-ere": EXAMPLES / "maven_ere_gold.jsonl",
         "bionlp": EXAMPLES / "bionlp" / "gold"}
OPTIONS = {"tbf": ("-t", "tkn", "--text", "txt")}

Found = dict[str, list[tuple[str, str, tuple[object, ...]]]]


def _write(out: Output, folder: Path) -> None:
    for name, text in out.files.items():
        os.makedirs(folder / os.path.dirname(name), exist_ok=True)
        write_atomic(str(folder / name), text)


def _options(fmt: str, folder: Path) -> dict[str, str | None]:
    if fmt != "tbf":
        return {}
    return {"token_dir": str(folder / "tkn") if (folder / "tkn").is_dir() else None,
            "text_dir": str(folder / "txt") if (folder / "txt").is_dir() else None}


def _input(fmt: str, folder: Path) -> str:
    if fmt == "tbf":
        return str(next(folder.glob("*.tbf")))
    if fmt in ("brat", "bionlp", "casie"):
        return str(folder)
    return str(next(folder.glob("*.jsonl")))


def mentions(path: str, fmt: str, options: dict[str, str | None]) -> Found:
    """Each document's mentions as (id, type, span): spans as token positions (token formats) or
    character parts, read through the format's own reader (its leg into tbf)."""
    if fmt == "tbf":
        tbf_path, token_dir = path, options.get("token_dir")
        tables = {p[:-4]: parse_token_table(Path(token_dir, p).read_text(), doc_id=p[:-4])
                  for p in os.listdir(token_dir)} if token_dir else {}
    else:
        out = convert(path, fmt, "tbf")
        text = next(t for n, t in out.files.items() if n.endswith(".tbf"))
        tables = {n[4:-4]: parse_token_table(t, doc_id=n[4:-4]) for n, t in out.files.items() if n.startswith("tkn")}
        return _found(text, tables)
    return _found(Path(tbf_path).read_text(), tables)


def _found(text: str, tables: dict[str, TokenTable]) -> Found:
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".tbf", delete=False) as handle:
        handle.write(text)
    try:
        tbf, _ = read_tbf(handle.name, mode=SpanMode.TOKEN if tables else SpanMode.CHAR)
    finally:
        os.unlink(handle.name)
    found: Found = {}
    for doc in tbf.documents.values():
        index = tables[doc.doc_id].index() if tables else None
        found[doc.doc_id] = sorted((m.mention_id, m.raw_type,
                                    tuple(index[t] for t in m.span) if index is not None else tuple(m.span))
                                   for m in doc.mentions)
    return found


PAIRS = [(s, t) for s, t in itertools.product(SOURCES, TARGETS) if s != t]


@pytest.mark.parametrize(("source", "target"), PAIRS)
def test_every_pair_converts_and_reads_back(samples: dict, tmp_path: Path, source: str, target: str) -> None:
    path, options = samples[source]
    out = convert(path, source, target, **options)
    _write(out, tmp_path)
    written = _input(target, tmp_path)
    assert input_format(written) == target
    back = mentions(written, target, _options(target, tmp_path))
    assert sum(map(len, back.values())) == sum(map(len, mentions(path, source, options).values()))


def _round_trip(samples: dict, root: Path, source: str, target: str) -> tuple[Found, Found]:
    path, options = samples[source]
    _write(convert(path, source, target, **options), root / "there")
    there = _input(target, root / "there")
    _write(convert(there, target, source, **_options(target, root / "there")), root / "back")
    back = root / "back"
    return mentions(path, source, options), mentions(_input(source, back), source, _options(source, back))


KEEP_IDS = [("maven", "maven-ere"), ("maven-ere", "maven"), ("maven", "tbf"), ("maven-ere", "tbf"),
            ("bionlp", "brat"), ("brat", "bionlp"), ("bionlp", "tbf"), ("brat", "tbf")]
"""Both formats keep mention ids and both directions are lossless for mentions: ids, spans and types come back."""
KEEP_SPANS = [("textee", "tbf"), ("textee", "maven"), ("textee", "maven-ere"), ("dygiepp", "tbf"),
              ("dygiepp", "textee"), ("dygiepp", "maven"), ("maven", "textee"), ("casie", "tbf"), ("casie", "brat")]
"""One format names mentions by position (TextEE, DyGIE++) or renumbers them: spans and types come back."""


@pytest.mark.parametrize(("source", "target"), KEEP_IDS)
def test_round_trip_keeps_mention_ids_spans_types(samples: dict, tmp_path: Path, source: str, target: str) -> None:
    before, after = _round_trip(samples, tmp_path, source, target)
    assert after == before


@pytest.mark.parametrize(("source", "target"), KEEP_SPANS)
def test_round_trip_keeps_mention_spans_types(samples: dict, tmp_path: Path, source: str, target: str) -> None:
    before, after = _round_trip(samples, tmp_path, source, target)
    assert {d: sorted(m[1:] for m in ms) for d, ms in after.items()} == {
        d: sorted(m[1:] for m in ms) for d, ms in before.items()}


def test_cli_converts_through_tbf_naming_each_leg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """MAVEN-ERE -> CASIE in one command; the report says which leg dropped what; outputs checked first."""
    out = tmp_path / "out"
    assert convert_main(["--to", "casie", str(FILES["maven-ere"]), "-o", str(out)]) == 0
    report = capsys.readouterr().out
    assert "not carried: 1 causal relations [maven-ere -> tbf]" in report
    assert "not carried: 1 after/subevent relations [tbf -> casie]" in report
    assert input_format(str(out)) == "casie"
    (tmp_path / "taken").write_text("x")
    assert convert_main(["--to", "maven", str(FILES["textee"]), "-o", str(tmp_path / "taken")]) == 1
    assert "error" in capsys.readouterr().err


def test_a_pivot_reports_made_up_realis_only_where_the_target_keeps_it(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """TextEE -> MAVEN: neither has realis, so the first leg's NOT_ANNOTATED is nothing the user loses;
    MAVEN-ERE -> CASIE: CASIE writes it, so the report says it was made up."""
    assert convert_main(["--to", "maven", str(FILES["textee"]), "-o", str(tmp_path / "maven")]) == 0
    report = capsys.readouterr().out
    assert "[textee -> tbf]" in report  # the leg's other losses are still listed
    assert "realis" not in report
    assert convert_main(["--to", "casie", str(FILES["maven-ere"]), "-o", str(tmp_path / "casie")]) == 0
    assert "realis (the source has none: NOT_ANNOTATED written) [maven-ere -> tbf]" in capsys.readouterr().out
