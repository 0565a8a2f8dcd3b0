"""Counts to scores: mention detection (v1.8), per-type tables, the 2015 pilot rules, agreement."""
