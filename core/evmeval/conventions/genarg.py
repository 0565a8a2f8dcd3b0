"""Convention `gen-arg`: the argument scores of gen-arg (raspberryice/gen-arg `src/genie/scorer.py`,
`--dataset KAIROS`, WikiEvents), with or without `--head-only` (docs/scoring/gen-arg.md works examples).

What it counts, as that script does:
  events: the n-th generation line of a doc_key is the n-th event mention of that gold document; gold events
    with no generation line, and events whose type the ontology lacks, are not scored at all (their gold
    arguments count nowhere);
  predicted arguments: the generation is aligned word by word with its type's template (`<argN>` takes the
    words up to the template's next word; the template's other words are skipped one for one, unchecked);
    each argument's words are grounded to the occurrence nearest the trigger
    (`evmeval.grounding.ground_closest_genarg`); one found nowhere is split at each `and` and the parts
    grounded, and a part found nowhere is dropped (counted nowhere); a *set* of (start, end, event type, role)
    per event, so a repeat collapses;
  gold arguments: each argument's entity mention span, a leading `the`/`an`/`a` stripped when the span is
    longer than one token (predictions are not stripped); a set per event;
  Role identification: a prediction matches when some gold argument of its event has its span; Role: and its
    role too. Each prediction is matched on its own (no one-to-one pairing): two predictions on one gold span
    with two roles both identify it;
  Coref Role identification / Coref Role (with a coreference file): a prediction with no gold argument on its
    span also matches when its span is an entity mention of a cluster whose first entity is, by its
    stripped span, the entity of a gold argument of the event (and role); the match counts add up, the
    denominators stay.
  --head-only: each grounded prediction becomes its head word's one-word span, and each gold span longer than
    one word (determiner stripped) its head's (`heads.head_word` on the document's parse, spaCy's by default);
    the sets, matching and coreference look-ups then run on those spans (a gold head is looked up among the
    entity mentions' spans, so only a one-word mention is found).
P = matched / predicted, R = matched / gold, F1 their harmonic mean (0 where a denominator is 0).
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from evmeval.conventions.base import (
    UNGROUNDABLE,
    ConventionResult,
    Fingerprint,
    Input,
    Metric,
    Pathology,
    UnitCounts,
    with_companions,
)
from evmeval.conventions.heads import INSTALL, Heads, head_word, parse_note, spacy_heads
from evmeval.conventions.items import GOLD, PRED, Item
from evmeval.conventions.one_to_one import COREFERENCE, Edge, Matches, MatchGroup
from evmeval.grounding import ground_closest_genarg
from evmeval.io.errors import FormatError
from evmeval.io.genarg import (
    GenargFile,
    GoldDocument,
    GoldEvent,
    Ontology,
    read_coref_clusters,
    read_generations,
    read_ontology,
    read_wikievents,
)
from evmeval.io.reading import display_name

METRICS: dict[str, str] = {"role_id": "Role identification", "role": "Role",
                           "coref_role_id": "Coref Role identification", "coref_role": "Coref Role"}
"""The script's printed names, in its order (the two Coref lines only with a coreference file)."""
HEAD = "head_"
"""The keys' prefix under --head-only (`head_role_id` …): the script prints those figures under the same names."""
HEAD_ONLY = "head-only"
"""The system `Input` option `--head-only` sets (gen-arg's own flag)."""
HEADS_NEEDED = f"--head-only needs spaCy's en_core_web_sm parse: {INSTALL}"
HEAD_NOTE = ("Evaluation by matching head words only (--head-only): each predicted span is its head word, each "
             "gold span of two words or more its head's")
Parse = Sequence[int] | None
"""A document's parse (each word's head index) under --head-only; None without."""

DETERMINERS = frozenset({"the", "an", "a"})
_ARG = re.compile(r"<(arg\d+)>")
Argument = tuple[int, int, str, str]
"""(start, inclusive end, event type, role): the script's tuple."""


