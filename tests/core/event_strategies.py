"""Hypothesis strategies for TextEE windows and DyGIE++ documents, valid by construction (format
descriptions: TextEE data/README.md, DyGIE++ doc/data.md)."""

from __future__ import annotations

from evmeval.io import dygiepp as dy
from evmeval.io import textee as tx
from hypothesis import strategies as st

NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=6)
TYPES = st.sampled_from(["Attack", "Die", "Meet", "Start-Position"])
ROLES = st.sampled_from(["Attacker", "Target", "Victim", "Place"])
TOKENS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Zs", "Cc")), min_size=1, max_size=5)
PROBS = st.floats(0, 1, allow_nan=False)
LOGITS = st.floats(-20, 20, allow_nan=False)


@st.composite
def spans(draw: st.DrawFn, n: int) -> tuple[int, int]:
    start = draw(st.integers(0, n - 1))
    return start, draw(st.integers(start + 1, min(n, start + 3)))


@st.composite
def windows(draw: st.DrawFn, doc_id: str, wnd_id: str, *, prediction: bool = False) -> tx.Window:
    tokens = draw(st.lists(TOKENS, min_size=1, max_size=8))
    n = len(tokens)
    entities = None
    if not prediction:
        entities = [tx.Entity(f"{wnd_id}-E{i}", *draw(spans(n)), draw(st.none() | st.just("PER")))
                    for i in range(draw(st.integers(0, 4)))]
    events = []
    for i in range(draw(st.integers(0, 4))):
        start, end = draw(spans(n))
        arguments = []
        # gold as TextEE's loader needs it (texts, arguments by entity); predictions as it writes them
        text = st.none() | NAMES if prediction else NAMES
        for _ in range(draw(st.integers(0, 3))):
            if entities:
                entity = draw(st.sampled_from(entities))
                arguments.append(tx.Argument(draw(ROLES), entity.id, text=draw(text)))
            elif prediction:
                arguments.append(tx.Argument(draw(ROLES), None, *draw(spans(n)), text=draw(text)))
        events.append(tx.EventMention(draw(TYPES), start, end, draw(text),
                                      None if prediction else f"{wnd_id}-EV{i}", arguments))
    return tx.Window(doc_id, wnd_id, tokens, events, entities, None if prediction else " ".join(tokens),
                     None if prediction else "en")


@st.composite
def window_files(draw: st.DrawFn, *, prediction: bool = False) -> list[tx.Window]:
    count = draw(st.integers(1, 4))
    return [draw(windows(f"D{i // 2}", f"D{i // 2}-{i % 2}", prediction=prediction)) for i in range(count)]


@st.composite
def sentence_events(draw: st.DrawFn, first: int, length: int, n_doc: int, predicted: bool) -> list[dy.Event]:
    events = []
    for _ in range(draw(st.integers(0, 3))):
        event = dy.Event(draw(st.integers(first, first + length - 1)), draw(TYPES))
        if predicted:
            event.logit, event.prob = draw(LOGITS), draw(PROBS)
        for _ in range(draw(st.integers(0, 3))):
            start = draw(st.integers(first, first + length - 1))
            argument = dy.Argument(start, draw(st.integers(start, min(n_doc - 1, start + 2))), draw(ROLES))
            if predicted:
                argument.logit, argument.prob = draw(LOGITS), draw(PROBS)
            event.arguments.append(argument)
        events.append(event)
    return events


@st.composite
def documents(draw: st.DrawFn, doc_key: str, *, sentences: list[list[str]] | None = None,
              gold: bool = True, predicted: bool = False) -> dy.Document:
    if sentences is None:
        sentences = draw(st.lists(st.lists(TOKENS, min_size=1, max_size=6), min_size=1, max_size=3))
    starts, at = [], 0
    for sentence in sentences:
        starts.append(at)
        at += len(sentence)

    def per_sentence(is_predicted: bool) -> list[list[dy.Event]]:
        return [draw(sentence_events(s, len(sentence), at, is_predicted)) for s, sentence in
                zip(starts, sentences, strict=True)]

    document = dy.Document(doc_key, sentences, per_sentence(False) if gold else None,
                           per_sentence(True) if predicted else None)
    document.extra = {"dataset": "ace-event"}
    if draw(st.booleans()):
        document.extra["_sentence_index"] = list(range(len(sentences)))
    return document
