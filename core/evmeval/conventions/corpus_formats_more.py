"""UIE, MAVEN-Arg and OmniEvent gold/system pairs as the window's inputs (`corpus_formats.Pair`).

Each is read by its convention's own reader, so the window's mentions are what `evmeval-score --convention`
counts. UIE: an instance a document (`instance k`, the convention's name), its tokens the text; gold's offset
records and the system's (as written, or placed by UIE's map from strings: `uie.placed`) as mentions, their
roles as arguments. MAVEN-Arg and OmniEvent: the unified gold layout's documents on character offsets of
their text; MAVEN-Arg's submission placed on the gold trigger (or negative trigger) its id names, OmniEvent's
outputs as the label each candidate takes under the regime (`omnievent.convert`; tc unless one is given).
Gold's arguments are boxed where their mentions give a `position`; the system's where its convention reads
them: OmniEvent's EAE outputs on the argument candidates they give a role (`omnievent_args.given_arguments`),
MAVEN-Arg's strings (which its script compares as text and places nowhere) nearest their trigger
(`placed_strings`), each saying so, and a string found nowhere kept as not in the text (issue 35).
A trigger the gold line gives no `position` (MAVEN-Arg's script reads none) is a mention with no span.
"""

from __future__ import annotations

from evmeval.conventions.base import Input, with_options
from evmeval.conventions.corpus_formats import Arguments, Pair
from evmeval.conventions.items import GOLD, PRED
from evmeval.conventions.options import WINDOW_REGIME
from evmeval.conventions.ours import NOT_IN_TEXT, Role, Unit, mention_id
from evmeval.grounding import GroundingRule, ground
from evmeval.io.maven_arg import read_predictions
from evmeval.io.omnievent import NA
from evmeval.model import Document, Mention, SpanMode, TbfFile, canonical, unannotated_mention


def uie_pair(gold: Input, system: Input) -> Pair:
    """UIE gold instances and record lines (the n-th line the n-th instance, as the convention pairs them)."""
    from evmeval.conventions.uie import MAP, _items, _read, map_losses, paired_instances, placed

    g, s = _read(gold, system)
    strategy = system.options.get(MAP, "closest")
    sides: tuple[dict[str, Document], dict[str, Document]] = ({}, {})
    arguments: tuple[Arguments, Arguments] = ({}, {})
    units: dict[str, list[Unit]] = {}
    unplaced: dict[str, list[Mention]] = {}
    for k, (instance, predicted) in enumerate(paired_instances(g, s), 1):
        doc_id = f"instance {k}"
        units[doc_id] = [Unit(doc_id, list(instance.tokens))]  # its token ids: t0, t1, …
        offsets = placed(predicted, instance, strategy)[0]
        for n, (side, records, line) in enumerate(((GOLD, instance.offsets, instance.line),
                                                   (PRED, offsets, predicted.line))):
            items = _items(side, k, instance.tokens, records, ())
            mentions = []
            for item, record in zip(items["offset-evt-trigger"], records, strict=True):
                ids = tuple(f"t{i}" for i in record.trigger if 0 <= i < len(instance.tokens))
                mentions.append(unannotated_mention(side, doc_id, mention_id(item), ids, item.text, item.event_type,
                                                    line))
                arguments[n][doc_id, mention_id(item)] = []
            for item in items["offset-evt-role"]:
                arguments[n][doc_id, mention_id(item)].append(Role(item.role, item.start, item.end))
            sides[n][doc_id] = Document(doc_id, tuple(mentions))
        # what UIE's map placed nowhere (`items`: the system's), listed, never dropped: argument strings under
        # their trigger, whole records (trigger nowhere, or the used-up quirk) as rows `R<index in the line>`
        lost_arguments, lost_records = map_losses(predicted, instance, strategy)  # nothing for an offset line
        for item, lost in zip(items["offset-evt-trigger"] if lost_arguments else (), lost_arguments, strict=True):
            arguments[1][doc_id, mention_id(item)] += [Role(role, NOT_IN_TEXT, NOT_IN_TEXT, f"“{text}”: not in the "
                                                            "text; UIE's map drops it from the offset figures (the "
                                                            "string figures still compare it)") for role, text in lost]
        unplaced[doc_id] = [unannotated_mention(PRED, doc_id, f"R{i}", (), record.trigger, record.event_type,
                                                predicted.line) for i, record in lost_records]
    return Pair(TbfFile(g.path, SpanMode.TOKEN, sides[0]), TbfFile(s.path, SpanMode.TOKEN, sides[1]), {}, units,
                arguments, unplaced)


