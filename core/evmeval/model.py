"""Plain, immutable data for everything the scorer reads.

`Token` and `Mention` are NamedTuples rather than dataclasses: a benchmark corpus holds 150k mentions
and 1.4M tokens, and tuple construction is several times cheaper than a frozen dataclass' __init__.
Both are still immutable, typed and named field by field. The containers are frozen dataclasses.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from itertools import repeat
from operator import attrgetter
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, overload

from evmeval._util.kept_unpacked import KeptUnpacked
from evmeval._util.packed_slots import SlotKept, kept_field, packed_slots

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

NOT_ANNOTATED = "notannotated"
"""Canonical form of the gold realis `NOT_ANNOTATED`, which matches any system value."""

MAX_REBUILT_TEXT = 10_000_000
"""The longest text rebuilt from a token table (a real document has some thousands of characters)."""


class SpanMode(str, Enum):
    """How a tbf span field is read: token ids (`t3,t5`) or character offsets (`4,8;13,16`)."""

    TOKEN = "token"
    CHAR = "char"


CANONICAL_CACHE = 4096
"""How many raw spellings `canonical` remembers (a corpus has tens to hundreds of types and realis values)."""


@lru_cache(maxsize=CANONICAL_CACHE)
def canonical(value: str) -> str:
    """Canonical type/realis string, as the published scorer compares them.

    Only ASCII letters and digits are kept, lower-cased (the reference ran on byte strings, so any
    non-ASCII byte was dropped): `Conflict_Attack` == `cONFLICT.attack` == `conflictattack`. Filter
    before lower-casing: some non-ASCII characters lower-case to ASCII (KELVIN SIGN to `k`).
    Remembered: every mention of a type keeps one string, not one each (12 MB of a 4,480-document MAVEN
    corpus kept by the window, issue 34).
    """
    return "".join(c for c in value if c.isascii() and c.isalnum()).lower()


class Token(NamedTuple):
    """One row of a token table; `last` is the index of the token's LAST character (inclusive)."""

    id: str
    text: str
    first: int
    last: int


class Mention(NamedTuple):
    """One tbf mention line, with the raw fields kept for faithful output.

    `span` is the token ids as written (token mode, duplicates kept) or the `(begin, end)` parts with
    `end` exclusive (char mode). `mention_type` / `realis` are canonical; `raw_type` / `raw_realis`
    are as written. `line` is the 1-based line number in its file.
    """

    run_id: str
    doc_id: str
    mention_id: str
    span: tuple
    text: str
    mention_type: str
    realis: str
    raw_type: str
    raw_realis: str
    score: str | None
    line: int

    @property
    def is_token_span(self) -> bool:
        return bool(self.span) and isinstance(self.span[0], str)

    def span_field(self) -> str:
        """The span written back in tbf syntax."""
        if self.is_token_span:
            return ",".join(self.span)
        return ";".join(f"{b},{e}" for b, e in self.span)


NOT_ANNOTATED_RAW = "NOT_ANNOTATED"
"""The realis written for a mention whose format holds none (brat2tbf's; `NOT_ANNOTATED` canonical)."""


def unannotated_mention(run_id: str, doc_id: str, mention_id: str, span: tuple, text: str, raw_type: str,
                        line: int) -> Mention:
    """A mention of a format that holds no realis (TextEE, DyGIE++, MAVEN, MAVEN-ERE): realis
    `NOT_ANNOTATED`, so the window, `evmeval-convert` and the scorer make one mention of it and its
    tbf line is one tbf reads back (an empty realis field is not)."""
    return Mention(run_id, doc_id, mention_id, span, text, canonical(raw_type), NOT_ANNOTATED, raw_type,
                   NOT_ANNOTATED_RAW, None, line)


class Relation(NamedTuple):
    """`@Coreference R1 E2,E3` and the directed `@After` / `@Subevent` lines."""

    kind: str
    relation_id: str
    mention_ids: tuple[str, ...]
    line: int


