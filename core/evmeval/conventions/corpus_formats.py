"""BioNLP, CASIE, MAVEN and MAVEN-ERE gold/system pairs as the window's inputs, with no token tables.

The window shows a corpus as tbf mentions on a text. The token formats (MAVEN, MAVEN-ERE) carry their
tokens, so their text is made from them as TextEE's is (`corpus.document_text`); the character
formats (BioNLP standoff, CASIE) carry their text, so their mentions stay on character offsets, as
`evmeval-convert` maps them into tbf (`brat_to_document`, `casie.to_tbf`) and `evmeval-score` scores
them. Submissions that only name gold candidates (MAVEN's `{id, type_id}`, MAVEN-ERE's clusters) are
placed on the gold document's mentions.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from evmeval._util.progress import CancelCheck, stop_if_cancelled
from evmeval._util.release import let_go
from evmeval.conventions import genarg
from evmeval.conventions.base import Input
from evmeval.conventions.convert_standoff import bionlp_to_brat_document
from evmeval.conventions.ours import Role, Unit
from evmeval.conventions.parsed import maven_ere_file, maven_file
from evmeval.conventions.rams import rams_file
from evmeval.io import casie
from evmeval.io.bionlp import BionlpDocument, read_answers, read_bionlp
from evmeval.io.brat import BratDocument, Event, TextBound
from evmeval.io.convert import brat_to_document
from evmeval.io.errors import FormatError
from evmeval.io.genarg import GoldDocument as GenargDocument
from evmeval.io.genarg import GoldEvent
from evmeval.io.maven import Document as MavenDocument
from evmeval.io.maven import MavenFile
from evmeval.io.maven import Submission as MavenSubmission
from evmeval.io.maven_ere import Document as EreDocument
from evmeval.io.maven_ere import Submission as EreSubmission
from evmeval.model import (
    Document,
    Mention,
    MentionTable,
    PackedMentions,
    PackedRelations,
    Relation,
    RelationTable,
    SpanMode,
    TbfFile,
    joined_ids,
    pack_mentions,
    pack_relations,
    split_ids,
    unannotated_mention,
)

Arguments = dict[tuple[str, str], list[Role]]


@dataclass
class Pair:
    """Both sides as tbf, each document's text (and its units, for the token formats) and arguments."""

    gold: TbfFile
    system: TbfFile
    texts: dict[str, str] = field(default_factory=dict)
    units: dict[str, list[Unit]] = field(default_factory=dict)
    """Token formats: per document its sentences (empty for the character formats)."""
    arguments: tuple[Arguments, Arguments] = field(default_factory=lambda: ({}, {}))
    unplaced: dict[str, list[Mention]] = field(default_factory=dict)
    """System predictions the format's own map placed nowhere (UIE's records it drops): per document, mentions
    with no span, shown as rows "not in the text" (issue 35: never silently gone)."""


def _standoff_arguments(doc: BratDocument) -> Arguments:
    """Each event's arguments as character spans: an entity's text bound, a nested event's trigger."""
    bounds = {t.id: t for t in doc.text_bounds}
    events = {e.id: e for e in doc.events}
    out: Arguments = {}
    for event in doc.events:
        roles = []
        for role, target in event.arguments:
            record: TextBound | Event | None = bounds.get(target) or events.get(target)
            if isinstance(record, Event):
                record = bounds.get(record.trigger)
            if isinstance(record, TextBound) and record.fragments:
                roles.append(Role(role, record.fragments[0][0], record.fragments[-1][1]))
        out[doc.doc_id, event.id] = roles
    return out


def _standoff_side(path: str, documents: tuple[BionlpDocument, ...]) -> tuple[TbfFile, Arguments, dict[str, str]]:
    docs: dict[str, Document] = {}
    arguments: Arguments = {}
    texts: dict[str, str] = {}
    for d in documents:
        merged = bionlp_to_brat_document(d)
        docs[d.doc_id] = brat_to_document(merged, None)[0]
        arguments.update(_standoff_arguments(merged))
        if d.text is not None:
            texts[d.doc_id] = d.text
    return TbfFile(path, SpanMode.CHAR, docs), arguments, texts


def bionlp_pair(gold: Input, system: Input) -> Pair:
    """A BioNLP gold folder and an answer folder (events on character offsets, arguments nested)."""
    g = read_bionlp(gold.path)
    a = read_answers(system.path, g)
    gold_tbf, gold_args, texts = _standoff_side(g.path, g.documents)
    system_tbf, system_args, _ = _standoff_side(a.path, a.documents)
    return Pair(gold_tbf, system_tbf, texts, {}, (gold_args, system_args))


