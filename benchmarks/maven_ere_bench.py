"""The largest public corpus, in seconds (issue 26). One command: `python benchmarks/maven_ere_bench.py`.

A corpus of MAVEN-ERE's size — `gen_corpus.py --preset maven-ere --seed 26`: 4,480 documents, ~112k
mentions, ~102k coreference chains (singletons included), ~1.19M gold temporal links (@After, plus 20k
@Subevent) — is generated once into ~/.cache/evmeval-studio/ (never committed), converted into TextEE
(with `evmeval-convert --from tbf --to textee`), MAVEN and MAVEN-ERE (evmeval-convert has no such targets:
written here with the library's own MAVEN / MAVEN-ERE writers, see `to_maven`), then each goal is measured
as a whole process (wall time and peak RSS from wait4):

- `evmeval-score -t TKN -o -c -a --json`          <= 10 s, <= 1.5 GB
- the window (offscreen): first document painted  <= 0.5 s after launch (a quiet machine)
- the window: switching document                  <= 50 ms, every pending event processed (gui_bench.py)
- `evmeval-score --convention textee|maven|maven-ere` on the converted corpus  <= 2 s each

Prints a table: measure, ours (wall, median of --runs, min-max; and CPU seconds, user + system, which on a
loaded machine are nearer a quiet machine's wall time), goal, met (by the wall time), peak RSS; and the load.
Outputs of every run are kept under the cache folder's `out/` and their SHA-256 printed with --hashes,
so a change can be checked to leave them identical. Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GENERATOR = HERE / "gen_corpus.py"
SEED = 26
BIN = Path(sys.executable).parent


def cache_root() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "evmeval-studio"


def ensure_corpus(folder: Path, docs: int | None = None) -> Path:
    if not (folder / "corpus.json").is_file():
        print(f"generating {folder} (about a minute) …", file=sys.stderr)
        tmp = folder.with_name(folder.name + ".part")
        shutil.rmtree(tmp, ignore_errors=True)
        size = ["--docs", str(docs)] if docs else []
        subprocess.run([sys.executable, str(GENERATOR), "--preset", "maven-ere", "--seed", str(SEED), *size,
                        "--out", str(tmp)], check=True, stdout=subprocess.DEVNULL)
        tmp.rename(folder)
    return folder


class Sentences:
    """A document's tokens cut into sentences at '.' tokens, never inside one of `spans` (token positions)."""

    def __init__(self, words: list[str], spans: list[list[int]]) -> None:
        ends = {i + 1 for i, w in enumerate(words) if w == "."}
        for p in spans:
            if p:
                ends -= set(range(p[0] + 1, p[-1] + 1))
        self.sentence_of: list[int] = []
        self.bounds: list[tuple[int, int]] = []
        begin = 0
        for end in sorted(ends | {len(words)}):
            if end > begin:
                self.sentence_of += [len(self.bounds)] * (end - begin)
                self.bounds.append((begin, end))
                begin = end
        self.tokens = [words[b:e] for b, e in self.bounds]

    def place(self, p: list[int]) -> tuple[int, tuple[int, int]]:
        """(sentence, [start, end) in it) of the tokens at positions p."""
        s = self.sentence_of[p[0]]
        return s, (p[0] - self.bounds[s][0], p[-1] + 1 - self.bounds[s][0])


def _events(doc: Any, at: Any, sentences: Sentences, type_id: dict[str, int]) -> tuple[list[Any], dict[str, str]]:
    """The gold chains (@Coreference clusters, then lone mentions) as MAVEN events; mention id -> event id."""
    from evmeval.io import maven

    mention_of = {m.mention_id: m for m in doc.mentions}
    chains = [list(r.mention_ids) for r in doc.relations if r.kind == "Coreference"]
    clustered = {i for c in chains for i in c}
    chains += [[m.mention_id] for m in doc.mentions if m.mention_id not in clustered]
    events, event_of = [], {}
    for k, chain in enumerate(chains):
        mentions = []
        for mid in chain:
            mentions.append(maven.Mention(mid, mention_of[mid].text, *sentences.place(at(mention_of[mid]))))
            event_of[mid] = f"EV{k}"
        first = mention_of[chain[0]].mention_type
        events.append(maven.Event(f"EV{k}", first, type_id[first], mentions))
    return events, event_of