class RelationTable:
    """The distinct relation kinds, relation ids and member tuples of one tbf file, each once, in the order first
    read: a document's packed relations are indexes into it (a MAVEN-ERE-sized file repeats `After`, `R7` and
    `E3,E7` thousands of times). Only ever appended to, so an index stays valid."""

    __slots__ = ("ids", "kinds", "members")

    def __init__(self) -> None:
        self.kinds: list[str] = []
        self.ids: list[str] = []
        self.members: list[tuple[str, ...]] = []

    def relations(self, fields: Sequence[int], lines: Sequence[int]) -> tuple[Relation, ...]:
        """`Relation` tuples of `fields` (the kind, id and members indexes of each relation, in turn) and their
        `lines` (built by `tuple.__new__`, skipping `Relation._make`'s Python-level call: 2M relations at
        MAVEN-ERE's size)."""
        return tuple(map(tuple.__new__, repeat(Relation), zip(map(self.kinds.__getitem__, fields[0::3]),
                                                              map(self.ids.__getitem__, fields[1::3]),
                                                              map(self.members.__getitem__, fields[2::3]),
                                                              lines, strict=True)))


class PackedRelations:
    """A document's relations as a tbf file is read into memory: three 2- or 4-byte ints a relation (its kind, id and
    members as indexes into the file's `RelationTable`) and their line numbers (a `range` when the relation lines
    follow each other, as they usually do; else 2- or 4-byte ints). A MAVEN-ERE-sized gold has ~275 links a document;
    as `Relation` tuples with their own line numbers they were 60 of the 79 MB the window kept of a 1,000-document
    corpus (issue 34). `Document.relations` gives them back as `Relation` tuples each time it is read (~0.7 us a
    relation), so every reader is unchanged."""

    __slots__ = ("fields", "lines", "table")

    def __init__(self, table: RelationTable, fields: array[int], lines: array[int] | range) -> None:
        self.table, self.fields, self.lines = table, fields, lines

    def __reduce__(self) -> tuple[Any, ...]:
        return tuple, (self.unpack(),)  # pickled as the plain tuple (not the whole file's table)

    def unpack(self) -> tuple[Relation, ...]:
        return self.table.relations(self.fields, self.lines)

    def kinds(self) -> set[str]:
        """The kinds present, looked up in the table (no relation built)."""
        table = self.table.kinds
        return {table[k] for k in set(self.fields[0::3])}


def compact_ints(values: list[int]) -> array[int]:
    """`values` as 2-byte ints when every one fits (a corpus's table of distinct values, its line numbers and
    token numbers mostly do: 3.5 MB of the 7 a MAVEN-ERE-sized corpus's mentions took as 4-byte ints, issue 34),
    else 4-byte ones (OverflowError past those)."""
    if values and min(values) >= -32768 and max(values) <= 32767:
        return array("h", values)
    return array("i", values)


def pack_relations(table: RelationTable, fields: list[int], lines: list[int]) -> PackedRelations | tuple[Relation, ...]:
    """A document's relations (`RelationTable.relations`' arguments, `lines` increasing as read) packed; `()` when
    there are none."""
    if not lines:
        return ()
    first = lines[0]
    try:
        return PackedRelations(table, compact_ints(fields), range(first, first + len(lines))
                               if lines[-1] - first == len(lines) - 1 else compact_ints(lines))
    except OverflowError:  # a line past 2**31: kept as Relation tuples
        return table.relations(fields, lines)


class Unpacks(Protocol[T_co]):
    """A packed field's value: its `unpack()` gives the tuple it stands for."""

    def unpack(self) -> tuple[T_co, ...]: ...