def casie_pair(gold: Input, system: Input) -> Pair:
    """CASIE gold and system (files or folders): nuggets on character offsets, hoppers as coreference,
    each nugget's arguments as character spans."""
    sides = []
    texts: dict[str, str] = {}
    arguments: list[Arguments] = []
    for source in (gold, system):
        documents = casie.read_casie(source.path)
        sides.append(casie.to_tbf(documents, source.path))
        found: Arguments = {}
        for doc, tbf_doc in zip(documents, sides[-1].documents.values(), strict=True):
            texts.setdefault(doc.doc_id, doc.content)
            events = [e for h in doc.hoppers for e in h.events]
            for event, mention in zip(events, tbf_doc.mentions, strict=True):
                found[doc.doc_id, mention.mention_id] = [Role(a.role, a.span.start, a.span.end)
                                                         for a in event.arguments or ()]
        arguments.append(found)
    return Pair(sides[0], sides[1], texts, {}, (arguments[0], arguments[1]))


def _maven_units(doc: MavenDocument) -> list[Unit]:
    return [Unit(str(k), s.tokens, f"{k}:") for k, s in enumerate(doc.content)]


def maven_mention(run: str, doc_id: str, mention_id: str, sent: int, offset: tuple[int, int], text: str,
                  event_type: str, line: int) -> Mention:
    """A MAVEN or MAVEN-ERE mention as tbf, on token ids `<sentence>:t<i>`: the window's and
    `evmeval-convert`'s one rule. The trigger word is shared (`shared_word`) by every mention of it (a string per
    mention was 5 MB of a 4,480-document MAVEN corpus shown in the window, issue 34)."""
    return unannotated_mention(run, doc_id, mention_id, token_span(sent, offset[0], offset[1]), shared_word(text),
                               event_type, line)


@lru_cache(maxsize=1 << 16)
def shared_word(text: str) -> str:
    """One string for every mention of the same trigger word while a pair is read (cleared with `token_span`'s
    cache once it is): interned instead (`sys.intern`), the words grew the interpreter's table of interned strings
    for good, 1 MB of what the window kept of a 4,480-document MAVEN corpus (issue 34)."""
    return text


@lru_cache(maxsize=1 << 16)
def token_span(sent: int, start: int, end: int) -> tuple[str, ...]:
    """The token ids of `[start, end)` in sentence `sent`, one tuple for every mention that has them (the same
    spans recur document after document: a tuple per mention was 9-11 MB of a 4,480-document MAVEN or MAVEN-ERE
    corpus shown in the window, issue 34)."""
    return tuple(token_id(sent, i) for i in range(start, end))


@lru_cache(maxsize=1 << 16)
def token_id(sent: int, i: int) -> str:
    """`<sentence>:t<i>`, one string for every document that has it (the same ids recur document after
    document: a string per mention token was a fifth of what the window keeps of a MAVEN corpus, issue 34)."""
    return f"{sent}:t{i}"


def maven_pair(gold: Input, system: Input, named: dict[int, str] | None = None) -> Pair:
    """MAVEN gold documents and a submission (or predicted documents): each prediction placed on the
    gold mention or candidate its id names; type id 0 (the negative class) is no event. `named`: type
    names from gold documents not in `gold` (one document read alone, `first_document`)."""
    g = maven_file(gold)
    return _maven_pair(g.path, g.documents, maven_file(system), named)


