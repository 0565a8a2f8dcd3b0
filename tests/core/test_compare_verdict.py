"""One verdict for a pair, the paired bootstrap's, said alike by `evmeval-compare`'s text, JSON and HTML.

The bundled demo has 6 documents: its Span-only interval lies left of 0 while the randomization p is
0.06; no report may call that significant, and every report says the test has little power there.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.programs import installed

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def test_the_demo_gets_no_verdict_in_any_report(tmp_path: Path):
    args = [installed("evmeval-compare"), "-g", str(DEMO / "gold.tbf"), "-t", str(DEMO / "tkn"),
            "-s", str(DEMO / "system_a.tbf"), "-s", str(DEMO / "system_b.tbf"), "--resamples", "1000",
            "--json", str(tmp_path / "c.json"), "--html", str(tmp_path / "c.html")]
    done = subprocess.run(args, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    pair_lines = [line for line in done.stdout.splitlines()
                  if line.strip().startswith("system_a  system_b") and "[" in line]
    # the pairs table (F1 of 4 combinations), every figure's table (P, R, F1 of 4 combinations), and the
    # coreference (23 figures) and sequencing (P, R, F1 of Subevent, After, All) tests
    assert len(pair_lines) == 4 + 12 + 23 + 9
    assert all(line.rstrip().endswith("too few documents") for line in pair_lines)
    assert "little power" in done.stdout
    pair = json.loads((tmp_path / "c.json").read_text())["pairs"][0]
    for combination in ("plain", "mention_type", "realis_status", "mention_type+realis_status"):
        assert pair[combination]["verdict"] == "too_few_documents"
        assert pair[combination]["num_documents"] == 6
    page = (tmp_path / "c.html").read_text()
    assert page.count(">too few documents</td>") == 4 + 12 + 23 + 9
    assert 'stroke="#b2182b"' not in page  # no interval drawn in the "worse" colour
