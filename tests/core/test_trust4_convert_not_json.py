"""Issue 31, item 8: `evmeval-convert --to tbf` on anything not recognised as JSON, and tbf -> tbf,
end with one message (they went through tbf into tbf until `RecursionError`)."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from evmeval.cli.convert import convert_main

from tests.core.test_convert_any import FILES


@pytest.mark.parametrize("data", [b"", "{\"a\": 1}\n".encode("utf-16"), b"a\x00b\n", b"[1, 2]\n",
                                  codecs.BOM_UTF8 + b"[]"], ids=["empty", "utf16", "nul", "array", "bom-array"])
def test_to_tbf_on_what_is_not_json_ends_with_one_message(tmp_path: Path, data: bytes,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "input.json"
    path.write_bytes(data)
    assert convert_main(["--to", "tbf", str(path), "-o", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"evmeval-convert: error: {path}") and err.count("\n") == 1, err
    assert "Traceback" not in err and "Recursion" not in err
    assert not (tmp_path / "out").exists()


def test_from_tbf_to_tbf_is_one_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert convert_main(["--to", "tbf", str(FILES["textee"]), "-o", str(tmp_path / "tbf")]) == 0
    path = str(tmp_path / "tbf" / "textee_gold.tbf")
    capsys.readouterr()
    assert convert_main(["--from", "tbf", "--to", "tbf", path, "-o", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err == (f"evmeval-convert: error: {path}: is read as tbf, and tbf -> tbf converts nothing (expected an "
                   "input in another format (textee, dygiepp, maven, maven-ere, casie, brat, bionlp: a JSON or JSONL "
                   "file, a CASIE, brat or BioNLP folder) or another --to)\n")
