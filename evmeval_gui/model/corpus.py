"""What the window opens: a gold file, one or more system files, token and text folders.

Pure Python (no Qt): `load_corpus` and `score_system` are the work functions the window runs in the
background; they take the plain `progress(done, total)` / `cancelled()` callables core functions
take. Inputs are only ever read.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from evmeval._util.progress import CancelCheck, Cancelled, Progress, stop_if_cancelled
from evmeval.align.strategies import DEFAULT_STRATEGY
from evmeval.io.errors import FormatError, Problem
from evmeval.io.input_checks import input_warnings
from evmeval.io.loading import LoadedInputs, load_inputs, read_type_whitelist, sibling_folder
from evmeval.io.reading import read_bytes
from evmeval.io.tbf import guess_mode, read_tbf
from evmeval.mention.scoring import ScoreResult, score_files
from evmeval.model import SpanMode, TbfFile

from evmeval_gui.model import collector

if TYPE_CHECKING:
    from evmeval.conventions.corpus import EventCorpus

Status = Callable[[str], None]


LoadCancelled = Cancelled
"""The core's one `Cancelled`: the user cancelled (or a newer job superseded) loading or scoring."""


@dataclass(frozen=True)
class OpenRequest:
    """Paths the user chose; `token_dir` None means character mode."""

    gold: str
    systems: tuple[str, ...]
    token_dir: str | None = None
    text_dir: str | None = None
    white_list: str | None = None
    """A type white list file (`-wl`): other types are dropped on both sides, as `evmeval-score -wl` does."""
    grounding: str | None = None
    """String predictions: the grounding rule (`--grounding`; None: `first`), as `evmeval-score` names it."""
    options: tuple[tuple[str, str], ...] = ()
    """A convention's options given (`evmeval.conventions.options.given_options`: `window_size`, `ontology`, …, as
    text), applied to every convention of an event corpus's switchboard that reads them."""

    @property
    def name(self) -> str:
        """A short name for titles and recent-file menus: `system vs gold (folder)`, then the options given
        (`[--window-size 300]`)."""
        systems = ", ".join(os.path.basename(s) for s in self.systems)
        folder = os.path.basename(os.path.dirname(os.path.abspath(self.gold)))
        return f"{systems} vs {os.path.basename(self.gold)}" + (f" ({folder})" if folder else "") + (
            f" [{self.options_text}]" if self.options else "")

    @property
    def options_text(self) -> str:
        """The options given as `evmeval-score` takes them (`--window-size 300 --ontology roles.json`)."""
        return " ".join(f"--{name.replace('_', '-')} {os.path.basename(value) if name in FILE_OPTIONS else value}"
                        for name, value in self.options)

    def to_json(self) -> dict[str, object]:
        return {"gold": self.gold, "systems": list(self.systems), "token_dir": self.token_dir,
                "text_dir": self.text_dir, "white_list": self.white_list, "grounding": self.grounding,
                "options": dict(self.options)}

    @classmethod
    def from_json(cls, data: object) -> OpenRequest | None:
        """The request stored by `to_json`, or None when `data` is not one (old or edited settings)."""
        if not isinstance(data, dict):
            return None
        gold, systems = data.get("gold"), data.get("systems")
        if not isinstance(gold, str) or not isinstance(systems, list) or not systems:
            return None
        if not all(isinstance(s, str) for s in systems):
            return None
        token_dir, text_dir, white_list = data.get("token_dir"), data.get("text_dir"), data.get("white_list")
        grounding, options = data.get("grounding"), data.get("options")
        given = tuple((k, v) for k, v in options.items() if isinstance(k, str) and isinstance(v, str)) if isinstance(
            options, dict) else ()
        return cls(gold, tuple(systems), token_dir if isinstance(token_dir, str) else None,
                   text_dir if isinstance(text_dir, str) else None,
                   white_list if isinstance(white_list, str) else None,
                   grounding if isinstance(grounding, str) else None, given)


