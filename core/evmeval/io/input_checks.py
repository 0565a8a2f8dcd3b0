"""The one list of input warnings: what the published scorer would not stop for, in one place.

`evmeval-score` prints these on stderr (then the scorer's own warnings) and the window lists them under
its ⚠ button: reading problems, duplicate ids, relations naming unknown mentions and, in token mode,
token ids missing from their tables or documents without a token table.
"""

from __future__ import annotations

from evmeval._util.progress import CancelCheck
from evmeval.io.loading import LoadedInputs
from evmeval.io.validate import check_files, in_file_order


def input_warnings(inputs: LoadedInputs, cancelled: CancelCheck | None = None) -> list[str]:
    """Every non-fatal problem of a gold and a system file, checked on both (token ids with a token folder);
    `cancelled`: checked between documents."""
    unknown_ids = inputs.tokens.unknown_ids if inputs.tokens.folder else None
    problems = in_file_order(list(inputs.problems) + check_files([inputs.gold, inputs.system], unknown_ids,
                                                                  cancelled),
                             [inputs.gold.path, inputs.system.path])
    return [str(p) for p in problems]
