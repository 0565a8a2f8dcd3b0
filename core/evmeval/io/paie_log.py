"""PAIE's result log: the one file a PAIE run writes about its predictions (mayubo2333/PAIE `metric.py`
`show_results`, written as `best_test_related_results.log` and `best_dev_results.log` in its output folder).

Its layout, as `show_results` writes it: `key: value` lines (the run's best score, its step), then per event
("feature", in the order PAIE read the split's events) a line of 85 dashes, `Sent: <the window's words>`,
`Event type: <type>\t\t\tTrigger word: <[text, [start, end], offset]>`, `Example ID <doc_key or doc_id>`
and per role with a gold or predicted argument its lines
`Arg <role> matched: Pred: <text> (<start>,<end>)\tGt: <text> (<start>,<end>)` (or `dismatched`), word
spans over the whole document, ends inclusive; `__ No answer __ (-1,-1)` stands for no span. Every
predicted span of a role appears on exactly one line, paired with a gold span or with none.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from evmeval.io.errors import FormatError
from evmeval.io.reading import decode_text, display_name, read_bytes

RULE = "-" * 85
_ARG = re.compile(r"Arg (?P<role>.*?) (?:matched|dismatched): Pred: .* \((?P<ps>-?\d+),(?P<pe>-?\d+)\)\t"
                  r"Gt: .* \((?P<gs>-?\d+),(?P<ge>-?\d+)\)")
_EVENT = re.compile(r"Event type: (?P<type>.*)\t\t\tTrigger word: (?P<trigger>.*)")
NO_ANSWER = (-1, -1)


@dataclass(frozen=True)
class LogFeature:
    """One event of the log: its `Example ID` line (1-based), example id, type and predicted (role, span)s."""

    line: int
    example_id: str
    event_type: str
    predicted: tuple[tuple[str, tuple[int, int]], ...]


@dataclass(frozen=True)
class PaieLog:
    path: str
    features: tuple[LogFeature, ...]
    sha256: str


def is_paie_log(data: bytes) -> bool:
    """Whether a file's first bytes are a `show_results` log: a line of 85 dashes followed by `Sent: `."""
    return f"{RULE}\nSent: ".encode() in data[: 1 << 16].replace(b"\r\n", b"\n")


def read_paie_log(path: str, data: bytes | None = None) -> PaieLog:
    """The log's events and their predictions; the first line that is not `show_results`'s is a `FormatError`."""
    data = read_bytes(path) if data is None else data
    name = display_name(path)
    lines = decode_text(data, path).replace("\r\n", "\n").split("\n")
    features: list[LogFeature] = []
    at = next((k for k, text in enumerate(lines) if text == RULE), len(lines))
    while at < len(lines):
        start = at + 1
        if start + 3 > len(lines) or not lines[start].startswith("Sent: "):
            raise FormatError(name, start + 1, f"{lines[start][:60]!r} after a line of dashes" if start < len(lines)
                              else "the file ends after a line of dashes", "Sent: <words>, as show_results writes it")
        event = _EVENT.fullmatch(lines[start + 1])
        if event is None or not lines[start + 2].startswith("Example ID "):
            raise FormatError(name, start + 2, f"{lines[start + 1][:60]!r}", "Event type: <type>\\t\\t\\tTrigger word: "
                              "<trigger>, then Example ID <id>, as show_results writes them")
        predicted = []
        at = start + 3
        while at < len(lines) and lines[at] != RULE:
            if lines[at] == "" and at == len(lines) - 1:
                break
            found = _ARG.fullmatch(lines[at])
            if found is None:
                raise FormatError(name, at + 1, f"{lines[at][:60]!r}", "Arg <role> matched|dismatched: Pred: <text> "
                                  "(<start>,<end>)\\tGt: <text> (<start>,<end>)")
            span = (int(found["ps"]), int(found["pe"]))
            if span != NO_ANSWER:
                predicted.append((found["role"], span))
            at += 1
        features.append(LogFeature(start + 3, lines[start + 2].removeprefix("Example ID "), event["type"],
                                   tuple(predicted)))
        if at >= len(lines) or lines[at] != RULE:
            break
    if not features:
        raise FormatError(name, 1, "no event (no line of 85 dashes followed by Sent: ...)",
                          "PAIE's best_test_related_results.log (metric.py show_results)")
    return PaieLog(name, tuple(features), hashlib.sha256(data).hexdigest())
