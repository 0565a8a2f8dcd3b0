"""One rule for a relation line: the C kernel's `relations` (what `-a` reads of each kernel-scored document,
`evmeval.cli.sequencing_fastpath`) against its plain form `evmeval.io.tbf.document_relations`, on generated
corpora and random documents with malformed lines. The kernel either reads a document exactly as the plain
form does or declines it (None: the Python path decides, with its `file:line:` messages)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from evmeval.cli import fastpath
from evmeval.io.tbf import document_relations
from evmeval.model import Relation
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.core.test_kernel import _corpus, needs_kernel
from tests.core.test_kernel_sequencing import _generated, same

_kernel: Any = fastpath._kernel


def kernel_relations(data: bytes, start: int, end: int, line: int) -> tuple[Relation, ...] | None:
    rows = _kernel.relations(data, start, end, line)
    return None if rows is None else tuple(map(Relation._make, rows))


def plain_relations(data: bytes, start: int, end: int, line: int) -> tuple[Relation, ...] | None:
    return document_relations(data[start:end].decode("utf-8"), path="f.tbf", first_line=line)


@needs_kernel
@pytest.mark.parametrize("seed", [3, 8])
def test_every_document_of_a_generated_corpus_is_read_alike(seed: int, tmp_path: Path) -> None:
    args = _generated(tmp_path, seed, "--seq-extra-rate", "0.3", "--seq-reverse-rate", "0.2", "--seq-unknown-rate",
                      "0.1")
    for path in (args[1], args[3]):
        data = Path(path).read_bytes()
        parsed = _kernel.parse(data, data, args[5], ".tab")
        assert parsed is not None
        places = _kernel.places(parsed[0])[0]
        assert len(places) == 14
        linked = 0
        for _, start, end, line in places:
            kernel = kernel_relations(data, start, end, line)
            assert kernel is not None and kernel == plain_relations(data, start, end, line)
            assert all(r.line > line and data.split(b"\n")[r.line - 1].startswith(b"@" + r.kind.encode())
                       for r in kernel)
            linked += sum(r.kind in ("After", "Subevent") for r in kernel)
        assert linked > 20


PIECES = ["E1", "E2", "E3", "", ",", ",,", " ", "\t", "\r", "é", "\u3000", "R1", "x"]
KINDS = ["After", "Subevent", "Coreference", "Other", "After ", " After", "", "after"]


@st.composite
def relation_line(draw: st.DrawFn) -> str:
    """A relation line: three in four `@Kind\tid\tE1,E2` as written, the others with stray blanks, fields
    or characters anywhere."""
    ids = ",".join(draw(st.lists(st.sampled_from(["E1", "E2", "E3", "E9", ""]), min_size=1, max_size=4)))
    if draw(st.integers(0, 3)):
        return f"@{draw(st.sampled_from(KINDS[:4]))}\t{draw(st.sampled_from(['R1', 'R22']))}\t{ids}"
    kind = draw(st.sampled_from(KINDS))
    fields = [kind, draw(st.sampled_from(["R1", "R22", "", " R3", "R\u00e94"])),
              draw(st.lists(st.sampled_from(PIECES), min_size=1, max_size=4).map("".join))]
    if draw(st.integers(0, 4)) == 0:
        fields = fields[:draw(st.integers(0, 3))] + draw(st.lists(st.sampled_from(PIECES), max_size=2))
    return draw(st.sampled_from(["", "", "", " ", "\t"])) + "@" + "\t".join(fields) + draw(
        st.sampled_from(["", "", "", " ", "\t", "\r", "\u3000"]))


@st.composite
def document(draw: st.DrawFn) -> tuple[bytes, int, int, int]:
    """One document's bytes within a file (start, end, first line), sometimes badly framed."""
    lines = [draw(st.sampled_from(["#BeginOfDocument d1"] * 12 + ["#BeginOfDocument", " #BeginOfDocument d1",
                                                                   "#BeginOfDocument d 1", "g\td1\tE1"]))]
    for _ in range(draw(st.integers(0, 5))):
        lines.append(draw(st.one_of(
            relation_line(), relation_line(), relation_line(), relation_line(), relation_line(),
            st.sampled_from(["g\td1\tE1\tt1\ta\tb\tc", "g\td1\tE2\tt2\ta\tb\tc", "g\td2\tE3\tt3\ta\tb\tc",
                             "g\td1\tE1", "# note", "", "#BeginOfDocument d2", "#EndOfDocument", " g"]))))
    lines.append(draw(st.sampled_from(["#EndOfDocument"] * 12 + ["#EndOfDocument ", "#EndOfDocuments", "x"])))
    before = draw(st.sampled_from(["", "# header\n", "#BeginOfDocument d0\n#EndOfDocument\n"]))
    body = "\n".join(lines)
    data = (before + body + "\n").encode("utf-8")
    return data, len(before.encode("utf-8")), len(before.encode("utf-8")) + len(body.encode("utf-8")), \
        before.count("\n") + 1


@needs_kernel
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=document())
def test_random_documents_are_read_alike_or_left_to_python(doc: tuple[bytes, int, int, int]) -> None:
    kernel = kernel_relations(*doc)
    event("kernel declined" if kernel is None else "kernel read it")
    if kernel is not None:
        assert kernel == plain_relations(*doc)


@needs_kernel
def test_a_bad_range_is_refused_not_read() -> None:
    with pytest.raises(ValueError, match="within data"):
        _kernel.relations(b"#BeginOfDocument d1\n#EndOfDocument\n", 5, 99, 1)


VALID = ("#BeginOfDocument d1\n"
         "gold\td1\tE1\tt1\tsaid\tContact_Meet\tActual\n"
         "gold\td1\tE2\tt2\tmet\tContact_Meet\tActual\n"
         "gold\td1\tE3\tt3\tleft\tMovement_Transport\tActual\n"
         "{links}#EndOfDocument\n")

MALFORMED = {
    # name: (relation lines of the gold document, what stderr says)
    "two fields": ("@After\tR1\n", "gold.tbf:5: relation line has 2 tab-separated fields"),
    "four fields": ("@After\tR1\tE1,E2\tE3\n", "gold.tbf:5: relation line has 4 tab-separated fields"),
    "three ids in a link": ("@After\tR1\tE1,E2\n@Subevent\tR2\tE1,E2,E3\n",
                            "gold.tbf:6: @Subevent relation 'R2' names 3"),
    "a blank in an id": ("@After\tR1\tE1, E2\n", "gold.tbf:5: mention id(s) ' E2' of the relation hold a blank"),
    "an unknown kind": ("@Before\tR1\tE1,E2\n@After\tR2\tE2,E3\n", "gold.tbf:5"),
    "an empty id": ("@After\tR1\tE1,\n", "gold.tbf:5"),
}


@needs_kernel
@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_relation_lines_say_the_same_file_and_line_on_both_paths(case: str, tmp_path: Path) -> None:
    links, said = MALFORMED[case]
    gold = VALID.format(links=links)
    system = VALID.format(links="@After\tR1\tE1,E2\n").replace("gold\t", "sys\t")
    tables = {"d1": "".join(f"t{k}\tw{k}\t{3 * k}\t{3 * k + 1}\n" for k in range(6))}
    kernel = same([*_corpus(tmp_path, gold, system, tables), "-nv"], tmp_path)
    assert said in kernel[3]