def make_request(gold: str, systems: list[str] | tuple[str, ...], *, token_dir: str | None = None,
                 text_dir: str | None = None, white_list: str | None = None,
                 grounding: str | None = None, options: tuple[tuple[str, str], ...] = ()) -> OpenRequest:
    """A request with the folders found automatically when not given.

    `tkn/` beside the gold file is used when the gold spans look like token ids (a `tkn/` folder
    beside a character-offset file is left alone, since it would change how spans are read);
    `txt/` beside the gold file is the text folder.
    """
    if is_event_corpus(gold):  # the tokens and texts are in the files: no folders
        return OpenRequest(gold, tuple(systems), token_dir, text_dir, white_list, grounding, options)
    if token_dir is None and guess_mode(gold) is SpanMode.TOKEN:
        token_dir = sibling_folder(gold, "tkn")
    if text_dir is None:
        text_dir = sibling_folder(gold, "txt")
    return OpenRequest(gold, tuple(systems), token_dir, text_dir, white_list)


FLIPS_SHOWN = 200
"""The flips of each group (a pair of conventions, a reason) an event corpus keeps, the others counted: those the
Conventions dock lists (all of a 4,480-document TextEE corpus's were 50 MB, issue 34)."""
FILE_OPTIONS = ("ontology", "coref_file")
"""The options that name a file (a title shows its name only)."""
EVENT_EXTENSIONS = (".jsonl", ".json")
"""Event-extraction files (TextEE, DyGIE++, MAVEN, MAVEN-ERE, CASIE): opened without token tables."""


def is_event_corpus(path: str) -> bool:
    """Whether `path` is an event-extraction input the library's one rule (`evmeval.conventions.input_format`)
    names: a JSON(L) file, a BioNLP folder or a CASIE folder; a tbf file or brat folder is not. A JSON
    file the rule cannot place still opens as one, so that its reading names what is wrong."""
    lowered = path.lower()
    if not (lowered.endswith(EVENT_EXTENSIONS) or os.path.isdir(path)):
        return False  # a tbf corpus loads none of the conventions
    from evmeval.conventions import input_format

    try:
        found = input_format(path)
    except FormatError:  # a folder of no annotation, or a JSON file no convention reads
        return lowered.endswith(EVENT_EXTENSIONS)
    return found not in ("tbf", "brat")


def guess_roles(paths: list[str]) -> tuple[str | None, list[str]]:
    """Which of some dropped tbf (or event JSONL) files is the gold one: a name containing "gold", else
    the first. Event files are taken only when there is no tbf file (one kind per corpus)."""
    tbfs = sorted(p for p in paths if p.lower().endswith(".tbf")) or sorted(
        p for p in paths if is_event_corpus(p))
    if not tbfs:
        return None, []
    gold = next((p for p in tbfs if "gold" in os.path.basename(p).lower()), tbfs[0])
    return gold, [p for p in tbfs if p != gold]


@dataclass(frozen=True)
class LoadedCorpus:
    """The parsed inputs, one `LoadedInputs` per system file (all share gold, tokens and texts)."""

    request: OpenRequest
    inputs: tuple[LoadedInputs, ...]
    input_warnings: tuple[tuple[str, ...], ...] = ()
    """Per system: `evmeval.io.input_checks.input_warnings` (what `evmeval-score` prints), computed while loading."""
    white_list_types: frozenset[str] | None = None
    """The canonical types of the request's white list (None: no white list)."""
    events: tuple[EventCorpus, ...] = ()
    """Per system, for an event JSONL corpus: its tokens' source and the switchboard of every convention."""

    def warnings_for(self, index: int) -> list[str]:
        """The input warnings of one system, as the CLI prints them (reading problems when not computed)."""
        if 0 <= index < len(self.input_warnings):
            return list(self.input_warnings[index])
        return list(self.problems)

    @property
    def gold(self) -> TbfFile:
        return self.inputs[0].gold

    @property
    def mode(self) -> SpanMode:
        return self.inputs[0].mode

    @property
    def system_names(self) -> tuple[str, ...]:
        return tuple(i.system.run_name for i in self.inputs)

    @property
    def problems(self) -> tuple[str, ...]:
        """Every non-fatal input problem, once (the gold file's are repeated in each LoadedInputs)."""
        seen: dict[str, None] = {}
        for inputs in self.inputs:
            for problem in inputs.problems:
                seen.setdefault(str(problem), None)
        return tuple(seen)


