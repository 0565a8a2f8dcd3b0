"""`python -m evmeval_gui`: the same as the `evmeval-gui` command."""

from evmeval_gui.entry import main

main()
