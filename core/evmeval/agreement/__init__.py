"""Agreement among annotators (symmetric mapping, kappas, GATE figures) and curation into one set."""
