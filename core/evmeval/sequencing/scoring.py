"""Event sequencing scores (`-a`): the published v1.8 figures, and our order-independent variant.

`score_sequencing` takes the mention scoring result (for the filtered mentions and their mappings) and
the two parsed files (for the relation lines) and returns, for each of the three evaluations
(Subevent, After, All), per-document and pooled temporal awareness under two closures:

- "published": v1.8's incremental TimeML graph, fed the links in v1.8's order (Python 2 set order);
- "full" (ours): complete interval closure (`evmeval.sequencing.interval_closure`), independent of order.

Where v1.8 stops (a two-way link within one link type unless -nv, an @After/@Subevent line with more
than two ids, the weight's division by zero) we raise `SequencingError` with the file and line.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from typing import Any, NamedTuple

from evmeval._util.forked import shared
from evmeval.io.errors import FormatError, Problem
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.model import Relation, TbfFile
from evmeval.rules import COMBINATIONS
from evmeval.sequencing.interval_closure import ClosureGraph
from evmeval.sequencing.links import (
    EVALUATIONS,
    DocumentLinks,
    SideLinks,
    Tlink,
    TwoWay,
    keep_listed,
    node_ids,
    side_links,
    system_of_gold,
)
from evmeval.sequencing.temporal_awareness import (
    Awareness,
    DocumentAwareness,
    GraphFactory,
    LinkOutcome,
    WeightUndefined,
    evaluate_document,
    pool,
)
from evmeval.sequencing.timegraph import PublishedTimegraph

CLOSURES: dict[str, GraphFactory] = {"published": PublishedTimegraph, "full": ClosureGraph}
"""Closure name -> graph; "published" is v1.8's, "full" is ours (EvmEval Studio), order-independent."""
CLOSURE_LABELS = {"published": "published v1.8 (order-dependent TimeML graph)",
                  "full": "EvmEval Studio: complete interval closure, order-independent"}
DEFAULT_MAPPING = "mention_type"
"""v1.8's `-m 1`: sequencing (like coreference) aligns mentions through the type mapping."""
MAPPING_BY_NUMBER: dict[int, str] = dict(enumerate(COMBINATIONS))
"""v1.8's `-m N` values: the combinations in report order."""


class SequencingError(FormatError):
    """Input the published scorer refuses (or crashes on) when scoring sequencing."""


@dataclass(frozen=True)
class Evaluation:
    """One evaluation (Subevent, After or All) under one closure: pooled and per document."""

    name: str
    closure: str
    corpus: Awareness
    documents: tuple[DocumentAwareness, ...]

    def document(self, doc_id: str) -> DocumentAwareness | None:
        """One document's figures and link outcomes (None: not evaluated, e.g. a `DS_Store` name)."""
        return self._by_id.get(doc_id)

    @cached_property
    def _by_id(self) -> dict[str, DocumentAwareness]:
        """The documents by id, made at the first look-up: a list sorted by a document's F1 asks for every one
        (a search through 4,480 documents each time was seconds on the GUI thread)."""
        by_id: dict[str, DocumentAwareness] = {}
        for d in self.documents:
            by_id.setdefault(d.doc_id, d)  # the first, as the search found it
        return by_id


@dataclass(frozen=True)
class SequencingResult:
    """Links of every gold document and the evaluations under both closures."""

    mapping: str
    validated: bool
    documents: tuple[DocumentLinks, ...]
    """Each document's links (empty when scored with `keep_links=False`; only its node labels, each side's
    path and warnings with `keep_nodes=True`)."""
    evaluations: dict[str, dict[str, Evaluation]]
    """closure ("published", "full") -> evaluation name ("Subevent", "After", "All") -> Evaluation"""
    warnings: tuple[str, ...] = ()
    failures: dict[str, dict[str, str]] = field(default_factory=dict)
    """closure -> evaluation name -> why it has no figures (only with `strict=False`)"""
    outcomes_kept: bool = True
    """False (`keep_outcomes=False`): each document's figures without its link outcomes; `score_one_document`
    gives one document's."""

    def evaluation(self, name: str, closure: str = "published") -> Evaluation:
        return self.evaluations[closure][name]

    @property
    def combination(self) -> str:
        """`mapping` under the glossary's word: the attribute combination that aligned the mentions."""
        return self.mapping


SKIPPED_SHOWN = 20
"""How many refused pairs `SequencingSkipped.lines` lists (then a count of the others)."""


