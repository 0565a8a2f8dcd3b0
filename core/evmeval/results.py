"""One small protocol for every result of the library: `to_json()`, `rows()`, `report()`.

Mention scores (`evmeval.score`), coreference, event sequencing, a comparison of runs, annotator agreement,
a published scorer's convention and the switchboard of every convention all answer the same three
questions, so a notebook treats them alike:

- `to_json()`: the document the matching command writes with `--json`, as plain dicts and lists (an
  undefined figure is None there, JSON having no NaN);
- `rows()`: one flat record per figure (`pandas.DataFrame(result.rows())` takes them as they are; an
  undefined figure is None);
- `report()`: the text the command prints or writes with `-o`.

Each wrapper keeps the feature's own result (`.result`) and reads through to it, so code written against
the plain result (`evmeval.coreference(...).total`) keeps working. The undefined case (0/0) is one rule
per published scorer, named once here (`UNDEFINED`) and in docs/reference/glossary.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from evmeval.agreement.scoring import IaaResult
    from evmeval.compare.runs import Comparison
    from evmeval.conventions.base import ConventionResult, Fingerprint
    from evmeval.conventions.switchboard import Switchboard
    from evmeval.coref.scoring import CorefResult
    from evmeval.mention.scoring import ScoreResult
    from evmeval.sequencing.scoring import SequencingResult


@runtime_checkable
class Result(Protocol):
    """What every result of the library answers (see the module docstring)."""

    def to_json(self) -> dict[str, Any]: ...

    def rows(self) -> list[dict[str, Any]]: ...

    def report(self) -> str: ...


UNDEFINED: dict[str, str] = {
    "v1.8": "NaN (printed `nan`, JSON null, a dash in the window); a document's undefined precision or recall "
            "counts 0 in the macro average",
    "coreference": "0 (reference-coreference-scorers v8.01: a zero denominator gives 0)",
    "sequencing": "0 (v1.8's temporal awareness: no link on a side gives 0 for that side)",
    "compare": "NaN in the scores, as v1.8; 0 in a difference of F1 and in the significance tests",
    "agreement": "NaN (no item, or chance agreement 1)",
    "textee": "0 (TextEE scorer.py)",
    "dygiepp": "0 (DyGIE++ event_metrics.py)",
    "evmeval": "0 (the convention's table; its v1.8 figures are v1.8's)",
    "maven": "0 (MAVEN evaluate.py: scikit-learn's figures, where 0/0 gives 0)",
    "maven-ere": "0 (MAVEN-ERE evaluate.py; its BLANC adds 1e-6 to each denominator instead)",
    "bionlp": "1 when there is neither gold nor answer (a2-evaluate: nothing to score is 100%), else 0",
    "strings": "0 (ours for string predictions, as the TextEE conventions it stands beside)",
    "rams": "0 (RAMS scorer.py's compute_metrics: a 0 denominator gives 0, F1 0 when P + R is 0)",
    "gen-arg": "0 (gen-arg scorer.py's safe_div: a 0 denominator gives 0)",
    "uie": "0 (UIE scorer.py's safe_div: a 0 denominator gives 0)",
    "maven-arg": "NaN (MAVEN-Arg evaluate.py: numpy's mean of no entry, printed nan)",
    "paie": "0 (PAIE metric.py's eval_rpf: a 0 denominator gives 0, F1 0 when P + R <= 1e-4)",
    "omnievent": "0 (OmniEvent: scikit-learn's micro average, where 0/0 gives 0 with a warning)",
}
"""Published scorer (or our feature) -> what a figure whose denominator is 0 is under its rules."""


def plain(value: Any) -> Any:
    """`value` with every NaN float made None (JSON has no NaN), tuples as lists."""
    if isinstance(value, float):
        return None if math.isnan(value) else value
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


class _Wrapped:
    """Reads through to the feature's own result for every name the wrapper does not define."""

    result: Any

    def __getattr__(self, name: str) -> Any:
        if name == "result":
            raise AttributeError(name)
        return getattr(self.result, name)


