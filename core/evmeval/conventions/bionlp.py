"""Convention `bionlp`: the BioNLP shared tasks' event evaluation (a2-evaluate.pl of BioNLP'09/'11 and its
Python reimplementation `evaluation.py` of the 2011/2013 tasks, read for their rules).

An event counts only as a whole: its type, its trigger and *all* its arguments must match (nested
events recursively); a Negation/Speculation (`M`) matches when its event does. Four criteria:
  strict                  trigger spans equal, nested events matched in full;
  soft_boundary (-s)      an answer trigger inside the gold trigger's span extended by one word each
                          side (the extension stops at punctuation . ! ? , " ' and at any other gold span);
  partial_recursive (-p)  an event that is an argument of another needs only its Themes to match;
  approximate (-s -p)     both: the shared task's primary criterion.
Themes are compared in written order, Equiv applied (the script compares argument lists in order, so a
Binding with its Themes the other way round does not match; nothing else is order-sensitive here).
Given entities (`.a1`) are shared by gold and answer and match by id. `*<TAB>Equiv A B ...` maps B ...
onto A in the arguments of the gold events written *after* the line, and of every answer event (the
script reads the whole gold before the answer): an Equiv line below a gold event leaves it unmapped.
Duplicates, as the script removes them on each side before matching: events with the same type, trigger
id and arguments in written order (Theme2-6 read as Theme, Equiv applied, nested duplicates as one) count
once. An answer event matched to any gold event is a TP(answer), a gold event matched by any answer a
TP(gold): one soft answer can match two gold events, so precision = TPa / answers and recall = TPg /
golds; then, per document and event type, matched answers beyond the matched golds leave both answer
counts. Negation/Speculation join the totals when the gold has some. Gold documents without an answer file
are not scored, as by the published scorer. A zero denominator gives 0 %, as the script prints.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from evmeval.conventions.base import ConventionResult, Fingerprint, Input, Metric, UnitCounts
from evmeval.io.bionlp import LISTED_ROLE, THEME_SITE, BionlpCorpus, BionlpDocument, read_answers, read_bionlp
from evmeval.io.brat import Equivalence, Event
from evmeval.io.doc_files import doc_file_name
from evmeval.io.errors import FormatError
from evmeval.io.writing import make_output_folders, write_atomic

METRICS: dict[str, str] = {"strict": "Strict", "soft_boundary": "Approx. span (-s)",
                           "partial_recursive": "Approx. recursive (-p)", "approximate": "Approx. span+recursive (-sp)"}
MODES: dict[str, tuple[bool, bool]] = {"strict": (False, False), "soft_boundary": (True, False),
                                       "partial_recursive": (False, True), "approximate": (True, True)}
"""Each metric's (soft boundary, partial recursive) options."""
PUNCTUATION = frozenset(".!?,\"'")
"""Characters that stop the soft boundary's extension (with white space)."""
SUFFIX = "-submission"
"""What the merged output adds to answer ids, as the published scorer does."""


NOTHING_TO_SCORE = "nothing to score (no gold event, no answer): 0.00 % everywhere, as a2-evaluate.pl prints"


@dataclass(frozen=True)
class BionlpMetric(Metric):
    """The shared task's counts: `match_num` is TP(answer), `gold_match_num` TP(gold); recall comes from
    the latter. A zero denominator gives 0, as a2-evaluate.pl prints (even with nothing to score at all)."""

    gold_match_num: int = 0

    @property
    def recall(self) -> float:
        return self.gold_match_num / self.gold_num if self.gold_num else 0.0

    def to_json(self) -> dict[str, float | int]:
        return super().to_json() | {"gold_match_num": self.gold_match_num}


@dataclass(eq=False)
class Span:
    id: str
    type: str
    start: int
    end: int
    given: bool
    trigger: bool
    text: str = ""
    extended: tuple[int, int] | None = None