def template_arguments(template: str, predicted: str, roles: dict[str, str], where: str) -> list[tuple[str, list[str]]]:
    """(role, words) of every filled `<argN>` of the generation, aligned with its template the script's way."""
    template_words, words = template.strip().split(), predicted.strip().split()
    found: list[tuple[str, list[str]]] = []
    t = p = 0
    while t < len(template_words) and p < len(words):
        slot = _ARG.match(template_words[t])
        if slot is None:
            t, p = t + 1, p + 1
            continue
        if slot.group(1) not in roles:
            raise FormatError(where, 0, f"the template names <{slot.group(1)}>, which the type's roles do not have",
                              "one role per <argN> of the template (the script stops there)")
        if words[p] == "<arg>":
            t, p = t + 1, p + 1
            continue
        start = p
        while p < len(words) and (t == len(template_words) - 1 or words[p] != template_words[t + 1]):
            p += 1
        found.append((roles[slot.group(1)], words[start:p]))
        t += 1
    return found


def _ground(tokens: tuple[str, ...], words: list[str], trigger: tuple[int, int]) -> tuple[int, int] | None:
    span = ground_closest_genarg(tokens, words, trigger)
    return None if span is None else (span[0], span[1] - 1)


class Grounded(NamedTuple):
    """One argument string of a generation (or a part of it split at `and`) and where gen-arg put it."""

    role: str
    words: tuple[str, ...]
    span: tuple[int, int] | None
    """Inclusive; None: found nowhere, dropped."""
    split: bool
    """A part of a string found nowhere whole, split at an `and` it has (False: the string itself)."""


def grounded_strings(tokens: tuple[str, ...], event: GoldEvent, filled: list[tuple[str, list[str]]]) -> list[Grounded]:
    """Every argument string in generation order, grounded the script's way: nearest the trigger, or else split
    at each `and` and each part grounded; an empty part is skipped."""
    out: list[Grounded] = []
    for role, words in filled:
        span = _ground(tokens, words, event.trigger)
        if span is not None:
            out.append(Grounded(role, tuple(words), span, False))
            continue
        parts: list[list[str]] = [[]]
        for word in words:
            if word == "and" and parts[-1]:
                parts.append([])
            else:
                parts[-1].append(word)
        split = sum(1 for part in parts if part) > 1  # a string with no 'and' is looked for whole, once only
        out += [Grounded(role, tuple(part), _ground(tokens, part, event.trigger), split) for part in parts if part]
    return out


def ordered(found: list[Grounded]) -> list[Grounded]:
    """The grounded strings first (in generation order), then those found nowhere: each one's place is its
    argument index in the outcomes of every convention reading generations (gen-arg, paie)."""
    return [g for g in found if g.span is not None] + [g for g in found if g.span is None]


def headed(parse: Parse, span: tuple[int, int]) -> tuple[int, int]:
    """`span` as --head-only scores it: its head word's one-word span (unchanged without a parse). An empty
    span [i, i - 1] (an empty argument) becomes [i, i], as the script's walk leaves it."""
    if parse is None:
        return span
    head = head_word(parse, *span)
    return head, head


def predicted_arguments(tokens: tuple[str, ...], event: GoldEvent, filled: list[tuple[str, list[str]]],
                        parse: Parse = None) -> tuple[set[Argument], int]:
    """The script's predicted set (`grounded_strings`: a repeat collapses; each span its head's with a parse), and
    how many strings or parts it dropped as found nowhere in the text."""
    found = grounded_strings(tokens, event, filled)
    return ({(*headed(parse, g.span), event.event_type, g.role) for g in found if g.span is not None},
            sum(1 for g in found if g.span is None))


