"""A curation's decisions saved as they are made, and resumed: a small JSON file in the user's data
folder (never beside an input), keyed by a content hash of the annotators' sets.

The file holds the policy the curation started from and the decisions in the order they were made
(`Entry`: document, item, action, value); resuming replays them on the automatic curated set, so the
curated set is exactly the one the curator left. A file made for other inputs (another hash) is
refused, and so is one whose decisions name an item these inputs do not have.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass

from evmeval.agreement.curation import Curation, Disagreement, accept, apply_edit, keep, reject
from evmeval.editing.operations import change_realis, change_type
from evmeval.io.errors import FormatError
from evmeval.io.tbf import format_tbf
from evmeval.io.writing import check_output_paths, write_atomic
from evmeval.model import TbfFile

SAVE_FORMAT = 1
ACTIONS = ("accept", "reject", "keep", "type", "realis")
Entry = tuple[str, int, str, str]
"""(doc_id, item, action, value): value is the annotator (from 1) for accept, the type or realis for an edit."""


def inputs_key(files: Sequence[TbfFile]) -> str:
    """A hash of what the annotators marked (their documents as tbf), in order: the same sets read
    from moved or renamed files give the same key, any other content another one."""
    digest = hashlib.sha256()
    for f in files:
        documents = [f.documents[d] for d in sorted(f.documents)]
        digest.update(f.mode.value.encode())
        digest.update(format_tbf(documents).encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()


def save_path(folder: str, key: str) -> str:
    return os.path.join(folder, f"curation-{key[:24]}.json")


@dataclass(frozen=True)
class SavedCuration:
    policy: str
    entries: tuple[Entry, ...]


def write_decisions(folder: str, key: str, names: Sequence[str], policy: str, entries: Sequence[Entry], *,
                    inputs: Sequence[str] = ()) -> str:
    """Save (atomically) the decisions of the curation of the inputs with this key; returns the path."""
    path = save_path(folder, key)
    os.makedirs(folder, exist_ok=True)
    check_output_paths([path], inputs)
    data = {"format": SAVE_FORMAT, "inputs": key, "names": list(names), "policy": policy,
            "decisions": [list(e) for e in entries]}
    write_atomic(path, json.dumps(data, indent=0) + "\n")
    return path


def _entry(path: str, raw: object) -> Entry:
    if (isinstance(raw, list) and len(raw) == 4 and isinstance(raw[0], str) and isinstance(raw[1], int)
            and raw[2] in ACTIONS and isinstance(raw[3], str)):
        return (raw[0], raw[1], raw[2], raw[3])
    raise FormatError(path, 0, f"a decision is not [document, item, action, value]: {raw!r}",
                      f"an action among {', '.join(ACTIONS)}")


def read_decisions(folder: str, key: str) -> SavedCuration | None:
    """The saved decisions for these inputs (None when there are none); raises `FormatError` for a file
    that cannot be read or belongs to other inputs."""
    path = save_path(folder, key)
    if not os.path.isfile(path):
        return None
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise FormatError(path, 0, f"cannot read the saved decisions ({exc})", "a JSON file") from exc
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise FormatError(path, 0, "not a saved curation", f'a JSON object with "format": {SAVE_FORMAT}')
    if data.get("inputs") != key:
        raise FormatError(path, 0, "the saved decisions belong to other inputs", f"inputs {key}")
    decisions = data.get("decisions")
    if not isinstance(decisions, list) or not isinstance(data.get("policy"), str):
        raise FormatError(path, 0, "no policy or decisions", '"policy": "majority", "decisions": [...]')
    return SavedCuration(data["policy"], tuple(_entry(path, e) for e in decisions))


def replay(curation: Curation, entries: Sequence[Entry]) -> Curation:
    """The saved decisions made again, in order, on the automatic curated set."""
    by_key = {d.key: d for d in curation.disagreements}
    for entry in entries:
        curation = apply_entry(curation, entry, by_key.get((entry[0], entry[1])))
    return curation


def apply_entry(curation: Curation, entry: Entry, d: Disagreement | None) -> Curation:
    """One saved decision made again on `d`, its item; raises `FormatError` when there is no such item."""
    doc_id, item, action, value = entry
    if d is None:
        raise FormatError(doc_id, 0, f"the saved decisions name item {item + 1} of {doc_id}, not a disagreement "
                          "of these inputs", "a disagreement of the inputs")
    if action == "accept":
        if not value.isdigit() or not 1 <= int(value) <= len(curation.files):
            raise FormatError(doc_id, 0, f"the saved decisions accept annotator {value!r}",
                              f"an annotator from 1 to {len(curation.files)}")
        return accept(curation, d, int(value) - 1)
    if action == "reject":
        return reject(curation, d)
    if action == "keep":
        return keep(curation, d)
    doc = curation.document(doc_id)
    origin = curation.origin.get(doc_id, {})
    mention = next((m for m in doc.mentions if origin.get(m.mention_id) == item), None)
    if mention is None:
        raise FormatError(doc_id, 0, f"the saved {action} edit of item {item + 1} finds no curated mention",
                          "a curated mention for the item")
    edit = change_type(doc, mention, value) if action == "type" else change_realis(doc, mention, value)
    return apply_edit(curation, doc_id, edit, d)
