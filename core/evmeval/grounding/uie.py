"""UIE's offset map (universal-ie/UIE `uie/sel2record/record.py`, `EventRecord`), as named rules.

UIE's model writes event records as strings; its `sel2record` step places them in the instance's tokens
before its scorer compares offsets. Its rules, per instance and in record order:
  - a string is cut into words at each single space (`"a  b"` is three words, the middle one empty) and
    matched against the tokens word for word;
  - a trigger takes its first occurrence not yet taken by an earlier record of the instance (any type:
    `first-unused`); a trigger found nowhere drops its record (and only it);
  - **the quirk**: a trigger whose occurrences are all taken already drops its record *and every later
    record of the instance* (the script leaves its loop), however well those would have been placed;
  - an argument takes its first occurrence (map `first`) or the one whose start is nearest the trigger's
    start (map `closest`, UIE's shipped default; ties to the earlier); one found nowhere is dropped.
Spans are half-open token spans, as every rule of `evmeval.grounding`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from evmeval.grounding.rules import Span, ground_first_unused, occurrences

UIE_MAPS: tuple[str, ...] = ("closest", "first")
"""UIE's map strategies for events (config/offset_map/*_en.yaml), its shipped default first."""


def uie_words(text: str) -> tuple[str, ...]:
    """A string as UIE matches it: split at every single space (its `span_to_token`, strategy `space`)."""
    return tuple(text.split(" "))


def ground_closest_uie(tokens: Sequence[str], words: Sequence[str], trigger: Span) -> Span | None:
    """The occurrence whose start is nearest the trigger's start (ties to the earlier), or None: UIE's
    `closest`, which differs from `closest` (`gap`) for an occurrence after the trigger (a long trigger)."""
    found = occurrences(tokens, words)
    return min(found, key=lambda span: (abs(span[0] - trigger[0]), span[0])) if found else None


class StringRecord(Protocol):
    """An event record as UIE writes it in strings (a reader's record has these fields)."""

    @property
    def event_type(self) -> str: ...
    @property
    def trigger(self) -> str: ...
    @property
    def roles(self) -> tuple[tuple[str, str], ...]: ...


@dataclass(frozen=True)
class PlacedRecord:
    event_type: str
    trigger: Span
    roles: tuple[tuple[str, Span], ...]
    dropped: tuple[tuple[str, str], ...] = ()
    """(role, string) of its arguments found nowhere (`UiePlacement.argument_not_in_text` counts them)."""


@dataclass(frozen=True)
class UiePlacement:
    """An instance's records placed by UIE's map, and what the map dropped (said, never silent)."""

    records: tuple[PlacedRecord, ...]
    trigger_not_in_text: int = 0
    """Records whose trigger is nowhere in the tokens."""
    used_up: int = 0
    """Records dropped by the quirk: the first whose trigger's occurrences were all taken, and every later one."""
    argument_not_in_text: int = 0
    """Arguments of placed records whose string is nowhere in the tokens."""
    lost_records: tuple[int, ...] = ()
    """Indices of the records dropped (trigger nowhere, or the quirk), in record order."""


def place_uie_records(tokens: Sequence[str], records: Sequence[StringRecord],
                      strategy: str = "closest") -> UiePlacement:
    """UIE's map of one instance's records (see the module's note); `strategy`: `closest` or `first`."""
    if strategy not in UIE_MAPS:
        raise ValueError(f"unknown UIE map {strategy!r} (expected closest or first)")
    placed: list[PlacedRecord] = []
    used: set[Span] = set()
    missing_trigger = missing_argument = 0
    lost: list[int] = []
    for index, record in enumerate(records):
        words = uie_words(record.trigger)
        if not occurrences(tokens, words):
            missing_trigger += 1
            lost.append(index)
            continue
        trigger = ground_first_unused(tokens, words, used)
        if trigger is None:  # the script's `break`: this record and every later one of the instance
            return UiePlacement(tuple(placed), missing_trigger, len(records) - index, missing_argument,
                                (*lost, *range(index, len(records))))
        used.add(trigger)
        roles: list[tuple[str, Span]] = []
        dropped: list[tuple[str, str]] = []
        for role, text in record.roles:
            argument_words = uie_words(text)
            if strategy == "closest":
                span = ground_closest_uie(tokens, argument_words, trigger)
            else:
                found = occurrences(tokens, argument_words)
                span = found[0] if found else None
            if span is None:
                missing_argument += 1
                dropped.append((role, text))
            else:
                roles.append((role, span))
        placed.append(PlacedRecord(record.event_type, trigger, tuple(roles), tuple(dropped)))
    return UiePlacement(tuple(placed), missing_trigger, 0, missing_argument, tuple(lost))
