"""Edits of one tbf document: pure functions from a `Document` to a `DocumentEdit` (before, after).

Every edit keeps both documents, so its inverse is exact by construction (`DocumentEdit.inverse`):
the window's undo stack applies the inverse, and nothing here keeps a history. Mentions are addressed
by id, by position in the document, or by the `Mention` object itself (what the window holds; it
also tells duplicated ids apart). New mentions are appended (the published mapping breaks ties by
line order, so an edit never reorders the others) and get ids no mention or relation of the
document uses. Relation lines are kept; where a mention disappears, its relations lose it, and a
relation left without meaning (a cluster of fewer than two, a link missing an end) is removed. Each
such change is listed in `relation_changes`, for the window to show before saving.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from evmeval.editing.spans import (
    DocumentContext,
    EditError,
    clean_field,
    join_span,
    normalize_span,
    numbered,
    remove_units,
    span_parts,
    span_text,
)
from evmeval.model import Document, Mention, Relation, canonical

MentionRef = str | int | Mention
"""A mention id, a position in `Document.mentions`, or the `Mention` itself."""
COREFERENCE = "Coreference"
DEFAULT_ID_PREFIX = "E"
DEFAULT_RUN_ID = "evmeval-studio"


@dataclass(frozen=True)
class RelationChange:
    """What happened to one relation line: its members before and after (None: no such line)."""

    kind: str
    relation_id: str
    before: tuple[str, ...] | None
    after: tuple[str, ...] | None

    def __str__(self) -> str:
        if self.before is None:
            return f"@{self.kind} {self.relation_id} added (links {', '.join(self.after or ())})"
        if self.after is None:
            return f"@{self.kind} {self.relation_id} removed (it linked {', '.join(self.before)})"
        gone = [i for i in self.before if i not in self.after]
        new = [i for i in self.after if i not in self.before]
        what = "; ".join(x for x in (f"loses {', '.join(gone)}" if gone else "",
                                     f"gains {', '.join(new)}" if new else "") if x)
        return f"@{self.kind} {self.relation_id} {what or 'reordered'} (now {', '.join(self.after)})"

    def inverse(self) -> RelationChange:
        return RelationChange(self.kind, self.relation_id, self.after, self.before)


@dataclass(frozen=True)
class DocumentEdit:
    """One edit of one document: the documents before and after, a label for the undo menu, what
    happened to relations, and the ids of the mentions it made or changed (to select them)."""

    before: Document
    after: Document
    description: str
    relation_changes: tuple[RelationChange, ...] = ()
    mention_ids: tuple[str, ...] = ()

    def inverse(self) -> DocumentEdit:
        """The edit that undoes this one (applied to `after`, it gives `before` back, exactly)."""
        return DocumentEdit(self.after, self.before, self.description,
                            tuple(c.inverse() for c in self.relation_changes), self.mention_ids)

    @property
    def warnings(self) -> tuple[str, ...]:
        return tuple(str(c) for c in self.relation_changes)


# --- looking things up -----------------------------------------------------------------------------------


def find_mention(doc: Document, ref: MentionRef) -> int:
    """Position of a mention in the document; raises `EditError` when absent or ambiguous."""
    mentions = doc.mentions
    if isinstance(ref, Mention):
        for i, m in enumerate(mentions):
            if m is ref:
                return i
        equal = [i for i, m in enumerate(mentions) if m == ref]
        if len(equal) == 1:
            return equal[0]
        raise EditError(f"mention {ref.mention_id!r} is not in document {doc.doc_id!r}")
    if isinstance(ref, int):
        if not 0 <= ref < len(mentions):
            raise EditError(f"document {doc.doc_id!r} has no mention at position {ref}")
        return ref
    found = [i for i, m in enumerate(mentions) if m.mention_id == ref]
    if not found:
        raise EditError(f"no mention {ref!r} in document {doc.doc_id!r}")
    if len(found) > 1:
        raise EditError(f"mention id {ref!r} appears {len(found)} times in document {doc.doc_id!r}; "
                        "pick the mention itself or its position")
    return found[0]


def used_ids(doc: Document) -> set[str]:
    """Every id a new mention must not take: the mentions' and those relations name."""
    return {m.mention_id for m in doc.mentions} | {i for r in doc.relations for i in r.mention_ids}