class PackedField(SlotKept, Generic[T]):
    """A field that holds a tuple of `T` or its packed form (`packed`: `PackedMentions`, `PackedRelations`) and
    reads as the tuple either way: `Document.mentions` and `.relations`, a scored document's `gold` and `system`.
    A data descriptor, so the frozen dataclass' `__init__`, `__eq__`, `__hash__`, `__repr__` and
    `dataclasses.replace` go through it and a packed document equals the same document built by hand. `default`:
    what the field defaults to (None: no default, reading it on the class raises AttributeError, so the dataclass
    sees none and `Document(doc_id)` alone stays an error). Kept in the field's slot (`packed_slots`). Hand the
    kept form on with `kept_mentions`."""

    def __init__(self, packed: type[Unpacks[T]], default: tuple[T, ...] | None = None) -> None:
        self.packed, self.default = packed, default
        self._unpack: Callable[[Any], tuple[T, ...]] = packed.unpack

    @overload
    def __get__(self, holder: None, owner: Any) -> tuple[T, ...]: ...

    @overload
    def __get__(self, holder: object, owner: Any) -> tuple[T, ...]: ...

    def __get__(self, holder: object | None, owner: Any) -> tuple[T, ...]:
        if holder is None:
            if self.default is None:
                raise AttributeError(self.name)
            return self.default
        kept = self.kept(holder)
        if type(kept) is self.packed:
            return self._unpack(kept)
        plain: tuple[T, ...] = kept  # not packed: the tuple `__set__` was given
        return plain

    def __set__(self, holder: object, value: Sequence[T] | Unpacks[T]) -> None:
        self.keep(holder, value)


class MentionTable:
    """The distinct values of a corpus's mentions, each once, in the order first packed: a mention's head (its run,
    canonical and raw type and realis, score: a few dozen in a corpus), document id, trigger word, and its span
    when it is not a run of token ids, and a run's token-id prefix (`wnd-3:` of `wnd-3:t7`). Only ever appended
    to, so a code stays valid (issue 34)."""

    __slots__ = ("_codes", "values")

    def __init__(self) -> None:
        self.values: list[Any] = []
        self._codes: dict[Any, int] | None = {}

    def codes(self) -> dict[Any, int]:
        """Each value's place in `values` (made again when `settle` let it go)."""
        codes = self._codes
        if codes is None:
            codes = self._codes = {value: at for at, value in enumerate(self.values)}
        return codes

    def code(self, value: Any) -> int:
        """`value`'s place in `values` (added when new)."""
        codes = self.codes()
        found = codes.get(value)
        if found is None:
            found = codes[value] = len(self.values)
            self.values.append(value)
        return found

    def settle(self) -> None:
        """Let the lookup of values go once a corpus is packed (a dict entry and an int a value: 2 MB of what the
        window kept of a MAVEN-ERE-sized corpus, issue 34); `code` makes it again if ever asked."""
        self._codes = None


FIELDS_A_MENTION = 7
"""A packed mention's ints: head, document id, trigger word, span prefix (-1: the span is a table value), the run's
first token number (or the span's code) and its end, then its line number."""


def _same_kept_once(fields: list[int], count: int) -> list[int]:
    """`count` mentions' `fields` (`FIELDS_A_MENTION` ints a mention) with each column whose ints are all one kept
    once: `[mask, count, those columns' ints, the other columns' ints mention by mention]`, bit k of `mask` set
    when column k is one int (a document's id and line, MAVEN's span prefix and end: 4 of MAVEN's 7 columns,
    2 MB of what the window kept of a 4,480-document corpus, issue 34). `_columns` reads it back."""
    columns = [fields[k::FIELDS_A_MENTION] for k in range(FIELDS_A_MENTION)]
    same = [k for k, column in enumerate(columns) if column.count(column[0]) == count]
    varying = [column for k, column in enumerate(columns) if k not in same]
    return [sum(1 << k for k in same), count, *[columns[k][0] for k in same],
            *[value for row in zip(*varying, strict=True) for value in row]]


def _kept_ints(ints: array[int]) -> bytes:
    """`ints` as one `bytes` object, its type code first (`_read_ints` reads them): an array object and its buffer
    were two blocks and 80 bytes more a document (0.7 MB of a 4,480-document corpus, issue 34)."""
    return ints.typecode.encode() + ints.tobytes()


def _read_ints(kept: bytes) -> memoryview:
    """The ints `_kept_ints` kept."""
    return memoryview(kept)[1:].cast("h" if kept[0] == ord("h") else "i")  # `compact_ints`' two codes


def _column(fields: Sequence[int], k: int) -> Iterable[int]:
    """Column `k` of the mentions `_same_kept_once` packed: their ints, in order."""
    mask, count = fields[0], fields[1]
    same_before = (mask & ((1 << k) - 1)).bit_count()
    if mask >> k & 1:
        return repeat(fields[2 + same_before], count)
    same = mask.bit_count()
    return fields[2 + same + k - same_before::FIELDS_A_MENTION - same]


