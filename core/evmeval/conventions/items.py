"""Per trigger and argument outcomes under a convention, in one coordinate system for every convention.

Two conventions disagree on a figure because they treat some mentions differently; to show which, each
convention says, for every trigger and argument occurrence in the files, what it added to each
comparable metric. An occurrence is named by its place in the file (document, window or sentence, event
index, argument index), which every convention reading that file shares, so outcomes line up.
"""

from __future__ import annotations

from typing import NamedTuple

ROWS: dict[str, str] = {
    "trigger_id": "Trigger identification",
    "trigger_cls": "Trigger classification",
    "argument_id": "Argument identification",
    "argument_cls": "Argument classification",
}
"""The metrics every convention can be compared on (switchboard rows), in order."""
SAME_ROWS = {row: row for row in ROWS}
"""Comparable metrics (`Convention.comparable`) of TextEE and of strings: the rows under the same names (Tri-I, …)."""
DYGIEPP_ROWS = {"trigger_id": "trig_id", "trigger_cls": "trig_class", "argument_id": "arg_id",
                "argument_cls": "arg_class"}
"""DyGIE++'s metrics of the switchboard's rows."""
OURS_ROWS = {"trigger_id": "plain", "trigger_cls": "mention_type"}
"""Ours' (v1.8's) metrics of the trigger rows; it scores no arguments."""
RAMS_ROWS = {"argument_cls": "overall"}
"""RAMS's figure of the classification row (trigger span, argument span, role); it has no identification."""
PAIE_ROWS = {"argument_id": "span_i", "argument_cls": "span_c"}
"""PAIE's span figures of the argument rows."""
GENARG_ROWS = {"argument_id": "role_id", "argument_cls": "role"}
"""gen-arg's Role identification and Role."""

GOLD, PRED = "gold", "pred"

# Why an occurrence's outcome is what it is, where that is a convention's own rule (flips group by these).
DUPLICATE = "duplicate collapsed: its tuple is already counted (set semantics)"
OVERWRITTEN = "same trigger token: only the last event on it counts (on either side)"
ONE_TO_ONE = "one-to-one mapping: the overlapping mention is paired with another one"
UNSCORED_DOCUMENT = "document without gold mentions: left out of the averages (v1.8)"
PARTIAL_SPAN = "partial span: Dice gives part credit, exact match none"
OTHER_TRIGGER = "argument matched under another trigger (the trigger is not in the key)"
TRIGGER_DROPPED = "argument of a trigger that is not scored"
TYPE_SPELLING = ("type spelling: one convention compares type names as written, the other folds them "
                 "(v1.8 keeps letters and digits, lower-cased)")
NOT_IN_TEXT = "not in the text: the grounding rule placed the string nowhere (ours counts a false alarm)"
"""The outcome of a string prediction the grounding rule could not place (`evmeval.conventions.strings`)."""
# The argument scorers' own rules (`rams`, `paie`, `gen-arg`: `evmeval.conventions.published_arguments`).
OUTSIDE_MODEL_WINDOW = ("outside PAIE's window: gold the model never saw, counted as missed (a prediction of it "
                        "unmatched)")
GOLD_REPEAT = ("a repeated gold argument: PAIE's gold list credits every copy one prediction finds, RAMS's multiset "
               "needs a prediction per copy")
TRIGGER_IN_KEY = "trigger span in the key: an argument predicted under another trigger span matches no gold link"
DETERMINER = "a leading the/an/a stripped from the gold span (gen-arg), not by PAIE"
SPAN_SET = "identification over a set of spans: a span predicted (or gold) under two roles counts once"
UNSCORED_EVENT = "event not scored: no generation line, or a type the ontology lacks (counted nowhere)"
UNGROUNDED = "not in the text: found nowhere, dropped (counted neither as predicted nor as wrong)"
# OmniEvent's EAE against MAVEN-Arg's evaluation (`evmeval.conventions.omnievent_pivot`).
WRONG_TYPE_ARGUMENTS = ("a wrong event type costs OmniEvent a false alarm and a miss; MAVEN-Arg never looks the "
                        "prediction up (the gold slot is its 0 entry)")
