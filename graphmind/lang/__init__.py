"""Import-aware resolution per language family, registered by name for the resolver.

Importing this package registers every language's hooks (graphmind/resolve/hooks.py); the resolver
finds them there by language name and sees no language module. A hook sees the resolver only through
the `Resolving` protocol. May import: the shared top-level modules, graphmind.store and
graphmind.resolve (the hooks protocol, the tables, call-text syntax); never index/, query/, live/ or agent/.
"""
from graphmind.lang import bash, cfamily, csharp, go, java, js, lua, php, ruby, rust, swift  # noqa: F401  (each registers its hooks on import)
