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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evmeval.align.strategies import DEFAULT_STRATEGY
from evmeval.io.input_checks import input_warnings
from evmeval.io.loading import LoadedInputs, load_inputs, read_type_whitelist
from evmeval.io.tokens import DEFAULT_EXTENSION, DEFAULT_OFFSET_FIELDS
from evmeval.mention.prf import Average, Score, nan_to_none
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.rules import ATTRIBUTE_NAMES, COMBINATIONS, Combination, attributes_named

if TYPE_CHECKING:
    from evmeval.agreement.curation import Curation
    from evmeval.agreement.scoring import IaaResult
    from evmeval.compare.runs import Comparison
    from evmeval.conventions.switchboard import Switchboard
    from evmeval.coref.scoring import CorefResult
    from evmeval.report.export import ChartRenderer
    from evmeval.sequencing.scoring import SequencingResult


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


def load(gold: str, system: str, *, tokens: str | None = None, texts: str | None = None,
         whitelist: str | None = None, token_extension: str = DEFAULT_EXTENSION,
         offset_fields: tuple[int, int] = DEFAULT_OFFSET_FIELDS) -> Corpus:
    """Read `gold` and `system` (tbf; token ids when `tokens` names the token-table folder, character
    spans otherwise) and check them as `evmeval-score` does. `whitelist` is a file of event types to keep.

    An event-extraction pair (TextEE, DyGIE++, MAVEN, MAVEN-ERE JSONL, CASIE, a BioNLP folder) needs no token
    folder: its mentions are scored as tbf (`evmeval.score`, the window's figures) and `Corpus.switchboard`
    holds every convention's result.

    Raises `evmeval.io.errors.FormatError` (`file:line: what is wrong (expected …)`) for bad input.
    """
    from evmeval.conventions import input_format
    from evmeval.io.reading import STDIN

    if gold != STDIN and input_format(gold) not in ("tbf", "brat"):  # standard input is read once, as tbf
        from evmeval.conventions.base import Input
        from evmeval.conventions.corpus import event_inputs
        from evmeval.io.reading import read_bytes

        def given(path: str) -> Input:  # a folder (BioNLP) is read by its format's reader
            return Input(path) if os.path.isdir(path) else Input(path, read_bytes(path))

        events = event_inputs(given(gold), given(system))
        return Corpus(events.inputs, None, tuple(input_warnings(events.inputs)), events.switchboard)
    inputs = load_inputs(gold, system, token_dir=tokens, text_dir=texts, extension=token_extension,
                         offset_fields=offset_fields)
    kept = read_type_whitelist(whitelist) if whitelist else None
    return Corpus(inputs, kept, tuple(input_warnings(inputs)))


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
        """The document `evmeval-score --json` writes, as plain dicts and lists."""
        import json

        from evmeval._util.schemas import with_schema
        from evmeval.report.json_report import dumps
        from evmeval.report.run import DEFAULT_SCHEME, scheme_report

        _report, data = scheme_report(self.result, DEFAULT_SCHEME)
        loaded: dict[str, Any] = json.loads(dumps(with_schema("score", data())))
        return loaded

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
    `document` scores that single gold document (as `-dn`)."""
    inputs = corpus.inputs
    result = score_files(inputs.gold, inputs.system, type_whitelist=corpus.whitelist, doc_id=document,
                         mapping=strategy)
    return Scores(result, corpus.warnings + tuple(result.warnings))


def coreference(corpus: Corpus, scores: Scores, *, attributes: str | Combination = Combination.TYPE,
                threshold: float = 1.0) -> CorefResult:
    """Coreference scores (MUC, B³, CEAF-e, BLANC and their CoNLL average) of `scores`' documents, with mentions
    aligned under `attributes` (v1.8's `-m 1`, mention type, by default), as `evmeval-score -c` reports them."""
    from evmeval.coref.scoring import score_coreference

    return score_coreference(scores.result, corpus.inputs.gold, corpus.inputs.system,
                             combination=attributes_named(attributes).value, threshold=threshold,
                             whitelisted=corpus.whitelist is not None)


def event_sequencing(corpus: Corpus, scores: Scores, *, attributes: str | Combination = Combination.TYPE,
               validate: bool = True) -> SequencingResult:
    """Event sequencing scores (@After, @Subevent) as `evmeval-score -a` computes them; `validate=False` is
    v1.8's `-nv`. Raises `FormatError` where v1.8 refuses or crashes."""
    from evmeval.sequencing.scoring import score_sequencing

    return score_sequencing(scores.result, corpus.inputs.gold, corpus.inputs.system,
                            mapping=attributes_named(attributes).value, validate=validate,
                            filtered=corpus.whitelist is not None)


def compare_runs(gold: str, systems: Sequence[str], *, tokens: str | None = None, whitelist: str | None = None,
            resamples: int | None = None, seed: int | None = None) -> Comparison:
    """Two or more runs on one gold standard, as `evmeval-compare`: each scored as `evmeval-score` scores it,
    each pair's F1 difference with a paired bootstrap interval, p-values, one verdict, and the cases."""
    from evmeval.compare.runs import compare_files
    from evmeval.compare.significance import DEFAULT_RESAMPLES, DEFAULT_SEED, ResampleSettings
    from evmeval.io.tbf import read_tbf
    from evmeval.model import SpanMode

    mode = SpanMode.TOKEN if tokens else SpanMode.CHAR
    gold_file = read_tbf(gold, mode=mode)[0]
    runs = [read_tbf(path, mode=mode)[0] for path in systems]
    kept = read_type_whitelist(whitelist) if whitelist else None
    settings = ResampleSettings(resamples=resamples or DEFAULT_RESAMPLES, seed=DEFAULT_SEED if seed is None else seed)
    return compare_files(gold_file, runs, type_whitelist=kept, settings=settings)


def annotator_agreement(sets: Sequence[str], *, tokens: str | None = None,
                        names: Sequence[str] | None = None) -> IaaResult:
    """Agreement among 2..N annotation sets (tbf files, brat .ann files or folders), as `evmeval-iaa`: pairwise
    F1 on a mapping that does not depend on who is the key, GATE figures, Cohen's kappa, Fleiss' kappa."""
    from evmeval.agreement.scoring import compare_annotators
    from evmeval.io.convert import read_annotation_set

    files = [read_annotation_set(path, token_dir=tokens)[0] for path in sets]
    return compare_annotators(files, list(names) if names is not None else list(sets))


def curate(sets: Sequence[str], *, tokens: str | None = None, policy: str = "majority",
           names: Sequence[str] | None = None) -> Curation:
    """One curated set from 2..N annotation sets (tbf files, brat .ann files or folders), as `evmeval-iaa
    --curate POLICY --curated OUT.tbf` makes it: `majority`, `union`, `intersection` or `base:N`, with every
    disagreement (`.disagreements`, each with every annotator's version) for a curator to review.
    `evmeval.write_curated(curation, "curated.tbf")` writes the file that command writes, byte for byte.

    Raises `FormatError` for bad input and `ValueError` for a policy it does not know or fewer than two sets.
    """
    from evmeval.agreement.curation import CurationPolicy
    from evmeval.agreement.curation import curate as make
    from evmeval.io.convert import read_annotation_set

    chosen = CurationPolicy.parse(policy)  # a wrong policy is named before any file is read
    files = [read_annotation_set(path, token_dir=tokens)[0] for path in sets]
    return make(files, list(names) if names is not None else list(sets), chosen)


def export_report(corpus: Corpus, scores: Scores, folder: str, *,
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

    combination = None if coreference is None else attributes_named(coreference).value
    return export(folder, corpus.inputs, scores.result, charts=charts, coref_combination=combination,
                  validate=validate, warn=warn)


__all__ = ["ATTRIBUTE_NAMES", "COMBINATIONS", "Corpus", "Scores", "annotator_agreement", "attributes_named",
           "compare_runs", "coreference", "curate", "event_sequencing", "export_report", "load", "score"]
