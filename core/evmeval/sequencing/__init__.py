"""Event sequencing (@After, @Subevent): v1.8's TimeML-style scoring, its quirks, and our closures."""