@dataclass(frozen=True)
class CoreferenceScores(_Wrapped):
    """`evmeval.coreference(...)`: MUC, B³, CEAF-m/e, BLANC, LEA per document and summed."""

    result: CorefResult
    scores: ScoreResult

    def to_json(self) -> dict[str, Any]:
        """The `coreference` object of `evmeval-score -c --json`."""
        from evmeval.report.coref_report import coref_to_json

        return plain(coref_to_json(self.scores, self.result))  # type: ignore[no-any-return]

    def rows(self) -> list[dict[str, Any]]:
        """A record per document and metric (`document` None: the corpus sum)."""
        from evmeval.coref.metrics import METRICS

        out = []
        for doc_id, counts in [*((d.doc_id, d.counts) for d in self.result.documents), (None, self.result.total)]:
            for name in METRICS:
                m = counts.metric(name)
                out.append({"document": doc_id, "metric": name, "recall": m.recall, "precision": m.precision,
                            "f1": m.f1})
        return plain(out)  # type: ignore[no-any-return]

    def report(self) -> str:
        """v1.8's "Final Mention Coreference Results" section of the `-o` report."""
        from evmeval.report.coref_report import format_coref_section

        return format_coref_section(self.result)


@dataclass(frozen=True)
class SequencingScores(_Wrapped):
    """`evmeval.event_sequencing(...)`: temporal awareness of @After, @Subevent and both."""

    result: SequencingResult

    def to_json(self) -> dict[str, Any]:
        """The `sequencing` object of `evmeval-score -a --json`."""
        from evmeval.report.sequencing_report import sequencing_json

        return plain(sequencing_json(self.result))  # type: ignore[no-any-return]

    def rows(self) -> list[dict[str, Any]]:
        """A record per closure, evaluation and document (`document` None: the corpus)."""
        out = []
        for closure, evaluations in self.result.evaluations.items():
            for name, evaluation in evaluations.items():
                documents: list[tuple[str | None, Any]] = [(d.doc_id, d) for d in evaluation.documents]
                for doc_id, figures in [*documents, (None, evaluation.corpus)]:
                    out.append({"closure": closure, "evaluation": name, "document": doc_id,
                                "precision": figures.precision, "recall": figures.recall, "f1": figures.f1})
        return plain(out)  # type: ignore[no-any-return]

    def report(self) -> str:
        """What `evmeval-score -a` appends to the report."""
        from evmeval.report.sequencing_report import sequencing_section

        return sequencing_section(self.result)


@dataclass(frozen=True)
class ComparisonScores(_Wrapped):
    """`evmeval.compare_runs(...)`: two or more runs on one gold standard."""

    result: Comparison

    def to_json(self) -> dict[str, Any]:
        """The document `evmeval-compare --json` writes."""
        from evmeval.report.compare_json import comparison_to_json

        return plain(comparison_to_json(self.result))  # type: ignore[no-any-return]

    def rows(self) -> list[dict[str, Any]]:
        """A record per run and attribute combination: its corpus (micro) figures."""
        from evmeval.rules import COMBINATIONS

        return plain([{"run": s.name, "attributes": c, "precision": s.result.micro[c].precision,
                 "recall": s.result.micro[c].recall, "f1": s.result.micro[c].f1}
                      for s in self.result.systems for c in COMBINATIONS])  # type: ignore[no-any-return]

    def report(self) -> str:
        """The summary `evmeval-compare` prints."""
        from evmeval.report.compare_text import format_summary

        return format_summary(self.result)


