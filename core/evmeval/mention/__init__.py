"""Mention scoring: v1.8's Dice-and-greedy figures, outcomes, per-type tables, other schemes, the C kernel."""