def _char_mention(run: str, doc_id: str, mention: str, position: tuple[int, int] | None, text: str,
                  event_type: str, line: int) -> Mention:
    span = ((position[0], position[1]),) if position is not None else ()
    words = text[position[0]:position[1]] if position is not None else ""
    return unannotated_mention(run, doc_id, mention, span, words, event_type, line)


def maven_arg_pair(gold: Input, system: Input) -> Pair:
    """MAVEN-Arg's unified gold and a submission: gold's triggers with their arguments' mentions; each predicted
    trigger on the gold trigger or negative trigger of its document its id names, typed as predicted, its
    argument strings placed nearest it (`placed_strings`: the convention compares them as text and places none)."""
    from evmeval.conventions.maven_arg import maven_arg_gold

    g = maven_arg_gold(gold)
    p = read_predictions(system.path, system.data, g)
    sides: tuple[dict[str, Document], dict[str, Document]] = ({}, {})
    arguments: Arguments = {}
    placed: Arguments = {}
    found: dict[str, list[Mention]] = {doc_id: [] for doc_id in g.texts}
    predicted: dict[str, list[Mention]] = {doc_id: [] for doc_id in g.texts}
    lines: dict[str, int] = {}
    gold_types: dict[tuple[str, str], str] = {}
    for trigger in g.triggers:
        doc_id, text = trigger.document, g.texts[trigger.document]
        gold_types[doc_id, trigger.trigger_id] = trigger.event_type
        lines.setdefault(doc_id, trigger.line)
        found[doc_id].append(_char_mention(GOLD, doc_id, trigger.trigger_id, trigger.position, text,
                                           trigger.event_type, trigger.line))
        arguments[doc_id, trigger.trigger_id] = [Role(role, start, end) for role, start, end in trigger.arguments]
    for doc_id, text in g.texts.items():
        every = [(m.mention_id, m.span[0] if m.span else None) for m in found[doc_id]] + g.negatives.get(doc_id, [])
        for trigger_id, position in every:
            if (doc_id, trigger_id) in p.types:
                predicted[doc_id].append(_char_mention(PRED, doc_id, trigger_id, position, text,
                                                       p.types[doc_id, trigger_id], 0))
                reading = _maven_arg_reading(gold_types.get((doc_id, trigger_id)), p.types[doc_id, trigger_id])
                placed[doc_id, trigger_id] = placed_strings(text, p.strings.get((doc_id, trigger_id), {}), position,
                                                            reading)
        sides[0][doc_id] = Document(doc_id, tuple(found[doc_id]))
        sides[1][doc_id] = Document(doc_id, tuple(predicted[doc_id]))
    return Pair(TbfFile(g.path, SpanMode.CHAR, sides[0]), TbfFile(p.path, SpanMode.CHAR, sides[1]), dict(g.texts),
                {}, (arguments, placed))


MAVEN_ARG_PLACING = GroundingRule("closest")
"""How the window places a MAVEN-Arg string: `evaluate.py` places none (it compares strings with gold's mention
strings), so the window shows each nearest its trigger (the first occurrence when the trigger has no position)."""


def _maven_arg_reading(gold_type: str | None, predicted_type: str) -> str:
    """What `maven-arg` makes of a predicted trigger's strings: compared as text with gold's (same type), a false
    alarm (a negative trigger: `gold_type` None), or never looked up (another type than gold's)."""
    if gold_type is None:
        return "maven-arg counts the role a false alarm (a negative trigger)"
    if gold_type != predicted_type:
        return f"maven-arg never looks it up (typed {predicted_type}, gold {gold_type})"
    return "maven-arg compares the string as text"


