"""The command-line programs: thin shells over the library (parse options, call, print, exit)."""
