"""Which format a JSONL file's first decoded line is, by its fields: the predicates `detect_format` asks in turn.

They live apart from their readers so that recognising a file imports no reader (issue 37: `--convention maven`
imported every format's reader to ask these); each reader re-exports its own."""

from __future__ import annotations

from typing import Any

REGIMES = ("tc", "sl", "s2s", "mrc")
"""OmniEvent's paradigms: token classification, sequence labelling, seq2seq, machine reading comprehension (how
its prediction lines are read; `evmeval.io.omnievent`)."""
MAVEN_ERE_FIELDS = {"tokens", "coreference", "temporal_relations", "causal_relations", "subevent_relations"}
"""A line with `id` and one of these is MAVEN-ERE's (a submission line may hold any one of them)."""


def is_strings_line(value: Any) -> bool:
    """Whether a decoded line looks like ours (`doc_id` and `events`, no TextEE `event_mentions`)."""
    return isinstance(value, dict) and "doc_id" in value and "events" in value and "event_mentions" not in value


def is_wikievents(value: Any) -> bool:
    return isinstance(value, dict) and "event_mentions" in value and "entity_mentions" in value \
        and "tokens" in value and ("doc_id" in value or "sent_id" in value) and "wnd_id" not in value


def is_generation(value: Any) -> bool:
    return isinstance(value, dict) and "doc_key" in value and "predicted" in value


def is_uie_gold(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("event"), list) and "tokens" in value \
        and "text" in value


def is_uie_record(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("event"), dict) and "string" in value["event"]


def is_rams(value: Any) -> bool:
    """A first line of RAMS's layouts: `doc_key` with `gold_evt_links` or `evt_triggers`, or with
    `predictions` and no `sentences` (DyGIE++'s documents have sentences)."""
    if not isinstance(value, dict) or "doc_key" not in value:
        return False
    return "gold_evt_links" in value or "evt_triggers" in value or ("predictions" in value
                                                                    and "sentences" not in value)


def is_maven_arg(value: Any) -> bool:
    """A first line of the unified gold layout (`id`, `text`, `events`) or of a submission (`id`, `preds`)."""
    return isinstance(value, dict) and "id" in value and ("preds" in value or ("text" in value and "events" in value))


def is_omnievent_prediction(value: Any) -> bool:
    """A first line of our OmniEvent prediction JSONL: `id` and `outputs`."""
    return isinstance(value, dict) and "id" in value and "outputs" in value