@dataclass(eq=False)
class Ev:
    id: str
    type: str
    trigger: Span
    args: list[tuple[str, str]]
    """As written, for the merged output."""
    line: int = 0
    written: list[tuple[str, Ref]] = field(default_factory=list)
    """The arguments in written order, Equiv applied: what duplicates are compared on."""
    fixed: dict[str, Ref] = field(default_factory=dict)
    theme_sites: list[tuple[str, Ref | None, Ref | None]] = field(default_factory=list)
    participants: list[tuple[str, Ref]] = field(default_factory=list)
    products: list[tuple[str, Ref]] = field(default_factory=list)
    matching: list[Item] = field(default_factory=list)

    def themes(self) -> list[Ref]:
        """The Themes (Theme, Theme2 ...) in written order, Equiv applied."""
        return [ref for role, ref in self.written if THEME_N.match(role) or role == "Theme"]


@dataclass(eq=False)
class Mod:
    id: str
    type: str
    event: Ev
    line: int = 0
    matching: list[Item] = field(default_factory=list)


Ref = Span | Ev
Item = Ev | Mod


@dataclass
class Side:
    """One document's annotations on one side, resolved to objects."""

    spans: dict[str, Span]
    items: list[Item]
    """Events and modifications in file order."""
    equivs: list[list[str]]
    equiv: dict[str, str] = field(default_factory=dict)
    """Entity id -> the id it stands for after all the side's Equiv lines (the answer starts from the gold's)."""


def _resolve(doc: BionlpDocument, event_types: set[str], given: dict[str, Span] | None,
             equiv: dict[str, str] | None = None) -> Side:
    """Equiv as the script applies it: the map grows line by line, so an event sees the Equiv lines above
    it; the answer's starts from the gold's whole map (`equiv`) and is applied once more after the file
    (the script's answer duplicate check looks every argument up again)."""
    spans: dict[str, Span] = dict(given or {})
    if given is None:
        for t in doc.given.text_bounds:
            spans[t.id] = Span(t.id, t.type, *t.fragments[0], True, False, t.text)
    for t in doc.task.text_bounds:
        spans[t.id] = Span(t.id, t.type, *t.fragments[0], False, t.type in event_types, t.text)
    events: dict[str, Ev] = {e.id: Ev(e.id, e.type, spans[e.trigger], list(e.arguments), e.line)
                             for e in doc.task.events}
    mapping = dict(equiv or {})

    def mapped(target: str) -> str:
        return mapping[target] if mapping.get(target) in spans else target

    arguments: dict[str, list[tuple[str, str]]] = {}
    records: list[Event | Equivalence] = [*doc.task.equivalences, *doc.task.events]
    for record in sorted(records, key=lambda r: r.line):
        if isinstance(record, Event):
            arguments[record.id] = [(role, mapped(target)) for role, target in record.arguments]
        else:
            mapping.update({other: record.members[0] for other in record.members[1:]})
    for event_id, written in arguments.items():
        _arguments(events[event_id], [(r, mapped(t)) for r, t in written] if equiv is not None else written,
                   spans, events)
    mods = [Mod(m.id, m.name, events[m.target], m.line) for m in doc.task.attributes]
    items: list[Item] = sorted([*events.values(), *mods], key=lambda i: i.line)
    return Side(spans, items, [list(q.members) for q in doc.task.equivalences], mapping)


def _arguments(event: Ev, written: list[tuple[str, str]], spans: dict[str, Span], events: dict[str, Ev]) -> None:
    """Arguments (Equiv applied) grouped as the scorer compares them: Theme<n> with its Site<n>, the
    repeatable Participants and Products, and the roles given once."""
    pairs: dict[str, dict[str, list[Ref]]] = {}
    for role, target in written:
        ref: Ref = events[target] if target in events else spans[target]
        event.written.append((role, ref))
        theme_site = THEME_SITE.match(role)
        if theme_site is not None:
            pairs.setdefault(theme_site.group(2), {}).setdefault(theme_site.group(1), []).append(ref)
        elif LISTED_ROLE.match(role) is not None:
            number = re.sub(r"^\D+", "", role)
            (event.participants if role.startswith("Participant") else event.products).append((number, ref))
        else:
            event.fixed[role] = ref
    for number in sorted(pairs):
        site = pairs[number].get("Site", [None])[0]
        for theme in pairs[number].get("Theme", []):
            event.theme_sites.append((number, theme, site))


