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

from dataclasses import dataclass
from typing import Any

from evmeval.align.strategies import DEFAULT_STRATEGY
from evmeval.io.input_checks import input_warnings
from evmeval.io.loading import LoadedInputs, load_inputs, read_type_whitelist
from evmeval.io.tokens import DEFAULT_EXTENSION, DEFAULT_OFFSET_FIELDS
from evmeval.mention.prf import Average, Score, nan_to_none
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.rules import ATTRIBUTE_NAMES, Combination, attributes_named


@dataclass(frozen=True)
class Corpus:
    """A gold and a system file as read, with the warnings `evmeval-score` prints about them."""

    inputs: LoadedInputs
    whitelist: frozenset[str] | None
    warnings: tuple[str, ...]


def load(gold: str, system: str, *, tokens: str | None = None, texts: str | None = None,
         whitelist: str | None = None, token_extension: str = DEFAULT_EXTENSION,
         offset_fields: tuple[int, int] = DEFAULT_OFFSET_FIELDS) -> Corpus:
    """Read `gold` and `system` (tbf; token ids when `tokens` names the token-table folder, character
    spans otherwise) and check them as `evmeval-score` does. `whitelist` is a file of event types to keep.

    Raises `evmeval.io.errors.FormatError` (`file:line: what is wrong (expected …)`) for bad input.
    """
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

        from evmeval.report.json_report import dumps
        from evmeval.report.run import DEFAULT_SCHEME, scheme_report

        _report, data = scheme_report(self.result, DEFAULT_SCHEME)
        loaded: dict[str, Any] = json.loads(dumps(data()))
        return loaded

    def rows(self, attributes: str | Combination = Combination.TYPE_REALIS) -> list[dict[str, Any]]:
        """One record a document (`pandas.DataFrame(scores.rows())` takes them as they are): its id,
        counts and figures for one attribute combination; undefined figures are None."""
        combination = attributes_named(attributes)
        out: list[dict[str, Any]] = []
        for doc in self.result.documents:
            s = doc.scores[combination]
            out.append({"document": doc.doc_id, "attributes": combination.value, "in_system": doc.in_system,
                        "gold": s.num_gold, "system": s.num_system, "tp": s.tp,
                        "precision": nan_to_none(s.precision), "recall": nan_to_none(s.recall),
                        "f1": nan_to_none(s.f1)})
        return out


def score(corpus: Corpus, *, strategy: str = DEFAULT_STRATEGY, document: str | None = None) -> Scores:
    """Score the corpus's system file against its gold file with v1.8's rules; `strategy` pairs the
    mentions (`greedy` is the published scorer's; `optimal`, `ordered` are ours, labelled as such);
    `document` scores that single gold document (as `-dn`)."""
    inputs = corpus.inputs
    result = score_files(inputs.gold, inputs.system, type_whitelist=corpus.whitelist, doc_id=document,
                         mapping=strategy)
    return Scores(result, corpus.warnings + tuple(result.warnings))


__all__ = ["ATTRIBUTE_NAMES", "Corpus", "Scores", "attributes_named", "load", "score"]