def fresh_mention_ids(doc: Document, count: int = 1, *, prefix: str | None = None) -> tuple[str, ...]:
    """`count` ids no mention or relation of `doc` uses (see `fresh_ids`)."""
    return fresh_ids(used_ids(doc), count, prefix=prefix)


def fresh_ids(taken: set[str], count: int = 1, *, prefix: str | None = None) -> tuple[str, ...]:
    """`count` ids not in `taken`: the usual prefix of `taken` (`E` when none) and numbers above the
    highest one with that prefix."""
    if prefix is None:
        prefixes = Counter(p[0] for p in map(numbered, taken) if p is not None)
        prefix = prefixes.most_common(1)[0][0] if prefixes else DEFAULT_ID_PREFIX
    number = max((p[1] for p in map(numbered, taken) if p is not None and p[0] == prefix), default=0)
    out: list[str] = []
    while len(out) < count:
        number += 1
        candidate = f"{prefix}{number}"
        if candidate not in taken:
            out.append(candidate)
    return tuple(out)


def run_id_of(doc: Document, default: str = DEFAULT_RUN_ID) -> str:
    """The run id a new mention of this document takes: its first mention's."""
    return doc.mentions[0].run_id if doc.mentions else default


def _value(value: str, what: str) -> str:
    cleaned = clean_field(value)
    if not cleaned:
        raise EditError(f"a mention needs a {what}")
    if " " in cleaned:
        example = "Actual, Generic, Other" if what == "realis" else "Conflict_Attack"
        raise EditError(f"{what} {value!r} has blanks (expected one word, e.g. {example})")
    return cleaned


def _check_new_id(doc: Document, mention_id: str) -> str:
    if not mention_id or any(c.isspace() or c == "," for c in mention_id):
        raise EditError(f"{mention_id!r} is not a usable mention id (no blanks or commas)")
    if mention_id in used_ids(doc):
        raise EditError(f"mention id {mention_id!r} is already used in document {doc.doc_id!r}")
    return mention_id


def _with_mentions(doc: Document, mentions: Sequence[Mention], relations: Sequence[Relation] | None = None) -> Document:
    return replace(doc, mentions=tuple(mentions), relations=doc.relations if relations is None else tuple(relations))


# --- relations --------------------------------------------------------------------------------------------


def rewrite_relations(doc: Document, gone: set[str], renamed: dict[str, str]) -> tuple[tuple[Relation, ...],
                                                                                          tuple[RelationChange, ...]]:
    """Relations with the ids in `gone` dropped and those in `renamed` replaced; a coreference cluster
    of fewer than two mentions, or a link that lost an end or links a mention to itself, is removed."""
    relations: list[Relation] = []
    changes: list[RelationChange] = []
    for r in doc.relations:
        members = tuple(dict.fromkeys(renamed.get(i, i) for i in r.mention_ids if i not in gone))
        if members == r.mention_ids:
            relations.append(r)
            continue
        keep = len(members) >= 2 if r.kind == COREFERENCE else len(members) == len(r.mention_ids)
        if keep:
            relations.append(r._replace(mention_ids=members))
        changes.append(RelationChange(r.kind, r.relation_id, r.mention_ids, members if keep else None))
    return tuple(relations), tuple(changes)


def relation_diff(before: Document, after: Document) -> tuple[RelationChange, ...]:
    """How the relation lines of two versions of a document differ, line by line (by relation id)."""
    new = {(r.kind, r.relation_id): r for r in after.relations}
    old = {(r.kind, r.relation_id): r for r in before.relations}
    changes = [RelationChange(k, rid, r.mention_ids, new[(k, rid)].mention_ids if (k, rid) in new else None)
               for (k, rid), r in old.items() if (k, rid) not in new or new[(k, rid)].mention_ids != r.mention_ids]
    changes += [RelationChange(k, rid, None, r.mention_ids) for (k, rid), r in new.items() if (k, rid) not in old]
    return tuple(changes)


