"""How far an external judge agrees with a person on the same items (issue 35, section 4).

A judge's verdicts replace nobody's reading until they are checked against one: on the items both judged
(item and row), Cohen's kappa (`label_agreement`, the same figure as annotator agreement), and, taking the
person as right, the judge's true-positive rate (accepted among what the person accepted) and false-positive
rate (accepted among what the person rejected).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from evmeval.agreement.scoring import label_agreement

NAN = float("nan")
K = TypeVar("K")


@dataclass(frozen=True)
class JudgeAgreement:
    num_items: int
    """Items (and rows) both judged."""
    both_accept: int
    judge_only: int
    """Accepted by the judge, rejected by the person: the judge's false positives."""
    person_only: int
    both_reject: int
    cohen_kappa: float
    """NaN when there is no common item or chance agreement is 1 (both always gave one verdict)."""

    @property
    def true_positive_rate(self) -> float:
        wanted = self.both_accept + self.person_only
        return self.both_accept / wanted if wanted else NAN

    @property
    def false_positive_rate(self) -> float:
        rejected = self.judge_only + self.both_reject
        return self.judge_only / rejected if rejected else NAN

    def to_json(self) -> dict[str, Any]:
        def plain(x: float) -> float | None:
            return None if x != x else x
        return {"num_items": self.num_items, "both_accept": self.both_accept, "judge_only": self.judge_only,
                "person_only": self.person_only, "both_reject": self.both_reject,
                "cohen_kappa": plain(self.cohen_kappa), "true_positive_rate": plain(self.true_positive_rate),
                "false_positive_rate": plain(self.false_positive_rate)}


def judge_agreement(judge: Mapping[K, bool], person: Mapping[K, bool]) -> JudgeAgreement:
    """The judge's verdicts against the person's, on the keys both have."""
    common = [k for k in judge if k in person]
    pairs = [(judge[k], person[k]) for k in common]
    kappa = label_agreement("verdict", [(str(j), str(p)) for j, p in pairs]).cohen_kappa
    return JudgeAgreement(len(pairs), pairs.count((True, True)), pairs.count((True, False)),
                          pairs.count((False, True)), pairs.count((False, False)), kappa)
