"""Seeded twins of the hypothesis strategies the differential tests draw from (event_strategies.py,
maven_strategies.py, the pair strategies of test_conventions_differential.py and test_maven_differential.py):
the same shapes, drawn from a plain `random.Random(seed)`.

Why a second generator: the recorded published figures (tests/data/recorded/) are keyed by seed, and the
input of a seed must be the same on every Python from 3.10 on and every hypothesis release; hypothesis's
own example order is neither. `random.Random`'s integer, choice, shuffle and float draws are stable, and
the character pools are written out here (never taken from `unicodedata`, whose tables change).
Each `*_case(seed)` returns the two files' text, exactly what is scored and hashed.
"""

from __future__ import annotations

import random

from evmeval.io import dygiepp as dy
from evmeval.io import maven as mv
from evmeval.io import maven_ere as ere
from evmeval.io import textee as tx

TYPES = ("Attack", "Die", "Meet", "Start-Position")
ROLES = ("Attacker", "Target", "Victim", "Place")
TOKEN_CHARS = ("abcxyzABZ0189-_.,;:'\"()[]{}#@&%/\\|~^`"
               "éÉßøçñÅıİǅﬁ²½ⅫΣσςДжЖ中文字ひらがなカタカナ한국어"
               "\u0301\u0308\u200d\u200b\u00ad\ufeff\u2028\u2029\u05d0\u05d1\u0627\u0644\u0e01\u0e34"
               "\U0001f642\U0001f44d\U0001f3fd\U00010348\U0001d11e…€™")
"""What a token may hold (as TOKENS: no surrogates, spaces or control characters): ASCII, letters that
change length or meaning when case-folded, CJK, combining marks, zero-width and format characters, line and
paragraph separators, right-to-left scripts, characters beyond the BMP."""
NAME_CHARS = TOKEN_CHARS + " \t\n\x00\x1f\x7f\u00a0\u3000"
"""What a trigger or argument text may hold (as NAMES: spaces and control characters too)."""


def _text(rng: random.Random, pool: str, low: int, high: int) -> str:
    return "".join(rng.choice(pool) for _ in range(rng.randint(low, high)))


def _token(rng: random.Random) -> str:
    return _text(rng, TOKEN_CHARS, 1, 5)


def _maybe(rng: random.Random, value: str, pool: tuple[str, ...]) -> str:
    """`st.sampled_from([value]) | st.sampled_from(pool)`: the value kept, or any of the pool."""
    return value if rng.random() < 0.5 else rng.choice(pool)


def _span(rng: random.Random, n: int) -> tuple[int, int]:
    start = rng.randint(0, n - 1)
    return start, rng.randint(start + 1, min(n, start + 3))


# --- TextEE ------------------------------------------------------------------------------------------

def _window(rng: random.Random, doc_id: str, wnd_id: str, *, prediction: bool = False) -> tx.Window:
    tokens = [_token(rng) for _ in range(rng.randint(1, 8))]
    n = len(tokens)
    entities = None
    if not prediction:
        entities = [tx.Entity(f"{wnd_id}-E{i}", *_span(rng, n), rng.choice((None, "PER")))
                    for i in range(rng.randint(0, 4))]

    def text() -> str | None:
        if prediction and rng.random() < 0.5:
            return None
        return _text(rng, NAME_CHARS, 1, 6)

    events = []
    for i in range(rng.randint(0, 4)):
        start, end = _span(rng, n)
        arguments = []
        for _ in range(rng.randint(0, 3)):
            if entities:
                entity = rng.choice(entities)
                arguments.append(tx.Argument(rng.choice(ROLES), entity.id, text=text()))
            elif prediction:
                arguments.append(tx.Argument(rng.choice(ROLES), None, *_span(rng, n), text=text()))
        events.append(tx.EventMention(rng.choice(TYPES), start, end, text(),
                                      None if prediction else f"{wnd_id}-EV{i}", arguments))
    return tx.Window(doc_id, wnd_id, tokens, events, entities, None if prediction else " ".join(tokens),
                     None if prediction else "en")


def textee_pair(rng: random.Random) -> tuple[list[tx.Window], list[tx.Window]]:
    """As `textee_pairs`: gold windows, and a prediction made from them (events kept, duplicated,
    retyped, arguments re-roled, plus events of its own) in another order."""
    gold = [_window(rng, f"D{i // 2}", f"D{i // 2}-{i % 2}") for i in range(rng.randint(1, 4))]
    prediction = []
    for window in gold:
        own = _window(rng, window.doc_id, window.wnd_id, prediction=True)
        events = []
        for event in window.event_mentions:
            for _ in range(rng.randint(0, 2)):
                arguments = [tx.Argument(_maybe(rng, a.role, ROLES), None, *window.argument_span(a))
                             for a in event.arguments if rng.random() < 0.5]
                events.append(tx.EventMention(_maybe(rng, event.event_type, TYPES), event.start, event.end,
                                              arguments=arguments))
        events += [e for e in own.event_mentions if all(a.end is not None and a.end <= len(window.tokens)
                                                        for a in e.arguments) and e.end <= len(window.tokens)]
        rng.shuffle(events)
        prediction.append(tx.Window(window.doc_id, window.wnd_id, window.tokens, events))
    rng.shuffle(prediction)
    return gold, prediction


