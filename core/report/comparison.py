"""The comparison file (`-d`): gold mentions beside their plain-mapping partner, then the rest.

Token mode prints spans as the original id list; character mode prints the expanded character list.
Types and realis print canonicalised. The trailing space after `#EndOfDocument` is the published one.
"""

from __future__ import annotations

from core.metrics.mention import ScoreResult
from core.model import Mention


def _fields(m: Mention) -> str:
    span = ",".join(m.span) if m.is_token_span else ",".join(str(c) for c in m.char_units())
    return f"{m.mention_id}\t{span}\t{m.mention_type}\t{m.realis}\t{m.text}"


def format_comparison(result: ScoreResult, extra_lines: dict[str, list[str]] | None = None) -> str:
    """The whole comparison text, as the published scorer writes it with `-d`; `extra_lines` (per
    document, e.g. the `@coref` lines of `-c`) go just before each document's end line."""
    run = result.run_name
    out: list[str] = []
    for doc in result.documents:
        out.append(f"#BeginOfDocument {doc.doc_id}\n")
        by_gold = doc.mappings["plain"].gold_to_pair()
        mapped_system = set()
        for g_index, g in enumerate(doc.gold):
            pair = by_gold.get(g_index)
            if pair is None:
                out.append(f"{run}\t{_fields(g)}\t|\t-\t-\n")
            else:
                mapped_system.add(pair.system)
                out.append(f"{run}\t{_fields(g)}\t|\t{_fields(doc.system[pair.system])}\t{pair.dice:.2f}\n")
        for s_index, s in enumerate(doc.system):
            if s_index not in mapped_system:
                out.append(f"{run}\t-\t|\t{_fields(s)}\t-\n")
        if extra_lines:
            out.extend(extra_lines.get(doc.doc_id, ()))
        out.append("#EndOfDocument \n")
    return "".join(out)