def _links(relations: Any, name_of: Any) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[list[str]]]:
    """(@After as pairs, @Subevent as pairs, @Coreference as clusters), ids through `name_of` (None: dropped)."""
    before, sub, clusters, seen = [], [], [], set()
    for r in relations:
        ids = [name_of(i) for i in r.mention_ids]
        if r.kind == "Coreference":
            kept = [i for i in dict.fromkeys(ids) if i and i not in seen]
            seen.update(kept)
            if kept:
                clusters.append(kept)
        elif len(ids) == 2 and ids[0] and ids[1] and ids[0] != ids[1]:
            (before if r.kind == "After" else sub).append((ids[0], ids[1]))
    return before, sub, clusters


def to_maven(corpus: Path, out: Path) -> None:
    """gold.tbf / system.tbf -> MAVEN (documents, submission) and MAVEN-ERE (documents, submission).

    Sentences end at '.' tokens (joined where a mention would cross one); a gold event is a gold chain
    (an @Coreference cluster or a lone mention), its type id the type's rank; a system mention stands
    for the gold mention of the same tokens (its type, clusters and links carried over to that id);
    @After a b -> BEFORE [a, b], @Subevent -> subevent_relations; no TIMEX, no causal relations."""
    from evmeval.io import maven, maven_ere
    from evmeval.io.tbf import read_tbf
    from evmeval.io.tokens import read_token_table, token_table_path
    from evmeval.model import SpanMode

    gold, _ = read_tbf(str(corpus / "gold.tbf"), mode=SpanMode.TOKEN)
    system, _ = read_tbf(str(corpus / "system.tbf"), mode=SpanMode.TOKEN)
    types = sorted({m.mention_type for d in gold.documents.values() for m in d.mentions})
    type_id = {t: i for i, t in enumerate(types, 1)}
    m_docs, m_subs, e_docs, e_subs = [], [], [], []
    for doc in gold.documents.values():
        table = read_token_table(token_table_path(str(corpus / "tkn"), doc.doc_id), doc_id=doc.doc_id)
        position = table.index()
        sys_doc = system.documents.get(doc.doc_id)
        sys_mentions = sys_doc.mentions if sys_doc else ()

        def at(m: Any, position: dict[str, int] = position) -> list[int]:
            return sorted(position[t] for t in m.span if t in position)

        sentences = Sentences([t.text for t in table.tokens], [at(m) for m in (*doc.mentions, *sys_mentions)])
        content = [maven.Sentence(" ".join(words), words) for words in sentences.tokens]
        events, event_of = _events(doc, at, sentences, type_id)
        m_docs.append(maven.Document(doc.doc_id, doc.doc_id, content, events, []))
        by_span = {tuple(at(m)): m.mention_id for m in doc.mentions}
        gold_id = {m.mention_id: by_span.get(tuple(at(m))) for m in sys_mentions}
        predicted: dict[str, int] = {}  # a gold mention's first system mention of its tokens
        for m in sys_mentions:
            if (gid := gold_id[m.mention_id]) and gid not in predicted:
                predicted[gid] = type_id.get(m.mention_type, 0)
        m_subs.append(maven.Submission(doc.doc_id, [maven.Prediction(g, t) for g, t in predicted.items()]))
        before, sub, _ = _links(doc.relations, event_of.get)
        e_docs.append(maven_ere.Document(doc.doc_id, doc.doc_id, sentences.tokens, [s.sentence for s in content],
                                         events, None, [], {"BEFORE": list(dict.fromkeys(before))}, {},
                                         list(dict.fromkeys(sub))))
        s_before, s_sub, clusters = _links(sys_doc.relations if sys_doc else (), gold_id.get)
        e_subs.append(maven_ere.Submission(doc.doc_id, clusters, {"BEFORE": s_before}, {}, s_sub))
    out.mkdir(parents=True, exist_ok=True)
    (out / "maven-gold.jsonl").write_text(maven.dumps_maven(m_docs), encoding="utf-8")
    (out / "maven-system.jsonl").write_text(maven.dumps_maven(m_subs), encoding="utf-8")
    (out / "maven-ere-gold.jsonl").write_text(maven_ere.dumps_maven_ere(e_docs), encoding="utf-8")
    (out / "maven-ere-system.jsonl").write_text(maven_ere.dumps_maven_ere(e_subs), encoding="utf-8")


