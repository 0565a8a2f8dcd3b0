"""Runs compared under one convention's own figures, from their files: the one function
`evmeval-compare --convention NAME` and the window's Compare mode (its Conventions page) call.

Each system input is prepared as `evmeval-score --convention` prepares it (`conventions.options.prepare_with`:
grounding, ontology, coreference file, match mode), checked to be of a format the convention reads, and
reduced to its per-unit counts (`UnitCounts`, the convention's `unit_counts`); the runs are then compared
(`units.compare_units`): each run's figures with intervals, each pair's Δ, interval, adjusted p, MDE and verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from evmeval._util.progress import CancelCheck, Progress, stop_if_cancelled
from evmeval.compare.multiple import DEFAULT_CORRECTION
from evmeval.compare.significance import DEFAULT_SETTINGS, ResampleSettings
from evmeval.compare.units import CONVENTIONS, WINDOWED, UnitComparison, compare_units
from evmeval.conventions import (
    REGISTRY,
    bionlp,
    dygiepp,
    genarg,
    maven,
    maven_arg,
    maven_ere,
    omnievent,
    ours,
    paie,
    rams,
    strings,
    textee,
    uie,
)
from evmeval.conventions.argument_changes import ARGUMENT_CONVENTIONS, PairArguments, pair_arguments, run_arguments
from evmeval.conventions.base import Input, UnitCounts
from evmeval.conventions.cli import check_formats
from evmeval.conventions.options import ConventionOptions, prepare_with
from evmeval.conventions.trigger_changes import PairTriggers, pair_triggers, run_triggers
from evmeval.io.errors import FormatError
from evmeval.io.reading import display_name

READERS: dict[str, Callable[[Input, Input], UnitCounts]] = {
    "textee": textee.unit_counts, "dygiepp": dygiepp.unit_counts, "maven": maven.unit_counts,
    "maven-ere": maven_ere.unit_counts, "evmeval": ours.unit_counts, "rams": rams.unit_counts,
    "gen-arg": genarg.unit_counts, "uie": uie.unit_counts, "maven-arg": maven_arg.unit_counts,
    "bionlp": bionlp.unit_counts, "strings": strings.unit_counts, "paie": paie.unit_counts,
    "omnievent": omnievent.unit_counts}
"""Each convention compared (`CONVENTIONS`) and its per-unit counts."""
assert tuple(READERS) == CONVENTIONS, "a convention compared has its per-unit counts"


@dataclass(frozen=True)
class ConventionComparison:
    """The comparison, what `evmeval-score --convention` warns of on each run's files (`name: warning`) and, for
    TextEE and DyGIE++ (whose outcomes name arguments by role, span and trigger), each pair's changed arguments;
    for every convention with outcomes (`trigger_conventions`), each pair's changed triggers."""

    comparison: UnitComparison
    warnings: tuple[str, ...]
    arguments: tuple[PairArguments, ...] = ()
    triggers: tuple[PairTriggers, ...] = ()


def has_trigger_changes(convention: str) -> bool:
    """Whether runs compared under `convention` list their changed triggers (its outcomes name each trigger: not
    those of the argument scorers rams, paie and gen-arg, which score no trigger)."""
    return convention in REGISTRY and REGISTRY[convention].outcomes is not None and \
        "trigger_id" in REGISTRY[convention].comparable


def compared_conventions(found: str, *, strings_given: bool = False) -> tuple[str, ...]:
    """The conventions runs of format `found` (`conventions.detect_format`) are compared under, in
    `CONVENTIONS`' order; `strings_given`: the runs are string predictions (grounded on a TextEE gold file, so
    every TextEE convention and ours for strings read them)."""
    return tuple(name for name in CONVENTIONS
                 if REGISTRY[name].reads(found) and (strings_given or not REGISTRY[name].grounded))


def run_names(paths: Sequence[str]) -> list[str]:
    """Each run's name: its file name without `.jsonl`, numbered when two are the same."""
    names: list[str] = []
    for path in paths:
        base = display_name(path).rsplit("/", 1)[-1]
        base = base[:-6] if base.endswith(".jsonl") else base
        names.append(base if base not in names else f"{base} ({names.count(base) + 1})")
    return names


def compare_convention(convention: str, gold: Input, systems: Sequence[Input], *,
                       options: ConventionOptions = ConventionOptions(),  # noqa: B008
                       names: Sequence[str] | None = None, unit: str = "document",
                       settings: ResampleSettings = DEFAULT_SETTINGS, correction: str = DEFAULT_CORRECTION,
                       interval: str = "percentile", progress: Progress | None = None,
                       cancelled: CancelCheck | None = None) -> ConventionComparison:
    """Compare `systems` (two or more) against `gold` under `convention` (one of `CONVENTIONS`), resampling
    documents (`unit="window"`: windows). Raises `FormatError` for bad input (a file of another format, runs
    over other units than the first's, a gold file without documents), `ValueError` for an option the
    convention refuses, `Cancelled` once `cancelled()` says stop (checked between runs)."""
    if convention not in READERS:
        raise ValueError(f"convention {convention!r}: intervals are made for {', '.join(READERS)}")
    total = len(systems) + 1
    counts: list[UnitCounts] = []
    prepared_systems: list[Input] = []
    for number, system in enumerate(systems):
        stop_if_cancelled(cancelled)
        prepared = prepare_with(convention, gold, system, options)[1]
        check_formats([REGISTRY[convention]], gold, prepared)
        counts.append(READERS[convention](gold, prepared))
        prepared_systems.append(prepared)
        if progress is not None:
            progress(number + 1, total)
    first = counts[0]
    for system, c in zip(systems, counts, strict=True):
        if c.documents != first.documents:
            raise FormatError(display_name(system.path), 0, f"scored over other {c.unit}s than "
                              f"{display_name(systems[0].path)}", "runs scored over the gold file's units, each "
                              "the same")
    if not first.documents:
        raise FormatError(display_name(gold.path), 1, "no documents to resample", "at least one gold document")
    stop_if_cancelled(cancelled)
    names = list(names) if names is not None else run_names([s.path for s in systems])
    comparison = compare_units(convention, names, [c.counts for c in counts], first.documents, first.labels,
                               unit=unit, settings=settings, correction=correction, interval=interval,
                               rules=first.rules, given=[c.given for c in counts],
                               unit_names="documents" if convention in WINDOWED else f"{first.unit}s")
    stop_if_cancelled(cancelled)
    outcomes = REGISTRY[convention].outcomes
    heads = any("head-only" in s.options for s in prepared_systems)  # gen-arg's outcomes are its span figures'
    runs = ([outcomes(gold, s) for s in prepared_systems] if outcomes is not None and not heads
            and (has_trigger_changes(convention) or convention in ARGUMENT_CONVENTIONS) else [])
    arguments = (pair_arguments([run_arguments(o) for o in runs], comparison.pairs)
                 if convention in ARGUMENT_CONVENTIONS and runs else [])
    triggers = pair_triggers([run_triggers(o) for o in runs], comparison.pairs) if runs else []
    if progress is not None:
        progress(total, total)
    warnings = tuple(f"{name}: {w}" for name, c in zip(comparison.names, counts, strict=True) for w in c.warnings)
    return ConventionComparison(comparison, warnings, tuple(arguments), tuple(triggers))


__all__ = ["READERS", "ConventionComparison", "compare_convention", "compared_conventions", "has_trigger_changes",
           "run_names"]