MAVEN_ONE_ENTRY = ("a slot is one entry: MAVEN-Arg scores a role with gold and no string (or strings and no gold, "
                   "or strings on a trigger that is no event) once, 0, however many mentions or strings it has")
MAVEN_UNPAIRED = ("unpaired: the role has more strings than gold mentions (or fewer); MAVEN-Arg's assignment leaves "
                  "it out, the penalty min/max charges its slot's pairs")
MAVEN_PENALTY = ("MAVEN-Arg's penalty: a slot's pairs are scaled by min/max of its gold mentions and strings (an "
                 "entity named twice halves a right answer)")
MAVEN_STRINGS = ("strings, not spans: MAVEN-Arg pairs a string with the gold mention sharing most words, wherever "
                 "either lies (bag-of-words F1 its credit)")
MAVEN_NO_WORDS = ("no words left: MAVEN-Arg's normalisation drops a/an/the and punctuation, so the string (or gold "
                  "mention) has no word to share (F1 0)")
MAVEN_ROLE_SPELLING = ("role spelling: MAVEN-Arg joins a submission's role to its type (Attacker under Attack is "
                       "Attack.Attacker), OmniEvent compares roles as written")
NOT_IN_SCHEMA = "role not in label2role.json: MAVEN-Arg never looks it up (counted neither right nor wrong)"


class Item(NamedTuple):
    """One trigger (`argument` -1) or argument occurrence in a gold or prediction file.

    A NamedTuple, not a frozen dataclass (as `LinkCounts`): `--convention all` makes one per trigger
    and argument of both files, and a tuple is several times cheaper to build."""

    side: str
    """GOLD or PRED."""
    doc_id: str
    unit: str
    """The window (TextEE `wnd_id`) or sentence (DyGIE++: its index) it is in."""
    event: int
    """Index of its event in the unit's event list (file order)."""
    argument: int
    """Index in its event's arguments; -1 for the trigger itself."""
    start: int
    end: int
    """Token offsets in the unit, end exclusive (the trigger's, or the argument's)."""
    event_type: str
    role: str = ""
    text: str = ""
    trigger: str = ""
    """An argument's trigger, `“attacked” [1,2)`, where the unit alone does not say which it is (RAMS and
    WikiEvents documents, read whole); empty elsewhere."""

    @property
    def key(self) -> tuple[str, str, str, int, int]:
        """Its place in the file: what lines it up across conventions."""
        return self.side, self.doc_id, self.unit, self.event, self.argument

    @property
    def kind(self) -> str:
        return "trigger" if self.argument < 0 else "argument"

    @property
    def span_text(self) -> str:
        """`[2,4)`, or `not in the text` for a string the grounding rule placed nowhere (start -1)."""
        return "not in the text" if self.start < 0 else f"[{self.start},{self.end})"

    @property
    def label(self) -> str:
        return f"{self.event_type} / {self.role}" if self.role else self.event_type

    def to_json(self) -> dict[str, object]:
        return {"side": self.side, "kind": self.kind, "doc_id": self.doc_id, "unit": self.unit,
                "event": self.event, "argument": self.argument, "start": self.start, "end": self.end,
                "event_type": self.event_type, "role": self.role, "text": self.text,
                **({"trigger": self.trigger} if self.trigger else {})}


class Outcome(NamedTuple):
    """What one occurrence added to one comparable row: to the prediction (PRED) or gold (GOLD) count
    (`counted`, 0 or 1) and to the matches (`credit`: 1, 0, or a Dice fraction). For predictions the
    counts and credits of a row add up to the convention's pred_num and match_num (`rams` and `paie`: the
    credits of gold's arguments, `published_arguments.MATCHED_ON`), gold's counts to its gold_num. A NamedTuple, as
    `Item` (one per occurrence and row)."""

    item: Item
    row: str
    counted: int
    credit: float
    note: str = ""
    """One of this module's reasons when a convention rule decided the outcome; empty otherwise."""
    detail: str = ""
    """Particulars of this occurrence (`Dice 0.67`, `duplicate of event 0`)."""


def token_text(tokens: list[str], start: int, end: int) -> str:
    return " ".join(tokens[start:end])
