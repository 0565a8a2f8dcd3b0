"""CSV exports for spreadsheets: the mapping table, the per-document table and the per-type tables.

Figures are written unrounded, as the core holds them (fractions 0-1), so a spreadsheet can redo any
sum; an undefined figure (0/0, printed `nan` by the published report) is an empty cell.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from evmeval._util.shared_tables import Tables
from evmeval.align import COMBINATIONS
from evmeval.mention.outcomes import mapping_rows
from evmeval.mention.scoring import ScoreResult, TypeRow
from evmeval.model import Mention
from evmeval.report.csv_writer import CsvWriter, number, table

PER_TYPE_TABLES: tuple[tuple[str, str], ...] = (
    ("published_type_realis_mapping", "per_type_published"),
    ("type_mapping", "per_type_by_type_mapping"),
)
"""(value of the `table` column, ScoreResult attribute): names as in the JSON export."""

MAPPING_HEADER = ("doc_id", "combination", "outcome", "dice", "mismatched_attributes",
                  "gold_id", "gold_span", "gold_text", "gold_type", "gold_realis", "gold_line",
                  "system_id", "system_span", "system_text", "system_type", "system_realis", "system_line")


_NO_MENTION: list[object] = ["", "", "", "", "", ""]


def _mention_cells(m: Mention | None) -> list[object]:
    """A mention's id, span, text, type, realis and line; blanks for no mention."""
    if m is None:
        return _NO_MENTION
    return [m.mention_id, m.span_field(), m.text, m.mention_type, m.realis, m.line]


def format_mappings_csv(result: ScoreResult, combinations: Sequence[str] = COMBINATIONS) -> str:
    """The mapping table of every document for each combination (one `combination` column).

    Every gold and every system mention appears exactly once per document and combination.
    """
    return "".join(iter_mappings_csv(result, combinations))


def iter_mappings_csv(result: ScoreResult, combinations: Sequence[str] = COMBINATIONS,
                      tables: Tables | None = None) -> Iterator[str]:
    """`format_mappings_csv` a document at a time (for `evmeval.io.writing.write_atomic`: 50 MB of table
    on a 2000-document corpus never sit in memory at once); `tables`: the mapping rows, shared.

    Each mention's six cells are put in CSV form once per document (by the one CSV writer, so quoting and
    neutralising are its own) and each row is joined from those pieces: the rows of four combinations reuse them, and
    the cells in between (outcome, Dice, attribute names) never need quoting."""
    writer = CsvWriter()
    writer.row(MAPPING_HEADER)
    header = writer.take()
    pieces = CsvWriter()
    no_mention = pieces.line(_NO_MENTION)
    middles: dict[tuple[object, ...], str] = {}  # outcome, Dice, attributes: few distinct ones per corpus
    for doc in result.documents:
        gold_cells = [pieces.line(_mention_cells(m)) for m in doc.gold]
        system_cells = [pieces.line(_mention_cells(m)) for m in doc.system]
        lines = []
        for combination in combinations:
            head = pieces.line([doc.doc_id, combination])
            for row in mapping_rows(doc, combination, tables):
                gold = no_mention if row.gold_index is None else gold_cells[row.gold_index]
                system = no_mention if row.system_index is None else system_cells[row.system_index]
                wrong = row.mismatched_attributes
                key = (row.outcome, row.dice, wrong)
                middle = middles.get(key)
                if middle is None:
                    middle = middles[key] = f"{row.outcome.value},{number(row.dice)},{'+'.join(wrong)}"
                lines.append(f"{head},{middle},{gold},{system}\n")
        yield header + "".join(lines)
        header = ""
    yield header


def format_documents_csv(result: ScoreResult) -> str:
    """One row per scored document: counts, then TP, P, R, F1 for each combination."""
    header = ["doc_id", "in_system", "counted", "num_gold", "num_system"]
    for combination in COMBINATIONS:
        header += [f"{combination}_{k}" for k in ("tp", "precision", "recall", "f1")]
    rows = []
    for doc in result.documents:
        row: list[object] = [doc.doc_id, int(doc.in_system), int(doc.counted), len(doc.gold), len(doc.system)]
        for combination in COMBINATIONS:
            s = doc.scores[combination]
            row += [number(s.tp), number(s.precision), number(s.recall), number(s.f1)]
        rows.append(row)
    return table(header, rows)


def _type_cells(table: str, r: TypeRow) -> list[object]:
    return [table, r.mention_type, number(r.tp), r.num_gold, r.num_system,
            number(r.precision), number(r.recall), number(r.f1)]


def format_per_type_csv(result: ScoreResult) -> str:
    """Both per-type tables, one after the other; the `table` column says which one a row is from.

    `published_type_realis_mapping` is the published report's table (type+realis mapping, gold
    types); `type_mapping` is built from the type mapping over types seen on either side.
    """
    header = ("table", "type", "tp", "num_gold", "num_system", "precision", "recall", "f1")
    rows = [_type_cells(name, r) for name, attr in PER_TYPE_TABLES for r in getattr(result, attr)]
    return table(header, rows)