def gold_span(document: GoldDocument, entity_id: str, parse: Parse = None) -> tuple[int, int]:
    """The entity's inclusive span, a leading determiner stripped from a span of two tokens or more; with a
    parse, then its head's when it is still not one word (the script's order)."""
    start, end = document.entities[entity_id]
    end -= 1
    if start != end and start < len(document.tokens) and document.tokens[start].lower() in DETERMINERS:
        start += 1
    return (start, end) if start == end else headed(parse, (start, end))


@dataclass(frozen=True)
class Counts:
    predicted: int = 0
    gold: int = 0
    role_id: int = 0
    role: int = 0
    coref_role_id: int = 0
    coref_role: int = 0
    dropped: int = 0
    """Argument strings (or their parts split at `and`) found nowhere in the text: not counted at all."""

    def __add__(self, other: Counts) -> Counts:
        return Counts(*(a + b for a, b in zip(self.__dict__.values(), other.__dict__.values(), strict=True)))


def pair_events(gold: GenargFile, system: GenargFile) -> Iterator[tuple[GoldDocument, GoldEvent, str, int]]:
    """(document, event, generated text, generation line) in generation-file order, as the script pairs them:
    the n-th line of a doc_key with the n-th event of the last gold line of that id."""
    documents = {d.doc_id: d for d in gold.documents}
    seen: dict[str, int] = defaultdict(int)
    for generation in system.generations:
        document = documents.get(generation.doc_key)
        if document is None:
            raise FormatError(system.path, generation.line, f"doc_key {generation.doc_key!r} is not in the gold file",
                              "a generation line per event of a gold document (the script fails on others)")
        index = seen[generation.doc_key]
        seen[generation.doc_key] += 1
        if index >= len(document.events):
            raise FormatError(system.path, generation.line, f"generation {index + 1} of doc_key "
                              f"{generation.doc_key!r}, which has {len(document.events)} event mentions",
                              "one generation line per event mention, in the gold file's order")
        yield document, document.events[index], generation.predicted, generation.line


def event_edges(document: GoldDocument, event: GoldEvent, predicted: set[Argument], coref: dict[tuple[int, int], str]
                | None, parse: Parse = None) -> tuple[list[Argument], list[Argument], dict[str, list[Edge]]]:
    """The event's gold and predicted tuples (sorted) and, per metric, which pairs the script's rule matches (see
    the module's note): a prediction on a gold span matches the gold arguments on it; one on no gold span, the
    gold arguments whose span is a mention of its entity (`COREFERENCE`), for the two Coref metrics only."""
    gold = sorted({(*gold_span(document, entity_id, parse), event.event_type, role)
                   for entity_id, role in event.arguments})
    preds = sorted(predicted)
    edges: dict[str, list[Edge]] = {name: [] for name in METRICS}
    for i, (start, end, event_type, name) in enumerate(preds):
        same_span = [j for j, g in enumerate(gold) if g[:3] == (start, end, event_type)]
        if same_span:
            for metric in ("role_id", "coref_role_id"):
                edges[metric] += [(i, j, "") for j in same_span]
            for metric in ("role", "coref_role"):
                edges[metric] += [(i, j, "") for j in same_span if gold[j][3] == name]
        elif coref is not None and (start, end) in coref:
            entity = coref[(start, end)]
            same_entity = [j for j, g in enumerate(gold) if coref.get((g[0], g[1])) == entity and g[2] == event_type]
            edges["coref_role_id"] += [(i, j, COREFERENCE) for j in same_entity]
            edges["coref_role"] += [(i, j, COREFERENCE) for j in same_entity if gold[j][3] == name]
    return gold, preds, edges


def event_counts(document: GoldDocument, event: GoldEvent, predicted: set[Argument],
                 coref: dict[tuple[int, int], str] | None, parse: Parse = None) -> Counts:
    """One event's counts (see the module's note): a prediction counts once per metric it has an edge in."""
    gold, preds, edges = event_edges(document, event, predicted, coref, parse)
    matched = {name: len({i for i, _, _ in found}) for name, found in edges.items()}
    return Counts(len(preds), len(gold), matched["role_id"], matched["role"],
                  matched["coref_role_id"] - matched["role_id"], matched["coref_role"] - matched["role"])


