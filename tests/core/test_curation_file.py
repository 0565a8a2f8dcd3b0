"""A curation as one documented file (issue 34): the autosave and an exported curation are `curation/1`, valid
against resources/schemas/curation.schema.json; an import for other inputs is refused with a clear message; one
decision of an earlier session is reverted without touching the others."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evmeval._util.schemas import load_schema
from evmeval.agreement.curation import curate
from evmeval.agreement.curation_save import (
    Entry,
    export_curation,
    import_curation,
    inputs_key,
    load_decisions,
    replay_kept,
    revert_item,
    write_decisions,
)
from evmeval.io.errors import FormatError

from tests.core.test_curation import A, B, C

NAMES = ["A", "B", "C"]


def decisions() -> tuple[Entry, ...]:
    curation = curate([A, B, C], NAMES, "majority")
    first, second = curation.disagreements[:2]
    return ((*first.key, "accept", "2"), (*second.key, "reject", ""))


def test_export_then_import_gives_the_same_decisions_and_marks(tmp_path: Path) -> None:
    key = inputs_key([A, B, C])
    out = tmp_path / "handed-over.curation.json"
    export_curation(str(out), key, NAMES, "union", decisions(), curated=["d1"], inputs=["A.tbf"])
    data = json.loads(out.read_text(encoding="utf-8"))
    assert next(iter(data)) == "schema" and data["schema"] == "curation/1" and data["format"] == 1
    jsonschema = pytest.importorskip("jsonschema")
    assert not list(jsonschema.Draft202012Validator(load_schema("curation")).iter_errors(data))
    saved = import_curation(str(out), key)
    assert (saved.policy, saved.entries, saved.curated) == ("union", decisions(), ("d1",))
    # the autosave is the same format
    folder = tmp_path / "autosave"
    write_decisions(str(folder), key, NAMES, "union", decisions(), curated=["d1"])
    assert load_decisions(str(folder), key) == saved


def test_an_import_for_other_inputs_or_of_another_schema_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    export_curation(str(out), inputs_key([A, B]), NAMES[:2], "majority", ())
    mine = inputs_key([A, B, C])
    with pytest.raises(FormatError) as caught:
        import_curation(str(out), mine)
    assert str(caught.value.problem) == (
        f"{out}: the saved decisions belong to other inputs (annotation sets of content hash "
        f"{inputs_key([A, B])[:12]}…; these annotation sets are {mine[:12]}…) (expected a curation of these "
        "annotation sets (the same content, wherever the files are))")
    data = json.loads(out.read_text(encoding="utf-8"))
    out.write_text(json.dumps({**data, "inputs": mine, "schema": "curation/2"}), encoding="utf-8")
    with pytest.raises(FormatError, match="of schema 'curation/2', written by another version"):
        import_curation(str(out), mine)
    out.write_text("{\"schema\": \"curation/1\", \"decisions\": [", encoding="utf-8")
    with pytest.raises(FormatError, match="not whole JSON"):
        import_curation(str(out), mine)


def test_an_earlier_versions_file_without_schema_is_still_resumed(tmp_path: Path) -> None:
    key = inputs_key([A, B, C])
    folder = tmp_path / "autosave"
    path = Path(write_decisions(str(folder), key, NAMES, "majority", decisions()))
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["schema"], data["curated"]
    path.write_text(json.dumps(data), encoding="utf-8")
    saved = load_decisions(str(folder), key)
    assert saved is not None and not saved.problem and saved.entries == decisions() and saved.curated == ()


def test_reverting_one_item_of_an_earlier_session_keeps_the_others() -> None:
    start = curate([A, B, C], NAMES, "majority")
    log = decisions()
    resumed, kept, refused = replay_kept(start, log)
    assert kept == log and not refused
    first_key = (log[0][0], log[0][1])
    reverted, left = revert_item(resumed, kept, first_key)
    assert left == log[1:]
    # the same as a curation that never made the first decision
    only_second, _, _ = replay_kept(start, log[1:])
    assert reverted.curated == only_second.curated
    assert reverted.decisions == only_second.decisions and first_key not in reverted.decisions


def test_an_export_never_lands_on_an_input(tmp_path: Path) -> None:
    annotator = tmp_path / "anna.tbf"
    annotator.write_text("#BeginOfDocument d1\n#EndOfDocument\n", encoding="utf-8")
    with pytest.raises(FormatError, match="output would overwrite an input file"):
        export_curation(str(annotator), inputs_key([A, B, C]), NAMES, "majority", decisions(), inputs=[str(annotator)])
    assert annotator.read_text(encoding="utf-8") == "#BeginOfDocument d1\n#EndOfDocument\n"
