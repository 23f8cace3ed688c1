"""`python -m graphmind`: the same as the `graphmind` command."""
from graphmind.cli import main

if __name__ == "__main__":      # worker processes re-import this module as __mp_main__
    main()
