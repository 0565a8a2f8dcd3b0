"""`model.first_document`: one document cut out of both tbf files and scored on its own gives the
corpus result's figures for it, exactly; anything unusual gives no first document (no Qt)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.align.strategies import STRATEGY_NAMES
from evmeval.mention.outcomes import mapping_rows
from evmeval.mention.type_names import type_names
from evmeval.rules import COMBINATIONS
from hypothesis import given, settings
from hypothesis import strategies as st

from evmeval_gui.model.corpus import OpenRequest, demo_request, load_and_score, make_request
from evmeval_gui.model.first_document import first_document
from tests.gui.corpus_factory import write_corpus


def assert_same_document(request: OpenRequest, doc_id: str, mapping: str, system_index: int = 0) -> None:
    """The document read with the files' bytes in hand, and read at its place in the files indexed by the
    gold's first document (as a click while the corpus is scored reads it), are the corpus result's."""
    opened = first_document(request, system_index, mapping=mapping)
    assert opened is not None and opened.files is not None
    _corpus, result = load_and_score(request, system_index, mapping=mapping)
    corpus_names = type_names(result.documents)
    for first in (first_document(request, system_index, doc_id=doc_id, mapping=mapping),
                  first_document(request, system_index, doc_id=doc_id, mapping=mapping, files=opened.files)):
        assert first is not None and first.doc_id == doc_id
        whole, alone = result.document(doc_id), first.document
        assert (alone.gold, alone.system, alone.in_system) == (whole.gold, whole.system, whole.in_system)
        assert alone.scores == whole.scores
        for combination in COMBINATIONS:
            assert mapping_rows(alone, combination) == mapping_rows(whole, combination)
        assert dict(first.type_names) == {t: corpus_names.name(t) for t in first.type_names}


def published_requests(evmeval_data: Path) -> list[OpenRequest]:
    token = evmeval_data / "scoring_demo" / "token_based"
    char = evmeval_data / "scoring_demo" / "char_based"
    return [make_request(str(token / "gold.tbf"), [str(token / f"sample_system_{x}.tbf") for x in "ABCD"]),
            make_request(str(char / "gold.tbf"), [str(char / "system_A.tbf")])]


@pytest.mark.parametrize("mapping", STRATEGY_NAMES)
def test_every_document_of_the_published_and_demo_data_scores_the_same_alone(evmeval_data, mapping):
    for request in [*published_requests(evmeval_data), demo_request()]:
        _corpus, result = load_and_score(request)
        for index in range(len(request.systems)):
            for doc in result.documents:
                assert_same_document(request, doc.doc_id, mapping, index)


def test_without_a_doc_id_the_gold_file_s_first_document(tmp_path):
    corpus = write_corpus(tmp_path / "c")
    first = first_document(make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")]), mapping="greedy")
    assert first is not None and first.doc_id == "doc1"
    assert first.doc_ids == ("doc1", "doc2", "doc3")
    assert first.files is not None and first.files.gold.path == str(corpus / "gold.tbf")


def test_a_document_missing_from_the_system_file_is_scored_as_not_in_it(tmp_path):
    corpus = write_corpus(tmp_path / "c")
    request = make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    assert_same_document(request, "doc3", "greedy")
    first = first_document(request, doc_id="doc3", mapping="greedy")
    assert first is not None and not first.document.in_system and first.document.system == ()


UNUSUAL = {
    "text before the first document": lambda gold: "sys\tdoc0\tE1\tt1\tx\tLife_Die\tActual\n" + gold,
    "a document twice": lambda gold: gold + gold,
    "an unclosed first document": lambda gold: gold.replace("#EndOfDocument", "", 1),
    "a byte order mark": lambda gold: "\ufeff" + gold,
    "no document": lambda gold: "\n",
}


@pytest.mark.parametrize("change", sorted(UNUSUAL))
def test_unusual_gold_files_give_no_first_document(tmp_path, change):
    corpus = write_corpus(tmp_path / "c")
    gold = corpus / "gold.tbf"
    gold.write_text(UNUSUAL[change](gold.read_text(encoding="utf-8")), encoding="utf-8")
    assert first_document(make_request(str(gold), [str(corpus / "system.tbf")]), mapping="greedy") is None


def test_a_white_list_or_a_missing_folder_gives_no_first_document(tmp_path):
    corpus = write_corpus(tmp_path / "c")
    (corpus / "types.txt").write_text("Conflict_Attack\n", encoding="utf-8")
    gold, system = str(corpus / "gold.tbf"), str(corpus / "system.tbf")
    assert first_document(make_request(gold, [system], white_list=str(corpus / "types.txt")), mapping="greedy") is None
    assert first_document(make_request(gold, [system], token_dir=str(corpus / "nowhere")), mapping="greedy") is None
    assert first_document(make_request(gold, [system]), mapping="greedy") is not None


@settings(max_examples=25, deadline=None)
@given(order=st.permutations(["doc1", "doc2", "doc3"]), crlf=st.booleans(), blank=st.sampled_from(["", "\n", "  \n"]),
       wanted=st.sampled_from([None, "doc1", "doc2", "doc3"]))
def test_reordered_files_with_any_line_ends_score_the_same_alone(tmp_path_factory, order, crlf, blank, wanted):
    corpus = write_corpus(tmp_path_factory.mktemp("c") / "c")
    for name in ("gold.tbf", "system.tbf"):
        path = corpus / name
        blocks = {}
        for block in path.read_text(encoding="utf-8").split("#BeginOfDocument ")[1:]:
            blocks[block.split("\n", 1)[0].strip()] = "#BeginOfDocument " + block
        text = blank + blank.join(blocks[d] for d in order if d in blocks)
        path.write_bytes(text.replace("\n", "\r\n" if crlf else "\n").encode("utf-8"))
    request = make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    first = first_document(request, doc_id=wanted, mapping="greedy")
    assert first is not None and first.doc_id == (wanted or order[0])
    assert_same_document(request, first.doc_id, "greedy")


SYSTEM_FRAMING = {
    # v1.8 files these lines in doc2 (or drops doc2's): the whole file decides, never the block alone
    "a mention line between documents": lambda s: s.replace("#BeginOfDocument doc2",
                                                            "sys\tdoc2\tS9\tt3\tx\tLife_Die\tActual\n"
                                                            "#BeginOfDocument doc2"),
    "an unclosed document before it": lambda s: s.replace("#EndOfDocument\n#BeginOfDocument doc2",
                                                          "#BeginOfDocument doc2"),
    "a second #EndOfDocument after it": lambda s: s + "#EndOfDocument\n",
}


@pytest.mark.parametrize("change", sorted(SYSTEM_FRAMING))
def test_system_lines_v18_files_in_another_document_give_no_first_document(tmp_path, change):
    corpus = write_corpus(tmp_path / "c")
    system = corpus / "system.tbf"
    system.write_text(SYSTEM_FRAMING[change](system.read_text(encoding="utf-8")), encoding="utf-8")
    request = make_request(str(corpus / "gold.tbf"), [str(system)])
    assert first_document(request, doc_id="doc2", mapping="greedy") is None
    corpus_loaded, result = load_and_score(request)
    assert corpus_loaded.warnings_for(0)  # read as v1.8 reads it, and said so
    assert result.document("doc2").in_system or change == "an unclosed document before it"


def test_a_white_list_with_a_byte_order_mark_loads_with_the_cli_s_warning(tmp_path):
    corpus = write_corpus(tmp_path / "c")
    types = corpus / "types.txt"
    types.write_bytes(b"\xef\xbb\xbfConflict_Attack\n")
    request = make_request(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], white_list=str(types))
    loaded, _result = load_and_score(request)
    assert loaded.white_list_types == frozenset({"conflictattack"})
    assert any(w.startswith(f"{types}:1: starts with a UTF-8 byte order mark") for w in loaded.warnings_for(0))


def test_types_are_spelt_as_the_whole_files_spell_them_before_the_corpus_is_scored(tmp_path):
    """doc1's system writes LIFE.DIE; doc2's gold, read before any system line, writes Life_Die: the
    corpus shows Life_Die, and so does the first document while the corpus is scored."""
    gold = ("#BeginOfDocument doc1\ng\tdoc1\tE1\t0,5\tRiots\tConflict_Attack\tActual\n#EndOfDocument\n"
            "#BeginOfDocument doc2\ng\tdoc2\tE1\t0,4\tDied\tLife_Die\tActual\n#EndOfDocument\n")
    system = ("#BeginOfDocument doc1\ns\tdoc1\tS1\t0,5\tRiots\tCONFLICT.ATTACK\tActual\n"
              "s\tdoc1\tS2\t6,9\tdie\tLIFE.DIE\tActual\n#EndOfDocument\n")
    (tmp_path / "gold.tbf").write_text(gold, encoding="utf-8")
    (tmp_path / "system.tbf").write_text(system, encoding="utf-8")
    request = make_request(str(tmp_path / "gold.tbf"), [str(tmp_path / "system.tbf")])
    first = first_document(request, mapping="greedy")
    assert first is not None
    assert dict(first.type_names) == {"conflictattack": "Conflict_Attack", "lifedie": "Life_Die"}
    assert type_names(first.result.documents).name("lifedie") == "LIFE.DIE"  # what the window showed before


@pytest.mark.parametrize("accent", ["", "é"])
def test_spellings_read_the_files_only_as_far_as_the_types_shown(tmp_path, accent):
    """The first spellings are read from the file a chunk at a time until every type shown has one (here
    within the first of 12,000 documents), ASCII or not; a type the gold file never writes reads it to its
    end, once."""
    filler = "".join(f"#BeginOfDocument d{k}\ng\td{k}\tE1\t0,4\tDied{accent}\tLife_Die\tActual\n#EndOfDocument\n"
                     for k in range(12000))
    gold = "#BeginOfDocument doc1\ng\tdoc1\tE1\t0,5\tRiots\tConflict_Attack\tActual\n#EndOfDocument\n" + filler
    system = ("#BeginOfDocument doc1\ns\tdoc1\tS1\t0,5\tRiots\tCONFLICT.ATTACK\tActual\n#EndOfDocument\n"
              "#BeginOfDocument d7\ns\td7\tS1\t0,4\tDied\tLIFE.DIE\tActual\n"
              "s\td7\tS2\t5,9\tshot\tConflict_Shoot\tActual\n#EndOfDocument\n")
    (tmp_path / "gold.tbf").write_text(gold, encoding="utf-8")
    (tmp_path / "system.tbf").write_text(system, encoding="utf-8")
    request = make_request(str(tmp_path / "gold.tbf"), [str(tmp_path / "system.tbf")])
    first = first_document(request, mapping="greedy")
    assert first is not None and first.files is not None
    assert dict(first.type_names) == {"conflictattack": "Conflict_Attack"}
    size = len(gold.encode("utf-8"))
    assert 0 < first.files.gold_names.offset < size // 4
    other = first_document(request, doc_id="d7", mapping="greedy", files=first.files)
    assert other is not None
    assert dict(other.type_names) == {"lifedie": "Life_Die", "conflictshoot": "Conflict_Shoot"}
    assert first.files.gold_names.offset == size  # Conflict_Shoot is no gold type: the gold read to its end
    _corpus, result = load_and_score(request)
    assert type_names(result.documents).name("conflictshoot") == "Conflict_Shoot"


def test_a_jsonl_corpus_is_indexed_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 34: the document index of a JSONL pair (a tuple per line) is made with no cyclic collection in it: a
    full one, in a window holding Qt's and the library's objects, held the interpreter 15-22 ms (the window
    unanswering); what the scan made is frozen with the rest once the collector runs again."""
    import gc

    from evmeval.conventions import first_document as core

    from tests.shipped import EXAMPLES

    seen: list[bool] = []
    made = core.index_documents

    def index(gold: str, system: str):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        return made(gold, system)

    monkeypatch.setattr(core, "index_documents", index)
    was = gc.isenabled()
    gc.enable()
    try:
        request = make_request(str(EXAMPLES / "maven_ere_gold.jsonl"), [str(EXAMPLES / "maven_ere_pred.jsonl")])
        first = first_document(request, 0, mapping=STRATEGY_NAMES[0])
        assert gc.isenabled()
    finally:
        if not was:
            gc.disable()
    assert first is not None and first.doc_id
    assert seen == [False]
