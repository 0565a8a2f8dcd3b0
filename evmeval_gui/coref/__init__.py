"""Coreference in the window: clusters on the text, the cluster table, scores in the lists and charts."""