def _columns(fields: Sequence[int]) -> list[Iterable[int]]:
    """Every column of the mentions `_same_kept_once` packed (`_column`)."""
    return [_column(fields, k) for k in range(FIELDS_A_MENTION)]


def _token_run(span: tuple[Any, ...]) -> tuple[str, int] | None:
    """`(prefix, first)` when `span` is the token ids `<prefix>t<first>`, `<prefix>t<first+1>`, …, as the JSONL
    formats' readers make them (`corpus_formats.token_span`, TextEE's `<window>:t<i>`); else None."""
    if not span or type(span[0]) is not str:
        return None
    prefix, t, number = span[0].rpartition("t")
    if not t or not 0 < len(number) <= 9 or not number.isascii() or not number.isdigit() or str(int(number)) != number:
        return None
    first = int(number)
    if len(span) > 1 and span != tuple([f"{prefix}t{i}" for i in range(first, first + len(span))]):
        return None
    return prefix, first


IDS_SEPARATOR = "\x00"
"""What joins a packed document's mention ids into one string (an id holding it keeps them as a tuple)."""
IDS_PREFIXED = "\x01"
"""Opens a joined string whose first part is the prefix every id shares (an id holding it keeps them as a tuple)."""
SHARED_PREFIX = 4
"""The shortest prefix of a document's ids kept once (TextEE's `<window>:E3` ids repeat their document's name)."""


def joined_ids(ids: Sequence[str]) -> str | tuple[str, ...]:
    """A document's mention ids as one string (`IDS_SEPARATOR` between them; the prefix they all share, when long,
    once first, after `IDS_PREFIXED`; `split_ids` gives them back): a string object and a tuple slot an id were
    10 MB of what the window kept of a MAVEN-ERE-sized corpus, 12 of MAVEN's hex ids, 11 of TextEE's (issue 34).
    A tuple when there are none or an id holds either mark."""
    if not ids or any(IDS_SEPARATOR in i or IDS_PREFIXED in i for i in ids):
        return tuple(ids)
    first, last = min(ids), max(ids)  # the prefix all share is these two's
    cut = 0
    while cut < len(first) and cut < len(last) and first[cut] == last[cut]:
        cut += 1
    if len(ids) < 2 or cut < SHARED_PREFIX:
        return IDS_SEPARATOR.join(ids)
    prefix = first[:cut]
    return IDS_PREFIXED + prefix + IDS_SEPARATOR + IDS_SEPARATOR.join([i[cut:] for i in ids])


def split_ids(kept: str | tuple[str, ...]) -> Sequence[str]:
    """The mention ids `joined_ids` kept, in order."""
    if type(kept) is not str:
        return kept
    if not kept.startswith(IDS_PREFIXED):
        return kept.split(IDS_SEPARATOR)
    prefix, *rest = kept[1:].split(IDS_SEPARATOR)
    return [prefix + i for i in rest]


