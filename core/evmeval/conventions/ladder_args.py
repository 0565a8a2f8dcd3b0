"""The ladder's command-line options checked (`evmeval-score --convention strings --ladder`): apart from the
ladder itself, so that every `--convention` run checks them without importing the ladder (issue 37)."""

from __future__ import annotations

from typing import Any

_SUB_OPTIONS = {"matching": "--matching", "ladder_threshold": "--ladder-threshold", "judgements": "--judgements",
                "agree_with": "--agree-with", "candidates": "--candidates"}


def ladder_refusal(args: Any) -> str | None:
    """Why the ladder options cannot run as given (exit 2), or None."""
    given = [flag for dest, flag in _SUB_OPTIONS.items() if getattr(args, dest, None) is not None]
    if not args.ladder:
        if given == ["--matching"] and args.matching == "optimal":
            return None  # the matching switch of the convention's own figures (`evmeval.conventions.one_to_one`)
        if given == ["--matching"]:
            return (f"--matching {args.matching} re-pairs the ladder's steps (expected --ladder with it; alone, "
                    "--matching optimal re-scores a convention one to one)")
        return f"{given[0]} is a --ladder option (expected --ladder with it)" if given else None
    if args.convention != "strings":
        return (f"--ladder climbs from the exact matches of --convention strings, not {args.convention} "
                "(expected --convention strings)")
    if args.agree_with is not None and args.judgements is None:
        return "--agree-with compares a judge with a person (expected --judgements with it)"
    if getattr(args, "candidates", None) is not None and args.judgements is None:
        return "--candidates writes the judge's candidate gold additions (expected --judgements with it)"
    threshold = args.ladder_threshold
    if threshold is not None and not 0.0 < threshold <= 1.0:
        return f"--ladder-threshold {threshold:g} (expected 0 < F <= 1)"
    return None


def ladder_inputs(args: Any) -> list[str]:
    """The judgement files the run reads (never to be written over)."""
    return [f for f in (getattr(args, "judgements", None), getattr(args, "agree_with", None)) if f is not None]
