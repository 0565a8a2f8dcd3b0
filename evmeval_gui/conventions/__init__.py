"""Event conventions in the window (TextEE, DyGIE++, MAVEN, BioNLP, CASIE): the Conventions dock, the
threshold dock, arguments on the text and as mapping-table sub-rows (`state`, no Qt)."""
