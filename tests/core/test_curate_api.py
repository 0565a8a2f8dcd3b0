"""`evmeval.curate` is `evmeval-iaa --curate POLICY --curated OUT.tbf` (the same file, byte for byte), and
accepting one annotator for many items at once is accepting them one by one (set and figures)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import evmeval
import pytest
from evmeval.agreement import curation as cur
from evmeval.agreement.curation_figures import live_agreement, update_agreement

from tests.programs import installed

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
SETS = [str(DEMO / n) for n in ("gold.tbf", "system_a.tbf", "system_b.tbf")]
TOKENS = str(DEMO / "tkn")


@pytest.mark.parametrize("policy", ["majority", "union", "intersection", "base:2"])
def test_curate_writes_what_the_command_writes(tmp_path: Path, policy: str) -> None:
    command = tmp_path / "command.tbf"
    subprocess.run([installed("evmeval-iaa"), *SETS, "-t", TOKENS, "--curate", policy, "--curated", str(command)],
                   capture_output=True, text=True, check=True)
    curation = evmeval.curate(SETS, tokens=TOKENS, policy=policy)
    assert isinstance(curation, evmeval.Curation)
    assert str(curation.policy) == policy and curation.disagreements
    library = tmp_path / "library.tbf"
    evmeval.write_curated(curation, str(library))
    assert library.read_bytes() == command.read_bytes()


def test_curate_names_a_wrong_policy_and_too_few_sets() -> None:
    with pytest.raises(ValueError, match="majority, union, intersection or base:N"):
        evmeval.curate(SETS, tokens=TOKENS, policy="most")
    with pytest.raises(ValueError, match="at least two"):
        evmeval.curate(SETS[:1], tokens=TOKENS)


def test_accept_all_is_accepting_one_by_one_figures_included() -> None:
    curation = evmeval.curate(SETS, tokens=TOKENS)
    chosen = [d for d in curation.disagreements if d.kinds != ("coreference",)][::3]
    assert len({d.doc_id for d in chosen}) > 1
    one_by_one = curation
    for d in chosen:
        one_by_one = cur.accept(one_by_one, d, 2)
    batch = cur.accept_all(curation, chosen, 2)
    assert batch.curated == one_by_one.curated
    assert batch.origin == one_by_one.origin and batch.decisions == one_by_one.decisions
    live = update_agreement(batch, live_agreement(curation), {d.doc_id for d in chosen})
    for mine, fresh in zip(live, cur.annotator_agreement(batch), strict=True):
        assert mine.micro == fresh.micro
