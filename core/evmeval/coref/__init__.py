"""Coreference: clusters, the CoNLL metrics (MUC, B³, CEAF, BLANC), v1.8's -c report and its C kernel."""