def document_parses(heads: Heads | None) -> Callable[[GoldDocument], Parse]:
    """Each document's parse by `heads` (once a document: the script parses it for each of its events, the same
    words each time); None for every document without `heads`."""
    done: dict[str, Sequence[int]] = {}

    def parse(document: GoldDocument) -> Parse:
        if heads is None:
            return None
        if document.doc_id not in done:
            done[document.doc_id] = heads(document.tokens)
        return done[document.doc_id]

    return parse


def scored_events(gold: GenargFile, system: GenargFile, ontology: Ontology,
                  parse_of: Callable[[GoldDocument], Parse] | None = None,
                  ) -> Iterator[tuple[GoldDocument, GoldEvent, set[Argument] | None, int]]:
    """(document, event, predicted set, strings dropped) of each generation line, in its order; the set is None
    for an event whose type the ontology lacks (not scored); its spans are heads under `parse_of`'s parse."""
    parse_of = parse_of or document_parses(None)
    for document, event, generated, line in pair_events(gold, system):
        if event.event_type not in ontology.templates:
            yield document, event, None, 0
            continue
        where = f"{system.path}:{line}: event type {event.event_type!r}"
        filled = template_arguments(ontology.templates[event.event_type], generated,
                                    ontology.roles[event.event_type], where)
        yield document, event, *predicted_arguments(document.tokens, event, filled, parse_of(document))


def document_counts(gold: GenargFile, system: GenargFile, ontology: Ontology,
                    coref: dict[str, dict[tuple[int, int], str]] | None,
                    heads: Heads | None = None) -> tuple[dict[str, Counts], int, int]:
    """Each scored document's counts (in the order its first generation line comes), the events skipped for a
    type the ontology lacks, and the gold events never generated; on heads with `heads` (--head-only)."""
    per_document: dict[str, Counts] = {}
    skipped, scored = 0, set()
    parse_of = document_parses(heads)
    for document, event, predicted, dropped in scored_events(gold, system, ontology, parse_of):
        scored.add((document.doc_id, id(event)))
        total = per_document.setdefault(document.doc_id, Counts())
        if predicted is None:
            skipped += 1
            continue
        mapping = None if coref is None else coref.get(document.doc_id, {})
        counted = event_counts(document, event, predicted, mapping, parse_of(document))
        per_document[document.doc_id] = total + replace(counted, dropped=dropped)
    latest = {d.doc_id: d for d in gold.documents}
    unscored = sum(1 for d in latest.values() for e in d.events if (d.doc_id, id(e)) not in scored)
    return per_document, skipped, unscored


def genarg_counts(gold: GenargFile, system: GenargFile, ontology: Ontology,
                  coref: dict[str, dict[tuple[int, int], str]] | None,
                  heads: Heads | None = None) -> tuple[Counts, int, int]:
    """The totals, the events skipped for a type the ontology lacks, and the gold events never generated."""
    per_document, skipped, unscored = document_counts(gold, system, ontology, coref, heads)
    return sum(per_document.values(), Counts()), skipped, unscored


def _metrics(counts: Counts, coref: bool, head: bool = False) -> dict[str, Metric]:
    """The script's figures of `counts` (the two Coref lines with a coreference file; keys `HEAD`-prefixed
    under --head-only)."""
    metrics = {"role_id": Metric(counts.role_id, counts.predicted, counts.gold),
               "role": Metric(counts.role, counts.predicted, counts.gold)}
    if coref:
        metrics["coref_role_id"] = Metric(counts.role_id + counts.coref_role_id, counts.predicted, counts.gold)
        metrics["coref_role"] = Metric(counts.role + counts.coref_role, counts.predicted, counts.gold)
    return {HEAD + k: m for k, m in metrics.items()} if head else metrics


