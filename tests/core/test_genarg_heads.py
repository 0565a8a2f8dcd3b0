"""`--convention gen-arg --head-only`: gen-arg's head F1 (scorer.py --head-only), on a parse given to the scoring.

The command is run with a stand-in `spacy` package on PYTHONPATH (a fixed parse per document, read from a file
beside it): the command's own default, "spaCy's en_core_web_sm when importable", is what is exercised, with a
parse worked by hand (docs/scoring/gen-arg.md). The counts against the script itself are the recorded cases
(tests/core/test_genarg.py) and, below, gen-arg's own predictions on the real model's recorded parse.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from evmeval.conventions import Input, genarg, paie
from evmeval.conventions.base import with_options
from evmeval.conventions.heads import head_word, spacy_heads

from tests import recorded as rec
from tests.core.test_genarg import COREF, GOLD, ONTOLOGY, TOKENS, _inputs
from tests.programs import installed
from tests.record_published_heads import PARSES, PUBLISHED, published_files

GENERATION = json.dumps({"doc_key": "d", "predicted": " The protesters attacked the police station using  <arg>  at "
                         "in Kabul place", "gold": ""}) + "\n"
PARSE = [1, 2, 2, 5, 5, 2, 2, 6, 2, 10, 11, 2]
"""The₀→protesters₁→attacked₂ (root), the₃ and police₄→station₅→attacked₂, in₆→attacked₂, Kabul₇→in₆, and₈→attacked₂,
the₉→protesters₁₀→left₁₁→attacked₂: en_core_web_sm 3.8.0's parse of these words."""
GUIDE = Path(__file__).resolve().parents[2] / "docs" / "scoring" / "gen-arg.md"

_SPACY = '''"""A stand-in for spaCy: en_core_web_sm "parses" a document with the heads heads.json gives its words."""
import json
import os

__version__ = "stand-in"
with open(os.path.join(os.path.dirname(__file__), "heads.json"), encoding="utf-8") as _file:
    _HEADS = json.load(_file)


class Token:
    def __init__(self, doc, i):
        self.doc, self.i = doc, i

    @property
    def head(self):
        return Token(self.doc, self.doc.heads[self.i])


class _Nlp:
    vocab = None
    meta = {"lang": "en", "name": "core_web_sm", "version": "0.0-hand"}

    def __call__(self, doc):
        doc.heads = _HEADS[" ".join(doc.words)]
        return doc


def load(name):
    if name != "en_core_web_sm":
        raise OSError(name)
    return _Nlp()
'''
_TOKENS = '''class Doc:
    def __init__(self, vocab, words):
        self.words, self.heads = list(words), []

    def __iter__(self):
        from spacy import Token

        return iter([Token(self, i) for i in range(len(self.words))])
'''


def with_stand_in_spacy(tmp_path: Path, parses: dict[str, list[int]]) -> dict[str, str]:
    """An environment whose `spacy` is the stand-in, parsing each document (its words joined) as `parses` says."""
    package = tmp_path / "stand-in" / "spacy"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(_SPACY, encoding="utf-8")
    (package / "tokens.py").write_text(_TOKENS, encoding="utf-8")
    (package / "heads.json").write_text(json.dumps(parses), encoding="utf-8")
    return {**os.environ, "PYTHONPATH": str(tmp_path / "stand-in")}


def _command(tmp_path: Path, generation: str = GENERATION, coref: bool = False) -> list[str]:
    files = {"gold.jsonl": GOLD, "prediction.jsonl": generation, "ontology.json": ONTOLOGY}
    if coref:
        files["coref.jsonlines"] = COREF
    gold, system = _inputs(tmp_path, files)
    command = [installed("evmeval-score"), "-g", gold.path, "-s", system.path, "--convention", "gen-arg",
               "--ontology", str(tmp_path / "ontology.json")]
    return command + (["--coref-file", str(tmp_path / "coref.jsonlines")] if coref else [])