@dataclass(frozen=True)
class SequencingSkipped:
    """Sequencing left unscored because v1.8 refuses these links without -nv (every pair linked both
    ways): a caller still scores mentions and coreference, and says which links to fix."""

    problems: tuple[Problem, ...]

    def headline(self) -> str:
        pairs = len(self.problems)
        return (f"event sequencing not scored: {pairs} pair{'s' if pairs != 1 else ''} of mentions linked both "
                "ways within one link type, which the published scorer v1.8 refuses (give -nv to score them "
                "anyway)")

    def lines(self, limit: int = SKIPPED_SHOWN) -> list[str]:
        """The headline, then `file:line: document …: the links` per refused pair (at most `limit`)."""
        out = [self.headline()]
        out += [f"{p.path}:{p.line}: {p.message}" for p in self.problems[:limit]]
        if len(self.problems) > limit:
            out.append(f"… and {len(self.problems) - limit} more")
        return out


class DocumentInput(NamedTuple):
    """What sequencing reads of one scored document, as plain values: built from a `DocumentResult` and
    the parsed files (`document_input`) or from the mention kernel's arrays (`evmeval.cli.sequencing_fastpath`)."""

    doc_id: str
    gold_ids: Sequence[str]
    """The gold mentions' ids in line order."""
    system_ids: Sequence[str]
    partner: dict[int, int]
    """gold mention row -> the system mention row the mapping aligns with it"""
    gold_relations: Sequence[Relation]
    system_relations: Sequence[Relation]
    """empty where the system file lacks the document"""


def _relations(doc_relations: Sequence[Relation], mention_ids: set[str], filtered: bool) -> list[Relation]:
    return keep_listed(doc_relations, mention_ids) if filtered else list(doc_relations)


def document_input(doc: DocumentResult, gold: TbfFile, system: TbfFile, *, mapping: str,
                   filtered: bool) -> DocumentInput:
    """One scored document's `DocumentInput` (`filtered`: a type white list dropped mentions)."""
    gold_ids = [m.mention_id for m in doc.gold]
    system_ids = [m.mention_id for m in doc.system]
    s_doc = system.documents.get(doc.doc_id)
    return DocumentInput(doc.doc_id, gold_ids, system_ids, system_of_gold(doc.mappings[mapping]),
                         _relations(gold.documents[doc.doc_id].relations, set(gold_ids), filtered),
                         _relations(s_doc.relations, set(system_ids), filtered) if s_doc else [])


def links_of(d: DocumentInput, gold_path: str, system_path: str) -> DocumentLinks:
    """Both sides' links of one document (gold side first, as v1.8 builds them)."""
    gold_node, system_node, labels = node_ids(d.gold_ids, d.system_ids, d.partner)
    return DocumentLinks(d.doc_id, side_links(gold_path, d.gold_ids, d.gold_relations, gold_node),
                         side_links(system_path, d.system_ids, d.system_relations, system_node), labels)


def document_links(doc: DocumentResult, gold: TbfFile, system: TbfFile, *, mapping: str,
                   filtered: bool) -> DocumentLinks:
    """Both sides' links of one scored document (gold side first, as v1.8 builds them)."""
    return links_of(document_input(doc, gold, system, mapping=mapping, filtered=filtered), gold.path, system.path)


class SequencingRefused(SequencingError):
    """Links v1.8 refuses to score without -nv (pairs linked both ways): `problems` lists every such pair
    found (the message names the first), so a caller can score the rest and say which links to fix."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        first = problems[0]
        super().__init__(first.path, first.line, first.message, first.expected)
        self.problems = tuple(problems)


def two_way_problems(side: SideLinks, doc_id: str, gold_ids: Collection[str] | None = None) -> list[Problem]:
    """Every pair linked both ways within one link type on one side, as v1.8 refuses them unless -nv.

    v1.8 exits with status 255 there; on the system side it first looks the two ids up among the gold
    ids (`gold_ids`: gold mentions and coreference members) and crashes with KeyError when they are not.
    """
    problems = []
    for c in side.two_way:
        what = "exits with status 255"
        if gold_ids is not None and not (c.source in gold_ids and c.target in gold_ids):
            what = "crashes (KeyError: these ids are not gold ids)"
        problems.append(Problem(
            side.path, c.line,
            f"document {doc_id!r}: @{c.kind} links {c.source}->{c.target} and (line {c.reverse_line}) "
            f"{c.target}->{c.source}, after propagation through coreference, link two mentions both ways; "
            f"the published scorer {what} here", "links in one direction only, or -nv to score them anyway"))
    return problems


def check_two_way(side: SideLinks, doc_id: str, gold_ids: Collection[str] | None = None) -> None:
    """Raise `SequencingRefused` (every pair of this side) when v1.8 refuses the side's links unless -nv."""
    problems = two_way_problems(side, doc_id, gold_ids)
    if problems:
        raise SequencingRefused(problems)


