"""The library's public face: load a gold and a system file, score them, read the figures.

Built from the very functions `evmeval-score` runs (`load_inputs`, `input_warnings`, `score_files`,
`scheme_report`), so a notebook gets the command's numbers, report and warnings — including the token-id
check the command makes — without four deep imports. Qt is never imported.

    >>> import evmeval
    >>> corpus = evmeval.load("gold.tbf", "run.tbf", tokens="tkn/")   # doctest: +SKIP
    >>> scores = evmeval.score(corpus)                                  # doctest: +SKIP
    >>> scores.micro("type+realis").f1, scores.warnings                 # doctest: +SKIP
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evmeval._util.arguments import (
    PathArgument,
    flag,
    instance,
    optional_path,
    optional_text,
    path_argument,
    path_list,
)
from evmeval.align.strategies import DEFAULT_STRATEGY
from evmeval.io.input_checks import input_warnings
from evmeval.io.loading import LoadedInputs, check_token_folder, load_inputs, read_type_whitelist
from evmeval.io.tokens import DEFAULT_EXTENSION, DEFAULT_OFFSET_FIELDS, offset_fields_argument
from evmeval.mention.prf import Average, Score, nan_to_none
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.rules import ATTRIBUTE_NAMES, COMBINATIONS, Combination, attributes_named

if TYPE_CHECKING:
    from evmeval.agreement.curation import Curation
    from evmeval.conventions.switchboard import Switchboard
    from evmeval.documents import Document
    from evmeval.report.export import ChartRenderer
    from evmeval.results import AgreementScores, ComparisonScores, ConventionScores, CoreferenceScores, SequencingScores


@dataclass(frozen=True)
class Corpus:
    """A gold and a system file as read, with the warnings `evmeval-score` prints about them."""

    inputs: LoadedInputs
    whitelist: frozenset[str] | None
    warnings: tuple[str, ...]
    switchboard: Switchboard | None = None
    """For an event-extraction pair (TextEE, DyGIE++, MAVEN, MAVEN-ERE, a BioNLP folder): the pair scored under
    every convention that reads its format (`.results`, one `ConventionResult` each, its metrics under the
    scorer's own names), the comparable metrics side by side (`.rows`) and what flips between conventions
    (`.flips`), as `evmeval-score --convention all` reports them; None for tbf."""

    def __repr__(self) -> str:
        """Short (the default listed every mention: 116 KB on the demo corpus)."""
        gold, system = self.inputs.gold, self.inputs.system
        return (f"Corpus(gold {gold.path!r}: {len(gold.documents)} documents, system {system.path!r}: "
                f"{len(system.documents)} documents, {_count(len(self.warnings), 'warning')})")


def load(gold: PathArgument, system: PathArgument, *, tokens: PathArgument | None = None,
         texts: PathArgument | None = None, whitelist: PathArgument | None = None,
         token_extension: str = DEFAULT_EXTENSION, offset_fields: tuple[int, int] = DEFAULT_OFFSET_FIELDS) -> Corpus:
    """Read `gold` and `system` (tbf; token ids when `tokens` names the token-table folder, character
    spans otherwise) and check them as `evmeval-score` does. `whitelist` is a file of event types to keep;
    `token_extension` and `offset_fields` (0-based columns) describe the token tables, so need `tokens`.
    Every path is a `str` or an `os.PathLike` (kept as `str`).

    An event-extraction pair (TextEE, DyGIE++, MAVEN, MAVEN-ERE JSONL, CASIE, a BioNLP folder) needs no token
    folder: its mentions are scored as tbf (`evmeval.score`, the window's figures) and `Corpus.switchboard`
    holds every convention's result.

    Raises `evmeval.FormatError` (`file:line: what is wrong (expected …)`) for bad input, `TypeError` for an
    argument of the wrong type (an int is a file descriptor, never read) and `ValueError` for a meaningless one.
    """
    from evmeval.conventions import input_format
    from evmeval.io.reading import STDIN

    gold_path, system_path = path_argument(gold, "gold"), path_argument(system, "system")
    token_dir, text_dir = optional_path(tokens, "tokens"), optional_path(texts, "texts")
    kept_path = optional_path(whitelist, "whitelist")
    if not isinstance(token_extension, str):
        raise TypeError(f"token_extension must be a str such as {DEFAULT_EXTENSION!r}, not {token_extension!r}")
    columns = offset_fields_argument(offset_fields)
    if token_dir is None and (token_extension != DEFAULT_EXTENSION or columns != DEFAULT_OFFSET_FIELDS):
        raise ValueError("token_extension and offset_fields describe token tables: give tokens= (the token "
                         "folder) with them")
    if gold_path != STDIN and input_format(gold_path) not in ("tbf", "brat"):  # standard input is read once, as tbf
        from evmeval.conventions.base import Input
        from evmeval.conventions.corpus import event_inputs
        from evmeval.io.reading import read_bytes

        def given(path: str) -> Input:  # a folder (BioNLP) is read by its format's reader
            return Input(path) if os.path.isdir(path) else Input(path, read_bytes(path))

        events = event_inputs(given(gold_path), given(system_path))
        return Corpus(events.inputs, None, tuple(input_warnings(events.inputs)), events.switchboard)
    inputs = load_inputs(gold_path, system_path, token_dir=token_dir, text_dir=text_dir, extension=token_extension,
                         offset_fields=columns)
    kept = read_type_whitelist(kept_path) if kept_path is not None else None
    return Corpus(inputs, kept, tuple(input_warnings(inputs)))


def from_documents(gold: Iterable[Document], system: Iterable[Document], *, run: str = "system",
                   tokens: str | None = None, texts: str | None = None, whitelist: str | None = None) -> Corpus:
    """A corpus from documents held in memory (`evmeval.Document`, `evmeval.Mention`), read and checked as
    `load` reads files: the same reader, the same warnings. `tokens`: the token-table folder the token ids
    are checked against (optional). Raises `FormatError` naming the side, document and mention."""
    from evmeval.documents import from_documents as read

    held = read(gold, system, run=run, tokens=tokens, texts=texts)
    kept = read_type_whitelist(whitelist) if whitelist else None
    return Corpus(held.inputs, kept, tuple(held.named(w) for w in input_warnings(held.inputs)))


@dataclass(frozen=True)
class Scores:
    """The mention scores of a corpus, under one mapping strategy, for every attribute combination."""

    result: ScoreResult
    warnings: tuple[str, ...]
    """Every warning `evmeval-score` prints for this run, in its order."""

    def __repr__(self) -> str:
        """Short (the default printed the whole result: 162 KB on the demo corpus): the headline figures."""
        micro = self.result.micro[Combination.TYPE_REALIS]
        return (f"Scores({len(self.result.documents)} documents, micro span F1 "
                f"{self.result.micro[Combination.PLAIN].f1:.4f}, type+realis F1 {micro.f1:.4f}, "
                f"{_count(len(self.warnings), 'warning')})")

    def micro(self, attributes: str | Combination = Combination.TYPE_REALIS) -> Score:
        """The corpus figures (micro average) of one attribute combination, as fractions."""
        return self.result.micro[attributes_named(attributes)]

    def macro(self, attributes: str | Combination = Combination.TYPE_REALIS) -> Average:
        """The mean of the documents' figures (macro average) of one attribute combination."""
        return self.result.macro[attributes_named(attributes)]

    def report(self) -> str:
        """The text report `evmeval-score -o` writes (the published v1.8 layout)."""
        from evmeval.report.text import format_report

        return format_report(self.result)

    def to_json(self) -> dict[str, Any]:
        """The document `evmeval-score --json` writes, as plain dicts and lists (built as the command builds
        it, not written and read back; an undefined figure is None)."""
        from evmeval._util.schemas import with_schema
        from evmeval.report.run import scores_document
        from evmeval.results import plain

        return plain(with_schema("score", scores_document(self.result, lazy=False)))  # type: ignore[no-any-return]

    def rows(self, attributes: str | Combination = Combination.TYPE_REALIS) -> list[dict[str, Any]]:
        """One record a document (`pandas.DataFrame(scores.rows())` takes them as they are) for one attribute
        combination, or for each of the four with `"all"` (combination by combination, in report order).

        A record: `document`, `attributes` (the report's name), `in_system`, `counted`, `gold`, `system`, `tp`,
        `precision`, `recall`, `f1` (undefined figures, 0/0, are None) and `macro_precision`, `macro_recall`:
        the document's share in v1.8's macro average. v1.8 averages the precision and recall of the documents
        that have gold mentions (`counted`), an undefined precision (a document the system lacks) counting as
        0, and takes F1 from the two means. So `precision`'s mean (None skipped, as pandas' `mean()` does) is
        not the macro; the mean of `macro_precision` (None for documents not counted) is:
        `df.macro_precision.mean()` is `scores.macro(...).precision` (to rounding), and the macro F1 is
        `2 * p * r / (p + r)` of the two means, not `df.f1.mean()`.
        """
        combinations = COMBINATIONS if attributes == "all" else (_named(attributes),)
        out: list[dict[str, Any]] = []
        for combination in combinations:
            for doc in self.result.documents:
                s = doc.scores[combination]
                counted = doc.counted
                out.append({"document": doc.doc_id, "attributes": str(combination), "in_system": doc.in_system,
                            "counted": counted, "gold": s.num_gold, "system": s.num_system, "tp": s.tp,
                            "precision": nan_to_none(s.precision), "recall": nan_to_none(s.recall),
                            "f1": nan_to_none(s.f1),
                            "macro_precision": (s.precision if s.num_system else 0.0) if counted else None,
                            "macro_recall": (s.recall if s.num_gold else 0.0) if counted else None})
        return out


def _named(attributes: str | Combination) -> Combination:
    """`attributes_named`, its message naming `all` too (which `rows` takes)."""
    try:
        return attributes_named(attributes)
    except ValueError as error:
        raise ValueError(str(error)[:-1] + ", or all)") from None


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def score(corpus: Corpus, *, strategy: str = DEFAULT_STRATEGY, document: str | None = None) -> Scores:
    """Score the corpus's system file against its gold file with v1.8's rules; `strategy` pairs the
    mentions (`greedy` is the published scorer's; `optimal`, `ordered` are ours, labelled as such);
    `document` scores that single gold document (as `-dn`).

    Raises `evmeval.UnknownDocumentError` (a `KeyError`) for a `document` the gold file does not have and
    `ValueError` for an unknown strategy."""
    inputs = instance(corpus, Corpus, "corpus", "evmeval.load").inputs
    optional_text(document, "document", "a document id")
    result = score_files(inputs.gold, inputs.system, type_whitelist=corpus.whitelist, doc_id=document,
                         mapping=strategy)
    return Scores(result, corpus.warnings + tuple(result.warnings))


def coreference(corpus: Corpus, scores: Scores, *, attributes: str | Combination = Combination.TYPE,
                threshold: float = 1.0) -> CoreferenceScores:
    """Coreference scores (MUC, B³, CEAF-e, BLANC and their CoNLL average) of `scores`' documents, with mentions
    aligned under `attributes` (v1.8's `-m 1`, mention type, by default), as `evmeval-score -c` reports them;
    `to_json()`, `rows()`, `report()` as every result (`evmeval.results.Result`)."""
    from evmeval.coref.scoring import score_coreference
    from evmeval.results import CoreferenceScores

    _pair(corpus, scores)
    return CoreferenceScores(score_coreference(scores.result, corpus.inputs.gold, corpus.inputs.system,
                                               combination=attributes_named(attributes).value, threshold=threshold,
                                               whitelisted=corpus.whitelist is not None), scores.result)


def event_sequencing(corpus: Corpus, scores: Scores, *, attributes: str | Combination = Combination.TYPE,
               validate: bool = True) -> SequencingScores:
    """Event sequencing scores (@After, @Subevent) as `evmeval-score -a` computes them; `validate=False` is
    v1.8's `-nv`. Raises `FormatError` where v1.8 refuses or crashes."""
    from evmeval.results import SequencingScores
    from evmeval.sequencing.scoring import score_sequencing

    _pair(corpus, scores)
    return SequencingScores(score_sequencing(scores.result, corpus.inputs.gold, corpus.inputs.system,
                                             mapping=attributes_named(attributes).value,
                                             validate=flag(validate, "validate"),
                                             filtered=corpus.whitelist is not None))


def compare_runs(gold: PathArgument, systems: Sequence[PathArgument], *, tokens: PathArgument | None = None,
                 whitelist: PathArgument | None = None, resamples: int | None = None,
                 seed: int | None = None) -> ComparisonScores:
    """Two or more runs on one gold standard, as `evmeval-compare`: each scored as `evmeval-score` scores it,
    each pair's F1 difference with a paired bootstrap interval, p-values, one verdict, and the cases; the
    coreference and sequencing figures with theirs when the gold file has such links.

    Raises `FormatError` for bad input (a missing token folder too), `TypeError` for one path where the list of
    runs goes, `ValueError` for fewer than two runs, `resamples` below 1 or a negative `seed`."""
    from evmeval.compare.runs import compare_files
    from evmeval.compare.significance import DEFAULT_RESAMPLES, DEFAULT_SEED, ResampleSettings
    from evmeval.io.tbf import read_tbf
    from evmeval.model import SpanMode
    from evmeval.results import ComparisonScores
    from evmeval.sequencing.scoring import published_awareness

    gold_path, run_paths = path_argument(gold, "gold"), path_list(systems, "systems", least=2)
    token_dir, kept_path = optional_path(tokens, "tokens"), optional_path(whitelist, "whitelist")
    settings = ResampleSettings(resamples=DEFAULT_RESAMPLES if resamples is None else resamples,
                                seed=DEFAULT_SEED if seed is None else seed)  # checked before any file is read
    if token_dir is not None:
        check_token_folder(token_dir)
    mode = SpanMode.TOKEN if token_dir is not None else SpanMode.CHAR
    gold_file = read_tbf(gold_path, mode=mode)[0]
    runs = [read_tbf(path, mode=mode)[0] for path in run_paths]
    kept = read_type_whitelist(kept_path) if kept_path is not None else None
    return ComparisonScores(compare_files(gold_file, runs, type_whitelist=kept, settings=settings,
                                          sequencing_of=published_awareness))


def annotator_agreement(sets: Sequence[PathArgument], *, tokens: PathArgument | None = None,
                        names: Sequence[str] | None = None) -> AgreementScores:
    """Agreement among 2..N annotation sets (tbf files, brat .ann files or folders), as `evmeval-iaa`: pairwise
    F1 on a mapping that does not depend on who is the key, GATE figures, Cohen's kappa, Fleiss' kappa."""
    from evmeval.agreement.scoring import compare_annotators
    from evmeval.io.convert import read_annotation_set
    from evmeval.results import AgreementScores

    paths, token_dir = path_list(sets, "sets"), optional_path(tokens, "tokens")
    files = [read_annotation_set(path, token_dir=token_dir)[0] for path in paths]
    return AgreementScores(compare_annotators(files, list(names) if names is not None else paths))


def score_convention(gold: PathArgument, system: PathArgument, *, convention: str = "all",
                     grounding: str | None = None, ontology: PathArgument | None = None,
                     coref_file: PathArgument | None = None, match_mode: str | None = None,
                     window_size: int | None = None, matching: str | None = None,
                     regime: str | None = None, head_only: bool = False) -> ConventionScores:
    """Score event-extraction files (TextEE, DyGIE++, MAVEN, MAVEN-ERE, BioNLP, RAMS, WikiEvents, UIE, MAVEN-Arg)
    under a published scorer's rules, as `evmeval-score --convention NAME`: each metric under that scorer's name,
    with the gold data's fingerprint. `all`: every convention that reads the files' format, and the switchboard of
    them side by side (`.switchboard`). String predictions (docs/formats.md) are grounded on the gold windows
    under `grounding` (`first`, `closest`, `first-unused`, `all`, `fuzzy:0.8`; default `first`) as
    `--grounding`. `ontology` and `coref_file`: the further files gen-arg reads (its `--ontology`,
    `--coref-file`); `ontology` is maven-arg's label2role.json too. `convention="uie"`: `match_mode` is its `-m`
    (`normal`, `set`, `multimatch`) and `grounding` its map for string-only record lines (`closest`, `first`).
    `convention="paie"`: `window_size` is its `--window-size` (default 250). `convention="omnievent"`: `regime`
    (`tc`, `sl`, `s2s`, `mrc`) says how the prediction lines are read. `convention="gen-arg"`: `head_only` is
    its `--head-only` (spaCy's en_core_web_sm parse; ValueError saying what to install without it).
    `matching="optimal"`: the matching switch (`.switches`, as `--matching optimal`): each convention that counts
    matches re-scored one to one, and what flips. Raises `FormatError` for bad input and `ValueError` for a
    convention or rule it does not know (`evmeval.conventions.REGISTRY` has them)."""
    from evmeval.conventions import prepare
    from evmeval.conventions.base import side_by_side, with_companions
    from evmeval.conventions.cli import arguments_of, read_input, score_under
    from evmeval.conventions.switchboard import switchboard
    from evmeval.results import ConventionScores

    cache: dict[str, bytes] = {}
    given = [read_input(path, cache) for path in (path_argument(gold, "gold"), path_argument(system, "system"))]
    given[1] = with_companions(given[1], ontology=None if ontology is None else path_argument(ontology, "ontology"),
                               coref_file=None if coref_file is None else path_argument(coref_file, "coref_file"))
    uie = convention == "uie"
    from evmeval.conventions.base import with_options

    if uie:
        from evmeval.conventions.uie import checked_options

        given[1] = with_options(given[1], **checked_options(match_mode, grounding))
    elif match_mode is not None:
        raise ValueError(f"match_mode={match_mode!r} is read by convention='uie' only")
    if window_size is not None:
        from evmeval.conventions.options import WINDOW
        from evmeval.conventions.paie import window_size as checked_window

        if convention != "paie":
            raise ValueError(f"window_size={window_size!r} is read by convention='paie' only")
        given[1] = with_options(given[1], **{WINDOW: str(window_size)})
        checked_window(given[1])
    if head_only:
        from evmeval.conventions.genarg import HEAD_ONLY, head_parse

        if convention != "gen-arg":
            raise ValueError("head_only=True is read by convention='gen-arg' only")
        given[1] = with_options(given[1], **{HEAD_ONLY: "1"})
        head_parse(given[1])
    chosen, given[1] = prepare(convention, given[0], given[1], None if uie else grounding)
    from evmeval.conventions.omnievent import regime_refusal

    if (refusal := regime_refusal(regime, [c.name for c in chosen])) is not None:
        raise ValueError(refusal)
    given[1] = with_options(given[1], regime=regime)
    results = score_under(chosen, given[0], given[1])
    board = switchboard(chosen, results, given[0], given[1]) if convention == "all" and side_by_side(chosen) else None
    arguments = arguments_of(chosen, given[0], given[1], board, results) if convention == "all" else None
    switches = None
    if matching is not None:
        from evmeval.conventions import REGISTRY
        from evmeval.conventions.one_to_one import matching_switches, switch_refusal

        if matching != "optimal":
            raise ValueError(f"matching={matching!r} (expected 'optimal': the matching switch)")
        if (refusal := switch_refusal(chosen, list(REGISTRY.values()))) is not None:
            raise ValueError(refusal)
        switches = matching_switches(chosen, results, given[0], given[1])
    return ConventionScores(tuple(results), board, given[1].grounding, arguments, convention == "all", switches)


def curate(sets: Sequence[PathArgument], *, tokens: PathArgument | None = None, policy: str = "majority",
           names: Sequence[str] | None = None) -> Curation:
    """One curated set from 2..N annotation sets (tbf files, brat .ann files or folders), as `evmeval-iaa
    --curate POLICY --curated OUT.tbf` makes it: `majority`, `union`, `intersection` or `base:N`, with every
    disagreement (`.disagreements`, each with every annotator's version) for a curator to review.
    `evmeval.write_curated(curation, "curated.tbf")` writes the file that command writes, byte for byte.

    Raises `FormatError` for bad input, `ValueError` for a policy it does not know, fewer than two sets or
    `names` not one a set, `TypeError` for one path where the list goes.
    """
    from evmeval.agreement.curation import CurationPolicy
    from evmeval.agreement.curation import curate as make
    from evmeval.io.convert import read_annotation_set

    chosen = CurationPolicy.parse(policy)  # a wrong policy is named before any file is read
    paths, token_dir = path_list(sets, "sets"), optional_path(tokens, "tokens")
    files = [read_annotation_set(path, token_dir=token_dir)[0] for path in paths]
    return make(files, list(names) if names is not None else paths, chosen)


def export_report(corpus: Corpus, scores: Scores, folder: PathArgument, *,
                  coreference: str | Combination | None = Combination.TYPE, validate: bool = True,
                  charts: ChartRenderer | None = None, warn: Callable[[str], None] | None = None) -> list[str]:
    """Every report of `scores` into `folder`, the files `evmeval-gui --export-report` writes, byte for byte:
    `report.html` with a page per document, `scores.txt`, `comparison.txt`, `scores.json`, the CSV files,
    coreference's files (mentions aligned under `coreference`; None: no coreference) and, with
    @After / @Subevent links, `sequencing_links.tsv` (`validate=False` is v1.8's `-nv`; links v1.8 refuses
    are named in `report.html` and by `warn(text)`). The paths written, in order.

    No chart is drawn unless `charts` (an `evmeval.report.export.ChartRenderer`, e.g. the GUI's) draws
    them. Raises `FormatError` (with the path) before writing anything when the folder cannot be
    written or an output would replace an input file.
    """
    from evmeval.report.export import export_report as export

    _pair(corpus, scores)
    combination = None if coreference is None else attributes_named(coreference).value
    return export(path_argument(folder, "folder"), corpus.inputs, scores.result, charts=charts,
                  coref_combination=combination, validate=flag(validate, "validate"), warn=warn)


def _pair(corpus: Corpus, scores: Scores) -> None:
    """The two results a follow-up function takes, of the right kinds (else a `TypeError` naming them)."""
    instance(corpus, Corpus, "corpus", "evmeval.load")
    instance(scores, Scores, "scores", "evmeval.score")


__all__ = ["ATTRIBUTE_NAMES", "COMBINATIONS", "Corpus", "Scores", "annotator_agreement", "attributes_named",
           "compare_runs", "coreference", "curate", "event_sequencing", "export_report", "from_documents", "load",
           "score", "score_convention"]
