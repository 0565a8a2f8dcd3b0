"""One large CoNLL coreference document (key and response), deterministic, for `evmeval-conll` timings.

    python benchmarks/gen_conll.py OUT_DIR [--mentions 5000] [--seed 7] [--largest 8]

Writes OUT_DIR/key.conll and OUT_DIR/response.conll: one document, one token per mention (each mention
a one-token `(N)` mark, so the file is as small as the mention count allows). The key groups the mentions
into entities of 1 to `--largest` mentions; the response keeps 90% of the key's mentions, adds 10% of its own,
and regroups them by splitting and merging key entities, so the chains overlap many partners and CEAF's
assignment meets large tangled components, as a real system's output on a long document does.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path


def entities(rng: random.Random, mentions: list[int], largest: int) -> list[list[int]]:
    """The mentions cut into runs of 1 to `largest`, then shuffled between runs (entities are not contiguous)."""
    groups: list[list[int]] = []
    order = mentions[:]
    rng.shuffle(order)
    k = 0
    while k < len(order):
        size = min(rng.randint(1, largest), len(order) - k)
        groups.append(sorted(order[k:k + size]))
        k += size
    return groups


def response_of(rng: random.Random, key: list[list[int]], mentions: int) -> list[list[int]]:
    """Key entities split into pieces and pieces merged across entities; some mentions dropped, some added."""
    pieces: list[list[int]] = []
    for entity in key:
        kept = [m for m in entity if rng.random() < 0.9]
        rng.shuffle(kept)
        while kept:
            size = rng.randint(1, max(1, len(kept)))
            pieces.append(kept[:size])
            kept = kept[size:]
    extra = [m for m in range(mentions, mentions + mentions // 10)]
    for m in extra:
        pieces.append([m])
    rng.shuffle(pieces)
    response: list[list[int]] = []
    k = 0
    while k < len(pieces):
        take = rng.randint(1, 3)
        response.append(sorted(m for piece in pieces[k:k + take] for m in piece))
        k += take
    return response


def write(path: Path, chains: list[list[int]], tokens: int) -> None:
    mark = ["-"] * tokens
    for number, chain in enumerate(chains):
        for m in chain:
            mark[m] = f"({number})"
    lines = ["#begin document (bench); part 000"]
    lines += [f"bench\t0\t{t}\tw{t}\t{mark[t]}" for t in range(tokens)]
    lines.append("#end document")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def generate(out: Path, mentions: int = 5000, seed: int = 7, largest: int = 8) -> tuple[Path, Path]:
    """Write the two files (same bytes for the same arguments) and return their paths."""
    rng = random.Random(seed)
    key = entities(rng, list(range(mentions)), largest)
    response = response_of(rng, key, mentions)
    tokens = mentions + mentions // 10
    out.mkdir(parents=True, exist_ok=True)
    write(out / "key.conll", key, tokens)
    write(out / "response.conll", response, tokens)
    return out / "key.conll", out / "response.conll"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--mentions", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--largest", type=int, default=8, help="largest key entity")
    args = parser.parse_args()
    for path in generate(args.out, args.mentions, args.seed, args.largest):
        print(path)


if __name__ == "__main__":
    main()
