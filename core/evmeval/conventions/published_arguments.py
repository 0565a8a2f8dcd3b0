"""Each gold and predicted argument's outcome under `rams`, `paie` and `gen-arg`: what it added to the
argument rows (`argument_id`, `argument_cls`), and the scorer's own rule where one decided it.

The marks come from the code that counts (`rams.link_marks`, `paie.marks`, `genarg.event_edges` over
`genarg.grounded_strings`), so the figures are derivable from the outcomes (`counts_from_outcomes`). Items are
named by their place in the files, which the conventions reading the same files share: the example or
document, its event (RAMS: 0, one trigger a line; WikiEvents: the event's index in its document), the
argument's index among its event's gold arguments, or among its line's predicted links (RAMS) or its
generation's strings, those placed first, then those found nowhere (`genarg.ordered`).
Rows: `rams` has classification only (its overall figure: trigger span, argument span, role), `paie` its span
figures, `gen-arg` its Role identification and Role.
"""

from __future__ import annotations

from collections.abc import Sequence

from evmeval.conventions import genarg, paie, rams
from evmeval.conventions.base import Input, Metric
from evmeval.conventions.items import (
    DETERMINER,
    DUPLICATE,
    GENARG_ROWS,
    GOLD,
    GOLD_REPEAT,
    OUTSIDE_MODEL_WINDOW,
    PAIE_ROWS,
    PRED,
    SPAN_SET,
    TRIGGER_IN_KEY,
    UNGROUNDED,
    UNSCORED_EVENT,
    Item,
    Outcome,
)

MATCHED_ON = {"rams": GOLD, "paie": GOLD, "maven-arg": GOLD}
"""Whose credits add up to a convention's matches where they are gold's: PAIE credits each gold copy its role's
predictions hold; RAMS's intersection is either side. Every other convention's are the predictions' (gen-arg
matches each prediction on its own: two on one gold span both count)."""

Span = tuple[int, int]


def trigger_text(tokens: Sequence[str], start: int, end: int) -> str:
    """`“attacked” [1,2)`: which event an argument is of (`Item.trigger`; `end` exclusive)."""
    return f"“{' '.join(tokens[start:end])}” [{start},{end})"


ENTRIES = frozenset({"maven-arg"})
"""Conventions whose figures are means over entries (MAVEN-Arg's): predicted and gold are both the number of
entries, per slot (document, trigger, `Type.Role`: the outcome's role) the larger of its counted gold and counted
predicted arguments (a pair counts on both sides, a slot's 0 entry on the side that has it)."""


def counts_from_outcomes(name: str, outcomes: Sequence[Outcome]) -> dict[str, Metric]:
    """Per argument row, (matches, predicted, gold) summed from the outcomes as `MATCHED_ON` (and `ENTRIES`) say:
    equal to the convention's own figures of that row (the tests assert it for every convention)."""
    if name in ENTRIES:
        return _entries(name, outcomes)
    matched: dict[str, float] = {}
    counted: dict[tuple[str, str], int] = {}
    for o in outcomes:
        matched[o.row] = matched.get(o.row, 0.0) + (o.credit if o.item.side == MATCHED_ON.get(name, PRED) else 0.0)
        counted[o.row, o.item.side] = counted.get((o.row, o.item.side), 0) + o.counted
    return {row: Metric(m, counted.get((row, PRED), 0), counted.get((row, GOLD), 0)) for row, m in matched.items()}


def _entries(name: str, outcomes: Sequence[Outcome]) -> dict[str, Metric]:
    matched: dict[str, float] = {}
    slots: dict[tuple[str, str, str, int, str], list[int]] = {}
    for o in outcomes:
        matched[o.row] = matched.get(o.row, 0.0) + (o.credit if o.item.side == MATCHED_ON[name] else 0.0)
        item = o.item
        slots.setdefault((o.row, item.doc_id, item.unit, item.event, item.role), [0, 0])[item.side == PRED] += o.counted
    entries: dict[str, int] = {}
    for (row, *_), (gold, predicted) in slots.items():
        entries[row] = entries.get(row, 0) + max(gold, predicted)
    return {row: Metric(m, entries.get(row, 0), entries.get(row, 0)) for row, m in matched.items()}