def textee_case(seed: int) -> tuple[str, str]:
    """The gold and prediction files of recorded TextEE case `seed`."""
    gold, prediction = textee_pair(random.Random(seed))
    return tx.dumps_textee(gold), tx.dumps_textee(prediction)


# --- DyGIE++ -----------------------------------------------------------------------------------------

def _float(rng: random.Random, low: float, high: float) -> float:
    """A float in [low, high], the ends and zero as often as hypothesis tries them."""
    roll = rng.random()
    if roll < 0.1:
        return low
    if roll < 0.2:
        return high
    if roll < 0.25 and low <= 0.0 <= high:
        return 0.0
    return rng.uniform(low, high)


def _sentence_events(rng: random.Random, first: int, length: int, n_doc: int, predicted: bool) -> list[dy.Event]:
    events = []
    for _ in range(rng.randint(0, 3)):
        event = dy.Event(rng.randint(first, first + length - 1), rng.choice(TYPES))
        if predicted:
            event.logit, event.prob = _float(rng, -20, 20), _float(rng, 0, 1)
        for _ in range(rng.randint(0, 3)):
            start = rng.randint(first, first + length - 1)
            argument = dy.Argument(start, rng.randint(start, min(n_doc - 1, start + 2)), rng.choice(ROLES))
            if predicted:
                argument.logit, argument.prob = _float(rng, -20, 20), _float(rng, 0, 1)
            event.arguments.append(argument)
        events.append(event)
    return events


def _document(rng: random.Random, doc_key: str, *, sentences: list[list[str]] | None = None,
              gold: bool = True, predicted: bool = False) -> dy.Document:
    if sentences is None:
        sentences = [[_token(rng) for _ in range(rng.randint(1, 6))] for _ in range(rng.randint(1, 3))]
    starts, at = [], 0
    for sentence in sentences:
        starts.append(at)
        at += len(sentence)

    def per_sentence(is_predicted: bool) -> list[list[dy.Event]]:
        return [_sentence_events(rng, s, len(sentence), at, is_predicted)
                for s, sentence in zip(starts, sentences, strict=True)]

    document = dy.Document(doc_key, sentences, per_sentence(False) if gold else None,
                           per_sentence(True) if predicted else None)
    document.extra = {"dataset": "ace-event"}
    if rng.random() < 0.5:
        document.extra["_sentence_index"] = list(range(len(sentences)))
    return document


def dygiepp_pair(rng: random.Random) -> tuple[list[dy.Document], list[dy.Document]]:
    """As `dygiepp_pairs`: gold documents, and predictions of their own plus some right answers."""
    gold = [_document(rng, f"doc{i}") for i in range(rng.randint(1, 3))]
    prediction = []
    for document in gold:
        made = _document(rng, document.doc_key, sentences=document.sentences, gold=False, predicted=True)
        assert made.predicted_events is not None and document.events is not None
        for mine, theirs in zip(made.predicted_events, document.events, strict=True):
            for event in theirs:
                if rng.random() < 0.5:
                    mine.append(dy.Event(event.trigger, _maybe(rng, event.event_type, TYPES),
                                         [dy.Argument(a.start, a.end, a.role, 0.0, 0.5) for a in event.arguments],
                                         0.0, 0.5))
        prediction.append(made)
    return gold, prediction


def dygiepp_case(seed: int) -> tuple[str, str]:
    """The gold and prediction files of recorded DyGIE++ case `seed`."""
    gold, prediction = dygiepp_pair(random.Random(seed))
    return dy.dumps_dygiepp(gold), dy.dumps_dygiepp(prediction)


# --- MAVEN and MAVEN-ERE -----------------------------------------------------------------------------

def _sentences(rng: random.Random) -> list[list[str]]:
    return [[_token(rng) for _ in range(rng.randint(1, 5))] for _ in range(rng.randint(1, 3))]


def _place(rng: random.Random, tokens: list[list[str]]) -> tuple[int, tuple[int, int]]:
    sent_id = rng.randint(0, len(tokens) - 1)
    start = rng.randint(0, len(tokens[sent_id]) - 1)
    return sent_id, (start, rng.randint(start + 1, len(tokens[sent_id])))


def _maven_document(rng: random.Random, doc_id: str) -> mv.Document:
    tokens = _sentences(rng)
    content = [mv.Sentence(" ".join(t), t) for t in tokens]
    counter = iter(range(100))

    def mention() -> mv.Mention:
        sent_id, offset = _place(rng, tokens)
        return mv.Mention(f"{doc_id}-m{next(counter)}", " ".join(tokens[sent_id][offset[0]:offset[1]]), sent_id,
                          offset)

    events = [mv.Event(f"{doc_id}-e{i}", "Type", rng.choice((1, 2, 5, 168)),
                       [mention() for _ in range(rng.randint(1, 3))]) for i in range(rng.randint(0, 3))]
    return mv.Document(doc_id, "T", content, events, [mention() for _ in range(rng.randint(0, 3))])