def ensure_converted(corpus: Path) -> Path:
    conv = corpus / "converted"
    if (conv / "done").is_file():
        return conv
    shutil.rmtree(conv, ignore_errors=True)
    conv.mkdir()
    # TextEE pairs windows one to one: the system's documents that are not gold ones are left out, the
    # gold ones it lacks given empty
    gold_ids = re.findall(r"^#BeginOfDocument (\S+)", (corpus / "gold.tbf").read_text(), re.M)
    blocks = re.split(r"(?m)^(?=#BeginOfDocument )", (corpus / "system.tbf").read_text())
    kept = [b for b in blocks if not b.startswith("#BeginOfDocument ") or b.split(None, 2)[1] in set(gold_ids)]
    present = {b.split(None, 2)[1] for b in kept if b.startswith("#BeginOfDocument ")}
    kept += [f"#BeginOfDocument {d}\n#EndOfDocument\n" for d in gold_ids if d not in present]
    (conv / "system.tbf").write_text("".join(kept))
    for side, tbf in (("gold", corpus / "gold.tbf"), ("system", conv / "system.tbf")):
        subprocess.run([str(BIN / "evmeval-convert"), "--from", "tbf", "--to", "textee", "-t", str(corpus / "tkn"),
                        str(tbf), "-o", str(conv / f"textee-{side}")], check=True, stdout=subprocess.DEVNULL)
    # in a child process: this one stays small, so the measured processes forked from it start small
    subprocess.run([sys.executable, __file__, "--to-maven", str(corpus), str(conv)], check=True)
    (conv / "done").write_text("")
    return conv


