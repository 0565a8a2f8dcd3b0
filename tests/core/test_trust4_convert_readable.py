"""Issue 31, item 17: every output `evmeval-convert` writes is read by its own format's convention
(what `evmeval-score --convention` and `evmeval-validate` accept), with every loss named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval.cli.convert import convert_main
from evmeval.cli.score import score_main, validate_main
from evmeval.conventions import REGISTRY
from evmeval.conventions.convert import convert

from tests.core.test_convert_any import FILES, PAIRS, _input, _write

CONVENTION_OF = {"textee": "textee", "dygiepp": "dygiepp", "maven": "maven", "maven-ere": "maven-ere",
                 "bionlp": "bionlp"}
"""Each target with a published scorer's convention (tbf, brat and CASIE: `evmeval-validate`)."""


def _system_for(target: str, written: str, folder: Path) -> str:
    """A system input the convention takes beside the converted gold, with nothing predicted: DyGIE++
    documents with empty `predicted_events`, MAVEN and MAVEN-ERE submission lines answering nothing;
    TextEE and BioNLP the gold itself."""
    if target not in ("dygiepp", "maven", "maven-ere"):
        return written
    lines = []
    for line in Path(written).read_text().splitlines():
        doc = json.loads(line)
        if target == "dygiepp":
            lines.append(doc | {"predicted_events": [[] for _ in doc["sentences"]]})
        elif target == "maven":
            lines.append({"id": doc["id"], "predictions": []})
        else:
            lines.append({"id": doc["id"], "coreference": [], "temporal_relations": {}, "causal_relations": {},
                          "subevent_relations": []})
    path = folder / "system.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return str(path)


@pytest.mark.parametrize(("source", "target"), PAIRS)
def test_every_conversion_is_read_by_its_targets_own_convention(samples: dict, tmp_path: Path, source: str,
                                                                target: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path, options = samples[source]
    out = tmp_path / "out"
    _write(convert(path, source, target, **options), out)
    written = _input(target, out)
    validate = [written, *(["-t", str(out / "tkn")] if (out / "tkn").is_dir() else [])]
    assert validate_main(validate) == 0, capsys.readouterr()
    assert f"OK ({target})" in capsys.readouterr().out or target == "tbf"
    if target in CONVENTION_OF:
        assert CONVENTION_OF[target] in REGISTRY
        system = _system_for(target, written, tmp_path)
        code = score_main(["--convention", CONVENTION_OF[target], "-g", written, "-s", system])
        assert (code, capsys.readouterr().err) == (0, "")


def test_maven_ere_output_carries_timex_and_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The reported case: TextEE -> MAVEN-ERE wrote documents without `TIMEX`, which the maven-ere
    convention refuses as gold."""
    assert convert_main(["--to", "maven-ere", str(FILES["textee"]), "-o", str(tmp_path / "me")]) == 0
    written = tmp_path / "me" / "textee_gold.jsonl"
    assert all(json.loads(line)["TIMEX"] == [] for line in written.read_text().splitlines())
    (tmp_path / "sub.jsonl").write_text("".join(json.dumps({"id": json.loads(line)["id"], "coreference": []}) + "\n"
                                                for line in written.read_text().splitlines()))
    capsys.readouterr()
    assert score_main(["--convention", "maven-ere", "-g", str(written), "-s", str(tmp_path / "sub.jsonl")]) == 0
    assert "maven-ere" in capsys.readouterr().out


def test_losses_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """DyGIE++ probabilities and `dataset`, the other kind of events, and TextEE windows merged per
    document are printed, not dropped silently."""
    dygiepp = tmp_path / "pred.jsonl"
    dygiepp.write_text(json.dumps({"doc_key": "D1", "dataset": "ace-event", "sentences": [["Bob", "hired", "Ann"]],
                                   "events": [[[[1, "Start-Position"]]]],
                                   "predicted_events": [[[[1, "Start-Position", 2.5, 0.9], [2, 2, "Person", 1.0,
                                                                                             0.7]]]]}) + "\n")
    assert convert_main(["--from", "dygiepp", "--to", "tbf", "--predictions", str(dygiepp), "-o",
                         str(tmp_path / "d")]) == 0
    printed = capsys.readouterr().out
    assert "not carried: 2 DyGIE++ logits and probabilities (of triggers and arguments)" in printed
    assert "dataset" in printed
    assert "not carried: 1 DyGIE++ events of the other kind (gold or predicted: one is converted)" in printed
    textee = tmp_path / "windows.jsonl"
    windows = [{"doc_id": "D1", "wnd_id": f"D1-{k}", "tokens": ["Bob", "left"], "event_mentions": [],
                "entity_mentions": []} for k in range(3)]
    textee.write_text("".join(json.dumps(w) + "\n" for w in windows))
    assert convert_main(["--to", "tbf", str(textee), "-o", str(tmp_path / "t")]) == 0
    assert "not carried: 2 TextEE windows merged into their document" in capsys.readouterr().out
    assert convert_main(["--to", "tbf", str(FILES["maven"]), "-o", str(tmp_path / "m")]) == 0
    assert "document titles and other document fields (tbf has a document id only)" in capsys.readouterr().out
    scored = tmp_path / "m" / "scored.tbf"
    lines = (tmp_path / "m" / "maven_gold.tbf").read_text().splitlines()
    mention = [not line.startswith(("#", "@")) for line in lines]
    scored.write_text("".join(line + "\t0.5" * m + "\n" for line, m in zip(lines, mention, strict=True)))
    assert convert_main(["--to", "textee", "-t", str(tmp_path / "m" / "tkn"), str(scored), "-o",
                         str(tmp_path / "back")]) == 0
    assert f"not carried: {sum(mention)} confidence scores (tbf's 8th column)" in capsys.readouterr().out