def _maven_pair(path: str, documents: Iterable[object], s: MavenFile | Predicted,
                named: dict[int, str] | None = None, *, with_units: bool = True) -> Pair:
    """`maven_pair` over gold `documents` taken one at a time (a stream's are not kept: only each document's
    mentions and the predictions placed on it are); `with_units` False (the window's corpus): no sentences kept
    for the text, and the mentions packed (`_Kept`). `s`: the system file, or what `maven_predicted` kept of it."""
    kept = _Kept(not with_units)
    names = dict(named or {})
    if isinstance(s, MavenFile):
        s = maven_predicted(s.path, [*s.submissions, *s.documents])
    predicted, system_names = s.predicted, s.names
    gold_docs: dict[str, Document] = {}
    units: dict[str, list[Unit]] = {}
    placed: dict[str, _Placed] = {}
    for d in documents:
        if not isinstance(d, MavenDocument):
            continue  # a submission line where documents are expected: MAVEN's checks word it
        if with_units:
            units[d.id] = _maven_units(d)
        mentions = [maven_mention("gold", d.id, m.id, m.sent_id, m.offset, m.trigger_word, e.type, d.line)
                    for e in d.events or () for m in e.mentions]
        gold_docs[d.id] = Document(d.id, kept.mentions(mentions))
        names.update({e.type_id: e.type for e in d.events or ()})
        if d.id in predicted:
            placed[d.id] = _placed(d, *predicted[d.id])
    names.update(system_names)  # a predicted document's own type names come last
    system_docs: dict[str, Document] = {}
    for doc_id, (ids, type_ids) in predicted.items():
        here = placed.get(doc_id)
        if here is None:
            continue  # evaluate.py scores gold documents only
        doc_id = gold_docs[doc_id].doc_id  # the gold's string: the submission's copy is let go (issue 34)
        every_id = split_ids(ids)
        system_docs[doc_id] = Document(doc_id, kept.mentions([
            maven_mention("system", doc_id, every_id[j], sent, (start, end), text,
                          names.get(type_ids[j], f"type {type_ids[j]}"), 0)
            for j, sent, start, end, text in zip(*here, strict=True)]))
    let_go(predicted, placed)  # the predictions as read and placed: freed in pieces, not at once on return
    kept.settle()
    return Pair(TbfFile(path, SpanMode.TOKEN, gold_docs), TbfFile(s.path, SpanMode.TOKEN, system_docs), {}, units)


_Placed = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[str, ...]]
"""A MAVEN document's predictions placed on its gold mentions or candidates, column by column: each kept
prediction's index among the document's, its sentence, start and end token and trigger word (`_placed`)."""


def _placed(d: MavenDocument, ids: str | tuple[str, ...], type_ids: tuple[int, ...]) -> _Placed:
    """The predictions `ids`/`type_ids` (as `maven_predicted` keeps them) placed on document `d`'s mentions and
    candidates; type id 0 (the negative class) and an id `d` lacks are left out. Kept in columns, the trigger words
    shared (`shared_word`, as `maven_mention` makes them), until every gold document is read (a prediction's type
    name may come from a later one): a tuple and an offset pair a prediction, kept across the whole gold file among
    what the corpus keeps, left 15-20 MB of free memory in the window's heap after a MAVEN-sized load (issue 34)."""
    every = [m for e in d.events or () for m in e.mentions] + list(d.negative_triggers or ()) + list(
        d.candidates or ())
    where = {m.id: m for m in every}
    columns: tuple[list[int], list[int], list[int], list[int], list[str]] = ([], [], [], [], [])
    index, sents, starts, ends, texts = columns
    for j, (mention_id, type_id) in enumerate(zip(split_ids(ids), type_ids, strict=True)):
        m = where.get(mention_id) if type_id != 0 else None
        if m is not None:
            index.append(j)
            sents.append(m.sent_id)
            starts.append(m.offset[0])
            ends.append(m.offset[1])
            texts.append(shared_word(m.trigger_word))
    return tuple(index), tuple(sents), tuple(starts), tuple(ends), tuple(texts)


@dataclass
class Predicted:
    """What a MAVEN or MAVEN-ERE pair keeps of the system file (`path`, as its stream names it): per document
    its predictions `(mention id, type id)` (MAVEN) or its coreference clusters (MAVEN-ERE), and MAVEN's type
    names of predicted documents. Made a line at a time (`maven_predicted`, `maven_ere_predicted`), so the window
    never holds the parsed submission: MAVEN-ERE's 1.2M relation pairs took 100 MB of its load (issue 34)."""

    path: str
    predicted: dict[str, tuple[str | tuple[str, ...], tuple[int, ...]]] = field(default_factory=dict)
    """MAVEN: per document its predictions' mention ids (one string, `model.joined_ids`) and type ids, in order."""
    clusters: dict[str, list[list[str]]] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)


def _columns(ids: list[str], type_ids: list[int]) -> tuple[str | tuple[str, ...], tuple[int, ...]]:
    return joined_ids(ids), tuple(type_ids)


