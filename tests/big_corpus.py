"""A corpus large enough that a program takes a moment on it: two small documents repeated many times.

Every form the programs read: tbf files (gold, two systems, token mode, with coreference), token
tables, texts, brat .ann files and CoNLL key/response files. Gold and systems cover the same
documents, so a normal run prints no warning (an interrupted one prints exactly one line).
"""

from __future__ import annotations

from pathlib import Path

TEXTS = ("Rebels attacked the town and killed two guards before police arrested them .\n",
         "Talks were held in Geneva and the ministers signed a deal .\n")
"""The two documents' texts (whitespace-separated tokens)."""

MENTIONS = (
    # (word index from 1, word, type, realis) per document; the gold side
    ((2, "attacked", "Conflict_Attack", "Actual"), (6, "killed", "Life_Die", "Actual"),
     (11, "arrested", "Justice_Arrest-Jail", "Actual")),
    ((1, "Talks", "Contact_Meet", "Actual"), (10, "signed", "Transaction_Transfer-Ownership", "Generic")),
)


def _token_rows(text: str) -> list[tuple[int, int]]:
    """(first, last inclusive) character offsets of each whitespace-separated word."""
    rows, pos = [], 0
    for word in text.split():
        start = text.index(word, pos)
        rows.append((start, start + len(word) - 1))
        pos = start + len(word)
    return rows


def _tbf_block(run: str, doc: str, mentions, *, shift_type: bool) -> list[str]:
    lines = [f"#BeginOfDocument {doc}"]
    for k, (token, word, kind, realis) in enumerate(mentions, start=1):
        kind = "Life_Injure" if shift_type and kind == "Life_Die" else kind
        lines.append(f"{run}\t{doc}\tE{k}\tt{token}\t{word}\t{kind}\t{realis}")
    if len(mentions) > 1:
        lines.append(f"@Coreference\tR1\tE1,E{len(mentions)}")
    lines.append("#EndOfDocument")
    return lines


def write_big_corpus(folder: Path, copies: int) -> dict[str, Path]:
    """Write `copies` x 2 documents into `folder`; the paths of what was written, by name."""
    paths = {name: folder / name for name in ("tkn", "txt", "ann")}
    for sub in paths.values():
        sub.mkdir(parents=True)
    gold: list[str] = []
    system: list[str] = []
    system_b: list[str] = []
    key: list[str] = []
    response: list[str] = []
    for copy in range(copies):
        for number, (text, mentions) in enumerate(zip(TEXTS, MENTIONS, strict=True), start=1):
            doc = f"doc{number}_{copy}"
            rows = _token_rows(text)
            (paths["tkn"] / f"{doc}.tab").write_text(
                "".join(f"t{i}\t{w}\t{b}\t{e}\n" for i, (w, (b, e)) in enumerate(zip(text.split(), rows, strict=True),
                                                                                 start=1)), encoding="utf-8")
            (paths["txt"] / f"{doc}.txt").write_text(text, encoding="utf-8")
            ann = []
            for k, (token, word, kind, realis) in enumerate(mentions, start=1):
                first, last = rows[token - 1]
                ann += [f"T{k}\t{kind} {first} {last + 1}\t{word}", f"E{k}\t{kind}:T{k}", f"A{k}\tRealis E{k} {realis}"]
            (paths["ann"] / f"{doc}.ann").write_text("\n".join(ann) + "\n", encoding="utf-8")
            gold += _tbf_block("gold", doc, mentions, shift_type=False)
            system += _tbf_block("sys", doc, mentions[:-1], shift_type=True)
            system_b += _tbf_block("sysb", doc, mentions[1:], shift_type=False)
            ends = (0, len(mentions) - 1)  # the first and last mention corefer in the key
            key += [f"#begin document ({doc}); part 000",
                    *(f"{doc}\t{k}\t{m[1]}\t({0 if k in ends else k})" for k, m in enumerate(mentions)),
                    "#end document"]
            response += [f"#begin document ({doc}); part 000",
                         *(f"{doc}\t{k}\t{m[1]}\t({k})" for k, m in enumerate(mentions)), "#end document"]
    for name, lines in (("gold.tbf", gold), ("system.tbf", system), ("system_b.tbf", system_b),
                        ("key.conll", key), ("response.conll", response)):
        paths[name] = folder / name
        paths[name].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return paths
