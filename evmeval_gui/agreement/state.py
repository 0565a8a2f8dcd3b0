"""What the Agreement mode opens: 2..N annotation sets (tbf files, brat folders or `.ann` files).

Pure Python (no Qt), like `evmeval_gui.model.corpus`: `load_and_compare` is the work function the window
runs in the background, with the plain `progress(done, total)` / `cancelled()` callables of the core;
`pair_comparison` turns one pair of annotators into the `LoadedCorpus` / `ScoreResult` the document
list, text view and mapping table already show (annotator i in the gold role). Inputs are only read.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from evmeval._util.progress import CancelCheck, Cancelled, Progress
from evmeval.io.brat import ANN_EXTENSION
from evmeval.io.convert import is_brat_input, read_annotation_set
from evmeval.io.errors import FormatError, Problem
from evmeval.io.loading import LoadedInputs, TextSource, TokenSource, sibling_folder
from evmeval.io.tbf import guess_mode
from evmeval.mention.scoring import ScoreResult
from evmeval.model import SpanMode, TbfFile

from evmeval_gui.model.corpus import LoadCancelled, LoadedCorpus, OpenRequest
from evmeval_gui.model.recent import RecentKind, absolute_path

if TYPE_CHECKING:  # the agreement scoring loads with the first comparison, not at launch
    from evmeval.agreement.scoring import IaaResult, PairAgreement

Status = Callable[[str], None]

NO_TABLE = re.compile(r"no token table for document '([^']*)'")
"""How `evmeval.io.convert` reports a brat document without a token table (it leaves the document out)."""

DEMO_ANNOTATORS = ("gold.tbf", "system_a.tbf", "system_b.tbf")
"""The demo's three files, compared as if three annotators had made them."""


@dataclass(frozen=True)
class AgreementRequest:
    """The annotation sets the user chose, in order (their numbers [1], [2], … follow it).

    `token_dir` None: character offsets (brat offsets stay characters); `text_dir` None: texts are
    looked for beside each input (see `text_folder`).
    """

    paths: tuple[str, ...]
    token_dir: str | None = None
    text_dir: str | None = None
    ann_extension: str = ANN_EXTENSION
    """What brat file names end with (`-ae`): `.tkn.ann` makes `X.tkn.ann` document X, read with `X.tab`."""

    @property
    def name(self) -> str:
        """For titles and messages: the annotators' short names."""
        return ", ".join(display_names(self.paths))

    def to_json(self) -> dict[str, object]:
        return {"agreement": list(self.paths), "token_dir": self.token_dir, "text_dir": self.text_dir,
                "ann_extension": self.ann_extension}

    @classmethod
    def from_json(cls, data: object) -> AgreementRequest | None:
        """The request stored by `to_json`, or None when `data` is not one."""
        if not isinstance(data, dict):
            return None
        paths = data.get("agreement")
        if not isinstance(paths, list) or len(paths) < 2 or not all(isinstance(p, str) for p in paths):
            return None
        token_dir, text_dir, ext = data.get("token_dir"), data.get("text_dir"), data.get("ann_extension")
        return cls(tuple(paths), token_dir if isinstance(token_dir, str) else None,
                   text_dir if isinstance(text_dir, str) else None,
                   ext if isinstance(ext, str) and ext else ANN_EXTENSION)


def display_names(paths: Sequence[str]) -> tuple[str, ...]:
    """Short, distinct names: the file or folder name, with its parent folder when two would clash."""
    def tail(path: str, parts: int) -> str:
        pieces = os.path.normpath(os.path.abspath(path)).split(os.sep)
        return "/".join(pieces[-parts:])

    names = [tail(p, 1) for p in paths]
    for parts in (2, 3, 4):
        clashing = {n for n in names if names.count(n) > 1}
        if not clashing:
            break
        names = [tail(p, parts) if n in clashing else n for p, n in zip(paths, names, strict=True)]
    return tuple(names)


def find_token_dir(paths: Sequence[str]) -> str | None:
    """`tkn/` beside one of the inputs: beside a brat folder or `.ann` file, or beside a tbf file whose
    spans are token ids (a `tkn/` beside character-offset tbf files would change how they are read)."""
    for path in paths:
        if not os.path.exists(path):
            continue
        if not is_brat_input(path) and guess_mode(path) is not SpanMode.TOKEN:
            continue
        found = sibling_folder(path, "tkn")
        if found is not None:
            return found
    return None


def find_text_dir(paths: Sequence[str]) -> str | None:
    """`txt/` beside one of the inputs (brat folders usually hold their own texts; see `text_folder`)."""
    for path in paths:
        found = sibling_folder(path, "txt")
        if found is not None:
            return found
    return None


def _missing(request: AgreementRequest) -> list[str]:
    folders = [d for d in (request.token_dir, request.text_dir) if d]
    return [p for p in request.paths if not os.path.exists(p)] + [d for d in folders if not os.path.isdir(d)]


AGREEMENT_ENTRY = RecentKind(
    AgreementRequest, AgreementRequest.from_json, lambda r: f"Agreement: {r.name}", lambda r: list(r.paths),
    lambda r: AgreementRequest(tuple(os.path.abspath(p) for p in r.paths), absolute_path(r.token_dir),
                               absolute_path(r.text_dir), r.ann_extension),
    _missing)
