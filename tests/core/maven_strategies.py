"""Hypothesis strategies for MAVEN and MAVEN-ERE documents and submissions, valid by construction
(THU-KEG/MAVEN-dataset DataFormat.md, THU-KEG/MAVEN-ERE README)."""

from __future__ import annotations

from evmeval.io import maven as mv
from evmeval.io import maven_ere as ere
from hypothesis import strategies as st

TOKENS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Zs", "Cc")), min_size=1, max_size=5)
TYPE_IDS = st.sampled_from([1, 2, 5, 168])


@st.composite
def sentences(draw: st.DrawFn) -> list[list[str]]:
    return draw(st.lists(st.lists(TOKENS, min_size=1, max_size=5), min_size=1, max_size=3))


@st.composite
def places(draw: st.DrawFn, tokens: list[list[str]]) -> tuple[int, tuple[int, int]]:
    sent_id = draw(st.integers(0, len(tokens) - 1))
    start = draw(st.integers(0, len(tokens[sent_id]) - 1))
    return sent_id, (start, draw(st.integers(start + 1, len(tokens[sent_id]))))


@st.composite
def maven_documents(draw: st.DrawFn, doc_id: str, *, test: bool = False) -> mv.Document:
    tokens = draw(sentences())
    content = [mv.Sentence(" ".join(t), t) for t in tokens]
    counter = iter(range(100))

    def mention() -> mv.Mention:
        sent_id, offset = draw(places(tokens))
        return mv.Mention(f"{doc_id}-m{next(counter)}", " ".join(tokens[sent_id][offset[0]:offset[1]]), sent_id,
                          offset)

    if test:
        return mv.Document(doc_id, "T", content, candidates=[mention() for _ in range(draw(st.integers(0, 4)))])
    events = [mv.Event(f"{doc_id}-e{i}", "Type", draw(TYPE_IDS), [mention() for _ in range(draw(st.integers(1, 3)))])
              for i in range(draw(st.integers(0, 3)))]
    return mv.Document(doc_id, "T", content, events, [mention() for _ in range(draw(st.integers(0, 3)))])


@st.composite
def maven_submissions(draw: st.DrawFn, gold: list[mv.Document]) -> list[mv.Submission]:
    """Predictions for some gold mentions (any type id, 0 included), some ids of no gold mention, some
    documents left out, one of no gold document."""
    out = []
    for doc in gold:
        if not draw(st.booleans()) and len(gold) > 1:
            continue
        ids = [m.id for e in doc.events or () for m in e.mentions] + [m.id for m in doc.negative_triggers or ()]
        chosen = draw(st.lists(st.sampled_from(ids), unique=True)) if ids else []
        predictions = [mv.Prediction(i, draw(st.sampled_from([0, 1, 2, 5, 168]))) for i in [*chosen, "nobody"]]
        out.append(mv.Submission(doc.id, draw(st.permutations(predictions))))
    return [*out, mv.Submission("elsewhere", [mv.Prediction("x", 5)])]


@st.composite
def ere_documents(draw: st.DrawFn, doc_id: str) -> ere.Document:
    """Gold documents; ids end in a letter so that no two concatenations of ids collide."""
    tokens = draw(sentences())
    counter = iter(range(100))

    def mention() -> ere.Mention:
        sent_id, offset = draw(places(tokens))
        return ere.Mention(f"{doc_id}m{next(counter)}x", "w", sent_id, offset)

    events = [ere.Event(f"{doc_id}E{i}x", "Type", 5, [mention() for _ in range(draw(st.integers(1, 3)))])
              for i in range(draw(st.integers(1, 4)))]
    timex = [ere.Timex(f"{doc_id}T{i}x", "t", "DATE", *draw(places(tokens))) for i in range(draw(st.integers(0, 2)))]
    event_ids = [e.id for e in events]

    def pairs(ids: list[str]) -> list[tuple[str, str]]:
        found = draw(st.lists(st.tuples(st.sampled_from(ids), st.sampled_from(ids)), max_size=4))
        return [p for p in found if p[0] != p[1]]

    temporal = {name: pairs(event_ids + [t.id for t in timex]) for name in draw(st.permutations(ere.TEMPORAL))}
    causal = {name: pairs(event_ids) for name in ere.CAUSAL}
    return ere.Document(doc_id, "T", tokens, [" ".join(t) for t in tokens], events, None, timex, temporal, causal,
                        pairs(event_ids))


@st.composite
def ere_submissions(draw: st.DrawFn, gold: list[ere.Document]) -> list[ere.Submission]:
    out = []
    for doc in gold:
        if not draw(st.booleans()) and len(gold) > 1:
            continue
        ids = [m.id for e in doc.events or () for m in e.mentions] + ["distractorx"]
        order = draw(st.permutations(ids))
        cuts = sorted(draw(st.lists(st.integers(0, len(order)), max_size=3)))
        clusters = [order[a:b] for a, b in zip([0, *cuts], [*cuts, len(order)], strict=True)]
        timexes = [t.id for t in doc.timex or ()]

        def pairs(pool: list[str]) -> list[tuple[str, str]]:
            found = draw(st.lists(st.tuples(st.sampled_from(pool), st.sampled_from(pool)), max_size=6))
            return [p for p in found if p[0] != p[1]]

        out.append(ere.Submission(
            doc.id, clusters if draw(st.booleans()) else None,
            {name: pairs(ids + timexes) for name in draw(st.lists(st.sampled_from(ere.TEMPORAL), unique=True))},
            {name: pairs(ids + timexes) for name in draw(st.lists(st.sampled_from(ere.CAUSAL), unique=True))},
            pairs(ids + timexes) if draw(st.booleans()) else None))
    return out
