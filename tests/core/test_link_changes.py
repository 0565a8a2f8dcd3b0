"""What changed from run a to run b, link by link (issue 36, section 3): the coreference and sequencing links
whose outcome changed, each with a reason code. The changes reconcile exactly with the difference of the
counts behind the link figures the comparison prints (BLANC's coreference links; v1.8's temporal awareness),
and those counts are the scorers' own (hypothesis over random corpora with clusters and links); a hand-made
case names each reason."""

from __future__ import annotations

from evmeval.compare.link_changes import LinkReason, link_text, reconcile_links
from evmeval.compare.runs import compare_results
from evmeval.compare.significance import ResampleSettings
from evmeval.coref.scoring import score_coreference
from evmeval.io.tbf import parse_tbf
from evmeval.mention.changes import FOUND, MISSED, SPURIOUS, ItemState, ItemTally
from evmeval.mention.scoring import score_files
from evmeval.model import SpanMode, TbfFile
from evmeval.sequencing.scoring import published_awareness
from hypothesis import given
from hypothesis import strategies as st

from tests.core.test_invariants import SETTINGS

FEW = ResampleSettings(20, 1, 0.95)
TYPES = ("Conflict_Attack", "Life_Die")


@st.composite
def side(draw: st.DrawFn, doc_id: str, gold: list[tuple[int, str]], prefix: str) -> list[str]:
    """One side's lines of a document: mentions (for a run: some gold mentions, maybe shifted or retyped,
    and extra ones), a partition into coreference clusters, After and Subevent links acyclic over them."""
    if prefix == "G":
        mentions = [(f"{10 * k},{10 * k + 4}", t) for k, t in gold]
    else:
        mentions = []
        for k, t in gold:
            how = draw(st.sampled_from(("exact", "exact", "shifted", "retyped", "dropped")))
            if how == "dropped":
                continue
            span = f"{10 * k + 2},{10 * k + 6}" if how == "shifted" else f"{10 * k},{10 * k + 4}"
            mentions.append((span, TYPES[1 - TYPES.index(t)] if how == "retyped" else t))
        mentions += [(f"{10 * k + 200},{10 * k + 204}", TYPES[0]) for k in range(draw(st.integers(0, 2)))]
    n = len(mentions)
    lines = [f"r\t{doc_id}\t{prefix}{k}\t{span}\tw{k}\t{t}\tActual" for k, (span, t) in enumerate(mentions)]
    if n < 2:
        return lines
    cluster_of = draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n))
    groups: dict[int, list[int]] = {}
    for k, c in enumerate(cluster_of):
        groups.setdefault(c, []).append(k)
    lines += [f"@Coreference\tC{c}\t" + ",".join(f"{prefix}{k}" for k in members)
              for c, members in groups.items() if len(members) > 1]
    for kind in ("After", "Subevent"):
        rank = draw(st.permutations(sorted(groups)))
        for a, b in draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=5)):
            if rank.index(cluster_of[a]) < rank.index(cluster_of[b]):
                lines.append(f"@{kind}\tR{len(lines)}\t{prefix}{a},{prefix}{b}")
    return lines


@st.composite
def three_files(draw: st.DrawFn) -> tuple[TbfFile, TbfFile, TbfFile]:
    texts = ["", "", ""]
    for doc_id in draw(st.lists(st.sampled_from(("d1", "d2")), min_size=1, max_size=2, unique=True)):
        gold = [(k, draw(st.sampled_from(TYPES))) for k in range(draw(st.integers(2, 6)))]
        for n, prefix in enumerate("GAB"):
            body = "\n".join(draw(side(doc_id, gold, prefix)))
            texts[n] += f"#BeginOfDocument {doc_id}\n{body}\n#EndOfDocument\n"
    files = [parse_tbf(t, path=f"{p}.tbf", mode=SpanMode.CHAR)[0] for t, p in zip(texts, ("gold", "a", "b"),
                                                                                   strict=True)]
    return files[0], files[1], files[2]