def rams_outcomes(gold: Input, system: Input) -> list[Outcome]:
    """Every link of every gold example and of its prediction line (a line of a doc_key gold lacks is ignored,
    as the script ignores it), on classification: `rams.link_marks`."""
    g_file, s_file = rams.rams_file(gold), rams.rams_file(system)
    out: list[Outcome] = []
    for doc_key, g in g_file.examples.items():
        words = [w for sentence in g.sentences for w in sentence]
        p = s_file.examples.get(doc_key)
        predicted = p.links if p else ()
        event_type = g.event_types[0] if g.event_types else ""
        gold_marks, pred_marks = rams.link_marks(g.links, predicted)
        triggers: dict[str, dict[tuple[Span, str], set[Span]]] = {GOLD: {}, PRED: {}}
        for side, links in ((GOLD, g.links), (PRED, predicted)):
            for link in links:
                triggers[side].setdefault((link.argument, link.role), set()).add(link.trigger)
        for side, links, found in ((GOLD, g.links, gold_marks), (PRED, predicted, pred_marks)):
            other = triggers[PRED if side == GOLD else GOLD]
            for a, (link, (counted, credited)) in enumerate(zip(links, found, strict=True)):
                (start, end), (t_start, t_end) = link.argument, link.trigger
                there = other.get((link.argument, link.role), set())
                note = ""
                if not credited and side == GOLD and link.trigger in there:
                    note = GOLD_REPEAT  # predicted, but fewer times than gold has it
                elif not credited and there - {link.trigger}:
                    note = TRIGGER_IN_KEY  # the other side has it under another trigger span
                item = Item(side, doc_key, "", 0, a, start, end + 1, event_type, link.role,
                            " ".join(words[start:end + 1]), trigger_text(words, t_start, t_end + 1))
                out.append(Outcome(item, "argument_cls", counted, float(credited), note))
    return out


def paie_outcomes(gold: Input, system: Input) -> list[Outcome]:
    """Every gold argument of every event (those outside the window counted and never credited) and every
    predicted one (a string placed nowhere after those placed, counted nowhere), on span identification and
    classification: `paie.marks`."""
    run = paie.paie_run(gold, system)
    out: list[Outcome] = []
    for n_event, (event, f) in enumerate(zip(run.events, run.features, strict=True)):
        m = paie.marks(f.gold, f.predicted)
        trigger = trigger_text(event.tokens, *event.trigger)
        kept = dict(zip(f.kept_at, range(len(f.kept_at)), strict=True))
        outside = {(role, span) for n, (role, span) in enumerate(event.gold) if n not in kept}
        outside_spans = {span for _, span in outside}
        seen: set[tuple[str, Span]] = set()

        for n, (role, span) in enumerate(event.gold):
            here = _paie_item(event, GOLD, n, role, span, trigger)
            if n not in kept:
                out += [Outcome(here, row, 1, 0.0, OUTSIDE_MODEL_WINDOW) for row in PAIE_ROWS]
                continue
            k = kept[n]
            repeat = (role, span) in seen
            seen.add((role, span))
            (c_counted, c_credit), (i_counted, i_credit) = m.gold_c[k], m.gold_i[k]
            out.append(Outcome(here, "argument_id", i_counted, float(i_credit), "" if i_counted else SPAN_SET))
            out.append(Outcome(here, "argument_cls", c_counted, float(c_credit),
                               GOLD_REPEAT if repeat and c_credit else ""))
        seen = set()
        for k, (role, span) in enumerate(f.predicted):
            here = _paie_item(event, PRED, k, role, span, trigger)
            repeat = (role, span) in seen
            seen.add((role, span))
            for row, (counted, credit), outside_too in (
                    ("argument_id", m.pred_i[k], span in outside_spans),
                    ("argument_cls", m.pred_c[k], (role, span) in outside)):
                note = (DUPLICATE if repeat else SPAN_SET) if not counted else \
                    OUTSIDE_MODEL_WINDOW if not credit and outside_too else ""
                out.append(Outcome(here, row, counted, float(credit), note))
        for j, (role, text) in enumerate(run.unplaced[n_event] if run.unplaced else ()):
            here = Item(PRED, event.doc_id, "", event.index, len(f.predicted) + j, -1, -1, event.event_type, role,
                        text, trigger)
            out += [Outcome(here, row, 0, 0.0, UNGROUNDED) for row in PAIE_ROWS]
    return out


def _paie_item(event: paie.GoldEvent, side: str, n: int, role: str, span: Span, trigger: str) -> Item:
    return Item(side, event.doc_id, "", event.index, n, span[0], span[1] + 1, event.event_type, role,
                " ".join(event.tokens[span[0]:span[1] + 1]), trigger)