def _gold_ids(d: DocumentInput) -> set[str]:
    ids = set(d.gold_ids)
    for r in d.gold_relations:
        if r.kind == "Coreference":
            ids.update(r.mention_ids)
    return ids


def _undefined(d: DocumentLinks, name: str, why: str) -> SequencingError:
    return SequencingError(
        d.gold.path, 0,
        f"document {d.doc_id!r}, {name} links: the published implicit-match weight is undefined "
        f"({why}); v1.8 stops here with ZeroDivisionError",
        "links that do not match on every pair of shared nodes (two-way links scored with -nv, or an "
        "After and a Subevent link between the same two mentions, in All)")


def _evaluated(d: DocumentLinks, name: str, closure: str) -> DocumentAwareness | str | None:
    """One document's figures in one evaluation; the reason where v1.8 divides by zero; None for a
    document v1.8's TimeML scorer skips (a `DS_Store` file name)."""
    if "DS_Store" in d.doc_id + ".tml":
        return None
    try:
        return evaluate_document(d.doc_id, d.gold.tlinks(name), d.system.tlinks(name), CLOSURES[closure],
                                 undefined_weight=None if closure == "published" else 0.0)
    except WeightUndefined as exc:
        return str(exc)


def evaluate(links: Sequence[DocumentLinks], name: str, closure: str) -> Evaluation:
    """One evaluation over all documents. Raises `SequencingError` where v1.8 divides by zero."""
    documents = []
    for d in links:
        figures = _evaluated(d, name, closure)
        if isinstance(figures, str):
            raise _undefined(d, name, figures)
        if figures is not None:
            documents.append(figures)
    return Evaluation(name, closure, pool(documents), tuple(documents))


class _Scored(NamedTuple):
    """One document's share of `score_sequencing`: its links (or the `Problem` building them raised),
    the pairs v1.8 refuses, and its figures per job (not evaluated where it has refused pairs)."""

    links: DocumentLinks | Problem
    refused: list[Problem]
    figures: list[DocumentAwareness | str | None]


def _score_document(inputs: Callable[[int], DocumentInput], paths: tuple[str, str], validate: bool,
                    jobs: Sequence[tuple[str, str]], keep_links: bool, keep_nodes: bool, keep_outcomes: bool,
                    number: int) -> _Scored:
    doc = inputs(number)
    try:
        doc_links = links_of(doc, *paths)
    except FormatError as exc:
        return _Scored(exc.problem, [], [])
    refused = []
    if validate:
        refused = (two_way_problems(doc_links.gold, doc.doc_id)
                   + two_way_problems(doc_links.system, doc.doc_id, _gold_ids(doc)))
    figures = [] if refused else [_evaluated(doc_links, name, closure) for closure, name in jobs]
    if not keep_outcomes:  # the figures only: a view scores the one document it shows (`score_one_document`)
        figures = [replace(f, outcomes=()) if isinstance(f, DocumentAwareness) else f for f in figures]
    if not keep_links:  # what the caller still reads: the id, the paths and the warnings (and the nodes)
        doc_links = DocumentLinks(doc_links.doc_id, _slim(doc_links.gold), _slim(doc_links.system),
                                  doc_links.node_labels if keep_nodes else {})
    return _Scored(doc_links, refused, figures)


def _slim(side: SideLinks) -> SideLinks:
    return SideLinks(side.path, {}, {}, side.warnings)


def _side_plain(side: SideLinks) -> tuple[Any, ...]:
    return (side.path, {kind: [tuple(t) for t in links] for kind, links in side.links.items()}, side.node_of,
            list(side.warnings), [tuple(t) for t in side.two_way])


def _side(plain: tuple[Any, ...]) -> SideLinks:
    path, links, node_of, warnings, two_way = plain
    return SideLinks(path, {kind: tuple(map(Tlink._make, rows)) for kind, rows in links.items()}, node_of,
                     tuple(warnings), tuple(map(TwoWay._make, two_way)))


