"""The options of `evmeval-score`, built without importing the scorer: `--help`, `--version` and usage
errors are answered before any scoring code is loaded (the console entry parses with this first).

Only names are imported here (strategy and scheme names, attribute combinations, the token tables'
default extension); the modules that use the options import them from this one parser.
"""

from __future__ import annotations

import argparse

from evmeval.align.names import DEFAULT_STRATEGY, STRATEGY_DESCRIPTIONS, STRATEGY_NAMES
from evmeval.cli.help import command_parser
from evmeval.io.tokens import DEFAULT_EXTENSION
from evmeval.report.scheme_names import DEFAULT_SCHEME, SCHEMES
from evmeval.rules import COMBINATIONS, attributes_named

PROG = "evmeval-score"

_BUILT: list[argparse.ArgumentParser] = []
"""The parser, built once a process: the console entry parses with it first, then the scorer does again."""


def score_parser() -> argparse.ArgumentParser:
    """Every option of `evmeval-score` (v1.8's spellings, then ours); the one parser of the process (building it
    is about 3 ms: a tenth of a small run's start-up). Parsing leaves it unchanged."""
    if not _BUILT:
        _BUILT.append(_build())
    return _BUILT[0]


def _build() -> argparse.ArgumentParser:
    p = command_parser(
        PROG,
        "Score event nugget detection (tbf) against a gold standard, with the numbers and "
        "report layout of the published EvmEval scorer v1.8.",
        ["evmeval-score -g gold.tbf -s run.tbf -t tkn/ -o scores.txt",
         "evmeval-score -g gold.tbf -s run.tbf --json scores.json        # character spans: no -t",
         "evmeval-score -g gold.tbf -s run.tbf -t tkn/ -c coref -a seq/   # + coreference, sequencing",
         "evmeval-score -g gold.tbf -s run.tbf -t tkn/ --strict           # warnings fail the run (CI)"])
    p.add_argument("-g", "--gold", required=True, help="gold standard tbf file (- for standard input)")
    p.add_argument("-s", "--system", required=True, help="system output tbf file (- for standard input)")
    p.add_argument("-t", "--tokens", "--token_path", dest="token_path",
                   help="folder of token tables; gives token mode (spans are token ids)")
    p.add_argument("-o", "--output", help="write the score report here (default: standard output)")
    p.add_argument("-d", "--comparison_output", help="write the gold/system comparison file here")
    p.add_argument("-te", "--token_table_extension", default=DEFAULT_EXTENSION,
                   help="extension after the doc id of token tables (default .tab)")
    p.add_argument("-of", "--offset_field", default="2,3",
                   help="columns (0-based) of the first and last character offsets in token tables (default 2,3)")
    p.add_argument("-wl", "--type_white_list", help="file with one event type per line; other types are dropped")
    p.add_argument("-dn", "--doc_id_to_eval", help="score this single document")
    p.add_argument("-b", "--debug", action="store_true", help="print every warning, not only the first ones")
    p.add_argument("--json", help="write every figure, mapping and per-type table as JSON here")
    p.add_argument("--ci", action="store_true",
                   help="add to the JSON the 95 %% bootstrap interval of each micro F1 (10,000 resamples of documents)")
    p.add_argument("--profile", choices=("v1.8", "2015"), default="v1.8",
                   help="scoring rules: the published v1.8 scorer (default) or the 2015 pilot specification")
    p.add_argument("--strict", action="store_true",
                   help="treat every warning as an error: print it, write nothing, exit 1 (for CI)")
    p.add_argument("--convention", metavar="NAME",
                   help="score event-extraction files under a published scorer's rules instead: textee "
                   "(TextEE/OneIE windows), dygiepp (DyGIE++ documents), evmeval (ours, on those two), maven "
                   "(MAVEN documents or submission), maven-ere (MAVEN-ERE), bionlp (a BioNLP shared-task "
                   "folder), rams (RAMS 1.0 scorer.py, its gold or prediction lines), gen-arg (gen-arg's scorer.py: "
                   "WikiEvents gold, its generations file, --ontology), paie (PAIE's metric.py: span, text and head F1 "
                   "on RAMS gold with RAMS predictions, or WikiEvents gold with gen-arg generations; see "
                   "--window-size), uie (UIE's eval_extraction.py: its gold "
                   "instances and sel2record.py's record lines, see --match-mode), maven-arg (MAVEN-Arg's "
                   "evaluate.py: its unified gold layout, a submission, label2role.json as --ontology), omnievent "
                   "(OmniEvent's unified event-detection evaluation: that gold layout, its prediction lines, "
                   "see --regime); or all that "
                   "apply to the "
                   "files: then, on TextEE or DyGIE++ files, the switchboard "
                   "follows (the conventions side by side, and which mentions flip between them); strings (ours: "
                   "string predictions, see --grounding)")
    add_convention_inputs(p)
    p.add_argument("--html", metavar="FILE",
                   help="with --convention: write the switchboard (table, flips) as a self-contained HTML page")
    p.add_argument("--ladder", action="store_true",
                   help="with --convention strings: the soft-match ladder (exact, normalised text, head word, token "
                   "F1, coreference, judgement), what each step promoted, and the matching switch "
                   "(docs/scoring/ladder.md)")
    p.add_argument("--matching", choices=("greedy", "optimal", "any"), default=None,
                   help="with --ladder: how each step pairs items: greedy (default), optimal (as many pairs as "
                   "possible), any (non-exclusive, as gen-arg); the others are listed as the matching switch. "
                   "Without --ladder, optimal is the matching switch of any convention that counts matches "
                   "(textee, dygiepp, evmeval, strings, rams, gen-arg, uie): its figures beside their one-to-one "
                   "values, and each prediction that flips, with why (docs/scoring/matching-switch.md)")
    p.add_argument("--ladder-threshold", metavar="F", type=float, default=None,
                   help="with --ladder: the token F1 a text must reach at the token_f1 step (default 0.5)")
    p.add_argument("--judgements", metavar="FILE",
                   help="with --ladder: a judgement file (judgements/1 JSONL, docs/scoring/judgements.md) replayed "
                   "offline as the ladder's last step; never calls a model")
    p.add_argument("--agree-with", metavar="FILE",
                   help="with --judgements: a person's judgement file on the same items, or the window's curation "
                   "of the candidate gold additions (curation/1, see --candidates): the judge's kappa and "
                   "true- and false-positive rates against it")
    p.add_argument("--candidates", metavar="FOLDER",
                   help="with --judgements: write the candidate gold additions (false alarms the judge accepted) "
                   "as a curation the window opens: gold.tbf, judge.tbf, txt/, tkn/ and curation.json "
                   "(docs/scoring/judgements.md)")
    _alignment_options(p)
    _coref_options(p)
    _sequencing_options(p)
    return p