def _remaining(mentions: Sequence[Mention], ids: set[str]) -> set[str]:
    """Of `ids`, those no mention of `mentions` carries any more."""
    left = {m.mention_id for m in mentions}
    return {i for i in ids if i not in left}


# --- the edits --------------------------------------------------------------------------------------------


def new_mention(doc: Document, span: Sequence, *, mention_type: str, realis: str, context: DocumentContext,
                mention_id: str | None = None, run_id: str | None = None, text: str | None = None) -> Mention:
    """A mention for `doc` (not yet in it): span normalised, fields cleaned, a fresh id unless given."""
    normal = normalize_span(span, context)
    raw_type, raw_realis = _value(mention_type, "type"), _value(realis, "realis")
    mention_id = _check_new_id(doc, mention_id) if mention_id is not None else fresh_mention_ids(doc)[0]
    words = clean_field(text) if text is not None else span_text(normal, context)
    return Mention(run_id or run_id_of(doc), doc.doc_id, mention_id, normal, words, canonical(raw_type),
                   canonical(raw_realis), raw_type, raw_realis, None, 0)


def add_mention(doc: Document, span: Sequence, *, mention_type: str, realis: str, context: DocumentContext,
                mention_id: str | None = None, run_id: str | None = None, text: str | None = None) -> DocumentEdit:
    """A new mention at the end of the document."""
    m = new_mention(doc, span, mention_type=mention_type, realis=realis, context=context, mention_id=mention_id,
                    run_id=run_id, text=text)
    after = _with_mentions(doc, (*doc.mentions, m))
    return DocumentEdit(doc, after, f"Add mention {m.mention_id} ({m.raw_type}, {m.raw_realis})",
                        mention_ids=(m.mention_id,))


def delete_mention(doc: Document, ref: MentionRef) -> DocumentEdit:
    """Remove a mention; the relations naming it lose it (see the module text)."""
    index = find_mention(doc, ref)
    gone = doc.mentions[index]
    mentions = doc.mentions[:index] + doc.mentions[index + 1:]
    relations, changes = rewrite_relations(doc, _remaining(mentions, {gone.mention_id}), {})
    return DocumentEdit(doc, _with_mentions(doc, mentions, relations), f"Delete mention {gone.mention_id}",
                        changes, (gone.mention_id,))


def _replace_mention(doc: Document, index: int, mention: Mention, description: str) -> DocumentEdit:
    mentions = (*doc.mentions[:index], mention, *doc.mentions[index + 1:])
    return DocumentEdit(doc, _with_mentions(doc, mentions), description, mention_ids=(mention.mention_id,))


def change_span(doc: Document, ref: MentionRef, span: Sequence, *, context: DocumentContext) -> DocumentEdit:
    """A new span for a mention (its text field follows when tokens or text are known)."""
    index = find_mention(doc, ref)
    m = doc.mentions[index]
    normal = normalize_span(span, context)
    words = span_text(normal, context) or m.text
    return _replace_mention(doc, index, m._replace(span=normal, text=words), f"Change span of {m.mention_id}")


def change_type(doc: Document, ref: MentionRef, mention_type: str) -> DocumentEdit:
    """A new event type for a mention (written as given, compared canonically)."""
    index = find_mention(doc, ref)
    m = doc.mentions[index]
    raw = _value(mention_type, "type")
    return _replace_mention(doc, index, m._replace(raw_type=raw, mention_type=canonical(raw)),
                            f"Change type of {m.mention_id} to {raw}")


def change_realis(doc: Document, ref: MentionRef, realis: str) -> DocumentEdit:
    """A new realis for a mention (Actual, Generic, Other, ...)."""
    index = find_mention(doc, ref)
    m = doc.mentions[index]
    raw = _value(realis, "realis")
    return _replace_mention(doc, index, m._replace(raw_realis=raw, realis=canonical(raw)),
                            f"Change realis of {m.mention_id} to {raw}")


