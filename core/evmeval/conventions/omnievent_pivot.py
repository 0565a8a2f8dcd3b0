"""OmniEvent's argument extraction and MAVEN-Arg's evaluation on one run: the MAVEN-Arg pivot.

OmniEvent's gold is the unified layout MAVEN-Arg's `evaluate.py` reads, but the two never meet: OmniEvent scores
a role read off the model's output per argument candidate (`omnievent_eae`), MAVEN-Arg a submission of strings per
trigger and role (`maven_arg`). Here a run's EAE lines are written, in memory, as what MAVEN-Arg's script reads:
- gold: each item a document `d<n>`, each event `e<n>_<k>` with its triggers `t<n>_<k>` and their arguments,
  each role written `Type.Role` (kept where gold writes it so already), each negative trigger `n<n>_<k>` (ids
  without '-': the script splits its keys there); label2role.json beside the gold file, else each gold type with
  the roles gold gives it;
- submission: per trigger candidate given a type, that type and, per role, the text of every argument candidate
  its output gives the role (OmniEvent's own reading, `instance_roles`), in candidate order; a role written
  `Type.Role` of the type given is written `Role` (the script joins them again).
The pivot compares MAVEN-Arg with the OmniEvent mode that keeps the instances MAVEN-Arg reads: `strict` (every
gold trigger; negative triggers given a type), or `gold` in a golden-trigger run. It is exact (nothing the script
reads is lost or made up) except under `s2s`, where OmniEvent compares plain role labels with no event type
(`get_plain_label`: `Conflict.Attack.Attacker` is `attacker`), where gold names a role `NA` (or, outside `tc`,
`None`: OmniEvent reads it as no role, MAVEN-Arg as one), an argument with no mention (the script counts a 0 entry
no mention stands for) or two spellings of one role; then `maven-arg` is left out, saying why.
Outcomes are keyed by item, trigger candidate (its index in the item: events' triggers, then negatives) and
argument candidate (its index in the instance), character offsets; MAVEN-Arg's are on the Mention_Level F1
entries (`maven_arg._Entries.owners`), summed per slot (`published_arguments.counts_from_outcomes`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evmeval.conventions.argument_pivot import ArgumentBoard
from evmeval.conventions.base import ConventionResult, Input
from evmeval.conventions.flips import all_flips
from evmeval.conventions.items import (
    GOLD,
    MAVEN_NO_WORDS,
    MAVEN_ONE_ENTRY,
    MAVEN_PENALTY,
    MAVEN_ROLE_SPELLING,
    MAVEN_STRINGS,
    MAVEN_UNPAIRED,
    NOT_IN_SCHEMA,
    PRED,
    WRONG_TYPE_ARGUMENTS,
    Item,
    Outcome,
)
from evmeval.conventions.omnievent_args import trigger_candidates
from evmeval.conventions.switchboard import Cell, Row, Switchboard
from evmeval.io.errors import FormatError
from evmeval.io.omnievent import NA
from evmeval.io.reading import STDIN, read_bytes

ROW = "argument_cls"
MAVEN_FIGURE = "Mention_Level"
"""MAVEN-Arg's figure on the classification row: the mean bag-of-words P/R/F1 over mention entries."""
TITLE = ("Arguments: the same run under every argument convention that reads it (percent; maven-arg through the "
         "MAVEN-Arg pivot)")


@dataclass
class _Run:
    """The run as both sides see it: per trigger candidate its MAVEN-Arg trigger key, and the items."""

    gold_lines: list[dict[str, Any]]
    submission: list[dict[str, Any]]
    schema: dict[str, list[str]]
    gold_at: dict[tuple[str, int], Item]
    """(slot key, index among the slot's gold mentions) -> the gold argument."""
    pred_at: dict[tuple[str, int], Item]
    """(slot key, index among the slot's strings) -> the predicted argument (both: its role the slot's, `Type.Role`:
    OmniEvent's outcomes name it as written)."""
    pair_roles: dict[Item, str]
    """Each argument's role as OmniEvent wrote it (a spelling MAVEN-Arg folds is a flip of its own)."""
    gold_type: dict[str, str]
    """MAVEN-Arg trigger key -> its gold type (`NA`: a negative trigger)."""


def maven_role(role: str, event_type: str) -> str:
    """A role without its type (`Attack.Attacker` under Attack is `Attacker`), as a submission names it."""
    return role[len(event_type) + 1:] if role.startswith(f"{event_type}.") else role


