"""The window's memory for event JSONL corpora (issue 34): what a loaded corpus keeps is what the views
show, not the switchboard's every per-occurrence outcome nor both files' bytes; a MAVEN gold is streamed from its
file; a MAVEN token id is one string across documents. The Conventions dock's flips, verdicts and matching switch,
and the figures, are those of the library's full run on the same files."""

from __future__ import annotations

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs, event_switches
from evmeval.io.reading import read_bytes
from evmeval.mention.scoring import score_files

from evmeval_gui.model.corpus import load_and_score, make_request
from tests.shipped import EXAMPLES

PAIRS = {"textee": ("textee_gold.jsonl", "textee_pred.jsonl"),
         "dygiepp": ("dygiepp_gold.jsonl", "dygiepp_pred.jsonl"),
         "maven": ("maven_gold.jsonl", "maven_pred.jsonl"),
         "maven-ere": ("maven_ere_gold.jsonl", "maven_ere_pred.jsonl"),
         "strings": ("textee_gold.jsonl", "strings_pred.jsonl"),
         "switchboard": ("switchboard_gold.jsonl", "switchboard_pred.jsonl")}


def _given(path: str) -> Input:
    return Input(path, read_bytes(path))


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_the_loaded_corpus_keeps_no_outcomes_and_no_bytes_and_shows_the_same_flips(name: str) -> None:
    gold, system = (str(EXAMPLES / f) for f in PAIRS[name])
    corpus, _ = load_and_score(make_request(gold, [system]))
    kept = corpus.events[0]
    full = event_inputs(_given(gold), _given(system))
    # the library's run gives them (none: MAVEN's conventions); the window keeps what is made of them
    assert bool(full.switchboard.outcomes) == (name not in ("maven", "maven-ere"))
    assert kept.switchboard.outcomes == {}
    assert [p.to_json() for p in kept.switchboard.flips] == [p.to_json() for p in full.switchboard.flips]
    assert kept.switchboard.to_json() == full.switchboard.to_json()
    assert kept.verdicts == full.verdicts
    assert kept.ladder == full.ladder
    assert kept.scored is not None
    read_again = [i for i in kept.scored if i.grounding is None]
    assert read_again and all(i.data is None for i in read_again)  # read again from the file when asked
    assert {n: s.to_json() if hasattr(s, "to_json") else repr(s) for n, s in event_switches(kept).items()} == {
        n: s.to_json() if hasattr(s, "to_json") else repr(s) for n, s in event_switches(full).items()}


@pytest.mark.parametrize("name", ["maven", "maven-ere"])
def test_a_maven_gold_is_streamed_from_its_file_and_scores_the_same(monkeypatch, name: str) -> None:
    """The gold file's bytes were a quarter of the load's peak: the pair is read with the gold's stream reading
    the file (no bytes read first), and the figures are those of the library's full read."""
    from evmeval.conventions import corpus_formats

    given: list[bytes | None] = []
    streamed_pair = corpus_formats.streamed_pair

    def spy(found: str, gold: Input, system: Input, *rest: object):  # type: ignore[no-untyped-def]
        given.append(gold.data)
        return streamed_pair(found, gold, system, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(corpus_formats, "streamed_pair", spy)
    gold, system = (str(EXAMPLES / f) for f in PAIRS[name])
    corpus, result = load_and_score(make_request(gold, [system]))
    assert given == [None]
    full = event_inputs(_given(gold), _given(system))
    assert corpus.events[0].switchboard.to_json() == full.switchboard.to_json()
    assert corpus.events[0].inputs.gold.documents == full.inputs.gold.documents
    assert corpus.events[0].inputs.system.documents == full.inputs.system.documents
    expected = score_files(full.inputs.gold, full.inputs.system)
    assert {k: (v.tp, v.num_system, v.num_gold) for k, v in result.micro.items()} == {
        k: (v.tp, v.num_system, v.num_gold) for k, v in expected.micro.items()}


@pytest.mark.parametrize("name", ["maven", "maven-ere"])
def test_a_token_id_is_one_string_across_documents(name: str) -> None:
    """`0:t1` in two documents (or both runs) is one string: the window keeps every mention's token ids."""
    gold, system = (str(EXAMPLES / f) for f in PAIRS[name])
    corpus, _ = load_and_score(make_request(gold, [system]))
    tokens = [token for tbf in (corpus.gold, corpus.inputs[0].system) for doc in tbf.documents.values()
              for mention in doc.mentions for token in mention.span]
    first: dict[str, str] = {}
    assert len({first.setdefault(t, t) for t in tokens}) < len(tokens)  # some id recurs
    assert all(first[t] is t for t in tokens)


@pytest.mark.parametrize("name", ["maven", "maven-ere"])
def test_a_canonical_type_is_one_string_across_mentions(name: str) -> None:
    """A mention's canonical type (`Attack` -> `attack`) is one string for every mention of that type: a string
    per mention was 12 MB of a 4,480-document MAVEN corpus shown in the window (issue 34)."""
    gold, system = (str(EXAMPLES / f) for f in PAIRS[name])
    corpus, _ = load_and_score(make_request(gold, [system]))
    types = [mention.mention_type for tbf in (corpus.gold, corpus.inputs[0].system)
             for doc in tbf.documents.values() for mention in doc.mentions]
    first: dict[str, str] = {}
    assert len({first.setdefault(t, t) for t in types}) < len(types)  # some type recurs
    assert all(first[t] is t for t in types)


@pytest.mark.parametrize("name", ["maven", "maven-ere"])
def test_a_span_is_one_tuple_across_mentions(name: str) -> None:
    """The same tokens `("0:t1",)` in two mentions (of a document, of both runs, of two documents) are one tuple:
    a tuple per mention was 9-11 MB of a 4,480-document MAVEN or MAVEN-ERE corpus shown in the window (issue 34)."""
    gold, system = (str(EXAMPLES / f) for f in PAIRS[name])
    corpus, _ = load_and_score(make_request(gold, [system]))
    spans = [mention.span for tbf in (corpus.gold, corpus.inputs[0].system) for doc in tbf.documents.values()
             for mention in doc.mentions]
    first: dict[tuple[str, ...], tuple[str, ...]] = {}
    assert len({first.setdefault(s, s) for s in spans}) < len(spans)  # some span recurs
    assert all(first[s] is s for s in spans)


@pytest.mark.parametrize("name", ["maven", "maven-ere"])
def test_a_trigger_word_is_one_string_across_mentions(name: str) -> None:
    """The same trigger word in two mentions is one string (a string per mention was 5 MB of a 4,480-document
    MAVEN corpus shown in the window, issue 34)."""
    gold, system = (str(EXAMPLES / f) for f in PAIRS[name])
    corpus, _ = load_and_score(make_request(gold, [system]))
    texts = [mention.text for tbf in (corpus.gold, corpus.inputs[0].system) for doc in tbf.documents.values()
             for mention in doc.mentions]
    first: dict[str, str] = {}
    assert len({first.setdefault(t, t) for t in texts}) < len(texts)  # some word recurs
    assert all(first[t] is t for t in texts)