def _figure_counts(comparison, kind: str, run: int, gold: TbfFile, system: TbfFile) -> ItemTally:
    """The counts the figures are computed from, asked of the scorers themselves."""
    result = comparison.systems[run].result
    if kind == "coreference":
        c = score_coreference(result, gold, system, combination="mention_type").total.blanc.coref
        return ItemTally(c.recall_num, c.recall_den - c.recall_num, c.precision_num, c.precision_den - c.precision_num)
    name = {"sequencing_subevent": "Subevent", "sequencing_after": "After", "sequencing_all": "All"}[kind]
    documents = published_awareness(result, gold, system, mapping="mention_type")[0][name]
    recall = sum(d.recall_matched for d in documents)
    precision = sum(d.precision_matched for d in documents)
    return ItemTally(recall, sum(d.gold_links for d in documents) - recall, precision,
                     sum(d.system_links for d in documents) - precision)


@SETTINGS
@given(three_files())
def test_link_changes_reconcile_with_the_figures_counts(files):
    gold, a, b = files
    results = [score_files(gold, a), score_files(gold, b)]
    comparison = compare_results(results, settings=FEW, files=(gold, (a, b)), sequencing_of=published_awareness)
    for kind in comparison.link_kinds:
        for run, system in enumerate((a, b)):
            assert comparison.link_tally(run, kind) == _figure_counts(comparison, kind, run, gold, system)
        changes = comparison.link_changes(0, 1, kind)
        assert reconcile_links(changes) == comparison.link_tally(1, kind) - comparison.link_tally(0, kind)
        for change in changes:
            assert change.before != change.after and change.reasons
            assert link_text(change)
    same = compare_results([results[0], results[0]], settings=FEW, files=(gold, (a, a)),
                           sequencing_of=published_awareness)
    assert all(same.link_changes(0, 1, k) == () for k in same.link_kinds)


GOLD = """#BeginOfDocument d
r\td\tE1\t0,4\tw1\tConflict_Attack\tActual
r\td\tE2\t10,14\tw2\tConflict_Attack\tActual
r\td\tE3\t20,24\tw3\tConflict_Attack\tActual
r\td\tE4\t30,34\tw4\tConflict_Attack\tActual
r\td\tE5\t40,44\tw5\tConflict_Attack\tActual
@Coreference\tC1\tE1,E2
@After\tR1\tE3,E4
@After\tR2\tE2,E3
#EndOfDocument
"""
RUN_A = """#BeginOfDocument d
r\td\tA1\t0,4\tw1\tConflict_Attack\tActual
r\td\tA2\t10,14\tw2\tConflict_Attack\tActual
r\td\tA3\t20,24\tw3\tConflict_Attack\tActual
r\td\tA4\t30,34\tw4\tConflict_Attack\tActual
r\td\tA5\t40,44\tw5\tConflict_Attack\tActual
@Coreference\tC1\tA1,A2
@After\tR1\tA3,A4
@After\tR2\tA2,A3
#EndOfDocument
"""
RUN_B = """#BeginOfDocument d
r\td\tB1\t0,4\tw1\tLife_Die\tActual
r\td\tB2\t10,14\tw2\tConflict_Attack\tActual
r\td\tB3\t20,24\tw3\tConflict_Attack\tActual
r\td\tB4\t30,34\tw4\tConflict_Attack\tActual
r\td\tB5\t40,44\tw5\tConflict_Attack\tActual
@Coreference\tC1\tB1,B2
@Coreference\tC2\tB4,B5
@After\tR1\tB4,B3
@Subevent\tR2\tB2,B3
#EndOfDocument
"""


