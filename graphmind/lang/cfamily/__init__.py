"""C and C++ resolution (registered for both languages on import)."""
from graphmind.lang.cfamily import hooks  # noqa: F401  (registers the hooks)