def _extend(span: Span, text: str, reserved: set[int]) -> tuple[int, int]:
    """The gold span grown by one word each side: one character (a space or part of the word), then
    up to white space or punctuation, never into another gold span's characters."""
    start, end = span.start, span.end
    if start - 1 >= 0 and start - 1 not in reserved:
        start -= 1
    while start - 1 >= 0 and start - 1 not in reserved and not text[start - 1].isspace() \
            and text[start - 1] not in PUNCTUATION:
        start -= 1
    if end + 1 <= len(text) and end not in reserved:
        end += 1
    while end < len(text) and end not in reserved and not text[end].isspace() and text[end] not in PUNCTUATION:
        end += 1
    return start, end


@dataclass(frozen=True)
class Mode:
    soft: bool
    partial: bool

    def span(self, a: Span, g: Span) -> bool:
        if a.given:  # the given proteins match by id, Equiv having been applied to the arguments
            return a is g
        if a.type != g.type:
            return False
        if self.soft and a.trigger:
            if g.extended is not None:
                return g.extended[0] <= a.start and a.end <= g.extended[1]
            if a.extended is not None:
                return a.extended[0] <= g.start and g.end <= a.extended[1]
        return a.start == g.start and a.end == g.end

    def ref(self, a: Ref | None, g: Ref | None) -> bool:
        if isinstance(a, Span):
            return isinstance(g, Span) and self.span(a, g)
        return isinstance(a, Ev) and isinstance(g, Ev) and self.event(a, g, self.partial)

    def item(self, a: Item, g: Item) -> bool:
        if isinstance(a, Mod):
            return isinstance(g, Mod) and a.type == g.type and self.event(a.event, g.event, self.partial)
        return isinstance(g, Ev) and self.event(a, g, False)

    def event(self, a: Ev, g: Ev, theme_only: bool) -> bool:
        """Type, trigger and every argument (with `theme_only`: every Theme) matched; the Themes in written
        order, as a2-evaluate.pl compares argument lists (a Binding's Themes in another order do not match)."""
        if a.type != g.type or not self.span(a.trigger, g.trigger):
            return False
        themes, gold_themes = a.themes(), g.themes()
        if len(themes) != len(gold_themes) or not all(
                self.ref(x, y) for x, y in zip(themes, gold_themes, strict=True)):
            return False
        a_only: list[str] = []
        g_only: list[str] = []
        for role, ref in a.fixed.items():
            if role not in g.fixed or not self.ref(ref, g.fixed[role]):
                a_only.append(role)
                if role in g.fixed:
                    g_only.append(role)
        g_only += [role for role in g.fixed if role not in a.fixed]
        for name, mine, theirs in (("Participant", a.participants, g.participants),
                                   ("Product", a.products, g.products)):
            used: list[tuple[str, Ref]] = []
            for entry in mine:
                other = next((o for o in theirs if o not in used and self.ref(entry[1], o[1])), None)
                if other is None:
                    a_only.append(name + entry[0])
                else:
                    used.append(other)
            g_only += [name + o[0] for o in theirs if o not in used]
        self._theme_sites(a, g, theme_only, a_only, g_only)
        if theme_only:
            a_only = [r for r in a_only if r.startswith("Theme")]
            g_only = [r for r in g_only if r.startswith("Theme")]
        return not a_only and not g_only

    def _theme_sites(self, a: Ev, g: Ev, theme_only: bool, a_only: list[str], g_only: list[str]) -> None:
        """Whole Theme/Site pairs first, one to one; then Themes whose Sites differ (the Site is unmatched)."""
        mine = [(n, t, None) for n, t, _ in a.theme_sites] if theme_only else list(a.theme_sites)
        theirs = [(n, t, None) for n, t, _ in g.theme_sites] if theme_only else list(g.theme_sites)
        matched_g: list[tuple[str, Ref | None, Ref | None]] = []
        left = []
        for entry in mine:
            other = next((o for o in theirs if o not in matched_g and self._both(entry[1], o[1])
                          and self._both(entry[2], o[2])), None)
            if other is None:
                left.append(entry)
            else:
                matched_g.append(other)
        left_g = [o for o in theirs if o not in matched_g]
        theme_matched_g = []
        for number, theme, site in left:
            other = next((o for o in left_g if self.ref(theme, o[1])), None)
            if other is None:
                a_only.append("Theme" + number)
            else:
                theme_matched_g.append(other)
            if site is not None:
                a_only.append("Site" + number)
        for number, _, site in theme_matched_g:
            if site is not None:
                g_only.append("Site" + number)
        for number, theme, site in (o for o in left_g if o not in theme_matched_g):
            g_only += (["Theme" + number] if theme is not None else []) + (["Site" + number] if site else [])

    def _both(self, a: Ref | None, g: Ref | None) -> bool:
        return (a is None and g is None) or (a is not None and self.ref(a, g))



