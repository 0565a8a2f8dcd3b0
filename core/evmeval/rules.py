"""The rules every figure depends on, each written once: attribute combinations and attribute agreement.

The greedy mapping, the symmetric (agreement) mapping, the outcome classification, the 2015 profile,
the confusion charts and the reports all ask these functions; none re-derives them.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from evmeval.model import NOT_ANNOTATED, Mention

ATTRIBUTES: tuple[str, ...] = ("mention_type", "realis_status")
"""The attributes a combination can check, as the published report names them."""


class Combination(str, Enum):
    """An attribute combination of the published report: which attributes a mapped pair must agree on.

    A `str` enum: its value is the name the published report prints, so it is also a dictionary key
    and a JSON string equal to that name.
    """

    PLAIN = "plain"
    TYPE = "mention_type"
    REALIS = "realis_status"
    TYPE_REALIS = "mention_type+realis_status"

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    @property
    def label(self) -> str:
        """What people call it (window, charts, HTML report); the value stays in files."""
        return _LABELS[self]

    @property
    def checks(self) -> tuple[str, ...]:
        """The attributes this combination requires to agree, in `ATTRIBUTES` order."""
        return _CHECKS[self]

    @property
    def without_realis(self) -> Combination:
        """The combination checking the same but realis: its twin with the same figures when no mention carries a
        realis (`evmeval.model.carries_realis`); itself when it checks none."""
        return _WITHOUT_REALIS[self]


_LABELS = {Combination.PLAIN: "Span only", Combination.TYPE: "Span + type",
           Combination.REALIS: "Span + realis", Combination.TYPE_REALIS: "Span + type + realis"}
_CHECKS = {Combination.PLAIN: (), Combination.TYPE: ("mention_type",), Combination.REALIS: ("realis_status",),
           Combination.TYPE_REALIS: ("mention_type", "realis_status")}

_WITHOUT_REALIS = {Combination.PLAIN: Combination.PLAIN, Combination.TYPE: Combination.TYPE,
                   Combination.REALIS: Combination.PLAIN, Combination.TYPE_REALIS: Combination.TYPE}

COMBINATIONS: tuple[str, ...] = tuple(Combination)
"""The four attribute combinations, in report order (`evmeval.COMBINATIONS`): loop over these, not over
`ATTRIBUTE_NAMES`, whose eight names are two for each."""


def distinct_combinations(realis: bool) -> tuple[str, ...]:
    """The combinations whose figures can differ, in report order: all four, or for files without realis
    (`evmeval.model.carries_realis` false) the two that check none (the others repeat their figures)."""
    return COMBINATIONS if realis else tuple(c for c in COMBINATIONS if _WITHOUT_REALIS[Combination(c)] == c)


class AttributeRule(str, Enum):
    """How two attribute values are compared; every result says which rule made it."""

    SCORER = "scorer"
    """The published scorer's: a gold value `NOT_ANNOTATED` (type or realis) agrees with any system value."""
    SYMMETRIC = "symmetric"
    """Agreement between peers: `NOT_ANNOTATED` on either side agrees with anything, so swapping the
    annotators mirrors every result."""


def values_agree(rule: AttributeRule, gold_value: str, system_value: str) -> bool:
    """Whether two canonical attribute values agree under `rule`."""
    if gold_value in (system_value, NOT_ANNOTATED):
        return True
    return rule is AttributeRule.SYMMETRIC and system_value == NOT_ANNOTATED


def _value(mention: Mention, attribute: str) -> str:
    return mention.mention_type if attribute == "mention_type" else mention.realis


def attributes_agree(rule: AttributeRule, combination: str, gold: Mention, system: Mention) -> bool:
    """Whether `gold` and `system` agree on every attribute `combination` checks."""
    return all(values_agree(rule, _value(gold, a), _value(system, a)) for a in _CHECKS[Combination(combination)])


_BOTH, _TYPE_ONLY, _REALIS_ONLY = ("mention_type", "realis_status"), ("mention_type",), ("realis_status",)
"""`mismatched_attributes`' answers, in `ATTRIBUTES` order."""


def mismatched_attributes(rule: AttributeRule, gold: Mention, system: Mention) -> tuple[str, ...]:
    """The attributes on which the two mentions disagree under `rule` (for highlights and exports).

    Spelled out for the two attributes: exports ask this for every row of every combination."""
    wrong_type = not values_agree(rule, gold.mention_type, system.mention_type)
    wrong_realis = not values_agree(rule, gold.realis, system.realis)
    if wrong_type:
        return _BOTH if wrong_realis else _TYPE_ONLY
    return _REALIS_ONLY if wrong_realis else ()


ATTRIBUTE_NAMES: Mapping[str, Combination] = {
    "span": Combination.PLAIN, "plain": Combination.PLAIN,
    "type": Combination.TYPE, "mention_type": Combination.TYPE,
    "realis": Combination.REALIS, "realis_status": Combination.REALIS,
    "type+realis": Combination.TYPE_REALIS, "mention_type+realis_status": Combination.TYPE_REALIS,
}
"""The attributes a mapped pair must agree on, by the short names the window and options use and by
the published report's names: two names for each of the four `COMBINATIONS`."""


def attributes_named(name: str | Combination) -> Combination:
    """The combination called `name` (`span`, `type`, `realis`, `type+realis` or the report's names)."""
    if isinstance(name, Combination):
        return name
    try:
        return ATTRIBUTE_NAMES[name]
    except KeyError:
        raise ValueError(f"unknown attributes {name!r} (expected one of {', '.join(ATTRIBUTE_NAMES)})") from None
