"""Window modes: what the window is showing (a scored corpus, an agreement study, …) and how.

Each mode implements `base.WindowMode` and talks to the window only through `base.WindowPort`,
never to its widgets; the window (`evmeval_gui.main_window`) assembles the modes.
"""