def _problem_plain(p: Problem) -> tuple[Any, ...]:
    return (p.path, p.line, p.message, p.expected, p.fatal)


def to_plain(scored: _Scored) -> tuple[Any, ...]:
    """One document's share as tuples, lists, dicts and strings, which `marshal` sends across the
    pipe many times faster than pickle sends the objects; `from_plain` turns it back, equal."""
    d = scored.links
    links = (_problem_plain(d) if isinstance(d, Problem)
             else (d.doc_id, _side_plain(d.gold), _side_plain(d.system), d.node_labels))
    figures = [f if f is None or isinstance(f, str)
               else (f.doc_id, f.system_links, f.gold_links, f.precision_matched, f.recall_matched,
                     f.implicit_matched, f.common_nodes, f.weight, [tuple(o) for o in f.outcomes])
               for f in scored.figures]
    return (isinstance(d, Problem), links, [_problem_plain(p) for p in scored.refused], figures)


def from_plain(plain: tuple[Any, ...]) -> _Scored:
    failed, links, refused, figures = plain
    return _Scored(Problem(*links) if failed else DocumentLinks(links[0], _side(links[1]), _side(links[2]),
                                                                  links[3]),
                   [Problem(*p) for p in refused],
                   [f if f is None or isinstance(f, str)
                    else DocumentAwareness(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7],
                                           tuple(map(LinkOutcome._make, f[8]))) for f in figures])


def _packed(scored: _Scored) -> bytes:
    """A document's share as sent by the child: marshalled on its own, so the parent turns the pieces
    back one at a time (never the whole plain copy of the child's half at once)."""
    return marshal.dumps(to_plain(scored))


def _unpacked(data: bytes) -> _Scored:
    return from_plain(marshal.loads(data))


def _input_of(documents: Sequence[DocumentResult], gold: TbfFile, system: TbfFile, mapping: str, filtered: bool,
              number: int) -> DocumentInput:
    return document_input(documents[number], gold, system, mapping=mapping, filtered=filtered)


def score_sequencing(result: ScoreResult, gold: TbfFile, system: TbfFile, *, mapping: str = DEFAULT_MAPPING,
                     validate: bool = True, filtered: bool = False,
                     closures: Sequence[str] = ("published", "full"), strict: bool = True,
                     parallel: bool = False, keep_links: bool = True, keep_nodes: bool = False,
                     keep_outcomes: bool = True,
                     progress: Callable[[int, int], None] | None = None) -> SequencingResult:
    """Sequencing scores of every scored document of `result` (gold documents, sorted).

    `mapping` is the attribute combination aligning mentions (v1.8 `-m`); `validate=False` is v1.8's
    `-nv`; `filtered` says a type white list dropped mentions, so relations lose those ids too.
    Raises `SequencingError` (a `FormatError`) where v1.8 refuses or crashes (`SequencingRefused`, with
    every pair linked both ways in the corpus, where it refuses without -nv); with `strict=False` an
    evaluation v1.8 cannot finish (its division by zero) is left out and explained in `failures`.
    `parallel=True` (command line only: it forks) shares the documents with a child process
    (`evmeval._util.forked.shared`); they are taken in document order all the same: the same result.
    `keep_links=False` leaves `documents` empty: a report and link table need only the evaluations, and
    2,000 documents' links hold tens of megabytes. `keep_nodes=True` (with `keep_links=False`) keeps of
    each document only what `--json` prints of it besides the evaluations: its node labels.
    `keep_outcomes=False` keeps of each document its figures, not its links' outcomes (1.2M links on
    MAVEN-ERE, hundreds of MB): a window shows one document's, from `score_one_document`.
    """
    inputs = partial(_input_of, result.documents, gold, system, mapping, filtered)
    return score_documents(len(result.documents), inputs, (gold.path, system.path), mapping=mapping,
                           validate=validate, closures=closures, strict=strict, parallel=parallel,
                           keep_links=keep_links, keep_nodes=keep_nodes, keep_outcomes=keep_outcomes,
                           progress=progress)