def load_corpus(request: OpenRequest, *, progress: Progress | None = None, cancelled: CancelCheck | None = None,
                status: Status | None = None, check_inputs: bool = True) -> LoadedCorpus:
    """Read the gold file and every system file; raises `FormatError` or `LoadCancelled`.

    `check_inputs=False`: no `input_warnings` (a third of the loading time on a large corpus), for a
    caller that shows none: `--export-report` writes no warning into its files."""
    def check() -> None:
        if cancelled is not None and cancelled():
            raise LoadCancelled()

    if not request.systems:
        raise FormatError(request.gold, 0, "no system file given", "at least one system tbf file")
    if is_event_corpus(request.gold):
        return load_event_corpus(request, progress=progress, status=status, cancelled=cancelled)
    total = 1 + len(request.systems)
    if status:
        status(f"Reading {os.path.basename(request.gold)} and {os.path.basename(request.systems[0])}…")
    if progress:
        progress(0, total)
    first = load_inputs(request.gold, request.systems[0], token_dir=request.token_dir, text_dir=request.text_dir,
                        cancelled=cancelled)
    inputs = [first]
    if progress:
        progress(2, total)
    for number, path in enumerate(request.systems[1:], start=3):
        check()
        if status:
            status(f"Reading {os.path.basename(path)}…")
        system, problems = read_tbf(path, mode=first.mode, cancelled=cancelled)
        gold_problems = tuple(p for p in first.problems if p.path == first.gold.path)
        inputs.append(dataclasses.replace(first, system=system, problems=gold_problems + tuple(problems)))
        if progress:
            progress(number, total)
    check()
    if status:
        status("Checking the inputs…")
    white_list_problems: list[Problem] = []  # a byte order mark, as `evmeval-score -wl` warns of it
    white_list = read_type_whitelist(request.white_list, white_list_problems) if request.white_list else None
    extra = tuple(str(p) for p in white_list_problems)
    warnings = tuple(tuple(input_warnings(i, cancelled)) + extra for i in inputs) if check_inputs else ()
    check()
    return LoadedCorpus(request, tuple(inputs), warnings, white_list)


def load_event_corpus(request: OpenRequest, *, progress: Progress | None, status: Status | None,
                      cancelled: CancelCheck | None) -> LoadedCorpus:
    """An event gold input (TextEE, DyGIE++, MAVEN, MAVEN-ERE, CASIE, a BioNLP folder) and its prediction
    inputs: tokens and texts from the files, the mentions as tbf, and the switchboard of every convention
    that reads the format (all in the library). A pair read a document at a time reports each document
    (the systems' documents one after the other) and stops at the next one when `cancelled()`."""
    from evmeval.conventions.base import Input  # only for these corpora: a tbf corpus loads none of it
    from evmeval.conventions.corpus import STREAMED_GOLD, STREAMED_PAIR, event_inputs
    from evmeval.conventions.first_document import index_gold
    from evmeval.conventions.options import options_from

    def given(path: str) -> Input:  # a folder is read by its format's reader
        return Input(path) if os.path.isdir(path) else Input(path, read_bytes(path))

    index = index_gold(request.gold, cancelled)  # each document's text and tokens read from the gold file when shown
    streamed = index is not None and index.format in STREAMED_GOLD  # its stream reads the file: no bytes first
    pair = index is not None and index.format in STREAMED_PAIR  # both files read a document at a time
    gold = Input(request.gold) if streamed or pair else given(request.gold)
    options = options_from(dict(request.options), request.grounding) if request.options else None
    events = []
    count = len(request.systems)
    for number, path in enumerate(request.systems, start=1):
        stop_if_cancelled(cancelled)
        if status:
            status(f"Reading {os.path.basename(path)} and scoring it under every convention…")
        try:
            system = Input(path) if pair and os.path.isfile(path) else given(path)
            events.append(event_inputs(gold, system, request.grounding, index=index, options=options,
                                       keep_outcomes=False, flips_kept=FLIPS_SHOWN,
                                       progress=_of_systems(progress, number - 1, count), cancelled=cancelled))
        except ValueError as exc:  # an option no convention of the corpus reads (`options.board_input`)
            if options is None or isinstance(exc, FormatError):  # a bad file says what is wrong with it
                raise
            raise FormatError(request.gold, 0, str(exc), "options the corpus's conventions read (Convention "
                              "options…)") from None
        if progress:
            progress(number, count)
    stop_if_cancelled(cancelled)
    return LoadedCorpus(request, tuple(e.inputs for e in events), (), None, tuple(events))