def genarg_outcomes(gold: Input, system: Input) -> list[Outcome]:
    """Every gold argument of every event and every argument string of every generation line, on Role
    identification and Role: `genarg.event_edges` over the set `genarg.grounded_strings` makes."""
    g, s, ontology, _ = genarg.read_genarg(gold, system)
    out: list[Outcome] = []
    scored: set[int] = set()
    latest = {d.doc_id: d for d in g.documents}
    for document, event, generated, line in genarg.pair_events(g, s):
        index = next(n for n, e in enumerate(document.events) if e is event)
        scored.add(id(event))
        tokens = document.tokens
        trigger = trigger_text(tokens, *event.trigger)
        if event.event_type not in ontology.templates:
            out += _unscored(document, event, index, trigger)
            continue
        where = f"{s.path}:{line}: event type {event.event_type!r}"
        filled = genarg.template_arguments(ontology.templates[event.event_type], generated,
                                           ontology.roles[event.event_type], where)
        strings = genarg.ordered(genarg.grounded_strings(tokens, event, filled))
        predicted = {(*x.span, event.event_type, x.role) for x in strings if x.span is not None}
        golds, preds, edges = genarg.event_edges(document, event, predicted, None)
        gold_at, pred_at = {t: j for j, t in enumerate(golds)}, {t: i for i, t in enumerate(preds)}
        credited = {row: ({i for i, _, _ in edges[name]}, {j for _, j, _ in edges[name]})
                    for row, name in GENARG_ROWS.items()}
        stripped = {}  # a stripped gold span -> the entity's own span (both inclusive)
        seen: set[object] = set()
        for n, (entity_id, role) in enumerate(event.arguments):
            span = genarg.gold_span(document, entity_id)
            whole = (document.entities[entity_id][0], document.entities[entity_id][1] - 1)
            if span != whole:
                stripped[span] = whole
            key = (*span, event.event_type, role)
            here = Item(GOLD, document.doc_id, "", index, n, span[0], span[1] + 1, event.event_type, role,
                        " ".join(tokens[span[0]:span[1] + 1]), trigger)
            first = key not in seen
            seen.add(key)
            j = gold_at[key]
            for row in GENARG_ROWS:
                note = (DETERMINER if span != whole else "") if first else DUPLICATE
                out.append(Outcome(here, row, int(first), float(first and j in credited[row][1]), note,
                                   f"the entity is [{whole[0]},{whole[1] + 1})" if span != whole else ""))
        seen = set()
        for k, x in enumerate(strings):
            words = " ".join(x.words)
            how = "; ".join(p for p in ("split at 'and'" if x.split else "", _nearest(tokens, x, event.trigger)) if p)
            if x.span is None:
                here = Item(PRED, document.doc_id, "", index, k, -1, -1, event.event_type, x.role, words, trigger)
                out += [Outcome(here, row, 0, 0.0, UNGROUNDED, how) for row in GENARG_ROWS]
                continue
            key = (*x.span, event.event_type, x.role)
            here = Item(PRED, document.doc_id, "", index, k, x.span[0], x.span[1] + 1, event.event_type, x.role,
                        words, trigger)
            first = key not in seen
            seen.add(key)
            i = pred_at[key]
            for row in GENARG_ROWS:
                credit = first and i in credited[row][0]
                on_stripped = x.span in stripped or x.span in stripped.values()
                note = DUPLICATE if not first else DETERMINER if on_stripped else ""
                out.append(Outcome(here, row, int(first), float(credit), note, how))
    for d in latest.values():
        for n, e in enumerate(d.events):
            if id(e) not in scored:
                out += _unscored(d, e, n, trigger_text(d.tokens, *e.trigger))
    return out


def _nearest(tokens: Sequence[str], x: genarg.Grounded, trigger: Span) -> str:
    """Said when gen-arg's nearest-the-trigger grounding chose another occurrence than the first."""
    from evmeval.grounding import ground_first

    if x.span is None:
        return ""
    first = ground_first(tokens, x.words)
    if first is None or first == (x.span[0], x.span[1] + 1):
        return ""
    return f"grounded nearest the trigger (its first occurrence is [{first[0]},{first[1]}))"


def _unscored(document: genarg.GoldDocument, event: genarg.GoldEvent, index: int, trigger: str) -> list[Outcome]:
    """An event gen-arg does not score: its gold arguments counted nowhere."""
    out = []
    for n, (entity_id, role) in enumerate(event.arguments):
        start, end = document.entities[entity_id]
        here = Item(GOLD, document.doc_id, "", index, n, start, end, event.event_type, role,
                    " ".join(document.tokens[start:end]), trigger)
        out += [Outcome(here, row, 0, 0.0, UNSCORED_EVENT) for row in GENARG_ROWS]
    return out


__all__ = ["MATCHED_ON", "counts_from_outcomes", "genarg_outcomes",
           "paie_outcomes", "rams_outcomes", "trigger_text"]
