"""Issue 34: a shown MAVEN document's text is read from its line as far as the text goes (`parse_document_text`),
not through its events: the same text and token table the whole corpus gives it, its sentences checked as before."""

from __future__ import annotations

import json
from pathlib import Path

from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from evmeval.conventions.first_document import document_text_and_tokens, index_gold
from evmeval.io.errors import FormatError
from evmeval.io.maven import parse_document, parse_document_text
from hypothesis import given
from hypothesis import strategies as st

from tests.shipped import EXAMPLES

TOKEN = st.text(alphabet=st.sampled_from("ab. é"), max_size=3)
SENTENCES = st.lists(st.lists(TOKEN, min_size=1, max_size=5), min_size=1, max_size=4)


def _document(doc_id: str, sentences: list[list[str]]) -> dict:
    events = [{"id": f"E{k}", "type": "Attack", "type_id": 5,
               "mention": [{"id": f"M{k}", "trigger_word": s[0], "sent_id": k, "offset": [0, 1]}]}
              for k, s in enumerate(sentences)]
    return {"id": doc_id, "title": doc_id, "content": [{"sentence": " ".join(s), "tokens": s} for s in sentences],
            "events": events, "negative_triggers": []}


@given(SENTENCES)
def test_the_text_only_parse_reads_the_sentences_the_whole_parse_reads(sentences: list[list[str]]) -> None:
    value = _document("D", sentences)
    whole, text = parse_document("g", 3, value), parse_document_text("g", 3, value)
    assert (text.id, text.title, text.content, text.line) == (whole.id, whole.title, whole.content, whole.line)
    assert text.events is None and text.candidates is None


def test_a_sentence_that_is_not_one_is_still_a_problem() -> None:
    value = _document("D", [["a", "b"]])
    value["content"][0]["tokens"] = ["a", 3]
    for parse in (parse_document, parse_document_text):
        try:
            parse("g", 1, value)
        except FormatError as exc:
            assert "sentence 0" in str(exc)
        else:
            raise AssertionError(f"{parse.__name__} took a number for a token")


def test_each_document_shows_the_text_and_tokens_the_whole_corpus_gives_it(tmp_path: Path) -> None:
    gold = tmp_path / "gold.jsonl"
    lines = EXAMPLES.joinpath("maven_gold.jsonl").read_text(encoding="utf-8").splitlines()
    lines.append(json.dumps(_document("LONG", [["w1", "w2", ""], ["w3"], ["x", "y", "z"]] * 50)))
    gold.write_text("\n".join(lines) + "\n", encoding="utf-8")
    system = EXAMPLES / "maven_pred.jsonl"
    whole = event_inputs(Input(str(gold), gold.read_bytes()), Input(str(system), system.read_bytes())).inputs
    index = index_gold(str(gold))
    assert index is not None
    for doc_id in index.doc_ids:
        found = document_text_and_tokens(index, doc_id)
        assert found is not None
        text, table = found
        assert text == whole.texts.text(doc_id)
        assert table.tokens == whole.tokens.table(doc_id).tokens  # type: ignore[union-attr]
