"""Checks on a parsed tbf file beyond syntax: the published validator's rules and a few more.

Each check returns `Problem`s located at the offending line. The scorer reports them as warnings
(they do not change the published numbers); `evmeval-validate` treats every one as an error.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from operator import attrgetter

from evmeval._util.progress import CancelCheck, stop_if_cancelled
from evmeval.io.doc_files import PLAIN_NAME, is_plain_name
from evmeval.io.errors import Problem
from evmeval.io.tbf import RELATION_KINDS
from evmeval.model import Document, Mention, Relation, TbfFile

UnknownIds = Callable[[str, list[str]], "list[str] | None"]
"""Given a doc id and token ids, the ids missing from its table, or None when it has no table."""


def check_document(doc: Document, path: str, unknown_ids: UnknownIds | None = None) -> list[Problem]:
    """Every problem of one document, in line order."""
    mentions = doc.mentions
    # The first mention of each id (reversed: the earliest is written last and wins).
    first = dict(zip(map(_MENTION_ID, reversed(mentions)), reversed(mentions), strict=True))
    problems = [] if _mentions_clean(doc, first) else _mention_problems(doc, path)
    if unknown_ids is not None:
        problems.extend(check_token_ids([(doc, path)], unknown_ids))
    relations = doc.relations  # read once: a tbf file's are packed (`model.PackedRelations`)
    if relations:
        problems.extend(_check_relations(relations, path, first))
    return sorted(problems, key=_LINE) if problems else problems


_MENTION_ID = attrgetter("mention_id")
_DOC_ID = attrgetter("doc_id")
_SPAN = attrgetter("span")
_LINE = attrgetter("line")


def _mentions_clean(doc: Document, first: dict[str, Mention]) -> bool:
    """Whether no mention id repeats and every mention names its own document: decided with two
    passes in C, instead of a loop per mention; `False` means "look closer", never "wrong"."""
    return len(first) == len(doc.mentions) and all(d == doc.doc_id for d in set(map(_DOC_ID, doc.mentions)))


def _mention_problems(doc: Document, path: str) -> list[Problem]:
    """Mentions naming another document, and repeated mention ids, in line order."""
    problems: list[Problem] = []
    first_line: dict[str, int] = {}
    for m in doc.mentions:
        if m.doc_id != doc.doc_id:
            problems.append(Problem(path, m.line, f"mention {m.mention_id!r} names document {m.doc_id!r} inside "
                                    f"document {doc.doc_id!r}", f"doc_id column {doc.doc_id!r}", fatal=False))
        if m.mention_id in first_line:
            problems.append(Problem(path, m.line, f"duplicated mention id {m.mention_id!r} in document "
                                    f"{doc.doc_id!r} (first at line {first_line[m.mention_id]})",
                                    "mention ids unique within a document", fatal=False))
        else:
            first_line[m.mention_id] = m.line
    return problems


def check_token_ids(documents: list[tuple[Document, str]], unknown_ids: UnknownIds) -> list[Problem]:
    """Token ids missing from the table, for versions of one document (e.g. gold and system) that
    share a table: the table is consulted once for all of them."""
    token_docs = [(doc, path) for doc, path in documents if doc.mentions and doc.mentions[0].is_token_span]
    if not token_docs:
        return []
    used = set(chain.from_iterable(map(_SPAN, chain.from_iterable(doc.mentions for doc, _ in token_docs))))
    missing = unknown_ids(token_docs[0][0].doc_id, sorted(used))
    problems: list[Problem] = []
    for doc, path in token_docs:
        if missing is None and not is_plain_name(doc.doc_id):
            problems.append(Problem(path, doc.line, f"document id {doc.doc_id!r} is not a plain file name: "
                                    "no token table is read for it", PLAIN_NAME, fatal=False))
        elif missing is None:
            problems.append(Problem(path, doc.line, f"no token table for document {doc.doc_id!r}",
                                    f"a file {doc.doc_id}.tab in the token folder", fatal=False))
        elif missing:
            missing_set = set(missing)
            for m in doc.mentions:
                unknown = [t for t in m.span if t in missing_set]
                if unknown:
                    problems.append(Problem(
                        path, m.line, f"token id(s) {', '.join(unknown)} of mention {m.mention_id!r} not found in "
                        f"the token table of {doc.doc_id!r}", "ids listed in the token table", fatal=False))
    return problems


def _check_relations(relations: tuple[Relation, ...], path: str, first: dict[str, Mention]) -> list[Problem]:
    """Relation problems; `first` holds the first mention of each id (the one a relation names). One
    pass per relation (a check of all clusters at once beside it bought 1.00x: deleted, docs/developer.md)."""
    problems: list[Problem] = []
    cluster_of: dict[str, tuple[str, int]] = {}
    for r in relations:
        if r.kind not in RELATION_KINDS:
            problems.append(Problem(path, r.line, f"unknown relation {r.kind!r}", "@" + ", @".join(RELATION_KINDS),
                                    fatal=False))
            continue
        unknown = [i for i in r.mention_ids if i not in first]
        if unknown:
            problems.append(Problem(path, r.line, f"relation {r.relation_id!r} names {len(unknown):,} mention id(s) "
                                    f"not in the document: {_some(unknown)}", "ids of mentions listed above",
                                    fatal=False))
        if r.kind != "Coreference":
            if len(r.mention_ids) != 2:
                problems.append(Problem(path, r.line, f"@{r.kind} relation {r.relation_id!r} links "
                                        f"{len(r.mention_ids)} mention(s)", "exactly two: from,to", fatal=False))
            continue
        members = dict.fromkeys(i for i in r.mention_ids if i in first) if unknown else dict.fromkeys(r.mention_ids)
        spans = [frozenset(first[i].span) for i in members]
        if len(set(spans)) == len(spans) and cluster_of.keys().isdisjoint(members):
            cluster_of.update(dict.fromkeys(members, (r.relation_id, r.line)))  # the usual cluster: no problem
            continue
        _cluster_problems(r, path, dict(zip(members, spans, strict=True)), cluster_of, problems)
    return problems


def _cluster_problems(r: Relation, path: str, spans: dict[str, frozenset], cluster_of: dict[str, tuple[str, int]],
                      problems: list[Problem]) -> None:
    """A cluster holding one span twice, or a mention already in another cluster (`spans`: each known
    member once, in order, with its span)."""
    seen_spans: dict[frozenset, str] = {}
    for mention_id, span in spans.items():
        if span in seen_spans:
            problems.append(Problem(path, r.line, f"cluster {r.relation_id!r} holds the same span twice "
                                    f"({seen_spans[span]} and {mention_id})",
                                    "distinct spans within a cluster", fatal=False))
        else:
            seen_spans[span] = mention_id
        if mention_id in cluster_of:
            other, line = cluster_of[mention_id]
            problems.append(Problem(path, r.line, f"mention {mention_id!r} is in cluster {r.relation_id!r} and "
                                    f"in cluster {other!r} (line {line}); clusters are not merged",
                                    "each mention in one coreference cluster (transitive closure resolved)",
                                    fatal=False))
        else:
            cluster_of[mention_id] = (r.relation_id, r.line)


def _some(ids: list[str], shown: int = 5) -> str:
    """A few distinct ids, quoted, with how many more there are (a line may name millions)."""
    distinct = list(dict.fromkeys(ids))
    text = ", ".join(repr(i) for i in distinct[:shown])
    if len(distinct) > shown:
        text += f" and {len(distinct) - shown:,} more"
    return text


PER_LINE = 5
"""Problems printed for one line before the rest are folded into a count."""


def fold_problems(problems: list[Problem]) -> list[Problem | str]:
    """Problems in order, with a line's repeats beyond `PER_LINE` folded into "… and N more like this"."""
    out: list[Problem | str] = []
    count = 0
    for n, problem in enumerate(problems):
        same = n > 0 and (problem.path, problem.line) == (problems[n - 1].path, problems[n - 1].line)
        count = count + 1 if same else 1
        if count <= PER_LINE:
            out.append(problem)
        last_of_line = n + 1 == len(problems) or (problems[n + 1].path, problems[n + 1].line) != (
            problem.path, problem.line)
        if last_of_line and count > PER_LINE:
            where = f"{problem.path}:{problem.line}" if problem.line else problem.path
            out.append(f"{where}: … and {count - PER_LINE:,} more like this")
    return out