def unfit(items: Sequence[dict[str, Any]], regime: str) -> str:
    """Why the run cannot be written for MAVEN-Arg exactly (empty when it can)."""
    if regime == "s2s":
        return ("under s2s OmniEvent compares plain role labels (get_plain_label) and no event type, MAVEN-Arg roles "
                "as written under their type")
    for item in items:
        spelled: dict[tuple[str, str], str] = {}
        for trigger, event_type, _ in trigger_candidates(item):
            for argument in trigger.get("arguments", []):
                role = argument["role"]
                if role == NA or (role == "None" and regime != "tc"):
                    return (f"item {item.get('id')!r} has a gold role {role!r} (OmniEvent reads it as no role, "
                            "MAVEN-Arg as a role)")
                if not argument["mentions"]:
                    return (f"item {item.get('id')!r}: a {role!r} argument without mentions (MAVEN-Arg counts an "
                            "entry for it, OmniEvent nothing)")
                named = spelled.setdefault((event_type, maven_role(role, event_type)), role)
                if named != role:
                    return (f"item {item.get('id')!r}: roles {named!r} and {role!r} of {event_type} are one role "
                            "to MAVEN-Arg (Type.Role), two to OmniEvent")
    return ""


def _schema(gold_path: str, items: Sequence[dict[str, Any]]) -> dict[str, list[str]]:
    """label2role.json beside the gold file (the script's ref/ folder), else each gold type's roles as gold has
    them (first seen first)."""
    from evmeval.io.maven_arg import read_schema

    beside = os.path.join(os.path.dirname(os.path.abspath(gold_path)), "label2role.json")
    if gold_path != STDIN and os.path.isfile(beside):
        return read_schema(beside)
    schema: dict[str, list[str]] = {}
    for item in items:
        for trigger, event_type, _ in trigger_candidates(item):
            if event_type != NA:
                roles = schema.setdefault(event_type, [])
                roles += [r for a in trigger.get("arguments", [])
                          if (r := maven_role(a["role"], event_type)) not in roles]
    return schema


def _item(side: str, doc: str, t: int, k: int, start: int, end: int, event_type: str, role: str, text: str,
          trigger: str) -> Item:
    return Item(side, doc, "", t, k, start, end, event_type, role, text[start:end], trigger)