class PackedMentions:
    """A document's mentions as the window keeps a JSONL corpus: seven 2- or 4-byte ints a mention (`compact_ints`;
    indexes into the corpus's `MentionTable`, a span that is a run of token ids as its prefix and bounds; a column
    the same for every mention kept once, `_same_kept_once`) and the mention ids, one string (`joined_ids`). As
    `Mention` tuples with their token-id strings and span tuples they were most of what the window kept of a
    TextEE corpus (76 MB at 4,480 documents, issue 34). `Document.mentions` gives them back as `Mention` tuples,
    equal to those packed; the last `UNPACKED_KEPT` documents read keep theirs, so a reader that indexes
    `doc.mentions[i]` in a loop builds them once."""

    __slots__ = ("__weakref__", "_plain", "fields", "ids", "table")

    def __init__(self, table: MentionTable, ids: str | tuple[str, ...], fields: bytes) -> None:
        self.table, self.ids, self.fields = table, ids, fields
        self._plain: tuple[Mention, ...] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return tuple, (self.unpack(),)  # pickled as the plain tuple (not the whole corpus's table)

    def __len__(self) -> int:
        return self.ints()[1]

    def ints(self) -> memoryview:
        """The packed ints (`_same_kept_once`'s layout)."""
        return _read_ints(self.fields)

    def unpack(self) -> tuple[Mention, ...]:
        """The mentions as `Mention` tuples (built by `tuple.__new__`, skipping `Mention._make`'s Python call)."""
        plain = self._plain
        if plain is not None:
            return plain
        values, at = self.table.values, self.table.values.__getitem__
        f = _columns(self.ints())
        spans = [values[a] if prefix < 0 else (f"{values[prefix]}t{a}",) if b - a == 1 else  # most are one token
                 tuple([f"{values[prefix]}t{i}" for i in range(a, b)])
                 for prefix, a, b in zip(f[3], f[4], f[5], strict=True)]
        new = tuple.__new__
        ids = split_ids(self.ids)
        made = [new(Mention, (h[0], d, i, s, t, h[1], h[2], h[3], h[4], h[5], n)) for h, d, i, s, t, n in
                zip(map(at, f[0]), map(at, f[1]), ids, spans, map(at, f[2]), f[6], strict=True)]
        plain = tuple(made)
        _keep_unpacked(self, plain)
        return plain


UNPACKED_KEPT = 64
"""How many documents' unpacked mentions are kept (the shown document's views and a loop over its mentions read
them many times; a pass over the corpus reads each once)."""

_kept = KeptUnpacked(UNPACKED_KEPT)
_keep_unpacked = _kept.keep


def pack_mentions(table: MentionTable, mentions: Sequence[Mention], ids: dict[Any, Any] | None = None, *,
                  runs: bool = True) -> PackedMentions | tuple[Mention, ...]:
    """A document's `mentions` packed into `table`; as a tuple when there are none, a line number is past a 4-byte
    int or a value cannot be a key. `ids`: equal mention ids (`joined_ids`) kept once (gold's and the system's of a
    document). `runs`: a span that is a run of token ids kept as its prefix and bounds (TextEE's, a window's own);
    else every span is a table value (MAVEN's, one tuple for every mention of the same tokens: read faster)."""
    if not mentions:
        return tuple(mentions)
    codes, code = table.codes().get, table.code  # a value seen before found without a call (most are)
    fields: list[int] = []
    add = fields.extend
    try:
        for m in mentions:
            head = (m.run_id, m.mention_type, m.realis, m.raw_type, m.raw_realis, m.score)
            span, doc_id, text = m.span, m.doc_id, m.text
            run = _token_run(span) if runs else None
            add((code(head) if (h := codes(head)) is None else h, code(doc_id) if (d := codes(doc_id)) is None else d,
                 code(text) if (t := codes(text)) is None else t,
                 *((-1, code(span), 0) if run is None else (code(run[0]), run[1], run[1] + len(span))), m.line))
        packed = _kept_ints(compact_ints(_same_kept_once(fields, len(mentions))))
    except (OverflowError, TypeError):
        return tuple(mentions)
    joined = joined_ids([m.mention_id for m in mentions])
    return PackedMentions(table, joined if ids is None else ids.setdefault(joined, joined), packed)


_HEAD = {"run_id": 0, "mention_type": 1, "realis": 2, "raw_type": 3, "raw_realis": 4, "score": 5}
"""Where a field of `Mention` is in a packed mention's head (`pack_mentions`)."""


def mention_column(kept: Sequence[Mention] | PackedMentions, name: str) -> list[Any]:
    """Field `name` of every mention of `kept`, in order: of packed mentions read from their heads, without building
    the `Mention` tuples (what a pass over a whole corpus that wants a type per mention reads)."""
    if type(kept) is PackedMentions and kept._plain is None and name in _HEAD:
        values, at = kept.table.values, _HEAD[name]
        return [values[c][at] for c in _column(kept.ints(), 0)]
    return list(map(attrgetter(name), plain_mentions(kept)))


