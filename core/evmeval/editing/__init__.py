"""Editing annotation with live rescoring, without Qt: pure edit operations (`operations`), spans as
users select them (`spans`), a session holding saved and current annotation and their scores
(`session`), saving rules (`saving`) and documents made from scratch (`scratch`)."""

from evmeval.editing.operations import (
    DocumentEdit,
    MentionRef,
    RelationChange,
    add_mention,
    change_realis,
    change_span,
    change_type,
    delete_mention,
    find_mention,
    fresh_mention_ids,
    join_parts,
    merge_mentions,
    relation_diff,
    separate_parts,
    set_mentions,
    split_mention,
)
from evmeval.editing.saving import BACKUP_SUFFIX, SavedFile, save_tbf
from evmeval.editing.session import DocumentDelta, Edit, EditSession, FigureChange, ScoreDelta, Side
from evmeval.editing.spans import DocumentContext, EditError

__all__ = [
    "BACKUP_SUFFIX", "DocumentContext", "DocumentDelta", "DocumentEdit", "Edit", "EditError", "EditSession",
    "FigureChange", "MentionRef", "RelationChange", "SavedFile", "ScoreDelta", "Side", "add_mention",
    "change_realis", "change_span", "change_type", "delete_mention", "find_mention", "fresh_mention_ids",
    "join_parts", "merge_mentions", "relation_diff", "save_tbf", "separate_parts", "set_mentions", "split_mention",
]
