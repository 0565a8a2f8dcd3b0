"""`evmeval-iaa`'s text report (also `evmeval.annotator_agreement(...).report()`): inputs, F1 matrices with
their means, every pair's figures (GATE's per event type too), Fleiss' kappa; an undefined figure prints `nan`."""

from __future__ import annotations

import math

from evmeval.agreement.per_type import per_type_agreement
from evmeval.agreement.relations import CLUSTER_FIGURES, LINK_FIGURES
from evmeval.agreement.scoring import AgreementMatrix, IaaResult, PairAgreement
from evmeval.align.greedy import COMBINATIONS
from evmeval.compare.agreement import PairIntervals, ResamplingRun

LABEL_NAMES = {"mention_type": "type", "realis_status": "realis"}
RELATION_TITLES = {"Subevent": "Subevent links", "After": "After links", "All": "All links (both kinds)",
                   "muc": "coreference MUC", "bcub": "coreference B3", "ceafm": "coreference CEAF-m",
                   "ceafe": "coreference CEAF-e", "lea": "coreference LEA",
                   "conll": "coreference CoNLL (ours)"}


def _pct(value: float) -> str:
    return "    nan" if math.isnan(value) else f"{100 * value:7.2f}"


def _num(value: float) -> str:
    return "   nan" if math.isnan(value) else f"{value:6.3f}"


def format_iaa_report(result: IaaResult, intervals: ResamplingRun | None = None) -> str:
    """The text report: inputs, F1 matrices with their means, every pair's figures (with `intervals`, each
    figure's document-bootstrap interval under it), Fleiss' kappa."""
    n = len(result.names)
    tags = [f"[{i + 1}]" for i in range(n)]
    out = ["EvmEval Studio inter-annotator agreement",
           f"Mode: {result.mode.value} spans; symmetric greedy mapping, Dice partial credit; "
           "every document of either set counts.", "", "Annotation sets:"]
    out += [f"  {tags[i]} {name}  ({result.sizes[i]} mentions)" for i, name in enumerate(result.names)]
    out += ["", "=== F1 matrices (corpus, micro; %) ==="]
    for c in COMBINATIONS:
        m = result.matrix(c, "f1")
        out += ["", c, "      " + "".join(f"{t:>8}" for t in tags)]
        out += [f"{tags[i]:<6}" + "".join(f"{_pct(v):>8}" for v in row) for i, row in enumerate(m.values)]
        out.append(f"mean of pairs: {_pct(m.mean).strip()}")
    out += ["", "=== Pairs (first set in the key role: precision = TP / #second, recall = TP / #first) ==="]
    for (i, j), pair in sorted(result.pairs.items()):
        out += ["", f"{tags[i]} vs {tags[j]}", *_pair_lines(pair)]
        if intervals is not None:
            out += _interval_lines(intervals.pairs[(i, j)], intervals)
    out += ["", f"=== Fleiss' kappa ({n} annotators) ==="]
    for attr, f in result.fleiss.items():
        out.append(f"{LABEL_NAMES[attr]:<7} kappa {_num(f.kappa)} over {f.num_items} item(s): of {f.num_clusters} "
                   f"cluster(s), {f.num_incomplete} lack an annotator, {f.num_ambiguous} hold two mentions of one")
    out += _relation_lines(result, tags, intervals)
    return "\n".join(out) + "\n"


def _matrix_lines(m: AgreementMatrix, tags: list[str], title: str) -> list[str]:
    out = ["", title, "      " + "".join(f"{t:>8}" for t in tags)]
    out += [f"{tags[i]:<6}" + "".join(f"{_pct(v):>8}" for v in row) for i, row in enumerate(m.values)]
    return [*out, f"mean of pairs: {_pct(m.mean).strip()}"]


def _relation_lines(result: IaaResult, tags: list[str], intervals: ResamplingRun | None) -> list[str]:
    """Links and clusters (`evmeval.agreement.relations`): F1 matrices, then each pair's figures (with
    `intervals`, each figure's interval beside it)."""
    if result.relations_refused:
        return ["", "=== Relations and clusters ===", f"not compared: {result.relations_refused}"]
    if not result.relations:
        return []
    out = ["", "=== Relations and clusters (corpus, micro; %; first set in the key role) ===",
           "Links as the sequencing scorer prepares them (own coreference spread, redundant links reduced), "
           "mentions aligned by the type mapping;",
           "clusters as -c scores them (MUC, B3, CEAF, LEA; every matrix in --json)."]
    for figure in (*LINK_FIGURES, "conll"):  # every figure's matrix is in --json
        m = result.relation_matrix(figure, "f1")
        if all(math.isnan(v) for row in m.values for v in row):
            continue
        out += _matrix_lines(m, tags, f"{RELATION_TITLES.get(figure, figure)} F1")
    for (i, j), rel in sorted(result.relations.items()):
        found = intervals.pairs[(i, j)] if intervals is not None else None
        out += ["", f"{tags[i]} vs {tags[j]}"]
        if intervals is not None:
            out.append(f"  {intervals.title()}")
        heading = f"  {'figure':<28}{'P':>8}{'R':>8}{'F1':>8}   {'agreed':>7}{'#first':>7}{'#second':>8}"
        rows = [(heading, "F1 interval")]
        for figure in LINK_FIGURES:
            s = rel.links[figure]
            if s.num_gold or s.num_system:
                rows.append((f"  {figure + ' links':<28}{_pct(s.precision):>8}{_pct(s.recall):>8}{_pct(s.f1):>8}   "
                             f"{s.tp:>7}{s.num_gold:>7}{s.num_system:>8}", _relation_ci(found, f"{figure}_f1")))
        for figure in CLUSTER_FIGURES:
            p, r, f = rel.figure(figure)
            rows.append((f"  {RELATION_TITLES.get(figure, figure):<28}{_pct(p):>8}{_pct(r):>8}{_pct(f):>8}",
                         _relation_ci(found, f"{figure}_f1")))
        out += [f"{row:<{_ROW}}   {ci}" if found is not None else row for row, ci in rows]
    return out