@dataclass
class Tally:
    match_answer: int = 0
    match_gold: int = 0
    answers: int = 0
    golds: int = 0

    def add(self, other: Tally) -> None:
        self.match_answer += other.match_answer
        self.match_gold += other.match_gold
        self.answers += other.answers
        self.golds += other.golds


@dataclass
class Scored:
    """One document under one criterion: the answer items kept and what each matched."""

    gold: Side
    answer: Side
    kept: list[Item]
    events: Tally = field(default_factory=Tally)
    mods: Tally = field(default_factory=Tally)


def _sides(gold: BionlpDocument, answer: BionlpDocument) -> tuple[Side, Side]:
    event_types = {e.type for e in (*gold.task.events, *answer.task.events)}
    g = _resolve(gold, event_types, None)
    a = _resolve(answer, event_types, {k: v for k, v in g.spans.items() if v.given}, g.equiv)
    return g, a


THEME_N = re.compile(r"^Theme[2-6]$")
"""The numbered Themes the script reads as `Theme` when it compares events for duplicates."""


def _key(item: Item, memo: dict[int, tuple[object, ...]]) -> tuple[object, ...]:
    """What the script compares for duplicates: type, trigger id, arguments in written order (a nested
    event by its own key, so duplicates nested in duplicates are one)."""
    found = memo.get(id(item))
    if found is None:
        if isinstance(item, Mod):
            found = (item.type, "", (("Theme", _key(item.event, memo)),))
        else:
            found = (item.type, item.trigger.id, tuple(
                (THEME_N.sub("Theme", role), _key(ref, memo) if isinstance(ref, Ev) else ref.id)
                for role, ref in item.written))
        memo[id(item)] = found
    return found


def unique(items: list[Item]) -> tuple[list[Item], list[tuple[Item, Item]]]:
    """The items without duplicates (the first written kept), and each duplicate with the item it repeats."""
    first: dict[tuple[object, ...], Item] = {}
    memo: dict[int, tuple[object, ...]] = {}
    duplicates = []
    for item in items:
        kept = first.setdefault(_key(item, memo), item)
        if kept is not item:
            duplicates.append((item, kept))
    return list(first.values()), duplicates


def score_document(gold: BionlpDocument, answer: BionlpDocument, mode: Mode) -> Scored:
    g, a = _sides(gold, answer)
    golds, gold_duplicates = unique(g.items)
    kept, _ = unique(a.items)
    if mode.soft and gold.text is not None:
        reserved = {c for s in g.spans.values() for c in range(s.start, s.end)}
        for span in g.spans.values():
            span.extended = _extend(span, gold.text, reserved)
    for item in kept:
        for ge in golds:
            if mode.item(item, ge):
                ge.matching.append(item)
                item.matching.append(ge)
    for duplicate, original in gold_duplicates:  # one event: its notes in the merged output are the original's
        duplicate.matching = original.matching
    scored = Scored(g, a, kept)
    matched: dict[tuple[bool, str], list[int]] = {}  # per kind and type: matched answers, matched golds
    for items, answer_side in ((kept, True), (golds, False)):
        for item in items:
            tally = scored.mods if isinstance(item, Mod) else scored.events
            if answer_side:
                tally.answers += 1
                tally.match_answer += bool(item.matching)
            else:
                tally.golds += 1
                tally.match_gold += bool(item.matching)
            matched.setdefault((isinstance(item, Mod), item.type), [0, 0])[not answer_side] += bool(item.matching)
    for (mod, _), (answers, golds_matched) in matched.items():  # the script's "adjustment for duplication"
        tally = scored.mods if mod else scored.events
        tally.answers -= max(0, answers - golds_matched)
        tally.match_answer -= max(0, answers - golds_matched)
    return scored


