"""What every scoring convention returns: its metrics under its own scorer's names, and a fingerprint
of the gold data, so two people can see at once whether they scored the same files."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeVar

from evmeval._util.lazy_import import lazy_function
from evmeval.conventions.items import Outcome

if TYPE_CHECKING:
    from evmeval.conventions.one_to_one import Matches, MatchingSwitch

T = TypeVar("T")


@dataclass(frozen=True)
class Metric:
    """One published scorer's figure: counts as that scorer counts them, precision/recall/F1 as
    fractions made from the counts the way it makes them (0 when a denominator is 0). `match_num` is
    a sum of Dice credits under `evmeval` (partial spans earn part of a match), a count elsewhere."""

    match_num: float
    pred_num: int
    gold_num: int

    @property
    def precision(self) -> float:
        return self.match_num / self.pred_num if self.pred_num > 0 else 0.0

    @property
    def recall(self) -> float:
        return self.match_num / self.gold_num if self.gold_num > 0 else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r > 0 else 0.0

    def to_json(self) -> dict[str, float | int]:
        return {"precision": self.precision, "recall": self.recall, "f1": self.f1,
                "match_num": self.match_num, "pred_num": self.pred_num, "gold_num": self.gold_num}


@dataclass(frozen=True)
class UnitCounts:
    """A gold/system pair's counts per scoring unit (a TextEE window, a DyGIE++ sentence, a MAVEN document),
    for resampling: `documents[i]` is unit i's document; `counts[metric]` its (match, pred, gold) columns (or
    as its rule reads them), one entry per unit. Summed over the units they are the convention's own corpus counts."""

    unit: str
    documents: tuple[str, ...]
    counts: Mapping[str, Sequence[Sequence[float]]]
    labels: dict[str, str]
    """metric -> the scorer's own label (TextEE's Tri-I, …)"""
    rules: dict[str, str] = field(default_factory=dict)
    """metric -> how its summed columns give its figures (`evmeval.compare.unit_rules.RULES`); absent:
    `ratio`, the (match, pred, gold) columns above."""
    given: dict[str, tuple[float, ...]] = field(default_factory=dict)
    """metric -> the scorer's own corpus figures (in its rule's order), where its summation order is not the
    units' sums divided (MAVEN-Arg's numpy means): the point estimates, bit for bit."""
    warnings: tuple[str, ...] = ()
    """What `evmeval-score --convention` warns of on these files (what the scorer leaves out, and so on)."""


_UNITS = {"textee": "windows", "maven-arg": "documents", "bionlp": "documents", "omnievent": "documents"}
"""What `Fingerprint.windows` counts, by format, where it is not sentences (DyGIE++, MAVEN, RAMS, WikiEvents, UIE)."""


@dataclass(frozen=True)
class Fingerprint:
    """Counts of the gold data and a hash of its bytes: the ACE05-E vs E+ kind of mismatch shows here."""

    format: str
    documents: int
    windows: int
    """Windows (TextEE), sentences (DyGIE++, …), or documents again (MAVEN-Arg, BioNLP, OmniEvent's items:
    `_UNITS`)."""
    event_mentions: int
    arguments: int
    event_types: int
    role_types: int
    gold_sha256: str

    def to_json(self) -> dict[str, Any]:
        return {"format": self.format, "documents": self.documents, "windows": self.windows,
                "event_mentions": self.event_mentions, "arguments": self.arguments,
                "event_types": self.event_types, "role_types": self.role_types, "gold_sha256": self.gold_sha256}

    def summary(self) -> str:
        """The report's data line; where a convention's unit is the document, its count is said once."""
        unit = _UNITS.get(self.format, "sentences")
        units = "" if unit == "documents" else f", {self.windows} {unit}"
        return (f"{self.documents} documents{units}, {self.event_mentions} event mentions, "
                f"{self.arguments} arguments, {self.event_types} event types, {self.role_types} roles; "
                f"gold sha256 {self.gold_sha256}")


NON_EXCLUSIVE = "non-exclusive matching"
"""A prediction matches any gold item, even one another prediction matched: recall above its one-to-one value."""
OUTSIDE_WINDOW = "gold outside the model's window"
"""Gold the model could never see, counted as missed (PAIE's window; docs/scoring/paie.md)."""
UNGROUNDABLE = "predictions dropped as ungroundable"
"""Strings placed nowhere in the text, dropped before scoring (never counted as false alarms)."""
PATHOLOGIES = (NON_EXCLUSIVE, OUTSIDE_WINDOW, UNGROUNDABLE)
"""Every kind, in the order a report lists them (docs/scoring/pathologies.md works an example of each)."""


@dataclass(frozen=True)
class Pathology:
    """Where a convention's figure is not what a one-to-one count of everything would give, and by how much:
    said beside the figures so nobody reads them as comparable when they are not."""

    kind: str
    """One of `PATHOLOGIES`."""
    metric: str
    """The convention's metric it moves ("" for all of them)."""
    count: int
    """The items concerned (predictions matched twice over, gold never seen, strings dropped)."""
    detail: str
    """What a user reads: the figure and its one-to-one (or complete) value."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "metric": self.metric, "count": self.count, "detail": self.detail}

    def text(self) -> str:
        return f"{self.kind}{f' ({self.metric})' if self.metric else ''}: {self.detail}"


@dataclass(frozen=True)
class ConventionResult:
    name: str
    metrics: dict[str, Metric]
    """In the scorer's own order and under its own names."""
    labels: dict[str, str]
    """How the scorer prints each metric (`Tri-I`), for the table."""
    fingerprint: Fingerprint
    warnings: tuple[str, ...] = ()
    """Where the files are odd and the published scorer scores them anyway (an empty submission, two
    datasets averaged): said beside the figures, which are the scorer's."""
    notes: tuple[str, ...] = ()
    """What a user should know to read the figures (the grounding rule, how many strings were not in the
    text), printed under the table and kept in the JSON."""
    pathologies: tuple[Pathology, ...] = ()
    """Where its counting departs from one-to-one and complete (`Pathology`), as the scorer itself counted."""

    def to_json(self) -> dict[str, Any]:
        return {name: metric.to_json() for name, metric in self.metrics.items()}


