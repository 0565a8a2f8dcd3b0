"""Plumbing shared by the features: progress and cancel, forking, Ctrl+C, lazy imports, shared tables."""