def maven_predicted(path: str, items: Iterable[object]) -> Predicted:
    """A MAVEN system file's submission lines or predicted documents, as `_maven_pair` places them."""
    kept = Predicted(path)
    for item in items:
        if isinstance(item, MavenSubmission):
            kept.predicted[item.id] = _columns([p.id for p in item.predictions],
                                               [p.type_id for p in item.predictions])
        elif isinstance(item, MavenDocument):
            kept.predicted[item.id] = _columns([m.id for e in item.events or () for m in e.mentions],
                                               [e.type_id for e in item.events or () for _ in e.mentions])
            kept.names.update({e.type_id: e.type for e in item.events or ()})
    return kept


def maven_ere_predicted(path: str, items: Iterable[object]) -> Predicted:
    """A MAVEN-ERE system file's coreference clusters: a submission line's, or a predicted document's events."""
    kept = Predicted(path)
    for item in items:
        if isinstance(item, EreSubmission):
            kept.clusters[item.id] = item.coreference or []
        elif isinstance(item, EreDocument):
            kept.clusters[item.id] = [[m.id for m in e.mentions] for e in item.events or ()]
    return kept


def _clusters(clusters: list[list[str]], known: dict[str, str]) -> tuple[Relation, ...]:
    """The clusters of two or more of the `known` mentions, each id the gold's own string (`known[id]`): the
    submission's copies of 112k ids, kept by the window's corpus, were 7 MB at MAVEN-ERE's size (issue 34)."""
    kept = [tuple(known[i] for i in c if i in known) for c in clusters]
    return tuple(Relation("Coreference", f"R{n}", c, 0) for n, c in enumerate((c for c in kept if len(c) > 1), 1))


class _Kept:
    """How a pair's documents keep their mentions and clusters: for the window's corpus (`packed`), the mentions
    packed into one table (`model.PackedMentions`: the window holds every document's, issue 34; a span is one
    table value, `token_span`) and the clusters into one `RelationTable` (each distinct member tuple once); else
    as tuples of `Mention` and `Relation`."""

    def __init__(self, packed: bool) -> None:
        self.packed = packed
        self.table = MentionTable()
        self.relations = RelationTable()
        self.relations.kinds.append("Coreference")
        self.at: dict[object, int] = {}
        """Where a relation id (a string) or a member tuple is in `relations` (while the pair is read)."""
        self.names: dict[str, str] = {}
        """Each mention id of a cluster, one string (while the pair is read)."""

    def mentions(self, made: list[Mention], ids: dict[object, object] | None = None
                 ) -> tuple[Mention, ...] | PackedMentions:
        """A document's mentions as kept (`ids`: `pack_mentions`'s, one per document for both sides)."""
        return pack_mentions(self.table, made, ids, runs=False) if self.packed else tuple(made)

    def clusters(self, clusters: list[list[str]], known: dict[str, str]) -> tuple[Relation, ...] | PackedRelations:
        """A document's `_clusters`; packed, a relation is three ints and a member tuple is kept once in the
        corpus (the `Relation` tuples and their ids were 3 MB of the window's MAVEN-ERE corpus, issue 34)."""
        made = _clusters(clusters, known)
        if not self.packed:
            return made
        fields: list[int] = []
        names = self.names
        for r in made:  # a member tuple and a mention id once in the corpus
            members = tuple([names.setdefault(i, i) for i in r.mention_ids])
            fields += (0, self._at(r.relation_id, self.relations.ids), self._at(members, self.relations.members))
        return pack_relations(self.relations, fields, [r.line for r in made])

    def _at(self, value: object, values: list[Any]) -> int:
        found = self.at.get(value)
        if found is None:
            found = self.at[value] = len(values)
            values.append(value)
        return found

    def settle(self) -> None:
        """The pair read: the lookups made while packing let go, and `token_span`'s and `token_id`'s caches (the
        table keeps every span once; their entries were 2.8 MB of the window's MAVEN-ERE corpus, issue 34)."""
        if self.packed:
            self.table.settle()
            self.at, self.names = {}, {}
            token_span.cache_clear()
            token_id.cache_clear()
            shared_word.cache_clear()


def maven_ere_pair(gold: Input, system: Input) -> Pair:
    """MAVEN-ERE gold documents and a submission: both sides are the gold event mentions (MAVEN-ERE
    scores relations over gold mentions); gold's events and the submission's clusters are coreference."""
    g, s = maven_ere_file(gold), maven_ere_file(system)
    return _maven_ere_pair(g.path, g.documents, maven_ere_predicted(s.path, [*s.submissions, *s.documents]))


