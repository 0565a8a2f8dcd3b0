"""Differential test of `evmeval-score -a` against the published scorer v1.8 (Python 2.7), by hand.

    .venv/bin/python tools/sequencing_differential.py [--corpora 60] [--first-seed 1] [--keep DIR]

Not part of the test suite (it needs Python 2.7, the published scorer and benchmarks/gen_corpus.py).
For each corpus (generated with --sequencing and varied options) both scorers run with the same options;
the reports (-o) and comparison files (-d) must be byte-identical, both must fail where one fails, and
every TimeML file v1.8 writes must hold exactly the links, in the same order, that our
`evmeval.sequencing.links` produces. Prints one line per corpus and a summary; exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from evmeval.io.loading import load_inputs, read_type_whitelist  # noqa: E402
from evmeval.mention.scoring import score_files  # noqa: E402
from evmeval.sequencing.scoring import MAPPING_BY_NUMBER, document_links  # noqa: E402

GENERATOR = REPO / "benchmarks" / "gen_corpus.py"
REFERENCE = Path("/work/ref/EvmEval/scorer_v1.8.py")
PYTHON2 = "/root/.pyenv/versions/2.7.18/bin/python"
TLINK = re.compile(r'<TLINK eventInstanceID="([^"]*)" lid="l0" relType="([^"]*)" relatedToEventInstance="([^"]*)"/>')


def corpus_options(rng: random.Random) -> tuple[list[str], list[str]]:
    """Generator options and scorer options for one corpus, drawn at random."""
    gen = ["--docs", str(rng.randint(2, 25)), "--mentions", str(rng.choice([6, 12, 25, 40, 60, 90])),
           "--mode", rng.choice(["token", "char"])]
    if rng.random() < 0.3:
        gen.append("--edge")
    for rate in ("--seq-reverse-rate", "--seq-extra-rate", "--seq-shortcut-rate", "--seq-coref-swap-rate",
                 "--seq-type-swap-rate", "--seq-miss-rate"):
        if rng.random() < 0.3:
            gen += [rate, str(round(rng.uniform(0.0, 0.6), 2))]
    score: list[str] = []
    if rng.random() < 0.25:
        gen += ["--seq-cycle-rate", str(round(rng.uniform(0.1, 0.8), 2))]
        if rng.random() < 0.7:
            score.append("-nv")
    elif rng.random() < 0.15:
        score.append("-nv")
    if rng.random() < 0.25:
        score += ["-m", str(rng.choice([0, 2, 3]))]
    return gen, score


def extra_options(folder: Path, rng: random.Random) -> list[str]:
    """Sometimes a type white list (-wl, half the gold types) or a single document (-dn)."""
    gold = (folder / "gold.tbf").read_text(encoding="utf-8").splitlines()
    out: list[str] = []
    if rng.random() < 0.2:
        types = sorted({line.split("\t")[5] for line in gold if line and line[0] not in "#@"})
        (folder / "whitelist.txt").write_text("\n".join(types[: max(1, len(types) // 2)]) + "\n")
        out += ["-wl", str(folder / "whitelist.txt")]
    if rng.random() < 0.1:
        out += ["-dn", next(line.split()[1] for line in gold if line.startswith("#BeginOfDocument"))]
    return out


def run_reference(folder: Path, score: list[str], token: bool) -> tuple[int, str]:
    args = [PYTHON2, str(REFERENCE), "-g", str(folder / "gold.tbf"), "-s", str(folder / "system.tbf"),
            "-a", str(folder / "ref_seq"), "-o", str(folder / "ref_scores.txt"),
            "-d", str(folder / "ref_comparison.txt"), *score]
    if token:
        args += ["-t", str(folder / "tkn")]
    done = subprocess.run(args, cwd=REFERENCE.parent, capture_output=True, text=True)
    return done.returncode, done.stderr


def run_ours(folder: Path, score: list[str], token: bool) -> tuple[int, str]:
    args = [str(Path(sys.executable).parent / "evmeval-score"), "-g", str(folder / "gold.tbf"),
            "-s", str(folder / "system.tbf"), "-a", str(folder / "our_seq"), "-o", str(folder / "our_scores.txt"),
            "-d", str(folder / "our_comparison.txt"), *score]
    if token:
        args += ["-t", str(folder / "tkn")]
    done = subprocess.run(args, capture_output=True, text=True)
    return done.returncode, done.stderr


def tlink_differences(folder: Path, score: list[str], token: bool) -> list[str]:
    """Documents whose TimeML links (content and order) differ from ours."""
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "system.tbf"),
                         token_dir=str(folder / "tkn") if token else None)
    whitelist = read_type_whitelist(score[score.index("-wl") + 1]) if "-wl" in score else None
    doc_id = score[score.index("-dn") + 1] if "-dn" in score else None
    result = score_files(inputs.gold, inputs.system, type_whitelist=whitelist, doc_id=doc_id)
    number = int(score[score.index("-m") + 1]) if "-m" in score else 1
    differences = []
    for doc in result.documents:
        links = document_links(doc, inputs.gold, inputs.system, mapping=MAPPING_BY_NUMBER[number],
                               filtered=whitelist is not None)
        for name in ("Subevent", "After", "All"):
            for side_name, side in (("gold", links.gold), ("sys", links.system)):
                tml = folder / "ref_seq" / name / side_name / f"{doc.doc_id}.tml"
                theirs = [(a, b, r) for a, r, b in TLINK.findall(tml.read_text())]
                ours = [(t.source, t.target, t.relation) for t in side.tlinks(name)]
                if theirs != ours:
                    differences.append(f"{doc.doc_id} {name} {side_name}")
    return differences


def shuffle_relations(path: Path, rng: random.Random) -> None:
    """Relation lines of each document in a random order (v1.8's scores depend on it; ours must follow)."""
    out: list[str] = []
    relations: list[str] = []
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.startswith("@"):
            relations.append(line)
            continue
        if line.startswith("#EndOfDocument"):
            rng.shuffle(relations)
            out += relations
            relations = []
        out.append(line)
    path.write_text("\n".join(out + relations), encoding="utf-8")


def check_corpus(folder: Path, seed: int, rng: random.Random, shuffle: bool = False) -> tuple[bool, str]:
    gen, score = corpus_options(rng)
    subprocess.run([sys.executable, str(GENERATOR), "--seed", str(seed), "--sequencing", "--out", str(folder), *gen],
                   check=True, capture_output=True)
    if shuffle:
        for name in ("gold.tbf", "system.tbf"):
            shuffle_relations(folder / name, rng)
    token = "token" in gen
    score += extra_options(folder, rng)
    ref_code, ref_err = run_reference(folder, score, token)
    our_code, our_err = run_ours(folder, score, token)
    label = f"seed {seed} {' '.join(gen)} | {' '.join(score)}"
    if ref_code != 0 or our_code != 0:
        same = (ref_code != 0) == (our_code != 0)
        why = ref_err.strip().splitlines()[-1:] if ref_err.strip() else []
        return same, f"{label}: both fail (v1.8 exit {ref_code}: {why}; ours exit {our_code}: " \
                     f"{our_err.strip().splitlines()[-1:]})" if same else \
            f"{label}: DIFFERENT exit codes v1.8 {ref_code} ours {our_code}\n{ref_err[-500:]}\n{our_err[-500:]}"
    problems = []
    for ref, ours in (("ref_scores.txt", "our_scores.txt"), ("ref_comparison.txt", "our_comparison.txt")):
        if (folder / ref).read_bytes() != (folder / ours).read_bytes():
            problems.append(f"{ours} differs")
    problems += tlink_differences(folder, score, token)
    return not problems, f"{label}: " + ("identical" if not problems else "DIFFERENT " + "; ".join(problems[:5]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpora", type=int, default=60)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--keep", help="keep the corpora in this folder")
    parser.add_argument("--shuffle-relations", action="store_true",
                        help="shuffle the relation lines of every document after generating it")
    args = parser.parse_args()
    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="seqdiff-"))
    rng = random.Random(args.first_seed)
    failures = fails_alike = 0
    for seed in range(args.first_seed, args.first_seed + args.corpora):
        folder = base / f"corpus{seed}"
        shutil.rmtree(folder, ignore_errors=True)
        ok, line = check_corpus(folder, seed, rng, args.shuffle_relations)
        print(line, flush=True)
        failures += not ok
        fails_alike += ok and "both fail" in line
        if ok and not args.keep:
            shutil.rmtree(folder)
    print(f"{args.corpora} corpora: {args.corpora - failures} identical or failing alike "
          f"({fails_alike} failing alike), {failures} different")
    if not args.keep and not failures:
        shutil.rmtree(base)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
