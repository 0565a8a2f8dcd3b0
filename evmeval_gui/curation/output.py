"""What the Curate mode writes from a curated set: the set itself (tbf file or brat folder), and the files the
scoring mode opens to score the annotators against it (*Score annotators against it*).

Split out of `curation.mode` (a module per part, each under 600 lines). Every path goes through the output checks
(`check_output_paths`: no input overwritten) and `write_atomic`.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable

from evmeval.agreement.curation import Curation, write_curated, write_curated_brat
from evmeval.io.errors import FormatError
from evmeval.io.loading import TextSource, TokenSource, input_folders
from evmeval.io.tbf import format_tbf
from evmeval.io.tokens import DEFAULT_EXTENSION
from evmeval.io.writing import check_output_paths, write_atomic

from evmeval_gui.agreement.state import LoadedAgreement
from evmeval_gui.dialogs import TBF_FILTER
from evmeval_gui.model.corpus import OpenRequest
from evmeval_gui.modes import WindowPort

InputFolders = list[tuple[str | None, tuple[str, ...]]]


def input_files(loaded: LoadedAgreement) -> list[str]:
    """The annotation sets' files (a brat folder's files are in `input_folders_of`)."""
    return [p for p in loaded.request.paths if not os.path.isdir(p)]


def input_folders_of(loaded: LoadedAgreement) -> InputFolders:
    """The folders the annotation sets are read from (token tables, texts, brat folders)."""
    request = loaded.request
    brat = [(p, ("",)) for p in request.paths if os.path.isdir(p)]
    return [*input_folders(request.token_dir, DEFAULT_EXTENSION, request.text_dir), *brat]


def export_curated(port: WindowPort, loaded: LoadedAgreement, curation: Curation, kind: str, target: str | None,
                   choose_folder: Callable[[str], str | None]) -> list[str]:
    """Write the curated set: "tbf" (a file) or "brat" (a folder), asking where when `target` is None; returns what
    was written (nothing: cancelled, or the problem reported)."""
    folders = input_folders_of(loaded)
    try:
        if kind == "tbf":
            path = target or port.choose_save_path("Export the curated set", "curated.tbf", TBF_FILTER)
            if path is None:
                return []
            written = [write_curated(curation, path, input_folders=folders).path]
        else:
            folder = target or choose_folder("Export the curated set as brat files")
            if folder is None:
                return []
            texts = TextSource(next((d for d in loaded.text_dirs if d), None))
            written = write_curated_brat(curation, folder, tables=TokenSource(loaded.request.token_dir).table,
                                         texts=texts.text, inputs=input_files(loaded), input_folders=folders)
    except FormatError as exc:
        port.report_problem(exc.problem)
        return []
    port.show_message(f"Curated set written: {written[0]}" + (f" and {len(written) - 1} more"
                                                              if len(written) > 1 else ""), 10000)
    return written


def write_for_scoring(port: WindowPort, loaded: LoadedAgreement, curation: Curation,
                      folder: str | None) -> OpenRequest | None:
    """The curated set as gold and every annotator as a system (brat folders written as tbf beside it), in `folder`
    (None: a new temporary one); the request that opens them (None: the problem reported)."""
    folder = folder or tempfile.mkdtemp(prefix="evmeval-curated-")
    gold = os.path.join(folder, "curated.tbf")
    paths = loaded.request.paths
    written = {k: os.path.join(folder, f"annotator{k + 1}.tbf") for k, path in enumerate(paths)
               if not (os.path.isfile(path) and path.lower().endswith(".tbf"))}
    folders = input_folders_of(loaded)
    try:  # every file checked before the first is written
        check_output_paths([gold, *written.values()], input_files(loaded), input_folders=folders)
        write_curated(curation, gold, input_folders=folders)
        systems = []
        for k, path in enumerate(paths):
            if k not in written:
                systems.append(path)
                continue
            write_atomic(written[k], format_tbf(list(loaded.files[k].documents.values())))
            systems.append(written[k])
    except FormatError as exc:
        port.report_problem(exc.problem)
        return None
    return OpenRequest(gold, tuple(systems), loaded.request.token_dir, next((d for d in loaded.text_dirs if d), None))