def _maven_ere_pair(path: str, documents: Iterable[object], s: Predicted, *, with_units: bool = True) -> Pair:
    """`maven_ere_pair` over gold `documents` taken one at a time (see `_maven_pair`)."""
    kept = _Kept(not with_units)
    gold_docs: dict[str, Document] = {}
    system_docs: dict[str, Document] = {}
    units: dict[str, list[Unit]] = {}
    for d in documents:
        if not isinstance(d, EreDocument):
            continue  # a submission line where documents are expected: MAVEN-ERE's checks word it
        if with_units:
            units[d.id] = [Unit(str(k), tokens, f"{k}:") for k, tokens in enumerate(d.tokens)]
        mentions = [(m, e.type) for e in d.events or () for m in e.mentions]
        known = {m.id: m.id for m, _ in mentions}
        ids: dict[object, object] = {}  # both sides' mention ids kept once
        for run, docs, clusters in (("gold", gold_docs, [[m.id for m in e.mentions] for e in d.events or ()]),
                                    ("system", system_docs, s.clusters.get(d.id, []))):
            made = [maven_mention(run, d.id, m.id, m.sent_id, m.offset, m.trigger_word, t, d.line) for m, t in mentions]
            docs[d.id] = Document(d.id, kept.mentions(made, ids), kept.clusters(clusters, known))
    let_go(s.clusters)  # the clusters as read: freed in pieces, not at once on return
    kept.settle()
    return Pair(TbfFile(path, SpanMode.TOKEN, gold_docs), TbfFile(s.path, SpanMode.TOKEN, system_docs), {}, units)


def _checked(documents: Iterable[object], cancelled: CancelCheck | None) -> Iterator[object]:
    """`documents`, `cancelled()` checked before each (`Cancelled`)."""
    for document in documents:
        stop_if_cancelled(cancelled)
        yield document


def streamed_pair(found: str, gold: Input, system: Input, cancelled: CancelCheck | None = None) -> Pair:
    """A MAVEN or MAVEN-ERE pair as `read_pair` reads it, but with the gold file's documents read through its
    stream and not kept (its largest part: the parsed file took 6 times its size), and no sentences for
    the text (the window reads a document's text when shown, `first_document.document_text_and_tokens`).
    A problem of the gold file is still said before one of the system file. The system file is read a line at a
    time keeping only what the pair places (`Predicted`), and not kept by its input (`Input.parsed`): the
    convention's scorer reads the submission itself, and the parses held at once were most of a MAVEN-ERE load's
    peak (issue 34). `cancelled()` is checked before each gold document."""
    from evmeval.io.maven import stream_maven
    from evmeval.io.maven_ere import stream_maven_ere

    stream = stream_maven(gold.path, gold.data) if found == "maven" else stream_maven_ere(gold.path, gold.data)
    read = (stream_maven if found == "maven" else stream_maven_ere)(system.path, system.data)
    try:  # a line at a time, keeping only what the pair places
        s = (maven_predicted if found == "maven" else maven_ere_predicted)(read.path, read)
    except FormatError:
        for _ in stream:  # the gold file's own problem first, as when both are read whole
            pass
        raise
    documents = stream if cancelled is None else _checked(stream, cancelled)
    if found == "maven":
        return _maven_pair(stream.path, documents, s, with_units=False)
    return _maven_ere_pair(stream.path, documents, s, with_units=False)


def rams_pair(gold: Input, system: Input) -> Pair:
    """RAMS gold lines and predictions: per doc_key its sentences, its one trigger (gold's event type on both
    sides: RAMS's scorer compares no types) and its arguments; a predicted trigger outside the document, or a
    doc_key gold lacks, is left out (the scorers ignore it). Its mention is `E0` (the argument conventions' items
    name a line's one event 0: `ours.mention_id`)."""
    g, s = rams_file(gold), rams_file(system)
    sides: tuple[dict[str, Document], dict[str, Document]] = ({}, {})
    arguments: tuple[Arguments, Arguments] = ({}, {})
    units: dict[str, list[Unit]] = {}
    for doc_key, example in g.examples.items():
        units[doc_key] = [Unit(str(k), list(tokens), f"{k}:") for k, tokens in enumerate(example.sentences)]
        ids = [f"{k}:t{i}" for k, tokens in enumerate(example.sentences) for i in range(len(tokens))]
        words = [word for tokens in example.sentences for word in tokens]
        event_type = example.event_types[0] if example.event_types else "event"
        for n, (run, found) in enumerate((("gold", example), ("system", s.examples.get(doc_key)))):
            if found is None or found.trigger is None or not 0 <= found.trigger[0] <= found.trigger[1] < len(ids):
                sides[n][doc_key] = Document(doc_key, ())
                continue
            start, end = found.trigger
            mention = unannotated_mention(run, doc_key, "E0", tuple(ids[start:end + 1]), " ".join(words[start:end + 1]),
                                          event_type, found.line)
            sides[n][doc_key] = Document(doc_key, (mention,))
            arguments[n][doc_key, "E0"] = [Role(link.role, link.argument[0], link.argument[1] + 1)
                                           for link in found.links]
    return Pair(TbfFile(g.path, SpanMode.TOKEN, sides[0]), TbfFile(s.path, SpanMode.TOKEN, sides[1]), {}, units,
                arguments)