def _alignment_options(parser: argparse.ArgumentParser) -> None:
    """`--strategy` (alias `--mapping`) and `--scheme` (their outputs: `evmeval.report.run`)."""
    mappings = "; ".join(f"{n}: {STRATEGY_DESCRIPTIONS[n]}" for n in STRATEGY_NAMES)
    parser.add_argument("--strategy", "--mapping", dest="mapping", choices=STRATEGY_NAMES, default=DEFAULT_STRATEGY,
                        help=f"how system mentions are paired with gold mentions (default {DEFAULT_STRATEGY}). "
                             + mappings)
    parser.add_argument("--scheme", choices=SCHEMES, default=DEFAULT_SCHEME,
                        help="dice: the published report, Dice partial credit (default); muc: MUC/ANNALIST "
                             "counts COR/PAR/INC/MIS/SPU with half credit for partial spans, per type, and "
                             "GATE strict/lenient/average")


def _combination_index(text: str) -> int:
    """`--attributes NAME`: the attribute combination as `-m` numbers it."""
    try:
        return COMBINATIONS.index(attributes_named(text).value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _coref_options(parser: argparse.ArgumentParser) -> None:
    """-c PREFIX, -m 0..3, -ct THRESHOLD, as the published scorer spells them (run: `evmeval.cli.coref`)."""
    parser.add_argument("-c", "--coref", metavar="PREFIX",
                        help="score event coreference: write PREFIX_gold.conll, PREFIX_sys.conll (as v1.8) and "
                             "our metric breakdown to PREFIX; the report gains v1.8's coreference section")
    parser.add_argument("-m", "--coref_mapping", type=int, choices=range(len(COMBINATIONS)), default=1,
                        help="mapping that aligns mentions for coreference and sequencing: 0 span only, "
                             "1 span+type (default), 2 span+realis, 3 span+type+realis")
    parser.add_argument("--attributes", dest="coref_mapping", type=_combination_index, metavar="NAME", default=1,
                        help="the same as -m, by name (evmeval-compare's word): span, type, realis, type+realis")
    parser.add_argument("-ct", "--coreference_threshold", type=float, default=1.0,
                        help="minimum Dice of an aligned pair (default 1.0: exact spans); 0 keeps every mapped pair")


def _sequencing_options(parser: argparse.ArgumentParser) -> None:
    """v1.8's sequencing options (-a, -nv; -m is shared with coreference) and ours (--sequencing-closure)."""
    parser.add_argument("-a", "--sequencing", metavar="DIR",
                        help="score event sequencing (@After, @Subevent) and write our link table into DIR "
                             "(made if missing; its parent must exist)")
    parser.add_argument("-nv", "--no_script_validation", action="store_true",
                        help="with -a: score links that go both ways between two mentions (v1.8 refuses them)")
    parser.add_argument("--sequencing-closure", choices=("published", "full"), default="published",
                        help="with -a: 'published' (default) reports v1.8's order-dependent figures; 'full' "
                             "reports ours, from the complete interval closure (labelled, not v1.8's)")


def add_convention_inputs(p: argparse.ArgumentParser) -> None:
    """The options a convention reads beside its two files (evmeval-score and evmeval-compare --convention)."""
    p.add_argument("--grounding", metavar="RULE",
                   help="with --convention and string predictions (docs/formats.md): how a string becomes a span "
                   "of its gold window: first (default), closest (to the trigger), first-unused, all, or "
                   "fuzzy:THRESHOLD (e.g. fuzzy:0.8); a string placed nowhere is a false alarm under strings. "
                   "With --convention uie: UIE's own map "
                   "for record lines without offsets, closest (default, as UIE ships it) or first")
    add_convention_options(p)
    p.add_argument("--head-only", action="store_true",
                   help="with --convention gen-arg: its scorer.py --head-only, each span scored by its head word in "
                   "spaCy's en_core_web_sm parse (needs spaCy and that model installed)")


def add_convention_options(p: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """A convention's own options beside `--grounding` (evmeval-score, evmeval-compare and evmeval-gui)."""
    p.add_argument("--ontology", metavar="FILE",
                   help="with --convention gen-arg: the ontology its templates come from (event_role_KAIROS.json); "
                   "with --convention maven-arg: label2role.json (default: the one beside the gold file); "
                   "with --convention omnievent: the dataset's type2id.json (the types a seq2seq pair may name; "
                   "default: the gold file's)")
    p.add_argument("--coref-file", metavar="FILE",
                   help="with --convention gen-arg: WikiEvents' coreference clusters (coref/test.jsonlines), for its "
                   "Coref Role figures")
    p.add_argument("--match-mode", choices=("normal", "set", "multimatch"),
                   help="with --convention uie: its -m: normal (default; each gold tuple matched once), set "
                   "(duplicates collapse on both sides) or multimatch (every prediction equal to a gold tuple counts)")
    p.add_argument("--window-size", metavar="W", type=int, default=None,
                   help="with --convention paie: PAIE's --window_size, the words (W + 1) each event is read through "
                   "in a longer document; gold outside counts as missed (default 250, even)")
    p.add_argument("--regime", choices=("tc", "sl", "s2s", "mrc"),
                   help="with --convention omnievent: how the prediction lines' outputs are read, as OmniEvent's "
                   "paradigms: tc (a label per candidate), sl (a BIO tag per word), s2s ([trigger, type] pairs), "
                   "mrc (a label per word)")
