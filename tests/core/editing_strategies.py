"""Hypothesis strategies shared by the editing and curation tests: small token-mode documents over a
known token table, with coreference clusters and links, and random edits of them."""

from __future__ import annotations

from evmeval.editing import operations as ops
from evmeval.editing.operations import DocumentEdit
from evmeval.editing.spans import DocumentContext, EditError
from evmeval.model import Document, Mention, Relation, SpanMode, TokenTable, canonical
from hypothesis import strategies as st

NUM_TOKENS = 16
TABLES = {}
TYPES = ("Conflict_Attack", "Life_Die", "Contact_Meet")
REALIS = ("Actual", "Generic", "Other")


def table(doc_id: str) -> TokenTable:
    """t1..t16, words w1..w16 separated by one space."""
    if doc_id not in TABLES:
        tokens, offset = [], 0
        from evmeval.model import Token
        for k in range(1, NUM_TOKENS + 1):
            word = f"w{k}"
            tokens.append(Token(f"t{k}", word, offset, offset + len(word) - 1))
            offset += len(word) + 1
        TABLES[doc_id] = TokenTable(doc_id, tuple(tokens))
    return TABLES[doc_id]


def context(doc_id: str) -> DocumentContext:
    return DocumentContext(SpanMode.TOKEN, table(doc_id))


spans = st.lists(st.integers(1, NUM_TOKENS), min_size=1, max_size=3, unique=True).map(
    lambda ks: tuple(f"t{k}" for k in sorted(ks)))


def mention(doc_id: str, mention_id: str, span: tuple[str, ...], mention_type: str, realis: str,
            run_id: str = "run", line: int = 0) -> Mention:
    words = " ".join(table(doc_id).tokens[int(t[1:]) - 1].text for t in span)
    return Mention(run_id, doc_id, mention_id, span, words, canonical(mention_type), canonical(realis), mention_type,
                   realis, None, line)


@st.composite
def documents(draw: st.DrawFn, doc_id: str = "d1", max_mentions: int = 7, unique_keys: bool = False) -> Document:
    """A valid document: unique mention ids, clusters that do not share a mention, links of two."""
    count = draw(st.integers(0, max_mentions))
    numbers = draw(st.lists(st.integers(1, 40), min_size=count, max_size=count, unique=True))
    mentions = []
    keys = set()
    for n in numbers:
        span, t, r = draw(spans), draw(st.sampled_from(TYPES)), draw(st.sampled_from(REALIS))
        if unique_keys and (span, t, r) in keys:
            continue
        keys.add((span, t, r))
        mentions.append(mention(doc_id, f"E{n}", span, t, r))
    ids = [m.mention_id for m in mentions]
    relations: list[Relation] = []
    if len(ids) >= 2:
        shuffled = draw(st.permutations(ids))
        cut = draw(st.integers(0, len(ids)))
        span_of = {m.mention_id: m.span for m in mentions}
        group = list({span_of[i]: i for i in shuffled[:cut]}.values())  # distinct spans, as validation asks
        if len(group) >= 2:
            relations.append(Relation("Coreference", "R1", tuple(group), 0))
        if draw(st.booleans()):
            relations.append(Relation("After", "R2", (shuffled[0], shuffled[-1]), 0))
    return Document(doc_id, tuple(mentions), tuple(relations))


@st.composite
def edits(draw: st.DrawFn, doc: Document) -> DocumentEdit:
    """One edit of `doc` that can be made (errors are drawn again as an add)."""
    ctx = context(doc.doc_id)
    kind = draw(st.sampled_from(["add", "delete", "span", "type", "realis", "split", "join", "merge", "separate"]))
    refs = list(range(len(doc.mentions)))
    try:
        if kind != "add" and refs:
            ref = draw(st.sampled_from(refs))
            if kind == "delete":
                return ops.delete_mention(doc, ref)
            if kind == "span":
                return ops.change_span(doc, ref, draw(spans), context=ctx)
            if kind == "type":
                return ops.change_type(doc, ref, draw(st.sampled_from(TYPES)))
            if kind == "realis":
                return ops.change_realis(doc, ref, draw(st.sampled_from(REALIS)))
            if kind == "split":
                return ops.split_mention(doc, ref, draw(spans), context=ctx)
            if kind == "join":
                return ops.join_parts(doc, ref, context=ctx)
            if kind == "merge" and len(refs) >= 2:
                return ops.merge_mentions(doc, draw(st.lists(st.sampled_from(refs), min_size=2, max_size=3,
                                                              unique=True)), context=ctx)
            if kind == "separate":
                return ops.separate_parts(doc, ref, context=ctx)
    except EditError:
        pass
    return ops.add_mention(doc, draw(spans), mention_type=draw(st.sampled_from(TYPES)),
                           realis=draw(st.sampled_from(REALIS)), context=ctx)