def _walk(items: Sequence[dict[str, Any]], types: Sequence[str], outputs: Sequence[list[Any] | None], regime: str,
          mode: str) -> tuple[_Run, list[Outcome]]:
    """The MAVEN-Arg files of the run and OmniEvent's outcome of every gold and predicted argument under `mode`
    (`pair_tally`, the counting of `typed_counts`): a gold argument counted, credited when a TP; a predicted one
    (its pair not NA) counted, credited when a TP."""
    from evmeval.conventions.omnievent_args import blank_output
    from evmeval.conventions.omnievent_eae import _is_na, instance_roles, instances, pair_tally

    chosen = {i.trigger: i for i in instances(items, types, mode, by_role=regime != "tc")}
    run = _Run([], [], {}, {}, {}, {}, {})
    omni: list[Outcome] = []
    index = 0
    for n, item in enumerate(items):
        doc, text = str(item.get("id", n)), item["text"]
        events: list[dict[str, Any]] = [{"id": f"e{n}_{k}", "type": e["type"], "triggers": []}
                                        for k, e in enumerate(item["events"])]
        negatives: list[dict[str, Any]] = []
        preds: dict[str, dict[str, Any]] = {}
        for t, (trigger, gold_type, k_event) in enumerate(trigger_candidates(item)):
            tid, eid = (f"t{n}_{t}", f"e{n}_{k_event}") if k_event >= 0 else (f"n{n}_{t}", NA)
            key = f"d{n}-{eid}-{tid}"
            run.gold_type[key] = gold_type
            position = trigger["position"]
            if k_event >= 0:
                events[k_event]["triggers"].append({"id": tid, "position": position, "arguments": [
                    {"role": f"{gold_type}.{maven_role(a['role'], gold_type)}", "id": f"a{n}_{t}_{m}",
                     "mentions": [{"position": list(x["position"][:2])} for x in a["mentions"]]}
                    for m, a in enumerate(trigger.get("arguments", []))]})
            else:
                negatives.append({"id": tid, "position": position})
            instance = chosen.get(index)
            index += 1
            if instance is None:
                continue
            shown = f"“{text[position[0]:position[1]]}” [{position[0]},{position[1]})"
            output = outputs[instance.trigger]
            given = instance.predicted_type
            guesses = instance_roles(instance, blank_output(instance.candidates, regime) if output is None else output,
                                     text, regime)
            gold_rank: dict[str, int] = {}
            strings: dict[str, list[str]] = {}
            for k, ((start, end, role), guess) in enumerate(zip(instance.candidates, guesses, strict=True)):
                tp, fp, fn, _ = pair_tally((given, str(guess)), (gold_type, role), regime)
                if not _is_na((gold_type, role), regime):
                    written = f"{gold_type}.{maven_role(role, gold_type)}"
                    here = _item(GOLD, doc, t, k, start, end, gold_type, role, text, shown)
                    omni.append(Outcome(here, ROW, tp + fn, float(tp)))
                    gold_rank[written] = gold_rank.get(written, -1) + 1
                    run.gold_at[f"{key}-{written}", gold_rank[written]] = slotted = here._replace(role=written)
                    run.pair_roles[slotted] = role
                if not _is_na((given, str(guess)), regime):
                    plain = maven_role(str(guess), given)
                    here = _item(PRED, doc, t, k, start, end, given, str(guess), text, shown)
                    wrong = gold_type != NA and given != gold_type
                    omni.append(Outcome(here, ROW, tp + fp, float(tp), WRONG_TYPE_ARGUMENTS if wrong else ""))
                    listed = strings.setdefault(plain, [])
                    slotted = here._replace(role=f"{given}.{plain}")
                    run.pred_at[f"{key}-{given}.{plain}", len(listed)] = slotted
                    listed.append(text[start:end])
                    run.pair_roles[slotted] = str(guess)
            if given != NA:
                preds[tid] = {"event_type": given, **strings}
        run.gold_lines.append({"id": f"d{n}", "text": text, "events": events, "negative_triggers": negatives})
        run.submission.append({"id": f"d{n}", "preds": preds})
    return run, omni


def _maven_outcomes(run: _Run, owners: Sequence[tuple[str, int, int]], f1s: Sequence[float]) -> list[Outcome]:
    """Each argument's outcome on MAVEN-Arg's Mention_Level F1 entries: a pair's gold mention and string both
    counted with the entry's value; a slot's 0 entry on its first gold mention and its first string; the rest not
    counted, saying why."""
    from evmeval.conventions.maven_arg import answer_tokens

    sizes: dict[tuple[str, str], int] = {}
    for side, at in ((GOLD, run.gold_at), (PRED, run.pred_at)):
        for slot, _ in at:
            sizes[side, slot] = sizes.get((side, slot), 0) + 1
    done: dict[Item, Outcome] = {}
    paired: set[str] = set()
    zero: set[str] = set()
    for (slot, i, j), f1 in zip(owners, f1s, strict=True):
        if i < 0 or j < 0:
            zero.add(slot)
            for at in (run.gold_at, run.pred_at):
                if (first := at.get((slot, 0))) is not None:
                    done[first] = Outcome(first, ROW, 1, 0.0, "", "the slot's one entry, 0")
            continue
        paired.add(slot)
        g, p = run.gold_at[slot, i], run.pred_at[slot, j]
        n_gold, n_pred = sizes[GOLD, slot], sizes[PRED, slot]
        penalty = min(n_gold, n_pred) / max(n_gold, n_pred)
        note = (MAVEN_NO_WORDS if not (answer_tokens(g.text) and answer_tokens(p.text)) else MAVEN_PENALTY
                if penalty < 1 else MAVEN_STRINGS if g.argument != p.argument
                else MAVEN_ROLE_SPELLING if run.pair_roles[g] != run.pair_roles[p] else "")
        scaled = f" × penalty {n_gold if n_gold < n_pred else n_pred}/{max(n_gold, n_pred)}" if penalty < 1 else ""
        done[g] = Outcome(g, ROW, 1, float(f1), note, f"paired with “{p.text}” {p.span_text}{scaled}")
        done[p] = Outcome(p, ROW, 1, float(f1), note, f"paired with “{g.text}” {g.span_text}{scaled}")
    out = []
    for at in (run.gold_at, run.pred_at):
        for (slot, _), it in at.items():
            if it in done:
                out.append(done[it])
                continue
            gold_type = run.gold_type["-".join(slot.split("-")[:3])]
            note = (MAVEN_UNPAIRED if slot in paired else MAVEN_ONE_ENTRY if slot in zero
                    else WRONG_TYPE_ARGUMENTS if it.side == PRED and gold_type not in (NA, it.event_type)
                    else NOT_IN_SCHEMA)
            out.append(Outcome(it, ROW, 0, 0.0, note))
    return out