def placed_strings(text: str, roles: dict[str, list[str]], trigger: tuple[int, int] | None,
                   reading: str) -> list[Role]:
    """A predicted trigger's argument strings on `text` under `MAVEN_ARG_PLACING`, each saying how it was placed
    and what `reading` the convention gives it; a string found nowhere is kept as not in the text (issue 35:
    never silently gone)."""
    found: list[Role] = []
    for role, strings in roles.items():
        for string in strings:
            spans = ground(text, string, MAVEN_ARG_PLACING, anchor=trigger)
            if spans:
                where = "nearest the trigger" if trigger is not None else "first occurrence (the trigger has no place)"
                found.append(Role(role, spans[0][0], spans[0][1],
                                  f"“{string}”: {where}, {MAVEN_ARG_PLACING.name}; {reading}"))
            else:
                found.append(Role(role, NOT_IN_TEXT, NOT_IN_TEXT, f"“{string}”: not in the text; {reading}"))
    return found


def omnievent_pair(gold: Input, system: Input) -> Pair:
    """OmniEvent's unified gold and its predictions: gold's triggers, and each candidate (trigger or negative
    trigger) the outputs label with a type under the system's regime (`WINDOW_REGIME` unless given), each side's
    type as written and compared as the regime compares it (s2s: plain, `Conflict.Attack` as `attack`)."""
    from evmeval.conventions.omnievent import REGIME, candidate_labels, plain_label

    if system.options.get(REGIME) is None:
        system = with_options(system, **{REGIME: WINDOW_REGIME})
    plain_types = system.options.get(REGIME) == "s2s"
    g, done, given = candidate_labels(gold, system)
    sides: tuple[dict[str, Document], dict[str, Document]] = ({}, {})
    texts: dict[str, str] = {}
    arguments: tuple[Arguments, Arguments] = ({}, {})
    unplaced: dict[str, list[Mention]] = {}
    at = 0
    for item in g.items:
        texts[item.id] = item.text
        for k, placed in enumerate(item.placed):
            arguments[0][item.id, f"C{k}"] = [Role(role, start, end) for role, start, end in placed]
        for k in range(len(item.candidates)):
            if given is not None and given[at + k]:  # the EAE entry's roles, where the convention reads them
                arguments[1][item.id, f"C{k}"] = [Role(*argument) for argument in given[at + k]]
        mentions: tuple[list[Mention], list[Mention]] = ([], [])
        for k, candidate in enumerate(item.candidates):
            labels = (candidate.label, done.predicted[at + k])
            for n, (side, label) in enumerate(((GOLD, labels[0]), (PRED, labels[1]))):
                if label != NA:
                    mention = _char_mention(side, item.id, f"C{k}", (candidate.start, candidate.end), item.text,
                                            label, item.line)
                    # s2s pairs name plain types (`attack`): OmniEvent compares both sides plain, so does the window
                    plain = canonical(plain_label(label)) if plain_types else mention.mention_type
                    mentions[n].append(mention._replace(mention_type=plain))
        at += len(item.candidates)
        unplaced[item.id] = [unannotated_mention(PRED, item.id, f"P{k}", (), trigger, label, item.line)
                             for k, trigger, label in done.unused.get(item.id, ())]  # s2s pairs no candidate took
        sides[0][item.id] = Document(item.id, tuple(mentions[0]))
        sides[1][item.id] = Document(item.id, tuple(mentions[1]))
    return Pair(TbfFile(g.path, SpanMode.CHAR, sides[0]), TbfFile(system.path, SpanMode.CHAR, sides[1]), texts, {},
                arguments, unplaced)


def unified_pair(gold: Input, system: Input) -> Pair:
    """The unified gold layout with a MAVEN-Arg submission, or with OmniEvent's predictions (its lines or dump)."""
    from evmeval.conventions import input_format

    if input_format(system.path) in ("omnievent", "omnievent-dump"):
        return omnievent_pair(gold, system)
    return maven_arg_pair(gold, system)


MORE_READERS = {"uie": uie_pair, "maven-arg": unified_pair}
"""Gold format (as `input_format` names it) -> its pair reader (`corpus_formats.read_pair` takes these too)."""