def _of_systems(progress: Progress | None, before: int, count: int) -> Progress | None:
    """A system's per-document progress as a step of the whole load (`before` systems done of `count`)."""
    if progress is None:
        return None
    return lambda done, total: progress(before * total + done, count * total)


def score_system(corpus: LoadedCorpus, index: int, *, progress: Progress | None = None,
                 cancelled: CancelCheck | None = None, status: Status | None = None,
                 mapping: str = DEFAULT_STRATEGY) -> ScoreResult:
    """Score one system of the corpus with the v1.8 rules and the named mapping strategy; raises
    `LoadCancelled` when cancelled. Whether the files carry realis is found here too, off the GUI thread."""
    inputs = corpus.inputs[index]
    if status:
        status(f"Scoring {inputs.system.run_name}" + ("" if mapping == DEFAULT_STRATEGY else f" ({mapping} mapping)")
               + "…")
    try:
        result = score_files(inputs.gold, inputs.system, type_whitelist=corpus.white_list_types, progress=progress,
                             cancelled=cancelled, mapping=mapping)
        stop_if_cancelled(cancelled)  # (a check the jobs' gate holds the load at: the next is a pass over the corpus)
    except Cancelled:
        raise LoadCancelled() from None
    _ = result.carries_realis
    return result


def load_and_score(request: OpenRequest, system_index: int = 0, *, progress: Progress | None = None,
                   cancelled: CancelCheck | None = None, status: Status | None = None,
                   mapping: str = DEFAULT_STRATEGY) -> tuple[LoadedCorpus, ScoreResult]:
    """`load_corpus` then `score_system` for one system: what opening a corpus runs in the background."""
    with collector.paused():  # see collector: no cyclic collection while a million tuples are made
        corpus = load_corpus(request, progress=progress, cancelled=cancelled, status=status)
        index = min(max(system_index, 0), len(corpus.inputs) - 1)
        return corpus, score_system(corpus, index, progress=progress, cancelled=cancelled, status=status,
                                    mapping=mapping)


def demo_request() -> OpenRequest:
    """The bundled demo corpus (gold.tbf, system_a.tbf, system_b.tbf, tkn/, txt/); `FormatError` if absent."""
    from evmeval_resources import demo_dir

    folder = str(demo_dir())
    gold = os.path.join(folder, "gold.tbf")
    systems = sorted(os.path.join(folder, name) for name in os.listdir(folder)
                     if name.startswith("system") and name.endswith(".tbf")) if os.path.isdir(folder) else []
    if not os.path.isfile(gold) or not systems:
        raise FormatError(folder, 0, "the demo corpus is not installed",
                          "gold.tbf and system_*.tbf in resources/demo")
    return make_request(gold, systems)
