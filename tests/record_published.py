"""Record the published scorers' figures on the differential tests' inputs, for tests/data/recorded/.

    python -m tests.record_published --bionlp PATH/a2-evaluate.pl --textee TEXTEE --dygiepp DYGIEPP \\
        --maven MAVEN-dataset --maven-ere MAVEN-ERE --scorer-pl EVMEVAL/reference-coreference-scorers-8.01

Run from the project's root with any of the options (only the scorers named are recorded again); each
writes tests/data/recorded/<scorer>.json: the source (repository, commit, file), the versions of what ran
it, and per case id the SHA-256 of the generated input files and the published figures on them.
The inputs are the differential tests' own generators (tests/recorded.py says which): the BioNLP corpora
by seed and the duplicate cases, seeded twins of the TextEE, DyGIE++, MAVEN and MAVEN-ERE hypothesis
strategies (tests/core/seeded_inputs.py), the nested CoNLL documents. Needs perl for the two Perl
scripts, and numpy, scikit-learn, scipy (pyyaml optional) for MAVEN's and MAVEN-ERE's evaluate.py:
install those in a separate virtual environment, never the project's, and run this with it and
`PYTHONPATH=core:.`. tests/core/test_recorded_scorers.py then checks our conventions against the
recording, with no checkout; with the checkouts' variables set it checks the recording against them.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests import recorded as rec


def _commit(path: Path) -> str:
    run = subprocess.run(["git", "-C", str(path), "rev-parse", "HEAD"], capture_output=True, text=True)
    return run.stdout.strip() or "unknown"


def _versions(*modules: str) -> dict[str, str]:
    found = {"python": platform.python_version()}
    for name in modules:
        try:
            module = __import__(name)
        except ImportError:
            continue
        found[name] = str(getattr(module, "__version__", "?"))
    return found


def write(scorer: str, source: dict[str, Any], figures_of: Callable[[str], tuple[dict[str, bytes], Any]]) -> Path:
    """Run `figures_of` on every case of `scorer` and write its fixture, one case a line."""
    cases = {}
    for case in rec.case_ids(scorer):
        files, figures = figures_of(case)
        cases[case] = {"sha256": rec.digest(files), "figures": figures}
    head = json.dumps({"scorer": scorer, **source, "fields": rec.FIELDS[scorer], "cases": {}}, indent=1,
                      ensure_ascii=False)
    body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in cases.items())
    path = rec.RECORDED / f"{scorer}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(head[:-len('{}\n}')] + "{\n" + body + "\n }\n}\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.record_published", description=__doc__.split("\n")[0])
    parser.add_argument("--bionlp", type=Path,
                        help="a2-evaluate.pl (bionlp-st-2013_tools' online-evaluation-template/tools)")
    parser.add_argument("--textee", type=Path, help="a checkout of ej0cl6/TextEE")
    parser.add_argument("--dygiepp", type=Path, help="a checkout of dwadden/dygiepp")
    parser.add_argument("--maven", type=Path, help="a checkout of THU-KEG/MAVEN-dataset")
    parser.add_argument("--maven-ere", type=Path, help="a checkout of THU-KEG/MAVEN-ERE")
    parser.add_argument("--rams", type=Path, help="the folder of the RAMS 1.0 scorer.py (RAMS data release, scorer/)")
    parser.add_argument("--gen-arg", type=Path, help="a checkout of raspberryice/gen-arg")
    parser.add_argument("--gen-arg-spacy", type=Path, metavar="PYTHON",
                        help="with --gen-arg: an interpreter with spaCy and en_core_web_sm; records the script's "
                        "--head-only counters on gen-arg's own published predictions and the parse the model gave")
    parser.add_argument("--spacy-model", default="en_core_web_sm",
                        help="with --gen-arg-spacy or --paie-spacy: the distribution the model came from, as the "
                        "fixture says it")
    parser.add_argument("--uie", type=Path, help="a checkout of universal-ie/UIE (needs numpy)")
    parser.add_argument("--paie", type=Path, help="a checkout of mayubo2333/PAIE (metric.py, processors/)")
    parser.add_argument("--paie-spacy", type=Path, metavar="PYTHON",
                        help="with --paie: an interpreter with spaCy and en_core_web_sm; records PAIE's figures on a "
                        "few cases on the real parse, and the parse (paie_spacy.json)")
    parser.add_argument("--omnievent", type=Path, help="a checkout of THU-KEG/OmniEvent (needs numpy, scikit-learn, "
                        "seqeval; not torch)")
    parser.add_argument("--scorer-pl", type=Path, help="reference-coreference-scorers-8.01 (in the EvmEval checkout)")
    args = parser.parse_args(argv)
    from tests import published_scorers as pub

    jobs: list[tuple[str, dict[str, Any], Callable[[str], tuple[dict[str, bytes], Any]]]] = []
    if args.bionlp:
        script = str(args.bionlp.resolve())
        jobs.append(("bionlp", _source(args.bionlp.parent, "online-evaluation-template/tools/a2-evaluate.pl",
                                       "bionlp-st-2013/bionlp-st-2013_tools", "perl"),
                     lambda case: rec.bionlp_figures(script, case)))
    if args.textee:
        textee = pub.TexteeScorer(args.textee)
        jobs.append(("textee", _source(args.textee, "TextEE/scorer.py", "ej0cl6/TextEE"),
                     lambda case: rec.textee_figures(textee, case)))
    if args.dygiepp:
        dygiepp = pub.DygieppScorer(args.dygiepp)
        jobs.append(("dygiepp", _source(args.dygiepp, "dygie/training/event_metrics.py", "dwadden/dygiepp"),
                     lambda case: rec.dygiepp_figures(dygiepp, case)))
    if args.maven:
        maven = pub.MavenScorer(args.maven)
        jobs.append(("maven", _source(args.maven, "evaluate.py", "THU-KEG/MAVEN-dataset", "numpy", "sklearn"),
                     lambda case: rec.maven_figures(maven, case)))
    if args.maven_ere:
        ere = pub.MavenEreScorer(args.maven_ere)
        jobs.append(("maven_ere", _source(args.maven_ere, "evaluate.py", "THU-KEG/MAVEN-ERE", "numpy", "sklearn",
                                          "scipy"),
                     lambda case: rec.maven_ere_figures(ere, case)))
    if args.rams:
        from tests.published_arguments import RamsScorer

        rams = RamsScorer(args.rams.resolve())
        jobs.append(("rams", _source(args.rams, "scorer/scorer.py", "RAMS 1.0 data release (scorer/)"),
                     lambda case: rec.rams_figures(rams, case)))
    if args.gen_arg:
        from tests.published_arguments import GenargScorer

        genarg = GenargScorer(args.gen_arg.resolve())
        jobs.append(("gen_arg", _source(args.gen_arg, "src/genie/scorer.py", "raspberryice/gen-arg"),
                     lambda case: rec.genarg_figures(genarg, case)))
    if args.uie:
        from tests.published_arguments import UieScorer

        uie = UieScorer(args.uie.resolve())
        jobs.append(("uie", _source(args.uie, "scripts/eval_extraction.py, uie/extraction/scorer.py, "
                                    "uie/sel2record/record.py", "universal-ie/UIE", "numpy"),
                     lambda case: rec.uie_figures(uie, case)))
    if args.paie:
        from tests.published_paie import PaieScorer, case_files

        paie = PaieScorer(args.paie.resolve())
        jobs.append(("paie", _source(args.paie, "metric.py, processors/processor_base.py", "mayubo2333/PAIE"),
                     lambda case: ({n: t.encode() for n, t in case_files(case).items()}, paie.figures(case))))
    if args.omnievent:
        from tests.published_omnievent import OmniEventScorer

        omni = OmniEventScorer(args.omnievent.resolve())
        jobs.append(("omnievent", _source(args.omnievent, "OmniEvent/evaluation/convert_format.py, "
                                          "OmniEvent/evaluation/metric.py", "THU-KEG/OmniEvent", "numpy", "sklearn",
                                          "seqeval"),
                     lambda case: rec.omnievent_figures(omni, case)))
    if args.scorer_pl:
        root = args.scorer_pl.resolve()
        jobs.append(("scorer_pl", _source(root, "reference-coreference-scorers-8.01/scorer.pl",
                                          "hunterhector/EvmEval", "perl"),
                     lambda case: rec.scorer_pl_figures(root, case)))
    _real_parse(parser, args)
    if not jobs:
        parser.error("name at least one published scorer to record")
    for scorer, source, figures_of in jobs:
        path = write(scorer, source, figures_of)
        print(f"{path}: {len(rec.case_ids(scorer))} cases, {path.stat().st_size} bytes")
    if args.omnievent:
        from tests.published_omnievent import OmniEventEaeScorer

        rec.record_omnievent_eae(OmniEventEaeScorer(args.omnievent.resolve()), _source(
            args.omnievent, "OmniEvent/evaluation/convert_format.py (get_argument_extraction_sl, _s2s), "
            "OmniEvent/evaluation/metric.py, OmniEvent/input_engineering/input_utils.py", "THU-KEG/OmniEvent",
            "numpy", "sklearn", "seqeval"))
        from tests.published_omnievent import OmniEventTcMrcScorer

        rec.record_omnievent_tc_mrc(OmniEventTcMrcScorer(args.omnievent.resolve()), _source(
            args.omnievent, "OmniEvent/input_engineering/token_classification_processor.py (EAETCProcessor), "
            "OmniEvent/evaluation/metric.py (compute_F1), OmniEvent/evaluation/convert_format.py "
            "(get_argument_extraction_mrc)", "THU-KEG/OmniEvent", "numpy", "sklearn", "seqeval"))
    return 0


def _real_parse(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """`--gen-arg-spacy`: gen-arg's --head-only on its published predictions (tests.record_published_heads.py)."""
    from tests.record_published_heads import PUBLISHED, record_heads, record_paie

    if args.gen_arg_spacy:
        if not args.gen_arg:
            parser.error("--gen-arg-spacy goes with --gen-arg CHECKOUT")
        print(f"{PUBLISHED}: head_only {record_heads(args.gen_arg.resolve(), args.gen_arg_spacy, args.spacy_model)}")
    if args.paie_spacy:
        if not args.paie:
            parser.error("--paie-spacy goes with --paie CHECKOUT")
        print(record_paie(args.paie.resolve(), args.paie_spacy, args.spacy_model))


def _source(checkout: Path, file: str, repository: str, *modules: str) -> dict[str, Any]:
    runs = _versions(*(m for m in modules if m != "perl"))
    if "perl" in modules:
        runs["perl"] = subprocess.run(["perl", "-e", "print $^V"], capture_output=True, text=True).stdout
    return {"source": {"repository": repository, "commit": _commit(checkout), "file": file},
            "recorded_with": runs, "inputs": "tests/recorded.py (case ids, generators), tests/core/seeded_inputs.py"}


if __name__ == "__main__":
    sys.exit(main())