def _pairs(gold: BionlpCorpus, answer: BionlpCorpus) -> list[tuple[BionlpDocument, BionlpDocument]]:
    by_id = gold.by_id()
    return [(by_id[a.doc_id], a) for a in answer.documents]


def corpus_metrics(gold: BionlpCorpus, answer: BionlpCorpus) -> dict[str, BionlpMetric]:
    metrics = {}
    for name, (soft, partial) in MODES.items():
        events, mods = Tally(), Tally()
        for g, a in _pairs(gold, answer):
            scored = score_document(g, a, Mode(soft, partial))
            events.add(scored.events)
            mods.add(scored.mods)
        if mods.golds:
            events.add(mods)
        metrics[name] = BionlpMetric(events.match_answer, events.answers, events.golds, events.match_gold)
    return metrics


def unit_counts(gold: Input, system: Input) -> UnitCounts:
    """Each gold document's events' and modifications' (TP answer, answers, golds, TP gold) under every
    criterion: the `bionlp` rule (`evmeval.compare.unit_rules`) adds the modifications in as `corpus_metrics`
    does, when the (resampled) gold has some; a document without an answer file is not scored (0s)."""
    g, a = read_pair(gold, system)
    answered = {g_doc.doc_id: a_doc for g_doc, a_doc in _pairs(g, a)}
    by_id = g.by_id()
    documents = list(dict.fromkeys(d.doc_id for d in g.documents))  # one without an answer file adds 0s
    counts = {}
    for name, (soft, partial) in MODES.items():
        rows = []
        for doc_id in documents:
            answer = answered.get(doc_id)
            scored = None if answer is None else score_document(by_id[doc_id], answer, Mode(soft, partial))
            rows.append([0.0] * 8 if scored is None else [float(getattr(t, k)) for t in (scored.events, scored.mods)
                                                          for k in ("match_answer", "answers", "golds", "match_gold")])
        counts[name] = tuple(tuple(row[k] for row in rows) for k in range(8))
    return UnitCounts("document", tuple(documents), counts, dict(METRICS), dict.fromkeys(METRICS, "bionlp"))


def fingerprint(gold: BionlpCorpus) -> Fingerprint:
    events = [e for d in gold.documents for e in d.task.events]
    return Fingerprint("bionlp", len(gold.documents), len(gold.documents), len(events),
                       sum(len(e.arguments) for e in events), len({e.type for e in events}),
                       len({r for e in events for r, _ in e.arguments}), gold.sha256)


def read_pair(gold: Input, system: Input) -> tuple[BionlpCorpus, BionlpCorpus]:
    corpus = read_bionlp(gold.path)
    return corpus, read_answers(system.path, corpus)


def score_bionlp(gold: Input, system: Input) -> ConventionResult:
    g, a = read_pair(gold, system)
    metrics = corpus_metrics(g, a)
    nothing = all(m.gold_num == 0 and m.pred_num == 0 for m in metrics.values())
    return ConventionResult("bionlp", dict(metrics), dict(METRICS), fingerprint(g),
                            (NOTHING_TO_SCORE,) if nothing else ())


def _span_line(s: Span) -> str:
    return f"{s.id}\t{s.type} {s.start} {s.end}\t{s.text}"