def test_the_head_only_example_of_the_guide(tmp_path: Path) -> None:
    """docs/scoring/gen-arg.md, "Head F1": predictions (0,1) Attacker, (3,5) Target, (6,7) Place, none on a
    gold span (1,1), (4,5), (7,7); on heads (1,1), (5,5), (6,6) against (1,1), (5,5), (7,7): 2 of 3 match."""
    env = with_stand_in_spacy(tmp_path, {" ".join(TOKENS): PARSE})
    spans = subprocess.run(_command(tmp_path), capture_output=True, text=True, env=env)
    assert spans.returncode == 0, spans.stderr
    assert "Role identification    0.00    0.00    0.00       0       3       3" in spans.stdout
    run = subprocess.run([*_command(tmp_path), "--head-only", "--json", str(tmp_path / "out.json")],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    section = GUIDE.read_text(encoding="utf-8").partition("## Head F1")[2].partition("\n## ")[0]
    shown = section.split("```text\n")[2].partition("```")[0]  # the second block: the example's output
    assert shown.count("\n") == 5 and all(line in run.stdout.splitlines() for line in shown.splitlines())
    assert "Note: heads: spaCy's en_core_web_sm 0.0-hand (spaCy stand-in) dependency parse of each document" in (
        run.stdout)
    figures = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["conventions"]["gen-arg"]
    assert sorted(figures) == ["head_role", "head_role_id"]
    assert [figures["head_role"][k] for k in ("match_num", "pred_num", "gold_num")] == [2, 3, 3]


def test_head_only_with_coreference_looks_the_heads_up(tmp_path: Path) -> None:
    """Under --head-only the coreference look-up takes the head spans: the gold Target's head (5,5) is no entity
    mention's span (E2 is [3,5]), so only one-word mentions are found; here the Coref lines add nothing."""
    env = with_stand_in_spacy(tmp_path, {" ".join(TOKENS): PARSE})
    run = subprocess.run([*_command(tmp_path, coref=True), "--head-only", "--matching", "optimal"],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert "Coref Role identification   66.67   66.67   66.67       2       3       3" in run.stdout
    assert "Coref Role                  66.67   66.67   66.67       2       3       3" in run.stdout
    # the matching switch pairs the head spans too: nothing to flip
    assert "Coref Role                  66.67  66.67   66.67  66.67   66.67  66.67       2      2" in run.stdout


def test_without_spacy_head_only_is_one_line_saying_what_to_install(tmp_path: Path) -> None:
    if spacy_heads() is not None:
        pytest.skip("spaCy and en_core_web_sm are importable here")
    run = subprocess.run([*_command(tmp_path), "--head-only"], capture_output=True, text=True)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == ("evmeval-score: error: --head-only needs spaCy's en_core_web_sm parse: pip install spacy, "
                          "then its en_core_web_sm model (python -m spacy download en_core_web_sm, or any package "
                          "that spacy.load('en_core_web_sm') finds)\n")
    import evmeval

    with pytest.raises(ValueError, match="--head-only needs spaCy's en_core_web_sm parse"):
        evmeval.score_convention(str(tmp_path / "gold.jsonl"), str(tmp_path / "prediction.jsonl"),
                                 convention="gen-arg", ontology=tmp_path / "ontology.json", head_only=True)


@pytest.mark.parametrize(("args", "message"), [
    (["--convention", "textee"], "evmeval-score: error: --head-only is read by --convention gen-arg only"),
    (["--convention", "all"], "evmeval-score: error: --head-only is read by --convention gen-arg only"),
    ([], "evmeval-score: error: --head-only is gen-arg's head F1: give --convention gen-arg"),
])
def test_head_only_is_gen_args_option(tmp_path: Path, args: list[str], message: str) -> None:
    command = _command(tmp_path)
    base = command[:command.index("--convention")]
    run = subprocess.run([*base, *args, "--head-only"], capture_output=True, text=True)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert message in run.stderr


def test_the_compare_command_resamples_the_head_figures(tmp_path: Path) -> None:
    env = with_stand_in_spacy(tmp_path, {" ".join(TOKENS): PARSE})
    command = _command(tmp_path)
    (tmp_path / "other.jsonl").write_text(GENERATION.replace("at in Kabul", "at Kabul"), encoding="utf-8")
    run = subprocess.run([installed("evmeval-compare"), "-g", command[2], "-s", command[4], "-s",
                          str(tmp_path / "other.jsonl"), "--convention", "gen-arg", "--ontology",
                          str(tmp_path / "ontology.json"), "--head-only",
                          "--resamples", "50", "--json", str(tmp_path / "c.json")],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert "Role identification" in run.stdout and "Traceback" not in run.stderr


def test_one_head_walk_serves_both_scripts() -> None:
    """gen-arg's and PAIE's `find_head` are the same walk (PAIE keys a span by its head word's text, gen-arg by its
    index): one function, and the walk stops at the first word whose head leaves the span."""
    assert paie.head_word is head_word and genarg.head_word is head_word
    assert head_word(PARSE, 6, 7) == 6  # "in Kabul": in's head (attacked) is outside: "in", not "Kabul"
    assert head_word(PARSE, 0, 1) == 1 and head_word(PARSE, 3, 5) == 5
    assert genarg.headed(PARSE, (4, 3)) == (4, 4)  # an empty argument becomes a one-word span, as in the script


def test_the_head_only_option_scores_on_the_parse_given(tmp_path: Path) -> None:
    gold, system = _inputs(tmp_path, {"gold.jsonl": GOLD, "prediction.jsonl": GENERATION, "ontology.json": ONTOLOGY})
    result = genarg.score_genarg(gold, with_options(system, **{genarg.HEAD_ONLY: "1"}), heads=lambda words: PARSE)
    assert [(k, result.labels[k], m.match_num) for k, m in result.metrics.items()] == [
        ("head_role_id", "Role identification", 2), ("head_role", "Role", 2)]
    assert result.notes[0].startswith("Evaluation by matching head words only (--head-only)")
    assert genarg.score_genarg(gold, system, heads=lambda words: PARSE).metrics["role"].match_num == 0


def _published(tmp_path: Path) -> tuple[Input, Input, dict[str, Any], dict[str, list[int]]]:
    """gen-arg's own published predictions (from GENARG_DIR's history), its recorded --head-only counters and
    the recorded parse; skip without a clone."""
    checkout = os.environ.get("GENARG_DIR")
    if not checkout:
        pytest.skip("GENARG_DIR is not set (a clone of raspberryice/gen-arg)")
    recorded = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    files = published_files(Path(checkout))
    assert rec.digest(files) == recorded["sha256"]
    gold, system = _inputs(tmp_path, {name: data.decode("utf-8") for name, data in files.items()})
    return gold, system, recorded["head_only"], json.loads(PARSES.read_text(encoding="utf-8"))


def test_gen_args_published_predictions_on_heads_as_its_scorer_with_the_real_model(tmp_path: Path) -> None:
    """scorer.py --coref --head-only on gen-arg's published WikiEvents predictions with spaCy's en_core_web_sm
    3.8.0 counted 552 predicted, 563 gold, 402 identified, 362 classified, 3 and 3 more with coreference
    (gen_arg_published.json); fed the parse that model gave (gen_arg_published_parse.json), ours counts the
    same, without spaCy."""
    gold, system, recorded, parses = _published(tmp_path)
    by_words = {tuple(json.loads(line)["tokens"]): parses[json.loads(line)["doc_id"]]
                for line in Path(gold.path).read_text(encoding="utf-8").splitlines()
                if json.loads(line)["doc_id"] in parses}
    m = genarg.score_genarg(gold, with_options(system, **{genarg.HEAD_ONLY: "1"}), heads=by_words.__getitem__).metrics
    predicted, gold_num, idn, cls, idn_coref, cls_coref = recorded["figures"]
    assert (m["head_role"].pred_num, m["head_role"].gold_num) == (predicted, gold_num)
    assert (m["head_role_id"].match_num, m["head_role"].match_num) == (idn, cls)
    assert (m["head_coref_role_id"].match_num, m["head_coref_role"].match_num) == (idn + idn_coref, cls + cls_coref)
    assert recorded["model"]["version"] == "3.8.0" and len(PARSES.read_bytes()) < 300_000


def test_the_recorded_parse_is_what_the_model_gives(tmp_path: Path) -> None:
    """With spaCy and an en_core_web_sm of the recorded version importable, it parses each recorded document
    as recorded (skip otherwise: another version may parse otherwise, and its figures are its own)."""
    parse = spacy_heads()
    if parse is None:
        pytest.skip("spaCy and en_core_web_sm are not importable here")
    gold, _, recorded, parses = _published(tmp_path)
    if recorded["model"]["version"] not in parse.model.split():
        pytest.skip(f"the model here is {parse.model}; the recording's is {recorded['model']['version']}")
    documents = {json.loads(line)["doc_id"]: tuple(json.loads(line)["tokens"])
                 for line in Path(gold.path).read_text(encoding="utf-8").splitlines()}
    assert {doc: list(parse(documents[doc])) for doc in parses} == parses
