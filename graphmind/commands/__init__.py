"""Command groups of the command line beyond the core commands of cli.py, one module per feature
(`org`: publish and the organisation graph), so that features add commands without growing cli.py.
Part of the command line: may import everything, like cli.py, and only cli.py imports it."""
