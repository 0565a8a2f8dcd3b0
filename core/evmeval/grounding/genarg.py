"""gen-arg's "nearest the trigger" (raspberryice/gen-arg `find_arg_span`), a named variant of `closest`.

It differs from `closest` (`gap`) in three places, all of them where a candidate overlaps the trigger or is
empty: an occurrence starting before the trigger is `trigger start - occurrence end` away *in absolute value*
(so one overlapping the trigger is as far as it reaches into it, not 0), one starting at or after the trigger
start is `occurrence start - trigger end` away in absolute value (inside the trigger: how far before its end
it starts); an empty string occurs at every token (as an empty list matches every slice), as the empty span
`(i, i)`; and an occurrence as far away as the document is long is never taken. Ties go to the earlier one.
"""

from __future__ import annotations

from collections.abc import Sequence

from evmeval.grounding.rules import Span, occurrences


def genarg_distance(span: Span, trigger: Span) -> int:
    """How far `span` is from `trigger` for gen-arg (both half-open token spans)."""
    if span[0] < trigger[0]:
        return abs(trigger[0] - span[1])
    return abs(span[0] - trigger[1])


def ground_closest_genarg(tokens: Sequence[str], words: Sequence[str], trigger: Span) -> Span | None:
    """The occurrence of `words` in `tokens` nearest `trigger` by `genarg_distance` (ties to the earlier), or
    None when there is none nearer than the document's length."""
    found = occurrences(tokens, words) if words else tuple((i, i) for i in range(len(tokens)))
    best, chosen = len(tokens), None
    for span in found:
        distance = genarg_distance(span, trigger)
        if distance < best:
            best, chosen = distance, span
    return chosen
