"""A small hand-made token-mode corpus with @After / @Subevent links covering every link outcome.

doc1 (a text file; long enough to wrap, so some links join mentions on different lines):
  gold   E1 attacked ⊃ E2 killed, E1 ⊃ E3 burned (Subevent); E1 → E4 arrived → E5 arrested → E6 visited
         (After); E6 ⊃ E7 praised (Subevent); E8 meeting → E9 announced (After), with E6 and E8 coreferent.
  system the same mentions (S1…S9, no coreference), links: S1 ⊃ S2 (matched), S1 → S4 (matched),
         S1 → S5 (implied by gold's E1 → E4 → E5), S2 → S3 (spurious), S5 → S6 (matched),
         S1 → S6 (redundant: S1 → S5 → S6), S6 ⊃ S7 (matched), S8 → S9 (matched).
  so gold E1 ⊃ E3 and E4 → E5 are missing, and so is E6 → E9 (from the coreference).
doc2: one gold and one system After link, matched. doc3: mentions, no links.
"""

from __future__ import annotations

from pathlib import Path

from tests.gui.corpus_factory import token_table

DOC1 = ("Rebels attacked the town at dawn . They killed two guards and burned the market .\n"
        "Police arrived an hour later and arrested five men .\n"
        "The mayor visited the market the next day and praised the officers .\n"
        "A curfew was announced after the meeting .\n")
DOC2 = "Talks were held in Geneva and a deal was signed .\n"
DOC3 = "Floods displaced thousands in the valley .\n"

MENTIONS1 = (("attacked", "Conflict_Attack"), ("killed", "Life_Die"), ("burned", "Conflict_Attack"),
             ("arrived", "Movement_Transport-Person"), ("arrested", "Justice_Arrest-Jail"),
             ("visited", "Contact_Meet"), ("praised", "Contact_Broadcast"), ("meeting", "Contact_Meet"),
             ("announced", "Contact_Broadcast"))


def _token(text: str, word: str) -> str:
    return f"t{text.split().index(word) + 1}"


def _mentions(doc_id: str, text: str, prefix: str, run: str, mentions) -> list[str]:
    return [f"{run}\t{doc_id}\t{prefix}{n}\t{_token(text, w)}\t{w}\t{t}\tActual"
            for n, (w, t) in enumerate(mentions, start=1)]


GOLD_LINKS1 = ("@Subevent\tR1\tE1,E2", "@Subevent\tR2\tE1,E3", "@After\tR3\tE1,E4", "@After\tR4\tE4,E5",
               "@After\tR5\tE5,E6", "@Subevent\tR6\tE6,E7", "@After\tR7\tE8,E9", "@Coreference\tC1\tE6,E8")
SYSTEM_LINKS1 = ("@Subevent\tR1\tS1,S2", "@After\tR2\tS1,S4", "@After\tR3\tS1,S5", "@After\tR4\tS2,S3",
                 "@After\tR5\tS5,S6", "@After\tR6\tS1,S6", "@Subevent\tR7\tS6,S7", "@After\tR8\tS8,S9")


def gold_tbf() -> str:
    lines = ["#BeginOfDocument doc1", *_mentions("doc1", DOC1, "E", "gold", MENTIONS1), *GOLD_LINKS1,
             "#EndOfDocument", "#BeginOfDocument doc2",
             *_mentions("doc2", DOC2, "E", "gold", (("Talks", "Contact_Meet"), ("signed", "Contact_Meet"))),
             "@After\tR1\tE1,E2", "#EndOfDocument", "#BeginOfDocument doc3",
             *_mentions("doc3", DOC3, "E", "gold", (("displaced", "Movement_Transport-Person"),)),
             "#EndOfDocument"]
    return "\n".join(lines) + "\n"


def system_tbf() -> str:
    lines = ["#BeginOfDocument doc1", *_mentions("doc1", DOC1, "S", "sys", MENTIONS1), *SYSTEM_LINKS1,
             "#EndOfDocument", "#BeginOfDocument doc2",
             *_mentions("doc2", DOC2, "S", "sys", (("Talks", "Contact_Meet"), ("signed", "Contact_Meet"))),
             "@After\tR1\tS1,S2", "#EndOfDocument", "#BeginOfDocument doc3",
             *_mentions("doc3", DOC3, "S", "sys", (("displaced", "Movement_Transport-Person"),)),
             "#EndOfDocument"]
    return "\n".join(lines) + "\n"


def write_sequencing_corpus(folder: Path, *, system: str | None = None) -> Path:
    """Write gold.tbf, system.tbf, tkn/ and txt/ into `folder` (`system`: other system file text)."""
    (folder / "tkn").mkdir(parents=True)
    (folder / "txt").mkdir()
    for doc_id, text in (("doc1", DOC1), ("doc2", DOC2), ("doc3", DOC3)):
        (folder / "tkn" / f"{doc_id}.tab").write_text(token_table(text), encoding="utf-8")
        (folder / "txt" / f"{doc_id}.txt").write_text(text, encoding="utf-8")
    (folder / "gold.tbf").write_text(gold_tbf(), encoding="utf-8")
    (folder / "system.tbf").write_text(system if system is not None else system_tbf(), encoding="utf-8")
    return folder
