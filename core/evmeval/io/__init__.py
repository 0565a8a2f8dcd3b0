"""Reading, checking and writing files: tbf, token tables, texts, brat, CoNLL; validation; safe output writing."""
