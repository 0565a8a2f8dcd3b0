"""How a convention's summed per-document columns give its figures, element-wise over resamples: one rule
per way a published scorer divides (`evmeval.conventions.base.UnitCounts.rules` names them).

Every rule repeats its scorer's arithmetic in the scorer's order, so the point estimate (the columns summed
document after document, `resampling.Family.totals`) is bit for bit the figure `evmeval-score` prints:
  ratio    (match, pred, gold): P = match/pred, R = match/gold, F1 = 2PR/(P+R) (TextEE, DyGIE++, MUC);
  sklearn  (tp, pred, gold): scikit-learn's micro, F1 = 2tp/(pred+gold) (MAVEN, MAVEN-ERE's relations);
  split    (p_num, p_den, r_num, r_den): B³ and CEAF-e, whose precision and recall numerators differ;
  blanc    (rc, wc, rn, wn): MAVEN-ERE's BLANC, 1e-6 added to each denominator of P and R;
  macro    (tp, pred, gold per label, label after label): MAVEN's plain mean over its labels;
  coref_mean  the split B³, split CEAF-e, MUC and BLANC columns side by side: the mean of their four F1s;
  overall  coref_mean's columns, then temporal's, causal's and subevent's (tp, pred, gold): MAVEN-ERE's
           overall_f1, the mean of the coreference mean and the three relation F1s;
  bionlp   events' then modifications' (TP answer, answers, golds, TP gold): a2-evaluate.pl adds the
           modifications in only when the (resampled) gold has some; P = TPa/answers, R = TPg/golds;
  mean     (entries, Σ precision, Σ recall, Σ F1): MAVEN-Arg's means over entries;
  em       (entries, Σ exact match): MAVEN-Arg's exact-match mean, printed as an F1;
  paie     (match, pred, gold): as ratio, but PAIE's `eval_rpf` gives F1 = 0 when P + R <= 1e-4.
Where a mean's summation order is the scorer's own (numpy's over the entries), the point estimate is the
scorer's figure (`resampling.Family.given`) and only the resamples divide the sums.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from evmeval._util.lazy_import import lazy_module

if TYPE_CHECKING:
    import numpy as np
else:
    np = lazy_module("numpy")

PRF = ("precision", "recall", "f1")
F1 = ("f1",)


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """The scorers' rule: a zero denominator gives 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator != 0, numerator / np.where(denominator != 0, denominator, 1.0), 0.0)


def _harmonic(p: np.ndarray, r: np.ndarray) -> np.ndarray:
    total = p + r
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(total != 0, 2 * p * r / np.where(total != 0, total, 1.0), 0.0)


def ratio(s: np.ndarray) -> np.ndarray:
    p, r = _ratio(s[:, 0], s[:, 1]), _ratio(s[:, 0], s[:, 2])
    return np.column_stack([p, r, _harmonic(p, r)])


def sklearn(s: np.ndarray) -> np.ndarray:
    tp, pred, gold = s[:, 0], s[:, 1], s[:, 2]
    return np.column_stack([_ratio(tp, pred), _ratio(tp, gold), _ratio(2 * tp, pred + gold)])


def split(s: np.ndarray) -> np.ndarray:
    p, r = _ratio(s[:, 0], s[:, 1]), _ratio(s[:, 2], s[:, 3])
    return np.column_stack([p, r, _harmonic(p, r)])


def blanc(s: np.ndarray) -> np.ndarray:
    rc, wc, rn, wn = s[:, 0], s[:, 1], s[:, 2], s[:, 3]
    p = (rc / (rc + wc + 1e-6) + rn / (rn + wn + 1e-6)) / 2
    r = (rc / (rc + wn + 1e-6) + rn / (rn + wc + 1e-6)) / 2
    f_coref = _harmonic(_ratio(rc, rc + wc), _ratio(rc, rc + wn))
    f_non = _harmonic(_ratio(rn, rn + wn), _ratio(rn, rn + wc))
    return np.column_stack([p, r, (f_coref + f_non) / 2])


def macro(s: np.ndarray) -> np.ndarray:
    n = s.shape[1] // 3
    tp, pred, gold = s[:, :n], s[:, n:2 * n], s[:, 2 * n:]
    parts = (_ratio(tp, pred), _ratio(tp, gold), _ratio(2 * tp, pred + gold))
    return np.column_stack([np.cumsum(part, axis=1)[:, -1] / n for part in parts])  # summed label after label


COREF_WIDTH = 15
"""B³ (4), CEAF-e (4), MUC (3), BLANC (4)."""


def _coref_f1(s: np.ndarray) -> np.ndarray:
    b3, ceaf, muc, bl = split(s[:, 0:4]), split(s[:, 4:8]), ratio(s[:, 8:11]), blanc(s[:, 11:15])
    return (((b3[:, 2] + ceaf[:, 2]) + muc[:, 2]) + bl[:, 2]) / 4.0


def coref_mean(s: np.ndarray) -> np.ndarray:
    return _coref_f1(s)[:, None]


def overall(s: np.ndarray) -> np.ndarray:
    w = COREF_WIDTH
    t, c, e = (sklearn(s[:, w + 3 * k:w + 3 * k + 3])[:, 2] for k in range(3))
    return ((_coref_f1(s[:, :w]) + ((t + c) + e)) / 4.0)[:, None]


def bionlp(s: np.ndarray) -> np.ndarray:
    with_mods = s[:, 6:7] != 0  # Σ gold modifications
    t = s[:, 0:4] + np.where(with_mods, s[:, 4:8], 0.0)
    p, r = _ratio(t[:, 0], t[:, 1]), _ratio(t[:, 3], t[:, 2])
    return np.column_stack([p, r, _harmonic(p, r)])


def mean(s: np.ndarray) -> np.ndarray:
    return np.column_stack([_ratio(s[:, k], s[:, 0]) for k in (1, 2, 3)])


def paie(s: np.ndarray) -> np.ndarray:
    p, r = _ratio(s[:, 0], s[:, 1]), _ratio(s[:, 0], s[:, 2])
    return np.column_stack([p, r, np.where(p + r > 1e-4, _harmonic(p, r), 0.0)])


def em(s: np.ndarray) -> np.ndarray:
    return _ratio(s[:, 1], s[:, 0])[:, None]


RULES: dict[str, tuple[tuple[str, ...], Callable[[np.ndarray], np.ndarray]]] = {
    "ratio": (PRF, ratio), "sklearn": (PRF, sklearn), "split": (PRF, split), "blanc": (PRF, blanc),
    "macro": (PRF, macro), "coref_mean": (F1, coref_mean), "overall": (F1, overall),
    "bionlp": (PRF, bionlp), "mean": (PRF, mean), "em": (F1, em),
    "paie": (PRF, paie)}
"""rule -> (the figures it makes, summed columns (R, K) -> figures (R, F))."""