def carries_realis(*sides: Sequence[Mention] | PackedMentions) -> bool:
    """Whether some mention of `sides` has a realis: formats without one (TextEE, DyGIE++, MAVEN, ...) read every
    realis as `NOT_ANNOTATED`, which agrees with anything, so the realis combinations then give exactly the figures
    of their twins without realis (`Combination.without_realis`). Packed mentions are read from their heads."""
    return any(realis != NOT_ANNOTATED for kept in sides for realis in mention_column(kept, "realis"))


KeptMentions = tuple[Mention, ...] | PackedMentions
"""What a mentions field (`PackedField`) holds: a tuple of `Mention`, or a `PackedMentions`."""


def kept_mentions(holder: object, name: str = "mentions") -> KeptMentions:
    """The mentions `holder`'s `PackedField` `name` keeps, as kept (packed or a tuple): handed on without being
    unpacked, and counted with `len`; `holder.<name>` when it has no such field."""
    kept: KeptMentions | None = kept_field(holder, name)
    return getattr(holder, name) if kept is None else kept


def plain_mentions(kept: Sequence[Mention] | PackedMentions) -> tuple[Mention, ...]:
    """`kept` as a tuple of `Mention` (a `PackedMentions` unpacked)."""
    return kept.unpack() if type(kept) is PackedMentions else tuple(kept)  # type: ignore[union-attr, arg-type]


def unknown_among(known: Collection[str], ids: Iterable[str]) -> list[str]:
    """The ids of `ids` not in `known`, in the order given: the one form of the unknown-token-id check
    (scorer, window, editor, a table in memory or read from its file)."""
    return [i for i in ids if i not in known]


@dataclass(frozen=True)
class TokenTable:
    """The tokens of one document, in file order."""

    doc_id: str
    tokens: tuple[Token, ...]
    path: str = ""

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(t.id for t in self.tokens)

    def unknown_ids(self, ids: Iterable[str]) -> list[str]:
        """The ids of `ids` this table lacks, in the order given (`unknown_among`)."""
        return unknown_among(self.ids, ids)

    def index(self) -> dict[str, int]:
        """Position of each token id in the table (first occurrence wins)."""
        out: dict[str, int] = {}
        for i, t in enumerate(self.tokens):
            out.setdefault(t.id, i)
        return out

    def rebuild_text(self) -> str:
        """A text in which every token sits at its own offsets, for documents without a text file.
        A token ending past `MAX_REBUILT_TEXT` (an offset such as 2000000000) is left out of it."""
        tokens = [t for t in self.tokens if t.last < MAX_REBUILT_TEXT]
        if not tokens:
            return ""
        size = max(t.last for t in tokens) + 1
        chars = [" "] * size
        for t in tokens:  # each token's characters laid in one slice (1.25x the loop per character)
            first, piece = t.first, t.text[: t.last - t.first + 1]
            if first < 0:  # the characters before offset 0 are left out
                piece, first = piece[-first:], 0
            piece = piece[: max(0, size - first)]  # and those past the text's end
            chars[first:first + len(piece)] = piece
        return "".join(chars)


@packed_slots
class Document:
    """The mentions and relations of one document in one tbf file."""

    doc_id: str
    mentions: PackedField[Mention] = PackedField(PackedMentions)
    """A tuple of `Mention` (given as one, or packed by the window's JSONL readers: `PackedMentions`)."""
    relations: PackedField[Relation] = PackedField(PackedRelations, ())
    """A tuple of `Relation` (given as one, or packed by the tbf reader: `PackedRelations`)."""
    line: int = 0

    def relation_kinds(self) -> set[str]:
        """The kinds of the document's relations, without building them (which link types a corpus has: the
        window asks it of every document as it loads)."""
        kept: tuple[Relation, ...] | PackedRelations = kept_field(self, "relations")
        return kept.kinds() if type(kept) is PackedRelations else {r.kind for r in kept}  # type: ignore[union-attr]


@dataclass(frozen=True)
class TbfFile:
    """One parsed tbf file: its documents by id (the last one wins when an id repeats, as published)."""

    path: str
    mode: SpanMode
    documents: dict[str, Document] = field(default_factory=dict)

    @property
    def run_name(self) -> str:
        """The file's base name: the comparison file's first column."""
        return os.path.basename(self.path)
