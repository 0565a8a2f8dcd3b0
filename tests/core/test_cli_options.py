"""Every command speaks the same words: `--version`, examples in `--help`, the same long options for the same
concept (`--tokens`, `--texts`, `--strategy`, `--attributes`), v1.8's own spellings kept as aliases."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from evmeval.cli.compare import _parser as compare_parser
from evmeval.cli.iaa import _brat2tbf_parser, _iaa_parser
from evmeval.cli.score import score_main, validate_main

from tests.programs import installed

COMMANDS = ["evmeval-score", "evmeval-validate", "evmeval-iaa", "evmeval-brat2tbf", "evmeval-conll",
            "evmeval-compare", "evmeval-gui"]


@pytest.mark.parametrize("command", COMMANDS)
def test_version_names_the_release_and_the_kernels(command: str) -> None:
    done = subprocess.run([installed(command), "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(rf"{command} \d+\.\d+\.\d+ \(EvmEval Studio; C kernels: (yes|no|only) ?.*\)\n",
                        done.stdout), done.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_help_ends_with_examples_of_the_command_itself(command: str) -> None:
    done = subprocess.run([installed(command), "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    examples = done.stdout.split("examples:\n", 1)[1].splitlines()
    assert examples and all(line.strip().startswith(command) for line in examples if line.strip())


def test_one_word_per_option_with_v18_spellings_kept() -> None:
    for argv in (["--tokens", "tkn"], ["--token_path", "tkn"], ["-t", "tkn"]):
        assert compare_parser().parse_args(["-g", "g", "-s", "s", *argv]).token_path == "tkn"
        assert _iaa_parser().parse_args(["a", "b", *argv]).token_path == "tkn"
    assert _brat2tbf_parser().parse_args(["-d", "ann", "--tokens", "tkn", "-o", "x"]).tokenPath == "tkn"
    assert _brat2tbf_parser().parse_args(["-d", "ann", "--tokenPath", "tkn", "-o", "x"]).tokenPath == "tkn"
    for flag in ("--texts", "--text"):
        assert compare_parser().parse_args(["-g", "g", "-s", "s", flag, "txt"]).text == "txt"
    # the attributes by the window's short names or the report's names; "all" stays
    for given, value in (("span", "plain"), ("type+realis", "mention_type+realis_status"),
                         ("mention_type", "mention_type"), ("all", "all")):
        assert compare_parser().parse_args(["-g", "g", "-s", "s", "--attributes", given]).combination == value
        assert compare_parser().parse_args(["-g", "g", "-s", "s", "--combination", given]).combination == value


def test_an_unknown_attributes_name_is_refused_with_the_known_names(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        compare_parser().parse_args(["-g", "g", "-s", "s", "--attributes", "colour"])
    assert "unknown attributes 'colour' (expected one of span, plain, type" in capsys.readouterr().err


def test_strategy_and_tokens_score_as_mapping_and_token_path(evmeval_data: Path, tmp_path: Path) -> None:
    demo = evmeval_data / "scoring_demo" / "token_based"
    base = ["-g", str(demo / "gold.tbf"), "-s", str(demo / "sample_system_C.tbf")]
    new, old = tmp_path / "new.txt", tmp_path / "old.txt"
    assert score_main([*base, "--tokens", str(demo / "tkn"), "--strategy", "optimal", "-o", str(new)]) == 0
    assert score_main([*base, "--token_path", str(demo / "tkn"), "--mapping", "optimal", "-o", str(old)]) == 0
    assert new.read_bytes() == old.read_bytes()
    assert validate_main([str(demo / "gold.tbf"), "--tokens", str(demo / "tkn")]) == 0


def test_the_window_without_the_gui_extra_says_how_to_install_it() -> None:
    code = ("import sys; sys.modules['PySide6'] = None; sys.argv = ['evmeval-gui', '--demo']\n"
            "from evmeval_gui.entry import main; main()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("evmeval-gui: error: the window needs PySide6")
    assert "pip install 'evmeval-studio[gui]'" in done.stderr and "Traceback" not in done.stderr


def test_every_json_document_starts_with_its_schema_version(evmeval_data: Path, tmp_path: Path) -> None:
    import json

    from evmeval.cli.compare import compare_main
    from evmeval.cli.iaa import iaa_main

    demo = evmeval_data / "scoring_demo" / "token_based"
    gold, tkn = str(demo / "gold.tbf"), str(demo / "tkn")
    runs = {
        "score": lambda out: score_main(["-g", gold, "-s", str(demo / "sample_system_C.tbf"), "-t", tkn,
                                         "-o", str(tmp_path / "s.txt"), "--json", out]),
        "compare": lambda out: compare_main(["-g", gold, "-s", str(demo / "sample_system_A.tbf"),
                                             "-s", str(demo / "sample_system_C.tbf"), "-t", tkn, "--resamples", "50",
                                             "--json", out]),
        "iaa": lambda out: iaa_main([gold, str(demo / "sample_system_C.tbf"), "-t", tkn,
                                     "-o", str(tmp_path / "i.txt"), "--json", out]),
    }
    for name, run in runs.items():
        out = str(tmp_path / f"{name}.json")
        assert run(out) == 0, name
        data = json.loads(Path(out).read_text(encoding="utf-8"))
        assert next(iter(data)) == "schema" and data["schema"] == f"{name}/3", name
