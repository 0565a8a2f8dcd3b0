"""Comparing system runs on one gold standard: paired differences, significance tests, cases."""
