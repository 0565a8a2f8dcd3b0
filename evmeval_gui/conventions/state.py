"""Arguments as sub-rows of the mapping table: each under its trigger's row, with the outcome the
chosen convention's scorer gave it (`evmeval.conventions.argument_outcomes`). No Qt in here.

A sub-row stands in for its trigger's side of the row (`gold` or `system`), so selecting it selects
that trigger on the text, and it names the argument (`key`) so the text can single it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from evmeval.mention.outcomes import MappingRow, Outcome

from evmeval_gui.model.selection import ArgumentKey

if TYPE_CHECKING:  # the conventions package is imported when an event corpus opens, not with the window
    from collections.abc import Mapping

    from evmeval.conventions.argument_outcomes import ArgumentOutcome, Key
    from evmeval.conventions.corpus import EventCorpus

VERDICT_STYLE = {"matched": Outcome.EXACT, "wrong role": Outcome.ATTRIBUTE, "missed": Outcome.MISSED,
                 "spurious": Outcome.SPURIOUS, "not in the text": Outcome.NOT_IN_TEXT}
"""The mention outcome whose colour a verdict borrows (not counted: none)."""

VERDICT_MARK = {"matched": "✓", "wrong role": "≠", "missed": "−", "spurious": "+", "not in the text": "⊘",
                "not counted": "·"}


@dataclass(frozen=True)
class ArgumentLine:
    """One argument sub-row: its trigger's row, its side, and its outcome under `convention`."""

    parent: MappingRow
    side: str
    index: int
    argument: ArgumentOutcome
    convention: str

    @property
    def is_gold(self) -> bool:
        """Under the gold trigger (else the system's); `evmeval.conventions.items.GOLD` is the side's name."""
        return self.side == "gold"

    @property
    def gold(self):
        return self.parent.gold if self.is_gold else None

    @property
    def system(self):
        return None if self.is_gold else self.parent.system

    @property
    def outcome(self) -> Outcome:
        """The trigger row's outcome (filters by outcome keep a trigger's sub-rows with it)."""
        return self.parent.outcome

    dice = None
    mismatched_attributes: tuple[str, ...] = ()

    @property
    def rule(self):
        return self.parent.rule

    @property
    def mention_id(self) -> str:
        mention = self.gold if self.is_gold else self.system
        return mention.mention_id if mention is not None else ""

    @property
    def key(self) -> ArgumentKey:
        return self.side, self.mention_id, self.index

    @property
    def verdict(self) -> str:
        return self.argument.verdict

    @property
    def is_error(self) -> bool:
        from evmeval.conventions.argument_outcomes import ERRORS

        return self.argument.verdict in ERRORS

    @property
    def label(self) -> str:
        """What its outcome cell shows: `✓ matched (textee)`."""
        return f"{VERDICT_MARK.get(self.verdict, '')} {self.verdict}"

    def shown(self) -> tuple:
        """What it shows (the mapping table's `SubRow`: an edit left it as it was when this is the same)."""
        return (self.parent.gold, self.parent.system, self.side, self.index, self.argument)


class ArgumentSource:
    """The sub-rows of one event corpus under one convention (the verdicts made while it loaded)."""

    def __init__(self, corpus: EventCorpus, convention: str) -> None:
        self.corpus = corpus
        self.convention = convention

    def verdicts(self) -> Mapping[Key, list[ArgumentOutcome]]:
        return self.corpus.verdicts.get(self.convention, {})

    def lines(self, doc_id: str, row: MappingRow) -> list[ArgumentLine]:
        """The row's gold trigger's arguments, then its system trigger's, in file order."""
        from evmeval.conventions.items import GOLD, PRED

        out = []
        verdicts = self.verdicts()
        for side, mention in ((GOLD, row.gold), (PRED, row.system)):
            if mention is None:
                continue
            for found in verdicts.get((side, doc_id, mention.mention_id), []):
                out.append(ArgumentLine(row, side, found.item.argument, found, self.convention))
        return out


def argument_conventions(corpus: EventCorpus) -> list[str]:
    """The corpus's conventions that score arguments one by one."""
    return list(corpus.verdicts)
