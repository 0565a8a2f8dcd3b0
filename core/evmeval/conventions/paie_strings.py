"""String predictions (`strings/1`) for `--convention paie`: a generative system's events placed on the RAMS or
WikiEvents gold events they are about, their argument strings grounded on the document's words.

PAIE extracts arguments of gold triggers, so a predicted event only says which gold event its arguments
belong to: the gold event of its document whose trigger has the given offsets (`start`/`end`, over the
document's words), else whose trigger words are the trigger string, the first not yet taken. Each argument
string is grounded on the document's words by a named rule of `evmeval.grounding` (`--grounding`, default
`closest`: the occurrence nearest the trigger). What is not placed is dropped, as PAIE never sees it, and
counted: argument strings found nowhere (the `predictions dropped as ungroundable` pathology) and the
arguments of events that name no gold trigger (a warning).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from evmeval.conventions.base import Input
from evmeval.grounding import GroundingRule, ground, occurrences, parse_rule
from evmeval.io.strings import StringEvent, read_strings

GROUNDING = "grounding"
"""The system `Input` companion holding `--grounding` for string predictions under paie."""
DEFAULT_RULE = GroundingRule("closest")
Span = tuple[int, int]


@dataclass(frozen=True)
class Placed:
    """Per gold event (in the order given), its predicted (role, inclusive span)s, and what was dropped."""

    predicted: list[list[tuple[str, Span]]]
    ungrounded: int
    """Argument strings the rule placed nowhere."""
    orphans: int
    """Arguments of predicted events that name no gold trigger of their document."""
    unknown: int
    """Lines of a document gold lacks (ignored)."""
    rule: GroundingRule
    unplaced: list[list[tuple[str, str]]]
    """Per gold event, the (role, string)s the rule placed nowhere (`ungrounded` of them in all)."""


def rule_of(system: Input) -> GroundingRule:
    given = system.options.get(GROUNDING)
    return DEFAULT_RULE if given is None else parse_rule(given)


def _gold_event(event: StringEvent, tokens: tuple[str, ...], triggers: Sequence[Span],
                taken: set[int]) -> int | None:
    """The index (among `triggers`) of the gold event a predicted event is about, or None."""
    if event.start is not None and event.end is not None:
        return next((k for k, t in enumerate(triggers) if t == (event.start, event.end)), None)
    places = set(occurrences(tokens, event.trigger))
    return next((k for k, t in enumerate(triggers) if t in places and k not in taken), None)


def place_strings(events: Sequence[tuple[str, tuple[str, ...], Span]], system: Input) -> Placed:
    """`events`: each gold event's (doc_id, document words, half-open trigger), in scoring order."""
    rule = rule_of(system)
    strings = read_strings(system.path, system.data)
    by_doc: dict[str, list[int]] = {}
    for k, (doc_id, _, _) in enumerate(events):
        by_doc.setdefault(doc_id, []).append(k)
    predicted: list[list[tuple[str, Span]]] = [[] for _ in events]
    unplaced: list[list[tuple[str, str]]] = [[] for _ in events]
    ungrounded = orphans = unknown = 0
    taken: dict[str, set[int]] = {}
    for line in strings.lines:
        members = by_doc.get(line.doc_id)
        if members is None:
            unknown += 1
            continue
        tokens = events[members[0]][1]
        triggers = [events[k][2] for k in members]
        for event in line.events:
            chosen = _gold_event(event, tokens, triggers, taken.setdefault(line.doc_id, set()))
            if chosen is None:
                orphans += len(event.arguments)
                continue
            taken[line.doc_id].add(chosen)
            trigger = triggers[chosen]
            used: list[Span] = []
            for argument in event.arguments:
                spans = ground(tokens, argument.text, rule, anchor=trigger, used=used)
                if not spans:
                    ungrounded += 1
                    unplaced[members[chosen]].append((argument.role, argument.text))
                used.extend(spans)
                predicted[members[chosen]].extend((argument.role, (s, e - 1)) for s, e in spans)
    return Placed(predicted, ungrounded, orphans, unknown, rule, unplaced)
