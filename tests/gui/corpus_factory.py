"""A tiny hand-made token-mode corpus in which every outcome of the mapping table occurs once.

doc1 (text file): under `plain`
  E1 attacked            = S1 attacked             exact
  E2 killed (Life_Die)   = S2 killed (Life_Injure)  exact under plain, wrong attribute under type
  S6 guards                                         spurious
  E3 arrested (Actual)   ~ S3 police arrested (Generic)   partial, Dice 2/3
  E4 picked … up         ~ S4 picked                partial, Dice 2/3 (E4 is discontinuous)
                           S5 up                    extra split part
  E5 praised                                        missed
doc2 (text file): one exact match.
doc3 (no text file, not in the system file): one missed gold mention; text rebuilt from tokens.
"""

from __future__ import annotations

from pathlib import Path

DOC1 = ("Rebels attacked the town and killed two guards before police arrested them ;\n"
        "the mayor picked the suspects up and praised the officers .\n")
DOC2 = "Talks were held in Geneva .\n"
DOC3 = "Floods displaced thousands in the valley .\n"

GOLD = """#BeginOfDocument doc1
gold\tdoc1\tE1\tt2\tattacked\tConflict_Attack\tActual
gold\tdoc1\tE2\tt6\tkilled\tLife_Die\tActual
gold\tdoc1\tE3\tt11\tarrested\tJustice_Arrest-Jail\tActual
gold\tdoc1\tE4\tt16,t19\tpicked up\tMovement_Transport-Person\tActual
gold\tdoc1\tE5\tt21\tpraised\tContact_Broadcast\tActual
#EndOfDocument
#BeginOfDocument doc2
gold\tdoc2\tE1\tt1\tTalks\tContact_Meet\tActual
#EndOfDocument
#BeginOfDocument doc3
gold\tdoc3\tE1\tt2\tdisplaced\tMovement_Transport-Person\tActual
#EndOfDocument
"""

SYSTEM = """#BeginOfDocument doc1
sys\tdoc1\tS1\tt2\tattacked\tConflict_Attack\tActual
sys\tdoc1\tS2\tt6\tkilled\tLife_Injure\tActual
sys\tdoc1\tS3\tt10,t11\tpolice arrested\tJustice_Arrest-Jail\tGeneric
sys\tdoc1\tS4\tt16\tpicked\tMovement_Transport-Person\tActual
sys\tdoc1\tS5\tt19\tup\tMovement_Transport-Person\tActual
sys\tdoc1\tS6\tt8\tguards\tLife_Die\tActual
#EndOfDocument
#BeginOfDocument doc2
sys\tdoc2\tS1\tt1\tTalks\tContact_Meet\tActual
#EndOfDocument
"""

SYSTEM_B = """#BeginOfDocument doc1
b\tdoc1\tB1\tt2\tattacked\tConflict_Attack\tActual
#EndOfDocument
#BeginOfDocument doc2
b\tdoc2\tB1\tt1\tTalks\tContact_Meet\tActual
#EndOfDocument
"""


def token_table(text: str) -> str:
    """`t1 word first last` rows (last inclusive) for a whitespace-separated text."""
    rows = []
    pos = 0
    for number, word in enumerate(text.split(), start=1):
        start = text.index(word, pos)
        rows.append(f"t{number}\t{word}\t{start}\t{start + len(word) - 1}")
        pos = start + len(word)
    return "\n".join(rows) + "\n"


def write_corpus(folder: Path) -> Path:
    """Write gold.tbf, system.tbf, system_b.tbf, tkn/ and txt/ (doc3 has no text) into `folder`."""
    (folder / "tkn").mkdir(parents=True)
    (folder / "txt").mkdir()
    for doc_id, text in (("doc1", DOC1), ("doc2", DOC2), ("doc3", DOC3)):
        (folder / "tkn" / f"{doc_id}.tab").write_text(token_table(text), encoding="utf-8")
        if doc_id != "doc3":
            (folder / "txt" / f"{doc_id}.txt").write_text(text, encoding="utf-8")
    (folder / "gold.tbf").write_text(GOLD, encoding="utf-8")
    (folder / "system.tbf").write_text(SYSTEM, encoding="utf-8")
    (folder / "system_b.tbf").write_text(SYSTEM_B, encoding="utf-8")
    return folder