def _lines(lines: Sequence[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode("utf-8")


@dataclass(frozen=True)
class MavenArgPivot:
    """The run as MAVEN-Arg's script reads it: test.unified.jsonl, test_prediction.jsonl, label2role.json."""

    gold: bytes
    submission: bytes
    schema: dict[str, list[str]]


def _prepared(gold: Input, system: Input) -> tuple[list[dict[str, Any]], list[str], list[Any], str] | None:
    """The gold items, the types given, the outputs and the regime of a run whose lines carry `arguments`."""
    from evmeval.conventions.omnievent import read_files
    from evmeval.conventions.omnievent_args import eae_inputs

    gold_file, predictions, regime, dumped = read_files(gold, system)
    if dumped or not predictions.arguments:
        return None
    data = gold.data if gold.data is not None else read_bytes(gold.path)
    return (*eae_inputs(gold_file, data.decode("utf-8-sig"), predictions, regime), regime)


def _mode(items: Sequence[dict[str, Any]], types: Sequence[str]) -> str:
    from evmeval.conventions.omnievent_args import golden_run

    return "gold" if golden_run(items, types) else "strict"


def maven_arg_pivot(gold: Input, system: Input) -> MavenArgPivot | None:
    """The MAVEN-Arg files of an OmniEvent run (None: its lines carry no `arguments`)."""
    prepared = _prepared(gold, system)
    if prepared is None:
        return None
    items, types, outputs, regime = prepared
    run = _walk(items, types, outputs, regime, _mode(items, types))[0]
    return MavenArgPivot(_lines(run.gold_lines), _lines(run.submission), _schema(gold.path, items))


def omnievent_board(gold: Input, system: Input, scored: ConventionResult | None = None) -> ArgumentBoard | None:
    """An OmniEvent run's arguments under `omnievent` (its strict, or golden-trigger, EAE figure) and `maven-arg`
    through the pivot when it is exact, with what flips; None when the lines carry no `arguments`. `scored`: the
    run's omnievent result, where it is made already."""
    from evmeval.conventions import REGISTRY
    from evmeval.conventions.maven_arg import scored as maven_scored

    prepared = _prepared(gold, system)
    if prepared is None:
        return None
    items, types, outputs, regime = prepared
    mode = _mode(items, types)
    result = scored if scored is not None else REGISTRY["omnievent"].score(gold, system)
    conventions, results = [REGISTRY["omnievent"]], [result]
    cells: dict[str, Cell | None] = {"omnievent": Cell(f"eae_{mode}", result.metrics[f"eae_{mode}"])}
    outcomes: dict[str, list[Outcome]] = {}
    why = unfit(items, regime)
    if regime != "s2s":
        run, outcomes["omnievent"] = _walk(items, types, outputs, regime, mode)
    if not why:
        try:
            found, scores = maven_scored(Input(f"{gold.path} (as MAVEN-Arg)", _lines(run.gold_lines)),
                                         Input(f"{system.path} (as MAVEN-Arg)", _lines(run.submission)),
                                         _schema(gold.path, items))
        except FormatError as exc:
            why = str(exc)
        else:
            entries = scores.levels[MAVEN_FIGURE]
            conventions.append(REGISTRY["maven-arg"])
            results.append(found)
            cells["maven-arg"] = Cell(MAVEN_FIGURE, found.metrics[MAVEN_FIGURE])
            outcomes["maven-arg"] = _maven_outcomes(run, entries.owners, [b[2] for b in entries.bow])
    left_out = {"maven-arg": f"not exact through the MAVEN-Arg pivot: {why}"} if why else {}
    board = Switchboard(tuple(conventions), tuple(results), (Row(ROW, cells),), tuple(all_flips(outcomes)), outcomes)
    return ArgumentBoard(board, left_out, TITLE)


__all__ = ["MAVEN_FIGURE", "MavenArgPivot", "maven_arg_pivot", "maven_role", "omnievent_board", "unfit"]
