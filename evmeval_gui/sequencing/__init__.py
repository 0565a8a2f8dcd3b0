"""Temporal and subevent links in the window: `state` (no Qt) scores them, the link table, the arcs on the
text, the sequencing charts and the summary line; `parts` installs them."""