def label(key: str) -> str:
    """A figure's name as the script prints it (the same under --head-only)."""
    return METRICS[key.removeprefix(HEAD)]


def fingerprint(gold: GenargFile) -> Fingerprint:
    events = [e for d in gold.documents for e in d.events]
    return Fingerprint("wikievents", len(gold.documents), sum(d.sentences for d in gold.documents), len(events),
                       sum(len(e.arguments) for e in events), len({e.event_type for e in events}),
                       len({r for e in events for _, r in e.arguments}), gold.sha256)


def score_files(gold: GenargFile, system: GenargFile, ontology: Ontology,
                coref: dict[str, dict[tuple[int, int], str]] | None = None,
                heads: Heads | None = None) -> ConventionResult:
    """The script's figures; on head words with `heads` (--head-only)."""
    return _result(gold, *genarg_counts(gold, system, ontology, coref, heads), coref is not None, heads)


def _result(gold: GenargFile, counts: Counts, skipped: int, unscored: int, coref: bool,
            heads: Heads | None = None) -> ConventionResult:
    """The script's figures of the totals, with what it left out said."""
    metrics = _metrics(counts, coref, heads is not None)
    warnings = []
    if counts.dropped:
        plural = "s" if counts.dropped != 1 else ""
        warnings.append(f"{counts.dropped} argument string{plural} (or part{plural} split at 'and') found nowhere "
                        "in the text: dropped, counted neither as predicted nor as wrong (as scorer.py drops them)")
    if skipped:
        warnings.append(f"{skipped} event{'s' if skipped != 1 else ''} of a type the ontology lacks: not scored, "
                        "their gold arguments counted nowhere (as scorer.py skips them)")
    if unscored:
        warnings.append(f"{unscored} gold event{'s' if unscored != 1 else ''} with no generation line: not scored, "
                        "their gold arguments counted nowhere (as scorer.py pairs events by line)")
    dropped = (Pathology(UNGROUNDABLE, "", counts.dropped, f"{counts.dropped} argument string(s) found nowhere in "
                         "the text, dropped: counted neither as predicted nor as wrong, so precision never sees them"),
               ) if counts.dropped else ()
    notes = () if heads is None else (HEAD_NOTE, parse_note(heads))
    return ConventionResult("gen-arg", metrics, {k: label(k) for k in metrics}, fingerprint(gold), tuple(warnings),
                            notes=notes, pathologies=dropped)


ONTOLOGY, COREF = "ontology", "coref-file"
"""The companions of the system `Input` gen-arg reads (`--ontology`, `--coref-file` on the command line)."""


DEFAULT_ONTOLOGY = "event_role_KAIROS.json"
"""The ontology gen-arg's scorer opens by default for WikiEvents (`--dataset KAIROS`: `event_role_KAIROS.json` in
the folder it runs from, its repository's root)."""


def with_default_ontology(gold: Input, system: Input) -> Input:
    """`system` with `DEFAULT_ONTOLOGY` as its ontology when none is given and that file lies beside the
    generations or the gold file (the window has no --ontology option: it looks where gen-arg keeps it);
    `FormatError` when it is in neither folder."""
    if ONTOLOGY in system.companions:
        return system
    for source in (system, gold):
        found = os.path.join(os.path.dirname(os.path.abspath(source.path)), DEFAULT_ONTOLOGY)
        if os.path.isfile(found):
            return with_companions(system, ontology=found)
    raise FormatError(display_name(system.path), 0, "gen-arg reads each event type's template from its ontology, "
                      f"and no {DEFAULT_ONTOLOGY} is beside the generations or the gold file",
                      f"{DEFAULT_ONTOLOGY} of gen-arg's repository in the folder of either file")


