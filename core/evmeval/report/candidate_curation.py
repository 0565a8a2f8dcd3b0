"""Candidate gold additions as a curation the window opens (issue 35, section 4), and a person's curation of
them read back as verdicts (`--agree-with`).

A judge's accepted false alarms are gold the annotators may have missed; a person decides. The window curates
annotation sets (tbf), so the candidates become two sets: `gold.tbf` (the gold triggers) and `judge.tbf` (the
same, plus each candidate trigger, mention id `judge:<window>:E<event>`, and each candidate argument, mention id
`judge:<window>:E<event>:A<argument>`, its span the argument's and its type `<event type>/<role>`), with their
texts and token tables, and `curation.json`, a `curation/1` file of those two sets whose policy `base:1` starts
from gold: each candidate is one open item, which the curator takes (key 2) or rejects. A candidate not in the
text has no span to curate: counted and said, not written. The same sets, made again from the same run, give
the key under which a person's exported curation is read back: each decided candidate is accepted when the
curated set holds it. docs/scoring/judgements.md shows the steps.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass

from evmeval.agreement.curation import curate
from evmeval.agreement.curation_save import export_curation, import_curation, inputs_key, replay_kept
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import document_text
from evmeval.conventions.items import GOLD, Item
from evmeval.conventions.ours import mention_id, textee_side
from evmeval.io.convert import read_annotation_set
from evmeval.io.doc_files import doc_file_name
from evmeval.io.errors import FormatError
from evmeval.io.judgements import ItemKey
from evmeval.io.tbf import format_tbf
from evmeval.io.tokens import format_token_table
from evmeval.io.writing import check_output_paths, write_atomic
from evmeval.model import Document, TbfFile, unannotated_mention

GOLD_SET, JUDGE_SET, CURATION_FILE = "gold.tbf", "judge.tbf", "curation.json"
POLICY = "base:1"
"""The curated set starts as gold: a candidate is in only once the curator takes it."""
JUDGE_RUN = "judge"


@dataclass(frozen=True)
class CandidateSets:
    files: dict[str, str]
    """Path in the folder -> text: the two sets, `txt/` and `tkn/`."""
    keys: dict[str, ItemKey]
    """Mention id in `judge.tbf` -> the candidate's judgement item key (triggers and arguments)."""
    arguments: int
    """Argument candidates written (each a mention of type `<event type>/<role>` in `judge.tbf`)."""
    unplaced: int = 0
    """Candidates left out: not in the text (a string the grounding placed nowhere has no span)."""

    @property
    def triggers(self) -> int:
        return len(self.keys) - self.arguments


ROLE_SEPARATOR = "/"
"""An argument candidate's type in `judge.tbf`: its event's type, this, its role (`Attack/Target`)."""


def argument_type(event_type: str, role: str) -> str:
    """The type an argument candidate has in `judge.tbf` (and in the curation's list and export)."""
    return f"{event_type}{ROLE_SEPARATOR}{role}"


def candidate_sets(gold: Input, additions: Sequence[Item]) -> CandidateSets:
    """The two annotation sets of `gold` (TextEE windows) and its candidate triggers `additions`."""
    side = textee_side(gold, GOLD)
    extra: dict[str, list] = {}
    keys: dict[str, ItemKey] = {}
    arguments = unplaced = 0
    for item in additions:
        if item.start < 0:
            unplaced += 1
            continue
        found = f"{JUDGE_RUN}:{mention_id(item)}"
        kind = item.event_type
        if item.argument >= 0:
            found, kind = f"{found}:A{item.argument}", argument_type(item.event_type, item.role)
            arguments += 1
        span = tuple(f"{item.unit}:t{i}" for i in range(item.start, item.end))
        extra.setdefault(item.doc_id, []).append(
            unannotated_mention(JUDGE_RUN, item.doc_id, found, span, item.text, kind, 0))
        keys[found] = item.key
    documents = list(side.tbf.documents.values())
    judged = [Document(d.doc_id, d.mentions + tuple(extra.get(d.doc_id, ())), d.relations) for d in documents]
    files = {GOLD_SET: format_tbf(documents), JUDGE_SET: format_tbf(judged)}
    for doc_id, units in side.units.items():
        text, table = document_text(doc_id, units)
        files[os.path.join("txt", doc_file_name(doc_id, ".txt", path=gold.path))] = text
        files[os.path.join("tkn", doc_file_name(doc_id, ".tab", path=gold.path))] = format_token_table(table.tokens)
    return CandidateSets(files, keys, arguments, unplaced)


def _written(folder: str, sets: CandidateSets, inputs: Sequence[str]) -> None:
    paths = [os.path.join(folder, name) for name in sets.files]
    check_output_paths([*paths, os.path.join(folder, CURATION_FILE)], inputs,
                       new_folders=[folder, os.path.join(folder, "txt"), os.path.join(folder, "tkn")])
    for sub in ("", "txt", "tkn"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    for path, name in zip(paths, sets.files, strict=True):
        write_atomic(path, sets.files[name])


def _as_read(sets: CandidateSets) -> list[TbfFile]:
    """The two sets as the window reads them from their files (so their key is the window's): written to a
    private folder of their own, since a run's outputs are renamed into place only when the run ends."""
    with tempfile.TemporaryDirectory() as folder:
        for name, text in sets.files.items():
            os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
            with open(os.path.join(folder, name), "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        token_dir = os.path.join(folder, "tkn")
        return [read_annotation_set(os.path.join(folder, name), token_dir=token_dir)[0]
                for name in (GOLD_SET, JUDGE_SET)]


def write_candidate_curation(folder: str, gold: Input, additions: Sequence[Item],
                             inputs: Sequence[str] = ()) -> CandidateSets:
    """The two sets, their texts and token tables, and `curation.json` in `folder` (made if need be; never over
    an input); raises `FormatError`."""
    sets = candidate_sets(gold, additions)
    key = inputs_key(_as_read(sets))
    _written(folder, sets, inputs)
    export_curation(os.path.join(folder, CURATION_FILE), key, [GOLD_SET, JUDGE_SET], POLICY, [], inputs=inputs)
    return sets


def curation_verdicts(path: str, gold: Input, additions: Sequence[Item]) -> dict[ItemKey, bool]:
    """A person's exported curation of the candidate sets of this run, as verdicts: each candidate the person
    decided, accepted when the curated set holds it. A curation of other sets is refused (`FormatError`)."""
    sets = candidate_sets(gold, additions)
    files = _as_read(sets)
    saved = import_curation(path, inputs_key(files))
    curation = curate(files, [GOLD_SET, JUDGE_SET], saved.policy)
    curation, _, refused = replay_kept(curation, saved.entries)
    if refused:
        raise FormatError(path, 0, f"a decision cannot be replayed ({refused})", "a curation exported by the window")
    out: dict[ItemKey, bool] = {}
    for d in curation.disagreements:
        if d.key not in curation.decisions:
            continue
        candidates = [m.mention_id for m in d.versions[1].mentions if m.mention_id in sets.keys]
        held = {mid for mid, item in curation.origin.get(d.doc_id, {}).items() if item == d.item}
        kept = {m.mention_id for m in curation.document(d.doc_id).mentions} & held
        for mid in candidates:
            out[sets.keys[mid]] = bool(kept)
    return out