@dataclass(frozen=True)
class AgreementScores(_Wrapped):
    """`evmeval.annotator_agreement(...)`: pairwise F1, GATE figures, Cohen's and Fleiss' kappa."""

    result: IaaResult

    def to_json(self, *, mappings: bool = False) -> dict[str, Any]:
        """The document `evmeval-iaa --json` writes (`mappings`: with `--mappings`' mapped pairs)."""
        return plain(self.result.to_json(mappings=mappings))  # type: ignore[no-any-return]

    def rows(self) -> list[dict[str, Any]]:
        """A record per pair of annotation sets and attribute combination: its corpus (micro) figures."""
        return plain([{"key": pair.a_name, "response": pair.b_name, "attributes": c, "precision": s.precision,
                 "recall": s.recall, "f1": s.f1}
                      for _, pair in sorted(self.result.pairs.items())
                      for c, s in pair.micro.items()])  # type: ignore[no-any-return]

    def report(self) -> str:
        """The text `evmeval-iaa` prints."""
        from evmeval.report.agreement_text import format_iaa_report

        return format_iaa_report(self.result)

    def intervals(self, resamples: int = 10_000, seed: int = 2016, confidence: float = 0.95) -> Any:
        """Every pair figure's document-bootstrap interval (`evmeval.compare.agreement.ResamplingRun`: `.pairs[(i, j)]
        ["plain_f1"]` has `estimate`, `ci_low`, `ci_high`; `.pairs[(i, j)].relations["After_f1"]` the relation and
        cluster figures' where the sets have links or clusters), as `evmeval-iaa --resamples` prints them."""
        from evmeval.compare.agreement import all_pair_intervals
        from evmeval.compare.significance import ResampleSettings

        return all_pair_intervals(self.result.pairs, ResampleSettings(resamples, seed, confidence),
                                  self.result.relations)


@dataclass(frozen=True)
class ConventionScores:
    """`evmeval.score_convention(...)`: the files scored under one or more published scorers' rules,
    each metric under that scorer's own name, with the gold data's fingerprint."""

    results: tuple[ConventionResult, ...]
    switchboard: Switchboard | None = None
    """With `convention="all"`: the conventions side by side and what flips between them."""
    grounding: Any = None
    """String predictions: the rule they were grounded by and what was not in the text
    (`evmeval.conventions.strings.Grounding`); None for a prediction file with offsets."""
    arguments: Any = None
    """With `convention="all"` on a TextEE run: its arguments under every argument convention that reads it
    (`evmeval.conventions.argument_pivot.ArgumentBoard`); None otherwise."""
    every: bool = False
    """Scored with `convention="all"` (its report says why there is no switchboard when there is none)."""
    switches: Any = None
    """With `matching="optimal"`: per convention that counts matches, its figures one to one and what flips
    (`evmeval.conventions.one_to_one.MatchingSwitch`); None otherwise."""

    @property
    def fingerprint(self) -> Fingerprint:
        return self.results[0].fingerprint

    def convention(self, name: str) -> ConventionResult:
        """One convention's result; `KeyError` naming the scored ones otherwise."""
        for r in self.results:
            if r.name == name:
                return r
        raise KeyError(f"{name!r} was not scored (scored: {', '.join(r.name for r in self.results)})")

    def to_json(self) -> dict[str, Any]:
        """The document `evmeval-score --convention NAME --json` writes."""
        from evmeval.conventions.cli import report_json

        return plain(report_json(self.results, self.fingerprint, self.switchboard, self.grounding,  # type: ignore[no-any-return]
                                 arguments=self.arguments, switches=self.switches))

    def rows(self) -> list[dict[str, Any]]:
        """A record per convention and metric, under the scorer's own metric names."""
        return plain([{"convention": r.name, "metric": name, "precision": m.precision, "recall": m.recall, "f1": m.f1,
                 "match": m.match_num, "predicted": m.pred_num, "gold": m.gold_num}
                      for r in self.results for name, m in r.metrics.items()])  # type: ignore[no-any-return]

    def report(self) -> str:
        """The text `evmeval-score --convention NAME` prints (the switchboard after it with `all`)."""
        from evmeval.conventions.cli import full_report

        return full_report(self.results, self.grounding, self.switchboard, self.every, arguments=self.arguments,
                           switches=self.switches)


def is_result(value: object) -> bool:
    """Whether `value` answers the protocol (a check for tests and callers that take any result)."""
    return isinstance(value, Result)


__all__ = ["UNDEFINED", "AgreementScores", "ComparisonScores", "ConventionScores", "CoreferenceScores", "Result",
           "SequencingScores", "is_result", "plain"]