"""An agreement study in Open recent (registered by the window with `RecentEntries.register`)."""


def make_agreement_request(paths: Sequence[str], *, token_dir: str | None = None,
                           text_dir: str | None = None, ann_extension: str = ANN_EXTENSION) -> AgreementRequest:
    """A request with the token and text folders found automatically when not given."""
    paths = tuple(paths)
    return AgreementRequest(paths, token_dir if token_dir is not None else find_token_dir(paths),
                            text_dir if text_dir is not None else find_text_dir(paths), ann_extension)


def demo_agreement_request() -> AgreementRequest:
    """The bundled demo's gold and system files as three annotators; `FormatError` when absent."""
    from evmeval_resources import demo_dir

    folder = str(demo_dir())
    paths = tuple(os.path.join(folder, name) for name in DEMO_ANNOTATORS)
    missing = [p for p in paths if not os.path.isfile(p)]
    if missing:
        raise FormatError(missing[0], 0, "the demo corpus is not installed",
                          "gold.tbf, system_a.tbf and system_b.tbf in resources/demo")
    return make_agreement_request(paths)


def text_folder(path: str, text_dir: str | None) -> str | None:
    """Where one annotator's document texts are: the chosen folder, else the brat folder itself when it
    holds `.txt` files (brat keeps each text beside its `.ann`), else `txt/` beside the input."""
    if text_dir is not None:
        return text_dir
    if is_brat_input(path):
        folder = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))
        try:
            if any(name.endswith(".txt") for name in os.listdir(folder)):
                return folder
        except OSError:
            pass
    return sibling_folder(path, "txt")


@dataclass(frozen=True)
class LoadedAgreement:
    """The annotation sets, read, and every pairwise figure among them."""

    request: AgreementRequest
    files: tuple[TbfFile, ...]
    names: tuple[str, ...]
    result: IaaResult
    problems: tuple[Problem, ...]
    text_dirs: tuple[str | None, ...]

    @property
    def size(self) -> int:
        return len(self.files)

    def documents_without_tokens(self) -> list[str]:
        """Documents a brat set has but no token table was found for (left out of the comparison)."""
        found = [NO_TABLE.search(p.message) for p in self.problems]
        return sorted({m.group(1) for m in found if m is not None})

    def pair(self, i: int, j: int) -> PairAgreement:
        """Annotator i (gold role) against annotator j."""
        return self.result.pair(i, j)

    def document_counts(self) -> tuple[int, ...]:
        """How many documents each annotator's set holds."""
        return tuple(len(f.documents) for f in self.files)


def load_and_compare(request: AgreementRequest, *, progress: Progress | None = None,
                     cancelled: CancelCheck | None = None, status: Status | None = None) -> LoadedAgreement:
    """Read every annotation set, then compute every pairwise agreement and Fleiss' kappa.

    Raises `FormatError` (unreadable input, fewer than two sets, token and character spans mixed) and
    `LoadCancelled` (checked between files and between documents).
    """
    def check() -> None:
        if cancelled is not None and cancelled():
            raise LoadCancelled()

    if len(request.paths) < 2:
        raise FormatError(request.paths[0] if request.paths else "", 0, "agreement needs two annotation sets",
                          "two or more tbf files or brat folders")
    names = display_names(request.paths)
    files: list[TbfFile] = []
    problems: list[Problem] = []
    for number, path in enumerate(request.paths):
        check()
        if status:
            status(f"Reading {names[number]}…")
        if progress:
            progress(0, 0)
        if not os.path.exists(path):
            raise FormatError(path, 0, "not found", "a tbf file, a brat .ann file or a folder of them")
        tbf, found = read_annotation_set(path, token_dir=request.token_dir, ann_extension=request.ann_extension)
        files.append(tbf)
        problems.extend(found)
    check()
    if status:
        status(f"Comparing {len(files)} annotators…")
    from evmeval.agreement.scoring import compare_annotators

    try:
        result = compare_annotators(files, names, progress=progress, cancelled=cancelled)
    except Cancelled:
        raise LoadCancelled() from None
    except ValueError as exc:  # token and character spans mixed
        raise FormatError(request.paths[0], 0, str(exc),
                          "annotation sets of one kind: all token spans (give a token folder) or all "
                          "character offsets") from None
    text_dirs = tuple(text_folder(p, request.text_dir) for p in request.paths)
    return LoadedAgreement(request, tuple(files), names, result, tuple(problems), text_dirs)


def pair_comparison(loaded: LoadedAgreement, i: int, j: int) -> tuple[LoadedCorpus, ScoreResult]:
    """Annotators i (gold role) and j as a corpus and result the scoring views can show.

    The numbers are the agreement ones (`PairAgreement.score_result`: symmetric mapping, every
    document of either set); texts come from i's folder, else j's.
    """
    result = loaded.pair(i, j).score_result()
    request = loaded.request
    texts = loaded.text_dirs[i] or loaded.text_dirs[j]
    inputs = LoadedInputs(gold=loaded.files[i], system=loaded.files[j], tokens=TokenSource(request.token_dir),
                          texts=TextSource(texts), problems=loaded.problems)
    corpus = LoadedCorpus(OpenRequest(request.paths[i], (request.paths[j],), request.token_dir, texts), (inputs,),
                          (tuple(str(p) for p in loaded.problems),))
    return corpus, result
