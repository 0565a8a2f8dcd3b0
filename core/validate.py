"""Checks on a parsed tbf file beyond syntax: the published validator's rules and a few more.

Each check returns `Problem`s located at the offending line. The scorer reports them as warnings
(they do not change the published numbers); `evmeval-validate` treats every one as an error.
"""

from __future__ import annotations

from collections.abc import Callable

from core.formats.errors import Problem
from core.formats.tbf import RELATION_KINDS
from core.model import Document, TbfFile

TokenIds = Callable[[str], "set[str] | frozenset[str] | None"]
"""Gives the token ids of a document's table, or None when the document has no table."""


def check_document(doc: Document, path: str, token_ids: TokenIds | None = None) -> list[Problem]:
    """Every problem of one document, in line order."""
    problems: list[Problem] = []
    first_line: dict[str, int] = {}
    spans: dict[str, frozenset] = {}
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
            spans[m.mention_id] = frozenset(m.span)
    if token_ids is not None:
        known = token_ids(doc.doc_id)
        if known is None and doc.mentions and doc.mentions[0].is_token_span:
            problems.append(Problem(path, doc.line, f"no token table for document {doc.doc_id!r}",
                                    f"a file {doc.doc_id}.tab in the token folder", fatal=False))
        elif known is not None:
            for m in doc.mentions:
                unknown = [t for t in m.span if isinstance(t, str) and t not in known]
                if unknown:
                    problems.append(Problem(
                        path, m.line, f"token id(s) {', '.join(unknown)} of mention {m.mention_id!r} not found in "
                        f"the token table of {doc.doc_id!r}", "ids listed in the token table", fatal=False))
    problems.extend(_check_relations(doc, path, spans))
    return sorted(problems, key=lambda p: p.line)


def _check_relations(doc: Document, path: str, spans: dict[str, frozenset]) -> list[Problem]:
    problems: list[Problem] = []
    cluster_of: dict[str, tuple[str, int]] = {}
    for r in doc.relations:
        if r.kind not in RELATION_KINDS:
            problems.append(Problem(path, r.line, f"unknown relation {r.kind!r}", "@" + ", @".join(RELATION_KINDS),
                                    fatal=False))
            continue
        unknown = [i for i in r.mention_ids if i not in spans]
        if unknown:
            problems.append(Problem(path, r.line, f"relation {r.relation_id!r} names mention(s) not in the "
                                    f"document: {', '.join(unknown)}", "ids of mentions listed above",
                                    fatal=False))
        if r.kind != "Coreference":
            if len(r.mention_ids) != 2:
                problems.append(Problem(path, r.line, f"@{r.kind} relation {r.relation_id!r} links "
                                        f"{len(r.mention_ids)} mention(s)", "exactly two: from,to", fatal=False))
            continue
        seen_spans: dict[frozenset, str] = {}
        for mention_id in r.mention_ids:
            span = spans.get(mention_id)
            if span is not None and span in seen_spans:
                problems.append(Problem(path, r.line, f"cluster {r.relation_id!r} holds the same span twice "
                                        f"({seen_spans[span]} and {mention_id})",
                                        "distinct spans within a cluster", fatal=False))
            elif span is not None:
                seen_spans[span] = mention_id
            if mention_id in cluster_of:
                other, line = cluster_of[mention_id]
                problems.append(Problem(path, r.line, f"mention {mention_id!r} is in cluster {r.relation_id!r} and "
                                        f"in cluster {other!r} (line {line}); clusters are not merged",
                                        "each mention in one coreference cluster (transitive closure resolved)",
                                        fatal=False))
            else:
                cluster_of[mention_id] = (r.relation_id, r.line)
    return problems


def check_file(tbf: TbfFile, token_ids: TokenIds | None = None) -> list[Problem]:
    """Every non-syntax problem of a parsed file."""
    problems: list[Problem] = []
    for doc in tbf.documents.values():
        problems.extend(check_document(doc, tbf.path, token_ids))
    return sorted(problems, key=lambda p: p.line)