def check_file(tbf: TbfFile, unknown_ids: UnknownIds | None = None) -> list[Problem]:
    """Every non-syntax problem of a parsed file."""
    return check_files([tbf], unknown_ids)


def check_files(files: list[TbfFile], unknown_ids: UnknownIds | None = None,
                cancelled: CancelCheck | None = None) -> list[Problem]:
    """Every non-syntax problem of several files over the same documents, file by file in line order.

    Token tables are consulted once per document, for all files together. `cancelled`: checked between
    documents (`Cancelled`).
    """
    problems: list[Problem] = []
    for tbf in files:
        for doc in tbf.documents.values():
            stop_if_cancelled(cancelled)
            problems.extend(check_document(doc, tbf.path))
    if unknown_ids is not None:
        doc_ids = dict.fromkeys(d for tbf in files for d in tbf.documents)
        for doc_id in doc_ids:
            stop_if_cancelled(cancelled)
            versions = [(tbf.documents[doc_id], tbf.path) for tbf in files if doc_id in tbf.documents]
            problems.extend(check_token_ids(versions, unknown_ids))
    return in_file_order(problems, [tbf.path for tbf in files])


def in_file_order(problems: list[Problem], paths: list[str]) -> list[Problem]:
    """Problems file by file (in the order of `paths`), each file's in line order."""
    order = {path: n for n, path in enumerate(paths)}
    return sorted(problems, key=lambda p: (order.get(p.path, 0), p.line)) if problems else problems


def check_text_offsets(tbf: TbfFile, text_of: Callable[[str], str | None]) -> list[Problem]:
    """Character-mode mentions whose span ends past the end of their document's text (`text_of`: the
    text of a doc id, None when unknown). A span such as `0,2000000000` is a typo the scorer would
    still count: the published one would then try to list two billion characters."""
    problems: list[Problem] = []
    for doc in tbf.documents.values():
        if not doc.mentions or doc.mentions[0].is_token_span:
            continue
        text = text_of(doc.doc_id)
        if text is None:
            continue
        size = len(text)
        problems.extend(
            Problem(tbf.path, m.line, f"span {m.span_field()} ends beyond the text of {doc.doc_id} ({size} characters)",
                    f"offsets within the text, ends at most {size}", fatal=False)
            for m in doc.mentions if any(e > size for _, e in m.span))
    return sorted(problems, key=_LINE)