_ROW = 2 + 28 + 3 * 8 + 3 + 7 + 7 + 8
"""The width of a pair's link row, where the F1 interval starts."""


def _relation_ci(found: PairIntervals | None, figure: str) -> str:
    """A relation figure's F1 interval (nothing without `--resamples`)."""
    if found is None or figure not in found.relations:
        return ""
    f = found.relations[figure]
    return "nan" if math.isnan(f.ci_low) else f"[{100 * f.ci_low:.2f}, {100 * f.ci_high:.2f}]"


def _ci(found: PairIntervals, figure: str) -> str:
    f = found[figure]
    if math.isnan(f.ci_low):
        return "nan"
    return f"[{100 * f.ci_low:.2f}, {100 * f.ci_high:.2f}]"


def _ci_num(found: PairIntervals, figure: str) -> str:
    f = found[figure]
    return "nan" if math.isnan(f.ci_low) else f"[{f.ci_low:.3f}, {f.ci_high:.3f}]"


def _interval_lines(found: PairIntervals, run: ResamplingRun) -> list[str]:
    """Each printed figure's interval, in the order of the pair's tables."""
    out = [f"  {run.title()}",
           f"  {'combination':<28}{'P':>17}{'R':>17}{'F1':>17}{'macro F1':>17}"]
    for c in COMBINATIONS:
        out.append(f"  {c:<28}" + "".join(f"{_ci(found, f'{c}_{m}'):>17}"
                                          for m in ("precision", "recall", "f1", "macro_f1")))
    out.append(f"  {'GATE F1':<28}{'strict':>17}{'lenient':>17}{'average':>17}")
    for c in COMBINATIONS:
        out.append(f"  {c:<28}" + "".join(f"{_ci(found, f'{c}_gate_{g}'):>17}"
                                          for g in ("strict_f1", "lenient_f1", "average_f1")))
    for attr, name in LABEL_NAMES.items():
        out.append(f"  {name}: observed {_ci_num(found, f'{attr}_observed')}, Cohen's kappa "
                   f"{_ci_num(found, f'{attr}_cohen_kappa')}, Scott's pi {_ci_num(found, f'{attr}_scott_pi')}")
    return out


def _pair_lines(pair: PairAgreement) -> list[str]:
    out = [f"  {'combination':<28}{'P':>8}{'R':>8}{'F1':>8}   {'macro P':>8}{'macro R':>8}{'macro F1':>9}"]
    for c in COMBINATIONS:
        s, m = pair.micro[c], pair.macro[c]
        out.append(f"  {c:<28}{_pct(s.precision):>8}{_pct(s.recall):>8}{_pct(s.f1):>8}   "
                   f"{_pct(m.precision):>8}{_pct(m.recall):>8}{_pct(m.f1):>9}")
    out.append(f"  {'GATE':<28}{'correct':>8}{'partial':>8}{'missing':>8}{'spurious':>9}  "
               f"{'strict F1':>9}{'lenient':>8}{'average':>8}")
    for c in COMBINATIONS:
        g = pair.gate[c]
        out.append(f"  {c:<28}{g.correct:>8}{g.partial:>8}{g.missing:>8}{g.spurious:>9}  "
                   f"{_pct(g.strict().f1):>9}{_pct(g.lenient().f1):>8}{_pct(g.average().f1):>8}")
    types = per_type_agreement(pair)
    if types:
        out.append(f"  {'per type (span, same type)':<28}{'correct':>8}{'partial':>8}{'missing':>8}{'spurious':>9}  "
                   f"{'strict P':>9}{'R':>8}{'F1':>8}  {'lenient P':>9}{'R':>8}{'F1':>8}")
    for row in types:
        g, strict, lenient = row.gate, row.gate.strict(), row.gate.lenient()
        out.append(f"  {row.name[:27]:<28}{g.correct:>8}{g.partial:>8}{g.missing:>8}{g.spurious:>9}  "
                   f"{_pct(strict.precision):>9}{_pct(strict.recall):>8}{_pct(strict.f1):>8}  "
                   f"{_pct(lenient.precision):>9}{_pct(lenient.recall):>8}{_pct(lenient.f1):>8}")
    for attr, la in pair.labels.items():
        out.append(f"  {LABEL_NAMES[attr]} on {la.num_pairs} mapped pair(s): observed {_num(la.observed).strip()}, "
                   f"Cohen's kappa {_num(la.cohen_kappa).strip()}, Scott's pi {_num(la.scott_pi).strip()}")
    return out