@dataclass(frozen=True)
class Input:
    """A file given on the command line and its bytes, read once (a pipe cannot be read twice), and what
    has been parsed of them: the explicit object that lets every convention of a run parse it once
    (`--convention all`), where a process-wide cache of parsed files used to (issue 33)."""

    path: str
    data: bytes | None = None
    """None: read it from `path` when needed."""
    _made: dict[Hashable, Any] = field(default_factory=dict, compare=False, repr=False)
    grounding: Any = None
    """Made from string predictions: their `evmeval.conventions.strings.Grounding` (the rule, and what was
    not in the text); None for a file as given."""
    companions: dict[str, str] = field(default_factory=dict, compare=False)
    """Further files a convention reads beside this one, by name (gen-arg's `ontology` and `coref-file`)."""
    options: dict[str, str] = field(default_factory=dict, compare=False)
    """A convention's options for this input, by name (UIE's `match-mode` and `uie-map`): not files."""

    def parsed(self, key: Hashable, make: Callable[[], T]) -> T:
        """`make()`, once for this input and `key` (a reader's name, or a pair's other input); an input
        read from its path alone is parsed anew each time, since the file could change in between."""
        if self.data is None:
            return make()
        if key not in self._made:
            self._made[key] = make()
        return self._made[key]  # type: ignore[no-any-return]

    def has_parsed(self, key: Hashable) -> bool:
        """Whether `key`'s parse is held (an input made of records read elsewhere, e.g. one document's windows
        read through the stream, `Input(path, b"")` given its parse: its format is its parse's, not its bytes')."""
        return key in self._made


def with_options(source: Input, **options: str | None) -> Input:
    """`source` with a convention's options (None: not given; `match_mode` is stored as `match-mode`)."""
    given = {k.replace("_", "-"): v for k, v in options.items() if v is not None}
    return replace(source, options={**source.options, **given})


def lazy(module: str, name: str) -> Callable[..., Any]:
    """`evmeval.conventions.<module>`'s function `name`, imported on its first call: the registry names every
    convention's functions, and a run imports only the conventions it runs (issue 37: importing them all was a
    quarter of `maven`'s CPU)."""
    return lazy_function(f"evmeval.conventions.{module}", name)


def with_companions(system: Input, **paths: str | None) -> Input:
    """`system` with the further files a convention reads (None: not given)."""
    return replace(system, companions={**system.companions, **{k.replace("_", "-"): v for k, v in paths.items()
                                                                 if v is not None}})


@dataclass(frozen=True)
class Convention:
    """A published scorer's rules: the format it reads, what it counts, and the function that scores."""

    name: str
    format: str
    description: str
    score: Callable[[Input, Input], ConventionResult]
    """(gold, system) -> result; bad input is a `FormatError`."""
    also_reads: tuple[str, ...] = ()
    """Further formats it scores (`evmeval` reads every format whose triggers are token spans)."""
    gold_formats: tuple[str, ...] = ()
    """Further formats it reads as gold only (OmniEvent's gold is MAVEN-Arg's layout, its predictions its own)."""
    comparable: dict[str, str] = field(default_factory=dict)
    """Switchboard row (`evmeval.conventions.items.ROWS`) -> this scorer's metric of that meaning; a
    convention without one of the rows leaves its cell empty."""
    outcomes: Callable[[Input, Input], list[Outcome]] | None = None
    """Per trigger and argument, what it added to each comparable row (for the flips between
    conventions); None: the convention takes no part in the flips."""
    matches: Callable[[Input, Input], Matches] | None = None
    """Per metric and scoring group, its items and the pairs its rule matches, for the matching switch
    (`evmeval.conventions.one_to_one`); None: the switch does not re-score it."""
    switch: Callable[[ConventionResult, Input, Input], MatchingSwitch] | None = None
    """The matching switch made by the convention itself, where its credit is not a count (ours: Dice)."""
    ours: bool = False
    """EvmEval's own rules (labelled so in every table)."""
    grounded: bool = False
    """Scores string predictions grounded on gold (`evmeval.conventions.strings`): in `all` only for those."""
    empty_submission: bool = False
    """An empty (0-byte) system file is a submission predicting nothing, as the published scorer reads it."""
    streams: bool = False
    """Named alone, it reads its files a line at a time (`Input.data` None: from the file, never held whole);
    a system file that may be an empty submission is read whole (its emptiness is told by its bytes)."""

    def reads(self, found: str) -> bool:
        """Whether it scores files of format `found`."""
        return found == self.format or found in self.also_reads

    def reads_gold(self, found: str) -> bool:
        """Whether it reads a gold file of format `found`."""
        return self.reads(found) or found in self.gold_formats

    @property
    def title(self) -> str:
        """Its column heading: the name, marked when it is ours."""
        return f"{self.name} (ours)" if self.ours else self.name


def side_by_side(conventions: Sequence[Convention]) -> bool:
    """Whether `--convention all` makes a switchboard: two or more of its conventions measure its rows (paie
    alone on string predictions has nothing to be set beside)."""
    return sum(1 for c in conventions if c.comparable) > 1