def _maven_submissions(rng: random.Random, gold: list[mv.Document]) -> list[mv.Submission]:
    """As `maven_submissions`: predictions for some gold mentions, an id of no gold mention, documents left
    out, one of no gold document."""
    out = []
    for doc in gold:
        if rng.random() < 0.25 and len(gold) > 1:
            continue
        right = {m.id: e.type_id for e in doc.events or () for m in e.mentions}
        right |= {m.id: 0 for m in doc.negative_triggers or ()}
        chosen = rng.sample(list(right), rng.randint(0, len(right)))
        # half the answers right (uniform type ids leave most cases at 0: the figures would test little)
        predictions = [mv.Prediction(i, right[i] if i in right and rng.random() < 0.5
                                     else rng.choice((0, 1, 2, 5, 168))) for i in [*chosen, "nobody"]]
        rng.shuffle(predictions)
        out.append(mv.Submission(doc.id, predictions))
    return [*out, mv.Submission("elsewhere", [mv.Prediction("x", 5)])]


def maven_case(seed: int) -> tuple[str, str]:
    """The gold and submission files of recorded MAVEN case `seed`: drawn again until some gold mention
    is labelled (evaluate.py fails on a gold file with none, as the live test's `assume`)."""
    rng = random.Random(seed)
    while True:
        gold = [_maven_document(rng, f"D{i}") for i in range(rng.randint(1, 4))]
        if any(d.events or d.negative_triggers for d in gold):
            return mv.dumps_maven(gold), mv.dumps_maven(_maven_submissions(rng, gold))


def _pairs(rng: random.Random, ids: list[str], most: int) -> list[tuple[str, str]]:
    found = [(rng.choice(ids), rng.choice(ids)) for _ in range(rng.randint(0, most))]
    return [p for p in found if p[0] != p[1]]


def _ere_document(rng: random.Random, doc_id: str) -> ere.Document:
    """Ids end in a letter so that no two concatenations of ids collide."""
    tokens = _sentences(rng)
    counter = iter(range(100))

    def mention() -> ere.Mention:
        sent_id, offset = _place(rng, tokens)
        return ere.Mention(f"{doc_id}m{next(counter)}x", "w", sent_id, offset)

    events = [ere.Event(f"{doc_id}E{i}x", "Type", 5, [mention() for _ in range(rng.randint(1, 3))])
              for i in range(rng.randint(1, 4))]
    timex = [ere.Timex(f"{doc_id}T{i}x", "t", "DATE", *_place(rng, tokens)) for i in range(rng.randint(0, 2))]
    event_ids = [e.id for e in events]
    names = list(ere.TEMPORAL)
    rng.shuffle(names)
    temporal = {name: _pairs(rng, event_ids + [t.id for t in timex], 4) for name in names}
    causal = {name: _pairs(rng, event_ids, 4) for name in ere.CAUSAL}
    return ere.Document(doc_id, "T", tokens, [" ".join(t) for t in tokens], events, None, timex, temporal, causal,
                        _pairs(rng, event_ids, 4))


def _ere_submissions(rng: random.Random, gold: list[ere.Document]) -> list[ere.Submission]:
    out = []
    for doc in gold:
        if rng.random() < 0.5 and len(gold) > 1:
            continue
        ids = [m.id for e in doc.events or () for m in e.mentions] + ["distractorx"]
        order = list(ids)
        rng.shuffle(order)
        cuts = sorted(rng.randint(0, len(order)) for _ in range(rng.randint(0, 3)))
        clusters = [order[a:b] for a, b in zip([0, *cuts], [*cuts, len(order)], strict=True)]
        pool = ids + [t.id for t in doc.timex or ()]
        use_clusters = rng.random() < 0.5
        temporal_names = rng.sample(ere.TEMPORAL, rng.randint(0, len(ere.TEMPORAL)))
        temporal = {name: _pairs(rng, pool, 6) for name in temporal_names}
        causal_names = rng.sample(ere.CAUSAL, rng.randint(0, len(ere.CAUSAL)))
        causal = {name: _pairs(rng, pool, 6) for name in causal_names}
        subevent = _pairs(rng, pool, 6) if rng.random() < 0.5 else None
        out.append(ere.Submission(doc.id, clusters if use_clusters else None, temporal, causal, subevent))
    return out


def maven_ere_case(seed: int) -> tuple[str, str]:
    """The gold and submission files of recorded MAVEN-ERE case `seed`: drawn again until some document
    has two mentions to pair (evaluate.py fails otherwise, as the live test's `assume`); an empty
    submission is written as one line of no known document, as the live test does."""
    rng = random.Random(seed)
    while True:
        gold = [_ere_document(rng, f"D{i}") for i in range(rng.randint(1, 3))]
        if any(sum(len(e.mentions) for e in d.events or ()) >= 2 for d in gold):
            submissions = _ere_submissions(rng, gold)
            return ere.dumps_maven_ere(gold), ere.dumps_maven_ere(submissions) or '{"id": "none"}\n'