def run(argv: Sequence[str], stdout: Path) -> tuple[float, float, int, float]:
    """One whole process: (wall seconds, peak RSS in MB, exit status, CPU seconds); its output into `stdout`
    and `stderr`. On a loaded machine the CPU seconds (user + system) are nearer a quiet machine's wall time."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: from compiled bytecode
    with open(stdout, "wb") as out, open(stdout.with_name("stderr"), "wb") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(list(argv), stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss / 1024, proc.returncode, usage.ru_utime + usage.ru_stime


def hash_tree(paths: Sequence[Path]) -> str:
    """The outputs' hash, each file read a megabyte at a time: this process stays small, and so do the measured
    processes started after it (a child's peak RSS counts what it was forked from: reading the combined run's
    outputs whole here showed 627 MB for rows of 453-574)."""
    h = hashlib.sha256()
    for path in paths:
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for f in files:
            h.update(f.name.encode() + b"\0")
            with open(f, "rb") as handle:
                while chunk := handle.read(1 << 20):
                    h.update(chunk)
    return h.hexdigest()[:16]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each measure (median; default 1)")
    parser.add_argument("--only", nargs="*", help="measures to run (score, window, textee, maven, maven-ere)")
    parser.add_argument("--hashes", action="store_true", help="print a hash of each measure's outputs")
    parser.add_argument("--docs", type=int, help="a smaller corpus of the same shape (a smoke test)")
    parser.add_argument("--to-maven", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.to_maven:
        to_maven(*args.to_maven)
        return 0
    name = f"maven-ere-seed{SEED}" + (f"-docs{args.docs}" if args.docs else "")
    corpus = ensure_corpus(cache_root() / name, args.docs)
    conv = ensure_converted(corpus)
    out = corpus / "out"
    score = str(BIN / "evmeval-score")
    measures: dict[str, tuple[str, float, list[str], list[Path]]] = {
        "score": ("evmeval-score -t -o -c -a --json", 10.0,
                  [score, "-g", str(corpus / "gold.tbf"), "-s", str(corpus / "system.tbf"), "-t", str(corpus / "tkn"),
                   "-o", str(out / "score" / "report.txt"), "-c", str(out / "score" / "coref"),
                   "-a", str(out / "score" / "seq"), "--json", str(out / "score" / "score.json")],
                  [out / "score"]),
    }
    for name, gold, system in (("textee", "textee-gold/gold.jsonl", "textee-system/system.jsonl"),
                               ("maven", "maven-gold.jsonl", "maven-system.jsonl"),
                               ("maven-ere", "maven-ere-gold.jsonl", "maven-ere-system.jsonl")):
        measures[name] = (f"--convention {name}", 2.0, [score, "--convention", name, "-g", str(conv / gold),
                                                          "-s", str(conv / system)], [out / name / "stdout"])
    chosen = args.only or [*measures, "window"]
    rows = []
    switch_detail: list[str] = []
    print(f"load before: {os.popen('uptime').read().strip()}", flush=True)
    for name in [m for m in measures if m in chosen]:
        title, goal, argv, outputs = measures[name]
        figures = []
        for _ in range(args.runs):
            shutil.rmtree(out / name, ignore_errors=True)
            (out / name).mkdir(parents=True)
            figures.append(run(argv, out / name / "stdout"))
        times = [f[0] for f in figures]
        status = {f[2] for f in figures}
        note = "" if status == {0} else f" exit {sorted(status)}"
        rows.append((title, times, [f[3] for f in figures], "s", goal, max(f[1] for f in figures), note,
                     hash_tree(outputs) if args.hashes else ""))
        print(f"  {title}: {statistics.median(times):.2f} s{note}", file=sys.stderr, flush=True)
    if "window" in chosen:
        sys.path.insert(0, str(HERE))
        import gui_bench

        runs = [f for f in (gui_bench.measure(corpus) for _ in range(args.runs)) if f]
        if runs:
            peak = max(f["peak_rss_mb"] for f in runs)
            rows.append(("window: first document painted", [f["launch_s"] for f in runs],
                         [f["launch_cpu_s"] for f in runs], "s", 0.5, peak, "", ""))
            rows.append((f"window: switch, median of {gui_bench.SWITCHES}", [f["switch_ms"] for f in runs],
                         [f["switch_cpu_ms"] for f in runs], "ms", 50.0, peak, "", ""))
            rows.append((f"window: first {gui_bench.FIRST} switches, slowest",
                         [max(f["switches_ms"][:gui_bench.FIRST]) for f in runs],
                         [max(f["switches_cpu_ms"][:gui_bench.FIRST]) for f in runs], "ms", 50.0, peak, "", ""))
            rows.append((f"window: switch, slowest of {gui_bench.SWITCHES}", [f["switch_max_ms"] for f in runs],
                         [max(f["switches_cpu_ms"]) for f in runs], "ms", 50.0, peak, "", ""))
            switch_detail = gui_bench.switch_lines(runs)
        else:
            rows.append(("window", [float("nan")], [], "s", 0.5, 0.0, " failed", ""))
    print(f"load after: {os.popen('uptime').read().strip()}")
    print(f"corpus: {corpus} ({corpus / 'corpus.json'})")
    print(f"{'measure':<36} {'ours: wall (min-max)':>24} {'cpu':>8} {'goal':>9} {'met':>4} {'peak RSS':>10}")
    for title, values, cpu, unit, goal, peak, note, digest in rows:
        med = statistics.median(values)
        spread = f"{med:.2f} ({min(values):.2f}-{max(values):.2f})" if len(values) > 1 else f"{med:.2f}"
        cpu_text = f"{statistics.median(cpu):.2f}" if cpu else "-"
        met = "yes" if med <= goal else "no"
        if title.startswith("evmeval-score -t"):
            met = "yes" if med <= goal and peak <= 1536 else "no"
            goal_text = f"{goal:g} {unit}, 1.5 GB"
        else:
            goal_text = f"{goal:g} {unit}"
        print(f"{title:<36} {spread + ' ' + unit:>24} {cpu_text:>8} {goal_text:>9} {met:>4} {peak:8.0f} MB{note}"
              f"{'  ' + digest if digest else ''}")
    for line in switch_detail:
        print("  window switches, " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