def score_one_document(result: ScoreResult, gold: TbfFile, system: TbfFile, doc_id: str, *,
                       mapping: str = DEFAULT_MAPPING, validate: bool = True, filtered: bool = False,
                       closures: Sequence[str] = ("published", "full"),
                       evaluations: Sequence[str] = EVALUATIONS) -> SequencingResult:
    """`score_sequencing` (with `strict=False`) of one document of `result`: its figures and link outcomes
    are those of the corpus run, since every evaluation is per document (nodes, links and their order
    are the document's own) and only pooled after; an evaluation it cannot finish is in `failures`.
    `evaluations`: only these (a view drawing each link type's outcomes needs no "All")."""
    doc = result.document(doc_id)  # KeyError: not a scored document
    one = document_input(doc, gold, system, mapping=mapping, filtered=filtered)
    return score_documents(1, lambda _: one, (gold.path, system.path), mapping=mapping,
                           validate=validate, closures=closures, strict=False, keep_links=False,
                           evaluations=evaluations)


def score_documents(count: int, inputs: Callable[[int], DocumentInput], paths: tuple[str, str], *, mapping: str,
                    validate: bool = True, closures: Sequence[str] = ("published", "full"), strict: bool = True,
                    parallel: bool = False, keep_links: bool = True, keep_nodes: bool = False,
                    keep_outcomes: bool = True, progress: Callable[[int, int], None] | None = None,
                    evaluations: Sequence[str] = EVALUATIONS) -> SequencingResult:
    """`score_sequencing` of `count` documents, `inputs(n)` being the n-th one's (built in whichever
    process scores it), `paths` the gold and system files'; `evaluations`: which of `EVALUATIONS`."""
    jobs = [(closure, name) for closure in closures for name in evaluations]
    work = partial(_score_document, inputs, paths, validate, jobs, keep_links, keep_nodes, keep_outcomes)
    if parallel:  # the documents shared with a forked child, then taken in order as below
        scored: Iterable[_Scored] = shared(count, work, send=_packed, receive=_unpacked)
    else:
        scored = map(work, range(count))
    links = []
    warnings: list[str] = []
    refused: list[Problem] = []
    figures: list[list[DocumentAwareness]] = [[] for _ in jobs]
    stopped: dict[int, Problem] = {}
    for number, (doc_links, doc_refused, doc_figures) in enumerate(scored):
        if isinstance(doc_links, Problem):
            if refused:  # v1.8 would have stopped at the earlier document's two-way links
                break
            raise FormatError(doc_links.path, doc_links.line, doc_links.message, doc_links.expected)
        refused += doc_refused
        if not refused:  # else only the refusals are gathered: nothing will be scored
            warnings.extend(doc_links.gold.warnings + doc_links.system.warnings)
            if keep_links or keep_nodes:
                links.append(doc_links)
            for job, (name, outcome) in enumerate(zip((n for _, n in jobs), doc_figures, strict=True)):
                if job in stopped or outcome is None:
                    continue
                if isinstance(outcome, str):  # v1.8 stops at this document's division by zero
                    stopped[job] = _undefined(doc_links, name, outcome).problem
                else:
                    figures[job].append(outcome)
        if progress is not None:  # every document: a window job pauses or cancels there
            progress(number, count)
    if refused:
        raise SequencingRefused(refused)
    by_closure: dict[str, dict[str, Evaluation]] = {closure: {} for closure in closures}
    failures: dict[str, dict[str, str]] = {}
    for job, (closure, name) in enumerate(jobs):
        if job not in stopped:
            by_closure[closure][name] = Evaluation(name, closure, pool(figures[job]), tuple(figures[job]))
            continue
        problem = stopped[job]
        if strict:
            raise SequencingError(problem.path, problem.line, problem.message, problem.expected)
        failures.setdefault(closure, {})[name] = str(problem)
        warnings.append(str(problem))
    return SequencingResult(mapping, validate, tuple(links), by_closure, tuple(warnings), failures, keep_outcomes)


def published_awareness(result: ScoreResult, gold: TbfFile, system: TbfFile, *, mapping: str = DEFAULT_MAPPING,
                        filtered: bool = False) -> tuple[dict[str, tuple[DocumentAwareness, ...]], dict[str, str]]:
    """Each published evaluation's per-document counts (what `evmeval-compare` resamples), and why an
    evaluation v1.8 cannot finish has none. Raises `SequencingError` where v1.8 refuses the links."""
    scored = score_sequencing(result, gold, system, mapping=mapping, filtered=filtered, closures=("published",),
                              strict=False, keep_links=False)
    return ({name: e.documents for name, e in scored.evaluations["published"].items()},
            dict(scored.failures.get("published", {})))
