"""Outputs: the published text report and comparison file, JSON and CSV."""
