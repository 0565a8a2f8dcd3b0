"""The main window's parts, each a small class the window assembles: the welcome page and filter chip,
Open recent, the charts dock and the report export."""