def split_mention(doc: Document, ref: MentionRef, gap: Sequence, *, context: DocumentContext) -> DocumentEdit:
    """Cut `gap` (token ids, or character ranges) out of a mention, leaving it discontinuous: units of
    the mention must remain on both sides of the gap."""
    index = find_mention(doc, ref)
    m = doc.mentions[index]
    if not gap:
        raise EditError("nothing to cut out: select the tokens or characters of the gap")
    normal = normalize_span(gap, context)
    rest = remove_units(m.span, normal, context)
    if len(span_parts(rest, context)) <= len(span_parts(m.span, context)) or not rest:
        raise EditError(f"the gap must lie inside mention {m.mention_id}, with parts of it on both sides")
    words = span_text(rest, context) or m.text
    return _replace_mention(doc, index, m._replace(span=rest, text=words), f"Split {m.mention_id} into parts")


def join_parts(doc: Document, ref: MentionRef, *, context: DocumentContext) -> DocumentEdit:
    """Fill the gaps of a discontinuous mention: one part from its first to its last unit."""
    index = find_mention(doc, ref)
    m = doc.mentions[index]
    if len(span_parts(m.span, context)) < 2:
        raise EditError(f"mention {m.mention_id} has a single part")
    joined = join_span(m.span, context)
    words = span_text(joined, context) or m.text
    return _replace_mention(doc, index, m._replace(span=joined, text=words), f"Join the parts of {m.mention_id}")


def merge_mentions(doc: Document, refs: Sequence[MentionRef], *, context: DocumentContext) -> DocumentEdit:
    """One mention from several: the first keeps its id, type and realis and takes every part of the
    others (discontinuous where they do not touch); relations naming the others name it instead."""
    indexes = list(dict.fromkeys(find_mention(doc, r) for r in refs))
    if len(indexes) < 2:
        raise EditError("merging needs two different mentions")
    first = doc.mentions[indexes[0]]
    others = [doc.mentions[i] for i in indexes[1:]]
    span = normalize_span([unit for m in (first, *others) for unit in m.span], context)
    merged = first._replace(span=span, text=span_text(span, context) or first.text)
    drop = set(indexes[1:])
    mentions = [merged if i == indexes[0] else m for i, m in enumerate(doc.mentions) if i not in drop]
    renamed = {i: first.mention_id for i in _remaining(mentions, {m.mention_id for m in others})}
    relations, changes = rewrite_relations(doc, set(), renamed)
    label = ", ".join(m.mention_id for m in others)
    return DocumentEdit(doc, _with_mentions(doc, mentions, relations), f"Merge {label} into {first.mention_id}",
                        changes, (first.mention_id,))


def separate_parts(doc: Document, ref: MentionRef, *, context: DocumentContext) -> DocumentEdit:
    """Each part of a discontinuous mention becomes a mention of its own (same type and realis), right
    after it; the first part keeps the id and the relations."""
    index = find_mention(doc, ref)
    m = doc.mentions[index]
    parts = span_parts(m.span, context)
    if len(parts) < 2:
        raise EditError(f"mention {m.mention_id} has a single part")
    ids = fresh_mention_ids(doc, len(parts) - 1)
    pieces = [m._replace(span=parts[0], text=span_text(parts[0], context) or m.text)]
    pieces += [m._replace(mention_id=i, span=p, text=span_text(p, context) or m.text, line=0)
               for i, p in zip(ids, parts[1:], strict=True)]
    mentions = (*doc.mentions[:index], *pieces, *doc.mentions[index + 1:])
    return DocumentEdit(doc, _with_mentions(doc, mentions), f"Separate the parts of {m.mention_id}",
                        mention_ids=(m.mention_id, *ids))


def set_mentions(doc: Document, mentions: Sequence[Mention], relations: Sequence[Relation] | None = None, *,
                 description: str) -> DocumentEdit:
    """Any other change, stated as the new mentions (and relations): curation uses it to put an
    annotator's version in place. Relation changes are listed as for the other edits."""
    after = _with_mentions(doc, mentions, relations)
    return DocumentEdit(doc, after, description, relation_diff(doc, after))