def wikievents_pair(gold: Input, system: Input) -> Pair:
    """WikiEvents gold and gen-arg generations (the ontology beside them or given, `genarg.with_default_ontology`):
    each document one line of its tokens; gold's event triggers, and on the system side those of the events a
    generation line fills (the n-th line of a doc_key is the n-th event, as gen-arg pairs them); gold's arguments
    are their entities' spans, the system's the strings gen-arg's own grounding placed (`genarg.scored_events`)."""
    g, s, ontology, _ = genarg.read_genarg(gold, system)
    sides: tuple[dict[str, Document], dict[str, Document]] = ({}, {})
    arguments: tuple[Arguments, Arguments] = ({}, {})
    units: dict[str, list[Unit]] = {}
    numbers: dict[int, str] = {}
    """id of a gold event -> its mention id (`E<n>`, on both sides)."""

    def mention(run: str, d: GenargDocument, event: GoldEvent, mention_id: str, line: int) -> Mention:
        start, end = event.trigger
        return unannotated_mention(run, d.doc_id, mention_id, tuple(f"t{i}" for i in range(start, end)),
                                   " ".join(d.tokens[start:end]), event.event_type, line)
    for d in {d.doc_id: d for d in g.documents}.values():  # the last line of a doc_id, as gen-arg reads them
        units[d.doc_id] = [Unit(d.doc_id, list(d.tokens))]  # its token ids: t0, t1, …
        found = []
        for n, event in enumerate(d.events):
            numbers[id(event)] = f"E{n}"
            found.append(mention("gold", d, event, f"E{n}", d.line))
            arguments[0][d.doc_id, f"E{n}"] = [Role(role, *d.entities[entity]) for entity, role in event.arguments
                                               if entity in d.entities]
        sides[0][d.doc_id] = Document(d.doc_id, tuple(found))
    predicted: dict[str, list[Mention]] = {}
    for (d, event, spans, _), generation in zip(genarg.scored_events(g, s, ontology), s.generations, strict=True):
        mention_id = numbers[id(event)]
        predicted.setdefault(d.doc_id, []).append(mention("system", d, event, mention_id, generation.line))
        arguments[1][d.doc_id, mention_id] = [Role(role, start, end + 1) for start, end, _, role in sorted(spans or ())]
    for doc_id in units:
        sides[1][doc_id] = Document(doc_id, tuple(predicted.get(doc_id, ())))
    return Pair(TbfFile(g.path, SpanMode.TOKEN, sides[0]), TbfFile(s.path, SpanMode.TOKEN, sides[1]), {}, units,
                arguments)


READERS = {"bionlp": bionlp_pair, "casie": casie_pair, "maven": maven_pair, "maven-ere": maven_ere_pair,
           "rams": rams_pair, "wikievents": wikievents_pair}
"""Format (as `input_format` names it) -> how a gold/system pair of it becomes the window's inputs."""


def read_pair(found: str, gold: Input, system: Input) -> Pair:
    """Both inputs of format `found`; raises `FormatError` (also when the system is of another format)."""
    from evmeval.conventions.corpus_formats_more import MORE_READERS  # it builds on `Pair`

    readers = {**READERS, **MORE_READERS}
    if found not in readers:
        raise FormatError(gold.path, 0, f"{found} files are not opened as an event corpus",
                          "TextEE, DyGIE++, MAVEN, MAVEN-ERE, MAVEN-Arg, OmniEvent, UIE, RAMS, WikiEvents, CASIE or "
                          "a BioNLP folder")
    return readers[found](gold, system)
