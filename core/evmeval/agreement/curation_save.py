"""A curation's decisions saved as they are made, and resumed: a small JSON file in the user's data
folder (never beside an input), keyed by a content hash of the annotators' sets.

The file holds the policy the curation started from, the decisions in the order they were made
(`Entry`: document, item, action, value) and the documents marked curated; resuming replays the decisions
on the automatic curated set, so the curated set is exactly the one the curator left. A file made for
other inputs (another hash) is refused, and so is one whose decisions name an item these inputs do not have.

The autosave and an exported curation (`export_curation`, `import_curation`: work handed to a colleague or
kept with the corpus) are one format, `"schema": "curation/1"` (resources/schemas/curation.schema.json); it
keeps `"format": 1` so that earlier versions, which read only that, still resume it.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from evmeval._util.progress import CancelCheck, stop_if_cancelled
from evmeval._util.schemas import schema_tag
from evmeval.agreement.curation import Curation, Disagreement, accept, apply_edit, keep, reject, reset_document
from evmeval.editing.operations import change_realis, change_type
from evmeval.io.errors import FormatError
from evmeval.io.tbf import format_tbf
from evmeval.io.writing import InputFolders, check_output_paths, write_atomic
from evmeval.model import TbfFile

SAVE_FORMAT = 1
ACTIONS = ("accept", "reject", "keep", "type", "realis")
Entry = tuple[str, int, str, str]
"""(doc_id, item, action, value): value is the annotator (from 1) for accept, the type or realis for an edit."""


def inputs_key(files: Sequence[TbfFile], *, cancelled: CancelCheck | None = None) -> str:
    """A hash of what the annotators marked (their documents as tbf), in order: the same sets read
    from moved or renamed files give the same key, any other content another one. Hashed a document at
    a time (the same bytes as the file's tbf text), `cancelled` checked between documents."""
    import hashlib  # here: OpenSSL's 3.4 MB stay out of a window that lists curations but never opens one

    digest = hashlib.sha256()
    for f in files:
        digest.update(f.mode.value.encode())
        for doc_id in sorted(f.documents):
            stop_if_cancelled(cancelled)
            digest.update(format_tbf([f.documents[doc_id]]).encode("utf-8"))
        if not f.documents:
            digest.update(format_tbf([]).encode("utf-8"))  # a set without documents: as its whole text
        digest.update(b"\0")
    return digest.hexdigest()


def save_path(folder: str, key: str) -> str:
    return os.path.join(folder, f"curation-{key[:24]}.json")


@dataclass(frozen=True)
class SavedCuration:
    policy: str
    entries: tuple[Entry, ...]
    total: int = 0
    """How many decisions the file holds (the well-formed ones are `entries`)."""
    problem: str = ""
    """Why the file cannot be replayed whole ("" when it can)."""
    expected: str = ""
    curated: tuple[str, ...] = ()
    """The documents marked curated (done), in the order they were marked."""


def _data(key: str, names: Sequence[str], policy: str, entries: Sequence[Entry], curated: Sequence[str] = ()) -> str:
    """The file's text on one line: `json`'s C encoder (an indented file is written by its Python encoder, five
    times slower: 20 ms at 10,000 decisions, at every save after a batch)."""
    return json.dumps({"schema": schema_tag("curation"), "format": SAVE_FORMAT, "inputs": key, "names": list(names),
                       "policy": policy, "decisions": list(entries), "curated": list(curated)}) + "\n"


def folder_error(folder: str, exc: OSError) -> FormatError:
    """The saved decisions' folder cannot be made or written (a file in its place, a full disk ...)."""
    return FormatError(folder, 0, f"cannot write the folder of the saved decisions ({exc.strerror or exc})",
                       "a folder that can be written")


def write_decisions(folder: str, key: str, names: Sequence[str], policy: str, entries: Sequence[Entry], *,
                    inputs: Sequence[str] = (), curated: Sequence[str] = ()) -> str:
    """Save (atomically) the decisions of the curation of the inputs with this key; returns the path.
    Raises `FormatError` when the folder cannot be made or the file written."""
    path = save_path(folder, key)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise folder_error(folder, exc) from exc
    check_output_paths([path], inputs)
    write_atomic(path, _data(key, names, policy, entries, curated))
    return path


def export_curation(path: str, key: str, names: Sequence[str], policy: str, entries: Sequence[Entry], *,
                    curated: Sequence[str] = (), inputs: Sequence[str] = (),
                    input_folders: InputFolders = ()) -> str:
    """The curation as a file of its own (the autosave's format), written atomically, never over an input;
    raises `FormatError`."""
    check_output_paths([path], inputs, input_folders=input_folders)
    write_atomic(path, _data(key, names, policy, entries, curated))
    return path


def import_curation(path: str, key: str) -> SavedCuration:
    """An exported curation of the inputs with this key; raises `FormatError` for a file that is not one,
    belongs to other inputs, or cannot be replayed whole."""
    saved = _load(path, key, salvage=False)
    if saved is None:
        raise FormatError(path, 0, "no such file", "a curation exported from this window (curation/1)")
    if saved.problem:
        raise FormatError(path, 0, saved.problem, saved.expected)
    return saved


def _entry(path: str, raw: object) -> Entry:
    if (isinstance(raw, list) and len(raw) == 4 and isinstance(raw[0], str) and isinstance(raw[1], int)
            and raw[2] in ACTIONS and isinstance(raw[3], str)):
        return (raw[0], raw[1], raw[2], raw[3])
    raise FormatError(path, 0, f"a decision is not [document, item, action, value]: {raw!r}"[:200],
                      f"an action among {', '.join(ACTIONS)}")


def read_decisions(folder: str, key: str) -> SavedCuration | None:
    """The saved decisions for these inputs (None when there are none); raises `FormatError` for a file
    that cannot be replayed whole or belongs to other inputs (`load_decisions` keeps what it can)."""
    saved = load_decisions(folder, key)
    if saved is not None and saved.problem:
        raise FormatError(save_path(folder, key), 0, saved.problem, saved.expected)
    return saved


def autosave_path(folder: str, key: str) -> str:
    """Where the decisions for these inputs are saved as they are made (what the window shows)."""
    return save_path(folder, key)


def load_decisions(folder: str, key: str) -> SavedCuration | None:
    """The saved decisions for these inputs, as many as can be read (None when there is no file): a file
    that is cut short, of a newer format or with a malformed decision gives its readable decisions of the
    format this version writes and says what is wrong in `problem`."""
    return _load(save_path(folder, key), key)


def _load(path: str, key: str, *, salvage: bool = True) -> SavedCuration | None:
    if not os.path.isfile(path):
        return None
    try:
        with open(path, "rb") as handle:
            text = handle.read().decode("utf-8", errors="replace")
    except OSError as exc:
        return SavedCuration("majority", (), 0, f"cannot read the saved decisions ({exc.strerror or exc})")
    try:
        data = json.loads(text)
    except RecursionError:
        problem = "the saved decisions are nested too deeply to read"
        return _salvage(path, text, key, problem) if salvage else SavedCuration("majority", (), 0, problem,
                                                                                "a JSON file")
    except ValueError as exc:
        problem = f"the saved decisions are not whole JSON ({exc})"
        return _salvage(path, text, key, problem) if salvage else SavedCuration("majority", (), 0, problem,
                                                                                "a JSON file")
    return _parsed(path, data, key)


def _parsed(path: str, data: object, key: str) -> SavedCuration:
    if not isinstance(data, dict):
        return SavedCuration("majority", (), 0, "not a saved curation",
                             f'a JSON object with "format": {SAVE_FORMAT}')
    found = data.get("inputs")
    if found != key:
        made = f"annotation sets of content hash {found[:12]}…" if isinstance(found, str) else "no named inputs"
        return SavedCuration("majority", (), 0, f"the saved decisions belong to other inputs ({made}; these "
                             f"annotation sets are {key[:12]}…)",
                             "a curation of these annotation sets (the same content, wherever the files are)")
    decisions, policy = data.get("decisions"), data.get("policy")
    if not isinstance(decisions, list) or not isinstance(policy, str):
        return SavedCuration("majority", (), 0, "no policy or decisions", '"policy": "majority", "decisions": [...]')
    entries, problem, expected = _entries(path, decisions)
    curated = data.get("curated", [])
    if not isinstance(curated, list) or not all(isinstance(d, str) for d in curated):
        problem, expected = "the documents marked curated are not a list of document ids", '"curated": ["doc1"]'
        curated = []
    if data.get("format") != SAVE_FORMAT:
        problem, expected = (f"the saved decisions are of format {data.get('format')!r}, written by another "
                             f"version"), f'"format": {SAVE_FORMAT}'
    if "schema" in data and data["schema"] != schema_tag("curation"):
        problem, expected = (f"the saved decisions are of schema {data['schema']!r}, written by another "
                             f"version"), f'"schema": "{schema_tag("curation")}"'
    return SavedCuration(policy, entries, len(decisions), problem, expected, tuple(dict.fromkeys(curated)))


def _entries(path: str, decisions: Sequence[object]) -> tuple[tuple[Entry, ...], str, str]:
    """The well-formed decisions, and what is wrong with the first other one."""
    entries: list[Entry] = []
    problem = expected = ""
    for raw in decisions:
        try:
            entries.append(_entry(path, raw))
        except FormatError as exc:
            problem, expected = (problem, expected) if problem else (exc.problem.message, exc.problem.expected)
    return tuple(entries), problem, expected


def _salvage(path: str, text: str, key: str, problem: str) -> SavedCuration:
    """The decisions of a file cut short (the program or machine stopped while it was written): each
    whole decision before the cut, when the file names these inputs and a policy."""
    inputs = re.search(r'"inputs":\s*"([0-9a-f]*)"', text)
    policy = re.search(r'"policy":\s*"([^"\\]*)"', text)
    start = re.search(r'"decisions":\s*\[', text)
    if inputs is None or inputs.group(1) != key or policy is None or start is None:
        return SavedCuration("majority", (), 0, problem, "a JSON file")
    decoder = json.JSONDecoder()
    found: list[object] = []
    at = start.end()
    while True:
        at = _skip(text, at)
        try:
            raw, at = decoder.raw_decode(text, at)
        except (ValueError, RecursionError):
            break
        found.append(raw)
    entries, _, _ = _entries(path, found)
    return SavedCuration(policy.group(1), entries, len(found), problem, "a JSON file")


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\r\n,":
        at += 1
    return at


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def _free_name(folder: str, key: str, kind: str) -> Iterator[str]:
    """`curation-<key>.<kind>-<time>.json`, then `-2`, `-3` ... (an earlier one is never overwritten)."""
    stem = save_path(folder, key)[: -len(".json")] + f".{kind}-{_stamp()}"
    yield stem + ".json"
    for n in range(2, 10_000):
        yield f"{stem}-{n}.json"


def place(source: str, target: str) -> bool:
    """Move `source` to `target` unless `target` is there (False then, `source` left): a hard link where the
    file system has them (atomic), else a rename after a look."""
    try:
        os.link(source, target)
    except FileExistsError:
        return False
    except OSError:  # no hard links on this file system
        if os.path.lexists(target):
            return False
        os.replace(source, target)
        return True
    os.unlink(source)
    return True


def set_aside(folder: str, key: str) -> str:
    """Move the saved file away, bytes untouched, to a new name (returned): kept for the user or a newer
    version, before the next save writes the decisions that could be replayed."""
    path = save_path(folder, key)
    try:
        for name in _free_name(folder, key, "unreadable"):
            if place(path, name):  # never over an earlier aside file
                return name
    except OSError as exc:
        raise FormatError(path, 0, f"cannot keep the saved decisions aside ({exc.strerror or exc})",
                          "a folder that can be written") from exc
    raise FormatError(path, 0, "cannot keep the saved decisions aside (too many kept)", "fewer aside files")


def write_unsaved(folder: str, key: str, names: Sequence[str], policy: str, entries: Sequence[Entry],
                  curated: Sequence[str] = ()) -> str:
    """The decisions a window could no longer save (another window took the curation over) in a file of
    their own, in the saved format, under a new name (returned)."""
    try:
        os.makedirs(folder, exist_ok=True)
        for name in _free_name(folder, key, "unsaved"):
            try:
                with open(name, "x", encoding="utf-8") as handle:
                    handle.write(_data(key, names, policy, entries, curated))
            except FileExistsError:
                continue
            return name
    except OSError as exc:
        raise folder_error(folder, exc) from exc
    raise FormatError(folder, 0, "cannot write the decisions aside (too many kept)", "fewer aside files")


def replay_kept(curation: Curation, entries: Sequence[Entry]) -> tuple[Curation, tuple[Entry, ...], str]:
    """The saved decisions made again, in order, skipping any that does not fit these inputs: the
    curation, the decisions made, and why the first refused one was refused ("" when none was)."""
    by_key = {d.key: d for d in curation.disagreements}
    kept: list[Entry] = []
    refused = ""
    for entry in entries:
        try:
            curation = apply_entry(curation, entry, by_key.get((entry[0], entry[1])))
        except (FormatError, ValueError) as exc:
            refused = refused or (exc.problem.message if isinstance(exc, FormatError) else str(exc))
            continue
        kept.append(entry)
    return curation, tuple(kept), refused


def resume_note(saved: SavedCuration, kept: int, refused: str, aside: str) -> str:
    """What a window says when a saved file could not be replayed whole ("" when it could)."""
    problem = saved.problem or refused
    if not problem and kept == saved.total:
        return ""
    where = f" The file as it was is kept as {aside}." if aside else ""
    return (f"The saved decisions could not all be replayed ({problem}): kept {kept} of {saved.total} "
            f"decisions.{where}")


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


def revert_item(curation: Curation, log: Sequence[Entry], key: tuple[str, int]) -> tuple[Curation, tuple[Entry, ...]]:
    """Undo the decisions of one item, whenever they were made (an earlier session's too): its document is made
    again from the policy and the document's other decisions are replayed in order; the curation and the log
    without the item's entries. Decisions only change their own document, so the others stay as they are."""
    doc_id = key[0]
    kept = tuple(e for e in log if (e[0], e[1]) != key)
    replayed, done, _ = replay_kept(reset_document(curation, doc_id), [e for e in kept if e[0] == doc_id])
    refused = [e for e in kept if e[0] == doc_id and e not in done]
    return replayed, tuple(e for e in kept if e not in refused)
