"""`evmeval-score --convention strings --ladder`: the soft-match ladder of a run, its matching switch, and
judgements replayed offline (`--judgements`, `--agree-with`), as text and as the JSON key `ladder`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from evmeval.conventions.base import Input
from evmeval.conventions.items import ROWS, Item
from evmeval.conventions.ladder import (
    DEFAULT_THRESHOLD,
    MATCHINGS,
    Ladder,
    candidate_gold_additions,
    climb,
    flips,
    format_ladder,
)
from evmeval.conventions.ladder_args import ladder_inputs
from evmeval.conventions.parsed import textee_file
from evmeval.conventions.strings import strings_outcomes
from evmeval.io.errors import FormatError
from evmeval.io.judgements import ItemKey, Judgement, inputs_sha256, read_judgements, verdicts
from evmeval.io.reading import display_name, read_bytes


class Agreement(Protocol):
    """`evmeval.agreement.judges.JudgeAgreement` (a layer above: the command passes `judge_agreement` in)."""

    @property
    def num_items(self) -> int: ...

    @property
    def cohen_kappa(self) -> float: ...

    @property
    def true_positive_rate(self) -> float: ...

    @property
    def false_positive_rate(self) -> float: ...

    def to_json(self) -> dict[str, Any]: ...


Verdicts = Mapping[tuple[ItemKey, str], bool]
Agree = Callable[[Verdicts, Verdicts], Agreement]
CurationVerdicts = Callable[[str, Input, Sequence[Item]], dict[ItemKey, bool]]
"""(a person's exported curation of the candidate sets, gold, the candidates) -> the person's verdict per candidate
(`evmeval.report.candidate_curation.curation_verdicts`, a layer above: the command passes it in)."""
CandidateWriter = Callable[[str, Input, Sequence[Item], Sequence[str]], Any]
"""(folder, gold, candidates, inputs) -> what was written (`write_candidate_curation`, passed in as above)."""


def is_curation(data: bytes) -> bool:
    """Whether a file given to --agree-with is the window's curation (a JSON object naming `curation/1`), not
    judgement lines."""
    head = data.lstrip()[:4096]
    return head.startswith(b"{") and b'"curation/1"' in head and b'"decisions"' in data


def person_verdicts(judge: Verdicts, person: Mapping[ItemKey, bool]) -> dict[tuple[ItemKey, str], bool]:
    """A curation's verdict per item, on each row the judge gave that item a verdict on."""
    return {(key, row): person[key] for key, row in judge if key in person}


@dataclass(frozen=True)
class LadderRun:
    ladder: Ladder
    others: dict[str, Ladder]
    """The same run under each other matching (the matching switch)."""
    judgements: list[Judgement] = field(default_factory=list)
    agreement: Agreement | None = None

    def switch(self, other: str) -> list[dict[str, Any]]:
        return [{"row": row, "item": item.to_json(), self.ladder.matching: a, other: b}
                for row, item, a, b in flips(self.ladder, self.others[other])]

    def to_json(self) -> dict[str, Any]:
        out = self.ladder.to_json()
        out["matching_switch"] = {m: {"tp": {row: lad.tp(row) for row in ROWS},
                                      "gold_matched": {row: lad.gold_matched(row) for row in ROWS},
                                      "flips": self.switch(m)} for m, lad in self.others.items()}
        why = {j.item: j for j in self.judgements if j.accepted}
        out["candidate_gold_additions"] = [
            {**item.to_json(), "judge": why[item.key].judge, "prompt": why[item.key].prompt,
             "rationale": why[item.key].rationale} for item in candidate_gold_additions(self.ladder)]
        if self.agreement is not None:
            out["judge_agreement"] = self.agreement.to_json()
        return out

    def text(self) -> str:
        lines = [format_ladder(self.ladder).rstrip("\n")]
        for m in self.others:
            found = self.switch(m)
            lines.append(f"Matching switch {self.ladder.matching} -> {m}: {len(found)} flip(s)")
            lines += [f"  {f['row']}: {f['item']['doc_id']}/{f['item']['unit']} {f['item']['text']!r} "
                      f"({self.ladder.matching}: {f[self.ladder.matching]}, {m}: {f[m]})" for f in found]
        additions = candidate_gold_additions(self.ladder)
        if additions:
            lines.append(f"Candidate gold additions (accepted by the judge, matched by no rule): {len(additions)}")
            lines += [f"  {i.doc_id}/{i.unit} {i.label} {i.text!r} {i.span_text}" for i in additions]
        if self.agreement is not None:
            a = self.agreement
            lines.append(f"Judge against person: {a.num_items} item(s) both judged, kappa {a.cohen_kappa:.3f}, "
                         f"true-positive rate {a.true_positive_rate:.3f}, false-positive rate "
                         f"{a.false_positive_rate:.3f}")
        return "\n".join(lines) + "\n"


def _check_items(path: str | None, judged: list[Judgement], known: set[tuple[str, str, str, int, int]]) -> None:
    """A verdict on an item the run does not have is refused at its line (its hash matched: the file is wrong)."""
    for j in judged:
        if j.item not in known:
            side, doc_id, unit, event, argument = j.item
            what = "trigger" if argument < 0 else f"argument {argument}"
            raise FormatError(display_name(path or ""), j.line, f"no {side} item {doc_id}/{unit} event {event} "
                              f"{what} in this run", "an item the JSON report lists (its side, doc_id, unit, "
                              "event and argument)")


def run_ladder(gold: Input, system: Input, original: bytes, *, matching: str = "greedy",
               threshold: float = DEFAULT_THRESHOLD, judgements: str | None = None,
               person: str | None = None, data: dict[str, bytes] | None = None,
               agree: Agree | None = None, curated: CurationVerdicts | None = None) -> LadderRun:
    """The ladder of `system` (grounded) on `gold`; `original`: the prediction file's bytes as given (the
    judgement files' hash is over them and gold's); `person` a judgement file or, read by `curated`, the
    window's curation of the candidate gold additions. Bad input raises `FormatError`."""
    inputs = inputs_sha256(gold.data or b"", original)
    cache = data or {}
    judged = read_judgements(judgements, inputs, cache.get(judgements)) if judgements else []
    outcomes = strings_outcomes(gold, system)
    _check_items(judgements, judged, {o.item.key for o in outcomes})
    windows = textee_file(gold).windows
    verdict = verdicts(judged)
    main = climb(outcomes, windows, matching=matching, threshold=threshold, judgements=verdict)
    others = {m: climb(outcomes, windows, matching=m, threshold=threshold, judgements=verdict)
              for m in MATCHINGS if m != matching}
    agreement = None
    if person and agree is not None:
        if curated is not None and is_curation(cache.get(person) or read_bytes(person)):
            mine = person_verdicts(verdict, curated(person, gold, candidate_gold_additions(main)))
        else:
            theirs = read_judgements(person, inputs, cache.get(person))
            _check_items(person, theirs, {o.item.key for o in outcomes})
            mine = verdicts(theirs)
        agreement = agree(verdict, mine)
    return LadderRun(main, others, judged, agreement)


def ladder_options(args: Any, cache: dict[str, bytes]) -> dict[str, Any]:
    """`run_ladder`'s keywords from the command line, the judgement files read once into `cache`."""
    for path in ladder_inputs(args):
        if path not in cache:
            cache[path] = read_bytes(path)
    return {"matching": args.matching or "greedy",
            "threshold": DEFAULT_THRESHOLD if args.ladder_threshold is None else args.ladder_threshold,
            "judgements": args.judgements, "person": args.agree_with, "data": cache}