def read_genarg(gold: Input, system: Input) -> tuple[GenargFile, GenargFile, Ontology,
                                                dict[str, dict[tuple[int, int], str]] | None]:
    """Both files, the ontology and the coreference clusters (None without `--coref-file`)."""
    ontology_path = system.companions.get(ONTOLOGY)
    if ontology_path is None:
        raise FormatError(display_name(system.path), 0, "gen-arg reads each event type's template from its ontology",
                          "--ontology FILE (event_role_KAIROS.json of gen-arg's repository)")
    g = read_wikievents(gold.path, gold.data)
    s = read_generations(system.path, system.data)
    coref_path = system.companions.get(COREF)
    coref = None if coref_path is None else read_coref_clusters(coref_path, g)
    return g, s, read_ontology(ontology_path), coref


def head_parse(system: Input, heads: Heads | None = None) -> Heads | None:
    """The parse --head-only scores on (`heads`, else spaCy's `en_core_web_sm`); None without --head-only;
    ValueError saying what to install when it is given and spaCy or its model is not importable."""
    if HEAD_ONLY not in system.options:
        return None
    found = heads if heads is not None else spacy_heads()
    if found is None:
        raise ValueError(HEADS_NEEDED)
    return found


def score_genarg(gold: Input, system: Input, heads: Heads | None = None) -> ConventionResult:
    """The script's figures; under --head-only on `heads`' parse (default: spaCy's, `head_parse`)."""
    parse = head_parse(system, heads)
    return score_files(*read_genarg(gold, system), heads=parse)


def unit_counts(gold: Input, system: Input, heads: Heads | None = None) -> UnitCounts:
    """Each gold document's (matched, predicted, gold) of every figure (0s for one without a generation line):
    their sums are the script's counts."""
    parse = head_parse(system, heads)
    g, s, ontology, coref = read_genarg(gold, system)
    per_document, skipped, unscored = document_counts(g, s, ontology, coref, parse)
    said = _result(g, sum(per_document.values(), Counts()), skipped, unscored, coref is not None, parse).warnings
    documents = dict.fromkeys(d.doc_id for d in g.documents)  # every gold document: one not generated adds 0
    head = parse is not None
    figures = {doc: _metrics(per_document.get(doc, Counts()), coref is not None, head) for doc in documents}
    names = list(_metrics(Counts(), coref is not None, head))
    columns = {n: tuple(tuple(float(getattr(m[n], part)) for m in figures.values())
                        for part in ("match_num", "pred_num", "gold_num")) for n in names}
    return UnitCounts("document", tuple(figures), columns, {n: label(n) for n in names}, warnings=said)


def _items(side: str, document: GoldDocument, event: int, found: list[Argument]) -> list[Item]:
    return [Item(side, document.doc_id, "", event, a, start, end + 1, event_type, role,
                 " ".join(document.tokens[start:end + 1])) for a, (start, end, event_type, role) in enumerate(found)]


def genarg_matches(gold: Input, system: Input, heads: Heads | None = None) -> Matches:
    """Per scored event and metric, its gold and predicted arguments and the pairs the script's rule matches
    (`event_edges`; on heads under --head-only): the matching switch's groups (`evmeval.conventions.one_to_one`)."""
    parse_of = document_parses(head_parse(system, heads))
    prefix = HEAD if HEAD_ONLY in system.options else ""
    g, s, ontology, coref = read_genarg(gold, system)
    groups = []
    for document, event, predicted, _ in scored_events(g, s, ontology, parse_of):
        if predicted is None:
            continue
        index = next(i for i, e in enumerate(document.events) if e is event)
        mapping = None if coref is None else coref.get(document.doc_id, {})
        golds, preds, edges = event_edges(document, event, predicted, mapping, parse_of(document))
        gold_items, pred_items = _items(GOLD, document, index, golds), _items(PRED, document, index, preds)
        for name, found in edges.items():
            if coref is not None or not name.startswith("coref"):
                groups.append(MatchGroup(prefix + name, pred_items, gold_items, found,
                                         frozenset(i for i, _, _ in found)))
    names = tuple(prefix + name for name in METRICS if coref is not None or not name.startswith("coref"))
    return names, groups