def test_link_reasons_by_hand():
    """Run b retypes E1 (its coreference link loses the mention), links E4 and E5 as coreferent, reverses
    After E3→E4 (a two-way pair only across runs) and turns After E2→E3 into Subevent."""
    gold, a, b = (parse_tbf(t, path=p, mode=SpanMode.CHAR)[0] for t, p in
                  ((GOLD, "gold.tbf"), (RUN_A, "a.tbf"), (RUN_B, "b.tbf")))
    comparison = compare_results([score_files(gold, a), score_files(gold, b)], settings=FEW, files=(gold, (a, b)),
                                 sequencing_of=published_awareness)
    coref = {link_text(c): c for c in comparison.link_changes(0, 1, "coreference")}
    e1e2 = coref["E1 “w1” — E2 “w2”"]
    assert (e1e2.before, e1e2.after, e1e2.reasons) == (ItemState(FOUND, FOUND), ItemState(MISSED),
                                                        (LinkReason.MENTION_LOST,))
    e4e5 = coref["E4 “w4” — E5 “w5”"]
    assert (e4e5.before, e4e5.after, e4e5.reasons) == (ItemState(), ItemState(system=SPURIOUS),
                                                        (LinkReason.LINK_ADDED,))
    # B1 is aligned with no gold mention: its link to E2 is b's own spurious link, an end named by B1
    assert coref["E2 “w2” — system B1 “w1”"].after == ItemState(system=SPURIOUS)
    assert reconcile_links(tuple(coref.values())) == ItemTally(-1, 1, -1, 2)
    after = {link_text(c): c for c in comparison.link_changes(0, 1, "sequencing_all")}
    reversed_link = after["E3 “w3” → E4 “w4” (After)"]
    assert reversed_link.before == ItemState(FOUND, FOUND) and reversed_link.after == ItemState(MISSED)
    assert reversed_link.reasons == (LinkReason.RELATION_TYPE,)
    assert after["E2 “w2” → E3 “w3” (Subevent)"].reasons == (LinkReason.RELATION_TYPE,)
    assert after["E4 “w4” → E3 “w3” (After)"].after.system == SPURIOUS
    for kind in comparison.link_kinds:
        assert reconcile_links(comparison.link_changes(0, 1, kind)) == \
            comparison.link_tally(1, kind) - comparison.link_tally(0, kind)


def test_link_changes_in_the_text_json_csv_and_html(tmp_path):
    """The demo's pair: the Link changes table, `link_changes` in the JSON, link_changes.csv and the HTML say
    the same, and the items add up to the difference of the runs' counts."""
    import csv
    import io
    import json
    import subprocess
    from pathlib import Path

    from tests.programs import installed

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    done = subprocess.run([installed("evmeval-compare"), "-g", "gold.tbf", "-s", "system_a.tbf", "-s",
                           "system_b.tbf", "-t", "tkn", "--resamples", "50", "--json", str(tmp_path / "c.json"),
                           "--csv", str(tmp_path / "csv"), "--html", str(tmp_path / "c.html")],
                          capture_output=True, text=True, check=False, timeout=120, cwd=demo)
    assert done.returncode == 0, done.stderr
    coref = json.loads((tmp_path / "c.json").read_text())["pairs"][0]["link_changes"]["coreference"]
    a, b, delta = coref["a"], coref["b"], coref["delta"]
    assert delta == {k: b[k] - a[k] for k in a}
    # system_b has no coreference lines: every link system_a found is now missed, its spurious ones are gone
    assert b == {"gold_found": 0, "gold_missed": a["gold_found"] + a["gold_missed"], "system_found": 0,
                 "system_spurious": 0}
    assert delta == {"gold_found": -17, "gold_missed": 17, "system_found": -17, "system_spurious": -5}
    assert coref["count"] == len(coref["items"]) == 22 == sum(coref["reasons"].values())
    row = next(line for line in done.stdout.splitlines() if line.startswith("  system_a  system_b  Coreference ")
               and line.rstrip().endswith("-17            +17             -17          -5"))
    assert " 22 " in row
    assert "demo_border_clash E3 “attacked” — E4 “attack”: gold found, system found → gold missed (mention-lost)" \
        in done.stdout
    rows = list(csv.DictReader(io.StringIO((tmp_path / "csv" / "link_changes.csv").read_text())))
    coref_rows = [r for r in rows if r["links"] == "coreference"]
    assert len(coref_rows) == 22
    assert sum(r["after_gold"] == "missed" for r in coref_rows) - sum(r["before_gold"] == "missed"
                                                                      for r in coref_rows) == 17
    page = (tmp_path / "c.html").read_text()
    assert "Changed links (Coreference): 22 (14 mention-lost, 8 link-removed)" in page
    assert "Δ gold found -17 · Δ gold missed +17 · Δ system found -17 · Δ spurious -5" in page


def test_relation_figures_and_link_changes_read_one_list_of_kinds() -> None:
    """The relation figures (`compare.relations`) and the link changes name the sequencing evaluations from one
    list (they had a copy each), and every kind of link change has the figure's label it reconciles with."""
    from evmeval.compare import link_changes, relations

    assert relations.SEQUENCING_EVALUATIONS is link_changes.SEQUENCING_EVALUATIONS
    assert relations.COREFERENCE is link_changes.COREFERENCE
    assert set(link_changes.LINK_KINDS) <= set(relations.KIND_LABELS)