def merged_files(gold: BionlpCorpus, answer: BionlpCorpus, mode: Mode = Mode(True, True)) -> dict[str, str]:
    """The published scorer's merged standoff (`-o`), by file name: per document its text, the given
    entities, and an `.a2` with the gold annotation, each gold event followed by a `True_positive` or
    `False_negative` note, then the answer's unmatched events (ids + `-submission`), each with a
    `False_positive` note. brat opens the folder; notes are numbered across the corpus."""
    files: dict[str, str] = {}
    note = 1
    for g_doc, a_doc in _pairs(gold, answer):
        scored = score_document(g_doc, a_doc, mode)
        g, a = scored.gold, scored.answer
        given = "".join(_span_line(s) + "\n" for s in g.spans.values() if s.given)
        files[doc_file_name(g_doc.doc_id, ".txt", path=g_doc.task.path)] = g_doc.text or ""
        files[doc_file_name(g_doc.doc_id, ".a1", path=g_doc.task.path)] = given
        lines = [f"*\tEquiv {' '.join(q)}" for q in g.equivs]
        gold_records = sorted([*(s for s in g.spans.values() if not s.given), *g.items],
                              key=lambda r: _line_of(g_doc, r))
        for record in gold_records:
            lines.append(_record_line(record, {}, set()))
            if isinstance(record, Ev):
                if record.matching:
                    lines.append(f"#{note}\tTrue_positive {record.id}\tMatches "
                                 + ",".join(m.id + SUFFIX for m in record.matching))
                else:
                    lines.append(f"#{note}\tFalse_negative {record.id}\tFalse negative (in reference, not in "
                                 "submission)")
                note += 1
        span_map = {}
        for s in (s for s in a.spans.values() if not s.given):
            first = next((t for t in g.spans.values() if mode.span(s, t)), None)
            if first is not None:
                span_map[s.id] = first.id
        unmappable: set[str] = set()
        event_lines = {id(i): _record_line(i, span_map, unmappable, a) for i in scored.kept if isinstance(i, Ev)}
        answer_records = sorted([*(s for s in a.spans.values() if not s.given), *scored.kept],
                                key=lambda r: _line_of(a_doc, r))
        for record in answer_records:
            if isinstance(record, Span):
                if record.id in unmappable:
                    lines.append(f"{record.id}{SUFFIX}\t{record.type} {record.start} {record.end}\t{record.text}")
            elif isinstance(record, Mod):
                target = record.event.matching[0].id if record.event.matching else record.event.id + SUFFIX
                lines.append(f"{record.id}{SUFFIX}\t{record.type} {target}")
            elif not record.matching:
                lines.append(event_lines[id(record)])
                lines.append(f"#{note}\tFalse_positive {record.id}{SUFFIX}\tFalse positive (in submission, "
                             "not in reference)")
                note += 1
        files[doc_file_name(g_doc.doc_id, ".a2", path=g_doc.task.path)] = "".join(line + "\n" for line in lines)
    return files


def _line_of(doc: BionlpDocument, record: Span | Item) -> int:
    found = doc.task.get(record.id)
    return getattr(found, "line", 0)


def _record_line(record: Span | Item, span_map: dict[str, str], unmappable: set[str],
                 side: Side | None = None) -> str:
    """A gold record as it was written; an answer event (`side` given) with ids mapped onto the gold's."""
    if isinstance(record, Span):
        return _span_line(record)
    if isinstance(record, Mod):
        return f"{record.id}\t{record.type} {record.event.id}"
    if side is None:
        return f"{record.id}\t{record.type}:{record.trigger.id} " + " ".join(f"{r}:{i}" for r, i in record.args)
    trigger = span_map.get(record.trigger.id)
    if trigger is None:
        trigger = record.trigger.id + SUFFIX
        unmappable.add(record.trigger.id)
    args = []
    events = {i.id: i for i in side.items if isinstance(i, Ev)}
    for role, target in record.args:
        span = side.spans.get(target)
        if span is not None and span.given:
            args.append(f"{role}:{target}")
        elif target in span_map:
            args.append(f"{role}:{span_map[target]}")
        elif target in events and events[target].matching:
            args.append(f"{role}:{events[target].matching[0].id}")
        else:
            args.append(f"{role}:{target}{SUFFIX}")
            unmappable.add(target)
    return f"{record.id}{SUFFIX}\t{record.type}:{trigger} " + " ".join(args)


def merged_names(answer_folder: str) -> list[str]:
    """The files the merged output will hold, known before any scoring (for checking the outputs)."""
    try:
        stems = sorted(n[:-3] for n in os.listdir(answer_folder) if n.endswith(".a2"))
    except OSError as exc:
        raise FormatError(answer_folder, 0, f"cannot list the folder ({exc.strerror})", "a folder of .a2 files") \
            from None
    return [stem + ext for stem in stems for ext in (".txt", ".a1", ".a2")]


def write_merged(gold: Input, system: Input, folder: str) -> None:
    """Write the merged standoff of the approximate criterion (-sp) into `folder` (made if missing)."""
    g, a = read_pair(gold, system)
    files = merged_files(g, a)
    make_output_folders([folder])  # its parent was checked (`new_folders`); a failed run removes it again
    for name, text in files.items():
        write_atomic(os.path.join(folder, name), text)

